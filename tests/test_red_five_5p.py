"""Red Five 5p (`red_five_5p`) through the Game API, by rule id (R5-1..R5-43).

Whole hands run from scripted decks (C-5) built by `scripted_deck`, and are played
out by `greedy` (every player plays its strongest legal single card), so that the
hand's course can be read off the deal; the comments derive each expected number.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter

import pytest
from view_support import assert_names_only, check_trick_records

import fenpai
from fenpai import Game, IllegalAction
from fenpai.games.trick_game import ONE_DECK

VARIANT = "red_five_5p"
FULL_DECK = [str(c) for c in ONE_DECK] * 3
DECK_ORDER = {str(c): i for i, c in enumerate(ONE_DECK)}


# --- helpers ---------------------------------------------------------------------------


def slot(seat: int, j: int, first_seat: int = 0) -> int:
    """C-5: the deck position of `seat`'s j-th card (from 0)."""
    return (seat - first_seat) % 5 + 5 * j


def scripted_deck(
    hands: dict[int, str] | None = None,
    kitty: str = "",
    first_seat: int = 0,
    avoid: dict[int, str] | None = None,
    at: dict[int, str] | None = None,
) -> str:
    """A 162-card deck (C-5) in which each seat of `hands` receives the given cards first,
    in that order, the kitty (the last 7 cards) starts with `kitty`, and `at` puts single
    cards at deck positions.

    The other positions are filled from the last one back, each with the last remaining
    card in deck order (2s counted last) that the seat may get: the 2s go to the kitty
    and the last rounds unless asked for. `avoid[seat]` holds the suits and ranks that
    seat must not get from the filling ("h": no hearts, "2": no 2s); those seats are
    filled first."""
    slots: list[str | None] = [None] * len(FULL_DECK)
    pool = Counter(FULL_DECK)

    def place(i: int, card: str) -> None:
        assert slots[i] is None and pool[card] > 0, f"cannot place {card} at {i}"
        pool[card] -= 1
        slots[i] = card

    for seat, text in (hands or {}).items():
        for j, c in enumerate(fenpai.cards(text)):
            place(slot(seat, j, first_seat), str(c))
    for j, c in enumerate(fenpai.cards(kitty)):
        place(155 + j, str(c))
    for i, c in (at or {}).items():
        place(i, c)
    rest = sorted(pool.elements(), key=lambda c: (c.startswith("2"), DECK_ORDER[c]))
    avoid = avoid or {}
    free = [i for i in reversed(range(len(slots))) if slots[i] is None]
    for i in sorted(free, key=lambda i: i >= 155 or (first_seat + i) % 5 not in avoid):
        banned = avoid.get((first_seat + i) % 5, "") if i < 155 else ""
        k = max(k for k, c in enumerate(rest) if allowed(c, banned))
        slots[i] = rest.pop(k)
    return " ".join(s for s in slots if s)


def allowed(card: str, banned: str) -> bool:
    c = fenpai.Card(card)
    return c.rank not in banned and (c.suit is None or c.suit not in banned)


def new(deck: str, first_seat: int = 0, **options) -> Game:
    return fenpai.new_game(VARIANT, deck=deck, first_seat=first_seat, **options)


def card_list(text: str) -> list[str]:
    return [str(c) for c in fenpai.cards(text)] if text else []


def singles(actions: list[str]) -> list[fenpai.Card]:
    return [fenpai.cards(a.split(None, 1)[1])[0] for a in actions if len(a.split()) == 2]


def greedy(g: Game, seat: int) -> str:
    """Leads the strongest legal single; follows (a single) with the strongest legal card."""
    if not g.play.trick():
        return next(f"play {c}" for c in g.hand_of(seat) if g.play.play_error(seat, [c]) is None)
    return f"play {g.rules.sort(singles(g.legal_actions(seat)))[0]}"


def low(g: Game, seat: int) -> str:
    """Follows with the weakest legal single, a non-trump one if there is one."""
    legal = singles(g.legal_actions(seat))
    plain = [c for c in legal if not g.rules.is_trump(c)] or legal
    return f"play {g.rules.sort(plain)[-1]}"


def play_out(g: Game, policy=greedy, until=None) -> None:
    """Plays with `policy` until the hand ends or `until(g)` holds."""
    while g.phase == "play" and not (until and until(g)):
        seat = g.to_act[0]
        g.apply(seat, policy(g, seat))


def pass_deal(g: Game) -> None:
    """Declines every reveal."""
    while g.phase == "deal":
        g.apply(g.to_act[0], "pass")


def to_choice(g: Game) -> None:
    """Passes for every seat asked that can only pass (R5-10: every receiver is asked
    until a reveal), up to the first question with a 2 to reveal or the deal's end."""
    while g.phase == "deal" and g.legal_actions(g.to_act[0]) == ["pass"]:
        g.apply(g.to_act[0], "pass")


def assert_conserved(g: Game) -> None:
    """C-61: every card copy is in exactly one place."""
    assert Counter(str(c) for c in g.all_cards()) == Counter(FULL_DECK)


def assert_illegal(g: Game, seat, action: str, reason: str = "") -> None:
    """The action raises IllegalAction (naming `reason`) and changes nothing."""
    before = g.to_json()
    with pytest.raises(IllegalAction, match=reason):
        g.apply(seat, action)
    assert g.to_json() == before


def views(g: Game) -> list[dict]:
    return [g.view(s) for s in [None, 0, 1, 2, 3, 4]]


# Decks of whole hands: trump d (seat 0 reveals 2d as the first card of the deal).
# Trumps with d: 5h BJ LJ 3d 3h (参谋) 2d, the other 2s, Ad..4d: 60 cards; the plain
# suits s, h, c hold the other 102.

