"""`simulate(..., actions="decisions")`: policies answer ids of the environments' one
action space (`fenpai.envs.decisions`) from `Batch.action_mask`, through `VectorEnv`'s
hands; the games are those the Python reference steps with the same ids (C-4, C-24: a
burial and a play card by card), and an id the mask does not allow names the policy,
game and seat."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import fenpai
from fenpai.batch import Batch
from fenpai.bots import Bot, game_seeds, seed_for
from fenpai.envs.aec import observe_seat
from fenpai.envs.decisions import Decisions
from fenpai.spaces import table_decks

CASES = [
    ("tractor", {}, 4),
    ("red_five_4p", {}, 4),
    ("red_five_5p", {}, 5),
    ("fifty_k", {}, 4),
    # FF-20: the friend calls by their fixed ids, at two tables (FF-1) and a house rule.
    ("finding_friends", {}, 6),
    ("finding_friends", {"players": 4, "double_join": "passes_on"}, 4),
]

#: Where a mask is seen, every seat's own observation and mask, in order, per game.
Seen = dict[int, list[tuple[int, bytes, bytes]]]


def choose(obs: np.ndarray, mask: np.ndarray) -> int:
    """An allowed id that depends on the observation and mask alone."""
    allowed = np.flatnonzero(mask)
    return int(allowed[zlib.crc32(obs.tobytes()) % len(allowed)])


class IdPolicy:
    """Answers `choose` for each row, recording what each game showed it."""

    def __init__(self) -> None:
        self.seen: Seen = {}
        self.sizes: list[int] = []

    def __call__(self, batch: Batch) -> np.ndarray:
        assert batch.action_mask is not None
        self.sizes.append(len(batch))
        out = np.empty(len(batch), dtype=np.int64)
        for row in range(len(batch)):
            obs, mask = batch.obs[row], batch.action_mask[row]
            seen = (int(batch.seats[row]), obs.tobytes(), mask.tobytes())
            self.seen.setdefault(int(batch.games[row]), []).append(seen)
            out[row] = choose(obs, mask)
        return out


def stepped(variant, options, seeds, bots) -> tuple[list[fenpai.Game], Seen]:
    """The games of `seeds` stepped in Python: built-in bots by `Bot.act`, the policy
    seats (None) by `choose` over the Python reference's observation and mask."""
    games, seen = [], {}
    for index, seed in enumerate(seeds):
        game = fenpai.new_game(variant, seed=seed, **options)
        decisions = Decisions(variant, table_decks(variant, options))
        bot = {s: Bot(b, seed_for(seed, s)) for s, b in enumerate(bots) if b is not None}
        while game.phase != "done":
            seat = game.to_act[0]
            if seat in bot:
                bot[seat].act(game, seat)
                continue
            shown = observe_seat(game, seat, decisions)
            obs, mask = shown["observation"], shown["action_mask"]
            seen.setdefault(index, []).append((seat, obs.tobytes(), mask.tobytes()))
            decisions.step(game, seat, choose(obs, mask))
        games.append(game)
    return games, seen


def seats_of(n, policy):
    return [policy if s % 2 == 1 else ("greedy" if s == 0 else "random") for s in range(n)]


@pytest.mark.parametrize(("variant", "options", "n"), CASES)
def test_decision_ids_play_the_games_the_python_reference_steps(variant, options, n):
    policy = IdPolicy()
    out = fenpai.simulate(
        variant, 5, seed=7, bots=seats_of(n, policy), actions="decisions", batch_size=3, **options
    )
    seeds = game_seeds(7, 5).tolist()
    games, seen = stepped(variant, options, seeds, seats_of(n, None))
    assert policy.seen == seen  # each seat's own observation and mask, every decision
    assert max(policy.sizes) > 1  # several games in one call
    for g, game in enumerate(games):
        result = game.result
        assert result is not None
        assert out["game_points"][g].tolist() == [float(p) for p in result["game_points"]]
        assert out["won"][g].tolist() == [s in result["winners"] for s in range(n)]
        assert out["actions"][g] == len(game.history)
    assert out["seed"].tolist() == seeds


def test_results_do_not_depend_on_batch_size():
    def run(size):
        return fenpai.simulate(
            "red_five_5p",
            7,
            seed=2,
            bots=seats_of(5, IdPolicy()),
            actions="decisions",
            batch_size=size,
        )

    one = run(7)
    for size in (1, 3):
        other = run(size)
        for key in ("game_points", "card_points", "won", "actions", "reward", "seed"):
            assert np.array_equal(one[key], other[key]), (size, key)


def test_an_id_the_mask_does_not_allow_names_the_policy_game_and_seat():
    good = IdPolicy()

    def wild(batch: Batch) -> np.ndarray:
        assert batch.action_mask is not None
        out = good(batch)
        for row in np.flatnonzero(batch.games == 4):
            out[row] = int(np.flatnonzero(batch.action_mask[row] == 0)[0])  # refused
        return out

    bots = ["random", wild, "random", wild]
    with pytest.raises(
        fenpai.IllegalAction, match=r"policy .*wild.*: game 4, seat [13]: id \d+ is"
    ):
        fenpai.simulate("tractor", 6, seed=3, bots=bots, actions="decisions", batch_size=4)


def test_actions_is_checked_and_legal_stays_the_default():
    with pytest.raises(ValueError, match="actions must be one of 'legal', 'decisions'"):
        fenpai.simulate("tractor", 1, actions="cards")
    asked: list[Batch] = []

    def legal(batch: Batch) -> np.ndarray:
        asked.append(batch)
        return np.zeros(len(batch), dtype=np.int64)

    fenpai.simulate("fifty_k", 2, bots=[legal, "random", "random", "random"])
    assert asked and all(b.action_mask is None for b in asked)
    # Built-in bots alone play the same games in either space.
    one = fenpai.simulate("tractor", 4, seed=1, bots="greedy")
    other = fenpai.simulate("tractor", 4, seed=1, bots="greedy", actions="decisions")
    for key in ("game_points", "actions"):
        assert np.array_equal(one[key], other[key])
