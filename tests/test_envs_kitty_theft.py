"""Tractor's kitty theft (炒地皮, TRO-112) in the observation, the environments and
OpenSpiel: its own layout (Tractor's, then who holds the kitty, whether a seat is asked
to steal, the steals and the seat's own burials), what each seat knows of every burial
(C-4), the steals taken through the deal's declaration ids, and the same checks the
other tables pass (hidden information, checkers, differential play)."""

from __future__ import annotations

import collections
import random

import numpy as np
import pytest
from env_support import scripted as scripted_hand
from env_support import swap_unseen
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test
from test_encoding import documented
from test_envs_core_hand import (
    assert_the_mask_reaches_the_legal_actions,
    random_position,
    replayed,
    same,
)
from test_tractor_kitty_theft import KITTY_CARDS, scripted
from test_vector_env import agrees_with_the_step_api
from test_vector_env_decisions import agrees_step_by_step

import fenpai
from fenpai.encoding import fields, game_fields
from fenpai.envs import SeatEnv, pettingzoo_env
from fenpai.spaces import CARDS, game_space

THEFT = {"kitty_theft": "allowed"}
#: The fields the layout adds after Tractor's (TRO-112).
ADDED = [("kitty_holder", 4), ("stealing", 1), ("steals", 4), ("own_burials", 54)]


def field(obs: np.ndarray, layout, name: str) -> np.ndarray:
    return next(obs[o : o + n] for f, o, n in layout if f == name)


def counts(text: str) -> list[int]:
    """Copies of each card kind (`Card.index` order) in `text`."""
    held = collections.Counter(text.split())
    return [held[str(c)] for c in CARDS]


def rel(seat: int, other: int) -> int:
    return (other - seat) % 4


def theft_hands(seeds: int):
    """Every position of random hands under TRO-112, dealer 0: half the hands with no
    declaration in the deal (any declaration steals then), each seat asked stealing
    with a random declaration it may make 70% of the time; at least one steal a hand."""
    steals = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        game = scripted_hand("tractor", {"dealer": 0, **THEFT}, seed)  # a deck to re-deal
        while game.phase != "done":
            yield game
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            declare = [a for a in legal if a.startswith("declare")]
            if game.phase == "deal" and seed % 2 == 0:
                declare, legal = [], ["pass"]
            steal = declare if game.phase == "kitty" else []
            action = rng.choice(steal) if steal and rng.random() < 0.7 else None
            if action is None and legal == ["pass"]:
                action = "pass"
            if action is None:
                game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
            else:
                game.apply(seat, action)
                steals += 1
        yield game
    assert steals >= seeds


# --- the layout ---------------------------------------------------------------------------


def test_tro_112_the_layout_is_tractor_s_then_the_theft_fields():
    base = fields("tractor", 4)
    theft = fields("tractor", 4, kitty_theft="allowed")
    assert theft[: len(base)] == base
    assert [(name, size) for name, _, size in theft[len(base) :]] == ADDED
    assert game_fields(fenpai.new_game("tractor", **THEFT)) == theft
    assert [(name, size) for name, _, size in theft] == documented("tractor_theft", 4)
    assert game_fields(fenpai.new_game("tractor")) == base  # the default is unchanged
    with pytest.raises(ValueError, match="kitty_theft.*TRO-112"):
        fields("red_five_4p", 4, kitty_theft="allowed")
    with pytest.raises(ValueError, match="kitty_theft must be 'none' or 'allowed'"):
        fields("tractor", 4, kitty_theft=True)


# --- what each seat knows (C-4, TRO-112) -------------------------------------------------


