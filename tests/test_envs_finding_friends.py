"""Finding Friends (FF-1..FF-82) in the environments' one action space: its table of
fixed ids (Tractor's of its decks, then one id per card kind and ordinal for the friend
calls, FF-20), whose mask is exactly the legal calls (FF-21, FF-60..FF-64, a card and
ordinal called once); every legal action of random positions reachable through ids and
picks, nothing illegal; `SeatEnv` (Gymnasium's `check_env`), the AEC env (PettingZoo's
`api_test`) for 4, 6 and 8 players; `VectorEnv(actions="decisions")` against the hands
played step by step; `legal_ids` naming the calls; and nothing shown that a seat
cannot know."""

from __future__ import annotations

import random
from functools import partial

import numpy as np
import pytest
from env_support import expected_reward, scripted, swap_unseen, unseen_swaps
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test
from test_envs_core_hand import assert_the_mask_reaches_the_legal_actions, replayed, same
from test_vector_env_decisions import agrees_step_by_step

import fenpai
from fenpai.envs import SeatEnv, VectorEnv, pettingzoo_env
from fenpai.envs.core_hand import CoreHand
from fenpai.envs.decisions import Decisions
from fenpai.spaces import (
    CARDS,
    FIXED_ACTIONS,
    TRACTOR_THREE_DECKS,
    action_space,
    game_space,
    legal,
    table_decks,
)

VARIANT = "finding_friends"
LegalEnv = partial(VectorEnv, actions="legal")

#: FF-60..FF-64's values, FF-80's, and FF-70's.
RESTRICTIONS = ["none", "no_trumps", "no_highest", "no_points"]
JOINS = ["spent", "passes_on"]

#: Tables and house rules the heavier checks run on (FF-1: decks by players unless given).
TABLES = [
    {"players": 4},
    {"players": 6, "friend_restrictions": "none", "short_handed_bonus": True},
    {"players": 8, "double_join": "passes_on", "friend_restrictions": "no_points"},
]
TABLE_IDS = ["4p", "6p-none-bonus", "8p-passes_on-no_points"]


def walk(options, seed):
    """Yields the positions of a random hand (a game at each decision)."""
    rng = random.Random(seed)
    game = fenpai.new_game(VARIANT, seed=seed, **options)
    while game.phase != "done":
        yield game
        seat = game.to_act[0]
        game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
    yield game


def at_calls(options, seed):
    """A random hand of `options` played to its first friend call."""
    return next(g for g in walk(options, seed) if g.phase == "friend")


# --- the table of ids (FF-20) ---------------------------------------------------------------


def test_ff_20_the_calls_follow_tractors_ids_of_the_decks():
    """Tractor's tables are unchanged; Finding Friends' table of 2 or 3 decks (FF-1) is
    Tractor's of those decks, then `call <ordinal> <card>` for ordinals 1st..decks and
    every card kind, id T + 54 × (ordinal − 1) + `Card.index`."""
    assert action_space("tractor").size == 107 and action_space("tractor", 3).size == 161
    for decks, tractor in ((2, FIXED_ACTIONS["tractor"]), (3, TRACTOR_THREE_DECKS)):
        space = action_space(VARIANT, decks)
        assert space.size == len(tractor) + 54 * decks
        assert [space.text(i) for i in range(len(tractor))] == list(tractor)
        for k, word in enumerate(("1st", "2nd", "3rd")[:decks]):
            for card in CARDS:
                assert space.id(f"call {word} {card}") == len(tractor) + 54 * k + card.index
    assert action_space(VARIANT) is action_space(VARIANT, 3)  # six players' table
    with pytest.raises(ValueError, match="no fixed id"):
        action_space(VARIANT, 2).id("call 3rd As")


@pytest.mark.parametrize("decks", [1, 4, "2", True, 2.0])
def test_ff_1_a_table_of_other_decks_has_no_action_space(decks):
    with pytest.raises(ValueError, match=r"finding_friends' decks must be 2 or 3 \(FF-1\)"):
        action_space(VARIANT, decks)


