"""Fifty-K's tribute (FKO-40..FKO-48) in the learning surfaces. The decision space: the
exchange's ids after the 7 410 play types (which keep their ids), the mask exactly the
legal tribute (FKO-44: the giver's highest cards) and return (FKO-46: any card), every
legal action reachable by its id; `SeatEnv`, the AEC env and `VectorEnv(actions=
"decisions")` are checked on it through `env_support.CONFIGS` with the other variants.
The legal-index space: `VectorEnv(actions="legal")` against the step API with the same
actions (observations, masks, history, rewards, scores: `Game.result`), `legal_ids`
naming the exchange, `simulate`'s policies; each hand of an env has the tribute of the
option `previous_order`. Several decks (FKO-20) take it the same way: the exchange of
their 54 cards after their play types."""

from __future__ import annotations

import random
from functools import partial

import numpy as np
import pytest
from env_support import expected_reward
from hypothesis import given, settings
from hypothesis import strategies as st
from test_envs_core_hand import replayed
from test_fifty_k_tribute import HANDS_4P, deck
from test_vector_env import Reference, assert_matches, random_actions

import fenpai
from fenpai._core import FIFTY_K_NUM_PILE_TYPES, FIFTY_K_NUM_PLAY_TYPES
from fenpai.bots import Bot, seed_for
from fenpai.envs import SeatEnv, VectorEnv
from fenpai.games.base import scored_arrays
from fenpai.games.fifty_k_tribute import tribute_seats
from fenpai.simulation import simulate
from fenpai.spaces import (
    CARDS,
    SEVERAL_DECKS_TRIBUTE_ACTIONS,
    SEVERAL_DECKS_TYPES,
    TRIBUTE_ACTIONS,
    ActionSpace,
    action_space,
    game_space,
    legal,
)

LegalEnv = partial(VectorEnv, actions="legal")
TRIBUTE = {"tribute": "highest", "previous_order": [1, 0, 2, 3]}
#: FKO-20: two decks, six players, the tribute owed by the last (5) to the first (4,
#: FKO-43).
SEVERAL = {"decks": 2, "players": 6, "tribute": "highest", "previous_order": [4, 0, 1, 2, 3, 5]}
PLAYS = 1 + FIFTY_K_NUM_PLAY_TYPES
PILE_PLAYS = 1 + FIFTY_K_NUM_PILE_TYPES


def phase_by_phase(game, seeds, bots):
    """The hands of `seeds` with `game`'s options, each played to its end one phase at a
    time by `bots` (seeded as `simulate` seeds them) and scored by `Game.result`."""
    n = game.num_players
    rows = []
    for seed in seeds:
        hand = fenpai.new_game("fifty_k", seed=seed, **game.stated_options())
        hand.play_out([Bot(name, seed_for(seed, s)) for s, name in enumerate(bots)])
        result = hand.result
        rows.append(
            (
                [float(p) for p in result["game_points"]],
                [float(p) for p in result["card_points"]],
                [s in result["winners"] for s in range(n)],
                hand.num_actions,
            )
        )
    points, cards, won, actions = zip(*rows, strict=True)
    return scored_arrays(n, list(points), list(cards), list(won), np.array(actions, np.int64))


# --- the table of ids (FKO-40) -------------------------------------------------------------


def test_fko_40_the_exchange_follows_the_play_types_which_keep_their_ids():
    plain, tribute = action_space("fifty_k"), action_space("fifty_k", tribute="highest")
    assert (plain.size, tribute.size) == (7410, 7514) == (PLAYS, PLAYS + 104)
    assert action_space("fifty_k", tribute="none") is plain
    for text in ("pass", "play 3s", "play 5s Ts Ks", "play 4s 4h 4c 4d", "play 3s 4h 5c 6d 7s"):
        assert tribute.id(text) == plain.id(text)
    for card in CARDS[:52]:
        assert tribute.id(f"tribute {card}") == PLAYS + card.index
        assert tribute.id(f"return {card}") == PLAYS + 52 + card.index
        assert tribute.text(PLAYS + card.index) == f"tribute {card}"
    assert [tribute.text(PLAYS + i) for i in range(104)] == list(TRIBUTE_ACTIONS)
    with pytest.raises(ValueError, match="no fixed id"):
        plain.id("tribute 2s")
    for variant, value in (("tractor", "highest"), ("fifty_k", "lowest")):
        with pytest.raises(ValueError, match=r"FKO-40"):
            action_space(variant, tribute=value)
    g = fenpai.new_game("fifty_k", **TRIBUTE)
    assert game_space(g) is tribute
    assert game_space(fenpai.new_game("fifty_k", tribute="highest")) is tribute  # a first hand


