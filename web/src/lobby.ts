// The lobby: a new table (variant, its setup, house rules by preset or one by one, who
// plays each seat, open or private, one hand or a match, timers), joining with an invite link, and the open games to join, watch or
// replay; and the join screen an invite link opens.

import type { VNode } from "preact";
import { client, rejection, rejectionText, requestId } from "./api.js";
import { h, mount } from "./dom.js";
import { GameAccess, GameStatus, SeatKind, type Game } from "./gen/fenpai/rpc/v1/game_service_pb.js";
import { joinDone, joinRequest, myGames, playerName, saveAdmin, saveInvites, savePlayerName, saveSeat, saveWatch, seatIn } from "./store.js";
import { optionLabel, presetOf, sameValue, variantInfo, variants } from "./variants.js";
import { VARIANTS, nameProblem, phaseName, variantName } from "./words.js";

/** The bots a seat may be given: the built-in ones until the server lists its own
 * (ListBots: the built-in bots and the policies it registered). */
const BUILT_IN = ["greedy", "ismcts", "random"];
let bots = BUILT_IN;
/** The search bot's strengths offered: simulations per decision (`ismcts:N`). */
const SEARCH_STRENGTHS: [number, string][] = [
  [100, "quick"],
  [1000, "strong"],
];
/** The phases with decision timers (0 turns one off), and Fifty-K's tribute (FKO-42). */
const TIMED_PHASES = ["deal", "bid", "trump", "kitty", "friend", "tribute", "play"];

/** The seats of a game of `variant` with `options`: its option `players` where it has one
 * (Fifty-K, FK-1), else its one number of players. */
function seatCount(variant: string, options: Record<string, string>): number {
  const info = variantInfo(variant);
  if (!info) return variant === "red_five_5p" ? 5 : 4;
  const chosen = Number(options["players"] ?? info.options.find((o) => o.name === "players")?.defaultValue);
  return info.players.includes(chosen) ? chosen : info.players[0];
}

/** Takes a seat and keeps its token; the request id survives a reload, so a join whose
 * answer was lost is retried, not repeated. */
async function join(gameId: string, variant: string, seat: number | undefined, invite: string): Promise<void> {
  const id = joinRequest(gameId, requestId);
  const name = playerName().trim();
  const problem = nameProblem(name);
  if (problem) throw new Error(problem);
  const joined = await client.joinGame({ gameId, seat, invite, requestId: id, name });
  saveSeat(gameId, variant, { seat: joined.seat, token: joined.seatToken });
  joinDone(gameId);
}

/** The new-table form's choices. */
interface Choices {
  variant: string;
  /** The options set away from their defaults: name -> value as JSON text. */
  options: Record<string, string>;
  /** Per seat: "you", "bot:NAME" or "open". */
  seats: string[];
  access: "open" | "private";
  hands: number;
  toA: boolean;
  timers: boolean;
  /** The deal's seed as decimal text; empty: the server draws a secret one. */
  seed: string;
}

function defaultSeats(n: number): string[] {
  return Array.from({ length: n }, (_, s) => (s === 0 ? "you" : `bot:${bots[0]}`));
}

async function create(c: Choices): Promise<void> {
  const mine = c.seats.indexOf("you");
  const bots: Record<number, string> = {};
  c.seats.forEach((choice, s) => {
    if (choice.startsWith("bot:")) bots[s] = choice.slice(4);
  });
  const match = c.variant === "tractor" && c.toA ? { hands: 0 } : c.hands > 1 ? { hands: c.hands } : undefined;
  const seed = c.seed.trim();
  if (seed && !/^\d{1,20}$/.test(seed)) throw new Error("the seed is a whole number (or nothing, for a secret one)");
  const created = await client.createGame({
    ...(seed ? { seed: BigInt(seed) } : {}),
    variant: c.variant,
    options: c.options,
    bots,
    access: c.access === "private" ? GameAccess.PRIVATE : GameAccess.OPEN,
    timerSeconds: c.timers ? {} : Object.fromEntries(TIMED_PHASES.map((p) => [p, 0])),
    requestId: requestId(),
    match,
  });
  const gameId = created.game!.gameId;
  const invites = Object.fromEntries(created.invites.map((i) => [String(i.seat), i.invite]));
  saveInvites(gameId, invites);
  saveAdmin(gameId, created.adminToken);
  saveWatch(gameId, created.watchToken);
  if (mine < 0) {
    location.hash = `#/watch/${gameId}`;
    return;
  }
  await join(gameId, c.variant, mine, invites[String(mine)] ?? "");
  location.hash = `#/play/${gameId}`;
}

