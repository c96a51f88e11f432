"""The phases of a hand, as each variant declares them: which core object a phase is,
how it is made from the phase before, and how bots act in it.

Every phase object answers one protocol, the core's own: `to_act`, `done`,
`num_legal()`, `legal_action(i)`, `legal_actions(limit)`, `apply(seat, text)` (the
canonical text back), `apply_legal(i)` (the same), `step(i)` (the seat to act next
back), `log()`, `log_len()`, `last_log()`, `hand(seat)`, `hand_sizes()`, `clone()`.
The phases before the play are the core's phase objects; the play is `TrickPlay`,
`FiftyKPlay` or `FiftyKPilePlay`, which speak the same protocol. What differs is how
bots act: a `PhaseBot` before the play, a `TrickBot` (told who plays with whom) or an
`FkBot` in it, which is what the steps here add.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from fenpai._core import Card
    from fenpai.bots import Bot
    from fenpai.games.base import Game


class PhaseObject(Protocol):
    """The protocol every core phase object answers (see the module's docstring)."""

    @property
    def to_act(self) -> int | None: ...
    @property
    def done(self) -> bool: ...
    def num_legal(self) -> int: ...
    def legal_action(self, index: int) -> str: ...
    def legal_actions(self, limit: int | None = None) -> list[str]: ...
    def apply(self, seat: int, action: str) -> str: ...
    def apply_legal(self, index: int) -> str: ...
    def step(self, index: int) -> int | None: ...
    def log(self) -> list[tuple[int, str]]: ...
    def log_len(self) -> int: ...
    def last_log(self) -> tuple[int, str] | None: ...
    def hand(self, seat: int) -> list[Card]: ...
    def clone(self) -> Any: ...


#: Makes a phase's object from the game and the finished object of the phase before
#: (None for the first phase).
Maker = Callable[[Any, Any], Any]


class Step:
    """A phase before the play: `key` names it in `Game.core_objects()`, `name` in
    views; the seat's `PhaseBot` acts in it."""

    __slots__ = ("key", "name", "make")

    def __init__(self, key: str, make: Maker, name: str | None = None):
        self.key = key
        self.name = name or key
        self.make = make

    def phase_name(self, obj: Any) -> str:
        """The phase as views name it."""
        return self.name

    def choose(self, game: Game, obj: Any, bot: Bot) -> str:
        return str(bot.phase_bot.choose(obj))

    def play_out(self, game: Game, obj: Any, bots: list[Bot]) -> None:
        obj.play_out([b.phase_bot for b in bots])


class BiddingStep(Step):
    """Red Five 4p's bidding object, which is two phases of the views: bid, then trump."""

    __slots__ = ()

    def phase_name(self, obj: Any) -> str:
        return str(obj.phase)


class TrickPlayStep(Step):
    """The play of a trick-taking hand: each seat's `TrickBot`, told who plays with whom
    (`sides`: "partners", "alone" or "friend", with the declarer) and, for the search,
    the phase objects before the play (what each seat knows from them)."""

    __slots__ = ("sides",)

    def __init__(self, make: Maker, sides: str):
        super().__init__("play", make)
        self.sides = sides

    def choose(self, game: Any, obj: Any, bot: Bot) -> str:
        return bot.trick_bot.choose(obj, self.sides, game.declarer, **game.search_context())

    def play_out(self, game: Any, obj: Any, bots: list[Bot]) -> None:
        trick_bots = [b.trick_bot for b in bots]
        obj.play_out(trick_bots, self.sides, game.declarer, **game.search_context())


class FiftyKPlayStep(Step):
    """The play of a Fifty-K hand, of one deck or several: each seat's `FkBot`, told the
    hand's tribute (what the search keeps of it, FKO-48)."""

    __slots__ = ()

    def __init__(self, make: Maker):
        super().__init__("play", make)

    def choose(self, game: Any, obj: Any, bot: Bot) -> str:
        return bot.fk_bot.choose(obj, game.tribute)

    def play_out(self, game: Any, obj: Any, bots: list[Bot]) -> None:
        obj.play_out([b.fk_bot for b in bots], game.tribute)
