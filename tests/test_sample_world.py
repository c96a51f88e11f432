"""`Game.sample_world(seat, seed)`: a complete hand the seat cannot tell
from the real one.

On random positions of every variant and option set, for every seat: the seat's view and
the public view are the real ones, the sample replays from its own JSON with the real
history (the burial sampled where the seat did not make it, C-4), the real game is
unchanged, the same seed gives the same sample, samples differ where cards are hidden,
and the sample plays on legally to its end. Then one test per public fact the sample
keeps, named by its rule.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_conformance import CASES, IDS

import fenpai
from fenpai.errors import NoSuchSeat
from fenpai.games.base import Game
from fenpai.games.trick_game import ONE_DECK


def act_at_random(g: Game, rng: random.Random, steps: float, until: str = "done") -> Game:
    """At most `steps` random legal actions, stopping in phase `until` (or at the end)."""
    done = 0
    while done < steps and g.phase not in (until, "done"):
        (seat,) = g.to_act
        g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
        done += 1
    return g


def played(variant: str, seed: int, steps: int, **options: Any) -> Game:
    """Game `seed` after `steps` random legal actions (fewer if it ends first)."""
    return act_at_random(fenpai.new_game(variant, seed=seed, **options), random.Random(seed), steps)


def to_phase(variant: str, seed: int, phase: str, extra: int = 0, **options: Any) -> Game:
    """Game `seed` played at random until `phase`, then `extra` actions more."""
    rng = random.Random(seed)
    g = act_at_random(fenpai.new_game(variant, seed=seed, **options), rng, float("inf"), phase)
    return act_at_random(g, rng, extra)


def views(g: Game) -> tuple[Any, ...]:
    return (g.view(None), *(g.view(s) for s in range(g.num_players)))


def seen_history(g: Game, seat: int) -> list[tuple[int, str]]:
    """The history with the burial hidden from all but the burier until the hand is over
    (C-4) and Fifty-K's return from all but the giver and the receiver (FKO-48, as their
    views show it): what `seat` may know of it."""
    over = g.phase == "done"
    tribute = getattr(g, "tribute", None)
    sees = tribute is None or seat in (tribute.giver, tribute.receiver)

    def seen(s: int, a: str) -> str:
        if a.startswith("bury") and s != seat and not over:
            return "bury"
        return "return" if a.startswith("return") and not sees else a

    return [(s, seen(s, a)) for s, a in g.history]


def play_to_end(g: Game, seed: int) -> None:
    """Random legal actions to the end of the hand: the sample is a game like any other."""
    rng = random.Random(seed)
    while g.phase != "done":
        (seat,) = g.to_act
        g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
    assert g.result is not None


def hand(g: Game, seat: int) -> Counter[str]:
    return Counter(str(c) for c in g.hand_of(seat))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("variant", "options"), CASES, ids=IDS)
def test_c_5_a_sample_shows_every_seat_the_real_views_and_replays(
    variant: str, options: dict[str, Any]
) -> None:
    for k in range(6):
        g = played(variant, k, random.Random(k).randrange(40, 260), **options)
        before = (g.to_json(), views(g))
        for seat in range(g.num_players):
            sample = g.sample_world(seat, 1000 * k + seat)
            assert (g.to_json(), views(g)) == before, "the real game is unchanged"
            assert sample.view(seat) == g.view(seat)
            assert sample.view(None) == g.view(None)
            assert seen_history(sample, seat) == seen_history(g, seat)
            again = Game.from_json(sample.to_json())
            assert again.history == sample.history
            assert views(again) == views(sample)
            assert sample.sample_world(seat, 7).view(seat) == g.view(seat)
            assert g.sample_world(seat, 1000 * k + seat).to_json() == sample.to_json()
            play_to_end(sample, k)


@pytest.mark.parametrize(("variant", "options"), CASES, ids=IDS)
def test_samples_differ_where_other_hands_hold_cards_the_seat_cannot_see(
    variant: str, options: dict[str, Any]
) -> None:
    # Early in the play every other hand holds cards the seat cannot know: some sample
    # deals another seat other cards.
    for k in range(3):
        g = to_phase(variant, 50 + k, "play", extra=2, **options)
        for seat in range(g.num_players):
            others = [s for s in range(g.num_players) if s != seat]
            samples = [g.sample_world(seat, n) for n in range(8)]
            assert all(hand(x, seat) == hand(g, seat) for x in samples)
            dealt = {tuple(sorted(hand(x, s).items())) for x in samples for s in others[:1]}
            assert len(dealt) > 1, f"seat {others[0]}'s hand never varies"


PHASES = [
    ("tractor", {}, ["deal", "kitty", "play", "done"]),
    # TRO-92: a hand at the no-trump level, no level rank and nothing declared.
    (
        "tractor",
        {"levels": ("NT", "NT"), "final_level": "no_trump"},
        ["deal", "kitty", "play", "done"],
    ),
    ("red_five_4p", {"decks": 3}, ["bid", "trump", "kitty", "play", "done"]),
    ("red_five_5p", {}, ["deal", "kitty", "friend", "play", "done"]),
    ("fifty_k", {"players": 3}, ["play", "done"]),
    ("fifty_k", {"pure_fifty_k_order": "equal"}, ["play", "done"]),
]


@pytest.mark.parametrize(("variant", "options", "phases"), PHASES, ids=[p[0] for p in PHASES])
def test_every_phase_samples_for_every_seat(
    variant: str, options: dict[str, Any], phases: list[str]
) -> None:
    for phase in phases:
        for k in range(2):
            g = to_phase(variant, 70 + k, phase, **options)
            assert g.phase == phase
            for seat in range(g.num_players):
                sample = g.sample_world(seat, k)
                assert sample.phase == phase
                assert sample.view(seat) == g.view(seat) and sample.view(None) == g.view(None)
                assert views(Game.from_json(sample.to_json())) == views(sample)
                if phase != "done":
                    play_to_end(sample, k)


def test_sample_world_refuses_a_seat_or_seed_that_is_not_one() -> None:
    g = fenpai.new_game("tractor", seed=1)
    with pytest.raises(NoSuchSeat):
        g.sample_world(4, 0)
    with pytest.raises(ValueError, match="seed"):
        g.sample_world(0, -1)


def test_r5_43_an_abandoned_hand_samples_with_its_kitty_public() -> None:
    g = to_phase("red_five_5p", 3, "play", extra=12)
    g.resign(1)
    for seat in range(5):
        sample = g.sample_world(seat, seat)
        assert sample.phase == "done" and sample.view(seat) == g.view(seat)
        assert sample.history == g.history  # the burial is public once the hand is over
        assert views(Game.from_json(sample.to_json())) == views(sample)


# -- one test per public fact ----------------------------------------------------------


def effective_suit(g: Game, card: fenpai.Card) -> str:
    rules = g.rules  # type: ignore[attr-defined]
    return "trump" if rules.is_trump(card) else str(card.suit)


def tricks_of(
    g: Game,
) -> list[tuple[list[tuple[int, list[fenpai.Card]]], list[fenpai.Card] | None]]:
    """Every trick so far (the current one last): its plays as they stood, and a failed
    throw's attempted cards."""
    play = g.play  # type: ignore[attr-defined]
    out = [(plays, attempted) for _, plays, attempted, _, _ in play.tricks()]
    if play.trick():
        out.append((play.trick(), play.attempted()))
    return out