@pytest.mark.parametrize(
    ("options", "decks"),
    [
        ({"players": 4}, 2),
        ({"players": 5}, 3),
        ({"players": 8}, 3),
        ({"players": 4, "decks": 3}, 3),
    ],
)
def test_ff_1_each_table_has_its_decks_space(options, decks):
    """The space follows the decks the table plays (FF-1), in every surface."""
    game = fenpai.new_game(VARIANT, **options)
    assert table_decks(VARIANT, options) == decks
    assert game_space(game) is action_space(VARIANT, decks)
    size = game_space(game).size + 55
    assert Decisions(VARIANT, decks).size == size
    assert CoreHand(VARIANT, options).size == size


@pytest.mark.parametrize(
    ("space", "game"),
    [
        (("finding_friends", None), ("finding_friends", {"players": 4})),  # FF-1: 2 decks
        (("finding_friends", 2), ("finding_friends", {"players": 6})),
        (("tractor", None), ("tractor", {"decks": 3})),  # TRO-120
        (("tractor", None), ("finding_friends", {"players": 4})),
    ],
)
def test_ff_1_decisions_of_another_table_refuse_the_game(space, game):
    """Ids of one table mean other actions at another: `Decisions` of a table refuses a
    game of another table or variant by name, at its first mask, and changes nothing."""
    variant, options = game
    g = fenpai.new_game(variant, seed=3, **options)
    before = g.to_json()
    with pytest.raises(ValueError, match="table of .* fixed ids; the game is"):
        Decisions(*space).mask(g, g.to_act[0])
    assert g.to_json() == before
    right = Decisions(variant, table_decks(variant, g.options))
    assert right.mask(g, g.to_act[0]).any()


@pytest.mark.parametrize("restriction", RESTRICTIONS)
@pytest.mark.parametrize("players", [4, 5, 7])
def test_ff_21_ff_60_the_mask_of_a_call_is_exactly_the_legal_calls(restriction, players):
    """At each friend call the mask (Python's and the core's) allows exactly the ids of
    the legal calls: none that `friend_restrictions` forbids (FF-61..FF-64), a card and
    ordinal once (FF-20); each id taken makes that call."""
    options = {"players": players, "friend_restrictions": restriction, "friends": players - 2}
    for seed in range(2):
        game = at_calls(options, seed)
        space = game_space(game)
        hand = replayed(game)
        rules = game.rules
        made = []
        while game.phase == "friend":
            seat = game.to_act[0]
            calls = game.legal_actions(seat)
            mask = hand.observe(seat)["action_mask"]
            assert set(np.flatnonzero(mask)) == {space.id(a) for a in calls}
            np.testing.assert_array_equal(legal(game, seat).mask, mask[: space.size])
            assert not {space.id(c) for c in made} & set(np.flatnonzero(mask))
            for call in calls:
                card = fenpai.cards(call.split()[2])[0]
                if restriction != "none":
                    assert not rules.is_trump(card), call
                if restriction == "no_points":
                    assert card.points == 0, call
            pick = calls[seed * 7 % len(calls)]
            assert hand.core.step(seat, space.id(pick))
            game.apply(seat, pick)
            assert hand.game().history == game.history
            made.append(pick)
        assert len(made) == players - 2


# --- every legal action reachable, nothing illegal ---------------------------------------------


@settings(max_examples=80, deadline=None)
@given(
    players=st.integers(4, 8),
    decks=st.sampled_from([None, 2, 3]),
    restriction=st.sampled_from(RESTRICTIONS),
    join=st.sampled_from(JOINS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 10**6),
    calls=st.booleans(),
)
def test_ff_20_the_mask_reaches_exactly_the_legal_actions(
    players, decks, restriction, join, seed, steps, calls
):
    """At a random position (a friend call half the time): the fixed ids allowed are
    those of the legal actions, each with its id; card by card, the picks the mask allows
    end on legal burials and plays only, and reach every one sampled (every one where
    they are few)."""
    options = {
        "players": players,
        "decks": decks,
        "friend_restrictions": restriction,
        "double_join": join,
    }
    history = list(walk(options, seed))[-1].history
    game = fenpai.new_game(VARIANT, seed=seed, **options)
    stop = steps % len(history)
    if calls:
        stop = next(i for i, (_, a) in enumerate(history) if a.startswith("call "))
        stop += steps % game.friends_called
    for seat, action in history[:stop]:
        game.apply(seat, action)
    assert replayed(game).observe(game.to_act[0])["action_mask"].shape == (
        game_space(game).size + 55,
    )
    assert_the_mask_reaches_the_legal_actions(game, samples=4, limit=2000, seed=seed)


