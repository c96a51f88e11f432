"""The browser app in a real browser (Debian's Chromium, headless, driven by
Playwright) against a real `fenpai serve`: a whole hand of every variant against bots
played by clicking, a match played hand after hand, a private table joined with its
invite, a decision timer, a spectator, a replay, a match's summary and the lobby;
screenshots of every screen are kept (`web_support.ARTIFACTS`), and every response the
page receives is decoded and checked to hold no card its viewer may not know."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs

import pytest
from google.protobuf import text_format
from leak_support import (
    cards_in,
    check_public,
    check_view,
    contained,
    hidden_actions,
    truth_by_version,
)
from playwright.sync_api import sync_playwright
from service_support import running_server
from web_support import (
    _READY,
    STEP_MS,
    Wire,
    check_trump_marks,
    choose,
    launch,
    phase,
    play_hand,
    shot,
    shown_hand,
    summary_leaves_turn_free,
    version,
    with_symbols,
)

import fenpai
from fenpai.games import VARIANTS
from fenpai.rpc.v1 import game_service_pb2 as pb


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("web"), "--no-timers") as server:
        assert server.web_url
        yield server


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield page
    context.close()
    assert not errors, errors


def history_of(server, game_id: str, watch_token: str = "") -> pb.GetHistoryResponse:
    """The game's history (a private game's: with one of its invites as `watch_token`)."""
    request = pb.GetHistoryRequest(game_id=game_id, watch_token=watch_token)
    return server.stub().GetHistory(request)


def game_id_of(page) -> str:
    return page.url.rsplit("/", 1)[1].split("?")[0]


def check_seat_wire(wire: Wire, game_id: str, seat: int, history, at_least: int = 10) -> None:
    """Every view the seat's page received is the seat's view then; another seat's
    burial reached it redacted; a rejection names no card it could not see."""
    truth = truth_by_version(history)
    hidden = hidden_actions(history)
    views = wire.views(game_id)
    assert len(views) >= at_least
    for event, view in views:
        assert view.seat == seat
        check_view(seat, json.loads(view.view_json), view.hand_view, truth[view.version])
        if event is not None and event.version in hidden and hidden[event.version].seat != seat:
            assert event.action == "bury" and event.redacted
    for got in wire.received():
        if got.error is not None:
            reason, _, message = got.error
            assert reason != "INTERNAL", message
        if got.method == "SuggestActions":  # the seat's own cards, or its listed actions
            for message in got.messages:
                hand = truth[message.version][0][seat].get("hand", "").split()
                listed = {
                    a for _, v in views if v.version == message.version for a in v.legal_actions
                }
                for action in message.actions:
                    if action.startswith(("play ", "bury ")):
                        assert contained(cards_in(action), hand), (message.version, action)
                    else:
                        assert action in listed, (message.version, action)
        if got.method in ("CreateGame", "JoinGame", "GetGame", "ListGames"):
            for message in got.messages:
                public = type(message)()
                public.CopyFrom(message)
                for secret in ("admin_token", "seat_token", "invites"):
                    if secret in public.DESCRIPTOR.fields_by_name:
                        public.ClearField(secret)
                assert not cards_in(text_format.MessageToString(public)), got.method


#: The seed of each variant's hand, and the phases in which it asks the page's seat
#: (seat 0 taking the first choice offered, against greedy bots).
HANDS = {
    "tractor": (1, ["deal", "kitty", "play"]),
    "red_five_4p": (1, ["bid", "trump", "kitty", "play"]),
    "red_five_5p": (1, ["deal", "kitty", "friend", "play"]),
    "fifty_k": (1, ["play"]),
    "finding_friends": (3, ["deal", "kitty", "friend", "play"]),
}


def new_table(
    page,
    server,
    variant: str,
    seed: int | None = None,
    seats=(),
    access="open",
    hands=1,
    timers=False,
    name: str = "",
    setup=(),
):
    """Creates a table on the lobby's form: seat 0 the page's, the rest greedy bots
    unless `seats` says otherwise ((seat, option value) pairs), the table's `setup`
    options ((name, value) pairs), no timers unless `timers` (then the server's
    defaults)."""
    page.goto(server.web_url)
    if name:
        page.fill("#player-name", name)
        page.locator("#player-name").dispatch_event("change")
    page.select_option("#new-variant", variant)
    for option, value in setup:
        page.select_option(f"#new-{option}", value)
    for seat, value in seats:
        page.select_option(f"#new-seat-{seat}", value)
    page.select_option("#new-access", access)
    if hands > 1:
        page.fill("#new-hands", str(hands))
        page.locator("#new-hands").dispatch_event("change")
    if seed is not None:
        page.fill("#new-seed", str(seed))
    if not timers:
        page.uncheck("#new-timers")
    page.click("#create")
    page.wait_for_selector(".felt")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_whole_hand_against_bots_by_clicking(server, page, variant):
    wire = Wire(page)
    page.goto(server.web_url)
    page.wait_for_selector("#new-table")
    shot(page, "lobby")
    seed, phases = HANDS[variant]
    new_table(page, server, variant, seed)
    game_id = game_id_of(page)
    played = play_hand(page, variant)
    summary = page.locator(".hand-summary")
    assert summary.is_visible() and "Card points" in summary.inner_text()
    assert page.locator("[role=dialog]").count() == 1
    shot(page, f"{variant}-summary")
    check_formulas(page, variant)
    history = history_of(server, game_id)
    assert history.complete
    assert played.phases == phases
    truth = truth_by_version(history)
    if variant == "fifty_k":
        assert not any(marked for hand in played.hands.values() for _, marked in hand)
    else:
        check_trump_marks(variant, played, truth)
    for at, shown in played.hands.items():  # the hand as the view orders it
        assert [c for c, _ in shown] == truth[at][0][0]["hand"].split()
    assert played.illegal, "a dimmed play was tried"
    [reason] = played.illegal
    assert reason.startswith("Not allowed:") and "(rule " in reason
    check_seat_wire(wire, game_id, 0, history)
    if variant == "fifty_k":  # the dialog's Play again: a new table of the same bots
        page.click("#dialog-play-again")
        page.wait_for_function(f"() => !location.hash.includes('{game_id}')")
        page.wait_for_selector(".felt")
        again = server.stub().GetGame(pb.GetGameRequest(game_id=game_id_of(page))).game
        assert [s.bot for s in again.seats] == [s.bot for s in history.game.seats]
        assert again.variant == variant
    if "kitty" in phases:
        check_burial_chips(variant, played, truth)
    illegal = [g.error for g in wire.received() if g.method == "Act" and g.error]
    assert [r for r, _, _ in illegal] == ["ILLEGAL_ACTION"]
    for _, rule, message in illegal:
        assert rule and with_symbols(message) in reason
        seen = [json.loads(v.view_json) for _, v in wire.views(game_id)]
        assert contained(cards_in(message), cards_in(json.dumps(seen)))


def check_formulas(page, variant: str) -> None:
    """The summary works its score out term by term, each term naming its rule, and the
    terms add up to the total the summary shows (Fifty-K: one formula per seat)."""
    formulas = page.eval_on_selector_all(
        ".hand-summary .formula",
        """els => els.map(f => ({
            total: Number(f.dataset.total),
            shown: Number(f.querySelector('.formula-total').textContent),
            terms: [...f.querySelectorAll('li.term')].map(t => [Number(t.dataset.value),
                t.dataset.rule, t.textContent]),
        }))""",
    )
    assert formulas, "the summary works its score out"
    if variant == "fifty_k":
        assert len(formulas) == 4
    for formula in formulas:
        assert formula["shown"] == formula["total"]
        assert sum(value for value, _, _ in formula["terms"]) == formula["total"], formula
        for _, rule, text in formula["terms"]:
            assert rule and f"({rule})" in text
    if variant == "red_five_4p":
        assert "R4-42" in page.locator(".hand-summary").inner_text()


def check_burial_chips(variant: str, played, truth) -> None:
    """The chips at the seat's burial are the engine's burials, best first: a burial of
    the seat's own cards that keeps every trump (jokers and level cards among them),
    where the legal list's first entries bury the top trumps."""
    assert played.burials, "the page suggested burials"
    assert len(played.burials) <= 2
    kitty_at = min(at for at, seen in truth.items() if seen[1].get("phase") == "kitty")
    public = truth[kitty_at][1]
    ruled = "tractor" if variant == "finding_friends" else variant  # FF-30: Tractor's trumps
    rules = fenpai.TrickRules(ruled, trump=public["trump"], level=public["level"])
    for action in played.burials:
        verb, *cards = action.split()
        assert verb == "bury" and cards
        assert not any(rules.is_trump(c) for c in cards), action
    best = played.burials[0].split()[1:]
    assert not [c for c in best if c[0] in "5TK"], "the first burial keeps the point cards"


