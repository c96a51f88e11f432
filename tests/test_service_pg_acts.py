"""PostgreSQL's seats' actions made on what a replica knew, many games to one statement
(`WRITE_ACTS` in a group commit): each change is written or found stale on its own, as
it would be alone, and what is written is what the change made after catching up
writes (a differential test of the two ways a replica stores an action). Such a change
runs without a task of its own (`GameHost._commit_known`): a caller that goes away
while it waits in a group leaves it committed exactly once."""

from __future__ import annotations

import asyncio
import hashlib

import pytest
from service_support import check_committed_once, let_go, retried

psycopg = pytest.importorskip("psycopg")

from fenpai.service.store import After, Stale, StoredEvent, StoredGame  # noqa: E402
from fenpai.service.store import postgres as pg  # noqa: E402

PLAYING = After("playing", "play", [1], None, changed=False)
FINISHED = After("finished", "over", [], {"scores": [1, -1]}, changed=True)


def token(seat: int) -> bytes:
    return hashlib.sha256(f"seat {seat}".encode()).digest()


def event(version: int, seat: int, kind: str = "action", action: str = "a") -> StoredEvent:
    request = action if kind == "action" else None
    return StoredEvent(version, seat, kind, action, "client", version, request, float(version))


async def seated(store: pg.PostgresStore, game_id: str) -> None:
    """A two-seat game with both seats joined (version 2), leased to `store`."""
    game = StoredGame(
        game_id=game_id,
        config={"variant": "test"},
        timers={},
        admin_hash=b"admin",
        created_at=0.0,
        status="waiting",
        bots=[None, None],
        token_hashes=[None, None],
        events=[],
    )
    await store.create_game(game, "deal")
    async with store.change(game_id, 0) as change:
        for seat in (0, 1):
            change.append(event(seat + 1, seat, "join", "join"), PLAYING, token(seat), None)


#: Each game's change, made on what a replica knew: (known version, acting seat, the
#: token hash it knew for that seat, the game after it) and whether it is written.
PLANS = {
    "g1": (2, 0, token(0), PLAYING, True),
    "g2": (1, 0, token(0), PLAYING, False),  # the game moved on since
    "g3": (2, 1, token(0), PLAYING, False),  # the seat's token is not the one known
    "g4": (2, 1, token(1), FINISHED, True),  # the last action: the lease ends
    "g5": (2, 0, token(0), PLAYING, True),
}


async def known_changes(store: pg.PostgresStore) -> dict[str, BaseException | None]:
    """Every plan's change committed without waiting in between (one group)."""
    loop = asyncio.get_running_loop()
    outcomes: dict[str, asyncio.Future[BaseException | None]] = {}
    for game_id, (known, seat, actor, after, _) in PLANS.items():
        tokens = [token(0), token(1)]
        tokens[seat] = actor
        change = store.change(game_id, known, seats=(tokens, [None, None]))
        change.append(event(known + 1, seat), after)
        outcomes[game_id] = loop.create_future()
        assert change.commit(outcomes[game_id].set_result)
    return {game_id: await outcome for game_id, outcome in outcomes.items()}


async def caught_up_changes(store: pg.PostgresStore) -> None:
    """The written plans' changes, each made after catching up."""
    for game_id, (known, seat, _, after, written) in PLANS.items():
        if written:
            async with store.change(game_id, known) as change:
                change.append(event(known + 1, seat), after)


async def rows(url: str) -> tuple[list, list, list]:
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        games = await (
            await conn.execute(
                "SELECT game_id, version, status, phase, to_act, standing, result, tokens"
                " FROM games ORDER BY game_id"
            )
        ).fetchall()
        events = await (
            await conn.execute(f"SELECT game_id, {pg.EVENT_COLUMNS} FROM events ORDER BY 1, 2")
        ).fetchall()
        leases = await (await conn.execute("SELECT game_id FROM leases ORDER BY 1")).fetchall()
    return games, events, leases


