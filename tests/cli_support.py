"""Helpers of the command-line tests: `fenpai` in a pseudo-terminal, and what a seat may know."""

from __future__ import annotations

import os
import re
import sys
from collections import Counter
from collections.abc import Callable

import pexpect

from fenpai.cli.common import fresh_game
from fenpai.games.base import Game

PROMPT = "your action> "
#: A card as the screen names it: rank and suit, or a joker.
CARD = re.compile(r"(?<![\w-])(?:[2-9TJQKA][shcd]|LJ|BJ)(?![\w-])")


def spawn(
    *args: str, columns: int = 250, term: str = "dumb", env: dict[str, str] | None = None
) -> pexpect.spawn:
    """`python -m fenpai.cli ARGS` in a wide pseudo-terminal without colour (and `env`)."""
    env = {**(env or {}), "NO_COLOR": "1", "TERM": term, "COLUMNS": str(columns), "PATH": ""}
    if "PYTHONPATH" in os.environ:  # a worktree's package ahead of an installed one
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return pexpect.spawn(
        sys.executable,
        ["-m", "fenpai.cli", *args],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, columns),
    )


def offered(screen: str) -> list[str]:
    """The legal actions the screen offers (its last `legal:` line), without the `… more`."""
    line = re.findall(r"legal: (.*)", screen)[-1].strip()
    return [a for a in line.split(" | ") if not a.startswith("…")]


def first_offered(legal: list[str]) -> str:
    return legal[0]


def pass_if_offered(legal: list[str]) -> str:
    """Passes whenever it may (bots then bid, declare and bury), else the first action."""
    return "pass" if "pass" in legal and not legal[0].startswith("play") else legal[0]


def play_through(args: list[str], choose: Callable[[list[str]], str]) -> tuple[list[str], int]:
    """Plays `fenpai play ARGS` to its end, answering each prompt with `choose(offered)`;
    returns the screen before each prompt, the screen after the last one, and the status."""
    child = spawn("play", *args)
    screens = []
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        screens.append(child.before)
        child.sendline(choose(offered(child.before)))
    screens.append(child.before)
    child.wait()  # the exit status, however long the interpreter takes to shut down
    child.close()
    return screens, child.exitstatus


def cards_of(text: str) -> list[str]:
    """The cards of an action's text (`play 5h 5h as pair` -> 5h 5h)."""
    return CARD.findall(text.split(" as ")[0])


def knowledge(game: Game, me: int) -> Counter[str]:
    """Every card copy `me` may know of now: its hand, its burial, what any seat played or
    tried to throw (C-51), declarations and reveals; at the end, every card (C-4)."""
    if game.phase == "done":
        return Counter(str(c) for c in game.all_cards())
    view = game.view(me)
    per_seat = [Counter() for _ in range(game.num_players)]
    for seat, action in game.history:
        if action.startswith("play ") or (seat == me and action.startswith("bury ")):
            per_seat[seat] += Counter(cards_of(action))
    shown: list[tuple[int, str]] = [(s, cs) for s, cs in view.get("declarations", [])]
    if view.get("reveal"):
        shown.append(tuple(view["reveal"]))
    for seat, cs in shown:
        per_seat[seat] |= Counter(cards_of(cs))
    per_seat[me] += Counter(cards_of(view["hand"]))
    called = Counter(cards_of(view.get("call") or ""))  # R5-20: a card named, not where it is
    return sum(per_seat, Counter()) | called


def knowledge_at_turns(game: Game, me: int) -> list[Counter[str]]:
    """`knowledge` at each of `me`'s prompts in a finished game, and at its end (a deal
    question it can only pass is passed without a prompt, TR-12, R5-10)."""
    fresh = fresh_game(game)
    out = []
    for seat, action in game.history:
        silent = fresh.phase == "deal" and fresh.legal_actions(me) == ["pass"]
        if seat == me and not silent:
            out.append(knowledge(fresh, me))
        fresh.apply(seat, action)
    out.append(knowledge(fresh, me))
    return out


def leaks(screens: list[str], known: list[Counter[str]]) -> list[str]:
    """The clauses of screen lines that name a card copy the seat could not know when it was
    shown. Clauses (split at `: ` and ` | `) are checked one by one, as one may name the
    same copies as another (a failed throw's attempted and forced cards); a call card
    offered (`call Ah`, R5-20) names a card, not where one is."""
    assert len(screens) == len(known), (len(screens), len(known))
    bad = []
    for screen, k in zip(screens, known, strict=True):
        for line in screen.splitlines():
            for clause in re.split(r": | \| ", line):
                named = Counter(CARD.findall(clause))
                if named - k and not clause.strip().startswith("call "):
                    bad.append(f"{line.strip()}   <- unknown: {' '.join((named - k).elements())}")
    return bad