/** A new table like `game` (its variant, its setup and rules of play, bots and timers; a
 * fresh secret seed), the viewer at `seat` again and the other players' seats open. */
export async function playAgain(game: Game, seat: number): Promise<void> {
  const kept = (variantInfo(game.variant)?.options ?? []).filter((o) => o.values.length && !sameValue(game.options[o.name] ?? o.defaultValue, o.defaultValue));
  const choices: Choices = {
    variant: game.variant,
    options: Object.fromEntries(kept.map((o) => [o.name, game.options[o.name]])),
    seats: game.seats.map((s) => (s.seat === seat ? "you" : s.kind === SeatKind.BOT ? `bot:${s.bot}` : "open")),
    access: game.access === GameAccess.PRIVATE ? "private" : "open",
    hands: Math.max(1, game.match?.hands ?? 1),
    toA: game.variant === "tractor" && !!game.match && !game.match.hands,
    timers: !Object.values(game.timerSeconds).every((t) => t === 0),
    seed: "",
  };
  await create(choices);
}

function createForm(c: Choices, change: (next: Partial<Choices>) => void, onError: (text: string) => void): VNode {
  const value = (e: Event) => (e.target as HTMLInputElement | HTMLSelectElement).value;
  const checked = (e: Event) => (e.target as HTMLInputElement).checked;
  const setVariant = (variant: string) => change({ variant, options: {}, seats: defaultSeats(seatCount(variant, {})) });
  const setOptions = (options: Record<string, string>) => {
    const seats = seatCount(c.variant, options);
    change(seats === c.seats.length ? { options } : { options, seats: defaultSeats(seats) });
  };
  const offered = variants().length ? variants().map((v): [string, string] => [v.id, v.name]) : Object.entries(VARIANTS);
  const submit = (ev: Event) => {
    ev.preventDefault();
    create(c).catch((err) => {
      const r = rejection(err);
      onError(rejectionText(r));
    });
  };
  return h(
    "form.panel#new-table",
    { onsubmit: submit },
    h("h2", null, "New table"),
    nameField(onError),
    h(
      "label.row",
      null,
      "Game ",
      h("select#new-variant", { "aria-label": "variant", value: c.variant, onchange: (e: Event) => setVariant(value(e)) }, offered.map(([id, name]) => h("option", { value: id }, name))),
    ),
    setupFields(c, setOptions),
    houseRules(c, setOptions),
    h(
      "fieldset",
      null,
      h("legend", null, "Who plays"),
      h(
        "div.seat-choices",
        null,
        c.seats.map((choice, s) =>
          h(
            "label.seat-choice",
            null,
            `Seat ${s} `,
            h(
              `select#new-seat-${s}`,
              { "aria-label": `seat ${s}`, value: choice, onchange: (e: Event) => change({ seats: c.seats.map((x, i) => (i === s ? value(e) : x)) }) },
              h("option", { value: "you" }, "you"),
              bots.map((b) => h("option", { value: `bot:${b}` }, b === "ismcts" ? "ismcts bot (search)" : `${b} bot`)),
              SEARCH_STRENGTHS.map(([n, word]) => h("option", { value: `bot:ismcts:${n}` }, `ismcts bot, ${word} (${n} playouts)`)),
              h("option", { value: "open" }, "another player"),
            ),
          ),
        ),
      ),
    ),
    h(
      "label.row",
      null,
      "Seats ",
      h("select#new-access", { "aria-label": "who may join", value: c.access, onchange: (e: Event) => change({ access: value(e) as Choices["access"] }) }, h("option", { value: "open" }, "open: anyone may join"), h("option", { value: "private" }, "private: by invite")),
    ),
    h(
      "label.row",
      null,
      "Hands ",
      h("input#new-hands", {
        type: "number",
        min: "1",
        max: "99",
        value: String(c.hands),
        "aria-label": "hands",
        onchange: (e: Event) => {
          const hands = Number(value(e));
          if (Number.isInteger(hands) && hands >= 1 && hands <= 99) change({ hands });
          else {
            onError("Hands: a whole number from 1 to 99.");
            (e.target as HTMLInputElement).value = String(c.hands);
          }
        },
      }),
    ),
    c.variant === "tractor"
      ? h("label.row", null, h("input#new-to-a", { type: "checkbox", checked: c.toA, onchange: (e: Event) => change({ toA: checked(e) }) }), " Play the match to A (TR-30, 90-minute clock)")
      : null,
    h("label.row", null, "Seed ", h("input#new-seed", { type: "text", inputmode: "numeric", placeholder: "secret (recommended)", value: c.seed, "aria-label": "seed", onchange: (e: Event) => change({ seed: value(e) }) }), h("span.muted", null, " whoever knows it can work out every hand")),
    h("label.row", null, h("input#new-timers", { type: "checkbox", checked: c.timers, onchange: (e: Event) => change({ timers: checked(e) }) }), " Decision timers (the server's defaults)"),
    h("button.primary#create", { type: "submit" }, "Create and sit down"),
  );
}

