"""The trick-taking core through `fenpai.TrickRules`: every worked example of common.md
and the variant texts (C-10..C-51), by rule id."""

import pytest

import fenpai
from fenpai import TrickRules


def text(cards):
    return fenpai.format_cards(cards)


def comps(rules, cards):
    fmt = rules.classify(cards)
    assert fmt is not None
    return [(kind, text(cs)) for kind, cs in fmt.components]


# --- C-10..C-13: trumps and strength -------------------------------------------------


def test_c_11_red_five_order_strongest_first():
    r = TrickRules("red_five_4p", trump="s")
    order = "5h BJ LJ 3s 3c 2s 2h As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s"
    assert text(r.sort(fenpai.cards(order))) == order


def test_c_11_red_five_other_twos_are_equal_and_plain_threes_stay():
    r = TrickRules("red_five_4p", trump="h")
    assert all(r.is_trump(c) for c in fenpai.cards("2s 2c 2d 2h 3h 3d 5h BJ LJ"))
    assert not any(r.is_trump(c) for c in fenpai.cards("3s 3c 5d As"))
    # Equal levels: the earlier of two equal plays keeps the trick (C-42).
    assert r.trick_winner(["2s", "2c"]) == 0
    assert r.trick_winner(["2s", "2h"]) == 1


def test_c_12_tractor_order_with_level_rank():
    r = TrickRules("tractor", trump="s", level="7")
    order = "BJ LJ 7s 7h As Ks 8s 6s 2s"
    assert text(r.sort(fenpai.cards(order))) == order
    assert r.trick_winner(["7h", "7d"]) == 0


def test_c_12_no_trump():
    r = TrickRules("tractor", trump=None, level="7")
    assert all(r.is_trump(c) for c in fenpai.cards("7s 7h 7c 7d BJ LJ"))
    assert not r.is_trump("As")
    assert r.trick_winner(["As", "7c"]) == 1


def test_c_13_cards_moved_to_trump_leave_no_gap():
    r = TrickRules("red_five_4p", trump="s")
    assert comps(r, "4h 4h 6h 6h") == [("tractor", "6h 6h 4h 4h")]


# --- C-20..C-24: units, tractors, formats, leads --------------------------------------


def test_c_20_units():
    r = TrickRules("tractor", trump="s")
    assert comps(r, "BJ BJ") == [("pair", "BJ BJ")]
    assert comps(r, "LJ LJ") == [("pair", "LJ LJ")]
    assert comps(r, "BJ LJ") == [("single", "BJ"), ("single", "LJ")]


def test_c_21_joker_pairs_tractor_only_above_ace():
    assert TrickRules("red_five_4p", trump="h").classify("BJ BJ LJ LJ") is None
    assert comps(TrickRules("red_five_5p", trump="h"), "BJ BJ LJ LJ") == [
        ("tractor", "BJ BJ LJ LJ")
    ]
    assert comps(TrickRules("tractor", trump="h"), "BJ BJ LJ LJ") == [("tractor", "BJ BJ LJ LJ")]


def test_c_21_level_card_pair_next_to_trump_ace():
    r = TrickRules("tractor", trump="s", level="2")
    assert comps(r, "2c 2c As As") == [("tractor", "2c 2c As As")]
    assert TrickRules("red_five_4p", trump="s").classify("2c 2c As As") is None


def test_c_21_two_pairs_on_one_level_are_not_a_tractor():
    r = TrickRules("tractor", trump="h")
    assert comps(r, "2c 2c 2d 2d") == [("pair", "2c 2c"), ("pair", "2d 2d")]


def test_c_21_examples():
    r = TrickRules("tractor", trump="h", level="2")
    assert comps(r, "6s 6s 7s 7s") == [("tractor", "7s 7s 6s 6s")]
    assert comps(r, "7h 7h 8h 8h 9h 9h") == [("tractor", "9h 9h 8h 8h 7h 7h")]


def test_c_22_mixed_tractor_only_where_on():
    r5 = TrickRules("red_five_5p", trump="h")
    assert comps(r5, "9s 9s 9s Ts Ts Js Js Js") == [("tractor", "Js Js Js Ts Ts 9s 9s 9s")]
    r4 = TrickRules("red_five_4p", trump="h", decks=3, throws=True)
    assert [k for k, _ in comps(r4, "9s 9s 9s Ts Ts Js Js Js")] != ["tractor"]


