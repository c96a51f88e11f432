"""The action text grammar (`fenpai.actions`) and the typed errors a game raises: ASCII
text with spaces between words, suit symbols in cards (C-1), and for anything else a
`MalformedAction` naming the character; nothing a caller sends changes a game unless
it is a legal action."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fenpai
from fenpai import GameOver, IllegalAction, MalformedAction, NoSuchSeat, NotYourTurn
from fenpai.actions import parse_action
from fenpai.games import VARIANTS


def bidding() -> fenpai.Game:
    """A red_five_4p game in its bidding."""
    game = fenpai.new_game("red_five_4p", seed=3)
    assert game.phase == "bid"
    return game


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("bid ²", "U+00B2 '²' (SUPERSCRIPT TWO) at position 4"),
        ("bid ①", "U+2460 '①' (CIRCLED DIGIT ONE)"),
        ("bid ٦٥", "U+0666 '٦' (ARABIC-INDIC DIGIT SIX)"),
        ("bid 6５", "U+FF15 '５' (FULLWIDTH DIGIT FIVE) at position 5"),
        ("bid\u00a065", "U+00A0 (NO-BREAK SPACE) at position 3"),
        ("bid\u300065", "U+3000 (IDEOGRAPHIC SPACE)"),
        ("bid\v65", "U+000B (LINE TABULATION)"),
        ("bid\t65", "U+0009 (TAB)"),
        ("pass\n", "U+000A (LINE FEED) at position 4"),
        ("pass\x00", "U+0000 at position 4"),
        ("ｐass", "U+FF50 'ｐ'"),
    ],
)
def test_text_outside_the_ascii_grammar_is_malformed_and_named(text, named):
    game = bidding()
    before = game.to_json()
    with pytest.raises(MalformedAction) as err:
        game.apply(game.to_act[0], text)
    assert named in str(err.value)
    assert err.value.code == "MALFORMED_ACTION" and err.value.rule is None
    assert game.to_json() == before


def test_words_are_separated_by_runs_of_ascii_spaces():
    game = bidding()
    seat = game.to_act[0]
    game.apply(seat, "  bid   65 ")
    assert game.last_action == (seat, "bid 65")


def test_c_1_suit_symbols_are_accepted_in_card_text():
    assert parse_action("play ♥5 5♥ 5h").text == "play 5h 5h 5h"
    assert parse_action("declare ♠2").text == "declare 2s"


def test_ff_20_a_friend_call_names_an_ordinal_and_a_card():
    assert parse_action("call 2nd As").text == "call 2nd As"
    assert parse_action("CALL  3RD 10d").text == "call 3rd Td"
    assert parse_action("call 1st ♠A").ordinal == 1
    assert parse_action("call Ah").ordinal is None
    assert parse_action("call 255th As").ordinal == 255  # the most the core reads


@pytest.mark.parametrize(
    "text",
    [
        "",
        "dance",
        "pass now",
        "bid",
        "bid x",
        "trump z",
        "call Ah Ah",
        "play",
        "play 5x",
        "call 2st As",
        "call 0th As",
        "call 256th As",
        "call 2nd",
        "call 2nd As Kh",
    ],
)
def test_unparsable_text_is_malformed(text):
    with pytest.raises(MalformedAction):
        parse_action(text)


@pytest.mark.parametrize("word", ["0th", "first", "1th", "2st"])
def test_ff_20_a_call_whose_ordinal_is_no_ordinal_says_so(word):
    with pytest.raises(MalformedAction, match=f"^'{word}' is not an ordinal: write 1st") as err:
        parse_action(f"call {word} As")
    assert err.value.rule == "FF-20"


def test_a_forbidden_action_is_illegal_with_the_rule_it_breaks():
    game = bidding()
    with pytest.raises(IllegalAction) as err:
        game.apply(game.to_act[0], "bid 61")
    assert type(err.value) is IllegalAction
    assert err.value.code == "ILLEGAL_ACTION" and err.value.rule == "R4-10"


def test_turns_seats_and_the_end_have_their_own_errors():
    game = bidding()
    seat = game.to_act[0]
    with pytest.raises(NotYourTurn, match="not seat") as err:
        game.apply((seat + 1) % 4, "pass")
    assert err.value.code == "NOT_YOUR_TURN"
    for bad in (4, -1, "0", None):
        with pytest.raises(NoSuchSeat, match="no seat") as err:
            game.apply(bad, "pass")  # type: ignore[arg-type]
        assert err.value.code == "NO_SUCH_SEAT"
        with pytest.raises(NoSuchSeat):
            game.resign(bad)  # type: ignore[arg-type]
    game.resign(seat)
    for attempt in (lambda: game.apply(seat, "pass"), lambda: game.resign(seat)):
        with pytest.raises(GameOver, match="the game is over") as err:
            attempt()
        assert err.value.code == "GAME_OVER"


@pytest.mark.parametrize("variant", ["tractor", "fifty_k", "finding_friends"])
def test_a_bool_is_no_seat(variant):
    """True and False are ints to Python, never seats: every Game method that takes a
    seat refuses them as it refuses seat 7, with the seat to act among 0 and 1."""
    game = fenpai.new_game(variant, seed=2)
    while game.to_act[0] > 1:
        game.apply_legal(game.to_act[0], 0)
    history = game.history
    calls = {
        "apply": lambda b: game.apply(b, "pass"),
        "apply_legal": lambda b: game.apply_legal(b, 0),
        "view": lambda b: game.view(b),
        "legal_actions": lambda b: game.legal_actions(b),
        "num_legal": lambda b: game.num_legal(b),
        "legal_action": lambda b: game.legal_action(b, 0),
        "hand_of": lambda b: game.hand_of(b),
    }
    for name, call in calls.items():
        for b in (True, False):
            with pytest.raises(NoSuchSeat, match=f"there is no seat {b}"):
                call(b)
            assert game.history == history, name


@pytest.mark.parametrize("variant", ["tractor", "fifty_k", "finding_friends"])
def test_legal_actions_refuses_a_limit_that_is_no_count(variant):
    game = fenpai.new_game(variant, seed=2)
    seat = game.to_act[0]
    for bad in (-1, 2**64, 1.5, "3", True):
        for who in (seat, (seat + 1) % game.num_players):
            with pytest.raises(ValueError, match="limit must be"):
                game.legal_actions(who, limit=bad)  # type: ignore[arg-type]
    assert game.legal_actions(seat, limit=0) == []
    assert len(game.legal_actions(seat, limit=1)) == 1


def test_fifty_k_and_trick_play_check_turns_alike():
    game = fenpai.new_game("fifty_k", seed=1)
    with pytest.raises(NotYourTurn):
        game.apply((game.to_act[0] + 1) % game.num_players, "pass")
    trick = fenpai.new_game("red_five_5p", seed=1)
    while trick.phase != "play":
        trick.apply_legal(trick.to_act[0], 0)
    with pytest.raises(NotYourTurn):
        trick.apply((trick.to_act[0] + 1) % trick.num_players, "pass")


def test_every_error_is_an_illegal_action_and_a_value_error():
    for kind in (MalformedAction, NotYourTurn, GameOver, NoSuchSeat):
        assert issubclass(kind, IllegalAction) and issubclass(kind, ValueError)
    assert len({kind.code for kind in (IllegalAction, MalformedAction, NotYourTurn)}) == 3


def test_the_rule_is_the_first_one_cited_unless_given():
    assert IllegalAction("a pair must follow a pair (C-31, C-30)").rule == "C-31"
    assert IllegalAction("see TR-11 and FK-41").rule == "TR-11"
    assert IllegalAction("R5-22: the call card").rule == "R5-22"
    assert IllegalAction("no rule here; C-3PO is no rule id").rule is None
    assert IllegalAction("cites C-31", rule="FK-41").rule == "FK-41"
    assert str(IllegalAction("cites C-31")) == "cites C-31"
    copy = pickle.loads(pickle.dumps(NotYourTurn("waiting", rule="C-10")))
    assert (type(copy), str(copy), copy.rule) == (NotYourTurn, "waiting", "C-10")


def games_in_every_phase() -> list[fenpai.Game]:
    """Each variant after 0, 3, 10 and 40 first legal actions (when still running)."""
    out = []
    for variant in sorted(VARIANTS):
        for steps in (0, 3, 10, 40):
            game = fenpai.new_game(variant, seed=steps)
            for _ in range(steps):
                if game.phase == "done":
                    break
                game.apply_legal(game.to_act[0], 0)
            out.append(game)
    return out


GAMES = games_in_every_phase()
WORDS = st.sampled_from(["bid", "pass", "trump", "declare", "bury", "call", "play", "as", "5h"])


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(GAMES) - 1),
    seat=st.integers(-1, 5),
    text=st.one_of(st.text(), st.builds(lambda w, t: f"{w} {t}", WORDS, st.text())),
)
def test_any_text_is_an_illegal_action_or_legal(index, seat, text):
    """Arbitrary unicode text: Game.apply raises nothing but IllegalAction, and a rejected
    text leaves the game exactly as it was."""
    game = GAMES[index].clone()
    before = game.to_json()
    try:
        game.apply(seat, text)
    except IllegalAction:
        assert game.to_json() == before
