"""`fenpai.encode`: fixed-size observations that hold only what a seat may see."""

import random

import numpy as np
import pytest

import fenpai
from fenpai.encoding import fields

CASES = [("red_five_4p", {}), ("fifty_k", {}), ("fifty_k", {"players": 3})]


def field(obs, layout, name):
    _, off, size = next(f for f in layout if f[0] == name)
    return obs[off : off + size]


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_observation_size_is_fixed_and_fields_are_right(variant, options):
    rng = random.Random(1)
    g = fenpai.new_game(variant, seed=3, **options)
    layout = fields(variant, g.num_players)
    size = layout[-1][1] + layout[-1][2]
    while g.phase != "done":
        seat = g.to_act[0]
        obs, legal = fenpai.encode(g, seat)
        assert obs.shape == (size,) and obs.dtype == np.float32
        assert legal == g.legal_actions(seat, 4096)
        hand = fenpai.cards(g.view(seat)["hand"])
        assert field(obs, layout, "hand").sum() == len(hand)
        assert field(obs, layout, "to_act")[0] == 1
        g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
    obs, legal = fenpai.encode(g, 0)
    assert legal == [] and obs.shape == (size,)


def test_trick_fields_follow_the_public_record():
    rng = random.Random(2)
    g = fenpai.new_game("red_five_4p", seed=5)
    while g.phase != "play" or g.play.num_tricks() < 3 or not g.play.trick():
        s = g.to_act[0]
        g.apply_legal(s, rng.randrange(g.num_legal(s)))
    seat = g.to_act[0]
    obs, _ = fenpai.encode(g, seat)
    layout = fields("red_five_4p", 4)
    assert field(obs, layout, "played").sum() == 3 * 4 * len(g.play.tricks()[0][1][0][1])
    trick = field(obs, layout, "trick").reshape(4, 54)
    leader, cards = g.play.trick()[0]
    assert trick[(leader - seat) % 4].sum() == len(cards)
    assert field(obs, layout, "trump").sum() == 1
    if seat != g.declarer:
        assert field(obs, layout, "kitty").sum() == 0


def test_observation_ignores_other_hands():
    """Two deals that differ only in other seats' hidden cards look the same to seat 0."""
    deck = [r + s for s in "shcd" for r in "23456789TJQKA"]
    random.Random(9).shuffle(deck)
    deck.remove("3h")
    deck.insert(0, "3h")  # seat 0 leads (FK-2) in both deals
    others = [i for i in range(52) if i % 4 != 0]
    swapped = list(deck)
    for i, j in zip(others, reversed(others), strict=True):
        swapped[i] = deck[j]
    a = fenpai.new_game("fifty_k", deck=" ".join(deck), first_seat=0)
    b = fenpai.new_game("fifty_k", deck=" ".join(swapped), first_seat=0)
    assert a.to_act == b.to_act == [0]
    assert a.view(1)["hand"] != b.view(1)["hand"]
    assert np.array_equal(fenpai.encode(a, 0)[0], fenpai.encode(b, 0)[0])


def test_bad_seat():
    with pytest.raises(ValueError, match="no seat"):
        fenpai.encode(fenpai.new_game("fifty_k"), 7)
