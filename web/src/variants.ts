// The variants as the server describes them (ListVariants): their options, each value's
// rule and line, and the presets of house rules; and the rules a game is played by, in
// words for the table.

import type { VNode } from "preact";
import { client } from "./api.js";
import { h } from "./dom.js";
import type { Preset, Variant, VariantOption } from "./gen/fenpai/rpc/v1/game_service_pb.js";

let known: Variant[] = [];

/** Asks the server for its variants once; an older server without ListVariants leaves
 * the list empty (the lobby then offers the variants without options). */
export async function loadVariants(): Promise<void> {
  try {
    known = (await client.listVariants({})).variants;
  } catch {
    known = [];
  }
}

export function variants(): Variant[] {
  return known;
}

export function variantInfo(id: string): Variant | undefined {
  return known.find((v) => v.id === id);
}

/** An option's name for people: "follow_protect" -> "Follow protect". */
export function optionLabel(name: string): string {
  const words = name.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What `value` (JSON text) of `option` means: the line of the value offered, else the text. */
export function valueAbout(option: VariantOption, value: string): string {
  return option.values.find((v) => sameValue(v.value, value))?.about ?? value;
}

/** Two option values as JSON text, compared as values (`4` and ` 4`, `"A"` and `"A"`). */
export function sameValue(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return a === b;
  }
}

/** The house rules `options` sets away from their defaults (option name -> JSON text). */
function houseRulesSet(variant: Variant, options: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of variant.options) {
    const value = options[o.name];
    if (o.houseRule && value !== undefined && !sameValue(value, o.defaultValue)) out[o.name] = value;
  }
  return out;
}

/** The preset whose house rules are exactly those of `options`, if one is. */
export function presetOf(variant: Variant, options: Record<string, string>): Preset | undefined {
  const set = houseRulesSet(variant, options);
  return variant.presets.find((p) => {
    const names = Object.keys(p.options);
    return names.length === Object.keys(set).length && names.every((n) => set[n] !== undefined && sameValue(set[n], p.options[n]));
  });
}

/** The options a game plays by that differ from the defaults, as (option, value line,
 * rule) for people; the variant's options the server does not offer as a list (the
 * teams' levels) are left out. */
function changedRules(variant: Variant, options: Record<string, string>): { option: VariantOption; about: string; rule: string }[] {
  return variant.options.flatMap((o) => {
    const value = options[o.name];
    if (value === undefined || !o.values.length || sameValue(value, o.defaultValue)) return [];
    const offered = o.values.find((v) => sameValue(v.value, value));
    return [{ option: o, about: offered?.about ?? value, rule: offered?.rule ?? o.rules.join(", ") }];
  });
}

/** The rules of the game on the table: the preset's name (or "Own house rules") and,
 * opened, each option away from its default with its line and rule; every player sees
 * the same, as the options are public. */
export function rulesBox(variantId: string, options: Record<string, string>): VNode | null {
  const variant = variantInfo(variantId);
  if (!variant) return null;
  const preset = presetOf(variant, options);
  const changed = changedRules(variant, options);
  const name = preset ? preset.name : "Own house rules";
  return h(
    "details.house-rules#house-rules",
    null,
    h("summary", null, h("span.muted", null, "Rules: "), h("span.rules-name", null, name)),
    changed.length
      ? h(
          "ul.rule-list",
          null,
          changed.map((c) => h("li", { dataset: { option: c.option.name } }, h("b", null, `${optionLabel(c.option.name)}: `), c.about, h("span.rule-id", null, ` ${c.rule}`))),
        )
      : h("p.muted", null, preset?.about ?? "Every option at its default."),
  );
}
