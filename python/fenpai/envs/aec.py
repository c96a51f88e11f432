"""`pettingzoo_env(variant, **options)`: a PettingZoo AEC environment of one hand.

Agents are `seat_0 .. seat_{n-1}`; the agent to act is the game's seat to act. Each
agent observes `{"observation": float32, "action_mask": int8}`: the observation is
`fenpai.encode(game, seat)` (only what the seat may know), followed in the
trick-taking variants by the 54 copies of the cards it picked so far in a card-by-card
choice; the mask is over `fenpai.envs.decisions` (fixed ids, then card by card), zeros
for a seat that may not act. Rewards are each seat's in mode `reward`
(`fenpai.envs.payoffs`: "win" by default, "zero_sum", "game_points"), given when the hand
ends, with each agent's `infos[agent]["won"]` and `["result"]` (the hand's result).
`reset(seed=...)` deals the same hand for the same seed. The hand is played in the core
(`fenpai.envs.core_hand`); each observation is in fresh arrays the caller may keep.
A step is one core call: the id taken and the next seat's observation written, which
the next `last()` (or `observe` of that agent) hands out; rewards, terminations and
infos change only when the hand ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from fenpai.encoding import encode, game_fields
from fenpai.envs.core_hand import CoreHand
from fenpai.envs.decisions import Decisions
from fenpai.envs.payoffs import DEFAULT_REWARD, check_reward, hand_info, hand_rewards
from fenpai.errors import IllegalAction
from fenpai.games.base import Game
from fenpai.spaces import NUM_KINDS


def observation_size(game: Game, decisions: Decisions) -> int:
    """The length of an agent's observation vector."""
    _, offset, size = game_fields(game)[-1]
    return offset + size + (NUM_KINDS if decisions.by_card else 0)


def observe_seat(game: Game, seat: int, decisions: Decisions) -> dict[str, np.ndarray]:
    """What `seat` observes now: its encoded view (with its own picks) and its mask, made
    in Python over a `Game` (the reference the core's `CoreHand.observe` is tested
    against)."""
    obs, _ = encode(game, seat, legal=False)
    if decisions.by_card:
        mine = decisions.choice is not None and decisions.choice.seat == seat
        picked = decisions.picked() if mine else np.zeros(NUM_KINDS, dtype=np.float32)
        obs = np.concatenate([obs, picked])
    return {"observation": obs, "action_mask": decisions.mask(game, seat)}


def observation_space(size: int, actions: int) -> gymnasium.spaces.Dict:
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
        }
    )


class FenpaiAEC(AECEnv):  # type: ignore[misc]
    """One hand of `variant` as a PettingZoo AEC environment (see the module)."""

    metadata = {"name": "fenpai_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        variant: str,
        render_mode: str | None = None,
        reward: str = DEFAULT_REWARD,
        **options: Any,
    ):
        super().__init__()
        self.reward = check_reward(reward)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        dealt = sorted({"seed", "deck", "first_seat"} & set(options))
        if dealt:
            raise ValueError(f"{', '.join(dealt)}: the deal comes from reset(seed=...)")
        self.variant, self.options = variant, options
        self.hand = CoreHand(variant, options)
        n = self.hand.probe.num_players
        self.possible_agents = [f"seat_{s}" for s in range(n)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self._observation_spaces = {
            a: observation_space(self.hand.obs_size, self.hand.size) for a in self.possible_agents
        }
        self._action_spaces = {
            a: gymnasium.spaces.Discrete(self.hand.size) for a in self.possible_agents
        }
        self._rng = np.random.default_rng()
        # The hand's core never changes: its methods looked up once, not at every step.
        self._observation = self.hand.core.observation
        self._step_observe = self.hand.core.step_observe
        self._over = True  # until reset
        self._seat = 0  # the selected agent's seat while the hand is under way
        self._ready: dict[str, np.ndarray] | None = None  # its observation, not yet given

    @property
    def game(self) -> Game:
        """A copy of the hand so far as a `fenpai.Game`, every seat's cards in it (for
        inspection and tests, not for the agents)."""
        return self.hand.game()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new hand, dealt from `seed` when given (else from the environment's
        generator, itself seeded by the last seed given)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.hand.reset(int(self._rng.integers(2**63)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._seat_agent()
        self._over, self._seat, self._ready = False, self._seat_of[self.agent_selection], None

    def _seat_agent(self) -> str:
        seat = self.hand.core.to_act()
        return self.possible_agents[seat] if seat is not None else self.agents[0]

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """`AECEnv.agent_iter`: the selected agent until no agent is left or after
        `max_iter`, as a generator (cheaper a step than PettingZoo's iterator object)."""
        while max_iter > 0 and self.agents:
            max_iter -= 1
            yield self.agent_selection

    def _selected_observation(self) -> dict[str, np.ndarray]:
        """The selected seat's observation while the hand is under way: the one the last
        step wrote, the first time it is asked for, else written now."""
        ready = self._ready
        if ready is None:
            return self._observation(self._seat)
        self._ready = None
        return ready

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What `agent` observes now, in fresh arrays."""
        seat = self._seat_of[agent]
        if seat == self._seat and not self._over:
            return self._selected_observation()
        return self._observation(seat)

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """`AECEnv.last` in one frame: the selected agent's observation (fresh arrays),
        cumulative reward, termination, truncation and info (before the hand ends: no
        reward yet, neither terminated nor truncated)."""
        agent = self.agent_selection
        if not (self._over or self.terminations[agent] or self.truncations[agent]):
            obs = self._selected_observation() if observe else None
            return obs, 0.0, False, False, self.infos[agent]
        return (
            self._observation(self._seat_of[agent]) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        """Takes the selected agent's action (an id its mask allows; None once it is
        done). `IllegalAction` (a ValueError) for an action the mask does not allow, the
        game unchanged."""
        agent = self.agent_selection
        # Every agent is terminated once the hand is over; a wrapper may end it sooner
        # (PettingZoo's TerminateIllegalWrapper writes `terminations`).
        if self._over or self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat
        try:
            self._ready, to_act = self._step_observe(seat, int(action))
        except OverflowError:  # a negative id
            raise IllegalAction(f"action {action} is not allowed for seat {seat} now") from None
        if to_act is not None:  # no reward before the end: nothing to accumulate or clear
            self._seat = to_act
            self.agent_selection = self.possible_agents[to_act]
            return
        self._over = True
        game = self.hand.game()
        paid = hand_rewards(game, self.reward)
        self.rewards = dict(zip(self.possible_agents, paid, strict=True))
        for s, a in enumerate(self.possible_agents):
            self.terminations[a] = True
            self.infos[a] = hand_info(game, s)
        self.agent_selection = self._seat_agent()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The public view as text (`render_mode="ansi"`)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode does nothing")
            return None
        return repr(self.game.view(None))

    def close(self) -> None:
        """Nothing to release."""


def pettingzoo_env(variant: str, **options: Any) -> FenpaiAEC:
    """A PettingZoo AEC environment of `variant` (game options as `new_game` takes them,
    `render_mode` and `reward`); see `FenpaiAEC`."""
    return FenpaiAEC(variant, **options)
