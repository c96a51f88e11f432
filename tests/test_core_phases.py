"""The phases before the play (the core's phase objects, as the games run them) against
the rules' text.

For many seeds and options of every variant, a game runs through every phase before the
play with random, passive and bot choices. At every step of a deal or bidding the legal
actions must be exactly what the rules allow a seat that sees what the view shows
(TR-10..TR-12, R4-10..R4-13, R5-10..R5-12), each phase must end as the rules say
(TR-13, TR-14, R4-14, R4-20, R5-11, R5-13, R5-14), a burial must count every multiset
of the right size (C-4), and the play must start with the declarer's lead. The core
objects' own contract (apply_legal is apply of the legal action, clones, rejections)
is checked on them directly, and whole hands chained by hand from the core objects with
the core's bots must be the hands `fenpai.bots.Bot` plays step by step.

(This file once compared the core objects with the Python phases they replaced; the
rules' text is the reference now.)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from action_probes import PROBES
from hypothesis import given, settings
from hypothesis import strategies as st

import fenpai
from fenpai import scoring
from fenpai._core import (
    Burial,
    FriendCall,
    PhaseBot,
    RedFive4pBidding,
    RedFive5pDeal,
    TractorDeal,
    TrickBot,
    fifty_k_deal,
)
from fenpai.bots import Bot, seed_for
from fenpai.games.base import Game
from fenpai.simulation import play_game

SEEDS = range(40)
SUITS = "shcd"


#: (game, seat) -> the action to take.
Chooser = Callable[[Game, int], str]


def random_chooser(rng: random.Random, pass_bias: float) -> Chooser:
    """Uniform over the legal actions, or `pass` with probability `pass_bias` if legal."""

    def choose(g: Game, seat: int) -> str:
        if "pass" in g.legal_actions(seat, 50) and rng.random() < pass_bias:
            return "pass"
        return g.legal_action(seat, rng.randrange(g.num_legal(seat)))

    return choose


def chooser(g: Game, seed: int, how: str) -> Chooser:
    if how in ("uniform", "passive"):
        return random_chooser(random.Random(seed * 7 + 1), 0.0 if how == "uniform" else 0.97)
    bots = [Bot(how, seed_for(seed, s)) for s in range(g.num_players)]
    return lambda game, seat: bots[seat].choose(game, seat)


HOWS = ["uniform", "passive", "random", "greedy"]


def step(g: Game, choose: Chooser) -> None:
    (seat,) = g.to_act
    g.apply(seat, choose(g, seat))


def multisets(hand: list[str], size: int) -> int:
    """How many distinct `size`-card multisets `hand` holds (C-4)."""
    ways = [1] + [0] * size
    for copies in Counter(hand).values():
        ways = [sum(ways[s - t] for t in range(min(copies, s) + 1)) for s in range(size + 1)]
    return ways[size]


def check_burial(g: Game, size: int) -> None:
    """C-4: the declarer holds the kitty in hand and may bury any `size` of its cards;
    the play then starts with the declarer's lead (TR-21, R4-30, R5-30)."""
    assert g.phase == "kitty"
    d = g.declarer
    assert g.to_act == [d]
    view = g.view(d)
    assert view["bury_count"] == size
    assert Counter(view["kitty_cards"].split()) <= Counter(view["hand"].split())
    assert g.num_legal(d) == multisets(view["hand"].split(), size)


def bury_and_check_the_lead(g: Game, choose: Chooser) -> None:
    d = g.declarer
    step(g, choose)
    if g.phase == "friend":
        step(g, choose)
    assert g.phase == "play" and g.to_act == [d]


# -- Tractor (TR-10..TR-14, C-4) ----------------------------------------------------------

TRACTOR_OPTIONS = [
    {},
    {"levels": ("T", "T")},
    {"levels": ("A", "A"), "follow_format": "full"},
    {"levels": ("5", "9"), "dealer": 1},
    {"levels": ("K", "3"), "dealer": 2},
]


