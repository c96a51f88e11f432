"""`VectorEnv` in its default action space, the environments' one (`actions="decisions"`,
`fenpai.envs.decisions`): every env equal to its hands played step by step through the
Python path (`Decisions` over a `Game`, the bots stepped from Python, policies asked
with one-row batches) and, for one seat against bots, through `SeatEnv`'s core hand;
several learning seats, policy opponents (self-play) and every reward mode; bad ids
refused naming the env or the policy, game and seat, with no hand changed; nothing the
learning seats cannot know in their observations or a policy's batch; Gymnasium's vector
machinery accepts it."""

from __future__ import annotations

import random
import warnings
from collections import defaultdict

import gymnasium
import numpy as np
import pytest
from env_support import CONFIGS, IDS, REWARDS, expected_reward
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import DictInfoToList, RecordEpisodeStatistics
from test_encoding import public_record
from test_vector_env import Record, holders, swapped_pair

import fenpai
from fenpai.batch import Batch
from fenpai.bots import Bot, hand_seeds, seed_for
from fenpai.envs import SeatEnv, VectorEnv
from fenpai.envs.aec import observe_seat
from fenpai.envs.core_hand import CoreHand
from fenpai.envs.decisions import Decisions
from fenpai.envs.payoffs import hand_rewards
from fenpai.errors import IllegalAction
from fenpai.spaces import table_decks, table_tribute


def row_ids(batch: Batch) -> np.ndarray:
    """An allowed id per row that depends on that row alone (its observation and mask)."""
    assert batch.action_mask is not None
    score = (np.abs(batch.obs).sum(axis=1) * 1000).astype(np.int64)
    out = []
    for row in range(len(batch)):
        ids = np.flatnonzero(batch.action_mask[row])
        out.append(ids[score[row] % len(ids)])
    return np.array(out, dtype=np.int64)


class Snapshot:
    """A frozen policy over what a learner observes (`row_ids`), recording every row it
    was asked, per game, to compare with the step-by-step path's."""

    def __init__(self) -> None:
        self.asked: dict[int, list[tuple[int, bytes, bytes]]] = defaultdict(list)

    def __call__(self, batch: Batch) -> np.ndarray:
        assert batch.action_mask is not None and batch.obs.dtype == np.float32
        assert (batch.num_legal == batch.action_mask.sum(axis=1)).all()
        for row, game in enumerate(batch.games.tolist()):
            seen = (batch.obs[row].tobytes(), batch.action_mask[row].tobytes())
            self.asked[game].append((int(batch.seats[row]), *seen))
        return row_ids(batch)


def random_ids(obs, rng):
    """A random allowed id for every env (0 where nothing is allowed: a hand that ended,
    whose action is ignored)."""
    out = np.zeros(len(obs["action_mask"]), dtype=np.int64)
    for i, mask in enumerate(obs["action_mask"]):
        ids = mask.view(bool).nonzero()[0]
        if len(ids):
            out[i] = ids[rng.integers(len(ids))]
    return out


