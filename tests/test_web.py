"""The browser app in a real browser (Debian's Chromium, headless, driven by
Playwright) against a real `fenpai serve`: a whole hand of every variant against bots
played by clicking, a private table joined with its invite, a spectator, a replay and
a match's summary; screenshots of every screen are kept (`web_support.ARTIFACTS`), and
every response the page receives is decoded and checked to hold no card its viewer may
not know."""

from __future__ import annotations

import json

import pytest
from leak_support import cards_in, check_public, check_view, contained, hidden_actions, truth_by_version
from playwright.sync_api import sync_playwright
from service_support import running_server
from web_support import Wire, check_trump_marks, launch, play_hand, shot, with_symbols

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


def history_of(server, game_id: str) -> pb.GetHistoryResponse:
    return server.stub().GetHistory(pb.GetHistoryRequest(game_id=game_id))


def game_id_of(page) -> str:
    return page.url.rsplit("/", 1)[1].split("?")[0]


def check_seat_wire(wire: Wire, game_id: str, seat: int, history) -> None:
    """Every view the seat's page received is the seat's view then; another seat's
    burial reached it redacted; a rejection names no card it could not see."""
    truth = truth_by_version(history)
    hidden = hidden_actions(history)
    views = wire.views(game_id)
    assert len(views) > 10
    for event, view in views:
        assert view.seat == seat
        check_view(seat, json.loads(view.view_json), view.hand_view, truth[view.version])
        if event is not None and event.version in hidden and hidden[event.version].seat != seat:
            assert event.action == "bury" and event.redacted
    for got in wire.received():
        if got.error is not None:
            reason, _, message = got.error
            assert reason != "INTERNAL", message


#: The seed of each variant's hand, and the phases in which it asks the page's seat
#: (seat 0 taking the first choice offered, against greedy bots).
HANDS = {
    "tractor": (1, ["deal", "kitty", "play"]),
    "red_five_4p": (1, ["bid", "trump", "kitty", "play"]),
    "red_five_5p": (1, ["deal", "kitty", "friend", "play"]),
    "fifty_k": (1, ["play"]),
}


def new_table(page, server, variant: str, seed: int | None = None, seats=(), access="open"):
    """Creates a table on the lobby's form: seat 0 the page's, the rest greedy bots
    unless `seats` says otherwise ((seat, option value) pairs), no timers."""
    page.goto(server.web_url)
    page.select_option("#new-variant", variant)
    for seat, value in seats:
        page.select_option(f"#new-seat-{seat}", value)
    page.select_option("#new-access", access)
    if seed is not None:
        page.fill("#new-seed", str(seed))
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
    shot(page, f"{variant}-summary")
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
    illegal = [g.error for g in wire.received() if g.method == "Act" and g.error]
    assert [r for r, _, _ in illegal] == ["ILLEGAL_ACTION"]
    for _, rule, message in illegal:
        assert rule and with_symbols(message) in reason
        seen = [json.loads(v.view_json) for _, v in wire.views(game_id)]
        assert contained(cards_in(message), cards_in(json.dumps(seen)))
