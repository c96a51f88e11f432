"""Fifty-K beating: FK-20 (same kind and count, higher main rank) and FK-21 (specials)."""

import pytest

from fenpai import fifty_k as fk

NON_SPECIALS = [
    "As",
    "2s 2h",
    "Ah Ac Ad",
    "3s 4h 5c 6d 7s 8h 9d Ts Jh Qc Kd As",
    "4s 4h 5s 5h",
    "8s 8h 8c 9s 9h 9c",
    "8s 8h 8c 9s",
    "8s 8h 8c 9s 9h",
    "8s 8h 8c 9s 9h 9c 3d 4d",
    "8s 8h 8c 9s 9h 9c 3d 3h 4d 4h",
]


def test_fk_20_rank_order_two_highest():
    order = "3456789TJQKA2"
    for low, high in zip(order, order[1:], strict=False):
        assert fk.beats(f"{high}s", f"{low}h")
        assert not fk.beats(f"{low}s", f"{high}h")


def test_fk_20_equal_rank_does_not_beat():
    assert not fk.beats("5h", "5s")
    assert not fk.beats("5h 5d", "5s 5c")


def test_fk_20_needs_the_same_kind():
    assert not fk.beats("6s 6h", "5s")
    assert not fk.beats("6s 6h 6c", "5s 5h")
    assert not fk.beats("6s 6h 6c 7s 7h 7c", "3s 3h 4s 4h 5s 5h")
    assert not fk.beats("6s 6h 6c 3d 3h", "5s 5h 5c 4d")


def test_fk_20_needs_the_same_number_of_cards():
    assert not fk.beats("4s 5h 6c 7d 8s", "3s 4h 5c 6d 7s 8h")
    assert not fk.beats("4s 5h 6c 7d 8s 9s", "3s 4h 5c 6d 7s")
    assert not fk.beats("6s 6h 7s 7h", "3s 3h 4s 4h 5s 5h")
    assert not fk.beats("6s 6h 6c 7s 7h 7c Ad Kd", "3s 3h 3c 4s 4h 4c 5s 5h 5c 9d Td Jd")


def test_fk_20_sequences_compare_their_top_rank():
    assert fk.beats("4s 5h 6c 7d 8s", "3s 4h 5c 6d 7s")
    assert fk.beats("Ts Jh Qc Kd As", "9s Th Jc Qd Ks")
    assert fk.beats("6s 6h 7s 7h", "5s 5h 6c 6d")
    assert fk.beats("6s 6h 6c 7s 7h 7c", "5s 5h 5c 6d 6s 6h")


def test_fk_20_kicker_kinds_compare_the_triple_not_the_kickers():
    assert fk.beats("6s 6h 6c 3d", "5s 5h 5c 2d")
    assert not fk.beats("5s 5h 5c 2d", "6s 6h 6c 3d")
    assert fk.beats("6s 6h 6c 3d 3h", "5s 5h 5c 2d 2h")
    assert fk.beats("6s 6h 6c 7s 7h 7c 3d 4d", "4s 4h 4c 5s 5h 5c 2d Ad")
    assert fk.beats("6s 6h 6c 7s 7h 7c 3d 3h 4d 4h", "4s 4h 4c 5s 5h 5c 2d 2h Ad Ah")


@pytest.mark.parametrize("top", NON_SPECIALS)
def test_fk_21_each_special_beats_every_non_special(top):
    for special in ["5s Th Kd", "5d Td Kd", "3s 3h 3c 3d"]:
        assert fk.beats(special, top)
        assert not fk.beats(top, special)


def test_fk_21_fifty_k_below_pure_below_bomb():
    assert fk.beats("5d Td Kd", "5s Th Kd")
    assert not fk.beats("5s Th Kd", "5d Td Kd")
    assert fk.beats("3s 3h 3c 3d", "5s Ts Ks")
    assert not fk.beats("5s Ts Ks", "3s 3h 3c 3d")
    assert fk.beats("3s 3h 3c 3d", "5s Th Kd")
    assert not fk.beats("5s Th Kd", "3s 3h 3c 3d")


def test_fk_21_fifty_ks_never_beat_each_other():
    assert not fk.beats("5s Th Kd", "5h Tc Ks")
    assert not fk.beats("5h Tc Ks", "5s Th Kd")


def test_fk_21_pure_fifty_ks_compare_by_suit():
    suits = "shcd"
    for i, hi in enumerate(suits):
        for j, lo in enumerate(suits):
            assert fk.beats(f"5{hi} T{hi} K{hi}", f"5{lo} T{lo} K{lo}") == (i < j)


def test_fk_21_bombs_compare_by_rank():
    assert fk.beats("2s 2h 2c 2d", "As Ah Ac Ad")
    assert fk.beats("4s 4h 4c 4d", "3s 3h 3c 3d")
    assert not fk.beats("3s 3h 3c 3d", "4s 4h 4c 4d")


def test_fk_17_beats_reads_play_cards_in_any_reading_and_accepts_combos():
    assert fk.beats(fk.classify("6s 6h"), fk.classify("5s 5h"))
    assert fk.beats("6s 6h", fk.classify("5s 5h"))
    assert not fk.beats("6s 7h", "5s")  # not a combination: cannot be played


def test_fk_17_top_must_be_a_combination():
    with pytest.raises(ValueError, match="'5s 7h' is not a Fifty-K combination"):
        fk.beats("6s", "5s 7h")
