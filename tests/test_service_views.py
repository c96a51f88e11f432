"""Views computed once per version are still each recipient's own: spectators and
seats following one game at once each get their own view at every version (two
spectators the same one, two seats their own hands), and GetView agrees with them."""

from __future__ import annotations

import json
import random
import threading

import pytest
from service_support import act, create, join_all, running_server, view

from fenpai.rpc.v1 import game_service_pb2 as pb

ACTIONS = 30


@pytest.fixture(scope="module")
def stub(tmp_path_factory, db):
    with running_server(tmp_path_factory.mktemp("views"), "--no-timers", db=db) as server:
        yield server.stub()


def collect(stream, out: dict[int, str], until: int) -> None:
    """The view JSON of each version the stream sends, up to version `until`."""
    for item in stream:
        out[item.view.version] = item.view.view_json
        if item.view.version >= until:
            stream.cancel()
            return


def test_spectators_and_seats_following_one_game_each_get_their_own_view(stub):
    created = create(stub, "red_five_4p", seed=13)
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    start = created.game.version + len(tokens)
    until = start + ACTIONS
    streams = {
        "spectator a": stub.Spectate(pb.SpectateRequest(game_id=game_id, from_version=start)),
        "spectator b": stub.Spectate(pb.SpectateRequest(game_id=game_id, from_version=start)),
    }
    for seat in (0, 1):
        request = pb.StreamEventsRequest(
            game_id=game_id, seat_token=tokens[seat], from_version=start
        )
        streams[f"seat {seat}"] = stub.StreamEvents(request)
    seen: dict[str, dict[int, str]] = {name: {} for name in streams}
    readers = [
        threading.Thread(target=collect, args=(stream, seen[name], until), daemon=True)
        for name, stream in streams.items()
    ]
    for reader in readers:
        reader.start()
    rng = random.Random(13)
    for _ in range(ACTIONS):
        seat = view(stub, game_id, tokens[0]).to_act[0]
        action = rng.choice(view(stub, game_id, tokens[seat]).legal_actions)
        stub.Act(act(game_id, tokens[seat], action))
    for reader in readers:
        reader.join(60)
        assert not reader.is_alive()
    versions = list(range(start + 1, until + 1))
    for name in streams:
        assert sorted(seen[name]) == versions, name
    assert seen["spectator a"] == seen["spectator b"]
    for version in versions:
        public = json.loads(seen["spectator a"][version])
        mine = [json.loads(seen[f"seat {seat}"][version]) for seat in (0, 1)]
        assert "hand" not in public
        assert [v["seat"] for v in mine] == [0, 1]
        assert mine[0]["hand"] != mine[1]["hand"]
    for seat in (0, 1):
        assert view(stub, game_id, tokens[seat]).view_json == seen[f"seat {seat}"][until]
