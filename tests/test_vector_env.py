"""`fenpai.envs.VectorEnv` in its legal-index space (`actions="legal"`): a Gymnasium 1.x
vector environment that steps many hands per call. Checked against Gymnasium's own
machinery (registration and `make_vec`, its wrappers), against the step API playing the
same hands with the same actions (observations, masks, legal actions, rewards,
autoreset), for reproducibility, and for hidden information: cards the agent cannot know
never change its observation."""

from __future__ import annotations

import random
import warnings
from functools import partial

import gymnasium
import numpy as np
import pytest
from env_support import REWARDS, expected_reward
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import DictInfoToList, NormalizeObservation, RecordEpisodeStatistics
from test_encoding import ONE_DECK, public_record

import fenpai
from fenpai._core import fifty_k_play_from_id
from fenpai.batch import act
from fenpai.bots import Bot, seed_for
from fenpai.envs import VectorEnv
from fenpai.spaces import features, game_space, uses_list

#: `VectorEnv` in the legal-index space (`actions="legal"`); `test_vector_env_decisions`
#: tests the default, the environments' one action space.
LegalEnv = partial(VectorEnv, actions="legal")

CASES = [
    ("tractor", {}, 1, "greedy"),
    ("red_five_4p", {}, 0, "random"),
    ("red_five_5p", {}, 3, "greedy"),
    ("fifty_k", {}, 2, "random"),
    ("fifty_k", {"players": 3}, 0, "greedy"),
    ("fifty_k", {"pure_fifty_k_order": "equal"}, 1, "random"),
]


def random_actions(info, rng):
    """A legal index for every env (any index where its hand is over)."""
    return (rng.random(len(info["num_legal"])) * np.maximum(info["num_legal"], 1)).astype(np.int64)


class Reference:
    """Env i's hands through the step API: hand k dealt from `seed_for(base, i, k)`,
    the bots seeded from it, the agent's single-choice decisions taken for it."""

    def __init__(self, variant, options, seat, opponents, base, env):
        self.args = variant, options, seat, opponents
        self.base, self.env, self.hands = base, env, 0
        self.next_hand()

    def next_hand(self):
        variant, options, seat, opponents = self.args
        seed = seed_for(self.base, self.env, self.hands)
        self.hands += 1
        self.game = fenpai.new_game(variant, seed=seed, **options)
        n = self.game.num_players
        self.bots = [Bot(opponents, seed_for(seed, s)) for s in range(n)]
        self.play_bots()

    def play_bots(self):
        game, seat = self.game, self.args[2]
        while game.phase != "done":
            to_act = game.to_act[0]
            if to_act != seat:
                self.bots[to_act].act(game, to_act)
            elif game.num_legal(seat) == 1:
                game.apply_legal(seat, 0)
            else:
                return

    def act(self, index):
        self.game.apply_legal(self.args[2], int(index))
        self.play_bots()


def assert_matches(env, obs, info, i, ref):
    game, seat = ref.game, env.seat
    np.testing.assert_array_equal(obs[i], fenpai.encode(game, seat, legal=False)[0])
    count = game.num_legal(seat)
    assert info["num_legal"][i] == count
    np.testing.assert_array_equal(info["action_mask"][i], np.arange(env.max_legal) < count)
    assert env.legal_actions(i, 30) == game.legal_actions(seat, 30)
    assert env.game(i).history == game.history


