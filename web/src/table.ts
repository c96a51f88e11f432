// The table as one viewer sees it at one version: the seats around the felt with their
// plays in the trick under way, the public facts (trump, declarer, friend, points, the
// last trick, the match), the timers, and the hand's and the match's summaries. Built
// from the service's typed view alone, so it shows nothing the view does not hold.

import type { VNode } from "preact";
import { SUIT_NAME, SUIT_SYMBOL, cardBacks, cardFace, cardsOf, cardsText, isTrump } from "./cards.js";
import type { TrumpRules } from "./cards.js";
import { h } from "./dom.js";
import {
  GameStatus,
  SeatKind,
  type Game,
  type HandResult,
  type HandView,
  type MatchStanding,
  type Top,
  type Trick,
  type View,
} from "./gen/fenpai/rpc/v1/game_service_pb.js";
import { phaseName, seatName, variantName } from "./words.js";

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
  const out: Facts = { trump: "", level: "", noTrump: false, call: "", solo: false, levels: [], passed: [], finished: [] };
  const f = hv.facts;
  switch (f.case) {
    case "tractor":
      return { ...out, trump: f.value.trump, level: f.value.level, noTrump: f.value.noTrump, declarer: f.value.declarer ?? f.value.dealer, levels: f.value.levels };
    case "redFive4p":
      return { ...out, trump: f.value.trump, level: f.value.level, declarer: f.value.declarer, bid: f.value.bid };
    case "redFive5p":
      return { ...out, trump: f.value.trump, level: f.value.level, declarer: f.value.declarer, friend: f.value.friendSeat, call: f.value.call, solo: f.value.solo };
    case "fiftyK":
      return { ...out, top: f.value.top, passed: f.value.passed, finished: f.value.finished };
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
  if (variant === "tractor" || (variant === "fifty_k" && n === 4)) return [[0, 2], [1, 3]];
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
  };
  return (layouts[n] ?? layouts[4])[r];
}

function seatLabel(game: Game, seat: number, me: number | null, you: number | null): string {
  const s = game.seats[seat];
  if (seat === you) return "You";
  const viewed = seat === me ? " (this view)" : "";
  if (s?.kind === SeatKind.BOT) return `Seat ${seat} · ${s.bot} bot${viewed}`;
  if (s?.kind === SeatKind.OPEN) return `Seat ${seat} · open`;
  return `Seat ${seat}${viewed}`;
}

/** Seconds left until a timestamp, for the timers' `data-deadline`. */
function deadlineMs(view: View): number | null {
  const d = view.deadline;
  return d ? Number(d.seconds) * 1000 + Math.floor(d.nanos / 1e6) : null;
}

/** A timer's text: seconds left, minutes and seconds past 99. */
function timerText(deadline: number, now: number): string {
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  const text = left < 100 ? `${left}s` : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return `⏱ ${text}`;
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

function timerAt(deadline: number): VNode {
  return h("span.timer", { dataset: { deadline: String(deadline) } }, timerText(deadline, Date.now()));
}

function timer(view: View): VNode | null {
  const ms = deadlineMs(view);
  return ms === null ? null : timerAt(ms);
}

function badges(hv: HandView, seat: number, facts: Facts): VNode[] {
  const out: VNode[] = [];
  if (facts.declarer === seat) {
    out.push(h("span.badge.declarer", { title: "the declarer" }, hv.variant === "tractor" ? "Dealer 庄" : "Declarer 庄"));
  }
  if (facts.friend === seat) out.push(h("span.badge.friend", { title: "the declarer's friend" }, "Friend 朋友"));
  if (hv.trick[0]?.seat === seat) out.push(h("span.badge.lead", { title: "led the trick under way" }, "lead"));
  if (facts.passed.includes(seat)) out.push(h("span.badge.passed", null, "passed"));
  const out_at = facts.finished.indexOf(seat);
  if (out_at >= 0) out.push(h("span.badge.finished", null, `out #${out_at + 1}`));
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
  return h("div.cards", null, cards.map((c) => cardFace(c, { small, trump: isTrump(c, rules) })));
}

function seatPanel(state: TableState, seat: number, facts: Facts, rules: TrumpRules): VNode {
  const { game, view, me } = state;
  const you = yours(state);
  const hv = view.handView!;
  const n = game.numPlayers;
  const toAct = view.toAct.includes(seat) && view.status === GameStatus.PLAYING;
  const played = playOf(hv, seat);
  const team = teams(hv.variant, n);
  return h(
    `section.seat.pos-${position(seat, me, n)}`,
    { class: [toAct ? "to-act" : "", seat === me ? "me" : ""].join(" "), dataset: { seat: String(seat) } },
    h(
      "header",
      null,
      h("span.name", null, seatLabel(game, seat, me, you)),
      team ? h("span.team", { title: "partnership" }, `team ${team.findIndex((t) => t.includes(seat)) + 1}`) : null,
      ...badges(hv, seat, facts),
    ),
    h(
      "div.info",
      null,
      seat === me || !hv.handSizes[seat] ? null : cardBacks(hv.handSizes[seat]),
      h("span.points", { title: "card points taken" }, `${hv.points[seat] ?? 0} pts`),
      toAct ? h("span.turn", null, seat === you ? "your turn" : "to act") : null,
      toAct ? timer(view) : null,
    ),
    h("div.play", { "aria-label": `${seatName(seat, you)}'s play` }, played ? cardRow(played, rules) : null),
  );
}

function trumpBox(hv: HandView, facts: Facts): VNode {
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
    const sum = attackers.reduce((a, s) => a + (hv.points[s] ?? 0), 0);
    lines.push(h("div.fact", null, h("span.label", null, "Attackers' points"), h("span.value", null, h("span.points-total", null, `${sum}`), h("span.muted", null, ` (seats ${attackers.join(" & ")})`))));
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
  if (hv.variant === "tractor" && facts.levels.length === 2) {
    const named = facts.levels.map((l) => (l === "T" ? "10" : l));
    lines.push(h("div.fact", null, h("span.label", null, "Levels"), h("span.value", null, `team 1: ${named[0]} · team 2: ${named[1]}`)));
  }
  if (facts.call) {
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

/** What the middle of the felt says: the deal's progress, the bidding, the trick. */
function centerLine(hv: HandView): string {
  const f = hv.facts;
  if (hv.phase === "deal") {
    const dealt = f.case === "tractor" ? f.value.cardsDealt : f.case === "redFive5p" ? f.value.dealt : 0;
    return dealt ? `dealing: ${dealt} card${dealt === 1 ? "" : "s"} dealt` : "dealing";
  }
  if (hv.phase === "bid" && f.case === "redFive4p") {
    const high = f.value.highBid;
    return high?.amount !== undefined ? `high bid ${high.amount} by seat ${high.seat}` : "no bid yet";
  }
  if (hv.phase !== "play") return phaseName(hv.phase);
  if (hv.variant === "fifty_k") return hv.trick.length ? "round under way" : "new round: lead";
  return `trick ${hv.tricksPlayed + 1}`;
}

/** The whole table: header, the felt with the seats, the facts and the viewer's area
 * (`bottom`: the screen's own hand and actions). */
export function table(state: TableState, bottom: VNode | null, extra: VNode | null = null): VNode {
  const { game, view } = state;
  const hv = view.handView!;
  const facts = factsOf(hv);
  const rules = trumpRules(hv);
  const n = game.numPlayers;
  const status =
    view.status === GameStatus.WAITING
      ? "waiting for players"
      : view.status === GameStatus.FINISHED
        ? "finished"
        : phaseName(hv.phase);
  const center = h(
    "div.felt-center",
    null,
    h("div.trick-count", null, centerLine(hv)),
    hv.tablePoints ? h("div.table-points", null, `${hv.tablePoints} pts on the table`) : null,
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
        h("div.facts-group", null, trumpBox(hv, facts)),
        peopleBox(state, facts),
        pointsBox(state, facts),
        lastTrickBox(state, hv.lastTrick, rules),
        matchBox(view.match, yours(state)),
        extra,
        h("div.log", null, h("h3", null, "Events"), h("ol", null, state.log.slice(-8).map((line) => h("li", null, line)))),
      ),
    ),
  );
}

function resultRows(result: HandResult, n: number, me: number | null): VNode {
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
          h("td", null, String(result.cardPoints[s] ?? 0)),
          h("td", null, String(result.gamePoints[s] ?? 0)),
          h("td", null, result.winners.includes(s) ? "won" : ""),
        ),
      ),
    ),
  );
}

