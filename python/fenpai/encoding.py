"""`encode(game, seat, out=None)`: a fixed-size numeric observation for learning code.

The core writes it (`fenpai._core.encode_into`) from the hand's core objects
(`game.core_objects()`) straight into a `float32` buffer, which `out=` reuses. Only
what `seat` may see goes in (its hand, the public record; C-4: the buried kitty only
for the seat that buried it, until the hand ends), so an agent trained on it cannot
cheat. Seats are relative: slot 0 is `seat` itself, 1 the next seat in play order, and
so on. The layout depends only on the variant and the number of players (and for
Fifty-K on its decks, FKO-20, and its tribute, FKO-40; for Tractor on its kitty theft,
TRO-112); `fields(variant, players, decks=1, tribute="none", kitty_theft="none")` lists
it as (name, offset, size), field by field, in the order of the tables below. Facts not
known yet
(trump before it is named, a bid not made) are zeros.

Trick-taking variants (red_five_4p, red_five_5p, tractor), n seats, K = 54 card kinds
in index order (`Card.index`: s, h, c, d × 2..A, then LJ, BJ); card fields hold copies:

| field | size | meaning |
|---|---|---|
| hand | K | the seat's hand |
| played | K | cards in finished tricks |
| trick | n × K | the current trick, one row per relative seat |
| kitty | K | the buried kitty: for the declarer, for everyone once the hand is over (C-4) |
| trump | 5 | one-hot s, h, c, d, no-trump, once trump is public |
| level | 13 | one-hot level rank 2..A, once known (all zero at NT, TRO-92) |
| points | n | card points won in tricks / 100 (C-43) (t) |
| phase | 7 | one-hot deal, bid, trump, kitty, friend, play, done |
| to_act | n | 1 for the seat to act |
| declarer | n | one-hot declarer (Tractor: the dealer), once public |
| hand_sizes | n | cards held / 40 (t) |
| throw | K | the attempted cards of a failed throw in the current trick (C-51) |
| failed_throws | n | failed throws so far (C-51) |
| kitty_taken | K | for the declarer: the kitty it took up (TR-14, R4-21, R5-14) |

then, Tractor (TR-2, TR-10..TR-13):

| field | size | meaning |
|---|---|---|
| team_levels | 26 | one-hot level of the seat's team, then of the other team (all zero at NT) |
| dealer | n | one-hot dealer, once known (fixed, or the standing declaration's, TR-13) |
| first_seat | n | one-hot seat that received the first card (C-5) |
| cards_dealt | 1 | cards dealt / the cards to deal (100 with two decks, TR-1) |
| final_round | 1 | 1 once the final round after the last card began (TR-12) |
| declaration | K | the standing declaration's cards |
| declared_by | n | one-hot seat of the standing declaration |
| declarations | n | declarations each seat made |

Tractor's tables (`decks` 1 to 4, `jokers`, TRO-120..TRO-135) share this layout: card
fields hold 0 to `decks` copies of each kind (no joker a table took out), and the
scales stay two decks', so that the default table's observation is unchanged: (t) with
three decks a seat's points reach 3 (300 card points a hand), with four 4, and the hand
of a dealer holding the kitty up to 46 / 40 (60 / 40 with four decks, TRO-124).

Tractor under kitty theft (`kitty_theft="allowed"`, TRO-112), a layout of its own:
Tractor's, where `kitty` is the last burial for the seat that made it (the dealer, or
the last stealer), `kitty_taken` adds every burial the seat took up when it stole,
`declaration` and `declared_by` follow the steals, then:

| field | size | meaning |
|---|---|---|
| kitty_holder | n | one-hot seat that holds the kitty (the dealer, or the last stealer) |
| stealing | 1 | 1 while a seat is asked whether it steals |
| steals | n | steals each seat made |
| own_burials | K | every burial the seat made, a stolen one too (C-4) |

Red Five 4p (R4-10..R4-14):

| field | size | meaning |
|---|---|---|
| first_bidder | n | one-hot seat that opened the bidding (R4-11) |
| bids | n | each seat's last bid / 100 |
| passed | n | 1 for each seat that passed (final, R4-12) |
| high_bid | 1 | the high bid / 100; once bidding ended, the bid that stands (R4-14) |
| high_bidder | n | one-hot seat of the high bid |

Red Five 5p (R5-2, R5-3, R5-10..R5-13, R5-20..R5-22):

| field | size | meaning |
|---|---|---|
| prev_declarer | n | one-hot 原庄 |
| first_seat | n | one-hot seat that received the first card (R5-3) |
| cards_dealt | 1 | cards dealt / 155 |
| reveal | n | one-hot seat that revealed a 2 (its suit is trump) |
| forced | 1 | 1 for a forced declarer (压庄, R5-13) |
| call | 11 | one-hot call card (As Ah Ac Ad Ks Kh Kc Kd 5h BJ), then 1 when solo (a) |
| friend | n | one-hot friend, once public (R5-21) |
| grab | 1 | 1 when the public friend came by a grab (R5-22) |

(a) called solo; a solo by owning every copy of the call card (R5-21) shows only once
the hand is over, as the others cannot know it before.

Fifty-K, K = 52 cards (no jokers), each 0 or 1:

| field | size | meaning |
|---|---|---|
| hand | K | the seat's hand |
| played | K | every card played so far |
| top | K | the combination to beat (zeros when leading) |
| top_kind | 13 | one-hot kind of the combination to beat, in `fenpai.fifty_k.KINDS` order |
| top_seat | n | one-hot seat that played it |
| table_points | 1 | points on the table / 100 (FK-31) |
| collected | n | points collected / 100 (FK-31, FK-33) |
| hand_sizes | n | cards held / 18 |
| finished | n | place (1, 2, 3) / n of each seat that went out (FK-32) |
| passed | n | 1 for each seat that passed since the last combination |
| to_act | n | 1 for the seat to act |
| top_type | 1 | play type (`Combo.type_id`, 0..7408) of the combination to beat; −1 leading |
| table | K | the cards on the table since it was last cleared (FK-31) |
| points_left | n | points left in each hand / 100, once the hand is over (FK-41, FK-51) |

Fifty-K of one deck under the option `tribute="highest"` (FKO-40..FKO-48), a layout of
its own: the fields above, then what a seat knows of the tribute (FKO-48); all zeros
in a hand without one (the first of a match). During the tribute (the phase "deal",
FKO-42) the fields above hold the hands the tribute leaves, nothing played (`top_type`
−1), and `to_act` the seat that gives or gives back:

| field | size | meaning |
|---|---|---|
| tribute_giver | n | one-hot seat that owes the tribute (FKO-43) |
| tribute_receiver | n | one-hot seat that receives it (FKO-43) |
| tribute_exempt | 1 | 1 when the giver is exempt (FKO-45) |
| tribute_due | 2 | one-hot what the deal waits for: the tribute (FKO-44), the return (FKO-46) |
| tribute_card | K | the card given (public, FKO-48) |
| tribute_returned | K | the card given back: for the giver and the receiver only (FKO-48) |

Fifty-K of several decks (`decks` 2 to 4, FKO-20..FKO-35, 4 to 8 players), a layout of
its own: K = 54 card kinds in index order, jokers included (FKO-22), card fields hold
copies / decks; points are over 100 × decks (FKO-22) and card counts over D, the most
cards a seat is dealt (54 × decks / n rounded up, FKO-24), so every value is in [0, 1]:

| field | size | meaning |
|---|---|---|
| hand | K | the seat's hand |
| played | K | every card played so far |
| top | K | the combination to beat (zeros when leading) |
| top_kind | 14 | one-hot kind of the top: `fenpai.fifty_k.KINDS`, then king_bomb (FKO-27) |
| top_seat | n | one-hot seat that played it |
| table_points | 1 | points on the table / (100 × decks) (FK-31) |
| collected | n | points collected / (100 × decks) (FK-31, FK-33) |
| hand_sizes | n | cards held / D |
| finished | n | place (1, 2, …) / n of each seat that went out (FK-32, FKO-30) |
| passed | n | 1 for each seat that passed since the last combination |
| to_act | n | 1 for the seat to act |
| top_rank | 1 | (main rank of the top + 1) / 15: 3 lowest, big joker 1 (FKO-25); 0 leading |
| top_size | 1 | its number of cards / D (a bomb's size, FKO-26, FKO-28); 0 leading |
| table | K | the cards on the table since it was last cleared (FK-31) |
| points_left | n | points left in each hand / (100 × decks), once the hand is over (FKO-31) |

Fifty-K of several decks under `tribute="highest"` (FKO-20, FKO-40), a layout of its own:
the fields above, then the tribute's fields of one deck's table with K = 54 (the card
given or returned may be a joker, FKO-44). During the tribute the fields above hold the
hands it leaves, nothing played, `hand_sizes` over D + 1 (the receiver holds one card
more until the return, FKO-46).

Finding Friends (`finding_friends`, FF-1..FF-82, 4 to 8 players, two decks or three), a
layout of its own per number of players n (the same for two decks and three): K = 54
card kinds in index order, card fields hold copies / decks; c = n − 2 call slots (FF-20:
at most n − 2 friends). Every value is in [0, 1] but the counts `declarations` and
`failed_throws`:

| field | size | meaning |
|---|---|---|
| hand | K | the seat's hand |
| played | K | cards in finished tricks |
| trick | n × K | the current trick, one row per relative seat |
| kitty | K | the buried kitty: for the declarer, for everyone once the hand is over (C-4) |
| kitty_taken | K | for the declarer: the kitty it took up (FF-14) |
| trump | 5 | one-hot s, h, c, d, no-trump, once trump is public |
| level | 13 | one-hot level rank 2..A of the hand (the declarer's level, FF-4) |
| levels | n × 13 | one-hot level of each relative seat (FF-4) |
| points | n | card points won in tricks / (100 × decks) (C-43) |
| phase | 7 | one-hot deal, bid, trump, kitty, friend, play, done (bid and trump unused) |
| to_act | n | 1 for the seat to act |
| dealer | n | one-hot dealer, once known (fixed, FF-13, or the standing declaration's) |
| declarer | n | one-hot declarer, once declaring ended (FF-13) |
| first_seat | n | one-hot seat that received the first card (C-5) |
| cards_dealt | 1 | cards dealt / the cards of the hands |
| final_round | 1 | 1 once the final round after the last card began (FF-12) |
| declaration | K | the standing declaration's cards (FF-10) |
| declared_by | n | one-hot seat of the standing declaration |
| declarations | n | declarations each seat made (a count) |
| hand_sizes | n | cards held / (cards dealt each + the kitty) |
| throw | K | the attempted cards of a failed throw in the current trick (C-51) |
| failed_throws | n | failed throws so far (a count, C-51) |
| friends | 1 | friend cards to call / (n − 2), once the calls begin (FF-20) |
| calls | c × (K + 3 + n) | each call made, in the order made (FF-22) (b) |
| side | n × 3 | per relative seat, one-hot: declarer's side, defender, not known (c) |

(b) A call's row: its card one-hot (K), its ordinal / decks, the copies of its card
played so far / decks, 1 once filled, and one-hot the relative seat that filled it (n,
FF-31); zeros for a call not made yet.

(c) FF-31..FF-33, FF-80: what the seat may know: the declarer, and each friend once its
play reveals it; once no call is left to fill (or the hand is over) every other seat
defends. Of itself a seat knows more from its own hand: holding no copy of a call card
left to fill, it defends for certain. Holding the copy a call reaches next is no side
yet (another seat may play a copy first): "not known" until its play reveals it. Which
other seat holds an unplayed called copy is never in it (FF-22). The
options are not in it (as in the other layouts): `double_join` (FF-80) shows in how the
calls are filled, `friend_restrictions` (FF-60) in the declarer's legal calls,
`short_handed_bonus` (FF-70) only in the scoring.

The second value returned is the list of the seat's legal actions (action text, as
`legal_actions`; empty when it may not act), at most `limit` of them: index i of that list
is `apply_legal(seat, i)`; None with `legal=False`, which skips them for speed. A burial
can have millions of choices; `game.num_legal(seat)` counts them all, and `apply_legal`
takes any index below that count.
"""

