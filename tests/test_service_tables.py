"""Tables over a real loopback server: a match played hand after hand with the same
seats and tokens (Tractor to past A under the TR-31 clock with TR-32 dealers, Red Five
5p carrying the 原庄 of R5-2, Red Five 4p and Fifty-K for a number of hands with running
totals), hand and match events, the standing in every view, history per hand, timers and
bots across hands, and a table restored after the server is killed.

Server bots are deterministic (seeded from the hand's seed, the seat and the hand's
length), so the library, running the same bots, predicts every all-bot match: each
table's stored history is checked against `fenpai.new_match` played the same way."""

from __future__ import annotations

import json
import random
import sqlite3
import threading

import grpc
import pytest
from service_support import (
    ServerProcess,
    create,
    error_of,
    join_all,
    play_to_end,
    reason_of,
    replay_table,
    running_server,
    seconds,
    view,
)

import fenpai
from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service import bots

SERVER_EVENTS = (pb.EVENT_KIND_HAND_END, pb.EVENT_KIND_HAND_START, pb.EVENT_KIND_MATCH_END)


@pytest.fixture(scope="module")
def server(tmp_path_factory, db):
    folder = tmp_path_factory.mktemp("tables")
    with running_server(folder, "--no-timers", "--sync", "normal", db=db) as s:
        yield s


@pytest.fixture(scope="module")
def stub(server):
    return server.stub()


def settings(hands: int = 0, clock: float | None = None) -> pb.MatchSettings:
    out = pb.MatchSettings(hands=hands)
    if clock is not None:
        out.clock_seconds = clock
    return out


def bot_match(variant: str, seed: int, name: str, elapsed: float = 0.0, **kwargs) -> fenpai.Match:
    """The match a table of `name` bots plays, predicted with the library (the clock
    read as `elapsed` at every hand's end)."""
    match = fenpai.new_match(variant, seed=seed, **kwargs)
    bot = bots.get(name)
    assert bot is not None
    while True:
        game = match.game
        while game.phase != "done":
            seat = game.to_act[0]
            game.apply(seat, bot.choose(game, seat))
        match.elapsed = elapsed
        if match.done:
            return match
        match.next_hand()


def spectate(stub, game_id: str) -> list[pb.SpectateResponse]:
    return list(stub.Spectate(pb.SpectateRequest(game_id=game_id)))


def history(stub, game_id: str, **kwargs) -> pb.GetHistoryResponse:
    return stub.GetHistory(pb.GetHistoryRequest(game_id=game_id, **kwargs))


def check_boundaries(hist: pb.GetHistoryResponse) -> None:
    """Every hand ends with HAND_END, then HAND_START (the next hand) or MATCH_END; each
    event names its hand; the hand records say where each hand starts and ends."""
    events = hist.events
    hand = 1
    for before, event in zip(events, events[1:], strict=False):
        if event.kind == pb.EVENT_KIND_HAND_START:
            assert before.kind == pb.EVENT_KIND_HAND_END
            hand += 1
        if before.kind == pb.EVENT_KIND_HAND_END:
            assert event.kind in (pb.EVENT_KIND_HAND_START, pb.EVENT_KIND_MATCH_END)
        assert event.hand == hand
    assert events[-1].kind == pb.EVENT_KIND_MATCH_END and events[-2].kind == (
        pb.EVENT_KIND_HAND_END
    )
    assert [h.hand for h in hist.hands] == list(range(1, hand + 1))
    ends = [e.version for e in events if e.kind == pb.EVENT_KIND_HAND_END]
    starts = [0] + [e.version for e in events if e.kind == pb.EVENT_KIND_HAND_START]
    assert [h.end_version for h in hist.hands] == ends
    assert [h.start_version for h in hist.hands] == starts
    assert all(not e.bot and not e.timeout for e in events if e.kind in SERVER_EVENTS)


