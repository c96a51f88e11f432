"""`fenpai play --match`: a match's hands one after another at the terminal, what one
hand hands on to the next carried (TR-32 levels and dealer, FKO-43 the tribute), the
standing between hands, the match's end, and the saved match."""

from __future__ import annotations

import json
import re

import pexpect
from cli_support import first_offered, play_through, spawn

from fenpai.games.match import Match


def saved_match(path) -> Match:
    return Match.from_json(path.read_text())


def test_fko_42_fko_48_a_fifty_k_match_with_a_tribute(tmp_path):
    """Hand 2 starts with the tribute (FKO-42) from the places of hand 1 (FKO-43); the
    human gives and receives as the prompts offer; the returned card is told only to
    the two seats it passes between (FKO-48)."""
    path = tmp_path / "match.json"
    args = ["fifty_k", "--match", "--hands", "2", "-o", "tribute=highest"]
    screens, status = play_through([*args, "--seed", "5", "--save", str(path)], first_offered)
    text = "".join(screens)
    assert status == 0
    match = saved_match(path)
    first, second = match.games
    assert match.done and match.decided_by == "hands"
    assert second.options["previous_order"][0] != second.options["previous_order"][-1]
    tribute = second.view(None)["tribute"]
    giver, receiver = tribute["giver"], tribute["receiver"]
    assert second.history[0] == (giver, f"tribute {tribute['card']}")
    returned = second.history[1][1].split()[1]
    assert first.result is not None
    standing = ", ".join(
        f"{'you' if s == 0 else f'seat {s}'} {p:+g}"
        for s, p in enumerate(first.result["game_points"])
    )
    assert f"Hand 2: game points so far {standing}." in text
    assert 0 in (giver, receiver)  # this seed: the human (seat 0) is a party to it
    assert re.search(rf"returns {returned}\b", text) is not None
    assert "The match is over after 2 hands" in screens[-1]


def test_fko_48_a_seat_outside_the_tribute_is_told_no_returned_card(tmp_path):
    """Seat 1, neither giver nor receiver of hand 2's tribute on this seed, sees that a
    card was returned, not which (FKO-48)."""
    path = tmp_path / "match.json"
    args = ["fifty_k", "--match", "--hands", "2", "-o", "tribute=highest", "--seat", "1"]
    screens, status = play_through([*args, "--seed", "5", "--save", str(path)], first_offered)
    assert status == 0
    second = saved_match(path).games[1]
    tribute = second.view(None)["tribute"]
    assert 1 not in (tribute["giver"], tribute["receiver"])
    returned = second.history[1][1].split()[1]
    hand_two = "".join(screens).split("Hand 2:")[1]
    told = [line for line in hand_two.splitlines() if "return" in line]
    assert told and not any(returned in line for line in told), told


def test_tr_32_a_tractor_match_carries_levels_and_dealer(tmp_path):
    """Hand 2 is dealt by TR-32's next dealer at the levels hand 1 left (TR-42, TR-43),
    and the screen says so from the human's team's side."""
    path = tmp_path / "match.json"
    args = ["tractor", "--match", "--hands", "2", "--seat", "1", "--seed", "3"]
    screens, status = play_through([*args, "--save", str(path)], first_offered)
    assert status == 0
    match = saved_match(path)
    first, second = match.games
    assert first.result is not None
    levels, dealer = first.result["new_levels"], first.result["next_dealer"]
    assert (second.options["levels"], second.options["dealer"]) == (tuple(levels), dealer)
    deals = "you deal" if dealer == 1 else f"seat {dealer} deals"
    want = f"Hand 2: your team at level {levels[1]}, the other team at {levels[0]}; {deals}."
    assert want in "".join(screens)
    assert json.loads(path.read_text())["variant"] == "tractor"


def test_hands_needs_a_match():
    child = spawn("play", "tractor", "--hands", "2")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "--hands is the length of a match: give --match too" in child.before