def test_c_22_mixed_tractors_of_one_shape_compare_by_top():
    r = TrickRules("red_five_5p", trump="h")
    # shape (2 triples, 1 pair), the pair in another place: the higher top wins.
    assert r.trick_winner(["9s 9s 9s Ts Ts Js Js Js", "Qs Qs Qs Ks Ks Ks As As"]) == 1
    assert r.trick_winner(["Qs Qs Qs Ks Ks Ks As As", "9s 9s 9s Ts Ts Js Js Js"]) == 0


def test_c_23_canonical_triple_tractor_then_pair():
    r = TrickRules("red_five_4p", trump="h", decks=3, throws=True)
    assert comps(r, "6s 6s 6s 7s 7s 7s 8s 8s") == [
        ("tractor", "7s 7s 7s 6s 6s 6s"),
        ("pair", "8s 8s"),
    ]


def test_c_23_longest_tractor_first():
    r = TrickRules("tractor", trump="h")
    fmt = r.classify("3s 3s 4s 4s 5s 5s 9s 9s Ts Ts As")
    assert fmt is not None and fmt.is_throw
    assert [(k, len(cs)) for k, cs in fmt.components] == [
        ("tractor", 6),
        ("tractor", 4),
        ("single", 1),
    ]


def test_c_24_leads():
    r4 = TrickRules("red_five_4p", trump="h")
    assert r4.classify("As Ks") is None  # no throws in Red Five 4p (R4-31)
    assert r4.classify("As") is not None
    r5 = TrickRules("red_five_5p", trump="h")
    assert r5.classify("As Ks").is_throw
    assert r5.classify("As Kd") is None  # mixed suits
    assert TrickRules("tractor", trump="h").classify("Ah 2s") is not None  # both trump


# --- C-30, C-31: following ---------------------------------------------------------------


C31_HAND = "9s 9s Ts Ts Qs Qs Ks Ks As 3d"


@pytest.mark.parametrize("mode", ["pairs", "full"])
def test_c_31_example_three_pair_tractor_any_three_pairs(mode):
    r = TrickRules("tractor", trump="h", follow_format=mode)
    lead = "6s 6s 7s 7s 8s 8s"
    assert r.follow_error(C31_HAND, lead, "9s 9s Qs Qs Ks Ks") is None
    assert r.follow_error(C31_HAND, lead, "9s 9s Ts Ts Ks Ks") is None
    assert r.follow_error(C31_HAND, lead, "9s 9s Qs Qs Ks As") is not None
    assert r.count_follows(C31_HAND, lead) == 4  # choose 3 of the 4 pairs


def test_c_31_example_exact_any_six_spades():
    r = TrickRules("tractor", trump="h", follow_format="exact")
    assert r.follow_error(C31_HAND, "6s 6s 7s 7s 8s 8s", "9s Ts Qs Ks As Ks") is None


def test_c_31_example_two_pair_tractor_by_mode():
    hand, lead = "9s 9s Ts Ts Ks Ks 4s", "6s 6s 7s 7s"
    full = TrickRules("tractor", trump="h", follow_format="full")
    pairs = TrickRules("tractor", trump="h", follow_format="pairs")
    exact = TrickRules("tractor", trump="h", follow_format="exact")
    assert text(full.legal_follows(hand, lead)[0]) == "Ts Ts 9s 9s"
    assert len(full.legal_follows(hand, lead)) == 1
    assert full.follow_error(hand, lead, "9s 9s Ks Ks") == (
        "a tractor of 2 pairs was led and you hold Ts Ts 9s 9s: you must play a tractor of 2 pairs"
    )
    assert pairs.follow_error(hand, lead, "9s 9s Ks Ks") is None
    assert pairs.count_follows(hand, lead) == 3
    assert exact.legal_follows(hand, lead) == full.legal_follows(hand, lead)
    assert exact.follow_error(hand, lead, "9s Ts Ks 4s") is not None


def test_c_31_off_is_suit_only():
    r = TrickRules("tractor", trump="h", follow_format="off")
    assert r.follow_error("7s 7s 9s Kd", "6s 6s", "7s 9s") is None
    assert r.follow_error("7s 7s 9s Kd", "6s 6s", "7s Kd") is not None


