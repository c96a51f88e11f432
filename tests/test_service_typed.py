"""The typed views and results (`HandView`, `HandResult`) carry every fact of the JSON
ones (a view's earlier tricks aside): over random hands of every variant (resignations
included), every key of every view and result is one the conversion reads, and the
typed fields hold the same values."""

from __future__ import annotations

import random

import pytest

import fenpai
from fenpai.games import VARIANTS
from fenpai.service import typed


def hands(variant: str, count: int = 12):
    """(views, result) of random hands, a third of them resigned part-way."""
    for seed in range(count):
        game = fenpai.new_game(variant, seed=seed)
        rng = random.Random(seed)
        resign_at = rng.randrange(300) if seed % 3 == 0 else None
        views = []
        while game.phase != "done":
            seat = game.to_act[0]
            views += [game.view(seat), game.view(None)]
            if len(views) // 2 == resign_at:
                game.resign(seat)
                break
            game.apply(seat, rng.choice(game.legal_actions(seat, limit=40)))
        views += [game.view(0), game.view(None)]
        yield views, game.result


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_view_and_result_key_is_typed(variant):
    view_keys = typed.COMMON_VIEW_KEYS | typed.VARIANT_VIEW_KEYS[variant] | typed.UNTYPED_VIEW_KEYS
    result_keys = typed.COMMON_RESULT_KEYS | typed.VARIANT_RESULT_KEYS[variant]
    for views, result in hands(variant):
        for view in views:
            assert set(view) <= view_keys, set(view) - view_keys
            message = typed.hand_view(view)
            assert message.WhichOneof("facts") == variant
            assert list(message.hand) == view.get("hand", "").split()
            assert list(message.legal_actions) == view.get("legal_actions", [])
            assert message.num_legal == view.get("num_legal", 0)
            assert [list(p.cards) for p in message.trick] == [c.split() for _, c in view["trick"]]
            assert list(message.points) == view["points"]
            assert message.HasField("last_trick") == (view.get("last_trick") is not None)
            assert message.HasField("seat") == ("seat" in view)
        assert set(result) <= result_keys, set(result) - result_keys
        message = typed.hand_result(variant, result)
        assert list(message.game_points) == result["game_points"]
        assert list(message.card_points) == result["card_points"]
        assert message.HasField("escaped") == (result.get("escaped") is not None)
        assert message.WhichOneof("details") == variant


def test_variant_facts_hold_the_views_values():
    game = fenpai.new_game("red_five_4p", seed=3)
    rng = random.Random(1)
    while game.phase == "bid":
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    view = game.view(None)
    facts = typed.hand_view(view).red_five_4p
    assert [(b.seat, b.amount if b.HasField("amount") else None) for b in facts.bids] == [
        tuple(b) for b in view["bids"]
    ]
    assert (facts.high_bid.seat, facts.high_bid.amount) == tuple(view["high_bid"])
    assert facts.declarer == view["declarer"] and facts.bid == view["bid"]
    tractor = fenpai.new_game("tractor", seed=2)
    assert not typed.hand_view(tractor.view(None)).tractor.no_trump  # not declared yet


def test_ff_44_ff_45_the_next_declarer_is_unset_when_a_hand_was_abandoned():
    """FF-44 names the next declarer; an abandoned hand (FF-45) has none, which the typed
    result says by leaving the field unset rather than naming seat 0."""
    done = typed.hand_result("finding_friends", {"next_declarer": 0, "winner_side": "defenders"})
    assert done.finding_friends.HasField("next_declarer")
    assert done.finding_friends.next_declarer == 0
    left = typed.hand_result("finding_friends", {"escaped": 2})
    assert not left.finding_friends.HasField("next_declarer")


def test_fko_42_the_tribute_fact_says_what_the_deal_waits_for():
    """FKO-42: the tribute and its return are the phase "deal"; the typed fact's `due`
    says which is due ("tribute", "return", then empty)."""
    game = fenpai.new_game("fifty_k", seed=5, tribute="highest", previous_order=[1, 0, 2, 3])
    seen = []
    while True:
        hv = typed.hand_view(game.view(None))
        seen.append((hv.phase, hv.fifty_k.tribute.due))
        if game.phase != "deal":
            break
        seat = game.to_act[0]
        game.apply_legal(seat, 0)
    assert seen == [("deal", "tribute"), ("deal", "return"), ("play", "")]