def agrees_with_the_step_api(
    variant: str,
    options: dict,
    seat: int,
    opponents: str,
    reward: str,
    seed: int,
    steps: int,
    choose=None,
) -> list:
    """Plays three envs of `VectorEnv(actions="legal")` `steps` steps with random legal
    indices beside the same hands through `fenpai.new_game`: at every step each env's
    observation, mask, legal actions and history are the step API's; where a hand ends
    the reward in the mode, the winners, the game and card points are `Game.result`'s,
    and the next step starts a new hand whatever the action (NEXT_STEP autoreset).
    `choose(env, info, rng)` picks the indices (default: random legal ones). Returns the
    hands finished."""
    env = LegalEnv(variant, 3, seat=seat, opponents=opponents, seed=seed, reward=reward, **options)
    obs, info = env.reset()
    refs = [Reference(variant, options, seat, opponents, seed, i) for i in range(3)]
    rng = np.random.default_rng(0)
    ended = np.zeros(3, dtype=bool)
    finished = []
    for _ in range(steps):
        for i in range(3):
            assert_matches(env, obs, info, i, refs[i])
        actions = random_actions(info, rng) if choose is None else choose(env, info, rng)
        actions[ended] = 10**9  # ignored: those envs start a new hand
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert not truncated.any()
        for i in range(3):
            if ended[i]:
                refs[i].next_hand()
                assert rewards[i] == 0 and not terminated[i]
                continue
            refs[i].act(actions[i])
            done = refs[i].game.phase == "done"
            assert terminated[i] == done and info["_won"][i] == done
            if not done:
                assert rewards[i] == 0
                continue
            result = refs[i].game.result
            assert rewards[i] == pytest.approx(expected_reward(result, seat, reward))
            assert info["won"][i] == (seat in result["winners"])
            assert info["rewards"][i].tolist() == [rewards[i]]
            assert info["game_points"][i].tolist() == pytest.approx(result["game_points"])
            assert info["card_points"][i].tolist() == pytest.approx(result["card_points"])
            assert env.game(i).result == result
            finished.append(refs[i].game)
        ended = terminated
    return finished


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize(("variant", "options", "seat", "opponents"), CASES)
def test_steps_are_the_step_api_with_the_same_actions(variant, options, seat, opponents, reward):
    """Observation, mask, legal actions and history equal the step API's at every step;
    the reward is the seat's in the mode when the hand ends, with the result's winners
    and points in the infos; the next step starts a new hand whatever the action
    (NEXT_STEP autoreset)."""
    assert len(agrees_with_the_step_api(variant, options, seat, opponents, reward, 11, 120)) >= 3


def test_same_seed_and_actions_give_the_same_run_whatever_num_envs():
    def run(num_envs, seed, steps=60):
        env = LegalEnv("tractor", num_envs, seat=2, opponents="random", seed=seed)
        obs, info = env.reset()
        rng = np.random.default_rng(5)
        out = [obs[:2].copy()]
        for _ in range(steps):
            actions = np.zeros(num_envs, dtype=np.int64)
            actions[:2] = rng.random(2) * np.maximum(info["num_legal"][:2], 1)
            obs, rewards, terminated, _, info = env.step(actions)
            out += [obs[:2].copy(), rewards[:2].copy(), terminated[:2].copy()]
        return out

    a, b = run(2, 9), run(5, 9)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not np.array_equal(run(2, 10, 0)[0], a[0])


def _row_policy(batch):
    """A policy whose answer depends on its row alone (so on no batching)."""
    score = (batch.obs * np.arange(batch.obs.shape[1])).sum(axis=1)
    return (np.abs(score).astype(np.int64) + batch.games * 7) % np.maximum(batch.num_legal, 1)


@pytest.mark.parametrize("variant", ["tractor", "red_five_4p", "red_five_5p", "fifty_k"])
def test_threads_give_the_same_run_as_one_thread(variant):
    """The core steps runs of consecutive envs on threads of their own: every output
    (observations, rewards, ends, every info) is one thread's, with several learning
    seats, a policy opponent and the legal actions' features and ids."""

    def run(threads, steps=70):
        n = 5 if variant == "red_five_5p" else 4
        opponents = [None, "random", _row_policy, None, "greedy"][:n]
        env = LegalEnv(
            variant, 7, seats=[0, 3], opponents=opponents, seed=4, threads=threads,
            legal_features=3, legal_ids=5, max_legal=24,
        )  # fmt: skip
        obs, info = env.reset()
        rng = np.random.default_rng(2)
        out = [obs, *(np.copy(info[k]) for k in sorted(info))]
        for _ in range(steps):
            obs, rewards, terminated, _, info = env.step(random_actions(info, rng))
            out += [obs, rewards, terminated, *(np.copy(info[k]) for k in sorted(info))]
        return out

    one = run(1)
    assert any(x.dtype == bool and x.any() for x in one[1::2]), "some hand ends"
    for threads in (2, 3, 7, 16):
        found = run(threads)
        assert len(found) == len(one)
        assert all(np.array_equal(x, y) for x, y in zip(one, found, strict=True)), threads