def later_plays(g: Game, seat: int, trick: int) -> Counter[str]:
    """What `seat` played from trick `trick` on (public)."""
    out: Counter[str] = Counter()
    for plays, _ in tricks_of(g)[trick:]:
        for s, cards in plays:
            if s == seat:
                out.update(str(c) for c in cards)
    return out


def hand_then(g: Game, seat: int, trick: int) -> list[fenpai.Card]:
    """`seat`'s hand when trick `trick` began: its hand now and what it played since."""
    return fenpai.cards(" ".join((hand(g, seat) + later_plays(g, seat, trick)).elements()))


def positions_with(variant: str, find, seeds: range, **options: Any):
    """Mid-play positions (and what `find` found in them: (viewer, fact) pairs)."""
    for seed in seeds:
        g = to_phase(variant, seed, "play", extra=random.Random(seed).randrange(8, 60), **options)
        if g.phase != "play":
            continue
        for viewer, fact in find(g):
            yield g, viewer, fact


def voids(g: Game):
    """(viewer, (seat, suit)) for each seat that followed a lead without its suit."""
    for plays, _ in tricks_of(g):
        lead = effective_suit(g, plays[0][1][0])
        for seat, cards in plays[1:]:
            if any(effective_suit(g, c) != lead for c in cards):
                yield (seat + 1) % g.num_players, (seat, lead)


