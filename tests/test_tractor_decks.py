"""Tractor's table house rules: one, two or three decks (TRO-120..TRO-123) and decks
played without their jokers (TRO-130..TRO-134): the deal and the kitty they give, the
declarations with more copies, the thresholds scaled to the points, the refused
combinations, random whole hands with their invariants, and the surfaces that take the
options (bots, `simulate`, `sample_world`, matches, the service, the CLI, the
environments: tests/test_envs_tractor_decks.py)."""

import collections
import random

import pytest
from cli_support import first_offered, play_through
from test_tractor import check_views

import fenpai
from fenpai import scoring
from fenpai.bots import Bot
from fenpai.envs.vector import VectorEnv
from fenpai.service import typed
from fenpai.service.creation import CreateRequest, plan
from fenpai.simulation import make_bots, play_game

RANKS = "23456789TJQKA"
SUITED = [r + s for s in "shcd" for r in RANKS]


def deck_of(decks, jokers="all"):
    """Every card copy of the table: `decks` decks, the jokers of those past `jokers`
    taken out (TRO-130)."""
    kept = decks if jokers == "all" else jokers
    return collections.Counter(SUITED * decks + ["LJ", "BJ"] * kept)


# --- the deal (TRO-120..TRO-134) --------------------------------------------------------

TABLES = [
    # decks, jokers, cards, kitty, hand
    (1, "all", 54, 6, 12),  # TRO-121
    (1, 0, 52, 8, 11),  # TRO-121, TRO-132
    (2, "all", 108, 8, 25),  # TR-1, TRO-122
    (2, 1, 106, 6, 25),  # TRO-133
    (2, 0, 104, 8, 24),  # TRO-132
    (3, "all", 162, 6, 39),  # TRO-123
    (3, 2, 160, 8, 38),  # TRO-134
    (3, 1, 158, 6, 38),  # TRO-133
    (3, 0, 156, 8, 37),  # TRO-132
]


@pytest.mark.parametrize(("decks", "jokers", "cards", "kitty", "hand"), TABLES)
def test_tro_120_tro_130_the_deal_per_table(decks, jokers, cards, kitty, hand):
    """Hand and kitty sizes, the multiset of every card (C-61) and the jokers left."""
    assert scoring.tractor_kitty_size(decks, jokers) == kitty
    for seed in range(3):
        g = fenpai.new_game("tractor", seed=seed, decks=decks, jokers=jokers)
        assert g.kitty_size() == kitty == len(g.kitty) == g.deal.kitty_size
        assert collections.Counter(map(str, g.all_cards())) == deck_of(decks, jokers)
        assert sum(deck_of(decks, jokers).values()) == cards
        while g.phase == "deal":
            g.apply(g.to_act[0], "pass")
        assert g.phase == "kitty"
        d = g.declarer
        sizes = [hand + (kitty if s == d else 0) for s in range(4)]
        assert g.hand_sizes() == sizes
        assert g.view(d)["bury_count"] == kitty
        jokers_left = sum(str(c) in ("LJ", "BJ") for c in g.all_cards())
        assert jokers_left == 2 * (decks if jokers == "all" else jokers)


def test_tro_131_the_defaults_are_left_out_of_the_json():
    two = fenpai.new_game("tractor", seed=1)
    assert "decks" not in two.config()["options"] and "jokers" not in two.config()["options"]
    assert two.options["decks"] == 2 and two.options["jokers"] == "all"
    same = fenpai.new_game("tractor", seed=1, decks=2, jokers="all")
    assert same.to_json() == two.to_json()
    three = fenpai.new_game("tractor", seed=1, decks=3, jokers=1)
    assert three.config()["options"]["decks"] == 3 and three.config()["options"]["jokers"] == 1
    assert fenpai.Game.from_json(three.to_json()).options == three.options


@pytest.mark.parametrize(
    ("options", "names", "rule"),
    [
        ({"follow_protect": "tuples"}, "follow_protect", "TRO-12"),
        ({"follow_protect": "tuples_and_tractors", "decks": 1}, "follow_protect", "TRO-12"),
        ({"jokers": 3}, "jokers", "TRO-130"),
        ({"decks": 1, "jokers": 2}, "jokers", "TRO-130"),
        ({"jokers": 2}, "jokers=2 needs more decks", "TRO-130"),  # all of them: "all"
        ({"decks": 5}, "decks", "TRO-120"),
        ({"decks": 0}, "decks", "TRO-120"),
        ({"decks": True}, "decks", "TRO-120"),
        ({"jokers": -1}, "jokers", "TRO-130"),
        ({"jokers": "none"}, "jokers", "TRO-130"),
    ],
)
def test_tro_120_tro_130_a_refused_combination_names_the_option(options, names, rule):
    with pytest.raises(ValueError, match=names) as caught:
        fenpai.new_game("tractor", **options)
    assert rule in str(caught.value)


