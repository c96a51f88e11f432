"""The TypeScript example client (examples/node-client, @grpc/grpc-js) plays a whole game
of every variant against a real server; its result matches the stored history's replay.

scripts/test.sh installs and builds the example (`npm ci && npm run build`) before pytest;
run alone, this test builds it when the build is missing.
"""

from __future__ import annotations

import json
import subprocess

import pytest
from service_support import ROOT, replay_history, running_server

from fenpai.games import VARIANTS
from fenpai.rpc.v1 import game_service_pb2 as pb

EXAMPLE = ROOT / "examples" / "node-client"
SCRIPT = EXAMPLE / "dist" / "play.js"


@pytest.fixture(scope="module")
def script() -> str:
    if not SCRIPT.exists():
        if not (EXAMPLE / "node_modules").exists():
            subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=EXAMPLE, check=True)
        subprocess.run(["npm", "run", "build"], cwd=EXAMPLE, check=True)
    return str(SCRIPT)


def test_typescript_client_plays_every_variant(script, tmp_path):
    with running_server(tmp_path, "--no-timers") as server:
        stub = server.stub()
        for variant in sorted(VARIANTS):
            run = subprocess.run(
                ["node", script, "--address", server.address, "--variant", variant, "--seed", "5"],
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert run.returncode == 0, run.stderr
            summary = json.loads(run.stdout.strip().splitlines()[-1])
            history = stub.GetHistory(pb.GetHistoryRequest(game_id=summary["game_id"]))
            assert history.complete and len(history.events) == summary["events"]
            assert summary["result"] == json.loads(json.dumps(replay_history(history).result))