def test_tro_112_the_observation_follows_a_steal():
    """The dealer buries, seat 1 steals with a pair and buries again: every seat sees
    who holds the kitty, whether a seat is asked and the steals; the dealer keeps its
    burial and no longer sees the kitty; the stealer sees what it took up and buried."""
    g = scripted(**THEFT)
    layout = game_fields(g)
    g.apply(0, f"bury {KITTY_CARDS}")
    obs = [fenpai.encode(g, s, legal=False)[0] for s in range(4)]
    for s in range(4):
        assert field(obs[s], layout, "kitty_holder")[rel(s, 0)] == 1
        assert field(obs[s], layout, "stealing")[0] == 1
        assert not field(obs[s], layout, "steals").any()
    assert field(obs[0], layout, "kitty").tolist() == counts(KITTY_CARDS)
    assert field(obs[0], layout, "own_burials").tolist() == counts(KITTY_CARDS)
    for s in (1, 2, 3):
        assert not field(obs[s], layout, "kitty").any()
        assert not field(obs[s], layout, "own_burials").any()
    g.apply(1, "declare 2h 2h")
    burial = "5h 9h 9h 8h 8h 7h 7h 3c"
    g.apply(1, f"bury {burial}")
    obs = [fenpai.encode(g, s, legal=False)[0] for s in range(4)]
    for s in range(4):
        assert field(obs[s], layout, "kitty_holder")[rel(s, 1)] == 1
        assert field(obs[s], layout, "steals")[rel(s, 1)] == 1
        assert field(obs[s], layout, "declared_by")[rel(s, 1)] == 1
        assert field(obs[s], layout, "declaration").tolist() == counts("2h 2h")
        assert field(obs[s], layout, "trump")[1] == 1  # hearts, the steal's (TRO-112)
    assert field(obs[1], layout, "kitty").tolist() == counts(burial)
    assert field(obs[1], layout, "own_burials").tolist() == counts(burial)
    assert field(obs[1], layout, "kitty_taken").tolist() == counts(KITTY_CARDS)
    assert not field(obs[0], layout, "kitty").any()  # its burial was stolen
    assert field(obs[0], layout, "own_burials").tolist() == counts(KITTY_CARDS)
    for s in (2, 3):
        assert not field(obs[s], layout, "kitty").any()
        assert not field(obs[s], layout, "kitty_taken").any()
        assert not field(obs[s], layout, "own_burials").any()


def test_tro_112_the_observation_agrees_with_every_seat_s_view():
    """Differential, at every position of random hands and for every seat: the kitty,
    the seat's own burials, who holds the kitty, whether a seat is asked, the standing
    declaration and the steals are what the seat's view shows."""
    compared = 0
    for g in theft_hands(seeds=6):
        layout = game_fields(g)
        for s in range(4):
            obs = fenpai.encode(g, s, legal=False)[0]
            v = g.view(s)
            assert field(obs, layout, "kitty").tolist() == counts(v.get("kitty") or "")
            own = " ".join(v.get("own_burials", []))
            assert field(obs, layout, "own_burials").tolist() == counts(own)
            holder = field(obs, layout, "kitty_holder")
            if "kitty_holder" in v and g.phase != "deal":
                assert holder.tolist() == [float(rel(s, v["kitty_holder"]) == i) for i in range(4)]
            stage = v.get("kitty_stage")
            assert field(obs, layout, "stealing")[0] == (stage == "steal")
            standing = v["declaration"]
            if standing:
                assert field(obs, layout, "declaration").tolist() == counts(standing["cards"])
            steals = [seat for seat, _ in v["declarations"]][len(g.deal.declarations()) :]
            expected = [0.0] * 4
            for seat in steals:
                expected[rel(s, seat)] += 1
            assert field(obs, layout, "steals").tolist() == expected
            compared += 1
    assert compared > 1000


def test_tro_112_another_seat_s_burial_never_shows():
    """Two hands equal but for the dealer's burial (two legal ones): while the other
    seats are asked whether they steal, none has taken it up, and each one's observation
    and decision-space observation are the same in both hands (C-4)."""
    compared = 0
    for seed in range(12):
        games = []
        for index in (0, 1):
            g = fenpai.new_game("tractor", seed=seed, dealer=0, **THEFT)
            while g.phase == "deal":
                g.apply_legal(g.to_act[0], 0)
            g.apply_legal(0, index)
            games.append(g)
        a, b = games
        while a.phase == "kitty" and a.to_act != [0]:
            for s in (1, 2, 3):
                np.testing.assert_array_equal(
                    fenpai.encode(a, s, legal=False)[0], fenpai.encode(b, s, legal=False)[0]
                )
                same(replayed(a).observe(s), replayed(b).observe(s))
                compared += 1
            if a.legal_actions(a.to_act[0]) != ["pass"]:
                break  # a steal would take the burial up: the two hands part there
            for g in (a, b):
                g.apply(g.to_act[0], "pass")
    assert compared >= 12