def test_tro_12_tro_14_protect_triples_with_three_decks():
    for protect in ("tuples", "tuples_and_tractors"):
        g = fenpai.new_game("tractor", decks=3, follow_protect=protect)
        assert g.options["follow_protect"] == protect


# --- declarations (TRO-121, TRO-123) ----------------------------------------------------


def scripted(decks, first, jokers="all"):
    """A deck dealing `first` (cards in deal order from seat 0) then every other card
    with no level card (2) or joker before the kitty: only the placed cards declare."""
    rest = deck_of(decks, jokers) - collections.Counter(first)
    late = [c for c in rest.elements() if c[0] == "2" or c in ("LJ", "BJ")]
    early = [c for c in rest.elements() if c not in late]
    kitty = fenpai.scoring.tractor_kitty_size(decks, jokers)
    # The late cards go last: the kitty, then the end of the deal.
    assert len(late) <= kitty + 40
    return " ".join(first + early + late)


def declares(g):
    return [a for a in g.legal_actions(g.to_act[0]) if a.startswith("declare")]


def test_tro_123_three_copies_declare_and_reinforce():
    """With three decks the standing declarer reinforces with more copies of its card,
    and a triple of level cards overcalls a joker pair (TR-10 with more copies)."""
    # Seat 0 receives 2h at cards 1, 5 and 9; seat 1 BJ BJ at cards 2 and 6.
    first = ["2h", "BJ", "3s", "3s"] + ["2h", "BJ", "4s", "4s"] + ["2h"]
    g = fenpai.new_game("tractor", seed=0, decks=3, deck=scripted(3, first), first_seat=0)
    assert declares(g) == ["declare 2h"]
    g.apply(0, "declare 2h")
    for _ in range(3):
        g.apply(g.to_act[0], "pass")
    assert g.to_act == [0] and declares(g) == ["declare 2h 2h"]  # reinforcing (TRO-123)
    g.apply(0, "declare 2h 2h")
    assert g.to_act == [1] and declares(g) == ["declare BJ BJ"]
    g.apply(1, "declare BJ BJ")
    g.apply(2, "pass")
    g.apply(3, "pass")
    assert g.to_act == [0] and declares(g) == ["declare 2h 2h 2h"]
    with pytest.raises(fenpai.IllegalAction, match="TRO-123"):
        g.apply(0, "declare 2h 2h 2h 2h")
    g.apply(0, "declare 2h 2h 2h")
    assert g.view()["declarations"] == [[0, "2h"], [0, "2h 2h"], [1, "BJ BJ"], [0, "2h 2h 2h"]]


def test_tro_121_one_deck_declares_single_level_cards_only():
    """One deck has no pairs: a declaration is one level card, never reinforced, and the
    jokers, one of each, declare nothing."""
    first = ["2h", "BJ", "3s", "4s", "LJ", "5s", "6s", "7s", "2d"]
    g = fenpai.new_game("tractor", seed=0, decks=1, deck=scripted(1, first), first_seat=0)
    g.apply(0, "declare 2h")
    while g.phase == "deal" and g.view()["cards_dealt"] < 9:
        assert declares(g) == []
        g.apply(g.to_act[0], "pass")
    assert g.to_act == [0] and declares(g) == []  # 2d: no overcall of one's own (TR-11)
    with pytest.raises(fenpai.IllegalAction, match="TRO-121"):
        g.apply(0, "declare 2h 2h")


# --- scoring (TRO-120) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("decks", "points", "expected"),
    [
        (1, 0, ("defenders", 3)),
        (1, 15, ("defenders", 2)),
        (1, 20, ("defenders", 1)),
        (1, 35, ("defenders", 1)),
        (1, 40, ("attackers", 0)),
        (1, 60, ("attackers", 1)),
        (1, 100, ("attackers", 3)),
        (2, 35, ("defenders", 2)),
        (2, 80, ("attackers", 0)),
        (2, 165, ("attackers", 2)),
        (3, 55, ("defenders", 2)),
        (3, 60, ("defenders", 1)),
        (3, 115, ("defenders", 1)),
        (3, 120, ("attackers", 0)),
        (3, 180, ("attackers", 1)),
        (3, 300, ("attackers", 3)),
    ],
)
def test_tro_120_thresholds_scale_with_the_decks(decks, points, expected):
    assert scoring.tractor(points, decks) == expected
    if decks == 2:
        assert scoring.tractor(points) == expected  # TR-42 as written