def strength(cards: list[str], level: str) -> int:
    """TR-10: one level card (1) < two identical level cards (2) < LJ LJ (3) < BJ BJ (4)."""
    if cards[0] in ("LJ", "BJ"):
        return 3 if cards[0] == "LJ" else 4
    return len(cards)


def tractor_declarations(view: dict[str, Any]) -> list[str]:
    """TR-10, TR-11: what the seat may declare from the cards dealt to it so far."""
    held, level, seat = Counter(view["hand"].split()), view["level"], view["seat"]
    standing = view["declaration"]
    candidates = [[level + s] * n for n in (1, 2) for s in SUITS if held[level + s] >= n]
    candidates += [[j, j] for j in ("LJ", "BJ") if held[j] >= 2]

    def allowed(cards: list[str]) -> bool:
        if standing is None:
            return True
        current = standing["cards"].split()
        if standing["seat"] == seat:  # TR-11: only the second copy of a single card
            return len(current) == 1 and cards == current * 2
        return strength(cards, level) > strength(current, level)

    return [f"declare {' '.join(c)}" for c in candidates if allowed(c)]


def run_tractor(seed: int, options: dict, how: str, first_seat: int | None = None) -> None:
    g = fenpai.new_game("tractor", seed=seed, first_seat=first_seat, **options)
    choose = chooser(g, seed, how)
    first, last = g.view()["first_seat"], None
    while g.phase == "deal":
        (seat,) = g.to_act
        view = g.view(seat)
        # TR-12: every receiver is asked, then every seat in turn in the final round.
        if view["final_round"]:
            assert view["cards_dealt"] == 100 and seat == (last + 1) % 4
        else:
            assert seat == (first + view["cards_dealt"] - 1) % 4
        assert g.legal_actions(seat) == [*tractor_declarations(view), "pass"]
        last = seat
        step(g, choose)
    facts = g.view()
    standing = facts["declaration"]
    if options.get("dealer") is not None:  # TR-32: a fixed dealer
        dealer = options["dealer"]
    else:  # TR-13: the standing declarer, else the seat of the first card
        dealer = standing["seat"] if standing else facts["first_seat"]
    assert g.declarer == facts["dealer"] == dealer
    trump = None if standing is None else standing["cards"].split()[0]
    assert facts["trump"] == (None if trump is None or trump in ("LJ", "BJ") else trump[-1])
    check_burial(g, 8)  # TR-14
    bury_and_check_the_lead(g, choose)


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("options", TRACTOR_OPTIONS, ids=str)
def test_tr_10_to_tr_14_tractor_deal_follows_the_rules(options: dict, how: str) -> None:
    for seed in SEEDS[:12]:
        run_tractor(seed, options, how)


def test_tr_12_tractor_final_round_and_first_seat_follow_the_rules() -> None:
    for seed in SEEDS:
        run_tractor(1000 + seed, {}, "passive", first_seat=seed % 4)


# -- Red Five 4p (R4-10..R4-14, R4-20, R4-21) ----------------------------------------------

R4_OPTIONS = [
    {},
    {"opening_bid": "minimum"},
    {"decks": 3},
    {"decks": 3, "opening_bid": "minimum", "kitty_points": "always"},
]


def r4_bids(view: dict[str, Any], decks: int, minimum: bool) -> list[str]:
    """R4-10, R4-13: multiples of 5 in the range, each 5, 10 or 15 above the high bid."""
    low, high = scoring.red_five_4p_bid_range(decks)
    if view["high_bid"] is None:
        bids = [low] if minimum else list(range(low, high + 1, 5))
    else:
        top = view["high_bid"][1]
        bids = [top + d for d in (5, 10, 15) if top + d <= high]
    return [f"bid {b}" for b in bids]