@pytest.mark.parametrize("variant", ["tractor", "red_five_4p", "red_five_5p"])
def test_c_30_a_void_shown_by_following_holds_in_every_sample(variant: str) -> None:
    found = 0
    for g, viewer, (seat, suit) in positions_with(variant, voids, range(30)):
        for n in range(4):
            sample = g.sample_world(viewer, n)
            assert all(effective_suit(sample, c) != suit for c in sample.hand_of(seat))
        found += 1
    assert found > 5


def pairs_not_followed(g: Game):
    """(viewer, (trick, seat, suit)): a pair led, followed in its suit without a pair."""
    for t, (plays, _) in enumerate(tricks_of(g)):
        lead = plays[0][1]
        if len(lead) != 2 or lead[0] != lead[1]:
            continue
        suit = effective_suit(g, lead[0])
        for seat, cards in plays[1:]:
            same = all(effective_suit(g, c) == suit for c in cards)
            if same and cards[0] != cards[1]:
                yield (seat + 2) % g.num_players, (t, seat, suit)


@pytest.mark.parametrize(
    ("variant", "options"), [("tractor", {}), ("red_five_4p", {}), ("red_five_5p", {})]
)
def test_c_31_a_pair_not_followed_means_no_pair_of_the_suit_then(
    variant: str, options: dict[str, Any]
) -> None:
    found = 0
    for g, viewer, (t, seat, suit) in positions_with(
        variant, pairs_not_followed, range(30), **options
    ):
        if viewer == seat:
            continue
        for n in range(3):
            sample = g.sample_world(viewer, n)
            held = Counter(
                str(c) for c in hand_then(sample, seat, t) if effective_suit(sample, c) == suit
            )
            assert max(held.values(), default=0) < 2, f"seat {seat} held a pair of {suit}"
        found += 1
    assert found > 3


def throws(g: Game, failed: bool):
    """(viewer, trick) for each throw that stood (or failed)."""
    for t, (plays, attempted) in enumerate(tricks_of(g)):
        thrower, lead = plays[0]
        rules = g.rules  # type: ignore[attr-defined]
        tried = attempted if attempted is not None else lead
        if rules.classify(tried).is_throw and (attempted is not None) == failed:
            yield (thrower + 1) % g.num_players, t


def check_throw_again(sample: Game, t: int):
    """C-50, C-51 from the rule text: the throw of trick `t` checked against the other
    hands of the sample as they were then."""
    plays, attempted = tricks_of(sample)[t]
    thrower, lead = plays[0]
    others = [hand_then(sample, s, t) for s in range(sample.num_players) if s != thrower]
    return sample.rules.check_throw(attempted or lead, others)  # type: ignore[attr-defined]


def lead_a_throw_that_stands(g: Game) -> int | None:
    """Leads, for the seat to lead, a throw no other hand beats (C-50), if it holds one
    (looked up with every hand, as the engine does); returns the trick's index."""
    (seat,) = g.to_act
    rules = g.rules  # type: ignore[attr-defined]
    others = [g.hand_of(s) for s in range(g.num_players) if s != seat]  # type: ignore[attr-defined]
    by_suit: dict[str, list[fenpai.Card]] = {}
    for c in g.hand_of(seat):  # type: ignore[attr-defined]
        by_suit.setdefault(effective_suit(g, c), []).append(c)
    for cards in by_suit.values():
        for n in range(2, min(len(cards), 5) + 1):
            throw = cards[:n]
            if rules.classify(throw).is_throw and rules.check_throw(throw, others).ok:
                g.apply(seat, "play " + fenpai.format_cards(throw))
                return len(tricks_of(g)) - 1
    return None


@pytest.mark.parametrize("variant", ["tractor", "red_five_5p"])
def test_c_50_a_throw_that_stood_was_not_beaten_by_any_sampled_hand(variant: str) -> None:
    found = 0
    for seed in range(40):
        g = to_phase(variant, seed, "play")
        t = lead_a_throw_that_stands(g)
        if t is None:
            continue
        for viewer in range(g.num_players):
            for n in range(3):
                assert check_throw_again(g.sample_world(viewer, n), t).ok
        found += 1
    assert found > 3


