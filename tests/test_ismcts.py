"""The `ismcts` search bot through the public API: it decides only from what its seat
knows, deterministically for a seed and a budget, plays legal actions to the end of
whole games of every variant (Finding Friends at 4 to 8 players and with its house rules,
FF-1, FF-60..FF-82), and `simulate` plays it as the step-by-step API does."""

import random

import numpy as np
import pytest

import fenpai
from fenpai import scoring
from fenpai.bots import Bot, check
from fenpai.games.base import result_row
from fenpai.simulation import make_bots, play_game

VARIANTS = [
    ("tractor", {}),
    ("tractor", {"follow_protect": "tractors"}),
    ("tractor", {"throw_judgement": "every_unit"}),  # TRO-53
    (
        "tractor",
        {
            "throw_penalty": "none",
            "kitty_multiplier": "power",
            "throw_judgement": "highest_card",
            "first_dealer": "first_declaration",
            "declaration_order": "suit",
            "declaration_strength": "more_cards",
            "joker_declarations": "big_only",
            "reinforce": "or_overturn",
        },
    ),
    ("tractor", {"levels": ("J", "J"), "jack_rule": "back_to_2"}),
    ("tractor", {"levels": ("NT", "A"), "dealer": 0, "final_level": "no_trump"}),
    ("red_five_4p", {}),
    ("red_five_4p", {"decks": 3, "kitty_points": "always"}),
    ("red_five_5p", {}),
    ("red_five_5p", {"friend_grab": "forbid"}),
    ("fifty_k", {}),
    ("fifty_k", {"players": 3}),
    ("fifty_k", {"pure_fifty_k_order": "equal"}),
    # FF-1: the smallest and the largest table and the default one; FF-60..FF-82: the
    # house rules.
    ("finding_friends", {"players": 4}),
    ("finding_friends", {}),
    ("finding_friends", {"players": 8, "friend_restrictions": "no_highest"}),
    (
        "finding_friends",
        {
            "players": 5,
            "friend_restrictions": "none",
            "short_handed_bonus": True,
            "double_join": "passes_on",
        },
    ),
    ("finding_friends", {"players": 7, "friend_restrictions": "no_points"}),
]
SEARCH = "ismcts:24"
NAMES_FOR_POSITIONS = ["random", "greedy"]


def scripted(variant, options, rng):
    """A game dealt from a shuffled deck (C-5): its deck, first seat and seed."""
    cards = [str(c) for c in fenpai.new_game(variant, seed=0, **options).all_cards()]
    rng.shuffle(cards)
    players = fenpai.new_game(variant, seed=0, **options).num_players
    return cards, rng.randrange(players), rng.randrange(2**32)


def replayed(variant, options, deck, first, seed, history):
    """The game of `deck` with `history` applied, or None if some action is illegal there."""
    game = fenpai.new_game(variant, seed=seed, deck=" ".join(deck), first_seat=first, **options)
    try:
        for seat, action in history:
            game.apply(seat, action)
    except ValueError:  # IllegalAction and its kin
        return None
    return game


def positions(variant, options, rng, count):
    """Random positions with a real choice: (deck, first seat, seed, history, seat)."""
    found = []
    while len(found) < count:
        deck, first, seed = scripted(variant, options, rng)
        game = fenpai.new_game(variant, seed=seed, deck=" ".join(deck), first_seat=first, **options)
        names = NAMES_FOR_POSITIONS
        bots = [Bot(rng.choice(names), rng.randrange(99)) for _ in range(game.num_players)]
        stop = rng.randrange(game_length_guess(variant))
        while game.phase != "done" and game.num_actions < stop:
            seat = game.to_act[0]
            bots[seat].act(game, seat)
        if game.phase != "done" and game.num_legal(game.to_act[0]) > 1:
            found.append((deck, first, seed, game.history, game.to_act[0]))
    return found


def game_length_guess(variant):
    guess = {"tractor": 170, "red_five_4p": 100, "red_five_5p": 170, "fifty_k": 60}
    return guess.get(variant, 320)  # Finding Friends: three decks dealt, then played


def unseen_swap(deck, first, players, size, seat, rng):
    """`deck` with two cards dealt to places other than `seat` exchanged (C-5 positions:
    card i to seat (first + i) % players for the first players * size cards, the rest
    the kitty)."""
    dealt = players * size
    owner = [(first + i) % players if i < dealt else None for i in range(len(deck))]
    others = [i for i in range(len(deck)) if owner[i] != seat]
    for _ in range(50):
        i, j = rng.sample(others, 2)
        if owner[i] != owner[j] and deck[i] != deck[j]:
            out = list(deck)
            out[i], out[j] = out[j], out[i]
            return out
    return None


