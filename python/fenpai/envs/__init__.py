"""Standard environments over fenpai's games (`pip install "fenpai[rl]"`):
`VectorEnv(variant, num_envs, ...)`, many games stepped per call (`fenpai.envs.vector`).
Imported when first named, so that importing `fenpai.envs` needs no framework."""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["VectorEnv"]


def __getattr__(name: str) -> Any:
    if name != "VectorEnv":
        raise AttributeError(f"module 'fenpai.envs' has no attribute {name!r}")
    return import_module("fenpai.envs.vector").VectorEnv