def test_tro_120_the_points_of_the_decks():
    assert scoring.tractor_points(250, 20, "Ks Ks", decks=3) == 330
    with pytest.raises(ValueError, match="300 points of 3 decks"):
        scoring.tractor_points(290, 20, None, decks=3)
    with pytest.raises(ValueError, match="100 points of 1 decks"):
        scoring.tractor_points(90, 20, None, decks=1)
    with pytest.raises(ValueError, match="TRO-120"):
        scoring.tractor(10, decks=5)
    outcome = scoring.tractor_hand_outcome(115, 0, ("5", "5"), decks=3)
    assert (outcome["side"], outcome["levels"]) == ("defenders", ("6", "5"))


# --- random whole hands -----------------------------------------------------------------

PLAYED = [
    {"decks": 1},
    {"decks": 1, "jokers": 0, "kitty_multiplier": "power", "declaration_order": "suit"},
    {"decks": 3},
    {"decks": 3, "follow_protect": "tuples_and_tractors", "throw_penalty": "none"},
    {"decks": 3, "jokers": 1, "follow_protect": "tuples", "follow_format": "exact"},
    {"decks": 3, "jokers": 0, "declaration_strength": "more_cards", "must_defend": "5_10_K_A"},
    {"decks": 2, "jokers": 0, "first_dealer": "first_declaration", "jack_rule": "back_to_2"},
    {"decks": 2, "jokers": 1, "throw_judgement": "every_unit", "follow_format": "full"},
    {"decks": 1, "levels": ("J", "9"), "dealer": 1, "final_level": "no_trump"},
]


def check_hand(g, options):
    """C-61 and TR-40..TR-42 with the decks' points and thresholds (TRO-120)."""
    decks = options.get("decks", 2)
    total = 100 * decks
    r = g.result
    multiplier = r["kitty_multiplier"] or 0
    assert sum(r["card_points"]) == total - r["kitty_points"] + r["kitty_points"] * multiplier
    penalty = r["attacker_points"] - r["trick_points"] - r["kitty_points"] * multiplier
    assert penalty % 10 == 0
    assert penalty == 0 or options.get("throw_penalty") != "none"
    side, gained = scoring.tractor(r["attacker_points"], decks)
    assert (r["winner_team"], r["levels_nominal"]) == (side, gained)
    if not options.get("jack_rule"):
        stops = scoring.TRACTOR_MUST_DEFEND[options.get("must_defend", "A")]
        outcome = scoring.tractor_hand_outcome(
            r["attacker_points"],
            r["dealer"],
            tuple(r["levels"]),
            stops,
            final_level=g.options["final_level"],
            decks=decks,
        )
        assert tuple(r["new_levels"]) == outcome["levels"]


@pytest.mark.parametrize(
    "options", PLAYED, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_tro_120_tro_130_random_hands_keep_the_invariants(options):
    rng = random.Random(7)
    deck = deck_of(options.get("decks", 2), options.get("jokers", "all"))
    for seed in range(6):
        g = fenpai.new_game("tractor", seed=seed, **options)
        steps = 0
        while g.phase != "done":
            if steps % 37 == 0:
                assert collections.Counter(map(str, g.all_cards())) == deck  # C-61
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
        assert fenpai.Game.from_json(g.to_json()).to_json() == g.to_json()


# --- bots, simulate, sample_world, matches -----------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"decks": 1},
        {"decks": 3, "follow_protect": "tuples"},
        {"decks": 3, "jokers": 0},
        {"decks": 4},  # TRO-124
    ],
)
def test_tro_120_bots_and_simulate_play_the_table(options):
    for names in (["greedy"] * 4, ["ismcts:8", "random", "ismcts:8", "greedy"]):
        g = fenpai.new_game("tractor", seed=3, **options)
        bots = [Bot(name, seed=s) for s, name in enumerate(names)]
        while g.phase != "done":
            (seat,) = g.to_act
            g.apply(seat, g.bot_action(bots[seat], seat))
        check_hand(g, options)
    out = fenpai.simulate("tractor", 4, seed=1, bots="greedy", **options)
    assert out["game_points"].shape == (4, 4)
    batch = fenpai.new_game("tractor", **options).play_batch([5, 6], ["random"] * 4)
    g = play_game(fenpai.new_game("tractor", seed=5, **options), make_bots(["random"] * 4, 5))
    assert batch["game_points"][0].tolist() == g.result["game_points"]


@pytest.mark.parametrize(
    "options", [{"decks": 1}, {"decks": 3, "jokers": 2}, {"jokers": 0}, {"decks": 4}]
)
def test_tro_120_tro_130_sample_world_keeps_the_decks_multiset(options):
    rng = random.Random(3)
    g = fenpai.new_game("tractor", seed=11, **options)
    for steps in (40, 30, 60):
        for _ in range(steps):
            if g.phase == "done":
                break
            (seat,) = g.to_act
            g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
        for seat in range(4):
            w = g.sample_world(seat, seed=seat)
            assert collections.Counter(map(str, w.all_cards())) == collections.Counter(
                map(str, g.all_cards())
            )
            assert w.hand_of(seat) == g.hand_of(seat)
            assert w.view(seat) == g.view(seat) and w.options == g.options


