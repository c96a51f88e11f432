"""What the environment tests share: the variants' option sets, random hands on
scripted decks, and the actions reachable through a card-by-card mask."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

import fenpai
from fenpai.envs.decisions import CardChoice, Decisions
from fenpai.spaces import counts, table_decks, table_tribute

#: Every variant, and the options that change the action space or the seats.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("red_five_4p", {}),
    ("red_five_4p", {"decks": 3}),
    ("red_five_5p", {}),
    ("red_five_5p", {"friend_grab": "forbid"}),
    ("tractor", {}),
    ("fifty_k", {}),
    ("fifty_k", {"players": 3}),
    # FKO-40..FKO-48: the exchange's ids after the play types, the tribute's fields.
    ("fifty_k", {"tribute": "highest", "previous_order": [1, 0, 2, 3]}),
    ("fifty_k", {"players": 3, "tribute": "highest", "previous_order": [2, 0, 1]}),
    # FKO-20..FKO-28: several decks, their play types after one deck's.
    ("fifty_k", {"decks": 2, "players": 6}),
    ("fifty_k", {"decks": 3, "players": 5}),
    # FKO-20, FKO-40: several decks under the tribute, the exchange of their 54 cards.
    ("fifty_k", {"decks": 2, "players": 4, "tribute": "highest", "previous_order": [3, 0, 1, 2]}),
]
IDS = [v + "".join(f"-{k}={o}" for k, o in opts.items()) for v, opts in CONFIGS]


def decisions_of(variant: str, options: dict[str, Any]) -> Decisions:
    """The Python path's decisions of a game of `variant` with `options` (its table)."""
    return Decisions(variant, table_decks(variant, options), table_tribute(variant, options))


#: The environments' reward modes (`fenpai.envs.payoffs`).
REWARDS = ["win", "zero_sum", "game_points"]


def expected_reward(result: dict[str, Any], seat: int, reward: str) -> float:
    """A seat's reward in each mode, from the hand's result as the rules score it: +1 for
    a winner, −1 for a loser (0 in a hand nobody won); the points less their mean; the
    points."""
    points = result["game_points"]
    if reward == "win":
        return 0 if not result["winners"] else 1 if seat in result["winners"] else -1
    if reward == "zero_sum":
        return points[seat] - sum(points) / len(points)
    return float(points[seat])


def scripted(variant: str, options: dict[str, Any], seed: int) -> fenpai.Game:
    """A hand on a shuffled deck (C-5) written out, so that tests can deal it again
    with cards moved."""
    rng = random.Random(seed)
    probe = fenpai.new_game(variant, **options)
    deck = [str(c) for c in probe.all_cards()]  # type: ignore[attr-defined]
    rng.shuffle(deck)
    first = rng.randrange(probe.num_players)
    return fenpai.new_game(variant, seed=seed, deck=" ".join(deck), first_seat=first, **options)


def reachable(game: fenpai.Game, seat: int) -> set[tuple[int, ...]]:
    """The card multisets a card-by-card choice can end on through its mask, each
    reached picking kinds in increasing order (the mask depends on the picks alone)."""
    choice = CardChoice(game, seat)
    out: set[tuple[int, ...]] = set()

    def walk(start: int) -> None:
        cards, done = choice.options()
        if choice.size is not None and choice.picked.sum() == choice.size:
            out.add(tuple(choice.picked))
            return
        if done:
            out.add(tuple(choice.picked))
        for k in np.flatnonzero(cards):
            if k >= start:
                choice.picked[k] += 1
                walk(int(k))
                choice.picked[k] -= 1

    walk(0)
    return out


def legal_multisets(game: fenpai.Game, seat: int) -> set[tuple[int, ...]]:
    return {tuple(counts(a).astype(np.int16)) for a in game.legal_actions(seat)}


def swap_unseen(game, seat, rng):
    """The same hand dealt (C-5) with two cards `seat` cannot know exchanged — other
    seats' cards, or the kitty when it did not take it up (C-4), never Fifty-K's 3h (its
    holder leads, FK-2) — replayed to the same point; None when no such replay is legal
    (a void or a declaration showed them)."""
    config = game.config()
    deck = config["deck"].split()
    n, first = game.num_players, config["first_seat"]
    to_hands = len(deck) - (game.kitty_size() if game.variant != "fifty_k" else 0)
    objects = game.core_objects()
    took_kitty = "kitty" in objects and objects["kitty"].declarer == seat
    hidden = [
        i
        for i in range(len(deck))
        if (i < to_hands and (first + i) % n != seat) or (i >= to_hands and not took_kitty)
        # FK-2: the holder of 3h leads first, so every seat knows who was dealt it.
        if not (game.variant == "fifty_k" and deck[i] == "3h")
    ]
    for _ in range(100):
        i, j = rng.sample(hidden, 2)
        if deck[i] == deck[j]:
            continue
        swapped = list(deck)
        swapped[i], swapped[j] = deck[j], deck[i]
        other = fenpai.new_game(
            config["variant"],
            seed=config["seed"],
            deck=" ".join(swapped),
            first_seat=first,
            **config["options"],
        )
        try:
            for s, action in game.history:
                other.apply(s, action)
        except ValueError:
            continue
        return other
    return None


def unseen_swaps(variant, options, seeds=3):
    """At random points of random scripted hands: (game, seat, other), `other` the same
    hand with two cards `seat` cannot know exchanged, replayed to the same point."""
    for seed in range(seeds):
        rng = random.Random(seed)
        game = scripted(variant, options, seed)
        while game.phase != "done":
            actor = game.to_act[0]
            if rng.random() < 0.15:
                seat = rng.randrange(game.num_players)
                other = swap_unseen(game, seat, rng)
                if other is not None:
                    yield game, seat, other
            game.apply_legal(actor, rng.randrange(game.num_legal(actor)))