def test_tro_112_swapping_cards_a_seat_cannot_know_leaves_its_observation_unchanged():
    """Two cards a seat cannot know exchanged (other seats' hands, a kitty it did not
    take up), the hand replayed to the same point, at points of hands with steals: its
    observation and its decision-space observation and mask are as they were."""
    rng = random.Random(5)
    compared = after_steals = 0
    for game in theft_hands(seeds=6):
        if rng.random() > 0.3:
            continue
        seat = rng.randrange(4)
        other = swap_unseen(game, seat, rng)
        if other is None:
            continue
        a = fenpai.encode(game, seat, legal=False)[0]
        np.testing.assert_array_equal(a, fenpai.encode(other, seat, legal=False)[0])
        same(replayed(game).observe(seat), replayed(other).observe(seat))
        compared += 1
        after_steals += steals_in(game.history) > 0
    assert compared > 40 and after_steals > 10


# --- the action spaces and the environments ----------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 10**6))
def test_tro_112_the_mask_reaches_exactly_the_legal_actions(seed, steps):
    """A steal is a declaration of the deal's table of ids (TR-10), a burial (C-4) is
    picked card by card among the burier's cards, at every point of a hand."""
    game = random_position("tractor", {"dealer": seed % 4, **THEFT}, seed, steps % 120)
    if game.phase != "done":
        assert_the_mask_reaches_the_legal_actions(game, samples=3, limit=2000, seed=seed)


def test_tro_112_gymnasium_check_env_and_the_action_space():
    env = SeatEnv("tractor", seat=1, **THEFT)
    check_env(env, skip_render_check=True)
    assert env.action_space.n == game_space(fenpai.new_game("tractor", **THEFT)).size + 55


def test_tro_112_pettingzoo_api_test():
    api_test(pettingzoo_env("tractor", **THEFT), num_cycles=400)


def stealing_indices(env, info, rng):
    """The learning seat passes in the deal and steals with the first declaration it may
    when asked (TRO-112); elsewhere a random legal index."""
    out = []
    for i, count in enumerate(info["num_legal"]):
        legal = env.legal_actions(i, 64) if count else []
        phase = env.game(i).phase if count else None
        if phase == "deal" and "pass" in legal:
            out.append(legal.index("pass"))
        elif phase == "kitty" and legal[0].startswith("declare"):
            out.append(0)
        else:
            out.append(int(rng.integers(max(int(count), 1))))
    return np.array(out, dtype=np.int64)


@pytest.mark.parametrize(
    ("seat", "opponents", "reward"), [(1, "random", "win"), (3, "greedy", "zero_sum")]
)
def test_tro_112_legal_space_steps_are_the_step_api_with_the_same_actions(seat, opponents, reward):
    """`VectorEnv(actions="legal")`, the learning seat stealing whenever it may: every
    step is the step API's, and steals happen."""
    options = {"dealer": 0, **THEFT}
    hands = agrees_with_the_step_api(
        "tractor", options, seat, opponents, reward, 5, 400, choose=stealing_indices
    )
    assert len(hands) >= 4 and sum(steals_in(g.history) for g in hands) >= 1


def steals_in(history) -> int:
    """TRO-112: the declarations made after a burial."""
    buried, steals = False, 0
    for _, action in history:
        buried = buried or action.startswith("bury ")
        steals += buried and action.startswith("declare ")
    return steals


#: Where the phase one-hot starts in the observation (the kitty phase is its 4th).
PHASE = next(o for name, o, _ in fields("tractor", 4, kitty_theft="allowed") if name == "phase")


def thief(batch):
    """A policy that passes in the deal, steals with the last declaration its mask
    allows whenever it is asked (TRO-112), and otherwise takes the first id allowed."""
    out = []
    for obs, mask in zip(batch.obs, batch.action_mask, strict=True):
        ids = np.flatnonzero(mask)
        if obs[PHASE + 3] == 1 and ids[0] < 107:  # asked whether it steals
            out.append(int(ids[-1]))
        elif obs[PHASE] == 1 and ids[0] == 0:  # the deal: pass
            out.append(0)
        else:
            out.append(int(ids[0]))
    return out


