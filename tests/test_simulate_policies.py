"""`simulate` with Python policies: each policy is called with a batch of
every game waiting on it, and the games are the ones the step API plays with the same
policy, whatever the workers or the batch size; a bad answer names the game and seat and
changes nothing."""

from __future__ import annotations

import zlib

import numpy as np
import pytest
from env_support import expected_reward

import fenpai
from fenpai._core import Driver
from fenpai.batch import Batch, act
from fenpai.bots import Bot, game_seeds, seed_for
from fenpai.games.base import result_row
from fenpai.policies import play_with_policies

CASES = [
    ("tractor", {}, 4),
    ("red_five_4p", {}, 4),
    ("red_five_5p", {}, 5),
    ("fifty_k", {}, 4),
    ("fifty_k", {"players": 3}, 3),
]


class Recorder:
    """A deterministic policy (each answer a function of its row alone) that records
    every decision it is asked: game, seat, observation, legal actions, and the greedy
    bot's choice (`Batch.greedy`, its index and text)."""

    def __init__(self) -> None:
        self.asked: dict[int, list[tuple[int, bytes, list[str], int, str]]] = {}
        self.sizes: list[int] = []

    def __call__(self, batch: Batch) -> np.ndarray:
        self.sizes.append(len(batch))
        out = np.empty(len(batch), dtype=np.int64)
        greedy = batch.greedy()
        assert greedy.shape == (len(batch),) and (greedy >= 0).all()
        assert (greedy < batch.num_legal).all()
        for row in range(len(batch)):
            obs = batch.obs[row].tobytes()
            legal = batch.legal_actions(row, limit=40)  # a burial has millions
            assert len(legal) == min(40, batch.num_legal[row]) and batch.num_legal[row] >= 2
            assert legal[-1] == batch.legal_action(row, len(legal) - 1)
            g = int(greedy[row])
            game = int(batch.games[row])
            seen = (int(batch.seats[row]), obs, legal, g, batch.legal_action(row, g))
            self.asked.setdefault(game, []).append(seen)
            out[row] = zlib.crc32(obs) % batch.num_legal[row]
        return out


def step_by_step(variant, options, seeds, bots):
    """The games of `seeds` through the Game API: built-in bots by `Bot.act`, policies by
    `fenpai.batch.act`."""
    games = []
    for index, seed in enumerate(seeds):
        game = fenpai.new_game(variant, seed=seed, **options)
        players = [
            Bot(b, seed_for(seed, s)) if isinstance(b, str) else b for s, b in enumerate(bots)
        ]
        while game.phase != "done":
            seat = game.to_act[0]
            player = players[seat]
            if isinstance(player, Bot):
                player.act(game, seat)
            else:
                act(player, game, seat, index)
        games.append(game)
    return games


def seats_of(n, policy, other="greedy"):
    return [policy if s % 2 == 1 else (other if s % 4 == 0 else "random") for s in range(n)]


@pytest.mark.parametrize(("variant", "options", "n"), CASES)
def test_policies_play_the_games_of_the_step_api(variant, options, n):
    seeds = [seed_for(3, i) for i in range(6)]
    batched, stepped = Recorder(), Recorder()
    probe = fenpai.new_game(variant, **options)
    games = play_with_policies(probe, seeds, seats_of(n, batched), batch_size=4)
    reference = step_by_step(variant, options, seeds, seats_of(n, stepped))
    for game, ref in zip(games, reference, strict=True):
        assert game.history == ref.history
        assert game.result == ref.result
    assert batched.asked == stepped.asked
    assert max(batched.sizes) > 1  # several games in one call


@pytest.mark.parametrize(("variant", "options", "n"), CASES)
def test_results_do_not_depend_on_workers_or_batch_size(variant, options, n):
    def run(**how):
        return fenpai.simulate(variant, 10, seed=4, bots=seats_of(n, Recorder()), **how, **options)

    one = run()
    for how in ({"workers": 2}, {"batch_size": 1}, {"workers": 2, "batch_size": 3}):
        other = run(**how)
        for key in ("game_points", "card_points", "won", "actions", "seed"):
            assert np.array_equal(one[key], other[key]), (how, key)


def test_one_policy_playing_several_seats_gets_them_in_one_batch():
    policy = Recorder()
    fenpai.simulate("tractor", 8, seed=2, bots=[policy, "random", policy, "random"])
    seats = {seat for asked in policy.asked.values() for seat, *_ in asked}
    assert seats == {0, 2}
    assert len(policy.sizes) < sum(len(a) for a in policy.asked.values())


def test_two_policies_are_each_asked_for_their_own_seats():
    a, b = Recorder(), Recorder()
    fenpai.simulate("red_five_5p", 4, seed=1, bots=[a, b, "greedy", "random", a])
    assert {s for asked in a.asked.values() for s, *_ in asked} == {0, 4}
    assert {s for asked in b.asked.values() for s, *_ in asked} == {1}


