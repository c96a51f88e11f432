"""Fifty-K of several decks (FKO-20..FKO-35) in the legal-index space: `VectorEnv(
actions="legal")` and `simulate` with a Python policy, stepped by the core's batch
runner. Checked against the step API playing the same hands with the same actions
(observations, masks, legal actions, history, rewards and scores: `Driver.outcomes`
scored equals `Game.result`), with Gymnasium's machinery, by random playouts on every
number of decks, `legal_ids` naming plays by their type, and the search bot refused by
name."""

from __future__ import annotations

import warnings
from functools import partial

import gymnasium
import numpy as np
import pytest
from gymnasium.wrappers.vector import RecordEpisodeStatistics
from test_vector_env import agrees_with_the_step_api, random_actions

import fenpai
from fenpai.bots import Bot, seed_for
from fenpai.envs import SeatEnv, VectorEnv
from fenpai.simulation import simulate
from fenpai.spaces import action_space

LegalEnv = partial(VectorEnv, actions="legal")

#: Tables of FKO-23 with a learning seat and opponents: teams of 4, 6 and 8, alone with 5.
CASES = [
    ({"decks": 2, "players": 6}, 1, "random", "win"),
    ({"decks": 3, "players": 5}, 0, "greedy", "zero_sum"),
    ({"decks": 4, "players": 8}, 3, "random", "game_points"),
    ({"decks": 2, "players": 4, "lead_after_out": "partner"}, 2, "greedy", "win"),
]


@pytest.mark.parametrize(("options", "seat", "opponents", "reward"), CASES)
def test_fko_20_steps_are_the_step_api_with_the_same_actions(options, seat, opponents, reward):
    """Differential: at every step env i's observation, mask, legal actions and history
    are those of the same hand played through `fenpai.new_game` with the same actions
    (the bots seeded alike); where a hand ends, the reward, winners, game and card
    points scored from the core's facts (`Driver.outcomes`, `Game.score_facts`) are
    `Game.result`'s (FKO-30..FKO-35)."""
    assert len(agrees_with_the_step_api("fifty_k", options, seat, opponents, reward, 7, 150)) >= 2


@pytest.mark.parametrize("decks", [2, 3, 4])
@pytest.mark.parametrize("players", [4, 6, 8])
def test_fko_23_random_playouts_on_every_number_of_decks(decks, players):
    """A few whole hands of each table: every observation in the space and in [0, 1],
    the mask the first `num_legal` indices (a choice each: single actions are taken for
    the agent), an index past the mask taken when below `num_legal`, the ended hands
    scored as their games' results."""
    env = LegalEnv(
        "fifty_k", 2, seat=0, opponents="random", seed=decks, max_legal=64,
        decks=decks, players=players,
    )  # fmt: skip
    obs, info = env.reset()
    rng = np.random.default_rng(players)
    ended = np.zeros(2, dtype=bool)
    hands = 0
    while hands < 3:
        assert env.observation_space.contains(obs)
        assert ((obs >= 0) & (obs <= 1)).all()
        for i in np.flatnonzero(~ended):
            count = info["num_legal"][i]
            assert count >= 2
            np.testing.assert_array_equal(info["action_mask"][i], np.arange(64) < count)
        obs, _, ended, _, info = env.step(random_actions(info, rng))
        for i in np.flatnonzero(ended):
            result = env.game(int(i)).result
            assert info["game_points"][i].tolist() == pytest.approx(result["game_points"])
            assert info["won"][i] == (0 in result["winners"])
        hands += int(ended.sum())


