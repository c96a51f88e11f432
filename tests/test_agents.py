"""The baseline agent (`fenpai.agents`): its action features, its network's gradient
against finite differences, a few training steps that lower the loss on real decisions,
a checkpoint that round-trips, and the loaded agent playing only legal moves, in batches
(`simulate`) and step by step (`fenpai.named.choose`)."""

from __future__ import annotations

import csv
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import fenpai
from fenpai.agents import NUM_FEATURES, Adam, Checkpoints, QNet, QPolicy, action_features, load
from fenpai.agents.features import GREEDY, VERBS
from fenpai.batch import Batch
from fenpai.named import choose
from fenpai.spaces import CARD_INDEX, NUM_KINDS


def obs_size(variant: str) -> int:
    return len(fenpai.encode(fenpai.new_game(variant, seed=0), 0, legal=False)[0])


def test_features_count_cards_verb_size_points_and_pairs() -> None:
    rows = action_features(["play 5h 5h Kd", "pass", "bid 120", "play 3s 3h 3c as triple"])
    assert rows.shape == (4, NUM_FEATURES) and rows.dtype == np.float32
    play = rows[0]
    assert play[CARD_INDEX["5h"]] == 2 and play[CARD_INDEX["Kd"]] == 1
    assert play[:NUM_KINDS].sum() == 3
    assert play[NUM_KINDS + VERBS.index("play")] == 1
    assert play[NUM_KINDS + len(VERBS) :].tolist() == pytest.approx([0.3, 0.2, 0.1])
    assert rows[1, NUM_KINDS + VERBS.index("pass")] == 1 and rows[1].sum() == 1
    assert rows[2, NUM_KINDS + len(VERBS)] == pytest.approx(1.2)
    assert rows[3, :NUM_KINDS].sum() == 3  # the kind named after "as" is not a card


def test_gradient_matches_finite_differences() -> None:
    rng = np.random.default_rng(1)
    net = QNet("fifty_k", 7, hidden=(5, 4), seed=2)
    net.params = {k: v.astype(np.float64) for k, v in net.params.items()}
    net.params["w3"] *= 10
    obs, act = rng.standard_normal((6, 7)), rng.standard_normal((6, NUM_FEATURES))
    ret = rng.standard_normal(6)
    _, grads = net.loss_and_grads(obs, act, ret)
    for name, value in net.params.items():
        for index in list(np.ndindex(value.shape))[:12]:
            old = value[index]
            value[index] = old + 1e-6
            up, _ = net.loss_and_grads(obs, act, ret)
            value[index] = old - 1e-6
            down, _ = net.loss_and_grads(obs, act, ret)
            value[index] = old
            assert grads[name][index] == pytest.approx((up - down) / 2e-6, rel=1e-4, abs=1e-7)


