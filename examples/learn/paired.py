"""Paired episodes, for improving on the greedy bot: the learning seat plays against
three greedy bots as greedy does (or as the agent does, `agent`), once as it is and then
again on the same deals with one of its decisions changed, each game at a decision drawn
at random among those the agent scores; the rest of both games is played alike. Both
returns are Monte-Carlo returns of one state, one for the action played and one for the
action tried, and their difference is free of the deal's luck, which both share
(`QNet.paired_loss_and_grads` fits it).

The action tried is greedy's, with probability one half, where the agent played another;
else, with probability `aimed`, the one the network rates best after the one played (so
that the data tests the deviations the agent would make), and otherwise one drawn
uniformly among the others.

A pass tried in the deal (TR-12: a seat is asked again at every card it receives while it
could declare) holds for the rest of the deal: passing once only to declare at the next
card is hardly a choice, and the agent that passes because passing rates higher passes
at the next card too, where the hand has changed by one card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

import fenpai
from fenpai.agents import QNet, QPolicy
from fenpai.agents.features import NUM_KINDS, VERBS
from fenpai.batch import Batch
from fenpai.encoding import PHASES, fields

#: The column of the `pass` verb in an action's features.
PASS = NUM_KINDS + VERBS.index("pass")


@dataclass
class Pairs:
    """The pairs of a run: the state's observation, the features of the action tried and
    of the one played, and the returns of each (float32)."""

    obs: np.ndarray
    tried: np.ndarray
    played: np.ndarray
    tried_returns: np.ndarray
    played_returns: np.ndarray


@dataclass
class OneChange:
    """The learning seat's policy: greedy's action (with `agent`, the `scorer`'s) everywhere,
    except, in game g, the `at[g]`-th decision the agent scores (none where `at` is None
    or `at[g]` < 0), where it tries another action and records the state and the
    features of both actions."""

    scorer: QPolicy
    games: int
    at: np.ndarray | None = None
    aimed: float = 0.5
    rng: np.random.Generator = field(default_factory=np.random.default_rng)
    agent: bool = False
    count: np.ndarray = field(init=False)
    passing: np.ndarray = field(init=False)
    seen: list[tuple[np.ndarray, ...]] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.count = np.zeros(self.games, np.int64)
        self.passing = np.zeros(self.games, bool)
        self.deal = phase_column(self.scorer.net.variant, "deal")

    def __call__(self, batch: Batch) -> np.ndarray:
        greedy = batch.greedy()
        if self.agent:
            answer = self.scorer(batch)
        else:
            answer = np.where(greedy >= 0, greedy, batch.num_legal - 1)
        dealing = batch.obs[:, self.deal] > 0
        for row in np.flatnonzero(dealing & self.passing[batch.games]):
            answer[row] = pass_index(batch, row)
        rows = np.flatnonzero(~self.scorer.unscored(batch, greedy) & (greedy >= 0))
        games = batch.games[rows]
        decision = self.count[games]
        self.count[games] += 1
        if self.at is None:
            return answer.astype(np.int64)
        rows = rows[decision == self.at[games]]
        if not len(rows):
            return answer.astype(np.int64)
        feats, sizes = self.scorer.features(batch, rows, greedy)
        starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
        net = self.scorer.net
        q = net.scores(batch.obs[rows], np.repeat(np.arange(len(rows)), sizes), feats)
        played = answer[rows]
        q[starts + played] = -np.inf
        tried = np.empty(len(rows), np.int64)
        for i, (s, n) in enumerate(zip(starts, sizes, strict=True)):
            g = greedy[rows[i]]
            if g != played[i] and self.rng.random() < 0.5:
                tried[i] = g
            elif self.rng.random() < self.aimed:
                tried[i] = q[s : s + n].argmax()
            else:
                other = self.rng.integers(n - 1)
                tried[i] = other + (other >= played[i])
        self.seen.append(
            (
                batch.games[rows].copy(),
                batch.obs[rows].copy(),
                feats[starts + tried],
                feats[starts + played],
            )
        )
        answer[rows] = tried
        self.passing[batch.games[rows]] = dealing[rows] & (feats[starts + tried, PASS] > 0)
        return answer.astype(np.int64)


def phase_column(variant: str, phase: str) -> int:
    """The observation's column that is 1 in `phase`."""
    players = fenpai.new_game(variant, seed=0).num_players
    offset = next(off for name, off, _ in fields(variant, players) if name == "phase")
    return offset + PHASES.index(phase)


def pass_index(batch: Batch, row: int) -> int:
    """The index of row `row`'s `pass`, the last of a deal's legal actions (TR-12)."""
    last = int(batch.num_legal[row]) - 1
    if batch.legal_action(row, last) != "pass":
        raise ValueError(f"row {row}'s last legal action is not a pass")
    return last


#: The returns of (games, seats) of a `simulate` result.
Label = Callable[[dict[str, np.ndarray], np.ndarray, np.ndarray], np.ndarray]


def paired_round(
    net: QNet,
    variant: str,
    games: int,
    seed: int,
    seat: int,
    tries: int,
    label: Label,
    rng: np.random.Generator,
    aimed: float = 0.5,
    agent: bool = False,
) -> Pairs | None:
    """Plays `games` deals with the learning seat `seat` as greedy (`agent`: as the agent
    `net` does, with its margin), then `tries` times again with one decision changed per
    game; the pairs (None if no game had a decision to change). `label(result, games,
    seats)` gives the returns."""
    n = fenpai.new_game(variant, seed=0).num_players
    scorer = QPolicy(net)

    def play(policy: OneChange) -> dict[str, np.ndarray]:
        bots: list = ["greedy"] * n
        bots[seat] = policy
        return fenpai.simulate(variant, games, seed=seed, bots=bots, batch_size=games)

    base = OneChange(scorer, games, agent=agent)
    base_result = play(base)
    have = np.flatnonzero(base.count > 0)
    if not len(have):
        return None
    seats = np.full(games, seat)
    base_returns = label(base_result, np.arange(games), seats)
    parts: list[tuple[np.ndarray, ...]] = []
    for _ in range(tries):
        at = np.full(games, -1)
        at[have] = rng.integers(0, base.count[have])
        tried = OneChange(scorer, games, at, aimed, rng, agent)
        result = play(tried)
        if not tried.seen:
            continue
        g, obs, t_feats, p_feats = (np.concatenate(x) for x in zip(*tried.seen, strict=True))
        returns = label(result, g, seats[g])
        parts.append((obs, t_feats, p_feats, returns, base_returns[g]))
    if not parts:
        return None
    return Pairs(*(np.concatenate(x).astype(np.float32) for x in zip(*parts, strict=True)))