def test_tr_30_tr_32_a_whole_tractor_match_at_a_table(stub):
    """Four server bots play a Tractor table from level 2 to the first team past A,
    within a short clock (10 minutes, TR-31): a spectator follows it hand after hand;
    the stored history replays with `fenpai.new_match` to the match the library plays;
    each hand's dealer is the one TR-32 names and its levels those the last hand left."""
    created = create(
        stub,
        "tractor",
        seed=38,
        bots=dict.fromkeys(range(4), "random"),
        match=settings(clock=600),
    )
    game = created.game
    assert game.match.hand == 1 and game.match.clock_seconds == 600
    assert game.match.HasField("clock_deadline") and list(game.match.totals) == [0.0] * 4
    watched = spectate(stub, game.game_id)
    hist = history(stub, game.game_id)
    assert hist.complete and [w.event.version for w in watched] == [e.version for e in hist.events]
    check_boundaries(hist)
    expected = bot_match("tractor", 38, "random", clock=600)
    match = replay_table(hist)
    assert [g.history for g in match.games] == [g.history for g in expected.games]
    assert len(hist.hands) == len(expected.games) > 10
    assert match.decided_by == expected.decided_by == "TR-30"

    standing = hist.game.match
    assert standing.over and standing.decided_by == "TR-30"
    assert list(standing.totals) == expected.totals and list(standing.winners) == expected.winners
    assert json.loads(hist.result_json)["winners"] == expected.winners
    winner = expected.games[-1].result["match_won"]
    assert list(standing.winners) == [winner, winner + 2]
    configs = [json.loads(h.config_json) for h in hist.hands]
    results = [json.loads(h.result_json) for h in hist.hands]
    assert configs[0]["options"]["dealer"] is None  # TR-13: the first hand's dealer
    for config, before in zip(configs[1:], results, strict=False):
        assert config["options"]["dealer"] == before["next_dealer"]  # TR-32
        assert config["options"]["levels"] == before["new_levels"]  # TR-42, TR-43
    for record, game_played in zip(hist.hands, expected.games, strict=True):
        assert json.loads(record.result_json) == json.loads(json.dumps(game_played.result))
        assert record.result.tractor.next_dealer == game_played.result["next_dealer"]

    # the standing in every view: the hand under way, totals once a hand is over
    for w in watched:
        assert w.view.HasField("match") and w.view.match.hand == w.event.hand
        assert json.loads(w.view.view_json)["match"]["hand"] == w.event.hand
    ends = [w for w in watched if w.event.kind == pb.EVENT_KIND_HAND_END]
    for end, hand in zip(ends, expected.games, strict=True):
        number = expected.games.index(hand) + 1
        levels = hand.result["new_levels"]
        assert end.view.hand_view.phase == "done"
        assert end.view.match.totals[0] >= "23456789TJQKA".index(levels[0])
        assert end.view.match.hand == number


def test_tr_30_the_history_of_one_hand(stub):
    """GetHistory with a hand gives that hand's events alone, which replay on its
    config to its result; a hand the table has not dealt is NO_SUCH_HAND."""
    created = create(
        stub, "tractor", seed=36, bots=dict.fromkeys(range(4), "random"), match=settings(hands=2)
    )
    game_id = created.game.game_id
    spectate(stub, game_id)
    whole = history(stub, game_id)
    assert len(whole.hands) == 2 and whole.game.match.decided_by == "hands"
    for record in whole.hands:
        part = history(stub, game_id, hand=record.hand)
        assert {e.hand for e in part.events} == {record.hand}
        config = json.loads(record.config_json)
        hand = fenpai.new_game("tractor", seed=config["seed"], **config["options"])
        for event in part.events:
            if event.kind == pb.EVENT_KIND_ACTION:
                hand.apply(event.seat, event.action)
        assert json.loads(json.dumps(hand.result)) == json.loads(record.result_json)
    err = error_of(stub.GetHistory, pb.GetHistoryRequest(game_id=game_id, hand=3))
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert reason_of(err) == ("NO_SUCH_HAND", None)


