// The lobby: a new table (variant, who plays each seat, open or private, one hand or a
// match, timers), joining with an invite link, and the open games to join, watch or
// replay; and the join screen an invite link opens.

import { client, rejection, requestId } from "./api.js";
import { h, mount } from "./dom.js";
import { GameAccess, GameStatus, type Game } from "./gen/fenpai/rpc/v1/game_service_pb.js";
import { joinDone, joinRequest, myGames, saveInvites, saveSeat, seatIn } from "./store.js";
import { VARIANTS, variantName } from "./words.js";

const BOTS = ["greedy", "random"];
/** The phases with decision timers (0 turns one off). */
const TIMED_PHASES = ["deal", "bid", "trump", "kitty", "friend", "play"];

function seatCount(variant: string, fiftyKPlayers: number): number {
  if (variant === "red_five_5p") return 5;
  if (variant === "fifty_k") return fiftyKPlayers;
  return 4;
}

/** Takes a seat and keeps its token; the request id survives a reload, so a join whose
 * answer was lost is retried, not repeated. */
async function join(gameId: string, variant: string, seat: number | undefined, invite: string): Promise<void> {
  const id = joinRequest(gameId, requestId);
  const joined = await client.joinGame({ gameId, seat, invite, requestId: id });
  saveSeat(gameId, variant, { seat: joined.seat, token: joined.seatToken });
  joinDone(gameId);
}

function createForm(onError: (text: string) => void): HTMLElement {
  const variant = h(
    "select#new-variant",
    { "aria-label": "variant" },
    Object.entries(VARIANTS).map(([id, name]) => h("option", { value: id }, name)),
  );
  const players = h("select#new-players", { "aria-label": "players" }, h("option", { value: "4" }, "4 players"), h("option", { value: "3" }, "3 players"));
  const seatsBox = h("div.seat-choices");
  const access = h("select#new-access", { "aria-label": "who may join" }, h("option", { value: "open" }, "open: anyone may join"), h("option", { value: "private" }, "private: by invite"));
  const hands = h("input#new-hands", { type: "number", min: "1", max: "99", value: "1", "aria-label": "hands" });
  const toA = h("input#new-to-a", { type: "checkbox", "aria-label": "play to A" });
  const timers = h("input#new-timers", { type: "checkbox", checked: true, "aria-label": "decision timers" });
  const playersRow = h("label.row", null, "Players ", players);
  const toARow = h("label.row", null, toA, " Tractor: play the match to A (TR-30, 90-minute clock)");

  function seatsFor(): void {
    const n = seatCount(variant.value, Number(players.value));
    playersRow.hidden = variant.value !== "fifty_k";
    toARow.hidden = variant.value !== "tractor";
    mount(
      seatsBox,
      Array.from({ length: n }, (_, s) =>
        h(
          "label.seat-choice",
          null,
          `Seat ${s} `,
          h(
            `select#new-seat-${s}`,
            { "aria-label": `seat ${s}` },
            h("option", { value: "you", selected: s === 0 }, "you"),
            BOTS.map((b) => h("option", { value: `bot:${b}`, selected: s !== 0 && b === "greedy" }, `${b} bot`)),
            h("option", { value: "open" }, "another player"),
          ),
        ),
      ),
    );
  }
  variant.addEventListener("change", seatsFor);
  players.addEventListener("change", seatsFor);
  seatsFor();

  async function create(ev: Event): Promise<void> {
    ev.preventDefault();
    const v = variant.value;
    const n = seatCount(v, Number(players.value));
    const choice = Array.from({ length: n }, (_, s) => (document.getElementById(`new-seat-${s}`) as HTMLSelectElement).value);
    const mine = choice.indexOf("you");
    const bots: Record<number, string> = {};
    choice.forEach((c, s) => {
      if (c.startsWith("bot:")) bots[s] = c.slice(4);
    });
    const count = Number(hands.value) || 1;
    const match = v === "tractor" && toA.checked ? { hands: 0 } : count > 1 ? { hands: count } : undefined;
    try {
      const created = await client.createGame({
        variant: v,
        options: v === "fifty_k" ? { players: players.value } : {},
        bots,
        access: access.value === "private" ? GameAccess.PRIVATE : GameAccess.OPEN,
        timerSeconds: timers.checked ? {} : Object.fromEntries(TIMED_PHASES.map((p) => [p, 0])),
        requestId: requestId(),
        match,
      });
      const gameId = created.game!.gameId;
      const invites = Object.fromEntries(created.invites.map((i) => [String(i.seat), i.invite]));
      saveInvites(gameId, invites);
      if (mine < 0) {
        location.hash = `#/watch/${gameId}`;
        return;
      }
      await join(gameId, v, mine, invites[String(mine)] ?? "");
      location.hash = `#/play/${gameId}`;
    } catch (err) {
      const r = rejection(err);
      onError(`${r.reason}: ${r.message}`);
    }
  }

  return h(
    "form.panel#new-table",
    { onsubmit: create },
    h("h2", null, "New table"),
    h("label.row", null, "Game ", variant),
    playersRow,
    h("fieldset", null, h("legend", null, "Who plays"), seatsBox),
    h("label.row", null, "Seats ", access),
    h("label.row", null, "Hands ", hands),
    toARow,
    h("label.row", null, timers, " Decision timers (the server's defaults)"),
    h("button.primary#create", { type: "submit" }, "Create and sit down"),
  );
}

