"""Matches: hands chained by `fenpai.new_match` (Tractor TR-30..TR-32, TR-43, TR-50;
Red Five 4p totals), deterministic from the match seed and the reported match time,
serialized and replayed."""

import json
import random

import pytest

import fenpai
from fenpai import IllegalAction
from fenpai.games.match import hand_seed

LEVELS = "23456789TJQKA"


def finish(game, rng):
    """Plays the hand to its end with uniformly random legal actions."""
    while game.phase != "done":
        (seat,) = game.to_act
        game.apply_legal(seat, rng.randrange(game.num_legal(seat)))


def play_match(m, rng, max_hands=300):
    """Plays every hand of `m` to the end of the match; returns the finished hands."""
    hands = []
    for _ in range(max_hands):
        finish(m.game, rng)
        hands.append(m.game)
        if m.done:
            return hands
        m.next_hand()
    raise AssertionError("the match did not end")


def test_tr_30_a_match_runs_to_the_first_team_passing_a():
    rng = random.Random(7)
    m = fenpai.new_match("tractor", seed=7)
    first = m.game
    assert first.options["dealer"] is None and first.options["levels"] == ("2", "2")
    assert m.totals == [0.0] * 4 and not m.done
    hands = play_match(m, rng)
    assert len(hands) > 1 and m.games == hands
    for before, after in zip(hands, hands[1:], strict=False):
        r = before.result
        assert r["match_won"] is None  # TR-30: only the last hand ends the match
        assert list(after.options["levels"]) == r["new_levels"]  # TR-42, TR-43
        assert after.options["dealer"] == r["next_dealer"]  # TR-32
        assert after.declarer == r["next_dealer"]  # TR-13: the dealer is fixed
        assert after.level == r["new_levels"][r["next_dealer"] % 2]  # TR-2
        took_over = r["attacker_points"] >= 80
        assert r["next_dealer"] == (r["dealer"] + (1 if took_over else 2)) % 4
    last = hands[-1].result
    winner = last["match_won"]
    assert winner is not None and last["winner_team"] == "defenders"
    assert last["dealer"] % 2 == winner and last["level"] == "A"  # TR-43: held at A
    assert m.done and m.results == [g.result for g in hands[:-1]]
    loser_level = last["new_levels"][1 - winner]
    assert m.totals == [
        13.0 if s % 2 == winner else float(LEVELS.index(loser_level)) for s in range(4)
    ]
    with pytest.raises(IllegalAction, match="the match is over"):
        m.next_hand()
    # TR-50: game points are the levels actually gained, so they add up to the totals.
    assert m.totals == [sum(g.result["game_points"][s] for g in hands) for s in range(4)]


def test_tr_32_tr_43_a_match_from_a_ends_when_defenders_hold_at_a():
    rng = random.Random(3)
    m = fenpai.new_match("tractor", seed=3, levels=("A", "A"))
    assert m.totals == [12.0] * 4
    hands = play_match(m, rng)
    assert m.totals == [12 + sum(g.result["game_points"][s] for g in hands) for s in range(4)]
    for g in hands[:-1]:
        r = g.result
        assert r["attacker_points"] >= 80 and r["new_levels"] == ["A", "A"]
    r = hands[-1].result
    assert r["attacker_points"] < 80 and r["match_won"] == r["dealer"] % 2


def test_tr_31_a_hands_limit_stops_a_match_and_totals_give_the_standing():
    """Besides the clock (TR-31), a match may be cut at a number of hands; its totals
    (each team's level as levels gained since 2) say who leads."""
    rng = random.Random(5)
    m = fenpai.new_match("tractor", seed=5, hands=2)
    hands = play_match(m, rng)
    assert len(hands) == 2 and m.done
    levels = hands[-1].result["new_levels"]
    assert m.totals == [float(LEVELS.index(levels[s % 2])) for s in range(4)]
    with pytest.raises(IllegalAction, match="the match is over"):
        m.next_hand()


def test_tr_50_hands_of_a_match_are_tractor_hands_with_carried_options():
    m = fenpai.new_match("tractor", seed=1, levels=["5", "5"], follow_format="full")
    finish(m.game, random.Random(1))
    nxt = m.next_hand()
    assert nxt is m.game and nxt.variant == "tractor"
    assert nxt.options["follow_format"] == "full"
    assert nxt.options["dealer"] in range(4)


def test_next_hand_only_once_the_hand_is_done():
    m = fenpai.new_match("tractor", seed=2)
    before = m.to_json()
    with pytest.raises(IllegalAction, match="not over yet"):
        m.next_hand()
    assert m.to_json() == before


