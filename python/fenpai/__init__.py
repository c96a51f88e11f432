"""fenpai: a fast, correct engine for Chinese point-card games.

Red Five (4 and 5 players), Fifty-K and Tractor: the rules live in a Rust core
(`fenpai._core`); this package adds the games around them.
"""

from importlib.metadata import PackageNotFoundError, version

from fenpai import fifty_k, scoring
from fenpai._core import Card, Format, ThrowCheck, TrickRules, cards, format_cards
from fenpai.encoding import encode
from fenpai.envs.registration import when_imported
from fenpai.errors import (
    GameOver,
    IllegalAction,
    MalformedAction,
    NoSuchSeat,
    NotYourTurn,
    UnsupportedOption,
)
from fenpai.games import Game, Match, new_game, new_match
from fenpai.simulation import simulate

when_imported()  # `gymnasium.make("fenpai/<variant>-v0")` once Gymnasium is imported

try:  # the Cargo workspace's version, which maturin gives the package
    __version__ = version("fenpai")
except PackageNotFoundError:  # a source tree on sys.path that was never installed
    __version__ = "0+unknown"

__all__ = [
    "Card",
    "Format",
    "Game",
    "GameOver",
    "IllegalAction",
    "MalformedAction",
    "Match",
    "NoSuchSeat",
    "NotYourTurn",
    "ThrowCheck",
    "TrickRules",
    "UnsupportedOption",
    "cards",
    "encode",
    "fifty_k",
    "format_cards",
    "new_game",
    "new_match",
    "scoring",
    "simulate",
]
