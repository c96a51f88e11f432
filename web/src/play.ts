// Playing a seat: the seat's view streamed as it changes, its hand (strongest first,
// trumps marked), cards selected by clicking with the legal plays highlighted, the
// phase's actions as buttons, and the engine's reason when an action is refused.

import type { VNode } from "preact";
import { client, isConnectionLoss, rejection, rejectionText, type Rejection, wholeHistory } from "./api.js";
import { chatOf } from "./chat.js";
import { cueSettings, saveCueSettings, setTurnTitle, tone } from "./cues.js";
import { dealReveal } from "./deal.js";
import { actionText, cardFace, cardText, withSymbols, isTrump, sameCards, within, SUIT_NAME, SUIT_SYMBOL } from "./cards.js";
import { copyButton, h, mount } from "./dom.js";
import { EventKind, GameAccess, GameStatus, type Game, type View } from "./gen/fenpai/rpc/v1/game_service_pb.js";
import { playAgain } from "./lobby.js";
import { reissueBox, type Reissued } from "./seatlink.js";
import { dealShown, invitesOf, markDealShown, seatIn, watchOf } from "./store.js";
import { deadlineMs, factsOf, finalDialog, handSummary, table, timerAt, trumpRules, type TableState } from "./table.js";
import { failedThrowsOf, historyLines, logLine, prompt, seatName, tributeDue } from "./words.js";

/** An action of the phase's card actions (`play`, `bury`): its verb, cards and `as`. */
interface CardAction {
  text: string;
  verb: string;
  cards: string[];
  as: string;
}

function parseCardAction(text: string): CardAction | null {
  const [verb, ...rest] = text.split(" ");
  if (verb !== "play" && verb !== "bury") return null;
  const at = rest.indexOf("as");
  return {
    text,
    verb,
    cards: at < 0 ? rest : rest.slice(0, at),
    as: at < 0 ? "" : rest.slice(at + 1).join(" "),
  };
}

/** A button's label for a non-card action: "Bid 65", "♥ hearts", "Call A♥", "Pass". */
function label(action: string): string {
  const [verb, ...rest] = action.split(" ");
  if (verb === "trump") return `${SUIT_SYMBOL[rest[0]]} ${SUIT_NAME[rest[0]]}`;
  if (action === "call solo") return "Play alone";
  const text = actionText(action);
  return text[0].toUpperCase() + text.slice(1);
}

/** The most actions shown as buttons; more are a list to choose from. */
const MAX_BUTTONS = 12;

