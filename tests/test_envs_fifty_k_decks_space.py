"""Fifty-K of several decks (FKO-20..FKO-28) in the environments' one decision space:
one deck's play type ids kept for the patterns several decks share, the bombs of 5 to
16 cards (FKO-26), one kind's jokers (FKO-25) and the king bomb (FKO-27) after them; a
mask that reaches every legal play and nothing else; each id's play the one keeping
the most pure fifty-Ks, the first in legal order on a tie; a bad id refused with
nothing changed. The environments' checks (Gymnasium's `check_env`, PettingZoo's
`api_test`, the core against the Python path, `VectorEnv` against the step API, hidden
cards) run on several decks through `env_support.CONFIGS`, OpenSpiel's through
`test_openspiel.NAMES`."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_envs_core_hand import assert_the_mask_reaches_the_legal_actions, random_position, replayed

import fenpai
from fenpai._core import FIFTY_K_NUM_PLAY_TYPES, FiftyKPilePlay, fifty_k_pile_type_id
from fenpai.errors import IllegalAction
from fenpai.spaces import SEVERAL_DECKS_TYPES, action_space, legal

#: FKO-23 tables: decks and players.
TABLES = [(2, 4), (2, 6), (3, 5), (3, 6), (4, 8)]


def pure_left(hand: list[str], text: str) -> int:
    """Pure fifty-Ks (FK-16) the hand can still play after the play `text`: per suit the
    fewest of its 5s, Ts and Ks (the docs' rule, written here on its own)."""
    left = Counter(hand)
    left.subtract(text[5:].split(" as ")[0].split())
    return sum(min(left[f"5{s}"], left[f"T{s}"], left[f"K{s}"]) for s in "shcd")


def test_fko_25_to_fko_27_the_ids_after_one_decks():
    one = action_space("fifty_k")
    assert one.size == 1 + FIFTY_K_NUM_PLAY_TYPES == 7410, "one deck keeps its ids"
    for decks in (2, 3, 4):
        space = action_space("fifty_k", decks=decks)
        assert space.size == 7410 + len(SEVERAL_DECKS_TYPES) == 7573, "sized for 4 decks"
        # FKO-22, FKO-26: a pattern one deck has keeps its id, copies and all.
        assert space.id("play 3s") == one.id("play 3s") == 1
        assert space.id("play 7s 7s 7h 7d") == one.id("play 7s 7h 7c 7d"), "a bomb of 4"
        assert space.id("play 9s 9s 9h 4d 4d") == one.id("play 9s 9h 9c 4s 4d")
        assert space.id("play 5s Ts Ks") == one.id("play 5s Ts Ks")
        assert space.id("play 3s 3s 3h 3c 3d") == 7410  # FKO-26: bomb 5 of 3
        assert space.id("play LJ") == 7410 + 156  # FKO-25
        assert space.id("play BJ BJ") == 7410 + 156 + 4
    assert SEVERAL_DECKS_TYPES[0] == "bomb 5 of 3" and SEVERAL_DECKS_TYPES[155] == "bomb 16 of 2"
    assert SEVERAL_DECKS_TYPES[156:] == (
        *("single LJ", "pair LJ", "triple LJ", "single BJ", "pair BJ", "triple BJ"),
        "king_bomb",
    )
    four = action_space("fifty_k", decks=4)
    assert four.id("play LJ LJ LJ LJ BJ BJ BJ BJ") == 7572  # FKO-27
    assert four.id("play As As As As Ah Ah Ah Ah Ac Ac Ac Ac Ad Ad Ad Ad") == 7410 + 155 - 1
    assert fifty_k_pile_type_id("3s 4h", 2) is None
    with pytest.raises(ValueError, match="decks must be 1, 2, 3 or 4"):
        action_space("fifty_k", decks=5)
    with pytest.raises(ValueError, match="appears more than 2 times"):
        action_space("fifty_k", decks=2).id("play 3s 3s 3s")


def check_position(game: fenpai.Game, limit: int) -> int:
    """At `game`'s position, for the seat to act: each allowed id names a legal play of its
    type, the ids allowed are one per legal pattern (and `pass` when following), the
    core's mask is `legal`'s; with at most `limit` legal actions, the ids are exactly
    those of every legal action and each takes the first play keeping the most pure
    fifty-Ks. Returns the number of ids whose play that choice checked."""
    seat = game.to_act[0]
    space = action_space("fifty_k", decks=game.decks)
    got = legal(game, seat)
    assert got.mask is not None and got.index is not None
    ids = np.flatnonzero(got.mask)
    play = game.core_objects()["play"]
    following = play.top() is not None
    assert len(ids) == len(play.legal_patterns()) + following, "nothing else on the mask"
    assert got.mask[0] == following
    for i in ids:
        assert space.id(game.legal_action(seat, int(got.index[i]))) == i
    np.testing.assert_array_equal(replayed(game).observe(seat)["action_mask"], got.mask)
    count = game.num_legal(seat)
    if count > limit:
        return 0
    hand = [str(c) for c in game.hand_of(seat)]
    by_id: dict[int, list[tuple[int, int]]] = {}
    for i, text in enumerate(game.legal_actions(seat, count)):
        by_id.setdefault(space.id(text), []).append((-pure_left(hand, text), i))
    assert set(by_id) == set(ids.tolist())
    for i, options in by_id.items():
        assert got.index[i] == min(options)[1], f"id {i}: {space.text(i, game, seat)}"
    return sum(len(o) > 1 for o in by_id.values())


@settings(max_examples=40, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_fko_26_every_legal_play_is_reached_by_its_type_id(table, seed, steps):
    decks, players = table
    game = random_position("fifty_k", {"decks": decks, "players": players}, seed, steps)
    if game.phase != "done":
        check_position(game, limit=3000)
        assert_the_mask_reaches_the_legal_actions(game, samples=20, limit=3000, seed=seed)


#: Ranks that make pure fifty-Ks and ties between copies common, and the jokers.
CARD_TEXTS = [f"{r}{s}" for r in "35TK" for s in "shcd"] + ["LJ", "BJ"]


@st.composite
def tied_hands(draw):
    """Two hands of a 4-player table of `decks` decks rich in 5s, Ts and Ks: many plays of
    one pattern, which differ in the pure fifty-Ks they keep."""
    decks = draw(st.integers(2, 4))
    pool = [c for c in CARD_TEXTS for _ in range(decks)]
    picked = draw(st.permutations(pool))
    size = draw(st.integers(4, 14))
    return decks, picked[:size], picked[size : 2 * size]


@settings(max_examples=60, deadline=None)
@given(drawn=tied_hands(), lead=st.integers(0, 10**6))
def test_fk_16_an_id_takes_the_first_play_keeping_the_most_pure_fifty_ks(drawn, lead):
    """The copy and suit rule on its own, at a lead and at a follow: of the plays of one
    type, the id takes the first in legal order among those leaving the most pure
    fifty-Ks (per suit the fewest of its 5s, Ts and Ks)."""
    decks, mine, theirs = drawn
    play = FiftyKPilePlay([theirs, mine, ["3s"], ["3h"]], 0, decks)
    play.apply_legal(lead % play.num_legal())  # seat 0 leads: seat 1 follows it
    for _ in range(2):
        if play.done or play.to_act != 1:
            return
        hand = [str(c) for c in play.hand(1)]
        chosen = dict(play.type_indices())
        by_type: dict[int, list[tuple[int, int]]] = {}
        offset = 1 if play.top() is not None else 0
        for i, text in enumerate(play.legal_actions(play.num_legal())[offset:], offset):
            type_id = fifty_k_pile_type_id(text[5:].split(" as ")[0], decks)
            by_type.setdefault(type_id, []).append((-pure_left(hand, text), i))
        assert set(chosen) == set(by_type)
        for type_id, options in by_type.items():
            assert chosen[type_id] == min(options)[1]
        play.apply_legal(play.num_legal() - 1)  # on to seat 1's lead, if it gets one
        while not play.done and play.to_act != 1:
            play.apply_legal(0)


def test_fk_16_the_rule_chooses_among_copies():
    """Known hands: the single T of `5s Ts Ks Th` is the heart (the spades' pure fifty-K
    kept); the pair of Ts of `5s Ts Ts Ks Th Th` is `Ts Th`, the first of the two that
    keep it (`Ts Ts` would break it)."""
    space = action_space("fifty_k", decks=2)
    for hand, text, chosen in (
        (["5s", "Ts", "Ks", "Th"], "play Ts", "play Th"),
        (["5s", "Ts", "Ts", "Ks", "Th", "Th"], "play Ts Ts", "play Ts Th"),
    ):
        play = FiftyKPilePlay([hand, ["3s"], ["3h"], ["3c"]], 0, 2)
        index = dict(play.type_indices())[space.id(text) - 1]
        assert play.legal_action(index) == chosen


def test_an_id_off_the_mask_is_refused_and_changes_nothing():
    for decks, players in ((2, 6), (4, 8)):
        game = random_position("fifty_k", {"decks": decks, "players": players}, 3, 5)
        hand, seat = replayed(game), game.to_act[0]
        before, seen = hand.game().to_json(), hand.observe(seat)
        mask = seen["action_mask"]
        off = [0, 7572, int(np.flatnonzero(mask == 0)[-1])] if not mask[0] else [7572]
        for action in off:
            with pytest.raises(IllegalAction, match=f"action {action} is not allowed"):
                hand.core.step(seat, action)
        with pytest.raises(IllegalAction, match="not allowed"):
            hand.core.step(seat, hand.size)
        with pytest.raises(IllegalAction, match="not allowed"):
            hand.core.step((seat + 1) % players, int(np.flatnonzero(mask)[0]))
        assert hand.game().to_json() == before
        after = hand.observe(seat)
        np.testing.assert_array_equal(after["observation"], seen["observation"])
        np.testing.assert_array_equal(after["action_mask"], mask)


def test_fko_20_a_table_of_other_decks_is_refused_by_name():
    """The core takes several decks' ids exactly as `SEVERAL_DECKS_TYPES` names them, and
    only for a game of several decks."""
    from fenpai._core import DecisionHand

    with pytest.raises(ValueError, match="SEVERAL_DECKS_TYPES"):
        DecisionHand("fifty_k", [None] * 6, [], players=6, decks=2)
    with pytest.raises(ValueError, match="FKO-20"):
        DecisionHand("fifty_k", [None] * 4, list(SEVERAL_DECKS_TYPES), players=4)
    with pytest.raises(ValueError, match="FKO-25"):
        DecisionHand("fifty_k", [None] * 6, list(SEVERAL_DECKS_TYPES[:-1]), players=6, decks=2)
    hand = DecisionHand("fifty_k", [None] * 6, list(SEVERAL_DECKS_TYPES), players=6, decks=2)
    assert hand.size == 7573


def test_fko_24_seat_env_plays_whole_hands_of_four_decks():
    """A whole hand of four decks and eight players through SeatEnv's ids, random allowed
    ids, ends with the result's reward."""
    pytest.importorskip("gymnasium")
    from fenpai.envs import SeatEnv

    env = SeatEnv("fifty_k", decks=4, players=8, seat=2)
    obs, info = env.reset(seed=5)
    rng = random.Random(5)
    done, steps = False, 0
    while not done:
        allowed = np.flatnonzero(obs["action_mask"])
        obs, reward, done, _, info = env.step(int(allowed[rng.randrange(len(allowed))]))
        steps += 1
    assert steps > 3 and reward in (-1, 0, 1)
