"""Finding Friends (FF-1..FF-82) in the legal-index space: `VectorEnv(actions="legal")`
and `simulate` with a Python policy, stepped by the core's batch runner. Checked against
the step API playing the same hands with the same actions (observations, masks, legal
actions, history, rewards in the three modes and results), by random playouts of 4 to 8
players under each house rule, and the surfaces without it refusing by name."""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest
from test_vector_env import agrees_with_the_step_api, random_actions

import fenpai
from fenpai.bots import Bot, seed_for
from fenpai.envs import VectorEnv
from fenpai.simulation import simulate
from fenpai.spaces import features, uses_list

VARIANT = "finding_friends"
LegalEnv = partial(VectorEnv, VARIANT, actions="legal")

#: Tables with a learning seat, opponents and a reward mode: 4, 6 and 8 players, each
#: house rule once (FF-60, FF-70, FF-80), and search opponents.
CASES = [
    ({"players": 4}, 1, "random", "win"),
    ({"players": 6, "double_join": "passes_on"}, 0, "greedy", "zero_sum"),
    ({"players": 8, "short_handed_bonus": True}, 3, "random", "game_points"),
    ({"players": 5, "friend_restrictions": "none", "decks": 2}, 2, "greedy", "win"),
    ({"players": 7, "friend_restrictions": "no_points"}, 6, "random", "zero_sum"),
    ({"players": 6}, 2, "ismcts:8", "win"),  # the search's opponents, FF-22, FF-33
]


@pytest.mark.parametrize(("options", "seat", "opponents", "reward"), CASES)
def test_ff_steps_are_the_step_api_with_the_same_actions(options, seat, opponents, reward):
    """Differential: at every step env i's observation, mask, legal actions and history
    are those of the same hand played through `fenpai.new_game` with the same actions
    (the bots seeded alike); where a hand ends, the reward in the mode, the winners, game
    and card points are `Game.result`'s (FF-40..FF-45, FF-70)."""
    assert len(agrees_with_the_step_api(VARIANT, options, seat, opponents, reward, 7, 160)) >= 2


@pytest.mark.parametrize("players", [4, 6, 8])
def test_ff_random_playouts(players):
    """Whole hands of each table against random opponents: every observation in the
    space, in [0, 1] but the documented counts, the mask the first `num_legal` indices
    (a choice each), the ended hands scored as their games' results."""
    env = LegalEnv(2, seat=1, opponents="random", seed=players, max_legal=64, players=players)
    counts = {
        name: (off, size)
        for name, off, size in fenpai.encoding.fields(VARIANT, players)
        if name in ("declarations", "failed_throws")
    }
    obs, info = env.reset()
    rng = np.random.default_rng(players)
    ended = np.zeros(2, dtype=bool)
    hands = 0
    while hands < 3:
        assert env.observation_space.contains(obs)
        scaled = np.ones(obs.shape[1], dtype=bool)
        for off, size in counts.values():
            scaled[off : off + size] = False
        assert ((obs[:, scaled] >= 0) & (obs[:, scaled] <= 1)).all()
        for i in np.flatnonzero(~ended):
            count = info["num_legal"][i]
            assert count >= 2
            np.testing.assert_array_equal(info["action_mask"][i], np.arange(64) < count)
        obs, _, ended, _, info = env.step(random_actions(info, rng))
        for i in np.flatnonzero(ended):
            result = env.game(int(i)).result
            assert info["game_points"][i].tolist() == pytest.approx(result["game_points"])
            assert info["won"][i] == (1 in result["winners"])
        hands += int(ended.sum())


def test_ff_legal_features_are_those_of_spaces_and_none_for_the_calls():
    """`legal_features=K`: the burial's and the play's rows are `fenpai.spaces.features`
    of the first K legal actions; the friend calls (FF-20) have none, as the other fixed
    phases."""
    width = 30
    env = LegalEnv(3, seat=0, opponents="random", seed=4, legal_features=width, players=5)
    _, info = env.reset()
    rng = np.random.default_rng(4)
    seen = {"kitty": 0, "play": 0, "friend": 0}
    for _ in range(150):
        for i in range(3):
            game = env.game(i)
            rows = int(info["num_features"][i])
            if uses_list(game) and game.phase != "done":
                listed = game.legal_actions(0, width)
                assert rows == len(listed)
                expected = features(game, 0, listed)
                np.testing.assert_array_equal(info["legal_features"][i, :rows], expected)
                seen[game.phase] += 1
            else:
                seen["friend"] += game.phase == "friend"
                assert rows == 0
        _, _, _, _, info = env.step(random_actions(info, rng))
    assert seen["play"] >= 50 and seen["kitty"] >= 1 and seen["friend"] >= 1, seen


def last_index(batch):
    """A policy: each game's last legal action (its own row only)."""
    return [int(n) - 1 for n in batch.num_legal]


@pytest.mark.parametrize(
    "options",
    [{"players": 4}, {"players": 6, "double_join": "passes_on"}, {"players": 8}],
)
def test_ff_simulate_with_a_policy_is_the_step_api(options):
    """`simulate` with a Python policy at one seat: each game's points, winners and
    number of actions are those of the same game replayed through `fenpai.new_game`
    (seed from the output) with the policy's choice and the bots seeded alike; the same
    whatever `batch_size`."""
    players = options["players"]
    bots: list = (["random", "greedy"] * 4)[:players]
    bots[1] = last_index
    out = simulate(VARIANT, 3, seed=5, bots=bots, **options)
    again = simulate(VARIANT, 3, seed=5, bots=bots, batch_size=1, **options)
    np.testing.assert_array_equal(out["game_points"], again["game_points"])
    for k, seed in enumerate(out["seed"].tolist()):
        g = fenpai.new_game(VARIANT, seed=seed, **options)
        played = [
            Bot(b, seed_for(seed, s)) if isinstance(b, str) else None for s, b in enumerate(bots)
        ]
        while g.phase != "done":
            seat = g.to_act[0]
            bot = played[seat]
            if bot is None:
                g.apply_legal(seat, g.num_legal(seat) - 1)
            else:
                bot.act(g, seat)
        result = g.result
        assert out["game_points"][k].tolist() == pytest.approx(result["game_points"])
        assert out["card_points"][k].tolist() == pytest.approx(result["card_points"])
        assert out["won"][k].tolist() == [s in result["winners"] for s in range(players)]
        assert out["actions"][k] == g.num_actions


def test_ff_20_features_name_what_they_do_not_take():
    """`features` describes burials and plays, not the friend calls (FF-20), which have
    fixed ids."""
    import random

    from fenpai import spaces

    g = fenpai.new_game("finding_friends", seed=1)
    rng = random.Random(1)
    while g.phase != "friend":
        (seat,) = g.to_act
        g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
    calls = g.legal_actions(g.declarer, 2)
    with pytest.raises(ValueError, match=r"features describe burials and trick plays, not 'call"):
        spaces.features(g, g.declarer, calls)
