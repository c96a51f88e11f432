"""Fifty-K combinations FK-10..FK-17: every example and statement of the rule text,
the Combo object, and bad input."""

import pickle

import pytest

from fenpai import fifty_k as fk


def kind(cards: str, name: str | None = None) -> str | None:
    combo = fk.classify(cards, name)
    return combo.kind if combo else None


def rank(cards: str) -> str:
    combo = fk.classify(cards)
    assert combo is not None, cards
    return combo.rank


def test_fk_10_single_pair_triple_bomb():
    assert kind("7s") == "single"
    assert kind("7s 7d") == "pair"
    assert kind("7s 7h 7d") == "triple"
    assert kind("6s 6h 6c 6d") == "bomb"  # seed: 炸彈 6666
    assert [rank(t) for t in ("7s", "7s 7d", "7s 7h 7d", "6s 6h 6c 6d")] == ["7", "7", "7", "6"]


def test_fk_10_a_pair_needs_one_rank():
    assert kind("7s 8s") is None
    assert kind("7s 7h 8d") is None


def test_fk_11_straight_five_or_more_consecutive():
    assert kind("3s 4h 5c 6d 7s") == "straight"
    assert rank("3s 4h 5c 6d 7s") == "7"
    assert kind("3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As") == "straight"
    assert rank("Ts Jh Qc Kd As") == "A"
    assert kind("3s 4h 5c 6d") is None
    assert kind("3s 4h 5c 6d 8s") is None


def test_fk_11_a_two_never_in_a_sequence_and_ace_only_high():
    assert kind("Js Qh Kc Ad 2s") is None
    assert kind("As 2h 3c 4d 5s") is None
    assert kind("2s 3h 4c 5d 6s") is None


def test_fk_12_consecutive_pairs():
    assert kind("5s 5h 6c 6d") == "pairs"  # seed: 5566
    assert rank("5s 5h 6c 6d 7s 7h") == "7"
    assert kind("5s 5h 7c 7d") is None
    assert kind("As Ah 2c 2d") is None


def test_fk_13_triple_sequence():
    assert kind("5s 5h 5c 6s 6h 6c") == "triples"  # seed: 555666
    assert kind("5s 5h 5c 6s 6h 6c 7s 7h 7c") == "triples"  # seed: 555666777
    assert rank("5s 5h 5c 6s 6h 6c 7s 7h 7c") == "7"
    assert kind("As Ah Ac 2s 2h 2c") is None
    assert kind("5s 5h 5c 7s 7h 7c") is None


def test_fk_14_triple_plus_one():
    assert kind("5s 5h 5c 7d") == "triple_one"  # seed: 555+7
    assert rank("5s 5h 5c 7d") == "5"
    assert kind("2s 2h 2c 3d") == "triple_one"


def test_fk_14_triple_plus_pair():
    assert kind("5s 5h 5c 7d 7s") == "triple_pair"  # seed: 555+77
    assert rank("5s 5h 5c 7d 7s") == "5"
    assert kind("5s 5h 5c 7d 8s") is None


def test_fk_15_sequence_plus_singles():
    assert kind("5s 5h 5c 6s 6h 6c 8d 9d") == "triples_singles"  # seed: 555666+89
    assert rank("5s 5h 5c 6s 6h 6c 8d 9d") == "6"


def test_fk_15_sequence_plus_pairs():
    assert kind("5s 5h 5c 6s 6h 6c 8d 8s 9d 9s") == "triples_pairs"  # seed: 555666+8899
    assert rank("5s 5h 5c 6s 6h 6c 8d 8s 9d 9s") == "6"


def test_fk_15_kicker_ranks_must_differ():
    assert kind("5s 5h 5c 6s 6h 6c 8d 8s") is None  # singles may not repeat
    assert kind("5s 5h 5c 6s 6h 6c 8d 8s 8h 8c 9d 9s") is None  # nor pairs


def test_fk_15_kicker_never_a_sequence_rank():
    assert kind("5s 5h 5c 5d 6s 6h 6c 8d") is None
    assert kind("5s 5h 5c 5d 6s 6h 6c 6d 8d 8s 9s 9h") is None