def test_a_private_table_is_joined_with_its_invite(server, browser, page):
    """The creator's page shows each open seat's invite link; a stranger's page without
    it is refused with the service's reason; the invited player's page (a phone's
    screen) takes the seat and the game starts for both, with its decision timers."""
    seats = [(2, "open"), (1, "bot:random"), (3, "bot:random")]
    new_table(page, server, "tractor", seed=5, seats=seats, access="private")
    game_id = game_id_of(page)
    page.wait_for_selector(".invites input[aria-label^='invite link']")
    link = page.locator(".invites input[aria-label^='invite link']").input_value()
    assert f"#/join/{game_id}?invite=" in link
    shot(page, "private-waiting")
    stranger = browser.new_context().new_page()
    stranger.goto(f"{server.web_url}#/join/{game_id}")
    refusal = stranger.locator(".error[role=alert]")
    refusal.wait_for()
    assert refusal.get_attribute("data-reason") == "INVITE_REQUIRED"
    assert "private" in refusal.inner_text() and "INVITE_REQUIRED" not in refusal.inner_text()
    shot(stranger, "private-stranger-refused")
    stranger.context.close()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    invited = phone.new_page()
    wire = Wire(invited)
    invited.goto(link)
    invited.wait_for_selector(".felt")
    assert invited.locator(".seat.me header .name").inner_text() == "You"
    assert "/play/" in invited.url
    page.wait_for_function("() => !document.querySelector('.invites')")
    invited.wait_for_selector(".you .hand .card")
    shot(invited, "private-invited-phone")
    shot(page, "private-started")
    joined = server.stub().GetGame(pb.GetGameRequest(game_id=game_id)).game
    assert [s.kind for s in joined.seats] == [
        pb.SEAT_KIND_CLIENT,
        pb.SEAT_KIND_BOT,
        pb.SEAT_KIND_CLIENT,
        pb.SEAT_KIND_BOT,
    ]
    invited.on("dialog", lambda dialog: dialog.accept())
    invited.get_by_role("button", name="Resign").click()
    invited.wait_for_selector(".hand-summary")
    assert "Resigned" in invited.locator(".hand-summary").inner_text()
    shot(invited, "private-resigned-phone")
    invite = parse_qs(link.split("?", 1)[1])["invite"][0]
    check_seat_wire(wire, game_id, 2, history_of(server, game_id, invite), at_least=2)
    phone.close()


def test_a_private_table_is_watched_only_with_its_watch_link(server, browser, page):
    """The creator's page shows a private table's watch link; a stranger's page that
    opens the table's address without it is told, in words, that it cannot watch; the
    page that opens the watch link watches the table (with no hand: Spectate sends the
    public view, which the spectator tests check for cards)."""
    seats = [(2, "open"), (1, "bot:random"), (3, "bot:random")]
    new_table(page, server, "tractor", seed=6, seats=seats, access="private")
    game_id = game_id_of(page)
    page.wait_for_selector(".invites input[aria-label='watch link']")
    link = page.locator(".invites input[aria-label='watch link']").input_value()
    assert f"#/watch/{game_id}?watch=" in link
    stranger = browser.new_context().new_page()
    stranger.goto(f"{server.web_url}#/watch/{game_id}")
    refusal = stranger.locator(".error[role=alert]")
    refusal.wait_for()
    assert refusal.get_attribute("data-reason") == "WATCH_TOKEN_REQUIRED"
    assert "WATCH_TOKEN_REQUIRED" not in refusal.inner_text()
    shot(stranger, "private-watch-refused")
    stranger.context.close()
    watcher = browser.new_context().new_page()
    watcher.goto(link)
    watcher.wait_for_selector(".felt")
    assert not watcher.locator(".you .hand .card").count(), "a watcher holds no hand"
    shot(watcher, "private-watched")
    watcher.context.close()


def test_a_decision_timer_counts_down(server, page):
    """A game with timers: the seat to act shows the seconds left, and they fall."""
    created = server.stub().CreateGame(
        pb.CreateGameRequest(
            variant="red_five_4p",
            seed=2,
            bots={1: "greedy", 2: "greedy", 3: "greedy"},
            timer_seconds={"bid": 300, "trump": 300, "kitty": 300, "play": 300},
        )
    )
    game_id = created.game.game_id
    page.goto(f"{server.web_url}#/join/{game_id}")
    timer = page.locator(".seat.to-act .timer")
    timer.wait_for()
    first = timer.inner_text()
    assert re.fullmatch(r"\d+s|\d+:\d\d", first), first  # digits only: no glyph to miss
    page.wait_for_function(
        "t => document.querySelector('.seat.to-act .timer').textContent !== t", arg=first
    )
    shot(page, "timer")


