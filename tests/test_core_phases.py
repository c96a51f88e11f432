"""The core's phase objects before the play against today's Python games, side by side.

For many seeds and options of every variant, the Python game (`fenpai.games`) and the
core objects (`TractorDeal`, `RedFive4pBidding`, `RedFive5pDeal`, `Burial`,
`FriendCall`, `fifty_k_deal`) run through every phase before the play with the same
choices. After every step they must agree on the seat to act, the legal actions (all
of them; first ones and the count for a burial), the text of a sample of rejected
actions (which change nothing), the canonical text of the applied action, and at the
end of each phase the hands, kitty, trump and declarer. The core's `PhaseBot` must
choose as `fenpai.bots.Bot` does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fenpai import IllegalAction
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
from fenpai.games import new_game
from fenpai.games.base import Game
from fenpai.simulate import play_game

#: How many burials are compared one by one (the rest by count and a sample by index).
BURIAL_LISTED = 40
SEEDS = range(40)

#: Actions tried in every phase: most are illegal there, some malformed.
PROBES = [
    "",
    "hop",
    "pass 3",
    "pass",
    "bid 60",
    "bid 65",
    "bid 7",
    "bid x",
    "trump h",
    "trump x",
    "declare 2h",
    "declare 2s 2s",
    "declare 2h 2d",
    "declare Th",
    "declare LJ LJ",
    "declare BJ BJ",
    "declare BJ",
    "declare 3c",
    "declare",
    "bury 3c",
    "bury 3c 4c 5c 6c 7c 8c 9c",
    "bury 3c 3c 3c 3c 3c 3c 3c 3c",
    "bury 2s 2s 2s 2s 2s 2s 2s",
    "call Ah",
    "call Qh",
    "call solo",
    "call Ah Kh",
    "play 5h",
    "play 5h as single",
    "declare 1x",
]

Chooser = Callable[[Any, int], str]


def _core_error(phase: Any, seat: int, action: str) -> str | None:
    """The core's reason for rejecting `action` (on a copy), or None when it is legal."""
    try:
        phase.clone().apply(seat, action)
    except ValueError as err:
        return str(err)
    return None


def _python_error(game: Game, seat: int, action: str) -> str | None:
    before = (game.num_actions, game.view(seat))
    try:
        game.apply(seat, action)
    except IllegalAction as err:
        assert (game.num_actions, game.view(seat)) == before, "a rejected action changed the game"
        return str(err)
    raise AssertionError(f"Python accepted {action!r}, which the core rejects")


def _burial_probes(phase: Any, rng: random.Random) -> list[str]:
    """Burials of the right size, some of cards the declarer lacks."""
    hand = [str(c) for c in phase.hand(phase.declarer)]
    size = phase.size
    out = ["bury " + " ".join(rng.sample(hand, size))]
    out.append("bury " + " ".join(hand[: size - 1] + ["3c"] * 1))
    out.append("bury " + " ".join([hand[0]] * size))
    return out


def compare_step(game: Game, phase: Any, rng: random.Random, burial: bool = False) -> int:
    """The same seat to act, legal actions and rejections; returns the seat to act."""
    seat = phase.to_act
    assert game.to_act == [seat]
    n = phase.num_legal()
    assert game.num_legal(seat) == n
    if burial:
        assert game.legal_actions(seat, BURIAL_LISTED) == phase.legal_actions(BURIAL_LISTED)
        for i in [n - 1, *(rng.randrange(n) for _ in range(3))]:
            assert game.legal_action(seat, i) == phase.legal_action(i)
    else:
        assert game.legal_actions(seat) == phase.legal_actions()
    other = (seat + 1) % game.num_players
    assert _python_error(game, other, "pass") == _core_error(phase, other, "pass")
    probes = PROBES + (_burial_probes(phase, rng) if burial else [])
    for action in rng.sample(probes, 8):
        reason = _core_error(phase, seat, action)
        if reason is not None:
            assert _python_error(game, seat, action) == reason, action
    return seat


