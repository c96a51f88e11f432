"""Fifty-K's scoring with N players and several decks (FKO-23, FKO-30..FKO-35):
`scoring.fifty_k_teams` (4, 6, 8 players) and `scoring.fifty_k_solo` (3, 5, 7), of which
`fifty_k_4p` and `fifty_k_3p` are the one-deck cases."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fenpai import scoring


def test_fko_31_fko_33_six_players_two_decks():
    # Seats 0, 2, 4 (team 0) are all out after seat 1: seats 3 and 5 are left in.
    result = scoring.fifty_k_teams(
        [60, 20, 40, 10, 30, 0], [0, 2, 1, 4], [0, 0, 0, 25, 0, 15], players=6, decks=2
    )
    assert result["card_points"] == [80, 20, 40, -35, 30, -35]
    assert result["team_points"] == [150, -50]
    assert result["winner"] == 0
    assert not result["doubled"], "the losers collected 30"
    assert result["team_game_points"] == [150, -50]
    assert result["game_points"] == [50.0, -50 / 3, 50.0, -50 / 3, 50.0, -50 / 3]


def test_fko_33_eight_players_doubled_in_quarters():
    collected = [100, 0, 50, 0, 40, 0, 10, 0]
    left = [0, 0, 0, 0, 0, 0, 0, 100]
    result = scoring.fifty_k_teams(collected, [0, 2, 4, 6], left, players=8, decks=3)
    assert result["card_points"] == [120, -20, 50, -20, 40, -20, 10, -120]
    assert result["team_points"] == [220, -180]
    assert result["doubled"], "the losers took no table points and were not first out"
    assert result["team_game_points"] == [440, -360]
    assert result["game_points"] == [110.0, -90.0] * 4


def test_fko_32_the_higher_total_wins_and_a_tie_goes_to_the_first_players_team():
    collected = [0, 50, 0, 50, 0, 50]
    left = [0, 0, 0, 0, 50, 0]
    result = scoring.fifty_k_teams(collected, [1, 0, 3, 2, 5], left, players=6, decks=2)
    # team 1 all out; seat 4 is left in: 0 - 20 - 50
    assert result["card_points"] == [0, 70, 0, 50, -70, 50]
    assert result["team_points"] == [-70, 170] and result["winner"] == 1
    # seats 2 and 4 left in; both teams total 80: seat 0 went out first
    collected = [50, 30, 40, 30, 20, 20]
    left = [0, 0, 10, 0, 0, 0]
    result = scoring.fifty_k_teams(collected, [0, 1, 3, 5], left, players=6, decks=2)
    assert result["card_points"] == [70, 30, 10, 30, 0, 20]
    assert result["team_points"] == [80, 80] and result["winner"] == 0
    mirrored = scoring.fifty_k_teams(
        [30, 50, 30, 40, 20, 20], [1, 0, 2, 4], [0, 0, 0, 10, 0, 0], players=6, decks=2
    )
    assert mirrored["team_points"] == [80, 80] and mirrored["winner"] == 1


def test_fko_34_fko_35_five_players_places_and_doubling():
    collected = [100, 0, 0, 0, 40]
    left = [0, 0, 0, 60, 0]
    result = scoring.fifty_k_solo(collected, [0, 1, 2, 4], left, players=5, decks=2)
    assert result["card_points"] == [120, 0, 0, -80, 40]
    assert result["ranking"] == [0, 4, 1, 2, 3]
    assert result["places"] == [1, 3, 4, 5, 2]
    assert not result["doubled"], "seat 4, placed second, took 40"
    assert result["game_points"] == result["card_points"]
    result = scoring.fifty_k_solo([140, 0, 0, 0, 0], [0, 1, 2, 4], left, players=5, decks=2)
    assert result["doubled"]
    assert result["game_points"] == [320, 0, 0, -160, 0]


def test_fko_34_the_player_left_in_ranks_below_every_tie():
    collected = [0, 0, 0, 0, 0, 0, 160]
    left = [0] * 6 + [140]
    result = scoring.fifty_k_solo(collected, [5, 4, 3, 2, 1, 0], left, players=7, decks=3)
    assert result["card_points"] == [0, 0, 0, 0, 0, 20, 0]
    assert result["ranking"] == [5, 4, 3, 2, 1, 0, 6]
    with pytest.raises(ValueError, match="hold the decks' 200 points"):
        scoring.fifty_k_solo(collected, [5, 4, 3, 2, 1, 0], left, players=7, decks=2)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: scoring.fifty_k_teams([100] + [0] * 5, [0, 2, 4], [0] * 6, players=6),
            "decks must be 1 to 4, and 1 only for 4 players",
        ),
        (
            lambda: scoring.fifty_k_teams([200] + [0] * 4, [0], [0] * 5, players=5, decks=2),
            "players must be 4, 6 or 8 for two teams",
        ),
        (
            lambda: scoring.fifty_k_solo([200] + [0] * 5, [0], [0] * 6, players=6, decks=2),
            "players must be 3, 5 or 7 without teams",
        ),
        (
            lambda: scoring.fifty_k_teams([200] + [0] * 5, [0, 2], [0] * 6, players=6, decks=2),
            r"ends only when all three players of one team are out \(FKO-30\)",
        ),
        (
            lambda: scoring.fifty_k_teams(
                [200] + [0] * 5, [0, 2, 4, 1], [0] * 6, players=6, decks=2
            ),
            r"the hand ended when seat 4 went out, all three players of its team",
        ),
        (
            lambda: scoring.fifty_k_solo([200] + [0] * 4, [0, 1, 2], [0] * 5, players=5, decks=2),
            r"exactly four players are out \(FKO-30\)",
        ),
        (
            lambda: scoring.fifty_k_teams([100] + [0] * 5, [0, 2, 4], [0] * 6, players=6, decks=2),
            "hold the decks' 200 points",
        ),
        (
            lambda: scoring.fifty_k_teams(
                [0] * 6, [0, 2, 4], [0, 210, 0, 0, 0, 0], players=6, decks=2
            ),
            "must be at most 200",
        ),
    ],
)
def test_fko_23_fko_30_bad_input(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def _split(total, parts, draw):
    """`parts` multiples of 5 summing to `total`, from hypothesis."""
    cuts = sorted(
        draw(st.lists(st.integers(0, total // 5), min_size=parts - 1, max_size=parts - 1))
    )
    bounds = [0, *cuts, total // 5]
    return [5 * (b - a) for a, b in zip(bounds, bounds[1:], strict=False)]


@st.composite
def team_hands(draw):
    players = draw(st.sampled_from([4, 6, 8]))
    decks = draw(st.sampled_from([2, 3, 4])) if players > 4 else draw(st.integers(1, 4))
    seats = draw(st.permutations(range(players)))
    order, out = [], [0, 0]
    for seat in seats:
        order.append(seat)
        out[seat % 2] += 1
        if out[seat % 2] == players // 2:
            break
    still_in = [s for s in range(players) if s not in order]
    parts = _split(100 * decks, players + len(still_in), draw)
    collected, rest = parts[:players], parts[players:]
    left = [0] * players
    for seat, value in zip(still_in, rest, strict=True):
        left[seat] = value
    return collected, order, left, players, decks


@given(team_hands())
def test_fko_31_fko_33_team_invariants(hand):
    collected, order, left, players, decks = hand
    result = scoring.fifty_k_teams(collected, order, left, players=players, decks=decks)
    still_in = players - len(order)
    assert sum(result["card_points"]) == 100 * decks - 2 * sum(left) + 20 - 20 * still_in
    for seat in range(players):
        expected = collected[seat] + 20 * (seat == order[0])
        if seat not in order:
            expected -= 20 + left[seat]
        assert result["card_points"][seat] == expected
        share = result["game_points"][seat] * (players // 2)
        assert share == pytest.approx(result["team_game_points"][seat % 2])
    winner = result["winner"]
    assert result["team_points"][winner] >= result["team_points"][1 - winner]
    loser_took = sum(collected[1 - winner :: 2])
    assert result["doubled"] == (loser_took == 0 and order[0] % 2 != 1 - winner)
    if players == 4 and decks == 1:
        assert result == scoring.fifty_k_4p(collected, order, left)


@st.composite
def solo_hands(draw):
    players = draw(st.sampled_from([3, 5, 7]))
    decks = draw(st.sampled_from([2, 3, 4])) if players > 3 else draw(st.integers(1, 4))
    seats = draw(st.permutations(range(players)))
    order, left_in = list(seats[:-1]), seats[-1]
    parts = _split(100 * decks, players + 1, draw)
    left = [0] * players
    left[left_in] = parts[players]
    return parts[:players], order, left, players, decks


@given(solo_hands())
def test_fko_31_fko_34_fko_35_solo_invariants(hand):
    collected, order, left, players, decks = hand
    result = scoring.fifty_k_solo(collected, order, left, players=players, decks=decks)
    (left_in,) = set(range(players)) - set(order)
    for seat in range(players):
        expected = collected[seat] + 20 * (seat == order[0]) - (20 + left[seat]) * (seat == left_in)
        assert result["card_points"][seat] == expected
    ranked = [result["card_points"][seat] for seat in result["ranking"]]
    assert ranked == sorted(ranked, reverse=True)
    exits = [order.index(s) if s in order else players for s in result["ranking"]]
    for i in range(players - 1):
        assert ranked[i] > ranked[i + 1] or exits[i] < exits[i + 1], "FKO-34's tie-break"
    assert [result["places"][s] for s in result["ranking"]] == list(range(1, players + 1))
    assert result["doubled"] == all(collected[s] == 0 for s in result["ranking"][1:])
    factor = 2 if result["doubled"] else 1
    assert result["game_points"] == [factor * p for p in result["card_points"]]
    if players == 3 and decks == 1:
        assert result == scoring.fifty_k_3p(collected, order, left)