export function playScreen(root: HTMLElement, gameId: string): () => void {
  const abort = new AbortController();
  const saved = seatIn(gameId);
  if (!saved) {
    mount(
      root,
      h(
        "section.panel",
        null,
        h("h2", null, "You have no seat at this table"),
        h("p", null, h("a", { href: `#/watch/${gameId}` }, "Watch it"), " or ", h("a", { href: "#/" }, "go back to the lobby"), "."),
        h("p", null, "If you had a seat here and this browser lost it, ask the table's creator for a new link to it (they can make one from their page)."),
      ),
    );
    return () => abort.abort();
  }
  const { seat, token } = saved;
  const talk = chatOf(gameId, token, () => render());
  let game: Game | null = null;
  let view: View | null = null;
  const log: string[] = [];
  let selected: number[] = [];
  let error: Rejection | null = null;
  let choices: CardAction[] = [];
  let busy = false;
  let summary: TableState | null = null;
  let summaryClosed = false;
  let autoPassed = -1n;
  /** The action chosen in the list of many (a bid). */
  let listed = "";
  /** The engine's preferred actions of the seat, best first, at a version. */
  let advice: { version: bigint; actions: string[] } = { version: -1n, actions: [] };
  let adviceAsked = -1n;
  /** The stream to the server: up, lost (the page retries), or back a moment ago. */
  let connection: "up" | "lost" | "back" = "up";
  /** The version whose turn was announced, and whose timer's end was warned of. */
  let announced = -1n;
  let warned = -1n;
  /** The hand's card that keyboard focus rests on. */
  let focusAt = 0;
  /** The deal as it reaches the hand, a card at a time. */
  const deal = dealReveal(() => render());
  let firstView = true;
  /** The seats' new links made by the table's creator, by seat. */
  const seatLinks = new Map<number, Reissued>();

  const state = (): TableState => ({ game: game!, view: view!, me: seat, log });

  async function refreshGame(): Promise<void> {
    game = (await client.getGame({ gameId }, { signal: abort.signal })).game ?? game;
  }

  function hand(): string[] {
    return view?.handView?.hand ?? [];
  }

  function myTurn(): boolean {
    return !!view && view.status === GameStatus.PLAYING && view.toAct.includes(seat);
  }

  /** A deal question whose only answer is pass, which the page answers; never Fifty-K's
   * tribute or return, which end its deal (FKO-42). */
  function dealPass(v: View): boolean {
    return v.phase === "deal" && v.legalActions.length < 2 && !tributeDue(v.handView);
  }

  /** The seat has something to decide (a deal question whose only answer is pass is
   * passed by the page): the whole hand shows at once, the deal never holds it back. */
  function mustDecide(): boolean {
    return myTurn() && !dealPass(view!);
  }

  async function act(action: string): Promise<void> {
    if (!view) return;
    busy = true;
    error = null;
    choices = [];
    render();
    try {
      // expectedVersion: an action chosen on this view is refused (STALE_VERSION), never
      // applied to a later turn, if a timer or the next hand came first
      await client.act({ gameId, seatToken: token, action, clientSeq: view.version + 1n, expectedVersion: view.version }, { signal: abort.signal });
      selected = [];
    } catch (err) {
      if (!abort.signal.aborted) error = rejection(err);
    }
    busy = false;
    render();
  }

  function submitSelection(cardActs: CardAction[], verb: string): void {
    const cards = selected.map((i) => hand()[i]);
    const exact = cardActs.filter((a) => sameCards(a.cards, cards));
    if (exact.length === 1) void act(exact[0].text);
    else if (exact.length > 1) {
      choices = exact;
      render();
    } else void act(`${verb} ${cards.join(" ")}`);
  }

  /** Selects the cards of a suggested play, copies picked from the hand in order. */
  function select(cards: string[]): void {
    const picked: number[] = [];
    const cs = hand();
    for (const c of cards) {
      const i = cs.findIndex((x, j) => x === c && !picked.includes(j));
      if (i >= 0) picked.push(i);
    }
    selected = picked;
    error = null;
    choices = [];
    render();
  }

  function toggle(i: number): void {
    selected = selected.includes(i) ? selected.filter((j) => j !== i) : [...selected, i];
    error = null;
    choices = [];
    render();
  }

  /** Keyboard play in the hand: arrows move the focus from card to card (up and down
   * by a row's worth), space picks the focused card (the button's own click), Enter
   * plays the cards picked, Escape clears them. */
  function handKeys(e: KeyboardEvent): void {
    const n = hand().length;
    const row = Math.max(1, Math.round((root.querySelector(".you .hand")?.clientWidth ?? 0) / ((root.querySelector(".you .hand .card") as HTMLElement | null)?.offsetWidth || 1)));
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -row, ArrowDown: row, Home: -n, End: n };
    if (e.key in moves) {
      e.preventDefault();
      focusAt = Math.max(0, Math.min(n - 1, focusAt + moves[e.key]));
      render();
      root.querySelector<HTMLElement>(`.you .hand .card[data-index="${focusAt}"]`)?.focus();
    } else if (e.key === "Enter") {
      e.preventDefault();
      root.querySelector<HTMLButtonElement>("#submit:not([disabled])")?.click();
    } else if (e.key === "Escape") {
      select([]);
    }
  }

  /** P passes, from anywhere on the screen but a text field, when passing is legal. */
  function pageKeys(e: KeyboardEvent): void {
    const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement;
    if (deal.dealing() && !e.ctrlKey && !e.metaKey && !e.altKey && !typing) {
      deal.skip();
      return;
    }
    if (!typing && (e.key === "p" || e.key === "P") && !e.ctrlKey && !e.metaKey && !e.altKey) {
      root.querySelector<HTMLButtonElement>(".you.my-turn button.action[data-action='pass']:not([disabled])")?.click();
    }
  }
  document.addEventListener("keydown", pageKeys);

  function handArea(cardActs: CardAction[], complete: boolean, turn: boolean): VNode {
    const cs = hand();
    const rules = trumpRules(view!.handView!);
    // The legal plays that hold the selection; none: the selection is no start of a
    // legal play, and the cards legal on their own are shown instead.
    let chosen = selected.map((i) => cs[i]);
    let open = cardActs.filter((a) => within(chosen, a.cards));
    if (!open.length) {
      chosen = [];
      open = cardActs;
    }
    const kitty = [...(view!.handView!.kittyCards ?? [])];
    const trumps = cs.filter((c) => isTrump(c, rules)).length;
    focusAt = Math.min(focusAt, Math.max(0, cs.length - 1));
    const dealt = deal.shown(cs);
    return h(
      "div.hand",
      {
        role: "group",
        "aria-label": `your hand, ${cs.length} cards, ${trumps} trumps; arrows move, space picks, Enter plays`,
        dataset: { dealing: String(deal.dealing()) },
        onkeydown: handKeys,
        onclick: () => deal.skip(),
      },
      cs.map((c, i) => {
        if (!dealt[i]) return null;
        const isSelected = selected.includes(i);
        // On the seat's turn: a card is legal when some legal action holds it with the
        // cards already selected; with the list cut short (a lead: every card is), no
        // card is marked either way.
        let legal: boolean | undefined;
        if (turn && cardActs.length && complete) {
          legal = isSelected || open.some((a) => within([...chosen, c], a.cards));
        }
        const k = kitty.indexOf(c);
        if (k >= 0) kitty.splice(k, 1);
        return cardFace(c, {
          trump: isTrump(c, rules),
          fromKitty: k >= 0,
          selected: isSelected,
          legal,
          index: i,
          tabStop: i === focusAt,
          onclick: turn && cardActs.length ? () => { focusAt = i; toggle(i); } : undefined,
        });
      }),
    );
  }

  function actions(): VNode {
    const v = view!;
    const hv = v.handView!;
    const turn = myTurn();
    const legal = turn ? v.legalActions : [];
    const cardActs = legal.map(parseCardAction).filter((a): a is CardAction => a !== null);
    const others = legal.filter((a) => parseCardAction(a) === null);
    const complete = Number(v.numLegal) <= legal.length;
    const kittyStage = factsOf(hv).kittyStage; // TRO-112: "steal" asks for a declaration
    const verb = hv.phase === "kitty" && kittyStage !== "steal" ? "bury" : "play";
    const waiting = v.toAct.map((s) => seatName(s, seat)).join(", ");
    const line =
      v.status === GameStatus.WAITING
        ? "Waiting for every seat to be taken"
        : v.status === GameStatus.FINISHED
          ? "The game is over"
          : turn
            ? `Your turn: ${prompt(hv.phase, hv.variant, hv.buryCount, kittyStage || tributeDue(hv)).toLowerCase()}`
            : v.toAct.length
              ? `Waiting for ${waiting}`
              : "Next hand coming";
    const buttons: VNode[] = [];
    const best = advice.version === v.version ? advice.actions[0] : undefined;
    const actionButton = (a: string, text: string) =>
      h(
        "button.action",
        { type: "button", disabled: busy, class: a === best ? "suggested" : "", title: a === best ? "the engine's choice" : undefined, dataset: { action: a }, onclick: () => void act(a) },
        text,
        a === best ? h("span.star", { "aria-label": "suggested" }, " ★") : null,
      );
    if (cardActs.length) {
      const n = selected.length;
      buttons.push(
        h(
          "button.primary#submit",
          { type: "button", disabled: busy || n === 0, onclick: () => submitSelection(cardActs, verb) },
          verb === "bury" ? `Bury ${n} of ${hv.buryCount}` : n ? `Play ${n} card${n > 1 ? "s" : ""}` : "Play",
        ),
      );
      if (n) buttons.push(h("button", { type: "button", onclick: () => select([]) }, "Clear"));
    }
    const pass = others.includes("pass");
    const rest = others.filter((a) => a !== "pass");
    if (rest.length > MAX_BUTTONS) {
      if (!rest.includes(listed)) listed = rest[0];
      const list = h(
        "select#action-list",
        { "aria-label": "choose an action", value: listed, onchange: (e: Event) => (listed = (e.target as HTMLSelectElement).value) },
        rest.map((a) => h("option", { value: a }, label(a))),
      );
      buttons.push(list, h("button.primary", { type: "button", disabled: busy, onclick: () => void act(listed) }, "Go"));
    } else {
      for (const a of rest) buttons.push(actionButton(a, label(a)));
    }
    if (pass) buttons.push(actionButton("pass", "Pass"));
    const advised = advice.version === v.version ? advice.actions : [];
    const suggestions = advised.map(parseCardAction).filter((a): a is CardAction => a !== null);
    const trumpRulesNow = trumpRules(hv);
    return h(
      "section.you",
      { class: turn ? "my-turn" : "" },
      h("div.prompt", { role: "status" }, line, turn && deadlineMs(v) !== null ? timerAt(deadlineMs(v)!, true) : null),
      choices.length
        ? h("div.choices", null, "Play these cards as: ", choices.map((c) => h("button.action", { type: "button", onclick: () => void act(c.text) }, c.as.replace(/_/g, " "))))
        : null,
      buttons.length ? h("div.actions", null, buttons) : null,
      deal.dealing()
        ? h(
            "div.dealing",
            { role: "status" },
            `Dealing: ${deal.shown(hand()).filter(Boolean).length} of ${hand().length} cards `,
            h("button#skip-deal", { type: "button", onclick: () => deal.skip() }, "Skip"),
            h("span.muted", null, " (or press any key)"),
          )
        : null,
      suggestions.length
        ? h(
            "div.suggestions",
            null,
            h("span.muted", { title: "the engine's preferred plays, best first" }, "Suggested:"),
            suggestions.map((a) =>
              h(
                "button.chip",
                { type: "button", dataset: { action: a.text }, onclick: () => select(a.cards), title: actionText(a.text) },
                a.cards.map((c) => h("span", { class: isTrump(c, trumpRulesNow) ? "trump" : "" }, cardText(c))),
                a.as ? h("span.muted", null, ` as ${a.as.replace(/_/g, " ")}`) : null,
              ),
            ),
          )
        : null,
      error
        ? h(
            "div.error",
            { role: "alert", dataset: { reason: error.reason } },
            error.reason === "ILLEGAL_ACTION" ? h("strong", null, "Not allowed: ") : null,
            withSymbols(error.reason === "ILLEGAL_ACTION" ? error.message : rejectionText(error)),
            error.rule ? h("span.rule", null, ` (rule ${error.rule})`) : null,
          )
        : null,
      handArea(cardActs, complete, turn),
    );
  }

  function waitingBox(): VNode | null {
    if (!view || !game || view.status !== GameStatus.WAITING) return null;
    const invites = invitesOf(gameId);
    const base = `${location.origin}${location.pathname}#/join/${gameId}`;
    const open = game.seats.filter((s) => s.kind === 1).map((s) => s.seat);
    const watch = watchOf(gameId);
    const watchLink = watch ? `${location.origin}${location.pathname}#/watch/${gameId}?watch=${watch}` : "";
    return h(
      "div.invites",
      null,
      h("h3", null, "Waiting for players"),
      game.access === GameAccess.PRIVATE
        ? open.map((s) =>
            invites[s]
              ? h("div.invite", null, h("span", null, `Seat ${s}: `), h("input", { readOnly: true, value: `${base}?invite=${invites[s]}`, "aria-label": `invite link for seat ${s}`, onfocus: (e: Event) => (e.target as HTMLInputElement).select() }), copyButton(`${base}?invite=${invites[s]}`))
              : h("div.invite", null, `Seat ${s}: open`),
          )
        : h("div.invite", null, h("span", null, "Share: "), h("input", { readOnly: true, value: base, "aria-label": "join link", onfocus: (e: Event) => (e.target as HTMLInputElement).select() })),
      watchLink ? h("div.invite", null, h("span", null, "Watch link: "), h("input", { readOnly: true, value: watchLink, "aria-label": "watch link", onfocus: (e: Event) => (e.target as HTMLInputElement).select() }), copyButton(watchLink)) : null,
    );
  }

  function render(): void {
    if (!game || !view) return;
    // A live game's last summary is a panel beside the table, never over the seat's
    // controls (the next hand's first decision may already be timed); only a finished
    // game, where nobody has a decision left, shows it as a dialog.
    const hide = () => {
      summaryClosed = true;
      render();
    };
    const live = view.status !== GameStatus.FINISHED;
    const shown = summary && !summaryClosed ? summary : null;
    const panel = shown && live ? h("div.summary-panel", { role: "region", "aria-label": "last hand's summary" }, handSummary(shown, hide)) : null;
    const again2 = h("button#dialog-play-again", { type: "button", onclick: () => void playAgain(game!, seat).catch((err) => { error = rejection(err); hide(); }) }, "Play again");
    const dialog = shown && !live ? finalDialog(shown, hide, [again2, h("a.button", { href: "#/" }, "Back to the lobby")]) : null;
    const resignButton =
      view.status === GameStatus.PLAYING
        ? h("button.quiet", { type: "button", onclick: () => confirm("Resign and end the game?") && void resign() }, "Resign")
        : null;
    const again =
      summary && summaryClosed
        ? h("button.quiet", { type: "button", onclick: () => { summaryClosed = false; render(); } }, "Show the last summary")
        : null;
    const cues = cueSettings();
    const toggle = (name: "sound" | "title") => (e: Event) => {
      saveCueSettings({ ...cueSettings(), [name]: (e.target as HTMLInputElement).checked });
      render();
    };
    const settings = h(
      "div.cue-settings",
      null,
      h("label", null, h("input#cue-sound", { type: "checkbox", checked: cues.sound, onchange: toggle("sound") }), " Sound on your turn and its timeout"),
      h("label", null, h("input#cue-title", { type: "checkbox", checked: cues.title, onchange: toggle("title") }), " Tab title on your turn"),
    );
    const over = view.status === GameStatus.FINISHED;
    const after = over
      ? h(
          "div.after",
          null,
          h("button.primary#play-again", { type: "button", onclick: () => void playAgain(game!, seat).catch((err) => { error = rejection(err); render(); }) }, "Play again"),
          h("a.button", { href: "#/" }, "Back to the lobby"),
          h("a.button", { href: `#/replay/${gameId}?seat=${seat}` }, "Replay this game"),
        )
      : null;
    const extra = h("div.extra", null, after, waitingBox(), live ? reissueBox(game, seat, seatLinks, render) : null, resignButton, again, talk.view(seat), settings);
    const banner =
      connection === "up"
        ? null
        : h("div.connection", { role: "status", class: connection, dataset: { connection } }, connection === "lost" ? "Connection lost: reconnecting…" : "Connected again");
    mount(root, banner, table(state(), actions(), extra, panel), dialog);
  }

  async function resign(): Promise<void> {
    try {
      await client.resign({ gameId, seatToken: token });
    } catch (err) {
      error = rejection(err);
      render();
    }
  }

  /** Asks the engine's preferred actions once per version of the seat's turn. */
  async function askAdvice(): Promise<void> {
    const v = view!;
    if (!myTurn() || adviceAsked === v.version || dealPass(v)) return;
    adviceAsked = v.version;
    try {
      const got = await client.suggestActions({ gameId, seatToken: token }, { signal: abort.signal });
      if (got.version === view?.version) {
        advice = { version: got.version, actions: got.actions };
        render();
      }
    } catch {
      // Suggestions are a help only: the seat still plays by clicking its cards.
    }
  }

  /** A deal question whose only answer is pass is passed without asking (as the
   * terminal does): who is asked shows nothing, and the human has nothing to decide. */
  function autoPass(): void {
    const v = view!;
    if (myTurn() && v.phase === "deal" && v.legalActions.length === 1 && v.legalActions[0] === "pass" && autoPassed !== v.version) {
      autoPassed = v.version;
      void act("pass");
    }
  }

  /** Takes a new view; the first view of a hand that is over becomes the summary. */
  function onView(next: View): void {
    if (!sameCards(next.handView?.hand ?? [], hand())) selected = [];
    if (view && next.version !== view.version) error = null; // an answer belongs to its moment
    view = next;
    const handNo = (v: View) => v.match?.hand ?? 1;
    // A hand this tab showed before (a reload) is not dealt again; a new one is, even
    // on the first view (a table's hand is dealt when it is created).
    deal.update(next.handView?.hand ?? [], (firstView && dealShown(gameId) >= handNo(next)) || mustDecide());
    if (next.handView?.hand.length) markDealShown(gameId, handNo(next));
    firstView = false;
    if (next.handView?.result && (!summary || handNo(summary.view) !== handNo(next) || next.match?.over)) {
      summary = { game: game!, view: next, me: seat, log: [] };
      summaryClosed = false;
    }
  }

  async function follow(): Promise<void> {
    for (;;) {
      try {
        const stream = client.streamEvents({ gameId, seatToken: token, fromVersion: view!.version }, { signal: abort.signal });
        for await (const item of stream) {
          if (connection === "lost") {
            connection = "back";
            if (error && isConnectionLoss(error)) error = null;
            setTimeout(() => {
              if (connection === "back") {
                connection = "up";
                render();
              }
            }, 3000);
          }
          if (item.event?.timeout && item.event.seat === seat) tone(330, 0.4);
          const line = item.event && logLine(item.event, item.view, seat);
          if (line) log.push(line);
          if (item.event) {
            if (item.event.kind === EventKind.JOIN || item.event.kind === EventKind.HAND_START) await refreshGame();
          }
          if (item.view) onView(item.view);
          render();
          autoPass();
          void askAdvice();
        }
        return; // the game is over
      } catch (err) {
        if (abort.signal.aborted) return;
        const r = rejection(err);
        if (isConnectionLoss(r)) connection = "lost";
        else error = r;
        render();
        await new Promise((done) => setTimeout(done, 1000));
        if (connection === "lost") {
          try {
            await refreshGame();
            firstView = true; // what arrived while the page was away shows at once
            onView((await client.getView({ gameId, seatToken: token }, { signal: abort.signal })).view!);
            connection = "back";
            if (error && isConnectionLoss(error)) error = null;
            setTimeout(() => {
              if (connection === "back") {
                connection = "up";
                render();
              }
            }, 3000);
            render();
          } catch {
            // still down: the loop tries again
          }
        }
      }
    }
  }

  /** The log up to the view's version, from the server's history of the game. */
  async function loadLog(): Promise<void> {
    const history = await wholeHistory({ gameId, seatToken: token }, abort.signal);
    const upTo = history.events.filter((e) => e.version <= view!.version);
    log.splice(0, log.length, ...historyLines(upTo, view!.handView?.variant ?? "", seat, failedThrowsOf(view!.viewJson)));
  }

  async function start(): Promise<void> {
    mount(root, h("p.loading", null, "Loading…"));
    try {
      await refreshGame();
      onView((await client.getView({ gameId, seatToken: token }, { signal: abort.signal })).view!);
      await loadLog();
    } catch (err) {
      const r = rejection(err);
      mount(root, h("section.panel", null, h("h2", null, "Cannot open the table"), h("p.error", { role: "alert", dataset: { reason: r.reason } }, rejectionText(r)), h("p", null, h("a", { href: `#/watch/${gameId}` }, "Watch the game"), " · ", h("a", { href: "#/" }, "Lobby"))));
      return;
    }
    render();
    autoPass();
    void askAdvice();
    await follow();
  }

  /** The turn's cues, a few times a second: the tab's title, a tone when the turn
   * starts and another 5 seconds before its timer runs out. */
  function cue(): void {
    const turn = myTurn() && !dealPass(view!);
    const deadline = view ? deadlineMs(view) : null;
    const left = turn && deadline !== null ? Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) : null;
    setTurnTitle(turn, left);
    if (!turn || !view) return;
    if (announced !== view.version) {
      announced = view.version;
      tone(660);
    }
    if (left !== null && left <= 5 && warned !== view.version) {
      warned = view.version;
      tone(880);
    }
  }
  const cues = setInterval(() => view && cue(), 500);

  void start();
  return () => {
    abort.abort();
    clearInterval(cues);
    deal.stop();
    talk.stop();
    document.removeEventListener("keydown", pageKeys);
    setTurnTitle(false, null);
  };
}