/** `options` with `name` at `value` (JSON text); at its default the option is left out. */
function withOption(c: Choices, name: string, value: string): Record<string, string> {
  const option = variantInfo(c.variant)?.options.find((o) => o.name === name);
  const { [name]: _, ...rest } = c.options;
  return option && sameValue(value, option.defaultValue) ? rest : { ...rest, [name]: value };
}

/** A value's line as a choice: "Four players in two teams" (its period left out). */
function choiceText(about: string): string {
  return about.replace(/\.$/, "");
}

/** The options that set the table up (players, decks), each a choice of its values. */
function setupFields(c: Choices, set: (options: Record<string, string>) => void): VNode[] {
  const setup = (variantInfo(c.variant)?.options ?? []).filter((o) => o.setup && o.values.length);
  return setup.map((o) =>
    h(
      "label.row",
      null,
      `${optionLabel(o.name)} `,
      h(
        `select#new-${o.name}`,
        { "aria-label": o.name, value: c.options[o.name] ?? o.defaultValue, onchange: (e: Event) => set(withOption(c, o.name, (e.target as HTMLSelectElement).value)) },
        o.values.map((v) => h("option", { value: v.value }, choiceText(v.about))),
      ),
    ),
  );
}

/** The house rules: the variant's presets, one click each, and under "Advanced" every
 * option of the play (the setup's are above) with its values and their rules. */
