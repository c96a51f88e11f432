"""`Session`: one game or table held in memory — its state, its events, its seats' token
hashes, and the lock that serialises every change to them (an `asyncio.Lock`: the
server runs every game on one event loop, and a change holds the lock until it is
committed).

The state is always the replay of the stored events on `new_game(**config)` (a table:
`new_match(**config)`) (`GameState`), so a session can be rebuilt from the store at any
time: on a restart, or to undo a change that could not be stored. A stream of every
event keeps its own `GameState` and advances it event by event, which gives the view
after every event without holding the session's lock; a stream of a seat's turns keeps
none (it reads the session's, under the lock).

A table's hands ride on the same log: once a hand is done the server appends
`hand_end` (where the match clock, TR-31, is read: the time since every seat was
taken, from the stored events' times, so a replay reads the same), then `hand_start`
(the next hand is dealt) or `match_end`.
"""

from __future__ import annotations

import asyncio
import bisect
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from fenpai.errors import RULE_ID
from fenpai.games import Game, Match, new_game, new_match
from fenpai.service import auth, limits, names
from fenpai.service.errors import ServiceError
from fenpai.service.store import StoredEvent, StoredGame

#: The events the server itself appends at a table, in the order a hand's end has them.
SERVER_KINDS = ("hand_end", "hand_start", "match_end")

#: A stream's verified tokens: (game id, token) -> (seat, the seat's stored hash then).
Verified = dict[tuple[str, str], tuple[int, bytes]]
#: Tokens a stream remembers at most (it forgets them all when it would hold more).
MAX_VERIFIED = 64
#: Views a game keeps (`Views`).
MAX_VIEWS = 64


class RestoreError(Exception):
    """A stored game cannot be replayed (its events no longer apply)."""


def make_game(config: dict[str, Any]) -> Game:
    """The game `config` (a `Game.config()`) describes, before any action."""
    return new_game(
        config["variant"],
        seed=config["seed"],
        deck=config["deck"],
        first_seat=config["first_seat"],
        **config["options"],
    )


def make_match(config: dict[str, Any]) -> Match:
    """The match `config` (a `Match.config()`) describes, before any action."""
    return new_match(
        config["variant"],
        seed=config["seed"],
        hands=config["hands"],
        clock=config["clock"],
        **config["options"],
    )