class StepByStep:
    """Env `env`'s hands through the Python path: hand k dealt from `seed_for(base, env,
    k)`, each built-in bot seeded from the hand's seed as `fenpai.bots.Bot` seeds it,
    each policy asked with a one-row batch of `observe_seat`'s observation and mask,
    every learning seat waiting for the agent."""

    def __init__(self, variant, options, players, base, env, asked):
        self.variant, self.options, self.players = variant, options, players
        self.base, self.env, self.hands, self.asked = base, env, 0, asked
        self.next_hand()

    def next_hand(self):
        seed = seed_for(self.base, self.env, self.hands)
        self.hands += 1
        self.game = fenpai.new_game(self.variant, seed=seed, **self.options)
        options = self.options
        self.decisions = Decisions(
            self.variant, table_decks(self.variant, options), table_tribute(self.variant, options)
        )
        named = [(s, p) for s, p in enumerate(self.players) if isinstance(p, str)]
        self.bots = {s: Bot(p, seed_for(seed, s)) for s, p in named}
        self.acted = None
        self.play_others()

    def seat(self):
        return self.game.to_act[0] if self.game.phase != "done" else self.acted

    def play_others(self):
        game = self.game
        while game.phase != "done":
            seat = game.to_act[0]
            player = self.players[seat]
            if player is None:
                return
            if seat in self.bots:
                self.bots[seat].act(game, seat)
                continue
            seen = observe_seat(game, seat, self.decisions)
            self.asked.append((seat, seen["observation"].tobytes(), seen["action_mask"].tobytes()))
            batch = Batch(
                variant=game.variant,
                games=np.array([self.env]),
                seats=np.array([seat]),
                obs=seen["observation"][None, :],
                num_legal=np.array([seen["action_mask"].sum()]),
                _legal=lambda row, limit, seat=seat: game.legal_actions(seat, limit),
                action_mask=seen["action_mask"][None, :],
            )
            (choice,) = player(batch)
            self.decisions.step(game, seat, int(choice))

    def observe(self):
        return observe_seat(self.game, self.seat(), self.decisions)

    def act(self, action):
        self.acted = self.game.to_act[0]
        self.decisions.step(self.game, self.acted, int(action))
        self.play_others()


def agrees_step_by_step(variant: str, options: dict, players: list, hands: int = 2) -> list:
    """`VectorEnv` of `variant` in the decision space, two envs, seats 0 and 2 learning
    (`players`: None there, opponents elsewhere), zero-sum rewards: each env's
    observations, masks, rewards, ends, points and games are its hands played step by
    step through the Python path (`Decisions` of the table over a Game) with the same
    ids, for `hands` hands; returns the hands played, finished."""
    vec = VectorEnv(variant, 2, seats=[0, 2], opponents=players, reward="zero_sum", **options)
    obs, info = vec.reset(seed=9)
    refs = [StepByStep(variant, options, players, 9, i, []) for i in range(2)]
    assert vec.action_space.nvec[0] == refs[0].decisions.size
    rng = np.random.default_rng(4)
    ended = np.zeros(2, dtype=bool)
    finished = []
    while len(finished) < hands:
        for i in np.flatnonzero(~ended):
            mine = refs[i].observe()
            np.testing.assert_array_equal(obs["observation"][i], mine["observation"])
            np.testing.assert_array_equal(obs["action_mask"][i], mine["action_mask"])
        actions = random_ids(obs, rng)
        obs, rewards, terminated, _, info = vec.step(actions)
        for i in range(2):
            if ended[i]:
                refs[i].next_hand()
                continue
            refs[i].act(actions[i])
            game = refs[i].game
            assert terminated[i] == (game.phase == "done")
            if terminated[i]:
                seat = refs[i].acted
                assert rewards[i] == pytest.approx(expected_reward(game.result, seat, "zero_sum"))
                result = game.result
                assert info["game_points"][i].tolist() == pytest.approx(result["game_points"])
                assert info["card_points"][i].tolist() == pytest.approx(result["card_points"])
                assert vec.game(i).to_json() == game.to_json()
                finished.append(game)
        ended = terminated
    return finished