def test_reset_with_a_seed_starts_the_same_hands_again():
    env = LegalEnv("red_five_5p", 4, seed=None)
    first, _ = env.reset(seed=21)
    env.step(random_actions(env._infos(), np.random.default_rng(1)))
    again, _ = env.reset(seed=21)
    np.testing.assert_array_equal(first, again)
    other = LegalEnv("red_five_5p", 4, seed=21)
    np.testing.assert_array_equal(other.reset()[0], first)


def test_gymnasium_makes_it_and_its_wrappers_run_on_it():
    """Registered with a vector entry point, `gymnasium.make_vec` builds it without a
    warning (it checks `metadata["autoreset_mode"]`); the episode statistics wrapper
    sums our rewards per hand; the info and observation wrappers accept it."""
    assert VectorEnv.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    name = "fenpai-test/FiftyKVector-v0"
    gymnasium.register(
        name, vector_entry_point=VectorEnv, kwargs={"variant": "fifty_k", "actions": "legal"}
    )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            env = gymnasium.make_vec(name, num_envs=4, vectorization_mode="vector_entry_point")
    finally:
        del gymnasium.registry[name]
    assert isinstance(env, VectorEnv) and env.num_envs == 4
    stats = RecordEpisodeStatistics(env)
    obs, info = stats.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert env.action_space.shape == (4,) and env.action_space.contains(env.action_space.sample())
    rng = np.random.default_rng(2)
    returns = np.zeros(4)
    previous = obs
    for _ in range(200):
        obs, rewards, terminated, truncated, info = stats.step(random_actions(info, rng))
        assert env.observation_space.contains(obs) and not np.shares_memory(obs, previous)
        previous = obs
        returns += rewards
        if terminated.any():
            np.testing.assert_allclose(info["episode"]["r"][terminated], returns[terminated])
            returns[terminated] = 0
    assert len(stats.return_queue) >= 4
    listed = DictInfoToList(LegalEnv("tractor", 2, seed=1))
    _, infos = listed.reset()
    assert len(infos) == 2 and infos[1]["num_legal"] >= 1
    normalized = NormalizeObservation(LegalEnv("tractor", 2, seed=1))
    normalized.reset()
    normalized.step(np.zeros(2, dtype=np.int64))


def test_reset_mask_resets_only_those_envs():
    env = LegalEnv("fifty_k", 3, seed=4)
    obs, info = env.reset()
    moved = env.step(random_actions(info, np.random.default_rng(0)))[0]
    again, _ = env.reset(options={"reset_mask": np.array([True, False, False])})
    np.testing.assert_array_equal(again[1:], moved[1:])
    assert env.game(0).config()["seed"] == seed_for(4, 0, 1)  # env 0's second hand
    assert env.game(1).config()["seed"] == seed_for(4, 1, 0)


def test_bad_actions_and_arguments_are_clear_errors_that_change_nothing():
    env = LegalEnv("tractor", 3, seed=2)
    obs, info = env.reset()
    with pytest.raises(ValueError, match="3 integers"):
        env.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="3 integers"):
        env.step(np.zeros(3))
    bad = np.zeros(3, dtype=np.int64)
    bad[1] = info["num_legal"][1]
    with pytest.raises(fenpai.IllegalAction, match=r"game 1, seat 0: answer \d+ is not an index"):
        env.step(bad)
    fresh = LegalEnv("tractor", 3, seed=2)
    fresh.reset()
    good = np.zeros(3, dtype=np.int64)
    np.testing.assert_array_equal(env.step(good)[0], fresh.step(good)[0])
    for kwargs, match in [
        ({"seat": 4}, "seat must be 0..3"),
        ({"opponents": "clever"}, "unknown bot"),
        ({"opponents": ["random"] * 3}, "4 seats"),
        ({"deck": "2s"}, "reset"),
        ({"max_legal": 0}, "max_legal"),
        ({"opponents": ["random", None, "random", "random"]}, "seat 1 is not learning"),
        ({"threads": 0}, "threads must be a positive integer"),
        ({"threads": 1.5}, "threads must be a positive integer"),
    ]:
        with pytest.raises(ValueError, match=match):
            LegalEnv("tractor", 2, **kwargs)
    with pytest.raises(ValueError, match="num_envs"):
        LegalEnv("tractor", 0)
    with pytest.raises(ValueError, match="reset"):
        LegalEnv("tractor", 1).step(np.zeros(1, dtype=np.int64))