function houseRules(c: Choices, set: (options: Record<string, string>) => void): VNode | null {
  const info = variantInfo(c.variant);
  if (!info) return null;
  const preset = presetOf(info, c.options);
  const choose = (id: string) => {
    const chosen = info.presets.find((p) => p.id === id);
    if (!chosen) return;
    const kept = Object.fromEntries(Object.entries(c.options).filter(([name]) => !info.options.find((o) => o.name === name)?.houseRule));
    set({ ...kept, ...chosen.options });
  };
  const advanced = info.options.filter((o) => !o.setup);
  return h(
    "fieldset.house-rules",
    null,
    h("legend", null, "House rules"),
    info.presets.length > 1
      ? h(
          "div.presets",
          { role: "radiogroup", "aria-label": "house-rule presets" },
          info.presets.map((p) =>
            h(
              "label.preset",
              null,
              h(`input#preset-${p.id}`, { type: "radio", name: "preset", value: p.id, checked: preset?.id === p.id, onchange: () => choose(p.id) }),
              h("span.preset-text", null, h("span.preset-name", null, p.name), h("span.preset-about", null, p.about)),
            ),
          ),
        )
      : h("p.muted", null, "The seeds' rules; set any option under Advanced."),
    preset ? null : h("p.muted#own-rules", null, "Your own house rules, as set under Advanced."),
    h(
      "details#advanced",
      null,
      h("summary", null, "Advanced: each option"),
      advanced.map((o) => {
        const current = c.options[o.name] ?? o.defaultValue;
        const id = `new-option-${o.name}`;
        const control = o.values.length
          ? h(
              `select#${id}`,
              { value: current, onchange: (e: Event) => set(withOption(c, o.name, (e.target as HTMLSelectElement).value)) },
              o.values.map((v) => h("option", { value: v.value }, `${choiceText(v.about)} (${v.rule})`)),
            )
          : h(`input#${id}`, {
              type: "text",
              value: current,
              onchange: (e: Event) => {
                const text = (e.target as HTMLInputElement).value.trim() || o.defaultValue;
                set(withOption(c, o.name, text));
              },
            });
        return h(
          "label.option",
          { dataset: { option: o.name } },
          h("span.option-name", null, optionLabel(o.name), h("span.rule-id", null, ` ${o.rules.join(", ")}`)),
          h("span.option-about", { title: o.allowed }, o.about),
          control,
        );
      }),
    ),
  );
}

/** The game id and invite of an invite link (or of `GAME_ID INVITE`). */
function parseInvite(text: string): { gameId: string; invite: string } | null {
  const link = text.match(/#\/join\/([0-9a-f]+)(?:\?invite=([^&\s]+))?/);
  if (link) return { gameId: link[1], invite: decodeURIComponent(link[2] ?? "") };
  const words = text.trim().split(/\s+/);
  return words[0] ? { gameId: words[0], invite: words[1] ?? "" } : null;
}

/** The name being typed, kept across the lobby's redraws (a list arriving mid-typing
 * must not put back the saved name); null when nothing is being typed. */
let typedName: string | null = null;

/** The player's name, kept by the browser and sent with every seat it takes. */
function nameField(onError: (text: string) => void): VNode {
  return h(
    "label.row",
    null,
    "Your name ",
    h("input#player-name", {
      type: "text",
      maxLength: 20,
      placeholder: "shown to the table (optional)",
      value: typedName ?? playerName(),
      "aria-label": "your name",
      oninput: (e: Event) => {
        typedName = (e.target as HTMLInputElement).value;
      },
      onchange: (e: Event) => {
        const text = (e.target as HTMLInputElement).value;
        typedName = null;
        const problem = nameProblem(text);
        if (problem) onError(problem);
        else {
          savePlayerName(text.trim());
          onError("");
        }
      },
    }),
  );
}

function ago(seconds: number): string {
  const s = Math.max(0, Date.now() / 1000 - seconds);
  if (s < 90) return "just now";
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  if (s < 129600) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} days ago`;
}

function joinForm(onError: (text: string) => void): VNode {
  let link = "";
  return h(
    "form.panel#join-table",
    {
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const parsed = parseInvite(link);
        if (!parsed) onError("Paste the invite link you were sent.");
        else location.hash = `#/join/${parsed.gameId}${parsed.invite ? `?invite=${encodeURIComponent(parsed.invite)}` : ""}`;
      },
    },
    h("h2", null, "Join with an invite"),
    h("input#invite-link", { type: "text", placeholder: "paste an invite link", "aria-label": "invite link", oninput: (e: Event) => (link = (e.target as HTMLInputElement).value) }),
    h("button.primary", { type: "submit" }, "Join"),
  );
}

