"""`fenpai.simulate` and the bots: the same results as the step-by-step Game API,
whatever the worker count."""

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import fenpai
from fenpai._core import play_outcomes
from fenpai.bots import Bot, game_seeds, hand_seeds, seed_for
from fenpai.games.trick_game import TrickGame
from fenpai.simulation import TAIL_LEAST, chunk_size, make_bots, play_game, split, tapered

CASES = [
    ("red_five_4p", {}, ["greedy", "random", "random", "random"]),
    ("red_five_5p", {}, ["greedy", "random", "greedy", "random", "random"]),
    ("tractor", {}, ["greedy", "random", "greedy", "random"]),
    ("tractor", {"follow_protect": "tractors"}, ["greedy", "random", "greedy", "random"]),
    ("tractor", {"throw_judgement": "highest_card"}, ["greedy", "random", "greedy", "random"]),
    ("tractor", {"throw_judgement": "every_unit"}, ["greedy", "random", "greedy", "random"]),
    # TRO-160: bombs on four decks.
    ("tractor", {"decks": 4, "bombs": "any_suit"}, ["greedy", "random", "greedy", "random"]),
    ("tractor", {"first_dealer": "first_declaration"}, ["greedy", "random", "greedy", "random"]),
    ("tractor", {"declaration_order": "suit"}, ["greedy", "random", "greedy", "random"]),
    ("tractor", {"levels": ("J", "J"), "jack_rule": "back_to_2"}, ["greedy", "random"] * 2),
    ("tractor", {"declaration_strength": "more_cards"}, ["greedy", "random"] * 2),
    (
        "tractor",
        {"joker_declarations": "none", "reinforce": "or_overturn"},  # TRO-143, TRO-153
        ["greedy", "random"] * 2,
    ),
    ("tractor", {"levels": ("NT", "NT"), "final_level": "no_trump"}, ["greedy", "random"] * 2),
    ("fifty_k", {}, ["greedy", "random", "greedy", "random"]),
    ("fifty_k", {"players": 3}, ["greedy", "random", "random"]),
]


@pytest.mark.parametrize(("variant", "options", "bots"), CASES)
def test_simulate_equals_the_step_by_step_api(variant, options, bots):
    games = 12
    one = fenpai.simulate(variant, games, seed=5, bots=bots, **options)
    two = fenpai.simulate(variant, games, seed=5, bots=bots, workers=2, **options)
    for key in ("game_points", "card_points", "won", "actions", "seed"):
        assert np.array_equal(one[key], two[key]), key
    for i in range(games):
        seed = int(one["seed"][i])
        game = fenpai.new_game(variant, seed=seed, **options)
        play_game(game, make_bots(bots, seed), in_core=False)
        assert game.result["game_points"] == list(one["game_points"][i])
        assert game.result["card_points"] == list(one["card_points"][i])
        assert len(game.history) == game.num_actions == one["actions"][i]


#: Every variant and option set the scoring reads (kitty_points, decks, friend_grab, ...).
OPTION_SETS = [
    ("tractor", {}),
    ("tractor", {"levels": ("A", "K"), "dealer": 1, "follow_format": "full"}),
    ("tractor", {"levels": ("K", "A"), "dealer": 2, "follow_format": "exact"}),
    ("tractor", {"follow_format": "exact", "follow_protect": "tractors"}),
    ("tractor", {"throw_penalty": "none", "kitty_multiplier": "power", "must_defend": "none"}),
    ("tractor", {"must_defend": "5_10_K_A", "throw_judgement": "highest_card"}),
    ("tractor", {"throw_judgement": "every_unit"}),  # TRO-53
    ("tractor", {"first_dealer": "first_declaration", "declaration_order": "suit"}),
    ("tractor", {"levels": ("J", "J"), "jack_rule": "back_to_2"}),  # TRO-82
    ("tractor", {"levels": ("J", "5"), "dealer": 2, "jack_rule": "back_to_2"}),
    ("tractor", {"declaration_strength": "more_cards", "declaration_order": "suit"}),  # TRO-102
    ("tractor", {"joker_declarations": "big_only", "reinforce": "none"}),  # TRO-142, TRO-152
    ("tractor", {"levels": ("NT", "A"), "dealer": 1, "final_level": "no_trump"}),  # TRO-92
    ("red_five_4p", {}),
    ("red_five_4p", {"decks": 3, "opening_bid": "minimum", "kitty_points": "always"}),
    ("red_five_4p", {"kitty_points": "always"}),
    ("red_five_5p", {}),
    ("red_five_5p", {"friend_grab": "forbid", "prev_declarer": 3}),
    ("fifty_k", {}),
    ("fifty_k", {"players": 3}),
    ("fifty_k", {"lead_after_out": "partner"}),
    ("fifty_k", {"players": 3, "lead_after_out": "partner"}),
    ("fifty_k", {"pure_fifty_k_order": "equal"}),
    ("fifty_k", {"players": 3, "pure_fifty_k_order": "equal"}),
]


