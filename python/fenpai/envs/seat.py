"""`SeatEnv`: a Gymnasium environment for one seat of a hand, the others played by the
built-in bots (`fenpai.bots`).

Observations and actions are those of the PettingZoo environment (`fenpai.envs.aec`)
for that seat: `{"observation": float32, "action_mask": int8}` and one discrete id of
`fenpai.envs.decisions`. The bots act between the seat's decisions; the reward, 0 until
the hand ends, is then the seat's in mode `reward` (`fenpai.envs.payoffs`: "win" by
default, "zero_sum", "game_points"), with `info["won"]` and `info["result"]` (the hand's
result). An id the mask does not allow ends the episode with the mode's lowest reward
(`fenpai.envs.payoffs.reward_bounds`) and `info["illegal"]`,
the game unchanged, unless `illegal="raise"` asks for a ValueError instead.
`reset(seed=...)` deals the same hand, with the same bots, for the same seed.
A step is one call into the core (`fenpai.envs.core_hand`): the id taken, the bots'
turns played, the observation and mask written into fresh arrays the caller may keep.
`gymnasium.make("fenpai/<variant>-v0", ...)` makes one (registered through the package's
`gymnasium.envs` entry point, and on importing this module).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import gymnasium
import numpy as np

from fenpai.bots import Bot
from fenpai.envs.aec import observation_space
from fenpai.envs.core_hand import CoreHand
from fenpai.envs.payoffs import DEFAULT_REWARD, check_reward, game_bounds, hand_info, hand_rewards
from fenpai.envs.registration import register
from fenpai.errors import IllegalAction
from fenpai.games import new_game
from fenpai.games.base import Game

ObsDict = dict[str, np.ndarray]


class SeatEnv(gymnasium.Env[ObsDict, int]):
    """One seat (`seat`) of a hand of `variant` against bots: `bots` names one bot
    kind for every other seat, or one per seat (the entry for `seat` is ignored)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        variant: str,
        seat: int = 0,
        bots: str | Sequence[str] = "greedy",
        illegal: str = "penalty",
        render_mode: str | None = None,
        reward: str = DEFAULT_REWARD,
        **options: Any,
    ):
        dealt = sorted({"seed", "deck", "first_seat"} & set(options))
        if dealt:
            raise ValueError(f"{', '.join(dealt)}: the deal comes from reset(seed=...)")
        if illegal not in ("penalty", "raise"):
            raise ValueError(f"illegal must be 'penalty' or 'raise', not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.reward = check_reward(reward)
        self.variant, self.options, self.illegal = variant, options, illegal
        self.render_mode = render_mode
        probe = new_game(variant, **options)
        n = probe.num_players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        self.seat = seat
        names = [bots] * n if isinstance(bots, str) else list(bots)
        if len(names) != n:
            raise ValueError(f"{variant} has {n} seats; bots names {len(names)}")
        for name in names:
            Bot(name, 0)  # ValueError for an unknown bot kind
        self.bot_names = names
        self.hand = CoreHand(
            variant, options, [None if s == seat else b for s, b in enumerate(names)]
        )
        self.observation_space = cast(
            "gymnasium.spaces.Space[ObsDict]",
            observation_space(self.hand.obs_size, self.hand.size),
        )
        self.action_space = cast(
            "gymnasium.spaces.Space[int]", gymnasium.spaces.Discrete(self.hand.size)
        )
        self.penalty = game_bounds(self.hand.probe, self.reward)[0]
        self._step_seat = self.hand.core.step_seat  # the hand's core never changes
        self._over = False

    @property
    def game(self) -> Game:
        """A copy of the hand so far as a `fenpai.Game`, every seat's cards in it (for
        inspection and tests, not for the agent)."""
        return self.hand.game()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        super().reset(seed=seed)
        self.hand.reset(int(self.np_random.integers(2**63)))
        self.hand.core.play_bots()
        self._over = self.hand.core.to_act() is None
        return self.hand.observe(self.seat), {}

    def step(self, action: int) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        """Takes id `action` for the seat, then the bots act until the seat's next
        decision or the end; the observation is in fresh arrays."""
        if self._over:
            raise ValueError("the hand is over: call reset()")
        seat = self.seat
        try:
            out, to_act = self._step_seat(seat, int(action))
        except (IllegalAction, OverflowError):  # OverflowError: a negative id
            if self.illegal == "raise":
                raise IllegalAction(f"action {action} is not allowed for seat {seat} now") from None
            return self.hand.observe(seat), self.penalty, True, False, {"illegal": True}
        if to_act is not None:
            return out, 0.0, False, False, {}
        self._over = True
        game = self.hand.game()
        reward = hand_rewards(game, self.reward)[seat]
        return out, reward, True, False, hand_info(game, seat)

    def render(self) -> str | None:
        """The seat's view as text (`render_mode="ansi"`)."""
        if self.render_mode is None:
            return None
        return repr(self.game.view(self.seat))


register()