class GameState:
    """A game or table at one version: the hand under way (`game`), the match of a
    table, and which seats are taken.

    Until every seat is taken nobody may act: `to_act` is empty and views list no
    legal action. Between a table's hands nobody may act either: the server appends
    the hand's end and the next hand's start.
    """

    def __init__(
        self,
        config: dict[str, Any],
        bots: list[str | None],
        kind: str = "game",
        created_at: float = 0.0,
    ):
        self.match = make_match(config) if kind == "table" else None
        self._game = self.match.game if self.match is not None else make_game(config)
        self.joined = [bot is not None for bot in bots]
        #: The name each seat's player chose on joining ("" for none, and for a bot).
        self.names = ["" for _ in bots]
        self.version = 0
        #: When every seat was taken (the match clock starts), if it was.
        self.started_at: float | None = created_at if all(self.joined) else None
        #: Whether the hand under way has had its `hand_end`; whether the match is over.
        self.hand_closed = False
        self.match_over = False
        #: The version at which each hand was dealt (0 for the first).
        self.hand_versions = [0]
        #: The version of each finished hand's `hand_end`.
        self.end_versions: list[int] = []
        #: The hand's phase and seats to act, whether it is finished and its status, as
        #: read at `_read_at` (every change to the game or its seats moves the version
        #: on, so they are read once per version).
        self._read_at = -1
        self._phase = ""
        self._acting: list[int] = []
        self._finished = False
        self._status = ""

    def apply(self, event: StoredEvent) -> None:
        """Replays a stored event."""
        kind = event.kind
        if kind == "join":
            self.joined[event.seat] = True
            self.names[event.seat] = names.name_of(event.action)
            if all(self.joined) and self.started_at is None:
                self.started_at = event.at
        elif kind == "resign":
            self.game.resign(event.seat)
        elif kind == "action":
            self.game.apply(event.seat, event.action)
        elif kind != self.next_step():
            raise ValueError(f"{kind} does not come now ({self.next_step() or 'no'} does)")
        elif kind == "hand_end":
            assert self.match is not None and self.started_at is not None
            self.match.elapsed = max(0.0, event.at - self.started_at)
            self.hand_closed = True
            self.end_versions.append(self.version + 1)
        elif kind == "hand_start":
            assert self.match is not None
            self._game = self.match.next_hand()
            self.hand_closed = False
            self.hand_versions.append(self.version + 1)
        else:
            self.match_over = True
        self.version += 1

    def _read(self) -> None:
        """Reads the hand's phase, seats to act, end and status, once per version."""
        if self._read_at != self.version:
            game = self._game
            self._phase, self._acting = game.phase, game.to_act
            finished = self.match_over if self.match is not None else self._phase == "done"
            self._finished = finished
            if finished:
                self._status = "finished"
            else:
                self._status = "playing" if all(self.joined) else "waiting"
            self._read_at = self.version

    @property
    def phase(self) -> str:
        """The hand's phase (`Game.phase`)."""
        self._read()
        return self._phase

    def next_step(self) -> str | None:
        """The server's event due at a table now (`SERVER_KINDS`), or None."""
        if self.match is None or self.match_over or not all(self.joined):
            return None
        if not self.hand_closed:
            return "hand_end" if self.phase == "done" else None
        return "match_end" if self.match.done else "hand_start"

    @property
    def game(self) -> Game:
        """The hand under way (or the last one)."""
        return self._game

    @property
    def hand(self) -> int:
        """The hand under way (or the last one), counted from 1."""
        return len(self.hand_versions)

    def hand_of(self, version: int) -> int:
        """The hand of the event at `version` (a `hand_start` is its new hand's)."""
        return max(1, bisect.bisect_right(self.hand_versions, version))

    def hand_over(self, hand: int) -> bool:
        """Whether hand `hand` is over (its hidden actions are public then)."""
        return hand < self.hand or self.phase == "done"

    @property
    def finished(self) -> bool:
        self._read()
        return self._finished

    @property
    def status(self) -> str:
        self._read()
        return self._status

    def to_act(self) -> list[int]:
        """The seats that may act now: none until every seat is taken."""
        self._read()
        if self._status != "playing":
            return []
        return list(self._acting)

    def acting(self, seat: int) -> bool:
        """Whether the hand waits for `seat` (`Game.to_act`, whether or not every seat
        is taken)."""
        self._read()
        return seat in self._acting

    @property
    def result(self) -> dict[str, Any] | None:
        """Once finished: the game's result, or a table's final standing."""
        if not self.finished:
            return None
        return self.standing() if self.match is not None else self.game.result

    def standing(self) -> dict[str, Any] | None:
        """A table's match standing (None for a single game): nothing in it is secret."""
        match = self.match
        if match is None:
            return None
        deadline = None
        if match.clock is not None and self.started_at is not None:
            deadline = self.started_at + match.clock
        return {
            "hand": self.hand,
            "hands": match.hands,
            "totals": match.totals,
            "clock": match.clock,
            "clock_deadline": deadline,
            "elapsed": match.elapsed,
            "over": self.match_over,
            "winners": match.winners if self.match_over else [],
            "decided_by": match.decided_by if self.match_over else None,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """`Game.view(seat)`, with nobody to act while a seat is open; a table's adds
        its standing as "match"."""
        view = self.game.view(seat)
        if self.status == "waiting":
            view["to_act"] = []
            if seat is not None:
                view["legal_actions"] = []
                view["num_legal"] = 0
        if self.match is not None:
            view["match"] = self.standing()
        return view


def replay(
    config: dict[str, Any],
    bots: list[str | None],
    events: list[StoredEvent],
    kind: str = "game",
    created_at: float = 0.0,
) -> GameState:
    """The state after `events`; RestoreError if they do not apply."""
    event = None
    try:
        state = GameState(config, bots, kind, created_at)
        for event in events:
            state.apply(event)
    except Exception as err:
        raise RestoreError(_unreplayable(event, err)) from err
    return state


def _unreplayable(event: StoredEvent | None, err: Exception) -> str:
    """Why a stored game cannot be replayed, naming the event and the rules its failure
    cites but not its action (which may name a card: the text reaches logs and callers)."""
    where = "its config" if event is None else f"its {event.kind} at version {event.version}"
    cited = "".join(f", {rule}" for rule in dict.fromkeys(RULE_ID.findall(str(err))))
    return f"cannot be replayed: {where} fails ({type(err).__name__}{cited})"


class Views:
    """A game's views by (version, seat): each computed once, however many calls and
    streams send it (a game's views at a version are the same from any replay of its
    events). Only the latest `MAX_VIEWS` are kept; callers never change a view."""

    def __init__(self) -> None:
        self._views: OrderedDict[tuple[int, int | None], dict[str, Any]] = OrderedDict()

    def of(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """`state.view(seat)`, computed if it is not kept."""
        key = (state.version, seat)
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = state.view(seat)
            if len(self._views) > MAX_VIEWS:
                self._views.popitem(last=False)
        return view


@dataclass
class Summary:
    """A game's public facts: what `GetGame` and `ListGames` return."""

    game_id: str
    variant: str
    options: dict[str, Any]
    bots: list[str | None]
    joined: list[bool]
    status: str
    phase: str
    to_act: list[int]
    version: int
    timers: dict[str, float]
    created_at: float
    access: str = "open"
    #: A table's match standing; None for a single game.
    match: dict[str, Any] | None = None
    #: Per seat, the name its player chose on joining ("" for none).
    names: list[str] = field(default_factory=list)


class Session:
    """A game in memory. Hold `lock` to read or change anything but the constants (and
    the token hashes, which change only when a change is committed)."""

    def __init__(self, stored: StoredGame):
        self.game_id = stored.game_id
        self.config = stored.config
        self.timers = stored.timers
        self.admin_hash = stored.admin_hash
        self.created_at = stored.created_at
        self.kind = stored.kind
        self.access = stored.access
        self.bots = list(stored.bots)
        self.token_hashes = list(stored.token_hashes)
        self.invite_hashes = list(stored.invite_hashes or [None] * len(self.bots))
        self.join_requests = list(stored.join_requests or [None] * len(self.bots))
        self.events: list[StoredEvent] = list(stored.events)
        self.seqs: dict[tuple[int, int], StoredEvent] = {
            (e.seat, e.client_seq): e for e in self.events if e.client_seq is not None
        }
        #: Wall-clock time (Unix seconds) at which the current decision times out.
        self.deadline: float | None = None
        #: The game's decision timer, and when (loop time) the current decision times
        #: out (the timer may be armed earlier: `GameHost._arm`).
        self.timer: asyncio.TimerHandle | None = None
        self.due: float | None = None
        #: Streams of this game open on this server (a shared store's notices keep a
        #: followed game current).
        self.followers = 0
        #: When (monotonic seconds) a call last asked for the game.
        self.used = time.monotonic()
        #: Whether this server committed the game's last event (on a shared store, its
        #: next client change is then tried without catching up first).
        self.mine = False
        self.lock = asyncio.Lock()
        #: The views sent, by version and seat.
        self.views = Views()
        #: Notified after every change (a stream of every event waits on it).
        self.changed = asyncio.Condition(self.lock)
        #: Notified, by seat, when the seat is to act or the game is over (a seat's
        #: stream of its turns waits on its own).
        self.turns = [asyncio.Condition(self.lock) for _ in self.bots]
        self.state = self.replay(len(self.events))

    def notify(self) -> None:
        """Wakes the streams a change concerns (lock held): every event stream, and the
        turn streams of the seats to act now (all of them once the game is over)."""
        self.changed.notify_all()
        seats = range(self.num_players) if self.state.finished else self.state.to_act()
        for seat in seats:
            self.turns[seat].notify_all()

    def wake_all(self) -> None:
        """Wakes every stream (lock held): the server is closing."""
        self.changed.notify_all()
        for turn in self.turns:
            turn.notify_all()

    def cancel_timer(self) -> None:
        """Drops the current decision's timer, if any."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.deadline = self.due = None

    def replay(self, upto: int) -> GameState:
        """A fresh state with the first `upto` events applied."""
        return replay(self.config, self.bots, self.events[:upto], self.kind, self.created_at)

    def rebuild(self) -> None:
        """Replaces the state by the replay of the stored events (undoes a failed change)."""
        self.state = self.replay(len(self.events))

    def catch_up(self, events: Sequence[StoredEvent]) -> bool:
        """Replays the events after this version that another server committed (lock
        held); whether any was new. RestoreError if one does not apply (the session
        then stays at the last that did) or one is missing."""
        changed = False
        for event in events:
            if event.version <= self.version:
                continue
            if event.version != self.version + 1:
                raise RestoreError(f"version {self.version + 1} is missing")
            try:
                self.state.apply(event)
            except Exception as err:
                self.rebuild()
                raise RestoreError(_unreplayable(event, err)) from err
            self.events.append(event)
            if event.client_seq is not None:
                self.seqs[(event.seat, event.client_seq)] = event
            changed = True
            self.mine = False
        return changed

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def num_players(self) -> int:
        return len(self.bots)

    def summary(self, upto: int | None = None) -> Summary:
        """The game's summary now, or after its first `upto` events."""
        state = self.state if upto is None else self.replay(upto)
        return Summary(
            game_id=self.game_id,
            variant=self.config["variant"],
            options=self.config["options"],
            bots=list(self.bots),
            joined=list(state.joined),
            status=state.status,
            phase=state.phase,
            to_act=state.to_act(),
            version=state.version,
            timers=self.timers,
            created_at=self.created_at,
            access=self.access,
            match=state.standing(),
            names=list(state.names),
        )

    def authenticate(self, token: str, verified: Verified | None = None) -> int:
        """The seat `token` belongs to; UNAUTHENTICATED without a token, PERMISSION_DENIED
        for a token that is none of this game's seats'.

        `verified`, a stream's own record of the tokens it presented, spares hashing a
        token again while its seat's stored hash is still the one it matched (a reissue
        changes that hash, and the token is checked afresh)."""
        key = (self.game_id, token)
        if verified is not None:
            known = verified.get(key)
            if known is not None and self.token_hashes[known[0]] == known[1]:
                return known[0]
        if not token:
            raise ServiceError("TOKEN_REQUIRED", "a seat token is required")
        limits.check_text("seat_token", token, auth.MAX_TOKEN_LENGTH)
        seat = auth.match_seat(token, self.token_hashes)
        if seat is None:
            raise ServiceError("BAD_TOKEN", "not a seat token of this game")
        if verified is not None:
            if len(verified) >= MAX_VERIFIED:
                verified.clear()
            stored = self.token_hashes[seat]
            assert stored is not None
            verified[key] = (seat, stored)
        return seat
