"""Fifty-K (五十K / 510K) combinations and legal plays: FK-10..FK-21.

One deck without jokers: a hand or play is a set of physical cards (card text or a
list of `Card`s); a joker, a card listed twice or an unknown kind name is a
ValueError. Everything runs in the Rust core; these names are its functions.

- `classify(cards, kind=None)` -> `Combo | None`: FK-17 reading (named kind, or
  the first reading in FK-10..FK-16 order). `readings(cards)`: every reading.
  With one deck no card set has two readings (each kind has its own rank-count
  profile), but naming a kind is always allowed and checked.
- `beats(play, top)`: FK-20, FK-21. It and the legal-play functions take the house
  rule `pure_fifty_k_order` (FKO-10): `"suit"` (FK-21, the default) or `"equal"`
  (FKO-12: a pure fifty-K never beats another).
- `legal_plays(hand, top=None, limit=None)`: one `Combo` per distinct
  (card set, kind) that beats `top` (every combination for a lead), in play-id
  order; `count_legal_plays(hand, top=None)` counts them without listing;
  `legal_play_ids` lists their play ids and `legal_play_types` their type ids
  (each type once: an action mask over types).
- Play ids (`Combo.id`, `play_id`, `play_from_id`): every play of one deck,
  suits included, is an integer in `0..NUM_PLAY_IDS` (17 889 928 223) that
  round-trips exactly. Type ids (`Combo.type_id`) forget the suits: kind, main
  rank, length and kicker ranks (and the suit of a pure fifty-K) in
  `0..NUM_PLAY_TYPES` (7 409), small enough for an action mask. Ids follow the
  kinds in `KINDS` order, then length, main rank, kicker ranks (colex) and suits;
  see `rust_core/src/fifty_k/encode.rs` for the exact layout.
- Kickers (FK-14, FK-15): any rank other than the triples', a 2 and ranks next to
  the sequence included; FK-15 kickers are of n different ranks.
"""

from fenpai._core import FIFTY_K_KINDS as KINDS
from fenpai._core import FIFTY_K_NUM_PLAY_IDS as NUM_PLAY_IDS
from fenpai._core import FIFTY_K_NUM_PLAY_TYPES as NUM_PLAY_TYPES
from fenpai._core import Combo
from fenpai._core import fifty_k_beats as beats
from fenpai._core import fifty_k_classify as classify
from fenpai._core import fifty_k_count_legal_plays as count_legal_plays
from fenpai._core import fifty_k_legal_play_ids as legal_play_ids
from fenpai._core import fifty_k_legal_play_types as legal_play_types
from fenpai._core import fifty_k_legal_plays as legal_plays
from fenpai._core import fifty_k_play_from_id as play_from_id
from fenpai._core import fifty_k_play_id as play_id
from fenpai._core import fifty_k_readings as readings

__all__ = [
    "KINDS",
    "NUM_PLAY_IDS",
    "NUM_PLAY_TYPES",
    "Combo",
    "beats",
    "classify",
    "count_legal_plays",
    "legal_play_ids",
    "legal_play_types",
    "legal_plays",
    "play_from_id",
    "play_id",
    "readings",
]