def test_fko_20_gymnasium_makes_it_and_its_wrappers_run_on_it():
    """Registered with a vector entry point, `gymnasium.make_vec` builds it without a
    warning; observations and actions are in their spaces; the episode statistics
    wrapper sums our rewards per hand; threads give the same run as one thread."""
    name = "fenpai-test/FiftyKDecksVector-v0"
    kwargs = {"variant": "fifty_k", "actions": "legal", "decks": 2, "players": 6}
    gymnasium.register(name, vector_entry_point=VectorEnv, kwargs=kwargs)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            env = gymnasium.make_vec(name, num_envs=3, vectorization_mode="vector_entry_point")
    finally:
        del gymnasium.registry[name]
    assert isinstance(env, VectorEnv)
    stats = RecordEpisodeStatistics(env)
    obs, info = stats.reset(seed=3)
    threaded = LegalEnv("fifty_k", 3, threads=2, decks=2, players=6)
    obs_t, _ = threaded.reset(seed=3)
    np.testing.assert_array_equal(obs, obs_t)
    assert env.action_space.contains(env.action_space.sample())
    rng = np.random.default_rng(2)
    returns = np.zeros(3)
    for _ in range(120):
        actions = random_actions(info, rng)
        obs, rewards, terminated, _, info = stats.step(actions)
        np.testing.assert_array_equal(obs, threaded.step(actions)[0])
        assert env.observation_space.contains(obs)
        returns += rewards
        if terminated.any():
            np.testing.assert_allclose(info["episode"]["r"][terminated], returns[terminated])
            returns[terminated] = 0
    assert len(stats.return_queue) >= 1


def last_index(batch):
    """A policy: each game's last legal action (its own row only)."""
    return [int(n) - 1 for n in batch.num_legal]


@pytest.mark.parametrize(("decks", "players"), [(2, 6), (3, 5), (4, 4)])
def test_fko_20_simulate_with_a_policy_is_the_step_api(decks, players):
    """`simulate` with a Python policy at one seat of several decks: each game's points,
    winners and number of actions are those of the same game played through
    `fenpai.new_game` (seed from the output) with the policy's choice and the bots
    seeded alike; the same whatever `batch_size`."""
    bots: list = (["random", "greedy"] * 4)[:players]
    bots[1] = last_index
    out = simulate("fifty_k", 4, seed=5, bots=bots, decks=decks, players=players)
    again = simulate("fifty_k", 4, seed=5, bots=bots, batch_size=1, decks=decks, players=players)
    np.testing.assert_array_equal(out["game_points"], again["game_points"])
    for k, seed in enumerate(out["seed"].tolist()):
        g = fenpai.new_game("fifty_k", seed=seed, decks=decks, players=players)
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


def test_fko_20_legal_ids_name_several_decks_plays_by_their_type():
    """`legal_ids=K` gives each of the first K legal actions its decision id: `pass` 0,
    a play its pattern's type (FKO-25..FKO-27), the id `fenpai.spaces` gives its text;
    the default space (SeatEnv, VectorEnv, simulate with actions='decisions') takes
    several decks too."""
    space = action_space("fifty_k", decks=3)
    env = LegalEnv("fifty_k", 2, legal_ids=300, decks=3, players=6, seed=1)
    _, info = env.reset()
    rng = np.random.default_rng(4)
    named = 0
    for _ in range(40):
        for i in range(2):
            n = min(int(info["num_legal"][i]), 300)
            texts = env.legal_actions(i, n)
            assert info["legal_ids"][i, :n].tolist() == [space.id(t) for t in texts]
            assert (info["legal_ids"][i, n:] == -1).all()
            named += n
        _, _, _, _, info = env.step(random_actions(info, rng))
    assert named > 1000
    env = LegalEnv("fifty_k", 2, legal_features=4, decks=2, players=6, seed=1)
    _, info = env.reset()
    assert (info["num_features"] == 0).all()  # FKO-20: features are of trick-taking plays

    def last_allowed(batch):
        return [int(np.flatnonzero(m)[-1]) for m in batch.action_mask]

    policy = [last_allowed] + ["random"] * 5
    out = simulate("fifty_k", 2, bots=policy, actions="decisions", decks=2, players=6)
    assert out["actions"].min() > 0
    assert SeatEnv("fifty_k", decks=2, players=6).action_space.n == space.size