@pytest.mark.parametrize("variant", ["tractor", "red_five_5p"])
def test_c_51_a_failed_throw_forces_the_same_play_in_every_sample(variant: str) -> None:
    found = 0
    for g, viewer, t in positions_with(variant, lambda g: throws(g, True), range(12)):
        forced = Counter(str(c) for c in tricks_of(g)[t][0][0][1])
        thrower = tricks_of(g)[t][0][0][0]
        attempted = Counter(str(c) for c in tricks_of(g)[t][1])
        for n in range(3):
            sample = g.sample_world(viewer, n)
            check = check_throw_again(sample, t)
            assert not check.ok and Counter(str(c) for c in check.forced) == forced
            # What went back to the hand was the thrower's: it held every attempted card.
            assert not attempted - Counter(str(c) for c in hand_then(sample, thrower, t))
        found += 1
    assert found > 3


def declarations(g: Game) -> list[tuple[int, int, list[str]]]:
    """Tractor (TR-10..TR-12) and Red Five 5p (R5-10): (seat, cards dealt when it
    declared, cards shown), from the history: every card dealt asks its receiver once
    (Red Five 5p: until a seat's 30th card, then only the previous declarer)."""
    out, dealt = [], 0
    n, total = g.num_players, 100 if g.variant == "tractor" else 155
    prev = g.options.get("prev_declarer")
    first = g.deal.first_seat  # type: ignore[attr-defined]
    for seat, action in g.history:
        if not (action.startswith("declare") or action == "pass") or dealt > total:
            break
        dealt += 1
        while g.variant == "red_five_5p" and dealt > 145 and (first + dealt - 1) % n != prev:
            dealt += 1
        if action.startswith("declare"):
            out.append((seat, min(dealt, total), action.split()[1:]))
    return out


def received(g: Game, seat: int, dealt: int) -> Counter[str]:
    """The cards `seat` had received when `dealt` cards were dealt (C-5, the sample's deck)."""
    deck = g.config()["deck"].split()
    first = g.deal.first_seat  # type: ignore[attr-defined]
    return Counter(deck[p] for p in range(dealt) if (first + p) % g.num_players == seat)


def real_deck(g: Game) -> list[str]:
    """The real game's deck (its seed's shuffle or its script): a fresh copy of the game
    has dealt only its first card."""
    fresh = fenpai.new_game(
        g.variant, seed=g._seed, deck=g._scripted, first_seat=g._first_seat, **g.options
    )
    deal = fresh.deal  # type: ignore[attr-defined]
    first = [str(c) for c in deal.hand(deal.first_seat)]
    return first + [str(c) for c in deal.undealt()] + [str(c) for c in deal.kitty()]


@pytest.mark.parametrize(
    ("variant", "phase"), [("tractor", "deal"), ("tractor", "play"), ("red_five_5p", "play")]
)
def test_tr_10_tr_12_r5_10_what_was_declared_had_been_received_by_then(
    variant: str, phase: str
) -> None:
    found = 0
    for seed in range(20):
        g = to_phase(variant, seed, phase, extra=30 if phase == "deal" else 0)
        shown = declarations(g)
        if not shown:
            continue
        deck, first = real_deck(g), g.deal.first_seat  # type: ignore[attr-defined]
        for viewer in range(g.num_players):
            sample = g.sample_world(viewer, seed)
            assert declarations(sample) == shown
            for seat, dealt, cards in shown:
                assert not Counter(cards) - received(sample, seat, dealt)
            # The cards the seat saw arrive keep their deal positions.
            dealt_again = sample.config()["deck"].split()
            mine = [
                p
                for p in range(g.deal.cards_dealt)
                if (first + p) % g.num_players == viewer  # type: ignore[attr-defined]
            ]
            assert [dealt_again[p] for p in mine] == [deck[p] for p in mine]
        found += 1
    assert found > 3


@pytest.mark.parametrize("variant", ["tractor", "red_five_4p", "red_five_5p"])
def test_c_4_the_buriers_kitty_is_kept_and_anyone_elses_is_sampled(variant: str) -> None:
    for seed in range(4):
        g = to_phase(variant, seed, "play", extra=6)
        declarer, buried = g.declarer, Counter(str(c) for c in g.buried)  # type: ignore[attr-defined]
        mine = g.sample_world(declarer, seed)
        assert Counter(str(c) for c in mine.buried) == buried  # type: ignore[attr-defined]
        assert mine.history == g.history
        other = (declarer + 1) % g.num_players
        kitties = {tuple(sorted(str(c) for c in g.sample_world(other, n).buried)) for n in range(6)}  # type: ignore[attr-defined]
        assert len(kitties) > 1, "the burial is hidden from the others"
        done = to_phase(variant, seed, "done")
        sample = done.sample_world(other, seed)
        assert sample.buried == done.buried  # type: ignore[attr-defined]  # public at the end