def hand_size(variant, options, players):
    """Cards dealt to each seat in turn (C-5; FK-1 with 3 players: the 52nd card, the
    first seat's 18th, is left out of swaps)."""
    if variant == "fifty_k":
        return 52 // players
    if variant == "red_five_4p":
        return 25 if options.get("decks", 2) == 2 else 39
    if variant == "finding_friends":
        decks = scoring.finding_friends_default_decks(players)
        return (54 * decks - scoring.finding_friends_kitty_size(players, decks)) // players
    return {"tractor": 25, "red_five_5p": 31}[variant]


@pytest.mark.parametrize(("variant", "options"), VARIANTS)
def test_ismcts_never_reads_hidden_cards(variant, options):
    """Two games that differ only in cards the seat cannot know (two unseen cards
    exchanged, the same history replaying and the seat's view equal) get the same
    decision for the same seed and budget."""
    rng = random.Random(f"{variant}{options}")
    compared = 0
    for deck, first, seed, history, seat in positions(variant, options, rng, 20):
        real = replayed(variant, options, deck, first, seed, history)
        players = real.num_players
        size = hand_size(variant, options, players)
        for _ in range(6):
            other = unseen_swap(deck, first, players, size, seat, rng)
            twin = other and replayed(variant, options, other, first, seed, history)
            if twin is None or twin.view(seat) != real.view(seat):
                continue
            bot_seed = rng.randrange(2**32)
            assert Bot(SEARCH, bot_seed).choose(real, seat) == Bot(SEARCH, bot_seed).choose(
                twin, seat
            ), (variant, history, seat)
            compared += 1
    assert compared >= 20


@pytest.mark.parametrize(("variant", "options"), VARIANTS)
def test_ismcts_is_deterministic_for_a_seed_and_a_budget(variant, options):
    rng = random.Random(7)
    for deck, first, seed, history, seat in positions(variant, options, rng, 4):
        game = replayed(variant, options, deck, first, seed, history)
        choices = {Bot(SEARCH, 11).choose(game.clone(), seat) for _ in range(2)}
        assert len(choices) == 1


@pytest.mark.parametrize(("variant", "options"), VARIANTS)
def test_ismcts_plays_legal_actions_to_the_end_and_simulate_agrees(variant, options):
    """Whole games step by step (every action checked by `Game.apply`) with ismcts
    seats among random and greedy ones, and the same games through `simulate`."""
    players = fenpai.new_game(variant, **options).num_players
    rng = random.Random(variant)
    names = [SEARCH if s % 2 == 0 else rng.choice(["random", "greedy"]) for s in range(players)]
    names[-1] = SEARCH
    ran = fenpai.simulate(variant, 3, seed=4, bots=names, **options)
    for i, seed in enumerate(ran["seed"]):
        game = fenpai.new_game(variant, seed=int(seed), **options)
        play_game(game, make_bots(names, int(seed)), in_core=False)
        assert game.phase == "done"
        points, cards, won, actions = result_row(game)
        assert points == list(ran["game_points"][i])
        assert cards == list(ran["card_points"][i])
        assert won == list(ran["won"][i]) and actions == ran["actions"][i]


def test_simulate_with_ismcts_is_the_same_for_any_worker_count():
    one = fenpai.simulate("tractor", 4, seed=2, bots=[SEARCH, "greedy"] * 2)
    two = fenpai.simulate("tractor", 4, seed=2, bots=[SEARCH, "greedy"] * 2, workers=2)
    for key in ("game_points", "won", "actions"):
        assert np.array_equal(one[key], two[key]), key


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ismcts:0", "bad ismcts budget '0'"),
        ("ismcts:x", "bad ismcts budget 'x'"),
        ("ismcts:", "bad ismcts budget ''"),
        ("ismcts:100001", "from 1 to 100000"),
        ("greedy:5", "unknown bot 'greedy:5'"),
    ],
)
def test_a_bad_bot_name_or_budget_says_what_is_wrong(name, message):
    for make in (lambda: check(name), lambda: Bot(name, 0)):
        with pytest.raises(ValueError, match=message):
            make()
    with pytest.raises(ValueError, match=message):
        fenpai.simulate("tractor", 1, bots=name)
    assert check("ismcts:7") == "ismcts:7"