def test_fko_20_the_search_bot_plays_several_decks_beside_a_learner_or_a_policy():
    """`ismcts` plays Fifty-K of several decks in the core's batch runner too: as an
    opponent of a learning surface, and beside a policy in `simulate`, the same for the
    same seeds."""
    env = LegalEnv("fifty_k", 2, opponents="ismcts:4", decks=2, players=6, seed=3)
    _, info = env.reset(seed=3)
    for _ in range(3):
        _, _, _, _, info = env.step(np.zeros(2, dtype=np.int64))
    assert info["num_legal"].min() >= 0
    policy = [last_index] + ["ismcts:4"] * 5
    runs = [simulate("fifty_k", 2, seed=1, bots=policy, decks=2, players=6) for _ in range(2)]
    assert (runs[0]["game_points"] == runs[1]["game_points"]).all()
    assert runs[0]["actions"].min() > 0


def test_fko_20_a_policy_playing_batch_greedy_plays_the_greedy_bot():
    """`Batch.greedy()` (the core's `Driver.greedy`) names, among the many plays of
    several decks, the index of the play the greedy bot makes: a policy answering it
    plays the games the built-in greedy bot plays."""

    def greedy(batch):
        return batch.greedy().tolist()

    options = {"decks": 3, "players": 6}
    by_policy = simulate("fifty_k", 4, seed=9, bots=[greedy] + ["random"] * 5, **options)
    by_bot = simulate("fifty_k", 4, seed=9, bots=["greedy"] + ["random"] * 5, **options)
    for key in ("game_points", "card_points", "won", "actions"):
        np.testing.assert_array_equal(by_policy[key], by_bot[key])


def test_fko_20_the_step_api_s_batch_greedy_finds_plays_beyond_any_listing():
    """In the step API (`Batch.of_game`) `greedy()` is the index of the greedy bot's
    play among all the legal plays of several decks, found without listing them, so it
    is right where that index passes the legal-action limit; a policy answering it plays
    the greedy bot's hand."""
    from fenpai.batch import Batch, act
    from fenpai.games.base import LEGAL_LIMIT

    beyond = 0
    for seed in range(6):
        g = fenpai.new_game("fifty_k", decks=4, players=4, seed=seed)
        mirror = fenpai.new_game("fifty_k", decks=4, players=4, seed=seed)
        while g.phase != "done":
            (seat,) = g.to_act
            (index,) = Batch.of_game(g, seat).greedy().tolist()
            beyond += index >= LEGAL_LIMIT
            greedy = Bot("greedy", fenpai._core.GREEDY_SEED).choose(mirror, seat)
            assert g.legal_action(seat, index) == greedy
            act(lambda b: b.greedy(), g, seat)
            mirror.apply(seat, greedy)
        assert g.history == mirror.history
    assert beyond  # the case the listing missed


def test_fko_24_a_scripted_deal_is_the_hand_new_game_deals():
    """`reset(options={"deals": ...})` with a deck of two decks (FKO-22) and a first
    seat deals the hand `new_game` deals from them (FKO-24): the same history replays on
    it to the same observation."""
    cards = [str(c) for c in fenpai.new_game("fifty_k", decks=2, players=6).all_cards()]
    np.random.default_rng(1).shuffle(cards)
    deck = " ".join(cards)
    env = LegalEnv("fifty_k", 2, decks=2, players=6, opponents="random", seed=3)
    obs, info = env.reset(options={"deals": [(deck, 2), None]})
    hand = env.game(0)
    ref = fenpai.new_game("fifty_k", deck=deck, first_seat=2, decks=2, players=6)
    for seat, action in hand.history:
        ref.apply(seat, action)
    assert ref.first_seat == 2 and ref.to_act == [int(info["seat"][0])]
    np.testing.assert_array_equal(obs[0], fenpai.encode(ref, int(info["seat"][0]))[0])