def test_a_spectator_sees_every_move_and_no_hand(server, browser):
    """A page watching a game live follows each action of a seat played over gRPC and
    receives only public views."""
    stub = server.stub()
    created = stub.CreateGame(
        pb.CreateGameRequest(
            variant="red_five_5p", seed=8, bots={s: "greedy" for s in (1, 2, 3, 4)}
        )
    )
    game_id = created.game.game_id
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watcher = context.new_page()
    wire = Wire(watcher)
    watcher.goto(f"{server.web_url}#/watch/{game_id}")
    watcher.wait_for_selector(".lobby, .felt, .loading")
    token = stub.JoinGame(pb.JoinGameRequest(game_id=game_id, seat=0)).seat_token
    watcher.wait_for_selector(".felt")
    shots = 0
    while True:
        v = stub.GetView(pb.GetViewRequest(game_id=game_id, seat_token=token)).view
        if v.status == pb.GAME_STATUS_FINISHED:
            break
        if 0 not in v.to_act:
            continue
        stub.Act(pb.ActRequest(game_id=game_id, seat_token=token, action=v.legal_actions[0]))
        watcher.wait_for_function(
            "v => Number(document.querySelector('.bar .version').textContent.slice(1)) >= v",
            arg=v.version + 1,
        )
        if v.phase == "play" and shots < 1 and v.hand_view.trick:
            shot(watcher, "spectator-live")
            shots += 1
        assert not watcher.locator(".you .hand .card").count()
    watcher.wait_for_selector(".hand-summary")
    shot(watcher, "spectator-finished")
    history = history_of(server, game_id)
    truth = truth_by_version(history)
    views = wire.views(game_id)
    assert len(views) > 20
    for event, view in views:
        assert not view.HasField("seat")
        check_public(json.loads(view.view_json), view.hand_view, truth[view.version])
        if event is not None and event.action.startswith("bury"):
            assert event.action == "bury" and event.redacted
    context.close()


def test_a_finished_game_is_replayed_step_by_step_from_any_seat(server, page):
    """The replay steps back and forth by event and by trick; each step shows the
    chosen seat's hand as that seat held it then, and another seat's view on request;
    every response holds only the viewed seat's cards."""
    from service_support import bot_game

    history = bot_game(server.stub(), "tractor", seed=21)
    game_id = history.game.game_id
    truth = truth_by_version(history)
    wire = Wire(page)
    page.goto(f"{server.web_url}#/replay/{game_id}?seat=1")
    page.wait_for_selector(".replay-controls")

    def shown() -> tuple[int, list[str]]:
        at = int(page.locator(".bar .version").inner_text().lstrip("v"))
        cards = page.eval_on_selector_all(
            ".replay-controls .hand .card", "els => els.map(e => e.dataset.card)"
        )
        return at, cards

    def check(seat: int) -> int:
        at, cards = shown()
        assert cards == truth[at][0][seat].get("hand", "").split()
        return at

    assert check(1) == 1
    page.click("#replay-next")
    assert check(1) == 2
    page.click("#replay-next-trick")
    first_trick = check(1)
    assert truth[first_trick][1]["tricks_played"] == 1
    assert truth[first_trick - 1][1]["tricks_played"] == 0
    page.click("#replay-next-trick")
    second = check(1)
    assert truth[second][1]["tricks_played"] == 2
    shot(page, "replay-seat1-trick2")
    page.click("#replay-back")
    assert check(1) == second - 1
    page.click("#replay-prev-trick")
    assert check(1) == first_trick
    page.select_option("#replay-seat", "3")
    page.wait_for_selector(".replay-controls[data-seat='3']")
    assert page.url.endswith(f"#/replay/{game_id}?seat=3")
    assert check(3) == first_trick
    shot(page, "replay-seat3")
    page.keyboard.press("End")
    at, _ = shown()
    assert at == history.game.version
    page.wait_for_selector(".hand-summary")
    shot(page, "replay-end")
    page.select_option("#replay-seat", "")
    page.wait_for_selector(".replay-controls[data-seat='']")
    assert not page.locator(".replay-controls .hand").count()
    page.keyboard.press("Home")
    shot(page, "replay-spectator-start")
    hidden = hidden_actions(history)
    replays = [g for g in wire.received() if g.method == "ReplayGame"]
    assert len(replays) == 3
    for got, seat in zip(replays, [1, 3, None], strict=True):
        assert got.error is None and len(got.messages) == history.game.version
        for message in got.messages:
            view, event = message.view, message.event
            received = json.loads(view.view_json)
            if seat is None:
                check_public(received, view.hand_view, truth[view.version])
            else:
                check_view(seat, received, view.hand_view, truth[view.version])
            burial = hidden.get(event.version)
            if burial is not None and burial.seat != seat:
                assert event.action == "bury" and event.redacted


def test_a_matchs_summary_and_its_hands_replayed(server, page):
    """A finished table shows the match's totals and winners; its replay picks a hand."""
    from service_support import bot_game

    history = bot_game(server.stub(), "red_five_4p", seed=6, match=pb.MatchSettings(hands=2))
    game_id = history.game.game_id
    page.goto(f"{server.web_url}#/watch/{game_id}")
    summary = page.locator(".match-summary")
    summary.wait_for()
    text = summary.inner_text()
    assert "Match over" in text and "every hand was played" in text
    totals = history.game.match.totals
    for seat, total in enumerate(totals):
        assert f"{total:g}" in text, (seat, total)
    shot(page, "match-summary")
    page.goto(f"{server.web_url}#/replay/{game_id}?seat=0&hand=2")
    page.wait_for_selector("#replay-hand")
    assert page.locator("#replay-hand").input_value() == "2"
    assert page.locator(".bar .hand-no").inner_text() == "hand 2"
    shot(page, "match-replay-hand2")


def test_the_lobby_offers_red_fives_decks_and_the_search_bots_strength(server, page):
    """The new-table form sets Red Five 4p's decks (R4-2) and an ismcts:N seat."""
    new_table(page, server, "red_five_4p", seats=[(1, "bot:ismcts:100")])
    game = server.stub().GetGame(pb.GetGameRequest(game_id=game_id_of(page))).game
    assert game.options["decks"] == "2" and game.seats[1].bot == "ismcts:100"
    page.goto(server.web_url)
    page.select_option("#new-variant", "red_five_4p")
    page.select_option("#new-decks", "3")
    page.uncheck("#new-timers")
    page.click("#create")
    page.wait_for_selector(".felt")
    game = server.stub().GetGame(pb.GetGameRequest(game_id=game_id_of(page))).game
    assert game.options["decks"] == "3"


