"""Tractor of one to three decks and decks without their jokers (TRO-120..TRO-134) on
every learning surface: the observation (card fields hold copies, the scales as the
docstring says), one action space per table that reaches every legal action (three
decks' triple declarations have ids, TRO-123; card-by-card picks reach every burial and
play of up to three copies), `VectorEnv` in both spaces against step-by-step play,
Gymnasium's `check_env`, PettingZoo's `api_test`, OpenSpiel's `random_sim_test` and
its chance deal, and nothing shown that a seat cannot know."""

from __future__ import annotations

import random
from functools import partial

import numpy as np
import pytest
from env_support import expected_reward, legal_multisets, unseen_swaps
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test
from test_envs_core_hand import assert_the_mask_reaches_the_legal_actions, reachable, replayed, same
from test_vector_env import Reference, assert_matches, random_actions, spaces_ids
from test_vector_env_decisions import agrees_step_by_step

import fenpai
from fenpai.encoding import fields, game_fields
from fenpai.envs import SeatEnv, VectorEnv, pettingzoo_env
from fenpai.envs.core_hand import CoreHand
from fenpai.envs.decisions import Decisions
from fenpai.spaces import (
    FEATURES,
    FIXED_ACTIONS,
    action_space,
    features,
    game_space,
    legal,
    uses_list,
)

LegalEnv = partial(VectorEnv, actions="legal")

#: Tables other than two full decks (TRO-121..TRO-123, TRO-132..TRO-134).
TABLES = [
    {"decks": 1},  # TRO-121
    {"decks": 3},  # TRO-123
    {"decks": 2, "jokers": 0},  # TRO-132
    {"decks": 3, "jokers": 1},  # TRO-123, TRO-133
    {"decks": 1, "jokers": 0},  # TRO-121, TRO-132
    {"decks": 2, "jokers": 1},  # TRO-133
    {"decks": 3, "jokers": 2},  # TRO-134
    {"decks": 4},  # TRO-124
    {"decks": 4, "jokers": 3},  # TRO-124, TRO-135
    {"decks": 4, "bombs": "any_suit"},  # TRO-160: bombs among the picks, the same ids
]
IDS = ["-".join(f"{k}={v}" for k, v in t.items()) for t in TABLES]
#: The tables the brief's heavier checks run on: decks 1, 3 and 4, jokers 0 and 1.
MAIN = [TABLES[0], TABLES[1], TABLES[2], TABLES[3], TABLES[7]]
MAIN_IDS = [IDS[0], IDS[1], IDS[2], IDS[3], IDS[7]]

#: The observation's fields that hold cards (copies of each of the 54 kinds).
CARD_FIELDS = ("hand", "played", "trick", "kitty", "throw", "kitty_taken", "declaration")


def play_random(options, seed):
    """Yields the positions of a random hand of the table (a game at each decision)."""
    rng = random.Random(seed)
    game = fenpai.new_game("tractor", seed=seed, **options)
    while game.phase != "done":
        yield game
        seat = game.to_act[0]
        game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
    yield game


# --- the action space (TRO-120, TRO-123) ------------------------------------------------


def test_tro_123_three_decks_add_the_triple_declarations_after_two_decks_ids():
    """The default table keeps its 107 ids (trained checkpoints stay valid); one deck
    shares them; three decks add the 52 suited triples and `LJ LJ LJ`, `BJ BJ BJ`."""
    two = action_space("tractor")
    assert two.size == 107 and action_space("tractor", 2) is two
    assert action_space("tractor", 1) is two
    three = action_space("tractor", 3)
    assert three.size == 107 + 52 + 2
    assert [three.text(i) for i in range(107)] == list(FIXED_ACTIONS["tractor"])
    assert three.id("declare 2h 2h 2h") >= 107 and three.text(160) == "declare BJ BJ BJ"
    with pytest.raises(ValueError, match="no fixed id"):
        two.id("declare 2h 2h 2h")
    assert action_space("red_five_4p", 3) is action_space("red_five_4p")
    for options in TABLES:
        game = fenpai.new_game("tractor", **options)
        assert game_space(game) is action_space("tractor", options["decks"])
        assert Decisions("tractor", options["decks"]).size == game_space(game).size + 55
        assert CoreHand("tractor", options).size == game_space(game).size + 55