def run_phase(
    game: Game,
    phase: Any,
    choose: Chooser,
    rng: random.Random,
    burial: bool = False,
    facts: Callable[[], None] = lambda: None,
) -> None:
    """Steps both through the phase with the same choices until the core's is over,
    comparing `facts` before every step and at the end."""
    while not phase.done:
        facts()
        seat = compare_step(game, phase, rng, burial)
        action = choose(phase, seat)
        text = phase.apply(seat, action)
        game.apply(seat, action)
        assert game.history[-1] == (seat, text)
    facts()


def random_chooser(rng: random.Random, pass_bias: float) -> Chooser:
    """Uniform over the legal actions, or `pass` with probability `pass_bias` if legal."""

    def choose(phase: Any, seat: int) -> str:
        legal = phase.legal_actions(50)
        if "pass" in legal and rng.random() < pass_bias:
            return "pass"
        return phase.legal_action(rng.randrange(phase.num_legal()))

    return choose


def bot_chooser(game: Game, name: str, game_seed: int) -> Chooser:
    """The Python bots choose; the core's bots, seeded alike, must choose the same."""
    py_bots = [Bot(name, seed_for(game_seed, s)) for s in range(game.num_players)]
    core_bots = [PhaseBot(name, seed_for(game_seed, s)) for s in range(game.num_players)]

    def choose(phase: Any, seat: int) -> str:
        expected = py_bots[seat].choose(game, seat)
        chosen = core_bots[seat].choose(phase)
        assert chosen == expected
        return chosen

    return choose


def hands_of(game: Game) -> list[list[str]]:
    return [[str(c) for c in game.hand_of(s)] for s in range(game.num_players)]


def core_hands(phase: Any) -> list[list[str]]:
    return [[str(c) for c in phase.hand(s)] for s in range(phase.num_players)]


def check_burial(game: Game, burial: Burial) -> None:
    """The end of the declaring or bidding: declarer, trump, level, hands with the kitty."""
    assert game.phase == "kitty"
    assert burial.declarer == game.declarer
    assert game.rules is not None and burial.rules is not None
    assert (burial.rules.trump, burial.rules.level) == (game.rules.trump, game.rules.level)
    assert core_hands(burial) == hands_of(game)


# -- strategies -------------------------------------------------------------------------


def choosers(game: Game, seed: int, how: str) -> Chooser:
    rng = random.Random(seed * 7 + 1)
    if how == "uniform":
        return random_chooser(rng, 0.0)
    if how == "passive":
        return random_chooser(rng, 0.97)
    return bot_chooser(game, how, seed)


HOWS = ["uniform", "passive", "random", "greedy"]

# -- Tractor (TR-10..TR-14, C-4) ----------------------------------------------------------

TRACTOR_OPTIONS = [
    {},
    {"levels": ("T", "T")},
    {"levels": ("A", "A"), "follow_format": "full"},
    {"levels": ("5", "9"), "dealer": 1},
    {"levels": ("K", "3"), "dealer": 2},
]


def tractor_pair(seed: int, options: dict, first_seat: int | None = None, deck=None):
    game = new_game("tractor", seed=seed, first_seat=first_seat, deck=deck, **options)
    core = TractorDeal(seed=seed, deck=deck, first_seat=first_seat, **options)
    return game, core


def tractor_deal_facts(game: Game, core: TractorDeal) -> None:
    facts = game.public_facts()
    assert facts["level"] == core.level
    assert facts["first_seat"] == core.first_seat
    assert facts["cards_dealt"] == core.cards_dealt
    assert facts["final_round"] == core.final_round
    assert facts["declarations"] == [list(d) for d in core.declarations()]
    assert facts["dealer"] == core.dealer
    assert hands_of(game) == core_hands(core)


