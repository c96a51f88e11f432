"""Standard environments over fenpai's games (`pip install "fenpai[rl]"`).

- `pettingzoo_env(variant, **options)`: a PettingZoo AEC environment of one hand
  (`fenpai.envs.aec`);
- `SeatEnv(variant, seat=0, bots="greedy", **options)`: a Gymnasium environment for one
  seat against the built-in bots (`fenpai.envs.seat`);
- `VectorEnv(variant, num_envs, seats=[...], opponents=..., **options)`: many hands
  stepped per call, several learning seats, opponents that are bots or policies
  (`fenpai.envs.vector`).

Their action space is one, `fenpai.envs.decisions` (with OpenSpiel's); `VectorEnv`'s
`actions="legal"` keeps an index into the seat's legal actions instead, for search
code. Rewards are `fenpai.envs.payoffs`. Each is imported when first named, so that one
framework is enough for its environment.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "pettingzoo_env": "aec",
    "FenpaiAEC": "aec",
    "SeatEnv": "seat",
    "VectorEnv": "vector",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'fenpai.envs' has no attribute {name!r}")
    return getattr(import_module(f"fenpai.envs.{module}"), name)
