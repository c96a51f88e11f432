"""`GameState` reads a game's phase, seats to act, end and status once per version:
what it answers after every event is what the game and its seats say then."""

from __future__ import annotations

import random

import pytest

from fenpai.games import new_game, new_match
from fenpai.service.session import GameState
from fenpai.service.store import StoredEvent


def _event(state: GameState, seat: int, kind: str, action: str, at: float) -> StoredEvent:
    return StoredEvent(state.version + 1, seat, kind, action, "client", None, None, at)


def _check(state: GameState) -> None:
    """The state's answers against what its game and seats say now."""
    game = state.game
    finished = state.match_over if state.match is not None else game.phase == "done"
    status = "finished" if finished else "playing" if all(state.joined) else "waiting"
    assert state.phase == game.phase
    assert state.finished == finished
    assert state.status == status
    assert state.to_act() == (list(game.to_act) if status == "playing" else [])
    assert all(state.acting(seat) == (seat in game.to_act) for seat in range(len(state.joined)))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("kind", ["game", "table"])
def test_answers_follow_every_event(kind: str, seed: int) -> None:
    rng = random.Random(seed)
    variant = rng.choice(["red_five_4p", "fifty_k"])
    if kind == "table":
        config = new_match(variant, seed=seed, hands=2).config()
    else:
        config = new_game(variant, seed=seed).config()
    players = 5 if variant == "red_five_5p" else 4
    state = GameState(config, [None] * players, kind)
    _check(state)
    at = 1.0
    for seat in rng.sample(range(players), players):  # seats joined one by one
        state.apply(_event(state, seat, "join", "join", at))
        _check(state)
    for _ in range(5000):
        if state.finished:
            break
        step = state.next_step()
        at += 1.0
        if step is not None:
            state.apply(_event(state, 0, step, step, at))
        elif rng.random() < 0.002:
            state.apply(_event(state, rng.choice(state.to_act()), "resign", "resign", at))
        else:
            game = state.game
            seat = game.to_act[0]
            action = game.legal_action(seat, rng.randrange(game.num_legal(seat)))
            state.apply(_event(state, seat, "action", action, at))
        _check(state)
    assert state.finished
    _check(state)