# "Strong": seat 2 holds the 28 strongest trumps, seat 0 the 32 others (one in the
# kitty); the opponents 1, 3, 4 hold no trump. Seat 0 buries the kitty, owns one Ah.
STRONG = {
    0: "2d Ad Kd Kd Kd Qd Qd Qd Jd Jd Jd Td Td Td 9d 9d 9d 8d 8d 8d 7d 7d 7d "
    "6d 6d 6d 5d 5d 5d 4d 4d",
    2: "5h 5h 5h BJ BJ BJ LJ LJ LJ 3d 3d 3d 3h 3h 3h 2d 2d 2s 2s 2s 2h 2h 2h 2c 2c 2c "
    "Ad Ad Ah Ah 7h",
}
STRONG_KITTY = "4d Ah Kc Kc Tc 5c 5s"  # 40 points

# "Last trick": seat 2 holds 30 strong trumps and 4c, seat 0 the other 30 trumps and
# 3c; the kitty holds the other 3c and 4c copies and 25 points.
LAST = {
    0: "2d Ad Kd Qd Qd Qd Jd Jd Jd Td Td Td 9d 9d 9d 8d 8d 8d 7d 7d 7d "
    "6d 6d 6d 5d 5d 5d 4d 4d 4d 3c",
    2: "5h 5h 5h BJ BJ BJ LJ LJ LJ 3d 3d 3d 3h 3h 3h 2d 2d 2s 2s 2s 2h 2h 2h 2c 2c 2c "
    "Ad Ad Kd Kd 4c",
}
LAST_KITTY = "3c 3c 4c 4c Kc Tc 5c"  # 25 points

# "Weak": seats 0 and 3 hold only low plain cards (seat 0 also 2d); the opponents 1, 2,
# 4 hold the 59 other trumps and the plain A, K, Q, J (and one Ts), so they win every
# trick. The kitty holds no point; seat 3 holds the third As.
WEAK = {
    0: "2d Ts Ts 9s 9s 9s 8s 8s 8s 7s 7s 7s 6s 6s 6s 5s 5s 5s 4s Th Th Th 9h 9h 9h "
    "8h 8h 8h 7h 7h 7h",
    3: "As 6h 6h 6h 4h 4h 4h Tc Tc Tc 9c 9c 9c 8c 8c 8c 7c 7c 7c 6c 6c 6c 5c 5c 5c "
    "4c 4c 4c 3c 3c 3c",
}
WEAK_KITTY = "As As 3s 3s 3s 4s 4s"

# "Grab": the weak deck with seat 0 owning one As (in the kitty), seat 3 two.
GRAB = {
    0: "2d Ts Ts 9s 9s 9s 8s 8s 8s 7s 7s 7s 6s 6s 6s 5s 5s 5s Th Th Th 9h 9h 9h "
    "8h 8h 8h 7h 7h 7h 6h",
    3: "As As 6h 6h 4h 4h 4h Tc Tc Tc 9c 9c 9c 8c 8c 8c 7c 7c 7c 6c 6c 6c 5c 5c 5c "
    "4c 4c 4c 3c 3c 3c",
}
GRAB_KITTY = "As 3s 3s 3s 4s 4s 4s"


def hand_after_call(hands, kitty, call, reveal=True, **options) -> Game:
    """Seat 0 reveals 2d (or nobody reveals: 压庄), buries `kitty` as dealt and calls."""
    g = new(scripted_deck(hands, kitty), **options)
    if reveal:
        g.apply(0, "declare 2d")
    else:
        pass_deal(g)
    g.apply(0, "bury " + kitty)
    g.apply(0, call)
    return g


# --- R5-3, R5-10..R5-14: deal and declaration --------------------------------------------


def test_r5_3_cards_dealt_one_at_a_time_from_the_first_seat_31_each_kitty_7():
    deck = scripted_deck(first_seat=3)
    g = new(deck, first_seat=3)
    cards_of = deck.split()
    # R5-12: 原庄 seat 0 receives a 2 as its last card (position 152), seats 1 and 2 wait
    to_choice(g)
    assert g.to_act == [0] and g.view()["dealt"] == 153 and cards_of[152] == "2s"
    assert g.view()["first_seat"] == 3 and g.view()["hand_sizes"] == [31, 30, 30, 31, 31]
    pass_deal(g)
    assert g.phase == "kitty" and g.view()["dealt"] == 155
    for seat in (1, 2, 3, 4):
        dealt = [cards_of[slot(seat, j, 3)] for j in range(31)]
        assert Counter(card_list(g.view(seat)["hand"])) == Counter(dealt)
    assert Counter(card_list(g.view(0)["hand"])) == Counter(
        [cards_of[slot(0, j, 3)] for j in range(31)] + cards_of[155:]
    )


def test_r5_3_the_first_seat_is_random_from_the_seed():
    firsts = [fenpai.new_game(VARIANT, seed=s).view()["first_seat"] for s in range(30)]
    assert set(firsts) == {0, 1, 2, 3, 4}
    assert fenpai.new_game(VARIANT, seed=7).view()["first_seat"] == firsts[7]
    # C-5: a scripted deck without first_seat takes it from the seed too.
    deck = scripted_deck()
    scripted = {fenpai.new_game(VARIANT, seed=s, deck=deck).view()["first_seat"] for s in range(30)}
    assert scripted == {0, 1, 2, 3, 4}


