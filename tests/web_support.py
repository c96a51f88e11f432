"""What the browser tests share: Debian's Chromium driven by Playwright (no browser is
downloaded), the page's every GameService response recorded and decoded, a player that
plays the page's seat by clicking, and screenshots kept under `FENPAI_WEB_ARTIFACTS`
(default tests/artifacts/web/, ignored by git)."""

from __future__ import annotations

import base64
import json
import os
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from google.protobuf import message_factory
from google.rpc import error_details_pb2
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from service_support import ROOT

import fenpai
from fenpai.rpc.v1 import game_service_pb2 as pb

CHROMIUM = os.environ.get("FENPAI_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("FENPAI_WEB_ARTIFACTS", ROOT / "tests" / "artifacts" / "web"))
SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]
PATH = f"/{SERVICE.full_name}/"
#: The messages in a response that carry a view.
VIEW_HOLDERS = ("GetView", "StreamEvents", "Spectate", "ReplayGame")
#: How long a page may take to answer one step (bots and the server included).
STEP_MS = 60_000


def launch(playwright):
    """Debian's Chromium, headless; skipped where it is missing, except in CI."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium)")
        pytest.skip(f"{CHROMIUM} is missing: apt-get install chromium")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


def shot(page, name: str) -> Path:
    """A full-page screenshot, kept as a test artifact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@dataclass
class Received:
    """One decoded GameService response the page received."""

    method: str
    messages: list = field(default_factory=list)
    #: A rejection: (reason, rule, message).
    error: tuple[str, str, str] | None = None


def _error(text: bytes) -> tuple[str, str, str]:
    data = json.loads(text)
    reason, rule = data.get("code", ""), ""
    for detail in data.get("details", []):
        if detail.get("type") == "google.rpc.ErrorInfo":
            padded = detail["value"] + "=" * (-len(detail["value"]) % 4)
            info = error_details_pb2.ErrorInfo.FromString(base64.b64decode(padded))
            reason, rule = info.reason, info.metadata.get("rule", "")
    return reason, rule, data.get("message", "")


def decode(method: str, status: int, content_type: str, body: bytes) -> Received:
    """A Connect response: a unary message, or a stream's enveloped messages and its
    end (which may hold a rejection)."""
    output = message_factory.GetMessageClass(SERVICE.methods_by_name[method].output_type)
    got = Received(method)
    if not content_type.startswith("application/connect+"):
        if status != 200:
            got.error = _error(body)
        else:
            got.messages.append(output.FromString(body))
        return got
    at = 0
    while at < len(body):
        flags, size = struct.unpack(">BI", body[at : at + 5])
        data = body[at + 5 : at + 5 + size]
        at += 5 + size
        assert not flags & 1, "no compression was asked for"
        if flags & 2:
            end = json.loads(data or b"{}")
            if "error" in end:
                got.error = _error(json.dumps(end["error"]).encode())
        else:
            got.messages.append(output.FromString(data))
    return got


class Wire:
    """Every GameService response a page receives, decoded (read as each one ends: a
    page that moves on may drop what it received)."""

    def __init__(self, page):
        self._received: list[Received] = []
        page.on("requestfinished", self._finished)

    def _finished(self, request) -> None:
        if PATH not in request.url:
            return
        response = request.response()
        method = request.url.rsplit("/", 1)[1]
        content_type = response.headers.get("content-type", "")
        self._received.append(decode(method, response.status, content_type, response.body()))

    def received(self) -> list[Received]:
        return list(self._received)

    def views(self, game_id: str) -> list[tuple[pb.Event | None, pb.View]]:
        """Each (event, view) the page received of the game."""
        out = []
        for got in self.received():
            if got.method in VIEW_HOLDERS:
                for message in got.messages:
                    if message.view.game_id == game_id:
                        has = "event" in message.DESCRIPTOR.fields_by_name
                        event = message.event if has and message.HasField("event") else None
                        out.append((event, message.view))
        return out


def version(page) -> int:
    return int(page.locator(".bar .version").inner_text().lstrip("v"))


def phase(page) -> str:
    return page.locator(".bar .status").get_attribute("data-phase") or ""


#: True once hand `hand`'s summary is up, or the seat may act on a control (a deal
#: question whose only answer is pass is not one: the page passes it by itself).
_READY = """hand => {
  if (document.querySelector(`.hand-summary[data-hand='${hand}']`)) return true;
  const turn = document.querySelector('.you.my-turn');
  if (!turn) return false;
  if (turn.querySelector('.chip, #action-list')) return true;
  const buttons = [...turn.querySelectorAll('button.action:not([disabled])')];
  const deal = document.querySelector('.bar .status').dataset.phase === 'deal';
  return buttons.length > (deal && buttons.every(b => b.dataset.action === 'pass') ? 1 : 0);
}"""
#: How long a click waits for its control before the turn is looked at again.
CLICK_MS = 5_000


@dataclass
class Played:
    """What playing a hand by clicking saw: the phases, and per version the seat's hand
    as shown with the trumps it marked."""

    phases: list[str] = field(default_factory=list)
    hands: dict[int, list[tuple[str, bool]]] = field(default_factory=dict)
    illegal: list[str] = field(default_factory=list)
    #: The actions the chips offered at the seat's first burial, in order.
    burials: list[str] = field(default_factory=list)


