"""The environments' action space in the core (`fenpai.envs.core_hand`, `_core.DecisionHand`)
against the Python path it replaces (`fenpai.envs.decisions` over a `Game`, the bots
stepped from Python): the same observations, masks, completions and rewards; masks that
reach exactly the legal actions (C-4 burials, C-24/C-30/C-31 plays); nothing shown that
the seat cannot know; bad input refused with nothing changed."""

from __future__ import annotations

import random

import numpy as np
import pytest
from env_support import CONFIGS, IDS, decisions_of, legal_multisets, unseen_swaps
from hypothesis import given, settings
from hypothesis import strategies as st

import fenpai
from fenpai.bots import Bot, seed_for
from fenpai.envs.aec import observation_size, observe_seat
from fenpai.envs.core_hand import CoreHand
from fenpai.envs.payoffs import hand_rewards
from fenpai.errors import IllegalAction, NotYourTurn
from fenpai.spaces import counts, game_space, uses_list


def replayed(game: fenpai.Game) -> CoreHand:
    """A core hand dealt as `game` was (its seed, or its scripted deck) and replayed to
    its point by action text."""
    hand = CoreHand(game.variant, game.config()["options"])
    hand.replay(game)
    return hand


def same(fast: dict[str, np.ndarray], slow: dict[str, np.ndarray]) -> None:
    assert fast["observation"].dtype == np.float32 and fast["action_mask"].dtype == np.int8
    np.testing.assert_array_equal(fast["observation"], slow["observation"])
    np.testing.assert_array_equal(fast["action_mask"], slow["action_mask"])


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_every_seat_observes_what_the_python_path_shows(variant, options):
    """Every seat's observation and mask (the seat to act and the others, picks included)
    equal `observe_seat`'s over a `Game` at every step of random hands, and an id's
    completion is the same game action."""
    for seed in range(2):
        rng = random.Random(seed)
        game = fenpai.new_game(variant, seed=seed, **options)
        hand = CoreHand(variant, options)
        hand.reset(seed)
        decisions = decisions_of(variant, options)
        assert hand.obs_size == observation_size(game, decisions)
        assert hand.size == decisions.size
        while game.phase != "done":
            seat = game.to_act[0]
            assert hand.core.to_act() == seat
            for s in range(game.num_players):
                same(hand.observe(s), observe_seat(game, s, decisions))
            allowed = np.flatnonzero(decisions.mask(game, seat))
            action = int(allowed[rng.randrange(len(allowed))])
            assert hand.core.step(seat, action) == decisions.step(game, seat, action)
            assert hand.core.picked() == decisions.picked().astype(int).tolist()
        assert hand.core.to_act() is None
        assert hand.game().to_json() == game.to_json()
        assert hand.game().result == game.result


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_bots_in_the_core_play_as_the_python_bots(variant, options):
    """A seat against greedy and random bots: the bots' turns played in the core give the
    hand that `fenpai.bots.Bot` plays step by step (same seeds), and the same rewards."""
    for seed in range(2):
        game = fenpai.new_game(variant, seed=seed, **options)
        n = game.num_players
        names = [("greedy", "random")[s % 2] for s in range(n)]
        bots = [Bot(names[s], seed_for(seed, s)) for s in range(n)]
        hand = CoreHand(variant, options, [None, *names[1:n]])
        hand.reset(seed)
        hand.core.play_bots()
        decisions, rng = decisions_of(variant, options), random.Random(seed)
        while True:
            while game.phase != "done" and 0 not in game.to_act:
                bots[game.to_act[0]].act(game, game.to_act[0])
            assert hand.core.to_act() == (None if game.phase == "done" else 0)
            same(hand.observe(0), observe_seat(game, 0, decisions))
            if game.phase == "done":
                break
            allowed = np.flatnonzero(decisions.mask(game, 0))
            action = int(allowed[rng.randrange(len(allowed))])
            decisions.step(game, 0, action)
            out, _ = hand.core.step_seat(0, action)
        assert hand.game().to_json() == game.to_json()
        assert hand_rewards(hand.game(), "win") == hand_rewards(game, "win")


def reachable(hand: CoreHand, seat: int, limit: int) -> set[tuple[int, ...]] | None:
    """The card multisets the core's mask lets `seat` end on, each reached picking kinds
    in increasing order (a copy of the hand per pick); None past `limit` of them."""
    out: set[tuple[int, ...]] = set()
    mask = np.empty(hand.size, dtype=np.int8)

    def walk(core, start: int) -> bool:
        core.mask(seat, mask)
        picks = [k for k in np.flatnonzero(mask[hand.fixed :]) if hand.fixed + k != hand.size - 1]
        if mask[hand.size - 1]:
            out.add(tuple(core.picked()))
        for k in picks:
            if k < start:
                continue
            after = core.clone()
            if after.step(seat, hand.fixed + int(k)):
                out.add(tuple(np.add(core.picked(), np.eye(54, dtype=int)[k])))
            elif not walk(after, int(k)):
                return False
            if len(out) > limit:
                return False
        return True

    return out if walk(hand.core.clone(), 0) else None