function gameRow(g: Game): VNode {
  const open = g.seats.filter((s) => s.kind === 1).length;
  const links = [];
  if (seatIn(g.gameId) && g.status !== GameStatus.FINISHED) links.push(h("a.button", { href: `#/play/${g.gameId}` }, "Play"));
  else if (g.status === GameStatus.WAITING) links.push(h("a.button", { href: `#/join/${g.gameId}` }, "Join"));
  if (g.status !== GameStatus.WAITING) links.push(h("a.button", { href: `#/watch/${g.gameId}` }, "Watch"));
  if (g.status === GameStatus.FINISHED) links.push(h("a.button", { href: `#/replay/${g.gameId}` }, "Replay"));
  const what = g.status === GameStatus.WAITING ? `${open} open seat${open === 1 ? "" : "s"}` : g.status === GameStatus.FINISHED ? "finished" : phaseName(g.phase);
  const who = g.seats.map((s) => (s.kind === SeatKind.BOT ? `${s.bot} bot` : s.kind === SeatKind.OPEN ? "open" : s.name || `seat ${s.seat}`)).join(", ");
  const when = g.createTime ? ago(Number(g.createTime.seconds)) : "";
  return h(
    "li.game",
    { dataset: { game: g.gameId } },
    h("span.variant", null, variantName(g.variant)),
    h("span.muted", null, ` · ${g.numPlayers} seats · ${what}${g.match ? ` · hand ${g.match.hand}` : ""}${when ? ` · ${when}` : ""}`),
    h("span.who", null, who),
    h("span.links", null, links),
  );
}

export function lobbyScreen(root: HTMLElement): () => void {
  const abort = new AbortController();
  let choices: Choices = { variant: "tractor", options: {}, seats: defaultSeats(4), access: "open", hands: 1, toA: false, timers: true, seed: "" };
  let error = "";
  let games: Game[] | null = null;
  const joinPanel = joinForm((text) => {
    error = text;
    render();
  });
  const mine = myGames();

  function lists(): VNode {
    if (games === null) return h("p.muted", null, "Loading the games…");
    const by = (s: GameStatus) => games!.filter((g) => g.status === s);
    const section = (title: string, found: Game[]) =>
      found.length ? h("section.panel", null, h("h2", null, title), h("ul.games", null, found.map(gameRow))) : null;
    const all = [section("Waiting for players", by(GameStatus.WAITING)), section("Being played", by(GameStatus.PLAYING)), section("Finished", by(GameStatus.FINISHED))];
    return h("div.lists", null, all.some(Boolean) ? all : h("p.muted", null, "No open games yet."));
  }

  function render(): void {
    mount(
      root,
      h(
        "div.lobby",
        null,
        h("header.bar", null, h("a.home", { href: "#/" }, "fenpai"), h("span.variant", null, "分牌 · play, watch and replay")),
        error ? h("p.error", { role: "alert" }, error) : null,
        h(
          "div.lobby-grid",
          null,
          createForm(
            choices,
            (next) => {
              choices = { ...choices, ...next };
              render();
            },
            (text) => {
              error = text;
              render();
            },
          ),
          joinPanel,
        ),
        mine.length
          ? h("section.panel", null, h("h2", null, "Your tables"), h("ul.games", null, mine.slice(0, 8).map((g) => h("li.game", null, h("span.variant", null, variantName(g.variant)), h("span.links", null, h("a.button", { href: `#/play/${g.gameId}` }, "Open"), h("a.button", { href: `#/replay/${g.gameId}` }, "Replay"))))))
          : null,
        lists(),
      ),
    );
  }

  render();
  client
    .listBots({}, { signal: abort.signal })
    .then((found) => {
      const own = found.names.filter((n) => !n.includes(":") && !BUILT_IN.includes(n));
      bots = [...BUILT_IN, ...own];
      render();
    })
    .catch(() => undefined); // an older server: the built-in bots
  client
    .listGames({ pageSize: 30 }, { signal: abort.signal })
    .then((found) => {
      games = found.games;
      render();
    })
    .catch((err) => {
      if (abort.signal.aborted) return;
      error = `Cannot list the games: ${rejection(err).message}`;
      games = [];
      render();
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
      mount(root, h("section.panel", null, h("h2", null, "Cannot join"), h("p.error", { role: "alert", dataset: { reason: r.reason } }, rejectionText(r)), h("p", null, h("a", { href: `#/watch/${gameId}` }, "Watch instead"), " · ", h("a", { href: "#/" }, "Lobby"))));
    });
  return () => abort.abort();
}