def test_fko_44_fko_46_the_mask_is_the_highest_cards_then_any_card():
    g = fenpai.new_game("fifty_k", deck=deck(HANDS_4P), **TRIBUTE)
    space = game_space(g)
    hand = replayed(g)
    mask = hand.observe(2)["action_mask"]
    assert [space.text(int(i)) for i in np.flatnonzero(mask)] == ["tribute 2h", "tribute 2c"]
    assert not hand.observe(1)["action_mask"].any()
    got = legal(g, 2)
    np.testing.assert_array_equal(got.mask, mask.astype(bool))
    assert g.legal_action(2, int(got.index[space.id("tribute 2c")])) == "tribute 2c"
    assert hand.core.step(2, space.id("tribute 2c"))
    g.apply(2, "tribute 2c")
    mask = hand.observe(1)["action_mask"]
    returns = {space.text(int(i)) for i in np.flatnonzero(mask)}
    assert returns == {f"return {c}" for c in [*HANDS_4P[1].split(), "2c"]}
    with pytest.raises(Exception, match="not allowed"):
        hand.core.step(1, space.id("return 2h"))  # the receiver does not hold it


@settings(max_examples=60, deadline=None)
@given(
    table=st.sampled_from([(1, 3), (1, 4), (2, 4), (2, 6), (3, 5)]),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 3),
    order_seed=st.integers(0, 100),
)
def test_fko_42_every_legal_action_is_reached_by_its_id(table, seed, steps, order_seed):
    """At a random point of the tribute or the first plays after it, of one deck or of
    several (FKO-20): the ids the mask allows are exactly those of the legal actions;
    through the core, each allowed id of the exchange takes exactly the action it names
    (every legal one reached, FKO-44, FKO-46), and a play type one legal play of its
    type."""
    decks, players = table
    order = list(range(players))
    random.Random(order_seed).shuffle(order)
    options = {"players": players, "decks": decks, "tribute": "highest", "previous_order": order}
    rng = random.Random(seed)
    game = fenpai.new_game("fifty_k", seed=seed % 2**32, **options)
    for _ in range(steps):
        if game.phase == "done":
            return
        seat = game.to_act[0]
        game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
    seat = game.to_act[0]
    space = game_space(game)
    hand = replayed(game)
    mask = hand.observe(seat)["action_mask"]
    legal_texts = game.legal_actions(seat, game.num_legal(seat))
    assert set(np.flatnonzero(mask)) == {space.id(a) for a in legal_texts}
    for i in np.flatnonzero(mask):
        after = hand.clone()
        assert after.core.step(seat, int(i))
        taken = after.game().history[-1]
        assert taken[0] == seat and taken[1] in legal_texts
        assert space.id(taken[1]) == i
        if game.phase == "deal":
            assert taken[1] == space.text(int(i))


