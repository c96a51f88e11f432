"""Decision timers with short configured times: the deterministic default action is
applied and streamed with `timeout: true` (R4-20: trump times out to spades)."""

from __future__ import annotations

import time

import pytest
from service_support import create, join_all, running_server, view

from fenpai import bots, cards, new_game, new_match
from fenpai.games import VARIANTS
from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service import timers
from fenpai.service.timers import DEFAULT_SECONDS

FAST = {"bid": 0.05, "trump": 0.05, "kitty": 0.05, "play": 0.01}


@pytest.fixture(scope="module")
def server(tmp_path_factory, db):
    with running_server(
        tmp_path_factory.mktemp("timers"), "--timer", "bid=45", "--timer", "friend=0", db=db
    ) as server:
        yield server


@pytest.fixture(scope="module")
def stub(server):
    return server.stub()


def test_server_and_game_timers(stub):
    expected = {p: s for p, s in DEFAULT_SECONDS.items() if p != "friend"} | {"bid": 45.0}
    assert dict(create(stub, "red_five_4p").game.timer_seconds) == expected
    game = create(stub, "red_five_4p", timers={"play": 5, "kitty": 0}).game
    changed = {p: s for p, s in (expected | {"play": 5.0}).items() if p != "kitty"}
    assert dict(game.timer_seconds) == changed


def test_idle_seats_time_out_to_the_default_actions(stub):
    created = create(stub, "red_five_4p", seed=9, timers=FAST)
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    events = list(stub.StreamEvents(pb.StreamEventsRequest(game_id=game_id, seat_token=tokens[2])))
    assert events[-1].view.status == pb.GAME_STATUS_FINISHED
    actions = [e.event for e in events if e.event.kind == pb.EVENT_KIND_ACTION]
    assert actions and all(e.timeout and not e.bot for e in actions)
    assert [e.action for e in actions[:4]] == ["pass"] * 4  # R4-14: all pass
    assert actions[4].action == "trump s"  # R4-20
    assert actions[5].action.startswith("bury ")
    assert all(e.action.startswith("play ") for e in actions[6:])
    history = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id))
    assert [e.timeout for e in history.events] == [e.event.timeout for e in events]


def test_an_action_in_time_is_not_a_time_out(stub):
    created = create(stub, "red_five_4p", seed=4, timers={"bid": 1.5})
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    first = view(stub, game_id, tokens[0])
    assert first.HasField("deadline")
    left = first.deadline.ToNanoseconds() / 1e9 - time.time()
    assert 0 < left <= 1.5
    seat = first.to_act[0]
    stub.Act(pb.ActRequest(game_id=game_id, seat_token=tokens[seat], action="bid 60"))
    stream = stub.StreamEvents(
        pb.StreamEventsRequest(game_id=game_id, seat_token=tokens[0], from_version=4)
    )
    mine, timed_out = next(stream), next(stream)
    assert not mine.event.timeout and mine.event.action == "bid 60"
    assert timed_out.event.timeout and timed_out.event.seat == (seat + 1) % 4
    assert timed_out.event.action == "pass"
    stream.cancel()


def test_no_timer_until_every_seat_is_taken(stub):
    created = create(stub, "red_five_4p", seed=4, timers={"bid": 0.05})
    game_id = created.game.game_id
    token = stub.JoinGame(pb.JoinGameRequest(game_id=game_id)).seat_token
    time.sleep(0.3)
    seen = view(stub, game_id, token)
    assert seen.version == 1 and not seen.HasField("deadline")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_variant_finishes_on_time_outs_alone(stub, variant):
    """Nobody acts: every decision times out to its default until the game is over."""
    timers = dict.fromkeys(("deal", "bid", "trump", "kitty", "friend", "play"), 0.005)
    created = create(stub, variant, seed=3, timers=timers)
    tokens = join_all(stub, created.game)
    request = pb.StreamEventsRequest(game_id=created.game.game_id, seat_token=tokens[0])
    events = list(stub.StreamEvents(request))
    assert events[-1].view.status == pb.GAME_STATUS_FINISHED
    actions = [e.event for e in events if e.event.kind == pb.EVENT_KIND_ACTION]
    assert actions and all(e.timeout for e in actions)


@pytest.mark.parametrize("seed", range(4))
def test_a_timed_out_burial_keeps_the_trumps_and_a_play_is_the_greedy_bots(seed):
    """Past a named default and `pass`, the time-out's action is the greedy bot's choice
    for the seat (TR-14: a late burial), decided from what the seat knows: never the first
    legal burial, which buries the jokers and the top trumps."""
    game = new_game("tractor", seed=seed)
    while game.phase != "kitty":
        seat = game.to_act[0]
        game.apply(seat, timers.default_action(game, seat))
    seat = game.to_act[0]
    burial = timers.default_action(game, seat)
    assert burial != game.legal_action(seat, 0)
    assert not any(card.rank in ("BJ", "LJ") for card in cards(burial.split(maxsplit=1)[1]))
    game.apply(seat, burial)
    seat = game.to_act[0]
    expected = bots.get("greedy", bots.seed_for(seat, game.num_actions)).choose(game, seat)
    assert timers.default_action(game, seat) == expected


def test_fko_42_the_tribute_has_its_own_timer_in_the_phase_deal():
    """FKO-42: Fifty-K's tribute and its return are the phase "deal"; their timer is
    "tribute", the other variants' deal keeps "deal"."""
    match = new_match("fifty_k", seed=4, tribute="highest")
    first = match.game
    assert timers.decision(first) == "play"
    first.play_out([bots.get("greedy", seat) for seat in range(4)])
    hand = match.next_hand()
    assert (hand.phase, timers.decision(hand)) == ("deal", "tribute")
    assert timers.decision(new_game("tractor", seed=1)) == "deal"


def test_fko_44_fko_46_a_tribute_table_times_out_on_the_tribute_timer(stub):
    """The deal's timer off, the tribute's and the play's short: the tribute and the
    return time out to the greedy bot's choice (FKO-44, FKO-46) and the table ends."""
    created = create(
        stub,
        "fifty_k",
        seed=4,
        timers={"deal": 0, "tribute": 0.005, "play": 0.005},
        match=pb.MatchSettings(hands=2),
        tribute="highest",
    )
    assert "deal" not in created.game.timer_seconds
    tokens = join_all(stub, created.game)
    request = pb.StreamEventsRequest(game_id=created.game.game_id, seat_token=tokens[0])
    events = list(stub.StreamEvents(request))
    assert events[-1].view.status == pb.GAME_STATUS_FINISHED
    actions = [e.event for e in events if e.event.kind == pb.EVENT_KIND_ACTION]
    verbs = {e.action.split()[0] for e in actions}
    assert {"tribute", "return"} <= verbs and all(e.timeout for e in actions)