@pytest.mark.parametrize("actions", ["legal", "decisions"])
@pytest.mark.parametrize("variant", ["tractor", "red_five_5p", "fifty_k"])
def test_copy_false_writes_the_same_observations_in_place(variant, actions):
    """`copy=False` returns the same arrays every step, rewritten in place, holding what
    the default (`copy=True`, new arrays each step) returns for the same actions; the
    default's arrays are never reused."""
    fresh = VectorEnv(variant, 6, opponents="random", seed=4, actions=actions)
    kept = VectorEnv(variant, 6, opponents="random", seed=4, actions=actions, copy=False)
    assert (fresh.copy, kept.copy) == (True, False)

    def arrays(obs):
        return list(obs.values()) if isinstance(obs, dict) else [obs]

    (a, info), (b, _) = fresh.reset(), kept.reset()
    first = arrays(b)
    rng, ended, seen = np.random.default_rng(3), 0, []
    for _ in range(150):
        for x, y in zip(arrays(a), arrays(b), strict=True):
            np.testing.assert_array_equal(x, y)
        if actions == "legal":
            chosen = random_actions(info, rng)
        else:
            allowed = [np.flatnonzero(m) for m in a["action_mask"]]
            chosen = np.array([rng.choice(ids) if ids.size else 0 for ids in allowed])
        seen.append(arrays(a))
        a, reward_a, over_a, _, info = fresh.step(chosen)
        b, reward_b, over_b, _, _ = kept.step(chosen)
        np.testing.assert_array_equal(reward_a, reward_b)
        np.testing.assert_array_equal(over_a, over_b)
        assert all(x is y for x, y in zip(arrays(b), first, strict=True))
        assert not any(x is y for old in seen for x, y in zip(old, arrays(a), strict=True))
        ended += int(over_a.sum())
    assert ended > 6, "hands end and the next are dealt in place too"


@pytest.mark.parametrize("actions", ["legal", "decisions"])
def test_a_refused_step_leaves_the_in_place_observations_as_they_were(actions):
    env = VectorEnv("tractor", 4, opponents="random", seed=4, actions=actions, copy=False)
    obs, info = env.reset()
    arrays = list(obs.values()) if isinstance(obs, dict) else [obs]
    before = [a.copy() for a in arrays]
    if actions == "legal":
        bad = np.zeros(4, dtype=np.int64)
        bad[3] = info["num_legal"][3]  # one past the last legal index
    else:
        masks = obs["action_mask"]
        bad = np.array([np.flatnonzero(m)[0] for m in masks])
        bad[3] = np.flatnonzero(masks[3] == 0)[0]  # an id its mask does not allow
    with pytest.raises(fenpai.IllegalAction):
        env.step(bad)
    for array, kept in zip(arrays, before, strict=True):
        np.testing.assert_array_equal(array, kept)


def test_copy_takes_a_bool_only():
    with pytest.raises(ValueError, match="copy must be True or False, not 'no'"):
        VectorEnv("tractor", 2, copy="no")


# -- hidden information ------------------------------------------------------------------


class Record:
    """`test_encoding.public_record`'s view of a Game's core objects."""

    def __init__(self, game):
        self.objects = game.core_objects()
        self.current = list(self.objects.values())[-1]
        self.done = game.phase == "done"


