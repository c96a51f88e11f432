// Words the screens share: variant and seat names, what an event did, what a phase asks.

import { SUIT_NAME, SUIT_SYMBOL, actionText, cardsOf, sameCards, withSymbols } from "./cards.js";
import { EventKind, type Event, type HandView, type View } from "./gen/fenpai/rpc/v1/game_service_pb.js";

export const VARIANTS: Record<string, string> = {
  tractor: "Tractor (升级)",
  red_five_4p: "Red Five, 4 players (红五)",
  red_five_5p: "Red Five, 5 players (找朋友)",
  fifty_k: "Fifty-K (五十K)",
  finding_friends: "Finding Friends (找朋友)",
};

export function variantName(variant: string): string {
  return VARIANTS[variant] ?? variant;
}

/** The names the players of the table on screen chose, by seat ("" for none). */
let names: string[] = [];

/** Takes the seats' names of the game on screen (from its public summary). */
export function setSeatNames(seats: { name: string }[]): void {
  names = seats.map((s) => s.name);
}

export function seatName(seat: number, me: number | null): string {
  return seat === me ? "You" : names[seat] || `Seat ${seat}`;
}

/** The service's rule for a name (JoinGameRequest.name), checked before sending: what is
 * wrong with `name`, or null. */
export function nameProblem(name: string): string | null {
  const text = name.trim().split(/\s+/).join(" ");
  if (!text) return null; // no name: the seat's number
  if ([...text].length > 20) return "A name is at most 20 characters.";
  if (!/^[\p{L}\p{N} _.'-]+$/u.test(text)) return "A name holds letters, digits, spaces and _ - . ' only.";
  if (/(?<![A-Za-z0-9])(?:[2-9TJQKA][shcd]|10[shcd]|BJ|LJ)(?![A-Za-z0-9])/i.test(text)) return "A name may not look like a card (such as 5h or BJ).";
  return null;
}

const PHASES: Record<string, string> = {
  deal: "dealing",
  bid: "bidding",
  trump: "choosing trump",
  kitty: "burying the kitty",
  friend: "calling a friend",
  play: "playing",
  done: "hand over",
};

/** The phase in words; `kittyStage` "steal" (Tractor's kitty theft, TRO-112) is the kitty
 * phase's round of chances to steal it. */
export function phaseName(phase: string, kittyStage = ""): string {
  if (phase === "kitty" && kittyStage === "steal") return "stealing the kitty";
  return PHASES[phase] ?? phase;
}

/** FKO-42: what Fifty-K's deal waits for under a tribute: "tribute" (FKO-44), "return"
 * (FKO-46), or "" for nothing. */
export function tributeDue(hv: HandView | undefined): string {
  return hv?.facts.case === "fiftyK" ? (hv.facts.value.tribute?.due ?? "") : "";
}

/** What the seat to act is asked, as a prompt for the viewer; `stage`: the kitty phase's
 * (TRO-112: "steal") or the tribute's, which ends Fifty-K's deal (FKO-42). */
export function prompt(phase: string, variant: string, buryCount: number, stage = ""): string {
  if (stage === "tribute") return "Give your highest card as tribute";
  if (stage === "return") return "Return a card for the tribute";
  switch (phase) {
    case "deal":
      return variant === "tractor" || variant === "red_five_5p" || variant === "finding_friends"
        ? "Declare a trump by showing cards, or pass"
        : "Dealing";
    case "bid":
      return "Bid or pass";
    case "trump":
      return "Choose the trump suit";
    case "kitty":
      return stage === "steal" ? "Steal the kitty with a stronger declaration, or pass" : `Select ${buryCount} cards to bury`;
    case "friend":
      return "Call your friend's card, or play alone";
    case "play":
      return variant === "fifty_k" ? "Play a combination that beats the top, or pass" : "Play";
    default:
      return "";
  }
}

/** One line for an event: "Seat 2 played 5♥ 5♥ (timed out)". */
export function describe(event: Event, me: number | null): string {
  const who = seatName(event.seat, me);
  const how = event.timeout ? " (timed out)" : "";
  switch (event.kind) {
    case EventKind.JOIN:
      return `${who} joined`;
    case EventKind.RESIGN:
      return `${who} resigned`;
    case EventKind.HAND_START:
      return `Hand ${event.hand} dealt`;
    case EventKind.HAND_END:
      return `Hand ${event.hand} over`;
    case EventKind.MATCH_END:
      return "The match is over";
    default:
      break;
  }
  const [verb, ...rest] = event.action.split(" ");
  const past: Record<string, string> = {
    play: "played",
    bid: "bid",
    pass: "passed",
    trump: "named trump",
    declare: "declared",
    bury: "buried",
    call: "called",
    tribute: "gave as tribute",
    return: "returned",
  };
  if (verb === "return" && event.redacted) return `${who} returned a card for the tribute${how}`;
  if (verb === "bury" && event.redacted) return `${who} buried the kitty${how}`;
  if (verb === "bury") return `${who} buried ${cardsOf(rest).length} cards: ${actionText(rest.join(" "))}${how}`;
  if (verb === "trump") return `${who} chose ${SUIT_SYMBOL[rest[0]]} ${SUIT_NAME[rest[0]]}${how}`;
  if (verb === "call" && rest[0] === "solo") return `${who} plays alone${how}`;
  return `${who} ${past[verb] ?? verb} ${actionText(rest.join(" "))}`.trim() + how;
}

/** A throw that failed (C-51): who, what was attempted and played instead, the penalty. */
export interface FailedThrowFact {
  seat: number;
  attempted: string[];
  forced: string[];
  text: string;
  rule: string;
}

/** A lead that failed as a throw: the cards actually played, which the engine found
 * beatable, and the penalty; never the cards that would have beaten it, which stay in
 * their holders' hands. Null when `event` is not that throw. */
function failedThrowLine(event: Event, failed: FailedThrowFact | undefined, me: number | null): string | null {
  if (!failed || failed.seat !== event.seat || !event.action.startsWith("play ")) return null;
  if (!sameCards(cardsOf(event.action.slice(5)), failed.attempted)) return null;
  const played = actionText(failed.forced.join(" "));
  const how = event.timeout ? " (timed out)" : "";
  const penalty = failed.text ? `; ${withSymbols(failed.text)}` : "";
  return `${seatName(event.seat, me)} played ${played}: a throw that failed (C-51), as another hand beats it${penalty} (${failed.rule})${how}`;
}

/** The failed throws of the hand under way, in order, from a view's JSON (its tricks',
 * then the trick's under way). */
export function failedThrowsOf(viewJson: string): FailedThrowFact[] {
  type Raw = { seat: number; attempted: string; forced: string; penalty?: { rule?: string; text?: string } } | null | undefined;
  let data: { tricks?: { failed_throw?: Raw }[]; failed_throw?: Raw };
  try {
    data = JSON.parse(viewJson || "{}");
  } catch {
    return [];
  }
  const raws: Raw[] = [...(data.tricks ?? []).map((t) => t.failed_throw), data.failed_throw];
  const out: FailedThrowFact[] = [];
  for (const f of raws) {
    if (!f) continue;
    const fact = { seat: f.seat, attempted: cardsOf(f.attempted), forced: cardsOf(f.forced), text: f.penalty?.text ?? "", rule: f.penalty?.rule ?? "" };
    if (!out.some((o) => o.seat === fact.seat && sameCards(o.attempted, fact.attempted) && o.text === fact.text)) out.push(fact);
  }
  return out;
}

/** The event's line in a table's log, or null for a deal question passed (every
 * receiver is asked at each card: the passes say nothing). */
export function logLine(event: Event, after: View | undefined, me: number | null): string | null {
  if (event.action === "pass" && after?.phase === "deal") return null;
  const failed = after?.handView?.failedThrow;
  const fact = failed ? { seat: failed.seat, attempted: failed.attempted, forced: failed.forced, text: failed.text, rule: failed.rule } : undefined;
  return failedThrowLine(event, fact, me) ?? describe(event, me);
}

/** The log's lines of a game's history as the server keeps it (the page's reload
 * loses nothing): every event but the deal's passes, which are questions asked at
 * each card before the first burial (Tractor, Red Five 5p). */
export function historyLines(events: Event[], variant: string, me: number | null, failed: FailedThrowFact[] = []): string[] {
  const dealAsks = variant === "tractor" || variant === "red_five_5p" || variant === "finding_friends";
  let dealing = dealAsks;
  const out: string[] = [];
  // The hand under way's failed throws (`failed`, in order) are its last ones.
  const start = events.map((e) => e.kind).lastIndexOf(EventKind.HAND_START);
  const pending = [...failed];
  events.forEach((event, i) => {
    if (event.kind === EventKind.HAND_START) dealing = dealAsks;
    if (event.action.startsWith("bury")) dealing = false;
    if (dealing && event.action === "pass") return;
    const line = i > start && pending.length ? failedThrowLine(event, pending[0], me) : null;
    if (line) pending.shift();
    out.push(line ?? describe(event, me));
  });
  return out;
}
