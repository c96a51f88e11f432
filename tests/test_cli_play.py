"""Playing at the terminal as a player would want: the end of each trick before the next
lead, failed throws and their penalty, the bots' bids and declarations, a readable
summary, help, suggestions, line editing, history, completion and quit."""

import re
from collections import Counter

import pexpect
from cli_support import (
    CARD,
    PROMPT,
    first_offered,
    knowledge,
    offered,
    pass_if_offered,
    play_through,
    spawn,
)

import fenpai
from fenpai.bots import Bot
from fenpai.cli.narrate import Narrator
from fenpai.cli.words import seat_name, verb

LEFT, UP = "\x1b[D", "\x1b[A"


def finished(tmp_path, args, policy):
    saved = tmp_path / "game.json"
    screens, status = play_through([*args, "--save", str(saved)], policy)
    assert status == 0, screens[-1]
    return "".join(screens).replace("\r\n", "\n"), fenpai.Game.from_json(saved.read_text())


def test_each_trick_end_is_shown_before_the_next_lead(tmp_path):
    text, game = finished(tmp_path, ["tractor", "--seed", "2"], first_offered)
    lines = text.splitlines()
    for number, (_, plays, _, winner, points) in enumerate(game.play.tricks(), 1):
        at = next(i for i, line in enumerate(lines) if line.startswith(f"trick {number:2}: "))
        shown = " · ".join(f"seat {s} {fenpai.format_cards(cs)}" for s, cs in plays)
        wins = "you win" if winner == 0 else f"seat {winner} wins"
        assert lines[at] == f"trick {number:2}: {shown} → {wins} {points} points"
        after = [li for li in lines[at + 1 :] if re.match(r"seat \d (plays|tries)|─", li)]
        if number < len(game.play.tricks()):  # the next lead: the winner's, or our turn
            assert after[0].startswith(f"seat {winner} ") if winner else after[0][0] == "─"
    for seat, cards in game.view(None)["declarations"]:
        assert f"{seat_name(seat, 0)} declare" in text and cards in text
    assert "None" not in text


def test_the_summary_is_readable(tmp_path):
    text, game = finished(tmp_path, ["tractor", "--seed", "2"], first_offered)
    end = text[text.index("the hand is over") :]
    assert "{" not in end  # no JSON dump
    winners = " and ".join(str(s) for s in game.result["winners"])
    assert f"tractor: seats {winners} win" in end
    assert re.search(r"seat\s+┃ role\s+┃ card points ┃ levels gained", end)
    assert f"kitty buried by seat {game.declarer}: {game.view(None)['kitty']}" in end  # C-4


def test_bids_and_passes_are_told_in_order(tmp_path):
    text, game = finished(tmp_path, ["red_five_4p", "--seed", "0"], pass_if_offered)
    told = re.findall(r"^(seat \d|you) (bids? \d+|pass(?:es)?)$", text, re.M)
    bids = game.view(None)["bids"]
    expected = [(seat_name(s, 0), "pass" if b is None else f"bid {b}") for s, b in bids]
    assert [(who, re.sub(r"^(bid|pass)\w*", r"\1", what)) for who, what in told] == expected
    assert any(b is not None for _, b in bids) and "None" not in text
    assert f"seat {game.declarer} won the bidding at {game.result['bid']}" in text


def narrate(game, me):
    """Plays `game` with random bots, narrating to `me`; returns the lines."""
    narrator, bots, lines = Narrator(game, me), [Bot("random", s) for s in range(5)], []
    while game.phase != "done":
        seat = game.to_act[0]
        lines += narrator.apply(seat, bots[seat].choose(game, seat))
    return lines


def test_c_51_failed_throws_are_told_with_what_was_forced_and_the_penalty():
    for variant, rule in (("tractor", "TR-41"), ("red_five_5p", "R5-31")):
        game = fenpai.new_game(variant, seed=0)
        lines = narrate(game, 1)
        failed = [t for t in game.play.tricks() if t[2]]
        assert failed
        told = [line for line in lines if "to throw" in line]
        assert len(told) == len(failed)
        for line, (leader, plays, attempted, _, _) in zip(told, failed, strict=True):
            who = "you try" if leader == 1 else f"seat {leader} tries"
            assert line.startswith(
                f"{who} to throw {fenpai.format_cards(attempted)}, but it fails (C-51): "
                f"{'you play' if leader == 1 else f'seat {leader} plays'} "
                f"{fenpai.format_cards(plays[0][1])} and "
            )
            assert f"({rule})" in line


