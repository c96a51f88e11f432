"""Action spaces for learning code: fixed action ids with a legal mask where the choices
are few, a legal list with a fixed-size feature vector per action where they are not.

Every variant has one table of **fixed ids** (`action_space(variant)`; Tractor's
follows its decks, below), id 0 being `pass`:

| variant | ids | actions, in id order |
|---|---|---|
| red_five_4p | 54 | `pass`, `bid 60` .. `bid 300` (R4-10), `trump s/h/c/d` (R4-20) |
| red_five_5p | 16 | `pass`, `declare 2s/2h/2c/2d` (R5-10), `call X` (a), `call solo` (R5-20) |
| tractor | 107 | `pass`, `declare X`, `declare X X` for every level rank (b), jokers (TR-10) |
| tractor, `decks=3` | 161 | the 107, then `declare X X X` for every level rank (b) (TRO-123) |
| tractor, `decks=4` | 215 | the 161, then `declare X X X X` for every level rank (b) (TRO-124) |
| finding_friends, `decks=2` | 215 | Tractor's 107, then `call 1st X`, `call 2nd X` (d) (FF-20) |
| finding_friends, `decks=3` | 323 | Tractor's 161, then `call 1st X` .. `call 3rd X` (d) (FF-20) |
| fifty_k | 7 410 | `pass`, then 1 + `Combo.type_id` for every play type (c) |
| fifty_k, `tribute="highest"` | 7 514 | the 7 410, then `tribute X`, `return X` (e) (FKO-40) |
| fifty_k, `decks` 2..4 | 7 573 | the 7 410, then several decks' play types (f) (FKO-25..27) |
| fifty_k, `decks` 2..4, `tribute="highest"` | 7 681 | the 7 573, then `tribute X`, `return X` (g) |

(a) As Ah Ac Ad Ks Kh Kc Kd 5h BJ. (b) ranks 2..A, each in suits s h c d, then
`declare LJ LJ`, `declare BJ BJ` (`declare LJ LJ LJ`, `declare BJ BJ BJ` for triples,
four of each for quadruples).
(c) FK-10..FK-17: kind, ranks and kickers, and the suit of a pure fifty-K. Bids cover
both deck counts; the mask allows 60..200 with two decks, 80..300 with three.
(d) `call <ordinal> X` for every card kind X, by ordinal, then kind in `Card.index`
order: the call of the k-th copy of kind c is id T + 54 × (k − 1) + c, T being Tractor's
table of the decks (107 or 161). The mask allows the calls FF-21 and
`friend_restrictions` (FF-60..FF-64) allow, each card and ordinal once.
(e) the 52 cards of one deck in `Card.index` order: `tribute X` is id 7 410 + X.index,
`return X` id 7 462 + X.index. The mask allows the giver's highest cards (FKO-44), then
any card of the receiver's hand (FKO-46).
(f) `SEVERAL_DECKS_TYPES`, ids 7 410..7 572: `bomb N of R` (N = 5..16 cards of rank R,
3..2; id 7 410 + 13 × (N − 5) + the rank's place, FKO-26), `single LJ`, `pair LJ`,
`triple LJ`, the same of `BJ` (FKO-25), `king_bomb` (FKO-27). A play several decks share
with one deck keeps its type id: copies in singles, pairs, sequences and kickers, and a
bomb of 4 of any copies (FKO-22, FKO-26). The table is sized for four decks at every deck
count, so an id means one pattern whatever the decks; the mask leaves out what fewer
decks cannot hold (bombs above 4 × decks cards, three jokers of a kind with two decks).
(g) `SEVERAL_DECKS_TRIBUTE_ACTIONS`: (e) of the 54 cards with the jokers (FKO-22):
`tribute X` is id 7 573 + X.index, `return X` id 7 627 + X.index.

Tractor's table follows its decks (TRO-120; `action_space(variant, decks)`,
`game_space(game)`): one and two decks, jokers removed or not (TRO-130), share the 107
ids, the mask allowing what the table can declare; three decks add the triples after
them, and four decks the quadruples after those, so an id means the same action on
every table that has it. Finding Friends'
table follows its decks the same way (`decks` 2 or 3, by default by players, FF-1): its
deal declares as Tractor's of those decks (FF-10), and its friend calls (FF-20) follow.
Fifty-K's table follows its option `tribute` the same way (FKO-40; `action_space(
"fifty_k", tribute="highest")`): the exchange's ids (FKO-44, FKO-46) come after the play
types, which keep their ids. Several decks (FKO-20; `action_space("fifty_k", decks=3)`)
add their play types after one deck's (f), and under the tribute the exchange of their
54 cards after those (g).

The phases whose actions have fixed ids give a **mask** (`Legal.mask`) over the table,
and the legal index of each id (`Legal.index`, for `game.apply_legal`). A Fifty-K play
type forgets the suits of its cards but that of a pure fifty-K: where several legal
plays have the type, its id plays the one that leaves the most pure fifty-Ks (5, T and K
of one suit) in the hand, the first in legal order on a tie; with several decks a hand
holds as many pure fifty-Ks as, summed over the suits, the fewest of the suit's 5s, Ts
and Ks, and the rule picks the copies too.

The other phases — the burial (C-4) and the trick play (C-24, C-30, C-31) of the
trick-taking variants, where a lead with throws or a burial can have millions of
choices — give the **legal list** (`Legal.actions`, at most `limit`, of `Legal.count`)
and one row of `FEATURES` per action (`Legal.features`), as DouZero describes a play:

| columns | meaning |
|---|---|
| 0..53 | copies of each card kind (`Card.index`: s, h, c, d × 2..A, LJ, BJ) in the action |
| 54 | 1 for a burial |
| 55 | 1 when the seat leads the trick |
| 56 | number of cards |
| 57..60 | singles, pairs, triples, tractors of the cards' format (C-23), if one suit |
| 61 | 1 for a throw: one effective suit, several components (C-23) |
| 62 | number of trump cards (C-10) |
| 63 | card points (C-3) |

Four decks' quadruples (TRO-124) count in the triples' column.

`legal(game, seat)` gives either; `ActionSpace.id(text)` and `ActionSpace.text(id)` map
fixed ids and action text both ways.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from fenpai._core import (
    FIFTY_K_NUM_PILE_TYPES,
    FIFTY_K_NUM_PLAY_TYPES,
    Card,
    cards,
    fifty_k_classify,
    fifty_k_pile_type_id,
    fifty_k_play_from_id,
)
from fenpai.actions import ordinal
from fenpai.games.trick_game import TrickGame
from fenpai.scoring import TRACTOR_LEVELS, finding_friends_default_decks

if TYPE_CHECKING:
    from fenpai._core import TrickRules
    from fenpai.games.base import Game

#: The card kinds of the trick-taking variants, in `Card.index` order.
CARDS: tuple[Card, ...] = tuple(
    cards(" ".join(r + s for s in "shcd" for r in "23456789TJQKA") + " LJ BJ")
)
NUM_KINDS = len(CARDS)
#: Card text (canonical, as the core writes it) -> card kind.
CARD_INDEX: dict[str, int] = {str(c): c.index for c in CARDS}

#: The feature columns of a listed action (see the module's table).
FEATURES = (
    *(f"copies_{c}" for c in CARDS),
    "bury",
    "lead",
    "cards",
    "singles",
    "pairs",
    "triples",
    "tractors",
    "throw",
    "trumps",
    "points",
)
NUM_FEATURES = len(FEATURES)
_BURY, _LEAD, _CARDS, _SINGLES, _THROW, _TRUMPS, _POINTS = 54, 55, 56, 57, 61, 62, 63
_COMPONENTS = {"single": 0, "pair": 1, "triple": 2, "quadruple": 2, "tractor": 3}

#: The phases of the trick-taking variants that give a legal list, not a mask.
LIST_PHASES = frozenset(("kitty", "play"))
#: How many actions `legal` lists at most unless told.
DEFAULT_LIMIT = 4096

_SUITS = "shcd"
_CALLS = ("As", "Ah", "Ac", "Ad", "Ks", "Kh", "Kc", "Kd", "5h", "BJ")


def _tractor_declarations() -> list[str]:
    singles = [f"declare {r}{s}" for r in TRACTOR_LEVELS for s in _SUITS]
    pairs = [f"declare {r}{s} {r}{s}" for r in TRACTOR_LEVELS for s in _SUITS]
    return [*singles, *pairs, "declare LJ LJ", "declare BJ BJ"]


def _tractor_copies(n: int) -> list[str]:
    """The declarations of `n` copies: triples of three decks after two decks' ids
    (TRO-123), quadruples of four decks after those (TRO-124)."""
    cards = [f"{r}{s}" for r in TRACTOR_LEVELS for s in _SUITS] + ["LJ", "BJ"]
    return ["declare " + " ".join([c] * n) for c in cards]


#: The fixed-id action texts of the trick-taking variants, id order (Tractor's of one or
#: two decks; `fixed_actions` gives every table's).
FIXED_ACTIONS: dict[str, tuple[str, ...]] = {
    "red_five_4p": (
        "pass",
        *(f"bid {b}" for b in range(60, 301, 5)),  # R4-10
        *(f"trump {s}" for s in _SUITS),  # R4-20
    ),
    "red_five_5p": (
        "pass",
        *(f"declare 2{s}" for s in _SUITS),  # R5-10
        *(f"call {c}" for c in _CALLS),  # R5-20
        "call solo",
    ),
    "tractor": ("pass", *_tractor_declarations()),  # TR-10
}

#: Tractor of three decks (TRO-123): two decks' ids, then the triple declarations.
TRACTOR_THREE_DECKS: tuple[str, ...] = (*FIXED_ACTIONS["tractor"], *_tractor_copies(3))
#: Tractor of four decks (TRO-124): three decks' ids, then the quadruple declarations.
TRACTOR_FOUR_DECKS: tuple[str, ...] = (*TRACTOR_THREE_DECKS, *_tractor_copies(4))


def _friend_calls(decks: int) -> tuple[str, ...]:
    """FF-20: a call of every card kind and ordinal 1st..`decks`, by ordinal then kind."""
    return tuple(f"call {ordinal(k)} {c}" for k in range(1, decks + 1) for c in CARDS)


#: Finding Friends' tables (FF-1, FF-20), by decks: Tractor's of those decks (the deal's
#: declarations, FF-10), then the friend calls.
FINDING_FRIENDS_ACTIONS: dict[int, tuple[str, ...]] = {
    2: (*FIXED_ACTIONS["tractor"], *_friend_calls(2)),
    3: (*TRACTOR_THREE_DECKS, *_friend_calls(3)),
}


def fixed_actions(variant: str, decks: int | None = None) -> tuple[str, ...]:
    """The fixed-id action texts of a trick-taking variant's table, id order (empty for
    Fifty-K, whose ids are its play types): `FIXED_ACTIONS`, but for Tractor of three
    decks (`decks=3`, TRO-123), whose triple declarations follow two decks' ids, of four
    (TRO-124), whose quadruple declarations follow those, and
    Finding Friends, whose table is of its `decks` (FF-20; None: six players' 3). One and
    two decks share Tractor's 107 ids (TRO-121: one deck declares singles only)."""
    if variant == "tractor" and decks == 3:
        return TRACTOR_THREE_DECKS
    if variant == "tractor" and decks == 4:
        return TRACTOR_FOUR_DECKS
    if variant == "finding_friends":
        return FINDING_FRIENDS_ACTIONS[3 if decks is None else decks]
    return FIXED_ACTIONS.get(variant, ())


#: FKO-44, FKO-46: the exchange's actions under Fifty-K's `tribute`, id order after the
#: play types: the tribute of each card of one deck, then the return of each.
TRIBUTE_ACTIONS: tuple[str, ...] = tuple(
    f"{verb} {c}" for verb in ("tribute", "return") for c in CARDS[:52]
)


#: FKO-20, FKO-44, FKO-46: the exchange's actions with several decks, id order after
#: their play types: the tribute of each of the 54 cards (jokers included), then the
#: return of each.
SEVERAL_DECKS_TRIBUTE_ACTIONS: tuple[str, ...] = tuple(
    f"{verb} {c}" for verb in ("tribute", "return") for c in CARDS
)


#: FKO-25..FKO-27: the play types several decks of Fifty-K add, id order after one
#: deck's: bombs of 5 to 16 cards by size then rank, one kind's jokers, the king bomb.
SEVERAL_DECKS_TYPES: tuple[str, ...] = (
    *(f"bomb {n} of {r}" for n in range(5, 17) for r in "3456789TJQKA2"),
    *(f"{k} {j}" for j in ("LJ", "BJ") for k in ("single", "pair", "triple")),
    "king_bomb",
)


def table_tribute(variant: str, options: Mapping[str, Any]) -> str:
    """The tribute that keys Fifty-K's action space (FKO-40: "none" unless given); "none"
    for the other variants."""
    return str(options.get("tribute", "none")) if variant == "fifty_k" else "none"


def table_actions(variant: str, options: Mapping[str, Any]) -> tuple[str, ...]:
    """The fixed-id texts the core's action space takes for a game of `variant` with
    `options`: the table's (`fixed_actions`); for Fifty-K the ids after its play types,
    the play types several decks add (`SEVERAL_DECKS_TYPES`, FKO-20), then the
    exchange's under `tribute` (FKO-40), else none."""
    if variant != "fifty_k":
        return fixed_actions(variant, table_decks(variant, options))
    several = table_decks(variant, options) != 1
    if table_tribute(variant, options) == "none":
        return SEVERAL_DECKS_TYPES if several else ()
    if several:
        return SEVERAL_DECKS_TYPES + SEVERAL_DECKS_TRIBUTE_ACTIONS
    return TRIBUTE_ACTIONS


def table_ids(variant: str, options: Mapping[str, Any]) -> dict[str, int]:
    """Fixed id by action text, of the actions the core names by text (`legal_ids`): the
    table's; for Fifty-K `pass` and the exchange's (FKO-40), its plays having their types."""
    space = action_space(variant, table_decks(variant, options), table_tribute(variant, options))
    return dict(space._ids)


def table_decks(variant: str, options: Mapping[str, Any]) -> int | None:
    """The decks that key the action space of a game of `variant` with `options` (as
    `new_game` takes them): Tractor's (TRO-120, two unless given), Finding Friends' (FF-1,
    by players unless given), Fifty-K's (FKO-20, one unless given: several decks add play
    types), None for the other variants, whose one table of ids covers every option."""
    if variant == "tractor":
        return int(options.get("decks", 2))
    if variant == "finding_friends":
        decks = options.get("decks")
        players = int(options.get("players", 6))
        return finding_friends_default_decks(players) if decks is None else int(decks)
    if variant == "fifty_k":
        return int(options.get("decks", 1))
    return None


@dataclass(frozen=True)
class Legal:
    """The legal actions of one seat now, in the form its phase has (see the module).

    `count` is `game.num_legal(seat)`. With fixed ids: `mask` (bool, one per id) and
    `index` (the `apply_legal` index of each id, −1 when not legal). With a list:
    `actions` (at most the limit asked) and `features` (float32, one row each)."""

    count: int
    mask: np.ndarray | None = None
    index: np.ndarray | None = None
    actions: list[str] | None = None
    features: np.ndarray | None = None


class ActionSpace:
    """A variant's fixed action ids (see the module's table); `decks` picks Tractor's
    table (`fixed_actions`) and Fifty-K's (FKO-20: several decks' play types after one
    deck's), `tribute` Fifty-K's (FKO-40: the exchange's ids after the play types)."""

    def __init__(self, variant: str, decks: int | None = None, tribute: str = "none"):
        if tribute not in ("none", "highest") or (tribute != "none" and variant != "fifty_k"):
            raise ValueError(
                f"tribute={tribute!r}: only fifty_k's table follows a tribute, 'none' or "
                "'highest' (FKO-40)"
            )
        self._extra: tuple[str, ...] = ()
        self._decks = 1
        self._plays = 0  # Fifty-K's: pass and its play types, the exchange after them
        if variant == "fifty_k":
            self._decks = decks or 1
            several = self._decks != 1
            self._plays = 1 + (FIFTY_K_NUM_PILE_TYPES if several else FIFTY_K_NUM_PLAY_TYPES)
            if tribute != "none":
                self._extra = SEVERAL_DECKS_TRIBUTE_ACTIONS if several else TRIBUTE_ACTIONS
            self.size = self._plays + len(self._extra)
            self._texts: tuple[str, ...] | None = None
            self._ids: dict[str, int] = {"pass": 0}
            self._ids.update({t: self._plays + i for i, t in enumerate(self._extra)})
        elif variant in FIXED_ACTIONS or variant == "finding_friends":
            self._texts = fixed_actions(variant, decks)
            self.size = len(self._texts)
            self._ids = {t: i for i, t in enumerate(self._texts)}
        else:
            known = ", ".join(sorted([*FIXED_ACTIONS, "fifty_k", "finding_friends"]))
            raise ValueError(f"unknown variant {variant!r}: expected one of {known}")
        self.variant = variant

    def id(self, text: str) -> int:
        """The fixed id of an action text (canonical text, as `legal_actions` gives it);
        ValueError for an action without one (a burial, a trick play)."""
        found = self._ids.get(text)
        if found is not None:
            return found
        if self._texts is None and isinstance(text, str) and text.startswith("play "):
            body, _, kind = text[5:].partition(" as ")
            try:
                if self._decks != 1:  # FKO-20: several decks' types
                    type_id = fifty_k_pile_type_id(body, self._decks, kind or None)
                else:
                    combo = fifty_k_classify(body, kind or None)
                    type_id = None if combo is None else combo.type_id
            except ValueError as err:
                raise ValueError(f"{text!r}: {err}") from None
            if type_id is not None:
                return 1 + type_id
        raise ValueError(f"{text!r} has no fixed id in {self.variant}")

    def names(self, id: int) -> bool:
        """Whether the text of `id` is the same in every hand: every id but a Fifty-K
        play type, whose cards depend on the hand (its exchange's ids do not, FKO-40)."""
        return self._texts is not None or id == 0 or (bool(self._extra) and id >= self._plays)

    def text(self, id: int, game: Game | None = None, seat: int | None = None) -> str:
        """The action text of a fixed id. A Fifty-K play type names cards only for a
        hand: give the game and seat, and the id must be legal there."""
        if not isinstance(id, (int, np.integer)) or not 0 <= id < self.size:
            raise ValueError(f"action id {id!r} is outside 0..{self.size - 1}")
        if self._texts is not None:
            return self._texts[id]
        if id == 0:
            return "pass"
        if self._extra and id >= self._plays:  # FKO-40: the exchange's
            return self._extra[id - self._plays]
        if game is None or seat is None:
            raise ValueError("a Fifty-K play type names its cards only for a game and a seat")
        index = int(legal(game, seat).index[id])  # type: ignore[index]
        if index < 0:
            raise ValueError(f"action id {id} is not legal for seat {seat} now")
        return game.legal_action(seat, index)


def action_space(variant: str, decks: int | None = None, tribute: str = "none") -> ActionSpace:
    """The fixed action ids of `variant` (one object per variant and table): `decks`
    matters for Tractor, 3 adding the triple declarations (TRO-123), 4 the quadruples
    too (TRO-124), and Finding Friends, 2 or 3 (None: six players' 3), its calls of
    ordinals 1st..`decks` (FF-20), and Fifty-K, 2 to 4 adding the play types of several
    decks (FKO-20, `SEVERAL_DECKS_TYPES`); `tribute` for Fifty-K, "highest" adding the
    exchange's ids after the play types (FKO-40). A ValueError names a table of other
    decks (TRO-120, FF-1, FKO-20) or a tribute of another variant."""
    if variant == "fifty_k" and decks is not None:
        if not _count(decks) or decks not in (1, 2, 3, 4):
            raise ValueError(f"fifty_k's decks must be 1, 2, 3 or 4 (FKO-20), not {decks!r}")
        return _space(variant, decks if decks != 1 else None, tribute)
    if tribute != "none":
        return _space(variant, None, tribute)
    if variant == "tractor" and decks is not None:
        if not _count(decks) or decks not in (1, 2, 3, 4):
            raise ValueError(f"tractor's decks must be 1, 2, 3 or 4 (TRO-120), not {decks!r}")
        return _space(variant, decks if decks >= 3 else None)
    if variant == "finding_friends":
        if decks is not None and (not _count(decks) or decks not in (2, 3)):
            raise ValueError(f"finding_friends' decks must be 2 or 3 (FF-1), not {decks!r}")
        return _space(variant, 3 if decks is None else decks)
    return _space(variant, None)


def _count(value: object) -> bool:
    """Whether `value` is an int and not a bool (`decks=True` is no count)."""
    return isinstance(value, int) and not isinstance(value, bool)


@cache
def _space(variant: str, decks: int | None, tribute: str = "none") -> ActionSpace:
    return ActionSpace(variant, decks, tribute)


def game_space(game: Game) -> ActionSpace:
    """The fixed action ids of `game`'s variant and table (`table_decks`,
    `table_tribute`)."""
    options = game.options
    return action_space(
        game.variant, table_decks(game.variant, options), table_tribute(game.variant, options)
    )


def uses_list(game: Game) -> bool:
    """Whether the game's phase now gives a legal list (burial, trick play) rather
    than a mask over fixed ids; a seat asked whether it steals the kitty answers by id,
    with the deal's declarations (TRO-112)."""
    if game.variant == "fifty_k" or game.phase not in LIST_PHASES:
        return False
    return not (isinstance(game, TrickGame) and game.kitty_stage == "steal")


def legal(game: Game, seat: int, limit: int | None = DEFAULT_LIMIT) -> Legal:
    """The legal actions of `seat` now: a mask over the variant's fixed ids, or (burial,
    trick play) the legal list, at most `limit` (None: all of them, which at a Tractor
    burial can be millions), with its features."""
    count = game.num_legal(seat)
    if uses_list(game):
        actions = game.legal_actions(seat, count if limit is None else limit)
        return Legal(count, actions=actions, features=features(game, seat, actions))
    space = game_space(game)
    index = np.full(space.size, -1, dtype=np.int32)
    if game.variant == "fifty_k" and (game.options["tribute"] == "none" or game.phase != "deal"):
        _fifty_k_index(game, seat, count, index)
    else:  # the fixed ids by text: Fifty-K's exchange too (its phase "deal", FKO-42)
        ids = space._ids
        for i, text in enumerate(game.legal_actions(seat)):
            index[ids[text]] = i
    return Legal(count, mask=index >= 0, index=index)


def _fifty_k_index(game: Game, seat: int, count: int, index: np.ndarray) -> None:
    """Fills the legal index of each Fifty-K id: `pass` first when it is legal, then
    each play type's play (the one keeping the most pure fifty-Ks on a tie)."""
    if count == 0:
        return
    play = game.core_objects()["play"]
    if game.options["decks"] != 1:  # FKO-20: the core picks each pattern's play
        if play.top() is not None:  # following: `pass` is legal index 0 (FK-30)
            index[0] = 0
        for type_id, i in play.type_indices():
            index[1 + type_id] = i
        return
    play_ids = play.legal_play_ids()
    offset = count - len(play_ids)  # 1 when `pass` leads the list
    if offset:
        index[0] = 0
    tied: dict[int, list[int]] = {}
    for i, pid in enumerate(play_ids):
        slot = 1 + fifty_k_play_from_id(pid).type_id
        if index[slot] < 0:
            index[slot] = i + offset
        else:
            tied.setdefault(slot, [int(index[slot])]).append(i + offset)
    if tied:
        hand = {str(c) for c in play.hand(seat)}
        for slot, options in tied.items():
            index[slot] = max(options, key=lambda i: _pure_left(hand, game, seat, i))


def _pure_left(hand: set[str], game: Game, seat: int, i: int) -> tuple[int, int]:
    """How many pure fifty-Ks the hand keeps after the `i`-th legal play (then the
    earlier play first)."""
    left = hand - set(game.legal_action(seat, i)[5:].split(" "))
    return sum({f"5{s}", f"T{s}", f"K{s}"} <= left for s in _SUITS), -i


def counts(text: str) -> np.ndarray:
    """The copies of each card kind (`NUM_KINDS` int8) in an action's cards."""
    out = np.zeros(NUM_KINDS, dtype=np.int8)
    for word in text.split(" ")[1:]:
        out[CARD_INDEX[word]] += 1
    return out


_POINTS_OF = np.array([c.points for c in CARDS], dtype=np.float32)
_TRUMP_OF: dict[tuple[str, str | None, str], np.ndarray] = {}


def _trumps(rules: TrickRules) -> np.ndarray:
    """Per card kind: 1 for trump (C-10) under `rules`."""
    key = (rules.variant, rules.trump, rules.level)
    found = _TRUMP_OF.get(key)
    if found is None:
        found = _TRUMP_OF[key] = np.array([rules.is_trump(c) for c in CARDS], dtype=np.float32)
    return found


def features(game: Game, seat: int, actions: list[str]) -> np.ndarray:
    """One row of `FEATURES` per burial or trick play of `actions` (see the module); a
    ValueError names an action of another kind."""
    out = np.zeros((len(actions), NUM_FEATURES), dtype=np.float32)
    if not actions:
        return out
    other = next((a for a in actions if a.split(" ")[0] not in ("bury", "play")), None)
    if other is not None:
        raise ValueError(f"features describe burials and trick plays, not {other!r}")
    assert isinstance(game, TrickGame)  # Fifty-K has no listed phase
    rules = game.rules
    assert rules is not None  # trump is known by the burial
    play = game.core_objects().get("play")
    leads = game.phase == "play" and play is not None and not play.trick()
    for row, text in enumerate(actions):
        words = text.split(" ")
        for word in words[1:]:
            out[row, CARD_INDEX[word]] += 1
        if words[0] == "bury":
            out[row, _BURY] = 1
            continue
        fmt = rules.classify(text[5:])
        if fmt is not None:
            for kind, _ in fmt.components:
                out[row, _SINGLES + _COMPONENTS[kind]] += 1
            out[row, _THROW] = fmt.is_throw
    copies = out[:, :NUM_KINDS]
    out[:, _LEAD] = leads
    out[:, _CARDS] = copies.sum(axis=1)
    out[:, _TRUMPS] = copies @ _trumps(rules)
    out[:, _POINTS] = copies @ _POINTS_OF
    return out
