"""The OpenSpiel games: pyspiel's random simulation test, chance, tensors and strings,
serialization, resampling and OpenSpiel's IS-MCTS bot."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from env_support import REWARDS, expected_reward, swap_unseen  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import fenpai.openspiel  # noqa: E402
from fenpai.games.base import Game  # noqa: E402
from fenpai.spaces import CARDS  # noqa: E402

fenpai.openspiel.register()

NAMES = [
    "python_fenpai_red_five_4p",
    "python_fenpai_red_five_4p(decks=3)",
    "python_fenpai_red_five_5p",
    "python_fenpai_tractor",
    "python_fenpai_tractor(dealer=1,levels=5 5)",
    "python_fenpai_tractor(follow_protect=tractors,throw_judgement=highest_card,must_defend=none)",
    "python_fenpai_tractor(first_dealer=first_declaration,declaration_order=suit)",
    "python_fenpai_tractor(levels=J J,jack_rule=back_to_2)",
    "python_fenpai_tractor(declaration_strength=more_cards)",
    "python_fenpai_tractor(joker_declarations=none,reinforce=or_overturn)",
    "python_fenpai_tractor(levels=NT A,dealer=0,final_level=no_trump)",
    "python_fenpai_tractor(throw_judgement=every_unit)",
    "python_fenpai_tractor(decks=4,bombs=any_suit)",
    "python_fenpai_fifty_k",
    "python_fenpai_fifty_k(players=3)",
    "python_fenpai_fifty_k(pure_fifty_k_order=equal)",
    "python_fenpai_fifty_k(tribute=highest,previous_order=1 0 2 3)",  # FKO-40..FKO-48
    "python_fenpai_fifty_k(players=3,tribute=highest,previous_order=2 0 1)",
    "python_fenpai_fifty_k(decks=2,players=6)",  # FKO-20..FKO-28
    "python_fenpai_fifty_k(decks=3,players=6)",
    "python_fenpai_fifty_k(decks=4,players=8)",
    "python_fenpai_fifty_k(decks=2,players=4,tribute=highest,previous_order=3 0 1 2)",  # FKO-40
    "python_fenpai_finding_friends(players=4)",
    "python_fenpai_finding_friends",
    "python_fenpai_finding_friends(players=8,decks=2,double_join=passes_on,short_handed_bonus=True)",
    "python_fenpai_finding_friends(players=5,dealer=2,levels=2 5 2 2 2,friend_restrictions=none)",
]
needs_sample_world = pytest.mark.skipif(
    not hasattr(Game, "sample_world"), reason="Game.sample_world is not in the core yet"
)


def deal(game, rng):
    """A state after the chance nodes of the deal, drawn with `rng`."""
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state


def decisions(game, seed):
    """Yields the decision states of a random hand."""
    rng = np.random.default_rng(seed)
    state = deal(game, rng)
    while not state.is_terminal():
        yield state
        state.apply_action(int(rng.choice(state.legal_actions())))


def twins(game, seed, dealt):
    """(player, real, twin, rng): a random deal and its twin, two of the first `dealt` cards
    of other seats than the player's swapped (the first-seat draw, if any, kept)."""
    rng = np.random.default_rng(seed)
    real = deal(game, rng)
    chance, player = real.history(), seed % game.num_players()
    first = real.hand.first_seat or 0
    offset = len(chance) - len(real.hand.deck)  # the first-seat draw, if any
    others = [i for i in range(dealt) if (first + i) % game.num_players() != player]
    i, j = rng.choice(others, 2, replace=False)
    swapped = list(chance)
    swapped[offset + i], swapped[offset + j] = chance[offset + j], chance[offset + i]
    twin = game.new_initial_state()
    for action in swapped:
        twin.apply_action(action)
    return player, real, twin, rng