def run_tractor(seed: int, options: dict, how: str, first_seat: int | None = None) -> None:
    game, core = tractor_pair(seed, options, first_seat)
    choose = choosers(game, seed, how)
    rng = random.Random(seed)
    run_phase(game, core, choose, rng, facts=lambda: tractor_deal_facts(game, core))
    assert [str(c) for c in core.kitty()] == [str(c) for c in game.kitty]
    burial = core.burial()
    check_burial(game, burial)
    run_phase(game, burial, choose, rng, burial=True)
    assert game.phase == "play" and game.play is not None
    assert [str(c) for c in burial.buried() or []] == [str(c) for c in game.buried or []]
    play = burial.start_play()
    assert [play.hand(s) for s in range(4)] == [game.play.hand(s) for s in range(4)]
    assert play.legal_plays() == game.play.legal_plays()


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("options", TRACTOR_OPTIONS, ids=str)
def test_tr_10_to_tr_14_tractor_deal_matches_python(options: dict, how: str) -> None:
    for seed in SEEDS[:12]:
        run_tractor(seed, options, how)


def test_tr_12_tractor_final_round_and_first_seat_match_python() -> None:
    for seed in SEEDS:
        run_tractor(1000 + seed, {}, "passive", first_seat=seed % 4)


# -- Red Five 4p (R4-10..R4-14, R4-20, R4-21) ----------------------------------------------

R4_OPTIONS = [
    {},
    {"opening_bid": "minimum"},
    {"decks": 3},
    {"decks": 3, "opening_bid": "minimum", "kitty_points": "always"},
]


def r4_facts(game: Game, core: RedFive4pBidding) -> None:
    facts = game.public_facts()
    assert facts["bids"] == [list(b) for b in core.bids()]
    assert facts["high_bid"] == (list(core.high_bid) if core.high_bid else None)
    assert facts["bid"] == core.bid
    assert facts["first_bidder"] == core.first_bidder
    assert game.declarer == core.declarer
    assert game.phase == ("kitty" if core.phase == "done" else core.phase)


def run_r4(seed: int, options: dict, how: str, first_seat: int | None = None) -> None:
    game = new_game("red_five_4p", seed=seed, first_seat=first_seat, **options)
    core_options = {k: v for k, v in options.items() if k != "kitty_points"}
    core = RedFive4pBidding(seed=seed, first_seat=first_seat, **core_options)
    choose = choosers(game, seed, how)
    rng = random.Random(seed)
    assert hands_of(game) == core_hands(core)
    run_phase(game, core, choose, rng, facts=lambda: r4_facts(game, core))
    burial = core.burial()
    check_burial(game, burial)
    run_phase(game, burial, choose, rng, burial=True)
    assert [str(c) for c in burial.buried() or []] == [str(c) for c in game.buried or []]
    assert game.play is not None
    play = burial.start_play()
    assert [play.hand(s) for s in range(4)] == [game.play.hand(s) for s in range(4)]


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("options", R4_OPTIONS, ids=str)
def test_r4_10_to_r4_21_red_five_4p_bidding_matches_python(options: dict, how: str) -> None:
    for seed in SEEDS[:15]:
        run_r4(seed, options, how, first_seat=None if seed % 3 else seed % 4)


# -- Red Five 5p (R5-3, R5-10..R5-14, R5-20, R5-21) ----------------------------------------

R5_OPTIONS = [
    {},
    {"prev_declarer": 3},
    {"prev_declarer": 4, "friend_grab": "forbid"},
]


def r5_facts(game: Game, core: RedFive5pDeal) -> None:
    facts = game.public_facts()
    assert facts["prev_declarer"] == core.prev_declarer
    assert facts["first_seat"] == core.first_seat
    assert facts["dealt"] == core.cards_dealt
    assert facts["reveal"] == (list(core.reveal) if core.reveal else None)
    assert facts["forced"] == core.forced
    assert game.declarer == core.declarer
    assert hands_of(game) == core_hands(core)