# --- hidden information (FF-22, FF-31) --------------------------------------------------------


@pytest.mark.parametrize("options", TABLES, ids=TABLE_IDS)
def test_ff_22_swapping_cards_between_two_other_seats_leaves_an_observation_unchanged(options):
    """Two cards a seat cannot know exchanged (other seats' hands, a kitty it did not
    take up), the hand replayed to the same point: its decision-space observation and
    mask are as they were, at friend calls too (who holds a called copy stays hidden)."""
    compared = 0
    for game, seat, other in unseen_swaps(VARIANT, options, seeds=2):
        same(replayed(game).observe(seat), replayed(other).observe(seat))
        compared += 1
    assert compared > 5


@pytest.mark.parametrize("players", [5, 8])
def test_ff_22_a_swap_at_the_calls_leaves_every_seats_observation_unchanged(players):
    """At each friend call, cards a seat cannot know exchanged (for the declarer: two
    other seats'): every seat, the declarer calling included, sees the same observation
    and mask (the calls do not show who holds a copy)."""
    compared = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = scripted(VARIANT, {"players": players}, seed)
        while game.phase != "friend":
            seat = game.to_act[0]
            game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
        while game.phase == "friend":
            for seat in range(players):
                other = swap_unseen(game, seat, rng)
                if other is not None:
                    same(replayed(game).observe(seat), replayed(other).observe(seat))
                    compared += 1
            seat = game.to_act[0]
            game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
    assert compared >= 3 * players


# --- the environments --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 6, 8])
def test_ff_1_gymnasium_check_env(players):
    env = SeatEnv(VARIANT, seat=1, players=players, bots="random")
    check_env(env, skip_render_check=True)
    assert env.action_space.n == game_space(fenpai.new_game(VARIANT, players=players)).size + 55


@pytest.mark.parametrize("players", [4, 6, 8])
def test_ff_1_pettingzoo_api_test(players):
    env = pettingzoo_env(VARIANT, players=players, double_join="passes_on")
    assert len(env.possible_agents) == players
    api_test(env, num_cycles=300)


@pytest.mark.parametrize("options", TABLES, ids=TABLE_IDS)
def test_ff_20_seat_env_plays_whole_hands_its_calls_included(options):
    """The declarer's seat of `SeatEnv` (fixed before the deal, FF-13) takes its friend
    calls through their ids; every hand ends with the result's reward."""
    called = 0
    for seed in range(3):
        env = SeatEnv(VARIANT, seat=0, bots="greedy", reward="game_points", dealer=0, **options)
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            allowed = np.flatnonzero(obs["action_mask"])
            action = int(rng.choice(allowed))
            called += env.game.phase == "friend"
            obs, reward, done, _, info = env.step(action)
        assert reward == pytest.approx(expected_reward(info["result"], 0, "game_points"))
    assert called >= 3


@pytest.mark.parametrize("options", TABLES, ids=TABLE_IDS)
def test_ff_20_decision_space_steps_are_the_hands_played_step_by_step(options):
    """`VectorEnv` in the decision space (seats 0 and 2 learning, greedy and random
    opponents): each env's observation, mask, rewards, ends and games are its hands
    played step by step through the Python path (`Decisions` of the table over a Game)
    with the same ids."""
    n = options["players"]
    players = [None, "greedy", None, *(["random", "greedy"] * 3)][:n]
    agrees_step_by_step(VARIANT, options, players)


def test_ff_20_legal_ids_name_the_calls():
    """`legal_ids=K` in the legal-index space: at a friend call each env's ids are the
    table's fixed ids of the seat's first K legal calls."""
    width = 12
    env = LegalEnv(VARIANT, 3, seat=0, opponents="random", seed=2, legal_ids=width, players=5)
    _, info = env.reset()
    rng = np.random.default_rng(0)
    seen = 0
    for _ in range(600):
        for i in range(3):
            game = env.game(i)
            if game.phase != "friend" or game.to_act != [0]:
                continue
            space = game_space(game)
            calls = game.legal_actions(0, width)
            assert info["legal_ids"][i, : len(calls)].tolist() == [space.id(c) for c in calls]
            seen += 1
        if seen >= 2:
            return
        actions = rng.integers(0, np.maximum(info["num_legal"], 1))
        _, _, _, _, info = env.step(actions)
    assert seen