@pytest.mark.parametrize("name", NAMES + ["python_fenpai_tractor(reward=game_points)"])
def test_pyspiel_random_sim_test(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize("variant", ["tractor", "red_five_5p", "fifty_k"])
def test_returns_are_the_reward_of_the_result_and_within_the_utility_range(variant, reward):
    """`reward=` names the mode (win by default); the returns are each seat's reward of
    the hand's result, within the game's utility range; a random_sim_test passes."""
    game = pyspiel.load_game(f"python_fenpai_{variant}(reward={reward})")
    assert pyspiel.load_game(f"python_fenpai_{variant}").get_parameters()["reward"] == "win"
    for seed in range(3):
        rng = np.random.default_rng(seed)
        state = deal(game, rng)
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        result = state.hand.game.result
        expected = [expected_reward(result, s, reward) for s in range(game.num_players())]
        assert state.returns() == pytest.approx(expected)
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_every_variant_is_registered():
    registered = set(pyspiel.registered_names())
    assert {f"python_fenpai_{v}" for v in fenpai.openspiel.VARIANTS} <= registered


def test_c_5_the_deal_is_chance_card_by_card():
    game = pyspiel.load_game("python_fenpai_fifty_k")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(outcomes[0][0])
    assert len(state.chance_outcomes()) == 51
    five = pyspiel.load_game("python_fenpai_red_five_5p").new_initial_state()
    assert [p for _, p in five.chance_outcomes()] == [0.2] * 5  # R5-3: the first seat
    five.apply_action(3)
    assert five.chance_outcomes()[0] == (0, 3 / 162)  # three copies of 2s in 162 cards
    four = deal(pyspiel.load_game("python_fenpai_red_five_4p"), np.random.default_rng(1))
    assert four.hand.game.core_objects()["deal"].first_bidder == four.hand.first_bidder


@pytest.mark.parametrize(
    "name",
    [
        "python_fenpai_tractor",
        "python_fenpai_fifty_k",
        "python_fenpai_fifty_k(tribute=highest,previous_order=0 1 2 3)",  # FKO-48
        "python_fenpai_fifty_k(decks=2,players=6)",  # FKO-22: copies of a card
        "python_fenpai_finding_friends(players=5)",  # FF-22: nor who holds a called copy
    ],
)
def test_c_4_the_information_state_never_shows_cards_the_player_cannot_know(name):
    """Two deals that differ by two cards of other seats, played alike: the player's
    information state and tensor stay equal until the public record differs."""
    game = pyspiel.load_game(name)
    # C-5, FF-3: the cards dealt to the hands, the rest is the kitty.
    variant = game.new_initial_state().hand.variant
    to_hands = {"tractor": 100, "fifty_k": 52, "finding_friends": 155}[variant]
    compared = 0
    for seed in range(4):
        player, real, twin, rng = twins(game, seed, to_hands)
        while not real.is_terminal():
            if real.hand.seen_history(player) != twin.hand.seen_history(player):
                break
            assert real.information_state_string(player) == twin.information_state_string(player)
            assert real.information_state_tensor(player) == twin.information_state_tensor(player)
            compared += 1
            action = int(rng.choice(real.legal_actions()))
            if action not in twin.legal_actions():
                break
            real.apply_action(action)
            twin.apply_action(action)
    assert compared > 20


def test_fko_48_the_returned_card_is_in_the_giver_s_and_receiver_s_information_only():
    """Under the tribute (FKO-40, `previous_order` a parameter): the exchange's ids
    follow the play types; every player's information state names the card given, only
    the giver's and the receiver's the card returned (FKO-48)."""
    game = pyspiel.load_game("python_fenpai_fifty_k(tribute=highest,previous_order=1 0 2 3)")
    assert game.num_distinct_actions() == 7514
    checked = 0
    for seed in range(6):
        state = deal(game, np.random.default_rng(seed))
        tribute = state.hand.game.tribute
        if tribute.exempt:
            continue
        giver, receiver = tribute.giver, tribute.receiver
        assert state.current_player() == giver
        given = state.legal_actions()[0]
        assert state.action_to_string(giver, given).startswith("tribute ")
        state.apply_action(given)
        back = state.legal_actions()[-1]
        text = state.action_to_string(receiver, back)
        assert text.startswith("return ")
        state.apply_action(back)
        card = state.hand.game.tribute.tributed
        for player in range(4):
            seen = json.loads(state.information_state_string(player))["history"]
            assert f"{giver}:tribute {card}" in seen
            assert (f"{receiver}:{text}" in seen) == (player in (giver, receiver))
            assert (f"{receiver}:return" in seen) == (player not in (giver, receiver))
        checked += 1
    assert checked >= 4
    with pytest.raises(ValueError, match=r"previous_order must be seat numbers .*FKO-43"):
        pyspiel.load_game("python_fenpai_fifty_k(tribute=highest,previous_order=first last)")
    with pytest.raises(ValueError, match=r"every seat 0..3 once, first out to last \(FKO-43\)"):
        pyspiel.load_game("python_fenpai_fifty_k(tribute=highest,previous_order=1 0 2 9)")


def test_serialization_round_trips():
    game = pyspiel.load_game("python_fenpai_tractor")
    for i, state in enumerate(decisions(game, 3)):
        if i % 37 == 0:
            text = pyspiel.serialize_game_and_state(game, state)
            again_game, again = pyspiel.deserialize_game_and_state(text)
            assert str(again) == str(state)
            assert again.legal_actions() == state.legal_actions()
            player = state.current_player()
            assert again.information_state_string(player) == state.information_state_string(player)


def resampled(name, seed, every):
    """Yields (state, player, resampled state) for every player at every `every`-th
    decision of a random hand, once the player's information state (string and
    tensor) and the player to act are checked equal in both (OpenSpiel's
    ResampleInfostateTest)."""
    game = pyspiel.load_game(name)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for i, state in enumerate(decisions(game, seed)):
        if i % every:
            continue
        for player in range(game.num_players()):
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.current_player() == state.current_player()
            yield state, player, other


@needs_sample_world
@pytest.mark.parametrize("name", NAMES)
def test_resample_from_infostate_keeps_the_information_state(name):
    for state, player, other in resampled(name, seed=4, every=23):
        assert other.legal_actions() == state.legal_actions() or player != state.current_player()


@pytest.mark.parametrize("name", ["python_fenpai_tractor", "python_fenpai_fifty_k"])
def test_resample_from_infostate_with_a_stand_in_world(name, monkeypatch):
    """The resampling around `Game.sample_world`, with a test-only stand-in world (two
    cards the player cannot know exchanged): the player's information state is kept,
    the state's deal is the world's, another player's picks in progress are dropped."""

    def stand_in(game, seat, seed):
        return swap_unseen(game, seat, random.Random(seed)) or game.clone()

    monkeypatch.setattr(Game, "sample_world", stand_in, raising=False)
    changed = 0
    for state, player, other in resampled(name, seed=6, every=17):
        world = other.hand.game
        assert " ".join(str(CARDS[k]) for k in other.hand.deck) == world.config()["deck"]
        changed += world.config()["deck"] != state.hand.game.config()["deck"]
        if player != state.current_player():
            assert not any(other.hand.picked())
    assert changed > 5


def ismcts_hand(name, resampler=None):
    """Plays a hand with OpenSpiel's IS-MCTS bot in seat 0, random choices elsewhere."""
    game = pyspiel.load_game(name)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=3, random_state=np.random.RandomState(1)
    )
    if resampler is not None:
        bot.set_resampler(resampler)
    rng = np.random.default_rng(5)
    state = deal(game, rng)
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
    return state.returns()


