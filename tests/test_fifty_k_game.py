"""Fifty-K whole games through the Game API: deal, turns, collecting, going out and
scoring (FK-1, FK-2, FK-30..FK-33, FK-40..FK-43, FK-50..FK-53)."""

import collections
import json
import random

import pytest

import fenpai
from fenpai import IllegalAction
from fenpai.bots import Bot
from fenpai.simulation import play_game

RANKS = "23456789TJQKA"
DECK = [r + s for s in "shcd" for r in RANKS]
POINTS = {"5": 5, "T": 10, "K": 10}


def pts(cards):
    return sum(POINTS.get(c[0], 0) for c in cards)


def deal(hands, players=4, first_seat=0):
    """The deck (C-5) that deals exactly these hands, card i to seat (first_seat + i) mod n."""
    hands = [h.split() for h in hands]
    assert sorted(sum(hands, [])) == sorted(DECK)
    deck = []
    for i in range(52):
        seat = (first_seat + i) % players
        deck.append(hands[seat][i // players])
    return " ".join(deck)


def test_fk_1_four_players_get_13():
    g = fenpai.new_game("fifty_k", seed=1)
    assert g.view()["hand_sizes"] == [13] * 4


def test_fk_1_three_players_random_first_seat_gets_18():
    sizes = set()
    for seed in range(30):
        g = fenpai.new_game("fifty_k", seed=seed, players=3)
        s = g.view()["hand_sizes"]
        assert sorted(s) == [17, 17, 18]
        sizes.add(s.index(18))
    assert sizes == {0, 1, 2}


def test_fk_2_holder_of_3h_leads_and_need_not_play_it():
    for seed in range(10):
        g = fenpai.new_game("fifty_k", seed=seed)
        leader = g.to_act[0]
        assert "3h" in g.view(leader)["hand"].split()
    assert any(not a.startswith("play 3h") for a in g.legal_actions(leader))
    other = next(a for a in g.legal_actions(leader) if "3h" not in a)
    g.apply(leader, other)


def test_fk_30_leader_must_play_followers_beat_or_pass():
    g = fenpai.new_game("fifty_k", deck=deal(HANDS_4P))
    before = g.to_json()
    with pytest.raises(IllegalAction, match="leader must play"):
        g.apply(0, "pass")
    assert g.to_json() == before
    assert "pass" not in g.legal_actions(0)
    g.apply(0, "play 4h")
    assert g.legal_actions(1)[0] == "pass"
    with pytest.raises(IllegalAction, match="does not beat"):
        g.apply(1, "play 3s")
    g.apply(1, "pass")
    g.apply(2, "play 5c")
    g.apply(3, "pass")
    g.apply(0, "pass")
    g.apply(1, "play 6s")  # FK-30: passing earlier does not stop a later play
    assert g.view()["top"] == {"seat": 1, "cards": "6s", "kind": "single"}
    assert g.view()["table_points"] == 5


HANDS_4P = [
    # seat 0 holds 3h and leads; seats 1 and 3 only pass in the scripted hands below
    "3h 4h 6h 7h 8h 9h Jh Qh Ah 2h 5h Th Kh",
    "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2s",
    "3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2c",
    "3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 2d",
]


def drive(g, plan):
    """Each seat plays per its plan: 'low' leads/beats with its first legal play
    (lowest single), 'pass' passes whenever it may (leading its lowest card)."""
    while g.phase != "done":
        seat = g.to_act[0]
        legal = g.legal_actions(seat)
        plays = [a for a in legal if a != "pass"]
        if plan[seat] == "pass" and "pass" in legal or not plays:
            g.apply(seat, "pass")
        else:
            g.apply(seat, plays[0])


def test_fk_31_fk_32_fk_40_fk_41_fk_43_doubled_when_losers_took_nothing():
    g = fenpai.new_game("fifty_k", deck=deal(HANDS_4P), lead_after_out="partner")
    assert g.to_act == [0]
    drive(g, {0: "low", 1: "pass", 2: "pass", 3: "pass"})
    r = g.result
    assert r["finish_order"] == [0, 2]  # FK-32 partner leads after 0 goes out; FK-40
    hp1, hp3 = pts(HANDS_4P[1].split()), pts(HANDS_4P[3].split())
    assert r["collected"] == [pts(HANDS_4P[0].split()), 0, pts(HANDS_4P[2].split()), 0]
    assert r["card_points"] == [
        r["collected"][0] + 20,
        -20 - hp1,
        r["collected"][2],
        -20 - hp3,
    ]  # FK-41
    assert r["winner"] == 0 and r["doubled"]  # FK-42, FK-43
    team0 = r["card_points"][0] + r["card_points"][2]
    team1 = r["card_points"][1] + r["card_points"][3]
    assert r["game_points"] == [team0, team1, team0, team1]  # x2, halves: each gets team/2*2
    assert r["winners"] == [0, 2]


# Seat 0 and seat 1 each hold a 12-card straight and a 2; seat 3 the clubs, seat 2 the
# diamonds: seat 0 goes out first, then seats 1 and 3 (FK-41's case where the team
# that did not finish is the first player's own).
HANDS_FIRST_OUTS_TEAM_LEFT = [
    "3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2h",
    "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2s",
    "3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 2d",
    "3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2c",
]


def first_outs_team_left():
    """The hand of HANDS_FIRST_OUTS_TEAM_LEFT played to its end: out 0, 1, 3."""
    g = fenpai.new_game("fifty_k", deck=deal(HANDS_FIRST_OUTS_TEAM_LEFT))
    straight = "3 4 5 6 7 8 9 T J Q K A".split()
    script = [
        (0, "play " + " ".join(r + "h" for r in straight)),
        (1, "pass"), (2, "pass"), (3, "pass"),  # seat 0 collects 25 (FK-31)
        (0, "play 2h"),  # out first (FK-32)
        (1, "pass"), (2, "pass"), (3, "pass"),
        (1, "play " + " ".join(r + "s" for r in straight)),
        (2, "pass"), (3, "pass"),  # seat 1 collects 25
        (1, "play 2s"),  # out second
        (2, "pass"), (3, "pass"),
        (2, "play 3d"), (3, "play 2c"), (2, "pass"),
        (3, "play " + " ".join(r + "c" for r in straight)),  # out: team (1, 3) is out
    ]  # fmt: skip
    for seat, action in script:
        assert g.to_act == [seat], (seat, action)
        g.apply(seat, action)
    return g


def test_fk_41_the_team_left_in_may_be_the_first_players_own():
    g = first_outs_team_left()
    r = g.result
    assert g.phase == "done" and r["finish_order"] == [0, 1, 3]  # FK-40
    assert r["collected"] == [25, 25, 0, 25]  # seat 3 takes the table at the end (FK-33)
    # FK-41: seat 0 +20 for going out first; the team that did not finish is seat 0's
    # own, and its one player still in, seat 2, loses 20 and its hand's 25 points.
    assert r["hand_points_left"] == [0, 0, 25, 0]
    assert r["card_points"] == [45, 25, -45, 25]
    assert (r["team_points"], r["winner"], r["doubled"]) == ([0, 50], 1, False)
    assert r["game_points"] == [0.0, 25.0, 0.0, 25.0] and r["winners"] == [1, 3]


def test_fk_41_the_point_cards_left_in_hand_are_listed_once_the_hand_is_over():
    g = fenpai.new_game("fifty_k", deck=deal(HANDS_FIRST_OUTS_TEAM_LEFT))
    g.apply(0, "play 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah")
    for seat in (None, 0, 1, 2, 3):  # hidden while the hand goes on
        assert "points_left_in_hand" not in g.view(seat)
    check_views(g)
    g = first_outs_team_left()
    r = g.result
    assert r["points_left_in_hand"] == ["", "", "Kd Td 5d", ""]
    check_views(g)
    for seat in (None, 0, 1, 2, 3):  # public once the hand is over
        assert g.view(seat)["points_left_in_hand"] == r["points_left_in_hand"]


def test_fk_32_lead_after_out_next():
    g = fenpai.new_game("fifty_k", deck=deal(HANDS_4P), lead_after_out="next")
    drive(g, {0: "low", 1: "pass", 2: "pass", 3: "pass"})
    # After seat 0 is out the next seat (1) must lead: it plays, so it is no longer
    # possible for team 1 to have collected nothing only by passing.
    assert g.result["finish_order"][0] == 0
    assert g.result["collected"][1] + g.result["collected"][3] >= 0


def test_fk_50_fk_51_fk_52_fk_53_three_players_doubled():
    point_cards = [c for c in DECK if c[0] in "5TK"]
    plain = [c for c in DECK if c[0] not in "5TK" and c != "3h"]
    seat0 = ["3h", *point_cards, *plain[:5]]
    seat1, seat2 = plain[5:22], plain[22:39]
    deck = deal([" ".join(seat0), " ".join(seat1), " ".join(seat2)], players=3)
    g = fenpai.new_game("fifty_k", deck=deck, players=3, first_seat=0)
    drive(g, {0: "low", 1: "pass", 2: "pass"})
    r = g.result
    assert r["finish_order"] == [0, 1]  # FK-50
    assert r["card_points"] == [120, 0, -20]  # FK-51
    assert r["places"] == [1, 2, 3] and r["ranking"] == [0, 1, 2]  # FK-52
    assert r["doubled"] and r["game_points"] == [240, 0, -40]  # FK-53


ONE_DECK = collections.Counter(DECK)


def reference_4p(collected, order, left):
    """FK-41..FK-43 from the rule text."""
    card = list(collected)
    card[order[0]] += 20
    for s in range(4):
        if s not in order:
            card[s] -= 20 + left[s]
    team = [card[0] + card[2], card[1] + card[3]]
    if team[0] != team[1]:
        winner = 0 if team[0] > team[1] else 1
    else:
        winner = order[0] % 2
    loser = 1 - winner
    took = collected[loser] + collected[loser + 2]
    doubled = took == 0 and order[0] % 2 != loser
    gp = [t * (2 if doubled else 1) / 2 for t in team]
    return card, winner, doubled, [gp[s % 2] for s in range(4)]


def reference_3p(collected, order, left):
    """FK-51..FK-53 from the rule text."""
    card = list(collected)
    card[order[0]] += 20
    last = next(s for s in range(3) if s not in order)
    card[last] -= 20 + left[last]
    rank_of = {order[0]: 0, order[1]: 1, last: 2}
    ranking = sorted(range(3), key=lambda s: (-card[s], rank_of[s]))
    doubled = collected[ranking[1]] == 0 and collected[ranking[2]] == 0
    return card, ranking, doubled, [c * (2 if doubled else 1) for c in card]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("lead_after_out", ["next", "partner"])
@pytest.mark.parametrize("pure", ["suit", "equal"])
def test_fk_random_playouts_score_by_the_rules(players, lead_after_out, pure):
    """300 random games per option set: C-61, FK scoring by the rule text, replay, views;
    under FKO-12 no pure fifty-K is ever played on another."""
    rng = random.Random(players * 7 + len(lead_after_out) + len(pure))
    options = {"players": players, "lead_after_out": lead_after_out, "pure_fifty_k_order": pure}
    for seed in range(300):
        g = fenpai.new_game("fifty_k", seed=seed, **options)
        steps = 0
        while g.phase != "done":
            if steps % 25 == 0:
                assert collections.Counter(map(str, g.all_cards())) == ONE_DECK  # C-61
                check_views(g)
            s = g.to_act[0]
            before = g.view()["top"]
            g.apply_legal(s, rng.randrange(g.num_legal(s)))
            after = g.view()["top"]
            if pure == "equal" and before and after and after["seat"] == s:
                assert (before["kind"], after["kind"]) != ("pure_fifty_k",) * 2  # FKO-12
            steps += 1
        r = g.result
        collected, order, left = r["collected"], r["finish_order"], r["hand_points_left"]
        assert sum(collected) + sum(left) == 100
        if players == 4:
            card, winner, doubled, gp = reference_4p(collected, order, left)
            assert (r["card_points"], r["winner"], r["doubled"]) == (card, winner, doubled)
        else:
            card, ranking, doubled, gp = reference_3p(collected, order, left)
            assert (r["card_points"], r["ranking"], r["doubled"]) == (card, ranking, doubled)
        assert r["game_points"] == gp
        check_views(g)
        replay = fenpai.new_game("fifty_k", seed=seed, **options)
        for seat, action in g.history:
            replay.apply(seat, action)
        assert replay.to_json() == g.to_json()
        assert fenpai.Game.from_json(g.to_json()).to_json() == g.to_json()


def check_views(g):
    """No view holds a card of another seat's hand; once the hand is over, its point cards
    are public (FK-41, FK-51) and shown per seat, and only they."""
    left = [[str(c) for c in g.hand_of(s) if c.points] for s in range(g.num_players)]
    for seat in [None, *range(g.num_players)]:
        v = g.view(seat)
        if g.phase == "done":
            assert [t.split() for t in v["points_left_in_hand"]] == left
        else:
            assert "points_left_in_hand" not in v
        shown = json.loads(json.dumps(v))
        for part in (shown, shown.get("result", {})):
            part.pop("points_left_in_hand", None)
        shown.pop("hand", None)
        text = json.dumps(shown)
        tokens = set(text.replace('"', " ").replace(",", " ").replace("]", " ").split())
        for other in range(g.num_players):
            if other == seat:
                continue
            hidden = set(map(str, g.hand_of(other)))
            if g.phase == "done":
                hidden -= set(left[other])
            leak = hidden & tokens
            assert not leak, f"view({seat}) shows seat {other}'s {leak}"
        if seat is not None:
            assert v["hand"] == fenpai.format_cards(g.hand_of(seat))


def test_fk_42_tie_goes_to_the_first_out_team():
    for seed in range(4000):
        g = fenpai.new_game("fifty_k", seed=seed)
        play_game(g, [Bot("random", seed * 4 + s) for s in range(4)])
        r = g.result
        if r["team_points"][0] == r["team_points"][1]:
            assert r["winner"] == r["finish_order"][0] % 2
            return
    pytest.fail("no tied hand in 4000 random games")


def test_fk_17_named_kind_and_bad_plays():
    g = fenpai.new_game("fifty_k", seed=4)
    leader = g.to_act[0]
    before = g.to_json()
    for action, message in [
        ("play 3h as pair", "not a pair"),
        ("play 3h as flush", "unknown|not a"),
        ("play BJ", "joker"),
        ("play 3h 3h", "twice|Duplicate|duplicate"),
        ("bid 60", "'play CARDS"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            g.apply(leader, action)
        assert g.to_json() == before
    g.apply(leader, "play 3h as single")
    assert g.history == [(leader, "play 3h")]


def test_fk_options_are_checked():
    with pytest.raises(ValueError, match=r"players=5 needs decks 2, 3 or 4.*not decks=1"):
        fenpai.new_game("fifty_k", players=5)
    with pytest.raises(ValueError, match=r"players must be 3 to 8 \(FK-1, FKO-23\), not 9"):
        fenpai.new_game("fifty_k", players=9, decks=2)
    with pytest.raises(ValueError, match="lead_after_out"):
        fenpai.new_game("fifty_k", lead_after_out="left")


def test_apply_legal_takes_an_int_index_not_a_bool():
    """A bool is an int to Python; as an index it is refused and changes nothing."""
    game = fenpai.new_game("fifty_k", seed=2)
    seat, before = game.to_act[0], game.to_json()
    with pytest.raises(fenpai.IllegalAction, match="an index is an int"):
        game.apply_legal(seat, True)
    assert game.to_json() == before