def test_hand_seeds_come_from_the_match_seed_and_the_hand_number():
    seeds = [hand_seed(9, n) for n in range(5)]
    assert len(set(seeds)) == 5 and all(0 <= s < 2**64 for s in seeds)
    assert seeds == [hand_seed(9, n) for n in range(5)] and hand_seed(10, 0) != seeds[0]
    m = fenpai.new_match("tractor", seed=9)
    assert m.game.config()["seed"] == seeds[0]
    finish(m.game, random.Random(0))
    m.next_hand()
    assert m.game.config()["seed"] == seeds[1]


def test_same_seed_and_actions_give_the_same_match():
    a, b = fenpai.new_match("tractor", seed=4), fenpai.new_match("tractor", seed=4)
    for m in (a, b):
        rng = random.Random(1)
        for _ in range(3):
            finish(m.game, rng)
            if m.done:
                break
            m.next_hand()
    assert a.to_json() == b.to_json()


def test_match_json_round_trips_mid_hand_and_at_the_end():
    rng = random.Random(11)
    m = fenpai.new_match("tractor", seed=11)
    finish(m.game, rng)
    m.next_hand()
    for _ in range(30):
        (seat,) = m.game.to_act
        m.game.apply_legal(seat, rng.randrange(m.game.num_legal(seat)))
    text = m.to_json()
    copy = fenpai.Match.from_json(text)
    assert copy.to_json() == text and len(copy.games) == 2
    assert copy.game.view(0) == m.game.view(0)
    play_match(m, rng)
    text = m.to_json()
    copy = fenpai.Match.from_json(text)
    assert copy.to_json() == text and copy.done and copy.totals == m.totals


def test_match_json_that_is_not_the_matchs_deal_is_refused():
    rng = random.Random(12)
    m = fenpai.new_match("tractor", seed=12)
    finish(m.game, rng)
    m.next_hand()
    data = json.loads(m.to_json())
    data["games"][1]["seed"] += 1
    with pytest.raises(ValueError, match="hand 1 is not the hand this match deals"):
        fenpai.Match.from_json(json.dumps(data))
    for bad in ("{}", "[]", "not json", json.dumps({"fenpai_match": 99})):
        with pytest.raises(ValueError):
            fenpai.Match.from_json(bad)


def test_red_five_4p_match_totals_are_cumulative_game_points():
    rng = random.Random(6)
    m = fenpai.new_match("red_five_4p", seed=6, hands=3, decks=3)
    assert m.totals == [0.0] * 4
    hands = play_match(m, rng)
    assert len(hands) == 3 and m.done
    assert all(g.options["decks"] == 3 for g in hands)
    sums = [sum(g.result["game_points"][s] for g in hands) for s in range(4)]
    assert m.totals == sums and sum(m.totals) == 0
    for n, g in enumerate(hands):  # R4-11: each hand's first bidder from its own seed
        fresh = fenpai.new_game("red_five_4p", seed=hand_seed(6, n), decks=3)
        assert g.view()["first_bidder"] == fresh.view()["first_bidder"]
    assert fenpai.Match.from_json(m.to_json()).to_json() == m.to_json()


@pytest.mark.parametrize("players", [3, 4])
def test_fifty_k_match_totals_are_cumulative_game_points(players):
    rng = random.Random(players)
    m = fenpai.new_match("fifty_k", seed=2, hands=3, players=players)
    hands = play_match(m, rng)
    assert len(hands) == 3 and m.num_players == players
    assert m.totals == [sum(g.result["game_points"][s] for g in hands) for s in range(players)]
    assert fenpai.Match.from_json(m.to_json()).to_json() == m.to_json()


def test_r5_2_red_five_5p_match_carries_the_declarer_as_the_next_yuan_zhuang():
    """R5-2: each hand's declarer is the next hand's 原庄 (option prev_declarer)."""
    rng = random.Random(5)
    m = fenpai.new_match("red_five_5p", seed=5, hands=4)
    assert m.game.options["prev_declarer"] == 0  # the table's owner, seat 0, at first
    hands = play_match(m, rng)
    for before, after in zip(hands, hands[1:], strict=False):
        assert after.options["prev_declarer"] == before.result["declarer"]
    assert m.totals == [sum(g.result["game_points"][s] for g in hands) for s in range(5)]
    assert sum(m.totals) == 0
    assert fenpai.Match.from_json(m.to_json()).to_json() == m.to_json()


def test_red_five_4p_match_without_a_limit_goes_on():
    rng = random.Random(8)
    m = fenpai.new_match("red_five_4p", seed=8)
    for _ in range(3):
        finish(m.game, rng)
        assert not m.done
        m.next_hand()


def test_bad_match_configuration_is_a_value_error():
    with pytest.raises(ValueError, match="no match rules for variant 'red_six'"):
        fenpai.new_match("red_six")
    with pytest.raises(ValueError, match="hands must be"):
        fenpai.new_match("tractor", hands=0)
    with pytest.raises(ValueError, match="seed must be"):
        fenpai.new_match("tractor", seed=-1)
    with pytest.raises(ValueError, match="same level"):
        fenpai.new_match("tractor", levels=("2", "3"))
    assert fenpai.games.new_match is fenpai.new_match and fenpai.games.Match is fenpai.Match


