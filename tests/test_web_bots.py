"""The web lobby offers the policies a server registered (`fenpai serve --bot`) beside
the built-in bots (ListBots), and a table made with one seats it."""

from __future__ import annotations

import pytest
from playwright.sync_api import sync_playwright
from service_support import running_server
from web_support import launch, shot

from fenpai.rpc.v1 import game_service_pb2 as pb

POLICY = "def last(batch):\n    return batch.num_legal - 1\n"


@pytest.fixture
def server(tmp_path):
    (tmp_path / "webpolicies.py").write_text(POLICY)
    with running_server(tmp_path, "--no-timers", "--bot", "mine=webpolicies:last") as server:
        yield server


def test_list_bots_names_the_built_in_ones_then_the_policies(server) -> None:
    names = server.stub().ListBots(pb.ListBotsRequest()).names
    assert list(names) == ["random", "greedy", "ismcts", "ismcts:N", "mine"]


def test_the_lobby_offers_a_registered_policy(server) -> None:
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page()
        page.goto(server.web_url)
        page.wait_for_selector("#new-seat-1 option[value='bot:mine']", state="attached")
        page.select_option("#new-variant", "fifty_k")
        page.select_option("#new-seat-1", "bot:mine")
        page.uncheck("#new-timers")
        shot(page, "lobby-policy")
        page.click("#create")
        page.wait_for_selector(".felt")
        game_id = page.url.rsplit("/", 1)[1].split("?")[0]
        browser.close()
    game = server.stub().GetGame(pb.GetGameRequest(game_id=game_id)).game
    assert {s.seat: s.bot for s in game.seats}[1] == "mine"