def test_r5_10_a_player_who_receives_a_card_while_holding_a_2_may_reveal_it():
    # Seat 1 gets 2h as its third card (position 11), 2c as its sixth; seat 3 gets 2s as
    # its fifth (position 23). Nobody else holds a 2 before the last round.
    g = new(scripted_deck({1: "3s 3s 2h 4s 4s 2c", 3: "5s 5s 6s 6s 2s"}))
    # Every receiver is asked (public: it says nothing of its cards); without a 2 it
    # can only pass.
    assert g.phase == "deal" and g.to_act == [0] and g.legal_actions(0) == ["pass"]
    to_choice(g)
    assert g.to_act == [1]
    v = g.view(1)
    assert v["dealt"] == 12 and v["hand_sizes"] == [3, 3, 2, 2, 2]
    assert v["legal_actions"] == ["declare 2h", "pass"] and g.num_legal(1) == 2
    assert g.legal_actions(0) == [] and g.num_legal(3) == 0
    g.apply(1, "pass")  # offered again with every card it receives
    to_choice(g)
    assert g.to_act == [1] and g.view()["dealt"] == 17
    g.apply(1, "pass")
    to_choice(g)
    assert g.to_act == [1] and g.view()["dealt"] == 22
    g.apply(1, "pass")
    to_choice(g)
    assert g.to_act == [3] and g.view()["dealt"] == 24
    assert g.legal_actions(3) == ["declare 2s", "pass"]
    g.apply(3, "pass")
    to_choice(g)
    assert g.to_act == [1] and g.legal_actions(1) == ["declare 2h", "declare 2c", "pass"]
    g.apply(1, "declare 2c")
    assert g.phase == "kitty" and g.declarer == 1 and g.rules.trump == "c"
    assert g.view()["reveal"] == [1, "2c"] and g.view()["forced"] is False
    # The history: each of the first 26 receivers passed, then seat 1 revealed.
    assert g.history == [(i % 5, "pass") for i in range(26)] + [(1, "declare 2c")]


def test_r5_11_the_first_reveal_stands_no_overcall():
    g = new(scripted_deck({1: "3s 3s 2h 4s 4s 2c", 3: "5s 5s 6s 6s 2s"}))
    for _ in range(3):
        to_choice(g)
        g.apply(1, "pass")
    to_choice(g)
    g.apply(3, "declare 2s")
    # Seat 1 still holds 2h and 2c but is never asked again: the deal ends at once.
    assert g.phase == "kitty" and g.to_act == [3] and g.view()["dealt"] == 155
    assert g.declarer == 3 and g.rules.trump == "s" and g.view()["reveal"] == [3, "2s"]
    assert_illegal(g, 1, "declare 2h", "not seat 1's turn")
    assert_conserved(g)


def test_r5_12_last_two_rounds_only_prev_declarer():
    # prev_declarer 2. Seat 4's 29th card (position 144) is a 2: still asked. Seat 1's
    # 30th card (146) is a 2: not asked. Seat 2 (the 原庄) gets 2d as its 30th (147).
    deck = scripted_deck(at={144: "2h", 146: "2h", 147: "2d"})
    twos = [(i % 5, c) for i, c in enumerate(deck.split()[:155]) if c.startswith("2")]
    assert twos == [(4, "2h"), (1, "2h"), (2, "2d"), (3, "2s"), (4, "2s")]
    g = new(deck, prev_declarer=2)
    to_choice(g)
    assert g.to_act == [4] and g.view()["dealt"] == 145  # its 29th card
    g.apply(4, "pass")
    assert g.to_act == [2] and g.view()["dealt"] == 148  # nobody asked at seat 1's 2h
    assert g.legal_actions(1) == [] and g.legal_actions(4) == []
    assert_illegal(g, 1, "declare 2h", "not seat 1's turn")
    assert_illegal(g, 4, "declare 2h", "not seat 4's turn")
    g.apply(2, "pass")
    assert g.to_act == [2] and g.view()["dealt"] == 153  # its 31st card: still asked
    g.apply(2, "declare 2d")
    assert g.declarer == 2 and g.rules.trump == "d" and g.view()["forced"] is False


@pytest.mark.parametrize(
    ("hands", "kitty", "trumps"),
    [
        # The 原庄's own 2s: one of them, at random from the seed.
        ({0: "2c 3s 3s 2h"}, "", {"c", "h"}),
        ({0: "2c"}, "", {"c"}),
        # No 2 in the 原庄's hand: a 2 of the kitty.
        ({}, "2h 2h 9s BJ 5h 2c Ts", {"h", "c"}),
        ({}, "BJ 2h LJ 5h 9s 9s 9s", {"h"}),
        # No 2 there either: a kitty card that is not a joker or 5h.
        ({}, "BJ LJ 5h 9c 5h Qs Ac", {"c", "s"}),
        ({}, "BJ LJ 5h 5h BJ LJ 7s", {"s"}),
        # Only jokers and 5h: diamonds.
        ({}, "BJ BJ BJ LJ LJ LJ 5h", {"d"}),
    ],
)
def test_r5_13_forced_declarer_trump_fallbacks(hands, kitty, trumps):
    deck = scripted_deck(hands, kitty, avoid={0: "2"})
    seen = set()
    for seed in range(12):
        g = new(deck, seed=seed)
        pass_deal(g)
        assert g.phase == "kitty" and g.declarer == 0 and g.view()["forced"] is True
        assert g.view()["reveal"] is None
        seen.add(g.rules.trump)
        again = new(deck, seed=seed)
        pass_deal(again)
        assert again.rules.trump == g.rules.trump  # from the seed alone
    assert seen == trumps


def test_r5_2_r5_13_forced_declarer_is_the_prev_declarer():
    deck = scripted_deck(avoid={3: "2"})
    g = new(deck, prev_declarer=3)
    pass_deal(g)
    assert g.declarer == 3 and g.view()["forced"] is True and g.view()["prev_declarer"] == 3
    assert g.to_act == [3] and g.phase == "kitty"


