// Replaying a finished game step by step, back and forth, by event or by trick, from any
// seat's view (as that seat saw it then) or the spectators': the steps are the
// service's ReplayGame views, fetched once per seat and hand.

import type { VNode } from "preact";
import { client, rejection, rejectionText, wholeHistory } from "./api.js";
import { cardFace, isTrump } from "./cards.js";
import { h, mount } from "./dom.js";
import type { GetHistoryResponse, ReplayGameResponse } from "./gen/fenpai/rpc/v1/game_service_pb.js";
import { handSummary, matchSummary, table, trumpRules, type TableState } from "./table.js";
import { watchCredential } from "./store.js";
import { describe, seatName } from "./words.js";

export interface ReplayParams {
  seat: number | null;
  hand: number | null;
}

/** Per step, the number of tricks (Fifty-K: rounds) completed by then. */
function trickNumbers(steps: ReplayGameResponse[]): number[] {
  const out: number[] = [];
  let rounds = 0;
  steps.forEach((step, i) => {
    const hv = step.view!.handView!;
    if (hv.variant !== "fifty_k") {
      out.push(hv.tricksPlayed);
      return;
    }
    const before = i > 0 ? steps[i - 1].view!.handView!.trick.length : 0;
    if (hv.trick.length < before) rounds += 1;
    out.push(rounds);
  });
  return out;
}