TRACTOR_SCORING = [o for v, o in OPTION_SETS if v == "tractor"] + [
    {"decks": 1},
    {"decks": 3, "kitty_multiplier": "power"},
    {"decks": 4, "jokers": 2},
    {"kitty_theft": "allowed"},
    {"levels": ("J", "J"), "jack_rule": "back_to_2", "throw_penalty": "none"},
]


@pytest.mark.parametrize("options", TRACTOR_SCORING, ids=str)
def test_tractor_scores_a_batch_in_arrays_as_hand_by_hand(options):
    """Tractor's `score_facts` scores a batch in arrays (TR-40..TR-43 and the house rules
    that score, TRO-20, TRO-30, TRO-40, TRO-82, TRO-90, TRO-120): exactly what scoring
    each hand by `_outcome`, as `result` does, gives, over hands that count the kitty,
    fail throws and end either way."""
    game = fenpai.new_game("tractor", **options)
    seeds = [int(s) for s in game_seeds(77, 600)]
    points, won = [], []
    for bots in (["random"] * 4, ["greedy", "random"] * 2):
        facts = play_outcomes("tractor", seeds, bots, **game.hands_options())
        batch, alone = game.score_facts(facts), TrickGame.score_facts(game, facts)
        for key in ("game_points", "card_points", "won", "actions"):
            assert batch[key].dtype == alone[key].dtype, key
            np.testing.assert_array_equal(batch[key], alone[key], err_msg=key)
        attackers = (facts["declarer"] + 1) % 2
        assert (facts["last_winner"] % 2 == attackers).any(), "some hands count the kitty"
        assert (facts["failed_throws"] > 0).any(), "some throws fail (TR-41)"
        points.append(batch["game_points"])
        won.append(batch["won"])
    assert len(np.unique(np.concatenate(points), axis=0)) > 1, "level changes differ"
    assert np.concatenate(won).any(axis=0).all(), "either side wins some hands"


LEAN_SCORING = [(v, o) for v, o in OPTION_SETS if v.startswith("red_five")] + [
    ("red_five_4p", {"decks": 3}),
    ("red_five_5p", {"friend_grab": "forbid"}),
    ("finding_friends", {}),
    ("finding_friends", {"players": 5, "short_handed_bonus": True}),
    ("finding_friends", {"players": 8, "decks": 3, "levels": ["A"] * 8}),
]


@pytest.mark.parametrize(("variant", "options"), LEAN_SCORING, ids=str)
def test_red_five_and_finding_friends_score_a_batch_in_one_pass_as_hand_by_hand(variant, options):
    """Red Five's and Finding Friends' `score_facts` score a batch in one lean pass
    (R4-40..R4-42; R5-31, R5-40..R5-42; FF-40..FF-44, FF-70): exactly what scoring each
    hand by `_outcome`, as `result` does, gives, over hands either side wins, with the
    kitty counted or not, 5h captured (4p), friends public or not and failed throws."""
    game = fenpai.new_game(variant, **options)
    n = game.num_players
    seeds = [int(s) for s in game_seeds(78, 800)]
    mixed = ["greedy", "random", "random"] * 3
    for bots in (["random"] * n, mixed[:n]):
        facts = play_outcomes(variant, seeds, bots, **game.hands_options())
        batch, alone = game.score_facts(facts), TrickGame.score_facts(game, facts)
        for key in ("game_points", "card_points", "won", "actions"):
            assert batch[key].dtype == alone[key].dtype, key
            np.testing.assert_array_equal(batch[key], alone[key], err_msg=key)
        assert batch["won"][:, 0].any() and not batch["won"][:, 0].all(), "seat 0 wins some"
        assert len(np.unique(batch["game_points"], axis=0)) > 5, "many outcomes"
        if variant == "red_five_4p":  # (simple leads only, R4-31: no throw fails)
            assert (facts["red_fives"][:, :, 0] >= 0).any(), "5h are played (R4-41)"
            continue
        assert (facts["failed_throws"] > 0).any(), "some throws fail (R5-31, FF-40)"
        if variant == "red_five_5p":
            assert (facts["friend"] < 0).any() and (facts["friend"] >= 0).any(), "R5-21"
        else:
            joined = (facts["side"] >= 0).sum(axis=1)
            assert len(np.unique(joined)) > 1, "sides of several sizes (FF-33)"


@pytest.mark.parametrize(("variant", "options"), OPTION_SETS, ids=str)
def test_simulate_scores_a_batch_as_each_game_alone(variant, options):
    """`simulate` scores its hands a batch at a time from the facts the core gives
    (`Game.play_batch`, no Game per hand); over many seeds and bots it gives exactly
    what each game played alone and scored by `Game.result` gives."""
    n = fenpai.new_game(variant, **options).num_players
    mixed = ["greedy", "random", "greedy", "random", "random"][:n]
    for bots, games in ((["random"] * n, 120), (mixed, 40)):
        got = fenpai.simulate(variant, games, seed=41, bots=bots, **options)
        for i, seed in enumerate(got["seed"].tolist()):
            game = play_game(fenpai.new_game(variant, seed=seed, **options), make_bots(bots, seed))
            result = game.result
            assert got["game_points"][i].tolist() == result["game_points"]
            assert got["card_points"][i].tolist() == result["card_points"]
            assert got["won"][i].tolist() == [s in result["winners"] for s in range(n)]
            assert got["actions"][i] == game.num_actions