def test_a_policy_game_matches_a_builtin_bot_game_where_it_plays_as_one():
    """A policy that plays "first legal action" gives the results of the same games with
    that seat played step by step by the same choice: the built-in seats are unchanged."""

    def first(batch):
        return np.zeros(len(batch), dtype=np.int64)

    seeds = [seed_for(9, i) for i in range(5)]
    out = fenpai.simulate("fifty_k", 5, seed=9, bots=["greedy", first, "random", first])
    games = step_by_step("fifty_k", {}, seeds, ["greedy", first, "random", first])
    for i, game in enumerate(games):
        assert list(out["game_points"][i]) == game.result["game_points"]
        assert out["actions"][i] == game.num_actions


@pytest.mark.parametrize(
    ("answer", "match"),
    [
        (lambda b: b.num_legal, r"game \d+, seat 1: answer \d+ is not an index into its"),
        (lambda b: -np.ones(len(b), dtype=np.int64), r"game \d+, seat 1: answer -1 is not"),
        (lambda b: [0.5] * len(b), r"game \d+, seat 1: answer 0.5 is not an integer"),
        (lambda b: [0], None),
    ],
)
def test_a_bad_answer_names_the_game_and_seat(answer, match):
    def policy(batch):
        return answer(batch)

    expected = fenpai.IllegalAction if match else ValueError
    with pytest.raises(expected, match=match or r"answered 1 actions .* for a batch of \d+"):
        fenpai.simulate("tractor", 6, bots=["random", policy, "random", "random"], workers=2)


def test_a_refused_answer_changes_nothing():
    driver = Driver("tractor", ["greedy", None, "greedy", None], 4)
    driver.queue(list(range(4)), [seed_for(1, i) for i in range(4)])
    driver.advance()
    slots, games, seats = driver.waiting()
    before = np.zeros((len(slots), driver.obs_size), dtype=np.float32)
    driver.encode(slots, seats, before)
    counts = driver.num_legal(slots)
    bad = np.zeros(len(slots), dtype=np.int64)
    bad[-1] = counts[-1]
    with pytest.raises(fenpai.IllegalAction, match=f"game {games[-1]}, seat {seats[-1]}: "):
        driver.apply(slots, bad)
    after = np.zeros_like(before)
    again = driver.waiting()
    driver.encode(*again[::2], after)
    assert all(np.array_equal(x, y) for x, y in zip(again, (slots, games, seats), strict=True))
    assert np.array_equal(before, after)
    driver.apply(slots, np.zeros(len(slots), dtype=np.int64))
    driver.encode(*again[::2], after)
    assert not np.array_equal(before, after)


def test_policy_arguments_are_checked():
    with pytest.raises(ValueError, match="unknown bot"):
        fenpai.simulate("tractor", 2, bots=["random", 5, "random", "random"])
    with pytest.raises(ValueError, match="batch_size"):
        fenpai.simulate("tractor", 2, bots=[Recorder(), "random", "random", "random"], batch_size=0)
    with pytest.raises(ValueError, match="4 seats; got 3 players"):
        Driver("tractor", [None] * 3, 2)
    out = fenpai.simulate("tractor", 0, bots=[Recorder(), "random", "random", "random"])
    assert out["game_points"].shape == (0, 4)


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("tractor", {}),
        ("red_five_4p", {}),
        ("red_five_5p", {}),
        ("fifty_k", {}),
        ("fifty_k", {"players": 3}),
        ("fifty_k", {"decks": 2, "players": 6}),
        ("finding_friends", {}),
    ],
)
def test_no_games_give_empty_results_of_the_table(variant, options):
    """`simulate` of 0 games, with a policy or built-in bots only: every array empty,
    one column per seat."""
    n = fenpai.new_game(variant, **options).num_players
    for bots in ([Recorder(), *["random"] * (n - 1)], "random"):
        out = fenpai.simulate(variant, 0, bots=bots, **options)
        for key in ("game_points", "card_points", "won", "reward"):
            assert out[key].shape == (0, n), (key, out[key].shape)
        assert out["actions"].shape == out["seed"].shape == (0,)


@pytest.mark.parametrize(("variant", "options", "n"), CASES)
def test_simulate_with_policies_scores_each_game_as_its_result(variant, options, n):
    """`simulate` scores the policies' games in one batch from the core's facts; each row
    is the game's own `result` (played through `play_with_policies`), in game order,
    and its reward the mode's."""
    seeds = game_seeds(6, 9).tolist()
    probe = fenpai.new_game(variant, **options)
    games = play_with_policies(probe, seeds, seats_of(n, Recorder()), batch_size=3)
    out = fenpai.simulate(variant, 9, seed=6, bots=seats_of(n, Recorder()), batch_size=3, **options)
    for g, game in enumerate(games):
        points, cards, won, actions = result_row(game)
        assert out["game_points"][g].tolist() == points
        assert out["card_points"][g].tolist() == cards
        assert out["won"][g].tolist() == won and out["actions"][g] == actions
        expected = [expected_reward(game.result, s, "win") for s in range(n)]
        assert out["reward"][g].tolist() == expected