/** The game id and invite of an invite link (or of `GAME_ID INVITE`). */
function parseInvite(text: string): { gameId: string; invite: string } | null {
  const link = text.match(/#\/join\/([0-9a-f]+)(?:\?invite=([^&\s]+))?/);
  if (link) return { gameId: link[1], invite: decodeURIComponent(link[2] ?? "") };
  const words = text.trim().split(/\s+/);
  return words[0] ? { gameId: words[0], invite: words[1] ?? "" } : null;
}

function joinForm(onError: (text: string) => void): HTMLElement {
  const input = h("input#invite-link", { type: "text", placeholder: "paste an invite link", "aria-label": "invite link" });
  return h(
    "form.panel#join-table",
    {
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const parsed = parseInvite(input.value);
        if (!parsed) onError("Paste the invite link you were sent.");
        else location.hash = `#/join/${parsed.gameId}${parsed.invite ? `?invite=${encodeURIComponent(parsed.invite)}` : ""}`;
      },
    },
    h("h2", null, "Join with an invite"),
    input,
    h("button.primary", { type: "submit" }, "Join"),
  );
}

function gameRow(g: Game): HTMLElement {
  const open = g.seats.filter((s) => s.kind === 1).length;
  const links = [];
  if (seatIn(g.gameId) && g.status !== GameStatus.FINISHED) links.push(h("a.button", { href: `#/play/${g.gameId}` }, "Play"));
  else if (g.status === GameStatus.WAITING) links.push(h("a.button", { href: `#/join/${g.gameId}` }, "Join"));
  if (g.status !== GameStatus.WAITING) links.push(h("a.button", { href: `#/watch/${g.gameId}` }, "Watch"));
  if (g.status === GameStatus.FINISHED) links.push(h("a.button", { href: `#/replay/${g.gameId}` }, "Replay"));
  const what = g.status === GameStatus.WAITING ? `${open} open seat${open === 1 ? "" : "s"}` : g.status === GameStatus.FINISHED ? "finished" : g.phase;
  return h("li.game", { dataset: { game: g.gameId } }, h("span.variant", null, variantName(g.variant)), h("span.muted", null, ` · ${what}${g.match ? ` · hand ${g.match.hand}` : ""}`), h("span.links", null, links));
}

export function lobbyScreen(root: HTMLElement): () => void {
  const abort = new AbortController();
  const message = h("p.error", { role: "alert", hidden: true });
  const onError = (text: string) => {
    message.textContent = text;
    message.hidden = false;
  };
  const lists = h("div.lists", null, h("p.muted", null, "Loading the games…"));
  const mine = myGames();
  mount(
    root,
    h(
      "div.lobby",
      null,
      h("header.bar", null, h("a.home", { href: "#/" }, "fenpai"), h("span.variant", null, "分牌 · play, watch and replay")),
      message,
      h("div.lobby-grid", null, createForm(onError), joinForm(onError)),
      mine.length
        ? h("section.panel", null, h("h2", null, "Your tables"), h("ul.games", null, mine.slice(0, 8).map((g) => h("li.game", null, h("span.variant", null, variantName(g.variant)), h("span.links", null, h("a.button", { href: `#/play/${g.gameId}` }, "Open"), h("a.button", { href: `#/replay/${g.gameId}` }, "Replay"))))))
        : null,
      lists,
    ),
  );
  client
    .listGames({ pageSize: 30 }, { signal: abort.signal })
    .then((found) => {
      const by = (s: GameStatus) => found.games.filter((g) => g.status === s);
      const section = (title: string, games: Game[]) =>
        games.length ? h("section.panel", null, h("h2", null, title), h("ul.games", null, games.map(gameRow))) : null;
      const all = [
        section("Waiting for players", by(GameStatus.WAITING)),
        section("Being played", by(GameStatus.PLAYING)),
        section("Finished", by(GameStatus.FINISHED)),
      ];
      mount(lists, all.some(Boolean) ? all : h("p.muted", null, "No open games yet."));
    })
    .catch((err) => {
      if (!abort.signal.aborted) onError(`Cannot list the games: ${rejection(err).message}`);
    });
  return () => abort.abort();
}

export function joinScreen(root: HTMLElement, gameId: string, invite: string): () => void {
  const abort = new AbortController();
  if (seatIn(gameId)) {
    location.hash = `#/play/${gameId}`;
    return () => abort.abort();
  }
  mount(root, h("p.loading", null, "Taking a seat…"));
  client
    .getGame({ gameId }, { signal: abort.signal })
    .then((got) => join(gameId, got.game!.variant, undefined, invite))
    .then(() => {
      location.hash = `#/play/${gameId}`;
    })
    .catch((err) => {
      if (abort.signal.aborted) return;
      const r = rejection(err);
      mount(root, h("section.panel", null, h("h2", null, "Cannot join"), h("p.error", { role: "alert" }, `${r.reason}: ${r.message}`), h("p", null, h("a", { href: `#/watch/${gameId}` }, "Watch instead"), " · ", h("a", { href: "#/" }, "Lobby"))));
    });
  return () => abort.abort();
}