DECKS = {"tractor": 2, "red_five_4p": 2, "red_five_5p": 3, "fifty_k": 1}
KITTY = {"tractor": 8, "red_five_4p": 8, "red_five_5p": 7, "fifty_k": 0}


def holders(variant, deck, first, players):
    """The seat each deck position is dealt to (C-5), None for the kitty."""
    if variant == "fifty_k":
        first = fenpai._core.fifty_k_deal(deck=" ".join(deck), first_seat=first)[1]
    dealt = len(deck) - KITTY[variant]
    return [(first + i) % players if i < dealt else None for i in range(len(deck))]


def swapped_pair(variant, seat, rng, mine):
    """A deck, its first seat, and the deck with two cards of different kinds swapped:
    between two other seats' hands, or (`mine`) between the seat's and another's."""
    players = 5 if variant == "red_five_5p" else 4
    deck = (ONE_DECK if variant != "fifty_k" else ONE_DECK[:52]) * DECKS[variant]
    rng.shuffle(deck)
    first = rng.randrange(players)
    to = holders(variant, deck, first, players)
    while True:
        i, j = rng.sample(range(len(deck)), 2)
        if to[i] is None or to[j] is None or to[i] == to[j] or deck[i] == deck[j]:
            continue
        if mine == (seat in (to[i], to[j])):
            other = list(deck)
            other[i], other[j] = other[j], other[i]
            return " ".join(deck), first, " ".join(other)


@pytest.mark.parametrize("variant", ["tractor", "red_five_4p", "red_five_5p", "fifty_k"])
def test_cards_the_agent_cannot_know_do_not_change_its_observation(variant):
    """Two hands whose decks differ by a swap of two cards in other seats' hands,
    stepped with the same actions: while the agent's public record (what it saw, its
    own cards) is the same, so is its observation. The swap with one of its own cards
    shows at once."""
    compared = in_play = 0
    for trial in range(30):
        rng = random.Random(trial)
        seat = rng.randrange(5 if variant == "red_five_5p" else 4)
        deck, first, other = swapped_pair(variant, seat, rng, mine=False)
        a, b = (LegalEnv(variant, 1, seat=seat, opponents="greedy", seed=trial) for _ in "ab")
        obs_a, info = a.reset(options={"deals": [(deck, first)]})
        obs_b, _ = b.reset(options={"deals": [(other, first)]})
        actions = np.random.default_rng(trial)
        for _ in range(60):
            game_a, game_b = a.game(0), b.game(0)
            if public_record(Record(game_a), seat) != public_record(Record(game_b), seat):
                break
            np.testing.assert_array_equal(obs_a, obs_b)
            compared += 1
            in_play += game_a.phase == "play"
            if game_a.phase == "done":
                break
            step = random_actions(info, actions)
            obs_a, _, _, _, info = a.step(step)
            obs_b = b.step(step)[0]
        assert differs_soon(variant, seat, swapped_pair(variant, seat, rng, mine=True), trial)
    assert compared >= 50 and in_play >= 20, (compared, in_play)


def differs_soon(variant, seat, pair, seed):
    """Whether the agent's observations of the two deals of `pair` (a swap with one of
    its own cards) differ within the hand, stepped with the same actions."""
    deck, first, other = pair
    env = LegalEnv(variant, 2, seat=seat, seed=seed)
    obs, info = env.reset(options={"deals": [(deck, first), (other, first)]})
    rng = np.random.default_rng(seed)
    for _ in range(80):
        if not np.array_equal(obs[0], obs[1]):
            return True
        actions = random_actions(info, rng)
        actions[1] = actions[0] if info["num_legal"][1] > actions[0] else 0
        obs, _, terminated, _, info = env.step(actions)
        if terminated.any():
            return not np.array_equal(obs[0], obs[1])
    return False


