"""Every listing of legal actions has a default cap and the true count beside it: a
Tractor burial (C-4) has millions of legal actions, which no call lists by default."""

from __future__ import annotations

import numpy as np
import pytest

import fenpai
from fenpai.batch import Batch
from fenpai.bots import Bot
from fenpai.games.base import LEGAL_LIMIT


def at_burial(seed: int = 1) -> tuple[fenpai.Game, int]:
    """A Tractor hand at its burial, random bots having declared, and the burying seat."""
    game = fenpai.new_game("tractor", seed=seed)
    bots = [Bot("random", s) for s in range(4)]
    while game.phase != "kitty":
        seat = game.to_act[0]
        bots[seat].act(game, seat)
    return game, game.to_act[0]


def test_game_lists_at_most_the_limit_unless_told_and_counts_them_all():
    game, seat = at_burial()
    count = game.num_legal(seat)
    assert count > 100 * LEGAL_LIMIT  # C-4: any 8 of 33 cards
    listed = game.legal_actions(seat)
    assert listed == game.legal_actions(seat, limit=None)
    assert len(listed) == LEGAL_LIMIT
    assert listed[-1] == game.legal_action(seat, LEGAL_LIMIT - 1)
    more = game.legal_actions(seat, LEGAL_LIMIT + 7)
    assert more[:LEGAL_LIMIT] == listed and len(more) == LEGAL_LIMIT + 7
    assert game.legal_actions(seat, 3) == listed[:3]


def test_a_short_list_is_whole_by_default():
    game = fenpai.new_game("fifty_k", seed=2)
    seat = game.to_act[0]
    assert len(game.legal_actions(seat)) == game.num_legal(seat) < LEGAL_LIMIT


def test_batch_and_vector_env_list_at_most_the_limit_by_default():
    game, seat = at_burial()
    batch = Batch.of_game(game, seat)
    assert batch.num_legal[0] == game.num_legal(seat)
    assert batch.legal_actions(0) == game.legal_actions(seat)
    assert len(batch.legal_actions(0, LEGAL_LIMIT + 1)) == LEGAL_LIMIT + 1
    envs = pytest.importorskip("fenpai.envs")
    env = envs.VectorEnv("tractor", 8, opponents="random", seed=0, actions="legal")
    _, info = env.reset()
    for _ in range(40):
        big = np.flatnonzero(info["num_legal"] > LEGAL_LIMIT)
        if big.size:
            break
        _, _, _, _, info = env.step(np.zeros(8, dtype=np.int64))
    assert big.size, "no burial in the first steps"
    i = int(big[0])
    assert len(env.legal_actions(i)) == LEGAL_LIMIT
    assert env.legal_actions(i, 5) == env.legal_actions(i)[:5]
