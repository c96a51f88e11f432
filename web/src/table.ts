// The table as one viewer sees it at one version: the seats around the felt with their
// plays in the trick under way, the public facts (trump, declarer, friend, points, the
// last trick, the match), the timers, and the hand's and the match's summaries. Built
// from the service's typed view alone, so it shows nothing the view does not hold.

import type { VNode } from "preact";
import { SUIT_NAME, SUIT_SYMBOL, cardBacks, cardFace, cardsOf, cardsText, isTrump, withSymbols } from "./cards.js";
import type { TrumpRules } from "./cards.js";
import { h } from "./dom.js";
import {
  GameStatus,
  SeatKind,
  type FiftyKTribute,
  type Game,
  type HandResult,
  type HandView,
  type MatchStanding,
  type Top,
  type Trick,
  type View,
} from "./gen/fenpai/rpc/v1/game_service_pb.js";
import { phaseName, seatName, setSeatNames, tributeDue, variantName } from "./words.js";
import { rulesBox } from "./variants.js";

/** What one screen shows: the game, the view, whose view it is and the recent events. */
export interface TableState {
  game: Game;
  view: View;
  /** The viewing seat (at the bottom of the table); null for a spectator. */
  me: number | null;
  /** Whether the viewing seat is the viewer's own ("You"); a replay's is not. */
  you?: boolean;
  /** Recent events, newest last, as lines. */
  log: string[];
}

/** The seat named "You" in the state's texts, if any. */
function yours(state: TableState): number | null {
  return state.you === false ? null : state.me;
}

/** The public facts of a hand, whatever the variant. */
export interface Facts {
  trump: string;
  level: string;
  noTrump: boolean;
  declarer?: number;
  /** TRO-112: who holds the kitty under kitty theft (the dealer, or the last stealer). */
  kittyHolder?: number;
  /** TRO-112: the kitty phase's stage under kitty theft ("bury", "steal"), else "". */
  kittyStage: string;
  friend?: number;
  call: string;
  solo: boolean;
  bid?: number;
  levels: string[];
  top?: Top;
  passed: number[];
  finished: number[];
}

export function factsOf(hv: HandView): Facts {
  const out: Facts = { trump: "", level: "", noTrump: false, kittyStage: "", call: "", solo: false, levels: [], passed: [], finished: [] };
  const f = hv.facts;
  switch (f.case) {
    case "tractor":
      return { ...out, trump: f.value.trump, level: f.value.level, noTrump: f.value.noTrump, declarer: f.value.declarer ?? f.value.dealer, kittyHolder: f.value.kittyHolder, kittyStage: f.value.kittyStage, levels: f.value.levels };
    case "redFive4p":
      return { ...out, trump: f.value.trump, level: f.value.level, declarer: f.value.declarer, bid: f.value.bid };
    case "redFive5p":
      return { ...out, trump: f.value.trump, level: f.value.level, declarer: f.value.declarer, friend: f.value.friendSeat, call: f.value.call, solo: f.value.solo };
    case "fiftyK":
      return { ...out, top: f.value.top, passed: f.value.passed, finished: f.value.finished };
    case "findingFriends": {
      // FF-22, FF-31: the calls, and the friends only as the play revealed them.
      const calls = f.value.friendCalls.map((c) => c.call).join(", ");
      return { ...out, trump: f.value.trump, level: f.value.level, noTrump: f.value.noTrump, declarer: f.value.declarer ?? f.value.dealer, levels: f.value.levels, call: calls };
    }
    default:
      return out;
  }
}

export function trumpRules(hv: HandView): TrumpRules {
  const f = factsOf(hv);
  return { variant: hv.variant, trump: f.trump, level: f.level || (hv.variant === "tractor" ? "" : "2") };
}

/** The fixed partnerships: Tractor's and four-player Fifty-K's seats 0 & 2 and 1 & 3. */
export function teams(variant: string, n: number): number[][] | null {
  if (variant === "tractor") return [[0, 2], [1, 3]];
  // FK-1, FKO-23: with an even number of players, the even seats against the odd ones.
  if (variant === "fifty_k" && n % 2 === 0) {
    const seats = Array.from({ length: n }, (_, s) => s);
    return [seats.filter((s) => s % 2 === 0), seats.filter((s) => s % 2 === 1)];
  }
  return null;
}

/** Where a seat sits around the table, the viewer at the bottom and play going
 * counter-clockwise (the next seat on the right). */
function position(seat: number, me: number | null, n: number): string {
  const r = (seat - (me ?? 0) + n) % n;
  const layouts: Record<number, string[]> = {
    3: ["bottom", "right", "left"],
    4: ["bottom", "right", "top", "left"],
    5: ["bottom", "right", "top-right", "top-left", "left"],
    6: ["bottom", "right", "top-right", "top", "top-left", "left"],
    7: ["bottom", "right", "right-high", "top-right", "top-left", "left-high", "left"],
    8: ["bottom", "right", "right-high", "top-right", "top", "top-left", "left-high", "left"],
  };
  return (layouts[n] ?? layouts[4])[r];
}

