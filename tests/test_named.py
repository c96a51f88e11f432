"""Policies of your own as named bots (`NAME=module:callable`): loading them, the clear
error of every bad spec, and the policy at the table in `fenpai selfplay`, `fenpai play`
and `fenpai serve --bot` (then `CreateGame(bots=...)`)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pexpect
import pytest
from cli_support import PROMPT, offered, spawn
from service_support import create, join_all, replay_history, running_server

import fenpai
from fenpai.named import check_name, choose, load, parse
from fenpai.rpc.v1 import game_service_pb2 as pb

#: A module of policies, written into a test's folder.
POLICIES = textwrap.dedent(
    """
    import numpy as np

    CALLS = []

    def last(batch):
        "The last legal action of each row."
        CALLS.append(len(batch))
        return batch.num_legal - 1

    class Holder:
        first = staticmethod(lambda batch: np.zeros(len(batch), dtype=np.int64))

    def out_of_range(batch):
        return batch.num_legal + 5

    not_callable = 3
    """
)


@pytest.fixture
def policies(tmp_path, monkeypatch):
    (tmp_path / "mypolicies.py").write_text(POLICIES)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("mypolicies", None)


def test_a_spec_loads_the_callable_it_names(policies) -> None:
    name, policy = parse("mine=mypolicies:last")
    assert name == "mine" and policy.__name__ == "last"
    assert load("mypolicies:Holder.first") is sys.modules["mypolicies"].Holder.first
    game = fenpai.new_game("fifty_k", seed=2)
    seat = game.to_act[0]
    assert choose(policy, game, seat) == game.legal_actions(seat)[-1]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mypolicies:last", "expected NAME=module:callable"),
        ("mine=mypolicies", "expected module:callable"),
        ("mine=:last", "expected module:callable"),
        ("mine=nosuchmodule:last", "no module named 'nosuchmodule'"),
        ("mine=mypolicies:nothing", "mypolicies has no 'nothing'"),
        ("mine=mypolicies:not_callable", "not_callable is not callable"),
        ("Mine=mypolicies:last", "bad policy name 'Mine'"),
        ("=mypolicies:last", "bad policy name ''"),
        ("greedy=mypolicies:last", "it is a built-in bot's"),
        ("a b=mypolicies:last", "bad policy name 'a b'"),
    ],
)
def test_a_bad_spec_says_what_is_wrong(policies, spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse(spec)


def test_a_module_that_fails_to_import_says_so(policies) -> None:
    (policies / "broken.py").write_text("raise RuntimeError('no weights here')\n")
    with pytest.raises(ValueError, match="importing broken failed: no weights here"):
        load("broken:policy")
    assert check_name("ok-name_2") == "ok-name_2"


def run(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "fenpai.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"},
    )


def test_selfplay_seats_a_policy_by_name(policies) -> None:
    done = run(
        "selfplay", "fifty_k", "-n", "40", "--bots", "mine=mypolicies:last,greedy", cwd=policies
    )
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if "mine" in line]
    assert len(rows) == 2  # seats 0 and 2


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("mine=nosuchmodule:x,greedy", "no module named 'nosuchmodule'"),
        ("mine=mypolicies:out_of_range,greedy", "policy out_of_range: game 0"),
        ("mine=mypolicies:not_callable,greedy", "not_callable is not callable"),
    ],
)
def test_selfplay_refuses_a_bad_policy_in_one_line(policies, bots: str, message: str) -> None:
    done = run("selfplay", "fifty_k", "-n", "5", "--bots", bots, cwd=policies)
    assert done.returncode == 2 and message in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_play_seats_a_policy_against_the_human(policies) -> None:
    env = {"PYTHONPATH": os.pathsep.join([str(policies), os.environ.get("PYTHONPATH", "")])}
    child = spawn("play", "fifty_k", "--seed", "3", "--bots", "mine=mypolicies:last", env=env)
    child.expect(["against mine bots", pexpect.EOF])
    turns = 0
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        child.sendline(offered(child.before)[0])
        turns += 1
    child.close()
    assert child.exitstatus == 0 and turns > 0
    leader = fenpai.new_game("fifty_k", seed=3).to_act[0]  # a bot acts before the human
    seat = str((leader + 1) % 4)
    done = run(
        "play",
        "fifty_k",
        "--seed",
        "3",
        "--seat",
        seat,
        "--bots",
        "mine=mypolicies:out_of_range",
        cwd=policies,
    )
    assert done.returncode == 2 and "bot mine: " in done.stderr, done.stderr


def test_serve_seats_a_policy_as_a_named_bot(policies) -> None:
    with running_server(policies, "--bot", "mine=mypolicies:last") as server:
        stub = server.stub()
        created = create(stub, "fifty_k", seed=5, bots={1: "mine", 2: "greedy", 3: "mine"})
        seats = {s.seat: s.bot for s in created.game.seats}
        assert seats[1] == "mine" and seats[3] == "mine"
        (token,) = join_all(stub, created.game).values()
        game_id = created.game.game_id
        for item in stub.StreamEvents(
            pb.StreamEventsRequest(game_id=game_id, seat_token=token, turns_only=True)
        ):
            if item.view.status == pb.GAME_STATUS_FINISHED:
                break
            stub.Act(
                pb.ActRequest(game_id=game_id, seat_token=token, action=item.view.legal_actions[0])
            )
        history = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id))
        replayed = replay_history(pb.GetHistoryResponse(config_json=history.config_json))
        for event in history.events:
            if event.kind != pb.EVENT_KIND_ACTION:
                continue
            if event.seat in (1, 3):
                assert event.bot  # the policy's choice: its last legal action
                assert event.action == replayed.legal_actions(event.seat)[-1]
            replayed.apply(event.seat, event.action)
        assert replayed.phase == "done"


def test_serve_refuses_a_bad_bot_spec(policies) -> None:
    for spec, message in [
        ("mine=nosuchmodule:x", "no module named 'nosuchmodule'"),
        ("random=mypolicies:last", "it is a built-in bot's"),
    ]:
        done = run("serve", "--bot", spec, "--no-web", "--address", "127.0.0.1:0", cwd=policies)
        assert done.returncode == 2 and message in done.stderr, done.stderr
