"""`Replicas`: what a server does beside the other servers that share its store.

- It follows their commits to the games its streams follow: when a game's first stream
  here opens, the server asks for the game's notices (`follow`, before the stream
  catches up), and every commit's notice (LISTEN/NOTIFY) then brings the game up to
  date, from the events the notice carries or else from the store, in order, so that
  the streams here send what was done elsewhere. A notice of a game no stream here
  follows any more is ignored, and the server asks for no more of them: notices reach
  a server only for what it follows, so that they never grow with the number of
  servers. After the notices were interrupted, every game in memory catches up from
  the store (what the server asked for is in the database: the notices resume).
- It keeps leases: a game's bots and timers run only on the server that holds its
  lease. The creating server takes it, and a server committing a client's change to
  the game takes it with that commit (the game then runs where its clients play, and
  the server it left needs none of its notices); every third of a lease this server
  renews all of its leases in one statement, lets go of those it lost, and takes over
  up to `CLAIM_LIMIT` that lapsed (their server stopped or died), whose bots and timers
  then resume here. It counts its leases as held only until a lease's time after the
  last renewal began (its bots and timers resume when a renewal that began late or came
  back late succeeds), and a bot's or timer's change checks the lease in its
  transaction.
- It forgets the games it neither runs nor streams once idle for `IDLE_SECONDS` (they
  are loaded again when asked for), so that memory does not grow with every game some
  call touched.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from fenpai.service.errors import ServiceError
from fenpai.service.registry import unavailable
from fenpai.service.store import Notice, SharedStore, StoreError

if TYPE_CHECKING:
    from fenpai.service.host import GameHost
    from fenpai.service.session import Session

log = logging.getLogger("fenpai.service")

#: Lapsed leases taken over per round, at most.
CLAIM_LIMIT = 200
#: Seconds after its last use that a game this server neither runs nor streams is
#: forgotten.
IDLE_SECONDS = 60.0


class Replicas:
    """One server's part among the replicas: notices, leases, forgetting idle games."""

    def __init__(self, host: GameHost, store: SharedStore):
        self._host = host
        self._store = store
        self._owned: set[str] = set()
        #: Until when (monotonic seconds) the leases renewed last are surely held.
        self._until = 0.0
        #: Notices not yet applied, by game (a catch-up task runs for each key).
        self._inbox: dict[str, list[Notice | None]] = {}
        self._listening = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        #: The games whose notices this server asked for, and those it stops asking for.
        self._watching: set[str] = set()
        self._dropping: set[str] = set()
        #: Asking for a game's notices and no longer asking, one at a time.
        self._asking = asyncio.Lock()
        store.holds = self.holds
        store.took = self.took

    def holds(self, game_id: str) -> bool:
        """Whether this server holds the game's lease."""
        return game_id in self._owned and time.monotonic() < self._until

    def took(self, game_id: str) -> None:
        """This server created the game, or committed a change that took its lease."""
        self._owned.add(game_id)

    async def follow(self, game_id: str) -> None:
        """A stream here follows the game: its commits are notified here from now on
        (before the stream catches up). STORE_UNAVAILABLE if that cannot be asked."""
        async with self._asking:
            if game_id in self._watching:
                return
            try:
                await self._store.watch([game_id])
            except StoreError as err:
                raise unavailable(err) from None
            self._watching.add(game_id)

    def ended(self, game_id: str) -> None:
        """The game is over (its lease is gone with its last commit)."""
        self._owned.discard(game_id)

    async def start(self) -> int:
        """Starts listening, then takes the lapsed leases; returns how many it took."""
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._listen()))
        await self._listening.wait()
        taken = await self._round()
        self._tasks.append(loop.create_task(self._keep()))
        return taken

    async def stop(self) -> None:
        """Stops following and renewing; lets this server's leases lapse at once, so
        that another server takes its games over without waiting."""
        if not self._tasks:
            return
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._owned.clear()
        try:
            await self._store.release()
            await self._store.unwatch(sorted(self._watching))
        except StoreError as err:
            log.warning("the leases could not be released: %s", err)

    # -- notices -------------------------------------------------------------------------

    async def _listen(self) -> None:
        async for notice in self._store.notices(self._wanted):
            if notice is not None and notice.lease_moved:
                self._host.metrics.noticed("lease_moved")
                found = self._host.peek(notice.game_id)
                if found is None or found.version < notice.version:  # not taken back since
                    self._owned.discard(notice.game_id)
                    self._host.let_go(notice.game_id)
                continue
            if notice is None:  # listening again: what was missed meanwhile is unknown
                self._listening.set()
                for session in self._host.in_memory():
                    self._queue(session, None)
                continue
            found = self._host.peek(notice.game_id)
            if found is not None and notice.version > found.version:
                self._queue(found, notice)

    def _wanted(self, game_id: str, version: int) -> bool:
        """Whether a notice concerns a game followed here that it moves on; the notices
        of a game no longer followed here are no longer asked for."""
        found = self._host.peek(game_id)
        if found is None or not found.followers:
            self._host.metrics.noticed("unfollowed")
            if game_id not in self._dropping:
                self._dropping.add(game_id)
                self._host.spawn(self._unfollow(game_id))
            return False
        if version <= found.version:
            self._host.metrics.noticed("known")
            return False
        self._host.metrics.noticed("applied")
        return True

    async def _unfollow(self, game_id: str) -> None:
        """Stops asking for the notices of a game no stream here follows any more."""
        try:
            async with self._asking:
                found = self._host.peek(game_id)
                if found is None or not found.followers:
                    # forgotten first: a stream opening later asks again, whatever the
                    # outcome of this
                    self._watching.discard(game_id)
                    await self._store.unwatch([game_id])
        except StoreError as err:
            log.warning("game %s: its notices are still sent here: %s", game_id, err)
        finally:
            self._dropping.discard(game_id)

    def _queue(self, session: Session, notice: Notice | None) -> None:
        """Has a followed or leased game catch up on `notice` (None: on everything)."""
        game_id = session.game_id
        if not session.followers and game_id not in self._owned:
            return  # a call that needs it catches it up
        inbox = self._inbox.get(game_id)
        if inbox is not None:
            inbox.append(notice)
            return
        self._inbox[game_id] = [notice]
        self._host.spawn(self._catch_up(session))

    async def _catch_up(self, session: Session) -> None:
        notices = self._inbox.pop(session.game_id)
        try:
            await self._host.refresh(session, notices)
        except ServiceError as err:
            log.warning("game %s could not catch up: %s", session.game_id, err.message)

    # -- leases --------------------------------------------------------------------------

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self._store.lease / 3)
            try:
                await self._round()
            except StoreError as err:
                log.warning("the leases could not be renewed: %s", err)
            self._forget_idle()

    async def _round(self) -> int:
        """Renews the leases, lets go of the lost ones, takes over lapsed ones."""
        began, until = time.monotonic(), self._until
        before = set(self._owned)
        held = await self._store.renew()
        # this server's bots and timers stopped where the leases ran out before the
        # renewal came back (before it began, or while it was under way, as on a loaded
        # machine): what they did not do then is done on taking the games over again
        lapsed = time.monotonic() >= until
        self._until = began + self._store.lease
        for game_id in before - held:
            log.warning("game %s: another server took its lease", game_id)
            self._owned.discard(game_id)
            self._host.let_go(game_id)
        # held here though let go of (a notice that the lease moved, read after it came
        # back): run again here
        regained = held - self._owned
        self._owned |= regained
        taken = await self._store.claim(CLAIM_LIMIT)
        self._owned.update(taken)
        for game_id in [*taken, *regained, *(held & before if lapsed else ())]:
            try:
                await self._host.take_over(game_id)
            except ServiceError as err:
                log.error("game %s cannot be taken over: %s", game_id, err.message)
        if taken:
            log.info("took over %d games whose lease lapsed", len(taken))
            self._host.metrics.leases.inc(len(taken))
        return len(taken)

    def _forget_idle(self) -> None:
        idle = time.monotonic() - IDLE_SECONDS
        for session in self._host.in_memory():
            if (
                session.game_id not in self._owned
                and not session.followers
                and not session.lock.locked()
                and session.used < idle
            ):
                self._host.forget(session.game_id)
