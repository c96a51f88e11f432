"""A small Q(s, a) network in numpy: an MLP scoring one legal action from the seat's
observation (`fenpai.encode`) and the action's features (`fenpai.agents.features`), as
Deep Monte-Carlo (DouZero) does, with its backward pass and an Adam step written out.

The first layer is split into an observation part and an action part, so that a
decision's observation is multiplied once however many legal actions it has.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from fenpai.agents.features import NUM_FEATURES
from fenpai.agents.tactics import NUM_TACTICS
from fenpai.encoding import PHASES

#: The checkpoint format's version, stored in its metadata.
FORMAT = 1
#: How many legal actions a decision scores at most unless told (the first in legal
#: order: a burial can have millions).
DEFAULT_LIMIT = 512
_NAMES = ("w_obs", "w_act", "b1", "w2", "b2", "w3", "b3")
#: The widths an action's row may have: the text features, then the greedy flag, then
#: the trick play's tactics (`fenpai.agents.tactics`).
WIDTHS = (NUM_FEATURES, NUM_FEATURES + 1, NUM_FEATURES + 1 + NUM_TACTICS)


class QNet:
    """Q(s, a) = w3 · relu(w2 · relu(w_obs s + w_act a + b1) + b2) + b3.

    `features` is the width of an action's row (`WIDTHS`): `NUM_FEATURES` (the text
    features), or one more with the `GREEDY` flag (`sees_greedy`), in which case the
    policy adds `greedy_margin` to the greedy action's Q: it leaves greedy's choice only
    for an action the network rates higher by more than that; or that and the trick
    play's tactics after it (`sees_tactics`). `limit` is how many legal
    actions its policy scores unless told (`QPolicy`); `phases`, if given, the phases
    (`fenpai.encoding.PHASES`) whose decisions it takes (greedy's action in the others)."""

    def __init__(
        self,
        variant: str,
        obs_size: int,
        hidden: tuple[int, int] = (256, 128),
        seed: int = 0,
        params: dict[str, np.ndarray] | None = None,
        features: int = NUM_FEATURES,
        greedy_margin: float = 0.0,
        limit: int = DEFAULT_LIMIT,
        phases: tuple[str, ...] | None = None,
    ):
        if features not in WIDTHS:
            raise ValueError(f"features must be one of {', '.join(map(str, WIDTHS))}")
        if phases is not None and not set(phases) <= set(PHASES):
            raise ValueError(f"phases must be among {', '.join(PHASES)}, not {phases}")
        self.phases = phases
        self.variant = variant
        self.obs_size = obs_size
        self.hidden = hidden
        self.features = features
        self.greedy_margin = greedy_margin
        self.limit = limit
        if params is None:
            rng = np.random.default_rng(seed)
            h1, h2 = hidden

            def init(rows: int, cols: int, fan_in: int) -> np.ndarray:
                scale = np.float32(np.sqrt(2 / fan_in))
                return rng.standard_normal((rows, cols), dtype=np.float32) * scale

            fan = obs_size + features
            params = {
                "w_obs": init(obs_size, h1, fan),
                "w_act": init(features, h1, fan),
                "b1": np.zeros(h1, np.float32),
                "w2": init(h1, h2, h1),
                "b2": np.zeros(h2, np.float32),
                "w3": init(h2, 1, h2) * 0.1,
                "b3": np.zeros(1, np.float32),
            }
        self.params = params

    @property
    def sees_greedy(self) -> bool:
        """Whether an action's row ends with the `GREEDY` flag."""
        return self.features > NUM_FEATURES

    @property
    def sees_tactics(self) -> bool:
        """Whether an action's row ends with the trick play's tactics."""
        return self.features == WIDTHS[-1]

    def scores(self, obs: np.ndarray, rows: np.ndarray, actions: np.ndarray) -> np.ndarray:
        """Q of each action (M): `actions` (M × features) taken in observation
        `obs[rows[m]]` (obs: R × obs_size)."""
        p = self.params
        pre = (obs @ p["w_obs"])[rows] + actions @ p["w_act"] + p["b1"]
        h1 = np.maximum(pre, 0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0)
        q: np.ndarray = (h2 @ p["w3"] + p["b3"])[:, 0]
        return q

    def loss_and_grads(
        self, obs: np.ndarray, actions: np.ndarray, targets: np.ndarray
    ) -> tuple[float, dict[str, np.ndarray]]:
        """Mean squared error of Q(obs[i], actions[i]) against targets[i], and its
        gradient for each parameter."""
        q, backward = self._forward(obs, actions)
        err = q - targets
        return float(np.mean(err * err)), backward((2 / len(targets)) * err)

    def paired_loss_and_grads(
        self,
        obs: np.ndarray,
        tried: np.ndarray,
        played: np.ndarray,
        tried_returns: np.ndarray,
        played_returns: np.ndarray,
    ) -> tuple[float, dict[str, np.ndarray]]:
        """The loss of pairs of Monte-Carlo returns from one state, on the same deal: of
        `played[i]` (the action the policy played) and of `tried[i]` (another), each then
        played on alike. The squared error of Q(played) against its return plus that of
        the difference Q(tried) - Q(played) against the difference of the returns,
        which the deal's luck, common to both, does not blur; and its gradient."""
        n = len(played_returns)
        q, backward = self._forward(np.concatenate([obs, obs]), np.concatenate([tried, played]))
        q_tried, q_played = q[:n], q[n:]
        err_played = q_played - played_returns
        err_gain = (q_tried - q_played) - (tried_returns - played_returns)
        d_q = np.concatenate([err_gain, err_played - err_gain]) * (2 / n)
        loss = float(np.mean(err_played * err_played) + np.mean(err_gain * err_gain))
        return loss, backward(d_q)

    def _forward(
        self, obs: np.ndarray, actions: np.ndarray
    ) -> tuple[np.ndarray, Callable[[np.ndarray], dict[str, np.ndarray]]]:
        """Q(obs[i], actions[i]), and the function that turns dLoss/dQ into each
        parameter's gradient."""
        p = self.params
        pre1 = obs @ p["w_obs"] + actions @ p["w_act"] + p["b1"]
        h1 = np.maximum(pre1, 0)
        pre2 = h1 @ p["w2"] + p["b2"]
        h2 = np.maximum(pre2, 0)
        q: np.ndarray = (h2 @ p["w3"] + p["b3"])[:, 0]

        def backward(d_q_flat: np.ndarray) -> dict[str, np.ndarray]:
            d_q = d_q_flat[:, None].astype(p["w3"].dtype)
            d_h2 = (d_q @ p["w3"].T) * (pre2 > 0)
            d_h1 = (d_h2 @ p["w2"].T) * (pre1 > 0)
            return {
                "w3": h2.T @ d_q,
                "b3": d_q.sum(axis=0),
                "w2": h1.T @ d_h2,
                "b2": d_h2.sum(axis=0),
                "w_obs": obs.T @ d_h1,
                "w_act": actions.T @ d_h1,
                "b1": d_h1.sum(axis=0),
            }

        return q, backward

    def save(self, path: str | Path) -> None:
        """Writes the network to an `.npz` file (no pickled objects: `load` reads it
        with `allow_pickle=False`)."""
        meta = {
            "format": FORMAT,
            "variant": self.variant,
            "obs_size": self.obs_size,
            "hidden": list(self.hidden),
            "features": self.features,
            "greedy_margin": self.greedy_margin,
            "limit": self.limit,
        }
        if self.phases is not None:
            meta["phases"] = list(self.phases)
        arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta)), **self.params}
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> QNet:
        """The network an `.npz` file written by `save` holds; a ValueError naming what
        is wrong with any other file."""
        try:
            with np.load(path, allow_pickle=False) as data:
                meta: dict[str, Any] = json.loads(str(data["meta"]))
                params = {name: data[name].astype(np.float32) for name in _NAMES}
        except (OSError, KeyError, ValueError) as err:
            raise ValueError(f"{path} is not a fenpai agent checkpoint: {err}") from None
        features = meta.get("features")
        if meta.get("format") != FORMAT or features not in WIDTHS:
            raise ValueError(f"{path}: checkpoint format {meta.get('format')} is not {FORMAT}")
        hidden = tuple(meta["hidden"])
        net = cls(
            meta["variant"],
            int(meta["obs_size"]),
            (hidden[0], hidden[1]),
            params=params,
            features=int(features),
            greedy_margin=float(meta.get("greedy_margin", 0.0)),
            limit=int(meta.get("limit", DEFAULT_LIMIT)),
            phases=None if meta.get("phases") is None else tuple(meta["phases"]),
        )
        if params["w_obs"].shape != (net.obs_size, hidden[0]) or params["w_act"].shape != (
            net.features,
            hidden[0],
        ):
            raise ValueError(f"{path}: its weights do not fit its own shapes")
        return net


class Adam:
    """Adam (Kingma and Ba) over a network's parameters, updated in place."""

    def __init__(self, net: QNet, lr: float = 1e-3, betas: tuple[float, float] = (0.9, 0.999)):
        self.net, self.lr, self.betas, self.t = net, lr, betas, 0
        self.m = {k: np.zeros_like(v) for k, v in net.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in net.params.items()}

    def step(self, grads: dict[str, np.ndarray]) -> None:
        """One update of every parameter from its gradient."""
        self.t += 1
        b1, b2 = self.betas
        scale = self.lr * np.sqrt(1 - b2**self.t) / (1 - b1**self.t)
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            self.net.params[k] -= (scale * self.m[k] / (np.sqrt(self.v[k]) + 1e-8)).astype(
                np.float32
            )