@pytest.mark.parametrize(
    ("options", "copies"),
    [({"decks": 3}, 3), ({"decks": 3, "jokers": 2}, 3), ({"decks": 4}, 4), ({"decks": 4}, 3)],
)
def test_tro_123_tro_124_a_declaration_of_more_copies_is_taken_through_its_id(options, copies):
    """In the deal of three (four) decks a triple (quadruple, TRO-124) declaration of
    level cards or jokers is legal at some point; its id is allowed by the mask and
    takes exactly that declaration."""
    space = action_space("tractor", options["decks"])
    taken = 0
    for seed in range(120):
        hand = CoreHand("tractor", options)
        hand.reset(seed)
        game = hand.game()
        while game.phase == "deal":
            seat = game.to_act[0]
            triples = [a for a in game.legal_actions(seat) if a.count(" ") == copies]
            mask = hand.observe(seat)["action_mask"]
            assert {space.id(a) for a in triples} <= set(np.flatnonzero(mask))
            np.testing.assert_array_equal(legal(game, seat).mask, mask[: space.size])
            if triples:
                assert hand.core.step(seat, space.id(triples[0]))
                game = hand.game()
                assert game.history[-1] == (seat, triples[0])
                taken += 1
                break
            hand.core.step(seat, 0)  # pass
            game = hand.game()
        if taken >= 2:
            break
    assert taken >= 2


def test_tro_124_four_decks_add_the_quadruple_declarations_after_three_decks_ids():
    """Four decks keep three decks' 161 ids and add the 52 suited quadruples and
    `LJ LJ LJ LJ`, `BJ BJ BJ BJ`."""
    three, four = action_space("tractor", 3), action_space("tractor", 4)
    assert four.size == 161 + 52 + 2
    assert [four.text(i) for i in range(161)] == [three.text(i) for i in range(161)]
    assert four.id("declare 2h 2h 2h 2h") >= 161 and four.text(214) == "declare BJ BJ BJ BJ"
    with pytest.raises(ValueError, match="no fixed id"):
        three.id("declare 2h 2h 2h 2h")


@settings(max_examples=120, deadline=None)
@given(
    options=st.sampled_from(TABLES),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 10**6),
)
def test_tro_120_the_mask_reaches_exactly_the_legal_actions_of_every_table(options, seed, steps):
    """At a random position of a table: the fixed ids allowed are those of the legal
    actions (each has one, triples included); card by card, the picks the mask allows
    end on exactly the legal plays (up to three copies of a card), a burial (C-4) on
    its size of the hand's cards, whatever the table's kitty."""
    whole = list(play_random(options, seed))  # one game object, at its end
    game = fenpai.new_game("tractor", seed=seed, **options)
    for seat, action in whole[-1].history[: steps % len(whole[-1].history)]:
        game.apply(seat, action)
    assert_the_mask_reaches_the_legal_actions(game, samples=5, limit=3000, seed=seed)


@pytest.mark.parametrize("decks", [3, 4])
def test_tro_123_tro_124_picks_reach_plays_of_every_copy(decks):
    """With three decks some reachable play holds three copies of a card (a triple),
    with four decks four (a quadruple, TRO-124)."""
    seen = 0
    for seed in range(12):
        for game in play_random({"decks": decks}, seed):
            if game.phase != "play" or not uses_list(game):
                continue
            seat = game.to_act[0]
            if any(np.max(np.array(t)) == decks for t in legal_multisets(game, seat)):
                found = reachable(replayed(game), seat, 3000)
                if found is not None:
                    assert any(max(t) == decks for t in found)
                    seen += 1
            if seen >= 3:
                return
    assert seen >= 1