def test_the_lobby_lists_the_open_games_to_join_watch_or_replay(server, page):
    """After the games above, the lobby lists them by status with their links."""
    from service_support import bot_game, create

    finished = bot_game(server.stub(), "fifty_k", seed=9).game.game_id
    waiting = create(server.stub(), "red_five_5p", seed=3).game.game_id
    page.goto(server.web_url)
    page.wait_for_selector(f"li.game[data-game='{finished}']")
    row = page.locator(f"li.game[data-game='{finished}']")
    assert row.get_by_role("link", name="Replay").get_attribute("href") == f"#/replay/{finished}"
    join = page.locator(f"li.game[data-game='{waiting}']").get_by_role("link", name="Join")
    assert join.get_attribute("href") == f"#/join/{waiting}"
    shot(page, "lobby-games")
    join.click()
    page.wait_for_selector(".felt")
    assert page.url.endswith(f"#/play/{waiting}")
    assert page.locator(".seat.me header .name").inner_text() == "You"


def check_match_end(page) -> None:
    """A finished match shows one dialog, the match's summary beside its last hand's;
    one Close closes it, and the table offers it again."""
    page.wait_for_selector(".match-summary")
    assert page.locator("[role=dialog]").count() == 1
    dialog = page.locator("[role=dialog]")
    assert dialog.locator(".match-summary").count() == 1
    assert dialog.locator(".hand-summary").count() == 1
    assert "every hand was played" in page.locator(".match-summary").inner_text()
    shot(page, "match-over-live")
    dialog.get_by_role("button", name="Close").click()
    assert not page.locator("[role=dialog], .hand-summary, .match-summary").count()
    page.get_by_role("button", name="Show the last summary").click()
    assert page.locator("[role=dialog]").count() == 1


def test_a_match_played_hand_after_hand(server, page):
    """A table of two Fifty-K hands by clicking: the first hand's summary is a panel
    beside the next hand, whose turns are played with it up; the match's end is one
    dialog."""
    wire = Wire(page)
    new_table(page, server, "fifty_k", seed=4, hands=2)
    game_id = game_id_of(page)
    play_hand(page, "match-hand1", hand=1)
    page.wait_for_selector(".bar .hand-no:text('hand 2')")
    shot(page, "match-hand1-summary")
    assert not page.locator(".match-summary, [role=dialog]").count()
    assert page.locator(".summary-panel .hand-summary[data-hand='1']").is_visible()
    play_hand(page, "match-hand2", hand=2, check=summary_leaves_turn_free)
    check_match_end(page)
    history = history_of(server, game_id)
    assert len(history.hands) == 2 and history.game.match.over
    check_seat_wire(wire, game_id, 0, history)


@pytest.fixture(scope="module")
def timed_server(tmp_path_factory):
    """A server with its default decision timers."""
    with running_server(tmp_path_factory.mktemp("web-timed")) as server:
        yield server


def test_a_timed_match_never_hides_a_turn_behind_a_summary(timed_server, page):
    """A Red Five match of two hands with the server's default timers, played by
    clicking: whenever the seat's timer runs, no dialog is open and nothing (the last
    hand's summary among them) covers its controls; the match ends in one dialog."""
    new_table(page, timed_server, "red_five_4p", seed=3, hands=2, timers=True)
    game_id = game_id_of(page)
    beside: list[str] = []

    def check(page) -> None:
        summary_leaves_turn_free(page)
        if page.locator(".summary-panel .hand-summary").is_visible():
            if page.locator(".you.my-turn").count() and page.locator(".seat .timer").count():
                beside.append(phase(page))

    play_hand(page, "timed-hand1", hand=1, check=check, illegal=False)
    play_hand(page, "timed-hand2", hand=2, check=check, illegal=False)
    assert beside, "the seat acted under its timer with the first hand's summary up"
    shot(page, "timed-hand2-end")
    check_match_end(page)
    history = history_of(timed_server, game_id)
    assert history.game.match.over and len(history.hands) == 2


def test_a_failed_throw_is_logged_with_the_cards_played(server, browser):
    """A Tractor hand replayed over gRPC up to a failed throw (C-51), watched: the log's
    line names only the card the thrower had to play and the TR-41 penalty, never the
    rest of the attempted throw as played."""
    from service_support import join_all

    from fenpai import bots

    game = fenpai.new_game("tractor", seed=0)
    players = [bots.get("random", s) for s in range(4)]
    while not game.view(None).get("failed_throw"):
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))
    failed = game.view(None)["failed_throw"]
    attempted, forced = failed["attempted"].split(), failed["forced"].split()
    assert len(attempted) > len(forced)
    stub = server.stub()
    created = stub.CreateGame(pb.CreateGameRequest(variant="tractor", seed=0))
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watcher = context.new_page()
    watcher.goto(f"{server.web_url}#/watch/{game_id}")
    watcher.wait_for_selector(".felt")
    for seat, action in game.history:
        stub.Act(pb.ActRequest(game_id=game_id, seat_token=tokens[seat], action=action))
    line = watcher.locator(".log li").last
    watcher.wait_for_function(
        "() => /failed/.test(document.querySelector('.log li:last-child').textContent)"
    )
    text = line.inner_text()
    shot(watcher, "failed-throw-log")
    assert "TR-41" in text and "C-51" in text
    shown = [
        m.group(0) for m in re.finditer(r"(?:10|[2-9JQKA])[♠♥♣♦]|big joker|little joker", text)
    ]
    assert sorted(shown) == sorted(with_symbols(" ".join(forced)).split()), text
    penalty = failed["penalty"]["attacker_points"]
    assert f"throw penalties {penalty:+d}" in watcher.locator(".score-line").inner_text()
    watcher.reload()  # the log anew from the server's history says the same
    watcher.wait_for_function(
        "() => [...document.querySelectorAll('.log li')].some(l => /failed/.test(l.textContent))"
    )
    again = [t for t in watcher.locator(".log li").all_inner_texts() if "failed" in t]
    assert again == [text]
    context.close()