# --- the legal-index space (FKO-42, FKO-43) ------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "seat", "opponents", "reward"),
    [
        (TRIBUTE, 2, "random", "win"),  # the giver
        (TRIBUTE, 1, "greedy", "zero_sum"),  # the receiver
        ({"players": 3, "tribute": "highest", "previous_order": [2, 0, 1]}, 0, "greedy", "win"),
        ({"tribute": "highest"}, 0, "random", "game_points"),  # a first hand: no tribute
        (SEVERAL, 5, "random", "win"),  # FKO-20: the giver of two decks
        (
            {**SEVERAL, "decks": 3, "players": 4, "previous_order": [0, 1, 3, 2]},
            0,
            "greedy",
            "zero_sum",
        ),  # the receiver of three decks
    ],
)
def test_fko_42_legal_steps_are_the_step_api_with_the_same_actions(
    options, seat, opponents, reward
):
    """Differential: at every step env i's observation, mask, legal actions and history
    are those of the same hand played through `fenpai.new_game` with the same actions
    (the bots seeded alike, the tribute and its return included); where a hand ends the
    reward, winners, game and card points are `Game.result`'s."""
    env = LegalEnv("fifty_k", 3, seat=seat, opponents=opponents, seed=5, reward=reward, **options)
    obs, info = env.reset()
    refs = [Reference("fifty_k", options, seat, opponents, 5, i) for i in range(3)]
    rng = np.random.default_rng(2)
    ended = np.zeros(3, dtype=bool)
    hands = exchanges = 0
    for _ in range(200):
        for i in range(3):
            assert_matches(env, obs, info, i, refs[i])
            exchanges += refs[i].game.phase == "deal"
        actions = random_actions(info, rng)
        actions[ended] = 10**9  # ignored: those envs start a new hand
        obs, rewards, terminated, _, info = env.step(actions)
        for i in range(3):
            if ended[i]:
                refs[i].next_hand()
                continue
            refs[i].act(actions[i])
            if not terminated[i]:
                continue
            result = refs[i].game.result
            assert refs[i].game.phase == "done"
            assert rewards[i] == pytest.approx(expected_reward(result, seat, reward))
            assert info["game_points"][i].tolist() == pytest.approx(result["game_points"])
            assert info["card_points"][i].tolist() == pytest.approx(result["card_points"])
            assert env.game(i).result == result
            assert env.game(i).history == refs[i].game.history
        ended = terminated
        hands += int(terminated.sum())
    assert hands >= 3, hands
    order = options.get("previous_order")
    if order is not None and seat in tribute_seats(order, len(order)):
        assert exchanges, "the learning seat never gave or returned"


def test_fko_40_several_decks_exchange_their_54_cards_after_their_play_types():
    """FKO-20, FKO-44, FKO-46: several decks' table is their 7 573 play types, then the
    tribute and the return of each of the 54 cards (jokers included)."""
    plain = action_space("fifty_k", decks=2)
    table = action_space("fifty_k", decks=3, tribute="highest")
    assert (plain.size, table.size) == (PILE_PLAYS, PILE_PLAYS + 108) == (7573, 7681)
    assert ActionSpace("fifty_k", decks=2, tribute="highest").size == 7681
    for card in CARDS:
        assert table.id(f"tribute {card}") == PILE_PLAYS + card.index
        assert table.id(f"return {card}") == PILE_PLAYS + 54 + card.index
        assert table.text(PILE_PLAYS + 54 + card.index) == f"return {card}"
    assert table.id("play BJ") == plain.id("play BJ")
    assert [table.text(PILE_PLAYS + i) for i in range(108)] == list(SEVERAL_DECKS_TRIBUTE_ACTIONS)
    assert game_space(fenpai.new_game("fifty_k", **SEVERAL)) is action_space(
        "fifty_k", decks=2, tribute="highest"
    )


@pytest.mark.parametrize(("options", "receiver"), [(TRIBUTE, 1), (SEVERAL, 4)])
def test_fko_42_legal_ids_name_the_exchange(options, receiver):
    """`legal_ids=K`: during the tribute each env's ids are the table's ids of the
    seat's legal tributes or returns (FKO-40; of 54 cards with several decks), in the
    play its play types."""
    env = LegalEnv("fifty_k", 2, seat=receiver, opponents="random", seed=3, legal_ids=20, **options)
    _, info = env.reset()
    space = game_space(env.game(0))
    for i in range(2):
        g = env.game(i)
        if g.phase != "deal":
            assert g.tribute.exempt  # FKO-45: no exchange to name
            continue
        assert g.to_act == [receiver]  # the receiver returns
        texts = g.legal_actions(receiver, 20)
        assert info["legal_ids"][i][: len(texts)].tolist() == [space.id(t) for t in texts]
        assert all(t.startswith("return ") for t in texts)


