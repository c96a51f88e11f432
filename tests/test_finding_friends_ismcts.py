"""The `ismcts` bot plays Finding Friends (FF-1..FF-82): whole hands at every table and
house rule through the step API and `simulate`, the same choice whoever holds a called
copy the seat cannot see (FF-22), and the CLI and the service take it. The generic
checks (legal to the end, deterministic, twins differing in any unseen card) are in
test_ismcts.py."""

from __future__ import annotations

import random

import pytest
from test_finding_friends import check_result

import fenpai
from fenpai import scoring
from fenpai.bots import Bot
from fenpai.cli import main
from fenpai.simulation import simulate

VARIANT = "finding_friends"
SEARCH = "ismcts:12"


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4},  # FF-1: two decks
        {"players": 6, "friend_restrictions": "none"},  # FF-61
        {"players": 8, "friend_restrictions": "no_points"},  # FF-64
        {"players": 5, "short_handed_bonus": True},  # FF-72
        {"players": 7, "double_join": "passes_on", "friend_restrictions": "no_highest"},
    ],
)
def test_ismcts_seats_play_whole_hands_to_a_scored_end(options):
    """FF-1, FF-60..FF-82: search seats beside random and greedy ones play whole hands,
    every action checked by `Game.apply`, and the hand is scored by the sides at its end
    (FF-33, FF-40..FF-44)."""
    players = options["players"]
    for seed in (1, 2):
        g = fenpai.new_game(VARIANT, seed=seed, **options)
        names = [SEARCH if s % 2 == 0 else ("random", "greedy")[s % 4 == 1] for s in range(players)]
        bots = [Bot(name, fenpai.bots.seed_for(seed, s)) for s, name in enumerate(names)]
        while g.phase != "done":
            (seat,) = g.to_act
            g.apply(seat, bots[seat].choose(g, seat))
        check_result(g)


def hand_size(players: int) -> int:
    decks = scoring.finding_friends_default_decks(players)
    return (54 * decks - scoring.finding_friends_kitty_size(players, decks)) // players


def replayed(deck: list[str], first: int, seed: int, history, players: int):
    """The game of `deck` with `history` applied, or None if some action is illegal there."""
    g = fenpai.new_game(VARIANT, seed=seed, deck=" ".join(deck), first_seat=first, players=players)
    try:
        for seat, action in history:
            g.apply(seat, action)
    except ValueError:  # IllegalAction and its kin
        return None
    return g


def open_calls(g: fenpai.Game) -> set[str]:
    """FF-31: the called cards whose call nobody filled yet (public)."""
    return {call.split()[1] for call, by in zip(g.calls(), g.filled(), strict=True) if by is None}


def called_copy_swaps(deck, first, players, seat, cards, rng):
    """Decks like `deck` with a dealt copy of a card of `cards` exchanged with another
    card dealt to a third seat, both away from `seat` (C-5: card i to seat
    (first + i) % players)."""
    dealt = players * hand_size(players)
    owner = [(first + i) % players if i < dealt else None for i in range(len(deck))]
    away = [i for i in range(dealt) if owner[i] != seat]
    copies = [i for i in away if deck[i] in cards]
    out = []
    for _ in range(30 if copies else 0):
        i, j = rng.choice(copies), rng.choice(away)
        if owner[i] != owner[j] and deck[j] not in cards:
            swapped = list(deck)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            out.append(swapped)
    return out


def test_ismcts_does_not_know_who_holds_a_called_copy():
    """FF-22: two games differing only in which other seat holds a copy of an open call
    (the same history replaying, the seat's view equal) get the same ismcts choice for
    the same seed and budget."""
    rng = random.Random(22)
    compared = 0
    for game_seed in range(40):
        players = rng.choice((4, 6, 8))
        cards = [str(c) for c in fenpai.new_game(VARIANT, players=players).all_cards()]
        rng.shuffle(cards)
        first = rng.randrange(players)
        g = fenpai.new_game(
            VARIANT, seed=game_seed, deck=" ".join(cards), first_seat=first, players=players
        )
        bots = [Bot("greedy", s) for s in range(players)]
        stop = rng.randrange(players * hand_size(players) // 2)
        while g.phase != "done" and (g.phase != "play" or g.play.log_len() < stop):
            (seat,) = g.to_act
            bots[seat].act(g, seat)
        (seat,) = g.to_act if g.phase == "play" else (None,)
        calls = open_calls(g) if seat is not None else set()
        if not calls or g.num_legal(seat) < 2:
            continue
        for twin_deck in called_copy_swaps(cards, first, players, seat, calls, rng)[:3]:
            twin = replayed(twin_deck, first, game_seed, g.history, players)
            if twin is None or twin.view(seat) != g.view(seat):
                continue
            bot_seed = rng.randrange(2**32)
            assert Bot(SEARCH, bot_seed).choose(g, seat) == Bot(SEARCH, bot_seed).choose(
                twin, seat
            ), (game_seed, seat)
            compared += 1
    assert compared >= 10, compared


def test_simulate_plays_every_seat_with_ismcts():
    """`simulate(..., bots="ismcts")` plays the default budget, and a table of search and
    greedy seats scores a side up in every hand (FF-41)."""
    out = simulate(VARIANT, games=1, bots="ismcts")
    assert out["game_points"].shape == (1, 6)
    mixed = simulate(VARIANT, games=3, bots=[SEARCH, "greedy"] * 2, players=4)
    assert mixed["won"].any(axis=1).all()


def test_the_cli_plays_ismcts_seats(capsys):
    args = ["selfplay", VARIANT, "-n", "2", "--bots", f"{SEARCH},greedy", "-o", "players=6"]
    assert main(args) == 0
    assert SEARCH in capsys.readouterr().out


def test_the_service_takes_ismcts_seats_and_suggests_with_it():
    """CreateGame takes an `ismcts` seat; the play's suggestions are the search's choice
    first, then greedy's when it differs; before the play greedy's first (the search's
    are greedy's there: FF-10..FF-20)."""
    from fenpai.service import creation, suggest

    request = creation.CreateRequest(VARIANT, options={"players": "5"}, bots={1: "ismcts"})
    plan = creation.plan(request, {})
    assert plan.first_hand.num_players == 5 and plan.bots[1] == "ismcts"
    g = fenpai.new_game(VARIANT, seed=2)
    rng = random.Random(2)
    for phase in ("deal", "kitty", "friend", "play"):
        while g.phase != phase:
            (seat,) = g.to_act
            g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
        (seat,) = g.to_act
        seed = fenpai.bots.seed_for(seat, g.num_actions)
        greedy = Bot("greedy", seed).choose(g, seat)
        search = Bot("ismcts", seed).choose(g, seat)
        if phase == "play":
            assert suggest.preferred(g, seat) == list(dict.fromkeys([search, greedy]))
        else:
            assert search == greedy and suggest.preferred(g, seat) == [greedy]
