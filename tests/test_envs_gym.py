"""The single-seat Gymnasium environment: Gymnasium's own checker, seeds, rewards,
actions outside the mask."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from env_support import CONFIGS, IDS, REWARDS, expected_reward
from gymnasium.utils.env_checker import check_env

import fenpai
from fenpai import scoring
from fenpai.envs import SeatEnv
from fenpai.envs.payoffs import bounds, game_bounds, reward_bounds


def episode(env, seed):
    """Plays one hand with random allowed actions: (observations, total reward)."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen, total, done = [obs], 0.0, False
    while not done:
        obs, reward, done, truncated, info = env.step(
            rng.choice(np.flatnonzero(obs["action_mask"]))
        )
        assert not truncated and env.observation_space.contains(obs)
        assert info == {} or done
        seen.append(obs)
        total += reward
    env.last_info = info
    return seen, total


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_gymnasium_check_env(variant, options, reward):
    check_env(SeatEnv(variant, seat=1, reward=reward, **options), skip_render_check=True)


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_a_hand_against_bots_ends_with_the_seat_reward(variant, options, reward):
    """The episode pays the seat's reward in the mode, once, at the end, with whether it
    won and the hand's result."""
    env = SeatEnv(variant, seat=0, bots="random", reward=reward, **options)
    for seed in range(4):
        _, total = episode(env, seed)
        result = env.game.result
        assert env.game.phase == "done"
        assert total == pytest.approx(expected_reward(result, 0, reward))
        assert env.last_info == {"won": 0 in result["winners"], "result": result}
        assert result == env.game.view(0)["result"]  # what the seat's own view shows
        low, high = reward_bounds(reward, variant, env.game.num_players)
        assert low <= total <= high


def test_seat_env_reset_with_a_seed_replays_the_same_hand():
    env = SeatEnv("red_five_5p", seat=2, bots=["greedy", "random", "greedy", "random", "greedy"])
    first, total = episode(env, 9)
    again, total_again = episode(env, 9)
    assert total == total_again and len(first) == len(again)
    for a, b in zip(first, again, strict=True):
        assert (a["observation"] == b["observation"]).all()
    other, _ = episode(env, 10)
    assert any(
        (a["observation"] != b["observation"]).any() for a, b in zip(first, other, strict=False)
    )


def test_an_action_outside_the_mask_ends_the_episode_with_the_lowest_score():
    env = SeatEnv("fifty_k")
    obs, _ = env.reset(seed=1)
    before = env.game.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert done and info == {"illegal": True} and reward == -1
    points = SeatEnv("fifty_k", reward="game_points")
    obs, _ = points.reset(seed=1)
    assert points.step(illegal)[1] == bounds("fifty_k", 4)[0]
    assert env.game.to_json() == before
    strict = SeatEnv("fifty_k", illegal="raise")
    obs, _ = strict.reset(seed=1)
    with pytest.raises(ValueError, match="not allowed"):
        strict.step(illegal)


def test_bad_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="seat must be 0..3"):
        SeatEnv("tractor", seat=4)
    with pytest.raises(ValueError, match="unknown bot"):
        SeatEnv("tractor", bots="clever")
    with pytest.raises(ValueError, match="bots names 2"):
        SeatEnv("tractor", bots=["random", "greedy"])
    with pytest.raises(ValueError, match="illegal must be"):
        SeatEnv("tractor", illegal="ignore")
    with pytest.raises(ValueError, match="reset"):
        SeatEnv("tractor", deck="2s")
    with pytest.raises(ValueError, match="reward must be one of 'win', 'zero_sum'"):
        SeatEnv("tractor", reward="points")


def test_registered_with_gymnasium():
    env = gymnasium.make("fenpai/tractor-v0", seat=3)
    obs, _ = env.reset(seed=0)
    assert obs["action_mask"].any()


def test_gymnasium_make_works_after_import_fenpai_alone():
    """`import fenpai`, then `import gymnasium` (in either order), then
    `gymnasium.make("fenpai/<variant>-v0")`, in a fresh interpreter; `import fenpai`
    does not import Gymnasium itself."""
    import subprocess
    import sys

    for first, then in [("fenpai", "gymnasium"), ("gymnasium", "fenpai")]:
        code = (
            f"import sys, {first}\n"
            f"assert ({first!r} == 'gymnasium') == ('gymnasium' in sys.modules)\n"
            f"import {then}\n"
            "env = gymnasium.make('fenpai/fifty_k-v0', reward='zero_sum')\n"
            "assert env.unwrapped.reward == 'zero_sum'\n"
            "env.reset(seed=0)\n"
        )
        subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(("must_defend", "most"), [("A", 12), ("5_10_K_A", 4), ("none", 13)])
def test_tractor_bounds_hold_the_most_levels_a_hand_can_gain(must_defend, most):
    """TR-40's kitty multiplier takes P far past the deck's 200 points (a kitty of 80
    points won with three pairs pays 960), so the bound is the most levels any team
    can gain from any level before a level it must defend (TR-42, TR-43, TRO-40)."""
    stops = scoring.TRACTOR_MUST_DEFEND[must_defend]
    gained = max(
        scoring.tractor_hand_outcome(120 + 80 * 12, 0, (level, level), stops)["applied"]
        for level in scoring.TRACTOR_LEVELS
    )
    assert bounds("tractor", 4, 2, must_defend) == (0.0, float(most)) == (0.0, float(gained))
    game = fenpai.new_game("tractor", must_defend=must_defend)
    assert game_bounds(game, "game_points") == (0.0, float(most))