function resultDetails(result: HandResult, me: number | null): VNode[] {
  const line = (label: string, value: string) => h("div.fact", null, h("span.label", null, label), h("span.value", null, value));
  const d = result.details;
  const out: VNode[] = [];
  if (result.escaped !== undefined) out.push(line("Resigned", seatName(result.escaped, me)));
  switch (d.case) {
    case "tractor": {
      const t = d.value;
      out.push(line("Attackers' points", `${t.attackerPoints} (tricks ${t.trickPoints}, kitty ${t.kittyPoints}${t.kittyMultiplier ? ` × ${t.kittyMultiplier}` : ""})`));
      if (t.levels.length && t.winnerTeam) {
        out.push(line("Levels", `${t.levels.join(" / ")} → ${t.newLevels.join(" / ")}`));
        out.push(line("Gain", `${t.winnerTeam} +${t.levelsGained}`));
      }
      if (t.nextDealer !== undefined) out.push(line("Next dealer", seatName(t.nextDealer, me)));
      if (t.matchWon !== undefined) out.push(line("Match won by", `team ${t.matchWon + 1}`));
      break;
    }
    case "redFive4p": {
      const r = d.value;
      out.push(line("Contract", `${r.bid}; declarer's final points ${r.declarerFinalPoints}`));
      out.push(line("Kitty points", `${r.kittyPoints}, to ${r.kittyToDeclarer ? "the declarer" : "the defenders"}`));
      for (const c of r.redFivesCaptured) out.push(line("Red five taken", `${seatName(c.captor, me)} from ${seatName(c.owner, me)}`));
      break;
    }
    case "redFive5p": {
      const r = d.value;
      out.push(line("Friend", r.solo ? "none (alone)" : r.friendSeat !== undefined ? seatName(r.friendSeat, me) : "never revealed"));
      if (r.scoringPoints !== undefined) out.push(line("Scoring side's points", `${r.scoringPoints} (grade ${r.grade ?? "–"})`));
      if (r.kittyPoints !== undefined) out.push(line("Kitty points", `${r.kittyPoints}`));
      break;
    }
    case "fiftyK": {
      const f = d.value;
      out.push(line("Team points", f.teamPoints.join(" / ") + (f.doubled ? " (doubled)" : "")));
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
    { role: "dialog", "aria-label": "hand summary" },
    h("h2", null, summaryTitle(state.view.match?.hand, you === null ? null : mine)),
    resultRows(result, state.game.numPlayers, you),
    resultDetails(result, you),
    hv.kitty.length ? h("div.fact.with-cards", null, h("span.label", null, "Buried"), cardRow(cardsOf(hv.kitty), rules)) : null,
    onClose ? h("button.primary", { onclick: onClose, type: "button" }, "Close") : null,
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
    { role: "dialog", "aria-label": "match summary" },
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
