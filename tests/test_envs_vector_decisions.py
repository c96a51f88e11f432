"""`DecisionVectorEnv`: many hands in the one action space, stepped by one core call,
equal to the same hands stepped one by one (`CoreHand`, itself checked against the
Python path); bad ids refused with no hand changed; NEXT_STEP autoreset."""

from __future__ import annotations

import random

import numpy as np
import pytest
from env_support import CONFIGS, IDS

from fenpai.bots import hand_seeds
from fenpai.envs import DecisionVectorEnv
from fenpai.envs.core_hand import CoreHand
from fenpai.envs.payoffs import hand_rewards
from fenpai.errors import IllegalAction


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_each_env_is_the_hand_stepped_alone(variant, options):
    """Env i's observations, masks, rewards and ends are those of its hand's seed stepped
    alone against the same bots, through two hands each (autoreset included)."""
    envs, base = 3, 17
    vec = DecisionVectorEnv(variant, envs, seat=1, opponents="greedy", **options)
    obs, _ = vec.reset(seed=base)
    n = vec._probe.num_players
    bots = [None if s == 1 else "greedy" for s in range(n)]
    alone = [CoreHand(variant, options, bots) for _ in range(envs)]
    hands = [0] * envs

    def deal(i: int) -> None:
        alone[i].reset(int(hand_seeds(base, np.array([i]), np.array([hands[i]]))[0]))
        alone[i].core.play_bots()
        hands[i] += 1

    for i in range(envs):
        deal(i)
    rng = random.Random(0)
    ended = np.zeros(envs, dtype=bool)
    while min(hands) < 3:
        actions = np.zeros(envs, dtype=np.int64)
        for i in range(envs):
            if ended[i]:
                deal(i)
                continue
            mine = alone[i].observe(1)
            np.testing.assert_array_equal(obs["observation"][i], mine["observation"])
            np.testing.assert_array_equal(obs["action_mask"][i], mine["action_mask"])
            ids = np.flatnonzero(mine["action_mask"])
            actions[i] = ids[rng.randrange(len(ids))]
        obs, rewards, terminated, truncated, infos = vec.step(actions)
        assert not truncated.any()
        for i in range(envs):
            if ended[i]:
                assert not terminated[i] and rewards[i] == 0
                continue
            out, to_act = alone[i].core.step_seat(1, int(actions[i]))
            assert terminated[i] == (to_act is None)
            if to_act is None:
                game = alone[i].game()
                assert rewards[i] == hand_rewards(game, "win")[1]
                assert infos["won"][i] == (1 in game.result["winners"])
                assert vec.game(i).to_json() == game.to_json()
                np.testing.assert_array_equal(obs["observation"][i], out["observation"])
                assert not obs["action_mask"][i].any()
            else:
                assert rewards[i] == 0
        ended = terminated.copy()


def test_a_bad_id_changes_no_hand():
    vec = DecisionVectorEnv("tractor", 2, opponents="random")
    obs, _ = vec.reset(seed=3)
    before = [vec.game(i).to_json() for i in range(2)]
    good = int(np.flatnonzero(obs["action_mask"][0])[0])
    bad = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    with pytest.raises(IllegalAction, match="not allowed in hand 1"):
        vec.step(np.array([good, bad]))
    assert [vec.game(i).to_json() for i in range(2)] == before


def test_bad_construction_is_a_clear_error():
    with pytest.raises(ValueError, match="num_envs"):
        DecisionVectorEnv("tractor", 0)
    with pytest.raises(ValueError, match="seat must be"):
        DecisionVectorEnv("tractor", 1, seat=4)
    with pytest.raises(ValueError, match="unknown bot"):
        DecisionVectorEnv("tractor", 1, opponents="nobody")
    with pytest.raises(ValueError, match="reset"):
        DecisionVectorEnv("tractor", 1, deck="As")