def assert_the_mask_reaches_the_legal_actions(
    game: fenpai.Game, samples: int, limit: int, seed: int
) -> None:
    """At `game`'s position, for the seat to act: the fixed ids allowed are exactly those
    of the legal actions; card by card, `samples` legal burials or plays drawn at random
    are each reached through the mask, a burial (C-4) picks among the hand's cards, the
    picks end on legal actions only, and on every one where there are at most `limit`."""
    seat = game.to_act[0]
    hand = replayed(game)
    mask = hand.observe(seat)["action_mask"]
    if not uses_list(game):
        space = game_space(game)
        if game.num_legal(seat) <= limit:
            named = {space.id(a) for a in game.legal_actions(seat, limit)}
            assert set(np.flatnonzero(mask)) == named
        else:  # several decks of Fifty-K (FKO-22): plays sampled, each id's play named
            rng = random.Random(seed)
            for _ in range(samples):
                text = game.legal_action(seat, rng.randrange(game.num_legal(seat)))
                assert mask[space.id(text)]
            for i in np.flatnonzero(mask):
                assert space.id(space.text(int(i), game, seat)) == i
        assert not mask[space.size :].any()
        return
    assert not mask[: hand.fixed].any()
    rng = random.Random(seed)
    for _ in range(samples):  # sampled: a burial or a lead with throws has too many to list
        text = game.legal_action(seat, rng.randrange(game.num_legal(seat)))
        assert picked_through_the_mask(hand, seat, text).history[-1] == (seat, text)
    if game.phase == "kitty":
        held = np.zeros(54, dtype=int)
        for c in game.hand_of(seat):
            held[c.index] += 1
        np.testing.assert_array_equal(mask[hand.fixed : hand.fixed + 54], held > 0)
        return
    found = reachable(hand, seat, limit)
    if found is not None:
        legal = legal_multisets(game, seat)
        assert found <= legal
        if game.num_legal(seat) <= limit:
            assert found == legal


def picked_through_the_mask(hand: CoreHand, seat: int, text: str) -> fenpai.Game:
    """The game after `seat` picks the cards of the burial or play `text` one by one in
    kind order, each pick allowed by the mask, then `done` unless the last pick
    completed it."""
    after = hand.clone()
    mask = np.empty(hand.size, dtype=np.int8)
    kinds = np.repeat(np.arange(54), counts(text))
    for i, kind in enumerate(kinds.tolist()):
        after.core.mask(seat, mask)
        assert mask[hand.fixed + kind], (text, i)
        if after.core.step(seat, hand.fixed + kind):
            assert i == len(kinds) - 1, text
            return after.game()
    after.core.mask(seat, mask)
    assert mask[hand.size - 1], text
    assert after.core.step(seat, hand.size - 1)
    return after.game()


@settings(max_examples=25, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
)
def test_the_core_mask_reaches_exactly_the_legal_actions(config, seed, steps):
    """At a random position: the fixed ids allowed are those of the legal actions; card
    by card, the picks the mask allows end on exactly the legal actions (each once, the
    same whatever the order), a burial (C-4) on exactly its size of the hand's cards."""
    variant, options = config
    game = random_position(variant, options, seed, steps)
    if game.phase != "done":
        assert_the_mask_reaches_the_legal_actions(game, samples=4, limit=3000, seed=seed)


def random_position(variant: str, options: dict, seed: int, steps: int) -> fenpai.Game:
    """Hand `seed` after at most `steps` random legal actions (done if it ended)."""
    rng = random.Random(seed)
    game = fenpai.new_game(variant, seed=seed, **options)
    for _ in range(steps):
        if game.phase == "done":
            break
        seat = game.to_act[0]
        game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
    return game


def test_a_burial_goes_once_its_size_is_picked():
    game = fenpai.new_game("tractor", seed=2)
    while game.phase != "kitty":
        game.apply_legal(game.to_act[0], 0)
    hand, seat = replayed(game), game.to_act[0]
    kinds = sorted(c.index for c in game.hand_of(seat))[: game.kitty_size()]
    for i, kind in enumerate(kinds):
        assert hand.core.step(seat, hand.fixed + kind) == (i == len(kinds) - 1)
    assert hand.game().phase == "play"
    assert hand.game().history[-1][0] == seat