def friend_shown(g: Game) -> bool:
    return g.view(None)["friend"] is not None


@pytest.mark.parametrize("grab", ["allow", "forbid"])
def test_r5_21_r5_22_the_friend_and_a_grab_are_kept(grab: str) -> None:
    found = 0
    for seed in range(40):
        g = to_phase(
            "red_five_5p",
            seed,
            "play",
            extra=random.Random(seed).randrange(10, 90),
            friend_grab=grab,
        )
        public = g.view(None)
        for viewer in range(5):
            sample = g.sample_world(viewer, seed)
            assert sample.call == g.call  # type: ignore[attr-defined]
            assert (sample.view(None)["friend"], sample.view(None)["grab"]) == (
                public["friend"],
                public["grab"],
            )
        found += friend_shown(g)
    assert found > 5


def test_r5_20_a_solo_call_stays_solo() -> None:
    g = to_phase("red_five_5p", 4, "friend")
    g.apply(g.declarer, "call solo")  # type: ignore[attr-defined]
    for _ in range(20):
        (seat,) = g.to_act
        g.apply_legal(seat, 0)
    for viewer in range(5):
        sample = g.sample_world(viewer, viewer)
        assert sample.call == "solo" and sample.view(viewer) == g.view(viewer)  # type: ignore[attr-defined]


def test_r5_13_a_forced_declarers_trump_is_drawn_again() -> None:
    found = 0
    for seed in range(12):
        g = fenpai.new_game("red_five_5p", seed=seed)
        while g.phase == "deal":
            (seat,) = g.to_act
            g.apply(seat, "pass")  # nobody reveals: 压庄
        assert g.forced  # type: ignore[attr-defined]
        for viewer in range(5):
            sample = g.sample_world(viewer, seed)
            assert sample.forced and sample.rules.trump == g.rules.trump  # type: ignore[attr-defined]
            assert views(Game.from_json(sample.to_json())) == views(sample)
        found += 1
    assert found == 12


def test_r4_11_the_first_bidder_and_the_bids_are_kept() -> None:
    for seed in range(6):
        g = to_phase("red_five_4p", seed, "trump")
        for viewer in range(4):
            sample = Game.from_json(g.sample_world(viewer, seed).to_json())
            assert sample.view(None)["first_bidder"] == g.view(None)["first_bidder"]
            assert sample.view(None)["bids"] == g.view(None)["bids"]


@pytest.mark.parametrize("players", [3, 4])
def test_fk_1_fk_2_fk_41_the_order_received_the_leaders_3h_and_the_points_left_are_kept(
    players: int,
) -> None:
    for seed in range(6):
        g = fenpai.new_game("fifty_k", seed=seed, players=players)
        leader = g.leader  # type: ignore[attr-defined]
        for viewer in range(players):
            sample = g.sample_world(viewer, seed)
            assert "3h" in {str(c) for c in sample.hand_of(leader)}
            # FK-1: the seat's cards reach it in the order it received them.
            assert sample._received(viewer) == g._received(viewer)
        done = played("fifty_k", seed, 400, players=players)
        for viewer in range(players):
            sample = done.sample_world(viewer, seed)
            assert (
                sample.view(None)["points_left_in_hand"] == done.view(None)["points_left_in_hand"]
            )


@settings(max_examples=40, deadline=None)
@given(
    case=st.sampled_from(CASES),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 300),
    sample_seed=st.integers(0, 2**64 - 1),
    data=st.data(),
)
def test_any_position_samples_to_the_same_views(case, seed, steps, sample_seed, data) -> None:
    variant, options = case
    g = played(variant, seed, steps, **options)
    seat = data.draw(st.integers(0, g.num_players - 1))
    sample = g.sample_world(seat, sample_seed)
    assert sample.view(seat) == g.view(seat) and sample.view(None) == g.view(None)
    assert views(Game.from_json(sample.to_json())) == views(sample)


