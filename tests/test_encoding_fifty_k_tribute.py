"""The observation of Fifty-K under the option `tribute` (FKO-40..FKO-48): one deck's
layout, then the tribute's fields (documented in `fenpai.encoding`): the giver, the
receiver, whether the giver is exempt, what is due and the card given for every seat,
the card returned for the giver and the receiver only (FKO-48). The default layout
and its bytes stay as they were."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

import fenpai
from fenpai.encoding import fields, game_fields

TRIBUTE = {"tribute": "highest"}
#: The tribute's fields, after one deck's.
TRIBUTE_FIELDS = [
    "tribute_giver",
    "tribute_receiver",
    "tribute_exempt",
    "tribute_due",
    "tribute_card",
    "tribute_returned",
]

HANDS_4P = [
    "3h 3s 3c 3d 4s 4h 4c 4d 5s 5h 5c 5d 6s",
    "6h 6c 6d 7s 7h 7c 7d 8s 8h 8c 8d 9s 9h",
    "2h 2c As Ah 9c 9d Ts Th Tc Td Js Jh Jc",
    "Jd Qs Qh Qc Qd Ks Kh Kc Kd Ac Ad 2s 2d",
]
#: FKO-43: seat 1 went out first; the last of the other team (0 and 2) is seat 2.
ORDER = [1, 0, 2, 3]
GIVER, RECEIVER = 2, 1


def deck(hands: list[str]) -> str:
    """The deck dealing `hands[seat]` to each of four seats, one card at a time (FK-1)."""
    split = [h.split() for h in hands]
    return " ".join(split[i % 4][i // 4] for i in range(52))


def field(game: fenpai.Game, obs: np.ndarray, name: str) -> np.ndarray:
    for fname, offset, size in game_fields(game):
        if fname == name:
            return obs[offset : offset + size]
    raise KeyError(name)


def card_at(obs_field: np.ndarray) -> list[str]:
    """The card texts of the 1s of a 52-card field (`Card.index` order)."""
    names = [r + s for s in "shcd" for r in "23456789TJQKA"]
    return [names[i] for i in np.flatnonzero(obs_field)]


def documented(players: int) -> list[tuple[str, int]]:
    """The (field, size) rows of the module docstring's one-deck table and tribute table."""
    doc = fenpai.encoding.__doc__ or ""
    one_deck = doc.split("Fifty-K, K = 52 cards")[1].split("Fifty-K of one deck under")[0]
    tribute = doc.split("Fifty-K of one deck under")[1].split("Fifty-K of several decks")[0]
    rows = re.findall(r"^\| (\w+) \| ([^|]+) \|", one_deck + tribute, re.M)
    sizes = {"K": 52, "n": players}
    return [(name, sizes.get(size.strip()) or int(size)) for name, size in rows if name != "field"]


@pytest.mark.parametrize("players", [3, 4])
def test_fko_40_the_layout_is_one_decks_then_the_tributes_fields(players):
    plain = fields("fifty_k", players)
    assert fields("fifty_k", players, tribute="none") == plain
    layout = fields("fifty_k", players, tribute="highest")
    assert layout[: len(plain)] == plain
    assert [name for name, _, _ in layout[len(plain) :]] == TRIBUTE_FIELDS
    end = 0
    for _, offset, size in layout:
        assert offset == end
        end += size
    assert [(name, size) for name, _, size in layout] == documented(players)


def test_fko_40_a_layout_without_the_tribute_is_refused_by_name():
    with pytest.raises(ValueError, match="FKO-40"):
        fields("fifty_k", 4, tribute="lowest")
    with pytest.raises(ValueError, match="only a layout of Fifty-K"):
        fields("tractor", 4, tribute="highest")


# --- several decks (FKO-20) ---------------------------------------------------------------

#: FKO-43 with six players: seat 5 (last) owes seat 4 (first).
SEVERAL = {"decks": 2, "players": 6, "previous_order": [4, 0, 1, 2, 3, 5], **TRIBUTE}
SEVERAL_GIVER, SEVERAL_RECEIVER = 5, 4


