"""Finding Friends' scoring (FF-1..FF-3, FF-20, FF-40..FF-44, FF-70), from the rule text
of docs/rules/finding_friends.md: the deal's arithmetic, the thresholds scaled by the
decks (Tractor's TR-42 at two decks), the levels each side's members gain."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fenpai import scoring

PLAYERS = st.integers(4, 8)
DECKS = st.sampled_from([2, 3])
LEVELS = st.sampled_from(scoring.TRACTOR_LEVELS)


@given(PLAYERS, DECKS)
def test_ff_3_the_kitty_is_the_fewest_cards_from_five_that_divide_the_deal(
    players: int, decks: int
) -> None:
    kitty = scoring.finding_friends_kitty_size(players, decks)
    total = 54 * decks
    assert kitty >= scoring.FINDING_FRIENDS_MIN_KITTY
    assert (total - kitty) % players == 0
    smaller = range(scoring.FINDING_FRIENDS_MIN_KITTY, kitty)
    assert not [k for k in smaller if (total - k) % players == 0]


def test_ff_3_the_table_of_the_rules_page() -> None:
    """FF-1, FF-3: default decks, kitty and cards each, as the rules page tables them;
    Tractor's (TR-1) and Red Five 5p's (R5-3) deals where they meet."""
    table = {4: (2, 8, 25), 5: (3, 7, 31), 6: (3, 6, 26), 7: (3, 8, 22), 8: (3, 10, 19)}
    for players, (decks, kitty, each) in table.items():
        assert scoring.finding_friends_default_decks(players) == decks
        assert scoring.finding_friends_kitty_size(players, decks) == kitty
        assert (54 * decks - kitty) // players == each
    assert [scoring.finding_friends_default_friends(n) for n in range(4, 9)] == [1, 1, 2, 2, 3]


@given(st.integers(-200, 400))
def test_ff_41_two_decks_is_tractors_tr_42(points: int) -> None:
    side, levels = scoring.finding_friends(points, decks=2)
    names = {"defenders": "declarers", "attackers": "defenders"}
    assert (side, levels) == (lambda s, n: (names[s], n))(*scoring.tractor(points))


@given(st.integers(-300, 400), st.integers(-300, 400), DECKS)
def test_ff_41_more_points_never_help_the_declarers_side(a: int, b: int, decks: int) -> None:
    def value(points: int) -> int:
        side, levels = scoring.finding_friends(points, decks)
        return levels if side == "declarers" else -levels - 1

    low, high = sorted((a, b))
    assert value(low) >= value(high)


def test_ff_41_thresholds_scale_with_the_decks() -> None:
    f = scoring.finding_friends
    assert [f(p, 3) for p in (0, 5, 55, 60, 115)] == [
        ("declarers", 3),
        ("declarers", 2),
        ("declarers", 2),
        ("declarers", 1),
        ("declarers", 1),
    ]
    assert [f(p, 3) for p in (120, 175, 180, 300)] == [
        ("defenders", 0),
        ("defenders", 0),
        ("defenders", 1),
        ("defenders", 3),
    ]


def test_ff_40_defenders_points_kitty_and_throws() -> None:
    p = scoring.finding_friends_points
    assert p(100, 20, None, 3) == 100
    assert p(100, 20, "As", 3) == 140  # TR-40: a single lead, ×2
    assert p(100, 20, "Ks Ks", 3) == 180  # a pair, ×4
    assert p(100, 0, None, 3, defender_failed_throws=2, declarer_side_failed_throws=1) == 90
    with pytest.raises(ValueError, match="exceeds the 300 points of 3 decks"):
        p(300, 5, None, 3)
    with pytest.raises(ValueError, match="decks must be 2 or 3"):
        p(0, 0, None, 4)


@given(LEVELS, st.integers(0, 5), st.booleans())
def test_ff_43_levels_stop_at_a(level: str, gained: int, may_pass: bool) -> None:
    new, passed = scoring.finding_friends_advance_level(level, gained, may_pass)
    index = scoring.TRACTOR_LEVELS.index(level)
    assert scoring.TRACTOR_LEVELS.index(new) == min(index + gained, 12)
    assert passed == (may_pass and level == "A" and gained > 0)


@st.composite
def hands(draw: st.DrawFn) -> dict[str, object]:
    """A finished hand's facts: table, declarer, the side found (FF-31, FF-32)."""
    players = draw(PLAYERS)
    friends = draw(st.integers(1, players - 2))
    declarer = draw(st.integers(0, players - 1))
    others = [s for s in range(players) if s != declarer]
    found = draw(st.lists(st.sampled_from(others), max_size=friends, unique=True))
    return {
        "points": draw(st.integers(-50, 300)),
        "declarer": declarer,
        "side": [declarer, *found],
        "levels": draw(st.lists(LEVELS, min_size=players, max_size=players)),
        "decks": draw(DECKS),
        "friends": friends,
        "short_handed_bonus": draw(st.booleans()),
    }


