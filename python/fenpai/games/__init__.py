"""Whole games: `new_game` makes a hand of any variant (the API contract's `Game`)."""

from __future__ import annotations

from typing import Any

from fenpai.games.base import Game
from fenpai.games.fifty_k import FiftyK
from fenpai.games.finding_friends import FindingFriends
from fenpai.games.match import Match, new_match
from fenpai.games.red_five_4p import RedFive4p
from fenpai.games.red_five_5p import RedFive5p
from fenpai.games.seeds import seed_number
from fenpai.games.tractor import Tractor

VARIANTS: dict[str, type[Game]] = {
    "red_five_4p": RedFive4p,
    "red_five_5p": RedFive5p,
    "fifty_k": FiftyK,
    "tractor": Tractor,
    "finding_friends": FindingFriends,
}


def new_game(
    variant: str,
    seed: int | str = 0,
    deck: str | None = None,
    first_seat: int | None = None,
    **options: Any,
) -> Game:
    """A new hand of `variant`: dealt from `seed` (a number, or its decimal text), or
    from a scripted `deck` (C-5)."""
    try:
        cls = VARIANTS[variant]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown variant {variant!r}: expected one of {', '.join(sorted(VARIANTS))}"
        ) from None
    return cls(seed=seed_number(seed), deck=deck, first_seat=first_seat, **options)


__all__ = ["Game", "Match", "VARIANTS", "new_game", "new_match"]