def test_r5_14_declarer_takes_the_kitty_and_buries_seven():
    g = new(scripted_deck(STRONG, STRONG_KITTY))
    g.apply(0, "declare 2d")
    assert g.phase == "kitty" and g.to_act == [0]
    assert g.view()["hand_sizes"] == [38, 31, 31, 31, 31]
    assert_conserved(g)
    assert_illegal(g, 0, "bury 4d Ah Kc Kc Tc 5c", "exactly 7")
    assert_illegal(g, 0, "bury 4d Ah Kc Kc Tc 5c Ks", "do not hold Ks")
    assert_illegal(g, 0, "call Ah", "bury 7")
    g.apply(0, "bury " + STRONG_KITTY)
    assert g.phase == "friend" and g.view()["hand_sizes"] == [31] * 5
    assert Counter(card_list(g.view(0)["kitty"])) == Counter(card_list(STRONG_KITTY))
    assert all("kitty" not in g.view(s) for s in (None, 1, 2, 3, 4))
    assert_conserved(g)


# --- R5-20..R5-22: the friend ----------------------------------------------------------


def test_r5_20_call_a_card_or_solo_before_the_first_lead():
    g = new(scripted_deck(STRONG, STRONG_KITTY))
    g.apply(0, "declare 2d")
    g.apply(0, "bury " + STRONG_KITTY)
    assert g.phase == "friend" and g.to_act == [0]
    calls = "As Ah Ac Ad Ks Kh Kc Kd 5h BJ".split()
    assert g.legal_actions(0) == [f"call {c}" for c in calls] + ["call solo"]
    for bad in ("call Qs", "call 2h", "call LJ", "call 5d"):
        assert_illegal(g, 0, bad, "ace or king")
    assert_illegal(g, 0, "call As Ah", "one card")
    assert_illegal(g, 0, "play 2d", "calls a friend")
    assert_illegal(g, 1, "call As", "not seat 1's turn")
    g.apply(0, "call Ah")
    assert g.phase == "play" and g.to_act == [0]  # R5-30: the declarer leads
    assert g.view()["call"] == "Ah" and g.view()["friend"] is None


def test_r5_21_three_copies_owned_is_solo():
    # Seat 0 holds one As and buries two: all three copies.
    hands = {0: WEAK[0].replace("4s", "As"), 3: WEAK[3].replace("As", "4s")}
    g = hand_after_call(hands, WEAK_KITTY, "call As")
    # Only the declarer knows it owns every copy: to the others it is a call of As.
    assert g.view(0)["solo"] is True and g.view(0)["call"] == "As"
    for v in [g.view(None)] + [g.view(s) for s in range(1, 5)]:
        assert v["solo"] is False and v["call"] == "As"
    play_out(g)
    assert all(g.view(s)["solo"] is True for s in (None, 0, 1, 2, 3, 4))  # public at the end
    r = g.result
    assert r["solo"] is True and r["friend"] is None and r["call"] == "As"
    # The four opponents win every trick: P = 300, m = -24, solo: 8m and -2m each.
    assert (r["P"], r["grade"]) == (300, -24)
    assert r["game_points"] == [-192, 48, 48, 48, 48]


def test_r5_21_dead_partner_friend_is_fixed_and_public_only_when_the_copy_is_played():
    g = hand_after_call(WEAK, WEAK_KITTY, "call As")  # seat 0 owns two As: 死拚
    assert g.play.friend() == (3, False, False)  # the core knows seat 3 ...
    for v in views(g):  # ... the views do not
        assert v["friend"] is None and v["call"] == "As" and v["solo"] is False
    for seat in (0, 1, 2):
        g.apply(seat, greedy(g, seat))
        assert all(v["friend"] is None for v in views(g))
    assert greedy(g, 3) == "play As"
    g.apply(3, "play As")
    assert all(v["friend"] == 3 and v["grab"] is False for v in views(g))
    play_out(g)
    r = g.result
    # The opponents 1, 2, 4 win every trick: P = 300 + 2 x 0, m = -24: the friend's loss
    # stops at -9, the declarer takes 3m + 9 = -63.
    assert (r["friend"], r["P"], r["grade"], r["forced"]) == (3, 300, -24, False)
    assert r["game_points"] == [-63, 24, 24, -9, 24]


def bury_weakest(g: Game, keep: str) -> None:
    """The declarer buries its 7 weakest cards but those of `keep`."""
    kept = card_list(keep)
    g.apply(
        0,
        "bury "
        + " ".join([c for c in reversed(card_list(g.view(0)["hand"])) if c not in kept][:7]),
    )


def first_play_hand(**options) -> Game:
    """Seat 0 reveals 2d and calls Ah with one copy in hand; seat 1 holds Ah and 7h, seat 2
    no heart but Ah. Seat 0 leads its own Ah."""
    deck = scripted_deck({0: "2d Ah", 1: "Ah 7h", 2: "Ah"}, avoid={0: "h", 2: "h"})
    g = new(deck, **options)
    g.apply(0, "declare 2d")
    bury_weakest(g, "Ah")
    g.apply(0, "call Ah")
    g.apply(0, "play Ah")
    return g


def test_r5_21_first_play_friend_and_never_the_declarer():
    g = first_play_hand()
    assert g.view()["friend"] is None  # the declarer's own copy finds nobody
    assert g.play.friend() == (None, False, False)
    g.apply(1, "play 7h")
    assert g.view()["friend"] is None
    assert g.legal_actions(2) == ["play Ah"]  # its only heart
    g.apply(2, "play Ah")
    # R5-22: a copy the follow rules force is never a grab.
    assert g.view()["friend"] == 2 and g.view()["grab"] is False


def test_r5_22_a_copy_played_with_another_legal_play_grabs():
    g = first_play_hand()
    assert "play Ah" in g.legal_actions(1) and "play 7h" in g.legal_actions(1)
    g.apply(1, "play Ah")
    assert g.view()["friend"] == 1 and g.view()["grab"] is True