def run_r4(seed: int, options: dict, how: str, first_seat: int | None = None) -> None:
    g = fenpai.new_game("red_five_4p", seed=seed, first_seat=first_seat, **options)
    decks = options.get("decks", 2)
    choose = chooser(g, seed, how)
    assert g.to_act == [g.view()["first_bidder"]]  # R4-11
    while g.phase == "bid":
        (seat,) = g.to_act
        view = g.view(seat)
        passed = {s for s, b in view["bids"] if b is None}
        assert seat not in passed  # R4-12: a pass is final
        minimum = options.get("opening_bid") == "minimum"
        assert g.legal_actions(seat) == [*r4_bids(view, decks, minimum), "pass"]
        step(g, choose)
    facts = g.view()
    low, high = scoring.red_five_4p_bid_range(decks)
    if facts["high_bid"] is None:  # R4-14: all passed: the first bidder at the minimum
        assert (g.declarer, facts["bid"]) == (facts["first_bidder"], low)
    else:
        assert (g.declarer, facts["bid"]) == tuple(facts["high_bid"])
        passes = sum(b is None for _, b in facts["bids"])
        assert facts["bid"] == high or passes == 3
    assert g.phase == "trump" and g.to_act == [g.declarer]  # R4-20
    assert g.legal_actions(g.declarer) == [f"trump {s}" for s in SUITS]
    step(g, choose)
    check_burial(g, 8 if decks == 2 else 6)  # R4-21
    bury_and_check_the_lead(g, choose)


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("options", R4_OPTIONS, ids=str)
def test_r4_10_to_r4_21_red_five_4p_bidding_follows_the_rules(options: dict, how: str) -> None:
    for seed in SEEDS[:15]:
        run_r4(seed, options, how, first_seat=None if seed % 3 else seed % 4)


# -- Red Five 5p (R5-3, R5-10..R5-14, R5-20, R5-21) ----------------------------------------

R5_OPTIONS = [
    {},
    {"prev_declarer": 3},
    {"prev_declarer": 4, "friend_grab": "forbid"},
]
#: R5-12: a seat's 30th and 31st cards are the last two rounds of the deal.
LAST_ROUNDS_FROM = 29 * 5
CALLS = [*(f"call {r}{s}" for r in "AK" for s in SUITS), "call 5h", "call BJ", "call solo"]


def run_r5(seed: int, options: dict, how: str, first_seat: int | None = None) -> dict:
    g = fenpai.new_game("red_five_5p", seed=seed, first_seat=first_seat, **options)
    prev = options.get("prev_declarer", 0)
    choose = chooser(g, seed, how)
    while g.phase == "deal":
        (seat,) = g.to_act
        view = g.view(seat)
        assert view["reveal"] is None  # R5-11: the first reveal stands; the rest deals at once
        assert view["dealt"] <= LAST_ROUNDS_FROM or seat == prev  # R5-12
        # R5-10: every receiver is asked, whether it holds a 2 or not.
        assert seat == (view["first_seat"] + view["dealt"] - 1) % 5
        twos = [s for s in SUITS if "2" + s in view["hand"].split()]
        assert g.legal_actions(seat) == [*(f"declare 2{s}" for s in twos), "pass"]
        step(g, choose)
    facts = g.view()
    if facts["reveal"] is None:  # R5-13: 压庄
        assert facts["forced"] and g.declarer == prev
    else:  # R5-11: the revealer declares, its 2 names trump
        seat, card = facts["reveal"]
        assert not facts["forced"] and g.declarer == seat and facts["trump"] == card[-1]
    check_burial(g, 7)  # R5-14
    d = g.declarer
    step(g, choose)
    assert g.phase == "friend" and g.to_act == [d]  # R5-20
    assert g.legal_actions(d) == CALLS
    step(g, choose)
    assert g.phase == "play" and g.to_act == [d]  # R5-30
    facts = g.view()
    return {"forced": facts["forced"], "solo": facts["solo"]}


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("options", R5_OPTIONS, ids=str)
def test_r5_10_to_r5_21_red_five_5p_deal_and_call_follow_the_rules(options: dict, how: str) -> None:
    for seed in SEEDS[:10]:
        run_r5(seed, options, how, first_seat=None if seed % 2 else seed % 5)


