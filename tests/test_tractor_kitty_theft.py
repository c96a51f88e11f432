"""Tractor's kitty theft (炒地皮, TRO-110..TRO-112): after the dealer's burial the other
seats may overcall the standing declaration, take the kitty and bury again; the hand is
driven by a scripted deck (C-5), random playouts and the bots."""

import collections
import json
import random

import pexpect
import pytest
from cli_support import PROMPT, offered, spawn
from view_support import assert_names_only, check_trick_records

import fenpai
from fenpai import IllegalAction
from fenpai.bots import Bot
from fenpai.cli.common import parse_options
from fenpai.games import new_game
from fenpai.service import typed
from fenpai.simulation import make_bots, play_game

RANKS = "23456789TJQKA"
ONE_DECK = [r + s for s in "shcd" for r in RANKS] + ["LJ", "BJ"]
FULL = collections.Counter(ONE_DECK * 2)
HAND, KITTY = 25, 8
THEFT = {"kitty_theft": "allowed"}

#: Seat 0 holds 2s, seat 1 the pair 2h 2h, seats 2 and 3 a 2c each; every seat one joker,
#: the kitty the second 2s and a 2d (the other 2d to seat 3): no joker pair anywhere.
HANDS = ("2s LJ", "2h 2h BJ", "2c LJ", "2c BJ 2d")
KITTY_CARDS = "2s 2d 5s 5s Ts Ts Ks Ks"