function seatLabel(game: Game, seat: number, me: number | null, you: number | null): string {
  const s = game.seats[seat];
  if (seat === you) return s?.name ? `You (${s.name})` : "You";
  const viewed = seat === me ? " (this view)" : "";
  if (s?.kind === SeatKind.BOT) return `Seat ${seat} · ${s.bot} bot${viewed}`;
  if (s?.kind === SeatKind.OPEN) return `Seat ${seat} · open`;
  return s?.name ? `${s.name} · seat ${seat}${viewed}` : `Seat ${seat}${viewed}`;
}

/** A seat's label where a seat is narrow (a phone's): its player's name, else the seat. */
function shortSeatLabel(game: Game, seat: number, you: number | null): string {
  const s = game.seats[seat];
  if (seat === you) return "You";
  return s?.kind !== SeatKind.BOT && s?.name ? s.name : `Seat ${seat}`;
}

/** The deadline of the view's decision timer, in ms since the epoch, for the timers'
 * `data-deadline`. */
export function deadlineMs(view: View): number | null {
  const d = view.deadline;
  return d ? Number(d.seconds) * 1000 + Math.floor(d.nanos / 1e6) : null;
}

/** A timer's text: seconds left, minutes and seconds past 99. */
function timerText(deadline: number, now: number): string {
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  return left < 100 ? `${left}s` : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

/** Updates every timer on the page between redraws (called a few times a second). */
export function tickTimers(): void {
  const now = Date.now();
  for (const el of document.querySelectorAll<HTMLElement>("[data-deadline]")) {
    const deadline = Number(el.dataset.deadline);
    el.textContent = timerText(deadline, now);
    el.classList.toggle("urgent", deadline - now <= 5000);
  }
}

export function timerAt(deadline: number, big = false): VNode {
  return h("span.timer", { class: big ? "big" : "", role: "timer", "aria-label": "time left", dataset: { deadline: String(deadline) } }, timerText(deadline, Date.now()));
}

function timer(view: View): VNode | null {
  const ms = deadlineMs(view);
  return ms === null ? null : timerAt(ms);
}

/** A seat's badge: its words, and a short form that a narrow seat shows instead (a
 * phone's seat holding "Dealer 庄" and "lead" at once); the title says what it means. */
function badge(kind: string, meaning: string, words: string, short: string): VNode {
  return h(
    `span.badge.${kind}`,
    { title: meaning, "aria-label": words },
    h("span.long", { "aria-hidden": "true" }, words),
    h("span.short", { "aria-hidden": "true" }, short),
  );
}

function badges(hv: HandView, seat: number, facts: Facts): VNode[] {
  const out: VNode[] = [];
  if (facts.declarer === seat) {
    const words = hv.variant === "tractor" ? "Dealer 庄" : "Declarer 庄";
    out.push(badge("declarer", "the declarer", words, "庄"));
  }
  if (facts.friend === seat) out.push(badge("friend", "the declarer's friend", "Friend 朋友", "友"));
  if (hv.trick[0]?.seat === seat) out.push(badge("lead", "led the trick under way", "lead", "lead"));
  if (facts.passed.includes(seat)) out.push(badge("passed", "passed this round", "passed", "pass"));
  const out_at = facts.finished.indexOf(seat);
  if (out_at >= 0) out.push(badge("finished", `went out ${out_at + 1}${["st", "nd", "rd"][out_at] ?? "th"}`, `out #${out_at + 1}`, `#${out_at + 1}`));
  return out;
}

/** The cards a seat has put on the table in the trick (Fifty-K: round) under way: its
 * latest play. */
function playOf(hv: HandView, seat: number): string[] | null {
  for (let i = hv.trick.length - 1; i >= 0; i--) {
    if (hv.trick[i].seat === seat) return hv.trick[i].cards;
  }
  return null;
}

function cardRow(cards: string[], rules: TrumpRules, small = true): VNode {
  return h("div.cards", { style: `--n: ${cards.length}` }, cards.map((c) => cardFace(c, { small, trump: isTrump(c, rules) })));
}

function seatPanel(state: TableState, seat: number, facts: Facts, rules: TrumpRules): VNode {
  const { game, view, me } = state;
  const you = yours(state);
  const hv = view.handView!;
  const n = game.numPlayers;
  const toAct = view.toAct.includes(seat) && view.status === GameStatus.PLAYING;
  // Until the next lead, a finished trick stays where it was played, its winner marked.
  const held = !hv.trick.length && hv.phase === "play" && hv.variant !== "fifty_k" ? hv.lastTrick : undefined;
  const heldPlay = held?.plays.find((p) => p.seat === seat)?.cards ?? null;
  const played = playOf(hv, seat) ?? heldPlay;
  const team = teams(hv.variant, n);
  return h(
    `section.seat.pos-${position(seat, me, n)}`,
    { class: [toAct ? "to-act" : "", seat === me ? "me" : ""].join(" "), dataset: { seat: String(seat) } },
    h(
      "header",
      null,
      h(
        "span.name",
        { title: seatLabel(game, seat, me, you), "aria-label": seatLabel(game, seat, me, you) },
        h("span.long", { "aria-hidden": "true" }, seatLabel(game, seat, me, you)),
        h("span.short", { "aria-hidden": "true" }, shortSeatLabel(game, seat, you)),
      ),
      team ? h("span.team", { title: "partnership" }, `team ${team.findIndex((t) => t.includes(seat)) + 1}`) : null,
      h("span.badges", null, ...badges(hv, seat, facts)),
    ),
    h(
      "div.info",
      null,
      seat === me || !hv.handSizes[seat] ? null : cardBacks(hv.handSizes[seat]),
      h("span.points", { title: "card points taken" }, `${hv.points[seat] ?? 0} pts`),
      toAct ? h("span.turn", null, seat === you ? "your turn" : "to act") : null,
      toAct ? timer(view) : null,
    ),
    h(
      "div.play",
      { class: heldPlay ? (held?.winner === seat ? "held won" : "held") : "", "aria-label": seat === you ? "your play" : `${seatName(seat, you)}'s play` },
      played ? cardRow(played, rules) : null,
      heldPlay && held?.winner === seat ? h("span.took", null, `took ${held.points} pts`) : null,
    ),
  );
}

function trumpBox(hv: HandView, facts: Facts): VNode {
  if (hv.facts.case === "fiftyK" && hv.facts.value.tribute) {
    return h("div.fact", null, h("span.label", null, "Tribute"), h("span.value", null, tributeLine(hv.facts.value.tribute)));
  }
  if (hv.variant === "fifty_k") return h("div.fact", null, h("span.label", null, "Trump"), h("span.value", null, "none in Fifty-K"));
  const suit = facts.trump;
  const value = facts.noTrump
    ? h("span.value", null, "no trump (无主)")
    : suit
      ? h("span.value", { class: suit === "h" || suit === "d" ? "red" : "black" }, h("span.big-suit", null, SUIT_SYMBOL[suit]), ` ${SUIT_NAME[suit]}`)
      : h("span.value.muted", null, "not yet known");
  const level = facts.level ? h("span.level.muted", null, ` · level ${facts.level === "T" ? "10" : facts.level}`) : null;
  return h("div.fact.trump-fact", null, h("span.label", null, "Trump"), h("span.trump-line", null, value, level));
}

function pointsBox(state: TableState, facts: Facts): VNode {
  const hv = state.view.handView!;
  const n = state.game.numPlayers;
  const team = teams(hv.variant, n);
  const lines: (VNode | null)[] = [];
  if (team && hv.variant === "tractor" && facts.declarer !== undefined) {
    const attackers = team.find((t) => !t.includes(facts.declarer!))!;
    const penalty = throwPenalty(state.view, facts.declarer);
    const total = attackers.reduce((a, s) => a + (hv.points[s] ?? 0), 0) + penalty;
    const note = penalty ? `, throw penalties ${penalty > 0 ? "+" : ""}${penalty} (TR-41)` : "";
    lines.push(h("div.fact", null, h("span.label", null, "Attackers' points"), h("span.value", null, h("span.points-total", null, `${total}`), h("span.muted", null, ` (seats ${attackers.join(" & ")}${note})`))));
  } else if (team) {
    team.forEach((t, i) => {
      const sum = t.reduce((a, s) => a + (hv.points[s] ?? 0), 0);
      lines.push(h("div.fact", null, h("span.label", null, `Team ${i + 1} (seats ${t.join(" & ")})`), h("span.value", null, `${sum} pts`)));
    });
  }
  if (facts.bid !== undefined) lines.push(h("div.fact", null, h("span.label", null, "Contract"), h("span.value", null, `${facts.bid}`)));
  if (hv.tablePoints) lines.push(h("div.fact", null, h("span.label", null, "On the table"), h("span.value", null, `${hv.tablePoints} pts`)));
  return h("div.facts-group", null, lines);
}

function peopleBox(state: TableState, facts: Facts): VNode {
  const me = yours(state);
  const hv = state.view.handView!;
  const lines: VNode[] = [];
  if (facts.declarer !== undefined) {
    lines.push(h("div.fact", null, h("span.label", null, hv.variant === "tractor" ? "Dealer" : "Declarer"), h("span.value", null, seatName(facts.declarer, me))));
  }
  if (facts.kittyHolder !== undefined) {
    lines.push(h("div.fact", null, h("span.label", null, "Kitty held by"), h("span.value", null, seatName(facts.kittyHolder, me))));
  }
  if (hv.ownBurials.length && hv.phase !== "done") {
    // TRO-112: every burial this seat made, the stolen ones too (no other seat sees them).
    const burials = hv.ownBurials.map((b) => cardsText(b.cards)).join(" · ");
    lines.push(h("div.fact", null, h("span.label", null, "Your burials"), h("span.value", null, burials)));
  }
  if (hv.variant === "tractor" && facts.levels.length === 2) {
    const named = facts.levels.map((l) => (l === "T" ? "10" : l));
    lines.push(h("div.fact", null, h("span.label", null, "Levels"), h("span.value", null, `team 1: ${named[0]} · team 2: ${named[1]}`)));
  }
  if (facts.call && hv.variant === "finding_friends") {
    // FF-20: calls such as "1st As"; the friends found are on the felt's score line (FF-31).
    lines.push(h("div.fact", null, h("span.label", null, "Friend cards"), h("span.value", null, withSymbols(facts.call))));
  } else if (facts.call) {
    const friend = facts.friend !== undefined ? seatName(facts.friend, me) : "not revealed yet";
    lines.push(h("div.fact", null, h("span.label", null, "Friend card"), h("span.value", null, cardsText(facts.call), h("span.muted", null, ` · friend: ${friend}`))));
  } else if (facts.solo) {
    lines.push(h("div.fact", null, h("span.label", null, "Friend"), h("span.value", null, "none: the declarer plays alone")));
  }
  if (facts.top) {
    lines.push(h("div.fact", null, h("span.label", null, "To beat"), h("span.value", null, `${cardsText(facts.top.cards)} (${facts.top.kind.replace(/_/g, " ")}) by ${seatName(facts.top.seat, me)}`)));
  }
  return h("div.facts-group", null, lines);
}

function lastTrickBox(state: TableState, trick: Trick | undefined, rules: TrumpRules): VNode | null {
  if (!trick) return null;
  return h(
    "div.last-trick",
    null,
    h("h3", null, "Last trick", h("span.muted", null, ` · ${trick.points} pts`)),
    trick.plays.map((p) =>
      h(
        "div.last-play",
        { class: p.seat === trick.winner ? "winner" : "" },
        h("span.who", null, seatName(p.seat, yours(state)), p.seat === trick.winner ? " ★" : ""),
        cardRow(p.cards, rules),
      ),
    ),
    trick.failedThrow ? h("p.note", null, `Failed throw by ${seatName(trick.failedThrow.seat, yours(state))}: ${trick.failedThrow.text}`) : null,
  );
}

export function matchBox(match: MatchStanding | undefined, me: number | null): VNode | null {
  if (!match) return null;
  const hands = match.hands ? `hand ${match.hand} of ${match.hands}` : `hand ${match.hand}`;
  const clock = match.clockDeadline && !match.over ? timerAt(Number(match.clockDeadline.seconds) * 1000) : null;
  return h(
    "div.match",
    null,
    h("h3", null, "Match", h("span.muted", null, ` · ${hands}`), match.over ? h("span.badge", null, "over") : null),
    h("div.totals", null, match.totals.map((t, s) => h("span.total", null, `${seatName(s, me)}: ${t}`))),
    clock ? h("div.fact", null, h("span.label", null, "Match clock"), clock) : null,
  );
}

/** FKO-42..FKO-48: who gives the tribute to whom, the card once given, and the card
 * returned (in the giver's and the receiver's views only). */
function tributeLine(t: FiftyKTribute): string {
  const giver = seatName(t.giver, null);
  const receiver = seatName(t.receiver, null);
  if (t.exempt) return `${giver} holds every top card: no tribute to ${receiver} (FKO-45)`;
  if (!t.card) return `${giver} gives ${receiver} their highest card (FKO-44)`;
  const back = t.returned ? `, who returned ${withSymbols(t.returned)}` : "";
  return `${giver} gave ${receiver} ${withSymbols(t.card)}${back}`;
}

/** What the middle of the felt says: the deal's progress, the bidding, the trick. */
function centerLine(hv: HandView): string {
  const f = hv.facts;
  const due = tributeDue(hv);
  if (due && f.case === "fiftyK" && f.value.tribute) {
    return due === "return" ? `${seatName(f.value.tribute.receiver, null)} returns a card` : "tribute";
  }
  if (hv.phase === "deal") {
    const dealt = f.case === "tractor" || f.case === "findingFriends" ? f.value.cardsDealt : f.case === "redFive5p" ? f.value.dealt : 0;
    return dealt ? `dealing: ${dealt} card${dealt === 1 ? "" : "s"} dealt` : "dealing";
  }
  if (hv.phase === "bid" && f.case === "redFive4p") {
    const high = f.value.highBid;
    return high?.amount !== undefined ? `high bid ${high.amount} by seat ${high.seat}` : "no bid yet";
  }
  if (hv.phase !== "play") return phaseName(hv.phase, factsOf(hv).kittyStage);
  if (hv.variant === "fifty_k") return hv.trick.length ? "round under way" : "new round: lead";
  return `trick ${hv.tricksPlayed + 1}`;
}

/** Tractor's failed-throw penalties so far (TR-41: −10 to the attackers' points for each
 * of theirs, +10 for each of the defenders'), from the view's per-seat count. */
function throwPenalty(view: View, declarer: number | undefined): number {
  if (declarer === undefined) return 0;
  let failed: number[] = [];
  try {
    failed = (JSON.parse(view.viewJson || "{}") as { failed_throws?: number[] }).failed_throws ?? [];
  } catch {
    return 0;
  }
  return failed.reduce((a, f, s) => a + (s % 2 === declarer % 2 ? 10 : -10) * f, 0);
}

/** TR-42's step s of a Tractor table: 20 points a deck, 40 with two (TRO-120). */
function tractorStep(options: { [key: string]: string }): number {
  const decks = Number(options.decks ?? "2");
  return 20 * (Number.isInteger(decks) && decks > 0 ? decks : 2);
}

/** The score so far against what decides the hand, in a line under the trick (`step`:
 * Tractor's s of TR-42, TRO-120). */
function scoreLine(hv: HandView, facts: Facts, n: number, me: number | null, penalty = 0, step = 40): string | null {
  if (hv.phase !== "play") return null;
  const pts = (s: number) => hv.points[s] ?? 0;
  const seats = Array.from({ length: n }, (_, s) => s);
  const decl = facts.declarer;
  switch (hv.variant) {
    case "tractor": {
      if (decl === undefined) return null;
      const p = sum(seats.filter((s) => s % 2 !== decl % 2).map(pts)) + penalty;
      const penalties = penalty ? ` (throw penalties ${penalty > 0 ? "+" : ""}${penalty}, TR-41)` : "";
      const rules = step === 40 ? "TR-42" : "TR-42, TRO-120";
      return `Attackers ${p}${penalties} of ${2 * step} · under ${step}: defenders +2, ${step}–${2 * step - 1}: +1, ${2 * step}: attackers take over (${rules})`;
    }
    case "red_five_4p":
      if (decl === undefined || facts.bid === undefined) return null;
      return `${seatName(decl, me)}: ${pts(decl)} taken, needs more than the bid ${facts.bid} (R4-42)`;
    case "red_five_5p": {
      if (decl === undefined) return null;
      const side = new Set([decl, ...(facts.friend !== undefined ? [facts.friend] : [])]);
      const p = sum(seats.filter((s) => !side.has(s)).map(pts));
      return `Scoring side ${p} · 120 or more beats the declarer (R5-41)${facts.friend === undefined && !facts.solo ? " · the friend not yet known" : ""}`;
    }
    case "finding_friends": {
      if (decl === undefined || hv.facts.case !== "findingFriends") return null;
      const side = new Set(hv.facts.value.side);
      const p = sum(seats.filter((s) => !side.has(s)).map(pts));
      const friends = hv.facts.value.side.slice(1).map((s) => seatName(s, me));
      return `Defenders ${p} · calls ${withSymbols(facts.call)} · friends: ${friends.length ? friends.join(", ") : "none found yet"} (FF-31)`;
    }
    case "fifty_k": {
      const team = teams("fifty_k", n);
      if (team) return team.map((t, i) => `Team ${i + 1}: ${sum(t.map(pts))}`).join(" · ");
      return seats.map((s) => `${seatName(s, me)}: ${pts(s)}`).join(" · ");
    }
    default:
      return null;
  }
}

/** The whole table: header, the felt with the seats, the facts and the viewer's area
 * (`bottom`: the screen's own hand and actions). */
export function table(state: TableState, bottom: VNode | null, extra: VNode | null = null, notice: VNode | null = null): VNode {
  const { game, view } = state;
  setSeatNames(game.seats);
  const hv = view.handView!;
  const facts = factsOf(hv);
  const rules = trumpRules(hv);
  const n = game.numPlayers;
  const status =
    view.status === GameStatus.WAITING
      ? "waiting for players"
      : view.status === GameStatus.FINISHED
        ? "finished"
        : phaseName(hv.phase, facts.kittyStage);
  const center = h(
    "div.felt-center",
    null,
    h("div.trick-count", null, centerLine(hv)),
    hv.tablePoints ? h("div.table-points", null, `${hv.tablePoints} pts on the table`) : null,
    ((line) => (line ? h("div.score-line", { role: "status" }, line) : null))(scoreLine(hv, facts, n, yours(state), hv.variant === "tractor" ? throwPenalty(view, facts.declarer) : 0, tractorStep(game.options))),
    hv.failedThrow ? h("div.note", null, `Failed throw: ${hv.failedThrow.text}`) : null,
  );
  return h(
    "div.screen",
    null,
    h(
      "header.bar",
      null,
      h("a.home", { href: "#/" }, "fenpai"),
      h("span.variant", null, variantName(hv.variant)),
      h("span.status", { dataset: { phase: hv.phase } }, status),
      view.match ? h("span.hand-no", null, `hand ${view.match.hand}`) : null,
      h("span.version", { title: "version" }, `v${view.version}`),
    ),
    h(
      "div.layout",
      null,
      h(
        "main.felt",
        { class: `players-${n}` },
        Array.from({ length: n }, (_, s) => seatPanel(state, s, facts, rules)),
        center,
      ),
      bottom,
      h(
        "aside.side",
        null,
        notice,
        rulesBox(game.variant, game.options),
        h("div.facts-group", null, trumpBox(hv, facts)),
        peopleBox(state, facts),
        pointsBox(state, facts),
        lastTrickBox(state, hv.lastTrick, rules),
        matchBox(view.match, yours(state)),
        extra,
        h("div.log", null, h("h3", null, "Events"), h("div.log-scroll", { tabindex: 0, "aria-label": "the game's events, newest last" }, h("ol", null, state.log.slice(-500).map((line) => h("li", null, line))))),
      ),
    ),
  );
}

function resultRows(result: HandResult, n: number, me: number | null): VNode {
  // Red Five 4p scores the declarer by its final points F (R4-40), not its tricks.
  const final = result.details.case === "redFive4p" ? result.declarer : undefined;
  return h(
    "table.result",
    null,
    h("thead", null, h("tr", null, h("th", null, "Seat"), h("th", null, "Card points"), h("th", null, "Game points"), h("th", null, ""))),
    h(
      "tbody",
      null,
      Array.from({ length: n }, (_, s) =>
        h(
          "tr",
          { class: result.winners.includes(s) ? "won" : "" },
          h("td", null, seatName(s, me)),
          h("td", null, s === final ? `F = ${result.cardPoints[s] ?? 0}` : String(result.cardPoints[s] ?? 0)),
          h("td", null, String(result.gamePoints[s] ?? 0)),
          h("td", null, result.winners.includes(s) ? "won" : ""),
        ),
      ),
    ),
  );
}

/** One term of a score's formula: what it counts, its value, the rule it comes from. */
interface Term {
  label: string;
  value: number;
  rule: string;
}

/** A score worked out term by term: the terms add up to the total. */
interface Formula {
  label: string;
  rule: string;
  terms: Term[];
  total: number;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The points seat `s` lost to failed throws' penalties (R5-31: the thrower −4, each
 * other seat +1; from the thrower's third failure on, none). */
function throwPenalty5p(failed: number[], s: number): number {
  return failed.reduce((a, f, t) => a + (t === s ? -4 : 1) * Math.min(f, 2), 0);
}

/** The formulas of the variant's score, as its rules define them. */
export function formulas(result: HandResult, hv: HandView, n: number, me: number | null): Formula[] {
  const d = result.details;
  const pts = (s: number) => hv.points[s] ?? 0;
  const out: Formula[] = [];
  switch (d.case) {
    case "redFive4p": {
      const r = d.value;
      const decl = result.declarer;
      if (decl === undefined || result.escaped !== undefined) break;
      const won = r.redFivesCaptured.filter((c) => c.captor === decl).length;
      const lost = r.redFivesCaptured.filter((c) => c.owner === decl).length;
      const terms: Term[] = [{ label: "points in the declarer's tricks", value: pts(decl), rule: "R4-40" }];
      terms.push({ label: r.kittyToDeclarer ? "the kitty's points" : "the kitty (not the declarer's)", value: r.kittyToDeclarer ? r.kittyPoints : 0, rule: "R4-40" });
      if (won) terms.push({ label: `red fives taken (${won} × 20)`, value: 20 * won, rule: "R4-41" });
      if (lost) terms.push({ label: `red fives lost (${lost} × 20)`, value: -20 * lost, rule: "R4-41" });
      terms.push({ label: "the bid", value: -r.bid, rule: "R4-40" });
      out.push({ label: "Declarer's final points F", rule: "R4-40", terms, total: r.declarerFinalPoints });
      break;
    }
    case "redFive5p": {
      const r = d.value;
      if (r.scoringPoints === undefined || result.escaped !== undefined || result.declarer === undefined) break;
      const side = new Set([result.declarer, ...(r.friendSeat !== undefined && !r.solo ? [r.friendSeat] : [])]);
      const scoring = Array.from({ length: n }, (_, s) => s).filter((s) => !side.has(s));
      const terms: Term[] = [{ label: `points in the scoring side's tricks (${scoring.map((s) => seatName(s, me)).join(", ")})`, value: sum(scoring.map(pts)), rule: "R5-40" }];
      const last = r.lastTrickWinner;
      const kitty = r.kittyPoints ?? 0;
      if (last !== undefined && !side.has(last)) terms.push({ label: `the kitty doubled (2 × ${kitty})`, value: 2 * kitty, rule: "R5-40" });
      out.push({ label: "Scoring side's points P", rule: "R5-40", terms, total: r.scoringPoints });
      const failed = r.failedThrows;
      if (failed.some((f) => f > 0)) {
        for (let s = 0; s < n; s++) {
          const penalty = throwPenalty5p(failed, s);
          const total = result.gamePoints[s] ?? 0;
          out.push({
            label: `${seatName(s, me)}: game points`,
            rule: "R5-42",
            terms: [
              { label: `from grade m = ${r.grade ?? "–"}`, value: total - penalty, rule: "R5-42" },
              { label: "failed throws' penalties", value: penalty, rule: "R5-31" },
            ],
            total,
          });
        }
      }
      break;
    }
    case "tractor": {
      const t = d.value;
      if (result.escaped !== undefined) break;
      const dealer = t.dealer;
      const attackers = [0, 1, 2, 3].filter((s) => s % 2 !== dealer % 2);
      const terms: Term[] = [{ label: "points in the attackers' tricks", value: t.trickPoints, rule: "TR-40" }];
      if (t.kittyMultiplier) terms.push({ label: `the kitty (${t.kittyPoints} × ${t.kittyMultiplier}, an attacker won the last trick)`, value: t.kittyPoints * t.kittyMultiplier, rule: "TR-40" });
      t.failedThrows.forEach((f, s) => {
        if (f) {
          const attacker = attackers.includes(s);
          terms.push({ label: `${seatName(s, me)}'s failed throw${f > 1 ? "s" : ""} (${f} × ${attacker ? "−10" : "+10"})`, value: (attacker ? -10 : 10) * f, rule: "TR-41" });
        }
      });
      out.push({ label: "Attackers' points P", rule: "TR-40", terms, total: t.attackerPoints });
      break;
    }
    case "findingFriends": {
      const r = d.value;
      if (result.escaped !== undefined) break;
      // FF-40: the defenders' tricks (the sides as at the end, FF-33), the kitty when a
      // defender won the last trick, ±10 per failed throw (TR-41).
      const side = new Set(r.side);
      const defenders = Array.from({ length: n }, (_, s) => s).filter((s) => !side.has(s));
      const terms: Term[] = [{ label: `points in the defenders' tricks (${defenders.map((s) => seatName(s, me)).join(", ")})`, value: sum(defenders.map(pts)), rule: "FF-40" }];
      if (r.kittyMultiplier) terms.push({ label: `the kitty (${r.kittyPoints} × ${r.kittyMultiplier}, a defender won the last trick)`, value: r.kittyPoints * r.kittyMultiplier, rule: "FF-40" });
      r.failedThrows.forEach((f, s) => {
        if (f) {
          const defender = !side.has(s);
          terms.push({ label: `${seatName(s, me)}'s failed throw${f > 1 ? "s" : ""} (${f} × ${defender ? "−10" : "+10"})`, value: (defender ? -10 : 10) * f, rule: "FF-40" });
        }
      });
      out.push({ label: "Defenders' points P", rule: "FF-40", terms, total: r.defenderPoints });
      break;
    }
    case "fiftyK": {
      const f = d.value;
      if (result.escaped !== undefined) break;
      const first = f.finishOrder[0];
      for (let s = 0; s < n; s++) {
        const out4 = n === 4;
        const still = !f.finishOrder.includes(s);
        const terms: Term[] = [{ label: "points collected", value: f.collected[s] ?? 0, rule: "FK-31" }];
        if (s === first) terms.push({ label: "first out", value: 20, rule: out4 ? "FK-41" : "FK-51" });
        if (still) {
          terms.push({ label: "still in at the end", value: -20, rule: out4 ? "FK-41" : "FK-51" });
          terms.push({ label: "point cards left in hand", value: -(f.handPointsLeft[s] ?? 0), rule: out4 ? "FK-41" : "FK-51" });
        }
        out.push({ label: `${seatName(s, me)}: card points`, rule: out4 ? "FK-41" : "FK-51", terms, total: result.cardPoints[s] ?? 0 });
      }
      break;
    }
    default:
      break;
  }
  return out;
}

function signed(x: number): string {
  return x < 0 ? `− ${-x}` : `+ ${x}`;
}

function formulaBox(f: Formula): VNode {
  return h(
    "div.formula",
    { dataset: { total: String(f.total), rule: f.rule } },
    h("div.formula-head", null, h("strong", null, f.label), h("span.muted", null, ` (${f.rule})`), " = ", h("strong.formula-total", null, String(f.total))),
    h(
      "ul.terms",
      null,
      f.terms.map((t) => h("li.term", { dataset: { value: String(t.value), rule: t.rule } }, h("span.term-value", null, signed(t.value)), ` ${t.label} `, h("span.muted", null, `(${t.rule})`))),
    ),
  );
}

/** Why a Tractor team gained fewer levels than TR-42 gives: the level it stopped at. */
function levelStop(level: string | undefined): string {
  if (level === "NT") return "levels stop at NT, TRO-92";
  if (level === "A" || level === undefined) return "levels stop at A, TR-43";
  return `levels stop at ${level}, a level to defend, TRO-42`;
}

function resultDetails(result: HandResult, me: number | null, n: number, step = 40): VNode[] {
  const line = (label: string, value: string) => h("div.fact", null, h("span.label", null, label), h("span.value", null, value));
  const d = result.details;
  const out: VNode[] = [];
  if (result.escaped !== undefined) out.push(line("Resigned", seatName(result.escaped, me)));
  switch (d.case) {
    case "tractor": {
      const t = d.value;
      const p = t.attackerPoints;
      const [s, over] = [step, 2 * step];
      const band =
        p <= 0 ? "P ≤ 0: defenders +3" : p < s ? `0 < P < ${s}: defenders +2` : p < over ? `${s} ≤ P < ${over}: defenders +1` : `P ≥ ${over}: the attackers take over, +${Math.floor((p - over) / s)}`;
      const rules = step === 40 ? "TR-42" : "TR-42, TRO-120";
      out.push(line(`Against ${over}`, `${p} of ${over} needed to take over; ${band} (${rules})`));
      if (t.levels.length && t.winnerTeam) {
        out.push(line("Levels", `${t.levels.join(" / ")} → ${t.newLevels.join(" / ")}`));
        const capped = t.levelsGained !== t.levelsNominal ? ` (of ${t.levelsNominal}: ${levelStop(t.newLevels[t.gainingTeam ?? -1])})` : "";
        out.push(line("Gain", `${t.winnerTeam} +${t.levelsGained}${capped}`));
      }
      if (t.nextDealer !== undefined) out.push(line("Next dealer", seatName(t.nextDealer, me)));
      if (t.matchWon !== undefined) out.push(line("Match won by", `team ${t.matchWon + 1}`));
      break;
    }
    case "redFive4p": {
      const r = d.value;
      out.push(line("Contract", `bid ${r.bid}: the declarer needs more than the bid, F > 0 (R4-42)`));
      const decl = result.declarer;
      if (decl !== undefined && result.escaped === undefined) {
        const f = r.declarerFinalPoints;
        const others = result.gamePoints.filter((_, s) => s !== decl).join(" / ");
        const reds = r.redFivesCaptured.length ? ", red-five payments included (R4-41)" : "";
        out.push(line("Game points", `F = ${f} ${f > 0 ? "> 0: the declarer wins" : "≤ 0: the declarer loses"}: declarer ${result.gamePoints[decl] ?? 0}, opponents ${others} (R4-42${reds})`));
      }
      out.push(line("Kitty points", `${r.kittyPoints}, to ${r.kittyToDeclarer ? "the declarer" : "nobody: the declarer did not win the last trick"} (R4-40)`));
      for (const c of r.redFivesCaptured) out.push(line("Red five taken", `${seatName(c.captor, me)} from ${seatName(c.owner, me)}: 20 card points and 2 game points (R4-41)`));
      break;
    }
    case "redFive5p": {
      const r = d.value;
      out.push(line("Friend", r.solo ? "none: the declarer played alone (独打)" : r.friendSeat !== undefined ? seatName(r.friendSeat, me) : "never revealed"));
      if (r.grade !== undefined) {
        const table = r.solo ? "alone: declarer 8m, each other −2m" : "declarer 2m, friend m, each of the three −m";
        out.push(line("Grade", `m = ${r.grade} from P = ${r.scoringPoints ?? "–"} (R5-41); ${table} (R5-42)`));
      }
      if (r.forced) out.push(line("Forced", "a forced declarer (压庄, R5-13): the friend's loss stops at −4 (R5-42)"));
      if (r.grab) out.push(line("Grab", "直搭 (R5-22): a grab lost makes the declarer and the friend exchange their amounts (R5-42)"));
      if (r.kittyPoints !== undefined) out.push(line("Kitty points", `${r.kittyPoints}`));
      break;
    }
    case "fiftyK": {
      const f = d.value;
      const team = teams("fifty_k", n);
      if (team) {
        team.forEach((t, i) => out.push(line(`Team ${i + 1} (seats ${t.join(" & ")})`, `${f.teamPoints[i] ?? 0} card points → ${f.teamGamePoints[i] ?? 0} game points${f.doubled ? ", doubled" : ""} (FK-42, FK-43)`)));
        out.push(line("Game points", "each player gets half of the team's game points, halves kept (FK-43)"));
      } else {
        out.push(line("Game points", `each player's card points 1:1${f.doubled ? ", doubled" : ""} (FK-53)`));
      }
      out.push(line("Out in order", f.finishOrder.map((s) => seatName(s, me)).join(", ")));
      f.pointsLeftInHand.forEach((c, s) => {
        if (c.cards.length) out.push(line(`Left in ${seatName(s, me)}'s hand`, cardsText(c.cards)));
      });
      break;
    }
    default:
      break;
  }
  return out;
}

/** "You won the hand", or at a table "Hand 2: you won"; a spectator's: "Hand over". */
function summaryTitle(hand: number | undefined, won: boolean | null): string {
  const outcome = won === null ? "over" : won ? "you won" : "you lost";
  if (hand !== undefined) return `Hand ${hand}: ${outcome}`;
  return won === null ? "Hand over" : `You ${won ? "won" : "lost"} the hand`;
}

/** The end-of-hand summary: who won, the points, the variant's details, the kitty. */
export function handSummary(state: TableState, onClose: (() => void) | null): VNode | null {
  const hv = state.view.handView!;
  const result = hv.result;
  if (!result) return null;
  const rules = trumpRules(hv);
  const you = yours(state);
  const mine = you !== null && result.winners.includes(you);
  return h(
    "section.summary.hand-summary",
    { "aria-label": "hand summary", dataset: { hand: String(state.view.match?.hand ?? 1) } },
    h("h2", null, summaryTitle(state.view.match?.hand, you === null ? null : mine)),
    resultRows(result, state.game.numPlayers, you),
    formulas(result, hv, state.game.numPlayers, you).map(formulaBox),
    resultDetails(result, you, state.game.numPlayers, tractorStep(state.game.options)),
    hv.kitty.length ? h("div.fact.with-cards", null, h("span.label", null, "Buried"), cardRow(cardsOf(hv.kitty), rules)) : null,
    onClose ? h("button.primary", { onclick: onClose, type: "button" }, "Hide") : null,
  );
}

/** The match summary: totals, winners and what decided it. */
export function matchSummary(state: TableState, onClose: (() => void) | null): VNode | null {
  const match = state.view.match;
  if (!match?.over) return null;
  const decided: Record<string, string> = {
    "TR-30": "a team passed A (TR-30)",
    "TR-31": "the match clock ran out (TR-31)",
    hands: "every hand was played",
    resign: "a seat resigned",
  };
  return h(
    "section.summary.match-summary",
    { "aria-label": "match summary" },
    h("h2", null, "Match over"),
    h("p", null, `Decided by: ${decided[match.decidedBy] ?? match.decidedBy}.`),
    h(
      "table.result",
      null,
      h("thead", null, h("tr", null, h("th", null, "Seat"), h("th", null, "Total"), h("th", null, ""))),
      h(
        "tbody",
        null,
        match.totals.map((t, s) =>
          h("tr", { class: match.winners.includes(s) ? "won" : "" }, h("td", null, seatName(s, yours(state))), h("td", null, String(t)), h("td", null, match.winners.includes(s) ? "winner" : "")),
        ),
      ),
    ),
    onClose ? h("button.primary", { onclick: onClose, type: "button" }, "Close") : null,
  );
}

/** The one dialog of a finished game: the match's summary (at a table) beside its last
 * hand's, closed by one button. Shown only once nobody has a decision left. */
export function finalDialog(state: TableState, onClose: () => void, actions: VNode[] = []): VNode {
  return h(
    "div.overlay",
    null,
    h(
      "section.summary-dialog",
      { role: "dialog", "aria-modal": "true", "aria-label": state.view.match ? "match summary" : "hand summary" },
      h("div.summary-parts", null, matchSummary(state, null), handSummary(state, null)),
      h("div.actions", null, h("button.primary", { onclick: onClose, type: "button" }, "Close"), actions),
    ),
  );
}
