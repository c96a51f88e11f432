"""One conformance test of the Game contract over every variant and option set:
random playouts where, at every step, the cards are conserved (C-61),
`num_legal` counts `legal_actions`, `apply_legal(i)` is `apply(legal_actions[i])`, a
clone is independent, and an illegal action changes nothing; at the end (and midway) a
replay of the history and a JSON round trip give the same state; and `simulate` gives
the hands the same bots give step by step.

States are compared by what can be seen: every seat's view and the public view (not by
`to_json`, which holds only the configuration and the history).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest
from action_probes import PROBES

import fenpai
from fenpai import IllegalAction
from fenpai.errors import GameOver, MalformedAction, NoSuchSeat, NotYourTurn
from fenpai.games.base import Game
from fenpai.simulation import make_bots, play_game, simulate

CASES: list[tuple[str, dict[str, Any]]] = [
    ("red_five_4p", {}),
    ("red_five_4p", {"decks": 3}),
    ("red_five_4p", {"opening_bid": "minimum"}),
    ("red_five_4p", {"decks": 3, "opening_bid": "minimum", "kitty_points": "always"}),
    ("red_five_5p", {}),
    ("red_five_5p", {"friend_grab": "forbid"}),
    ("red_five_5p", {"prev_declarer": 3, "friend_grab": "allow"}),
    ("tractor", {}),
    ("tractor", {"levels": ("T", "T"), "follow_format": "full"}),
    ("tractor", {"levels": ("5", "9"), "dealer": 1, "follow_format": "exact"}),
    ("tractor", {"levels": ("A", "K"), "dealer": 2, "follow_format": "off"}),
    # TRO-13: tractors kept from leads without a tractor, under both formats it goes with.
    ("tractor", {"follow_protect": "tractors"}),
    ("tractor", {"levels": ("7", "7"), "follow_format": "exact", "follow_protect": "tractors"}),
    # TRO-22, TRO-32, TRO-43, TRO-52: the scoring and judging house rules; TRO-62, TRO-72.
    (
        "tractor",
        {
            "throw_penalty": "none",
            "kitty_multiplier": "power",
            "must_defend": "none",
            "throw_judgement": "highest_card",
            "first_dealer": "first_declaration",
            "declaration_order": "suit",
        },
    ),
    # TRO-53: a ruff of a throw beats the winner only unit by unit.
    ("tractor", {"throw_judgement": "every_unit", "follow_protect": "tractors"}),
    # TRO-164: bombs of the led suit or trumps, others only when void (four decks).
    ("tractor", {"decks": 4, "bombs": "suit_following"}),
    # TRO-82: a hand at J, where the J rule may send the dealer's team back to 2.
    ("tractor", {"levels": ("J", "J"), "jack_rule": "back_to_2"}),
    # TRO-102: only the number of cards orders declarations, alone and with TRO-72.
    ("tractor", {"declaration_strength": "more_cards"}),
    ("tractor", {"declaration_strength": "more_cards", "declaration_order": "suit"}),
    # TRO-142, TRO-153: only big jokers declare; a standing declarer may overcall itself.
    ("tractor", {"joker_declarations": "big_only", "reinforce": "or_overturn"}),
    # TRO-143, TRO-152: jokers never declare; nothing is reinforced.
    ("tractor", {"joker_declarations": "none", "reinforce": "none"}),
    # TRO-92: hands with a team at the no-trump level NT, first and later.
    ("tractor", {"levels": ("NT", "NT"), "final_level": "no_trump"}),
    ("tractor", {"levels": ("NT", "A"), "dealer": 2, "final_level": "no_trump"}),
    ("fifty_k", {}),
    ("fifty_k", {"players": 3}),
    ("fifty_k", {"lead_after_out": "partner"}),
    ("fifty_k", {"players": 3, "lead_after_out": "partner"}),
    ("fifty_k", {"pure_fifty_k_order": "equal"}),
    # FKO-20: several decks; FKO-42: a hand owing a tribute, of one deck and of several.
    ("fifty_k", {"decks": 2, "players": 6}),
    ("fifty_k", {"tribute": "highest", "previous_order": [1, 0, 2, 3]}),
    (
        "fifty_k",
        {"decks": 3, "players": 5, "tribute": "highest", "previous_order": [0, 1, 2, 3, 4]},
    ),
]
IDS = [f"{v}-{o}" for v, o in CASES]

#: Counting `legal_actions` whole is only done up to this many (burials reach millions).
LISTED = 3000


def state(g: Game) -> tuple[Any, ...]:
    """What the game shows: the public view and every seat's view."""
    return (g.view(None), *(g.view(s) for s in range(g.num_players)))


def full_deck(g: Game) -> Counter[str]:
    return Counter(str(c) for c in fenpai.new_game(g.variant, **g.options).all_cards())


