"""What the environment tests share: the variants' option sets, random hands on
scripted decks, and the actions reachable through a card-by-card mask."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

import fenpai
from fenpai.envs.decisions import CardChoice
from fenpai.spaces import CARDS, counts

#: Every variant, and the options that change the action space or the seats.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("red_five_4p", {}),
    ("red_five_4p", {"decks": 3}),
    ("red_five_5p", {}),
    ("red_five_5p", {"friend_grab": "forbid"}),
    ("tractor", {}),
    ("fifty_k", {}),
    ("fifty_k", {"players": 3}),
]
IDS = [v + "".join(f"-{k}={o}" for k, o in opts.items()) for v, opts in CONFIGS]


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


__all__ = ["CARDS", "CONFIGS", "IDS", "legal_multisets", "reachable", "scripted"]
