"""`CoreHand`: one hand played through the environments' action space
(`fenpai.envs.decisions`) in the core (`_core.DecisionHand`), for the AEC and one-seat
environments: a step is one call (the GIL released for the bots and the encoding), the
picks, masks and bots' turns kept in the core, no Python per card.

Each observation is written into **fresh arrays** (`observe`), which the caller may keep:
nothing the core does later writes into them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from fenpai._core import DecisionHand
from fenpai.games import new_game
from fenpai.games.base import Game
from fenpai.spaces import table_actions

Observation = dict[str, np.ndarray]


class CoreHand:
    """A hand of `variant` (game options as `new_game` takes them); `bots[seat]` names
    the built-in bot of a seat the core plays, or is None for a seat played from Python
    (every seat when `bots` is None)."""

    def __init__(
        self, variant: str, options: dict[str, Any], bots: Sequence[str | None] | None = None
    ):
        self.probe = new_game(variant, **options)  # checks the variant and options
        seats: list[str | None] = [None] * self.probe.num_players if bots is None else list(bots)
        self.probe.check_bots([b for b in seats if b is not None])  # a bot it cannot seat
        fixed = list(table_actions(variant, options))
        self.core = DecisionHand(variant, seats, fixed, **self.probe.hands_options())
        self.size: int = self.core.size
        self.fixed: int = self.core.fixed
        self.obs_size: int = self.core.obs_size
        self.seed = 0
        self.deal: tuple[str | None, int | None] = (None, None)

    def reset(self, seed: int, deck: str | None = None, first_seat: int | None = None) -> None:
        """Deals the hand of `seed` (or the scripted `deck` and `first_seat`, C-5, as
        `new_game` takes them), the bots seeded from `seed` as `fenpai.bots.Bot`."""
        self.core.reset(seed, deck, first_seat)
        self.seed, self.deal = seed, (deck, first_seat)

    def replay(self, game: Game) -> None:
        """Deals `game`'s hand again (its seed and deck) and replays its history."""
        config = game.config()
        self.reset(config["seed"], config.get("deck"), config.get("first_seat"))
        for seat, action in game.history:
            self.core.apply(seat, action)

    def clone(self) -> CoreHand:
        """A copy of this hand (picks and bots included) sharing the probe game."""
        new = object.__new__(CoreHand)
        new.__dict__.update(self.__dict__)
        new.core = self.core.clone()
        return new

    def observe(self, seat: int) -> Observation:
        """What `seat` observes now, in fresh arrays."""
        return self.core.observation(seat)

    def game(self) -> Game:
        """A copy of the hand so far as a `fenpai.Game` (every seat's cards in it): for
        the result, rendering and tests, not for an agent."""
        return self.probe.hand_from(self.seed, self.core.objects(), *self.deal)
