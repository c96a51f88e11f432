"""The trick play's tactics a learning agent sees (`Batch.tactics`, `fenpai.agents.tactics`):
float32 rows of `NUM_TACTICS`, zeros outside a trick play; the same in every world the
seat cannot tell from the real one (they read only what the seat may see); the same
through the batch runner and step by step; and an agent that sees them plays legal
moves and round-trips through its checkpoint."""

from __future__ import annotations

import random

import numpy as np
import pytest

import fenpai
from fenpai.agents import NUM_FEATURES, QNet, QPolicy, load
from fenpai.agents.qnet import WIDTHS
from fenpai.agents.tactics import NAMES, NUM_TACTICS, flatten
from fenpai.batch import Batch, act
from fenpai.named import choose

TRICK_VARIANTS = ["tractor", "red_five_4p", "red_five_5p"]
LIMIT = 16


def tactics(game: fenpai.Game, seat: int) -> np.ndarray:
    return Batch.of_game(game, seat).tactics(np.array([0]), LIMIT)[0]


def test_the_columns_are_named_once() -> None:
    assert len(NAMES) == NUM_TACTICS == 8
    assert WIDTHS == (NUM_FEATURES, NUM_FEATURES + 1, NUM_FEATURES + 1 + NUM_TACTICS)


@pytest.mark.parametrize("variant", [*TRICK_VARIANTS, "fifty_k"])
def test_tactics_are_float32_rows_of_the_plays_and_zeros_elsewhere(variant: str) -> None:
    rng = random.Random(3)
    plays = 0
    for seed in range(2):
        game = fenpai.new_game(variant, seed=seed)
        while game.phase != "done":
            seat = game.to_act[0]
            found = Batch.of_game(game, seat).tactics(np.array([0, 0]), LIMIT)
            assert found.dtype == np.float32 and found.shape == (2, LIMIT, NUM_TACTICS)
            listed = min(game.num_legal(seat), LIMIT)
            if game.phase == "play" and variant != "fifty_k":
                plays += 1
                rows = found[0, :listed]
                leads = rows[:, 0]
                assert (leads == leads[0]).all() and set(np.unique(rows[:, :4])) <= {0.0, 1.0}
                assert (rows[:, 4:] >= 0).all() and (rows[:, 4] <= 2).all()
                np.testing.assert_array_equal(found[0], found[1])
                assert not found[:, listed:].any()
            else:
                assert not found.any()
            game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
    assert plays > 0 or variant == "fifty_k"


@pytest.mark.parametrize("variant", TRICK_VARIANTS)
def test_tactics_are_the_same_in_every_world_the_seat_cannot_tell_apart(variant: str) -> None:
    rng = random.Random(11)
    checked = 0
    for seed in range(3):
        game = fenpai.new_game(variant, seed=seed)
        while game.phase != "done":
            seat = game.to_act[0]
            if game.phase == "play" and rng.random() < 0.2:
                real = tactics(game, seat)
                for k in range(2):
                    world = game.sample_world(seat, seed=k)
                    np.testing.assert_array_equal(tactics(world, seat), real)
                checked += 1
            game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
    assert checked >= 10


@pytest.mark.parametrize("variant", TRICK_VARIANTS)
def test_the_batch_runner_and_the_step_api_give_the_same_tactics(variant: str) -> None:
    def recorder(log: list[tuple[int, np.ndarray]]):
        def policy(batch: Batch) -> np.ndarray:
            found = batch.tactics(np.arange(len(batch)), LIMIT)
            log.extend((int(seat), rows) for seat, rows in zip(batch.seats, found, strict=True))
            return batch.greedy()

        return policy

    n = fenpai.new_game(variant, seed=0).num_players
    batched: list[tuple[int, np.ndarray]] = []
    result = fenpai.simulate(variant, 1, seed=9, bots=[recorder(batched)] * n)
    stepped: list[tuple[int, np.ndarray]] = []
    policy = recorder(stepped)
    game = fenpai.new_game(variant, seed=int(result["seed"][0]))
    while game.phase != "done":
        act(policy, game, game.to_act[0])
    assert len(batched) == len(stepped) > 10
    for (seat_a, a), (seat_b, b) in zip(batched, stepped, strict=True):
        assert seat_a == seat_b
        np.testing.assert_array_equal(a, b)


def test_flatten_keeps_the_rows_of_the_actions_listed() -> None:
    found = np.arange(2 * 3 * NUM_TACTICS, dtype=np.float32).reshape(2, 3, NUM_TACTICS)
    np.testing.assert_array_equal(
        flatten(found, np.array([1, 3])), found.reshape(6, -1)[[0, 3, 4, 5]]
    )


@pytest.mark.parametrize("variant", TRICK_VARIANTS)
def test_an_agent_that_sees_tactics_round_trips_and_plays_legal_moves(variant, tmp_path) -> None:
    obs_size = len(fenpai.encode(fenpai.new_game(variant, seed=0), 0, legal=False)[0])
    net = QNet(variant, obs_size, (8, 8), seed=3, features=WIDTHS[-1], greedy_margin=0.0)
    assert net.sees_greedy and net.sees_tactics
    net.save(tmp_path / "agent.npz")
    loaded = load(tmp_path / "agent.npz")
    assert loaded.net.sees_tactics and loaded.net.features == NUM_FEATURES + 1 + NUM_TACTICS
    chosen: list[np.ndarray] = []
    agent = QPolicy(loaded.net, record=lambda batch, rows, feats: chosen.append(feats))
    n = fenpai.new_game(variant, seed=0).num_players
    played = fenpai.simulate(variant, 3, seed=1, bots=[agent, *["greedy"] * (n - 1)])
    assert len(played["won"]) == 3  # an illegal answer would have raised
    rows = np.concatenate(chosen)
    assert rows.shape[1] == WIDTHS[-1] and rows[:, NUM_FEATURES + 1 :].any()
    game, rng = fenpai.new_game(variant, seed=4), random.Random(4)
    while game.phase != "done":
        seat = game.to_act[0]
        if rng.random() < 0.5:
            game.apply(seat, choose(loaded, game, seat))
        else:
            game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