def test_tro_120_a_match_plays_every_hand_at_the_table():
    m = fenpai.new_match("tractor", seed=2, decks=3, jokers=1)
    for hand in range(2):
        assert m.game.options["decks"] == 3 and m.game.options["jokers"] == 1
        assert len(m.game.all_cards()) == 158  # one deck of three keeps its jokers
        while m.game.phase != "done":
            m.game.apply_legal(m.game.to_act[0], 0)
        if hand == 0:
            m.next_hand()
    assert fenpai.Match.from_json(m.to_json()).game.options == m.game.options


# --- surfaces ---------------------------------------------------------------------------


def test_tro_120_create_game_passes_the_table_on():
    made = plan(CreateRequest("tractor", options={"decks": "3", "jokers": "1"}, seed=4), {})
    assert made.first_hand.options["decks"] == 3 and made.first_hand.options["jokers"] == 1
    assert (
        made.first_hand.config() == fenpai.new_game("tractor", seed=4, decks=3, jokers=1).config()
    )


def test_tro_120_the_environments_take_every_table():
    """The observation, `VectorEnv` and `simulate`'s policies take every table (more in
    tests/test_envs_tractor_decks.py); the service's tensor is the observation."""
    g = fenpai.new_game("tractor", decks=3)
    layout = fenpai.encode(fenpai.new_game("tractor"), 0)[0].size
    assert fenpai.encode(g, 0)[0].size == layout
    assert fenpai.encode(fenpai.new_game("tractor", jokers=0), 0)[0].size == layout
    assert VectorEnv("tractor", num_envs=2, decks=1).action_space.nvec.tolist() == [162, 162]
    out = fenpai.simulate(
        "tractor", 2, bots=[lambda batch: [0] * len(batch), *["greedy"] * 3], decks=3
    )
    assert out["won"].shape == (2, 4)
    assert typed.observation(g, 0) == fenpai.encode(g, 0)[0].tobytes()


@pytest.mark.parametrize("options", [{"decks": 3}, {"decks": 1, "jokers": 0}])
def test_tro_120_the_typed_views_show_every_hand_size(options):
    rng = random.Random(1)
    g = fenpai.new_game("tractor", seed=2, **options)
    while g.phase != "done":
        for seat in range(4):
            view = typed.hand_view(g.view(seat))
            assert list(view.hand_sizes) == g.hand_sizes()
            assert len(view.hand) == len(g.hand_of(seat))
        (seat,) = g.to_act
        g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
    assert (
        typed.hand_result("tractor", g.result).tractor.attacker_points
        == (g.result["attacker_points"])
    )


def test_tro_123_fenpai_play_with_three_decks_at_the_terminal(tmp_path):
    saved = tmp_path / "game.json"
    args = ["tractor", "--seed", "3", "-o", "decks=3", "--save", str(saved)]
    screens, status = play_through(args, first_offered)
    assert status == 0, screens[-1]
    game = fenpai.Game.from_json(saved.read_text())
    assert game.options["decks"] == 3 and game.result is not None
    text = "".join(screens)
    assert "39" in text and "None" not in text


@pytest.mark.parametrize(
    ("options", "listed"),
    [
        ({"decks": 3}, "(2h, 2h 2h), or 2 to 3 identical jokers (TRO-123)"),
        ({"decks": 3, "jokers": 1}, "(2h, 2h 2h) (TRO-123)"),  # one LJ, one BJ: no pair
        ({"decks": 3, "jokers": 2}, "(2h, 2h 2h), or 2 identical jokers (TRO-123)"),
        (
            {"decks": 3, "jokers": 2, "joker_declarations": "big_only"},
            "or 2 identical BJ (TRO-123)",
        ),
        ({"decks": 3, "joker_declarations": "big_only"}, "or 2 to 3 identical BJ (TRO-123)"),
        ({"decks": 2, "jokers": 0}, "two identical level cards (2h 2h) (TR-10, TRO-130)"),
    ],
)
def test_tro_130_tro_140_a_refused_declaration_lists_only_the_tables_declarations(options, listed):
    g = fenpai.new_game("tractor", seed=2, **options)
    before = g.to_json()
    with pytest.raises(fenpai.IllegalAction) as err:
        g.apply(g.to_act[0], "declare 3h")
    assert str(err.value).endswith(listed) and g.to_json() == before