def test_tr_31_the_clock_ends_the_match_at_the_higher_level(stub):
    """The clock has run out when the first hand ends with one team a level up: that
    team wins the match (TR-31), after one hand."""
    expected = bot_match("tractor", 0, "random", clock=0.001, elapsed=1.0)
    assert len(expected.games) == 1 and expected.decided_by == "TR-31"
    created = create(
        stub, "tractor", seed=0, bots=dict.fromkeys(range(4), "random"), match=settings(clock=0.001)
    )
    watched = spectate(stub, created.game.game_id)
    standing = watched[-1].view.match
    assert watched[-1].event.kind == pb.EVENT_KIND_MATCH_END
    assert standing.over and standing.decided_by == "TR-31" and standing.hand == 1
    assert standing.elapsed_seconds >= 0.001
    ahead = 0 if standing.totals[0] > standing.totals[1] else 1
    assert list(standing.winners) == [ahead, ahead + 2] == expected.winners
    hist = history(stub, created.game.game_id)
    check_boundaries(hist)
    assert replay_table(hist).decided_by == "TR-31"


def test_tr_31_at_equal_levels_play_goes_on_past_the_clock(stub):
    """The clock has run out, but the first hands end at equal levels: play goes on
    until a hand leaves one team ahead (TR-31)."""
    expected = bot_match("tractor", 9, "random", clock=0.001, elapsed=1.0)
    assert len(expected.games) > 1
    created = create(
        stub, "tractor", seed=9, bots=dict.fromkeys(range(4), "random"), match=settings(clock=0.001)
    )
    watched = spectate(stub, created.game.game_id)
    ends = [w.view.match for w in watched if w.event.kind == pb.EVENT_KIND_HAND_END]
    assert len(ends) == len(expected.games)
    assert all(m.totals[0] == m.totals[1] and not m.over for m in ends[:-1])
    assert ends[-1].totals[0] != ends[-1].totals[1]
    assert watched[-1].view.match.decided_by == "TR-31"


def test_tr_31_clock_settings(stub):
    """0 turns the clock off; other variants have none; numbers out of range are
    BAD_MATCH; a Red Five or Fifty-K table needs its number of hands."""
    game = create(stub, "tractor", match=settings()).game
    assert game.match.clock_seconds == 90 * 60  # TR-31, when the table names none
    game = create(stub, "tractor", match=settings(clock=0)).game
    assert game.match.clock_seconds == 0 and not game.match.HasField("clock_deadline")
    assert create(stub, "tractor", match=settings(clock=60)).game.match.clock_seconds == 60
    for variant, match in [
        ("red_five_4p", settings()),
        ("fifty_k", settings(hands=2, clock=60)),
        ("tractor", settings(clock=-1)),
        ("tractor", settings(clock=float("inf"))),
        ("red_five_5p", settings(hands=100_000)),
    ]:
        err = error_of(create, stub, variant, match=match)
        assert err.code() == grpc.StatusCode.INVALID_ARGUMENT, variant
        cited = "TR-31" if "TR-31" in err.details() else None  # every rule it cites
        assert reason_of(err) == ("BAD_MATCH", cited)
    err = error_of(create, stub, "tractor", match=settings(), levels=["2", "3"])
    assert reason_of(err) == ("BAD_OPTION", "TR-13") and "same level" in err.details()


def test_ff_43_a_finding_friends_table_plays_to_its_own_end(stub):
    """FF-43: with no number of hands a Finding Friends table plays until a player
    passes A, as Tractor's does to TR-30; a Red Five table still needs its hands."""
    game = create(stub, "finding_friends", match=settings()).game
    assert game.match.hands == 0 and not game.match.over
    assert create(stub, "finding_friends", match=settings(hands=3)).game.match.hands == 3
    err = error_of(create, stub, "red_five_5p", match=settings())
    assert reason_of(err) == ("BAD_MATCH", None) and "needs match.hands" in err.details()