@pytest.mark.parametrize("variant", ["tractor", "red_five_4p", "red_five_5p", "fifty_k"])
def test_a_scripted_deal_is_the_hand_new_game_deals(variant):
    """`reset(options={"deals": ...})` plays the deck as `new_game(deck=, first_seat=)`
    does, the hand's seed seeding the rest (Red Five 4p's first bidder, R4-11)."""
    deck, first, _ = swapped_pair(variant, 0, random.Random(3), mine=False)
    env = LegalEnv(variant, 2, seat=1, opponents="greedy", seed=8)
    obs, info = env.reset(options={"deals": [(deck, first), None]})
    rng = np.random.default_rng(4)
    for _ in range(15):
        config = env.game(0).config()
        assert (config["deck"], config["first_seat"]) == (deck, first)
        replay = fenpai.new_game(variant, seed=config["seed"], deck=deck, first_seat=first)
        for seat, action in env.game(0).history:
            replay.apply(seat, action)
        np.testing.assert_array_equal(obs[0], fenpai.encode(replay, 1, legal=False)[0])
        assert env.game(1).config()["deck"] is None
        obs, _, terminated, _, info = env.step(random_actions(info, rng))
        if terminated[0]:
            break


@pytest.mark.parametrize("actions", ["decisions", "legal"])
@pytest.mark.parametrize(
    ("variant", "options"), [("tractor", {}), ("finding_friends", {"players": 5})]
)
def test_a_refused_deals_reset_changes_nothing(variant, options, actions):
    """A reset whose `deals` hold a deck or first seat the game refuses raises before
    anything changes: the envs keep their hands, and later resets deal as a fresh env's."""
    deck = " ".join(str(c) for c in fenpai.new_game(variant, seed=2, **options).all_cards())

    def make() -> VectorEnv:
        return VectorEnv(variant, 2, seat=1, seed=4, actions=actions, **options)

    env = make()
    env.reset(seed=0)
    before = [env.game(i).history for i in range(2)]
    refused = [[None, ("2s 3s", 0)], [(deck, 0), ("2s", 0)], [None, (deck, 99)]]
    for deals in refused:
        with pytest.raises(ValueError, match="deals"):
            env.reset(seed=3, options={"deals": deals})
        assert [env.game(i).history for i in range(2)] == before
    env.reset()
    fresh = make()
    for e in (env, fresh):
        e.reset(seed=1)
    for i in range(2):
        assert env.game(i).config() == fresh.game(i).config()
        assert env.game(i).history == fresh.game(i).history
    env.reset(seed=5, options={"deals": [(deck, 0), None]})
    assert env.game(0).config()["deck"] == deck


# -- several learning seats, policies as opponents -----------------------------------------


def row_policy(batch):
    """A policy whose answer for a row depends on that row alone (its observation)."""
    weights = np.abs(batch.obs).sum(axis=1) * 1000
    return (weights.astype(np.int64) % batch.num_legal).astype(np.int64)


class TeamReference:
    """Env i's hands through the step API, `learning` seats waiting for the agent, each
    other seat a built-in bot (seeded as `simulate` seeds them) or a policy (`act`)."""

    def __init__(self, variant, learning, opponents, base, env):
        self.variant, self.learning, self.opponents = variant, learning, opponents
        self.base, self.env, self.hands = base, env, 0
        self.next_hand()

    def next_hand(self):
        seed = seed_for(self.base, self.env, self.hands)
        self.hands += 1
        self.game = fenpai.new_game(self.variant, seed=seed)
        self.bots = {
            s: Bot(o, seed_for(seed, s)) for s, o in enumerate(self.opponents) if isinstance(o, str)
        }
        self.play_others()
        if self.game.phase == "done":
            self.next_hand()

    def play_others(self):
        game = self.game
        while game.phase != "done":
            seat = game.to_act[0]
            if seat in self.learning:
                if game.num_legal(seat) > 1:
                    return
                game.apply_legal(seat, 0)
            elif seat in self.bots:
                self.bots[seat].act(game, seat)
            else:
                act(self.opponents[seat], game, seat)

    def act(self, index):
        self.game.apply_legal(self.game.to_act[0], int(index))
        self.play_others()