# --- the observation (TRO-120, TRO-130) --------------------------------------------------


@pytest.mark.parametrize("options", TABLES, ids=IDS)
def test_tro_120_the_observation_holds_copies_and_its_scales(options):
    """The layout is the default table's; at every step and for every seat the card
    fields hold whole copies, 0 to `decks`, the hand its cards; hand sizes are cards
    / 40, cards dealt the share of the cards to deal (0..1), points / 100 at most
    `decks`; jokers a table took out are never seen."""
    decks = options["decks"]
    jokers = decks if options.get("jokers", "all") == "all" else options["jokers"]
    layout = {name: (o, n) for name, o, n in fields("tractor", 4)}
    for game in play_random(options, seed=decks):
        assert game_fields(game) == fields("tractor", 4)
        for seat in range(4):
            obs = fenpai.encode(game, seat, legal=False)[0]
            field = {name: obs[o : o + n] for name, (o, n) in layout.items()}
            for name in CARD_FIELDS:
                cards = field[name]
                assert (cards == np.round(cards)).all() and (cards >= 0).all()
                assert cards.max() <= decks, (name, cards.max())
                if name != "trick":
                    assert cards[52:].max() <= jokers
            held = np.zeros(54)
            for c in game.hand_of(seat):
                held[c.index] += 1
            np.testing.assert_array_equal(field["hand"], held)
            sizes = [len(game.hand_of((seat + r) % 4)) for r in range(4)]
            np.testing.assert_allclose(field["hand_sizes"] * 40, sizes, rtol=1e-6)
            assert 0 <= field["cards_dealt"][0] <= 1
            assert (field["points"] >= 0).all() and field["points"].sum() <= decks
    assert game.phase == "done"


@pytest.mark.parametrize("options", MAIN, ids=MAIN_IDS)
def test_tro_120_swapping_cards_between_two_other_seats_leaves_an_observation_unchanged(options):
    """Two cards a seat cannot know exchanged (other seats' hands, the kitty it did not
    take up, C-4), the hand replayed to the same point: its observation (`encode`) and
    its decision-space observation and mask are as they were."""
    compared = 0
    for game, seat, other in unseen_swaps("tractor", options, seeds=2):
        a = fenpai.encode(game, seat, legal=False)[0]
        np.testing.assert_array_equal(a, fenpai.encode(other, seat, legal=False)[0])
        same(replayed(game).observe(seat), replayed(other).observe(seat))
        compared += 1
    assert compared > 5


# --- the environments --------------------------------------------------------------------


@pytest.mark.parametrize("options", MAIN, ids=MAIN_IDS)
def test_tro_120_gymnasium_check_env(options):
    env = SeatEnv("tractor", seat=1, **options)
    check_env(env, skip_render_check=True)
    assert env.action_space.n == game_space(fenpai.new_game("tractor", **options)).size + 55


@pytest.mark.parametrize("options", MAIN, ids=MAIN_IDS)
def test_tro_120_pettingzoo_api_test(options):
    api_test(pettingzoo_env("tractor", **options), num_cycles=300)


@pytest.mark.parametrize("options", MAIN, ids=MAIN_IDS)
def test_tro_120_legal_space_steps_are_the_step_api_with_the_same_actions(options):
    """`VectorEnv(actions="legal")`: observation, mask, legal actions and history equal
    the step API's at every step; an ended hand's reward and points are its result's."""
    env = LegalEnv("tractor", 2, seat=1, opponents="random", seed=5, **options)
    obs, info = env.reset()
    refs = [Reference("tractor", options, 1, "random", 5, i) for i in range(2)]
    rng = np.random.default_rng(3)
    ended = np.zeros(2, dtype=bool)
    hands = 0
    while hands < 2:
        for i in range(2):
            assert_matches(env, obs, info, i, refs[i])
        actions = random_actions(info, rng)
        obs, rewards, terminated, _, info = env.step(actions)
        for i in range(2):
            if ended[i]:
                refs[i].next_hand()
                continue
            refs[i].act(actions[i])
            done = refs[i].game.phase == "done"
            assert terminated[i] == done
            if done:
                result = refs[i].game.result
                assert rewards[i] == pytest.approx(expected_reward(result, 1, "win"))
                assert info["game_points"][i].tolist() == pytest.approx(result["game_points"])
        ended = terminated
        hands += int(terminated.sum())