def mixed(n, policy):
    """Seats 0 and 2 learning; seat 1 the policy, seat 3 greedy, seat 4 random, and from
    seat 5 on (FKO-23) greedy and random in turn."""
    others = {1: policy, 3: "greedy", 4: "random"}
    return [others.get(s, ("greedy", "random")[s % 2] if s > 4 else None) for s in range(n)]


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_several_seats_and_a_policy_are_the_hands_played_step_by_step(variant, options):
    """`seats=[0, 2]`, a policy (a frozen snapshot over what a learner observes) and
    built-in bots as opponents: env i's observation, mask, seat, rewards, ends and
    results are those of its hands played step by step through the Python path with the
    same ids, the policy asked the same rows with the same observation and mask, through
    several hands (NEXT_STEP autoreset)."""
    envs, base = 3, 23
    n = fenpai.new_game(variant, **options).num_players
    snapshot = Snapshot()
    players = mixed(n, snapshot)
    vec = VectorEnv(variant, envs, seats=[0, 2], opponents=players, reward="win", **options)
    obs, info = vec.reset(seed=base)
    asked = {i: [] for i in range(envs)}
    plain = [row_ids if p is snapshot else p for p in players]  # the same policy, unrecorded
    refs = [StepByStep(variant, options, plain, base, i, asked[i]) for i in range(envs)]
    rng = np.random.default_rng(1)
    ended = np.zeros(envs, dtype=bool)
    hands = 0
    seen = set()
    while hands < 5:
        for i in np.flatnonzero(~ended):
            mine = refs[i].observe()
            assert info["seat"][i] == refs[i].seat() and refs[i].seat() in (0, 2)
            seen.add(int(info["seat"][i]))
            np.testing.assert_array_equal(obs["observation"][i], mine["observation"])
            np.testing.assert_array_equal(obs["action_mask"][i], mine["action_mask"])
        actions = random_ids(obs, rng)
        obs, rewards, terminated, truncated, info = vec.step(actions)
        assert not truncated.any()
        for i in range(envs):
            if ended[i]:
                refs[i].next_hand()
                assert rewards[i] == 0 and not terminated[i]
                continue
            refs[i].act(actions[i])
            game = refs[i].game
            assert terminated[i] == (game.phase == "done") == info["_won"][i]
            if not terminated[i]:
                assert rewards[i] == 0
                continue
            result, seat = game.result, refs[i].acted
            assert info["seat"][i] == seat
            assert rewards[i] == expected_reward(result, seat, "win")
            assert info["won"][i] == (seat in result["winners"])
            assert info["rewards"][i].tolist() == [
                expected_reward(result, s, "win") for s in (0, 2)
            ]
            assert info["game_points"][i].tolist() == result["game_points"]
            assert info["card_points"][i].tolist() == result["card_points"]
            assert vec.game(i).to_json() == game.to_json()
            mine = refs[i].observe()
            np.testing.assert_array_equal(obs["observation"][i], mine["observation"])
            assert not obs["action_mask"][i].any()
        ended = terminated
        hands += int(terminated.sum())
    assert seen == {0, 2}
    for i in range(envs):
        assert snapshot.asked[i] == asked[i][: len(snapshot.asked[i])]
        assert len(asked[i]) - len(snapshot.asked[i]) <= 60  # a hand under way's, at most
    assert sum(map(len, asked.values())) > 0


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_one_seat_against_bots_is_seat_env_stepping_the_same_hands(variant, options, reward):
    """One learning seat against greedy bots: env i is `SeatEnv`'s core hand (the same
    class `SeatEnv` steps) dealt from the env's hand seeds, with the same ids: the same
    observations, masks, rewards in every mode, ends and games."""
    envs, base, seat = 2, 17, 1
    vec = VectorEnv(variant, envs, seat=seat, opponents="greedy", reward=reward, **options)
    obs, _ = vec.reset(seed=base)
    n = vec.game(0).num_players
    bots = [None if s == seat else "greedy" for s in range(n)]
    alone = [CoreHand(variant, options, bots) for _ in range(envs)]
    hands = [0] * envs

    def deal(i):
        alone[i].reset(int(hand_seeds(base, np.array([i]), np.array([hands[i]]))[0]))
        alone[i].core.play_bots()
        hands[i] += 1

    for i in range(envs):
        deal(i)
    assert SeatEnv(variant, seat=seat, bots="greedy", **options).observation_space.contains(
        {k: v[0] for k, v in obs.items()}
    )
    rng = np.random.default_rng(0)
    ended = np.zeros(envs, dtype=bool)
    while min(hands) < 3:
        for i in np.flatnonzero(~ended):
            mine = alone[i].observe(seat)
            np.testing.assert_array_equal(obs["observation"][i], mine["observation"])
            np.testing.assert_array_equal(obs["action_mask"][i], mine["action_mask"])
        actions = random_ids(obs, rng)
        obs, rewards, terminated, _, info = vec.step(actions)
        for i in range(envs):
            if ended[i]:
                deal(i)
                continue
            out, to_act = alone[i].core.step_seat(seat, int(actions[i]))
            assert terminated[i] == (to_act is None)
            if to_act is None:
                game = alone[i].game()
                assert rewards[i] == pytest.approx(hand_rewards(game, reward)[seat])
                assert info["rewards"][i].tolist() == [rewards[i]]
                assert vec.game(i).to_json() == game.to_json()
                np.testing.assert_array_equal(obs["observation"][i], out["observation"])
        ended = terminated


