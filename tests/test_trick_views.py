"""What the trick variants' views show beyond the hand: the declarer's kitty while it
buries (C-4), the open trick's points (C-43), and the closed tricks with their failed
throws (C-51), all public but the kitty."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from view_support import check_trick_records, named_cards

import fenpai

TRICK_VARIANTS = ("red_five_4p", "red_five_5p", "tractor")
#: Keys whose text names cards a seat may see besides its own hand: declarations.
DECLARED = ("declaration", "declarations", "reveal")


def random_step(g, rng: random.Random) -> None:
    (seat,) = g.to_act
    g.apply_legal(seat, rng.randrange(g.num_legal(seat)))


def to_kitty(variant: str, seed: int):
    """A game of `variant` played at random up to the declarer's burial."""
    g = fenpai.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while g.phase != "kitty":
        random_step(g, rng)
    return g


@pytest.mark.parametrize("variant", TRICK_VARIANTS)
def test_c_4_only_the_declarer_sees_which_cards_it_took_up_and_how_many_to_bury(variant):
    for seed in range(4):
        g = to_kitty(variant, seed)
        d = g.declarer
        v = g.view(d)
        kitty = Counter(str(c) for c in g.kitty)
        assert Counter(v["kitty_cards"].split()) == kitty
        assert v["bury_count"] == g.kitty_size() == len(g.kitty)
        assert kitty <= Counter(v["hand"].split())  # merged into the hand, and marked
        for seat in [None, *(s for s in range(g.num_players) if s != d)]:
            other = g.view(seat)
            assert "kitty_cards" not in other and "bury_count" not in other
            for key, value in other.items():
                if key not in ("hand", "legal_actions", *DECLARED):
                    assert not any(named_cards(value)), (seat, key)
        g.apply(d, g.legal_action(d, 0))
        assert all("kitty_cards" not in g.view(s) for s in [None, *range(g.num_players)])


@pytest.mark.parametrize("variant", TRICK_VARIANTS)
def test_c_43_c_51_views_keep_the_closed_tricks_and_the_open_tricks_points(variant):
    """Random hands, every view at every play: the records match the core's (see
    `check_trick_records`), and failed throws stay in them once their trick closes."""
    failed_seen = 0
    for seed in range(12):
        g = to_kitty(variant, seed)
        rng = random.Random(seed)
        while g.phase != "done":
            random_step(g, rng)
            for seat in [None, *range(g.num_players)]:
                check_trick_records(g, g.view(seat))
        v = g.view()
        assert len(v["tricks"]) == g.play.num_tricks() and v["table_points"] == 0
        assert sum(r["points"] for r in v["tricks"]) == sum(g.play.points())
        failed_seen += sum(r["failed_throw"] is not None for r in v["tricks"])
    assert failed_seen or variant == "red_five_4p"  # R4-31: no throws in Red Five 4p


def test_c_43_table_points_count_the_open_trick():
    g = to_kitty("tractor", 3)
    g.apply(g.declarer, g.legal_action(g.declarer, 0))
    assert g.view()["table_points"] == 0
    total = 0
    for _ in range(3):
        (seat,) = g.to_act
        g.apply_legal(seat, 0)
        total += sum(c.points for c in g.play.trick()[-1][1])
        assert all(g.view(s)["table_points"] == total for s in [None, 0, 1, 2, 3])
    (seat,) = g.to_act
    g.apply_legal(seat, 0)
    assert g.view()["table_points"] == 0 and g.view()["last_trick"]["points"] >= total