def test_r5_22_forbid_makes_the_grabbing_play_illegal_but_not_a_forced_one():
    g = first_play_hand(friend_grab="forbid")
    assert "play Ah" not in g.legal_actions(1)
    assert g.num_legal(1) == len(g.legal_actions(1))
    assert_illegal(g, 1, "play Ah", "R5-22")
    g.apply(1, "play 7h")
    assert g.legal_actions(2) == ["play Ah"]
    g.apply(2, "play Ah")
    assert g.view()["friend"] == 2 and g.view()["grab"] is False


def test_r5_22_a_copy_back_from_a_failed_throw_is_not_played_and_a_led_copy_grabs():
    # Seat 0 buries its Ah and calls it; seat 1 holds As Ah Ah Qh, seat 2 Kh 4h; seats
    # 0, 3, 4 hold no other heart.
    deck = scripted_deck(
        {0: "2d Ah 3s", 1: "As Ah Ah Qh", 2: "Kh 4h"}, avoid={0: "h", 3: "h", 4: "h"}
    )
    g = new(deck)
    g.apply(0, "declare 2d")
    bury = ["Ah"] + [c for c in reversed(card_list(g.view(0)["hand"])) if c != "3s"][:6]
    g.apply(0, "bury " + " ".join(bury))
    g.apply(0, "call Ah")
    g.apply(0, "play 3s")
    g.apply(1, "play As")
    for seat in (2, 3, 4):
        g.apply(seat, low(g, seat))
    assert g.to_act == [1]
    g.apply(1, "play Ah Qh")  # Kh (seat 2) beats Qh: Qh is led, Ah goes back
    assert g.view()["trick"] == [[1, "Qh"]] and g.view()["friend"] is None
    for seat in (2, 3, 4, 0):
        g.apply(seat, low(g, seat))
    assert g.to_act == [1] and g.view()["failed_throws"] == [0, 1, 0, 0, 0]
    g.apply(1, "play Ah")  # leading a copy while holding other cards grabs
    assert g.view()["friend"] == 1 and g.view()["grab"] is True


def last_club_hand(clubs: str, **options) -> Game:
    """Seat 0 reveals 2d, holds no club and calls Ac; seat 1 holds As and `clubs` (its only
    clubs) and wins trick 1 with As, so that it leads trick 2."""
    deck = scripted_deck(
        {0: "2d 3s", 1: "As " + clubs}, kitty="4s 4s 4s 6s 7s 8s 9s", avoid={0: "c", 1: "c"}
    )
    g = new(deck, **options)
    g.apply(0, "declare 2d")
    bury_weakest(g, "3s")
    g.apply(0, "call Ac")
    g.apply(0, "play 3s")
    g.apply(1, "play As")
    for seat in (2, 3, 4):
        g.apply(seat, low(g, seat))
    assert g.to_act == [1] and g.view()["friend"] is None
    return g


@pytest.mark.parametrize(
    "clubs, grab",
    [
        ("Ac", False),  # (b): its last club
        ("Ac 2c", False),  # (b): 2c is trump (C-10), not a club: Ac is still the last club
        ("Ac Kc", True),  # Kc stays: a grab
    ],
)
def test_r5_22_leading_the_last_card_of_the_suit_is_no_grab(clubs, grab):
    g = last_club_hand(clubs)
    g.apply(1, "play Ac")
    assert g.view()["friend"] == 1 and g.view()["grab"] is grab


@pytest.mark.parametrize("clubs, legal", [("Ac", True), ("Ac 2c", True), ("Ac Kc", False)])
def test_r5_22_forbid_allows_leading_the_last_card_of_the_suit(clubs, legal):
    g = last_club_hand(clubs, friend_grab="forbid")
    reason = g.play.play_error(1, fenpai.cards("Ac"))
    assert (reason is None) is legal, reason
    if not legal:
        assert "last card of clubs" in reason
        assert_illegal(g, 1, "play Ac", "R5-22")
        return
    g.apply(1, "play Ac")
    assert g.view()["friend"] == 1 and g.view()["grab"] is False


@pytest.mark.parametrize("friend_grab", ["allow", "forbid"])
def test_r5_22_discarding_the_last_card_of_the_suit_is_no_grab(friend_grab):
    # Seat 1 holds no spade and one club, Ac: discarding it on a spade lead leaves it no
    # club.
    deck = scripted_deck(
        {0: "2d 3s", 1: "Ac"}, kitty="4h 4h 4h 6h 7h 8h 9h", avoid={0: "c", 1: "cs"}
    )
    g = new(deck, friend_grab=friend_grab)
    g.apply(0, "declare 2d")
    bury_weakest(g, "3s")
    g.apply(0, "call Ac")
    g.apply(0, "play 3s")
    assert g.play.play_error(1, fenpai.cards("Ac")) is None
    g.apply(1, "play Ac")
    assert g.view()["friend"] == 1 and g.view()["grab"] is False


def test_r5_22_grab_won_is_scored_normally():
    g = hand_after_call(STRONG, STRONG_KITTY, "call Ah")  # seat 0 owns one Ah (buried)
    play_out(g)
    r = g.result
    # Seat 2 wins tricks 1-28 with its trumps, then leads Ah while holding 7h (a grab);
    # seat 0 ruffs it and wins the last three tricks with the kitty: P = 0, m = 9.
    assert (r["friend"], r["grab"], r["P"], r["grade"]) == (2, True, 0, 9)
    assert r["last_trick_winner"] == 0 and r["kitty_points"] == 40
    assert r["game_points"] == [18, -9, 9, -9, -9]  # 直拚: the normal table
    assert r["winners"] == [0, 2]  # m > 0: the declarer side, the grabbing friend in it
    assert r["card_points"][1::2] == [0, 0] and r["card_points"][4] == 0
    assert sum(r["card_points"]) == 300


