"""`GameHost`: the games a server hosts and every operation on them, apart from gRPC.

Everything runs on the server's one event loop: the games' work is short and holds the
GIL anyway, and one thread spares the thread switches that would otherwise cost more
than the work. Only the store's commits (on its writer thread) and reads leave the loop.

Each operation checks everything before it changes anything and raises `ServiceError`
(with its status code) when it rejects a call. A change is made under the game's lock,
inside a store `Change`: the game catches up on the events other servers committed
(a shared store's), applies the change in memory, the store commits it, and only then
is it visible (to views, streams, bots and timers) and acknowledged; if the store
fails, the game is rebuilt from the stored events, so memory never runs ahead of the
database. A change runs to its end even if the client that asked for it goes away: on
SQLite the commit's own callback ends it (no task per change), on a shared store it
runs in a task of its own. On a shared store every read catches up first too, and
`Replicas` keeps the followed games current and the leases (see replicas.py).

Bots act in tasks of their own, one action each; a decision's timer is a loop timer;
between a table's hands the server's own events (`SERVER_KINDS`) are appended the same
way, in tasks of their own, so that they resume after a restart like a bot's turn. All
three run only where the game's lease is held (always, on a store that is not shared).
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc

from fenpai.errors import IllegalAction
from fenpai.service import (
    auth,
    bots,
    chat,
    creation,
    limits,
    names,
    paging,
    suggest,
    timers,
    typed,
    watching,
)
from fenpai.service.creation import CreateRequest
from fenpai.service.errors import ServiceError
from fenpai.service.events import visible_action
from fenpai.service.metrics import Metrics
from fenpai.service.registry import Registry, unavailable
from fenpai.service.replicas import Replicas
from fenpai.service.session import GameState, RestoreError, Session, Summary, Verified
from fenpai.service.store import (
    After,
    Change,
    ChatLine,
    Notice,
    RequestIdTaken,
    SharedStore,
    SqliteStore,
    Stale,
    Store,
    StoredEvent,
    StoredGame,
    StoreError,
)

log = logging.getLogger("fenpai.service")

T = TypeVar("T")

#: Seconds after which a bot's or a timer's action that could not be stored is retried.
AUTO_RETRY = 1.0
#: How many events a replay's catching up applies before it lets other calls run.
REPLAY_SLICE = 256
#: The game after an event that left its status as it was, for a store that is not
#: shared (which keeps no more of the game's row current).
UNCHANGED = After("", "", [], None, changed=False)


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
    #: The seat's `fenpai.encode` observation (float32 little-endian), when asked for.
    observation: bytes | None = None


@dataclass(frozen=True)
class Seen:
    """An event as one recipient sees it, with the recipient's view after it."""

    event: StoredEvent
    action: str
    redacted: bool
    snapshot: Snapshot | None
    #: The hand the event belongs to, from 1.
    hand: int = 1


@dataclass(frozen=True)
class Hand:
    """One hand of a table, as its history shows it."""

    hand: int
    start_version: int
    end_version: int
    #: Once the match is over: `Game.config()` of the hand.
    config: dict[str, Any] | None
    #: Once the hand is over: its result.
    result: dict[str, Any] | None


@dataclass(frozen=True)
class History:
    """A game's events as one recipient may see them."""

    summary: Summary
    events: list[Seen]
    complete: bool
    config: dict[str, Any] | None
    result: dict[str, Any] | None
    #: A table's hands (empty for a single game).
    hands: list[Hand]


@dataclass(frozen=True)
class Created:
    """A created game (or the one a retried CreateGame made before)."""

    summary: Summary
    admin_token: str
    #: A private game's invites, by seat.
    invites: dict[int, str]
    replayed: bool
    #: A private game's watch token; empty for an open game.
    watch_token: str = ""


@dataclass(frozen=True)
class Joined:
    """A joined seat (or the one a retried JoinGame took before)."""

    seat: int
    token: str
    summary: Summary
    replayed: bool


class Draft:
    """What a change made in memory (events, with a joining seat's token hash and the
    hash of its request id; reissued tokens), kept by the session once the store
    committed it."""

    def __init__(self, change: Change):
        self.change = change
        self.events: list[tuple[StoredEvent, bytes | None, bytes | None]] = []
        self.tokens: list[tuple[int, bytes]] = []


def snapshot(
    session: Session,
    state: GameState,
    seat: int | None,
    deadline: float | None,
    observation: bool = False,
) -> Snapshot:
    """What `seat` (None: a spectator) sees of `state`, a state of `session`'s game (its
    view computed once per version for every call and stream that sends it); with
    `observation`, a seat's observation tensor too."""
    return Snapshot(
        game_id=session.game_id,
        version=state.version,
        status=state.status,
        phase=state.phase,
        to_act=state.to_act(),
        seat=seat,
        view=session.views.of(state, seat),
        deadline=deadline,
        observation=None
        if seat is None or not observation
        else typed.observation(state.game, seat),
    )


