"""Tractor of four decks (TRO-124): the deal and the kitty, quadruples as units in the
play (following under each `follow_format`, beating, throws), declarations of up to four
copies, the thresholds and the kitty's multiplier, random whole hands with their
invariants, the bots, `simulate`, `sample_world`, and the learning surfaces taking the
table."""

import collections
import random

import numpy as np
import pytest
from cli_support import first_offered, play_through
from test_tractor import check_views
from test_tractor_decks import check_hand, deck_of, declares, scripted

import fenpai
from fenpai import TrickRules, scoring
from fenpai.encoding import fields, game_fields
from fenpai.service import typed
from fenpai.service.creation import CreateRequest, plan
from fenpai.spaces import action_space, game_space

# --- the deal ----------------------------------------------------------------------------

TABLES = [
    # jokers, cards, kitty, hand (TRO-124 with TRO-130's table)
    ("all", 216, 8, 52),
    (3, 214, 6, 52),
    (2, 212, 8, 51),
    (1, 210, 6, 51),
    (0, 208, 8, 50),
]


@pytest.mark.parametrize(("jokers", "cards", "kitty", "hand"), TABLES)
def test_tro_124_the_deal_of_four_decks(jokers, cards, kitty, hand):
    assert scoring.tractor_kitty_size(4, jokers) == kitty
    g = fenpai.new_game("tractor", seed=2, decks=4, jokers=jokers)
    assert collections.Counter(map(str, g.all_cards())) == deck_of(4, jokers)
    assert sum(deck_of(4, jokers).values()) == cards
    assert g.kitty_size() == kitty == len(g.kitty)
    while g.phase == "deal":
        g.apply(g.to_act[0], "pass")
    d = g.declarer
    assert g.hand_sizes() == [hand + (kitty if s == d else 0) for s in range(4)]


def test_tro_124_four_decks_are_kept_in_the_json_and_five_refused():
    g = fenpai.new_game("tractor", seed=1, decks=4)
    assert g.config()["options"]["decks"] == 4
    assert fenpai.Game.from_json(g.to_json()).options == g.options
    with pytest.raises(ValueError, match=r"decks.*\(TRO-120\)"):
        fenpai.new_game("tractor", decks=5)
    assert fenpai.new_game("tractor", decks=4, follow_protect="tuples").options["decks"] == 4


# --- the play: quadruples (TRO-124) -------------------------------------------------------


def four(**options):
    return TrickRules("tractor", trump="h", decks=4, **options)


def test_tro_124_quadruples_are_units_and_tractors():
    r = four()
    assert [k for k, _ in r.classify("As As As As").components] == ["quadruple"]
    assert [k for k, _ in r.classify("9s 9s 9s 9s Ts Ts Ts Ts").components] == ["tractor"]
    assert [k for k, _ in r.classify("As As As As Qs Qs Qs").components] == [
        "quadruple",
        "triple",
    ]
    with pytest.raises(ValueError):
        TrickRules("tractor", decks=3).classify("As As As As")


@pytest.mark.parametrize(
    ("follow", "hand", "good", "bad"),
    [
        # `pairs`: a quadruple holds two pairs; a triple gives one of them.
        ("pairs", "3s 3s 4s 4s 4s 8s", "3s 3s 4s 4s", "4s 4s 4s 8s"),
        ("pairs", "5s 5s 5s 5s 6s 7s", "5s 5s 5s 5s", "5s 5s 6s 7s"),
        ("pairs", "9s 9s 3s 4s 5s", "9s 9s 3s 5s", "3s 4s 5s 9s"),
        # `full`: a quadruple, else two pairs (not a triple).
        ("full", "5s 5s 5s 5s 6s 6s 6s 9s", "5s 5s 5s 5s", "6s 6s 6s 9s"),
        ("full", "3s 3s 4s 4s 4s 8s", "3s 3s 4s 4s", "4s 4s 4s 8s"),
        # `exact`: a quadruple when held, else any four of the suit.
        ("exact", "5s 5s 5s 5s 6s 6s 7s 7s", "5s 5s 5s 5s", "6s 6s 7s 7s"),
        ("exact", "5s 5s 5s 6s 7s", "5s 6s 7s 5s", None),
        # `off`: the suit only.
        ("off", "5s 5s 5s 5s 6s 7s", "5s 5s 6s 7s", None),
    ],
)
def test_tro_124_what_a_quadruple_lead_draws_out(follow, hand, good, bad):
    r = four(follow_format=follow)
    assert r.follow_error(hand, "As As As As", good) is None
    if bad is not None:
        assert r.follow_error(hand, "As As As As", bad) is not None
    listed = {tuple(sorted(map(str, p))) for p in r.legal_follows(hand, "As As As As")}
    assert tuple(sorted(good.split())) in listed
    assert bad is None or tuple(sorted(bad.split())) not in listed


