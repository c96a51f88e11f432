// Cards as the service writes them (C-1): rank then suit ("5h", "Ts"), or "BJ", "LJ";
// how they look (suit symbols, red or black), and which are trump (C-11, C-12).

import type { VNode } from "preact";
import { h } from "./dom.js";

export const SUIT_SYMBOL: Record<string, string> = { s: "♠", h: "♥", c: "♣", d: "♦" };
export const SUIT_NAME: Record<string, string> = {
  s: "spades",
  h: "hearts",
  c: "clubs",
  d: "diamonds",
};
const RED_SUITS = new Set(["h", "d"]);
/** The other suit of a suit's colour (C-11: 副参谋). */
const PARTNER: Record<string, string> = { s: "c", c: "s", h: "d", d: "h" };

export function cardsOf(text: string | string[]): string[] {
  if (Array.isArray(text)) return text;
  return text.split(/\s+/).filter(Boolean);
}

export function rank(card: string): string {
  return card.length === 2 && !isJoker(card) ? card[0] : card;
}

export function suit(card: string): string | null {
  return isJoker(card) ? null : card[1];
}

export function isJoker(card: string): boolean {
  return card === "BJ" || card === "LJ";
}

export function isRed(card: string): boolean {
  return card === "BJ" || RED_SUITS.has(card[1]);
}

/** "10" for T, the rest as they are. */
export function rankText(card: string): string {
  if (card === "BJ" || card === "LJ") return "JOKER";
  return card[0] === "T" ? "10" : card[0];
}

/** Plain text with suit symbols: "5♥ 5♥", "big joker". */
export function cardText(card: string): string {
  if (card === "BJ") return "big joker";
  if (card === "LJ") return "little joker";
  return rankText(card) + SUIT_SYMBOL[card[1]];
}

export function cardsText(cards: string | string[]): string {
  return cardsOf(cards).map(cardText).join(" ");
}

const CARD_WORD = /(?<![A-Za-z0-9])(?:[2-9TJQKA][shcd]|BJ|LJ)(?![A-Za-z0-9])/g;

/** A message with every card in it as symbols: "4♠ (single) does not beat 6♣". */
export function withSymbols(text: string): string {
  return text.replace(CARD_WORD, cardText);
}

/** Action text with its cards as symbols: "play 5♥ 5♥". */
export function actionText(action: string): string {
  return withSymbols(action);
}

/** What decides trump in a hand: the variant, the trump suit (none: not yet known or
 * no-trump) and the level rank. */
export interface TrumpRules {
  variant: string;
  trump: string;
  level: string;
}

/** Whether `card` is a trump (C-11 for the Red Five family, C-12 for Tractor; Fifty-K
 * has none). Before the trump suit is known, only the cards trump whatever it is. */
export function isTrump(card: string, rules: TrumpRules): boolean {
  const { variant, trump, level } = rules;
  if (variant === "fifty_k") return false;
  if (isJoker(card)) return true;
  const r = card[0];
  const s = card[1];
  // Tractor's and Finding Friends' (FF-30: Tractor's play): the level cards and the trump suit.
  if (variant === "tractor" || variant === "finding_friends") return (level !== "" && r === level) || s === trump;
  // Red Five 4p and 5p: 5h, the 3s of the trump suit's colour, every 2, the trump suit.
  if (card === "5h" || r === "2") return true;
  if (trump === "") return false;
  return s === trump || (r === "3" && s === PARTNER[trump]);
}

export interface CardOptions {
  trump?: boolean;
  /** Taken up from the kitty (the declarer burying). */
  fromKitty?: boolean;
  legal?: boolean;
  selected?: boolean;
  small?: boolean;
  onclick?: (ev: MouseEvent) => void;
  /** The card's place in the hand (keyboard focus moves between places). */
  index?: number;
  /** Whether keyboard focus rests on this card (the hand's one tab stop). */
  tabStop?: boolean;
}

/** A card named for a screen reader: "2 of clubs", "big joker". */
export function cardName(card: string): string {
  if (card === "BJ") return "big joker";
  if (card === "LJ") return "little joker";
  return `${rankText(card)} of ${SUIT_NAME[card[1]]}`;
}

/** One card face: corner rank and suit, the suit large in the middle. */
export function cardFace(card: string, opts: CardOptions = {}): VNode {
  const joker = isJoker(card);
  const classes = [
    "card",
    isRed(card) ? "red" : "black",
    joker ? "joker" : "",
    opts.trump ? "trump" : "",
    opts.legal === false ? "dim" : "",
    opts.legal ? "legal" : "",
    opts.selected ? "selected" : "",
    opts.small ? "small" : "",
    opts.fromKitty ? "from-kitty" : "",
  ].filter(Boolean);
  const pip = joker ? (card === "BJ" ? "★" : "☆") : SUIT_SYMBOL[card[1]];
  const tag = opts.onclick ? "button" : "div";
  const el = h(
    tag as "div",
    {
      class: classes.join(" "),
      title: cardText(card) + (opts.trump ? " (trump)" : "") + (opts.fromKitty ? " (from the kitty)" : ""),
      "aria-label": [cardName(card), opts.trump ? "trump" : "", opts.fromKitty ? "from the kitty" : "", opts.legal === false ? "not playable now" : ""].filter(Boolean).join(", "),
      dataset: opts.index !== undefined ? { card, index: String(opts.index) } : { card },
      tabindex: opts.onclick && opts.tabStop !== undefined ? (opts.tabStop ? 0 : -1) : undefined,
      onclick: opts.onclick,
      "aria-pressed": opts.onclick ? String(Boolean(opts.selected)) : undefined,
      type: opts.onclick ? "button" : undefined,
    },
    h("span.corner", null, h("span.rank", null, rankText(card)), h("span.pip", null, joker ? "" : pip)),
    h("span.center", null, pip),
    opts.trump ? h("span.trump-mark", { "aria-hidden": "true" }, "主") : null,
    opts.fromKitty ? h("span.kitty-mark", { "aria-hidden": "true" }, "底") : null,
  );
  return el;
}

/** A face-down card (another seat's), with how many the seat holds. */
export function cardBacks(count: number): VNode {
  return h(
    "div.backs",
    { title: `${count} cards`, "aria-label": `${count} cards` },
    h("div.card.back.small"),
    h("span.count", null, String(count)),
  );
}

/** Whether the multiset `small` is within `big`. */
export function within(small: string[], big: string[]): boolean {
  const pool = new Map<string, number>();
  for (const c of big) pool.set(c, (pool.get(c) ?? 0) + 1);
  for (const c of small) {
    const n = pool.get(c) ?? 0;
    if (n === 0) return false;
    pool.set(c, n - 1);
  }
  return true;
}

export function sameCards(a: string[], b: string[]): boolean {
  return a.length === b.length && within(a, b);
}
