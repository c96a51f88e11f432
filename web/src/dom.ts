// A small element builder: h("div.card.red", { onclick }, child, ...).

type Child = Node | string | number | null | undefined | false | Child[];
type Props = Record<string, unknown>;

/** An element from a tag with optional `.class`es and `#id`, properties and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  spec: K | `${K}${"." | "#"}${string}`,
  props: Props | null = null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const tag = spec.match(/^[a-z0-9]+/)![0];
  const id = spec.match(/#([\w-]+)/)?.[1];
  const classes = Array.from(spec.matchAll(/\.([\w-]+)/g), (m) => m[1]);
  const el = document.createElement(tag as K);
  if (id) el.id = id;
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value as EventListener);
    } else if (key === "class") {
      el.className = [el.className, String(value)].filter(Boolean).join(" ");
    } else if (key === "dataset") {
      Object.assign(el.dataset, value as Record<string, string>);
    } else if (key in el && typeof value !== "string") {
      (el as unknown as Record<string, unknown>)[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

/** Replaces every child of `el`. */
export function mount(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}