@pytest.mark.parametrize("actions", ["legal", "decisions"])
@pytest.mark.parametrize(("options", "giver"), [(TRIBUTE, 2), (SEVERAL, 5)])
def test_fko_42_simulate_plays_the_tribute_with_a_policy(actions, options, giver):
    """`simulate` with a Python policy at the giver's seat, of one deck and of several:
    it is asked the tribute (and in the decision space answers the exchange's ids); the
    hands end scored."""
    asked = []

    def first(batch):
        asked.extend(batch.legal_actions(r, 1)[0] for r in range(len(batch.games)))
        if actions == "legal":
            return np.zeros(len(batch.games), dtype=np.int64)
        return np.argmax(batch.action_mask, axis=1)

    n = len(options.get("previous_order", range(4)))
    bots: list = ["greedy", "random"] * (n // 2)
    bots[giver] = first
    out = simulate("fifty_k", 4, seed=1, bots=bots, actions=actions, **options)
    assert out["game_points"].shape == (4, n)
    assert any(a.startswith("tribute ") for a in asked)


@pytest.mark.parametrize(
    ("options", "bots"),
    [
        (TRIBUTE, ["greedy", "random"] * 2),
        ({**TRIBUTE, "players": 3, "previous_order": [2, 0, 1]}, ["random", "greedy", "greedy"]),
        (SEVERAL, ["greedy", "random"] * 3),
        (
            {**SEVERAL, "decks": 4, "players": 8, "previous_order": list(range(8))},
            ["random"] * 4 + ["greedy"] * 4,
        ),
    ],
)
def test_fko_42_the_cores_whole_hands_score_as_the_phase_by_phase_hands(options, bots):
    """`play_batch` (`simulate`'s bots) plays the tribute, of one deck and of several
    (FKO-20), in the core's whole-hand call: the scores and action counts (the exchange
    included) are those of the same hands played by the same bots one phase at a time."""
    game = fenpai.new_game("fifty_k", **options)
    seeds = list(range(30))
    core, phases = game.play_batch(seeds, bots), phase_by_phase(game, seeds, bots)
    assert sorted(core) == sorted(phases)
    for key in core:
        np.testing.assert_array_equal(core[key], phases[key])


@pytest.mark.parametrize(("options", "seat"), [(TRIBUTE, 1), (SEVERAL, 4)])
def test_fko_42_seat_env_rewards_are_the_results(options, seat):
    env = SeatEnv("fifty_k", seat=seat, bots="greedy", reward="zero_sum", **options)
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done, returned = False, False
        while not done:
            returned |= env.game.phase == "deal"
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, done, _, info = env.step(action)
        assert reward == pytest.approx(expected_reward(info["result"], seat, "zero_sum"))
        assert returned or env.game.tribute.exempt


# --- the tables ---------------------------------------------------------------------------------


def test_fko_40_a_table_that_is_not_the_tribute_s_is_refused():
    """The core's decision space takes Fifty-K's exchange ids exactly as
    `TRIBUTE_ACTIONS` names them, and only for a game with the option (FKO-40); a
    Python `ActionSpace` takes the option's values, for Fifty-K only."""
    from fenpai._core import DecisionHand

    seats = [None] * 4
    with pytest.raises(ValueError, match="needs the tribute's and the return's ids"):
        DecisionHand("fifty_k", seats, [], players=4, tribute="highest", tribute_seats=(2, 1))
    with pytest.raises(ValueError, match="exactly those texts"):
        DecisionHand("fifty_k", seats, ["tribute zz", "return 2s"], players=4, tribute="highest")
    with pytest.raises(ValueError, match="the game has no tribute"):
        DecisionHand("fifty_k", seats, list(TRIBUTE_ACTIONS), players=4)
    several = {"players": 4, "decks": 2, "tribute": "highest", "tribute_seats": (2, 1)}
    with pytest.raises(ValueError, match="SEVERAL_DECKS_TRIBUTE_ACTIONS"):
        DecisionHand("fifty_k", seats, list(SEVERAL_DECKS_TYPES), **several)
    with pytest.raises(ValueError, match="exactly those texts"):  # one deck's exchange
        DecisionHand("fifty_k", seats, [*SEVERAL_DECKS_TYPES, *TRIBUTE_ACTIONS], **several)
    assert ActionSpace("fifty_k", tribute="none").size == 7410
    assert ActionSpace("fifty_k", tribute="highest").size == 7514
    for variant, tribute in (("tractor", "highest"), ("fifty_k", True), ("fifty_k", "lowest")):
        with pytest.raises(ValueError, match="FKO-40"):
            ActionSpace(variant, tribute=tribute)


def test_fko_48_nothing_is_due_once_the_hand_is_over():
    """A resignation during the exchange ends the hand: the observation says nothing is
    due, as the view does."""
    g = fenpai.new_game("fifty_k", seed=5, tribute="highest", previous_order=[1, 0, 2, 3])
    g.resign(2)
    assert g.view(0)["tribute"]["due"] is None
    layout = fenpai.encoding.game_fields(g)
    obs = fenpai.encode(g, 0, legal=False)[0]
    due = next(obs[o : o + n] for name, o, n in layout if name == "tribute_due")
    assert not due.any()
