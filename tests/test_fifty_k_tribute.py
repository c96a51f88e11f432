"""Fifty-K's tribute between the hands of a match (FKO-40..FKO-48): who gives and who
receives, the highest-card rule, the exemption, the return, who leads, what each seat
sees, the match that carries the places on, and random matches that keep every card."""

import json
import random
import re
import sys
from collections import Counter
from collections.abc import Callable

import numpy as np
import pexpect
import pytest
from cli_support import offered

import fenpai
from fenpai import IllegalAction
from fenpai.bots import Bot, get
from fenpai.cli import main
from fenpai.games.fifty_k_tribute import places, tribute_seats
from fenpai.service import typed
from fenpai.service.events import visible_action
from fenpai.service.store.base import StoredEvent
from fenpai.simulation import simulate

TRIBUTE = {"tribute": "highest"}
PROMPT = "your action> "
#: FKO-44's single-card order, lowest first.
ORDER = "3 4 5 6 7 8 9 T J Q K A 2 LJ BJ".split()
CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][shcd]|BJ|LJ)(?![A-Za-z0-9])")

HANDS_4P = [
    "3h 3s 3c 3d 4s 4h 4c 4d 5s 5h 5c 5d 6s",
    "6h 6c 6d 7s 7h 7c 7d 8s 8h 8c 8d 9s 9h",
    "2h 2c As Ah 9c 9d Ts Th Tc Td Js Jh Jc",
    "Jd Qs Qh Qc Qd Ks Kh Kc Kd Ac Ad 2s 2d",
]


