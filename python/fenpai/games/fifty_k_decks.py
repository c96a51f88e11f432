"""Fifty-K of several decks (FKO-20..FKO-35): what the game adds for them beside the
one-deck path — the check of `decks` against `players`, whole hands played and scored
for `simulate`, and the sampled worlds of `sample_world`."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import numpy as np

from fenpai import scoring
from fenpai._core import Card, cards, fifty_k_deal, format_cards
from fenpai.games.base import scored_arrays

if TYPE_CHECKING:
    from fenpai.games.fifty_k import FiftyK

#: The 3h: its holder leads (FK-2), with several decks the holder of the one dealt first
#: (FKO-24).
THREE_H = Card("3h")


def check_table(options: dict[str, Any]) -> None:
    """FKO-23: one deck for 3 or 4 players, two to four for 4 to 8; FKO-30: `partner`
    needs teams from five players on. A ValueError names the options."""
    decks, players = options["decks"], options["players"]
    if decks == 1 and players not in (3, 4):
        raise ValueError(
            f"option players={players} needs decks 2, 3 or 4: one deck is for 3 or 4 "
            "players (FK-1, FKO-23), not decks=1"
        )
    if decks > 1 and players == 3:
        raise ValueError(f"option decks={decks} is for 4 to 8 players (FKO-23), not players=3")
    if options["lead_after_out"] == "partner" and players > 4 and players % 2:
        raise ValueError(
            f"option lead_after_out='partner' needs teams: with players={players} everyone "
            "plays for themselves (FKO-30)"
        )


def score_pile_hand(
    collected: list[int], order: list[int], left: list[int], players: int, decks: int
) -> tuple[dict[str, Any], list[int]]:
    """A finished hand of several decks scored (FKO-30..FKO-35: two teams of alternate
    seats with 4, 6 or 8 players, everyone alone with 5 or 7) and its winners."""
    if players % 2 == 0:  # FKO-30..FKO-33
        scored = scoring.fifty_k_teams(collected, order, left, players=players, decks=decks)
        return scored, [s for s in range(players) if s % 2 == scored["winner"]]
    # FKO-30, FKO-31, FKO-34, FKO-35
    scored = scoring.fifty_k_solo(collected, order, left, players=players, decks=decks)
    return scored, [scored["ranking"][0]]


def score_pile_facts(game: FiftyK, facts: dict[str, Any]) -> dict[str, np.ndarray]:
    """`Game.score_facts` of hands of several decks, as the core's batch runner gives
    their facts (`Driver.outcomes`: "finish_order" a row per seat, -1 after the last),
    each scored by `score_pile_hand` as `result` scores it."""
    n, decks = game.num_players, game.decks
    rows = zip(facts["points"], facts["finish_order"], facts["hand_points_left"], strict=True)
    game_points, card_points, won = [], [], []
    for collected, order, left in rows:
        out = [int(s) for s in order if s >= 0]
        scored, winners = score_pile_hand(
            [int(p) for p in collected], out, [int(p) for p in left], n, decks
        )
        game_points.append([float(p) for p in scored["game_points"]])
        card_points.append([float(p) for p in scored["card_points"]])
        won.append([s in winners for s in range(n)])
    return scored_arrays(n, game_points, card_points, won, facts["actions"])


def _played(game: FiftyK) -> list[list[Card]]:
    """Per seat, the cards it played so far (public)."""
    out: list[list[Card]] = [[] for _ in range(game.num_players)]
    for seat, action in game.play.log():
        if action.startswith("play "):
            out[seat] += cards(action[5:].split(" as ")[0])
    return out


def shown_points(game: FiftyK, seat: int) -> list[list[Card]]:
    """Per seat, the point cards left in its hand that `seat` sees besides its own: every
    hand's once the hand is over (FK-41, FK-51, FKO-31; not after a resignation)."""
    shown = game.phase == "done" and game._resigned is None
    return [
        [c for c in game.hand_of(s) if c.points] if shown and s != seat else []
        for s in range(game.num_players)
    ]


def _deck(orders: list[list[Card]], first: int) -> list[Card]:
    """The deck that deals `orders[seat]` to each seat, one card at a time in play order
    from seat `first` (FKO-24)."""
    n = len(orders)
    deck: list[Card | None] = [None] * sum(map(len, orders))
    for seat, order in enumerate(orders):
        offset = (seat - first) % n
        for k, card in enumerate(order):
            deck[offset + k * n] = card
    assert all(c is not None for c in deck)
    return [c for c in deck if c is not None]


def _leads(deck: list[Card], first: int, n: int, leader: int) -> bool:
    """FKO-24: the first 3h of `deck` goes to `leader`."""
    return (first + deck.index(THREE_H)) % n == leader


#: Deals drawn at most. Each draw keeps the real leader with a chance of about one in
#: the number of seats holding a 3h at the least, so running out means a bug, not bad
#: luck: it is an error, never the real deal.
TRIES = 10_000


def sample_deal(game: FiftyK, seat: int, seed: int) -> str:
    """A deck `seat` cannot tell from the real one (see `FiftyK.sample_world`): its own
    cards where it received them; every card it cannot see dealt uniformly to the other
    seats by their hand sizes, each seat holding the cards it played and, once the hand
    is over, the point cards left in its hand (public then, FKO-31), in a uniform order.
    A deal the leader would not lead is drawn again (at most `TRIES` times): rejection,
    so the deals kept are uniform among those the seat cannot tell apart (FKO-24)."""
    n, first, leader = game.num_players, game.first_seat, game.leader
    played = _played(game)
    fixed = shown_points(game, seat)
    sizes = [size - len(f) for size, f in zip(game.play.hand_sizes(), fixed, strict=True)]
    # Every card of the decks: a deal of them, flattened.
    every = Counter(c for hand in fifty_k_deal(0, n, None, None, game.decks)[0] for c in hand)
    known = Counter(c for p in played + fixed for c in p)
    unseen = every - Counter(game.play.hand(seat)) - known
    pool = sorted(unseen.elements(), key=str)
    rng = np.random.default_rng(seed)
    others = [s for s in range(n) if s != seat]
    for _ in range(TRIES):
        shuffled = [pool[i] for i in rng.permutation(len(pool))]
        orders: list[list[Card]] = [[] for _ in range(n)]
        at = 0
        for s in others:
            held = shuffled[at : at + sizes[s]] + fixed[s] + played[s]
            at += sizes[s]
            orders[s] = [held[i] for i in rng.permutation(len(held))]
        orders[seat] = list(game._received(seat))
        deck = _deck(orders, first)
        if _leads(deck, first, n, leader):
            return format_cards(deck)
    raise RuntimeError(f"no deal keeping seat {leader} the leader in {TRIES} draws (FKO-24)")
