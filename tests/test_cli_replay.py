"""`fenpai replay`: every variant and option set, trick by trick or (Fifty-K) round by
round, told to everyone, then the summary."""

import re

import pytest

import fenpai
from fenpai.bots import Bot
from fenpai.cli import main
from fenpai.cli.summary import FACTS
from fenpai.simulation import play_game

GAMES = [
    ("red_five_4p", {}),
    ("red_five_4p", {"decks": 3}),
    ("red_five_4p", {"opening_bid": "minimum", "kitty_points": "always"}),
    ("red_five_5p", {}),
    ("red_five_5p", {"friend_grab": "forbid", "prev_declarer": 2}),
    ("tractor", {}),
    ("tractor", {"follow_format": "exact", "levels": ["5", "9"], "dealer": 1}),
    ("fifty_k", {}),
    ("fifty_k", {"players": 3}),
    ("fifty_k", {"lead_after_out": "partner"}),
    ("fifty_k", {"pure_fifty_k_order": "equal"}),
]


def replay(tmp_path, capsys, game) -> str:
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    assert main(["replay", str(path)]) == 0
    return capsys.readouterr().out


def entries(out: str, label: str) -> list[tuple[int, str]]:
    """The (seat, cards) of every `trick NN:` or `round NN:` line, in order."""
    found = []
    for line in out.splitlines():
        if re.match(rf"{label} +\d+: ", line):
            body = re.split(r" → | \(", line.split(": ", 1)[1])[0]
            for entry in body.split(" · "):
                seat, cards = re.fullmatch(r"seat (\d) (.+)", entry).groups()
                found.append((int(seat), cards))
    return found


@pytest.mark.parametrize(("variant", "options"), GAMES)
def test_replay_tells_every_trick_or_round_of_a_finished_game(tmp_path, capsys, variant, options):
    game = fenpai.new_game(variant, seed=11, **options)
    play_game(game, [Bot("random", s) for s in range(game.num_players)])
    out = replay(tmp_path, capsys, game)
    assert "Traceback" not in out
    if variant == "fifty_k":
        played = [(s, a.removeprefix("play ")) for s, a in game.history if a != "pass"]
        assert entries(out, "round") == played  # every play, in its round, in order
        for seat, cards in enumerate(game.result["points_left_in_hand"]):
            assert (f"seat {seat} kept {cards} in hand" in out) == bool(cards)
    else:
        tricks = [(s, fenpai.format_cards(cs)) for t in game.play.tricks() for s, cs in t[1]]
        assert entries(out, "trick") == tricks
        assert f"seat {game.declarer} buries {game.view(None)['kitty']}" in out  # C-4: public now
    assert f"{variant}: " in out and "card points" in out  # the summary's table
    title = out.split(f"{variant}: ")[1].splitlines()[0]
    if "winners" in game.result:
        winners = re.findall(r"\d", title.split(" win")[0])
        assert winners == [str(s) for s in game.result["winners"]]


def test_replay_of_an_unfinished_game(tmp_path, capsys):
    game = fenpai.new_game("fifty_k", seed=3)
    for _ in range(9):
        game.apply_legal(game.to_act[0], 0)
    out = replay(tmp_path, capsys, game)
    assert "(not taken)" in out and "unfinished (phase play)" in out


@pytest.mark.parametrize("variant", ["red_five_4p", "red_five_5p", "tractor", "fifty_k"])
def test_replay_of_an_abandoned_game(tmp_path, capsys, variant):
    game = fenpai.new_game(variant, seed=3)
    game.resign(2)
    out = replay(tmp_path, capsys, game)
    assert "seat 2 left the hand" in out and "None" not in out


def test_tr_43_the_summary_names_levels_earned_and_gained():
    result = {"levels_nominal": 2, "levels_gained": 1, "next_dealer": 0, "levels": ["K", "2"]}
    lines = FACTS["tractor"]({**result, "new_levels": ["A", "2"], "gaining_team": 0}, None)
    assert "2 levels earned, 1 gained: no team passes A (TR-43)" in lines


@pytest.mark.parametrize(
    "old,new,stop",
    [
        ("A", "NT", "levels stop at NT (TRO-92)"),
        ("3", "5", "levels stop at 5, a level to defend (TRO-42)"),
    ],
)
def test_tro_42_tro_92_the_summary_names_the_level_a_team_stopped_at(old, new, stop):
    result = {"levels_nominal": 3, "levels_gained": 1, "next_dealer": 1, "gaining_team": 1}
    lines = FACTS["tractor"]({**result, "levels": ["2", old], "new_levels": ["2", new]}, None)
    assert f"3 levels earned, 1 gained: {stop}" in lines
