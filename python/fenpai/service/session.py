"""`Session`: one game held in memory — its state, its events, its seats' token hashes,
and the lock that serialises every change to them (an `asyncio.Lock`: the server runs
every game on one event loop, and a change holds the lock until it is committed).

The state is always the replay of the stored events on `new_game(**config)` (`GameState`),
so a session can be rebuilt from the store at any time: on a restart, or to undo a change
that could not be stored. A stream of every event keeps its own `GameState` and advances
it event by event, which gives the view after every event without holding the session's
lock; a stream of a seat's turns keeps none (it reads the session's, under the lock).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fenpai.games import Game, new_game
from fenpai.service import auth, limits
from fenpai.service.errors import ServiceError
from fenpai.service.store import StoredEvent, StoredGame


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


class GameState:
    """A game at one version: the `Game` and which seats are taken.

    Until every seat is taken nobody may act: `to_act` is empty and views list no
    legal action.
    """

    def __init__(self, config: dict[str, Any], bots: list[str | None]):
        self.game = make_game(config)
        self.joined = [bot is not None for bot in bots]
        self.version = 0

    def apply(self, event: StoredEvent) -> None:
        """Replays a stored event."""
        if event.kind == "join":
            self.joined[event.seat] = True
        elif event.kind == "resign":
            self.game.resign(event.seat)
        else:
            self.game.apply(event.seat, event.action)
        self.version += 1

    @property
    def finished(self) -> bool:
        return self.game.phase == "done"

    @property
    def status(self) -> str:
        if self.finished:
            return "finished"
        return "playing" if all(self.joined) else "waiting"

    def to_act(self) -> list[int]:
        """The seats that may act now: none until every seat is taken."""
        return list(self.game.to_act) if self.status == "playing" else []

    def view(self, seat: int | None) -> dict[str, Any]:
        """`Game.view(seat)`, with nobody to act while a seat is open."""
        view = self.game.view(seat)
        if self.status == "waiting":
            view["to_act"] = []
            if seat is not None:
                view["legal_actions"] = []
                view["num_legal"] = 0
        return view


def replay(config: dict[str, Any], bots: list[str | None], events: list[StoredEvent]) -> GameState:
    """The state after `events`; RestoreError if they do not apply."""
    try:
        state = GameState(config, bots)
        for event in events:
            state.apply(event)
    except Exception as err:
        raise RestoreError(f"cannot be replayed: {type(err).__name__}: {err}") from err
    return state


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


class Session:
    """A game in memory. Hold `lock` to read or change anything but the constants (and
    the token hashes, which change only when a change is committed)."""

    def __init__(self, stored: StoredGame):
        self.game_id = stored.game_id
        self.config = stored.config
        self.timers = stored.timers
        self.admin_hash = stored.admin_hash
        self.created_at = stored.created_at
        self.bots = list(stored.bots)
        self.token_hashes = list(stored.token_hashes)
        self.events: list[StoredEvent] = list(stored.events)
        self.seqs: dict[tuple[int, int], StoredEvent] = {
            (e.seat, e.client_seq): e for e in self.events if e.client_seq is not None
        }
        #: Wall-clock time (Unix seconds) at which the current decision times out.
        self.deadline: float | None = None
        #: The current decision's timer.
        self.timer: asyncio.TimerHandle | None = None
        #: Streams of this game open on this server (a shared store's notices keep a
        #: followed game current).
        self.followers = 0
        #: When (monotonic seconds) a call last asked for the game.
        self.used = time.monotonic()
        self.lock = asyncio.Lock()
        #: Notified after every change (a stream of every event waits on it).
        self.changed = asyncio.Condition(self.lock)
        #: Notified, by seat, when the seat is to act or the game is over (a seat's
        #: stream of its turns waits on its own).
        self.turns = [asyncio.Condition(self.lock) for _ in self.bots]
        self.state = replay(self.config, self.bots, self.events)

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
        self.deadline = None

    def replay(self, upto: int) -> GameState:
        """A fresh state with the first `upto` events applied."""
        return replay(self.config, self.bots, self.events[:upto])

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
                raise RestoreError(f"cannot be replayed: {type(err).__name__}: {err}") from err
            self.events.append(event)
            if event.client_seq is not None:
                self.seqs[(event.seat, event.client_seq)] = event
            changed = True
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

    def summary(self) -> Summary:
        return Summary(
            game_id=self.game_id,
            variant=self.config["variant"],
            options=self.config["options"],
            bots=list(self.bots),
            joined=list(self.state.joined),
            status=self.state.status,
            phase=self.game.phase,
            to_act=self.state.to_act(),
            version=self.state.version,
            timers=self.timers,
            created_at=self.created_at,
        )

    def authenticate(self, token: str) -> int:
        """The seat `token` belongs to; UNAUTHENTICATED without a token, PERMISSION_DENIED
        for a token that is none of this game's seats'."""
        if not token:
            raise ServiceError("TOKEN_REQUIRED", "a seat token is required")
        limits.check_text("seat_token", token, auth.MAX_TOKEN_LENGTH)
        seat = auth.match_seat(token, self.token_hashes)
        if seat is None:
            raise ServiceError("BAD_TOKEN", "not a seat token of this game")
        return seat
