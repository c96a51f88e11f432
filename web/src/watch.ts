// Watching a game live: the public view streamed with every event (no hand, no hidden
// action), the summaries as hands end.

import { client, rejection, rejectionText, wholeHistory } from "./api.js";
import { h, mount } from "./dom.js";
import { EventKind, GameStatus, type Game, type View } from "./gen/fenpai/rpc/v1/game_service_pb.js";
import { handSummary, matchSummary, table, type TableState } from "./table.js";
import { chatOf } from "./chat.js";
import { watchCredential } from "./store.js";
import { failedThrowsOf, historyLines, logLine } from "./words.js";

export function watchScreen(root: HTMLElement, gameId: string): () => void {
  const abort = new AbortController();
  let game: Game | null = null;
  let view: View | null = null;
  const log: string[] = [];
  const watchToken = watchCredential(gameId);
  const talk = chatOf(gameId, null, () => render());

  function render(): void {
    if (!game || !view) return;
    const state: TableState = { game, view, me: null, log };
    const over = view.handView?.result ? [matchSummary(state, null), handSummary(state, null)] : [];
    const note = h(
      "section.you.spectator",
      null,
      h("div.prompt", { role: "status" }, view.status === GameStatus.FINISHED ? "Finished" : "You are watching: every hand stays hidden"),
      view.status === GameStatus.FINISHED ? h("a.button", { href: `#/replay/${gameId}` }, "Replay it step by step") : null,
      over.length ? h("div.inline-summary", null, over) : null,
    );
    mount(root, table(state, note, talk.view(null)));
  }

  async function start(): Promise<void> {
    mount(root, h("p.loading", null, "Loading…"));
    for (;;) {
      try {
        game = (await client.getGame({ gameId }, { signal: abort.signal })).game!;
        const from = view ? view.version : game.version > 0n ? game.version - 1n : 0n;
        // The log up to `from` is the server's history, written once the first view
        // says which of the hand's throws failed.
        const earlier = view ? null : (await wholeHistory({ gameId, watchToken }, abort.signal)).events.filter((e) => e.version <= from);
        for await (const item of client.spectate({ gameId, fromVersion: from, watchToken }, { signal: abort.signal })) {
          if (earlier && !view && item.view) log.splice(0, log.length, ...historyLines(earlier, game.variant, null, failedThrowsOf(item.view.viewJson)));
          const line = item.event && logLine(item.event, item.view, null);
          if (line) log.push(line);
          if (item.event) {
            if (item.event.kind === EventKind.JOIN || item.event.kind === EventKind.HAND_START) {
              game = (await client.getGame({ gameId }, { signal: abort.signal })).game!;
            }
          }
          view = item.view ?? view;
          render();
        }
        return;
      } catch (err) {
        if (abort.signal.aborted) return;
        const r = rejection(err);
        if (!view) {
          mount(root, h("section.panel", null, h("h2", null, "Cannot watch this game"), h("p.error", { role: "alert", dataset: { reason: r.reason } }, rejectionText(r)), h("a", { href: "#/" }, "Lobby")));
          return;
        }
        await new Promise((done) => setTimeout(done, 1000));
      }
    }
  }

  void start();
  return () => {
    abort.abort();
    talk.stop();
  };
}
