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
from fenpai.spaces import FIXED_ACTIONS

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
        fixed = list(FIXED_ACTIONS.get(variant, ()))
        self.core = DecisionHand(variant, seats, fixed, **self.probe.hands_options())
        self.size: int = self.core.size
        self.fixed: int = self.core.fixed
        self.obs_size: int = self.core.obs_size
        self.seed = 0

    def reset(self, seed: int) -> None:
        """Deals the hand of `seed` (the bots seeded from it as `fenpai.bots.Bot`)."""
        self.seed = seed
        self.core.reset(seed)

    def buffers(self) -> Observation:
        """Fresh arrays for one observation and mask."""
        return {
            "observation": np.empty(self.obs_size, dtype=np.float32),
            "action_mask": np.empty(self.size, dtype=np.int8),
        }

    def observe(self, seat: int) -> Observation:
        """What `seat` observes now, in fresh arrays."""
        out = self.buffers()
        self.core.observe(seat, out["observation"], out["action_mask"])
        return out

    def game(self) -> Game:
        """A copy of the hand so far as a `fenpai.Game` (every seat's cards in it): for
        the result, rendering and tests, not for an agent."""
        return self.probe.hand_from(self.seed, self.core.objects())
