"""The observation of Fifty-K with several decks (FKO-20..FKO-35): a layout of its own
(copies of each of the 54 cards over the decks, the kinds of FKO-25..FKO-27, 4 to 8
seats), documented in `fenpai.encoding`, every field following the public record at
every step, every value in [0, 1], and nothing a seat cannot know in it."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

import fenpai
from fenpai._core import FIFTY_K_KINDS, FiftyKPilePlay, encode_into
from fenpai.encoding import fields, game_fields

#: A few tables of FKO-23: every number of decks, teams and players alone.
TABLES = [(2, 4), (2, 5), (3, 6), (4, 8), (3, 7)]

PILE_KINDS = (*FIFTY_K_KINDS, "king_bomb")


def documented(players: int) -> list[tuple[str, int]]:
    """The (field, size) rows of the module docstring's several-deck table."""
    doc = fenpai.encoding.__doc__ or ""
    table = doc.split("Fifty-K of several decks")[1].split("Finding Friends (")[0]
    rows = re.findall(r"^\| (\w+) \| ([^|]+) \|", table, re.M)
    sizes = {"K": 54, "n": players}
    return [(name, sizes.get(size.strip()) or int(size)) for name, size in rows if name != "field"]


@pytest.mark.parametrize(("decks", "players"), TABLES)
def test_fko_20_fields_tile_the_observation_and_match_the_docstring(decks, players):
    layout = fields("fifty_k", players, decks)
    end = 0
    for _, offset, size in layout:
        assert offset == end
        end += size
    assert [(name, size) for name, _, size in layout] == documented(players)
    g = fenpai.new_game("fifty_k", seed=1, decks=decks, players=players)
    assert game_fields(g) == layout
    obs, legal = fenpai.encode(g, 0, limit=3)
    assert obs.shape == (end,) and obs.dtype == np.float32
    assert legal == g.legal_actions(0, 3)


def test_fko_21_one_deck_keeps_its_layout():
    """The one-deck layout is what it was: `decks=1` is the default and the same."""
    assert fields("fifty_k", 4, 1) == fields("fifty_k", 4)
    assert [n for n, _, _ in fields("fifty_k", 4)][-3:] == ["top_type", "table", "points_left"]


def test_fko_23_bad_layouts_are_clear_errors():
    with pytest.raises(ValueError, match=r"players must be 4 to 8 with 2 decks \(FKO-23\)"):
        fields("fifty_k", 3, 2)
    with pytest.raises(ValueError, match=r"decks must be 1 to 4 \(FKO-20\)"):
        fields("fifty_k", 6, 5)
    with pytest.raises(ValueError, match=r"not 6 with decks=1 \(4 to 8 play with decks 2"):
        fields("fifty_k", 6)
    with pytest.raises(ValueError, match="only a fifty_k layout depends on its decks"):
        fields("tractor", 4, 3)


def cards_of(text: str) -> list[fenpai.Card]:
    """The cards of a play's text (`play CARDS [as KIND]`, or its cards alone)."""
    return fenpai.cards(text.removeprefix("play ").split(" as ")[0])