def test_simulate_shapes_and_bad_arguments():
    r = fenpai.simulate("fifty_k", 3, seed=1)
    assert r["game_points"].shape == (3, 4) and r["won"].dtype == bool
    with pytest.raises(ValueError, match="4 seats"):
        fenpai.simulate("fifty_k", 3, bots=["random"] * 3)
    with pytest.raises(ValueError, match="unknown bot"):
        fenpai.simulate("fifty_k", 3, bots="clever")
    with pytest.raises(ValueError, match="workers"):
        fenpai.simulate("fifty_k", 3, workers=0)


def test_bots_only_take_legal_actions_and_see_their_own_seat():
    game = fenpai.new_game("tractor", seed=3)
    bots = [Bot("greedy", s) for s in range(4)]
    while game.phase != "done":
        seat = game.to_act[0]
        action = bots[seat].choose(game, seat)
        assert game.clone().apply(seat, action) is None
        game.apply(seat, action)


@pytest.mark.parametrize(("variant", "options", "bots"), CASES)
def test_last_action_and_num_actions_follow_the_history(variant, options, bots):
    game = fenpai.new_game(variant, seed=8, **options)
    players = make_bots(bots, 8)
    assert game.last_action is None and game.num_actions == 0
    while game.phase != "done":
        seat = game.to_act[0]
        players[seat].act(game, seat)
        history = game.history
        assert game.last_action == history[-1] and game.num_actions == len(history)


def test_processes_is_the_local_backend_of_the_api_contract() -> None:
    """`backend="processes"` (the name api.md promises) plays the games `threads` plays."""
    a = fenpai.simulate("fifty_k", 12, seed=4, workers=2, backend="processes")
    b = fenpai.simulate("fifty_k", 12, seed=4, workers=1, backend="threads")
    for key in a:
        assert (a[key] == b[key]).all(), key


@given(seed=st.integers(-(2**70), 2**70), count=st.integers(0, 70))
def test_game_seeds_are_seed_for_of_each_game(seed, count):
    """`simulate` mixes its games' seeds in numpy; each is `seed_for(seed, i)`, the seed
    a game played alone is dealt from (so a result's "seed" replays it)."""
    seeds = game_seeds(seed, count)
    assert seeds.dtype == np.uint64
    assert seeds.tolist() == [seed_for(seed, i) for i in range(count)]


@given(
    base=st.integers(-(2**70), 2**70),
    pairs=st.lists(st.tuples(st.integers(0, 2**20), st.integers(0, 2**20)), max_size=20),
)
def test_hand_seeds_are_seed_for_of_each_env_and_hand(base, pairs):
    """A vector environment's hand k of env i is dealt from `seed_for(base, i, k)`, mixed
    in numpy for every env at once."""
    envs = np.array([e for e, _ in pairs], dtype=np.int64)
    hands = np.array([h for _, h in pairs], dtype=np.int64)
    assert hand_seeds(base, envs, hands).tolist() == [seed_for(base, e, h) for e, h in pairs]


@given(games=st.integers(0, 3000), workers=st.integers(1, 8))
def test_tapered_chunks_hold_every_game_in_order_and_shrink_toward_the_end(games, workers):
    """The threads' chunks: every game once, in order, none larger than `chunk_size`; on
    several threads they never grow, and a long run ends in chunks of at most
    TAIL_LEAST games (so no worker waits out another's whole chunk at the end)."""
    seeds = np.arange(games, dtype=np.uint64)
    parts = tapered(seeds, workers)
    assert all(len(p) > 0 for p in parts)
    assert np.array_equal(np.concatenate([seeds[:0], *parts]), seeds)
    size = chunk_size(games, workers)
    sizes = [len(p) for p in parts]
    assert all(n <= size for n in sizes)
    if workers == 1:
        assert sizes == [len(p) for p in split(seeds, size)]
        return
    assert sizes == sorted(sizes, reverse=True)
    if size >= TAIL_LEAST:
        assert sizes[-1] <= TAIL_LEAST


def test_an_interrupt_never_meets_the_native_module_loading_numpy():
    """The native module loads numpy's array API when it is imported, not on the first
    array it makes: a Ctrl-C (KeyboardInterrupt) pending when a batch ends, as Ray's
    cancellation of a task sends, would otherwise break that Python code and panic."""
    script = """
import numpy.lib
import fenpai

class Interrupted:
    def __init__(self, *args):
        raise KeyboardInterrupt

numpy.lib.NumpyVersion = Interrupted
print(int(fenpai.simulate("fifty_k", 4)["actions"].sum()) > 0)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "True\n", done.stderr