@pytest.mark.parametrize("options", MAIN, ids=MAIN_IDS)
def test_tro_120_decision_space_steps_are_the_hands_played_step_by_step(options):
    """`VectorEnv` in the decision space (seats 0 and 2 learning, greedy and random
    opponents): each env's observation, mask, rewards, ends and games are its hands
    played step by step through the Python path (`Decisions` of the table over a Game)
    with the same ids."""
    agrees_step_by_step("tractor", options, [None, "greedy", None, "random"])


def test_tro_123_legal_ids_name_the_triple_declarations():
    """`legal_ids=K` in the legal-index space of three decks: each env's ids are the
    table's fixed ids of the seat's first K legal actions, triples among them."""
    width = 12
    env = LegalEnv("tractor", 4, seat=0, opponents="random", seed=2, legal_ids=width, decks=3)
    _, info = env.reset()
    rng = np.random.default_rng(5)
    triples = 0
    for _ in range(200):
        for i in range(4):
            game = env.game(i)
            if game.phase != "done" and not uses_list(game):
                expected = spaces_ids(game, int(info["seat"][i]), width)
                assert info["legal_ids"][i][: len(expected)].tolist() == expected
                triples += sum(e >= 107 for e in expected)
        _, _, _, _, info = env.step(random_actions(info, rng))
    assert triples >= 1


@pytest.mark.parametrize("options", [{"decks": 3}, {"decks": 1, "jokers": 0}, {"decks": 4}])
def test_tro_120_legal_features_are_those_of_spaces(options):
    """`legal_features=K` on a table: the core's rows are `fenpai.spaces.features` of
    the seat's first K burials and plays; with three decks a triple's row counts one
    triple (TRO-123, C-20), a quadruple's too (TRO-124)."""
    width = 40
    env = LegalEnv(
        "tractor", 4, seat=2, opponents="random", seed=3, legal_features=width, **options
    )
    _, info = env.reset()
    rng = np.random.default_rng(6)
    seen = triples = 0
    for _ in range(120):
        for i in range(4):
            game = env.game(i)
            rows = int(info["num_features"][i])
            if uses_list(game) and game.phase != "done":
                listed = game.legal_actions(2, width)
                expected = features(game, 2, listed)
                np.testing.assert_array_equal(info["legal_features"][i, :rows], expected)
                triples += int(expected[:, FEATURES.index("triples")].sum())
                seen += 1
        _, _, _, _, info = env.step(random_actions(info, rng))
    assert seen >= 50
    assert (triples > 0) == (options["decks"] >= 3)


@pytest.mark.parametrize("actions", ["decisions", "legal"])
def test_tro_120_simulate_with_a_policy_plays_the_table(actions):
    """`simulate` with a Python policy at one seat of three decks without a deck's
    jokers, in both spaces: every game is played to its result."""

    def first(batch):
        if batch.action_mask is None:
            return [0] * len(batch)
        return [int(np.flatnonzero(m)[0]) for m in batch.action_mask]

    out = fenpai.simulate(
        "tractor", 3, bots=[first, "greedy", "random", "greedy"], actions=actions,
        decks=3, jokers=2,
    )  # fmt: skip
    assert out["won"].shape == out["game_points"].shape == (3, 4)
    assert (out["actions"] > 100).all()  # whole hands of 38 cards each