def test_tro_112_the_stealing_round_is_the_kitty_phase_and_the_dealer_sees_its_burial(
    server, browser
):
    """Tractor's kitty theft (TRO-112) at the table: while the dealer is asked whether it
    steals back, the phase is still the kitty's, shown as the stealing round, and the
    dealer's page still shows the burial that was stolen from it; a seat that buried
    nothing shows no burial."""
    from urllib.parse import quote

    from service_support import create, join_all

    game = fenpai.new_game("tractor", seed=4, kitty_theft="allowed")
    stole = False
    while not (stole and game.kitty_stage == "steal" and game.to_act == [game.dealer]):
        (seat,) = game.to_act
        legal = game.legal_actions(seat)
        steals = [a for a in legal if a.startswith("declare")]
        if game.kitty_stage == "bury":
            game.apply_legal(seat, 0)
        elif game.kitty_stage == "steal" and steals and not stole:
            game.apply(seat, steals[0])
            stole = True
        else:
            game.apply(seat, "pass" if "pass" in legal else legal[0])
    dealer, holder = game.dealer, game.kitty_holder
    [burial] = game.view(dealer)["own_burials"]
    other = next(s for s in range(4) if s not in (dealer, holder))
    stub = server.stub()
    created = create(stub, "tractor", seed=4, kitty_theft="allowed")
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    for seat, action in game.history:
        stub.Act(pb.ActRequest(game_id=game_id, seat_token=tokens[seat], action=action))
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pages = {}
    for seat in (dealer, other):
        pages[seat] = context.new_page()
        link = f"{server.web_url}#/seat/{game_id}?seat={seat}&token={quote(tokens[seat])}"
        pages[seat].goto(link)
        pages[seat].wait_for_selector(f".seat.me[data-seat='{seat}']", timeout=STEP_MS)
    mine = pages[dealer]
    status = mine.locator("span.status")
    assert status.get_attribute("data-phase") == "kitty"
    assert status.inner_text() == "stealing the kitty"
    mine.wait_for_selector("button.action[data-action='pass']", timeout=STEP_MS)
    assert "steal the kitty with a stronger declaration, or pass" in (
        mine.locator(".prompt").inner_text()
    )
    fact = mine.locator(".fact", has_text="Your burials")
    assert fact.locator(".value").inner_text() == with_symbols(burial)
    shot(mine, "kitty-theft-dealer-asked")
    assert pages[other].locator(".fact", has_text="Your burials").count() == 0
    assert pages[other].locator("span.status").inner_text() == "stealing the kitty"
    context.close()


def test_a_killed_server_shows_reconnecting_until_it_is_back(tmp_path, page):
    """The table's page says the connection is lost while its server is down (killed),
    and that it is back once the server restarts on the same store; no raw transport
    error stays on screen, and the game goes on."""
    from service_support import ServerProcess, free_port

    web = f"127.0.0.1:{free_port()}"
    server = ServerProcess(tmp_path / "fenpai.db", "--no-timers", "--web-address", web).start()
    try:
        new_table(page, server, "fifty_k", seed=2)
        page.wait_for_selector(".you .hand .card")
        server.kill()
        page.wait_for_selector(".connection[data-connection='lost']", timeout=STEP_MS)
        shot(page, "connection-lost")
        server.start()
        page.wait_for_selector(".connection[data-connection='back']", timeout=STEP_MS)
        shot(page, "connection-back")
        page.wait_for_selector(".connection", state="detached", timeout=STEP_MS)
        assert not page.locator(".error").count()
        assert "fetch" not in page.locator("body").inner_text().lower()
        play_hand(page, "after-restart", illegal=False)
    finally:
        server.stop()


#: On the seat's turn: the narrowest visible width of a card of the hand (a card's
#: width, or less where the next card in its row covers it), and how far down the page
#: the hand and the first action button end.
_PHONE_FIT = """() => {
  const cards = [...document.querySelectorAll('.you .hand .card')];
  const widths = cards.map((c, i) => {
    const r = c.getBoundingClientRect();
    const next = cards[i + 1] && cards[i + 1].getBoundingClientRect();
    const sameRow = next && Math.abs(next.bottom - r.bottom) < r.height / 2;
    return sameRow ? Math.min(r.width, next.left - r.left) : r.width;
  });
  const bottom = el => el ? el.getBoundingClientRect().bottom + scrollY : null;
  const button = document.querySelector(
    '.you.my-turn #submit, .you.my-turn button.action, .you.my-turn #action-list');
  return {narrowest: Math.min(...widths), hand: bottom(document.querySelector('.you .hand')),
          button: bottom(button), screen: innerHeight};
}"""


def test_a_phone_holds_the_hand_and_the_action_on_its_first_screen(server, browser):
    """On a 390×844 phone, a Red Five 5p hand (the largest, with the kitty taken up):
    at every decision the hand and the action button end within the first screen and
    every card shows at least 44 px of width to tap."""
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = phone.new_page()
    seen: list[dict] = []

    def check(page) -> None:
        fit = page.evaluate(_PHONE_FIT)
        seen.append({"phase": phase(page), **fit})
        assert fit["narrowest"] >= 44, fit
        assert fit["hand"] <= fit["screen"] and fit["button"] is not None, fit
        assert fit["button"] <= fit["screen"], fit

    new_table(page, server, "red_five_5p", seed=1)
    play_hand(page, "phone", check=check, illegal=False)
    assert {"kitty", "play"} <= {s["phase"] for s in seen}
    shot(page, "phone-summary")
    phone.close()


def test_a_whole_hand_played_by_keyboard(server, page):
    """A Fifty-K hand played with the keyboard alone: arrows move the focus in the hand,
    space picks, Enter plays, P passes; the focused card shows a ring."""
    new_table(page, server, "fifty_k", seed=5)
    keys = 0

    def press(key: str) -> None:
        nonlocal keys
        page.keyboard.press(key)
        keys += 1

    in_hand = "() => !!document.activeElement.closest('.you .hand')"
    turns = 0
    while True:
        page.wait_for_function(
            """() => document.querySelector('.hand-summary') ||
              document.querySelector('.you.my-turn .chip, .you.my-turn button.suggested')""",
            timeout=STEP_MS,
        )
        if page.locator(".hand-summary").count():
            break
        at = version(page)
        chips = page.locator(".you.my-turn .chip")
        if chips.count():
            for _ in range(40):  # Tab into the hand, its one tab stop
                if page.evaluate(in_hand):
                    break
                press("Tab")
            assert page.evaluate(in_hand), "Tab reaches the hand"
            words = (chips.first.get_attribute("data-action") or "").split()[1:]
            target = words[: words.index("as")] if "as" in words else words
            cards = [c for c, _ in shown_hand(page)]
            picks: list[int] = []
            for card in target:
                picks.append(next(i for i, c in enumerate(cards) if c == card and i not in picks))
            for i in sorted(picks):
                focused = int(page.evaluate("() => document.activeElement.dataset.index ?? -1"))
                assert focused >= 0, "the focus stays in the hand"
                for _ in range(abs(i - focused)):
                    press("ArrowRight" if i > focused else "ArrowLeft")
                press("Space")
            if turns == 0:
                ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineWidth")
                assert float(ring.rstrip("px")) >= 3, ring
                shot(page, "keyboard-focus")
            press("Enter")
        else:
            press("p")
        turns += 1
        page.wait_for_function(
            f"() => document.querySelector('.hand-summary') || "
            f"document.querySelector('.bar .version').textContent !== 'v{at}'",
            timeout=STEP_MS,
        )
    assert turns >= 3
    shot(page, "keyboard-summary")


