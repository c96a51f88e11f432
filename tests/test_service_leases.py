"""A server's leases (`fenpai.service.replicas.Replicas`), with a store and a host that
only record what they are asked: a renewal that comes back after the leases counted as
held ran out resumes their games' bots and timers, which stopped meanwhile; one that
comes back in time resumes nothing."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from fenpai.service import replicas

LEASE = 5.0


class Store:
    """Renews every lease it is asked to, the clock moving to `back` meanwhile."""

    def __init__(self, clock: list[float], back: float):
        self.lease, self._clock, self._back = LEASE, clock, back
        self.held_while_renewing: bool | None = None
        self.server: replicas.Replicas | None = None

    async def renew(self) -> set[str]:
        self._clock[0] = self._back
        assert self.server is not None
        self.held_while_renewing = self.server.holds("g")
        return {"g"}

    async def claim(self, limit: int) -> list[str]:
        return []


class Host:
    def __init__(self) -> None:
        self.taken: list[str] = []

    async def take_over(self, game_id: str) -> None:
        self.taken.append(game_id)

    def let_go(self, game_id: str) -> None:
        raise AssertionError(f"{game_id} was not taken by another server")


@pytest.mark.parametrize(("back", "resumed"), [(106.0, ["g"]), (104.0, [])])
def test_a_renewal_back_after_the_leases_ran_out_resumes_their_games(monkeypatch, back, resumed):
    """Held until 105, renewed from 103: back at 106, the game's bots and timers (which
    `holds` stopped from 105 on) are taken over again; back at 104, nothing stopped."""
    clock = [103.0]
    monkeypatch.setattr(replicas, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    store, host = Store(clock, back), Host()
    server = replicas.Replicas(host, store)  # type: ignore[arg-type]
    store.server = server
    server.took("g")
    server._until = 105.0
    assert server.holds("g")

    asyncio.run(server._round())

    assert store.held_while_renewing is (back < 105.0)
    assert host.taken == resumed
    assert server.holds("g") and server._until == 103.0 + LEASE
