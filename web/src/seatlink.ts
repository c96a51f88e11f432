// A seat recovered without the browser's storage: the table's creator (whose browser
// keeps the game's admin token) makes a new link for a seat, and whoever opens that
// link takes the seat back (#/seat/GAME?seat=N&token=…); the seat's old link stops
// working.

import type { VNode } from "preact";
import { client, rejection, rejectionText } from "./api.js";
import { copyButton, h, mount } from "./dom.js";
import { SeatKind, type Game } from "./gen/fenpai/rpc/v1/game_service_pb.js";
import { adminOf, saveSeat } from "./store.js";
import { seatName } from "./words.js";

/** Where a seat's token is handed over: the hash keeps it out of the server's logs. */
export function seatLink(gameId: string, seat: number, token: string): string {
  return `${location.origin}${location.pathname}#/seat/${gameId}?seat=${seat}&token=${encodeURIComponent(token)}`;
}

/** Opens a seat link: the token is checked, kept as this browser's seat, and the
 * table opens (the link leaves the browser's history). */
export function seatLinkScreen(root: HTMLElement, gameId: string, seat: number, token: string): () => void {
  const abort = new AbortController();
  mount(root, h("p.loading", null, "Taking the seat…"));
  void (async () => {
    try {
      const view = (await client.getView({ gameId, seatToken: token }, { signal: abort.signal })).view!;
      const game = (await client.getGame({ gameId }, { signal: abort.signal })).game!;
      saveSeat(gameId, game.variant, { seat: view.seat ?? seat, token });
      location.replace(`#/play/${gameId}`);
    } catch (err) {
      if (abort.signal.aborted) return;
      const r = rejection(err);
      mount(
        root,
        h(
          "section.panel",
          null,
          h("h2", null, `This link does not give seat ${seat} back`),
          h("p.error", { role: "alert", dataset: { reason: r.reason } }, rejectionText(r)),
          h("p", null, "A seat's link stops working when a newer one is made: ask the table's creator for the latest. ", h("a", { href: `#/watch/${gameId}` }, "Watch the game"), " or go to the ", h("a", { href: "#/" }, "lobby"), "."),
        ),
      );
    }
  })();
  return () => abort.abort();
}

/** A seat's new link, or why none was made. */
export type Reissued = { link: string } | { error: string };

/** The creator's tool at the table: a new link for each other player's seat, to send
 * to a player whose browser lost it. `links` holds what was made, by seat. */
export function reissueBox(game: Game, me: number, links: Map<number, Reissued>, changed: () => void): VNode | null {
  const admin = adminOf(game.gameId);
  const players = game.seats.filter((s) => s.kind === SeatKind.CLIENT && s.seat !== me);
  if (!admin || !players.length) return null;
  const reissue = async (seat: number) => {
    if (!confirm(`Make a new link for ${seatName(seat, me)}? The seat's current link and browser stop working.`)) return;
    try {
      const got = await client.reissueSeatToken({ gameId: game.gameId, adminToken: admin, seat });
      links.set(seat, { link: seatLink(game.gameId, seat, got.seatToken) });
    } catch (err) {
      links.set(seat, { error: rejectionText(rejection(err)) });
    }
    changed();
  };
  return h(
    "details.reissue",
    null,
    h("summary", null, "Reissue a seat's link"),
    h("p.muted", null, "For a player whose browser lost its seat: send them the new link."),
    players.map((s) => {
      const made = links.get(s.seat);
      return h(
        "div.invite",
        { dataset: { seat: String(s.seat) } },
        h("button", { type: "button", class: "reissue", onclick: () => void reissue(s.seat) }, `New link for ${seatName(s.seat, me)}`),
        made && "link" in made
          ? [h("input", { readOnly: true, value: made.link, "aria-label": `new link for seat ${s.seat}`, onfocus: (e: Event) => (e.target as HTMLInputElement).select() }), copyButton(made.link)]
          : null,
        made && "error" in made ? h("span.error", { role: "alert" }, made.error) : null,
      );
    }),
  );
}
