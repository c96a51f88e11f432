"""Card text and notation: C-1..C-3."""

import pickle

import pytest

import fenpai


def test_c_1_card_text_spellings():
    assert [str(c) for c in fenpai.cards("5h 5H ♥5 5♥ 10d Ts bj LJ")] == [
        "5h",
        "5h",
        "5h",
        "5h",
        "Td",
        "Ts",
        "BJ",
        "LJ",
    ]


def test_c_1_card_attributes():
    five, joker = fenpai.cards("5h BJ")
    assert (five.rank, five.suit, five.points) == ("5", "h", 5)
    assert (joker.rank, joker.suit, joker.points) == ("BJ", None, 0)


@pytest.mark.parametrize("bad", ["1s", "5x", "h5", "Z", "100h", "B J"])
def test_c_2_bad_card_text_names_the_token(bad):
    with pytest.raises(ValueError, match="is not a card") as err:
        fenpai.cards(f"5h {bad}")
    assert repr(bad.split()[0])[1:-1] in str(err.value)


def test_c_2_copies_are_equal_and_hashable():
    a, b = fenpai.cards("5h 5h")
    assert a == b and hash(a) == hash(b) and a is b
    assert len({*fenpai.cards("5h 5h Ts")}) == 2


def test_c_3_point_cards():
    assert sum(c.points for c in fenpai.cards("5s Ts Ks As 2s")) == 25


def test_format_cards_is_canonical():
    assert fenpai.format_cards(fenpai.cards("10h ♠5 bj")) == "Th 5s BJ"
    assert fenpai.format_cards(["5h", fenpai.Card("LJ")]) == "5h LJ"


def test_card_pickles_and_reprs():
    c = fenpai.Card("Kd")
    assert pickle.loads(pickle.dumps(c)) == c
    assert repr(c) == "Card('Kd')"


def test_non_card_argument_is_a_value_error():
    with pytest.raises(ValueError, match="expected a Card"):
        fenpai.format_cards([1, 2])