from __future__ import annotations

from functools import cache
from typing import Literal, overload

import numpy as np

from fenpai._core import encode_fields, encode_into
from fenpai.games.base import Game

#: The `phase` field's one-hot order.
PHASES = ("deal", "bid", "trump", "kitty", "friend", "play", "done")

#: The variants with an observation layout, which `encode`, `VectorEnv(actions="legal")`
#: and `simulate`'s policies take.
ENCODED_VARIANTS = ("red_five_4p", "red_five_5p", "fifty_k", "tractor", "finding_friends")

#: The variants the one decision space takes (`fenpai.envs.decisions`: SeatEnv, the AEC
#: env, `VectorEnv(actions="decisions")`, `simulate`'s policies): every variant, Finding
#: Friends' calls (FF-20) by their fixed ids (`fenpai.spaces`).
DECISION_VARIANTS = ENCODED_VARIANTS


@cache
def _layout(
    variant: str, players: int, decks: int = 1, tribute: str = "none", kitty_theft: str = "none"
) -> tuple[tuple[str, int, int], ...]:
    return tuple(
        encode_fields(variant, players, decks, tribute != "none", kitty_theft == "allowed")
    )


@cache
def _size(
    variant: str, players: int, decks: int = 1, tribute: str = "none", kitty_theft: str = "none"
) -> int:
    _, offset, size = _layout(variant, players, decks, tribute, kitty_theft)[-1]
    return offset + size