async def scenario(url: str, grouped: bool) -> tuple[dict, tuple, list[str]]:
    """Replica `a` seats every game; replica `b` then makes the plans' changes (grouped:
    on what it knew; else after catching up) while `a` follows g5. The outcomes, the
    rows, and the notices `a` got."""
    a, b = pg.PostgresStore(url), pg.PostgresStore(url)
    await a.open()
    await b.open()
    heard: list[str] = []
    listening = asyncio.Event()

    async def listen() -> None:
        async for notice in a.notices():
            if notice is None:
                listening.set()
            else:
                heard.append(f"{notice.game_id} {notice.version} {notice.lease_moved}")

    listener = asyncio.create_task(listen())
    try:
        for game_id in PLANS:
            await seated(a, game_id)
        await a.watch(["g5"])
        await listening.wait()
        outcomes: dict = {}
        if grouped:
            outcomes = await known_changes(b)
        else:
            await caught_up_changes(b)
        found = await rows(url)
        await asyncio.sleep(0.5)  # the notices arrive
        return outcomes, found, sorted(heard)
    finally:
        listener.cancel()
        await a.close()
        await b.close()


def test_a_group_of_actions_writes_each_as_if_alone_and_as_after_catching_up(postgres):
    grouped, rows_grouped, heard_grouped = asyncio.run(scenario(postgres.new_database(), True))
    for game_id, (*_, written) in PLANS.items():
        outcome = grouped[game_id]
        assert outcome is None if written else isinstance(outcome, Stale), (game_id, outcome)
    _, rows_alone, heard_alone = asyncio.run(scenario(postgres.new_database(), False))
    assert rows_grouped == rows_alone
    games, events, leases = rows_grouped
    assert [g[1] for g in games] == [3, 2, 2, 3, 3]  # versions: only the written moved on
    assert len(events) == 5 * 2 + 3
    assert [lease[0] for lease in leases] == ["g1", "g2", "g3", "g5"]  # g4 is over
    # replica b took the leases of the games it changed (a is told), and a follows g5
    assert heard_grouped == heard_alone == ["g1 3 True", "g5 3 False", "g5 3 True"]


async def caller_gone_mid_commit(url: str) -> dict[str, object]:
    """On PostgreSQL, a client's action made on what the replica knew (`_commit_known`,
    no task of its own) whose caller is cancelled while it waits in a group commit,
    then retried once the group is over."""
    from fenpai.service.creation import CreateRequest
    from fenpai.service.host import GameHost

    store = pg.PostgresStore(url)
    host = GameHost(store, {})
    await store.open()
    await host.restore()
    try:
        created = await host.create(CreateRequest("red_five_4p", seed=5))
        game_id = created.summary.game_id
        tokens = {seat: (await host.join(game_id, seat)).token for seat in range(4)}
        session = host.peek(game_id)
        assert session is not None and session.mine
        seat = session.game.to_act[0]
        action = session.game.legal_actions(seat)[0]
        before = session.version
        go = asyncio.Event()
        real = store._commit_group

        async def held(group: list[pg.Waiting]) -> list[bool]:
            await go.wait()
            return await real(group)

        store._commit_group = held  # type: ignore[method-assign]
        caller = asyncio.ensure_future(host.act(game_id, tokens[seat], action, client_seq=1))
        for _ in range(100):  # until the change waits for its commit, the lock held
            await asyncio.sleep(0)
            if store._waiting or store._committers:
                break
        assert session.lock.locked() and session.state.version == before + 1
        caller.cancel()
        with pytest.raises(asyncio.CancelledError):
            await caller
        go.set()
        await let_go(session)
        found = await retried(host, store, session, tokens[seat], action)
        return {"before": before, "seat": seat, **found}
    finally:
        await host.close()
        await store.close()


def test_a_caller_gone_mid_commit_leaves_its_action_committed_once(postgres):
    check_committed_once(asyncio.run(caller_gone_mid_commit(postgres.new_database())))