def test_r5_12_r5_13_forced_declarer() -> None:
    """Passive choosers let most deals end without a reveal: the random trump of 压庄."""
    outcomes = [run_r5(2000 + s, {"prev_declarer": s % 5}, "passive") for s in SEEDS]
    assert any(o["forced"] for o in outcomes) and not all(o["forced"] for o in outcomes)


# -- Fifty-K (FK-1, FK-2) -----------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_fk_1_fk_2_fifty_k_deal(players: int) -> None:
    for seed in SEEDS:
        first_seat = None if seed % 4 else seed % players
        g = fenpai.new_game("fifty_k", seed=seed, players=players, first_seat=first_seat)
        hands, first, leader = fifty_k_deal(seed, players, first_seat=first_seat)
        assert (first, leader) == (g.first_seat, g.leader)
        if first_seat is not None:
            assert first == first_seat
        sizes = [13] * 4 if players == 4 else [18 if s == first else 17 for s in range(3)]
        assert g.view()["hand_sizes"] == sizes  # FK-1
        assert "3h" in g.view(leader)["hand"].split() and g.to_act == [leader]  # FK-2
        assert [sorted(h, key=lambda c: c.index) for h in hands] == [
            sorted(g.play.hand(s), key=lambda c: c.index) for s in range(players)
        ]


# -- scripted decks (C-5) -------------------------------------------------------------------


def test_c_5_scripted_deck_and_its_errors() -> None:
    cards = [r + s for s in SUITS for r in "23456789TJQKA"] * 2 + ["LJ", "BJ"] * 2
    random.Random(3).shuffle(cards)
    full = " ".join(cards)
    game, core = fenpai.new_game("tractor", deck=full), TractorDeal(deck=full)
    assert game.view(0)["hand"] == fenpai.format_cards(core.hand(0))
    bad = {
        full[:150]: "deck must hold exactly the game's 108 cards; missing",
        full.replace("BJ", "LJ", 1): "missing BJ, extra LJ",
        full + " 2s": "missing none, extra 2s",
        "2s 1x": "deck: ",
    }
    for deck, message in bad.items():
        with pytest.raises(ValueError, match=message):
            fenpai.new_game("tractor", deck=deck)
        with pytest.raises(ValueError, match=message):
            TractorDeal(deck=deck)


# -- properties of the core objects ----------------------------------------------------------

MAKERS: dict[str, Callable[[int], Any]] = {
    "tractor": lambda seed: TractorDeal(seed=seed),
    "red_five_4p": lambda seed: RedFive4pBidding(seed=seed),
    "red_five_5p": lambda seed: RedFive5pDeal(seed=seed),
}


def core_hands(phase: Any) -> list[list[str]]:
    return [[str(c) for c in phase.hand(s)] for s in range(phase.num_players)]


def _core_error(phase: Any, seat: int, action: str) -> str | None:
    """The core's reason for rejecting `action` (on a copy), or None when it is legal."""
    try:
        phase.clone().apply(seat, action)
    except ValueError as err:
        return str(err)
    return None


def advance_to_burial(phase: Any, picks: list[int]) -> Burial:
    for pick in picks:
        if phase.done:
            break
        phase.apply_legal(pick % phase.num_legal())
    while not phase.done:
        phase.apply_legal(phase.num_legal() - 1)
    return phase.burial()


@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from(sorted(MAKERS)),
    seed=st.integers(0, 2**64 - 1),
    picks=st.lists(st.integers(0, 1000), max_size=30),
    index=st.integers(0, 2**40),
)
def test_c_4_apply_legal_is_apply_of_legal_action_and_clones_are_independent(
    variant: str, seed: int, picks: list[int], index: int
) -> None:
    burial = advance_to_burial(MAKERS[variant](seed), picks)
    i = index % burial.num_legal()
    copy = burial.clone()
    text = burial.legal_action(i)
    assert copy.apply_legal(i) == text
    assert burial.to_act == burial.declarer and copy.done
    assert copy.num_legal() == 0
    assert burial.apply(burial.declarer, text) == text
    assert core_hands(burial) == core_hands(copy)