def test_help_suggestions_legal_and_quit():
    child = spawn("play", "red_five_4p", "--seed", "0")
    child.expect(PROMPT)
    for command in ("?", "help"):
        child.sendline(command)
        child.expect("quit, exit +leave the game")
        child.expect("bid 65 +the bidding")
        child.expect(PROMPT)
    child.sendline("pas")
    child.expect("did you mean 'pass'\\?")
    child.expect(PROMPT)
    child.sendline("legal")
    child.expect("\n  pass\r?\n")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("You left the game.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    child = spawn("play", "fifty_k")
    child.expect(PROMPT)
    child.sendeof()  # Ctrl-D leaves too
    child.expect("\r?\nYou left the game.")
    child.expect(pexpect.EOF)


def test_line_editing_history_and_completion():
    """Arrow keys edit and recall lines (readline), Tab completes a legal action."""
    child = spawn("play", "tractor", "--seed", "1")
    child.expect(PROMPT)
    child.sendline(f"pss{LEFT}{LEFT}a")  # pss -> pass
    child.expect(PROMPT)
    assert "you pass" not in child.before and "not allowed" not in child.before
    assert "cards dealt" in child.before
    child.sendline(UP)  # the last line again: pass
    child.expect(PROMPT)
    assert "not allowed" not in child.before
    child.send("pa\t")
    child.sendline("")
    child.expect(PROMPT)
    assert "not allowed" not in child.before and "cards dealt" in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_c_4_the_burial_prompt_says_how_many_cards():
    child = spawn("play", "tractor", "--seed", "1")
    while True:
        child.expect(PROMPT)
        if "burying" in child.before:
            break
        child.sendline(offered(child.before)[0])  # declares when it may: it deals
    assert "you take the kitty into your hand: bury 8 cards" in child.before
    assert re.search(r"bury 8 cards; the kitty gave you( \S\S){8}\r?\n", child.before)
    assert "… or any other 8 cards of your hand" in child.before
    child.sendline("bury 2h")
    child.expect("not allowed: bury exactly 8 cards, not 1")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_fko_20_fko_23_a_hand_of_two_decks_and_six_players_at_the_terminal(tmp_path):
    args = ["fifty_k", "--seed", "3", "-o", "decks=2", "-o", "players=6", "--seat", "3"]
    text, game = finished(tmp_path, args, first_offered)
    assert game.options["decks"] == 2 and game.num_players == 6
    assert game.result is not None and "the hand is over" in text
    assert "cards in hand: seat 0 18 · seat 1 18 · seat 2 18 · you 18 · seat 4 18" in text
    assert "team points (seats 0/2/4, 1/3/5): " in text and "None" not in text


def test_ff_20_ff_31_calls_and_joins_are_told_with_no_hidden_card():
    """Finding Friends' calls are told by ordinal with FF-20 (not Red Five's R5-21), each
    friend's join when its play reveals it (FF-31: every player sees it), and no line
    names a card copy the seat could not know then (the calls name cards, not where)."""
    told_joins = 0
    for seed, players in ((59, 8), (3, 5), (7, 6)):
        for me in (None, 0, 3):
            game = fenpai.new_game("finding_friends", seed=seed, players=players)
            narrator = Narrator(game, me)
            bots = [Bot("greedy", fenpai.bots.seed_for(seed, s)) for s in range(players)]
            lines: list[str] = []
            while game.phase != "done":
                seat = game.to_act[0]
                told = narrator.apply(seat, bots[seat].choose(game, seat))
                lines += told
                if me is not None and game.phase != "done":
                    called = Counter(c["call"].split()[1] for c in game.view(me)["friend_calls"])
                    known = knowledge(game, me) | called
                    for line in told:
                        assert not Counter(CARD.findall(line)) - known, line
            text = "\n".join(lines)
            assert "R5-21" not in text
            d = game.declarer
            for call in game.result["friend_calls"]:
                assert f"{verb(d, me, 'calls', 'call')} the {call['call']}: " in text
                assert f"the {call['call']}: " in text and "(FF-20)" in text
            joined = game.side()[1:]
            joins = [line for line in lines if line.endswith("(FF-31)")]
            assert len(joins) == len(joined)
            for friend, line in zip(joined, joins, strict=True):
                assert line.startswith(f"{verb(friend, me, 'joins', 'join')} ")
            told_joins += len(joins)
    assert told_joins > 0


def test_ff_20_help_shows_the_ordinal_call_grammar():
    child = spawn("play", "finding_friends", "--seed", "0", "-o", "players=5")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("call 1st As +the declarer calls")
    child.expect(PROMPT)
    assert "call solo" not in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
