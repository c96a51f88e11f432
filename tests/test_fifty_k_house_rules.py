"""Fifty-K's house rule `pure_fifty_k_order` (FKO-10..FKO-12) through every surface that
takes options: new_game (validated, kept in the JSON only when not the default), the play
(a refused action cites FKO-12 and changes nothing), `fenpai.fifty_k`, simulate, the
service's CreateGame and `fenpai play -o`."""

import random

import numpy as np
import pytest

import fenpai
from fenpai import IllegalAction, fifty_k
from fenpai.cli.common import parse_options
from fenpai.service.creation import CreateRequest, plan
from fenpai.service.errors import ServiceError
from fenpai.simulation import make_bots, play_game, simulate

DECK = [r + s for s in "shcd" for r in "23456789TJQKA"]
CLUBS = "3h 5c Tc Kc 4s 4h 6s 6h 7s 7h 8s 8h 9s"
SPADES = "5s Ts Ks 4c 4d 6c 6d 7c 7d 8c 8d 9c 9d"
EQUAL = {"pure_fifty_k_order": "equal"}


def scripted_deck() -> str:
    """Seat 0 holds 3h (it leads, FK-2) and the clubs' pure fifty-K, seat 1 the spades'."""
    rest = [c for c in DECK if c not in (CLUBS + " " + SPADES).split()]
    hands = [CLUBS.split(), SPADES.split(), rest[:13], rest[13:]]
    return " ".join(hands[i % 4][i // 4] for i in range(52))


@pytest.mark.parametrize(("order", "legal"), [("suit", True), ("equal", False)])
def test_fko_11_fko_12_a_pure_fifty_k_on_a_pure_fifty_k(order, legal):
    g = fenpai.new_game("fifty_k", deck=scripted_deck(), pure_fifty_k_order=order)
    g.apply(0, "play 5c Tc Kc")
    assert ("play 5s Ts Ks" in g.legal_actions(1)) == legal
    if legal:
        g.apply(1, "play 5s Ts Ks")
        assert g.view()["top"]["seat"] == 1
        return
    before = g.to_json()
    with pytest.raises(IllegalAction, match=r"pure fifty-Ks are equal, FKO-12") as caught:
        g.apply(1, "play 5s Ts Ks")
    assert caught.value.rule == "FKO-12"
    assert g.to_json() == before and g.to_act == [1]


def test_fko_12_leaves_the_rest_of_fk_21_as_it_is():
    for order in ("suit", "equal"):
        assert fifty_k.beats("5s Ts Ks", "5h Th Kd", pure_fifty_k_order=order)
        assert fifty_k.beats("5s Ts Ks", "2s 2h 2d", pure_fifty_k_order=order)
        assert fifty_k.beats("3s 3h 3c 3d", "5s Ts Ks", pure_fifty_k_order=order)
        assert not fifty_k.beats("5s Th Kd", "5h Th Kh", pure_fifty_k_order=order)
    assert fifty_k.beats("5s Ts Ks", "5h Th Kh")
    assert not fifty_k.beats("5s Ts Ks", "5h Th Kh", pure_fifty_k_order="equal")
    with pytest.raises(ValueError, match="pure_fifty_k_order 'rank' .*FKO-10"):
        fifty_k.beats("5s Ts Ks", "5h Th Kh", pure_fifty_k_order="rank")


def test_fko_12_legal_plays_are_the_suit_orders_less_pure_on_pure():
    """Differential: on any top, the plays under `equal` are those under `suit` except a
    pure fifty-K on a pure fifty-K; every function that lists or counts agrees."""
    rng = random.Random(12)
    for _ in range(300):
        cards = rng.sample(DECK, 20)
        hand, other = cards[:13], cards[13:]
        if rng.random() < 0.5:  # pure fifty-Ks on both sides
            suits = rng.sample("shcd", 2)
            hand = [c for c in hand if c[0] not in "5TK"] + [r + suits[0] for r in "5TK"]
            other = [r + suits[1] for r in "5TK"]
        tops = fifty_k.legal_plays(" ".join(other))
        top = rng.choice(tops)
        text = " ".join(hand)
        suit = fifty_k.legal_plays(text, top)
        equal = fifty_k.legal_plays(text, top, pure_fifty_k_order="equal")
        both_pure = top.kind == "pure_fifty_k"
        assert equal == [c for c in suit if not (both_pure and c.kind == "pure_fifty_k")]
        assert fifty_k.count_legal_plays(text, top, pure_fifty_k_order="equal") == len(equal)
        ids = fifty_k.legal_play_ids(text, top, pure_fifty_k_order="equal")
        assert ids == [c.id for c in equal]
        types = fifty_k.legal_play_types(text, top, pure_fifty_k_order="equal")
        assert types == sorted({c.type_id for c in equal})


def test_fko_10_validated_at_new_game_and_kept_in_the_json_only_when_not_default():
    with pytest.raises(ValueError, match=r"option pure_fifty_k_order .*\(FKO-10\)"):
        fenpai.new_game("fifty_k", pure_fifty_k_order="rank")
    default = fenpai.new_game("fifty_k", seed=3)
    assert default.options["pure_fifty_k_order"] == "suit"
    assert "pure_fifty_k_order" not in default.config()["options"]
    assert "pure_fifty_k_order" not in default.to_json()
    g = fenpai.new_game("fifty_k", seed=3, **EQUAL)
    assert g.config()["options"]["pure_fifty_k_order"] == "equal"
    rng = random.Random(3)
    while g.phase != "done":
        s = g.to_act[0]
        g.apply_legal(s, rng.randrange(g.num_legal(s)))
    again = fenpai.Game.from_json(g.to_json())
    assert again.options["pure_fifty_k_order"] == "equal"
    assert again.to_json() == g.to_json()


def test_fko_10_simulate_plays_by_it_and_the_default_is_unchanged():
    same = simulate("fifty_k", 60, seed=2, bots="greedy")
    named = simulate("fifty_k", 60, seed=2, bots="greedy", pure_fifty_k_order="suit")
    for key in same:
        np.testing.assert_array_equal(same[key], named[key])
    for bots in ("random", "greedy", "ismcts:20"):
        out = simulate("fifty_k", 8, seed=2, bots=bots, players=3, **EQUAL)
        assert out["game_points"].shape == (8, 3)


def test_fko_12_the_cores_whole_games_play_by_it():
    """The core's whole hands (simulate's path) under `equal` differ from the default's in
    some games (the house rule reaches them), and each such game is the one the Game API
    plays decision by decision with the same bots."""
    suit = simulate("fifty_k", 1500, seed=4, bots="random")
    equal = simulate("fifty_k", 1500, seed=4, bots="random", **EQUAL)
    changed = (suit["game_points"] != equal["game_points"]).any(axis=1)
    differ = np.flatnonzero(changed | (suit["actions"] != equal["actions"]))
    assert len(differ) > 0  # pure on pure is rare: game 1144 of these
    for row in differ[:5]:
        seed = int(equal["seed"][row])
        for options, out in (({}, suit), (EQUAL, equal)):
            g = fenpai.new_game("fifty_k", seed=seed, **options)
            play_game(g, make_bots(["random"] * 4, seed), in_core=False)
            assert g.result["game_points"] == list(out["game_points"][row])
            assert len(g.history) == out["actions"][row]


def test_fko_10_sample_world_keeps_the_house_rule():
    g = fenpai.new_game("fifty_k", seed=5, **EQUAL)
    rng = random.Random(5)
    for _ in range(12):
        s = g.to_act[0]
        g.apply_legal(s, rng.randrange(g.num_legal(s)))
    world = g.sample_world(g.to_act[0], seed=1)
    assert world.options["pure_fifty_k_order"] == "equal"
    assert world.history == g.history


def test_fko_create_game_passes_the_house_rule_on():
    made = plan(CreateRequest("fifty_k", options=EQUAL, seed=4), {})
    assert made.first_hand.options["pure_fifty_k_order"] == "equal"
    assert made.config["options"]["pure_fifty_k_order"] == "equal"
    assert made.first_hand.config() == fenpai.new_game("fifty_k", seed=4, **EQUAL).config()


def test_fko_create_game_refuses_a_bad_value_naming_the_option():
    with pytest.raises(ServiceError) as caught:
        plan(CreateRequest("fifty_k", options={"pure_fifty_k_order": "rank"}, seed=4), {})
    err = caught.value
    assert err.reason == "BAD_OPTION" and "pure_fifty_k_order" in err.message
    assert err.rule is not None and "FKO-10" in err.rule.split(",")


def test_fko_cli_options_reach_the_game():
    options = parse_options(["pure_fifty_k_order=equal"])
    assert options == EQUAL
    assert fenpai.new_game("fifty_k", **options).options["pure_fifty_k_order"] == "equal"