def deck(hands=HANDS, kitty=KITTY_CARDS):
    """The deck giving seat s the cards hands[s] then plain cards (no 2, no joker), and
    the kitty `kitty`: card i goes to seat i % 4 (C-5, first seat 0)."""
    pool = collections.Counter(FULL)
    wanted = [h.split() for h in hands]
    for cs in [*wanted, kitty.split()]:
        pool.subtract(cs)
    plain = sorted(pool.elements(), key=ONE_DECK.index)
    assert all(c[0] != "2" and c not in ("LJ", "BJ") for c in plain)
    full = []
    for cs in wanted:
        need = HAND - len(cs)
        full.append(cs + plain[:need])
        plain = plain[need:]
    assert not plain
    dealt = [full[i % 4][i // 4] for i in range(4 * HAND)]
    return " ".join(dealt + kitty.split())


def scripted(**options):
    """The scripted hand, dealer 0, after the deal: seat 0 declared 2s, the rest passed."""
    g = new_game("tractor", deck=deck(), first_seat=0, dealer=0, **options)
    while g.phase == "deal":
        (seat,) = g.to_act
        declare = seat == 0 and "declare 2s" in g.legal_actions(0) and not g.view()["declaration"]
        g.apply(seat, "declare 2s" if declare else "pass")
    return g


def unchanged(g, seat, action, *words):
    """`action` is refused with every one of `words` in the message, changing nothing."""
    before = g.to_json()
    with pytest.raises(IllegalAction) as caught:
        g.apply(seat, action)
    assert all(w in str(caught.value) for w in words), str(caught.value)
    assert g.to_json() == before


def test_tro_112_a_steal_changes_the_trump_and_the_burier_then_three_passes_start_the_play():
    g = scripted(**THEFT)
    assert (g.phase, g.to_act, g.view()["trump"], g.dealer) == ("kitty", [0], "s", 0)
    assert g.view()["kitty_stage"] == "bury"
    g.apply(0, f"bury {KITTY_CARDS}")  # the dealer buries what it took up
    dealer_burial = g.view(0)["kitty"]
    # TRO-112: the others are asked from the dealer's left, whatever they hold; the phase
    # stays the kitty's, its stage says a seat is asked whether it steals.
    v = g.view()
    assert (g.phase, g.to_act, v["kitty_holder"], v["kitty_stage"]) == ("kitty", [1], 0, "steal")
    assert g.legal_actions(1) == ["declare 2h 2h", "pass"]  # 2h alone is not stronger
    unchanged(g, 1, "declare 2h", "TRO-112", "stronger", "2s")
    unchanged(g, 1, "bury 3s", "TRO-112")
    g.apply(1, "declare 2h 2h")
    # The steal stands and sets the trump; seat 1 takes the kitty and buries as many.
    v = g.view(1)
    assert (g.phase, g.to_act, v["trump"], v["kitty_holder"]) == ("kitty", [1], "h", 1)
    assert v["kitty_stage"] == "bury" and v["own_burials"] == []
    assert v["declaration"] == {"seat": 1, "cards": "2h 2h"}
    assert v["declarations"] == [[0, "2s"], [1, "2h 2h"]]
    taken = collections.Counter(KITTY_CARDS.split())
    assert collections.Counter(v["kitty_cards"].split()) == taken
    assert v["bury_count"] == KITTY and len(g.hand_of(1)) == HAND + KITTY
    assert g.dealer == 0 and g.declarer == 0  # the dealer stays (TRO-112)
    for seat in (None, 0, 2, 3):
        assert "kitty_cards" not in g.view(seat) and "kitty" not in g.view(seat)
    burial = "5h 9h 9h 8h 8h 7h 7h 3c"
    assert collections.Counter(burial.split()) <= collections.Counter(v["hand"].split())
    g.apply(1, f"bury {burial}")
    # A new round from the stealer's left: seat 2, 3, then the dealer.
    assert (g.phase, g.to_act, g.view()["kitty_stage"]) == ("kitty", [2], "steal")
    unchanged(g, 2, "declare 2c", "TRO-112", "seat 1's standing 2h 2h")
    unchanged(g, 2, "declare LJ", "not a declaration", "TR-10")
    assert g.legal_actions(2) == ["pass"]
    g.apply(2, "pass")
    assert g.legal_actions(3) == ["pass"]
    g.apply(3, "pass")
    unchanged(g, 0, "declare 2s", "TRO-112")  # one 2s left: weaker than the pair
    assert g.legal_actions(0) == ["pass"]
    g.apply(0, "pass")
    # Every other seat passed in a row: the dealer leads the first trick (TR-21).
    assert (g.phase, g.to_act, g.view()["trump"], g.declarer) == ("play", [0], "h", 0)
    assert [str(c) for c in g.buried] == g.view(1)["kitty"].split()
    assert "kitty" not in g.view(0)  # the dealer's burial was stolen: it holds none
    assert g.view(0)["own_burials"] == [dealer_burial]  # but still knows it (TRO-112)
    assert "kitty_stage" not in g.view()  # the kitty phase is over
    assert collections.Counter(map(str, g.all_cards())) == FULL  # C-61
    play_game(g, make_bots(["greedy"] * 4, 5))
    r = g.result
    assert r["dealer"] == 0 and r["trump"] == "h"
    assert r["kitty_points"] == sum(c.points for c in fenpai.cards(burial)) == 5
    assert g.view(2)["kitty"] == fenpai.format_cards(g.buried)  # public once over
    replay = fenpai.Game.from_json(g.to_json())
    assert replay.to_json() == g.to_json() and replay.result == r


def test_tro_112_the_dealer_may_steal_back_and_a_joker_pair_plays_without_trump():
    hands = ("2s LJ LJ", "2h 2h BJ", "2c BJ", "2c 2d")
    g = new_game("tractor", deck=deck(hands), first_seat=0, dealer=0, **THEFT)
    while g.phase == "deal":
        (seat,) = g.to_act
        first = seat == 0 and not g.view()["declaration"] and "declare 2s" in g.legal_actions(0)
        g.apply(seat, "declare 2s" if first else "pass")
    g.apply(0, f"bury {KITTY_CARDS}")
    g.apply(1, "declare 2h 2h")
    g.apply_legal(1, 0)
    g.apply(2, "pass")
    g.apply(3, "pass")
    assert g.legal_actions(0) == ["declare LJ LJ", "pass"]
    g.apply(0, "declare LJ LJ")
    assert (g.phase, g.to_act, g.view()["trump"], g.view()["kitty_holder"]) == (
        "kitty",
        [0],
        None,
        0,
    )
    assert collections.Counter(map(str, g.view(0)["kitty_cards"].split())) == collections.Counter(
        map(str, g.core_objects()["kitty"].taken())
    )
    g.apply_legal(0, 0)
    for seat in (1, 2, 3):
        assert g.to_act == [seat] and g.legal_actions(seat) == ["pass"]
        g.apply(seat, "pass")
    assert (g.phase, g.to_act, g.view()["trump"]) == ("play", [0], None)


def steal_back():
    """The steal-back hand: the dealer buries, seat 1 steals and buries, the dealer steals
    back with its joker pair (TRO-112); the dealer to bury again."""
    hands = ("2s LJ LJ", "2h 2h BJ", "2c BJ", "2c 2d")
    g = new_game("tractor", deck=deck(hands), first_seat=0, dealer=0, **THEFT)
    while g.phase == "deal":
        (seat,) = g.to_act
        first = seat == 0 and not g.view()["declaration"] and "declare 2s" in g.legal_actions(0)
        g.apply(seat, "declare 2s" if first else "pass")
    g.apply(0, f"bury {KITTY_CARDS}")
    g.apply(1, "declare 2h 2h")
    g.apply_legal(1, 0)
    g.apply(2, "pass")
    g.apply(3, "pass")
    g.apply(0, "declare LJ LJ")
    return g


def test_tro_112_every_burier_keeps_seeing_its_own_burials_and_no_other_seat_does():
    g = steal_back()
    log = g.core_objects()["kitty"].log()
    first, second = (a.removeprefix("bury ") for _, a in log if a.startswith("bury "))
    assert collections.Counter(first.split()) == collections.Counter(KITTY_CARDS.split())
    # Seat 1's burial was stolen back: seat 1 still sees it, the dealer took it up.
    assert g.view(1)["own_burials"] == [second] and "kitty" not in g.view(1)
    assert g.view(0)["own_burials"] == [first]
    assert collections.Counter(g.view(0)["kitty_cards"].split()) == collections.Counter(
        second.split()
    )
    burial = g.legal_action(0, 0).removeprefix("bury ")
    g.apply(0, f"bury {burial}")
    third = g.view(0)["kitty"]
    assert g.view(0)["own_burials"] == [first, third]  # both of the dealer's, in order
    for seat in (2, 3):
        assert g.view(seat)["own_burials"] == []
    assert "own_burials" not in g.view()  # a spectator made none
    hand_view = typed.hand_view(g.view(0))
    assert [list(b.cards) for b in hand_view.own_burials] == [first.split(), third.split()]
    assert not typed.hand_view(g.view(2)).own_burials
    for seat in (1, 2, 3):
        g.apply(seat, "pass")
    play_game(g, make_bots(["greedy"] * 4, 7))
    assert g.view(1)["own_burials"] == [second]  # still its own once the hand is over
    assert g.view()["kitty"] == third  # the last burial is the kitty (TR-40)


def test_tro_112_the_phase_stays_in_the_api_s_closed_set_and_default_views_are_unchanged():
    phases = {"deal", "bid", "trump", "kitty", "friend", "play", "done"}
    g, plain = steal_back(), scripted()
    assert g.phase == "kitty" and g.view()["kitty_stage"] == "bury"
    for seat in [None, *range(4)]:
        v = plain.view(seat)
        assert not {"kitty_holder", "kitty_stage", "own_burials"} & set(v)
        assert typed.hand_view(v).tractor.kitty_stage == ""
    assert typed.hand_view(g.view(2)).tractor.kitty_stage == "bury"
    rng = random.Random(7)
    while g.phase != "done":
        assert g.phase in phases
        assert ("kitty_stage" in g.view()) == (g.phase == "kitty")
        (seat,) = g.to_act
        g.apply_legal(seat, rng.randrange(g.num_legal(seat)))


def test_tro_111_the_default_buries_and_plays_as_before():
    g = scripted()
    g.apply(0, f"bury {KITTY_CARDS}")
    assert (g.phase, g.to_act, g.view()["trump"]) == ("play", [0], "s")
    assert "kitty_holder" not in g.view(0)  # the views are as before the option existed
    same = scripted(kitty_theft="none")
    same.apply(0, f"bury {KITTY_CARDS}")
    assert same.to_json() == g.to_json() and "kitty_theft" not in json.loads(g.to_json())["options"]
    assert json.loads(scripted(**THEFT).to_json())["options"]["kitty_theft"] == "allowed"


def test_tro_110_a_bad_value_is_refused_naming_the_option_and_the_rule():
    with pytest.raises(ValueError, match=r"kitty_theft.*TRO-110"):
        new_game("tractor", kitty_theft="sometimes")
    assert parse_options(["kitty_theft=allowed"]) == THEFT
    listed = new_game("tractor").OPTIONS["kitty_theft"]
    assert [(v.value, v.rule) for v in listed.values] == [
        ("none", "TRO-111"),
        ("allowed", "TRO-112"),
    ]


def test_tro_112_every_surface_takes_a_stolen_kitty():
    # The observation has a layout of its own under TRO-112 (tests/test_envs_kitty_theft.py
    # checks what it holds); the environments take the option; `sample_world` and the
    # search bots play it.
    g = scripted(**THEFT)
    obs = fenpai.encode(g, 0, legal=False)[0]
    assert len(obs) == fenpai.encoding.game_fields(g)[-1][1] + 54  # own_burials last
    assert g.sample_world(0, 1).view(0) == g.view(0)
    assert all(g.bot_problem(name) is None for name in ("ismcts", "greedy", "random"))
    pytest.importorskip("gymnasium")
    from fenpai.envs import SeatEnv, VectorEnv

    picks = len(obs) + 54  # the decision space's observation adds the seat's picks
    assert VectorEnv("tractor", 2, **THEFT).observation_space["observation"].shape == (2, picks)
    assert SeatEnv("tractor", **THEFT).observation_space["observation"].shape == (picks,)


def hidden_free(g, seat):
    """The cards `seat` may see outside its hand: declared (the steals too), played, the
    burial it holds and the cards it took up (TRO-112), everything buried once over."""
    public = collections.Counter()
    for _, cs in g.view()["declarations"]:
        public.update(cs.split())
    if g.play:
        for _, plays, attempted, _, _ in g.play.tricks():
            for _, cs in plays:
                public.update(map(str, cs))
            public.update(map(str, attempted or []))
        for _, cs in g.play.trick():
            public.update(map(str, cs))
        public.update(map(str, g.play.attempted() or []))
    if g.buried and (seat == g.kitty_holder or g.phase == "done"):
        public.update(map(str, g.buried))
    if seat == g.kitty_holder and g.kitty_stage == "bury":
        public.update(map(str, g.kitty_taken()))
    kitty = g.core_objects().get("kitty")
    for burier, action in [] if kitty is None else kitty.log():
        if burier == seat and action.startswith("bury "):  # its own burials (TRO-112)
            public.update(action.split()[1:])
    return public


def check_views(g):
    """No view shows a card its seat cannot know: a stolen kitty and a stealer's burial
    only to the stealer (TRO-112)."""
    for seat in [None, *range(4)]:
        v = g.view(seat)
        json.dumps(v)
        check_trick_records(g, v)
        free = hidden_free(g, seat)
        for key in v:
            if key not in ("hand", "legal_actions", "result"):
                assert_names_only(v, key, free)
        if g.phase != "done" and seat != g.kitty_holder:
            assert "kitty" not in v and "kitty_cards" not in v
        if seat is not None:  # TRO-112: its own burials, each as long as the kitty
            assert all(len(b.split()) == KITTY for b in v["own_burials"])


HOUSE = [
    {},
    {"declaration_order": "suit", "kitty_multiplier": "power"},
    {"declaration_strength": "more_cards", "dealer": 2, "levels": ("5", "9")},
    {"first_dealer": "first_declaration", "must_defend": "5_10_K_A", "follow_protect": "tractors"},
]


def test_tro_112_random_playouts_conserve_cards_keep_the_dealer_and_score_the_last_burial():
    rng = random.Random(112)
    steals = 0
    for seed in range(60):
        options = {**THEFT, **HOUSE[seed % len(HOUSE)]}
        g = new_game("tractor", seed=seed, **options)
        dealer = None
        steps = 0
        while g.phase != "done":
            (seat,) = g.to_act
            legal = g.legal_actions(seat, 50)
            if g.kitty_stage == "steal":
                dealer = g.dealer if dealer is None else dealer
                assert g.dealer == dealer and len(g.buried) == KITTY
                check_views(g)
            if steps % 37 == 0 or g.phase.startswith("kitty"):
                assert collections.Counter(map(str, g.all_cards())) == FULL  # C-61
                sizes = g.hand_sizes()
                holder = g.kitty_holder
                if g.kitty_stage == "bury":
                    assert sizes[holder] == HAND + KITTY
                    assert sizes[:holder] + sizes[holder + 1 :] == [HAND] * 3
            declares = [a for a in legal if a.startswith("declare")]
            # Seldom or never in the deal: a strong declaration leaves nothing to steal with.
            stage = "steal" if g.kitty_stage == "steal" else g.phase
            odds = {"deal": 0.03 * (seed % 2), "steal": 0.5}.get(stage)
            if odds is None:
                g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
            elif declares and rng.random() < odds:
                steals += stage == "steal"
                g.apply(seat, rng.choice(declares))
            else:
                g.apply(seat, "pass")
            steps += 1
        r = g.result
        assert collections.Counter(map(str, g.all_cards())) == FULL
        assert r["dealer"] == g.declarer and (dealer is None or r["dealer"] == dealer)
        assert len(g.buried) == KITTY
        assert r["kitty_points"] == sum(c.points for c in g.buried)
        assert r["trump"] == g.view()["trump"]
        standing = g.view()["declaration"]
        if standing is not None:
            suit = standing["cards"].split()[0][-1]
            assert r["trump"] == (None if suit == "J" else suit)
        assert sum(r["card_points"]) == 200 - r["kitty_points"] + (
            r["kitty_points"] * (r["kitty_multiplier"] or 0)
        )
        assert fenpai.Game.from_json(g.to_json()).to_json() == g.to_json()
        check_views(g)
    assert steals > 10


@pytest.mark.parametrize("bots", [["greedy"] * 4, ["random"] * 4])
def test_tro_112_bots_and_simulate_play_it_to_the_end(bots):
    results = fenpai.simulate("tractor", 20, seed=3, bots=bots, **THEFT)
    assert len(results["game_points"]) == 20
    for seed in range(6):
        g = new_game("tractor", seed=seed, **THEFT)
        play_game(g, make_bots(bots, seed), in_core=seed % 2 == 0)
        assert g.phase == "done" and len(g.buried) == KITTY


def test_tro_112_the_typed_view_says_who_holds_the_kitty_and_the_trump():
    g = scripted(**THEFT)
    g.apply(0, f"bury {KITTY_CARDS}")
    g.apply(1, "declare 2h 2h")
    for seat in (None, 0, 1):
        view = g.view(seat)
        assert set(view) <= typed.COMMON_VIEW_KEYS | typed.VARIANT_VIEW_KEYS["tractor"]
        facts = typed.hand_view(view).tractor
        assert (facts.kitty_holder, facts.trump, facts.dealer) == (1, "h", 0)
        assert [(d.seat, list(d.cards)) for d in facts.declarations] == [
            (0, ["2s"]),
            (1, ["2h", "2h"]),
        ]
    assert sorted(typed.hand_view(g.view(1)).kitty_cards) == sorted(KITTY_CARDS.split())
    assert not typed.hand_view(g.view(0)).kitty_cards
    # The observation is `fenpai.encode`'s, in kitty theft's own layout (TRO-112).
    for seat in (0, 1):
        assert typed.observation(g, seat) == fenpai.encode(g, seat, legal=False)[0].tobytes()


def test_tro_112_fenpai_play_with_kitty_theft_against_bots():
    args = ["--seed", "2", "--seat", "1", "-o", "kitty_theft=allowed", "-o", "dealer=0"]
    child = spawn("play", "tractor", *args)  # seat 1 is asked first after the burial
    screens = []
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        screens.append(child.before)
        legal = offered(child.before)
        child.sendline("pass" if "pass" in legal else legal[0])
    assert any("seat 0 buries 8 cards" in s for s in screens)
    assert any("tractor · stealing the kitty" in s for s in screens)
    assert any("play · trick 1" in s for s in screens)
    assert child.before.count("\n") > 3  # the hand's summary, once over


def test_tro_112_greedy_steals_with_the_trump_it_holds_most_of_from_the_other_team():
    g = scripted(**THEFT)
    g.apply(0, f"bury {KITTY_CARDS}")
    hearts = sum(c.suit == "h" for c in g.hand_of(1))
    assert hearts >= 9  # seat 1's plain cards are mostly hearts: 2h 2h names its long suit
    assert Bot("greedy", 1).choose(g, 1) == "declare 2h 2h"
    g.apply(1, "declare 2h 2h")
    assert Bot("greedy", 1).choose(g, 1).startswith("bury ")


def test_tro_112_is_played_with_two_decks_only():
    with pytest.raises(ValueError, match=r"kitty_theft='allowed' is played with two decks"):
        fenpai.new_game("tractor", kitty_theft="allowed", decks=3)


@pytest.mark.parametrize("jokers", ["big_only", "none"])
def test_tro_112_tro_140_steals_follow_the_joker_rule(jokers):
    """A steal is a declaration of the table (TRO-140): refused joker pairs are never
    offered in the stealing rounds, and declaring one is refused naming TRO-140."""
    refused = {"big_only": ["declare LJ LJ"], "none": ["declare LJ LJ", "declare BJ BJ"]}
    asked = 0
    for seed in range(40):
        rng = random.Random(seed)
        g = fenpai.new_game(
            "tractor",
            seed=seed,
            kitty_theft="allowed",
            joker_declarations=jokers,
            reinforce="or_overturn",
        )
        while g.phase in ("deal", "kitty"):
            (seat,) = g.to_act
            legal = g.legal_actions(seat, 50)
            if g.phase == "kitty" and g.view()["kitty_stage"] == "steal":
                asked += 1
                assert not set(refused[jokers]) & set(legal)
                held = [str(c) for c in g.hand_of(seat)]
                for action in refused[jokers]:
                    if held.count(action.split()[1]) >= 2:
                        before = g.to_json()
                        with pytest.raises(IllegalAction, match="TRO-140"):
                            g.apply(seat, action)
                        assert g.to_json() == before
            g.apply(seat, rng.choice(legal))
    assert asked > 0


def held_declarations(g, seat: int) -> list[str]:
    """Every level single, level pair and joker pair `seat` holds, as `declare` actions."""
    held = collections.Counter(str(c) for c in g.hand_of(seat))
    level = g.view()["level"]
    singles = [c for c in held if c[0] == level[0]] if level != "NT" else []
    pairs = [c for c, n in held.items() if n >= 2 and (c in singles or c in ("LJ", "BJ"))]
    return [f"declare {c}" for c in singles] + [f"declare {c} {c}" for c in pairs]


@pytest.mark.parametrize("reinforce", ["own_card", "none", "or_overturn"])
def test_tro_112_tro_150_a_steal_is_accepted_exactly_when_offered(reinforce):
    """With the dealer fixed, the standing declarer may be another seat, asked in the
    stealing rounds: every declaration a seat holds is accepted exactly when it is
    offered (TRO-150 for its own, TRO-112), and a refused one changes nothing."""
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        g = fenpai.new_game(
            "tractor", seed=seed, dealer=0, kitty_theft="allowed", reinforce=reinforce
        )
        while g.phase in ("deal", "kitty"):
            (seat,) = g.to_act
            legal = g.legal_actions(seat, 50)
            if g.phase == "kitty" and g.view()["kitty_stage"] == "steal":
                for action in held_declarations(g, seat):
                    trial, before = g.clone(), g.to_json()
                    try:
                        trial.apply(seat, action)
                        accepted = True
                    except IllegalAction as err:
                        accepted = False
                        assert "TRO-112" in str(err)
                    assert accepted == (action in legal), (seed, action, legal)
                    assert g.to_json() == before
                    checked += 1
            g.apply(
                seat, legal[0] if g.phase == "deal" and rng.random() < 0.5 else rng.choice(legal)
            )
    assert checked > 20