def test_r5_2_a_red_five_5p_table_carries_the_yuan_zhuang(stub):
    """Each hand's declarer is the next hand's 原庄 (R5-2), seat 0 (the table's owner)
    at first; the client's seat plays every hand with one token; totals add up."""
    created = create(
        stub,
        "red_five_5p",
        seed=21,
        bots={s: "random" for s in range(1, 5)},
        match=settings(hands=3),
    )
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    streamed: list[pb.StreamEventsResponse] = []
    request = pb.StreamEventsRequest(game_id=game_id, seat_token=tokens[0])
    follower = threading.Thread(target=lambda: streamed.extend(stub.StreamEvents(request)))
    follower.start()
    play_to_end(stub, game_id, tokens, random.Random(5))
    follower.join(60)
    hist = history(stub, game_id)
    check_boundaries(hist)
    configs = [json.loads(h.config_json) for h in hist.hands]
    results = [json.loads(h.result_json) for h in hist.hands]
    assert len(results) == 3
    assert configs[0]["options"]["prev_declarer"] == 0
    declarers = [r["declarer"] for r in results]
    assert any(d not in (None, 0) for d in declarers), "a declarer other than seat 0"
    for config, before in zip(configs[1:], results, strict=False):
        if before["declarer"] is not None:
            assert config["options"]["prev_declarer"] == before["declarer"]  # R5-2
    starts = [s.view for s in streamed if s.event.kind == pb.EVENT_KIND_HAND_START]
    facts = [v.hand_view.red_five_5p.prev_declarer for v in starts]
    assert facts == [c["options"]["prev_declarer"] for c in configs[1:]]
    totals = [sum(r["game_points"][s] for r in results) for s in range(5)]
    assert list(hist.game.match.totals) == totals and sum(totals) == 0
    assert replay_table(hist).totals == totals


@pytest.mark.parametrize("variant", ["red_five_4p", "fifty_k"])
def test_red_five_4p_and_fifty_k_tables_keep_running_totals(stub, variant):
    """Every seat a client, joined once: three hands with the same tokens; after each
    hand the standing's totals are the game points so far, and the match ends after its
    third hand ("hands"), won by the highest total."""
    created = create(stub, variant, seed=4, match=settings(hands=3))
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    watched: list[pb.SpectateResponse] = []
    spectator = threading.Thread(target=lambda: watched.extend(spectate(stub, game_id)))
    spectator.start()
    play_to_end(stub, game_id, tokens, random.Random(variant))
    spectator.join(60)
    hist = history(stub, game_id)
    check_boundaries(hist)
    results = [json.loads(h.result_json) for h in hist.hands]
    ends = [w.view.match for w in watched if w.event.kind == pb.EVENT_KIND_HAND_END]
    running = [0.0] * len(tokens)
    for standing, result in zip(ends, results, strict=True):
        running = [t + p for t, p in zip(running, result["game_points"], strict=True)]
        assert list(standing.totals) == running
    final = hist.game.match
    assert final.over and final.decided_by == "hands" and final.hands == 3
    best = max(running)
    assert list(final.winners) == [s for s, t in enumerate(running) if t == best]
    assert replay_table(hist).totals == running
    assert all(view(stub, game_id, t).match.over for t in tokens.values())


def test_timers_and_bots_work_across_hands(tmp_path, fresh_db):
    """Client seats that never act time out to the default action in every hand, and
    the bot's seat plays every hand: the table finishes on its own."""
    with running_server(tmp_path, "--sync", "normal", db=fresh_db) as server:
        stub = server.stub()
        fast = dict.fromkeys(("deal", "bid", "trump", "kitty", "friend", "play"), 0.005)
        created = create(
            stub, "red_five_4p", seed=6, bots={0: "greedy"}, timers=fast, match=settings(hands=2)
        )
        join_all(stub, created.game)
        watched = spectate(stub, created.game.game_id)
    assert watched[-1].view.match.over
    second = [w.event for w in watched if w.event.hand == 2]
    assert any(e.timeout for e in second) and any(e.bot for e in second)
    assert all(e.bot for e in second if e.kind == pb.EVENT_KIND_ACTION and e.seat == 0)