@pytest.mark.parametrize(
    ("variant", "learning", "opponents"),
    [
        ("tractor", [0, 2], [None, row_policy, None, "greedy"]),
        ("fifty_k", [1, 3], row_policy),
        ("red_five_5p", [0, 4], ["random", "greedy", row_policy, row_policy, None]),
    ],
)
def test_several_seats_and_policy_opponents_are_step_by_step_play(variant, learning, opponents):
    """`seats=[...]` and policies as opponents: each env waits on whichever learning seat
    is to act (`infos["seat"]`), observes for it, and plays the hands the step API plays
    with the same actions, the policies asked as `fenpai.batch.act` asks them; the reward
    is the acting seat's, `infos["rewards"]` every learning seat's."""
    n = fenpai.new_game(variant).num_players
    seats_opponents = opponents if isinstance(opponents, list) else [opponents] * n
    env = LegalEnv(variant, 3, seats=learning, opponents=seats_opponents, seed=5, reward="win")
    refs = [TeamReference(variant, learning, seats_opponents, 5, i) for i in range(3)]
    obs, info = env.reset()
    rng = np.random.default_rng(3)
    ended = np.zeros(3, dtype=bool)
    hands = 0
    seen = set()
    for _ in range(150):
        for i in np.flatnonzero(~ended):
            game = refs[i].game
            seat = game.to_act[0]
            assert info["seat"][i] == seat and seat in learning
            seen.add(seat)
            np.testing.assert_array_equal(obs[i], fenpai.encode(game, seat, legal=False)[0])
            assert info["num_legal"][i] == game.num_legal(seat)
        actions = random_actions(info, rng)
        acting = info["seat"].copy()
        obs, rewards, terminated, _, info = env.step(actions)
        for i in range(3):
            if ended[i]:
                refs[i].next_hand()
                continue
            refs[i].act(actions[i])
            game = refs[i].game
            assert terminated[i] == (game.phase == "done")
            if terminated[i]:
                result = game.result
                assert rewards[i] == expected_reward(result, int(acting[i]), "win")
                mine = [expected_reward(result, s, "win") for s in learning]
                assert info["rewards"][i].tolist() == mine
                assert env.game(i).history == game.history
        ended = terminated
        hands += int(terminated.sum())
    assert hands >= 3 and seen == set(learning)


def test_bad_seats_and_opponents_are_clear_errors():
    for kwargs, match in [
        ({"seats": [0, 0]}, "distinct"),
        ({"seats": []}, "distinct"),
        ({"seats": [0, 4]}, "seat must be 0..3"),
        ({"opponents": 3}, "opponents|bot name or a policy"),
        ({"reward": "points"}, "reward must be one of"),
    ]:
        with pytest.raises((ValueError, TypeError), match=match):
            LegalEnv("tractor", 2, **kwargs)


@pytest.mark.parametrize("variant", ["tractor", "fifty_k"])
def test_cards_neither_learning_seat_can_know_do_not_change_their_observations(variant):
    """`seats=[0, 2]`: two deals differing by a swap between the other seats' hands,
    stepped with the same actions; while the public record of the seat observed is the
    same, so is its observation (whichever of the two is to act)."""
    compared = 0
    for trial in range(20):
        rng = random.Random(100 + trial)
        while True:
            deck, first, other = swapped_pair(variant, 0, rng, mine=False)
            to = holders(variant, deck.split(), first, 4)
            pairs = zip(deck.split(), other.split(), strict=True)
            moved = [k for k, (x, y) in enumerate(pairs) if x != y]
            if all(to[k] not in (0, 2) for k in moved):
                break
        a, b = (LegalEnv(variant, 1, seats=[0, 2], opponents="greedy", seed=trial) for _ in "ab")
        obs_a, info = a.reset(options={"deals": [(deck, first)]})
        obs_b, info_b = b.reset(options={"deals": [(other, first)]})
        actions = np.random.default_rng(trial)
        for _ in range(60):
            seat = int(info["seat"][0])
            game_a, game_b = a.game(0), b.game(0)
            if public_record(Record(game_a), seat) != public_record(Record(game_b), seat):
                break
            assert info_b["seat"][0] == seat
            np.testing.assert_array_equal(obs_a, obs_b)
            compared += 1
            if game_a.phase == "done":
                break
            step = random_actions(info, actions)
            obs_a, _, _, _, info = a.step(step)
            obs_b, _, _, _, info_b = b.step(step)
    assert compared >= 40, compared


