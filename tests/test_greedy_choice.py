"""`Batch.greedy` (the greedy bot's choice for a learning agent) tells a seat nothing it
may not know: in every world `Game.sample_world` deals that the seat cannot tell from
the real one, greedy's choice is the same action; and it is the action of
`Bot("greedy", GREEDY_SEED)` step by step."""

from __future__ import annotations

import random

import pytest

import fenpai
from fenpai._core import GREEDY_SEED
from fenpai.batch import Batch
from fenpai.bots import Bot


def same(action: str) -> list[str]:
    """An action's words in a fixed order (a burial's cards are a multiset, C-4)."""
    return sorted(action.split(" "))


def greedy_text(game: fenpai.Game, seat: int) -> list[str]:
    batch = Batch.of_game(game, seat)
    (index,) = batch.greedy()
    assert 0 <= index < game.num_legal(seat)
    return same(batch.legal_action(0, int(index)))


@pytest.mark.parametrize("variant", ["tractor", "red_five_4p", "red_five_5p", "fifty_k"])
def test_greedys_choice_is_the_same_in_every_world_the_seat_cannot_tell_apart(variant):
    rng = random.Random(11)
    checked = 0
    for seed in range(3):
        game = fenpai.new_game(variant, seed=seed)
        while game.phase != "done":
            seat = game.to_act[0]
            if game.num_legal(seat) > 1 and rng.random() < 0.15:
                real = greedy_text(game, seat)
                assert real == same(game.bot_action(Bot("greedy", GREEDY_SEED), seat))
                for k in range(2):
                    world = game.sample_world(seat, seed=k)
                    assert greedy_text(world, seat) == real, (seed, game.phase)
                checked += 1
            game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
    assert checked >= 5
