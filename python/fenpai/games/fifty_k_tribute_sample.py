"""`FiftyK.sample_world` for a hand with a tribute (FKO-42..FKO-48): a deal a seat
cannot tell from the real one, found by rejection.

What a seat knows: its own deal, every play, the giver, the receiver, whether the giver
is exempt (FKO-45) and the card given (FKO-44, FKO-48); the giver and the receiver also
know the card returned (FKO-46). The other seats' hands as they stood after the tribute
(their cards now and the ones they played) are drawn uniformly from the cards the seat
cannot see (the point cards left in each hand kept once the hand is over, FK-41, FK-51);
where the seat does not know the card returned, it is drawn uniformly from the giver's
hand after the tribute. The exchange undone gives the deal, kept only when
it agrees with every fact: the tribute the giver's highest card, the exemption as it
was, the holder of the first 3h leading when no tribute was paid (FK-2, FKO-24), and
the history replaying on it (the return as drawn).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import numpy as np

from fenpai._core import Card, fifty_k_deal, format_cards
from fenpai.errors import IllegalAction
from fenpai.games.fifty_k_decks import TRIES, _deck, _leads, _played, shown_points

if TYPE_CHECKING:
    from fenpai.games.fifty_k import FiftyK

#: FKO-44's single-card order, lowest first (the rank letter, or the joker).
ORDER = "3 4 5 6 7 8 9 T J Q K A 2 LJ BJ".split()


def single_order(card: Card | str) -> int:
    """FKO-44: a card's place in the single-card order (suits do not count)."""
    text = str(card)
    return ORDER.index(text if text in ("LJ", "BJ") else text[0])


def exempts(hand: list[Card], decks: int) -> bool:
    """FKO-45: whether a giver dealt `hand` is exempt: all four 2s with one deck, else
    every big joker."""
    texts = Counter(map(str, hand))
    if decks == 1:
        return all(texts[f"2{s}"] for s in "shcd")
    return texts["BJ"] >= decks


def sample_tribute_world(game: FiftyK, seat: int, seed: int) -> FiftyK:
    """The sampled hand (see the module): a game of its own (a scripted deck, its first
    seat, the sample's `seed`) whose history is this one's, the return as drawn."""
    from fenpai.games.fifty_k import FiftyK

    tribute = game.tribute
    assert tribute is not None  # a hand with a tribute
    n, decks, first = game.num_players, game.decks, game.first_seat
    giver, receiver, given = tribute.giver, tribute.receiver, tribute.tributed
    knows = seat in (giver, receiver)
    played = _played(game) if "play" in game.core_objects() else [[] for _ in range(n)]
    now = [game.hand_of(s) for s in range(n)]
    fixed = shown_points(game, seat)
    every = Counter(c for hand in fifty_k_deal(0, n, None, None, decks)[0] for c in hand)
    unseen = every - Counter(now[seat]) - Counter(c for h in played + fixed for c in h)
    pool = sorted(unseen.elements(), key=str)
    others = [s for s in range(n) if s != seat]
    rng = np.random.default_rng(seed)
    for _ in range(TRIES):
        shuffled = [pool[i] for i in rng.permutation(len(pool))]
        after = [now[s] + played[s] if s == seat else [] for s in range(n)]
        at = 0
        for s in others:
            size = len(now[s]) - len(fixed[s])
            after[s] = shuffled[at : at + size] + fixed[s] + played[s]
            at += size
        returned = tribute.returned
        if returned is not None and not knows:
            returned = str(after[giver][int(rng.integers(len(after[giver])))])
        dealt = _undone(after, giver, receiver, given, returned)
        if dealt is None:
            continue
        dealt[seat] = list(game._received(seat))
        if exempts(dealt[giver], decks) != tribute.exempt:
            continue
        if given is not None and single_order(given) != max(map(single_order, dealt[giver])):
            continue
        orders = [
            dealt[s] if s == seat else [dealt[s][i] for i in rng.permutation(len(dealt[s]))]
            for s in range(n)
        ]
        deck = _deck(orders, first)
        if tribute.exempt and not _leads(deck, first, n, game.leader):
            continue
        world = _replayed(game, FiftyK, format_cards(deck), seed, returned)
        if world is not None:
            return world
    raise RuntimeError(f"no deal agreeing with the tribute in {TRIES} draws (FKO-42)")


def _undone(
    after: list[list[Card]], giver: int, receiver: int, given: str | None, returned: str | None
) -> list[list[Card]] | None:
    """The hands as dealt from the hands after the tribute (FKO-44, FKO-46), or None when
    the receiver would not hold the tribute or the giver the card returned."""
    dealt = [list(h) for h in after]
    if given is None:
        return dealt
    moves = [(receiver, giver, given)]
    if returned is not None:
        moves.insert(0, (giver, receiver, returned))
    for holder, to, text in moves:
        card = Card(text)
        if card not in dealt[holder]:
            return None
        dealt[holder].remove(card)
        dealt[to].append(card)
    return dealt


def _replayed(
    game: FiftyK, cls: type[FiftyK], deck: str, seed: int, returned: str | None
) -> FiftyK | None:
    """`game`'s history on the deal `deck`, the return as drawn; None when refused."""
    new = cls(seed=seed, deck=deck, first_seat=game.first_seat, **game.stated_options())
    try:
        for actor, action in game.history:
            if action.startswith("return ") and returned is not None:
                action = f"return {returned}"
            new.apply(actor, action)
    except IllegalAction:
        return None
    new._resigned = game._resigned
    return new
