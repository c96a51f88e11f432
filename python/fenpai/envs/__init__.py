"""Standard environments over fenpai's games (`pip install "fenpai[rl]"`).

- `pettingzoo_env(variant, **options)`: a PettingZoo AEC environment of one hand
  (`fenpai.envs.aec`);
- `SeatEnv(variant, seat=0, bots="greedy", **options)`: a Gymnasium environment for one
  seat against the built-in bots (`fenpai.envs.seat`);
- `VectorEnv(variant, num_envs, **options)`: many games stepped per call
  (`fenpai.envs.vector`);
- `DecisionVectorEnv(variant, num_envs, seat=0, opponents="greedy", **options)`: many
  hands stepped per call in the one-seat environment's action space
  (`fenpai.envs.vector_decisions`).

The AEC, one-seat and `DecisionVectorEnv` environments' action space is
`fenpai.envs.decisions` (with OpenSpiel's); `VectorEnv`'s is an index into the seat's
legal actions (for search code). Rewards are
`fenpai.envs.payoffs`. Each is imported when first named, so that one framework is
enough for its environment.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "pettingzoo_env": "aec",
    "FenpaiAEC": "aec",
    "SeatEnv": "seat",
    "VectorEnv": "vector",
    "DecisionVectorEnv": "vector_decisions",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'fenpai.envs' has no attribute {name!r}")
    return getattr(import_module(f"fenpai.envs.{module}"), name)