def test_a_table_killed_mid_match_is_restored(tmp_path, fresh_db):
    """kill -9 during the second hand: the restarted server serves the table as it was
    (standing, views, history), its bots carry on, and the same tokens finish it (on
    PostgreSQL, once it took over the killed server's lease)."""
    args = ("--no-timers", "--lease-seconds", "1")
    server = ServerProcess(tmp_path / "fenpai.db", *args, url=fresh_db).start()
    try:
        stub = server.stub()
        created = create(stub, "red_five_4p", seed=12, bots={2: "random"}, match=settings(3))
        game_id = created.game.game_id
        tokens = join_all(stub, created.game)
        rng = random.Random(1)
        in_second = 0  # client actions in the second hand
        while True:
            current = view(stub, game_id, tokens[0])
            mine = [s for s in current.to_act if s in tokens]
            if not mine:  # a bot's turn, or between hands
                continue
            if current.match.hand == 2:
                if in_second == 20:  # a client's turn: nothing moves until it acts
                    break
                in_second += 1
            legal = view(stub, game_id, tokens[mine[0]]).legal_actions
            stub.Act(
                pb.ActRequest(
                    game_id=game_id, seat_token=tokens[mine[0]], action=rng.choice(list(legal))
                )
            )
        before = history(stub, game_id, seat_token=tokens[1])
        views = [view(stub, game_id, t) for t in tokens.values()]
        assert before.game.match.hand == 2 and not before.complete
        server.kill()
        server.start()
        stub = server.stub()
        after = history(stub, game_id, seat_token=tokens[1])
        assert after == before  # (a map's bytes have no fixed order)
        for token, seen in zip(tokens.values(), views, strict=True):
            assert view(stub, game_id, token) == seen
        play_to_end(stub, game_id, tokens, rng)
        hist = history(stub, game_id)
        check_boundaries(hist)
        assert hist.game.match.over and len(hist.hands) == 3
        assert replay_table(hist).totals == list(hist.game.match.totals)
    finally:
        server.stop()


def test_a_server_stopped_between_hands_deals_the_next_one_when_it_restarts(tmp_path):
    """A table stored up to a hand's last action (the server stopped before its
    `hand_end`): the restarted server appends the hand's end and the next hand itself,
    its bots play on, and the match is the one it would have been."""
    db = tmp_path / "fenpai.db"
    bots_only = dict.fromkeys(range(4), "random")
    with running_server(tmp_path, "--no-timers") as server:
        stub = server.stub()
        created = create(stub, "fifty_k", seed=8, bots=bots_only, match=settings(hands=3))
        game_id = created.game.game_id
        spectate(stub, game_id)
        whole = history(stub, game_id)
    cut = whole.hands[0].end_version  # hand 1's HAND_END and all after it go
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM events WHERE game_id = ? AND version >= ?", (game_id, cut))
        conn.execute(
            "UPDATE games SET status = 'playing', result = NULL WHERE game_id = ?", (game_id,)
        )
    with running_server(tmp_path, "--no-timers") as server:
        stub = server.stub()
        resumed = spectate(stub, game_id)
        again = history(stub, game_id)
    assert resumed[-1].event.kind == pb.EVENT_KIND_MATCH_END and again.complete
    check_boundaries(again)
    assert [(e.kind, e.seat, e.action) for e in again.events] == [
        (e.kind, e.seat, e.action) for e in whole.events
    ]
    appended = again.events[cut - 1]  # by the restarted server
    assert appended.kind == pb.EVENT_KIND_HAND_END
    assert seconds(appended.create_time) > seconds(whole.events[-1].create_time)
    for field in ("totals", "winners", "decided_by", "hand"):
        assert getattr(again.game.match, field) == getattr(whole.game.match, field)
