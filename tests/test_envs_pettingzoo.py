"""The PettingZoo AEC environment: PettingZoo's own checkers, masks that reach exactly
the legal actions, hidden information, seeds."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from env_support import (
    CONFIGS,
    IDS,
    REWARDS,
    decisions_of,
    expected_reward,
    legal_multisets,
    reachable,
    unseen_swaps,
)
from pettingzoo.test import api_test, seed_test

import fenpai
from fenpai.encoding import DECISION_VARIANTS
from fenpai.envs import pettingzoo_env
from fenpai.envs.aec import observe_seat
from fenpai.envs.decisions import Decisions
from fenpai.spaces import game_space, uses_list


def play_random(env, seed):
    """Plays a hand to its end with random allowed actions; the number of steps."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    for _ in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        action = None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"]))
        env.step(action)
        steps += 1
    return steps


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test(variant, options, reward):
    # 1000 cycles of every agent: the checker plays whole hands, ends included
    api_test(pettingzoo_env(variant, reward=reward, **options), num_cycles=1000)


def test_agent_iter_gives_pettingzoos_agents_and_stops_after_max_iter():
    """The env's own `agent_iter` (a generator) gives what PettingZoo's iterator gives:
    the selected agent until no agent is left, at most `max_iter` of them."""
    from pettingzoo.utils.env import AECIterable

    def agents(env, iterator):
        env.reset(seed=4)
        rng, out = np.random.default_rng(4), []
        for agent in iterator:
            out.append(agent)
            obs, _, terminated, truncated, _ = env.last()
            done = terminated or truncated
            env.step(None if done else rng.choice(np.flatnonzero(obs["action_mask"])))
        return out

    env = pettingzoo_env("red_five_5p")
    theirs = agents(env, AECIterable(env, 2**63))
    assert agents(env, env.agent_iter()) == theirs
    assert theirs[-5:] == env.possible_agents  # each agent's last, None, step
    assert agents(env, env.agent_iter(7)) == theirs[:7]
    assert list(env.agent_iter(0)) == []


@pytest.mark.parametrize("variant", sorted(DECISION_VARIANTS))
def test_pettingzoo_seed_test(variant):
    seed_test(lambda: pettingzoo_env(variant), num_cycles=500)


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_a_hand_ends_with_each_seat_reward(variant, options, reward):
    """Each agent's rewards sum to its reward in the mode, with whether it won and the
    result in its info at the end."""
    env = pettingzoo_env(variant, reward=reward, **options)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    last = {}
    for agent in env.agent_iter():
        obs, paid, terminated, truncated, info = env.last()
        totals[agent] += paid
        last[agent] = info
        assert env.observation_space(agent).contains(obs)
        action = None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"]))
        env.step(action)
    result = env.game.result
    for seat, agent in enumerate(env.possible_agents):
        assert totals[agent] == pytest.approx(expected_reward(result, seat, reward))
        assert last[agent] == {"won": seat in result["winners"], "result": result}


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_the_mask_reaches_exactly_the_legal_actions(variant, options):
    """At every decision of random hands: the fixed ids allowed are those of the legal
    actions; card by card (C-4 burials, C-24/C-30/C-31 plays), the picks the mask
    allows end on exactly the legal actions."""
    decisions = decisions_of(variant, options)
    space = game_space(fenpai.new_game(variant, **options))
    for seed in range(2):
        rng = random.Random(seed)
        game = fenpai.new_game(variant, seed=seed, **options)
        while game.phase != "done":
            seat = game.to_act[0]
            mask = decisions.mask(game, seat)
            if uses_list(game):
                assert not mask[: decisions.fixed].any()
                if game.num_legal(seat) <= 3000:
                    assert reachable(game, seat) == legal_multisets(game, seat)
            else:
                legal = {space.id(a) for a in game.legal_actions(seat)}
                assert set(np.flatnonzero(mask)) == legal
            for other in range(game.num_players):
                if other != seat:
                    assert not decisions.mask(game, other).any()
            game.apply_legal(seat, rng.randrange(game.num_legal(seat)))


def test_c_24_a_lead_picked_card_by_card_is_played_as_picked():
    game = fenpai.new_game("tractor", seed=5)
    while game.phase != "play":
        game.apply_legal(game.to_act[0], 0)
    decisions = Decisions("tractor")
    seat = game.to_act[0]
    first = sorted(game.hand_of(seat), key=lambda c: c.index)[0]
    assert not decisions.step(game, seat, decisions.fixed + first.index)
    assert decisions.picked()[first.index] == 1
    assert decisions.mask(game, seat)[decisions.done]
    assert decisions.step(game, seat, decisions.done)
    assert game.history[-1] == (seat, f"play {first}")


def test_an_action_outside_the_mask_changes_nothing():
    env = pettingzoo_env("red_five_4p")
    env.reset(seed=1)
    before = env.game.to_json()
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not allowed"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.game.to_json() == before


def test_bad_options_are_clear_errors():
    with pytest.raises(ValueError, match="unknown variant"):
        pettingzoo_env("bridge")
    with pytest.raises(ValueError, match="reset"):
        pettingzoo_env("tractor", seed=3)
    with pytest.raises(ValueError, match="option decks"):
        pettingzoo_env("red_five_4p", decks=4)


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_c_4_an_observation_never_shows_cards_the_seat_cannot_know(variant, options):
    """Swapping two cards a seat cannot know leaves its observation and mask as they
    were, at every phase (the kitty C-4, the hands of the others)."""
    decisions = decisions_of(variant, options)
    compared = 0
    for game, seat, other in unseen_swaps(variant, options):
        mine = observe_seat(game, seat, decisions)
        theirs = observe_seat(other, seat, decisions_of(variant, options))
        assert (mine["observation"] == theirs["observation"]).all()
        assert (mine["action_mask"] == theirs["action_mask"]).all()
        compared += 1
    assert compared > 5


def test_pettingzoo_reset_with_a_seed_deals_the_same_hand():
    env = pettingzoo_env("tractor")
    env.reset(seed=11)
    first = env.game.to_json()
    play_random(env, 11)
    env.reset(seed=11)
    assert env.game.to_json() == first
    env.reset(seed=12)
    assert env.game.to_json() != first
    assert play_random(env, 5) == play_random(env, 5)


def test_a_wrapper_that_ends_the_hand_is_heard():
    """PettingZoo's TerminateIllegalWrapper ends the episode by writing `terminations`:
    `last()` then reports it and a step is a dead agent's step, not an action."""
    from pettingzoo.utils.wrappers import TerminateIllegalWrapper

    env = TerminateIllegalWrapper(pettingzoo_env("tractor"), illegal_reward=-1)
    env.reset(seed=3)
    obs, *_ = env.last()
    refused = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(refused)
    agent = env.agent_selection
    _, _, terminated, _, _ = env.last()
    assert terminated and env.unwrapped.terminations[agent]
    env.step(None)  # a dead agent's step: nothing taken
    assert env.unwrapped.hand.game().phase != "done"
