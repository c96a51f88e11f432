"""fenpai: a fast, correct engine for Chinese point-card games.

Red Five (4 and 5 players), Fifty-K and Tractor: the rules live in a Rust core
(`fenpai._core`); this package adds the games around them.
"""

from fenpai import fifty_k
from fenpai._core import Card, cards, format_cards

__all__ = ["Card", "cards", "fifty_k", "format_cards"]
