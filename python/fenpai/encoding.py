"""`encode(game, seat)`: a fixed-size numeric observation for learning code.

Only what `seat` may see goes in (its hand, the public record), so an agent trained on
it cannot cheat. Seats are relative: index 0 is `seat` itself, 1 the next seat in play
order, and so on. The layout depends only on the variant and the number of players;
`fields(variant, players)` lists it as (name, offset, size), field by field:

Trick-taking variants (red_five_4p, red_five_5p, tractor), K = 54 card kinds in index
order (`Card.index`: s, h, c, d × 2..A, then LJ, BJ):

| field | size | meaning |
|---|---|---|
| hand | K | copies of each card in the seat's hand |
| played | K | copies of each card in finished tricks |
| trick | n × K | the current trick, one row per relative seat |
| kitty | K | the buried kitty, for the declarer (else zeros) |
| trump | 5 | one-hot s, h, c, d, no-trump (all zero before trump is known) |
| level | 13 | one-hot level rank 2..A (zero before it is known) |
| points | n | card points won so far / 100, per relative seat |
| phase | 7 | one-hot deal, bid, trump, kitty, friend, play, done |
| to_act | n | 1 for each relative seat that may act |
| declarer | n | one-hot relative declarer (zero before one is known) |
| hand_sizes | n | cards held / 40, per relative seat |

Fifty-K, K = 52 cards (no jokers):

| field | size | meaning |
|---|---|---|
| hand | K | 1 for each card in the seat's hand |
| played | K | 1 for each card played so far |
| top | K | the combination to beat (zeros when leading) |
| top_kind | 13 | one-hot kind of the combination to beat, in `fenpai.fifty_k.KINDS` order |
| top_seat | n | one-hot relative seat that played it |
| table_points | 1 | points on the table / 100 |
| collected | n | points collected / 100, per relative seat |
| hand_sizes | n | cards held / 18, per relative seat |
| finished | n | place (1, 2, 3) / n of each relative seat that went out |
| passed | n | 1 for each relative seat that passed since the last combination |
| to_act | n | 1 for the relative seat to act |

The second value returned is the list of the seat's legal actions (action text, as
`legal_actions`; empty when it may not act), at most `limit` of them: index i of that list
is `apply_legal(seat, i)`. A burial can have millions of choices; `game.num_legal(seat)`
counts them all, and `apply_legal` takes any index below that count.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from fenpai._core import Card
from fenpai._core import cards as parse_cards
from fenpai.fifty_k import KINDS
from fenpai.games.base import Game
from fenpai.games.fifty_k import FiftyK
from fenpai.games.trick_game import TrickGame

PHASES = ("deal", "bid", "trump", "kitty", "friend", "play", "done")
TRUMPS = ("s", "h", "c", "d", None)
LEVELS = "23456789TJQKA"
TRICK_CARDS = 54
FK_CARDS = 52


def fields(variant: str, players: int) -> list[tuple[str, int, int]]:
    """The observation's layout: (name, offset, size) of each field, in order."""
    n = players
    if variant == "fifty_k":
        sizes = [
            ("hand", FK_CARDS),
            ("played", FK_CARDS),
            ("top", FK_CARDS),
            ("top_kind", len(KINDS)),
            ("top_seat", n),
            ("table_points", 1),
            ("collected", n),
            ("hand_sizes", n),
            ("finished", n),
            ("passed", n),
            ("to_act", n),
        ]
    else:
        sizes = [
            ("hand", TRICK_CARDS),
            ("played", TRICK_CARDS),
            ("trick", n * TRICK_CARDS),
            ("kitty", TRICK_CARDS),
            ("trump", 5),
            ("level", 13),
            ("points", n),
            ("phase", len(PHASES)),
            ("to_act", n),
            ("declarer", n),
            ("hand_sizes", n),
        ]
    out, offset = [], 0
    for name, size in sizes:
        out.append((name, offset, size))
        offset += size
    return out