def test_hands_are_dealt_from_the_seeds_and_scripts_as_in_the_legal_space():
    """Hand k of env i is `seed_for(base, i, k)` in both spaces (the same first hands),
    a scripted deal is the deck given, and `reset_mask` deals again only those envs."""
    deck, first, _ = swapped_pair("tractor", 0, random.Random(3), mine=False)
    decided = VectorEnv("tractor", 2, seed=8)
    legal = VectorEnv("tractor", 2, seed=8, actions="legal")
    decided.reset(options={"deals": [(deck, first), None]})
    legal.reset(options={"deals": [(deck, first), None]})
    for i in range(2):
        assert decided.game(i).config() == legal.game(i).config()
    assert decided.game(0).config()["deck"] == deck
    assert decided.game(1).config()["seed"] == seed_for(8, 1, 0)
    obs, _ = decided.reset(options={"reset_mask": np.array([False, True])})
    assert decided.game(1).config()["seed"] == seed_for(8, 1, 1)
    assert decided.game(0).config()["deck"] == deck


def test_a_bad_learner_id_is_refused_naming_the_env_and_seat_and_changes_no_hand():
    vec = VectorEnv("tractor", 2, seats=[0, 1], opponents="random", seed=3)
    obs, info = vec.reset()
    before = [vec.game(i).to_json() for i in range(2)]
    good = int(np.flatnonzero(obs["action_mask"][0])[0])
    bad = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    seat = int(info["seat"][1])
    with pytest.raises(
        IllegalAction, match=rf"action {bad} is not allowed for seat {seat} in hand 1"
    ):
        vec.step(np.array([good, bad]))
    for wrong in (-1, vec.single_action_space.n):
        with pytest.raises(IllegalAction, match=rf"env 1, seat {seat}: |seat {seat} in hand 1"):
            vec.step(np.array([good, wrong]))
    with pytest.raises(ValueError, match="2 integers"):
        vec.step(np.array([0.5, 1.0]))
    assert [vec.game(i).to_json() for i in range(2)] == before
    fresh = VectorEnv("tractor", 2, seats=[0, 1], opponents="random", seed=3)
    fresh.reset()
    step = np.array([good, int(np.flatnonzero(obs["action_mask"][1])[0])])
    after, fresh_after = vec.step(step)[0], fresh.step(step)[0]
    for key in after:
        np.testing.assert_array_equal(after[key], fresh_after[key])


def test_a_policy_bad_id_names_the_policy_game_and_seat_and_takes_none_of_its_answers():
    vec = None
    calls = []

    def wild(batch):
        """Good ids, then on its fifth call a masked-out id in the last row."""
        calls.append([vec.game(i).to_json() for i in range(vec.num_envs)])
        ids = row_ids(batch)
        if len(calls) == 5:
            ids[-1] = int(np.flatnonzero(batch.action_mask[-1] == 0)[0])
        return ids

    vec = VectorEnv("red_five_5p", 3, seats=[0], opponents=wild, seed=2)
    obs, _ = vec.reset()
    rng = np.random.default_rng(0)
    with pytest.raises(IllegalAction, match=r"policy .*wild.*: game \d, seat [1-4]: id \d+ is not"):
        for _ in range(10):
            obs = vec.step(random_ids(obs, rng))[0]
    assert len(calls) == 5
    assert [vec.game(i).to_json() for i in range(3)] == calls[-1]