class GameHost:
    """Every game of one server, in memory over the store."""

    def __init__(
        self, store: Store, server_timers: Mapping[str, float], metrics: Metrics | None = None
    ):
        self._store = store
        self.metrics = metrics or Metrics()
        self._timers = dict(server_timers)
        self._games = Registry(store)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closing = False
        #: The store, when other servers share it.
        self._shared = store if isinstance(store, SharedStore) else None
        self._replicas = None if self._shared is None else Replicas(self, self._shared)
        self._chat_rate = chat.RateLimit()
        self._advice = suggest.Advice()
        self._idle_sweep: asyncio.Task[None] | None = None
        #: The store, when it is SQLite (one server's): its changes commit without a task
        #: of their own (`_commit_local`).
        self._local = store if isinstance(store, SqliteStore) else None
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The server's event loop, which every game lives on (asked for once: asking
        costs a system call)."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        return self._loop

    # -- life ----------------------------------------------------------------------------------

    async def restore(self) -> int:
        """Loads every unfinished game and restarts its bots and timers; returns how many.
        On a shared store: starts following the other servers, and takes the games whose
        lease lapsed."""
        if self._replicas is not None:
            return await self._replicas.start()
        count = 0
        for game_id in await self._store.unfinished():
            stored = await self._store.load(game_id)
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
        if self._idle_sweep is not None:
            self._idle_sweep.cancel()
        if self._replicas is not None:
            await self._replicas.stop()
        for session in self._games.in_memory():
            session.cancel_timer()
            async with session.lock:
                session.wake_all()
        await self.settle()

    async def settle(self) -> None:
        """Waits for every change in flight (and those they start) to end."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    def spawn(self, work: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Runs `work` in a task of its own that the server waits for when it closes."""
        task = self.loop.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._ended)  # one callback: each costs the loop a turn
        return task

    def _ended(self, task: asyncio.Task[Any]) -> None:
        """A spawned task ended: it is no longer waited for, and its failure is seen."""
        self._tasks.discard(task)
        _settled(task)

    async def _change(self, work: Coroutine[Any, Any, T]) -> T:
        """Runs a change to its end even if the caller is cancelled meanwhile (a client
        gone mid-commit), so that memory and the store never part."""
        task = self.spawn(work)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            task.add_done_callback(_orphaned)  # nobody is left to report a failure to
            raise

    # -- finding games -------------------------------------------------------------------------

    async def _session(self, game_id: str) -> Session:
        return await self._games.get(game_id)

    async def _fresh(self, game_id: str) -> Session:
        """The game, caught up with what other servers committed (a shared store)."""
        session = await self._games.get(game_id)
        if self._shared is not None:
            await self.refresh(session)
        return session

    def peek(self, game_id: str) -> Session | None:
        """The game if it is in memory."""
        return self._games.peek(game_id)

    def in_memory(self) -> list[Session]:
        return self._games.in_memory()

    def forget(self, game_id: str) -> None:
        """Drops an unfinished game from memory (another server runs it)."""
        self._games.forget(game_id)

    async def summary(self, game_id: str) -> Summary:
        """A game's public summary."""
        session = await self._fresh(game_id)
        async with session.lock:
            return session.summary()

    async def list(
        self, status: str | None, variant: str | None, page_size: int, page_token: str
    ) -> tuple[list[Summary], str]:
        """A page of game summaries, newest first, and the next page's token."""
        return await self._games.page(status, variant, page_size, page_token)

    # -- creating and joining ------------------------------------------------------------------

    async def create(self, request: CreateRequest) -> Created:
        """Deals a new game or table; a retry (the same request id) answers as the first
        call did."""
        if self._closing:
            raise ServiceError("SHUTTING_DOWN", "the server is shutting down")
        plan = creation.plan(request, self._timers)
        request_id = request.request_id
        retry = None
        if request_id:
            retry = (auth.request_hash("create", request_id), request.fingerprint())
            earlier = await self._created_before(*retry, request)
            if earlier is not None:
                return earlier
        game_id = secrets.token_hex(8)
        admin = self._secret("admin", game_id, request_id=request_id)
        invites = self._invites(game_id, request.access, plan.bots, request_id)
        num_players = len(plan.bots)
        stored = StoredGame(
            game_id=game_id,
            config=plan.config,
            timers=plan.timers,
            admin_hash=auth.token_hash(admin),
            created_at=time.time(),
            status="playing" if all(plan.bots) else "waiting",
            bots=plan.bots,
            token_hashes=[None] * num_players,
            events=[],
            kind=plan.kind,
            access=request.access,
            invite_hashes=[
                auth.token_hash(invites[s]) if s in invites else None for s in range(num_players)
            ],
        )
        try:
            summary = await self._change(self._store_new(stored, plan.first_hand.phase, retry))
        except RequestIdTaken:  # the same request, made at the same time
            assert retry is not None
            earlier = await self._created_before(*retry, request)
            if earlier is None:
                raise
            return earlier
        return Created(summary, admin, invites, False, self._watch_token(game_id, request.access))

    def _watch_token(self, game_id: str, access: str) -> str:
        """A private game's watch token (empty for an open game)."""
        return watching.watch_token(self._store.secret, game_id) if access == "private" else ""

    async def check_watcher(self, game_id: str, credential: str) -> None:
        """Whether `credential` may watch the game (see watching.py)."""
        session = await self._fresh(game_id)
        async with session.lock:
            watching.check_watcher(session, self._store.secret, credential)

    def _secret(self, purpose: str, *parts: str, request_id: str) -> str:
        """A fresh token, or with a request id the one derived from it (the same on
        every retry)."""
        if not request_id:
            return auth.new_token()
        return auth.derived_token(self._store.secret, purpose, *parts, request_id)

    def _invites(
        self, game_id: str, access: str, seat_bots: Sequence[str | None], request_id: str
    ) -> dict[int, str]:
        """A private game's invites by seat, one per seat not played by a bot."""
        if access != "private":
            return {}
        return {
            seat: self._secret("invite", game_id, str(seat), request_id=request_id)
            for seat, bot in enumerate(seat_bots)
            if bot is None
        }

    async def _created_before(
        self, request_hash: bytes, fingerprint: bytes, request: CreateRequest
    ) -> Created | None:
        """The game an earlier CreateGame with this request id made, answered again;
        REQUEST_ID_REUSED if that request asked for another game."""
        try:
            found = await self._store.created_by(request_hash)
        except StoreError as err:
            raise unavailable(err) from None
        if found is None:
            return None
        game_id, stored_fingerprint = found
        if not hmac.compare_digest(stored_fingerprint, fingerprint):
            raise ServiceError(
                "REQUEST_ID_REUSED", "request_id was used for another CreateGame request"
            )
        session = await self._fresh(game_id)
        rid = request.request_id
        invites = self._invites(game_id, session.access, session.bots, rid)
        async with session.lock:
            summary = session.summary(upto=0)  # the first answer's: as the game was dealt
        admin = self._secret("admin", game_id, request_id=rid)
        return Created(summary, admin, invites, True, self._watch_token(game_id, session.access))

    async def _store_new(
        self, stored: StoredGame, phase: str, request: tuple[bytes, bytes] | None
    ) -> Summary:
        try:
            await self._store.create_game(stored, phase, request)
        except RequestIdTaken:
            raise
        except StoreError as err:
            log.error("game %s could not be stored: %s", stored.game_id, err)
            raise ServiceError("NOT_STORED", f"the game could not be stored: {err}") from None
        session = Session(stored)
        self._games.add(session)
        if self._replicas is not None:
            self._replicas.took(session.game_id)
        async with session.lock:
            self._automate(session)
            return session.summary()

    async def join(
        self,
        game_id: str,
        seat: int | None,
        invite: str = "",
        request_id: str = "",
        name: str = "",
    ) -> Joined:
        """Takes a seat (a private game's needs its invite), under the player's chosen
        name if any (`names`); a retry (the same request id) answers as the first call
        did."""
        limits.check_text("name", name, 4 * names.MAX_NAME)
        chosen = names.check_name(name) if name else ""
        session = await self._session(game_id)
        limits.check_text("invite", invite, auth.MAX_TOKEN_LENGTH)
        creation.check_request_id(request_id)
        return await self._transact(
            session, lambda d: self._join(session, d, seat, invite, request_id, chosen)
        )

    def _join(
        self,
        session: Session,
        draft: Draft,
        seat: int | None,
        invite: str,
        request_id: str,
        name: str = "",
    ) -> Joined:
        state = session.state
        hashed_request = auth.request_hash("join", request_id) if request_id else None
        if hashed_request is not None:
            earlier = auth.seat_of(hashed_request, session.join_requests)
            if earlier is not None:
                return self._joined_before(session, earlier, seat, invite, request_id)
        if session.access == "private":
            seat = self._invited(session, seat, invite)
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
        token = self._secret("seat", session.game_id, str(seat), request_id=request_id)
        hashed = auth.token_hash(token)
        self._apply(
            session,
            draft,
            seat,
            "join",
            names.join_action(name),
            "client",
            token_hash=hashed,
            request_hash=hashed_request,
        )
        return Joined(seat, token, session.summary(), replayed=False)

    @staticmethod
    def _invited(session: Session, seat: int | None, invite: str) -> int:
        """The seat a private game's `invite` is for (it must be `seat`, if named)."""
        if not invite:
            raise ServiceError("INVITE_REQUIRED", "this game is private: its invite is required")
        invited = auth.match_seat(invite, session.invite_hashes)
        if invited is None:
            raise ServiceError("BAD_INVITE", "not an invite of this game")
        if seat is not None and seat != invited:
            raise ServiceError("BAD_INVITE", f"not the invite of seat {seat}")
        return invited

    def _joined_before(
        self, session: Session, seat: int, asked: int | None, invite: str, request_id: str
    ) -> Joined:
        """The answer to a retried JoinGame (lock held): the seat and token it took."""
        if session.access == "private":
            self._invited(session, seat, invite)
        if asked is not None and asked != seat:
            raise ServiceError(
                "REQUEST_ID_REUSED", f"request_id was used to join seat {seat}, not {asked}"
            )
        token = self._secret("seat", session.game_id, str(seat), request_id=request_id)
        stored = session.token_hashes[seat]
        if stored is None or not auth.matches(token, stored):
            raise ServiceError(
                "SEAT_TAKEN",
                f"seat {seat} was joined with this request_id, but its token has been "
                "reissued since (ReissueSeatToken)",
            )
        joined_at = next(  # the first answer's summary: right after the join
            e.version for e in session.events if e.kind == "join" and e.seat == seat
        )
        return Joined(seat, token, session.summary(upto=joined_at), replayed=True)

    async def reissue(self, game_id: str, admin_token: str, seat: int) -> str:
        """A new token for a joined seat; the old one stops working."""
        session = await self._session(game_id)
        if not admin_token:
            raise ServiceError("ADMIN_TOKEN_REQUIRED", "the admin token is required")
        limits.check_text("admin_token", admin_token, auth.MAX_TOKEN_LENGTH)
        if not auth.matches(admin_token, session.admin_hash):
            raise ServiceError("BAD_ADMIN_TOKEN", "not this game's admin token")
        return await self._transact(session, lambda d: self._reissue(session, d, seat))

    def _reissue(self, session: Session, draft: Draft, seat: int) -> str:
        if not 0 <= seat < session.num_players:
            raise ServiceError(
                "NO_SUCH_SEAT",
                f"there is no seat {seat}: seats are 0..{session.num_players - 1}",
            )
        if session.token_hashes[seat] is None:
            raise ServiceError("SEAT_NOT_JOINED", f"seat {seat} has no token: it is open or a bot")
        token = auth.new_token()
        hashed = auth.token_hash(token)
        draft.change.set_token(seat, hashed)
        draft.tokens.append((seat, hashed))
        return token

    # -- acting ----------------------------------------------------------------------------------

    async def act(
        self,
        game_id: str,
        token: str,
        action: str,
        client_seq: int | None,
        expected_version: int | None = None,
        verified: Verified | None = None,
    ) -> Outcome:
        """Applies the token's seat's action (or returns the original outcome of a retry);
        with `expected_version`, only if the game is still at that version; `verified`: a
        stream's tokens verified already (`Session.authenticate`)."""
        limits.check_text("action", action, limits.MAX_ACTION)
        session = await self._session(game_id)
        return await self._transact(
            session,
            lambda d: self._act(session, d, token, action, client_seq, expected_version, verified),
        )

    def _act(
        self,
        session: Session,
        draft: Draft,
        token: str,
        action: str,
        client_seq: int | None,
        expected_version: int | None,
        verified: Verified | None,
    ) -> Outcome:
        # checked here: a reissue may have revoked it
        seat = session.authenticate(token, verified)
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
                return Outcome(prior, True, state.phase, state.to_act(), state.status)
        if expected_version is not None and expected_version != session.version:
            raise ServiceError(
                "STALE_VERSION",
                f"expected_version {expected_version} is not the game's version "
                f"{session.version}: look again before acting",
                version=session.version,
            )
        self._check_turn(state, seat)
        event = self._apply(session, draft, seat, "action", action, "client", client_seq)
        return Outcome(event, False, state.phase, state.to_act(), state.status)

    async def resign(
        self, game_id: str, token: str
    ) -> tuple[StoredEvent, dict[str, Any] | None, str]:
        """Ends the game (at a table: the hand, then the match) by the token's seat's
        resignation; returns the event, the hand's result and the variant."""
        session = await self._session(game_id)
        return await self._transact(session, lambda d: self._resign(session, d, token))

    def _resign(
        self, session: Session, draft: Draft, token: str
    ) -> tuple[StoredEvent, dict[str, Any] | None, str]:
        seat = session.authenticate(token)  # checked here: a reissue may have revoked it
        self._check_started(session.state)
        event = self._apply(session, draft, seat, "resign", "resign", "client")
        return event, session.game.result, session.config["variant"]

    @staticmethod
    def _check_turn(state: GameState, seat: int) -> None:
        """FAILED_PRECONDITION unless `seat` may act now."""
        GameHost._check_started(state)
        if not state.acting(seat):
            waiting = ", ".join(map(str, state.game.to_act))
            raise ServiceError(
                "NOT_YOUR_TURN", f"it is not seat {seat}'s turn (waiting for seat {waiting})"
            )

    @staticmethod
    def _check_started(state: GameState) -> None:
        """FAILED_PRECONDITION once the game is over, while a seat is open, or between a
        table's hands."""
        if state.finished:
            raise ServiceError("GAME_OVER", "the game is over")
        if state.status == "waiting":
            open_seats = [str(s) for s, taken in enumerate(state.joined) if not taken]
            raise ServiceError(
                "GAME_NOT_STARTED",
                f"the game has not started: seat {', '.join(open_seats)} is open",
            )
        if state.next_step() is not None:
            raise ServiceError("NOT_YOUR_TURN", f"nobody may act now: hand {state.hand} is over")

    # -- changing --------------------------------------------------------------------------------

    async def _transact(
        self, session: Session, work: Callable[[Draft], T], automated: bool = False
    ) -> T:
        """Runs `work` (which checks and applies a change in memory) under the session's
        lock in a store change, after catching up on what other servers committed, and
        keeps and publishes what it made once committed. An automated change (a bot's, a
        timer's, the server's between a table's hands) checks the game's lease
        (`Draft.change.leased`).

        If the store fails (NOT_STORED) or `work` raises after changing the game, the
        game is rebuilt from the stored events.

        On a shared store, a client's change to a game whose last event this server
        committed is first made on what the server knows, without catching up (the
        store commits it only if nobody else changed the game meanwhile: one round
        trip); if it was stale, or `work` wrote nothing (a rejection, a retry's answer),
        it is made again after catching up, so that every answer is the caught-up one.

        The change runs to its end even if the caller is cancelled meanwhile (a client
        gone mid-commit), so that memory and the store never part: on SQLite, and on a
        shared store made on what the server knows, by the commit's own callback
        (`_commit_local`, `_commit_known`); after catching up, in a task of its own (an
        automated change runs in one already)."""
        if self._local is not None:
            return await self._commit_local(session, work)
        if automated:
            return await self._transact_shared(session, work, automated)
        if session.mine:
            return await self._commit_known(session, work)
        return await self._change(self._transact_shared(session, work, automated))

    async def _transact_shared(
        self, session: Session, work: Callable[[Draft], T], automated: bool
    ) -> T:
        """`_transact` on a shared store, after catching up."""
        async with session.lock:
            known = session.version
            try:
                result = await self._attempt(session, work, known, automated)
                self.metrics.changed("caught_up")
                return result
            finally:
                if session.version != known:
                    self._publish(session)

    async def _commit_known(self, session: Session, work: Callable[[Draft], T]) -> T:
        """`_transact` on a shared store for a client's change to a game whose last
        change this server committed: made on what the server knows, without a task of
        its own, as `_commit_local` does (the store commits it only if nobody changed the
        game meanwhile, in its next group commit). Made again after catching up, in a
        task, when it was stale, or when `work` rejected it or wrote nothing (a
        rejection, a retry's answer: given once caught up)."""
        assert self._shared is not None
        await session.lock.acquire()  # cancelled while waiting for it: nothing was done
        known = session.version
        answer: asyncio.Future[T] | None = None
        tried = session.mine  # else another server's change took the game meanwhile
        try:
            if tried:
                seats = (list(session.token_hashes), list(session.join_requests))
                change = self._shared.change(session.game_id, known, False, seats)
                draft = Draft(change)
                try:
                    result = work(draft)
                except ServiceError:
                    pass
                else:
                    answer = self.loop.create_future()
                    done = functools.partial(self._committed, session, draft, known, answer, result)
                    if not (draft.events or draft.tokens) or not change.commit(done):
                        answer = None
        except BaseException:
            if session.state.version != session.version:
                session.rebuild()
            session.lock.release()
            raise
        if answer is not None:
            try:
                result = await answer
            except Stale:
                self.metrics.changed("stale")
            else:
                self.metrics.changed("known")
                return result
        else:
            if session.state.version != session.version:
                session.rebuild()
            session.lock.release()
            if tried:
                self.metrics.changed("stale")
        return await self._change(self._transact_shared(session, work, False))

    async def _attempt(
        self, session: Session, work: Callable[[Draft], T], known: int, automated: bool
    ) -> T:
        """`_transact_shared`'s change after catching up (lock held)."""
        try:
            async with self._store.change(session.game_id, known, automated) as change:
                if change.missed or change.token_hashes is not None:
                    self._catch_up(session, change.missed, change)
                draft = Draft(change)
                result = work(draft)
        except RequestIdTaken:
            raise
        except StoreError as err:
            raise _not_stored(session, err) from None
        except BaseException:
            if session.state.version != session.version:
                session.rebuild()
            raise
        self._keep(session, draft)
        return result

    async def _commit_local(self, session: Session, work: Callable[[Draft], T]) -> T:
        """`_transact` on SQLite, where memory is the truth: `work` runs at once under the
        session's lock, its writes join the writer's next transaction, and the commit's
        own callback (`_committed`) keeps or undoes the change, publishes it and lets go
        of the lock. The caller only waits for the answer: cancelled, it leaves the
        change to end as it would have, at the cost of no task of its own."""
        assert self._local is not None
        await session.lock.acquire()  # cancelled while waiting for it: nothing was done
        known = session.version
        try:
            change = self._local.change(session.game_id, known)
            draft = Draft(change)
            result = work(draft)
            self.metrics.changed("caught_up")
            answer: asyncio.Future[T] = self.loop.create_future()
            done = functools.partial(self._committed, session, draft, known, answer, result)
            queued = change.commit(done)
        except BaseException as err:
            if session.state.version != session.version:
                session.rebuild()
            session.lock.release()
            if isinstance(err, StoreError):  # the store is closed
                raise _not_stored(session, err) from None
            raise
        if not queued:  # nothing to write (a retry's answer, an automated change not due)
            session.lock.release()
            return result
        return await answer

    def _committed(
        self,
        session: Session,
        draft: Draft,
        known: int,
        answer: asyncio.Future[T],
        result: T,
        error: StoreError | Stale | None,
    ) -> None:
        """The end of a `_commit_local` or `_commit_known` change, on the loop once the
        store is done with it: the change kept if committed (else undone: NOT_STORED, or
        Stale for `_commit_known` to make it again) and published, the lock let go of,
        and the caller answered if it still waits."""
        failure: Exception | None = None
        try:
            if error is None:
                self._keep(session, draft)
            elif isinstance(error, Stale):
                if session.state.version != session.version:
                    session.rebuild()
                failure = error
            else:
                failure = _not_stored(session, error)
            if session.version != known:
                self._publish(session)
        except Exception as err:  # answered INTERNAL to a caller still waiting
            log.exception("game %s: a committed change could not be kept", session.game_id)
            failure = err
        finally:
            session.lock.release()
        if answer.cancelled():  # the caller went away: the change stands, or failed, alone
            return
        if failure is None:
            answer.set_result(result)
        else:
            answer.set_exception(failure)

    def _catch_up(
        self, session: Session, missed: Sequence[StoredEvent], seats: Change | None
    ) -> None:
        """Replays on the session (lock held) the events another server committed, and
        takes the seats' token and request id hashes as `seats` has them stored;
        GAME_UNREADABLE if the events do not apply."""
        if seats is not None and seats.token_hashes is not None:
            session.token_hashes = list(seats.token_hashes)
        if seats is not None and seats.join_requests is not None:
            session.join_requests = list(seats.join_requests)
        try:
            session.catch_up(missed)
        except RestoreError as err:
            log.error("game %s: %s", session.game_id, err)
            raise ServiceError("GAME_UNREADABLE", f"game {session.game_id} {err}") from None

    def _apply(
        self,
        session: Session,
        draft: Draft,
        seat: int,
        kind: str,
        action: str,
        source: str,
        client_seq: int | None = None,
        token_hash: bytes | None = None,
        request_hash: bytes | None = None,
    ) -> StoredEvent:
        """Applies an event in memory and adds it to the draft (session lock held).

        INVALID_ARGUMENT for an illegal action, nothing changed; if anything else fails
        after the game changed, the game is rebuilt from the stored events.
        """
        state = session.state
        status_before = state.status
        at = time.time()
        try:
            if kind == "action":
                state.game.apply(seat, action)
                applied = state.game.last_action
                assert applied is not None  # the action just applied
                canonical = applied[1]
                state.version += 1
            else:  # a join, a resignation, a table's hand boundary: as a replay does it
                canonical = action if kind == "join" else kind  # a join keeps the name
                state.apply(
                    StoredEvent(state.version + 1, seat, kind, canonical, source, None, None, at)
                )
            result = self._check_end(state)
        except IllegalAction as err:
            raise ServiceError.from_game(err) from None
        except Exception as err:
            session.rebuild()
            log.exception("game %s: %s by seat %s failed", session.game_id, kind, seat)
            raise ServiceError(
                "RESIGN_NOT_SCORED" if kind == "resign" else "INTERNAL",
                f"{session.config['variant']} cannot apply {kind} now "
                f"({type(err).__name__}); nothing was changed",
            ) from None
        event = StoredEvent(
            version=state.version,
            seat=seat,
            kind=kind,
            action=canonical,
            source=source,
            client_seq=client_seq,
            request=action if source == "client" and kind == "action" else None,
            at=at,
        )
        status = state.status
        if status == status_before and self._shared is None:
            after = UNCHANGED  # all that a store that is not shared needs to know
        else:
            changed = status != status_before
            phase, to_act, standing = state.phase, state.to_act(), state.standing()
            after = After(status, phase, to_act, result, changed, standing)
        draft.change.append(event, after, token_hash, request_hash)
        draft.events.append((event, token_hash, request_hash))
        return event

    def _keep(self, session: Session, draft: Draft) -> None:
        """The committed draft becomes the session's (lock held)."""
        session.mine = True
        for event, token_hash, request_hash in draft.events:
            session.events.append(event)
            self.metrics.committed(event.kind, event.source)
            if event.client_seq is not None:
                session.seqs[(event.seat, event.client_seq)] = event
            if token_hash is not None:
                session.token_hashes[event.seat] = token_hash
                session.join_requests[event.seat] = request_hash
        for seat, token_hash in draft.tokens:
            session.token_hashes[seat] = token_hash

    def _publish(self, session: Session) -> None:
        """After the session moved on (lock held): a finished game goes to the cache, the
        bots and timers follow, the streams wake."""
        if session.state.finished:
            self._games.add(session)
            if self._replicas is not None:
                self._replicas.ended(session.game_id)
        self._automate(session)
        session.notify()

    async def refresh(self, session: Session, notices: Sequence[Notice | None] = ()) -> None:
        """Catches the session up on a shared store (lock taken): from `notices` alone
        when they hold every event it missed, else from the store."""
        assert self._shared is not None
        async with session.lock:
            known = session.version
            try:
                events = _contiguous(known, notices)
                if events is not None:
                    for notice in notices:
                        assert notice is not None
                        for seat, token_hash in notice.token_hashes.items():
                            session.token_hashes[seat] = token_hash
                        for seat, request_hash in notice.join_requests.items():
                            session.join_requests[seat] = request_hash
                    self._catch_up(session, events, None)
                else:
                    try:
                        fetched = await self._shared.since(session.game_id, known)
                    except StoreError as err:
                        raise unavailable(err) from None
                    missed, session.token_hashes, session.join_requests = fetched
                    self._catch_up(session, missed, None)
            finally:
                if session.version != known:
                    self._publish(session)

    async def take_over(self, game_id: str) -> None:
        """This server took the game's lease: its bots and timers run here from now on."""
        session = await self._games.get(game_id)
        await self.refresh(session)
        async with session.lock:
            self._automate(session)

    def let_go(self, game_id: str) -> None:
        """Another server took the game's lease: its timer here stops, and the game's
        next change here catches up first (the other server changed it)."""
        session = self._games.peek(game_id)
        if session is not None:
            session.cancel_timer()
            session.mine = False

    @staticmethod
    def _check_end(state: GameState) -> dict[str, Any] | None:
        """The result once the game is over (a table's: its final standing), after
        checking the views can show it."""
        if not state.finished:
            return None
        result = state.result
        state.game.view(None)
        return result

    # -- bots and timers -------------------------------------------------------------------------

    def _owns(self, session: Session) -> bool:
        """Whether this server runs the game's bots and timers (holds its lease)."""
        return self._replicas is None or self._replicas.holds(session.game_id)

    def _automate(self, session: Session) -> None:
        """After a change (session lock held): lets a bot act, the server take its step
        between a table's hands, or starts the decision timer (the previous decision's
        timer is dropped). Where another server holds the lease, only the deadline is
        set, as of the last event."""
        state = session.state
        session.deadline = session.due = None  # the timer stays armed (`_arm`)
        if state.status != "playing" or self._closing:
            return
        version = session.version
        owns = self._owns(session)
        if state.next_step() is not None:  # between a table's hands
            if owns:
                self._start(self._advance, session, version)
            return
        to_act = state.to_act()
        seconds = session.timers.get(timers.decision(state.game), 0.0)
        timed = seconds > 0 and any(not session.bots[s] for s in to_act)
        if not owns:
            if timed and session.events:
                session.deadline = session.events[-1].at + seconds
            return
        if any(session.bots[s] for s in to_act):
            self._start(self._bot_turn, session, version)
        if timed:
            session.deadline = time.time() + seconds
            self._arm(session, self.loop.time() + seconds)

    def _arm(self, session: Session, due: float) -> None:
        """Times the current decision out at `due` (loop time). A game has one timer,
        moved on lazily: a decision made in time leaves it armed, and when it fires
        before a later decision's due time it is armed again for that time
        (`_time_up`), so that a decision costs no timer of its own."""
        session.due = due
        timer = session.timer
        if timer is None or timer.when() > due:
            if timer is not None:
                timer.cancel()
            session.timer = self.loop.call_at(due, self._time_up, session)

    def _time_up(self, session: Session) -> None:
        """The game's timer fired: the decision under way times out if it is due."""
        session.timer = None
        due = session.due
        if due is None:  # no decision is timed now
            return
        if due > self.loop.time():
            session.timer = self.loop.call_at(due, self._time_up, session)
            return
        self._start(self._time_out, session, session.version)

    def _start(
        self, fn: Callable[[Session, int], Awaitable[None]], session: Session, version: int
    ) -> None:
        """Runs `fn(session, version)` in a task unless the game has moved on from
        `version`; a failure is logged, never lost, and one to store the action (the
        database unavailable for a moment) is retried, lest the game stall."""
        if self._closing or session.version != version or not self._owns(session):
            return
        loop = self.loop

        async def task() -> None:
            try:
                await fn(session, version)
            except Exception as err:
                if isinstance(err, ServiceError) and err.reason == "NOT_STORED":
                    log.error("game %s: %s; retried in %g s", session.game_id, err, AUTO_RETRY)
                    loop.call_later(AUTO_RETRY, self._start, fn, session, version)
                else:
                    log.exception("game %s: %s failed", session.game_id, fn.__name__)

        self.spawn(task())

    def _due(self, session: Session, draft: Draft, version: int) -> bool:
        """Whether a bot's, timer's or the server's event for `version` is still due here
        (lock held, the lease checked)."""
        return (
            draft.change.leased
            and not self._closing
            and session.version == version
            and session.state.status == "playing"
        )

    async def _bot_turn(self, session: Session, version: int) -> None:
        """One action of a bot whose turn it is at `version`: chosen off the event loop
        (a search may take a while; the core releases the GIL), then applied if the game
        is still at `version`."""
        async with session.lock:
            if session.version != version or session.state.status != "playing":
                return
            game = session.game
            seat = next(s for s in game.to_act if session.bots[s])
            name = session.bots[seat] or ""
            bot = bots.get(name)
            try:
                action = await asyncio.to_thread(bot.choose, game, seat)  # type: ignore[union-attr]
            except Exception:
                log.exception("game %s: bot %r failed; default action", session.game_id, name)
                action = timers.default_action(game, seat)

        def work(draft: Draft) -> None:
            if not self._due(session, draft, version):
                return
            game = session.game
            try:
                self._apply(session, draft, seat, "action", action, "bot")
            except ServiceError as err:
                if err.code != grpc.StatusCode.INVALID_ARGUMENT:
                    raise
                log.error(
                    "game %s: bot %r chose an action refused (%s); default action",
                    session.game_id,
                    name,
                    err.reason,
                )
                default = timers.default_action(game, seat)
                self._apply(session, draft, seat, "action", default, "bot")

        await self._transact(session, work, automated=True)

    async def _advance(self, session: Session, version: int) -> None:
        """The server's event due at a table at `version`: a hand's end, the next hand,
        the match's end."""

        def work(draft: Draft) -> None:
            if not self._due(session, draft, version):
                return
            step = session.state.next_step()
            if step is not None:
                self._apply(session, draft, 0, step, step, "server")

        await self._transact(session, work, automated=True)

    def close_idle_after(self, idle: float) -> None:
        """Closes, from now on, every game being played that has had no event for `idle`
        seconds (its players left without resigning, and no timer runs): a client seat
        resigns for it, as the server (the first of those to act, else the first). Looked
        at every min(idle / 4, 60) seconds."""

        async def sweep() -> None:
            while not self._closing:
                await asyncio.sleep(min(idle / 4, 60.0))
                now = time.time()
                for session in self.in_memory():
                    last = session.events[-1].at if session.events else session.created_at
                    if session.state.status == "playing" and now - last >= idle:
                        if self._owns(session):
                            try:
                                await self._change(self._close_idle(session, session.version))
                            except ServiceError as err:  # tried again at the next look
                                log.warning(
                                    "game %s: not closed while idle: %s",
                                    session.game_id,
                                    err.reason,
                                )

        self._idle_sweep = asyncio.create_task(sweep())

    async def _close_idle(self, session: Session, version: int) -> None:
        def work(draft: Draft) -> None:
            if not self._due(session, draft, version):
                return
            clients = [s for s in range(session.num_players) if not session.bots[s]]
            waiting = [s for s in session.game.to_act if s in clients]
            if clients:
                seat = (waiting or clients)[0]
                self._apply(session, draft, seat, "resign", "resign", "server")

        await self._transact(session, work, automated=True)

    async def _time_out(self, session: Session, version: int) -> None:
        """Applies the default action of every client seat still to act at `version`."""

        def work(draft: Draft) -> None:
            if not self._due(session, draft, version):
                return
            waiting = [s for s in session.game.to_act if not session.bots[s]]
            for seat in waiting:
                game = session.game
                if seat in game.to_act:
                    default = timers.default_action(game, seat)
                    self._apply(session, draft, seat, "action", default, "timeout")

        await self._transact(session, work, automated=True)

    # -- looking -----------------------------------------------------------------------------------

    async def view(self, game_id: str, token: str, observation: bool = False) -> Snapshot:
        """What the token's seat sees now (with its observation tensor if asked)."""
        session = await self._fresh(game_id)
        seat = session.authenticate(token)
        async with session.lock:
            return snapshot(session, session.state, seat, session.deadline, observation)

    async def send_chat(self, game_id: str, token: str, text: str) -> ChatLine:
        """Stores a chat message of the token's seat (see `chat`)."""
        limits.check_text("text", text, 4 * chat.MAX_CHAT)
        message = chat.check_message(text)
        session = await self._fresh(game_id)
        seat = session.authenticate(token)
        self._chat_rate.check(game_id, seat)
        return await self._store.add_chat(game_id, seat, message, time.time())

    async def chat_after(self, game_id: str, after: int) -> Sequence[ChatLine]:
        """The game's chat messages numbered above `after`, oldest first (a page)."""
        await self._session(game_id)  # UNKNOWN_GAME for a game there is not
        return await self._store.chat(game_id, after, chat.PAGE)

    async def suggestions(self, game_id: str, token: str) -> tuple[int, Sequence[str]]:
        """The version and the engine's preferred actions of the token's seat then (see
        `suggest`), chosen off the event loop on a copy of the hand, so the game goes on
        meanwhile, and once per seat and version however often they are asked for."""
        session = await self._fresh(game_id)
        seat = session.authenticate(token)
        async with session.lock:
            version = session.version
            if session.state.status != "playing" or seat not in session.game.to_act:
                return version, []
            advice = self._advice.of(game_id, seat, version, session.game.clone)
        return version, await advice

    async def events(
        self,
        game_id: str,
        token: str | None,
        from_version: int,
        turns_only: bool = False,
        observation: bool = False,
    ) -> AsyncIterator[Seen]:
        """The events after `from_version`, each with the recipient's view after it, as
        they happen; ends after the game's last event (or when the caller is cancelled).
        With `turns_only` (a seat's stream), see `_turns`; with `observation`, a seat's
        views carry its observation tensor.

        `token` None is a spectator. The checks run before the first event is due. On a
        shared store the stream follows the game from before it catches up, so that the
        notices of every later commit keep it current.
        """
        session = await self._session(game_id)
        if self._shared is None:
            return await self._stream(session, token, from_version, turns_only, observation)
        session.followers += 1
        try:
            if self._replicas is not None:
                await self._replicas.follow(game_id)
            await self.refresh(session)
            stream = await self._stream(session, token, from_version, turns_only, observation)
        except BaseException:
            session.followers -= 1
            raise
        return _unfollowing(session, stream)

    async def _stream(
        self,
        session: Session,
        token: str | None,
        from_version: int,
        turns_only: bool,
        observation: bool = False,
    ) -> AsyncIterator[Seen]:
        seat = None if token is None else session.authenticate(token)
        async with session.lock:
            if from_version > session.version:
                raise ServiceError(
                    "VERSION_AHEAD",
                    f"from_version {from_version} is ahead of the game (version {session.version})",
                )
            if turns_only and seat is not None:
                return self._turns(session, seat, from_version, observation)
            state = session.replay(from_version)
        return self._follow(session, seat, state, observation)

    async def _turns(
        self, session: Session, seat: int, seen: int, observation: bool = False
    ) -> AsyncIterator[Seen]:
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
                now = snapshot(session, session.state, seat, session.deadline, observation)
                hand = session.state.hand_of(event.version)
            seen, again = event.version, False
            yield Seen(event, *visible_action(event, seat, False), now, hand)
            if now.status == "finished":
                return

    async def _follow(
        self, session: Session, seat: int | None, state: GameState, observation: bool = False
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
                now = snapshot(session, state, seat, when, observation)
                yield Seen(event, action, redacted, now, state.hand_of(event.version))

    async def history(
        self,
        game_id: str,
        token: str,
        hand: int | None = None,
        after: int = 0,
        limit: int | None = None,
    ) -> History:
        """The game's events after version `after` (at a table, only those of `hand` if
        named), at most `limit` of them: complete once it is over; before, a running
        hand's are redacted for the token's seat (or, without a token, for a spectator).
        A page costs what it holds, not what comes before it."""
        session = await self._fresh(game_id)
        seat = session.authenticate(token) if token else None
        async with session.lock:
            state = session.state
            if hand is not None and not 1 <= hand <= state.hand:
                raise ServiceError(
                    "NO_SUCH_HAND", f"there is no hand {hand}: hands so far are 1..{state.hand}"
                )
            finished = state.finished
            events: list[Seen] = []
            first = after if hand is None else max(after, state.hand_versions[hand - 1] - 1)
            for event in session.events[first:]:  # the event of version v is at v - 1
                if limit is not None and len(events) == limit:
                    break
                of = state.hand_of(event.version)
                if hand is not None and of != hand:
                    if of > hand:
                        break
                    continue
                shown = visible_action(event, seat, state.hand_over(of))
                events.append(Seen(event, *shown, None, of))
            return History(
                summary=session.summary(),
                events=events,
                complete=finished,
                config=session.config if finished else None,
                result=state.result,
                hands=_hands(state),
            )

    async def replay(
        self,
        game_id: str,
        seat: int | None,
        hand: int | None,
        after: int = 0,
        limit: int | None = None,
    ) -> tuple[AsyncIterator[Seen], int]:
        """A finished game's events (at a table, only those of `hand` if named) after
        version `after`, at most `limit` of them, each with `seat`'s view right after it
        (None: a spectator's) as the seat saw it then: other seats' hidden actions stay
        redacted; and the version the whole replay ends at. GAME_NOT_OVER while the game
        runs."""
        session = await self._session(game_id)
        async with session.lock:
            state = session.state
            if not state.finished:
                raise ServiceError(
                    "GAME_NOT_OVER", "the game is not over: only a finished game is replayed"
                )
            if seat is not None and not 0 <= seat < session.num_players:
                raise ServiceError(
                    "NO_SUCH_SEAT",
                    f"there is no seat {seat}: seats are 0..{session.num_players - 1}",
                )
            first, last = 0, session.version
            if hand is not None:
                if not 1 <= hand <= state.hand:
                    raise ServiceError(
                        "NO_SUCH_HAND",
                        f"there is no hand {hand}: the hands are 1..{state.hand}",
                    )
                starts = state.hand_versions
                first = max(0, starts[hand - 1] - 1)
                last = starts[hand] - 1 if hand < state.hand else session.version
        first = max(first, after)
        end = last if limit is None else min(last, first + limit)
        state = await self._caught_up(session, first)
        return self._replayed(session, state, seat, first, end), last

    async def _caught_up(self, session: Session, version: int) -> GameState:
        """A finished game's state at `version`, replayed a slice at a time and paced
        (`paging.Pacer`), letting the other calls run (its events no longer change, so
        no lock is held); done before a replay's page is built, so that catching up to a
        late page never holds back the pages of other replays."""
        pacer = paging.Pacer()
        state = session.replay(0)
        for at, event in enumerate(session.events[:version], start=1):
            state.apply(event)
            if at % REPLAY_SLICE == 0:
                await pacer.pause()
        return state

    async def _replayed(
        self, session: Session, state: GameState, seat: int | None, first: int, last: int
    ) -> AsyncIterator[Seen]:
        """The events after version `first` up to `last`, from `state` (the game at
        `first`), with `seat`'s view after each, paced (`paging.Pacer`)."""
        pacer = paging.Pacer()
        for event in session.events[first:last]:
            state.apply(event)
            action, redacted = visible_action(event, seat, False)
            now = snapshot(session, state, seat, None)
            yield Seen(event, action, redacted, now, state.hand_of(event.version))
            await pacer.pause()  # a long replay lets the other calls run


def _hands(state: GameState) -> list[Hand]:
    """A table's hands as its history shows them (none for a single game)."""
    if state.match is None:
        return []
    out = []
    for number, game in enumerate(state.match.games, start=1):
        ends = state.end_versions
        out.append(
            Hand(
                hand=number,
                start_version=state.hand_versions[number - 1],
                end_version=ends[number - 1] if number <= len(ends) else 0,
                config=game.config() if state.finished else None,
                result=game.result,
            )
        )
    return out


async def _unfollowing(session: Session, stream: AsyncIterator[Seen]) -> AsyncIterator[Seen]:
    """`stream`, which stops following the game when it ends."""
    try:
        async for seen in stream:
            yield seen
    finally:
        session.followers -= 1


def _contiguous(version: int, notices: Sequence[Notice | None]) -> list[StoredEvent] | None:
    """The events after `version` that `notices` carry, if they are every one up to the
    last notice's version; None if any is missing (or a notice is a gap, None)."""
    if not notices:
        return None
    events: list[StoredEvent] = []
    for notice in notices:
        if notice is None:
            return None
        events += [e for e in notice.events if e.version > version + len(events)]
        if notice.version > version + len(events):
            return None
    return events


def _turn_due(session: Session, seat: int, seen: int, again: bool) -> bool:
    """Whether a turn stream that has seen version `seen` sends now: a later version at
    which the seat is to act, or the game's end; with `again`, also the turn at `seen`."""
    state = session.state
    if session.version > seen:
        return state.finished or seat in state.to_act()
    return again and session.version == seen and not state.finished and seat in state.to_act()


def _not_stored(session: Session, err: StoreError) -> ServiceError:
    """NOT_STORED for a change the store did not commit (logged), the game rebuilt
    from the stored events: memory never runs ahead of the database."""
    if session.state.version != session.version:
        session.rebuild()
    log.error("game %s: a change could not be stored: %s", session.game_id, err)
    return ServiceError("NOT_STORED", f"the action could not be stored: {err}")


def _settled(task: asyncio.Task[Any]) -> None:
    """Marks a task's failure as seen: whoever awaited it got it, or it was logged."""
    if not task.cancelled():
        task.exception()


def _orphaned(task: asyncio.Task[Any]) -> None:
    """Logs the unexpected failure of a change whose client went away."""
    error = None if task.cancelled() else task.exception()
    if error is not None and not isinstance(error, ServiceError):
        log.error("a change failed after its client went away", exc_info=error)
