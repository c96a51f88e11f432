"""The engine's preferred actions for one seat, best first: what the page offers as
suggestions instead of the first entries of the legal list.

In the play the search bot's choice comes first, then the greedy bot's when it differs;
before it (bids, trump, the burial, the friend call) the greedy bot's comes first, since
its rule-based burial keeps every trump and point card where a search of a few hundred
playouts may bury points. Both decide
from the seat's own information (its hand, its burial, the public record), and their
seed is mixed from public facts only (the seat and the game's length), never the game's
seed: so a suggestion is the same in every deal the seat cannot tell apart, and tells it
nothing it does not know.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from fenpai import bots
from fenpai.games import Game

#: The bots asked, best first: in the play, and before it.
PLAY_ADVISERS = ("ismcts", "greedy")
DEAL_ADVISERS = ("greedy", "ismcts")


def preferred(game: Game, seat: int) -> list[str]:
    """The advisers' choices for `seat`, best first and without repeats (an adviser that
    does not play the game's options, `Game.bot_problem`, left out); empty when the seat
    is not to act."""
    if seat not in game.to_act:
        return []
    seed = bots.seed_for(seat, game.num_actions)
    out: list[str] = []
    for name in PLAY_ADVISERS if game.phase == "play" else DEAL_ADVISERS:
        if game.bot_problem(name) is not None:
            continue
        action = bots.get(name, seed).choose(game, seat)
        if action not in out:
            out.append(action)
    return out


class Advice:
    """The advisers' choices per game, seat and version, each worked out once off the
    event loop: a client asking again, or many asking at once, for the same turn share
    the first answer, so asking costs the server one search per seat and turn at most."""

    def __init__(self, most: int = 4096):
        self._found: OrderedDict[tuple[str, int], tuple[int, asyncio.Future[list[str]]]]
        self._found = OrderedDict()
        self._most = most

    def of(
        self, game_id: str, seat: int, version: int, copy: Callable[[], Game]
    ) -> Awaitable[list[str]]:
        """`preferred` for `seat` at `version` of the game; `copy` makes the game's copy
        to search when this turn has not been asked about yet."""
        key = (game_id, seat)
        found = self._found.get(key)
        if found is None or found[0] != version:
            found = (version, asyncio.ensure_future(asyncio.to_thread(preferred, copy(), seat)))
            self._found[key] = found
            while len(self._found) > self._most:
                self._found.popitem(last=False)
        self._found.move_to_end(key)
        return asyncio.shield(found[1])  # one caller leaving does not cancel the others'