def test_an_id_outside_the_mask_changes_nothing():
    hand = CoreHand("red_five_4p", {})
    hand.reset(1)
    seat = hand.core.to_act()
    before = hand.game().to_json()
    mask = hand.observe(seat)["action_mask"]
    with pytest.raises(IllegalAction, match="not allowed"):
        hand.core.step(seat, int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(IllegalAction, match="not allowed"):
        hand.core.step((seat + 1) % 4, int(np.flatnonzero(mask)[0]))
    with pytest.raises(IllegalAction, match="not allowed"):
        hand.core.step(seat, hand.size)
    with pytest.raises(NotYourTurn):
        hand.core.apply((seat + 1) % 4, "pass")
    with pytest.raises(ValueError, match="no seat 9"):
        hand.observe(9)
    with pytest.raises(ValueError, match="C-contiguous array of"):
        hand.core.observe(seat, np.empty(3, dtype=np.float32), mask)
    assert hand.game().to_json() == before


def test_bad_construction_is_a_clear_error():
    from fenpai._core import DecisionHand

    with pytest.raises(ValueError, match="unknown bot"):
        DecisionHand("tractor", ["nobody", None, None, None], ["pass"])
    with pytest.raises(ValueError, match="4 seats"):
        DecisionHand("tractor", [None], ["pass"])
    with pytest.raises(ValueError, match="fixed action texts"):
        DecisionHand("tractor", [None] * 4, [])


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_c_4_a_core_observation_never_shows_cards_the_seat_cannot_know(variant, options):
    """Swapping two cards a seat cannot know leaves the core's observation and mask of
    that seat as they were, at every phase (the kitty C-4, the others' hands)."""
    compared = 0
    for game, seat, other in unseen_swaps(variant, options):
        mine, theirs = replayed(game), replayed(other)
        if seat == game.to_act[0] and uses_list(game):  # mid-choice: one pick made
            kind = int(np.flatnonzero(mine.observe(seat)["action_mask"])[0])
            mine.core.step(seat, kind)
            theirs.core.step(seat, kind)
        same(mine.observe(seat), theirs.observe(seat))
        compared += 1
    assert compared > 5


def test_observations_come_in_fresh_arrays_the_caller_may_keep():
    """Each observation (`observe`, and a seat's step against bots) is in new arrays the
    core writes once: later steps leave the ones kept unchanged."""
    hand = CoreHand("red_five_4p", {}, [None, "greedy", "greedy", "greedy"])
    hand.reset(3)
    hand.core.play_bots()
    kept = [hand.observe(0)]
    rng = random.Random(0)
    while hand.core.to_act() is not None:
        ids = np.flatnonzero(kept[-1]["action_mask"])
        out, _ = hand.core.step_seat(0, int(ids[rng.randrange(len(ids))]))
        kept.append(out)
    copies = [{k: v.copy() for k, v in obs.items()} for obs in kept]
    hand.reset(4)  # the core writes a new hand's observations
    hand.core.play_bots()
    kept.append(hand.observe(0))
    for obs, copy in zip(kept, copies, strict=False):
        for key, array in obs.items():
            assert array.flags.owndata and array.flags.writeable
            np.testing.assert_array_equal(array, copy[key])
    assert len({id(a) for obs in kept for a in obs.values()}) == 2 * len(kept)


@pytest.mark.parametrize("variant", ["red_five_4p", "red_five_5p", "tractor", "fifty_k"])
def test_step_observe_is_step_then_to_act_and_its_observation(variant):
    """`step_observe` (the AEC environment's one call a step) takes the id as `step` does
    and gives the seat `to_act` gives after it with that seat's observation (fresh
    arrays, None once over); a bad id changes nothing."""
    one, other = CoreHand(variant, {}), CoreHand(variant, {})
    one.reset(5)
    other.reset(5)
    rng = np.random.default_rng(5)
    seat = one.core.to_act()
    kept = []
    while seat is not None:
        mask = one.observe(seat)["action_mask"]
        with pytest.raises(IllegalAction, match="not allowed"):
            one.core.step_observe(seat, one.size)
        action = int(rng.choice(np.flatnonzero(mask)))
        other.core.step(seat, action)
        obs, seat = one.core.step_observe(seat, action)
        assert seat == other.core.to_act()
        if seat is None:
            assert obs is None
        else:
            same(obs, other.observe(seat))
            kept.append((obs, {k: v.copy() for k, v in obs.items()}))
    assert one.game().to_json() == other.game().to_json()
    for obs, copy in kept:  # nothing later wrote into the arrays handed out
        same(obs, copy)