def test_c_31_pair_message():
    r = TrickRules("tractor", trump="h")
    assert (
        r.follow_error("7s 7s 9s Kd", "6s 6s", "7s 9s")
        == "a pair was led and you hold 7s 7s: you must play a pair"
    )
    r4 = TrickRules("red_five_4p", trump="h")
    assert (
        r4.follow_error("7s 7s 9s Kd", "6s 6s", "7s 9s")
        == "a pair was led and you hold 7s 7s: you must play a pair"
    )


def test_c_30_must_follow_suit():
    r = TrickRules("tractor", trump="h")
    msg = r.follow_error("7s 9s Kd", "6s", "Kd")
    assert msg == "spades were led and you hold 2 of them: you must play 1 of them"
    assert r.follow_error("7s 9s Kd", "6s", "9s") is None


def test_c_30_short_suit_plays_all_then_anything():
    r = TrickRules("tractor", trump="h")
    assert r.follow_error("7s Kd Qd 2h", "6s 6s", "7s 2h") is None
    assert "all of them" in r.follow_error("7s Kd Qd 2h", "6s 6s", "Kd Qd")
    assert {text(p) for p in r.legal_follows("7s Kd Qd 2h", "6s 6s")} == {
        "2h 7s",
        "7s Kd",
        "7s Qd",
    }


def test_c_30_trump_lead_is_followed_by_trumps():
    r = TrickRules("tractor", trump="h", level="2")
    # 2s is trump: it follows a heart lead; Ah does not count as spades.
    assert r.follow_error("2s Ah 3s", "Kh", "3s") is not None
    assert {text(p) for p in r.legal_follows("2s Ah 3s", "Kh")} == {"2s", "Ah"}


def test_c_31_pair_obligation_from_a_triple_in_three_decks():
    r = TrickRules("red_five_5p", trump="h")
    assert r.follow_error("9s 9s 9s 4s", "6s 6s", "9s 4s") is not None
    assert [text(p) for p in r.legal_follows("9s 9s 9s 4s", "6s 6s")] == ["9s 9s"]


def test_follow_errors_for_bad_plays():
    r = TrickRules("tractor", trump="h")
    assert r.follow_error("7s 9s", "6s", "8s") == "you do not hold 8s"
    assert r.follow_error("7s 9s", "6s", "7s 9s") == "the lead has 1 cards; you played 2"


def test_bad_inputs_raise_value_errors():
    r = TrickRules("tractor", trump="h")
    with pytest.raises(ValueError, match="'Xx' is not a card"):
        r.follow_error("7s Xx", "6s", "7s")
    with pytest.raises(ValueError, match="copies"):
        r.legal_follows("7s 7s 7s", "6s")
    with pytest.raises(ValueError, match="one suit"):
        r.legal_follows("7s 7s", "6s Kd")
    with pytest.raises(ValueError, match="fewer|has 1 cards"):
        r.legal_follows("7s", "6s 6s")
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        TrickRules("tractor", colour=True)
    with pytest.raises(ValueError, match="follow_format 'loose'"):
        TrickRules("tractor", follow_format="loose")
    with pytest.raises(ValueError, match="unknown trick-taking variant"):
        TrickRules("fifty_k")
    with pytest.raises(ValueError, match="no no-trump"):
        TrickRules("red_five_4p", trump=None)
    with pytest.raises(ValueError, match="decks must be 1, 2, 3 or 4"):
        TrickRules("tractor", decks=5)
    with pytest.raises(ValueError, match="trump 'x'"):
        TrickRules("tractor", trump="x")
    with pytest.raises(ValueError, match="level 'Z'"):
        TrickRules("tractor", level="Z")


def test_defaults_per_variant():
    r4, r5, tr = (TrickRules(v) for v in ("red_five_4p", "red_five_5p", "tractor"))
    assert (r4.decks, r4.follow_format, r4.tractor_above_ace, r4.throws) == (
        2,
        "exact",
        False,
        False,
    )
    assert (r5.decks, r5.follow_format, r5.mixed_tractors, r5.throws) == (3, "exact", True, True)
    assert (tr.decks, tr.follow_format, tr.tractor_above_ace, tr.throws) == (2, "pairs", True, True)


# --- C-40..C-43: who wins ------------------------------------------------------------------


def test_c_32_c_40_trump_pair_beats_suit_pair():
    """C-32: a follower void in the led suit may ruff; C-40: the trump pair wins."""
    r = TrickRules("tractor", trump="h")
    assert r.trick_winner(["6s 6s", "7s 7s", "2h 2h", "As Ks"]) == 2


