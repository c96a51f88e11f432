"""SuggestActions: the engine's preferred actions of a seat, legal, best first, decided
from the seat's own information only (the same in every deal it cannot tell apart),
and refused or empty where the seat has nothing to decide."""

from __future__ import annotations

import asyncio
import random

import grpc
import pytest
from env_support import scripted, swap_unseen
from service_support import code_of, create, join_all, running_server

from fenpai import bots
from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service import suggest


def advance(game, steps: int, rng: random.Random) -> None:
    """Plays greedy bots' actions into the play phase (where the search bot decides),
    then `steps` more (fewer if the hand ends)."""
    while game.phase != "play" or steps > 0:
        if game.result is not None:
            return
        steps -= game.phase == "play"
        seat = game.to_act[0]
        game.apply(seat, bots.get("greedy", rng.getrandbits(32)).choose(game, seat))


@pytest.mark.parametrize("variant", ["tractor", "red_five_4p", "red_five_5p", "fifty_k"])
def test_suggestions_are_legal_and_know_only_the_seats_cards(variant):
    rng = random.Random(variant)
    checked = 0
    for seed in range(6):
        game = scripted(variant, {}, seed)
        advance(game, rng.randrange(0, 30), rng)
        if game.result is not None:
            continue
        seat = game.to_act[0]
        other = swap_unseen(game, seat, rng)
        if other is None:
            continue
        ours = suggest.preferred(game, seat)
        assert ours and len(set(ours)) == len(ours)
        for action in ours:
            game.clone().apply(seat, action)  # legal: applying it raises nothing
        assert suggest.preferred(other, seat) == ours, "a hidden card changed the advice"
        idle = next(s for s in range(game.num_players) if s not in game.to_act)
        assert suggest.preferred(game, idle) == []
        checked += 1
    assert checked >= 3


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("suggest"), "--no-timers") as server:
        yield server


def test_the_rpc_suggests_for_the_seat_to_act_only(server):
    stub = server.stub()
    game = create(stub, "red_five_4p", seed=3).game
    tokens = join_all(stub, game)
    view = stub.GetView(pb.GetViewRequest(game_id=game.game_id, seat_token=tokens[0])).view
    for seat, token in tokens.items():
        got = stub.SuggestActions(pb.SuggestActionsRequest(game_id=game.game_id, seat_token=token))
        assert got.version == view.version
        if seat in view.to_act:
            assert got.actions and got.actions[0] in (
                stub.GetView(
                    pb.GetViewRequest(game_id=game.game_id, seat_token=token)
                ).view.legal_actions
            )
        else:
            assert list(got.actions) == []
    request = pb.SuggestActionsRequest(game_id=game.game_id, seat_token="not-a-token")
    assert code_of(stub.SuggestActions, request) == grpc.StatusCode.PERMISSION_DENIED
    request = pb.SuggestActionsRequest(game_id="no-such-game", seat_token=tokens[0])
    assert code_of(stub.SuggestActions, request) == grpc.StatusCode.NOT_FOUND


def test_a_turn_is_searched_once_however_often_it_is_asked_about(monkeypatch):
    calls = []

    def counted(game, seat):
        calls.append((game.num_actions, seat))
        return ["pass"]

    monkeypatch.setattr(suggest, "preferred", counted)
    game = scripted("fifty_k", {}, 0)

    async def ask():
        advice = suggest.Advice()
        first = await asyncio.gather(*(advice.of("g", 0, 5, game.clone) for _ in range(8)))
        again = await advice.of("g", 0, 5, game.clone)
        other_seat = await advice.of("g", 1, 5, game.clone)
        later = await advice.of("g", 0, 6, game.clone)
        return first, again, other_seat, later

    first, again, other_seat, later = asyncio.run(ask())
    assert first == [["pass"]] * 8 and again == other_seat == later == ["pass"]
    assert [seat for _, seat in calls] == [0, 1, 0], "one search per seat and version"
