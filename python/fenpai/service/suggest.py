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

from fenpai import bots
from fenpai.games import Game

#: The bots asked, best first: in the play, and before it.
PLAY_ADVISERS = ("ismcts", "greedy")
DEAL_ADVISERS = ("greedy", "ismcts")


def preferred(game: Game, seat: int) -> list[str]:
    """The advisers' choices for `seat`, best first and without repeats; empty when the
    seat is not to act."""
    if seat not in game.to_act:
        return []
    seed = bots.seed_for(seat, game.num_actions)
    out: list[str] = []
    for name in PLAY_ADVISERS if game.phase == "play" else DEAL_ADVISERS:
        action = bots.get(name, seed).choose(game, seat)
        if action not in out:
            out.append(action)
    return out
