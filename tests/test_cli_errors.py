"""Command-line mistakes: one line on stderr naming the problem, exit status 2, no
traceback; Ctrl-C stops any command without a traceback."""

import os
import socket
import subprocess
import sys

import pexpect
import pytest
from cli_support import PROMPT, spawn

from fenpai.cli import main


def run(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "fenpai.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "NO_COLOR": "1"},
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["selfplay", "tractor", "--bots", "greedy,mcts"], "unknown bot 'mcts': expected random"),
        (["selfplay", "tractor", "--bots", "ismcts:0"], "bad ismcts budget '0'"),
        (["selfplay", "tractor", "-o", "trumps=3"], "unknown option 'trumps' for tractor"),
        (["selfplay", "tractor", "-o", "decks=5"], "option decks must be one of 1, 2, 3, 4"),
        (["selfplay", "tractor", "-n", "0"], "-n/--games: must be at least 1, not 0"),
        (["selfplay", "tractor", "--workers", "0"], "--workers: must be at least 1, not 0"),
        (["selfplay", "red_five_4p", "--bots", "greedy,random,random"], "4 seats"),
        (["selfplay", "red_five_4p", "-o", "decks"], "option 'decks' is not name=value"),
        (["play", "tractor", "--seat", "7"], "there is no seat 7: tractor has seats 0..3"),
        (["play", "fifty_k", "-o", "players=3", "--seat", "3"], "fifty_k has seats 0..2"),
        (["play", "tractor", "--bots", "mcts"], "unknown bot 'mcts'"),
        (["play", "red_five_4p", "-o", "decks=4"], "option decks must be 2 or 3, not 4"),
        (["play", "tractor", "--seed", "-1"], "seed must be an integer"),
        (["play", "tractor", "--save", "no/such/game.json"], "cannot save to no/such/game.json"),
        (["replay", "missing.json"], "cannot read missing.json: No such file or directory"),
        (["replay", "."], "cannot read .: Is a directory"),
        (["replay", "text.json"], "text.json is not a fenpai game: not JSON"),
        (["replay", "list.json"], "list.json is not a fenpai game"),
        (["replay", "other.json"], "other.json is not a valid fenpai game: unknown game format"),
        (["replay", "bad_action.json"], "bad_action.json is not a valid fenpai game"),
        (["serve", "--address", "nowhere"], "--address must be HOST:PORT"),
        (["serve", "--lease-seconds", "0"], "--lease-seconds must be 0.1..3600, not 0"),
    ],
)
def test_a_mistake_is_one_line_and_status_2(tmp_path, args, message):
    (tmp_path / "text.json").write_text("hello")
    (tmp_path / "list.json").write_text("[1, 2]")
    (tmp_path / "other.json").write_text('{"fenpai": 7}')
    (tmp_path / "bad_action.json").write_text(
        '{"fenpai":1,"variant":"fifty_k","seed":0,"deck":null,"first_seat":null,'
        '"options":{},"history":[[0,"bid 65"]]}'
    )
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and message in done.stderr, done.stderr


def test_a_busy_port_names_the_address_and_why(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        address = f"127.0.0.1:{taken.getsockname()[1]}"
        done = run("serve", "--address", address, "--db", str(tmp_path / "s.db"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"cannot listen on {address}: Address already in use" in done.stderr
    assert done.stderr.count("\n") == 1
    assert not (tmp_path / "s.db").exists()  # nothing was changed


def test_an_unreachable_database_is_one_line_without_its_password(tmp_path):
    with socket.socket() as unused:  # a port nothing listens on
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    url = f"postgresql://fenpai:hunter2@127.0.0.1:{port}/games"
    done = run("serve", "--address", "127.0.0.1:0", "--db", url, cwd=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"cannot use the database postgresql://fenpai@127.0.0.1:{port}/games" in done.stderr
    assert done.stderr.count("\n") == 1 and "hunter2" not in done.stderr, done.stderr


def test_a_busy_web_port_names_the_address_and_why(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        address = f"127.0.0.1:{taken.getsockname()[1]}"
        done = run(
            "serve",
            "--address",
            "127.0.0.1:0",
            "--web-address",
            address,
            "--db",
            str(tmp_path / "s.db"),
        )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"cannot listen on {address}: Address already in use" in done.stderr
    assert not (tmp_path / "s.db").exists()


def test_default_bots_fit_every_seat_count(capsys):
    assert main(["selfplay", "red_five_5p", "-n", "2"]) == 0
    assert main(["selfplay", "fifty_k", "-n", "2", "-o", "players=3"]) == 0
    out = capsys.readouterr().out
    assert out.count("greedy") == 3 + 2 and out.count("random") == 2 + 1


def interrupted(child: pexpect.spawn) -> None:
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in child.before and "interrupted" in child.before
    assert child.exitstatus == 130


def test_ctrl_c_at_the_prompt():
    child = spawn("play", "tractor", "--seed", "2")
    child.expect(PROMPT)
    interrupted(child)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_in_selfplay(workers):
    child = spawn("selfplay", "tractor", "-n", "1000000", "--workers", workers, term="xterm")
    child.expect("self-play")  # the progress bar: games are being played
    interrupted(child)


def test_ctrl_c_stops_the_server(tmp_path):
    child = spawn(
        "serve",
        "--address",
        "127.0.0.1:0",
        "--web-address",
        "127.0.0.1:0",
        "--db",
        str(tmp_path / "s.db"),
    )
    child.expect("listening on")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in child.before and child.exitstatus == 0