def test_fko_40_several_decks_add_the_tributes_fields_of_54_cards():
    plain = fields("fifty_k", 6, decks=2)
    layout = fields("fifty_k", 6, decks=2, tribute="highest")
    assert layout[: len(plain)] == plain
    assert [name for name, _, _ in layout[len(plain) :]] == TRIBUTE_FIELDS
    assert [size for _, _, size in layout[len(plain) :]] == [6, 6, 1, 2, 54, 54]
    g = fenpai.new_game("fifty_k", seed=1, **SEVERAL)
    assert game_fields(g) == layout
    assert len(fenpai.encode(g, 0, legal=False)[0]) == sum(size for _, _, size in layout)


def several_twins(seed: int) -> tuple[fenpai.Game, fenpai.Game] | None:
    """Two hands of `SEVERAL` equal but for the card returned (None when the giver is
    exempt, FKO-45, or the receiver holds one kind of card)."""
    twins = (fenpai.new_game("fifty_k", seed=seed, **SEVERAL) for _ in range(2))
    a, b = twins
    if a.phase != "deal":
        return None
    gift = a.legal_actions(SEVERAL_GIVER)[0]
    for g in (a, b):
        g.apply(SEVERAL_GIVER, gift)
    returns = a.legal_actions(SEVERAL_RECEIVER)
    a.apply(SEVERAL_RECEIVER, returns[0])
    b.apply(SEVERAL_RECEIVER, returns[-1])
    return a, b


def test_fko_48_several_decks_a_third_seat_cannot_tell_the_returned_card():
    """FKO-20, FKO-48: with several decks too, hands equal but for the card returned
    encode the same for the other seats, through the first plays; the giver and the
    receiver see the difference."""
    compared = 0
    for seed in range(6):
        twins = several_twins(seed)
        if twins is None:
            continue
        a, b = twins
        for _ in range(4):
            for seat in range(6):
                same = fenpai.encode(a, seat)[0].tobytes() == fenpai.encode(b, seat)[0].tobytes()
                assert same == (seat not in (SEVERAL_GIVER, SEVERAL_RECEIVER)), (seed, seat)
            seat = a.to_act[0]
            action = a.legal_actions(seat)[-1]  # the same play in both, if it is legal
            if action not in b.legal_actions(seat, b.num_legal(seat)):
                break
            a.apply(seat, action)
            b.apply(seat, action)
        compared += 1
    assert compared >= 4