def fields(
    variant: str, players: int, decks: int = 1, tribute: str = "none", kitty_theft: str = "none"
) -> list[tuple[str, int, int]]:
    """The observation's layout: (name, offset, size) of each field, in order; `decks`
    only for Fifty-K's several decks (FKO-20), whose layout is its own; `tribute` only
    for Fifty-K, whose layouts under `tribute="highest"` add the tribute's
    fields (FKO-40, FKO-48); `kitty_theft` only for Tractor, whose layout under
    `kitty_theft="allowed"` adds the theft's (TRO-112). A ValueError names a number of
    players or decks out of range, or an option value the layout does not take."""
    for name, value in (("players", players), ("decks", decks)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 16:
            raise ValueError(f"{name} must be a small positive whole number, not {value!r}")
    if tribute not in ("none", "highest"):
        raise ValueError(f"tribute must be 'none' or 'highest' (FKO-40), not {tribute!r}")
    if kitty_theft not in ("none", "allowed"):
        raise ValueError(f"kitty_theft must be 'none' or 'allowed' (TRO-110), not {kitty_theft!r}")
    return list(_layout(variant, players, decks, tribute, kitty_theft))


def game_fields(game: Game) -> list[tuple[str, int, int]]:
    """The layout of `game`'s observation (its variant, players and the options its
    layout depends on, `Game.layout_options`)."""
    return fields(game.variant, game.num_players, **game.layout_options())


@overload
def encode(
    game: Game,
    seat: int,
    out: np.ndarray | None = None,
    legal: Literal[True] = True,
    limit: int = 4096,
) -> tuple[np.ndarray, list[str]]: ...


@overload
def encode(
    game: Game,
    seat: int,
    out: np.ndarray | None = None,
    *,
    legal: Literal[False],
    limit: int = 4096,
) -> tuple[np.ndarray, None]: ...


def encode(
    game: Game, seat: int, out: np.ndarray | None = None, legal: bool = True, limit: int = 4096
) -> tuple[np.ndarray, list[str] | None]:
    """A fixed-size float32 observation of what `seat` sees, written into `out` when
    given (a C-contiguous float32 array of the layout's length, reused), and its legal
    actions (at most `limit`; None with `legal=False`)."""
    n = game.num_players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise ValueError(f"there is no seat {seat!r}")
    variant = game.variant
    if out is None:
        out = np.empty(_size(variant, n, **game.layout_options()), dtype=np.float32)
    # FKO-40: Fifty-K's tribute has fields of its own (hot: the option read directly).
    tribute = variant == "fifty_k" and game.options["tribute"] != "none"
    encode_into(out, seat, variant, game.core_objects(), game.phase == "done", tribute)
    return out, game.legal_actions(seat, limit) if legal else None