@pytest.mark.parametrize("options", MAIN, ids=MAIN_IDS)
def test_tro_120_openspiel_random_sim_test(options):
    """The chance deal is the table's deck (jokers taken out, TRO-130), the distinct
    actions the table's ids, and pyspiel's random simulation passes."""
    pyspiel = pytest.importorskip("pyspiel")
    import fenpai.openspiel

    fenpai.openspiel.register()
    decks = options["decks"]
    jokers = options.get("jokers", -1)
    name = f"python_fenpai_tractor(decks={decks},jokers={jokers})"
    game = pyspiel.load_game(name)
    probe = fenpai.new_game("tractor", **options)
    assert game.num_distinct_actions() == game_space(probe).size + 55
    state = game.new_initial_state()
    while state.is_chance_node() and len(state.chance_outcomes()) == 4:  # the first seat
        state.apply_action(0)
    outcomes = dict(state.chance_outcomes())
    kept = decks if jokers < 0 else jokers
    cards = 52 * decks + 2 * kept
    assert sum(1 for k in outcomes if k >= 52) == (2 if kept else 0)
    assert outcomes[0] == pytest.approx(decks / cards)
    if kept:
        assert outcomes[53] == pytest.approx(kept / cards)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("options", MAIN, ids=MAIN_IDS)
def test_tro_120_openspiel_information_states_and_resampling(options):
    """A player's perfect recall lists the cards it was dealt, the table's hand size
    (TRO-130's table), then the kitty for the dealer; `resample_from_infostate`
    (`Game.sample_world` of the table) keeps the player's information state."""
    pyspiel = pytest.importorskip("pyspiel")
    from test_openspiel import decisions, resampled

    decks, jokers = options["decks"], options.get("jokers", -1)
    name = f"python_fenpai_tractor(decks={decks},jokers={jokers})"
    probe = fenpai.new_game("tractor", **options)
    size = (len(list(probe.all_cards())) - probe.kitty_size()) // 4
    for state in decisions(pyspiel.load_game(name), seed=decks):
        if state.hand.game.phase == "play":
            for player in range(4):
                received = state.hand.received(player)
                dealt = received[: received.index("kitty")] if "kitty" in received else received
                assert len(dealt) == size
            break
    else:
        pytest.fail("the hand never reached its play")
    assert sum(1 for _ in resampled(name, seed=1, every=31)) > 4


@pytest.mark.parametrize("decks", [0, 5, "3", True, 2.0])
def test_tro_120_a_table_of_other_decks_has_no_action_space(decks):
    """`action_space("tractor", decks)` names a table the rules do not have, rather than
    quietly giving another table's ids."""
    from fenpai.envs.decisions import Decisions
    from fenpai.spaces import action_space

    for make in (lambda: action_space("tractor", decks), lambda: Decisions("tractor", decks)):
        with pytest.raises(ValueError, match=r"tractor's decks must be 1, 2, 3 or 4 \(TRO-120\)"):
            make()


def test_openspiel_a_chance_outcome_the_node_cannot_have_is_refused_and_changes_nothing():
    """Check before apply: on a table without jokers the joker kinds are no outcome of
    the deal (TRO-130), nor is a first seat past the table's seats."""
    pyspiel = pytest.importorskip("pyspiel")
    import fenpai.openspiel

    fenpai.openspiel.register()
    state = pyspiel.load_game("python_fenpai_tractor(jokers=0)").new_initial_state()
    state.apply_action(0)  # the first seat (C-5)
    before = state.chance_outcomes()
    assert 53 not in dict(before)
    with pytest.raises(ValueError, match="chance outcome 53 is not one"):
        state.apply_action(53)
    assert state.chance_outcomes() == before
    fresh = pyspiel.load_game("python_fenpai_tractor").new_initial_state()
    with pytest.raises(ValueError, match="chance outcome 77"):
        fresh.apply_action(77)