@given(hands())
def test_ff_42_ff_44_ff_70_the_side_that_goes_up(hand: dict[str, object]) -> None:
    o = scoring.finding_friends_hand_outcome(**hand)  # type: ignore[arg-type]
    side = sorted(hand["side"])  # type: ignore[call-overload]
    players = len(hand["levels"])  # type: ignore[arg-type]
    defenders = [s for s in range(players) if s not in side]
    assert o["winners"] == (side if o["side"] == "declarers" else defenders)
    short = len(side) < hand["friends"] + 1  # type: ignore[operator]
    assert o["bonus"] == int(o["side"] == "declarers" and hand["short_handed_bonus"] and short)
    for s in range(players):
        before = scoring.TRACTOR_LEVELS.index(hand["levels"][s])  # type: ignore[index]
        after = scoring.TRACTOR_LEVELS.index(o["levels"][s])
        passed = s in o["match_winners"]
        assert o["applied"][s] == after - before + passed
        if s not in o["winners"]:
            assert o["applied"][s] == 0
        else:
            assert o["applied"][s] <= o["gained"] + o["bonus"]
    assert o["next_declarer"] in o["winners"]


def test_ff_44_next_declarer() -> None:
    n = scoring.finding_friends_next_declarer
    assert n(2, [2, 5], 6, defenders_took_over=False) == 5
    assert n(5, [5, 1], 6, defenders_took_over=False) == 1
    assert n(3, [3], 6, defenders_took_over=False) == 3
    assert n(2, [2, 3, 4], 6, defenders_took_over=True) == 5
    with pytest.raises(ValueError, match="must hold the declarer"):
        n(2, [3], 6, defenders_took_over=False)


def test_ff_43_only_a_holding_declarers_side_at_a_passes_it() -> None:
    o = scoring.finding_friends_hand_outcome(0, 0, [0, 1], ["A", "A", "K", "K"], 2, 1)
    assert (o["match_winners"], o["levels"]) == ([0, 1], ["A", "A", "K", "K"])
    o = scoring.finding_friends_hand_outcome(0, 2, [2, 1], ["A", "A", "K", "K"], 2, 1)
    assert (o["match_winners"], o["levels"][:3]) == ([], ["A", "A", "A"])


def test_ff_20_ff_31_bad_sides_are_refused() -> None:
    with pytest.raises(ValueError, match="at most 1 friends"):
        scoring.finding_friends_hand_outcome(0, 0, [0, 1, 2], ["2"] * 4, 2, 1)
    with pytest.raises(ValueError, match="friends must be 1 to 2"):
        scoring.finding_friends_hand_outcome(0, 0, [0], ["2"] * 4, 2, 3)
    with pytest.raises(ValueError, match="players must be 4 to 8"):
        scoring.finding_friends_hand_outcome(0, 0, [0], ["2"] * 3, 2, 1)
