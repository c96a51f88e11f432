"""`GameHost`: the games a server hosts and every operation on them, apart from gRPC.

Everything runs on the server's one event loop: the games' work is short and holds the
GIL anyway, and one thread spares the thread switches that would otherwise cost more
than the work. Only the store's commits (on its writer thread) and reads leave the loop.

Each operation checks everything before it changes anything and raises `ServiceError`
(with its status code) when it rejects a call. A change is made under the game's lock:
the game applies it in memory, the store commits it, and only then is it visible (to
views, streams, bots and timers) and acknowledged; if the store fails, the game is
rebuilt from the stored events, so memory never runs ahead of the database. A change
runs to its end in its own task even if the client that asked for it goes away.

Bots act in tasks of their own, one action each; a decision's timer is a loop timer.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc

from fenpai.errors import IllegalAction
from fenpai.games import VARIANTS, new_game
from fenpai.service import auth, bots, limits, timers
from fenpai.service.errors import ServiceError
from fenpai.service.events import visible_action
from fenpai.service.registry import Registry
from fenpai.service.session import GameState, RestoreError, Session, Summary
from fenpai.service.store import Store, StoredEvent, StoredGame

log = logging.getLogger("fenpai.service")

T = TypeVar("T")

#: Seconds after which a bot's or a timer's action that could not be stored is retried.
AUTO_RETRY = 1.0


@dataclass(frozen=True)
class Outcome:
    """An accepted action (or the original outcome of a retried one)."""

    event: StoredEvent
    replayed: bool
    phase: str
    to_act: list[int]
    status: str


@dataclass(frozen=True)
class Snapshot:
    """What one seat (None: a spectator) sees at one version."""

    game_id: str
    version: int
    status: str
    phase: str
    to_act: list[int]
    seat: int | None
    view: dict[str, Any]
    deadline: float | None


@dataclass(frozen=True)
class Seen:
    """An event as one recipient sees it, with the recipient's view after it."""

    event: StoredEvent
    action: str
    redacted: bool
    snapshot: Snapshot | None


@dataclass(frozen=True)
class History:
    """A game's events as one recipient may see them."""

    summary: Summary
    events: list[Seen]
    complete: bool
    config: dict[str, Any] | None
    result: dict[str, Any] | None


def parse_option(value: str) -> Any:
    """An option value: JSON text, or else the text itself (`minimum`)."""
    try:
        return json.loads(value)
    except ValueError:
        return value


def snapshot(game_id: str, state: GameState, seat: int | None, deadline: float | None) -> Snapshot:
    """What `seat` (None: a spectator) sees of `state`."""
    return Snapshot(
        game_id=game_id,
        version=state.version,
        status=state.status,
        phase=state.game.phase,
        to_act=state.to_act(),
        seat=seat,
        view=state.view(seat),
        deadline=deadline,
    )