def test_c_40_ruff_must_match_format():
    r = TrickRules("tractor", trump="h")
    assert r.trick_winner(["6s 6s", "3h 4h", "7s 7s"]) == 2
    assert r.trick_winner(["6s 6s 7s 7s", "3h 3h 5h 5h", "8s 9s Ts Js"]) == 0
    assert r.trick_winner(["6s 6s 7s 7s", "3h 3h 4h 4h"]) == 1


def test_c_40_mixed_suit_play_never_wins():
    r = TrickRules("tractor", trump="h")
    assert r.trick_winner(["6s 6s", "As Ah"]) == 0


def test_c_41_throw_key_is_highest_pair():
    r = TrickRules("tractor", trump="h")
    # Lead: pair of As plus single Ks; two trump ruffs compare their pair.
    assert r.trick_winner(["As As Ks", "3h 3h Ah", "4h 4h 5h"]) == 2
    assert r.trick_winner(["As As Ks", "4h 4h 5h", "3h 3h Ah"]) == 1


def test_c_41_triple_split_for_the_best_key():
    r = TrickRules("red_five_5p", trump="h")
    # Lead: pair + single; a follower's triple of Ks may act as pair + single.
    assert r.trick_winner(["Qs Qs 4s", "Ks Ks Ks"]) == 1


def test_c_42_equal_keys_earlier_keeps():
    r = TrickRules("red_five_5p", trump="h")
    assert r.trick_winner(["As", "As", "As"]) == 0
    assert r.trick_winner(["4s", "2c", "2d"]) == 1


def test_trick_winner_rejects_bad_tricks():
    r = TrickRules("tractor", trump="h")
    with pytest.raises(ValueError, match="play 1 has 1 cards"):
        r.trick_winner(["6s 6s", "7s"])
    with pytest.raises(ValueError, match="at least the lead"):
        r.trick_winner([])


# --- C-50, C-51: throws --------------------------------------------------------------------


def test_c_51_seed_001_examples():
    r = TrickRules("red_five_5p", trump="h")
    throw = "5s 7s 7s 9s 9s"
    check = r.check_throw(throw, ["Ts 3c", "4d"])
    assert not check.ok and text(check.forced) == "5s"
    for holder in ("Ts Ts", "8s 8s"):
        check = r.check_throw(throw, [holder + " 3c", "4d"])
        assert not check.ok and text(check.forced) == "7s 7s"
    assert r.check_throw(throw, ["4s 3s", "3c"]).ok


def test_c_51_seed_003_pair_before_single():
    r = TrickRules("tractor", trump="h")
    check = r.check_throw("Ks Qs Qs", ["As 3c", "Ks Ks"])
    assert not check.ok and text(check.forced) == "Qs Qs"
    assert [k for k, _ in check.beaten] == ["pair", "single"]


def test_c_51_a_triple_beats_a_thrown_pair():
    r = TrickRules("red_five_5p", trump="h")
    check = r.check_throw("Ks Ks Qs", ["Ac Ac Ac As As As", "3d"])
    assert not check.ok and text(check.forced) == "Ks Ks"


def test_c_51_tractor_beaten_first_and_fewest_cards():
    r = TrickRules("tractor", trump="h")
    throw = "3s 3s 4s 4s 5s 5s 8s 8s 9s 9s As"
    check = r.check_throw(throw, ["Ts Ts Js Js Qs Qs", "4d"])
    assert not check.ok and text(check.forced) == "9s 9s 8s 8s"


def test_c_51_equal_keys_break_by_suit_order():
    r = TrickRules("tractor", trump="h", level="2")
    # 2c and 2d are equal off-suit level cards; thrown as trumps with Ah.
    check = r.check_throw("2c 2d Ah", ["BJ", "3c"])
    assert not check.ok and text(check.forced) == "Ah"
    check = r.check_throw("2d 2c", ["BJ", "3c"])
    assert not check.ok and text(check.forced) == "2c"


def test_c_50_simple_play_always_stands():
    r = TrickRules("tractor", trump="h")
    check = r.check_throw("6s 6s", ["As As"])
    assert check.ok and check.forced == [] and check.beaten == []


def test_c_50_a_standing_throw():
    r = TrickRules("tractor", trump="h")
    assert r.check_throw("As As Ks", ["Qs Qs", "Ks 3c", "Js Ts"]).ok