def test_the_event_log_is_the_games_history(server, page):
    """The log holds the game's whole history from the server, not only what the page
    saw: a finished game watched anew lists every event but the deal's passes, in a
    scrolling list, and each bury of another seat stays a bare "buried the kitty"."""
    from service_support import bot_game

    history = bot_game(server.stub(), "tractor", seed=23)
    game_id = history.game.game_id
    page.goto(f"{server.web_url}#/watch/{game_id}")
    page.wait_for_selector(".hand-summary")
    page.wait_for_function("() => document.querySelectorAll('.log li').length > 50")
    lines = page.locator(".log li").all_inner_texts()
    plays = [e for e in history.events if e.action.startswith("play ")]
    assert sum(" played " in line for line in lines) == len(plays)
    first = next(e for e in history.events if e.action != "pass")
    assert lines[0].startswith(f"Seat {first.seat} ")
    assert not [line for line in lines if line.endswith(" passed")]  # Tractor: deal passes
    box = page.locator(".log-scroll")
    assert box.evaluate("el => el.scrollHeight > el.clientHeight")
    shot(page, "log-history")


def test_names_and_chat_reach_the_other_player(server, browser):
    """Two players name themselves on the lobby's form: each sees the other's name at the
    table and in the lobby's row, and the other's chat messages under that name; a name
    or a message that reads as a card is refused with a message; no response carries a
    card."""
    first = browser.new_context(viewport={"width": 1280, "height": 900})
    page = first.new_page()
    new_table(page, server, "fifty_k", seed=3, seats=[(2, "open")], name="Mei")
    game_id = game_id_of(page)
    second = browser.new_context(viewport={"width": 1280, "height": 900})
    other = second.new_page()
    wire = Wire(other)
    other.goto(server.web_url)
    other.fill("#player-name", "5h")
    other.locator("#player-name").dispatch_event("change")
    assert "card" in other.locator(".error[role=alert]").inner_text()
    other.fill("#player-name", "Lin 李")
    other.locator("#player-name").dispatch_event("change")
    row = other.locator(f"li.game[data-game='{game_id}']")
    row.wait_for()
    assert "Mei" in row.inner_text() and "4 seats" in row.inner_text()
    shot(other, "names-lobby")
    row.get_by_role("link", name="Join").click()
    other.wait_for_selector(".felt")
    assert other.locator(".seat[data-seat='0'] header .name").inner_text().startswith("Mei")
    assert other.locator(".seat.me header .name").inner_text() == "You (Lin 李)"
    page.wait_for_function(
        "() => document.querySelector(\".seat[data-seat='2'] header .name\").textContent"
        ".startsWith('Lin 李')"
    )
    page.fill("#chat-text", "hello Lin")
    page.locator(".chat-send button").click()
    other.wait_for_function(
        "() => [...document.querySelectorAll('.chat li')].some(l => "
        "l.textContent === 'Mei: hello Lin')",
        timeout=STEP_MS,
    )
    other.fill("#chat-text", "my 5h is high")
    other.locator(".chat-send button").click()
    other.locator(".chat .error[role=alert]").wait_for()
    assert "card" in other.locator(".chat .error").inner_text()
    other.fill("#chat-text", "hi Mei")
    other.locator(".chat-send button").click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.chat li')].some(l => "
        "l.textContent === 'Lin 李: hi Mei')",
        timeout=STEP_MS,
    )
    shot(page, "names-table")
    shot(other, "names-chat-refused")
    for got in wire.received():
        if got.method in ("GetGame", "ListGames", "JoinGame", "GetChat", "SendChat"):
            for message in got.messages:
                public = type(message)()
                public.CopyFrom(message)
                if "seat_token" in public.DESCRIPTOR.fields_by_name:
                    public.ClearField("seat_token")
                assert not cards_in(text_format.MessageToString(public, as_utf8=True))
    first.close()
    second.close()


def test_a_three_player_fifty_k_summary_has_no_team_rows(server, page):
    """Three-player Fifty-K has no partnerships (FK-50..53): its summary works out each
    seat's card points (FK-51) with no team row, and each formula adds up."""
    from service_support import bot_game

    history = bot_game(server.stub(), "fifty_k", seed=12, players=3)
    page.goto(f"{server.web_url}#/watch/{history.game.game_id}")
    summary = page.locator(".hand-summary")
    summary.wait_for()
    text = summary.inner_text()
    assert "Team" not in text and "FK-53" in text
    formulas = page.eval_on_selector_all(
        ".hand-summary .formula",
        "els => els.map(f => [Number(f.dataset.total), f.dataset.rule,"
        " [...f.querySelectorAll('li.term')].map(t => Number(t.dataset.value))])",
    )
    assert len(formulas) == 3
    for total, rule, terms in formulas:
        assert rule == "FK-51" and sum(terms) == total
    shot(page, "fifty_k-3p-summary")


#: Records each count of cards the page's hand shows, as the page changes.
_COUNT_CARDS = """(() => {
  window.handCounts = [];
  new MutationObserver(() => {
    const n = document.querySelectorAll('.you .hand .card').length;
    if (window.handCounts[window.handCounts.length - 1] !== n) window.handCounts.push(n);
  }).observe(document, { childList: true, subtree: true });
})()"""


def dealt_table(server, page) -> tuple[str, int]:
    """A Fifty-K table whose first lead is seat 1's, a player who never acts: the page's
    seat 0 has nothing to decide while its hand is dealt. Its id and hand size."""
    wire = Wire(page)
    new_table(page, server, "fifty_k", seed=1, seats=[(1, "open")])
    page.locator(".invites").wait_for()  # the page's seat waits for seat 1's player
    game_id = game_id_of(page)
    server.stub().JoinGame(pb.JoinGameRequest(game_id=game_id, seat=1))
    page.locator(".you .hand .card").first.wait_for(timeout=STEP_MS)
    dealt = [v for _, v in wire.views(game_id) if v.hand_view.hand]
    return game_id, len(dealt[0].hand_view.hand) if dealt else 0


