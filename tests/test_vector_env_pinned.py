"""`VectorEnv`'s outputs pinned bit for bit: a digest of every array a fixed run returns
(observations, masks, rewards, terminations, infos), in both action spaces, every
variant, so that work on its speed cannot change what it gives. The digests were taken
before that work; the step API differential tests say they are right."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from fenpai.envs import VectorEnv

#: (variant, options, actions) -> the SHA-256 of the run of `run_digest`.
PINNED = {
    ("tractor", "legal"): "846def57a697f594a97c6beaa4f518b5b394d37402797c7a7f9949ad27a1ca17",
    ("red_five_4p", "legal"): "719a720f7f6735d3fc0e6d8c44ad45f924100ff4f09b806933c4441bccfb0e5b",
    ("red_five_5p", "legal"): "cd87ba457c12af388373815012bbcd372745fb74f87594e8e74f6e5c87d9fbfa",
    ("fifty_k", "legal"): "737f10e5e8810200cdb8460ab105c0e04729691ecd4ebd6355bf1763d1df1410",
    ("tractor", "decisions"): "98c9e1cfc4a16efb3dae6bda4294278fc8d0c71b65cfce03caf6f61fbf55030a",
    (
        "red_five_4p",
        "decisions",
    ): "fa00af64fd1b4eca81ac0a88bff5cb4f0c6072f3da9aae6b94d45eafb3a272b9",
    (
        "red_five_5p",
        "decisions",
    ): "82a8658f6a03ae7c520a22ca1005d932336956966a70ed3b69d3166516a6d54e",
    ("fifty_k", "decisions"): "b4f59c7987592e5803ba677fd12e605751109062dd05a01728cfd265a54d12d6",
}


def _feed(digest: hashlib._Hash, value: object) -> None:
    """Adds `value` (an array, a dict of them, a number) to `digest`, keys sorted."""
    if isinstance(value, dict):
        for key in sorted(value):
            digest.update(key.encode())
            _feed(digest, value[key])
        return
    array = np.ascontiguousarray(value)
    digest.update(f"{array.dtype}{array.shape}".encode())
    digest.update(array.tobytes())


def run_digest(variant: str, actions: str, steps: int = 120) -> str:
    """The digest of `steps` steps of 7 envs against random bots, random allowed actions
    drawn from a fixed generator (any id where a hand is over)."""
    env = VectorEnv(variant, 7, opponents="random", seed=11, actions=actions)
    rng = np.random.default_rng(5)
    digest = hashlib.sha256()
    obs, info = env.reset()
    _feed(digest, {"obs": obs, "info": info})
    for _ in range(steps):
        if actions == "legal":
            act = (rng.random(7) * np.maximum(info["num_legal"], 1)).astype(np.int64)
        else:
            act = (rng.random(obs["action_mask"].shape) * obs["action_mask"]).argmax(axis=1)
        obs, reward, terminated, truncated, info = env.step(act)
        _feed(digest, {"obs": obs, "r": reward, "t": terminated, "u": truncated, "info": info})
    return digest.hexdigest()


@pytest.mark.parametrize(("variant", "actions"), sorted(PINNED))
def test_a_fixed_run_gives_the_pinned_outputs(variant: str, actions: str) -> None:
    assert run_digest(variant, actions) == PINNED[variant, actions]