def test_r5_22_grab_lost_exchanges_declarer_and_friend():
    g = hand_after_call(GRAB, GRAB_KITTY, "call As")  # seat 0 owns one As (buried)
    play_out(g)
    r = g.result
    # Seat 3 discards As on the first trick although any card was legal: a grab. The
    # opponents win every trick: P = 300, m = -24; normal: declarer -63, friend -9;
    # 直搭 exchanges them.
    assert (r["friend"], r["grab"], r["P"], r["grade"]) == (3, True, 300, -24)
    assert r["game_points"] == [-9, 24, 24, -63, 24]
    assert r["winners"] == [1, 2, 4]  # m < 0: the scoring side (R5-22 直搭 changes no side)


def test_r5_22_forbid_on_the_grab_deck_the_copy_waits_until_forced():
    g = hand_after_call(GRAB, GRAB_KITTY, "call As", friend_grab="forbid")
    g.apply(0, "play 2d")
    g.apply(1, greedy(g, 1))
    g.apply(2, greedy(g, 2))
    assert not any("As" in a for a in g.legal_actions(3)) and g.num_legal(3) == 10
    play_out(g)
    r = g.result
    # Seat 3 keeps As As until seat 2 leads Ks: its only spades, so it must play one (no
    # grab), wins that trick's 30 points and the next: P = 270, m = -18; normal table:
    # declarer 3m + 9 = -45, friend -9 (not exchanged), opponents 18.
    assert (r["friend"], r["grab"], r["P"], r["grade"]) == (3, False, 270, -18)
    assert r["game_points"] == [-45, 18, 18, -9, 18]


def test_r5_22_forbid_on_the_strong_deck_the_friend_waits_for_a_forced_copy():
    g = hand_after_call(STRONG, STRONG_KITTY, "call Ah", friend_grab="forbid")
    play_out(g, until=lambda g: g.play.num_tricks() == 28)
    assert g.to_act == [2] and "Ah" in g.view(2)["hand"]
    assert "play Ah" not in g.legal_actions(2)
    assert_illegal(g, 2, "play Ah", "R5-22")
    play_out(g)
    r = g.result
    # Seat 2 leads 7h; at trick 30 it holds only Ah Ah and must play one: no grab.
    assert (r["friend"], r["grab"], r["P"]) == (2, False, 0)
    assert r["game_points"] == [18, -9, 9, -9, -9]


# --- R5-30, R5-31: play ----------------------------------------------------------------


def test_r5_30_rules_of_the_play():
    g = hand_after_call(STRONG, STRONG_KITTY, "call Ah")
    r = g.rules
    assert (r.variant, r.decks, r.level, r.trump) == (VARIANT, 3, "2", "d")
    assert r.throws and r.mixed_tractors and r.tractor_above_ace and r.follow_format == "exact"
    assert g.to_act == [0]  # the declarer leads the first trick


def throw_hand() -> Game:
    """Seat 0 (declarer, solo) holds Qs Js Ts 9s; seat 1 holds Ks and 3s 3s 3s; the
    others no spade."""
    deck = scripted_deck({0: "2d Qs Js Ts 9s", 1: "Ks 3s 3s 3s"}, avoid={2: "s", 3: "s", 4: "s"})
    g = new(deck)
    g.apply(0, "declare 2d")
    bury_weakest(g, "Qs Js Ts 9s")
    g.apply(0, "call solo")
    return g


THROW_PENALTY_TEXT = "seat 0 -4 game points, each other seat +1"
THIRD_THROW_TEXT = "no penalty: seat 0 has failed 3 throws this hand (two at most)"


def test_r5_31_failed_throws_cost_four_and_pay_one_each_twice_only():
    g = throw_hand()
    penalties = [
        {"rule": "R5-31", "game_points": [-4, 1, 1, 1, 1], "text": THROW_PENALTY_TEXT},
        {"rule": "R5-31", "game_points": [-4, 1, 1, 1, 1], "text": THROW_PENALTY_TEXT},
        {"rule": "R5-31", "game_points": [0] * 5, "text": THIRD_THROW_TEXT},
    ]
    for (throw, forced), penalty in zip(
        (("Qs Js", "Js"), ("Qs Ts", "Ts"), ("Qs 9s", "9s")), penalties, strict=True
    ):
        g.apply(0, "play " + throw)  # Ks (seat 1) beats both singles: the lower is led
        v = g.view()
        failed = {"seat": 0, "attempted": throw, "forced": forced, "penalty": penalty}
        assert v["failed_throw"] == failed
        assert v["trick"] == [[0, forced]] and "Qs" in g.view(0)["hand"]
        assert_conserved(g)
        for seat in (1, 2, 3, 4):
            g.apply(seat, low(g, seat))
        # The closed trick keeps the failed throw: in last_trick and in the tricks.
        v = g.view()
        assert v["failed_throw"] is None
        assert v["last_trick"]["winner"] == 0 and v["last_trick"]["failed_throw"] == failed
        assert v["tricks"][-1] == v["last_trick"] and v["last_trick"]["plays"][0] == [0, forced]
    assert g.view()["failed_throws"] == [3, 0, 0, 0, 0]
    play_out(g)
    r = g.result
    assert r["failed_throws"] == [3, 0, 0, 0, 0]
    # Solo, P = 245 (m = -13): -104 and 26 each; then the first two failures only:
    # -4 - 4 for seat 0 and +1 + 1 for each other seat.
    assert (r["P"], r["grade"], r["solo"]) == (245, -13, True)
    assert r["game_points"] == [-112, 28, 28, 28, 28]
    assert r["winners"] == [1, 2, 3, 4]  # solo lost: the four against the declarer
    throws = [a for s, a in g.history if s == 0 and a.startswith("play Qs ")]
    assert throws == ["play Qs Js", "play Qs Ts", "play Qs 9s"]  # as attempted


# --- R5-40..R5-42: scoring --------------------------------------------------------------