def test_arguments_of_the_legal_space_alone_are_refused():
    for kwargs in ({"legal_features": 4}, {"legal_ids": 2}, {"threads": 2}, {"max_legal": 9}):
        with pytest.raises(ValueError, match="only with actions='legal'"):
            VectorEnv("tractor", 2, **kwargs)
    with pytest.raises(ValueError, match="actions must be 'decisions' or 'legal'"):
        VectorEnv("tractor", 2, actions="ids")
    with pytest.raises(ValueError, match="seat 1 is not learning"):
        VectorEnv("tractor", 2, opponents=[None, None, "random", "random"])


@pytest.mark.parametrize("variant", ["tractor", "red_five_4p", "red_five_5p", "fifty_k"])
def test_cards_the_learning_seats_cannot_know_change_no_observation(variant):
    """`seats=[0, 2]` against a policy: two deals differing by a swap between the other
    seats' hands (C-5), stepped with the same ids; while the public record of the seat
    observed is the same, so is its observation and mask, whichever of the two is to
    act. (A policy's rows are `observe_seat`'s for its seat: the step-by-step test.)"""
    compared = 0
    players = 5 if variant == "red_five_5p" else 4
    for trial in range(20):
        rng = random.Random(200 + trial)
        while True:
            deck, first, other = swapped_pair(variant, 0, rng, mine=False)
            to = holders(variant, deck.split(), first, players)
            pairs = zip(deck.split(), other.split(), strict=True)
            moved = [k for k, (x, y) in enumerate(pairs) if x != y]
            if all(to[k] not in (0, 2) for k in moved):
                break
        envs = [VectorEnv(variant, 1, seats=[0, 2], opponents=Snapshot(), seed=trial) for _ in "ab"]
        obs_a, info = envs[0].reset(options={"deals": [(deck, first)]})
        obs_b, info_b = envs[1].reset(options={"deals": [(other, first)]})
        ids = np.random.default_rng(trial)
        for _ in range(80):
            seat = int(info["seat"][0])
            game_a, game_b = envs[0].game(0), envs[1].game(0)
            if public_record(Record(game_a), seat) != public_record(Record(game_b), seat):
                break
            assert info_b["seat"][0] == seat
            for key in obs_a:
                np.testing.assert_array_equal(obs_a[key], obs_b[key])
            compared += 1
            if game_a.phase == "done":
                break
            step = random_ids(obs_a, ids)
            obs_a, _, _, _, info = envs[0].step(step)
            obs_b, _, _, _, info_b = envs[1].step(step)
    assert compared >= 40, compared


def test_gymnasium_makes_it_and_its_wrappers_run_on_it():
    """Registered with a vector entry point, `gymnasium.make_vec` builds it without a
    warning; its spaces hold every observation and sample valid batches; the episode
    statistics wrapper sums our rewards per hand; the info wrapper accepts it."""
    assert VectorEnv.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    name = "fenpai-test/TractorDecisions-v0"
    gymnasium.register(name, vector_entry_point=VectorEnv, kwargs={"variant": "tractor"})
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            env = gymnasium.make_vec(name, num_envs=3, vectorization_mode="vector_entry_point")
    finally:
        del gymnasium.registry[name]
    assert isinstance(env, VectorEnv) and env.actions == "decisions"
    seat_env = SeatEnv("tractor")
    assert env.single_observation_space == seat_env.observation_space
    assert env.single_action_space == seat_env.action_space
    stats = RecordEpisodeStatistics(env)
    obs, info = stats.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert env.action_space.contains(env.action_space.sample())
    rng = np.random.default_rng(2)
    returns = np.zeros(3)
    previous = obs
    for _ in range(400):
        obs, rewards, terminated, _, info = stats.step(random_ids(obs, rng))
        assert env.observation_space.contains(obs)
        assert not np.shares_memory(obs["observation"], previous["observation"])
        previous = obs
        returns += rewards
        if terminated.any():
            np.testing.assert_allclose(info["episode"]["r"][terminated], returns[terminated])
            returns[terminated] = 0
    assert len(stats.return_queue) >= 3
    listed = DictInfoToList(VectorEnv("fifty_k", 2, seed=1))
    _, infos = listed.reset()
    assert len(infos) == 2 and infos[1]["seat"] == 0