@settings(max_examples=30, deadline=None)
@given(variant=st.sampled_from(sorted(MAKERS)), seed=st.integers(0, 2**64 - 1))
def test_a_rejected_action_changes_nothing(variant: str, seed: int) -> None:
    phase = MAKERS[variant](seed)
    before = (phase.to_act, phase.legal_actions(), core_hands(phase))
    for action in PROBES:
        if _core_error(phase, phase.to_act, action) is not None:
            with pytest.raises(ValueError):
                phase.apply(phase.to_act, action)
    assert (phase.to_act, phase.legal_actions(), core_hands(phase)) == before


def test_friend_call_lists_callable_cards_in_order() -> None:
    burial = advance_to_burial(RedFive5pDeal(seed=4), [])
    burial.apply_legal(0)
    call = burial.friend_call()
    assert isinstance(call, FriendCall)
    assert call.legal_actions() == CALLS


# -- whole hands: the core's phases and bots against step-by-step play --------------------

SIDES = {"tractor": "partners", "red_five_4p": "alone", "red_five_5p": "friend"}


def core_hand(variant: str, seed: int, name: str) -> list[tuple[int, str]]:
    """A whole hand chained by hand from the core objects, each phase run by `play_out`,
    the play by `TrickBot`s seeded as `fenpai.bots.Bot` seeds them; every action in order."""
    n = 5 if variant == "red_five_5p" else 4
    seeds = [seed_for(seed, s) for s in range(n)]
    bots = [PhaseBot(name, s) for s in seeds]
    phase = MAKERS[variant](seed)
    phase.play_out(bots)
    burial = phase.burial()
    burial.play_out(bots)
    history = phase.log() + burial.log()
    last: Any = burial
    if variant == "red_five_5p":
        last = burial.friend_call()
        last.play_out(bots)
        history += last.log()
    play = last.start_play()
    play.play_out([TrickBot(name, seed_for(s, 1)) for s in seeds], SIDES[variant], burial.declarer)
    return history + play.log()


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize("variant", sorted(MAKERS))
def test_whole_hands_in_the_core_match_step_by_step_play(variant: str, name: str) -> None:
    """The core's bots of every phase give the hand that
    `fenpai.bots.Bot` gives when played step by step."""
    for seed in range(6):
        game = fenpai.new_game(variant, seed=seed)
        bots = [Bot(name, seed_for(seed, s)) for s in range(game.num_players)]
        play_game(game, bots, in_core=False)
        assert core_hand(variant, seed, name) == game.history


@pytest.mark.parametrize(
    ("variant", "options"),
    [("tractor", {}), ("red_five_4p", {}), ("red_five_5p", {}), ("fifty_k", {"players": 3})],
)
def test_step_is_apply_legal_without_the_text(variant: str, options: dict[str, Any]) -> None:
    """Every phase object's `step(i)` (what `Game.apply_legal` calls) applies what
    `apply_legal(i)` applies and gives back the seat to act next, None once it is over."""
    for seed in range(6):
        game, rng = fenpai.new_game(variant, seed=seed, **options), random.Random(seed)
        while game.phase != "done":
            current = list(game.core_objects().values())[-1]
            i = rng.randrange(current.num_legal())
            stepped, applied = current.clone(), current.clone()
            applied.apply_legal(i)
            assert stepped.step(i) == applied.to_act
            assert stepped.log() == applied.log()
            assert [stepped.hand(s) for s in range(game.num_players)] == [
                applied.hand(s) for s in range(game.num_players)
            ]
            (seat,) = game.to_act
            game.apply_legal(seat, i)