def test_r5_40_kitty_to_the_declarer_side_undoubled():
    g = hand_after_call(STRONG, STRONG_KITTY, "call Ah")
    play_out(g)
    r = g.result
    # Seat 0 won tricks 29-31 (15 points) and the last one: + the kitty's 40.
    assert r["card_points"] == [55, 0, 245, 0, 0] and r["P"] == 0


def test_r5_40_last_trick_to_the_scoring_side_doubles_the_kitty():
    g = hand_after_call(LAST, LAST_KITTY, "call BJ")  # seat 0 owns no BJ: first play
    friends = []
    play_out(g, until=lambda g: friends.append(g.view()["friend"]) and False)
    assert friends[:16] == [None] * 16 and friends[16] == 2  # seat 2 leads BJ at trick 4
    r = g.result
    assert r["grab"] is False  # R5-22: a trump call card is never grabbed
    # Seat 2 wins tricks 1-30; at trick 31 it leads 4c and the opponents' last cards are
    # clubs above 4c (the other 3c and 4c are buried): seat 4 wins 5c 6c 5c (10 points)
    # and twice the kitty's 25: P = 60, m = 2.
    assert r["last_trick_winner"] == 4 and r["kitty_points"] == 25
    assert r["card_points"] == [0, 0, 265, 0, 60]
    assert (r["P"], r["grade"]) == (60, 2)
    assert r["game_points"] == [4, -2, 2, -2, -2]


def test_r5_41_r5_42_normal_table_with_the_friend_capped_at_minus_9():
    g = hand_after_call(WEAK, WEAK_KITTY, "call As")
    play_out(g)
    assert g.result["game_points"] == [-63, 24, 24, -9, 24]  # m = -24: 3m + 9, -9, -m


def test_r5_13_r5_42_forced_declarer_friend_capped_at_minus_4():
    g = hand_after_call(WEAK, WEAK_KITTY, "call As", reveal=False)
    assert g.view()["forced"] is True and g.rules.trump == "d"  # the 原庄's only 2
    play_out(g)
    r = g.result
    assert (r["forced"], r["P"], r["grade"], r["friend"]) == (True, 300, -24, 3)
    assert r["game_points"] == [-68, 24, 24, -4, 24]  # 3m + 4, -4, -m


@pytest.mark.parametrize("reveal", [True, False])
def test_r5_42_solo_table_also_for_a_forced_declarer(reveal):
    g = hand_after_call(WEAK, WEAK_KITTY, "call solo", reveal=reveal)
    play_out(g)
    r = g.result
    assert (r["solo"], r["forced"], r["call"], r["friend"]) == (True, not reveal, "solo", None)
    assert (r["P"], r["grade"]) == (300, -24)
    assert r["game_points"] == [-192, 48, 48, 48, 48]  # 8m, -2m


def test_r5_1_r5_42_declarer_and_friend_against_three_normal_table():
    g = hand_after_call(STRONG, STRONG_KITTY, "call Ah")
    play_out(g)
    assert g.result["game_points"] == [18, -9, 9, -9, -9]  # m = 9: 2m, m, -m


# --- R5-43: escape --------------------------------------------------------------------


def test_r5_43_escape_scores_minus_80_and_ends_the_hand():
    g = hand_after_call(STRONG, STRONG_KITTY, "call Ah")
    play_out(g, until=lambda g: g.play.num_tricks() == 5)
    assert "resign" not in " ".join(g.legal_actions(g.to_act[0]))
    g.resign(3)
    r = g.result
    assert g.phase == "done" and g.to_act == [] and g.legal_actions(0) == []
    assert r["game_points"] == [0, 0, 0, -80, 0] and r["escaped"] == 3 and r["P"] is None
    assert r["winners"] == []  # as an abandoned hand of every variant
    assert_illegal(g, 0, "play 2d", "over")
    with pytest.raises(IllegalAction):
        g.resign(1)
    again = Game.from_json(g.to_json())
    assert again.result == r and again.to_json() == g.to_json()


def test_r5_43_escape_from_a_solo_hand_drops_the_throw_penalties():
    g = throw_hand()
    g.apply(0, "play Qs Js")
    for seat in (1, 2, 3, 4):
        g.apply(seat, low(g, seat))
    assert g.view()["failed_throws"] == [1, 0, 0, 0, 0]
    g.resign(2)
    r = g.result
    assert r["game_points"] == [0, 0, -200, 0, 0] and r["solo"] is True and r["escaped"] == 2


def test_r5_43_escape_during_the_deal():
    g = new(scripted_deck({1: "3s 3s 2h"}))
    assert g.phase == "deal"
    g.resign(4)
    assert g.result["game_points"] == [0, 0, 0, 0, -80] and g.result["declarer"] is None
    assert g.view()["phase"] == "done"


# --- contract: illegal actions, views, replay ------------------------------------------


def test_illegal_actions_change_nothing():
    g = new(scripted_deck({1: "3s 3s 2h"}))
    to_choice(g)
    for seat, action, reason in [
        (1, "", "empty"),
        (1, "dance", "unknown action"),
        (1, "declare", "needs cards"),
        (1, "declare 2x", "not a card"),
        (1, "declare 3h", "exactly one 2"),
        (1, "declare 2h 2h", "exactly one 2"),
        (1, "declare 2c", "do not hold 2c"),
        (1, "bury 3s", "declare"),
        (1, "call Ah", "declare"),
        (1, "play 3s", "declare"),
        (1, "pass now", "nothing after"),
        (0, "pass", "not seat 0's turn"),
        (5, "pass", "no seat"),
        (-1, "pass", "no seat"),
        ("1", "pass", "no seat"),
    ]:
        assert_illegal(g, seat, action, reason)
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply_legal(1, 2)
    with pytest.raises(IllegalAction):
        g.apply(1, None)  # type: ignore[arg-type]
    assert g.to_json() == before
    g = hand_after_call(STRONG, STRONG_KITTY, "call Ah")
    assert_illegal(g, 0, "play Ks", "do not hold Ks")
    assert_illegal(g, 0, "call Ah", "play phase")
    assert_illegal(g, 0, "play 2d as pair", "Fifty-K")
    assert_illegal(g, 1, "play 5s", "turn")
    play_out(g)
    assert_illegal(g, 0, "play 2d", "over")


