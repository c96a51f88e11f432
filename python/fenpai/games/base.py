"""`Game`: the variant-independent surface of one hand (the API contract's `Game`).

A hand is a sequence of phases, each a state object of the Rust core (see
`fenpai.games.phases`); a variant declares its phases (`PHASES`) and how each is made
from the one before, its views and its scoring. Every mutable bit of a hand's state lives
in those core objects, so that `clone` copies them without a replay. The contract
(`apply`, `legal_actions`, `num_legal`, `apply_legal`, `history`, ...) is implemented
here once, for every variant.

`to_json` stores the configuration (variant, options, seed or scripted deck) and the
actions applied so far, and `from_json` replays them, so a replay of `history` always
reproduces the state. Every action is checked before anything changes: a rejected action
raises `IllegalAction` and leaves the game as it was.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from fenpai._core import Card, format_cards, play_outcomes, sample_world
from fenpai.actions import parse_action
from fenpai.errors import GameOver, IllegalAction, NoSuchSeat, NotYourTurn, UnsupportedOption
from fenpai.games.options import TOURNAMENT, Option, Preset

if TYPE_CHECKING:
    from fenpai.bots import Bot
    from fenpai.games.phases import Step

JSON_FORMAT = 1

OptionSpec = dict[str, Option]


#: At most this many legal actions are listed unless told (about 1 MB of text): more
#: than every decision of Fifty-K and of 99.9% of the trick-taking variants' plays.
LEGAL_LIMIT = 10_000


class Game:
    """One hand of a variant. Subclasses declare the phases; this class holds the contract."""

    __slots__ = (
        "options",
        "num_players",
        "_seed",
        "_scripted",
        "_first_seat",
        "_objects",
        "_cur",
        "_seat",
        "_at",
        "_before",
        "_resigned",
        "_result",
    )

    variant: ClassVar[str]
    #: The variant's name for people.
    NAME: ClassVar[str]
    #: How many seats a game of the variant may have.
    PLAYER_COUNTS: ClassVar[tuple[int, ...]]
    #: option name -> its default, check and description (`fenpai.games.options`)
    OPTIONS: ClassVar[OptionSpec] = {}
    #: Named sets of house rules offered to a table, the seeds' rules first.
    PRESETS: ClassVar[tuple[Preset, ...]] = (TOURNAMENT,)
    #: The house-rule options (TRO-*): left out of `config` at their default, so a game of
    #: the seeds' rules is written as it was before house rules existed.
    HOUSE_RULES: ClassVar[tuple[str, ...]] = ()
    #: The phases of a hand, in order (`phases()`: a hand's own, where options add some).
    PHASES: ClassVar[tuple[Step, ...]] = ()

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
        self._resigned: int | None = None
        self._result: dict[str, Any] | None = None
        step = self.phases()[0]
        first = step.make(self, None)
        self._objects: dict[str, Any] = {step.key: first}
        self._cur: Any = first
        self._at = 0
        self._before = 0
        self._settle()
        self._init_derived()

    def phases(self) -> tuple[Step, ...]:
        """The phases of this hand, in order: the variant's `PHASES`, unless its options
        add one (Fifty-K's tribute, FKO-42)."""
        return self.PHASES

    def _init_derived(self) -> None:
        """Sets what a variant derives from the configuration or caches from the objects."""

    def bot_problem(self, name: str) -> str | None:
        """Why the bot `name` (a known one) cannot play this game (its variant or its
        options), or None: every bot plays every variant at its default options."""
        return None

    def check_bots(self, names: list[str]) -> None:
        """`UnsupportedOption` with `bot_problem`'s reason when a bot of `names` cannot play
        this game: the whole-hand calls and `bot_action` refuse it before any move."""
        for name in names:
            problem = self.bot_problem(name) if isinstance(name, str) else None
            if problem is not None:
                raise UnsupportedOption(problem)

    def layout_decks(self) -> int:
        """The decks the observation's layout is of: 1 but for Fifty-K's several decks
        (FKO-20), the one variant whose layout depends on them."""
        return 1

    def layout_options(self) -> dict[str, Any]:
        """What the observation's layout depends on, as `fenpai.encoding.fields` takes
        it: Fifty-K's decks (FKO-20) and tribute (FKO-40), Tractor's kitty theft
        (TRO-112); none for the other variants. (`fenpai.encode` asks it at every call:
        read the options directly.)"""
        return {}

    def core_options(self) -> dict[str, Any]:
        """The options the core's phases take."""
        return {}

    def hands_options(self) -> dict[str, Any]:
        """What the core's whole-hand calls take (`play_hands`, `play_outcomes`, `Driver`,
        `sample_world`): the core's options and what the search bot plays for (Red Five
        4p's `kitty_points`)."""
        return self.core_options()

    def play_batch(self, seeds: list[int], bots: list[str]) -> dict[str, np.ndarray]:
        """The hands of `seeds` with this game's options, played to their end in the core
        (one call, the GIL released) between the bots named `bots` (seeded as
        `fenpai.bots.Bot` seeds them), and scored as `result` scores them (`score_facts`)."""
        self.check_bots(bots)
        return self.score_facts(play_outcomes(self.variant, seeds, bots, **self.hands_options()))

    def score_facts(self, facts: dict[str, Any]) -> dict[str, np.ndarray]:
        """Finished hands scored as `result` scores them, from the facts the core gives
        (`_core.play_outcomes`, `Driver.outcomes`), without a Python object per hand:
        "game_points", "card_points" and "won" (hands x seats: the seat is among
        `result["winners"]`), "actions" (hands)."""
        raise NotImplementedError

    def hand_from(
        self,
        seed: int,
        objects: tuple[Any, ...],
        deck: str | None = None,
        first_seat: int | None = None,
    ) -> Game:
        """The hand of `seed` (or of a scripted `deck` and `first_seat`, as `new_game`
        takes them) with this game's options, from its phase objects so far in order,
        as the core's `play_hands` and `Driver` give them (each but the last finished)."""
        new = self._sibling(seed, deck, first_seat)
        phases = self.phases()[: len(objects)]
        new._objects = {step.key: obj for step, obj in zip(phases, objects, strict=True)}
        new._cur = objects[-1]
        new._seat = new._cur.to_act
        new._at = len(objects) - 1
        new._before = sum(int(obj.log_len()) for obj in objects[:-1])
        new._init_derived()
        return new

    def sample_world(self, seat: int, seed: int) -> Game:
        """A complete hand that `seat` cannot tell from this one: its own cards,
        every public action and fact (voids shown by following, C-30, C-31; throws that
        stood or failed, C-50, C-51; declarations and reveals, TR-10..TR-12, R5-10; the
        call card and friend, R5-20..R5-22; bids, passes) kept, every card it cannot see
        dealt again. The sample is a game of its own (a scripted deck, its first seat, a
        seed of its own, C-5) whose history is this one's, except the burial when `seat`
        did not bury it (C-4: the buried cards are sampled too; under Tractor's kitty
        theft, TRO-112, every burial it neither made nor took up, the steals and what it
        knows of its own burials kept); its views for `seat` and for spectators are this
        game's, and this game is unchanged. Deterministic for `seed`.

        Distribution: Fifty-K, uniform over the consistent deals. The trick-taking
        variants, a constrained random deal: the cards known to a seat go to it first
        (and, for each failed throw, a unit that beat it to a random other seat), then
        every other unseen card, the most constrained first, to a place the public facts
        allow with probability proportional to its room (uniform for cards no fact
        constrains); facts no per-card limit expresses (a tractor held, C-31 `full`, the
        friend) are met by rejection (and under TRO-112 each burial `seat` does not know
        is drawn at random from its stealer's hand, after what its burier must have
        held): each deal is checked exactly against the history,
        at most 32 tries, then a chain of random swaps from the real deal, each kept only
        when the world stays consistent. It never returns an inconsistent world. Should
        no deck give the sampled hands within 32 tries, the sample is the real deal with a
        seed of its own (a safety net the tests hold to under 1 sample in 500: none of
        5,120 at random positions, half of them in the play, of 29 option sets of the
        trick-taking variants, nor of those where Tractor's kitty was stolen). Deal
        positions: `seat`'s own cards (and a kitty it took up) where it received them,
        the others' at random among their positions, what they declared early enough."""
        self._check_seat_number(seat)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an integer 0..2**64-1, not {seed!r}")
        objects = [self._objects[step.key] for step in self.phases()[: self._at + 1]]
        deck, first_seat, game_seed, sampled = sample_world(
            self.variant,
            objects,
            seat,
            seed,
            over=self._resigned is not None,
            first_seat=self._dealt_from(),
            received=self._received(seat),
            **self.hands_options(),
        )
        new = self.hand_from(game_seed, sampled, deck, first_seat)
        new._resigned = self._resigned
        return new

    def _dealt_from(self) -> int | None:
        """C-5: the seat of the first card, where the first phase's object does not keep it."""
        return self._first_seat

    def _received(self, seat: int) -> list[Card] | None:
        """`seat`'s cards in the order it received them, where the first phase's object
        does not keep the deck (the sample deals them to it in that order)."""
        return None

    def _sibling(self, seed: int, scripted: str | None, first_seat: int | None) -> Game:
        """A bare game of this class and options (the configuration shared, never copied:
        it does not change), not yet holding any phase object."""
        new = object.__new__(type(self))
        new.options = self.options
        new.num_players = self.num_players
        new._seed = seed
        new._scripted = scripted
        new._first_seat = first_seat
        new._resigned = None
        new._result = None
        return new

    def _deck_text(self) -> str | None:
        """The scripted deck as the core reads it (C-5), or None for a shuffle."""
        deck = self._scripted
        if deck is None or isinstance(deck, str):
            return deck
        try:
            return format_cards(deck)
        except (TypeError, ValueError) as err:
            raise ValueError(f"deck: {err}") from None

    # -- configuration -----------------------------------------------------------------

    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        out = {}
        for name in options:
            if name not in self.OPTIONS:
                known = ", ".join(sorted(self.OPTIONS)) or "none"
                raise ValueError(f"unknown option '{name}' for {self.variant}: known are {known}")
        for name, option in self.OPTIONS.items():
            value = options.get(name, option.default)
            if not option.valid(value):
                raise ValueError(f"option {name} must be {option.expected}, not {value!r}")
            out[name] = value
        return out

    def _players(self) -> int:
        raise NotImplementedError

    # -- the phases ------------------------------------------------------------------------

    def _settle(self) -> None:
        """Makes the next phase's object while the current one is over (a deal can end
        without a choice); the last phase's object stays, over, when the hand is."""
        cur, phases = self._cur, self.phases()
        while cur.done and self._at + 1 < len(phases):
            self._before += cur.log_len()
            self._at += 1
            step = phases[self._at]
            cur = step.make(self, cur)
            self._objects[step.key] = cur
        self._cur = cur
        # The seat to act as the current object last said (None once it is over): every
        # change of the object goes through this class, which keeps it.
        self._seat: int | None = cur.to_act

    def core_objects(self) -> dict[str, Any]:
        """The core objects of the hand so far, by phase ("deal", "kitty", "friend",
        "play"); a finished phase's object is kept in its final state. Read-only: acting
        on them behind the game's back is not supported."""
        return dict(self._objects)

    # -- the contract ------------------------------------------------------------------

    @property
    def phase(self) -> str:
        if self._seat is None or self._resigned is not None:
            return "done"
        return self.phases()[self._at].phase_name(self._cur)

    @property
    def to_act(self) -> list[int]:
        """The seats that may act now (empty once the hand is over)."""
        seat = self._seat
        return [] if seat is None or self._resigned is not None else [seat]

    def legal_actions(self, seat: int, limit: int | None = None) -> list[str]:
        """The legal actions of `seat` now (empty when it may not act), the first `limit`,
        or `LEGAL_LIMIT` when `limit` is None: a burial can have millions. `num_legal`
        counts them all; a larger `limit` lists more, `legal_action(seat, i)` any one."""
        if limit is not None and (type(limit) is not int or not 0 <= limit < 2**64):
            raise ValueError(f"limit must be None or an int 0..2**64-1, not {limit!r}")
        if type(seat) is bool:
            self._check_seat_number(seat)
        if seat != self._seat or self._resigned is not None:
            return []
        return list(self._cur.legal_actions(LEGAL_LIMIT if limit is None else limit))

    def num_legal(self, seat: int) -> int:
        """len(legal_actions(seat)) without building the strings."""
        if type(seat) is bool:
            self._check_seat_number(seat)
        if seat != self._seat or self._resigned is not None:
            return 0
        count: int = self._cur.num_legal()
        return count

    def legal_action(self, seat: int, index: int) -> str:
        """The `index`-th of legal_actions(seat), without listing the others."""
        cur = self._cur
        if seat != self._seat or self._resigned is not None or type(seat) is bool:
            self._check_turn(seat)
        if isinstance(index, int) and not isinstance(index, bool) and index >= 0:
            try:
                return str(cur.legal_action(index))
            except (ValueError, OverflowError):
                pass
        raise IllegalAction(
            f"seat {seat} has {cur.num_legal()} legal actions; {index} is out of range"
        )

    def apply_legal(self, seat: int, index: int) -> None:
        """Applies the `index`-th of legal_actions(seat): the fast path for bots."""
        cur = self._cur
        if seat != self._seat or self._resigned is not None or type(seat) is bool:
            self._check_turn(seat)
        if type(index) is bool:  # an int to Python, never an index here
            raise IllegalAction(f"seat {seat}: an index is an int, not {index!r}")
        try:
            self._seat = cur.step(index)
        except (ValueError, OverflowError, TypeError):
            raise IllegalAction(
                f"seat {seat} has {cur.num_legal()} legal actions; {index} is out of range"
            ) from None
        if self._seat is None:
            self._settle()

    def apply(self, seat: int, action: str) -> None:
        """Applies an action; raises IllegalAction with the reason and changes nothing."""
        cur = self._cur
        if seat != self._seat or self._resigned is not None or type(seat) is bool:
            self._check_turn(seat)
        if type(action) is not str or not (action.isascii() and action.isprintable()):
            parse_action(action)  # MalformedAction for what the grammar refuses (C-1)
        cur.apply(seat, action)  # the core raises the typed IllegalAction, changing nothing
        self._seat = cur.to_act
        if self._seat is None:
            self._settle()

    def _check_turn(self, seat: object) -> None:
        """NoSuchSeat, GameOver or NotYourTurn unless `seat` may act now."""
        self._check_seat(seat, f": seats are 0..{self.num_players - 1}")
        if seat not in self.to_act:
            waiting = ", ".join(map(str, self.to_act))
            raise NotYourTurn(f"it is not seat {seat}'s turn (waiting for seat {waiting})")

    def _check_seat_number(self, seat: object, hint: str = "") -> None:
        """NoSuchSeat unless `seat` is one of the game's (a bool, an int to Python, never is)."""
        if type(seat) is bool or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise NoSuchSeat(f"there is no seat {seat!r}{hint}")

    def _check_seat(self, seat: object, hint: str = "") -> None:
        """NoSuchSeat unless `seat` is one of the game's, then GameOver once it is over."""
        self._check_seat_number(seat, hint)
        if self.phase == "done":
            raise GameOver("the game is over")

    def bot_action(self, bot: Bot, seat: int) -> str:
        """The action `bot` takes now for `seat`, chosen by the core's bot of this phase."""
        self._check_turn(seat)
        self.check_bots([bot.name])
        return self.phases()[self._at].choose(self, self._cur, bot)

    def play_out(self, bots: list[Bot]) -> None:
        """Plays the rest of the hand in the core, phase by phase (each one call, the GIL
        released), `bots[seat]` choosing for each seat: the hand `bot_action` gives."""
        if len(bots) != self.num_players:
            raise ValueError(f"{self.variant} has {self.num_players} seats; got {len(bots)} bots")
        self.check_bots([b.name for b in bots])
        while self.phase != "done":
            self.phases()[self._at].play_out(self, self._cur, bots)
            self._settle()

    @property
    def history(self) -> list[tuple[int, str]]:
        """Every applied action, in order; replaying it on a fresh game reproduces the state."""
        return [a for obj in self._objects.values() for a in obj.log()]

    @property
    def num_actions(self) -> int:
        """len(history), without building its text."""
        return self._before + int(self._cur.log_len())

    @property
    def last_action(self) -> tuple[int, str] | None:
        """history[-1], without building the rest of it (None before any action)."""
        for obj in reversed(self._objects.values()):
            last = obj.last_log()
            if last is not None:
                return (int(last[0]), str(last[1]))
        return None

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator): never another player's hidden cards."""
        if seat is not None:
            self._check_seat_number(seat)
        return self._view(seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def result(self) -> dict[str, Any] | None:
        """The hand's result once it is over (see the variant's scoring), else None."""
        if self.phase != "done":
            return None
        if self._result is None:
            self._result = self._abandoned() if self._resigned is not None else self._score()
        return self._result

    def _score(self) -> dict[str, Any]:
        raise NotImplementedError

    def _abandoned(self) -> dict[str, Any]:
        """The result of a hand a seat abandoned: void, as no rule of the variant scores
        it (Red Five 5p overrides this with its escape rule, R5-43)."""
        zero = [0] * self.num_players
        return {"card_points": zero, "game_points": zero, "winners": [], "escaped": self._resigned}

    def resign(self, seat: int) -> None:
        """Abandons the hand for `seat`: it ends at once. Red Five 5p scores the escape
        (R5-43); in the other variants no rule scores it, and the hand is void."""
        self._check_seat(seat)
        self._resigned = seat

    def clone(self) -> Game:
        """An independent copy, without a replay: the configuration is shared, the current
        phase's core object is cloned, and the finished phases' objects are shared (they
        never change)."""
        new = self._sibling(self._seed, self._scripted, self._first_seat)
        self._copy_into(new)
        return new

    def _copy_into(self, new: Game) -> None:
        """Gives `new` (a sibling) a copy of this game's state."""
        cur = self._cur.clone()
        objects = dict(self._objects)
        objects[self.phases()[self._at].key] = cur
        new._objects = objects
        new._cur = cur
        new._seat = self._seat
        new._at = self._at
        new._before = self._before
        new._resigned = self._resigned

    # -- serialization -------------------------------------------------------------------

    def config(self) -> dict[str, Any]:
        """What `new_game` needs to make this game again, before any action."""
        return {
            "variant": self.variant,
            "seed": self._seed,
            "deck": self._scripted,
            "first_seat": self._first_seat,
            "options": _jsonable(self.stated_options()),
        }

    def stated_options(self) -> dict[str, Any]:
        """The options `new_game` needs to make this game again: every option but a house
        rule at its default (see `HOUSE_RULES`)."""
        return {
            name: value
            for name, value in self.options.items()
            if name not in self.HOUSE_RULES or value != self.OPTIONS[name].default
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

    def __repr__(self) -> str:
        return f"<{self.variant} game, phase {self.phase}, {len(self.history)} actions>"


#: A finished game's results: game points, card points, won (per seat), actions.
ResultRow = tuple[list[float], list[float], list[bool], int]


def scored_arrays(
    players: int, game_points: Any, card_points: Any, won: Any, actions: Any
) -> dict[str, np.ndarray]:
    """What `Game.score_facts` returns, from a row per hand (lists or arrays): game and
    card points as floats and `won` as bools, each hands x `players`, and "actions"."""
    return {
        "game_points": np.array(game_points, float).reshape(-1, players),
        "card_points": np.array(card_points, float).reshape(-1, players),
        "won": np.array(won, bool).reshape(-1, players),
        "actions": np.asarray(actions),
    }


def result_row(game: Game) -> ResultRow:
    """A finished game's game points, card points and winners per seat (the seat is
    among `result["winners"]`), and its number of actions."""
    result = game.result or {}
    n = game.num_players
    points = result.get("game_points", [0] * n)
    winners = result.get("winners", [s for s in range(n) if points[s] > 0])
    return (
        points,
        result.get("card_points", [0] * n),
        [s in winners for s in range(n)],
        game.num_actions,
    )


def _jsonable(options: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}