def check_step(g: Game, rng: random.Random, deck: Counter[str]) -> None:
    """Every check of one step, on `g` before its next action (left unchanged)."""
    assert Counter(str(c) for c in g.all_cards()) == deck  # C-61
    (seat,) = g.to_act
    n = g.num_legal(seat)
    assert n > 0
    for other in range(g.num_players):
        if other != seat:
            assert g.num_legal(other) == 0 and g.legal_actions(other) == []
    if n <= LISTED:
        legal = g.legal_actions(seat)
        assert len(legal) == n
    else:
        legal = g.legal_actions(seat, 20)
        assert len(legal) == 20
        assert g.legal_action(seat, n - 1)
        with pytest.raises(IllegalAction):
            g.legal_action(seat, n)
    before = state(g)
    i = rng.randrange(n)
    text = legal[i] if i < len(legal) else g.legal_action(seat, i)
    assert g.legal_action(seat, i) == text
    by_index, by_text = g.clone(), g.clone()
    by_index.apply_legal(seat, i)
    by_text.apply(seat, text)
    assert state(by_index) == state(by_text)
    assert by_index.history == by_text.history == [*g.history, by_index.last_action]
    assert state(g) == before, "a clone's action changed the original"
    for action in rng.sample(PROBES, 6) + [text]:
        for who in (seat, (seat + 1) % g.num_players, g.num_players, -1):
            try:
                g.clone().apply(who, action)
                continue  # legal (in some spelling): not a probe of a rejection
            except IllegalAction:
                pass
            with pytest.raises(IllegalAction):
                g.apply(who, action)
            assert state(g) == before, (who, action)
    other = (seat + 1) % g.num_players
    for who, action, error in [
        (seat, "hop", MalformedAction),
        (seat, "pass\t", MalformedAction),
        (other, text, NotYourTurn),
        (g.num_players, text, NoSuchSeat),
    ]:
        with pytest.raises(error):
            g.apply(who, action)
    with pytest.raises(IllegalAction):
        g.apply_legal(seat, n)
    assert state(g) == before


def check_replay(g: Game) -> None:
    """Replay = state, and a JSON round trip = state."""
    replay = fenpai.new_game(g.variant, seed=g.config()["seed"], **g.options)
    for seat, action in g.history:
        replay.apply(seat, action)
    assert state(replay) == state(g)
    again = Game.from_json(g.to_json())
    assert state(again) == state(g)
    assert again.to_json() == g.to_json()


@pytest.mark.parametrize(("variant", "options"), CASES, ids=IDS)
def test_c_61_the_game_contract_holds_at_every_step(variant: str, options: dict) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        g = fenpai.new_game(variant, seed=1000 + seed, **options)
        deck = full_deck(g)
        steps = 0
        while g.phase != "done":
            check_step(g, rng, deck)
            (seat,) = g.to_act
            g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
            steps += 1
            if steps == 30:
                check_replay(g)
        assert Counter(str(c) for c in g.all_cards()) == deck
        assert g.result is not None and g.to_act == []
        with pytest.raises(GameOver):
            g.apply(0, "pass")
        check_replay(g)


@pytest.mark.parametrize(("variant", "options"), CASES, ids=IDS)
def test_clones_are_independent(variant: str, options: dict) -> None:
    """A clone taken mid-hand plays on alone; the original's views stay as they were,
    and the original then plays on to the same hand as a replay."""
    rng = random.Random(7)
    g = fenpai.new_game(variant, seed=7, **options)
    for _ in range(25):
        (seat,) = g.to_act
        g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
    before = state(g)
    copy = g.clone()
    assert state(copy) == before
    while copy.phase != "done":
        (seat,) = copy.to_act
        copy.apply_legal(seat, copy.num_legal(seat) - 1)
    assert state(g) == before
    g.resign(g.to_act[0])
    assert copy.result is not None and copy.phase == "done" and g.phase == "done"
    assert state(copy) != state(g)


@pytest.mark.parametrize(("variant", "options"), CASES, ids=IDS)
def test_simulate_gives_the_hands_of_step_by_step_play(variant: str, options: dict) -> None:
    """`simulate` (every phase in the core) and `Game.play_out` give what
    the same bots give a decision at a time, for any number of workers."""
    n = fenpai.new_game(variant, **options).num_players
    bots = (["greedy", "random"] * 4)[:n]
    games, seed = 6, 11
    one = simulate(variant, games, seed=seed, bots=bots, **options)
    two = simulate(variant, games, seed=seed, bots=bots, workers=2, **options)
    for key in one:
        assert np.array_equal(one[key], two[key]), key
    for i, game_seed in enumerate(one["seed"].tolist()):
        step = play_game(
            fenpai.new_game(variant, seed=game_seed, **options),
            make_bots(bots, game_seed),
            in_core=False,
        )
        core = play_game(
            fenpai.new_game(variant, seed=game_seed, **options), make_bots(bots, game_seed)
        )
        assert core.history == step.history
        assert state(core) == state(step)
        result = step.result
        assert result is not None
        assert one["actions"][i] == step.num_actions
        assert one["game_points"][i].tolist() == result["game_points"]
        assert one["card_points"][i].tolist() == result["card_points"]
        assert one["won"][i].tolist() == [s in result["winners"] for s in range(n)]