def decisions(variant: str, games: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The decisions of a few greedy-opponent games, labelled ±1 by the hand's winner."""
    net = QNet(variant, obs_size(variant), hidden=(32, 16))
    seen: list[tuple[np.ndarray, ...]] = []

    def record(batch: Batch, rows: np.ndarray, chosen: np.ndarray) -> None:
        seen.append((batch.games[rows], batch.seats[rows], batch.obs[rows], chosen))

    policy = QPolicy(net, epsilon=0.5, record=record)
    won = fenpai.simulate(variant, games, seed=3, bots=[policy, "greedy"] * 2)["won"]
    g, s, obs, act = (np.concatenate(x) for x in zip(*seen, strict=True))
    return obs, act, np.where(won[g, s], 1.0, -1.0).astype(np.float32)


@pytest.mark.parametrize("variant", ["fifty_k", "tractor"])
def test_a_few_steps_lower_the_loss(variant: str) -> None:
    obs, act, ret = decisions(variant, 4)
    assert len(ret) > 20 and set(ret.tolist()) <= {-1.0, 1.0}
    net = QNet(variant, obs.shape[1], hidden=(32, 16), seed=5)
    opt = Adam(net, lr=3e-3)
    first, _ = net.loss_and_grads(obs, act, ret)
    for _ in range(60):
        _, grads = net.loss_and_grads(obs, act, ret)
        opt.step(grads)
    last, _ = net.loss_and_grads(obs, act, ret)
    assert last < 0.7 * first


@pytest.mark.parametrize("variant", ["fifty_k", "tractor", "red_five_4p", "red_five_5p"])
def test_a_checkpoint_round_trips_and_plays_legal_moves(variant: str, tmp_path) -> None:
    net = QNet(variant, obs_size(variant), hidden=(16, 8), seed=7)
    net.save(tmp_path / f"{variant}.npz")
    loaded = load(tmp_path / f"{variant}.npz")
    assert loaded.net.hidden == (16, 8) and loaded.net.variant == variant
    for name, value in net.params.items():
        np.testing.assert_array_equal(loaded.net.params[name], value)
    n = fenpai.new_game(variant, seed=0).num_players
    played = fenpai.simulate(variant, 3, seed=1, bots=[Checkpoints(tmp_path)] * n)
    assert len(played["won"]) == 3  # an illegal answer would have raised
    game = fenpai.new_game(variant, seed=4)
    rng = random.Random(4)
    while game.phase != "done":
        seat = game.to_act[0]
        if rng.random() < 0.5:
            game.apply(seat, choose(loaded, game, seat))
        else:
            game.apply_legal(seat, rng.randrange(game.num_legal(seat)))


def test_bad_checkpoints_and_wrong_variants_say_what_is_wrong(tmp_path) -> None:
    (tmp_path / "junk.npz").write_bytes(b"not a checkpoint")
    with pytest.raises(ValueError, match="is not a fenpai agent checkpoint"):
        load(tmp_path / "junk.npz")
    with pytest.raises(ValueError, match="is not a fenpai agent checkpoint"):
        load(tmp_path / "missing.npz")
    QNet("fifty_k", obs_size("fifty_k"), hidden=(4, 4)).save(tmp_path / "tractor.npz")
    with pytest.raises(ValueError, match="this agent plays fifty_k"):
        fenpai.simulate("tractor", 1, bots=[Checkpoints(tmp_path), "greedy"] * 2)
    with pytest.raises(ValueError, match="no red_five_4p checkpoint"):
        fenpai.simulate("red_five_4p", 1, bots=[Checkpoints(tmp_path), "greedy"] * 2)


LEARN = Path(__file__).resolve().parent.parent / "examples" / "learn"


def test_the_training_example_logs_its_curve_and_saves_a_checkpoint(tmp_path) -> None:
    args = ["--minutes", "0.01", "--games", "8", "--eval-games", "16", "--out", str(tmp_path)]
    done = subprocess.run(
        [sys.executable, str(LEARN / "train.py"), "fifty_k", *args],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    with (tmp_path / "fifty_k_curve.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) >= 2 and int(rows[-1]["games"]) > 0
    assert 0 <= float(rows[-1]["vs_greedy_lo"]) <= float(rows[-1]["vs_greedy"]) <= 1
    evaluated = subprocess.run(
        [sys.executable, str(LEARN / "evaluate.py"), str(tmp_path / "fifty_k.npz"), "-n", "16"],
        capture_output=True,
        text=True,
    )
    assert evaluated.returncode == 0, evaluated.stderr
    assert "fifty_k seat 0 vs 3 greedy, 16 games: agent" in evaluated.stdout


@pytest.mark.parametrize("variant", ["tractor", "red_five_4p", "red_five_5p"])
def test_a_burial_buries_the_last_cards_in_legal_order(variant: str) -> None:
    from fenpai.bots import Bot

    agent = QPolicy(QNet(variant, obs_size(variant), hidden=(8, 8)))
    game, bot = fenpai.new_game(variant, seed=5), Bot("greedy", 1)
    while game.phase != "kitty":
        bot.act(game, game.to_act[0])
    seat = game.to_act[0]
    last = game.legal_action(seat, game.num_legal(seat) - 1)
    assert choose(agent, game, seat) == last and last.startswith("bury")


def greedy_net(variant: str, margin: float, hidden: tuple[int, int] = (8, 8)) -> QNet:
    """An untrained network that sees the greedy flag."""
    return QNet(variant, obs_size(variant), hidden, features=NUM_FEATURES + 1, greedy_margin=margin)


@pytest.mark.parametrize("variant", ["tractor", "fifty_k"])
def test_a_large_margin_plays_greedys_choice_and_flags_it(variant: str) -> None:
    seen: list[tuple[np.ndarray, np.ndarray]] = []

    def record(batch: Batch, rows: np.ndarray, chosen: np.ndarray) -> None:
        seen.append((batch.greedy()[rows], chosen))

    agent = QPolicy(greedy_net(variant, 1e6), record=record)
    answers: list[tuple[np.ndarray, np.ndarray]] = []

    def both(batch: Batch) -> np.ndarray:
        answer = agent(batch)
        answers.append((answer, batch.greedy()))
        return answer

    fenpai.simulate(variant, 4, seed=2, bots=[both, "greedy", "greedy", "greedy"])
    for answer, greedy in answers:
        np.testing.assert_array_equal(answer, greedy)  # burials too
    chosen = np.concatenate([c for _, c in seen])
    assert chosen.shape[1] == NUM_FEATURES + 1 and (chosen[:, GREEDY] == 1).all()


def test_past_the_limit_greedys_choice_is_played_and_below_it_the_best_scored() -> None:
    agent = QPolicy(greedy_net("tractor", -1e6), limit=6)  # never greedy's, if scored
    asked: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []

    def both(batch: Batch) -> np.ndarray:
        answer = agent(batch)
        asked.append((answer, batch.greedy(), batch.num_legal.copy()))
        return answer

    result = fenpai.simulate("tractor", 3, seed=5, bots=[both, "greedy"] * 2)
    assert len(result["won"]) == 3  # an illegal answer would have raised
    answer, greedy, num_legal = (np.concatenate(x) for x in zip(*asked, strict=True))
    past = num_legal > 6  # burials among them
    assert past.any() and (~past).any()
    np.testing.assert_array_equal(answer[past], greedy[past])
    assert (answer[~past] != greedy[~past]).all()


@pytest.mark.parametrize(
    "path", sorted((LEARN / "checkpoints").glob("*.npz")), ids=lambda p: p.stem
)
def test_the_shipped_checkpoints_load_and_play_legal_moves(path: Path) -> None:
    agent = load(path)
    n = fenpai.new_game(agent.net.variant, seed=0).num_players
    played = fenpai.simulate(agent.net.variant, 2, seed=3, bots=[agent, *["greedy"] * (n - 1)])
    assert len(played["won"]) == 2  # an illegal answer would have raised