def test_an_opponent_policy_bad_answer_names_the_policy_game_and_seat():
    def wild(batch):
        return np.full(len(batch), 10**6, dtype=np.int64)

    env = LegalEnv("fifty_k", 2, seats=[0], opponents=wild, seed=1)
    with pytest.raises(fenpai.IllegalAction, match=r"policy .*wild.*game \d+, seat [123]"):
        env.reset()
        env.step(np.zeros(2, dtype=np.int64))


@pytest.mark.parametrize(
    ("variant", "seat"), [("tractor", 0), ("red_five_4p", 1), ("red_five_5p", 2)]
)
def test_legal_features_are_those_of_spaces_for_the_first_legal_actions(variant, seat):
    """`legal_features=K`: the core's rows for each env are `fenpai.spaces.features` of
    the seat's first K legal actions (burials and trick plays, throws included), zeros
    past them; none in the phases with fixed ids."""
    width = 40
    env = LegalEnv(variant, 4, seat=seat, opponents="random", seed=9, legal_features=width)
    _, info = env.reset()
    rng = np.random.default_rng(2)
    seen = {"kitty": 0, "play": 0}
    for _ in range(120):
        for i in range(4):
            game = env.game(i)
            rows = int(info["num_features"][i])
            if uses_list(game) and game.phase != "done":
                listed = game.legal_actions(seat, width)
                assert rows == len(listed)
                expected = features(game, seat, listed)
                np.testing.assert_array_equal(info["legal_features"][i, :rows], expected)
                seen[game.phase] += 1
            else:
                assert rows == 0
            assert not info["legal_features"][i, rows:].any()
        _, _, _, _, info = env.step(random_actions(info, rng))
    assert seen["play"] >= 100 and seen["kitty"] >= 1, seen


def spaces_ids(game, seat, width):
    """The `fenpai.spaces` fixed id of each of the seat's first `width` legal actions:
    a Fifty-K play's is 1 + the type of the legal combination it is (`pass` 0)."""
    if game.variant != "fifty_k":
        space = game_space(game)  # Tractor's table (TRO-120)
        return [space.id(text) for text in game.legal_actions(seat, width)]
    play = game.core_objects()["play"]
    plays = [1 + fifty_k_play_from_id(p).type_id for p in play.legal_play_ids()]
    passes = [0] if game.num_legal(seat) > len(plays) else []
    return (passes + plays)[:width]


@pytest.mark.parametrize(
    ("variant", "seat"), [("tractor", 0), ("red_five_4p", 1), ("red_five_5p", 2), ("fifty_k", 3)]
)
def test_legal_ids_are_the_fixed_ids_of_spaces_for_the_first_legal_actions(variant, seat):
    """`legal_ids=K`: the core's ids for each env are `fenpai.spaces`' fixed ids of the
    seat's first K legal actions (row k: index k), -1 past them and in the phases that
    give a legal list (burial, trick play)."""
    width = 12
    env = LegalEnv(variant, 4, seat=seat, opponents="random", seed=5, legal_ids=width)
    _, info = env.reset()
    assert info["legal_ids"].shape == (4, width) and info["legal_ids"].dtype == np.int64
    rng = np.random.default_rng(4)
    seen = 0
    for _ in range(150):
        for i in range(4):
            game = env.game(i)
            got = info["legal_ids"][i]
            if game.phase != "done" and not uses_list(game):
                expected = spaces_ids(game, int(info["seat"][i]), width)
                assert got[: len(expected)].tolist() == expected
                assert (got[len(expected) :] == -1).all()
                seen += 1
            else:
                assert (got == -1).all()
        _, _, _, _, info = env.step(random_actions(info, rng))
    assert seen >= 20, seen