# --- OpenSpiel -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "players", "decks"),
    [("players=4", 4, 2), ("players=6", 6, 3), ("players=7,decks=2,dealer=3", 7, 2)],
)
def test_ff_1_openspiel_deals_the_tables_deck_and_has_its_ids(params, players, decks):
    """The chance deal is the table's deck (FF-1: `decks` copies of every kind), after
    the first seat's draw unless a dealer is fixed (FF-13, C-5); the distinct actions are
    the table's ids; pyspiel's random simulation passes."""
    pyspiel = pytest.importorskip("pyspiel")
    import fenpai.openspiel

    fenpai.openspiel.register()
    game = pyspiel.load_game(f"python_fenpai_finding_friends({params})")
    assert game.num_players() == players
    assert game.num_distinct_actions() == action_space(VARIANT, decks).size + 55
    state = game.new_initial_state()
    if "dealer" not in params:
        assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / players] * players)
        state.apply_action(players - 1)
    outcomes = dict(state.chance_outcomes())
    assert sorted(outcomes) == list(range(54))
    assert outcomes[0] == pytest.approx(1 / 54)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("reward", ["win", "zero_sum", "game_points"])
def test_ff_42_openspiel_returns_are_the_results_reward_within_the_utility_range(reward):
    """Each seat's return is its reward of the hand's result (FF-42: the levels it
    gained), within the game's utility range; the calls are taken through their ids."""
    pyspiel = pytest.importorskip("pyspiel")
    import fenpai.openspiel

    fenpai.openspiel.register()
    game = pyspiel.load_game(f"python_fenpai_finding_friends(players=5,reward={reward})")
    for seed in range(3):
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        called = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            called += state.hand.game.phase == "friend"
            state.apply_action(int(rng.choice(state.legal_actions())))
        assert called == 1  # FF-20: one friend by default at five players
        result = state.hand.game.result
        expected = [expected_reward(result, s, reward) for s in range(5)]
        assert state.returns() == pytest.approx(expected)
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


def test_ff_3_openspiel_perfect_recall_holds_the_dealt_cards_and_the_declarers_kitty():
    """A player's perfect recall lists the cards it was dealt (FF-3's share of the deck),
    the declarer's then the kitty it took up (FF-14); `resample_from_infostate` keeps
    every player's information state."""
    pytest.importorskip("pyspiel")
    import pyspiel
    from test_openspiel import decisions, resampled

    name = "python_fenpai_finding_friends(players=6)"
    for state in decisions(pyspiel.load_game(name), seed=2):
        if state.hand.game.phase == "play":
            declarer = state.hand.game.declarer
            for player in range(6):
                received = state.hand.received(player)
                dealt = received[: received.index("kitty")] if "kitty" in received else received
                assert len(dealt) == 26
                assert ("kitty" in received) == (player == declarer)
            break
    else:
        pytest.fail("the hand never reached its play")
    assert sum(1 for _ in resampled(name, seed=1, every=41)) > 6


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ("players=9", r"option players must be 4 to 8 \(FF-1\)"),
        ("decks=4", r"option decks must be None, 2 or 3 \(FF-1\)"),
        ("players=6,friends=5", r"option friends must be 1 to 4 with 6 players \(FF-20\)"),
        ("levels=2 2", r"option levels must be .* per player \(FF-4\)"),
    ],
)
def test_ff_1_bad_parameters_are_clear_errors_in_every_surface(params, message):
    """A table the rules do not have is refused naming the option and its rule, by
    OpenSpiel's game and the environments alike."""
    pyspiel = pytest.importorskip("pyspiel")
    import fenpai.openspiel

    fenpai.openspiel.register()
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game(f"python_fenpai_finding_friends({params})")
    options = dict(p.split("=") for p in params.split(","))
    typed = {k: v if k == "levels" else int(v) for k, v in options.items()}
    if "levels" in typed:
        typed["levels"] = typed["levels"].split()
    for make in (SeatEnv, pettingzoo_env, partial(VectorEnv, num_envs=2)):
        with pytest.raises(ValueError, match=message):
            make(VARIANT, **typed)
