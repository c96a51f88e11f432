"""The baseline agent as a `fenpai.batch` policy: each decision's legal actions (at most
`limit`) are scored by a `QNet` and the best one is played (or, with `epsilon`, a random
one, for exploration while learning).

A network that sees the greedy flag (`QNet.sees_greedy`) plays the action the `greedy`
bot would take (`Batch.greedy`) where a decision has more than `limit` legal actions
(a lead with throws lists every multiset of trumps first, so the first `limit` are no
fair sample); elsewhere it scores them all, greedy's with `QNet.greedy_margin` more.

A network made with `phases` scores only the decisions of those phases (`PHASES`) and
plays greedy's action in the others. A burial (C-4) is not scored: it can have millions
of choices, listed strongest first, so the first `limit` would all bury the best trumps.
A network that sees the greedy flag buries as greedy does (the cheapest plain cards,
short suits first); the others bury the last legal one, the last cards of the hand in
its order (the weakest suit's lowest)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from fenpai.agents.features import GREEDY, action_features, with_greedy
from fenpai.agents.qnet import QNet
from fenpai.agents.tactics import flatten
from fenpai.batch import Batch
from fenpai.encoding import PHASES, fields

#: Told, after each batch, the batch, the rows the network chose (all but burials) and
#: the features of the action chosen in each of them.
Recorder = Callable[[Batch, np.ndarray, np.ndarray], None]


class QPolicy:
    """A policy (`policy(batch) -> indices`) that plays a `QNet`'s best action."""

    def __init__(
        self,
        net: QNet,
        epsilon: float = 0.0,
        limit: int | None = None,
        seed: int = 0,
        record: Recorder | None = None,
    ):
        self.net, self.epsilon, self.record = net, epsilon, record
        self.limit = net.limit if limit is None else limit
        self.rng = np.random.default_rng(seed)
        self.phase = _phase_offset(net.variant)
        self.kitty = None if self.phase is None else self.phase + PHASES.index("kitty")
        if net.phases is not None and self.phase is None:
            raise ValueError(f"{net.variant} has no phases to choose among")

    def __call__(self, batch: Batch) -> np.ndarray:
        net = self.net
        if batch.variant != net.variant or batch.obs.shape[1] != net.obs_size:
            raise ValueError(
                f"this agent plays {net.variant} (observations of {net.obs_size}), "
                f"not {batch.variant} ({batch.obs.shape[1]})"
            )
        answer = batch.num_legal - 1  # a burial's last legal action
        greedy = batch.greedy() if net.sees_greedy or net.phases is not None else None
        unscored = self.unscored(batch, greedy)
        if greedy is not None:
            # C-4: bury as greedy does; and where there are more legal actions than the
            # limit (a lead with throws: the first ones are all multisets of trumps), the
            # ones scored would be no fair sample: play greedy's there too.
            known = unscored & (greedy >= 0)
            answer[known] = greedy[known]
        rows = np.flatnonzero(~unscored)
        if not len(rows):
            return answer.astype(np.int64)
        feats, sizes = self.features(batch, rows, greedy)
        starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
        q = net.scores(batch.obs[rows], np.repeat(np.arange(len(rows)), sizes), feats)
        if greedy is not None:
            q = q + net.greedy_margin * feats[:, GREEDY]
        best = np.array([q[s : s + n].argmax() for s, n in zip(starts, sizes, strict=True)])
        if self.epsilon > 0:
            explore = self.rng.random(len(rows)) < self.epsilon
            best[explore] = (self.rng.random(int(explore.sum())) * sizes[explore]).astype(int)
        if self.record is not None:
            self.record(batch, rows, feats[starts + best])
        answer[rows] = best
        return answer.astype(np.int64)

    def features(
        self, batch: Batch, rows: np.ndarray, greedy: np.ndarray | None
    ) -> tuple[np.ndarray, np.ndarray]:
        """The network's rows for the first `limit` legal actions of each of `rows`, one
        decision after another, and how many each has; `greedy` (each batch row's
        `Batch.greedy` index, for a network that sees the flag) must lie among them."""
        lists = [batch.legal_actions(int(row), self.limit) for row in rows]
        sizes = np.array([len(actions) for actions in lists], dtype=np.int64)
        feats = action_features([a for actions in lists for a in actions])
        if greedy is not None:
            starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
            found = greedy[rows]
            flags = np.zeros(len(feats), np.float32)
            flags[(starts + found)[found >= 0]] = 1
            feats = with_greedy(feats, flags)
        if self.net.sees_tactics:
            feats = np.concatenate([feats, flatten(batch.tactics(rows, self.limit), sizes)], 1)
        return feats, sizes

    def unscored(self, batch: Batch, greedy: np.ndarray | None) -> np.ndarray:
        """The rows this policy does not score (bool, B): burials (C-4) and, for a
        network that sees the greedy flag, decisions with more legal actions than
        `limit` where greedy's choice is known."""
        out = np.zeros(len(batch), bool) if self.kitty is None else batch.obs[:, self.kitty] > 0
        if greedy is not None:
            out |= (batch.num_legal > self.limit) & (greedy >= 0)
        if self.net.phases is not None and self.phase is not None and greedy is not None:
            columns = [self.phase + PHASES.index(name) for name in self.net.phases]
            out |= ~(batch.obs[:, columns] > 0).any(axis=1) & (greedy >= 0)
        return out


def _phase_offset(variant: str) -> int | None:
    """The first of the observation's phase columns (`PHASES`; None for Fifty-K)."""
    if variant == "fifty_k":
        return None
    players = 5 if variant == "red_five_5p" else 4
    return next(off for name, off, _ in fields(variant, players) if name == "phase")


def load(path: str | Path, limit: int | None = None) -> QPolicy:
    """The agent a checkpoint (`QNet.save`) holds, playing its best action (scoring at
    most `limit` legal actions; None: the network's own `QNet.limit`)."""
    return QPolicy(QNet.load(path), limit=limit)


class Checkpoints:
    """A policy for every variant that has a checkpoint `VARIANT.npz` in `directory`,
    each loaded when first asked to play."""

    def __init__(self, directory: str | Path):
        self.directory = Path(directory)
        self._loaded: dict[str, QPolicy] = {}

    def __call__(self, batch: Batch) -> np.ndarray:
        policy = self._loaded.get(batch.variant)
        if policy is None:
            path = self.directory / f"{batch.variant}.npz"
            if not path.is_file():
                raise ValueError(f"no {batch.variant} checkpoint: {path} does not exist")
            policy = self._loaded[batch.variant] = load(path)
        return policy(batch)