def run_r5(seed: int, options: dict, how: str, first_seat: int | None = None) -> dict:
    game = new_game("red_five_5p", seed=seed, first_seat=first_seat, **options)
    core = RedFive5pDeal(
        seed=seed, first_seat=first_seat, prev_declarer=options.get("prev_declarer", 0)
    )
    choose = choosers(game, seed, how)
    rng = random.Random(seed)
    run_phase(game, core, choose, rng, facts=lambda: r5_facts(game, core))
    burial = core.burial()
    check_burial(game, burial)
    run_phase(game, burial, choose, rng, burial=True)
    assert game.phase == "friend"
    assert [str(c) for c in burial.buried() or []] == [str(c) for c in game.buried or []]
    call = burial.friend_call(forbid_grab=options.get("friend_grab") == "forbid")
    run_phase(game, call, choose, rng)
    assert (call.call, call.solo) == (game.call, game.solo)
    assert game.play is not None
    play = call.start_play()
    assert [play.hand(s) for s in range(5)] == [game.play.hand(s) for s in range(5)]
    assert play.friend() == game.play.friend()
    return {
        "forced": core.forced,
        "solo": call.solo,
        "fixed": (call.play_call() or [0, 0, None])[2],
    }


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("options", R5_OPTIONS, ids=str)
def test_r5_10_to_r5_21_red_five_5p_deal_and_call_match_python(options: dict, how: str) -> None:
    for seed in SEEDS[:10]:
        run_r5(seed, options, how, first_seat=None if seed % 2 else seed % 5)


def test_r5_12_r5_13_forced_declarer_matches_python() -> None:
    """Passive choosers let most deals end without a reveal: the random trump of 压庄."""
    outcomes = [run_r5(2000 + s, {"prev_declarer": s % 5}, "passive") for s in SEEDS]
    assert any(o["forced"] for o in outcomes) and not all(o["forced"] for o in outcomes)


# -- Fifty-K (FK-1, FK-2) -----------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_fk_1_fk_2_fifty_k_deal_matches_python(players: int) -> None:
    for seed in SEEDS:
        first_seat = None if seed % 4 else seed % players
        game = new_game("fifty_k", seed=seed, players=players, first_seat=first_seat)
        hands, first, leader = fifty_k_deal(seed, players, first_seat=first_seat)
        assert (first, leader) == (game.first_seat, game.leader)
        assert [sorted(h, key=lambda c: c.index) for h in hands] == [
            sorted(game.play.hand(s), key=lambda c: c.index) for s in range(players)
        ]


# -- scripted decks (C-5) -------------------------------------------------------------------


def test_c_5_scripted_deck_and_its_errors_match_python() -> None:
    full = " ".join(str(c) for c in new_game("tractor", seed=3)._deck)
    game, core = tractor_pair(5, {}, deck=full)
    assert core_hands(core) == hands_of(game)
    for bad in [full[:150], full.replace("BJ", "LJ", 1), full + " 2s", "2s 1x"]:
        with pytest.raises(ValueError) as py_err:
            new_game("tractor", deck=bad)
        with pytest.raises(ValueError) as core_err:
            TractorDeal(deck=bad)
        assert str(core_err.value) == str(py_err.value)


# -- properties ------------------------------------------------------------------------------

MAKERS: dict[str, Callable[[int], Any]] = {
    "tractor": lambda seed: TractorDeal(seed=seed),
    "red_five_4p": lambda seed: RedFive4pBidding(seed=seed),
    "red_five_5p": lambda seed: RedFive5pDeal(seed=seed),
}


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
    assert call.legal_actions() == [
        *(f"call {r}{s}" for r in "AK" for s in "shcd"),
        "call 5h",
        "call BJ",
        "call solo",
    ]


# -- whole hands: the core's phases and bots against step-by-step play --------------------

SIDES = {"tractor": "partners", "red_five_4p": "alone", "red_five_5p": "friend"}


def core_hand(variant: str, seed: int, name: str) -> list[tuple[int, str]]:
    """A whole hand in the core: each phase run by `play_out`, the play by `TrickBot`s
    seeded as `fenpai.bots.Bot` seeds them; returns every action in order."""
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
    return history + [(s, "play " + t) for s, t in play.log()]


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize("variant", sorted(MAKERS))
def test_whole_hands_in_the_core_match_step_by_step_play(variant: str, name: str) -> None:
    """Issue 11 item 2: the core's bots of every phase give the hand that the Python
    bots give when played step by step."""
    for seed in range(6):
        game = new_game(variant, seed=seed)
        bots = [Bot(name, seed_for(seed, s)) for s in range(game.num_players)]
        play_game(game, bots, in_core=False)
        assert core_hand(variant, seed, name) == game.history