def test_tro_124_tuples_keep_a_quadruple_whole_but_for_a_quadruple_lead():
    """TRO-12 with four decks: a tuple wider than the lead's widest unit is one card."""
    r = four(follow_protect="tuples")
    hand = "Qs Qs Qs Qs 3s 4s 5s"
    assert r.follow_error(hand, "6s 6s", "3s 4s") is None
    assert r.follow_error(hand, "6s 6s 6s", "3s 4s 5s") is None
    assert r.follow_error(hand, "6s 6s 6s 6s", "Qs 3s 4s 5s") is not None
    assert four().follow_error(hand, "6s 6s", "3s 4s") is not None


def test_tro_124_beating_and_throws_with_quadruples():
    r = four()
    assert r.trick_winner(["9s 9s 9s 9s", "Ks Ks Ks Ks"]) == 1
    assert r.trick_winner(["9s 9s 9s 9s", "As As As Ks"]) == 0
    assert r.trick_winner(["9s 9s 9s 9s", "3h 3h 3h 3h", "4h 4h 4h 4h"]) == 2
    assert r.trick_winner(["9s 9s 9s 9s", "3h 3h 4h 4h"]) == 0
    failed = r.check_throw("Qs Qs Qs Qs As", ["Ks Ks Ks Ks 3d"])
    assert not failed.ok and list(map(str, failed.forced)) == ["Qs"] * 4
    assert r.check_throw("Qs Qs Qs Qs As", ["Ks Ks Ks 3d"]).ok


# --- declarations (TRO-124) ---------------------------------------------------------------


def test_tro_124_four_copies_declare_over_three_jokers_and_reinforce_to_four():
    # Seat 0 receives 2h at cards 1, 5, 9 and 13; seat 1 BJ at cards 2, 6 and 10.
    first = ["2h", "BJ", "3s", "3s", "2h", "BJ", "4s", "4s", "2h", "BJ", "5s", "5s", "2h"]
    g = fenpai.new_game("tractor", seed=0, decks=4, deck=scripted(4, first), first_seat=0)
    g.apply(0, "declare 2h")
    for _ in range(3):
        g.apply(g.to_act[0], "pass")
    assert g.to_act == [0] and declares(g) == ["declare 2h 2h"]
    g.apply(0, "declare 2h 2h")
    g.apply(1, "declare BJ BJ")
    g.apply(2, "pass")
    g.apply(3, "pass")
    assert declares(g) == ["declare 2h 2h 2h"]
    g.apply(0, "declare 2h 2h 2h")
    assert g.to_act == [1] and declares(g) == ["declare BJ BJ BJ"]
    g.apply(1, "declare BJ BJ BJ")
    g.apply(2, "pass")
    g.apply(3, "pass")
    assert g.to_act == [0] and declares(g) == ["declare 2h 2h 2h 2h"]
    before = g.to_json()
    with pytest.raises(fenpai.IllegalAction, match="TRO-124"):
        g.apply(0, "declare 2h 2h 2h 2h 2h")
    assert g.to_json() == before
    g.apply(0, "declare 2h 2h 2h 2h")
    assert g.view()["declarations"][-1] == [0, "2h 2h 2h 2h"]
    while g.phase == "deal" and g.to_act != [0]:
        g.apply(g.to_act[0], "pass")
    assert not any(a.startswith("declare 2h") for a in declares(g))  # four copies: no more


# --- scoring (TRO-124) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (0, ("defenders", 3)),
        (75, ("defenders", 2)),
        (80, ("defenders", 1)),
        (155, ("defenders", 1)),
        (160, ("attackers", 0)),
        (240, ("attackers", 1)),
        (400, ("attackers", 3)),
    ],
)
def test_tro_124_thresholds_step_by_80(points, expected):
    assert scoring.tractor(points, decks=4) == expected


def test_tro_124_a_quadruple_in_the_last_lead_counts_as_two_pairs():
    assert scoring.tractor_kitty_multiplier("Ks Ks Ks Ks") == 8  # as Ks Ks Qs Qs
    assert scoring.tractor_kitty_multiplier("Ks Ks Ks Ks", "power") == 16
    assert scoring.tractor_kitty_multiplier("Ks Ks Ks") == 4  # a triple: one pair
    assert scoring.tractor_points(300, 20, "Ks Ks Ks Ks", decks=4) == 460
    with pytest.raises(ValueError, match="400 points of 4 decks"):
        scoring.tractor_points(390, 20, None, decks=4)


# --- random whole hands --------------------------------------------------------------------

PLAYED = [
    {"decks": 4},
    {"decks": 4, "follow_format": "full", "throw_judgement": "every_unit"},
    {"decks": 4, "follow_format": "exact", "follow_protect": "tuples_and_tractors"},
    {"decks": 4, "jokers": 1, "follow_protect": "tuples", "kitty_multiplier": "power"},
    {"decks": 4, "follow_format": "off", "declaration_strength": "more_cards"},
]


