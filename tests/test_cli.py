"""The command line: `fenpai play` through a pseudo-terminal, selfplay, replay, help."""

import json
import sys

import pexpect
import pytest
from cli_support import offered

import fenpai
from fenpai.cli import main, parse_options, wilson

PROMPT = "your action> "


def spawn(*args: str) -> pexpect.spawn:
    env = {"NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "200", "PATH": ""}
    return pexpect.spawn(
        sys.executable, ["-m", "fenpai.cli", *args], env=env, encoding="utf-8", timeout=60
    )


def test_play_a_hand_in_a_terminal_with_an_illegal_input(tmp_path):
    saved = tmp_path / "game.json"
    child = spawn("play", "red_five_4p", "--seat", "0", "--seed", "3", "--save", str(saved))
    tried_illegal = False
    while True:
        index = child.expect([PROMPT, pexpect.EOF])
        if index == 1:
            break
        legal = offered(child.before)[0]
        if legal.startswith("play") and not tried_illegal:
            child.sendline("play 5x")
            child.expect("not allowed: '5x' is not a card")
            child.expect(PROMPT)
            child.sendline("Zh Zh")
            child.expect("not allowed")
            tried_illegal = True
            child.expect(PROMPT)
        child.sendline(legal[len("play ") :] if legal.startswith("play ") else legal)
    child.close()
    assert tried_illegal
    assert child.exitstatus == 0, child.before
    game = fenpai.Game.from_json(saved.read_text())
    assert game.phase == "done" and game.result["game_points"]


def test_selfplay_prints_a_table(capsys):
    assert main(["selfplay", "red_five_4p", "-n", "30", "--bots", "greedy,random,random"]) == 2
    assert main(["selfplay", "red_five_4p", "-n", "30", "--bots", "greedy,random"]) == 0
    assert main(["selfplay", "red_five_4p", "-n", "30", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "games/s" in out


def test_selfplay_names_the_search_bot(capsys):
    assert main(["selfplay", "tractor", "-n", "2", "--bots", "ismcts:4,greedy"]) == 0
    assert "ismcts:4" in capsys.readouterr().out


def test_replay_shows_tricks(tmp_path, capsys):
    g = fenpai.new_game("red_five_4p", seed=5)
    from fenpai.bots import Bot
    from fenpai.simulation import play_game

    play_game(g, [Bot("random", s) for s in range(4)])
    path = tmp_path / "g.json"
    path.write_text(g.to_json())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "trick  1" in out and json.dumps(g.result["game_points"])[1:-1].split(",")[0] in out


def test_help_has_examples(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "examples:" in capsys.readouterr().out


def test_options_and_intervals():
    assert parse_options(["decks=3", "levels=2,5", "throws=true"]) == {
        "decks": 3,
        "levels": [2, 5],
        "throws": True,
    }
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and 0.39 < lo and hi < 0.61
