"""Tractor / Shengji through the Game API: one hand from the deal to the level change
(TR-1..TR-50), driven by scripted decks (C-5) and by random playouts."""

import collections
import json
import random
import re
from dataclasses import dataclass

import pytest
from view_support import assert_names_only, check_trick_records

import fenpai
from fenpai import IllegalAction
from fenpai.envs.payoffs import game_bounds
from fenpai.simulation import make_bots, play_game

LEVELS = fenpai.scoring.TRACTOR_LEVELS
RANKS = "23456789TJQKA"
POINT_RANKS = "5TK"
ONE_DECK = [r + s for s in "shcd" for r in RANKS] + ["LJ", "BJ"]
FULL = collections.Counter(ONE_DECK * 2)
HAND, KITTY, DEALT = 25, 8, 100


def points(cards):
    return sum(c.points for c in fenpai.cards(" ".join(cards))) if cards else 0


# --- scripted decks (C-5) ---------------------------------------------------------------


def deck_in_order(hands, kitty, first_seat=0):
    """The deck that gives seat s the cards hands[s] in that order and the kitty (the last
    8 cards): card i goes to seat (first_seat + i) % 4 (C-5)."""
    assert [len(h) for h in hands] == [HAND] * 4 and len(kitty) == KITTY
    dealt = [hands[(first_seat + i) % 4][i // 4] for i in range(DEALT)]
    deck = dealt + list(kitty)
    assert collections.Counter(deck) == FULL
    return " ".join(deck)


def scripted_deck(hands=(), kitty="", first_seat=0, level="2"):
    """A deck giving seat s first the cards of hands[s] (in the order written) and the kitty
    the cards of `kitty`. The other cards fill up after them: plain cards first, level
    cards and jokers last (the kitty takes those first), so that they cause no early
    declaration."""
    wanted = [h.split() for h in hands] + [[] for _ in range(4 - len(hands))]
    kit = kitty.split()
    pool = collections.Counter(FULL)
    for cs in [*wanted, kit]:
        pool.subtract(cs)
    assert min(pool.values()) >= 0, "asked for more copies than two decks hold"

    def declarable(c):
        return c in ("LJ", "BJ") or c[0] == level

    rest = sorted(pool.elements(), key=lambda c: (declarable(c), ONE_DECK.index(c)))
    special = [c for c in rest if declarable(c)]
    plain = [c for c in rest if not declarable(c)]
    take = KITTY - len(kit)
    kit += (special + plain)[:take]
    rest = plain[max(0, take - len(special)) :] + special[take:]
    hands_full = []
    for cs in wanted:
        need = HAND - len(cs)
        hands_full.append(cs + rest[:need])
        rest = rest[need:]
    return deck_in_order(hands_full, kit, first_seat)


def dealt_when(seat, j, first_seat=0):
    """How many cards are dealt once `seat` receives its j-th card (0-based)."""
    return 4 * j + (seat - first_seat) % 4 + 1


def deal(g, plan=None):
    """Answers the deal's questions (TR-12): plan[(seat, cards dealt)] is an action or a
    list of actions used in turn; every other question is answered 'pass'. Returns the
    questions that offered a declaration as (seat, cards dealt, legal actions): every
    seat is asked, most of them can only pass."""
    todo = {k: [v] if isinstance(v, str) else list(v) for k, v in (plan or {}).items()}
    asked = []
    while g.phase == "deal":
        (seat,) = g.to_act
        n = g.view()["cards_dealt"]
        legal = g.legal_actions(seat)
        if legal != ["pass"]:
            asked.append((seat, n, legal))
        answers = todo.get((seat, n))
        g.apply(seat, answers.pop(0) if answers else "pass")
    assert not any(todo.values()), f"planned answers never asked for: {todo}"
    return asked


def to_choice(g):
    """Passes for every seat asked that can only pass (TR-12: every receiver is asked),
    up to the first question with a declaration on offer or the end of declaring."""
    while g.phase == "deal" and g.legal_actions(g.to_act[0]) == ["pass"]:
        g.apply(g.to_act[0], "pass")


def play(g, plays):
    """Plays each seat's scripted plays in turn order (the game decides who is to act)."""
    queues = [list(p) for p in plays]
    while g.phase == "play":
        (seat,) = g.to_act
        g.apply(seat, "play " + queues[seat].pop(0))
    assert not any(queues), f"plays left over: {queues}"


# --- a family of whole hands with known results ------------------------------------------


@dataclass
class Script:
    hands: list
    kitty: list
    bury: str
    plays: list
    trick_points: int  # the attackers' points in tricks, by construction
    kitty_points: int


def plain(suit, level):
    """Both copies of every non-level card of `suit`, strongest first."""
    return [r + suit for r in reversed(RANKS) if r != level for _ in range(2)]


def pick(cards, ranks, size, suit):
    """Removes from `cards` the given ranks of `suit` plus low non-point cards up to `size`."""
    chosen = [r + suit for r in ranks.split()]
    for c in chosen:
        cards.remove(c)
    fill = [c for c in reversed(cards) if c[0] not in POINT_RANKS][: size - len(chosen)]
    for c in fill:
        cards.remove(c)
    return chosen + fill


def chunks(cards, sizes):
    out = []
    for n in sizes:
        out.append(" ".join(cards[:n]))
        cards = cards[n:]
    assert not cards
    return out


def family(level="2", kitty="", keep="", tails=("", "", ""), leads=None, dealer_keeps=""):
    """A no-trump hand (nobody can or does declare but seat 1, who passes) where every
    trick's winner is known: seat 0 (dealer) holds hearts and LJ, seat 1 spades, BJ and
    the 8 level cards, seat 2 clubs and LJ, seat 3 diamonds and BJ; the kitty holds 8
    spades with the point ranks `kitty`, which the dealer buries again (but for
    `dealer_keeps`, played in the last trick, for which it buries a low heart).

    Phase 1: the dealer leads single hearts and wins; seat 1 throws away the spades it
    does not `keep`. Then the dealer leads LJ and seat 1's BJ wins (TR-21: the winner
    leads). Phase 2: seat 1 leads its level cards and kept spades (`leads`, by default
    singles, the kept spades last) and wins every trick but, with `dealer_keeps`, the
    last; seats 0, 2, 3 play the hearts, clubs, diamonds whose point ranks are `tails`.
    So the attackers' trick points are known (`Script.trick_points`)."""
    spades = plain("s", level)
    kit = pick(spades, kitty, KITTY, "s")
    kept = [r + "s" for r in keep.split()]
    for c in kept:
        spades.remove(c)
    head1 = spades
    n2 = 24 - len(head1)  # cards each seat plays in phase 2
    levels = [level + s for s in "shcd" for _ in range(2)]
    leads = leads if leads is not None else levels + kept
    assert collections.Counter(" ".join(leads).split()) == collections.Counter(levels + kept)
    sizes = [len(lead.split()) for lead in leads]
    heads, tails_cards = [], []
    for suit, tail in zip("hcd", tails, strict=True):
        cards = plain(suit, level)
        tails_cards.append(pick(cards, tail, n2, suit))
        heads.append(cards)
    hands = [
        heads[0] + tails_cards[0] + ["LJ"],
        head1 + kept + levels + ["BJ"],
        heads[1] + tails_cards[1] + ["LJ"],
        heads[2] + tails_cards[2] + ["BJ"],
    ]
    bury = list(kit)
    trick_points = sum(points(t) for t in tails_cards) + points(kept)
    if dealer_keeps:
        low = next(c for c in reversed(tails_cards[0]) if c[0] not in POINT_RANKS)
        bury.remove(dealer_keeps)
        bury.append(low)
        tails_cards[0].remove(low)
        tails_cards[0].append(dealer_keeps)
        last = tails_cards[1][-sizes[-1] :] + tails_cards[2][-sizes[-1] :]
        trick_points -= points(last) + points(leads[-1].split())
    plays = [
        heads[0] + ["LJ"] + chunks(tails_cards[0], sizes),
        head1 + ["BJ"] + leads,
        heads[1] + ["LJ"] + chunks(tails_cards[1], sizes),
        heads[2] + ["BJ"] + chunks(tails_cards[2], sizes),
    ]
    return Script(hands, kit, " ".join(bury), plays, trick_points, points(bury))


def run(script, first_seat=0, **options):
    g = fenpai.new_game(
        "tractor",
        deck=deck_in_order(script.hands, script.kitty, first_seat or 0),
        first_seat=first_seat,
        **options,
    )
    deal(g)
    assert g.phase == "kitty" and g.to_act == [g.declarer]
    g.apply(g.declarer, "bury " + script.bury)
    play(g, script.plays)
    assert g.phase == "done"
    return g


# --- TR-1, TR-2, TR-50: sides, levels, options ------------------------------------------


def test_tr_1_four_players_two_decks_25_each_and_a_kitty_of_8():
    g = fenpai.new_game("tractor", seed=1)
    assert g.num_players == 4 and len(g.all_cards()) == 108
    deal(g)
    sizes = g.hand_sizes()
    assert sorted(sizes) == [25, 25, 25, 33] and sizes[g.declarer] == 33  # TR-14
    assert len(g.kitty) == 8


def test_tr_2_level_rank_is_the_dealing_teams_level():
    assert fenpai.new_game("tractor", levels=("3", "5"), dealer=1).level == "5"
    assert fenpai.new_game("tractor", levels=("3", "5"), dealer=2).level == "3"
    assert fenpai.new_game("tractor", levels=("J", "J")).level == "J"
    g = fenpai.new_game("tractor", seed=4, levels=("3", "5"), dealer=3)
    deal(g)
    assert g.rules.level == "5" and g.view()["level"] == "5"


def test_tr_50_options():
    g = fenpai.new_game("tractor", levels=["10", "t"], dealer=None)
    assert g.options["levels"] == ("T", "T")
    assert json.loads(g.to_json())["options"] == {
        "levels": ["T", "T"],
        "dealer": None,
        "follow_format": "pairs",
    }
    assert fenpai.Game.from_json(g.to_json()).to_json() == g.to_json()
    for bad, message in [
        ({"levels": ("2", "3")}, "same level"),
        ({"levels": ("2",)}, "levels must be"),
        ({"levels": ("1", "2")}, "levels must be"),
        ({"levels": "22"}, "levels must be"),
        ({"dealer": 4}, "dealer must be"),
        ({"dealer": True}, "dealer must be"),
        ({"follow_format": "loose"}, "follow_format must be"),
        ({"decks": 5}, "decks must be"),  # TRO-120: 1 to 4
        ({"trumps": 3}, "unknown option 'trumps'"),
    ]:
        with pytest.raises(ValueError, match=message):
            fenpai.new_game("tractor", **bad)
    assert fenpai.new_game("tractor", levels=("2", "3"), dealer=0).level == "2"


# --- TR-10..TR-13: declaration ----------------------------------------------------------


def test_tr_10_tr_11_strengths_and_overcalls_partner_included_jokers_to_no_trump():
    deck = scripted_deck(["2h LJ", "3h 2c 3h 4h 4h 6h BJ BJ", "3c 2s 2s", "LJ"])
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    assert g.to_act == [0] and g.view()["cards_dealt"] == 1
    assert g.legal_actions(0) == ["declare 2h", "pass"]
    g.apply(0, "declare 2h")  # one level card: trump hearts
    # Seat 1 receives 2c at card 6 and seat 2 its first 2s at card 7: a single does not
    # overcall a single, so they can only pass (TR-11).
    to_choice(g)
    assert g.to_act == [2] and g.view()["cards_dealt"] == dealt_when(2, 2) == 11
    assert g.legal_actions(2) == ["declare 2s 2s", "pass"]
    for bad, message in [
        ("declare 2s", "stronger than seat 0's 2h"),
        ("declare 2c", "do not hold 2c"),
        ("declare 2s 2c", "not a declaration"),
        ("declare 3c", "not a declaration"),
        ("declare BJ LJ", "not a declaration"),
        ("bury 2s", "'declare CARDS' or 'pass'"),
    ]:
        before = g.to_json()
        with pytest.raises(IllegalAction, match=message):
            g.apply(2, bad)
        assert g.to_json() == before
    g.apply(2, "declare 2s 2s")  # the partner overcalls: a pair beats a single
    assert g.view()["declaration"] == {"seat": 2, "cards": "2s 2s"}
    asked = deal(g, {(1, dealt_when(1, 7)): "declare BJ BJ"})
    # Seats 0 and 3 hold one LJ each, seat 0 a single 2h: nobody else could overcall.
    assert [(s, n) for s, n, _ in asked] == [(1, 30)]
    assert asked[0][2] == ["declare BJ BJ", "pass"]
    v = g.view()
    assert v["declarations"] == [[0, "2h"], [2, "2s 2s"], [1, "BJ BJ"]]
    assert v["dealer"] == 1 and g.declarer == 1  # TR-13: the standing declarer deals
    assert g.rules.trump is None and v["trump"] is None  # a joker pair: no-trump


def test_tr_10_little_jokers_overcall_a_pair_big_jokers_overcall_little():
    deck = scripted_deck(["3s 2d 2d", "LJ LJ", "3c BJ BJ"], kitty="2s 2s 2h 2h 2c 2c 5s 5s")
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    asked = deal(g, {(1, 6): "declare LJ LJ", (2, 11): "declare BJ BJ"})
    # Seat 0 passes its 2d at card 5; its 2d 2d at card 9 is weaker than LJ LJ: not asked.
    assert [(s, n) for s, n, _ in asked] == [(0, 5), (1, 6), (2, 11)]
    assert asked[1][2] == ["declare LJ LJ", "pass"]
    assert g.view()["declarations"] == [[1, "LJ LJ"], [2, "BJ BJ"]]
    assert g.declarer == 2 and g.rules.trump is None


def test_tr_10_equal_declarations_do_not_overcall():
    deck = scripted_deck(["2h 2h", "2s 2s", "2c", "2d"], kitty="2c 2d LJ LJ BJ BJ 5s 5s")
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    asked = deal(g, {(0, 5): "declare 2h 2h"})
    # Cards 1..4 each let a seat declare one level card (all pass); seat 0 then declares
    # 2h 2h; seat 1's 2s 2s (card 6) is only equal: never offered.
    assert [(s, n) for s, n, _ in asked] == [(0, 1), (1, 2), (2, 3), (3, 4), (0, 5)]
    assert asked[-1][2] == ["declare 2h", "declare 2h 2h", "pass"]
    assert g.declarer == 0 and g.rules.trump == "h"


def test_tr_11_standing_declarer_may_only_reinforce():
    deck = scripted_deck(["2h 2s 2s 2h BJ BJ"], kitty="2c 2c 2d 2d LJ LJ 5s 5s")
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    g.apply(0, "declare 2h")
    # Cards 5 (2s) and 9 (2s 2s) would only let seat 0 overcall itself: only pass.
    to_choice(g)
    assert g.to_act == [0] and g.view()["cards_dealt"] == dealt_when(0, 3) == 13
    assert g.legal_actions(0) == ["declare 2h 2h", "pass"]
    before = g.to_json()
    with pytest.raises(IllegalAction, match="only reinforce it with 2h 2h"):
        g.apply(0, "declare 2s 2s")
    with pytest.raises(IllegalAction, match="only reinforce"):
        g.apply(0, "declare 2h")
    assert g.to_json() == before
    g.apply(0, "pass")
    to_choice(g)
    assert g.view()["cards_dealt"] == 17  # still able to reinforce: offered again
    g.apply(0, "pass")
    to_choice(g)
    # With BJ BJ (card 21) it still may only reinforce, not overcall itself.
    assert g.view()["cards_dealt"] == dealt_when(0, 5) == 21
    assert g.legal_actions(0) == ["declare 2h 2h", "pass"]
    with pytest.raises(IllegalAction, match="not overcall yourself"):
        g.apply(0, "declare BJ BJ")
    g.apply(0, "declare 2h 2h")
    assert deal(g) == []  # TR-11: a pair cannot be reinforced further; nothing offered
    assert g.view()["declarations"] == [[0, "2h"], [0, "2h 2h"]]
    assert g.declarer == 0 and g.rules.trump == "h"


def test_tr_11_a_pair_cannot_be_reinforced():
    deck = scripted_deck(["2h 2h BJ BJ"], kitty="2c 2c 2d 2d LJ LJ 2s 2s")
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    asked = deal(g, {(0, 5): "declare 2h 2h"})
    assert [(s, n) for s, n, _ in asked] == [(0, 1), (0, 5)]  # not asked at cards 9, 13
    g2 = fenpai.new_game("tractor", deck=deck, first_seat=0)
    g2.apply(0, "pass")
    to_choice(g2)
    g2.apply(0, "declare 2h 2h")
    to_choice(g2)
    assert g2.phase == "kitty"  # nothing is offered again: seat 0 has nothing to declare
    error = g2.core_objects()["deal"].declaration_error(0, "2h 2h")
    assert "a pair cannot be reinforced" in error


def test_tr_12_final_round_starts_after_the_last_receiver():
    # first_seat 2: card 100 goes to seat 1, so the final round starts at seat 2.
    deck = scripted_deck(
        ["3s LJ", "3h 2s", "3c", "3d 2d"], kitty="2s 2h 2h 2c 2c 2d BJ BJ", first_seat=2
    )
    g = fenpai.new_game("tractor", deck=deck, first_seat=2)
    asked = deal(g)
    assert asked[0][:2] == (3, dealt_when(3, 1, first_seat=2)) == (3, 6)
    # Seat 1 is asked on receiving card 100; then the round: seat 2 has nothing (passes
    # by itself), seat 3 is asked, seat 0 (one LJ) has nothing, seat 1 is asked: four
    # passes since the last declaration (none) end it.
    assert [(s, n) for s, n, _ in asked if n == 100] == [(1, 100), (3, 100), (1, 100)]
    assert g.view()["final_round"] is True
    assert g.declarer == 2 and g.rules.trump is None  # TR-13: nobody declared


def test_tr_12_declaring_in_the_final_round():
    deck = scripted_deck(["3s LJ", "3h 2s", "3c LJ", "3d"], kitty="2s 2h 2h 2c 2c 2d 2d BJ")
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    asked = deal(g, {(1, 100): "declare 2s"})
    # Card 100 goes to seat 3; the round starts at seat 0 (one LJ: passes by itself),
    # seat 1 declares 2s; seats 2, 3, 0 cannot overcall, seat 1 cannot reinforce: done.
    assert [(s, n) for s, n, _ in asked if n == 100] == [(1, 100)]
    assert g.declarer == 1 and g.rules.trump == "s"


def test_tr_12_overcall_in_the_final_round_then_everyone_passes_again():
    deck = scripted_deck(["3s", "3h 2s", "3c LJ LJ", "3d"], kitty="2s 2h 2h 2c 2c 2d 2d BJ")
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    asked = deal(g, {(1, 100): "declare 2s", (2, 100): "declare LJ LJ"})
    assert {(1, 6), (2, 11)} <= {(s, n) for s, n, _ in asked}  # both passed then
    assert [(s, n) for s, n, _ in asked if n == 100] == [(1, 100), (2, 100)]
    assert g.view()["declarations"] == [[1, "2s"], [2, "LJ LJ"]]
    assert g.declarer == 2 and g.rules.trump is None


def test_tr_13_nobody_declared_the_first_card_seat_deals_no_trump():
    g = fenpai.new_game("tractor", seed=5, first_seat=3)
    deal(g)
    assert g.view()["declarations"] == [] and g.declarer == 3 and g.rules.trump is None
    firsts = set()
    for seed in range(30):
        g = fenpai.new_game("tractor", seed=seed)  # the first card goes to a random seat
        first = g.view()["first_seat"]
        firsts.add(first)
        deal(g)
        assert g.declarer == first
    assert firsts == {0, 1, 2, 3}


def test_tr_13_later_hand_fixed_dealer_declarations_only_choose_trump():
    deck = scripted_deck(["3h", "3c", "5d", "3s 5s 5s"], first_seat=1, level="5")
    g = fenpai.new_game("tractor", deck=deck, levels=("3", "5"), dealer=1)
    assert g.view()["first_seat"] == 1 and g.view()["dealer"] == 1  # first card: dealer
    to_choice(g)
    assert g.to_act == [2] and g.legal_actions(2) == ["declare 5d", "pass"]
    before = g.to_json()
    with pytest.raises(IllegalAction, match="the level is 5"):
        g.apply(2, "declare 3c")
    assert g.to_json() == before
    asked = deal(g, {(2, 2): "declare 5d", (3, 11): "declare 5s 5s"})
    assert [(s, n) for s, n, _ in asked] == [(2, 2), (3, 11)]
    assert g.view()["declarations"] == [[2, "5d"], [3, "5s 5s"]]
    assert g.declarer == 1 and g.rules.trump == "s" and g.rules.level == "5"


# --- TR-14, TR-20, TR-21: kitty and play -------------------------------------------------


def test_tr_14_dealer_takes_and_buries_the_kitty():
    g = fenpai.new_game("tractor", seed=8)
    deal(g)
    d = g.declarer
    assert g.phase == "kitty" and g.to_act == [d] and g.num_legal(d) > 10**6
    hand = g.view(d)["hand"].split()
    assert len(hand) == 33
    for seat, action, message in [
        ((d + 1) % 4, "bury " + " ".join(hand[:8]), "not seat"),
        (d, "bury " + " ".join(hand[:7]), "exactly 8"),
        (d, "declare BJ BJ", "bury 8 cards"),
        (d, "play " + hand[0], "bury 8 cards"),
    ]:
        before = g.to_json()
        with pytest.raises(IllegalAction, match=message):
            g.apply(seat, action)
        assert g.to_json() == before
    g.apply(d, "bury " + " ".join(hand[-8:]))
    assert g.view(d)["kitty"] == " ".join(hand[-8:])
    assert all("kitty" not in g.view(s) for s in range(4) if s != d)
    assert "kitty" not in g.view()
    assert g.phase == "play" and g.to_act == [d]  # TR-21: the dealer leads


@pytest.mark.parametrize("follow_format", ["pairs", "full", "exact", "off"])
def test_tr_20_follow_format_goes_to_the_core(follow_format):
    g = fenpai.new_game("tractor", seed=2, follow_format=follow_format)
    deal(g)
    assert g.rules.follow_format == follow_format
    assert g.rules.variant == "tractor" and g.rules.tractor_above_ace and g.rules.throws
    assert fenpai.new_game("tractor").options["follow_format"] == "pairs"


def test_tr_20_a_pair_must_be_followed_by_a_pair():
    deck = scripted_deck(["Ah Ah", "3h 3h 4h"], first_seat=0)
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    deal(g)
    hand = g.view(0)["hand"].split()
    g.apply(0, "bury " + " ".join([c for c in hand if c != "Ah"][-8:]))
    g.apply(0, "play Ah Ah")
    assert {"3h", "4h"} <= set(g.view(1)["hand"].split())
    before = g.to_json()
    with pytest.raises(IllegalAction, match="pair"):
        g.apply(1, "play 4h 3h")
    assert g.to_json() == before
    legal = g.legal_actions(1)
    assert legal and all(len(set(a.split()[1:])) == 1 for a in legal)  # pairs only


# --- TRO-10: follow protection (a house rule) ------------------------------------------


def lead_ah_ah_against_a_tractor(**options):
    """A hand where seat 0 leads `Ah Ah` and seat 1 holds the tractor `3h 3h 4h 4h` and
    the single hearts `6h 7h` (no trump is declared: hearts are a plain suit)."""
    deck = scripted_deck(["Ah Ah", "3h 3h 4h 4h 6h 7h"], first_seat=0)
    g = fenpai.new_game("tractor", deck=deck, first_seat=0, **options)
    deal(g)
    hand = g.view(0)["hand"].split()
    g.apply(0, "bury " + " ".join([c for c in hand if c != "Ah"][-8:]))
    g.apply(0, "play Ah Ah")
    return g


def test_tro_11_by_default_a_pair_lead_draws_a_pair_out_of_a_tractor():
    g = lead_ah_ah_against_a_tractor()
    assert g.rules.follow_protect == "none"
    before = g.to_json()
    with pytest.raises(IllegalAction, match="pair") as e:
        g.apply(1, "play 6h 7h")
    assert e.value.rule == "C-31" and g.to_json() == before


def test_tro_13_only_a_tractor_draws_out_a_tractor():
    g = lead_ah_ah_against_a_tractor(follow_protect="tractors")
    assert g.rules.follow_protect == "tractors"
    legal = {frozenset(a.split()[1:]) for a in g.legal_actions(1)}
    assert {frozenset({"6h", "7h"}), frozenset({"3h"}), frozenset({"4h"})} <= legal
    assert frozenset({"3h", "4h"}) in legal and frozenset({"6h"}) in legal
    g.apply(1, "play 7h 6h")
    # A tractor lead draws the tractor out as before.
    assert fenpai.TrickRules("tractor", follow_protect="tractors").follow_error(
        "3h 3h 4h 4h 6h 7h", "9h 9h Th Th", "3h 3h 6h 7h"
    )


def test_tro_10_follow_protect_options_and_errors():
    assert fenpai.new_game("tractor").options["follow_protect"] == "none"
    for options in [
        {"follow_protect": "tractors"},
        {"follow_format": "exact", "follow_protect": "tractors"},
    ]:
        g = fenpai.new_game("tractor", seed=3, **options)
        assert json.loads(g.to_json())["options"]["follow_protect"] == "tractors"
        assert fenpai.Game.from_json(g.to_json()).to_json() == g.to_json()
        assert fenpai.Game.from_json(g.to_json()).options == g.options
    for bad, message in [
        ({"follow_protect": "pairs"}, "option follow_protect must be one of none, tuples"),
        ({"follow_protect": "tuples"}, "follow_protect 'tuples' .* needs decks 3 \\(TRO-12\\)"),
        ({"follow_protect": "tuples_and_tractors"}, "follow_protect .* needs decks 3"),
        (
            {"follow_protect": "tractors", "follow_format": "full"},
            "follow_protect 'tractors' needs follow_format pairs or exact, not 'full'",
        ),
        ({"follow_protect": "tractors", "follow_format": "off"}, "not 'off' \\(TRO-10\\)"),
    ]:
        with pytest.raises(ValueError, match=message):
            fenpai.new_game("tractor", **bad)


def test_tro_11_the_default_is_written_as_before_house_rules():
    """A game of the seeds' rules keeps its JSON: the default house rule is left out."""
    g = fenpai.new_game("tractor", seed=1)
    assert "follow_protect" not in json.loads(g.to_json())["options"]
    m = fenpai.new_match("tractor", seed=1, follow_protect="tractors")
    assert m.options["follow_protect"] == "tractors"
    assert json.loads(m.to_json())["options"]["follow_protect"] == "tractors"


def test_tr_21_winner_of_each_trick_leads_the_next():
    g = run(family())
    tricks = g.play.tricks()
    assert tricks[0][0] == 0  # the dealer leads first
    for prev, nxt in zip(tricks, tricks[1:], strict=False):
        assert nxt[0] == prev[3]


# --- TR-40..TR-43, TR-32: scoring ----------------------------------------------------------


def test_tr_40_kitty_times_2_under_a_single_last_lead_no_trump_hand():
    script = family(kitty="K K T T 5 5")
    g = run(script)
    r = g.result
    assert g.rules.trump is None and r["trump"] is None and r["dealer"] == 0
    assert script.trick_points == 0 and script.kitty_points == 50
    assert r["last_lead"] == "2d" and r["last_trick_winner"] == 1
    assert r["kitty_points"] == 50 and r["kitty_multiplier"] == 2
    assert r["attacker_points"] == 100
    assert r["card_points"] == [150, 100, 0, 0]
    assert (r["winner_team"], r["levels_gained"]) == ("attackers", 0)  # 80..119: +0
    assert r["game_points"] == [0, 0, 0, 0]
    assert r["new_levels"] == ["2", "2"] and r["next_dealer"] == 1  # TR-32
    assert r["match_won"] is None and r["failed_throws"] == [0, 0, 0, 0]


def test_tr_40_kitty_times_4_under_a_pair():
    script = family(kitty="K K T T 5 5", leads=["2s 2s", "2h 2h", "2c 2c", "2d 2d"])
    r = run(script).result
    assert r["kitty_multiplier"] == 4 and r["attacker_points"] == 200
    assert r["card_points"] == [150, 200, 0, 0]
    assert (r["winner_team"], r["levels_gained"]) == ("attackers", 3)  # 200..239: +3
    assert r["game_points"] == [0, 3, 0, 3] and r["new_levels"] == ["2", "5"]


def test_tr_40_kitty_times_8_under_a_tractor():
    levels = ["2s", "2s", "2h", "2h", "2c", "2c", "2d", "2d"]
    script = family(kitty="K K T T 5 5", keep="9 9 8 8", leads=levels + ["9s 9s 8s 8s"])
    r = run(script).result
    assert r["last_lead"] == "9s 9s 8s 8s"
    assert r["kitty_multiplier"] == 8 and r["attacker_points"] == 400
    assert r["levels_gained"] == 8 and r["new_levels"] == ["2", "T"]


def test_tr_40_kitty_times_8_under_two_pairs_that_are_not_a_tractor():
    leads = ["2s", "2s", "2h", "2h", "2c 2c 2d 2d"]
    r = run(family(kitty="K T", leads=leads)).result
    assert r["last_lead"] == "2c 2c 2d 2d"
    assert r["kitty_multiplier"] == 8 and r["attacker_points"] == 160
    assert (r["winner_team"], r["levels_gained"]) == ("attackers", 2)


def test_tr_40_tr_43_kitty_times_12_and_levels_stop_at_a():
    levels = ["2s", "2s", "2h", "2h", "2c", "2c", "2d", "2d"]
    script = family(kitty="K K T T 5 5", keep="9 9 8 8 7 7", leads=levels + ["9s 9s 8s 8s 7s 7s"])
    r = run(script).result
    assert r["kitty_multiplier"] == 12 and r["attacker_points"] == 600
    # TR-42 gives 13 levels; TR-43 stops the team at A: it gains 12 (TR-50).
    assert r["levels_nominal"] == 13 and r["levels_gained"] == 12
    assert r["game_points"] == [0, 12, 0, 12]
    assert r["new_levels"] == ["2", "A"] and r["match_won"] is None  # stops at A


def twelve_times_the_kitty():
    """A hand where the attackers (seats 1, 3) make 600 points from level 2 (TR-42: 13
    levels up)."""
    levels = ["2s", "2s", "2h", "2h", "2c", "2c", "2d", "2d"]
    return family(kitty="K K T T 5 5", keep="9 9 8 8 7 7", leads=levels + ["9s 9s 8s 8s 7s 7s"])


@pytest.mark.parametrize(
    ("must_defend", "gained", "new_levels", "match_won"),
    [
        ("A", 12, ["2", "A"], None),  # TR-43, TRO-41
        ("5_10_K_A", 3, ["2", "5"], None),  # TRO-42: stops at 5
        ("none", 13, ["2", "A"], 1),  # TRO-43: past A, the match is won
    ],
)
def test_tro_40_must_defend_levels_stop_a_team(must_defend, gained, new_levels, match_won):
    r = run(twelve_times_the_kitty(), must_defend=must_defend).result
    assert r["attacker_points"] == 600 and r["levels_nominal"] == 13
    assert r["levels_gained"] == gained and r["game_points"] == [0, gained, 0, gained]
    assert r["new_levels"] == new_levels and r["match_won"] == match_won


def _tr_43(level, gained, defending):
    """TR-43 as its text says: a stop at A, passed only by defending a hand at A."""
    index = fenpai.scoring.TRACTOR_LEVELS.index(level)
    if defending and level == "A":
        return "A", True
    return fenpai.scoring.TRACTOR_LEVELS[min(index + gained, 12)], False


def test_tro_41_must_defend_a_is_tr_43_for_every_level_and_gain():
    advance = fenpai.scoring.tractor_advance_level
    for level in fenpai.scoring.TRACTOR_LEVELS:
        for defending, gains in ((True, range(1, 4)), (False, range(0, 16))):
            for gained in gains:
                expected = _tr_43(level, gained, defending)
                assert advance(level, gained, defending) == expected
                assert advance(level, gained, defending, ("A",)) == expected


def test_tro_42_tro_43_must_defend_levels():
    advance = fenpai.scoring.tractor_advance_level
    stops = fenpai.scoring.TRACTOR_MUST_DEFEND["5_10_K_A"]
    assert stops == ("5", "T", "K", "A")
    assert advance("3", 3, True, stops) == ("5", False)  # stops at 5
    assert advance("5", 2, True, stops) == ("7", False)  # defended 5: passes it
    assert advance("5", 2, False, stops) == ("5", False)  # took over at 5: stays
    assert advance("9", 3, True, stops) == ("T", False)
    assert advance("T", 3, True, stops) == ("K", False)
    assert advance("A", 1, True, stops) == ("A", True)
    assert advance("K", 2, False, ()) == ("A", True)  # TRO-43: attackers pass A
    assert advance("A", 0, False, ()) == ("A", False)
    assert advance("Q", 1, True, ()) == ("K", False)
    m = fenpai.new_match("tractor", seed=1, must_defend="5_10_K_A")
    while m.game.phase != "done":
        m.game.apply_legal(m.game.to_act[0], 0)
    assert m.next_hand().options["must_defend"] == "5_10_K_A"
    with pytest.raises(ValueError, match="option must_defend must be one of A, 5_10_K_A, none"):
        fenpai.new_game("tractor", must_defend="K")


def test_tr_40_kitty_multiplier_table():
    m = fenpai.scoring.tractor_kitty_multiplier
    assert [m("4s"), m("4s 4s"), m("4s 4s 5s 5s"), m("4s 4s 9s 9s")] == [2, 4, 8, 8]
    assert [m("4s 4s 5s 5s 6s 6s"), m("As Ks Qs"), m("4s 4s 5s 5s 6s 6s 8s 8s 9s")] == [
        12,
        2,
        16,
    ]


def test_tr_40_the_kitty_does_not_count_when_a_defender_wins_the_last_trick():
    script = family(kitty="A K K T T 5 5", keep="4", tails=("K K T T", "", ""), dealer_keeps="As")
    g = run(script)
    r = g.result
    assert r["last_trick_winner"] == 0 and r["last_lead"] == "4s"
    assert r["kitty_points"] == 50 and r["kitty_multiplier"] is None
    assert script.trick_points == 40 and r["attacker_points"] == 40
    assert r["card_points"] == [110, 40, 0, 0]
    assert (r["winner_team"], r["levels_gained"]) == ("defenders", 1)
    assert r["game_points"] == [1, 0, 1, 0] and r["new_levels"] == ["3", "2"]
    assert r["next_dealer"] == 2  # TR-32: defenders hold, the dealer's partner deals


BANDS = [
    # (point ranks each of hearts, clubs, diamonds gives the attackers, kept spades), P,
    # side, levels, new levels, next dealer (TR-42, TR-32)
    (("", "", ""), "", 0, "defenders", 3, ["5", "2"], 2),
    (("5", "", ""), "", 5, "defenders", 2, ["4", "2"], 2),
    (("K K T 5", "", ""), "", 35, "defenders", 2, ["4", "2"], 2),
    (("K K T T", "", ""), "", 40, "defenders", 1, ["3", "2"], 2),
    (("K K T T 5 5", "K T", "5"), "", 75, "defenders", 1, ["3", "2"], 2),
    (("K K T T 5 5", "K K T", ""), "", 80, "attackers", 0, ["2", "2"], 1),
    (("K K T T 5 5", "K K T T 5 5", "K 5"), "", 115, "attackers", 0, ["2", "2"], 1),
    (("K K T T 5 5", "K K T T 5 5", "K T"), "", 120, "attackers", 1, ["2", "3"], 1),
    (("K K T T 5 5", "K K T T 5 5", "K K T T 5 5"), "5", 155, "attackers", 1, ["2", "3"], 1),
    (("K K T T 5 5", "K K T T 5 5", "K K T T 5 5"), "K", 160, "attackers", 2, ["2", "4"], 1),
    (("K K T T 5 5",) * 3, "K K T 5 5", 190, "attackers", 2, ["2", "4"], 1),
    (("K K T T 5 5",) * 3, "K K T T 5 5", 200, "attackers", 3, ["2", "5"], 1),
]


@pytest.mark.parametrize("tails, keep, p, side, gained, new_levels, next_dealer", BANDS)
def test_tr_42_level_change_bands_and_tr_32_next_dealer(
    tails, keep, p, side, gained, new_levels, next_dealer
):
    script = family(tails=tails, keep=keep)
    assert script.trick_points == p and script.kitty_points == 0
    r = run(script).result
    assert r["attacker_points"] == p
    assert (r["winner_team"], r["levels_gained"]) == (side, gained)
    assert r["levels_nominal"] == gained  # far from A: nothing is cut (TR-43)
    team = 0 if side == "defenders" else 1
    assert r["gaining_team"] == team
    assert r["game_points"] == [gained if s % 2 == team else 0 for s in range(4)]
    assert r["new_levels"] == new_levels and r["next_dealer"] == next_dealer


def test_tr_43_defenders_holding_at_a_pass_it_and_win_the_match_tr_30():
    g = run(family(level="A"), first_seat=None, levels=("A", "K"), dealer=0)
    r = g.result
    assert g.view()["first_seat"] == 0 and r["level"] == "A"
    assert r["attacker_points"] == 0 and r["winner_team"] == "defenders"
    assert r["new_levels"] == ["A", "K"] and r["match_won"] == 0
    # TR-50: passing A is the one level the team gains (TR-43), not TR-42's 3.
    assert (r["levels_nominal"], r["levels_gained"], r["game_points"]) == (3, 1, [1, 0, 1, 0])


def test_tr_43_attackers_taking_over_stop_at_a_without_winning():
    script = family(level="A", tails=("K K T T 5 5",) * 3, keep="K K T T 5 5")
    r = run(script, first_seat=None, levels=("A", "K"), dealer=0).result
    assert r["attacker_points"] == 200 and r["levels_nominal"] == 3
    assert r["levels_gained"] == 1 and r["game_points"] == [0, 1, 0, 1]  # K to A (TR-50)
    assert r["new_levels"] == ["A", "A"] and r["match_won"] is None
    assert r["next_dealer"] == 1


def test_tr_43_defenders_below_a_stop_at_a():
    r = run(family(level="Q"), first_seat=None, levels=("Q", "2"), dealer=0).result
    assert r["attacker_points"] == 0 and r["levels_nominal"] == 3
    assert r["levels_gained"] == 2 and r["game_points"] == [2, 0, 2, 0]  # Q to A (TR-50)
    assert r["new_levels"] == ["A", "2"] and r["match_won"] is None


def rotated(script):
    """The same hand one seat on: seat s plays what seat s - 1 played in `script`."""
    return Script(
        [script.hands[(s - 1) % 4] for s in range(4)],
        script.kitty,
        script.bury,
        [script.plays[(s - 1) % 4] for s in range(4)],
        script.trick_points,
        script.kitty_points,
    )


def test_tr_50_game_points_are_the_levels_the_team_actually_gains():
    # Dealer 1 (team 1 at A); the attackers, seats 0 and 2 at K, take 170 points: TR-42
    # gives them 2 levels, TR-43 stops them at A, so they gain 1.
    script = rotated(family(level="A", tails=("K K T T 5 5",) * 3, keep="K T"))
    assert script.trick_points == 170 and script.kitty_points == 0
    r = run(script, first_seat=1, levels=("K", "A"), dealer=1).result
    assert r["dealer"] == 1 and r["attacker_points"] == 170
    assert (r["winner_team"], r["gaining_team"]) == ("attackers", 0)
    assert (r["levels_nominal"], r["levels_gained"]) == (2, 1)
    assert r["game_points"] == [1, 0, 1, 0]
    assert r["new_levels"] == ["A", "A"] and r["match_won"] is None


def swap(cards, old, new):
    i = cards.index(old)
    cards[i] = new


def defender_fails_a_throw():
    """A hand where the dealer (seat 0) throws Qh Jh and fails, and the attackers take
    75 points in tricks."""
    script = family(tails=("K K T T 5 5", "K T", "5"))  # 75 points to the attackers
    hearts, clubs = script.plays[0], script.plays[2]
    # Seat 2 holds one Ah and seat 0 one Ac instead.
    swap(script.hands[0], "Ah", "Ac")
    swap(script.hands[2], "Ac", "Ah")
    hearts.remove("Ah")
    hearts.remove("Jh")
    hearts.remove("Qh")
    # The dealer throws Qh Jh: seat 2's Ah beats both singles, so Jh is forced (C-51)
    # and Ah wins; seat 2 leads 7c, which the dealer's Ac wins back.
    script.plays[0] = ["Qh Jh", "Ac", "Qh", *hearts]
    clubs.remove("Ac")
    clubs.remove("7c")
    script.plays[2] = ["Ah", "7c", *clubs]
    return script


def test_tr_41_a_defenders_failed_throw_gives_the_attackers_10():
    g = run(defender_fails_a_throw())
    r = g.result
    assert r["failed_throws"] == [1, 0, 0, 0]
    first = g.play.tricks()[0]
    assert fenpai.format_cards(first[2]) == "Qh Jh" and first[1][0] == (0, fenpai.cards("Jh"))
    assert first[3] == 2
    # C-51: the failure stays public in the trick record, with its TR-41 penalty.
    assert g.view(3)["tricks"][0]["failed_throw"] == {
        "seat": 0,
        "attempted": "Qh Jh",
        "forced": "Jh",
        "penalty": {
            "rule": "TR-41",
            "attacker_points": 10,
            "text": "10 points against seat 0's team (defenders): attackers' points +10",
        },
    }
    assert r["card_points"][1] == 75 and r["attacker_points"] == 85
    assert (r["winner_team"], r["levels_gained"]) == ("attackers", 0)  # not defenders +1
    assert r["next_dealer"] == 1


def test_tro_22_no_throw_penalty_keeps_the_forced_play_and_counts_nothing():
    g = run(defender_fails_a_throw(), throw_penalty="none")
    r = g.result
    assert r["failed_throws"] == [1, 0, 0, 0]
    failed = g.view(3)["tricks"][0]["failed_throw"]
    assert (failed["attempted"], failed["forced"], failed["penalty"]) == ("Qh Jh", "Jh", None)
    assert r["card_points"][1] == 75 and r["attacker_points"] == 75
    assert (r["winner_team"], r["levels_gained"]) == ("defenders", 1)
    assert json.loads(g.to_json())["options"]["throw_penalty"] == "none"


def test_tro_21_per_attempt_is_the_default_and_left_out_of_the_json():
    g = run(defender_fails_a_throw(), throw_penalty="per_attempt")
    assert g.result["attacker_points"] == 85
    assert "throw_penalty" not in json.loads(g.to_json())["options"]


def test_tro_32_power_kitty_multiplier():
    levels = ["2s", "2s", "2h", "2h", "2c", "2c", "2d", "2d"]
    script = family(kitty="K K T T 5 5", keep="9 9 8 8", leads=levels + ["9s 9s 8s 8s"])
    r = run(script, kitty_multiplier="power").result
    assert r["last_lead"] == "9s 9s 8s 8s"
    assert r["kitty_multiplier"] == 16 and r["attacker_points"] == 800  # 50 × 2**4
    assert r["levels_gained"] == 12 and r["new_levels"] == ["2", "A"]  # TR-43


def test_tro_31_tro_32_kitty_multiplier_tables():
    m = fenpai.scoring.tractor_kitty_multiplier
    leads = ("4s", "4s 4s", "4s 4s 5s 5s", "4s 4s 9s 9s", "4s 4s 5s 5s 6s 6s", "As Ks Qs")
    assert [m(lead, "linear") for lead in leads] == [m(lead) for lead in leads]
    assert [m(lead) for lead in leads] == [2, 4, 8, 8, 12, 2]
    assert [m(lead, "power") for lead in leads] == [2, 4, 16, 16, 64, 2]
    with pytest.raises(ValueError, match="TRO-30"):
        m("4s", "cubic")
    points = fenpai.scoring.tractor_points
    assert points(60, 10, "4s 4s 5s 5s", kitty_multiplier="power") == 60 + 160
    assert points(60, 10, None, 2, 0, throw_penalty="none") == 60
    assert points(60, 10, None, 2, 0) == 40
    with pytest.raises(ValueError, match="TRO-20"):
        points(60, 10, None, throw_penalty="double")


def test_tro_50_throw_judgement_goes_to_the_play():
    g = fenpai.new_game("tractor", seed=2, throw_judgement="highest_card")
    deal(g)
    assert g.rules.throw_judgement == "highest_card"
    assert fenpai.new_game("tractor", seed=2).options["throw_judgement"] == "largest_unit"
    assert json.loads(g.to_json())["options"]["throw_judgement"] == "highest_card"


def test_tro_53_every_unit_goes_to_the_play_and_round_trips():
    g = fenpai.new_game("tractor", seed=2, throw_judgement="every_unit")
    deal(g)
    assert g.rules.throw_judgement == "every_unit"
    assert g.options["throw_judgement"] == "every_unit"
    assert json.loads(g.to_json())["options"]["throw_judgement"] == "every_unit"
    assert fenpai.Game.from_json(g.to_json()).rules.throw_judgement == "every_unit"


# --- TRO-60: who deals a match's first hand ----------------------------------------------

#: Seat 0 declares 2h, its partner overcalls with 2s 2s, seat 1 with BJ BJ (TR-10, TR-11).
OVERCALLED = (["2h LJ", "3h 2c 3h 4h 4h 6h BJ BJ", "3c 2s 2s", "LJ"], {(2, 11): "declare 2s 2s"})


def overcalled(**options):
    hands, plan = OVERCALLED
    g = fenpai.new_game("tractor", deck=scripted_deck(hands), first_seat=0, **options)
    g.apply(0, "declare 2h")
    return g, {**plan, (1, dealt_when(1, 7)): "declare BJ BJ"}


def test_tro_61_the_standing_declarer_deals_by_default():
    g, plan = overcalled()
    assert g.view()["dealer"] is None  # TR-13: an overcall may still come
    deal(g, plan)
    assert g.options["first_dealer"] == "standing"
    assert "first_dealer" not in json.loads(g.to_json())["options"]  # the default: left out
    assert g.declarer == 1 and g.view()["dealer"] == 1 and g.rules.trump is None


def test_tro_62_the_first_declarer_deals_overcalls_change_only_the_trump():
    g, plan = overcalled(first_dealer="first_declaration")
    assert g.view()["dealer"] == 0 and g.view(3)["dealer"] == 0  # public from now on
    deal(g, plan)
    v = g.view()
    assert v["declarations"] == [[0, "2h"], [2, "2s 2s"], [1, "BJ BJ"]]
    assert v["dealer"] == 0 and g.declarer == 0  # TRO-62: the first declarer deals
    assert g.rules.trump is None and v["trump"] is None  # BJ BJ stands: no-trump
    assert g.phase == "kitty" and g.to_act == [0] and len(g.view(0)["hand"].split()) == HAND + KITTY
    assert json.loads(g.to_json())["options"]["first_dealer"] == "first_declaration"
    assert fenpai.Game.from_json(g.to_json()).view() == g.view()


def test_tro_60_no_declaration_or_a_fixed_dealer_is_tr_13():
    deck = scripted_deck(["3s LJ", "3h 2s", "3c", "3d 2d"], kitty="2s 2h 2h 2c 2c 2d BJ BJ")
    g = fenpai.new_game("tractor", deck=deck, first_seat=2, first_dealer="first_declaration")
    deal(g)
    assert g.declarer == 2 and g.rules.trump is None  # nobody declared: the first card's seat
    g = fenpai.new_game("tractor", seed=2, dealer=1, first_dealer="first_declaration")
    while g.phase == "deal":
        g.apply_legal(g.to_act[0], 0)  # declare whenever one may
        assert g.view()["dealer"] == 1
    assert g.view()["declarations"][0][0] != 1 and g.declarer == 1


@pytest.mark.parametrize("seed", range(40))
def test_tro_60_both_values_declare_alike_and_differ_only_in_the_dealer(seed):
    """The same answers under TRO-61 and TRO-62 give the same declarations and trump; the
    dealer is the last declarer or the first (the first card's seat when none)."""
    rng = random.Random(seed)
    one = fenpai.new_game("tractor", seed=seed)
    two = fenpai.new_game("tractor", seed=seed, first_dealer="first_declaration")
    while one.phase == "deal":
        seat = one.to_act[0]
        assert two.to_act == [seat] and two.legal_actions(seat) == one.legal_actions(seat)
        action = rng.choice(one.legal_actions(seat))
        one.apply(seat, action)
        two.apply(seat, action)
        declared = one.view()["declarations"]
        assert two.view()["dealer"] == (declared[0][0] if declared else None)
    declared = two.view()["declarations"]
    assert two.phase == "kitty" and declared == one.view()["declarations"]
    assert two.rules.trump == one.rules.trump
    first = one.view()["first_seat"]
    assert one.declarer == (declared[-1][0] if declared else first)
    assert two.declarer == (declared[0][0] if declared else first)


# --- TRO-70: declarations of equal strength --------------------------------------------

SUITS = "shcd"  # TRO-72: spades > hearts > clubs > diamonds, at equal strength


def declaration_key(cards, order, strength="jokers_or_more_cards"):
    """TR-10's strength (under TRO-102 the number of cards), then under TRO-72 the suit
    (spades highest, jokers below every suit)."""
    first, n = cards.split()[0], len(cards.split())
    value = n if strength == "more_cards" else {"LJ": 3, "BJ": 4}.get(first, n)
    suit = 4 - SUITS.index(first[1]) if order == "suit" and first[0] == "2" else 0
    return (value, suit)


#: TRO-140: the joker pairs each value lets declare.
JOKER_PAIRS = {"both": ["LJ LJ", "BJ BJ"], "big_only": ["BJ BJ"], "none": []}


def expected_declarations(
    hand,
    seat,
    standing,
    order,
    strength="jokers_or_more_cards",
    jokers="both",
    reinforce="own_card",
):
    """TR-10, TR-11, TRO-70, TRO-100, TRO-140, TRO-150 read from the rule text: the
    declarations `seat` holding `hand` may make at level 2, in the order the game lists
    them."""
    held = collections.Counter(hand.split())
    candidates = [f"2{s}" for s in SUITS] + [f"2{s} 2{s}" for s in SUITS] + JOKER_PAIRS[jokers]
    out = []
    for cards in candidates:
        need = collections.Counter(cards.split())
        if any(held[c] < k for c, k in need.items()):
            continue
        stronger = standing is not None and declaration_key(
            cards, order, strength
        ) > declaration_key(standing["cards"], order, strength)
        if standing is None:
            out.append(cards)
        elif standing["seat"] == seat:
            single = standing["cards"].split()
            second_copy = len(single) == 1 and cards == f"{single[0]} {single[0]}"
            if reinforce == "own_card" and second_copy:  # TR-11, TRO-151
                out.append(cards)
            elif reinforce == "or_overturn" and (second_copy or stronger):  # TRO-153
                out.append(cards)
        elif stronger:
            out.append(cards)
    return [f"declare {c}" for c in out]


def test_tro_72_a_higher_suit_overcalls_at_equal_strength():
    deck = scripted_deck(["2h", "2s", "2c"])
    g = fenpai.new_game("tractor", deck=deck, first_seat=0, declaration_order="suit")
    g.apply(0, "declare 2h")
    assert g.legal_actions(1) == ["declare 2s", "pass"]
    g.apply(1, "declare 2s")
    before = g.to_json()
    with pytest.raises(IllegalAction, match=r"or as strong in a higher suit \(TRO-72\)"):
        g.apply(2, "declare 2c")
    assert g.to_json() == before
    assert json.loads(before)["options"]["declaration_order"] == "suit"
    deal(g)
    assert g.view()["declarations"] == [[0, "2h"], [1, "2s"]]
    assert g.declarer == 1 and g.rules.trump == "s"
    # TRO-71, TR-10: by default the same single is only equal: no overcall.
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    g.apply(0, "declare 2h")
    assert g.legal_actions(1) == ["pass"]
    with pytest.raises(IllegalAction, match=r"stronger than seat 0's 2h \(TR-10, TR-11\)"):
        g.apply(1, "declare 2s")
    assert "declaration_order" not in json.loads(g.to_json())["options"]


@pytest.mark.parametrize(
    ("order", "strength"),
    [
        ("equal", "jokers_or_more_cards"),
        ("suit", "jokers_or_more_cards"),
        ("equal", "more_cards"),  # TRO-102
        ("suit", "more_cards"),  # TRO-102 with TRO-72
    ],
)
def test_tro_70_tro_100_offered_declarations_follow_the_rule_text(order, strength):
    """Every question of random deals offers exactly what TR-10, TR-11, TRO-70 and TRO-100
    allow."""
    offered_as_the_rules_say({"declaration_order": order, "declaration_strength": strength})


@pytest.mark.parametrize(
    "options",
    [
        {"joker_declarations": "big_only"},  # TRO-142
        {"joker_declarations": "none"},  # TRO-143
        {"reinforce": "none"},  # TRO-152
        {"reinforce": "or_overturn"},  # TRO-153
        {"reinforce": "or_overturn", "declaration_order": "suit"},  # TRO-153 with TRO-72
        {"reinforce": "or_overturn", "declaration_strength": "more_cards"},  # with TRO-102
        {"joker_declarations": "big_only", "declaration_strength": "more_cards"},
    ],
)
def test_tro_140_tro_150_offered_declarations_follow_the_rule_text(options):
    """Every question of random deals offers exactly what TRO-140 and TRO-150 allow with
    the other declaration rules."""
    offered_as_the_rules_say(options)


def offered_as_the_rules_say(options):
    """Plays the deals of 30 seeds under `options`, declaring at random, and checks every
    question offers what `expected_declarations` reads from the rules."""
    order = options.get("declaration_order", "equal")
    strength = options.get("declaration_strength", "jokers_or_more_cards")
    jokers = options.get("joker_declarations", "both")
    reinforce = options.get("reinforce", "own_card")
    asked = collections.Counter()
    for seed in range(30):
        rng = random.Random(seed)
        g = fenpai.new_game("tractor", seed=seed, **options)
        while g.phase == "deal":
            (seat,) = g.to_act
            v = g.view(seat)
            standing = v["declaration"]
            want = expected_declarations(
                v["hand"], seat, standing, order, strength, jokers, reinforce
            )
            legal = g.legal_actions(seat)
            assert legal == [*want, "pass"], (seed, v["cards_dealt"])
            asked[len(legal) > 1] += 1
            g.apply(seat, rng.choice(legal) if rng.random() < 0.3 else "pass")
    assert asked[True] > 50  # the test saw many declarations offered


def test_tro_102_a_pair_never_overcalls_a_pair_jokers_included():
    deck = scripted_deck(["2h 2h", "LJ LJ", "BJ BJ"])
    plan = {(0, 5): "declare 2h 2h"}
    g = fenpai.new_game("tractor", deck=deck, first_seat=0, declaration_strength="more_cards")
    offered = deal(g, plan)
    assert offered == [
        (0, 1, ["declare 2h", "pass"]),
        (0, 5, ["declare 2h", "declare 2h 2h", "pass"]),
    ]
    assert g.view()["declarations"] == [[0, "2h 2h"]] and g.rules.trump == "h"
    assert json.loads(g.to_json())["options"]["declaration_strength"] == "more_cards"
    # TRO-101, TR-10: by default the joker pairs overcall, LJ LJ then BJ BJ.
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    offered = deal(g, {**plan, (1, 6): "declare LJ LJ", (2, 7): "declare BJ BJ"})
    assert (1, 6, ["declare LJ LJ", "pass"]) in offered
    assert g.view()["declarations"] == [[0, "2h 2h"], [1, "LJ LJ"], [2, "BJ BJ"]]
    assert "declaration_strength" not in json.loads(g.to_json())["options"]
    # TRO-102: the joker pair refused, naming the rule, nothing changed.
    g = fenpai.new_game("tractor", deck=deck, first_seat=0, declaration_strength="more_cards")
    while g.view()["cards_dealt"] < 6 or g.to_act != [1]:
        seat = g.to_act[0]
        g.apply(seat, "declare 2h 2h" if g.view()["cards_dealt"] == 5 else "pass")
    before = g.to_json()
    with pytest.raises(IllegalAction, match=r"hold more cards than seat 0's 2h 2h \(TRO-102"):
        g.apply(1, "declare LJ LJ")
    assert g.to_json() == before and g.legal_actions(1) == ["pass"]


# --- TRO-80: the J rule (打J回2) ----------------------------------------------------------

AT_J = ("J", "J")  # a match's first hand at J: seat 0, the first to receive, deals


def test_tro_82_a_single_j_won_by_an_attacker_sends_the_dealers_team_back_to_2():
    """Seat 1 (attacking) wins the last trick of a hand at J with its single Jd."""
    script = family(level="J", kitty="K K T T 5 5")
    r = run(script, levels=AT_J, jack_rule="back_to_2").result
    assert (r["level"], r["dealer"], r["last_lead"], r["last_trick_winner"]) == ("J", 0, "Jd", 1)
    assert r["attacker_points"] == 100 and r["winner_team"] == "attackers"
    # The attackers take over at +0 (TR-42); the dealer's team drops J -> 2: -9.
    assert r["new_levels"] == ["2", "J"] and r["game_points"] == [-9, 0, -9, 0]
    assert r["levels_gained"] == 0 and r["next_dealer"] == 1 and r["winners"] == [1, 3]
    # TRO-81: by default the same hand changes no level.
    d = run(script, levels=AT_J).result
    assert d["new_levels"] == ["J", "J"] and d["game_points"] == [0, 0, 0, 0]
    assert {k: v for k, v in d.items() if k not in ("new_levels", "game_points")} == {
        k: v for k, v in r.items() if k not in ("new_levels", "game_points")
    }


@pytest.mark.parametrize("must_defend", ["A", "5_10_K_A", "none"])
def test_tro_82_defenders_who_hold_go_up_from_2(must_defend):
    """P = 0: the defenders still gain 3 levels (TR-42), counted from 2: 2 -> 5 under
    every must-defend rule (TRO-82, TRO-40: a stop at 5 is reached, not passed)."""
    new_level, change = "5", -6
    r = run(family(level="J"), levels=AT_J, jack_rule="back_to_2", must_defend=must_defend).result
    assert r["last_lead"] == "Jd" and r["last_trick_winner"] == 1 and r["attacker_points"] == 0
    assert r["winner_team"] == "defenders" and r["levels_gained"] == 3
    assert r["new_levels"] == [new_level, "J"] and r["game_points"] == [change, 0, change, 0]
    assert r["next_dealer"] == 2 and r["match_won"] is None


@pytest.mark.parametrize(
    ("level", "script"),
    [
        ("J", family(level="J", keep="9")),  # the last trick won with a single 9
        ("J", family(level="J", leads=["Js", "Js", "Jh", "Jh", "Jc", "Jc", "Jd Jd"])),  # a pair
        ("Q", family(level="Q")),  # a single Q at level Q
    ],
    ids=["single_9", "pair_of_j", "level_q"],
)
def test_tro_82_only_a_single_j_at_level_j_counts(level, script):
    g = run(script, levels=(level, level), jack_rule="back_to_2")
    r, default = g.result, run(script, levels=(level, level)).result
    assert r["last_trick_winner"] == 1 and r == default
    assert r["attacker_points"] == 0 and r["new_levels"] == ["A", level]  # +3, stopped at A


def test_tro_82_the_rule_read_from_its_text():
    rule = fenpai.scoring.tractor_jack_rule
    for suit in "shcd":
        assert rule("J", 0, 1, f"J{suit}") and rule("J", 2, 3, f"J{suit}")
        assert rule("J", 1, 0, f"J{suit}") and rule("J", 3, 2, f"J{suit}")
        assert not rule("J", 0, 2, f"J{suit}")  # a defender's J
        assert not rule("J", 1, 1, f"J{suit}")
        assert not rule("J", 0, 1, f"J{suit} J{suit}")  # a pair
        assert not rule("J", 0, 1, f"J{suit} Q{suit}")  # a throw
        assert not rule("Q", 0, 1, f"J{suit}")  # the hand is not at J
    for other in ("BJ", "LJ", "Qs", "As", "2h"):
        assert not rule("J", 0, 1, other)
    for bad, message in [
        (("B", 0, 1, "Js"), "level must be one of"),
        (("J", 4, 1, "Js"), "dealer"),
        (("J", 0, -1, "Js"), "last_winner"),
        (("J", 0, 1, ""), "winning_play is empty"),
    ]:
        with pytest.raises(ValueError, match=message):
            rule(*bad)


def test_tro_82_level_changes_are_each_teams_level_change():
    """Every P, dealer and pair of levels: `tractor_level_changes` are the gaining team's
    `applied` and 0 without TRO-82; with it the dealer's team starts from 2, and the
    changes count from the levels before the hand (passing A counting one)."""
    outcome, levels = fenpai.scoring.tractor_hand_outcome, fenpai.scoring.TRACTOR_LEVELS
    changes = fenpai.scoring.tractor_level_changes
    for points in range(-20, 700, 15):
        for dealer in range(4):
            for mine, theirs in [("J", "J"), ("J", "A"), ("J", "K"), ("J", "2"), ("3", "Q")]:
                before = (mine, theirs) if dealer % 2 == 0 else (theirs, mine)
                plain = outcome(points, dealer, before)
                team = plain["team"]
                got = changes(before, plain["levels"], plain["match_winner"])
                assert got[team] == plain["applied"] and got[1 - team] == 0
                back = outcome(points, dealer, before, back_to_2=True)
                assert back["team"] == team and back["next_dealer"] == plain["next_dealer"]
                index = [levels.index(v) for v in back["levels"]]
                passed = [back["match_winner"] == t for t in (0, 1)]
                was = [levels.index(v) for v in before]
                assert changes(before, back["levels"], back["match_winner"]) == [
                    index[t] - was[t] + passed[t] for t in (0, 1)
                ]
                was[dealer % 2] = 0  # TRO-82: the dealer's team counts from 2
                assert back["applied"] == index[team] - was[team] + passed[team]
                if team != dealer % 2:  # attackers took over: the dealer's team stays at 2
                    assert back["levels"][dealer % 2] == "2"
    with pytest.raises(ValueError, match="back_to_2 must be a bool"):
        outcome(50, 0, ("J", "J"), back_to_2="yes")
    with pytest.raises(ValueError, match="after"):
        changes(("J", "J"), ("J", "B"), None)


def test_tro_82_random_hands_at_j_follow_the_rule_text():
    """Random hands at J under TRO-82, scored alone and in a batch (`simulate`): the
    dealer's team is sent back to 2 exactly when an attacker won the last trick with a
    single J, and the game points are each team's level change."""
    options = {"levels": ("J", "J"), "jack_rule": "back_to_2"}
    bots = ["random"] * 4
    got = fenpai.simulate("tractor", 150, seed=82, bots=bots, **options)
    sent_back = 0
    for i, seed in enumerate(got["seed"].tolist()):
        game = play_game(fenpai.new_game("tractor", seed=seed, **options), make_bots(bots, seed))
        r, last = game.result, game.trick_records()[-1]
        dealer = r["dealer"]
        (won,) = [cards for seat, cards in last["plays"] if seat == last["winner"]]
        back = last["winner"] % 2 != dealer % 2 and len(won.split()) == 1 and won[0] == "J"
        plain = fenpai.scoring.tractor_hand_outcome(r["attacker_points"], dealer, ("J", "J"))
        if back:
            sent_back += 1
            assert r["new_levels"][dealer % 2] != "J"
            assert r["game_points"][dealer] < 0
        else:
            assert r["new_levels"] == list(plain["levels"])
        changes = [LEVELS.index(r["new_levels"][t]) - LEVELS.index("J") for t in (0, 1)]
        assert r["game_points"] == [changes[s % 2] for s in range(4)]
        assert got["game_points"][i].tolist() == r["game_points"]
        assert got["won"][i].tolist() == [s in r["winners"] for s in range(4)]
    assert sent_back >= 2  # the test saw the rule at work


def test_tro_82_a_match_totals_add_up_and_keep_the_rule():
    m = fenpai.new_match("tractor", seed=3, levels=("J", "J"), jack_rule="back_to_2")
    rng = random.Random(3)
    for _ in range(4):
        while m.game.phase != "done":
            (seat, *_) = m.game.to_act
            m.game.apply(seat, rng.choice(m.game.legal_actions(seat)))
        if m.done:
            break
        assert m.next_hand().options["jack_rule"] == "back_to_2"
    hands = m.games
    start = float(LEVELS.index("J"))
    finished = [g for g in hands if g.result is not None]
    assert m.totals == [start + sum(g.result["game_points"][s] for g in finished) for s in range(4)]


def test_tro_80_json_round_trip_and_bounds():
    g = fenpai.new_game("tractor", seed=5, levels=("J", "J"), jack_rule="back_to_2")
    assert json.loads(g.to_json())["options"]["jack_rule"] == "back_to_2"
    assert fenpai.Game.from_json(g.to_json()).options["jack_rule"] == "back_to_2"
    assert "jack_rule" not in json.loads(fenpai.new_game("tractor", seed=5).to_json())["options"]
    assert fenpai.new_game("tractor").options["jack_rule"] == "none"
    # J -> 2 is the largest drop (TRO-82); the largest gain is TR-43's.
    assert game_bounds(g, "game_points") == (-9.0, 12.0)
    assert game_bounds(fenpai.new_game("tractor"), "game_points") == (0.0, 12.0)


# --- TRO-90: the final level -------------------------------------------------------------

NT = fenpai.scoring.TRACTOR_NO_TRUMP_LEVEL
NO_TRUMP = {"final_level": "no_trump"}


@pytest.mark.parametrize("must_defend", ["A", "5_10_K_A", "none"])
def test_tro_92_a_team_passing_a_goes_to_nt_and_passes_nt_only_defending_it(must_defend):
    """TRO-92 read from its text against TR-43/TRO-40 (TRO-91): below NT a team moves as
    before, but where it would pass A it goes to NT instead, and stops there; at NT it
    passes (and wins) only as the defenders, and attackers stay."""
    advance = fenpai.scoring.tractor_advance_level
    stops = fenpai.scoring.TRACTOR_MUST_DEFEND[must_defend]
    for level in LEVELS:
        for defending, gains in ((True, range(1, 4)), (False, range(12))):
            for gained in gains:
                before = advance(level, gained, defending, stops)
                after = advance(level, gained, defending, stops, final_level="no_trump")
                assert after == ((NT, False) if before[1] else before), (level, gained)
                assert advance(level, gained, defending, stops, final_level="A") == before
    for gained in range(1, 4):
        assert advance(NT, gained, True, stops, final_level="no_trump") == (NT, True)
    for gained in range(12):
        assert advance(NT, gained, False, stops, final_level="no_trump") == (NT, False)
    with pytest.raises(ValueError, match="level must be one of"):
        advance(NT, 1, True, stops)  # no level NT under TRO-91
    with pytest.raises(ValueError, match=r"final_level must be A or no_trump \(TRO-90\)"):
        advance("A", 1, True, stops, final_level="K")


def test_tro_92_hand_outcomes_at_and_around_nt():
    outcome, changes = fenpai.scoring.tractor_hand_outcome, fenpai.scoring.tractor_level_changes
    # Defenders at A who hold go to NT: one level, the match goes on.
    o = outcome(50, 0, ("A", "5"), final_level="no_trump")
    assert (o["levels"], o["applied"], o["match_winner"]) == ((NT, "5"), 1, None)
    assert changes(("A", "5"), o["levels"], o["match_winner"]) == [1, 0]
    # TRO-91: the same hand wins the match.
    assert outcome(50, 0, ("A", "5"))["match_winner"] == 0
    # Defenders at NT who hold pass it and win: one level.
    o = outcome(0, 1, ("5", NT), final_level="no_trump")
    assert (o["levels"], o["applied"], o["match_winner"]) == (("5", NT), 1, 1)
    assert changes(("5", NT), o["levels"], o["match_winner"]) == [0, 1]
    # Attackers take over at NT: the NT team stays at NT, the attackers go up as always.
    o = outcome(200, 1, ("5", NT), final_level="no_trump")
    assert (o["levels"], o["applied"], o["match_winner"], o["next_dealer"]) == (
        ("8", NT),
        3,
        None,
        2,
    )
    # Attackers at NT who take over stay at NT, however many points.
    o = outcome(400, 0, ("5", NT), final_level="no_trump")
    assert (o["levels"], o["applied"], o["match_winner"]) == (("5", NT), 0, None)
    # Attackers from below stop at NT too (TRO-43: past A).
    o = outcome(400, 0, ("5", "Q"), (), final_level="no_trump")
    assert o["levels"] == ("5", NT) and o["match_winner"] is None and o["applied"] == 3
    assert [fenpai.scoring.tractor_level_index(v) for v in ("2", "A", NT)] == [0, 12, 13]


def test_tro_92_a_hand_at_nt_declares_nothing_and_only_the_jokers_are_trumps():
    g = fenpai.new_game("tractor", seed=1, levels=(NT, "A"), dealer=0, **NO_TRUMP)
    assert (g.view()["level"], g.view()["levels"]) == (NT, [NT, "A"])
    # TRO-92: every receiver is asked (TR-12) and may only pass; a declaration is refused
    # naming the rule, changing nothing.
    seat = g.to_act[0]
    before = g.to_json()
    for cards in ("LJ LJ", "BJ BJ", "As", "2h 2h"):
        with pytest.raises(IllegalAction, match="TRO-92"):
            g.apply(seat, f"declare {cards}")
        assert g.to_json() == before
    while g.phase == "deal":
        assert g.legal_actions(g.to_act[0]) == ["pass"]
        g.apply(g.to_act[0], "pass")
    assert g.view()["declarations"] == [] and g.rules.trump is None and g.rules.level == NT
    for card in ONE_DECK:
        assert g.rules.is_trump(card) == (card in ("LJ", "BJ")), card
    for tractor in ("LJ LJ BJ BJ", "As As Ks Ks", "3s 3s 2s 2s"):  # 2 is a plain rank at NT
        assert [kind for kind, _ in g.rules.classify(tractor).components] == ["tractor"]
    rules = fenpai.TrickRules("tractor", trump=None, level="nt")
    assert [str(c) for c in rules.sort("BJ 2s LJ As 3h")] == ["BJ", "LJ", "As", "2s", "3h"]
    with pytest.raises(ValueError, match="TRO-92"):
        fenpai.TrickRules("tractor", trump="h", level="NT")


@pytest.mark.parametrize(
    ("levels", "dealer"), [((NT, NT), None), ((NT, "A"), 0), (("9", NT), 3), (("9", NT), 0)]
)
def test_tro_92_random_hands_at_nt_follow_the_rule_text(levels, dealer):
    """Random hands with a team at NT: nothing is declared, a hand at NT has no trump
    suit, and its result is `tractor_hand_outcome` with the final level, alone and in a
    batch (`simulate`)."""
    options = {"levels": levels, "dealer": dealer, **NO_TRUMP}
    bots = ["random"] * 4
    got = fenpai.simulate("tractor", 60, seed=92, bots=bots, **options)
    winners = collections.Counter()
    for i, seed in enumerate(got["seed"].tolist()):
        game = fenpai.new_game("tractor", seed=seed, **options)
        first = game.view()["first_seat"]
        game = play_game(game, make_bots(bots, seed))
        r = game.result
        level = levels[r["dealer"] % 2]
        assert r["level"] == level
        if level == NT:
            assert r["trump"] is None and game.view()["declarations"] == []
            assert r["dealer"] == (first if dealer is None else dealer)  # TR-13
        want = fenpai.scoring.tractor_hand_outcome(
            r["attacker_points"], r["dealer"], levels, **NO_TRUMP
        )
        assert r["new_levels"] == list(want["levels"]) and r["match_won"] == want["match_winner"]
        assert r["levels_gained"] == want["applied"]
        if r["match_won"] is not None:
            assert level == NT and r["winner_team"] == "defenders"
            assert r["new_levels"][r["match_won"]] == NT
        assert got["game_points"][i].tolist() == r["game_points"]
        winners[r["winner_team"]] += 1
    assert len(winners) == 2  # the test saw both sides gain


def test_tro_92_a_match_goes_through_nt_and_ends_by_passing_it():
    """A match from A under TRO-92: passing A leads to NT, not to the end; the match ends
    (TR-30) only when a team defends a hand at NT, and the totals count NT as 13, passing
    it as 14."""
    m = fenpai.new_match("tractor", seed=90, levels=("A", "A"), **NO_TRUMP)
    bots = make_bots(["greedy"] * 4, 90)
    levels_seen = set()
    while True:
        game = play_game(m.game, bots)
        assert game.options["final_level"] == "no_trump"
        r = game.result
        levels_seen.add(r["level"])
        if m.done:
            break
        assert r["match_won"] is None
        m.next_hand()
        assert len(m.games) < 80
    assert m.decided_by == "TR-30" and NT in levels_seen
    assert (r["level"], r["winner_team"], r["new_levels"][r["match_won"]]) == (NT, "defenders", NT)
    winners = [r["match_won"], r["match_won"] + 2]
    assert m.winners == winners and [m.totals[s] for s in winners] == [14.0, 14.0]
    results = [g.result for g in m.games]
    totals = [12.0 + sum(res["game_points"][s] for res in results) for s in range(4)]
    assert m.totals == totals
    assert fenpai.Match.from_json(m.to_json()).totals == m.totals


def test_tro_90_json_round_trip_bounds_and_checks():
    g = fenpai.new_game("tractor", seed=5, levels=(NT, "K"), dealer=1, **NO_TRUMP)
    data = json.loads(g.to_json())["options"]
    assert data["final_level"] == "no_trump" and data["levels"] == [NT, "K"]
    back = fenpai.Game.from_json(g.to_json())
    assert back.options["final_level"] == "no_trump" and back.view()["level"] == "K"
    assert "final_level" not in json.loads(fenpai.new_game("tractor", seed=5).to_json())["options"]
    assert fenpai.new_game("tractor").options["final_level"] == "A"
    assert fenpai.new_game("tractor", levels=("nt", "nt"), **NO_TRUMP).options["levels"] == (
        NT,
        NT,
    )
    assert game_bounds(g, "game_points") == (0.0, 12.0)
    nowhere = fenpai.new_game("tractor", must_defend="none", **NO_TRUMP)
    assert game_bounds(nowhere, "game_points") == (0.0, 13.0)  # 2 -> NT
    for bad, message in [
        ({"levels": (NT, NT)}, r"levels NT NT: NT is the no-trump level after A, .* \(TRO-92\)"),
        ({"levels": ("A", NT), "dealer": 0, "final_level": "A"}, "TRO-92"),
        ({"final_level": "K"}, r"option final_level must be one of A, no_trump \(TRO-90\)"),
        ({"levels": ("NT", "A"), **NO_TRUMP}, "both teams must be at the same level"),
    ]:
        with pytest.raises(ValueError, match=message):
            fenpai.new_game("tractor", **bad)


def test_tro_20_tro_30_options_are_checked():
    for bad, message in [
        ({"throw_judgement": "all_units"}, "option throw_judgement must be one of largest_unit"),
        ({"throw_penalty": "double"}, "option throw_penalty must be one of per_attempt, none"),
        ({"kitty_multiplier": "cubic"}, "option kitty_multiplier must be one of linear, power"),
        ({"first_dealer": "last"}, "option first_dealer must be one of standing, first_decl"),
        ({"declaration_order": "rank"}, "option declaration_order must be one of equal, suit"),
        ({"jack_rule": "back_to_J"}, "option jack_rule must be one of none, back_to_2"),
        (
            {"declaration_strength": "longest"},
            "option declaration_strength must be one of jokers_or_more_cards, more_cards",
        ),
        ({"final_level": "no_level"}, "option final_level must be one of A, no_trump"),
    ]:
        with pytest.raises(ValueError, match=message):
            fenpai.new_game("tractor", **bad)


def test_tr_41_an_attackers_failed_throw_costs_the_attackers_10():
    levels = ["2s", "2s", "2h", "2h", "2c", "2c", "2d", "2d"]
    script = family(kitty="A", keep="Q J", tails=("K K T T", "", ""), dealer_keeps="As")
    tail = [c for c in script.plays[0][15:] if c != "As"]
    low = next(c for c in tail if c[0] not in POINT_RANKS)
    tail.remove(low)
    # Phase 2: seat 1 throws Qs Js; the dealer's As beats both, Js is forced and the
    # dealer wins it; the dealer leads a low heart, seat 1 ruffs with 2s and goes on.
    script.plays[0] = script.plays[0][:15] + ["As", low, *tail]
    script.plays[1] = script.plays[1][:15] + ["Qs Js", "2s", "Qs", *levels[1:]]
    g = run(script)
    r = g.result
    assert r["failed_throws"] == [0, 1, 0, 0]
    (failed,) = [t["failed_throw"] for t in g.view()["tricks"] if t["failed_throw"]]
    assert (failed["seat"], failed["attempted"], failed["forced"]) == (1, "Qs Js", "Js")
    assert failed["penalty"]["rule"] == "TR-41" and failed["penalty"]["attacker_points"] == -10
    assert r["kitty_points"] == 0 and r["card_points"][1] == 40
    assert r["attacker_points"] == 30
    assert (r["winner_team"], r["levels_gained"]) == ("defenders", 2)  # not +1 at 40
    assert r["last_trick_winner"] == 1 and r["kitty_multiplier"] == 2


# --- views -------------------------------------------------------------------------------


def test_views_show_declarations_but_no_hidden_cards():
    deck = scripted_deck(["2h"], kitty="2c 2c 2d 2d LJ LJ BJ BJ")
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    v = g.view(0)
    assert v["phase"] == "deal" and v["hand_sizes"] == [1, 0, 0, 0] and v["hand"] == "2h"
    assert v["legal_actions"] == ["declare 2h", "pass"] and v["cards_dealt"] == 1
    assert g.view(1)["hand"] == "" and g.view(1)["legal_actions"] == []
    check_views(g)
    g.apply(0, "declare 2h")
    v = g.view(2)
    assert v["declaration"] == {"seat": 0, "cards": "2h"}
    assert v["levels"] == ["2", "2"] and v["level"] == "2" and v["dealer"] is None
    assert "hand" not in g.view() and "legal_actions" not in g.view()
    check_views(g)
    deal(g)
    assert g.view()["dealer"] == 0 and g.view()["trump"] == "h"
    check_views(g)


# --- random playouts: C-61, TR-40/TR-41 by reference, replay, views -------------------------


def reference_points(g):
    """The attackers' P recomputed from the trick records (TR-40, TR-41)."""
    d = g.declarer
    attackers = {(d + 1) % 4, (d + 3) % 4}
    tricks = g.play.tricks()
    p = sum(points_ for _, _, _, winner, points_ in tricks if winner in attackers)
    _, plays, _, last, _ = tricks[-1]
    if last in attackers:
        lead = collections.Counter(map(str, plays[0][1]))
        pairs = sum(n // 2 for n in lead.values())
        p += sum(c.points for c in g.buried) * (4 * pairs if pairs else 2)
    throws = g.play.failed_throws()
    p += 10 * sum(throws[s] for s in range(4) if s not in attackers)
    p -= 10 * sum(throws[s] for s in attackers)
    return p


def hidden_free(g, seat):
    """The cards `seat` may see outside its hand: played, attempted, declared, the buried
    kitty for the dealer (or everyone once the hand is over)."""
    public = collections.Counter()
    for _, cs in g.core_objects()["deal"].declarations():
        public.update(cs.split())
    if g.play:
        for _, plays, attempted, _, _ in g.play.tricks():
            for _, cs in plays:
                public.update(map(str, cs))
            public.update(map(str, attempted or []))
        for _, cs in g.play.trick():
            public.update(map(str, cs))
        public.update(map(str, g.play.attempted() or []))
    if g.buried and (seat == g.declarer or g.phase == "done"):
        public.update(map(str, g.buried))
    if seat == g.declarer and g.phase == "kitty":
        public.update(map(str, g.kitty))  # taken up into its hand (C-4)
    return public


def check_views(g):
    """No view shows another seat's cards: 'hand' is the seat's own, 'legal_actions' its
    own, and nothing else holds more copies of a card than the public record."""
    for seat in [None, *range(4)]:
        v = g.view(seat)
        json.dumps(v)
        if seat is None:
            assert not {"hand", "legal_actions", "num_legal"} & set(v)
        else:
            assert v["hand"] == fenpai.format_cards(g.hand_of(seat))
            assert v["legal_actions"] == g.legal_actions(seat, 100)
        check_trick_records(g, v)
        free = hidden_free(g, seat)
        for key in v:
            if key not in ("hand", "legal_actions", "result"):
                assert_names_only(v, key, free)
        last = v["declarations"][-1] if v["declarations"] else None
        assert v["declaration"] == (last and {"seat": last[0], "cards": last[1]})


def test_random_playouts_conserve_cards_score_by_the_rules_and_replay():
    """C-61, TR-40/TR-41 against a reference, replay of history, JSON round trip, views."""
    rng = random.Random(2024)
    games, kitty_bonus, throws = 300, 0, 0
    for seed in range(games):
        options = {}
        if seed % 3 == 1:
            options = {"levels": ("7", "Q"), "dealer": seed % 4}
        elif seed % 3 == 2:
            options = {"follow_format": "full", "levels": ("A", "A")}
        g = fenpai.new_game("tractor", seed=seed, **options)
        steps = 0
        while g.phase != "done":
            if steps % 29 == 0:
                assert collections.Counter(map(str, g.all_cards())) == FULL  # C-61
                check_views(g)
            (seat,) = g.to_act
            g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
            steps += 1
        assert collections.Counter(map(str, g.all_cards())) == FULL
        r = g.result
        assert r["attacker_points"] == reference_points(g)
        trick_points = sum(r["card_points"][s] for s in range(4) if s % 2 != r["dealer"] % 2)
        penalty = r["attacker_points"] - trick_points
        assert penalty % 10 == 0
        assert r["attacker_points"] == (
            r["trick_points"] + r["kitty_points"] * (r["kitty_multiplier"] or 0) + penalty
        )
        assert sum(r["card_points"]) == 200 - r["kitty_points"] + (
            r["kitty_points"] * (r["kitty_multiplier"] or 0)
        )
        # TR-40: a multiplier exactly when an attacker won the last trick
        attackers_last = r["last_trick_winner"] % 2 != r["dealer"] % 2
        assert (r["kitty_multiplier"] is not None) == attackers_last
        kitty_bonus += r["kitty_multiplier"] is not None
        throws += sum(r["failed_throws"])
        replay = fenpai.new_game("tractor", seed=seed, **options)
        for s, action in g.history:
            replay.apply(s, action)
        assert replay.to_json() == g.to_json()
        assert fenpai.Game.from_json(g.to_json()).to_json() == g.to_json()
        check_views(g)
    assert kitty_bonus and throws


# --- errors ------------------------------------------------------------------------------


def test_illegal_actions_raise_and_change_nothing():
    g = fenpai.new_game("tractor", seed=9)
    (s,) = g.to_act
    other = (s + 1) % 4
    level_not_held = next(c for c in ("2s", "2h", "2c", "2d") if c not in g.view(s)["hand"])
    cases = [
        (s, "fly away", "unknown action"),
        (s, "", "empty action"),
        (s, "declare", "needs cards"),
        (s, "declare 2x", "not a card"),
        (s, "bid 60", "'declare CARDS' or 'pass'"),
        (s, "play 3s", "'declare CARDS' or 'pass'"),
        (other, "pass", "not seat"),
        (7, "pass", "no seat"),
        (s, f"declare {level_not_held}", "do not hold"),
        (s, "declare 9d", "not a declaration"),
    ]
    for seat, action, message in cases:
        before = g.to_json()
        with pytest.raises(IllegalAction, match=message):
            g.apply(seat, action)
        assert g.to_json() == before
    with pytest.raises(IllegalAction, match="out of range"):
        g.apply_legal(s, 99)
    deal(g)
    d = g.declarer
    hand = g.view(d)["hand"].split()
    g.apply(d, "bury " + " ".join(hand[-8:]))
    held = g.view(d)["hand"].split()
    missing_card = next(c for c in ONE_DECK if c not in held)
    before = g.to_json()
    for seat, action, message in [
        (d, f"play {missing_card}", "do not hold"),
        (d, "declare BJ BJ", "play phase"),
        (d, "bury " + " ".join(held[:8]), "play phase"),
        ((d + 1) % 4, "play " + held[0], "not seat"),
        (d, "play " + held[0] + " as single", "only for Fifty-K"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            g.apply(seat, action)
        assert g.to_json() == before
    assert g.to_json() == before
    g.resign(d)  # no rule scores an abandoned Tractor hand: it is void
    assert g.phase == "done" and g.to_act == []
    assert g.result["escaped"] == d and g.result["game_points"] == [0, 0, 0, 0]
    assert fenpai.Game.from_json(g.to_json()).result == g.result


def test_c_5_scripted_deck_deals_card_by_card_from_the_first_seat():
    kitty = "7s 7s 8s 8s 9s 9s Ts Ts"
    deck = scripted_deck(["3s", "4s 4h", "5s", "6s"], kitty=kitty, first_seat=1)
    assert deck.split()[:5] == ["4s", "5s", "6s", "3s", "4h"]
    assert deck.split()[-8:] == kitty.split()
    g = fenpai.new_game("tractor", deck=deck, first_seat=1)
    # The fill gives seat 3 its level cards and jokers from its 14th card on: nobody can
    # declare before it receives that card, so every seat asked before can only pass.
    to_choice(g)
    assert g.to_act == [3] and g.view()["cards_dealt"] == dealt_when(3, 13, first_seat=1)
    assert sum(g.hand_sizes()) == 55
    deal(g)
    assert " ".join(map(str, g.kitty)) == kitty
    assert {"4s", "4h"} <= set(map(str, g.hand_of(1))) and "3s" in map(str, g.hand_of(0))


def test_c_5_same_seed_same_hand_and_clone():
    a, b = fenpai.new_game("tractor", seed=11), fenpai.new_game("tractor", seed=11)
    assert a.to_json() == b.to_json() and a.view(0) == b.view(0)
    c = a.clone()
    a.apply(a.to_act[0], "pass")
    assert c.history == [] and len(a.history) == 1


# --- TRO-140, TRO-150: joker declarations, reinforcing -----------------------------------


@pytest.mark.parametrize(
    ("value", "refused", "holder", "rule"),
    [("big_only", "LJ LJ", 1, "TRO-142"), ("none", "BJ BJ", 2, "TRO-143")],
)
def test_tro_140_a_joker_pair_the_table_does_not_allow_is_refused(value, refused, holder, rule):
    # Seat 1 holds LJ LJ from the 6th card dealt on, seat 2 BJ BJ from the 7th.
    deck = scripted_deck(["2h", "LJ LJ", "BJ BJ"])
    g = fenpai.new_game("tractor", deck=deck, first_seat=0, joker_declarations=value)
    g.apply(0, "declare 2h")
    while g.to_act != [holder] or g.view()["cards_dealt"] < 6:
        g.apply(g.to_act[0], "pass")
    before = g.to_json()
    refusal = rf"'{refused}' is not a declaration.*\(TRO-140, {rule}\)"
    with pytest.raises(IllegalAction, match=refusal):
        g.apply(holder, f"declare {refused}")
    assert g.to_json() == before and g.legal_actions(holder) == ["pass"]
    assert json.loads(before)["options"]["joker_declarations"] == value
    allowed = {"big_only": "or BJ BJ (TR-10, TRO-142)", "none": "(2h 2h) (TR-10, TRO-143)"}
    with pytest.raises(IllegalAction, match=re.escape(allowed[value])):
        g.apply(holder, "declare 3h")
    # TRO-141, TR-10: by default both pairs declare no-trump, and the default is not written.
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    offered = deal(g, {(0, 1): "declare 2h", (1, 6): "declare LJ LJ", (2, 7): "declare BJ BJ"})
    assert (1, 6, ["declare LJ LJ", "pass"]) in offered
    assert (2, 7, ["declare BJ BJ", "pass"]) in offered
    assert g.view()["declarations"] == [[0, "2h"], [1, "LJ LJ"], [2, "BJ BJ"]]
    assert g.rules.trump is None and "joker_declarations" not in json.loads(g.to_json())["options"]
    # TRO-142: big jokers still declare.
    g = fenpai.new_game("tractor", deck=deck, first_seat=0, joker_declarations="big_only")
    offered = deal(g, {(0, 1): "declare 2h", (2, 7): "declare BJ BJ"})
    assert (2, 7, ["declare BJ BJ", "pass"]) in offered and g.rules.trump is None


def test_tro_152_a_standing_declaration_is_not_reinforced():
    deck = scripted_deck(["2h 2h"])
    g = fenpai.new_game("tractor", deck=deck, first_seat=0, reinforce="none")
    g.apply(0, "declare 2h")
    while g.to_act != [0]:
        g.apply(g.to_act[0], "pass")
    assert g.legal_actions(0) == ["pass"]
    before = g.to_json()
    with pytest.raises(IllegalAction, match=r"your 2h stands: .*cannot be reinforced.*TRO-152"):
        g.apply(0, "declare 2h 2h")
    assert g.to_json() == before
    # TRO-151, TR-11: by default the second copy is offered.
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    offered = deal(g, {(0, 1): "declare 2h", (0, 5): "declare 2h 2h"})
    assert (0, 5, ["declare 2h 2h", "pass"]) in offered
    assert g.view()["declarations"] == [[0, "2h"], [0, "2h 2h"]]


def test_tro_153_the_standing_declarer_may_overcall_itself():
    deck = scripted_deck(["2h 2s 2s 2h"])
    g = fenpai.new_game("tractor", deck=deck, first_seat=0, reinforce="or_overturn")
    offered = deal(g, {(0, 1): "declare 2h", (0, 9): "declare 2s 2s"})
    assert (0, 9, ["declare 2s 2s", "pass"]) in offered
    assert g.view()["declarations"] == [[0, "2h"], [0, "2s 2s"]]
    assert g.declarer == 0 and g.rules.trump == "s"
    assert json.loads(g.to_json())["options"]["reinforce"] == "or_overturn"
    # TRO-151: by default the same seat may not overcall itself, naming TR-11; under
    # TRO-153 a declaration no stronger than its own is refused naming TRO-153.
    for value, rule in (("own_card", "TR-11"), ("or_overturn", "TRO-153")):
        g = fenpai.new_game("tractor", deck=deck, first_seat=0, reinforce=value)
        g.apply(0, "declare 2h")
        while g.to_act != [0] or g.view()["cards_dealt"] < 5:
            g.apply(g.to_act[0], "pass")
        before = g.to_json()
        with pytest.raises(IllegalAction, match=rf"your 2h stands: .*{rule}\)"):
            g.apply(0, "declare 2s")
        assert g.to_json() == before


def test_tro_153_a_standing_pair_may_only_be_overcalled_by_its_declarer():
    deck = scripted_deck(["2h 2s 2s 2h"])  # seat 0 holds 2h 2h from the 13th card dealt
    g = fenpai.new_game("tractor", deck=deck, first_seat=0, reinforce="or_overturn")
    g.apply(0, "declare 2h")
    while g.to_act != [0] or g.view()["cards_dealt"] < 13:
        g.apply(g.to_act[0], "pass")
    g.apply(0, "declare 2h 2h")  # TRO-153 keeps the reinforcement of TR-11
    while g.to_act != [0]:
        g.apply(g.to_act[0], "pass")
    before = g.to_json()
    message = "your 2h 2h stands: you may overcall it, which must be stronger than it (TRO-150"
    with pytest.raises(IllegalAction, match=re.escape(message)):
        g.apply(0, "declare 2s 2s")  # a pair does not overcall a pair (TR-10)
    assert g.to_json() == before and g.legal_actions(0) == ["pass"]