def test_ismcts_plays_with_a_stand_in_resampler():
    # A stand-in (the true state, as a perfect-information oracle) only to show the
    # bot drives the game; the real resampler is `Game.sample_world` (next test).
    returns = ismcts_hand("python_fenpai_fifty_k", lambda state, player: state.clone())
    assert len(returns) == 4


@needs_sample_world
@pytest.mark.parametrize("name", ["python_fenpai_fifty_k", "python_fenpai_red_five_4p"])
def test_ismcts_plays_a_hand(name):
    assert len(ismcts_hand(name)) == pyspiel.load_game(name).num_players()


def test_bad_parameters_are_clear_errors():
    with pytest.raises(ValueError, match="option players"):
        pyspiel.load_game("python_fenpai_fifty_k(players=5)")
    with pytest.raises(ValueError, match="option pure_fifty_k_order .*FKO-10"):
        pyspiel.load_game("python_fenpai_fifty_k(pure_fifty_k_order=rank)")
    with pytest.raises(ValueError, match="follow_protect 'tuples' .*TRO-12"):
        pyspiel.load_game("python_fenpai_tractor(follow_protect=tuples)")
    with pytest.raises(ValueError, match="reward must be one of"):
        pyspiel.load_game("python_fenpai_fifty_k(reward=points)")