def scripted_deck(hands: list[list[str]], kitty: list[str], decks: int) -> str:
    """A deck (C-5) dealing each `hands[seat]` (then the rest of the cards, in deck
    order, to fill the hands) from seat 0, the kitty last."""
    rest = Counter({str(c): decks for c in ONE_DECK})
    for cards in [*hands, kitty]:
        rest.subtract(cards)
    assert min(rest.values()) >= 0
    pool = list(rest.elements())
    size = (len(pool) + sum(map(len, hands))) // len(hands)
    full = [[*h, *(pool.pop() for _ in range(size - len(h)))] for h in hands]
    n = len(hands)
    return " ".join([full[p % n][p // n] for p in range(size * n)] + kitty)


def test_r5_13_a_trump_drawn_from_the_kitty_when_the_seat_holds_every_2_of_it() -> None:
    # Seat 1 holds every 2d, the 原庄 (seat 0) no 2, the kitty only diamonds and no 2:
    # the forced trump, diamonds, came from the kitty. A sample for seat 1 must deal the
    # 原庄 no 2 at all and the kitty a diamond its draw takes (R5-13).
    hands = [[], ["2d"] * 3, ["2s"] * 3, ["2h"] * 3, ["2c"] * 3]
    kitty = ["4d", "6d", "7d", "8d", "9d", "Jd", "Qd"]
    g = fenpai.new_game("red_five_5p", deck=scripted_deck(hands, kitty, 3), first_seat=0)
    while g.phase == "deal":
        (seat,) = g.to_act
        g.apply(seat, "pass")
    assert g.forced and g.rules.trump == "d"  # type: ignore[attr-defined]
    for n in range(6):
        sample = g.sample_world(1, n)
        assert sample.view(1) == g.view(1) and sample.view(None) == g.view(None)
        assert not any(str(c).startswith("2") for c in sample.hand_of(0))
        assert views(Game.from_json(sample.to_json())) == views(sample)


@pytest.mark.parametrize(("variant", "options"), CASES, ids=IDS)
def test_c_5_the_seat_to_act_has_its_real_legal_actions_in_every_sample(
    variant: str, options: dict[str, Any]
) -> None:
    # A seat's legal actions depend only on what it knows: a sample that gave it others
    # would be a world it can tell from the real one.
    for k in range(8):
        g = played(variant, 300 + k, random.Random(300 + k).randrange(10, 260), **options)
        for seat in g.to_act:
            for n in range(3):
                assert g.sample_world(seat, n).legal_actions(seat) == g.legal_actions(seat)


def test_r5_22_forbid_a_holder_knows_how_the_friend_is_found_and_samples_keep_it() -> None:
    # Under `forbid` a play that would grab is illegal only while the friend is found by
    # first play (R5-21: the declarer owns 0 or 1 copies); the fixed friend of 死拚 (two
    # copies) plays its copy freely. So a holder's own legal plays tell it which: the
    # rule's consequence, kept by every sample rather than leaked by it.
    told = 0
    for seed in range(120):
        g = to_phase("red_five_5p", seed, "play", friend_grab="forbid")
        card = g.call
        if card in (None, "solo") or g.rules.is_trump(card):
            continue  # no call, solo (R5-20), or a trump call card: no grab
        owned = sum(str(c) == card for c in [*g.hand_of(g.declarer), *g.buried])
        rng = random.Random(seed)
        while g.phase == "play" and g.friend()[0] is None:
            (seat,) = g.to_act
            held = [str(c) for c in g.hand_of(seat)]
            suit = [c for c in held if not g.rules.is_trump(c) and c[-1] == card[-1]]
            legal = g.legal_actions(seat)
            with_copy = [a for a in legal if card in a.split()[1:]]
            # Exempt (b): the play leaves the seat no card of the call card's suit.
            grabs = [a for a in with_copy if sum(c in suit for c in a.split()[1:]) < len(suit)]
            forced = len(with_copy) == len(legal)  # exempt (a)
            if seat != g.declarer and card in held and not forced:
                if owned == 2 and grabs:
                    told += 1
                if owned < 2:
                    assert grabs == [], "a play that would grab is legal"
                for n in range(4):
                    assert g.sample_world(seat, n).legal_actions(seat) == legal
            g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
    assert told > 0, "no holder of the fixed friend's copy was free to play it"
