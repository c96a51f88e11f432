"""The web lobby's house rules from ListVariants: a preset (a named set of house rules,
TRO-*/FKO-*) or options set one by one under "Advanced" go into CreateGame's options,
and the table names the rules it plays by, the same for a seat and a spectator; on a
phone's width nothing runs off the screen."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import sync_playwright
from service_support import running_server
from web_support import launch, shot

from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service.variants import list_variants

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("web-presets"), "--no-timers") as server:
        yield server


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


def new_page(browser, viewport=None):
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    return context, page, errors


def presets() -> list[tuple[str, pb.Preset]]:
    return [(v.id, p) for v in list_variants().variants if len(v.presets) > 1 for p in v.presets]


def options_of(server, game_id: str) -> dict[str, object]:
    """The game's options with every default filled in (a house rule at its default is
    left out of Game.options)."""
    request = pb.GetGameRequest(game_id=game_id)
    # A fresh channel: on a busy machine its first connection may need a retry.
    variant = server.stub().GetGame(request, wait_for_ready=True, timeout=120).game
    (info,) = [v for v in list_variants().variants if v.id == variant.variant]
    defaults = {o.name: o.default_value for o in info.options}
    return {k: json.loads(x) for k, x in {**defaults, **variant.options}.items()}


def expected(variant: str, chosen: dict[str, str]) -> dict[str, object]:
    (info,) = [v for v in list_variants().variants if v.id == variant]
    return {
        k: json.loads(x)
        for k, x in {**{o.name: o.default_value for o in info.options}, **chosen}.items()
    }


def create_from_lobby(page, server, variant: str, choose) -> str:
    page.goto(server.web_url)
    page.select_option("#new-variant", variant)
    choose(page)
    page.uncheck("#new-timers")
    page.click("#create")
    page.wait_for_selector(".felt")
    return page.url.rsplit("/", 1)[1].split("?")[0]


@pytest.mark.parametrize("variant,preset", presets(), ids=lambda x: getattr(x, "id", x))
def test_a_preset_creates_a_game_whose_options_are_the_presets(
    server, browser, variant: str, preset: pb.Preset
) -> None:
    context, page, errors = new_page(browser)
    game_id = create_from_lobby(
        server=server,
        page=page,
        variant=variant,
        choose=lambda p: p.check(f"#preset-{preset.id}"),
    )
    assert options_of(server, game_id) == expected(variant, dict(preset.options))
    assert page.locator("#house-rules .rules-name").inner_text() == preset.name
    context.close()
    assert not errors, errors


def test_the_table_names_its_house_rules_for_seat_and_spectator(server, browser) -> None:
    context, page, errors = new_page(browser)
    page.goto(server.web_url)
    page.wait_for_selector("#preset-protect_tractors")
    assert page.is_checked("#preset-tournament")
    shot(page, "lobby-presets")
    game_id = create_from_lobby(
        page, server, "tractor", lambda p: p.check("#preset-protect_tractors")
    )
    page.click("#house-rules summary")
    line = page.locator("#house-rules li[data-option='follow_protect']").inner_text()
    assert "tractor need not be broken" in line and "TRO-13" in line
    shot(page, "table-house-rules")
    seat_text = page.locator("#house-rules").inner_text()
    page.goto(f"{server.web_url}#/watch/{game_id}")
    page.wait_for_selector("#house-rules")
    page.click("#house-rules summary")
    assert page.locator("#house-rules").inner_text() == seat_text
    context.close()
    assert not errors, errors


def test_advanced_sets_each_option_and_the_table_says_own_rules(server, browser) -> None:
    context, page, errors = new_page(browser)

    def choose(p) -> None:
        p.click("#advanced summary")
        p.select_option("#new-option-must_defend", json.dumps("none"))
        p.select_option("#new-option-follow_format", json.dumps("full"))
        assert not p.is_checked("#preset-tournament")
        assert p.locator("#own-rules").is_visible()
        shot(p, "lobby-advanced")

    game_id = create_from_lobby(page, server, "tractor", choose)
    chosen = {"must_defend": '"none"', "follow_format": '"full"'}
    assert options_of(server, game_id) == expected("tractor", chosen)
    assert page.locator("#house-rules .rules-name").inner_text() == "Own house rules"
    page.click("#house-rules summary")
    names = page.locator("#house-rules li").evaluate_all("els => els.map(e => e.dataset.option)")
    assert names == ["follow_format", "must_defend"]
    context.close()
    assert not errors, errors


def test_a_setup_option_and_a_preset_together(server, browser) -> None:
    """Fifty-K with 3 players (FK-1) and equal pure fifty-Ks (FKO-12): three seats."""
    context, page, errors = new_page(browser)

    def choose(p) -> None:
        p.select_option("#new-players", "3")
        p.check("#preset-equal_pure_fifty_ks")
        assert p.locator(".seat-choice").count() == 3

    game_id = create_from_lobby(page, server, "fifty_k", choose)
    chosen = {"players": "3", "pure_fifty_k_order": '"equal"'}
    assert options_of(server, game_id) == expected("fifty_k", chosen)
    context.close()
    assert not errors, errors


def test_on_a_phone_the_presets_and_the_rules_fit_the_width(server, browser) -> None:
    context, page, errors = new_page(browser, PHONE)
    page.goto(server.web_url)
    page.wait_for_selector("#preset-protect_tractors")
    page.click("#advanced summary")
    # Measured once the fonts are in and the layout has settled: a loaded machine can
    # measure a first layout in fallback fonts (the CJK names), which is not the page.
    fonts = "() => document.fonts.ready.then(() => true)"
    fits = "() => document.scrollingElement.scrollWidth <= window.innerWidth"
    page.evaluate(fonts)
    page.wait_for_function(fits)
    shot(page, "phone-lobby-presets")
    page.check("#preset-no_throw_penalty")
    page.uncheck("#new-timers")
    page.click("#create")
    page.wait_for_selector(".felt")
    page.click("#house-rules summary")
    page.evaluate(fonts)
    page.wait_for_function(fits)
    shot(page, "phone-table-house-rules")
    context.close()
    assert not errors, errors