class GameHost:
    """Every game of one server, in memory over the store."""

    def __init__(self, store: Store, server_timers: Mapping[str, float]):
        self._store = store
        self._timers = dict(server_timers)
        self._games = Registry(store)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closing = False

    # -- life ----------------------------------------------------------------------------------

    async def restore(self) -> int:
        """Loads every unfinished game and restarts its bots and timers; returns how many."""
        count = 0
        for game_id in await asyncio.to_thread(self._store.unfinished):
            stored = await asyncio.to_thread(self._store.load, game_id)
            if stored is None:
                continue
            try:
                session = Session(stored)
            except RestoreError as err:
                log.error("game %s is not served: %s", game_id, err)
                self._games.mark_broken(game_id, str(err))
                continue
            self._games.add(session)
            async with session.lock:
                self._automate(session)
            count += 1
        return count

    async def close(self) -> None:
        """Stops bots, timers and streams; in-flight changes finish first."""
        self._closing = True
        for session in self._games.in_memory():
            session.cancel_timer()
            async with session.lock:
                session.wake_all()
        await self.settle()

    async def settle(self) -> None:
        """Waits for every change in flight (and those they start) to end."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    def _spawn(self, work: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Runs `work` in a task of its own that the server waits for when it closes."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(_settled)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _change(self, work: Coroutine[Any, Any, T]) -> T:
        """Runs a change to its end even if the caller is cancelled meanwhile (a client
        gone mid-commit), so that memory and the store never part."""
        task = self._spawn(work)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            task.add_done_callback(_orphaned)  # nobody is left to report a failure to
            raise

    # -- finding games -------------------------------------------------------------------------

    async def _session(self, game_id: str) -> Session:
        return await self._games.get(game_id)

    async def summary(self, game_id: str) -> Summary:
        """A game's public summary."""
        session = await self._session(game_id)
        async with session.lock:
            return session.summary()

    async def list(
        self, status: str | None, variant: str | None, page_size: int, page_token: str
    ) -> tuple[list[Summary], str]:
        """A page of game summaries, newest first, and the next page's token."""
        return await self._games.page(status, variant, page_size, page_token)

    # -- creating and joining ------------------------------------------------------------------

    async def create(
        self,
        variant: str,
        options: Mapping[str, str],
        seed: int | None,
        bot_seats: Mapping[int, str],
        game_timers: Mapping[str, float],
    ) -> tuple[Summary, str]:
        """Deals a new game; returns its summary and admin token."""
        if self._closing:
            raise ServiceError("SHUTTING_DOWN", "the server is shutting down")
        limits.check_text("variant", variant, limits.MAX_NAME)
        for field, entries in (
            ("options", options),
            ("bots", bot_seats),
            ("timer_seconds", game_timers),
        ):
            limits.check_entries(field, len(entries))
        parsed = {}
        for name, value in options.items():
            limits.check_text("option name", name, limits.MAX_NAME)
            limits.check_text(f"option {name}", value, limits.MAX_OPTION_VALUE)
            parsed[name] = parse_option(value)
        if "seed" in parsed:
            raise ServiceError("SEED_IN_OPTIONS", "seed is a field of CreateGame, not an option")
        if seed is None:
            seed = secrets.randbits(63)
        if variant not in VARIANTS:
            known = ", ".join(sorted(VARIANTS))
            raise ServiceError(
                "UNKNOWN_VARIANT", f"unknown variant {variant!r}: expected one of {known}"
            )
        try:
            game = new_game(variant, seed=seed, **parsed)
        except (ValueError, TypeError) as err:
            raise ServiceError("BAD_OPTION", str(err)) from None
        seat_bots: list[str | None] = [None] * game.num_players
        for seat, name in bot_seats.items():
            limits.check_text("bot name", name, limits.MAX_NAME)
            if not 0 <= seat < game.num_players:
                raise ServiceError(
                    "NO_SUCH_SEAT",
                    f"bots: there is no seat {seat}: seats are 0..{game.num_players - 1}",
                )
            problem = bots.problem(name)
            if problem is not None:
                raise ServiceError("UNKNOWN_BOT", f"bots: {problem}")
            seat_bots[seat] = name
        chosen = timers.check_timers(game_timers, "timer_seconds")
        effective = timers.effective(self._timers, chosen)
        admin = auth.new_token()
        stored = StoredGame(
            game_id=secrets.token_hex(8),
            config=game.config(),
            timers=effective,
            admin_hash=auth.token_hash(admin),
            created_at=time.time(),
            status="playing" if all(seat_bots) else "waiting",
            bots=seat_bots,
            token_hashes=[None] * game.num_players,
            events=[],
        )
        return await self._change(self._store_new(stored, game.phase)), admin

    async def _store_new(self, stored: StoredGame, phase: str) -> Summary:
        written = self._store.create_game(
            stored.game_id,
            stored.config,
            stored.timers,
            stored.admin_hash,
            stored.created_at,
            stored.status,
            phase,
            stored.bots,
        )
        await written
        session = Session(stored)
        self._games.add(session)
        async with session.lock:
            self._automate(session)
            return session.summary()

    async def join(self, game_id: str, seat: int | None) -> tuple[int, str, Summary]:
        """Takes a seat; returns it, its new token and the game's summary."""
        session = await self._session(game_id)
        return await self._change(self._join(session, seat))

    async def _join(self, session: Session, seat: int | None) -> tuple[int, str, Summary]:
        async with session.lock:
            state = session.state
            if state.finished:
                raise ServiceError("GAME_OVER", "the game is over")
            if seat is None:
                open_seats = [s for s, taken in enumerate(state.joined) if not taken]
                if not open_seats:
                    raise ServiceError("NO_OPEN_SEAT", "every seat is taken")
                seat = open_seats[0]
            if not 0 <= seat < session.num_players:
                raise ServiceError(
                    "NO_SUCH_SEAT",
                    f"there is no seat {seat}: seats are 0..{session.num_players - 1}",
                )
            if session.bots[seat]:
                raise ServiceError(
                    "BOT_SEAT", f"seat {seat} is played by the bot {session.bots[seat]!r}"
                )
            if state.joined[seat]:
                raise ServiceError(
                    "SEAT_TAKEN",
                    f"seat {seat} is taken (a lost token is replaced by ReissueSeatToken)",
                )
            token = auth.new_token()
            hashed = auth.token_hash(token)
            await self._commit(session, seat, "join", "join", "client", token_hash=hashed)
            return seat, token, session.summary()

    async def reissue(self, game_id: str, admin_token: str, seat: int) -> str:
        """A new token for a joined seat; the old one stops working."""
        session = await self._session(game_id)
        if not admin_token:
            raise ServiceError("ADMIN_TOKEN_REQUIRED", "the admin token is required")
        limits.check_text("admin_token", admin_token, auth.MAX_TOKEN_LENGTH)
        if not auth.matches(admin_token, session.admin_hash):
            raise ServiceError("BAD_ADMIN_TOKEN", "not this game's admin token")
        return await self._change(self._reissue(session, seat))

    async def _reissue(self, session: Session, seat: int) -> str:
        async with session.lock:
            if not 0 <= seat < session.num_players:
                raise ServiceError(
                    "NO_SUCH_SEAT",
                    f"there is no seat {seat}: seats are 0..{session.num_players - 1}",
                )
            if session.token_hashes[seat] is None:
                raise ServiceError(
                    "SEAT_NOT_JOINED", f"seat {seat} has no token: it is open or a bot"
                )
            token = auth.new_token()
            hashed = auth.token_hash(token)
            await self._store.set_token(session.game_id, seat, hashed)
            session.token_hashes[seat] = hashed
            return token

    # -- acting ----------------------------------------------------------------------------------

    async def act(self, game_id: str, token: str, action: str, client_seq: int | None) -> Outcome:
        """Applies the token's seat's action (or returns the original outcome of a retry)."""
        limits.check_text("action", action, limits.MAX_ACTION)
        session = await self._session(game_id)
        return await self._change(self._act(session, token, action, client_seq))

    async def _act(
        self, session: Session, token: str, action: str, client_seq: int | None
    ) -> Outcome:
        async with session.lock:  # the token is checked here: a reissue may have revoked it
            seat = session.authenticate(token)
            state = session.state
            if client_seq is not None:
                prior = session.seqs.get((seat, client_seq))
                if prior is not None:
                    if prior.request != action:
                        raise ServiceError(
                            "CLIENT_SEQ_REUSED",
                            f"client_seq {client_seq} was used for {prior.request!r} "
                            f"(version {prior.version})",
                        )
                    return Outcome(prior, True, state.game.phase, state.to_act(), state.status)
            self._check_turn(state, seat)
            event = await self._commit(session, seat, "action", action, "client", client_seq)
            return Outcome(event, False, state.game.phase, state.to_act(), state.status)

    async def resign(self, game_id: str, token: str) -> tuple[StoredEvent, dict[str, Any] | None]:
        """Ends the game by the token's seat's resignation; returns the event and result."""
        session = await self._session(game_id)
        return await self._change(self._resign(session, token))

    async def _resign(
        self, session: Session, token: str
    ) -> tuple[StoredEvent, dict[str, Any] | None]:
        async with session.lock:  # the token is checked here: a reissue may have revoked it
            seat = session.authenticate(token)
            self._check_started(session.state)
            event = await self._commit(session, seat, "resign", "resign", "client")
            return event, session.game.result

    @staticmethod
    def _check_turn(state: GameState, seat: int) -> None:
        """FAILED_PRECONDITION unless `seat` may act now."""
        GameHost._check_started(state)
        to_act = state.game.to_act
        if seat not in to_act:
            waiting = ", ".join(map(str, to_act))
            raise ServiceError(
                "NOT_YOUR_TURN", f"it is not seat {seat}'s turn (waiting for seat {waiting})"
            )

    @staticmethod
    def _check_started(state: GameState) -> None:
        """FAILED_PRECONDITION once the game is over, or while a seat is open."""
        if state.finished:
            raise ServiceError("GAME_OVER", "the game is over")
        if state.status == "waiting":
            open_seats = [str(s) for s, taken in enumerate(state.joined) if not taken]
            raise ServiceError(
                "GAME_NOT_STARTED",
                f"the game has not started: seat {', '.join(open_seats)} is open",
            )

    async def _commit(
        self,
        session: Session,
        seat: int,
        kind: str,
        action: str,
        source: str,
        client_seq: int | None = None,
        token_hash: bytes | None = None,
    ) -> StoredEvent:
        """Applies an event in memory, stores it, then publishes it (session lock held).

        INVALID_ARGUMENT for an illegal action, nothing changed; if anything fails after
        the game changed, the game is rebuilt from the stored events.
        """
        state = session.state
        status_before = state.status
        try:
            if kind == "action":
                state.game.apply(seat, action)
                applied = state.game.last_action
                assert applied is not None  # the action just applied
                canonical = applied[1]
            else:
                canonical = kind
                if kind == "resign":
                    state.game.resign(seat)
                else:
                    state.joined[seat] = True
            state.version += 1
            result = self._check_end(state)
        except IllegalAction as err:
            raise ServiceError.from_game(err) from None
        except Exception as err:
            session.rebuild()
            log.exception("game %s: %s %r by seat %s failed", session.game_id, kind, action, seat)
            raise ServiceError(
                "RESIGN_NOT_SCORED" if kind == "resign" else "INTERNAL",
                f"{session.config['variant']} cannot apply {kind} now "
                f"({type(err).__name__}); nothing was changed",
            ) from None
        event = StoredEvent(
            version=session.version + 1,
            seat=seat,
            kind=kind,
            action=canonical,
            source=source,
            client_seq=client_seq,
            request=action if source == "client" and kind == "action" else None,
            at=time.time(),
        )
        try:
            changed = state.status != status_before
            written = self._store.append_event(
                session.game_id,
                event,
                (state.status, state.game.phase, result) if changed else None,
                token_hash,
            )
            await written
        except Exception as err:
            session.rebuild()
            log.exception("game %s: storing version %s failed", session.game_id, event.version)
            raise ServiceError("NOT_STORED", f"the action could not be stored: {err}") from None
        session.events.append(event)
        if client_seq is not None:
            session.seqs[(seat, client_seq)] = event
        if token_hash is not None:
            session.token_hashes[seat] = token_hash
        if state.finished:
            self._games.add(session)
        self._automate(session)
        session.notify()
        return event

    @staticmethod
    def _check_end(state: GameState) -> dict[str, Any] | None:
        """The result once the game is over, after checking the views can show it."""
        if not state.finished:
            return None
        result = state.game.result
        state.game.view(None)
        return result

    # -- bots and timers -------------------------------------------------------------------------

    def _automate(self, session: Session) -> None:
        """After a change (session lock held): lets a bot act or starts the decision timer
        (the previous decision's timer is dropped)."""
        state = session.state
        session.cancel_timer()
        if state.status != "playing" or self._closing:
            return
        version = session.version
        to_act = state.game.to_act
        if any(session.bots[s] for s in to_act):
            self._start(self._bot_turn, session, version)
        seconds = session.timers.get(state.game.phase)
        if seconds and any(not session.bots[s] for s in to_act):
            session.deadline = time.time() + seconds
            session.timer = asyncio.get_running_loop().call_later(
                seconds, self._start, self._time_out, session, version
            )

    def _start(
        self, fn: Callable[[Session, int], Awaitable[None]], session: Session, version: int
    ) -> None:
        """Runs `fn(session, version)` in a task unless the game has moved on from
        `version`; a failure is logged, never lost, and one to store the action (the
        database unavailable for a moment) is retried, lest the game stall."""
        if self._closing or session.version != version:
            return
        loop = asyncio.get_running_loop()

        async def task() -> None:
            try:
                await fn(session, version)
            except Exception as err:
                if isinstance(err, ServiceError) and err.reason == "NOT_STORED":
                    log.error("game %s: %s; retried in %g s", session.game_id, err, AUTO_RETRY)
                    loop.call_later(AUTO_RETRY, self._start, fn, session, version)
                else:
                    log.exception("game %s: %s failed", session.game_id, fn.__name__)

        self._spawn(task())

    async def _bot_turn(self, session: Session, version: int) -> None:
        """One action of a bot whose turn it is at `version`."""
        async with session.lock:
            if self._closing or session.version != version or session.state.status != "playing":
                return
            game = session.game
            seat = next(s for s in game.to_act if session.bots[s])
            name = session.bots[seat] or ""
            bot = bots.get(name)
            try:
                # A search may take a while: off the event loop, the GIL released in the core.
                action = await asyncio.to_thread(bot.choose, game, seat)  # type: ignore[union-attr]
            except Exception:
                log.exception("game %s: bot %r failed; default action", session.game_id, name)
                action = timers.default_action(game, seat)
            try:
                await self._commit(session, seat, "action", action, "bot")
            except ServiceError as err:
                if err.code != grpc.StatusCode.INVALID_ARGUMENT:
                    raise
                log.error("game %s: bot %r chose %r: %s", session.game_id, name, action, err)
                default = timers.default_action(game, seat)
                await self._commit(session, seat, "action", default, "bot")

    async def _time_out(self, session: Session, version: int) -> None:
        """Applies the default action of every client seat still to act at `version`."""
        async with session.lock:
            if self._closing or session.version != version or session.state.status != "playing":
                return
            waiting = [s for s in session.game.to_act if not session.bots[s]]
            for seat in waiting:
                game = session.game
                if seat in game.to_act:
                    default = timers.default_action(game, seat)
                    await self._commit(session, seat, "action", default, "timeout")

    # -- looking -----------------------------------------------------------------------------------

    async def view(self, game_id: str, token: str) -> Snapshot:
        """What the token's seat sees now."""
        session = await self._session(game_id)
        seat = session.authenticate(token)
        async with session.lock:
            return snapshot(game_id, session.state, seat, session.deadline)

    async def events(
        self, game_id: str, token: str | None, from_version: int, turns_only: bool = False
    ) -> AsyncIterator[Seen]:
        """The events after `from_version`, each with the recipient's view after it, as
        they happen; ends after the game's last event (or when the caller is cancelled).
        With `turns_only` (a seat's stream), see `_turns`.

        `token` None is a spectator. The checks run before the first event is due.
        """
        session = await self._session(game_id)
        seat = None if token is None else session.authenticate(token)
        async with session.lock:
            if from_version > session.version:
                raise ServiceError(
                    "VERSION_AHEAD",
                    f"from_version {from_version} is ahead of the game (version {session.version})",
                )
            if turns_only and seat is not None:
                return self._turns(session, seat, from_version)
            state = session.replay(from_version)
        return self._follow(session, seat, state)

    async def _turns(self, session: Session, seat: int, seen: int) -> AsyncIterator[Seen]:
        """The seat's view whenever, after version `seen`, it is to act, and once the game
        is over: the game's latest event with the view after it. A turn that another
        event overtook before it was sent is not sent (what matters is the turn now), so
        no replay is kept, and a player's stream costs one view per turn. A stream that
        resumes from a turn the seat has not acted on yet starts by sending it again."""
        turn = session.turns[seat]
        again = True  # a turn at `seen` itself is sent again: the seat may not have acted
        while True:
            async with turn:
                while not self._closing and not _turn_due(session, seat, seen, again):
                    if session.state.finished:  # over, and its end already sent
                        return
                    again = False
                    await turn.wait()
                if self._closing:
                    raise ServiceError(
                        "SHUTTING_DOWN",
                        f"the server is shutting down; resume with from_version {seen}",
                    )
                event = session.events[-1]
                now = snapshot(session.game_id, session.state, seat, session.deadline)
            seen, again = event.version, False
            yield Seen(event, *visible_action(event, seat, False), now)
            if now.status == "finished":
                return

    async def _follow(
        self, session: Session, seat: int | None, state: GameState
    ) -> AsyncIterator[Seen]:
        while True:
            async with session.changed:
                while (
                    session.version == state.version
                    and not session.state.finished
                    and not self._closing
                ):
                    await session.changed.wait()
                batch = session.events[state.version :]
                deadline = session.deadline
                latest = session.version
            if not batch and self._closing:
                raise ServiceError(
                    "SHUTTING_DOWN",
                    f"the server is shutting down; resume with from_version {state.version}",
                )
            if not batch:
                return
            for event in batch:
                state.apply(event)
                action, redacted = visible_action(event, seat, False)
                when = deadline if event.version == latest else None
                yield Seen(event, action, redacted, snapshot(session.game_id, state, seat, when))

    async def history(self, game_id: str, token: str) -> History:
        """The game's events: complete once it is over; before, redacted for the token's
        seat (or, without a token, for a spectator)."""
        session = await self._session(game_id)
        seat = session.authenticate(token) if token else None
        async with session.lock:
            finished = session.state.finished
            events = [Seen(e, *visible_action(e, seat, finished), None) for e in session.events]
            return History(
                summary=session.summary(),
                events=events,
                complete=finished,
                config=session.config if finished else None,
                result=session.game.result if finished else None,
            )


def _turn_due(session: Session, seat: int, seen: int, again: bool) -> bool:
    """Whether a turn stream that has seen version `seen` sends now: a later version at
    which the seat is to act, or the game's end; with `again`, also the turn at `seen`."""
    state = session.state
    if session.version > seen:
        return state.finished or seat in state.to_act()
    return again and session.version == seen and not state.finished and seat in state.to_act()


def _settled(task: asyncio.Task[Any]) -> None:
    """Marks a task's failure as seen: whoever awaited it got it, or it was logged."""
    if not task.cancelled():
        task.exception()


def _orphaned(task: asyncio.Task[Any]) -> None:
    """Logs the unexpected failure of a change whose client went away."""
    error = None if task.cancelled() else task.exception()
    if error is not None and not isinstance(error, ServiceError):
        log.error("a change failed after its client went away", exc_info=error)