def shown_hand(page) -> list[tuple[str, bool]]:
    """The hand on screen: (card, marked trump) in order."""
    return page.eval_on_selector_all(
        ".you .hand .card", "els => els.map(e => [e.dataset.card, e.classList.contains('trump')])"
    )


def try_illegal(page, name: str, played: Played) -> None:
    """Selects a card the page shows as not playable, plays it and keeps the engine's
    reason the page shows."""
    page.locator(".you .hand .card.dim").first.click()
    page.click("#submit")
    error = page.locator(".you .error[role=alert]")
    error.wait_for(timeout=STEP_MS)
    played.illegal.append(error.inner_text())
    shot(page, f"{name}-illegal")
    page.get_by_role("button", name="Clear").click()


def play_hand(page, name: str, hand: int = 1, check=None, illegal: bool = True) -> Played:
    """Plays the page's seat to the end of hand `hand` (of a table; 1 for a game) by
    clicking: a suggested play (its chip, then Play or Bury), else the first action
    offered. Takes a screenshot the first time each phase asks the seat, once tries a
    play the page dims (unless `illegal` is false), and calls `check(page)` whenever the
    seat may act."""
    played = Played()
    summary = f".hand-summary[data-hand='{hand}']"
    while True:
        page.wait_for_function(_READY, arg=hand, timeout=STEP_MS)
        if page.locator(summary).count():
            return played
        if check is not None:
            check(page)
        now, at = phase(page), version(page)
        if now not in played.phases:
            played.phases.append(now)
            shot(page, f"{name}-{len(played.phases)}-{now}")
        if now == "kitty" and not played.burials:
            played.burials = page.eval_on_selector_all(
                ".you.my-turn .chip", "els => els.map(e => e.dataset.action)"
            )
        if now == "play":
            played.hands[at] = shown_hand(page)
            if illegal and not played.illegal and page.locator(".you .hand .card.dim").count():
                try_illegal(page, name, played)
        try:
            choose(page)
        except PlaywrightTimeout:  # the turn moved on meanwhile (a bot, a timer)
            continue
        page.wait_for_function(
            f'() => document.querySelector("{summary}") || document.querySelector('
            f"'.bar .version').textContent !== 'v{at}'",
            timeout=STEP_MS,
        )
        error = page.locator(".you .error[role=alert]")
        assert not error.count(), error.inner_text()


def choose(page) -> None:
    """Clicks the first legal choice the page offers: a suggested play's chip then
    Play (or Bury), the list's first entry, or the first action button."""
    chips = page.locator(".you.my-turn .chip")
    if chips.count():
        chips.first.click(timeout=CLICK_MS)
        page.click("#submit", timeout=CLICK_MS)
    elif page.locator("#action-list").count():
        page.click(".you .actions button.primary", timeout=CLICK_MS)
    else:
        page.locator(".you.my-turn button.action:not([disabled])").first.click(timeout=CLICK_MS)


def check_trump_marks(variant: str, played: Played, truth) -> None:
    """Every card shown in the play marked trump exactly when the rules say (C-11, C-12),
    in the order of the seat's view."""
    assert played.hands, "the seat played"
    for at, shown in played.hands.items():
        public = truth[at][1]
        # Finding Friends plays by Tractor's trumps (FF-30, C-12).
        ruled = "tractor" if variant == "finding_friends" else variant
        rules = fenpai.TrickRules(ruled, trump=public["trump"], level=public["level"])
        for card, marked in shown:
            assert marked == rules.is_trump(card), (at, card, marked)


_CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][shcd]|BJ|LJ)(?![A-Za-z0-9])")
_SYMBOL = {"s": "♠", "h": "♥", "c": "♣", "d": "♦"}


def with_symbols(text: str) -> str:
    """Text as the page shows it: each card with its suit symbol ("10♥", "big joker")."""

    def shown(card: str) -> str:
        if card in ("BJ", "LJ"):
            return "big joker" if card == "BJ" else "little joker"
        return ("10" if card[0] == "T" else card[0]) + _SYMBOL[card[1]]

    return _CARD.sub(lambda m: shown(m.group(0)), text)


#: The seat's controls that are in the viewport but not on top where they are shown
#: (document.elementFromPoint at a point of each: a card's visible strip, a button's
#: middle), as "tag.class" texts.
_COVERED = """() => {
  const out = [];
  const controls = document.querySelectorAll(
    '.you.my-turn button, .you.my-turn select, .you.my-turn .hand .card');
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const x = el.classList.contains('card') ? r.left + 4 : r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !el.contains(hit)) {
      out.push(`${el.tagName}.${el.className} under ${hit && hit.className}`);
    }
  }
  return out;
}"""


def covered_controls(page) -> list[str]:
    """The seat's controls something covers on screen (see `_COVERED`)."""
    return page.evaluate(_COVERED)


def summary_leaves_turn_free(page) -> None:
    """While the seat's decision timer runs, no dialog is open and nothing covers its
    controls (a hand's summary among them)."""
    if not page.locator(".you.my-turn").count() or not page.locator(".seat.to-act .timer").count():
        return
    assert not page.locator("[role=dialog]").count(), "a dialog is open on the seat's turn"
    assert covered_controls(page) == []