def reference(play: FiftyKPilePlay, seat: int, over: bool = False) -> dict[str, np.ndarray]:
    """What each field must hold (the module docstring's several-deck table)."""
    n, decks = play.num_players, play.decks
    rel = {(seat + i) % n: i for i in range(n)}
    points, dealt = 100 * decks, -(-54 * decks // n)
    ref = {name: np.zeros(size, np.float32) for name, _, size in fields("fifty_k", n, decks)}
    for c in play.hand(seat):
        ref["hand"][c.index] += 1 / decks
    for _, action in play.log():
        if action != "pass":
            for c in cards_of(action):
                ref["played"][c.index] += 1 / decks
    for _, text in play.round():
        for c in cards_of(text):
            ref["table"][c.index] += 1 / decks
    top = play.top()
    if top is not None:
        text, kind, by = top
        for c in cards_of(text):
            ref["top"][c.index] += 1 / decks
        ref["top_kind"][PILE_KINDS.index(kind)] = 1
        ref["top_seat"][rel[by]] = 1
        ref["top_size"][0] = len(cards_of(text)) / dealt
    ref["table_points"][0] = play.table_points() / points
    for s in range(n):
        ref["collected"][rel[s]] = play.collected()[s] / points
        ref["hand_sizes"][rel[s]] = play.hand_sizes()[s] / dealt
        if play.done:
            ref["points_left"][rel[s]] = play.hand_points()[s] / points
    for place, s in enumerate(play.finished(), 1):
        ref["finished"][rel[s]] = place / n
    for s in play.passed():
        ref["passed"][rel[s]] = 1
    if play.to_act is not None and not over:
        ref["to_act"][rel[play.to_act]] = 1
    return ref


def encode(play: FiftyKPilePlay, seat: int, over: bool = False) -> dict[str, np.ndarray]:
    layout = fields("fifty_k", play.num_players, play.decks)
    _, offset, size = layout[-1]
    out = np.empty(offset + size, np.float32)
    encode_into(out, seat, "fifty_k", {"play": play}, over)
    return {name: out[off : off + size] for name, off, size in layout}


def step_randomly(play: FiftyKPilePlay, rng: random.Random) -> None:
    """One random legal action, passing half the time when it may."""
    n = play.num_legal()
    follows = play.legal_action(0) == "pass"
    play.apply_legal(0 if follows and rng.random() < 0.5 else rng.randrange(n))


@pytest.mark.parametrize(("decks", "players"), TABLES)
def test_fko_22_every_field_follows_the_public_record_at_every_step(decks, players):
    """FKO-22..FKO-31 through a random hand: every seat's observation is the reference
    at every step, every value in [0, 1]; the top's main rank is the kind's rank."""
    g = fenpai.new_game("fifty_k", seed=decks * 10 + players, decks=decks, players=players)
    play = g.play
    rng = random.Random(players)
    steps = 0
    while not play.done:
        for seat in range(players):
            got = encode(play, seat)
            for name, want in reference(play, seat).items():
                if name == "top_rank":
                    continue  # checked below from the ranks the kinds name
                np.testing.assert_allclose(got[name], want, atol=1e-6, err_msg=name)
            assert all(((0 <= v) & (v <= 1)).all() for v in got.values())
        top = play.top()
        rank = encode(play, 0)["top_rank"][0]
        assert (rank == 0) == (top is None)
        if top is not None and top[1] in ("single", "pair", "triple", "bomb"):
            # FK-20, FKO-25: 3 lowest (1/15) … 2, little joker, big joker (15/15).
            order = "3456789TJQKA2"
            first = cards_of(top[0])[-1]
            label = str(first)
            at = {"LJ": 13, "BJ": 14}.get(label, order.index(label[0]) if label[0] in order else -1)
            assert rank == pytest.approx((at + 1) / 15)
        step_randomly(play, rng)
        steps += 1
    for seat in range(players):
        got = encode(play, seat, over=True)
        for name, want in reference(play, seat, over=True).items():
            if name != "top_rank":
                np.testing.assert_allclose(got[name], want, atol=1e-6, err_msg=name)
    assert steps > players


@pytest.mark.parametrize(("decks", "players"), [(2, 6), (3, 5), (4, 4)])
def test_fko_22_swapping_cards_between_two_other_seats_leaves_an_observation_unchanged(
    decks, players
):
    """Hidden information: two hands in which two seats other than the observer hold
    different cards (the same counts, the same public record) encode the same for the
    observer, and differently for those two seats."""
    rng = random.Random(decks * players)
    g = fenpai.new_game("fifty_k", seed=7, decks=decks, players=players)
    dealt = [list(g.play.hand(s)) for s in range(players)]
    leader = g.to_act[0]
    play = g.play.clone()
    for _ in range(4 * players):
        if play.done:
            break
        step_randomly(play, rng)
    observer = play.to_act if play.to_act is not None else 0
    a, b = [s for s in range(players) if s != observer][:2]
    held_a, held_b = play.hand(a), play.hand(b)
    swap_a = next(c for c in held_a if c not in held_b)
    swap_b = next(c for c in held_b if c not in held_a)
    swapped = [list(h) for h in dealt]
    swapped[a][swapped[a].index(swap_a)] = swap_b
    swapped[b][swapped[b].index(swap_b)] = swap_a
    other = FiftyKPilePlay(swapped, leader, decks)
    for seat, action in play.log():
        other.apply(seat, action)
    assert sorted(map(str, other.hand(a))) != sorted(map(str, play.hand(a)))
    for seat in range(players):
        same = all(
            np.array_equal(x, y)
            for x, y in zip(encode(play, seat).values(), encode(other, seat).values(), strict=True)
        )
        assert same == (seat not in (a, b)), seat


def test_fko_20_the_service_observation_holds_several_decks():
    from fenpai.service.typed import observation

    g = fenpai.new_game("fifty_k", seed=2, decks=2, players=6)
    got = np.frombuffer(observation(g, 0), dtype="<f4")
    want, _ = fenpai.encode(g, 0, legal=False)
    np.testing.assert_array_equal(got, want)
