"""Rewards: a seat's game points at the end of the hand (`Game.result["game_points"]`),
and the bounds they stay in, from the scoring tables (OpenSpiel's utility range, the
single-seat environment's penalty for an action outside the mask)."""

from __future__ import annotations

from functools import cache
from typing import Any

from fenpai import scoring


def game_points(game: Any) -> list[float]:
    """Per seat, the hand's game points once it is over (zeros before)."""
    result = game.result
    if result is None:
        return [0.0] * game.num_players
    return [float(p) for p in result["game_points"]]


@cache
def bounds(variant: str, players: int = 4, decks: int = 2) -> tuple[float, float]:
    """The lowest and highest game points one seat can score in a hand."""
    if variant == "red_five_4p":  # R4-42 with the R4-41 transfers (2 per captured 5h)
        shares = [s for f in range(-600, 605, 5) for s in scoring.red_five_4p(f, decks)]
        transfer = scoring.RED_FIVE_GAME_POINTS * decks
        return float(min(shares) - transfer), float(max(shares) + transfer)
    if variant == "red_five_5p":  # R5-42 with the R5-31 penalties
        shares = []
        for p in range(0, 605, 5):
            for mode in scoring.RED_FIVE_5P_MODES:
                for grab in (False, True) if mode != "solo" else (False,):
                    amounts = scoring.red_five_5p(p, mode, grab=grab).values()
                    shares += [a for a in amounts if a is not None]
        most = scoring.RED_FIVE_5P_PENALIZED_THROWS
        low = most * scoring.RED_FIVE_5P_THROW_PENALTY
        high = most * scoring.RED_FIVE_5P_THROW_BONUS * 4
        return float(min(shares) - low), float(max(shares) + high)
    if variant == "tractor":  # TR-42, TR-43: the levels a team gains
        gains = [
            scoring.tractor_hand_outcome(p, 0, ("2", "2"))["applied"] for p in range(0, 405, 5)
        ]
        return 0.0, float(max(gains))
    if variant == "fifty_k":  # FK-41..FK-43, FK-51..FK-53: collected, ±20, doubled
        deck, bonus = scoring.DECK_POINTS, scoring.FIFTY_K_FIRST_OUT_BONUS
        if players == 4:  # half the team's doubled total
            return float(-(2 * scoring.FIFTY_K_LEFT_IN_PENALTY + deck)), float(deck + bonus)
        return float(-2 * (scoring.FIFTY_K_LEFT_IN_PENALTY + deck)), float(2 * (deck + bonus))
    raise ValueError(f"unknown variant {variant!r}")


def game_bounds(game: Any) -> tuple[float, float]:
    """`bounds` for a game's variant and options."""
    decks = int(game.options.get("decks", 2))
    return bounds(game.variant, game.num_players, decks)