export function replayScreen(root: HTMLElement, gameId: string, params: ReplayParams): () => void {
  const abort = new AbortController();
  const watchToken = watchCredential(gameId);
  let history: GetHistoryResponse | null = null;
  let steps: ReplayGameResponse[] = [];
  let tricks: number[] = [];
  let at = 0;
  let { seat, hand } = params;

  function go(to: number): void {
    at = Math.max(0, Math.min(steps.length - 1, to));
    render();
  }

  /** To the step that ends the next trick (forward) or the one before this step. */
  function byTrick(forward: boolean): void {
    const ends = tricks.flatMap((t, i) => (i > 0 && t !== tricks[i - 1] ? [i] : []));
    const target = forward ? ends.find((i) => i > at) : [...ends].reverse().find((i) => i < at);
    go(target ?? (forward ? steps.length - 1 : 0));
  }

  function controls(state: TableState): VNode {
    const game = history!.game!;
    const seats = Array.from({ length: game.numPlayers }, (_, s) => s);
    const step = steps[at];
    const seatList = h(
      "select#replay-seat",
      {
        "aria-label": "whose view",
        onchange: (e: Event) => {
          const value = (e.target as HTMLSelectElement).value;
          void load(value === "" ? null : Number(value), hand);
        },
      },
      h("option", { value: "", selected: seat === null }, "spectator (public view)"),
      seats.map((s) => h("option", { value: String(s), selected: seat === s }, `seat ${s}'s view`)),
    );
    const hands = history!.hands;
    const handList = hands.length
      ? h(
          "select#replay-hand",
          { "aria-label": "which hand", onchange: (e: Event) => void load(seat, Number((e.target as HTMLSelectElement).value)) },
          hands.map((r) => h("option", { value: String(r.hand), selected: (hand ?? 1) === r.hand }, `hand ${r.hand}`)),
        )
      : null;
    const button = (id: string, text: string, title: string, onclick: () => void, disabled: boolean) =>
      h(`button#${id}`, { type: "button", title, "aria-label": title, onclick, disabled }, text);
    const first = at === 0;
    const last = at === steps.length - 1;
    const hv = step.view!.handView!;
    const rules = trumpRules(hv);
    const shownSeat = step.view!.seat;
    return h(
      "section.you.replay-controls",
      { dataset: { seat: shownSeat === undefined ? "" : String(shownSeat) } },
      h("div.prompt", { role: "status" }, `Step ${at + 1} of ${steps.length}: ${step.event ? describe(step.event, null) : ""}`),
      h(
        "div.actions",
        null,
        button("replay-start", "|◀", "to the start", () => go(0), first),
        button("replay-prev-trick", "◀◀ trick", "back one trick", () => byTrick(false), first),
        button("replay-back", "◀ step", "back one step", () => go(at - 1), first),
        button("replay-next", "step ▶", "forward one step", () => go(at + 1), last),
        button("replay-next-trick", "trick ▶▶", "forward one trick", () => byTrick(true), last),
        button("replay-end", "▶|", "to the end", () => go(steps.length - 1), last),
        h("input#replay-slider", {
          type: "range",
          min: "0",
          max: String(steps.length - 1),
          value: String(at),
          "aria-label": "step",
          oninput: (e: Event) => go(Number((e.target as HTMLInputElement).value)),
        }),
        seatList,
        handList,
      ),
      hv.result ? h("div.inline-summary", null, matchSummary(state, null), handSummary(state, null)) : null,
      shownSeat !== undefined ? h("div.hand.readonly", { "aria-label": `${seatName(shownSeat, null)}'s hand` }, hv.hand.map((c) => cardFace(c, { trump: isTrump(c, rules) }))) : null,
    );
  }

  function render(): void {
    if (!history || !steps.length) return;
    const view = steps[at].view!;
    const log = steps.slice(Math.max(0, at - 7), at + 1).flatMap((s) => (s.event ? [describe(s.event, null)] : []));
    const state: TableState = { game: history.game!, view, me: seat, you: false, log };
    mount(root, table(state, controls(state)));
  }

  async function load(forSeat: number | null, forHand: number | null): Promise<void> {
    const version = steps[at]?.event?.version;
    seat = forSeat;
    hand = forHand;
    const query = [seat !== null ? `seat=${seat}` : "", hand !== null ? `hand=${hand}` : ""].filter(Boolean).join("&");
    replaceAddress(`#/replay/${gameId}${query ? "?" + query : ""}`);
    const loaded: ReplayGameResponse[] = [];
    const request = { gameId, watchToken, ...(seat !== null ? { seat } : {}), ...(hand !== null ? { hand } : {}) };
    // A long replay comes a page at a time: each page's last step names the next page.
    let pageToken = "";
    do {
      let next = "";
      for await (const item of client.replayGame({ ...request, pageToken }, { signal: abort.signal })) {
        loaded.push(item);
        next = item.nextPageToken;
      }
      pageToken = next;
    } while (pageToken);
    steps = loaded;
    tricks = trickNumbers(steps);
    const same = version === undefined ? -1 : steps.findIndex((s) => s.event?.version === version);
    go(same >= 0 ? same : 0);
  }

  function onKey(e: KeyboardEvent): void {
    if (!steps.length || (e.target as HTMLElement).tagName === "SELECT") return;
    if (e.key === "ArrowRight") e.shiftKey ? byTrick(true) : go(at + 1);
    else if (e.key === "ArrowLeft") e.shiftKey ? byTrick(false) : go(at - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(steps.length - 1);
  }

  async function start(): Promise<void> {
    mount(root, h("p.loading", null, "Loading the replay…"));
    try {
      history = await wholeHistory({ gameId, watchToken }, abort.signal);
      if (!history.complete) {
        mount(root, h("section.panel", null, h("h2", null, "This game is still being played"), h("p", null, "A game is replayed once it is over. ", h("a", { href: `#/watch/${gameId}` }, "Watch it live"), ".")));
        return;
      }
      await load(seat, hand ?? (history.hands.length ? 1 : null));
    } catch (err) {
      if (abort.signal.aborted) return;
      const r = rejection(err);
      mount(root, h("section.panel", null, h("h2", null, "Cannot replay this game"), h("p.error", { role: "alert", dataset: { reason: r.reason } }, rejectionText(r)), h("a", { href: "#/" }, "Lobby")));
    }
  }

  document.addEventListener("keydown", onKey);
  void start();
  return () => {
    abort.abort();
    document.removeEventListener("keydown", onKey);
  };
}

/** Changes the address without leaving the screen. */
function replaceAddress(hash: string): void {
  window.history.replaceState(null, "", hash);
}