def test_fko_48_several_decks_a_swap_between_two_other_hands_is_not_seen():
    """FKO-20: a card swapped between two other seats' hands (not the exchange's) is not
    seen by seat 0 during the tribute, its return or the first play."""
    g = fenpai.new_game("fifty_k", seed=3, **SEVERAL)
    deck = [str(c) for c in g.all_cards()]
    rng = random.Random(3)
    rng.shuffle(deck)
    # Deal as C-5 deals: card i to seat (first + i) % n; swap one card of seat 1 and 2.
    a = fenpai.new_game("fifty_k", deck=" ".join(deck), first_seat=0, **SEVERAL)
    i1 = next(i for i, c in enumerate(deck) if i % 6 == 1 and c != deck[2 + 6 * (i // 6)])
    i2 = 2 + 6 * (i1 // 6)
    swapped = list(deck)
    swapped[i1], swapped[i2] = swapped[i2], swapped[i1]
    b = fenpai.new_game("fifty_k", deck=" ".join(swapped), first_seat=0, **SEVERAL)
    assert a.phase == b.phase == "deal"
    for _ in range(3):
        assert fenpai.encode(a, 0)[0].tobytes() == fenpai.encode(b, 0)[0].tobytes()
        assert fenpai.encode(a, 1)[0].tobytes() != fenpai.encode(b, 1)[0].tobytes()
        seat = a.to_act[0]
        action = a.legal_actions(seat)[0]
        assert action == b.legal_actions(seat)[0]
        a.apply(seat, action)
        b.apply(seat, action)
    assert fenpai.encode(a, 0)[0].tobytes() == fenpai.encode(b, 0)[0].tobytes()


@pytest.mark.parametrize("players", [3, 4])
def test_fko_41_the_default_observation_is_unchanged(players):
    """Without a previous hand the tribute's fields are zeros and one deck's are the
    default observation's, at every step."""
    for seed in range(3):
        plain = fenpai.new_game("fifty_k", seed=seed, players=players)
        first = fenpai.new_game("fifty_k", seed=seed, players=players, **TRIBUTE)
        base = len(fenpai.encode(plain, 0, legal=False)[0])
        rng = random.Random(seed)
        while plain.phase != "done":
            for seat in range(players):
                a, _ = fenpai.encode(plain, seat, legal=False)
                b, _ = fenpai.encode(first, seat, legal=False)
                assert a.tobytes() == b[:base].tobytes()
                assert not b[base:].any()
            seat = plain.to_act[0]
            i = rng.randrange(plain.num_legal(seat))
            plain.apply_legal(seat, i)
            first.apply_legal(seat, i)


def test_fko_42_to_fko_48_the_tribute_step_by_step():
    g = fenpai.new_game("fifty_k", deck=deck(HANDS_4P), previous_order=ORDER, **TRIBUTE)
    for seat in range(4):
        obs, legal = fenpai.encode(g, seat)
        giver, receiver = (GIVER - seat) % 4, (RECEIVER - seat) % 4
        assert np.flatnonzero(field(g, obs, "tribute_giver")).tolist() == [giver]
        assert np.flatnonzero(field(g, obs, "tribute_receiver")).tolist() == [receiver]
        assert field(g, obs, "tribute_exempt").tolist() == [0]
        assert field(g, obs, "tribute_due").tolist() == [1, 0]  # FKO-44: the tribute
        assert not field(g, obs, "tribute_card").any()
        # FKO-42: before the play, the hand dealt, the giver to act, nothing to beat.
        assert sorted(card_at(field(g, obs, "hand"))) == sorted(HANDS_4P[seat].split())
        assert np.flatnonzero(field(g, obs, "to_act")).tolist() == [giver]
        assert field(g, obs, "top_type").tolist() == [-1]
        assert np.allclose(field(g, obs, "hand_sizes"), 13 / 18)
        assert legal == (["tribute 2h", "tribute 2c"] if seat == GIVER else [])
    g.apply(GIVER, "tribute 2c")
    for seat in range(4):
        obs, _ = fenpai.encode(g, seat)
        assert field(g, obs, "tribute_due").tolist() == [0, 1]  # FKO-46: the return
        assert card_at(field(g, obs, "tribute_card")) == ["2c"]  # public, FKO-48
        assert np.flatnonzero(field(g, obs, "to_act")).tolist() == [(RECEIVER - seat) % 4]
        sizes = field(g, obs, "hand_sizes") * 18
        assert np.allclose(np.roll(sizes, seat), [13, 14, 12, 13])
    g.apply(RECEIVER, "return 6h")
    for seat in range(4):
        obs, _ = fenpai.encode(g, seat)
        assert not field(g, obs, "tribute_due").any()
        assert card_at(field(g, obs, "tribute_card")) == ["2c"]
        returned = card_at(field(g, obs, "tribute_returned"))
        assert returned == (["6h"] if seat in (GIVER, RECEIVER) else [])  # FKO-48
        # FKO-47: the play began, the giver leading.
        assert np.flatnonzero(field(g, obs, "to_act")).tolist() == [(GIVER - seat) % 4]
        assert ("6h" in card_at(field(g, obs, "hand"))) == (seat == GIVER)


def test_fko_45_an_exempt_giver_shows_and_nothing_is_due():
    hands = list(HANDS_4P)
    hands[2] = hands[2].replace("2h 2c", "Kd Ad")
    hands[3] = hands[3].replace("Kd", "2h").replace("Ad", "2c")
    g = fenpai.new_game("fifty_k", deck=deck(hands), previous_order=[0, 1, 2, 3], **TRIBUTE)
    assert g.phase == "play"
    obs, _ = fenpai.encode(g, 1)
    assert field(g, obs, "tribute_exempt").tolist() == [1]
    assert not field(g, obs, "tribute_due").any() and not field(g, obs, "tribute_card").any()
    assert np.flatnonzero(field(g, obs, "tribute_giver")).tolist() == [2]  # seat 3, relative


def test_fko_48_a_third_seat_cannot_tell_the_returned_card():
    """Two games equal but for the card returned encode the same for the other seats;
    the giver and the receiver see the difference."""
    a = fenpai.new_game("fifty_k", deck=deck(HANDS_4P), previous_order=ORDER, **TRIBUTE)
    b = fenpai.new_game("fifty_k", deck=deck(HANDS_4P), previous_order=ORDER, **TRIBUTE)
    for g, back in ((a, "6h"), (b, "9s")):
        g.apply(GIVER, "tribute 2h")
        g.apply(RECEIVER, f"return {back}")
    for seat in range(4):
        same = fenpai.encode(a, seat)[0].tobytes() == fenpai.encode(b, seat)[0].tobytes()
        assert same == (seat not in (GIVER, RECEIVER)), seat


def test_fko_48_a_swap_between_two_other_hands_is_not_seen():
    """Two deals equal but for a card swapped between two other seats' hands encode the
    same for seat 0 at every step of the tribute and its return, and the first play."""
    swapped = list(HANDS_4P)
    swapped[1] = swapped[1].replace("6h", "Jd")
    swapped[3] = swapped[3].replace("Jd", "6h")
    a = fenpai.new_game("fifty_k", deck=deck(HANDS_4P), previous_order=ORDER, **TRIBUTE)
    b = fenpai.new_game("fifty_k", deck=deck(swapped), previous_order=ORDER, **TRIBUTE)
    for seat, action in ((GIVER, "tribute 2c"), (RECEIVER, "return 7s"), (GIVER, "play 9c")):
        assert fenpai.encode(a, 0)[0].tobytes() == fenpai.encode(b, 0)[0].tobytes()
        assert fenpai.encode(a, RECEIVER)[0].tobytes() != fenpai.encode(b, RECEIVER)[0].tobytes()
        a.apply(seat, action)
        b.apply(seat, action)
    assert fenpai.encode(a, 0)[0].tobytes() == fenpai.encode(b, 0)[0].tobytes()


@pytest.mark.parametrize("players", [3, 4])
def test_fko_42_random_hands_encode_the_public_record_at_every_step(players):
    rng = random.Random(players)
    order = list(range(players))
    for seed in range(8):
        rng.shuffle(order)
        g = fenpai.new_game("fifty_k", seed=seed, players=players, previous_order=order, **TRIBUTE)
        size = len(fenpai.encode(g, 0, legal=False)[0])
        out = np.empty(size, dtype=np.float32)
        while True:
            view = g.view()["tribute"]
            for seat in range(players):
                obs, legal = fenpai.encode(g, seat, out=out)
                assert obs is out and np.isfinite(obs).all()
                assert legal == g.legal_actions(seat, 4096)
                given = card_at(field(g, obs, "tribute_card"))
                assert given == ([] if view["card"] is None else [view["card"]])
                due = field(g, obs, "tribute_due").tolist()
                assert due == {None: [0, 0], "tribute": [1, 0], "return": [0, 1]}[view["due"]]
                returned = card_at(field(g, obs, "tribute_returned"))
                shown = g.view(seat).get("tribute_returned")
                assert returned == ([] if shown is None else [shown])
            if g.phase == "done":
                break
            seat = g.to_act[0]
            g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