class _Writer:
    def __init__(self, variant: str, players: int):
        self.layout = {name: (off, size) for name, off, size in fields(variant, players)}
        total = sum(size for _, size in self.layout.values())
        self.obs = np.zeros(total, dtype=np.float32)

    def field(self, name: str) -> np.ndarray:
        off, size = self.layout[name]
        return self.obs[off : off + size]


def _count_into(row: np.ndarray, cards: list[Card], index: Callable[[Card], int]) -> None:
    for c in cards:
        row[index(c)] += 1


def _fk_index(card: Card) -> int:
    return card.index  # 0..51: no jokers in Fifty-K


def encode(game: Game, seat: int, limit: int = 4096) -> tuple[np.ndarray, list[str]]:
    """A fixed-size float32 observation of what `seat` sees, and its legal actions
    (at most `limit` of them)."""
    if not isinstance(seat, int) or not 0 <= seat < game.num_players:
        raise ValueError(f"there is no seat {seat!r}")
    n = game.num_players
    rel = {(seat + k) % n: k for k in range(n)}
    w = _Writer(game.variant, n)
    view = game.view(seat)
    legal = game.legal_actions(seat, limit)
    for s in view["to_act"]:
        w.field("to_act")[rel[s]] = 1
    if isinstance(game, FiftyK):
        _encode_fifty_k(game, view, w, rel)
    elif isinstance(game, TrickGame):
        _encode_tricks(game, view, w, rel)
    return w.obs, legal


def _encode_tricks(game: TrickGame, view: dict[str, Any], w: _Writer, rel: dict[int, int]) -> None:
    n = game.num_players
    _count_into(w.field("hand"), parse_cards(view["hand"]), lambda c: c.index)
    play = game.play
    if play is not None:
        for _, plays, _, _, _ in play.tricks():
            for _, cs in plays:
                _count_into(w.field("played"), cs, lambda c: c.index)
        trick = w.field("trick").reshape(n, TRICK_CARDS)
        for s, cs in play.trick():
            _count_into(trick[rel[s]], cs, lambda c: c.index)
    if "kitty" in view:
        _count_into(w.field("kitty"), parse_cards(view["kitty"]), lambda c: c.index)
    if game.rules is not None:
        w.field("trump")[TRUMPS.index(view.get("trump"))] = 1
        w.field("level")[LEVELS.index(view["level"])] = 1
    for s, p in enumerate(view["points"]):
        w.field("points")[rel[s]] = p / 100
    w.field("phase")[PHASES.index(view["phase"])] = 1
    if view.get("declarer") is not None:
        w.field("declarer")[rel[view["declarer"]]] = 1
    for s, size in enumerate(view["hand_sizes"]):
        w.field("hand_sizes")[rel[s]] = size / 40


def _encode_fifty_k(game: FiftyK, view: dict[str, Any], w: _Writer, rel: dict[int, int]) -> None:
    n = game.num_players
    _count_into(w.field("hand"), parse_cards(view["hand"]), _fk_index)
    for _, action in game.history:
        if action.startswith("play "):
            _count_into(w.field("played"), parse_cards(action[5:]), _fk_index)
    top = view["top"]
    if top is not None:
        _count_into(w.field("top"), parse_cards(top["cards"]), _fk_index)
        w.field("top_kind")[KINDS.index(top["kind"])] = 1
        w.field("top_seat")[rel[top["seat"]]] = 1
    w.field("table_points")[0] = view["table_points"] / 100
    for s in range(n):
        w.field("collected")[rel[s]] = view["points"][s] / 100
        w.field("hand_sizes")[rel[s]] = view["hand_sizes"][s] / 18
    for place, s in enumerate(view["finished"], 1):
        w.field("finished")[rel[s]] = place / n
    for s in view["passed"]:
        w.field("passed")[rel[s]] = 1
