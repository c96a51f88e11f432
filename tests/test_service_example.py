"""The example clients play whole games against a real server, and each game's result
matches its stored history's replay: the TypeScript one (examples/node-client,
@grpc/grpc-js) plays every seat of every variant, and whole matches at tables; the Go
one (examples/go-client, google.golang.org/grpc) plays seat 0 of every variant against
server-side bots.

scripts/test.sh builds both examples before pytest; run alone, this test builds an
example whose build is missing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from service_support import ROOT, replay_history, replay_table, running_server

from fenpai.games import VARIANTS
from fenpai.rpc.v1 import game_service_pb2 as pb

NODE_EXAMPLE = ROOT / "examples" / "node-client"
NODE_SCRIPT = NODE_EXAMPLE / "dist" / "play.js"
GO_EXAMPLE = ROOT / "examples" / "go-client"
GO_BINARY = GO_EXAMPLE / "bin" / "play"


@pytest.fixture(scope="module")
def node_client() -> list[str]:
    if not NODE_SCRIPT.exists():
        if not (NODE_EXAMPLE / "node_modules").exists():
            subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=NODE_EXAMPLE, check=True)
        subprocess.run(["npm", "run", "build"], cwd=NODE_EXAMPLE, check=True)
    return ["node", str(NODE_SCRIPT)]


@pytest.fixture(scope="module")
def go_client() -> list[str]:
    if not GO_BINARY.exists():
        # the stub generator runs `python -m grpc_tools.protoc`: this interpreter's
        path = f"{os.path.dirname(sys.executable)}{os.pathsep}{os.environ['PATH']}"
        env = {**os.environ, "PATH": path}
        subprocess.run(["bash", str(ROOT / "scripts" / "gen_go_protos.sh")], env=env, check=True)
        subprocess.run(["go", "build", "-o", "bin/play", "."], cwd=GO_EXAMPLE, check=True)
    return [str(GO_BINARY)]


@pytest.mark.parametrize("client", ["node_client", "go_client"])
def test_example_clients_play_every_variant(client, request, tmp_path):
    command = request.getfixturevalue(client)
    with running_server(tmp_path, "--no-timers") as server:
        stub = server.stub()
        for variant in sorted(VARIANTS):
            run = subprocess.run(
                [*command, "--address", server.address, "--variant", variant, "--seed", "5"],
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert run.returncode == 0, run.stderr
            summary = json.loads(run.stdout.strip().splitlines()[-1])
            history = stub.GetHistory(pb.GetHistoryRequest(game_id=summary["game_id"]))
            assert history.complete and len(history.events) == summary["events"]
            assert summary["result"] == json.loads(json.dumps(replay_history(history).result))


@pytest.mark.parametrize(
    "args",
    [
        ["--variant", "red_five_4p", "--hands", "2"],
        ["--variant", "tractor", "--hands", "0", "--option", 'levels=["A","A"]', "--seed", "3"],
    ],
    ids=["red_five_4p_2_hands", "tractor_from_a"],
)
def test_tr_30_the_typescript_client_plays_a_whole_match(node_client, tmp_path, args):
    """At a table, every seat joined once (with request ids), the client plays hand after
    hand to the match's end (Tractor: the first team past A, TR-30); its standing and
    each hand's result are those of the stored history replayed with `fenpai.new_match`."""
    with running_server(tmp_path, "--no-timers", "--sync", "normal") as server:
        run = subprocess.run(
            [*node_client, "--address", server.address, *args],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert run.returncode == 0, run.stderr
        summary = json.loads(run.stdout.strip().splitlines()[-1])
        history = server.stub().GetHistory(pb.GetHistoryRequest(game_id=summary["game_id"]))
    assert history.complete and len(history.events) == summary["events"]
    match = replay_table(history)
    standing = summary["result"]
    assert standing["over"] and standing["totals"] == match.totals
    assert standing["decided_by"] == match.decided_by == ("TR-30" if "tractor" in args else "hands")
    assert summary["hands"] == json.loads(json.dumps([g.result for g in match.games]))
    assert "match over after" in run.stdout
