"""Rewards at the end of a hand, in one of three modes (`REWARDS`), and the bounds they
stay in (OpenSpiel's utility range, the single-seat environment's penalty for an action
outside the mask).

- `"win"` (the default): +1 for each seat of the winning side, −1 for each seat of the
  losing side, as the rules name the winners (`result["winners"]`: Red Five 4p and 5p
  and Tractor by side, Fifty-K 4p by team, Fifty-K 3p the first-placed seat alone), 0
  for a void hand (no winner). It is the default because it always tells a win from a
  loss: a Tractor hand pays 0 game points to most losers, a Fifty-K one may pay a
  losing seat more than nothing.
- `"zero_sum"`: the game points re-centred so that each hand's sum to zero (each seat's
  minus their mean over the seats).
- `"game_points"`: each seat's `result["game_points"]`, as the variant scores them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from fenpai import scoring

#: The reward modes; the first is the default.
REWARDS = ("win", "zero_sum", "game_points")
DEFAULT_REWARD = REWARDS[0]


def check_reward(reward: object) -> str:
    """`reward` if it names a mode, else a ValueError naming the modes."""
    if not isinstance(reward, str) or reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(map(repr, REWARDS))}, not {reward!r}")
    return reward


def rewards(reward: str, game_points: np.ndarray, won: np.ndarray) -> np.ndarray:
    """The rewards (float64, hands x seats) of finished hands in mode `reward`, from their
    game points and winners (hands x seats, as `simulate` and `Game.score_facts` give)."""
    points = np.asarray(game_points, dtype=np.float64).reshape(np.shape(won))
    if reward == "game_points":
        return points.copy()
    if reward == "zero_sum":
        centred: np.ndarray = points - points.mean(axis=-1, keepdims=True)
        return centred
    won = np.asarray(won, dtype=bool)
    decided = won.any(axis=-1, keepdims=True)
    return np.where(won, 1.0, np.where(decided, -1.0, 0.0))


def result_rewards(result: dict[str, Any], reward: str) -> list[float]:
    """Per seat, the reward in mode `reward` of a finished hand's `result` (what
    `rewards` gives for one hand, without arrays)."""
    points = [float(p) for p in result["game_points"]]
    winners = result["winners"]
    if reward == "game_points":
        return points
    if reward == "zero_sum":
        mean = sum(points) / len(points)
        return [p - mean for p in points]
    if not winners:
        return [0.0] * len(points)
    return [1.0 if s in winners else -1.0 for s in range(len(points))]


def hand_rewards(game: Any, reward: str) -> list[float]:
    """Per seat, the reward of `game`'s hand in mode `reward` once it is over (zeros
    before)."""
    result = game.result
    if result is None:
        return [0.0] * game.num_players
    return result_rewards(result, reward)


def hand_info(game: Any, seat: int) -> dict[str, Any]:
    """What an environment's `info` holds for `seat` at the end of a hand: "won" (the
    seat is among the winners) and the hand's whole "result"."""
    result = game.result
    assert result is not None
    return {"won": seat in result["winners"], "result": result}


def reward_bounds(
    reward: str,
    variant: str,
    players: int = 4,
    decks: int = 2,
    must_defend: str = "A",
    jack_rule: str = "none",
    final_level: str = "A",
) -> tuple[float, float]:
    """The lowest and highest reward of one seat in a hand, in mode `reward`
    (`must_defend`, `jack_rule`, `final_level`: Tractor's house rules TRO-40, TRO-80,
    TRO-90)."""
    if reward == "win":
        return -1.0, 1.0
    low, high = bounds(variant, players, decks, must_defend, jack_rule, final_level)
    if reward == "zero_sum":  # one seat at an end of the range, the others at the other
        spread = (high - low) * (players - 1) / players
        return -spread, spread
    return low, high


@cache
def bounds(
    variant: str,
    players: int = 4,
    decks: int = 2,
    must_defend: str = "A",
    jack_rule: str = "none",
    final_level: str = "A",
) -> tuple[float, float]:
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
    if variant == "tractor":  # TR-42, TR-43 (TRO-40): the levels a team gains, from any level
        # The kitty's multiplier (TR-40) takes P far past the deck's points: P runs on
        # until every gain has stopped at a level the team must defend or past A. Under
        # TRO-82 a team at J may be sent back to 2 (its change negative); under TRO-92 the
        # level NT follows A.
        stops = scoring.TRACTOR_MUST_DEFEND[must_defend]
        jack = jack_rule == "back_to_2"
        nt = (scoring.TRACTOR_NO_TRUMP_LEVEL,) if final_level == "no_trump" else ()
        outcomes = [
            (
                level,
                scoring.tractor_hand_outcome(
                    p, 0, (level, level), stops, back_to_2=back, final_level=final_level
                ),
            )
            for level in (*scoring.TRACTOR_LEVELS, *nt)
            for p in range(0, 2005, 5)
            for back in ((False, True) if jack and level == "J" else (False,))
        ]
        changes = [
            change
            for level, o in outcomes
            for change in scoring.tractor_level_changes(
                (level, level), o["levels"], o["match_winner"]
            )
        ]
        return float(min(changes)), float(max(changes))
    if variant == "fifty_k":  # FK-41..FK-43, FK-51..FK-53: collected, ±20, doubled
        deck, bonus = scoring.DECK_POINTS, scoring.FIFTY_K_FIRST_OUT_BONUS
        if players == 4:  # half the team's doubled total
            return float(-(2 * scoring.FIFTY_K_LEFT_IN_PENALTY + deck)), float(deck + bonus)
        return float(-2 * (scoring.FIFTY_K_LEFT_IN_PENALTY + deck)), float(2 * (deck + bonus))
    if variant == "finding_friends":  # FF-42, FF-43: a seat's levels gained, none going down
        # A seat gains at most from 2 to A (passing A counts one, and only from A).
        return 0.0, float(len(scoring.TRACTOR_LEVELS) - 1)
    raise ValueError(f"unknown variant {variant!r}")


def game_bounds(game: Any, reward: str = "game_points") -> tuple[float, float]:
    """`reward_bounds` for a game's variant and options."""
    if game.variant == "finding_friends":
        decks = int(game.decks)  # FF-1: by players unless given
    else:
        decks = int(game.options.get("decks", 3 if game.variant == "red_five_5p" else 2))
    must_defend = str(game.options.get("must_defend", "A"))
    jack_rule = str(game.options.get("jack_rule", "none"))
    final_level = str(game.options.get("final_level", "A"))
    return reward_bounds(
        reward, game.variant, game.num_players, decks, must_defend, jack_rule, final_level
    )
