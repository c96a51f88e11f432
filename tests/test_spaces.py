"""fenpai.spaces: fixed ids with masks that equal the legal actions, legal lists with
their features, ids and action text both ways."""

from __future__ import annotations

import random

import numpy as np
import pytest
from env_support import CONFIGS, IDS

import fenpai
from fenpai import spaces
from fenpai.fifty_k import NUM_PLAY_TYPES


def random_hand(variant, options, seed):
    """Yields (game, seat) at every decision of a random hand, then plays on."""
    rng = random.Random(seed)
    game = fenpai.new_game(variant, seed=seed, **options)
    while game.phase != "done":
        seat = game.to_act[0]
        yield game, seat
        game.apply_legal(seat, rng.randrange(game.num_legal(seat)))


def test_fixed_id_tables():
    assert spaces.action_space("fifty_k").size == 1 + NUM_PLAY_TYPES == 7410
    assert spaces.action_space("red_five_4p").size == 1 + 49 + 4
    assert spaces.action_space("red_five_5p").size == 16
    assert spaces.action_space("tractor").size == 1 + 13 * 8 + 2
    for variant, texts in spaces.FIXED_ACTIONS.items():
        space = spaces.action_space(variant)
        assert texts[0] == "pass" and len(set(texts)) == len(texts)
        for i, text in enumerate(texts):
            assert space.id(text) == i and space.text(i) == text


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_masks_and_lists_equal_the_legal_actions(variant, options):
    space = spaces.game_space(fenpai.new_game(variant, **options))
    for seed in range(3):
        for game, seat in random_hand(variant, options, seed):
            legal = game.legal_actions(seat, spaces.DEFAULT_LIMIT)
            got = spaces.legal(game, seat)
            assert got.count == game.num_legal(seat)
            if spaces.uses_list(game):
                assert got.mask is None and got.actions == legal
                assert got.features.shape == (len(legal), spaces.NUM_FEATURES)
                continue
            assert got.actions is None
            ids = np.flatnonzero(got.mask)
            # every legal action has its id (FK-17: a Fifty-K play type stands for
            # every legal play of that type), and only those ids are allowed; several
            # decks list their first DEFAULT_LIMIT plays of many more (FKO-22)
            named = {space.id(a) for a in legal}
            if len(legal) == got.count:
                assert named == set(ids)
            else:
                assert named <= set(ids)
            if variant != "fifty_k":
                assert sorted(got.index[ids]) == list(range(game.num_legal(seat)))
            for i in ids:  # each id applies the legal action it names
                text = game.legal_action(seat, int(got.index[i]))
                assert space.id(text) == i
                assert space.id(space.text(int(i), game, seat)) == i
            assert not (got.index[~got.mask] >= 0).any()


def test_r4_10_bids_in_the_range_of_the_decks():
    space = spaces.action_space("red_five_4p")
    for decks, (low, high) in ((2, (60, 200)), (3, (80, 300))):
        game = fenpai.new_game("red_five_4p", seed=1, decks=decks)
        mask = spaces.legal(game, game.to_act[0]).mask
        bids = {int(space.text(int(i))[4:]) for i in np.flatnonzero(mask) if i}
        assert min(bids) == low and max(bids) == high and mask[0]


def test_fk_17_a_play_type_keeps_the_pure_fifty_k():
    # Seat 0 holds 3h (FK-2: it leads), the pure fifty-K 5s Ts Ks, and 5h: a single 5
    # plays 5h, which leaves the pure fifty-K whole.
    mine = "3h 5s Ts Ks 5h 4c 6c 7c 8c 9c Jc Qc Ac".split()
    others = [c for c in (r + s for s in "shcd" for r in "23456789TJQKA") if c not in mine]
    hands = [mine, others[:13], others[13:26], others[26:]]
    deck = " ".join(hands[i % 4][i // 4] for i in range(52))
    game = fenpai.new_game("fifty_k", deck=deck, first_seat=0)
    space = spaces.action_space("fifty_k")
    single_five = space.id("play 5s")
    assert single_five == space.id("play 5h")  # the type forgets the suit
    assert space.text(single_five, game, 0) == "play 5h"
    assert space.id("play 5s Ts Ks") != space.id("play 5h Ts Ks")  # pure fifty-K keeps it


def test_c_4_burial_features_count_the_cards():
    game = fenpai.new_game("tractor", seed=2)
    while game.phase != "kitty":
        game.apply_legal(game.to_act[0], 0)
    seat = game.to_act[0]
    got = spaces.legal(game, seat, limit=50)
    assert got.count == game.num_legal(seat) > 50 == len(got.actions)
    copies = got.features[:, : spaces.NUM_KINDS]
    assert (copies.sum(axis=1) == 8).all() and (got.features[:, 54] == 1).all()
    for row, text in zip(got.features, got.actions, strict=True):
        assert (row[: spaces.NUM_KINDS] == spaces.counts(text)).all()
        assert row[63] == sum(c.points for c in fenpai.cards(text[5:]))


def test_c_23_lead_features_read_the_format():
    game = fenpai.new_game("tractor", seed=4)
    while game.phase != "play":
        game.apply_legal(game.to_act[0], 0)
    seat = game.to_act[0]
    got = spaces.legal(game, seat, limit=None)
    rules = game.rules
    for row, text in zip(got.features, got.actions, strict=True):
        fmt = rules.classify(text[5:])
        kinds = [k for k, _ in fmt.components]
        assert row[55] == 1  # a lead
        assert list(row[57:61]) == [kinds.count(k) for k in ("single", "pair", "triple", "tractor")]
        assert row[61] == fmt.is_throw
        assert row[62] == sum(rules.is_trump(c) for c in fenpai.cards(text[5:]))


def test_bad_ids_and_texts_are_clear_errors():
    space = spaces.action_space("tractor")
    with pytest.raises(ValueError, match="outside 0..106"):
        space.text(107)
    with pytest.raises(ValueError, match="no fixed id"):
        space.id("play 5h")
    fk = spaces.action_space("fifty_k")
    with pytest.raises(ValueError, match="for a game and a seat"):
        fk.text(5)
    with pytest.raises(ValueError, match="no fixed id"):
        fk.id("play 5h 6s")
    with pytest.raises(ValueError, match="unknown variant"):
        spaces.action_space("bridge")
