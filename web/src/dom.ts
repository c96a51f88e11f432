// The screens' element builder over Preact: h("div.card.red#id", props, ...children)
// makes a virtual node, and `mount` renders nodes into an element, patching what is
// there, so that a screen redrawn at every event keeps its elements (a click or an
// open list survives a redraw).

import { Fragment, h as preact, render, type ComponentChildren, type VNode } from "preact";

export type Node = VNode | string | number | null | undefined | false | Node[];
type Props = Record<string, unknown>;

/** A node from a tag with optional `.class`es and `#id`, properties (`dataset` as
 * data-* attributes) and children. */
export function h(spec: string, props: Props | null = null, ...children: Node[]): VNode {
  const tag = spec.match(/^[a-z0-9]+/)![0];
  const id = spec.match(/#([\w-]+)/)?.[1];
  const classes = Array.from(spec.matchAll(/\.([\w-]+)/g), (m) => m[1]);
  const out: Props = {};
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "dataset") {
      for (const [name, data] of Object.entries(value as Record<string, string>)) {
        out[`data-${name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}`] = data;
      }
    } else out[key] = value;
  }
  const extra = typeof out.class === "string" ? out.class : "";
  const className = [...classes, extra].filter(Boolean).join(" ");
  if (className) out.class = className;
  else delete out.class;
  if (id) out.id = id;
  return preact(tag, out, children as ComponentChildren);
}

/** Renders `children` as the whole content of `el`. */
export function mount(el: Element, ...children: Node[]): void {
  render(preact(Fragment, null, children as ComponentChildren), el);
}

/** A button that copies `text` (a link) to the clipboard, saying whether it did. */
export function copyButton(text: string): VNode {
  return h(
    "button.copy",
    {
      type: "button",
      onclick: (e: Event) => {
        const button = e.currentTarget as HTMLButtonElement;
        navigator.clipboard?.writeText(text).then(
          () => (button.textContent = "Copied"),
          () => (button.textContent = "Select and copy the link"),
        );
      },
    },
    "Copy",
  );
}