def test_the_deal_fills_the_hand_a_card_at_a_time_and_skip_shows_it_all(server, browser):
    """The hand fills a card at a time while nothing is asked of the seat; Skip shows
    the whole hand at once."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(_COUNT_CARDS)
    _, size = dealt_table(server, page)
    assert size >= 10
    page.wait_for_selector(".you .hand[data-dealing='false']", timeout=STEP_MS)
    assert page.locator(".you .hand .card").count() == size
    counts = page.evaluate("() => window.handCounts")
    between = [n for n in counts if 0 < n < size]
    assert len(between) >= size // 2, counts
    assert between == sorted(between), counts

    _, size = dealt_table(server, page)
    page.locator("#skip-deal").wait_for()
    shot(page, "deal-under-way")
    before, after = page.evaluate(
        "() => { const n = () => document.querySelectorAll('.you .hand .card').length;"
        " const before = n(); document.querySelector('#skip-deal').click(); return [before, n()]; }"
    )
    assert before < size and after == size, (before, after, size)
    assert page.locator(".you .hand").get_attribute("data-dealing") == "false"
    assert not page.locator("#skip-deal").count()
    context.close()


def test_a_lost_seat_is_given_back_by_a_link_from_the_tables_creator(server, browser):
    """The creator's page makes a new link for another player's seat: the browser that
    held the old one is told in words how to get back in (never the API call's name),
    and the new link gives the seat to a browser that held nothing; an old link says
    it no longer works."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)]
    creator, lost, fresh = (context.new_page() for context in contexts)
    new_table(creator, server, "fifty_k", seed=3, seats=[(2, "open")])
    game_id = game_id_of(creator)
    lost.goto(f"{server.web_url}#/join/{game_id}")
    lost.wait_for_selector(".seat.me[data-seat='2']", timeout=STEP_MS)
    old = lost.url
    creator.once("dialog", lambda dialog: dialog.accept())
    creator.locator("details.reissue summary").click()
    creator.locator("details.reissue [data-seat='2'] button.reissue").click()
    field = creator.locator("details.reissue input[aria-label='new link for seat 2']")
    field.wait_for(timeout=STEP_MS)
    link = field.input_value()
    assert f"#/seat/{game_id}?seat=2&token=" in link
    assert creator.locator("details.reissue [data-seat='2'] button.copy").count() == 1
    shot(creator, "reissue-link")

    lost.reload()
    error = lost.locator(".error[role=alert]")
    error.wait_for(timeout=STEP_MS)
    assert error.get_attribute("data-reason") == "BAD_TOKEN"
    assert "ask the table's creator" in error.inner_text()
    assert "ReissueSeatToken" not in lost.locator("body").inner_text()
    shot(lost, "reissue-old-seat")

    fresh.goto(link)
    fresh.wait_for_selector(".seat.me[data-seat='2']", timeout=STEP_MS)
    assert fresh.url.endswith(f"#/play/{game_id}")
    assert "token=" not in fresh.url

    creator.once("dialog", lambda dialog: dialog.accept())
    creator.locator("details.reissue [data-seat='2'] button.reissue").click()
    creator.wait_for_function(
        "old => document.querySelector(\"details.reissue input[aria-label='new link for seat 2']\")"
        ".value !== old",
        arg=link,
    )
    lost.goto(link)  # the link made before, replaced since
    error = lost.locator(".error[role=alert]")
    error.wait_for(timeout=STEP_MS)
    assert "ask the table's creator" in lost.locator("body").inner_text()
    assert "ReissueSeatToken" not in lost.locator("body").inner_text()
    assert old.endswith(f"#/play/{game_id}")
    for context in contexts:
        context.close()


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)])
def test_the_table_keeps_its_layout_as_plays_come_and_go(server, browser, size):
    """Replayed event by event, a Fifty-K hand's long plays and the tricks taken never
    change the felt's height or move the seats: each play's row overlaps its cards
    rather than wrapping them."""
    from service_support import bot_game

    history = bot_game(server.stub(), "fifty_k", seed=9)
    game_id = history.game.game_id
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.goto(f"{server.web_url}#/replay/{game_id}")
    page.wait_for_selector(".replay-controls")
    box = """() => [document.querySelector('.felt').getBoundingClientRect().height,
      ...[...document.querySelectorAll('.felt .seat')].map(s => s.getBoundingClientRect().top)]"""
    first = page.evaluate(box)
    widest = 0
    for _ in range(history.game.version - 1):
        page.click("#replay-next")
        assert page.evaluate(box) == first, version(page)
        n = page.evaluate(
            "() => Math.max(0, ...[...document.querySelectorAll('.felt .seat .play')]"
            ".map(p => p.querySelectorAll('.card').length))"
        )
        if n > widest:
            widest = n
            shot(page, f"layout-widest-play-{size[0]}")
    assert widest >= 5
    context.close()


@pytest.mark.parametrize(
    "variant,options",
    [
        ("finding_friends", {"players": 6}),
        ("finding_friends", {"players": 7}),
        ("fifty_k", {"decks": 2, "players": 8}),
    ],
    ids=["ff-6", "ff-7", "fifty_k-8"],
)
@pytest.mark.parametrize("size", [(1280, 900), (390, 844)])
def test_every_seat_of_a_large_table_has_a_place_of_its_own(
    server, browser, variant, options, size
):
    """FF-1, FKO-23: tables of 6 to 8 players seat everyone around the felt, each seat
    at its own place, none over another, on a desktop and on a phone."""
    from service_support import bot_game

    history = bot_game(server.stub(), variant, seed=5, **options)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.goto(f"{server.web_url}#/replay/{history.game.game_id}")
    page.wait_for_selector(".replay-controls")
    seats = page.evaluate(
        """() => [...document.querySelectorAll('.felt .seat')].map(s => {
          const r = s.getBoundingClientRect();
          const place = [...s.classList].find(c => c.startsWith('pos-'));
          return [place, r.left, r.top, r.right, r.bottom];
        })"""
    )
    n = options["players"]
    assert len(seats) == n
    places = [place for place, *_ in seats]
    assert len(set(places)) == n and "pos-undefined" not in places, places
    for i, (_, l1, t1, r1, b1) in enumerate(seats):
        assert r1 > l1 and b1 > t1
        for _, l2, t2, r2, b2 in seats[i + 1 :]:
            assert r1 <= l2 or r2 <= l1 or b1 <= t2 or b2 <= t1, places
    shot(page, f"{variant}-{n}-seats-{size[0]}")
    if variant == "finding_friends":  # FF-20: the calls read "1st A♠", not as cards
        page.click("#replay-next-trick")
        side = page.locator(".side").inner_text()
        assert "Friend cards" in side, side
        assert re.search(r"\b\d(st|nd|rd) (10|[2-9JQKA])[♠♥♣♦]", side), side
    context.close()