def test_same_seed_and_ids_give_the_same_run_whatever_num_envs():
    """Env i's hands, observations, rewards and ends depend on the seed, i and its ids
    alone (a row policy's answers on its rows alone), not on the other envs."""

    def run(num_envs, seed, steps=200):
        vec = VectorEnv("red_five_5p", num_envs, seats=[1, 3], opponents=row_ids, seed=seed)
        obs, info = vec.reset()
        rng, others = np.random.default_rng(5), np.random.default_rng(num_envs)
        out = [obs["observation"][:2].copy(), info["seat"][:2].copy()]
        for _ in range(steps):
            actions = random_ids(obs, others)
            actions[:2] = random_ids({"action_mask": obs["action_mask"][:2]}, rng)
            obs, rewards, terminated, _, info = vec.step(actions)
            out += [obs["observation"][:2], obs["action_mask"][:2], rewards[:2], terminated[:2]]
        return out

    a, b = run(2, 9), run(5, 9)
    assert any(x.dtype == bool and x.any() for x in a[5::4]), "some hand ends"
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not np.array_equal(run(2, 10, 0)[0], a[0])


def test_a_policy_batch_lists_the_seats_legal_actions_and_its_mask():
    """A policy's batch in the one space: `legal_actions(row)` is the waiting seat's in
    its game, `mask(ids)` its `action_mask` as booleans, `num_legal` the ids allowed."""
    vec = None
    checked = []

    def looking(batch):
        size = batch.action_mask.shape[1]
        np.testing.assert_array_equal(batch.mask(size), batch.action_mask.astype(bool))
        with pytest.raises(ValueError, match="answers ids"):
            batch.mask(size - 1)
        for row in range(len(batch)):
            game = vec.game(int(batch.games[row]))
            assert batch.legal_actions(row, 20) == game.legal_actions(int(batch.seats[row]), 20)
            checked.append(game.phase)
        return row_ids(batch)

    vec = VectorEnv("tractor", 4, seats=[0], opponents=looking, seed=6)
    obs, _ = vec.reset()
    rng = np.random.default_rng(1)
    for _ in range(60):
        obs = vec.step(random_ids(obs, rng))[0]
    assert {"deal", "play"} <= set(checked), set(checked)


def test_observe_rows_writes_those_hands_rows_alone():
    """`DecisionBatch.observe_rows` (the policies' rounds refresh only the hands they
    stepped) writes what `observe` writes in those rows and leaves the others as they
    were; a row that is no hand is a ValueError."""
    from fenpai._core import DecisionBatch
    from fenpai.spaces import FIXED_ACTIONS

    batch = DecisionBatch("tractor", [None, "greedy", None, "random"], FIXED_ACTIONS["tractor"], 5)
    for i in range(5):
        batch.reset(i, seed_for(4, i))

    def arrays(fill):
        shapes = [(5,), (5, batch.obs_size), (5, batch.size)]
        types = [np.int64, np.float32, np.int8]
        return [np.full(s, fill, dtype=t) for s, t in zip(shapes, types, strict=True)]

    whole, some = arrays(0), arrays(7)
    batch.observe(*whole)
    batch.observe_rows(np.array([1, 3]), *some)
    for full, part in zip(whole, some, strict=True):
        np.testing.assert_array_equal(part[[1, 3]], full[[1, 3]])
        assert (part[[0, 2, 4]] == 7).all()
    with pytest.raises(ValueError, match="no hand 5"):
        batch.observe_rows(np.array([5]), *some)