@pytest.mark.parametrize(
    ("variant", "param"),
    [
        ("tractor", "dealer"),
        ("tractor", "jokers"),
        ("finding_friends", "decks"),
        ("finding_friends", "friends"),
        ("finding_friends", "dealer"),
    ],
)
def test_only_minus_one_means_none(variant, param):
    """-1 is the integer parameters' "none" (TR-13, TRO-130, FF-1, FF-20); any other
    negative value is refused naming the option, not taken as none."""
    pyspiel.load_game(f"python_fenpai_{variant}({param}=-1)")
    with pytest.raises(ValueError, match=f"option {param}"):
        pyspiel.load_game(f"python_fenpai_{variant}({param}=-2)")


@pytest.mark.parametrize(
    ("params", "decks", "jokers", "ids"),
    [("decks=3", 3, -1, 161), ("decks=1", 1, -1, 107), ("jokers=0", 2, 0, 107)],
)
def test_tro_120_tro_130_tractor_tables_are_parameters(params, decks, jokers, ids):
    """TRO-120, TRO-130: the options are parameters the game takes, its ids those of the
    table (three decks' triple declarations, TRO-123; more in
    tests/test_envs_tractor_decks.py); a table the rules refuse is a ValueError naming
    the option."""
    game = pyspiel.load_game(f"python_fenpai_tractor({params})")
    assert (game.get_parameters()["decks"], game.get_parameters()["jokers"]) == (decks, jokers)
    assert game.num_distinct_actions() == ids + 55
    with pytest.raises(ValueError, match="option jokers"):
        pyspiel.load_game("python_fenpai_tractor(jokers=5)")


def test_c_51_a_failed_throw_s_forced_play_is_in_the_information_state():
    """C-51: which unit a failed throw is forced to depends on other hands, and every seat
    sees it: the perfect-recall information state names each forced play, in order, so
    two states a seat can tell apart never share an information state."""
    game = pyspiel.load_game("python_fenpai_tractor")
    seen = 0
    for seed in range(12):
        for state in decisions(game, seed):
            view = state.hand.game.view(None) if state.hand.game is not None else {}
            failed = [r["failed_throw"] for r in view.get("tricks", []) if r["failed_throw"]]
            if view.get("failed_throw"):
                failed.append(view["failed_throw"])
            want = [f"{f['seat']}:{f['forced']}" for f in failed]
            for player in range(game.num_players()):
                assert json.loads(state.information_state_string(player))["forced"] == want
            seen = max(seen, len(want))
    assert seen, "some throw failed"


def test_c_51_states_with_one_information_state_look_alike():
    """Twin deals differing by two of the first cards other seats get, played alike (the
    deal mostly passed): wherever the player's information state is the same, so is its
    observation (a failed throw's forced play differs between them as soon as it
    happens, C-51)."""
    game = pyspiel.load_game("python_fenpai_tractor")
    compared = 0
    for seed in range(60):
        player, real, twin, rng = twins(game, seed, 12)
        while not real.is_terminal():
            if real.hand.seen_history(player) != twin.hand.seen_history(player):
                break
            if real.information_state_string(player) == twin.information_state_string(player):
                assert real.observation_string(player) == twin.observation_string(player)
                compared += 1
            legal = [a for a in real.legal_actions() if a in set(twin.legal_actions())]
            if not legal:
                break
            passing = real.hand.game.phase == "deal" and 0 in legal and rng.random() < 0.9
            action = 0 if passing else int(rng.choice(legal))
            real.apply_action(action)
            twin.apply_action(action)
    assert compared > 1000