def deck(hands: list[str]) -> str:
    """The deck dealing `hands[seat]` to each of four seats, one card at a time (FK-1)."""
    split = [h.split() for h in hands]
    return " ".join(split[i % 4][i // 4] for i in range(52))


def rank(card: str) -> int:
    return ORDER.index(card if card in ("LJ", "BJ") else card[0])


def test_fko_41_without_a_tribute_the_holder_of_3h_leads():
    g = fenpai.new_game("fifty_k", deck=deck(HANDS_4P))
    assert (g.phase, g.to_act, g.leader) == ("play", [0], 0)
    assert "tribute" not in g.view()
    same = fenpai.new_game("fifty_k", deck=deck(HANDS_4P), tribute="none")
    assert same.to_json() == g.to_json() and "tribute" not in g.to_json()


def test_fko_42_to_fko_47_a_scripted_tribute_and_return():
    g = fenpai.new_game("fifty_k", deck=deck(HANDS_4P), previous_order=[1, 0, 2, 3], **TRIBUTE)
    # FKO-43: seat 1 went out first; the last of the other team (0 and 2) is seat 2.
    # FKO-42: the tribute ends the deal: the phase is "deal", the fact says what is due.
    assert (g.phase, g.to_act) == ("deal", [2])
    assert g.view()["tribute"] == {
        "giver": 2,
        "receiver": 1,
        "exempt": False,
        "card": None,
        "due": "tribute",
    }
    # FKO-44: the highest single cards are the two 2s; the giver chooses.
    assert g.legal_actions(2) == ["tribute 2h", "tribute 2c"]
    before = g.to_json()
    with pytest.raises(IllegalAction, match=r"highest single card \(FKO-44\): As is below 2h") as e:
        g.apply(2, "tribute As")
    assert e.value.rule == "FKO-44" and g.to_json() == before and g.to_act == [2]
    with pytest.raises(IllegalAction, match="FKO-44"):
        g.apply(2, "return 2c")
    g.apply(2, "tribute 2c")
    assert (g.phase, g.to_act) == ("deal", [1])
    assert g.view()["tribute"]["card"] == "2c" and g.view()["tribute"]["due"] == "return"
    # FKO-46: any card back, the tribute included.
    assert g.num_legal(1) == 14 and "return 2c" in g.legal_actions(1)
    with pytest.raises(IllegalAction, match="FKO-46"):
        g.apply(1, "tribute 6h")
    g.apply(1, "return 6h")
    # FKO-47: the giver leads, though seat 0 holds the 3h.
    assert (g.phase, g.to_act, g.leader) == ("play", [2], 2)
    assert g.view()["tribute"]["due"] is None
    assert "2c" in g.view(1)["hand"].split() and "6h" in g.view(2)["hand"].split()
    assert g.view(0)["hand_sizes"] == [13, 13, 13, 13]
    assert g.history == [(2, "tribute 2c"), (1, "return 6h")]
    again = fenpai.Game.from_json(g.to_json())
    assert again.to_json() == g.to_json() and again.to_act == [2]


def test_fko_42_a_resignation_during_the_tribute_leaves_nothing_due():
    g = fenpai.new_game("fifty_k", deck=deck(HANDS_4P), previous_order=[1, 0, 2, 3], **TRIBUTE)
    g.resign(2)
    assert g.phase == "done" and g.view()["tribute"]["due"] is None


def test_fko_45_a_giver_with_all_four_2s_is_exempt():
    hands = list(HANDS_4P)
    hands[2] = hands[2].replace("2h 2c", "Kd Ad")
    hands[3] = hands[3].replace("Kd", "2h").replace("Ad", "2c")
    g = fenpai.new_game("fifty_k", deck=deck(hands), previous_order=[0, 1, 2, 3], **TRIBUTE)
    assert g.view()["tribute"] == {
        "giver": 3,
        "receiver": 0,
        "exempt": True,
        "card": None,
        "due": None,
    }
    assert (g.phase, g.to_act, g.leader, g.history) == ("play", [0], 0, [])


def test_fko_45_with_two_decks_both_big_jokers_exempt():
    exempt = 0
    for seed in range(200):
        g = fenpai.new_game("fifty_k", seed=seed, decks=2, previous_order=[0, 1, 2, 3], **TRIBUTE)
        held = g.view(3)["hand"].split().count("BJ")
        assert g.view()["tribute"]["exempt"] == (held == 2)
        exempt += held == 2
        if held == 2:
            assert g.phase == "play" and g.history == []
        elif held == 1:
            assert g.legal_actions(3) == ["tribute BJ"]
    assert exempt  # about one deal in 16


def test_fko_43_places_and_seats():
    # Teams: seats 0 and 2 went out; 1 and 3 still in, 3 with fewer card points.
    result = {"finish_order": [0, 2], "card_points": [50, -10, 25, -15]}
    assert places(result, 4) == [0, 2, 1, 3]
    assert tribute_seats([0, 2, 1, 3], 4) == (3, 0)
    assert tribute_seats([1, 0, 2, 3], 4) == (2, 1)  # never between partners
    assert tribute_seats([2, 0, 1], 3) == (1, 2)
    assert tribute_seats([4, 0, 3, 1, 2], 5) == (2, 4)
    # A tie between the players left in: play order from the first out.
    assert places({"finish_order": [3, 1], "card_points": [-20, 10, -20, 60]}, 4) == [3, 1, 0, 2]


def test_fko_40_fko_43_options_are_checked_at_new_game():
    with pytest.raises(ValueError, match=r"option tribute must be .*\(FKO-40\)"):
        fenpai.new_game("fifty_k", tribute="all")
    with pytest.raises(ValueError, match=r"previous_order is the tribute's \(FKO-43\)"):
        fenpai.new_game("fifty_k", previous_order=[0, 1, 2, 3])
    for bad in ([0, 1, 2], [0, 0, 1, 2], [0, 1, 2, 4]):
        with pytest.raises(
            ValueError, match=r"option previous_order must name every seat .*FKO-43"
        ):
            fenpai.new_game("fifty_k", previous_order=bad, **TRIBUTE)
    with pytest.raises(ValueError, match=r"option previous_order must be"):
        fenpai.new_game("fifty_k", previous_order="0123", **TRIBUTE)
    # A single hand without the previous hand's places has no tribute (FKO-42).
    g = fenpai.new_game("fifty_k", seed=2, **TRIBUTE)
    assert g.phase == "play" and g.config()["options"] == {
        "players": 4,
        "lead_after_out": "next",
        "tribute": "highest",
    }


def play_randomly(g, rng: random.Random) -> None:
    while g.phase != "done":
        seat = g.to_act[0]
        g.apply_legal(seat, rng.randrange(g.num_legal(seat)))


def test_fko_43_to_fko_47_a_match_of_two_hands_with_a_tribute():
    m = fenpai.new_match("fifty_k", seed=4, **TRIBUTE)
    assert m.game.phase == "play" and m.game.tribute is None
    m.game.play_out([get("greedy", s) for s in range(4)])
    first = m.game.result
    hand = m.next_hand()
    order = places(first, 4)
    assert hand.options["previous_order"] == order and order[0] == first["finish_order"][0]
    giver, receiver = tribute_seats(order, 4)
    assert giver % 2 != receiver % 2
    assert hand.view()["tribute"] == {
        "giver": giver,
        "receiver": receiver,
        "exempt": False,
        "card": None,
        "due": "tribute",
    }
    assert (hand.phase, hand.to_act) == ("deal", [giver])
    # FKO-44: exactly the giver's highest cards; a lower one is refused, nothing changed.
    held = hand.view(giver)["hand"].split()
    top = max(map(rank, held))
    assert [a.split()[1] for a in hand.legal_actions(giver)] == [c for c in held if rank(c) == top]
    lower = next(c for c in held if rank(c) < top)
    before = m.to_json()
    with pytest.raises(IllegalAction, match="FKO-44"):
        hand.apply(giver, f"tribute {lower}")
    assert m.to_json() == before
    given = hand.legal_actions(giver)[0].split()[1]
    hand.apply(giver, f"tribute {given}")
    back = hand.view(receiver)["hand"].split()[-1]
    hand.apply(receiver, f"return {back}")
    assert back in hand.view(giver)["hand"].split()
    assert given in hand.view(receiver)["hand"].split()
    assert (hand.phase, hand.to_act, hand.leader) == ("play", [giver], giver)  # FKO-47
    play_randomly(hand, random.Random(4))
    again = fenpai.Match.from_json(m.to_json())
    assert again.to_json() == m.to_json()


def test_fko_41_a_match_without_tribute_is_unchanged():
    m = fenpai.new_match("fifty_k", seed=4)
    m.game.play_out([get("greedy", s) for s in range(4)])
    hand = m.next_hand()
    assert "previous_order" not in hand.config()["options"] and hand.phase == "play"
    assert hand.config() == fenpai.new_game("fifty_k", seed=hand.config()["seed"]).config()


@pytest.mark.parametrize(("players", "decks"), [(4, 1), (3, 1), (6, 2), (5, 3)])
def test_fko_42_random_matches_keep_every_card(players, decks):
    rng = random.Random(players * 10 + decks)
    for seed in range(6):
        m = fenpai.new_match("fifty_k", seed=seed, hands=3, players=players, decks=decks, **TRIBUTE)
        while True:
            g = m.game
            tribute = g.tribute
            if tribute is not None:
                dealt = [g.view(s)["hand"].split() for s in range(players)]
                giver, receiver = tribute.giver, tribute.receiver
                assert (giver, receiver) == tribute_seats(g.options["previous_order"], players)
                play_randomly_until_play(g, rng)
                now = [g.view(s)["hand"].split() for s in range(players)]
                assert Counter(sum(dealt, [])) == Counter(sum(now, []))
                assert [len(h) for h in dealt] == [len(h) for h in now]
                if not tribute.exempt:
                    given, back = tribute.tributed, tribute.returned
                    assert rank(given) == max(rank(c) for c in dealt[giver])  # FKO-44
                    assert back in dealt[receiver] + [given]
                    assert g.to_act == [giver] and g.leader == giver  # FKO-47
            play_randomly(g, rng)
            assert Counter(map(str, g.all_cards())) == Counter(
                str(c) for c in fenpai.new_game("fifty_k", players=players, decks=decks).all_cards()
            )
            if m.done:
                break
            m.next_hand()


def play_randomly_until_play(g, rng: random.Random) -> None:
    while g.phase == "deal":
        seat = g.to_act[0]
        g.apply_legal(seat, rng.randrange(g.num_legal(seat)))


def tributed_hand(seed: int = 5):
    g = fenpai.new_game("fifty_k", seed=seed, previous_order=[1, 0, 2, 3], **TRIBUTE)
    return g


def test_fko_48_only_the_giver_and_the_receiver_see_the_returned_card():
    for seed in range(30):
        g = tributed_hand(seed)
        if g.phase != "deal":
            continue
        giver, receiver = g.tribute.giver, g.tribute.receiver
        g.apply(giver, g.legal_actions(giver)[0])
        given = g.tribute.tributed
        # The greedy return: a low card, seldom the tribute itself.
        g.apply(receiver, get("greedy", seed).choose(g, receiver))
        back = g.tribute.returned
        assert back != given
        for seat in (None, *range(4)):
            view = g.view(seat)
            knows = seat in (giver, receiver)
            assert ("tribute_returned" in view) == knows
            named = CARD.findall(json.dumps(view))
            assert (back in named) == knows, (seat, back)
            assert view["tribute"]["card"] == given
            hv = typed.hand_view(view)
            assert hv.fifty_k.tribute.returned == (back if knows else "")
            assert hv.fifty_k.tribute.card == given
        # The service shows the return's card to the receiver only while the hand runs.
        event = StoredEvent(2, receiver, "action", f"return {back}", "seat", None, None, 0.0)
        for viewer in (None, *range(4)):
            shown, redacted = visible_action(event, viewer, finished=False)
            assert (shown, redacted) == (
                (f"return {back}", False) if viewer == receiver else ("return", True)
            )
        tribute_event = StoredEvent(1, giver, "action", f"tribute {given}", "seat", None, None, 0.0)
        assert visible_action(tribute_event, None, finished=False) == (f"tribute {given}", False)
        return
    pytest.fail("no hand with a tribute")


@pytest.mark.parametrize(("players", "decks"), [(4, 1), (3, 1), (6, 2)])
def test_fko_48_sample_world_keeps_what_each_seat_knows_of_the_tribute(players, decks):
    rng = random.Random(players + decks)
    order = list(range(players))
    sampled = 0
    for seed in range(12):
        rng.shuffle(order)
        g = fenpai.new_game(
            "fifty_k", seed=seed, players=players, decks=decks, previous_order=order, **TRIBUTE
        )
        for _ in range(rng.choice([0, 1, 2, 5, 30, 400])):
            if g.phase == "done":
                break
            seat = g.to_act[0]
            g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
        for seat in range(players):
            world = g.sample_world(seat, seed=rng.randrange(2**32))
            assert world.view(seat) == g.view(seat) and world.view(None) == g.view(None)
            assert world.tribute.exempt == g.tribute.exempt
            returns = [a for _, a in g.history if a.startswith("return ")]
            if seat in (g.tribute.giver, g.tribute.receiver) or not returns:
                assert world.history == g.history
            else:  # the return as drawn; every other action as played
                assert [a for a in world.history if not a[1].startswith("return ")] == [
                    a for a in g.history if not a[1].startswith("return ")
                ]
            sampled += 1
    assert sampled == 12 * players


def searched(hand: Callable[[], fenpai.Game], bot: str) -> list[tuple[int, str]]:
    """The history of the tribute hand `hand()` played by `bot` at every seat, step by
    step: the same twice for the same seeds, the same played out in the core; it has a
    tribute (FKO-42)."""
    histories = []
    for _ in range(2):
        by_step = hand()
        bots = [Bot(bot, s) for s in range(by_step.num_players)]
        while by_step.phase != "done":
            seat = by_step.to_act[0]
            by_step.apply(seat, bots[seat].choose(by_step, seat))
        histories.append(by_step.history)
    assert histories[0] == histories[1]
    assert any(a.startswith("tribute ") for _, a in histories[0])
    played_out = hand()
    played_out.play_out([Bot(bot, s) for s in range(played_out.num_players)])
    assert played_out.history == histories[0]
    return histories[0]


def test_fko_42_to_fko_48_the_search_plays_a_tribute_hand_of_one_deck():
    """`ismcts` plays the hands of a tribute (its worlds keep what its seat knows of the
    exchange: the core's sampler tests, FKO-42..FKO-48), the same for the same seeds,
    step by step, in the core's play-out and in `simulate`."""
    g = tributed_hand()
    # The observation, the decision and legal-index spaces, the core's hands and
    # OpenSpiel take it too (FKO-40: tests/test_encoding_fifty_k_tribute.py,
    # tests/test_envs_fifty_k_tribute.py, tests/test_openspiel.py).
    assert g.core_options()["tribute_seats"] == (2, 1)
    assert g.bot_problem("ismcts") is None and g.bot_problem("ismcts:10") is None
    searched(tributed_hand, "ismcts:10")
    args = {"bots": ["ismcts:10", "greedy"] * 2, "previous_order": [1, 0, 2, 3], **TRIBUTE}
    first, again = (simulate("fifty_k", 3, seed=4, **args) for _ in range(2))
    assert (first["game_points"] == again["game_points"]).all()


def test_fko_42_to_fko_48_the_search_plays_a_tribute_hand_of_several_decks():
    """`ismcts` plays the hands of a tribute with several decks (FKO-20, FKO-42): no
    longer refused; its worlds keep what its seat knows of the exchange (the core's
    sampler tests, FKO-42..FKO-48); the same hand for the same seeds, step by step, in
    the core's play-out and in `simulate`."""

    def hand(players: int = 4, decks: int = 2) -> fenpai.Game:
        order = [1, 0, *range(2, players)]
        options = {"decks": decks, "players": players, "previous_order": order, **TRIBUTE}
        return fenpai.new_game("fifty_k", seed=3, **options)

    assert hand().bot_problem("ismcts") is None and hand().bot_problem("ismcts:10") is None
    history = searched(hand, "ismcts:8")
    assert any(a.startswith("return ") for _, a in history)
    six = hand(players=6, decks=3)
    six.play_out([Bot("ismcts:4", s) for s in range(6)])
    assert six.result is not None and six.tribute is not None
    args = {"bots": ["ismcts:6", "greedy"] * 2, "previous_order": [1, 0, 2, 3], **TRIBUTE}
    first, again = (simulate("fifty_k", 2, seed=4, decks=2, **args) for _ in range(2))
    assert (first["game_points"] == again["game_points"]).all()


def test_fko_42_simulate_plays_the_tribute_with_random_and_greedy():
    for bots in ("random", "greedy"):
        out = simulate("fifty_k", 6, seed=3, bots=bots, previous_order=[1, 0, 2, 3], **TRIBUTE)
        assert out["game_points"].shape == (6, 4)
        assert (out["actions"] > 2).all()
    plain = simulate("fifty_k", 6, seed=3, bots="greedy")
    named = simulate("fifty_k", 6, seed=3, bots="greedy", tribute="none")
    for key in plain:
        np.testing.assert_array_equal(plain[key], named[key])


def spawn_play(*args: str) -> pexpect.spawn:
    env = {"NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "200", "PATH": ""}
    command = ["-m", "fenpai.cli", "play", "fifty_k", *args]
    return pexpect.spawn(sys.executable, command, env=env, encoding="utf-8", timeout=60)


def test_fko_42_selfplay_at_the_command_line(capsys):
    args = ["selfplay", "fifty_k", "-n", "8", "--bots", "greedy,random"]
    assert main([*args, "-o", "tribute=highest", "-o", "previous_order=1,0,2,3"]) == 0
    assert "win rate" in capsys.readouterr().out


def test_fko_46_the_receiver_returns_a_card_at_the_terminal(tmp_path):
    saved = tmp_path / "hand.json"
    child = spawn_play(
        "--seat", "1", "--seed", "5", "--save", str(saved),
        "-o", "tribute=highest", "-o", "previous_order=1,0,2,3",
    )  # fmt: skip
    child.expect("seat 2 gives you the tribute 2c")
    child.expect("fifty_k · dealing · the return")  # FKO-42: the return ends the deal
    child.expect("tribute: seat 2 gave you 2c; you return a card")
    child.expect(PROMPT)
    child.sendline("tribute 3c")
    child.expect(r"not allowed: seat 1 gives a card back now: 'return CARD'")
    child.expect(PROMPT)
    child.sendline("return 3c")
    child.expect("you return 3c to seat 2")
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        child.sendline(offered(child.before)[0])
    child.close()
    assert child.exitstatus == 0, child.before
    hand = fenpai.Game.from_json(saved.read_text())
    assert hand.history[:2] == [(2, "tribute 2c"), (1, "return 3c")]
    assert hand.history[2][0] == 2 and hand.phase == "done"  # FKO-47