@pytest.mark.parametrize("decks", [3, 4])
def test_tro_123_tro_124_a_phone_holds_a_hand_of_three_or_four_decks(server, browser, decks):
    """TRO-123, TRO-124: on a 390×844 phone, 39 cards a hand with three decks (45 with the
    kitty taken up), 52 with four (60), keep the page within its width and every card at
    least 44 px wide to tap."""
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = phone.new_page()
    seen: list[dict] = []
    overflow = "() => document.scrollingElement.scrollWidth - window.innerWidth"

    def check(page) -> None:
        fit = page.evaluate(_PHONE_FIT)
        seen.append({"phase": phase(page), **fit})
        assert fit["narrowest"] >= 44, fit
        assert page.evaluate(overflow) <= 0
        if phase(page) == "play":  # TR-42 scaled to the decks' points: s = 20 × decks
            line = page.locator(".score-line").inner_text()
            step = 20 * decks
            want = f" of {2 * step} · under {step}: defenders +2, {step}–{2 * step - 1}: +1"
            assert want in line, line

    new_table(page, server, "tractor", seed=2, setup=[("decks", str(decks))])
    play_hand(page, f"tractor-{decks}-decks-phone", check=check, illegal=False)
    assert {"deal", "play"} <= {s["phase"] for s in seen}
    page.wait_for_selector(".hand-summary")
    assert "needed to take over" in page.locator(".hand-summary").inner_text()
    assert f"of {40 * decks} needed" in page.locator(".hand-summary").inner_text()
    shot(page, f"tractor-{decks}-decks-phone-summary")
    phone.close()


def test_fko_42_the_table_shows_who_gives_the_tribute_and_who_returns(server, page):
    """A single Fifty-K hand with the previous hand's places set in the lobby's advanced
    options: seat 0 (the page's) gives seat 1 its highest card with a button, the table
    names the giver and the receiver, and the card returned is shown to the giver."""
    page.goto(server.web_url)
    page.select_option("#new-variant", "fifty_k")
    page.click("#advanced summary")
    page.select_option("#new-option-tribute", json.dumps("highest"))
    page.fill("#new-option-previous_order", "[1, 2, 3, 0]")
    page.locator("#new-option-previous_order").dispatch_event("change")
    page.fill("#new-seed", "7")
    page.uncheck("#new-timers")
    page.click("#create")
    page.wait_for_selector(".felt")
    fact = page.locator(".fact", has_text="Tribute")
    fact.wait_for(timeout=STEP_MS)
    assert "Seat 0 gives Seat 1 their highest card (FKO-44)" in fact.inner_text()
    # FKO-42: the phase is "deal", the tribute fact says what is due; no timer is left on.
    prompt = page.locator(".you .prompt").inner_text()
    assert "Your turn: give your highest card as tribute" in prompt, prompt
    game = server.stub().GetGame(pb.GetGameRequest(game_id=game_id_of(page))).game
    assert game.phase == "deal" and not game.timer_seconds
    buttons = page.locator("button.action[data-action^='tribute ']")
    buttons.first.wait_for(timeout=STEP_MS)
    given = buttons.first.get_attribute("data-action").split()[1]
    buttons.first.click()
    page.wait_for_function(
        "() => document.querySelector('.fact')?.textContent.includes('who returned')",
        timeout=STEP_MS,
    )
    # The public history: the tribute shown, the return's card not (FKO-48).
    actions = [(e.seat, e.action) for e in history_of(server, game_id_of(page)).events]
    assert (0, f"tribute {given}") in actions and (1, "return") in actions
    text = page.locator(".fact", has_text="Tribute").inner_text()
    assert f"Seat 0 gave Seat 1 {with_symbols(given)}, who returned " in text
    returned = text.rsplit(" ", 1)[1]
    assert returned in "".join(page.locator(".you .hand").inner_text().split())


# Each badge's seat, shown text, and whether it is cut: its words wider than its box (to
# a hair: a flex item shrunk by 0.05 px shows an ellipsis), or some of it hidden (by a
# box that clips it or one drawn over it: the page's topmost element at its left end,
# middle and right end is not the badge).
_BADGES = """() => [...document.querySelectorAll('.seat header .badge')].map((b) => {
  const box = b.getBoundingClientRect();
  const words = [...b.children].find((s) => s.getClientRects().length);
  const padding = parseFloat(getComputedStyle(b).paddingRight);
  const wide = !words || words.getBoundingClientRect().right > box.right - padding + 0.01;
  const y = (box.top + box.bottom) / 2;
  const hidden = [box.left + 1, (box.left + box.right) / 2, box.right - 1].some(
    (x) => !b.contains(document.elementFromPoint(x, y)));
  return {seat: b.closest('.seat').dataset.seat, text: b.innerText, cut: wide || hidden};
})"""


@pytest.mark.parametrize(
    ("variant", "viewport", "words"),
    [
        ("tractor", {"width": 390, "height": 844}, {"庄", "lead"}),
        ("tractor", {"width": 1280, "height": 900}, {"Dealer 庄", "lead"}),
        ("red_five_5p", {"width": 390, "height": 844}, {"庄", "lead"}),
        ("red_five_5p", {"width": 1280, "height": 900}, {"Declarer 庄", "lead"}),
    ],
    ids=["tractor-phone", "tractor-desktop", "red_five_5p-phone", "red_five_5p-desktop"],
)
def test_a_seat_s_badges_are_never_cut(server, browser, variant, viewport, words):
    """A seat's badges show whole: on a phone in their short forms ("庄" for "Dealer 庄"),
    on a wide screen in words. The page's seat passes in the deal, so a bot declares; at
    the first trick it leads (TR-21, R5-30) and holds two badges, neither cut."""
    context = browser.new_context(viewport=viewport, is_mobile=viewport["width"] < 600)
    page = context.new_page()
    both: list[set[str]] = []
    new_table(page, server, variant, seed=1)
    page.evaluate("() => document.fonts.ready")
    while True:
        page.wait_for_function(_READY, arg=1, timeout=STEP_MS)
        if page.locator(".hand-summary").count():
            break
        badges = page.evaluate(_BADGES)
        assert not [b for b in badges if b["cut"]], badges
        seats = [b["seat"] for b in badges]
        if any(seats.count(s) > 1 for s in seats):
            both.append({b["text"] for b in badges if seats.count(b["seat"]) > 1})
            shot(page, f"badges-{variant}-{viewport['width']}")
            break
        at = version(page)
        passing = page.locator(".you.my-turn button.action[data-action='pass']")
        if phase(page) == "deal" and passing.count():
            passing.click()
        else:
            choose(page)
        page.wait_for_function(
            "at => document.querySelector('.hand-summary') || "
            "document.querySelector('.bar .version').textContent !== `v${at}`",
            arg=at,
            timeout=STEP_MS,
        )
    assert both == [words], both
    context.close()
