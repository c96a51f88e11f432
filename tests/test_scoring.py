"""Scoring tables (fenpai.scoring): R4-40..R4-42, R5-31, R5-40..R5-43, TR-30, TR-32,
TR-40..TR-43, FK-40..FK-53. Expected values are taken from the rule text and the seeds'
own tables, not computed from the code under test."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import fenpai
from fenpai import scoring

# ---------------------------------------------------------------------------
# Red Five, 4 players


@pytest.mark.parametrize(
    ("final_points", "expected"),
    [
        (-1000, (-18, 6)),
        (-71, (-18, 6)),
        (-70, (-18, 6)),
        (-69, (-12, 4)),
        (-31, (-12, 4)),
        (-30, (-12, 4)),
        (-29, (-6, 2)),
        (-1, (-6, 2)),
        (0, (-6, 2)),
        (1, (6, -2)),
        (29, (6, -2)),
        (30, (6, -2)),
        (31, (12, -4)),
        (69, (12, -4)),
        (70, (12, -4)),
        (71, (18, -6)),
        (1000, (18, -6)),
    ],
)
def test_r4_42_two_decks_boundaries(final_points, expected):
    assert scoring.red_five_4p(final_points, 2) == expected


@pytest.mark.parametrize(
    ("final_points", "expected"),
    [
        (-1000, (-18, 6)),
        (-81, (-18, 6)),
        (-80, (-18, 6)),
        (-79, (-12, 4)),
        (-41, (-12, 4)),
        (-40, (-12, 4)),
        (-39, (-6, 2)),
        (-1, (-6, 2)),
        (0, (-6, 2)),
        (1, (6, -2)),
        (39, (6, -2)),
        (40, (6, -2)),
        (41, (12, -4)),
        (79, (12, -4)),
        (80, (12, -4)),
        (81, (18, -6)),
        (1000, (18, -6)),
    ],
)
def test_r4_42_three_decks_boundaries(final_points, expected):
    assert scoring.red_five_4p(final_points, 3) == expected


def test_r4_42_same_f_differs_between_deck_counts():
    assert scoring.red_five_4p(-75, 2) == (-18, 6)
    assert scoring.red_five_4p(-75, 3) == (-12, 4)
    assert scoring.red_five_4p(75, 2) == (18, -6)
    assert scoring.red_five_4p(75, 3) == (12, -4)


@given(st.integers(-10_000, 10_000), st.sampled_from([2, 3]))
def test_r4_42_hand_sums_to_zero(final_points, decks):
    declarer, opponent = scoring.red_five_4p(final_points, decks)
    assert declarer == -3 * opponent
    assert declarer in (-18, -12, -6, 6, 12, 18)


@given(st.integers(-500, 500), st.integers(0, 100), st.sampled_from([2, 3]))
def test_r4_42_declarer_score_is_monotone_in_f(final_points, step, decks):
    low = scoring.red_five_4p(final_points, decks)[0]
    assert scoring.red_five_4p(final_points + step, decks)[0] >= low


@pytest.mark.parametrize("decks", [1, 4, 0, "2", 2.0, True, None])
def test_r4_42_bad_decks(decks):
    with pytest.raises(ValueError, match="decks"):
        scoring.red_five_4p(0, decks)


@pytest.mark.parametrize("final_points", ["10", 10.0, None, True])
def test_r4_42_final_points_must_be_an_int(final_points):
    with pytest.raises(ValueError, match="final_points must be an int"):
        scoring.red_five_4p(final_points, 2)


def test_r4_10_bid_range():
    assert scoring.red_five_4p_bid_range(2) == (60, 200)
    assert scoring.red_five_4p_bid_range(3) == (80, 300)
    with pytest.raises(ValueError, match="2 or 3 decks"):
        scoring.red_five_4p_bid_range(4)


def test_r4_41_transfer_constants():
    assert scoring.RED_FIVE_CARD_POINTS == 20
    assert scoring.RED_FIVE_GAME_POINTS == 2


def test_r4_40_final_points():
    # tricks + scored kitty − bid
    assert scoring.red_five_4p_final_points(120, 10, 0, 0, 100, 2) == 30
    # the kitty does not count when an opponent won the last trick: the caller passes 0
    assert scoring.red_five_4p_final_points(120, 0, 0, 0, 100, 2) == 20
    # R4-41: +20 per opponent's 5h captured, −20 per own 5h lost
    assert scoring.red_five_4p_final_points(120, 0, 1, 0, 100, 2) == 40
    assert scoring.red_five_4p_final_points(120, 0, 0, 2, 100, 2) == -20
    assert scoring.red_five_4p_final_points(0, 0, 0, 3, 300, 3) == -360
    assert scoring.red_five_4p_final_points(300, 0, 0, 0, 80, 3) == 220


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((120, 0, 0, 0, 55, 2), "bid"),
        ((120, 0, 0, 0, 205, 2), "bid"),
        ((120, 0, 0, 0, 62, 2), "bid"),
        ((120, 0, 0, 0, 75, 3), "bid"),
        ((-5, 0, 0, 0, 100, 2), "trick_points must not be negative"),
        ((7, 0, 0, 0, 100, 2), "multiple of 5"),
        ((190, 20, 0, 0, 100, 2), "exceeds the 200 points"),
        ((120, -10, 0, 0, 100, 2), "kitty_points"),
        ((120, 0, 2, 1, 100, 2), "captured 5h"),
        ((120, 0, -1, 0, 100, 2), "fives_won"),
        ((120, 0, 0, 0, 100, 5), "decks"),
    ],
)
def test_r4_40_final_points_bad_input(args, message):
    with pytest.raises(ValueError, match=message):
        scoring.red_five_4p_final_points(*args)


def test_r4_41_r4_42_game_points_with_red_five_transfers():
    # F = 35 with 2 decks: declarer +12, each opponent −4
    assert scoring.red_five_4p_game_points(0, 35, 2) == [12, -4, -4, -4]
    # opponent 1's 5h captured by the declarer: 1 pays the declarer 2
    assert scoring.red_five_4p_game_points(0, 35, 2, [(1, 0)]) == [14, -6, -4, -4]
    # declarer's 5h captured by opponent 2: the declarer pays 2 to seat 2
    assert scoring.red_five_4p_game_points(3, -90, 3, [(3, 2)]) == [6, 6, 8, -20]
    assert scoring.red_five_4p_game_points(1, 0, 3, [(1, 0), (2, 1), (1, 3)]) == [
        4,
        -8,
        0,
        4,
    ]


@given(
    st.integers(0, 3),
    st.integers(-300, 300),
    st.sampled_from([2, 3]),
    st.lists(st.tuples(st.integers(0, 3), st.booleans()), max_size=2),
)
def test_r4_41_r4_42_hand_sums_to_zero(declarer, final_points, decks, raw):
    captures = [
        (declarer, other) if declarer_lost else (other, declarer)
        for other, declarer_lost in raw
        if other != declarer
    ]
    assert sum(scoring.red_five_4p_game_points(declarer, final_points, decks, captures)) == 0


@pytest.mark.parametrize(
    ("declarer", "captures", "message"),
    [
        (0, [(1, 3)], "captured only between the declarer"),
        (0, [(0, 0)], "captured only between the declarer"),
        (0, [(1, 0), (2, 0), (3, 0)], "3 captured 5h"),
        (0, [(1, 4)], "capture seat"),
        (0, [(1,)], "capture must have 2 entries"),
        (4, [], "declarer must be a seat 0..3"),
        (0, 5, "captures must be a list"),
    ],
)
def test_r4_41_bad_captures(declarer, captures, message):
    with pytest.raises(ValueError, match=message):
        scoring.red_five_4p_game_points(declarer, 0, 2, captures)


# ---------------------------------------------------------------------------
# Red Five, 5 players

R5_41_GRADES = [
    (0, 9),
    (5, 8),
    (10, 7),
    (15, 6),
    (20, 5),
    (25, 4),
    (30, 3),
    (55, 3),
    (60, 2),
    (85, 2),
    (90, 1),
    (115, 1),
    (120, -1),
    (155, -1),
    (160, -2),
    (175, -2),
    (180, -3),
    (195, -3),
    (200, -4),
    (205, -5),
    (210, -6),
    (225, -9),
    (230, -10),
    (235, -11),
    (295, -23),
    (300, -24),
    (305, -24),
    (370, -24),
]


@pytest.mark.parametrize(("points", "grade"), R5_41_GRADES)
def test_r5_41_grade_every_band_and_boundary(points, grade):
    assert scoring.red_five_5p_grade(points) == grade


def test_r5_41_five_point_steps_from_200():
    assert [scoring.red_five_5p_grade(p) for p in range(200, 305, 5)] == list(range(-4, -25, -1))


@pytest.mark.parametrize("points", [-5, -1, 1, 7, 203, 299])
def test_r5_41_grade_rejects_impossible_points(points):
    with pytest.raises(ValueError, match="points must"):
        scoring.red_five_5p_grade(points)


@pytest.mark.parametrize("points", ["100", 100.0, None, True])
def test_r5_41_grade_rejects_non_ints(points):
    with pytest.raises(ValueError, match="points must be an int"):
        scoring.red_five_5p_grade(points)


@given(st.sampled_from(range(0, 400, 5)), st.sampled_from(range(0, 400, 5)))
def test_r5_41_grade_never_zero_and_non_increasing(low, high):
    low, high = sorted((low, high))
    assert scoring.red_five_5p_grade(low) >= scoring.red_five_5p_grade(high)
    assert scoring.red_five_5p_grade(low) != 0


def test_r5_22_declarer_side_wins_when_m_positive():
    assert scoring.red_five_5p_declarer_side_won(115)
    assert not scoring.red_five_5p_declarer_side_won(120)


# Seed 001's normal table, row by row: (P, 庄, 伴, 闲).
R5_42_SEED_NORMAL = [
    (0, 2 * 9, 9, -9),
    (5, 2 * 8, 8, -8),
    (25, 2 * 4, 4, -4),
    (30, 2 * 3, 3, -3),
    (55, 2 * 3, 3, -3),
    (60, 2 * 2, 2, -2),
    (85, 2 * 2, 2, -2),
    (90, 2 * 1, 1, -1),
    (115, 2 * 1, 1, -1),
    (120, -2 * 1, -1, 1),
    (155, -2 * 1, -1, 1),
    (160, -2 * 2, -2, 2),
    (175, -2 * 2, -2, 2),
    (180, -2 * 3, -3, 3),
    (195, -2 * 3, -3, 3),
    (200, -2 * 4, -4, 4),
    (205, -2 * 5, -5, 5),
    (225, -2 * 9, -9, 9),
    (230, -2 * 10 - 1, -9, 10),
    (235, -2 * 11 - 2, -9, 11),
    (300, -2 * 24 - 15, -9, 24),
    (350, -2 * 24 - 15, -9, 24),
]


@pytest.mark.parametrize(("points", "declarer", "friend", "opponent"), R5_42_SEED_NORMAL)
def test_r5_42_normal_seed_table(points, declarer, friend, opponent):
    expected = {"declarer": declarer, "friend": friend, "opponent": opponent}
    assert scoring.red_five_5p(points) == expected
    assert scoring.red_five_5p(points, "normal") == expected


def test_r5_42_normal_seed_worked_examples():
    assert scoring.red_five_5p(230) == {"declarer": -21, "friend": -9, "opponent": 10}
    assert scoring.red_five_5p(300) == {"declarer": -63, "friend": -9, "opponent": 24}


def test_r5_42_normal_friend_cap_starts_at_m_minus_10():
    # m = −9: declarer 2m, friend m (the cap is exactly reached); m = −10: 3m + 9
    assert scoring.red_five_5p(225) == {"declarer": -18, "friend": -9, "opponent": 9}
    assert scoring.red_five_5p(230)["declarer"] == 3 * -10 + 9


# Seed 001's forced-declarer (压庄) table.
R5_42_SEED_FORCED = [
    (0, 2 * 9, 9, -9),
    (25, 2 * 4, 4, -4),
    (30, 2 * 3, 3, -3),
    (60, 2 * 2, 2, -2),
    (90, 2 * 1, 1, -1),
    (120, -2 * 1, -1, 1),
    (160, -2 * 2, -2, 2),
    (180, -2 * 3, -3, 3),
    (195, -2 * 3, -3, 3),
    (200, -2 * 4, -4, 4),
    (205, -2 * 5 - 1, -4, 5),
    (210, -2 * 6 - 2, -4, 6),
    (300, -2 * 24 - 20, -4, 24),
]


@pytest.mark.parametrize(("points", "declarer", "friend", "opponent"), R5_42_SEED_FORCED)
def test_r5_42_forced_seed_table(points, declarer, friend, opponent):
    expected = {"declarer": declarer, "friend": friend, "opponent": opponent}
    assert scoring.red_five_5p(points, "forced") == expected


def test_r5_42_forced_seed_worked_example():
    assert scoring.red_five_5p(205, "forced") == {"declarer": -11, "friend": -4, "opponent": 5}


# Seed 001's solo (独打) table: (P, 庄, each 闲).
R5_42_SEED_SOLO = [
    (0, 8 * 9, -2 * 9),
    (5, 8 * 8, -2 * 8),
    (25, 8 * 4, -2 * 4),
    (30, 8 * 3, -2 * 3),
    (60, 8 * 2, -2 * 2),
    (90, 8 * 1, -2 * 1),
    (115, 8 * 1, -2 * 1),
    (120, -8 * 1, 2 * 1),
    (160, -8 * 2, 2 * 2),
    (180, -8 * 3, 2 * 3),
    (200, -8 * 4, 2 * 4),
    (205, -8 * 5, 2 * 5),
    (210, -8 * 6, 2 * 6),
    (230, -8 * 10, 2 * 10),
    (300, -8 * 24, 2 * 24),
]


@pytest.mark.parametrize(("points", "declarer", "opponent"), R5_42_SEED_SOLO)
def test_r5_42_solo_seed_table_has_no_cap(points, declarer, opponent):
    expected = {"declarer": declarer, "friend": None, "opponent": opponent}
    assert scoring.red_five_5p(points, "solo") == expected


MODES_AND_GRABS = [("normal", False), ("normal", True), ("forced", False), ("forced", True)]


@given(st.sampled_from(range(0, 405, 5)), st.sampled_from(MODES_AND_GRABS + [("solo", False)]))
def test_r5_42_every_hand_sums_to_zero(points, mode_and_grab):
    mode, grab = mode_and_grab
    table = scoring.red_five_5p(points, mode, grab=grab)
    if mode == "solo":
        assert table["declarer"] + 4 * table["opponent"] == 0
    else:
        assert table["declarer"] + table["friend"] + 3 * table["opponent"] == 0


@given(st.sampled_from(range(0, 405, 5)))
def test_r5_42_caps_bound_the_friends_loss(points):
    assert scoring.red_five_5p(points, "normal")["friend"] >= -9
    assert scoring.red_five_5p(points, "forced")["friend"] >= -4


def test_r5_22_r5_42_grab_won_scores_normally():
    # 直拚: the declarer side won (m > 0), nothing changes
    for points in (0, 25, 90, 115):
        assert scoring.red_five_5p(points, grab=True) == scoring.red_five_5p(points)
    assert scoring.red_five_5p(60, "forced", grab=True) == scoring.red_five_5p(60, "forced")


def test_r5_22_r5_42_grab_lost_exchanges_after_caps():
    # 直搭: declarer and friend exchange their amounts (after the −9 / −4 caps)
    assert scoring.red_five_5p(120, grab=True) == {"declarer": -1, "friend": -2, "opponent": 1}
    assert scoring.red_five_5p(230, grab=True) == {"declarer": -9, "friend": -21, "opponent": 10}
    assert scoring.red_five_5p(300, grab=True) == {"declarer": -9, "friend": -63, "opponent": 24}
    assert scoring.red_five_5p(205, "forced", grab=True) == {
        "declarer": -4,
        "friend": -11,
        "opponent": 5,
    }


def test_r5_42_solo_cannot_be_a_grab():
    with pytest.raises(ValueError, match="solo hand has no friend"):
        scoring.red_five_5p(100, "solo", grab=True)


@pytest.mark.parametrize("mode", ["double", "Normal", "", None, 1])
def test_r5_42_unknown_mode(mode):
    with pytest.raises(ValueError, match="unknown mode"):
        scoring.red_five_5p(100, mode)


def test_r5_42_grab_must_be_a_bool():
    with pytest.raises(ValueError, match="grab must be a bool"):
        scoring.red_five_5p(100, grab=1)


def test_r5_40_points_double_the_kitty_only_for_the_scoring_side():
    assert scoring.red_five_5p_points(100, 20, True) == 140
    assert scoring.red_five_5p_points(100, 20, False) == 100
    assert scoring.red_five_5p_points(280, 20, True) == 320
    assert scoring.red_five_5p_grade(scoring.red_five_5p_points(280, 20, True)) == -24


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((290, 20, True), "exceeds the 300 points"),
        ((-5, 0, False), "trick_points must not be negative"),
        ((100, 3, True), "kitty_points must be a multiple of 5"),
    ],
)
def test_r5_40_points_bad_input(args, message):
    with pytest.raises(ValueError, match=message):
        scoring.red_five_5p_points(*args)


@pytest.mark.parametrize(
    ("previous", "expected"), [(0, (-4, 1)), (1, (-4, 1)), (2, (0, 0)), (3, (0, 0)), (10, (0, 0))]
)
def test_r5_31_throw_penalty_first_two_failures_only(previous, expected):
    assert scoring.red_five_5p_throw_penalty(previous) == expected


def test_r5_31_throw_penalty_rejects_negative_count():
    with pytest.raises(ValueError, match="previous_failures must not be negative"):
        scoring.red_five_5p_throw_penalty(-1)


def test_r5_31_throw_penalties_counted_per_thrower():
    assert scoring.red_five_5p_throw_penalties([]) == [0, 0, 0, 0, 0]
    assert scoring.red_five_5p_throw_penalties([3]) == [1, 1, 1, -4, 1]
    # the third failure of seat 3 costs nothing
    assert scoring.red_five_5p_throw_penalties([3, 3, 3]) == [2, 2, 2, -8, 2]
    # counts are per thrower: seat 0's third failure is free, seat 1's second is not
    assert scoring.red_five_5p_throw_penalties([0, 1, 0, 0, 1]) == [-6, -6, 4, 4, 4]


@given(st.lists(st.integers(0, 4), max_size=12))
def test_r5_31_throw_penalties_sum_to_zero(throwers):
    totals = scoring.red_five_5p_throw_penalties(throwers)
    assert sum(totals) == 0
    for seat in range(5):
        penalized = min(throwers.count(seat), 2)
        others = sum(min(throwers.count(other), 2) for other in range(5) if other != seat)
        assert totals[seat] == -4 * penalized + others


def test_r5_31_throw_penalties_bad_seat():
    with pytest.raises(ValueError, match="thrower must be a seat 0..4"):
        scoring.red_five_5p_throw_penalties([5])


def test_r5_42_seat_points():
    assert scoring.red_five_5p_seat_points(230, 2, 4) == [10, 10, -21, 10, -9]
    assert scoring.red_five_5p_seat_points(0, 1, None, "solo") == [-18, 72, -18, -18, -18]
    assert scoring.red_five_5p_seat_points(205, 0, 3, "forced") == [-11, 5, 5, -4, 5]
    assert scoring.red_five_5p_seat_points(230, 2, 4, grab=True) == [10, 10, -9, 10, -21]
    # R5-31 penalties are added after the table
    assert scoring.red_five_5p_seat_points(60, 0, 1, failed_throws=[2, 2, 2]) == [6, 4, -10, 0, 0]


@given(
    st.sampled_from(range(0, 405, 5)),
    st.permutations(range(5)),
    st.sampled_from(MODES_AND_GRABS + [("solo", False)]),
    st.lists(st.integers(0, 4), max_size=8),
)
def test_r5_42_seat_points_sum_to_zero(points, seats, mode_and_grab, throwers):
    mode, grab = mode_and_grab
    friend = None if mode == "solo" else seats[1]
    result = scoring.red_five_5p_seat_points(
        points, seats[0], friend, mode, grab=grab, failed_throws=throwers
    )
    assert sum(result) == 0


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((100, 0, None), {}, "friend must be None exactly in a solo hand"),
        ((100, 0, 2, "solo"), {}, "friend must be None exactly in a solo hand"),
        ((100, 0, 0), {}, "cannot be their own friend"),
        ((100, 5, 1), {}, "declarer must be a seat 0..4"),
        ((100, 0, 7), {}, "friend must be a seat 0..4"),
        ((100, 0, 1, "other"), {}, "unknown mode"),
        ((100, 0, 1), {"failed_throws": "0 1"}, "throwers must be a list"),
    ],
)
def test_r5_42_seat_points_bad_input(args, kwargs, message):
    with pytest.raises(ValueError, match=message):
        scoring.red_five_5p_seat_points(*args, **kwargs)


def test_r5_43_escape():
    assert scoring.RED_FIVE_5P_ESCAPE == -80
    assert scoring.RED_FIVE_5P_ESCAPE_SOLO == -200
    assert scoring.red_five_5p_escape(2, solo=False) == [0, 0, -80, 0, 0]
    assert scoring.red_five_5p_escape(0, solo=True) == [-200, 0, 0, 0, 0]
    with pytest.raises(ValueError, match="seat must be a seat 0..4"):
        scoring.red_five_5p_escape(5, solo=False)
    with pytest.raises(ValueError, match="solo must be a bool"):
        scoring.red_five_5p_escape(1, solo="yes")


# ---------------------------------------------------------------------------
# Tractor


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (-30, ("defenders", 3)),
        (-10, ("defenders", 3)),
        (0, ("defenders", 3)),
        (1, ("defenders", 2)),
        (5, ("defenders", 2)),
        (35, ("defenders", 2)),
        (39, ("defenders", 2)),
        (40, ("defenders", 1)),
        (75, ("defenders", 1)),
        (79, ("defenders", 1)),
        (80, ("attackers", 0)),
        (115, ("attackers", 0)),
        (119, ("attackers", 0)),
        (120, ("attackers", 1)),
        (159, ("attackers", 1)),
        (160, ("attackers", 2)),
        (199, ("attackers", 2)),
        (200, ("attackers", 3)),
        (240, ("attackers", 4)),
        (400, ("attackers", 8)),
    ],
)
def test_tr_42_level_change_every_band_and_boundary(points, expected):
    assert scoring.tractor(points) == expected


def _defenders_advantage(points):
    side, gained = scoring.tractor(points)
    return gained if side == "defenders" else -gained - 1


@given(st.integers(-100, 600), st.integers(0, 200))
def test_tr_42_outcome_monotone_in_points(points, step):
    assert _defenders_advantage(points + step) <= _defenders_advantage(points)


@pytest.mark.parametrize("points", ["80", 80.5, None, False])
def test_tr_42_points_must_be_an_int(points):
    with pytest.raises(ValueError, match="points must be an int"):
        scoring.tractor(points)


@pytest.mark.parametrize(
    ("lead", "multiplier"),
    [
        ("5h", 2),
        ("Ks", 2),
        ("5h 7h 9h", 2),  # a throw with no pair
        ("BJ LJ", 2),  # not a pair (C-20)
        ("Kh Kh", 4),
        ("BJ BJ", 4),
        ("Ah Ah Kh", 4),  # a throw: pair and single
        ("5s 5s 6s 6s", 8),  # tractor
        ("BJ BJ LJ LJ", 8),  # tractor above the ace
        ("5s 5s 9s 9s", 8),  # two non-adjacent pairs (a throw)
        ("5s 5s 9s 9s Ks", 8),
        ("3c 3c 4c 4c 5c 5c", 12),  # three-pair tractor
        ("3c 3c 9c 9c Kc Kc", 12),  # three separate pairs
        ("3c 3c 4c 4c 9c 9c Ac", 12),  # tractor + pair + single
        ("3d 3d 4d 4d 5d 5d 6d 6d", 16),
        ("5h 5h 5h", 4),  # a triple holds one pair
    ],
)
def test_tr_40_kitty_multiplier(lead, multiplier):
    assert scoring.tractor_kitty_multiplier(lead) == multiplier


def test_tr_40_kitty_multiplier_accepts_cards_and_card_lists():
    assert scoring.tractor_kitty_multiplier(fenpai.cards("Ts Ts Js Js")) == 8
    assert scoring.tractor_kitty_multiplier(["10s", "Ts"]) == 4
    assert scoring.tractor_kitty_multiplier([fenpai.Card("Qd")]) == 2


@pytest.mark.parametrize(("lead", "message"), [("", "empty"), ([], "empty"), ("5h 1s", "card")])
def test_tr_40_kitty_multiplier_bad_lead(lead, message):
    with pytest.raises(ValueError, match=message):
        scoring.tractor_kitty_multiplier(lead)


def test_tr_40_tr_41_attacker_points():
    assert scoring.tractor_points(60, 20, None) == 60  # a defender won the last trick
    assert scoring.tractor_points(60, 20, "Ks") == 100  # kitty ×2
    assert scoring.tractor_points(60, 20, "Ks Ks") == 140  # ×4
    assert scoring.tractor_points(60, 20, "5s 5s 6s 6s") == 220  # ×8
    assert scoring.tractor_points(60, 0, "5s 5s 6s 6s") == 60
    # TR-41: −10 per attacker's failed throw, +10 per defender's
    assert scoring.tractor_points(60, 20, None, attacker_failed_throws=2) == 40
    assert scoring.tractor_points(60, 20, None, defender_failed_throws=1) == 70
    assert scoring.tractor_points(0, 0, None, attacker_failed_throws=1) == -10


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((190, 20, None), "exceeds the 200 points"),
        ((-10, 0, None), "trick_points must not be negative"),
        ((60, 12, None), "kitty_points must be a multiple of 5"),
        ((60, 0, None, -1), "attacker_failed_throws must not be negative"),
        ((60, 0, None, 0, -1), "defender_failed_throws must not be negative"),
        ((60, 10, ""), "empty"),
    ],
)
def test_tr_40_tr_41_attacker_points_bad_input(args, message):
    with pytest.raises(ValueError, match=message):
        scoring.tractor_points(*args)


@pytest.mark.parametrize(
    ("level", "gained", "defending", "expected"),
    [
        ("2", 1, True, ("3", False)),
        ("2", 3, True, ("5", False)),
        ("8", 2, True, ("T", False)),
        ("T", 1, True, ("J", False)),
        ("J", 2, True, ("K", False)),
        ("Q", 2, True, ("A", False)),
        ("Q", 3, True, ("A", False)),  # Q → K → A, stops at A (必打A)
        ("K", 3, True, ("A", False)),
        ("A", 1, True, ("A", True)),  # defenders win a hand at A: they pass A
        ("A", 3, True, ("A", True)),
        ("2", 0, False, ("2", False)),
        ("9", 2, False, ("J", False)),
        ("J", 5, False, ("A", False)),
        ("K", 1, False, ("A", False)),
        ("A", 0, False, ("A", False)),  # attackers taking over at A do not pass it
        ("A", 4, False, ("A", False)),
    ],
)
def test_tr_42_tr_43_advance_level(level, gained, defending, expected):
    assert scoring.tractor_advance_level(level, gained, defending) == expected


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("1", 1, True), "level must be one of"),
        (("10", 1, True), "level must be one of"),
        (("a", 1, True), "level must be one of"),
        (("5", 0, True), "defenders who hold gain 1 to 3 levels"),
        (("5", 4, True), "defenders who hold gain 1 to 3 levels"),
        (("5", -1, False), "gained must not be negative"),
        (("5", 1, "yes"), "defending must be a bool"),
    ],
)
def test_tr_43_advance_level_bad_input(args, message):
    with pytest.raises(ValueError, match=message):
        scoring.tractor_advance_level(*args)


@pytest.mark.parametrize(
    ("dealer", "took_over", "expected"),
    [(0, False, 2), (1, False, 3), (2, False, 0), (3, False, 1)]
    + [(0, True, 1), (1, True, 2), (2, True, 3), (3, True, 0)],
)
def test_tr_32_next_dealer(dealer, took_over, expected):
    assert scoring.tractor_next_dealer(dealer, took_over) == expected


def test_tr_32_next_dealer_bad_input():
    with pytest.raises(ValueError, match="dealer must be a seat 0..3"):
        scoring.tractor_next_dealer(4, False)
    with pytest.raises(ValueError, match="attackers_took_over must be a bool"):
        scoring.tractor_next_dealer(0, 1)


def test_tr_30_defenders_pass_a_and_win_the_match():
    outcome = scoring.tractor_hand_outcome(30, 0, ("A", "5"))
    assert outcome == {
        "side": "defenders",
        "gained": 2,
        "applied": 1,
        "team": 0,
        "levels": ("A", "5"),
        "next_dealer": 2,
        "match_winner": 0,
    }


def test_tr_43_attackers_taking_over_at_a_must_defend_it():
    outcome = scoring.tractor_hand_outcome(165, 1, ("A", "5"))
    assert outcome == {
        "side": "attackers",
        "gained": 2,
        "applied": 0,
        "team": 0,
        "levels": ("A", "5"),
        "next_dealer": 2,
        "match_winner": None,
    }


def test_tr_42_tr_43_hand_outcomes():
    # defenders at Q gain 3 (大光) and stop at A
    assert scoring.tractor_hand_outcome(0, 2, ("Q", "2"))["levels"] == ("A", "2")
    assert scoring.tractor_hand_outcome(0, 2, ("Q", "2"))["match_winner"] is None
    # attackers (team 0) take over from dealer 3 with 165: +2
    outcome = scoring.tractor_hand_outcome(165, 3, ("2", "9"))
    assert (outcome["team"], outcome["levels"], outcome["next_dealer"]) == (0, ("4", "9"), 0)
    # attackers take over with 80–119: no level, but the deal passes
    outcome = scoring.tractor_hand_outcome(80, 0, ("7", "7"))
    assert (outcome["team"], outcome["levels"], outcome["next_dealer"]) == (1, ("7", "7"), 1)
    # defenders (team 1) hold at 40 ≤ P < 80: +1, the partner deals next
    outcome = scoring.tractor_hand_outcome(75, 1, ("7", "K"))
    assert (outcome["team"], outcome["levels"], outcome["next_dealer"]) == (1, ("7", "A"), 3)
    # defenders at A fail to hold: the other team takes over, nobody passes A
    outcome = scoring.tractor_hand_outcome(80, 1, ("3", "A"))
    assert (outcome["levels"], outcome["match_winner"]) == (("3", "A"), None)


@pytest.mark.parametrize(
    ("points", "dealer", "levels", "gained", "applied"),
    [
        (170, 1, ("K", "A"), 2, 1),  # attackers at K would go up 2: they gain 1 (TR-50)
        (0, 0, ("Q", "2"), 3, 2),  # defenders at Q: 3 cut to 2
        (0, 0, ("A", "2"), 3, 1),  # defenders at A pass it: one level
        (200, 0, ("2", "A"), 3, 0),  # attackers at A stay there
        (45, 0, ("K", "2"), 1, 1),  # nothing cut below A
        (600, 0, ("2", "2"), 13, 12),
    ],
)
def test_tr_43_tr_50_applied_levels(points, dealer, levels, gained, applied):
    outcome = scoring.tractor_hand_outcome(points, dealer, levels)
    assert (outcome["gained"], outcome["applied"]) == (gained, applied)


def test_tr_42_hand_outcome_bad_input():
    with pytest.raises(ValueError, match="levels must have 2 entries"):
        scoring.tractor_hand_outcome(0, 0, ("2",))
    with pytest.raises(ValueError, match=r"levels\[1\] must be one of"):
        scoring.tractor_hand_outcome(0, 0, ("2", "X"))
    with pytest.raises(ValueError, match="dealer must be a seat 0..3"):
        scoring.tractor_hand_outcome(0, -1, ("2", "2"))


# ---------------------------------------------------------------------------
# Fifty-K, 4 players


def test_fk_41_fk_43_both_opponents_in_and_doubled():
    # team 0 (seats 0, 2) out first; seats 1 and 3 still in, each −20 and its hand points
    result = scoring.fifty_k_4p([30, 0, 40, 0], [0, 2], [0, 15, 0, 15])
    assert result == {
        "card_points": [50, -35, 40, -35],
        "team_points": [90, -70],
        "winner": 0,
        "doubled": True,  # team 1 took no table points and had no first place
        "team_game_points": [180, -140],
        "game_points": [90.0, -70.0, 90.0, -70.0],
    }


def test_fk_41_fk_43_one_player_left_in_and_halves():
    result = scoring.fifty_k_4p([25, 20, 10, 0], [0, 1, 2], [0, 0, 0, 45])
    assert result["card_points"] == [45, 20, 10, -65]
    assert result["team_points"] == [55, -45]
    assert result["winner"] == 0
    assert not result["doubled"]  # team 1 collected 20
    assert result["game_points"] == [27.5, -22.5, 27.5, -22.5]


def test_fk_40_fk_41_player_left_in_on_first_outs_team_loses_20():
    # team 1 completes (1, 3); seat 2 of the first-out team 0 is the one still in
    result = scoring.fifty_k_4p([10, 30, 0, 40], [0, 1, 3], [0, 0, 20, 0])
    assert result["card_points"] == [30, 30, -40, 40]
    assert result["team_points"] == [-10, 70]
    assert result["winner"] == 1


def test_fk_43_no_doubling_when_loser_had_first_place():
    result = scoring.fifty_k_4p([0, 50, 0, 40], [0, 1, 3], [0, 0, 10, 0])
    assert result["card_points"] == [20, 50, -30, 40]
    assert (result["winner"], result["doubled"]) == (1, False)
    assert result["game_points"] == [-5.0, 45.0, -5.0, 45.0]


def test_fk_43_no_doubling_when_loser_took_table_points():
    result = scoring.fifty_k_4p([90, 0, 0, 5], [0, 2], [0, 5, 0, 0])
    assert result["team_points"] == [110, -40]
    assert not result["doubled"]


def test_fk_43_bonuses_do_not_count_as_table_points():
    # team 0 went out first and took every table point; team 1's card points are
    # only penalties, which are not table points, so the hand is doubled
    result = scoring.fifty_k_4p([60, 0, 20, 0], [2, 0], [0, 10, 0, 10])
    assert result["card_points"] == [60, -30, 40, -30]
    assert result["doubled"]
    assert result["team_game_points"] == [200, -120]


def test_fk_42_tie_goes_to_the_first_out_team():
    result = scoring.fifty_k_4p([30, 40, 20, 10], [1, 0, 2], [0, 0, 0, 0])
    assert result["team_points"] == [50, 50]
    assert result["winner"] == 1
    assert not result["doubled"]
    result = scoring.fifty_k_4p([40, 30, 10, 20], [0, 1, 3], [0, 0, 0, 0])
    assert result["card_points"] == [60, 30, -10, 20]
    assert result["team_points"] == [50, 50]
    assert result["winner"] == 0


def _deal_points(cuts):
    """Five multiples of 5 summing to 100, from four sorted cut points in 0..20."""
    bounds = [0, *sorted(cuts), 20]
    return [5 * (high - low) for low, high in zip(bounds, bounds[1:], strict=False)]


@given(
    st.lists(st.integers(0, 20), min_size=4, max_size=4),
    st.sampled_from([[0, 2], [2, 0], [1, 3], [0, 1, 2], [1, 2, 3], [3, 0, 1], [2, 1, 0]]),
)
def test_fk_43_each_player_gets_half_the_team(cuts, order):
    *collected, in_hand = _deal_points(cuts)
    left = [0, 0, 0, 0]
    left[min(seat for seat in range(4) if seat not in order)] = in_hand
    result = scoring.fifty_k_4p(collected, order, left)
    for seat in range(4):
        assert result["game_points"][seat] * 2 == result["team_game_points"][seat % 2]
    factor = 2 if result["doubled"] else 1
    assert result["team_game_points"] == [factor * total for total in result["team_points"]]
    assert result["team_points"][result["winner"]] >= result["team_points"][1 - result["winner"]]


@pytest.mark.parametrize(
    ("collected", "order", "left", "message"),
    [
        ([50, 0, 50], [0, 2], [0, 0, 0], "collected must have 4 entries"),
        ([50, 0, 50, 0], [0, 2], [0, 0, 0, 0, 0], "hand_points_left must have 4 entries"),
        ([50, 0, 50, 0], [0], [0, 0, 0, 0], "ends only when both players"),
        ([50, 0, 50, 0], [0, 1], [0, 0, 0, 0], "ends only when both players"),
        ([50, 0, 50, 0], [0, 2, 1], [0, 0, 0, 0], "the hand ended when seat 2"),
        ([50, 0, 50, 0], [0, 0, 2], [0, 0, 0, 0], "repeats a seat"),
        ([50, 0, 50, 0], [0, 4], [0, 0, 0, 0], "finish_order entry must be a seat"),
        ([50, 0, 40, 0], [0, 2], [10, 0, 0, 0], "seat 0 is out"),
        ([50, 0, 40, 0], [0, 2], [0, 0, 0, 0], "100 points"),
        ([50, 0, 40, 0], [0, 2], [0, 5, 0, 10], "100 points"),
        ([-10, 0, 100, 0], [0, 2], [0, 10, 0, 0], "must not be negative"),
        ([52, 0, 40, 0], [0, 2], [0, 8, 0, 0], "multiple of 5"),
        ([50, 0, 50, 0], "02", [0, 0, 0, 0], "finish_order must be a list"),
    ],
)
def test_fk_40_fk_41_bad_input(collected, order, left, message):
    with pytest.raises(ValueError, match=message):
        scoring.fifty_k_4p(collected, order, left)


# ---------------------------------------------------------------------------
# Fifty-K, 3 players


def test_fk_51_fk_53_card_points_places_and_doubling():
    result = scoring.fifty_k_3p([40, 0, 0], [0, 1], [0, 0, 60])
    assert result == {
        "card_points": [60, 0, -80],
        "ranking": [0, 1, 2],
        "places": [1, 2, 3],
        "doubled": True,
        "game_points": [120, 0, -160],
    }


def test_fk_53_doubled_when_the_player_left_in_wins():
    # the player left in took every table point: 2nd and 3rd place took none
    result = scoring.fifty_k_3p([0, 0, 80], [0, 1], [0, 0, 20])
    assert result["card_points"] == [20, 0, 40]
    assert result["ranking"] == [2, 0, 1]
    assert result["doubled"]
    assert result["game_points"] == [40, 0, 80]


def test_fk_53_not_doubled_when_second_took_table_points():
    result = scoring.fifty_k_3p([50, 10, 30], [0, 1], [0, 0, 10])
    assert result["card_points"] == [70, 10, 0]
    assert not result["doubled"]
    assert result["game_points"] == [70, 10, 0]


def test_fk_53_not_doubled_when_third_took_table_points():
    result = scoring.fifty_k_3p([80, 0, 5], [0, 1], [0, 0, 15])
    assert result["card_points"] == [100, 0, -30]
    assert result["ranking"] == [0, 1, 2]
    assert not result["doubled"]


def test_fk_52_tie_earlier_out_ranks_higher():
    result = scoring.fifty_k_3p([30, 10, 30], [1, 0], [0, 0, 30])
    assert result["card_points"] == [30, 30, -20]
    assert result["ranking"] == [1, 0, 2]
    assert result["places"] == [2, 1, 3]


def test_fk_52_tie_player_left_in_ranks_below():
    result = scoring.fifty_k_3p([40, 10, 40], [2, 1], [10, 0, 0])
    assert result["card_points"] == [10, 10, 60]
    assert result["ranking"] == [2, 1, 0]
    result = scoring.fifty_k_3p([0, 20, 60], [0, 1], [0, 0, 20])
    assert result["card_points"] == [20, 20, 20]
    assert result["ranking"] == [0, 1, 2]


@given(
    st.lists(st.integers(0, 20), min_size=4, max_size=4),
    st.permutations(range(3)),
)
def test_fk_52_fk_53_ranking_follows_card_points(cuts, seats):
    first, second, left_in = seats
    parts = _deal_points(cuts)
    collected = [0, 0, 0]
    collected[first], collected[second], collected[left_in] = parts[0], parts[1], parts[2]
    left = [0, 0, 0]
    left[left_in] = parts[3] + parts[4]
    result = scoring.fifty_k_3p(collected, [first, second], left)
    ranked = [result["card_points"][seat] for seat in result["ranking"]]
    assert ranked == sorted(ranked, reverse=True)
    assert sorted(result["places"]) == [1, 2, 3]
    assert result["card_points"][left_in] == collected[left_in] - 20 - left[left_in]
    factor = 2 if result["doubled"] else 1
    assert result["game_points"] == [factor * value for value in result["card_points"]]


@pytest.mark.parametrize(
    ("collected", "order", "left", "message"),
    [
        ([50, 0, 50, 0], [0, 1], [0, 0, 0, 0], "collected must have 3 entries"),
        ([50, 0, 50], [0], [0, 0, 0], "exactly two players are out"),
        ([50, 0, 50], [0, 1, 2], [0, 0, 0], "exactly two players are out"),
        ([50, 0, 40], [0, 1], [0, 10, 0], "seat 1 is out"),
        ([50, 0, 40], [0, 1], [0, 0, 0], "100 points"),
        ([50, 0, 40], [0, 3], [0, 0, 10], "finish_order entry must be a seat 0..2"),
    ],
)
def test_fk_50_fk_51_bad_input(collected, order, left, message):
    with pytest.raises(ValueError, match=message):
        scoring.fifty_k_3p(collected, order, left)


def _typed(result):
    """A result with each value's type beside it: the one-hand scoring (plain ints) and
    the table's rows (numpy's, made lists) must agree on types too (17.5 vs 17, bool)."""
    return {
        key: [(type(v), v) for v in value] if isinstance(value, list) else (type(value), value)
        for key, value in result.items()
    }


def _fk_4p_hand(cuts, order):
    """A valid 4-player hand: the points collected and left in the first seat still in."""
    *collected, in_hand = _deal_points(cuts)
    left = [0, 0, 0, 0]
    left[min(seat for seat in range(4) if seat not in order)] = in_hand
    return collected, order, left


@given(
    st.lists(
        st.tuples(
            st.lists(st.integers(0, 20), min_size=4, max_size=4),
            st.sampled_from([[0, 2], [2, 0], [1, 3], [0, 1, 2], [1, 2, 3], [3, 0, 1], [2, 1, 0]]),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_fk_41_fk_43_a_batch_scores_each_hand_as_alone(hands):
    """`fifty_k_4p_table` (what `simulate` scores with) gives every row what
    `fifty_k_4p` gives that hand alone, finish orders of 2 and 3 seats mixed."""
    rows = [_fk_4p_hand(cuts, order) for cuts, order in hands]
    table = scoring.fifty_k_4p_table(
        [c for c, _, _ in rows],
        [o + [-1] * (3 - len(o)) for _, o, _ in rows],
        [x for *_, x in rows],
    )
    for i, row in enumerate(rows):
        alone = scoring.fifty_k_4p(*row)
        assert _typed({key: value[i].tolist() for key, value in table.items()}) == _typed(alone)


@given(
    st.lists(
        st.tuples(st.lists(st.integers(0, 20), min_size=4, max_size=4), st.permutations(range(3))),
        min_size=1,
        max_size=12,
    )
)
def test_fk_51_fk_53_a_batch_scores_each_hand_as_alone(hands):
    """`fifty_k_3p_table` gives every row what `fifty_k_3p` gives that hand alone."""
    rows = []
    for cuts, (first, second, left_in) in hands:
        parts = _deal_points(cuts)
        collected = [0, 0, 0]
        collected[first], collected[second], collected[left_in] = parts[:3]
        left = [0, 0, 0]
        left[left_in] = parts[3] + parts[4]
        rows.append((collected, [first, second], left))
    table = scoring.fifty_k_3p_table(*([row[k] for row in rows] for k in range(3)))
    for i, row in enumerate(rows):
        alone = scoring.fifty_k_3p(*row)
        assert _typed({key: value[i].tolist() for key, value in table.items()}) == _typed(alone)


def test_scoring_is_exported():
    assert "scoring" in fenpai.__all__
    assert fenpai.scoring is scoring
