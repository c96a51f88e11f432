"""Improving on greedy (`examples/learn/paired.py`, `QNet.paired_loss_and_grads`, the
policy's greedy margin): the paired loss's gradient against finite differences; a
replayed deal reaches the changed decision in the state the first play had there (with
greedy or the agent playing the rest), and without a change the seat plays greedy's
choice; the margin rule keeps greedy's action unless
another's Q beats it by more than the margin."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import fenpai
from fenpai.agents import NUM_FEATURES, QNet, QPolicy
from fenpai.agents.features import GREEDY
from fenpai.agents.qnet import WIDTHS
from fenpai.batch import Batch
from fenpai.encoding import PHASES, fields

LEARN = Path(__file__).resolve().parent.parent / "examples" / "learn"


@pytest.fixture(scope="module")
def paired() -> Iterator[ModuleType]:
    """The example's module."""
    spec = importlib.util.spec_from_file_location("paired", LEARN / "paired.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["paired"] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    yield module
    del sys.modules["paired"]


def obs_size(variant: str) -> int:
    return len(fenpai.encode(fenpai.new_game(variant, seed=0), 0, legal=False)[0])


def tactics_net(margin: float = 0.05) -> QNet:
    return QNet(
        "tractor", obs_size("tractor"), (16, 8), seed=3, features=WIDTHS[-1], greedy_margin=margin
    )


def test_the_paired_gradient_matches_finite_differences() -> None:
    rng = np.random.default_rng(1)
    net = QNet("fifty_k", 7, hidden=(5, 4), seed=2)
    net.params = {k: v.astype(np.float64) for k, v in net.params.items()}
    net.params["w3"] *= 10
    obs = rng.standard_normal((6, 7))
    tried, played = rng.standard_normal((2, 6, NUM_FEATURES))
    tried_ret, played_ret = rng.standard_normal((2, 6))
    args = (obs, tried, played, tried_ret, played_ret)
    loss, grads = net.paired_loss_and_grads(*args)
    q_t = net.scores(obs, np.arange(6), tried)
    q_p = net.scores(obs, np.arange(6), played)
    expected = np.mean((q_p - played_ret) ** 2) + np.mean((q_t - q_p - tried_ret + played_ret) ** 2)
    assert loss == pytest.approx(expected)
    for name, value in net.params.items():
        for index in list(np.ndindex(value.shape))[:12]:
            old = value[index]
            value[index] = old + 1e-6
            up, _ = net.paired_loss_and_grads(*args)
            value[index] = old - 1e-6
            down, _ = net.paired_loss_and_grads(*args)
            value[index] = old
            assert grads[name][index] == pytest.approx((up - down) / 2e-6, rel=1e-4, abs=1e-7)


def test_without_a_decision_to_change_the_seat_plays_greedys_choice(paired: ModuleType) -> None:
    answers: list[tuple[np.ndarray, np.ndarray]] = []
    policy = paired.OneChange(QPolicy(tactics_net()), 6)

    def both(batch: Batch) -> np.ndarray:
        answer = policy(batch)
        answers.append((answer, batch.greedy()))
        return answer

    fenpai.simulate("tractor", 6, seed=4, bots=[both, "greedy", "greedy", "greedy"])
    for answer, greedy in answers:
        np.testing.assert_array_equal(answer, greedy)  # burials too
    assert (policy.count > 5).all() and not policy.seen


@pytest.mark.parametrize("agent", [False, True], ids=["greedy plays", "the agent plays"])
def test_a_replay_changes_one_decision_in_the_state_the_first_play_had(
    paired: ModuleType, agent: bool
) -> None:
    games, seat = 8, 1
    net = tactics_net(-1e6 if agent else 0.05)  # the agent: never greedy's, where it scores
    scorer = QPolicy(net)
    states: dict[tuple[int, int], np.ndarray] = {}
    base = paired.OneChange(scorer, games, agent=agent)

    def watch(batch: Batch) -> np.ndarray:
        rows = np.flatnonzero(~scorer.unscored(batch, batch.greedy()))
        for row in rows:
            game = int(batch.games[row])
            states[game, int(base.count[game])] = batch.obs[row].copy()
        return base(batch)  # type: ignore[no-any-return]

    bots: list = ["greedy"] * 4
    bots[seat] = watch
    first = fenpai.simulate("tractor", games, seed=9, bots=bots, batch_size=games)
    at = np.arange(games) * 3 % base.count
    rng = np.random.default_rng(0)
    for aimed in (0.0, 1.0):
        tried = paired.OneChange(scorer, games, at, aimed, rng, agent)
        bots[seat] = tried
        again = fenpai.simulate("tractor", games, seed=9, bots=bots, batch_size=games)
        g, obs, t_feats, p_feats = (np.concatenate(x) for x in zip(*tried.seen, strict=True))
        assert sorted(g.tolist()) == list(range(games))
        for game, state in zip(g, obs, strict=True):
            np.testing.assert_array_equal(state, states[int(game), int(at[game])])
        assert (p_feats[:, GREEDY] == (0 if agent else 1)).all()
        assert (t_feats != p_feats).any(axis=1).all()
        if not agent:
            assert (t_feats[:, GREEDY] == 0).all()
        assert t_feats.shape == p_feats.shape == (games, WIDTHS[-1])
        assert (first["card_points"] != again["card_points"]).any()

    def label(result: dict[str, np.ndarray], g: np.ndarray, s: np.ndarray) -> np.ndarray:
        return np.where(result["won"][g, s], 1.0, -1.0)

    pairs = paired.paired_round(net, "tractor", games, 9, seat, 2, label, rng, agent=agent)
    assert pairs.obs.shape == (2 * games, obs_size("tractor"))
    assert set(pairs.played_returns.tolist()) <= {-1.0, 1.0}
    base_won = np.where(first["won"][:, seat], 1.0, -1.0)
    assert sorted(pairs.played_returns.tolist()) == sorted(np.tile(base_won, 2).tolist())


def margin_net(greedy_lower_by: float, margin: float) -> QNet:
    """A network whose Q is 0 for every action but greedy's, which it rates
    `greedy_lower_by` lower."""
    net = QNet("tractor", obs_size("tractor"), (1, 1), features=WIDTHS[-1], greedy_margin=margin)
    for name, value in net.params.items():
        net.params[name] = np.zeros_like(value)
    net.params["w_act"][GREEDY, 0] = 1
    net.params["w2"][0, 0] = 1
    net.params["w3"][0, 0] = -greedy_lower_by
    return net


@pytest.mark.parametrize(("lower", "keeps_greedy"), [(0.04, True), (0.06, False)])
def test_greedys_action_is_left_only_for_one_rated_higher_by_more_than_the_margin(
    lower: float, keeps_greedy: bool
) -> None:
    agent = QPolicy(margin_net(lower, 0.05), limit=64)
    asked: list[tuple[np.ndarray, ...]] = []

    def both(batch: Batch) -> np.ndarray:
        answer = agent(batch)
        greedy = batch.greedy()
        asked.append((answer, greedy, agent.unscored(batch, greedy)))
        return answer

    fenpai.simulate("tractor", 4, seed=6, bots=[both, "greedy", "greedy", "greedy"])
    answer, greedy, unscored = (np.concatenate(x) for x in zip(*asked, strict=True))
    np.testing.assert_array_equal(answer[unscored], greedy[unscored])
    assert (~unscored).sum() > 20
    assert ((answer == greedy)[~unscored]).all() == keeps_greedy
    assert ((answer != greedy)[~unscored]).all() != keeps_greedy


def test_a_pass_tried_in_the_deal_holds_for_the_rest_of_the_deal(paired: ModuleType) -> None:
    games = 16
    scorer = QPolicy(tactics_net())
    tried = paired.OneChange(scorer, games, np.zeros(games, np.int64), 0.0)
    deal = paired.phase_column("tractor", "deal")
    held: list[str] = []

    def watch(batch: Batch) -> np.ndarray:
        passing = tried.passing[batch.games].copy()
        answer: np.ndarray = tried(batch)
        for row in np.flatnonzero(passing & (batch.obs[:, deal] > 0)):
            held.append(batch.legal_action(int(row), int(answer[row])))
        return answer

    fenpai.simulate("tractor", games, seed=2, bots=[watch, "greedy", "greedy", "greedy"])
    assert tried.passing.any() and len(held) > 5 and set(held) == {"pass"}


def test_a_network_of_some_phases_plays_greedys_action_in_the_others(tmp_path: Path) -> None:
    net = QNet(
        "tractor", obs_size("tractor"), (8, 8), features=WIDTHS[-1], greedy_margin=-1e6
    )  # never greedy's, where it scores
    net.phases = ("deal",)
    net.save(tmp_path / "deal.npz")
    agent = QPolicy(QNet.load(tmp_path / "deal.npz"))
    assert agent.net.phases == ("deal",)
    deal = next(off for name, off, _ in fields("tractor", 4) if name == "phase")
    deal += PHASES.index("deal")
    asked: list[tuple[np.ndarray, ...]] = []

    def both(batch: Batch) -> np.ndarray:
        answer = agent(batch)
        asked.append((answer, batch.greedy(), batch.obs[:, deal] > 0))
        return answer

    fenpai.simulate("tractor", 6, seed=8, bots=[both, "greedy", "greedy", "greedy"])
    answer, greedy, dealing = (np.concatenate(x) for x in zip(*asked, strict=True))
    assert dealing.any() and (~dealing).sum() > 50
    np.testing.assert_array_equal(answer[~dealing], greedy[~dealing])
    assert (answer[dealing] != greedy[dealing]).all()
    with pytest.raises(ValueError, match="phases must be among"):
        QNet("tractor", 4, phases=("dealing",))
    with pytest.raises(ValueError, match="fifty_k has no phases"):
        QPolicy(QNet("fifty_k", obs_size("fifty_k"), phases=("play",)))