def test_tr_31_once_the_clock_has_run_out_the_higher_level_wins():
    """The clock (fed through `elapsed`) is read when a hand ends: not run out, the
    match goes on; run out with one team's level higher, that team wins."""
    rng = random.Random(0)
    m = fenpai.new_match("tractor", seed=0, clock=5400)
    finish(m.game, rng)
    assert m.totals[0] != m.totals[1]  # this deal ends with one team ahead
    m.elapsed = 5399.5
    assert not m.done and m.decided_by is None and m.winners == []
    m.elapsed = 5400
    assert m.done and m.decided_by == "TR-31"
    ahead = 0 if m.totals[0] > m.totals[1] else 1
    assert m.winners == [ahead, ahead + 2]
    with pytest.raises(IllegalAction, match="the match is over"):
        m.next_hand()


def test_tr_31_at_equal_levels_play_goes_on_until_one_team_gets_ahead():
    rng = random.Random(1)
    m = fenpai.new_match("tractor", seed=1, clock=60)
    m.elapsed = 3600  # long run out before the first hand ends
    hands = 0
    while True:
        finish(m.game, rng)
        hands += 1
        if m.done:
            break
        assert m.totals[0] == m.totals[1]  # equal levels: the clock cannot decide
        m.next_hand()
    assert hands > 1 and m.decided_by == "TR-31" and m.totals[0] != m.totals[1]


def test_tr_31_a_hand_under_way_is_not_cut_by_the_clock():
    m = fenpai.new_match("tractor", seed=0, clock=1)
    m.elapsed = 10
    assert not m.done and m.game.phase != "done"


def test_tr_31_the_clock_is_tractors_and_counts_seconds():
    with pytest.raises(ValueError, match="red_five_4p has no match clock"):
        fenpai.new_match("red_five_4p", clock=60)
    for bad in (0, -1, float("nan"), float("inf"), True, "90"):
        with pytest.raises(ValueError, match="clock must be a positive number of seconds"):
            fenpai.new_match("tractor", clock=bad)
    m = fenpai.new_match("tractor", clock=60)
    for bad in (-1, float("nan"), None):
        with pytest.raises(ValueError, match="elapsed must be a non-negative number"):
            m.elapsed = bad
    assert m.elapsed == 0.0


def test_tr_31_match_json_keeps_the_time_reported_at_each_hand():
    """A match the clock decided replays to the same end: each hand's reported time is
    stored, so an earlier hand does not see the last report."""
    rng = random.Random(1)
    m = fenpai.new_match("tractor", seed=1, clock=100)
    finish(m.game, rng)
    m.elapsed = 50
    m.next_hand()
    while not m.done:
        finish(m.game, rng)
        m.elapsed = 200
        if not m.done:
            m.next_hand()
    text = m.to_json()
    copy = fenpai.Match.from_json(text)
    assert copy.to_json() == text and copy.decided_by == m.decided_by
    assert copy.winners == m.winners and copy.clock == 100.0


def test_match_decided_by_names_what_ended_it():
    rng = random.Random(3)
    m = fenpai.new_match("tractor", seed=3, levels=("A", "A"))
    play_match(m, rng)
    assert m.decided_by == "TR-30" and m.winners == [s for s in range(4) if m.totals[s] == 13]
    m = fenpai.new_match("red_five_4p", seed=6, hands=2)
    play_match(m, rng)
    best = max(m.totals)
    assert m.decided_by == "hands" and m.winners == [s for s in range(4) if m.totals[s] == best]


@pytest.mark.parametrize("variant", ["red_five_4p", "red_five_5p", "fifty_k", "tractor"])
def test_a_resignation_abandons_the_match(variant):
    m = fenpai.new_match(variant, seed=4, hands=None if variant == "tractor" else 5)
    m.game.resign(1)
    assert m.done and m.decided_by == "resign" and m.winners == []
    assert len(m.totals) == m.num_players
    with pytest.raises(IllegalAction, match="the match is over"):
        m.next_hand()
    assert fenpai.Match.from_json(m.to_json()).decided_by == "resign"


def test_a_seed_as_decimal_text_is_the_same_seed():
    """The service writes seeds as text in its JSON; the constructors take either."""
    assert fenpai.new_game("tractor", seed="12").to_json() == (
        fenpai.new_game("tractor", seed=12).to_json()
    )
    assert fenpai.new_match("tractor", seed=str(2**64 - 1)).seed == 2**64 - 1
    for bad in ("-1", "1e3", "٣"):
        with pytest.raises(ValueError, match="seed must be"):
            fenpai.new_game("tractor", seed=bad)