def test_fk_15_kickers_may_be_a_two_or_next_to_the_sequence():
    """FK-15 forbids only the sequence's ranks and repeated kicker ranks."""
    assert kind("5s 5h 5c 6s 6h 6c 4d 7d") == "triples_singles"
    assert kind("5s 5h 5c 6s 6h 6c 2d As") == "triples_singles"
    assert kind("5s 5h 5c 6s 6h 6c 2d 2s 7d 7s") == "triples_pairs"


def test_fk_15_sequence_needs_two_or_more_triples():
    assert kind("5s 5h 5c 7d", "triples_singles") is None
    assert kind("5s 5h 5c 7s 7h 7c 8d 9d") is None


def test_fk_16_fifty_k_and_pure_fifty_k():
    assert kind("5s Th Kd") == "fifty_k"
    assert kind("5s Ts Kd") == "fifty_k"
    combo = fk.classify("Kh 5h Th")
    assert combo is not None and (combo.kind, combo.suit) == ("pure_fifty_k", "h")
    assert fk.classify("5s Th Kd").suit is None
    assert kind("5s Th Qd") is None
    assert kind("5s 5h Th Kd") is None


def test_fk_17_anything_else_is_not_a_combination():
    for cards in ["", "3s 5s", "3s 4s 5s 6s", "3s 3h 4s 4h 5s", "2s 2h 2c 2d 3s"]:
        assert fk.classify(cards) is None, cards
        assert fk.readings(cards) == []


def test_fk_17_a_named_kind_must_fit():
    assert kind("5s 5h 5c 7d 7s", "triple_pair") == "triple_pair"
    assert kind("5s 5h 5c 7d 7s", "triple_one") is None
    assert kind("5h Th Kh", "fifty_k") is None
    assert kind("5h Th Kh", "pure_fifty_k") == "pure_fifty_k"


def test_fk_17_unnamed_lead_reading_is_the_first_in_rule_order():
    for cards in ["5s 5h 5c 7d 7s", "3s 4h 5c 6d 7s", "5h Th Kh"]:
        readings = fk.readings(cards)
        assert readings and fk.classify(cards) == readings[0]
        assert [r.kind for r in readings] == sorted((r.kind for r in readings), key=fk.KINDS.index)


def test_fk_17_unknown_kind_is_a_value_error_naming_it():
    with pytest.raises(ValueError, match="unknown Fifty-K kind 'tractor'"):
        fk.classify("5s", "tractor")
    with pytest.raises(ValueError, match="expected one of single, pair"):
        fk.play_id("5s", "singel")


def test_fk_1_joker_is_a_value_error():
    with pytest.raises(ValueError, match="BJ is a joker"):
        fk.classify("5s BJ")
    with pytest.raises(ValueError, match="LJ is a joker"):
        fk.legal_plays("5s LJ")


def test_fk_1_duplicate_card_is_a_value_error():
    with pytest.raises(ValueError, match="5h appears twice"):
        fk.legal_plays("5h 6s 5h")
    with pytest.raises(ValueError, match="Kd appears twice"):
        fk.classify(["Kd", "10s", "kd"])


def test_unknown_card_is_a_value_error():
    with pytest.raises(ValueError, match="'1s' is not a card"):
        fk.classify("1s 2s")
    with pytest.raises(ValueError, match="expected a Card"):
        fk.legal_plays([5])


def test_combo_attributes_and_card_order():
    combo = fk.classify("3d 5s 5h 5c")
    assert combo is not None
    assert (combo.kind, combo.rank, len(combo)) == ("triple_one", "5", 4)
    assert [str(c) for c in combo.cards] == ["5s", "5h", "5c", "3d"]
    assert str(combo) == "5s 5h 5c 3d"
    assert repr(combo) == "Combo(kind='triple_one', rank='5', cards='5s 5h 5c 3d')"


def test_combo_equality_hash_and_pickle():
    a, b = fk.classify("5s 5h"), fk.classify(["5h", "5s"])
    assert a == b and hash(a) == hash(b)
    assert a != fk.classify("5s 5c")
    assert len({a, b, fk.classify("5s 5c")}) == 2
    assert pickle.loads(pickle.dumps(a)) == a
    assert fk.KINDS[0] == "single" and len(fk.KINDS) == 13