@pytest.mark.parametrize("players", [[None, thief, None, thief], [None, "greedy", None, "random"]])
def test_tro_112_decision_space_steps_are_the_hands_played_step_by_step(players):
    """`VectorEnv` in the decision space (seats 0 and 2 learning, random ids) against
    opponents that steal whenever they may, and built-in bots: every observation, mask,
    reward and game is the Python path's; the thieves steal in some hands."""
    hands = agrees_step_by_step("tractor", {"dealer": 1, **THEFT}, players, hands=8)
    if players[1] is thief:
        assert sum(steals_in(g.history) for g in hands) >= 2


@pytest.mark.parametrize("actions", ["decisions", "legal"])
def test_tro_112_simulate_with_a_policy_plays_it(actions):
    """`simulate` with a Python policy at one seat under TRO-112, in both spaces (the
    first legal index, a steal whenever the seat may, before `pass`; the first id,
    `pass`): every game is played to its result."""

    def first(batch):
        if batch.action_mask is None:
            return [0] * len(batch)
        return [int(np.flatnonzero(m)[0]) for m in batch.action_mask]

    out = fenpai.simulate(
        "tractor", 4, bots=[first, "greedy", "random", "greedy"], actions=actions, **THEFT
    )
    assert out["won"].shape == out["game_points"].shape == (4, 4)
    assert (out["actions"] > 100).all()


# --- OpenSpiel ---------------------------------------------------------------------------


def test_tro_112_openspiel_random_sim_test():
    pyspiel = pytest.importorskip("pyspiel")
    import fenpai.openspiel

    fenpai.openspiel.register()
    game = pyspiel.load_game("python_fenpai_tractor(kitty_theft=allowed,dealer=0)")
    assert game.num_distinct_actions() == 107 + 55
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_tro_112_openspiel_a_stealer_recalls_the_burial_it_took_up():
    """Perfect recall: the cards a player received include each burial it took up when
    it stole (it alone saw it, TRO-112): from the history, the burial just before each
    of its steals; another seat's steals add nothing to it."""
    pytest.importorskip("pyspiel")
    from fenpai.openspiel import stolen

    history = [
        (0, "declare 2s"),
        (0, "bury 5s 5s"),
        (1, "pass"),
        (2, "declare 2h 2h"),
        (2, "bury 6c 6c"),
        (3, "pass"),
        (0, "declare LJ LJ"),
    ]
    assert stolen(history, 2) == ["stole", "5s", "5s"]
    assert stolen(history, 0) == ["stole", "6c", "6c"]
    assert stolen(history, 1) == stolen(history, 3) == []


def test_tro_112_openspiel_resampling_keeps_the_information_state():
    """`resample_from_infostate` (`Game.sample_world` under TRO-112) keeps each player's
    information state, string and tensor, at points of a random hand with two steals
    (seed 22), before, between and after them."""
    pytest.importorskip("pyspiel")
    from test_openspiel import resampled

    name = "python_fenpai_tractor(kitty_theft=allowed,dealer=0)"
    seen = [state for state, _, _ in resampled(name, seed=22, every=7)]
    assert len(seen) > 20
    assert steals_in(seen[-1].hand.game.history) == 2


def test_tro_112_the_burial_alone_tells_the_layout_and_who_sees_the_kitty():
    """`encode_into` with the burial object alone (no deal): its rounds of chances make
    the layout kitty theft's, and the kitty is the last burier's, never the dealer's
    once a stealer buried (C-4, TRO-112)."""
    from fenpai._core import encode_into

    g = scripted(**THEFT)
    g.apply(0, f"bury {KITTY_CARDS}")
    g.apply(1, "declare 2h 2h")
    g.apply(1, "bury 5h 9h 9h 8h 8h 7h 7h 3c")
    layout = game_fields(g)
    objects = {"kitty": g.core_objects()["kitty"]}
    for seat, seen in ((0, ""), (1, "5h 9h 9h 8h 8h 7h 7h 3c"), (2, "")):
        out = np.empty(layout[-1][1] + layout[-1][2], dtype=np.float32)
        encode_into(out, seat, "tractor", objects)
        assert field(out, layout, "kitty").tolist() == counts(seen)
