"""`Game`: the variant-independent surface of one hand (the API contract's `Game`).

A game is its configuration (variant, options, seed or scripted deck) plus the actions
applied so far; `to_json` stores exactly that and `from_json` replays it, so a replay of
`history` always reproduces the state. Every action is checked before anything changes:
a rejected action raises `IllegalAction` and leaves the game as it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from fenpai._core import Card, CardSpace, Rng, cards, format_cards
from fenpai.actions import Action, parse_action
from fenpai.errors import GameOver, IllegalAction, NoSuchSeat, NotYourTurn

if TYPE_CHECKING:
    from fenpai.bots import Bot

JSON_FORMAT = 1


class Choices(Protocol):
    """The legal actions of one decision, countable and indexable."""

    def count(self) -> int: ...
    def text(self, index: int) -> str: ...
    def texts(self, limit: int | None) -> list[str]: ...


class ListChoices:
    """A short list of action texts."""

    def __init__(self, texts: list[str]):
        self._texts = texts

    def count(self) -> int:
        return len(self._texts)

    def text(self, index: int) -> str:
        return self._texts[index]

    def texts(self, limit: int | None) -> list[str]:
        return self._texts if limit is None else self._texts[:limit]


class CardChoices:
    """`VERB CARDS` for every `size`-card multiset of some cards (a burial): never listed whole."""

    def __init__(self, verb: str, hand: list[Card], size: int):
        self._verb = verb
        self._space = CardSpace(hand, size)

    def count(self) -> int:
        return self._space.count()

    def text(self, index: int) -> str:
        return f"{self._verb} {format_cards(self._space.nth(index))}"

    def texts(self, limit: int | None) -> list[str]:
        return [f"{self._verb} {t}" for t in self._space.texts(limit)]


NO_CHOICES = ListChoices([])

OptionSpec = dict[str, tuple[Any, Callable[[Any], bool], str]]


class Game:
    """One hand of a variant. Subclasses hold the phases; this class holds the contract."""

    variant: ClassVar[str]
    #: option name -> (default, validator, description of valid values)
    OPTIONS: ClassVar[OptionSpec] = {}

    def __init__(
        self,
        *,
        seed: int = 0,
        deck: str | None = None,
        first_seat: int | None = None,
        **options: Any,
    ):
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an integer 0..2**64-1, not {seed!r}")
        self.options = self._check_options(options)
        self.num_players: int = self._players()
        if first_seat is not None and (
            not isinstance(first_seat, int) or not 0 <= first_seat < self.num_players
        ):
            raise ValueError(f"first_seat must be a seat 0..{self.num_players - 1}")
        self._seed = seed
        self._scripted = deck
        self._first_seat = first_seat
        self._rng = Rng(seed)
        self._history: list[tuple[int, str]] = []
        self._resigned: int | None = None
        self._deck = self._make_deck(deck)

    # -- configuration -----------------------------------------------------------------

    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        out = {}
        for name in options:
            if name not in self.OPTIONS:
                known = ", ".join(sorted(self.OPTIONS)) or "none"
                raise ValueError(f"unknown option '{name}' for {self.variant}: known are {known}")
        for name, (default, valid, expected) in self.OPTIONS.items():
            value = options.get(name, default)
            if not valid(value):
                raise ValueError(f"option {name} must be {expected}, not {value!r}")
            out[name] = value
        return out

    def _players(self) -> int:
        raise NotImplementedError

    def _full_deck(self) -> list[Card]:
        """Every card of the game, in a fixed order."""
        raise NotImplementedError

    def _make_deck(self, deck: str | None) -> list[Card]:
        """C-5: the scripted deck (checked to be exactly the game's cards), else a shuffle."""
        full = self._full_deck()
        if deck is None:
            shuffled = list(full)
            self._rng.shuffle(shuffled)
            return shuffled
        try:
            given = cards(deck)
        except ValueError as err:
            raise ValueError(f"deck: {err}") from None
        want, got = _multiset(full), _multiset(given)
        if want != got:
            missing = [c for c in want if got.get(c, 0) < want[c]]
            extra = [c for c in got if got[c] > want.get(c, 0)]
            raise ValueError(
                f"deck must hold exactly the game's {len(full)} cards; "
                f"missing {' '.join(missing) or 'none'}, extra {' '.join(extra) or 'none'}"
            )
        return given

    # -- the contract ------------------------------------------------------------------

    @property
    def phase(self) -> str:
        raise NotImplementedError

    @property
    def to_act(self) -> list[int]:
        raise NotImplementedError

    def _choices(self, seat: int) -> Choices:
        """The legal actions of `seat` (which may act now)."""
        raise NotImplementedError

    def _act(self, seat: int, action: Action) -> str:
        """Checks then applies an action of `seat`; returns its canonical text."""
        raise NotImplementedError

    def legal_actions(self, seat: int, limit: int | None = None) -> list[str]:
        """The legal actions of `seat` now, at most `limit` (empty when it may not act)."""
        if seat not in self.to_act:
            return []
        return self._choices(seat).texts(limit)

    def num_legal(self, seat: int) -> int:
        """len(legal_actions(seat)) without building the strings."""
        if seat not in self.to_act:
            return 0
        return self._choices(seat).count()

    def legal_action(self, seat: int, index: int) -> str:
        """The `index`-th of legal_actions(seat), without listing the others."""
        self._check_turn(seat)
        choices = self._choices(seat)
        if not 0 <= index < choices.count():
            raise IllegalAction(
                f"seat {seat} has {choices.count()} legal actions; {index} is out of range"
            )
        return choices.text(index)

    def apply_legal(self, seat: int, index: int) -> None:
        """Applies the `index`-th of legal_actions(seat): the fast path for bots."""
        self.apply(seat, self.legal_action(seat, index))

    def apply(self, seat: int, action: str) -> None:
        """Applies an action; raises IllegalAction with the reason and changes nothing."""
        self._check_turn(seat)
        text = self._act(seat, parse_action(action))
        self._history.append((seat, text))

    def _check_turn(self, seat: object) -> None:
        """NoSuchSeat, GameOver or NotYourTurn unless `seat` may act now."""
        self._check_seat(seat, f": seats are 0..{self.num_players - 1}")
        if seat not in self.to_act:
            waiting = ", ".join(map(str, self.to_act))
            raise NotYourTurn(f"it is not seat {seat}'s turn (waiting for seat {waiting})")

    def _check_seat(self, seat: object, hint: str = "") -> None:
        """NoSuchSeat unless `seat` is one of the game's, then GameOver once it is over."""
        if not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise NoSuchSeat(f"there is no seat {seat!r}{hint}")
        if self.phase == "done":
            raise GameOver("the game is over")

    def run_in_core(self, bots: list[Bot]) -> None:
        """Plays the rest of the play phase in the core, each seat's bot choosing."""
        raise NotImplementedError

    @property
    def history(self) -> list[tuple[int, str]]:
        """Every applied action, in order; replaying it on a fresh game reproduces the state."""
        return list(self._history)

    @property
    def num_actions(self) -> int:
        """len(history), without building its text."""
        return len(self._history)

    @property
    def last_action(self) -> tuple[int, str] | None:
        """history[-1], without building the rest of it (None before any action)."""
        return self._history[-1] if self._history else None

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator): never another player's hidden cards."""
        raise NotImplementedError

    def core_objects(self) -> dict[str, object]:
        """The core objects of the hand so far, by phase (stub until games-core: the play only)."""
        play = getattr(self, "play", None)
        return {} if play is None else {"play": play}

    @property
    def result(self) -> dict[str, Any] | None:
        raise NotImplementedError

    def resign(self, seat: int) -> None:
        """Abandons the hand for `seat`: it ends at once. Red Five 5p scores the escape
        (R5-43); in the other variants no rule scores it, and the hand is void."""
        self._check_seat(seat)
        self._resigned = seat

    # -- serialization -------------------------------------------------------------------

    def config(self) -> dict[str, Any]:
        """What `new_game` needs to make this game again, before any action."""
        return {
            "variant": self.variant,
            "seed": self._seed,
            "deck": self._scripted,
            "first_seat": self._first_seat,
            "options": _jsonable(self.options),
        }

    def to_json(self) -> str:
        """The configuration and the history: `Game.from_json` replays it exactly."""
        data = {
            "fenpai": JSON_FORMAT,
            **self.config(),
            "history": [[s, a] for s, a in self.history],
            "resigned": self._resigned,
        }
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """The game `to_json` wrote, replayed action by action."""
        from fenpai.games import new_game

        try:
            data = json.loads(text)
            if data.get("fenpai") != JSON_FORMAT:
                raise ValueError(f"unknown game format {data.get('fenpai')!r}")
            game = new_game(
                data["variant"],
                seed=data["seed"],
                deck=data["deck"],
                first_seat=data["first_seat"],
                **data["options"],
            )
            for seat, action in data["history"]:
                game.apply(seat, action)
            if data.get("resigned") is not None:
                game.resign(data["resigned"])
        except (KeyError, TypeError, json.JSONDecodeError) as err:
            raise ValueError(f"not a fenpai game: {err}") from None
        return game

    def clone(self) -> Game:
        """An independent copy."""
        return Game.from_json(self.to_json())

    def __repr__(self) -> str:
        return f"<{self.variant} game, phase {self.phase}, {len(self.history)} actions>"


def _multiset(cs: list[Card]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cs:
        out[str(c)] = out.get(str(c), 0) + 1
    return out


def _jsonable(options: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}