def test_options_are_checked():
    deck = scripted_deck()
    for bad in ({"prev_declarer": 5}, {"prev_declarer": True}, {"friend_grab": "maybe"}):
        with pytest.raises(ValueError):
            new(deck, **bad)
    with pytest.raises(ValueError, match="unknown option"):
        new(deck, decks=2)


def check_views(g: Game) -> None:
    """Every seat's view and the public one (see `check_view`)."""
    played = Counter()
    for _, action in g.history:
        if action.startswith(("play ", "declare ")):
            played.update(card_list(action.split(None, 1)[1]))
    for seat in (None, 0, 1, 2, 3, 4):
        check_view(g, seat, played)


def check_view(g: Game, seat: int | None, played: Counter) -> None:
    """A view holds the seat's own hand and legal actions, and no other hidden card: card
    text appears only under the public keys, which show cards that were played (or
    revealed, or called), the seat's own keys, the kitty (to the declarer who buried it,
    or once the hand is over) and the result. The friend shows once public (R5-21)."""
    v = g.view(seat)
    assert json.loads(json.dumps(v)) == v
    own = {"hand", "legal_actions", "kitty", "kitty_cards", "result"}
    public_cards = {"trick", "last_trick", "tricks", "failed_throw", "reveal", "call"}
    if seat is None:
        assert not {"hand", "legal_actions"} & set(v)
    else:
        assert Counter(card_list(v["hand"])) == Counter(str(c) for c in g.hand_of(seat))
        assert v["legal_actions"] == g.legal_actions(seat, 100)
    if "kitty" in v:
        assert g.phase == "done" or (seat == g.declarer and g.buried is not None)
        assert Counter(card_list(v["kitty"])) == Counter(str(c) for c in g.buried)
    if "result" in v:
        assert g.phase == "done"
    friend, public, _ = g.play.friend() if g.play else (None, False, False)
    assert v["friend"] == (friend if public else None)
    check_trick_records(g, v)
    for key, value in v.items():
        if key in public_cards:
            assert_names_only(v, key, played + Counter(card_texts(v["call"] or "")))
        elif key not in own:
            tokens = Counter()
            card_tokens(value, tokens)
            assert not tokens, (key, value)


@functools.cache
def card_texts(text: str) -> tuple[str, ...]:
    """The cards a text names, if it is a card list; else none."""
    try:
        return tuple(card_list(text))
    except ValueError:
        return ()


def card_tokens(value, out: Counter) -> None:
    """Counts every card text in a JSON value into `out`."""
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        for item in value:
            card_tokens(item, out)
    elif isinstance(value, str):
        out.update(card_texts(value))


def check_replay(g: Game) -> None:
    text = g.to_json()
    assert Game.from_json(text).to_json() == text
    data = json.loads(text)
    fresh = fenpai.new_game(
        VARIANT,
        seed=data["seed"],
        deck=data["deck"],
        first_seat=data["first_seat"],
        **data["options"],
    )
    for seat, action in g.history:
        fresh.apply(seat, action)
    if g.phase == "done" and g.result["escaped"] is not None:
        fresh.resign(g.result["escaped"])
    assert fresh.to_json() == text


def test_random_playouts_conserve_cards_sum_to_zero_replay_and_hide_hands():
    """300 uniform random games (friend_grab allow and forbid), plus 40 in which nobody
    reveals (压庄), checked at several moments of each; one game in 20 is abandoned at a
    random moment instead (R5-43)."""
    counts = Counter()
    for i in range(340):
        rng = random.Random(i)
        grab = ("allow", "forbid")[i % 2]
        g = fenpai.new_game(VARIANT, seed=i, friend_grab=grab, prev_declarer=i % 5)
        checkpoints = {0, 1, 40, 100, 160} | {rng.randrange(200) for _ in range(2)}
        escape_at = rng.randrange(200) if i % 20 == 7 else None
        step = 0
        while g.phase != "done":
            seat = g.to_act[0]
            if step == escape_at:
                g.resign(rng.randrange(5))
                break
            if i >= 300 and g.phase == "deal":
                g.apply(seat, "pass")
            else:
                g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
            step += 1
            if step in checkpoints:
                assert_conserved(g)
                check_views(g)
                if step in (40, 160):
                    check_replay(g)
        assert_conserved(g)
        check_views(g)
        check_replay(g)
        r = g.result
        if r["escaped"] is not None:
            lost = -200 if r["solo"] else -80
            assert r["game_points"] == [lost if s == r["escaped"] else 0 for s in range(5)]
            assert r["winners"] == []  # R5-43: an abandoned hand has no winner
            counts["escaped"] += 1
            continue
        assert sum(r["game_points"]) == 0
        side = {r["declarer"]} | ({r["friend"]} if r["friend"] is not None else set())
        assert r["solo"] == (r["friend"] is None)
        assert r["P"] == sum(p for s, p in enumerate(r["card_points"]) if s not in side)
        doubled = r["last_trick_winner"] not in side
        assert sum(r["card_points"]) == 300 + (r["kitty_points"] if doubled else 0)
        assert r["failed_throws"] == g.view()["failed_throws"]
        winning_side = side if r["grade"] > 0 else set(range(5)) - side  # R5-41
        assert r["winners"] == sorted(winning_side)
        counts[(r["solo"], r["forced"], r["grab"])] += 1
    assert counts[(False, True, False)] > 0 and counts[(False, False, True)] > 0
    assert sum(n for k, n in counts.items() if k != "escaped" and k[0]) > 0
    assert counts["escaped"] > 0
