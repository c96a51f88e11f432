"""`benches/service_soak.py` runs: two kills on SQLite lose nothing and leak nothing
(the figures are the bench's, not checked here), and its checks find a lost action, a
view of another seat's hand and an unredacted burial when there is one."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from service_support import running_server

from fenpai.rpc.v1 import game_service_pb2 as pb

BENCHES = Path(__file__).resolve().parent.parent / "benches"
SCRIPT = BENCHES / "service_soak.py"


def test_two_kills_on_sqlite_lose_and_leak_nothing():
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--kills", "2", "--games", "4"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = dict(line.split(": ", 1) for line in done.stdout.splitlines() if ": " in line)
    assert lines["kills"].startswith("2 ")
    assert lines["lost"] == "0"
    assert lines["hidden-card violations"].startswith("0 in ")
    assert lines["other errors"] == "0"
    assert int(lines["acknowledged actions"].split()[0]) > 0
    finished, _, played, *_ = lines["games"].split()
    assert finished == played and int(played) > 0


@pytest.fixture(scope="module")
def soak():
    """The bench as a module (it finds service_load.py beside it)."""
    sys.path.insert(0, str(BENCHES))
    spec = importlib.util.spec_from_file_location("service_soak", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["service_soak"] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    yield module
    del sys.modules["service_soak"]
    sys.path.remove(str(BENCHES))


def test_the_checks_find_a_loss_and_a_leak(tmp_path, soak):
    with running_server(tmp_path, "--no-timers") as server:
        stub = server.stub()
        client = soak.SoakClient([stub], seed=1, streamed=False)
        created = stub.CreateGame(pb.CreateGameRequest(variant="red_five_4p", seed=8))
        client.game_id = created.game.game_id
        for seat in range(4):
            joined = stub.JoinGame(pb.JoinGameRequest(game_id=client.game_id, seat=seat))
            client.tokens[seat] = joined.seat_token
        spectator = soak.Follower([stub], client.game_id, None, "", 60)
        spectator.start()
        client.play()
        spectator.join(60)
        history = stub.GetHistory(pb.GetHistoryRequest(game_id=client.game_id))
        assert soak.leaks_of(client, spectator, history) == []
        assert soak.lost_of(stub, client) == 0

        version, seat, seq, action, replayed = client.acked[-1]
        client.acked.append((version + 1, seat, seq + 1, action, replayed))
        assert soak.lost_of(stub, client) == 1

    streamed = list(spectator.items)
    [(_, seen), *_] = [(s, v) for s, v in client.seen if s == 1]
    client.seen[:] = [(0, seen)]  # seat 0 shown seat 1's view: its hand
    [leak] = soak.leaks_of(client, None, history)
    assert "seat 0 view" in leak
    client.seen.clear()

    spectator.items[:] = streamed[:5] + streamed[6:]
    [leak] = soak.leaks_of(client, spectator, history)
    assert "spectator stream: versions" in leak

    burial = next(e for e in history.events if e.action.startswith("bury"))
    shown = pb.Event()
    shown.CopyFrom(burial)  # the cards, as stored
    spectator.items[:] = streamed
    spectator.items[burial.version - 1] = (shown, streamed[burial.version - 1][1])
    [leak] = soak.leaks_of(client, spectator, history)
    assert f"spectator stream v{burial.version}: AssertionError" in leak