@pytest.mark.parametrize(
    "options", PLAYED, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_tro_124_random_hands_keep_the_invariants(options):
    """C-61 (every card once, the multiset conserved), TR-40..TR-42 with 400 points and
    s = 80, views hiding other seats' cards, replay and the JSON round trip."""
    rng = random.Random(4)
    deck = deck_of(4, options.get("jokers", "all"))
    for seed in range(4):
        g = fenpai.new_game("tractor", seed=seed, **options)
        steps = 0
        while g.phase != "done":
            if steps % 41 == 0:
                assert collections.Counter(map(str, g.all_cards())) == deck
                check_views(g)
            (seat,) = g.to_act
            g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
            steps += 1
        assert collections.Counter(map(str, g.all_cards())) == deck
        check_hand(g, options)
        check_views(g)
        replay = fenpai.new_game("tractor", seed=seed, **options)
        for s, action in g.history:
            replay.apply(s, action)
        assert replay.to_json() == g.to_json()


def test_tro_124_legal_follows_are_the_rules_follows_in_whole_hands():
    """At every follow of random hands, the game's legal plays are `TrickRules`'
    `legal_follows` of the seat's hand (C-30, C-31, TRO-124)."""
    rng = random.Random(9)
    checked = 0
    for seed, follow in enumerate(["pairs", "full", "exact"]):
        g = fenpai.new_game("tractor", seed=seed, decks=4, follow_format=follow)
        while g.phase != "done":
            (seat,) = g.to_act
            view = g.view(seat)
            trick = view.get("trick") or []
            if g.phase == "play" and trick and g.num_legal(seat) <= 200:
                rules = TrickRules(
                    "tractor",
                    trump=view["trump"],
                    level=view["level"],
                    decks=4,
                    follow_format=follow,
                )
                lead = trick[0][1]
                want = {
                    tuple(sorted(map(str, p))) for p in rules.legal_follows(g.hand_of(seat), lead)
                }
                got = {
                    tuple(sorted(a.split()[1:])) for a in g.legal_actions(seat, g.num_legal(seat))
                }
                assert got == want
                checked += 1
            g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
    assert checked > 50


# --- bots, simulate, sample_world ----------------------------------------------------------


def test_tro_124_a_match_the_service_and_the_terminal_play_four_decks(tmp_path):
    m = fenpai.new_match("tractor", seed=2, decks=4)
    while m.game.phase != "done":
        m.game.apply_legal(m.game.to_act[0], 0)
    m.next_hand()
    assert m.game.options["decks"] == 4 and len(m.game.all_cards()) == 216
    made = plan(CreateRequest("tractor", options={"decks": "4", "jokers": "3"}, seed=4), {})
    assert (
        made.first_hand.config() == fenpai.new_game("tractor", seed=4, decks=4, jokers=3).config()
    )
    saved = tmp_path / "game.json"
    args = ["tractor", "--seed", "3", "-o", "decks=4", "--save", str(saved)]
    screens, status = play_through(args, first_offered)
    assert status == 0, screens[-1]
    game = fenpai.Game.from_json(saved.read_text())
    assert game.options["decks"] == 4 and game.result is not None


# --- the learning surfaces (more in tests/test_envs_tractor_decks.py) ------------------------


def test_tro_124_the_learning_surfaces_take_four_decks():
    """The observation keeps the default layout, its hand field holding the four copies a
    seat holds; the action space has the quadruple declarations after three decks' ids;
    `simulate` with a policy plays the table in both spaces; the service's tensor is the
    observation."""
    g = fenpai.new_game("tractor", seed=1, decks=4)
    rng = random.Random(1)
    while g.phase != "play":
        g.apply_legal(g.to_act[0], rng.randrange(g.num_legal(g.to_act[0])))
    offset, size = {name: (o, n) for name, o, n in fields("tractor", 4)}["hand"]
    assert game_fields(g) == fields("tractor", 4)
    for seat in range(4):
        hand = fenpai.encode(g, seat, legal=False)[0][offset : offset + size]
        counts = collections.Counter(c.index for c in g.hand_of(seat))
        assert hand.tolist() == [counts.get(k, 0) for k in range(54)]
    assert typed.observation(g, 0) == fenpai.encode(g, 0)[0].tobytes()
    space = action_space("tractor", 4)
    assert space.size == 215 and space.text(214) == "declare BJ BJ BJ BJ"
    assert game_space(g) is space

    def first(batch):
        if batch.action_mask is None:
            return [0] * len(batch)
        return [int(np.flatnonzero(m)[0]) for m in batch.action_mask]

    for actions in ("decisions", "legal"):
        out = fenpai.simulate(
            "tractor", 2, bots=[first, "greedy", "random", "greedy"], actions=actions, decks=4
        )
        assert out["won"].shape == (2, 4)
