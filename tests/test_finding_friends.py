"""Finding Friends (`finding_friends`) through the Game API, by rule id (FF-1..FF-72).

The scoring functions have their own tests (test_finding_friends_scoring.py); here the
whole hand: options, the phases in order, the calls and the reveal in the play, what
each seat sees, the JSON round trip, and random whole hands with their invariants.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import fenpai
from fenpai import IllegalAction, scoring
from fenpai.bots import Bot
from fenpai.envs.core_hand import CoreHand
from fenpai.games.trick_game import ONE_DECK
from fenpai.simulation import make_bots, play_game, simulate

VARIANT = "finding_friends"
ONE_DECK_TEXT = [str(c) for c in ONE_DECK]


def greedy_bots(n: int, seed: int = 0) -> list[Bot]:
    return [Bot("greedy", fenpai.bots.seed_for(seed, s)) for s in range(n)]


def play_to(g: fenpai.Game, phase: str, rng: random.Random) -> None:
    """Random legal actions until the game reaches `phase`."""
    while g.phase != phase:
        (seat,) = g.to_act
        g.apply_legal(seat, rng.randrange(g.num_legal(seat)))


# --- options (FF-1, FF-3, FF-4, FF-13, FF-20, FF-60, FF-70) -----------------------------


@pytest.mark.parametrize(
    ("players", "decks", "kitty", "each"),
    [(4, 2, 8, 25), (5, 3, 7, 31), (6, 3, 6, 26), (7, 3, 8, 22), (8, 3, 10, 19)],
)
def test_ff_1_ff_3_default_decks_kitty_and_hands_by_players(players, decks, kitty, each):
    g = fenpai.new_game(VARIANT, seed=1, players=players)
    assert g.num_players == players
    assert g.decks == decks and g.kitty_size() == kitty
    assert g.friends_called == players // 2 - 1  # FF-20
    assert g.levels == ("2",) * players  # FF-4
    assert g.options["decks"] is None and g.options["friends"] is None
    play_to(g, "kitty", random.Random(players))
    sizes = g.hand_sizes()
    d = g.declarer
    assert [n for s, n in enumerate(sizes) if s != d] == [each] * (players - 1)
    assert sizes[d] == each + kitty  # FF-14: the declarer holds the kitty
    assert Counter(map(str, g.all_cards())) == Counter(ONE_DECK_TEXT * decks)


def test_ff_1_two_decks_at_any_table():
    g = fenpai.new_game(VARIANT, players=8, decks=2)
    assert (g.decks, g.kitty_size()) == (2, 12)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"players": 3}, "option players must be 4 to 8"),
        ({"players": 9}, "option players must be 4 to 8"),
        ({"players": 6.0}, "option players must be 4 to 8"),
        ({"players": True}, "option players must be 4 to 8"),
        ({"decks": 4}, "option decks must be None, 2 or 3"),
        ({"decks": 1}, "option decks must be None, 2 or 3"),
        ({"friends": 0}, "option friends must be"),
        ({"friends": 5}, "option friends must be 1 to 4 with 6 players"),
        ({"players": 4, "friends": 3}, "option friends must be 1 to 2 with 4 players"),
        ({"levels": ["2"] * 5}, "option levels must give one level per player, 6, not 5"),
        ({"levels": ["2", "3", "2", "2", "2", "2"]}, "option levels: with dealer None"),
        ({"levels": ["2"] * 5 + ["Z"]}, "option levels must be"),
        ({"levels": ["NT"] * 6}, "option levels must be"),  # FF-4: 2..A (TRO-92 is Tractor's)
        ({"dealer": 6}, "option dealer must be None or a seat 0..5"),
        ({"dealer": -1}, "option dealer must be"),
        ({"friend_restrictions": "some"}, "option friend_restrictions must be one of"),
        ({"short_handed_bonus": 1}, "option short_handed_bonus must be True or False"),
        ({"double_join": "never"}, "option double_join must be one of spent, passes_on"),
        ({"jack_rule": "none"}, "unknown option 'jack_rule' for finding_friends"),
    ],
)
def test_options_are_checked_and_the_error_names_the_option(options, named):
    with pytest.raises(ValueError, match=named):
        fenpai.new_game(VARIANT, **options)


def test_ff_4_ff_13_later_hand_with_a_fixed_dealer_and_levels():
    levels = ["5", "2", "K", "10", "2", "A"]
    g = fenpai.new_game(VARIANT, seed=3, dealer=2, levels=levels)
    assert g.options["levels"] == ("5", "2", "K", "T", "2", "A")
    assert g.level == "K"  # FF-4: the declarer's level
    play_to(g, "kitty", random.Random(0))
    assert g.declarer == 2


# --- phases, calls and the reveal (FF-14, FF-20..FF-23, FF-30..FF-33) --------------------


def test_ff_14_ff_20_ff_30_phases_in_order_calls_by_the_declarer_then_the_declarer_leads():
    g = fenpai.new_game(VARIANT, seed=5, players=7)
    rng = random.Random(5)
    play_to(g, "kitty", rng)
    d = g.declarer
    assert g.to_act == [d]
    play_to(g, "friend", rng)
    assert g.to_act == [d] and g.view()["friend_calls"] == []
    assert all(a.startswith("call ") for a in g.legal_actions(d))
    g.apply(d, g.legal_actions(d)[0])
    assert g.phase == "friend" and len(g.view()["friend_calls"]) == 1  # FF-22: public at once
    g.apply(d, g.legal_actions(d)[-1])
    assert g.phase == "play" and g.to_act == [d]  # FF-20: 7 players call 2; FF-30
    calls = [c["call"] for c in g.view()["friend_calls"]]
    assert calls == g.calls() and [c["filled_by"] for c in g.view()["friend_calls"]] == [None] * 2
    assert g.view(0)["side"] == [d]


def test_ff_20_ff_62_refused_calls_say_why_and_change_nothing():
    g = fenpai.new_game(VARIANT, seed=2)
    play_to(g, "friend", random.Random(2))
    d = g.declarer
    rules = g.rules
    assert rules is not None
    before = g.to_json()
    trump_ace = f"A{rules.trump}" if rules.trump else "BJ"
    for action, why in [
        ("call 4th As", "the ordinal is 1st to 3rd with 3 decks"),
        (f"call 1st {trump_ace}", "friend_restrictions no_trumps forbids"),
        ("call As", None),
        ("play As", None),
    ]:
        with pytest.raises(IllegalAction) as err:
            g.apply(d, action)
        if why:
            assert why in str(err.value)
    with pytest.raises(IllegalAction):
        g.apply((d + 1) % 6, "call 1st Ks")
    assert g.to_json() == before
    ok = next(a for a in g.legal_actions(d) if a.endswith("Ks") or a.endswith("Kc"))
    g.apply(d, ok)
    with pytest.raises(IllegalAction, match="called already"):
        g.apply(d, ok)


def test_ff_61_any_card_may_be_called_with_restrictions_none():
    g = fenpai.new_game(VARIANT, seed=2, friend_restrictions="none")
    play_to(g, "friend", random.Random(2))
    d = g.declarer
    assert len(g.legal_actions(d, 1000)) == 3 * 54
    g.apply(d, "call 1st BJ")


def test_ff_31_ff_33_the_side_joins_as_the_called_copies_are_played():
    """Greedy whole hands of every table: each call is filled by the player of its
    ordinal-th copy, the side is the declarer and the other fillers in the order they
    played, and it is public in every view from that play on."""
    joined = 0
    for players in range(4, 9):
        for seed in range(3):
            g = fenpai.new_game(VARIANT, seed=seed, players=players)
            bots = greedy_bots(players, seed)
            seen: list[int] = []
            copies: Counter = Counter()
            while g.phase != "done":
                (seat,) = g.to_act
                action = bots[seat].choose(g, seat)
                side_before = g.side()
                g.apply(seat, action)
                if g.phase in ("play", "done") and action.startswith("play "):
                    for c in action.split()[1:]:
                        copies[c] += 1
                    new = [s for s in g.side() if s not in side_before]
                    assert new in ([], [seat])
                    seen += new
                for v in [g.view(None), *(g.view(s) for s in range(players))]:
                    assert v["side"] == g.side()
            d = g.declarer
            assert g.side() == [d, *seen]
            joined += len(seen)
            for call in g.result["friend_calls"]:
                n = int(call["call"].split()[0][:-2])
                card = call["call"].split()[1]
                assert (call["filled_by"] is None) == (copies[card] < n)
            assert len(g.side()) <= g.friends_called + 1
    assert joined > 0


def test_ff_10_a_refused_declaration_with_two_decks_lists_2_identical_jokers():
    g = fenpai.new_game(VARIANT, seed=2, players=4)
    assert g.decks == 2
    with pytest.raises(IllegalAction) as err:
        g.apply(g.to_act[0], "declare 3h")
    assert str(err.value).endswith(
        "1 to 2 identical level cards of a suit (2h, 2h 2h), or 2 identical jokers (FF-10)"
    )


@pytest.mark.parametrize(("players", "last"), [(4, "2nd"), (6, "3rd")])
def test_ff_20_a_call_whose_ordinal_is_no_ordinal_says_1st_to_the_decks(players, last):
    rng = random.Random(players)
    g = fenpai.new_game(VARIANT, seed=players, players=players)
    play_to(g, "friend", rng)
    d, before = g.declarer, g.to_json()
    for word in ("0th", "first", "1th", "2st"):
        with pytest.raises(fenpai.MalformedAction) as err:
            g.apply(d, f"call {word} As")
        assert str(err.value) == (
            f"'{word}' is not an ordinal: the ordinal is 1st to {last} with {g.decks} decks (FF-20)"
        )
        assert err.value.rule == "FF-20" and g.to_json() == before


def test_ff_20_ff_23_ff_32_greedy_calls_a_copy_another_seat_can_play():
    """Greedy calls the first copy played by someone else: the ordinal after the copies
    the declarer holds (its own may be played first), never counting buried ones, which
    are never played (FF-23, FF-32), so another seat can always fill the call, under
    every friend restriction (FF-60)."""
    calls = 0
    for players in range(4, 9):
        for decks in (None, 2, 3):
            for seed in range(8):
                restriction = ("no_trumps", "no_highest", "no_points", "none")[seed % 4]
                g = fenpai.new_game(
                    VARIANT,
                    seed=seed,
                    players=players,
                    decks=decks,
                    friend_restrictions=restriction,
                )
                bots = greedy_bots(players, seed)
                while g.phase != "friend":
                    (seat,) = g.to_act
                    g.apply(seat, bots[seat].choose(g, seat))
                d = g.declarer
                held = Counter(map(str, g.hand_of(d)))
                buried = Counter(g.view(d)["kitty"].split())
                while g.phase == "friend":
                    action = bots[d].choose(g, d)
                    _, nth, card = action.split()
                    n = int(nth[:-2])
                    playable = g.decks - buried[card]
                    assert n == held[card] + 1 <= playable, (players, decks, seed, action)
                    g.apply(d, action)
                    calls += 1
    assert calls > 100


# --- what each seat sees (FF-22, FF-31) --------------------------------------------------


def deal_positions(players: int, first: int, seat: int, dealt: int) -> list[int]:
    """C-5: the deck positions of `seat`'s cards."""
    return [i for i in range(dealt) if (first + i) % players == seat]


def test_ff_22_ff_31_nothing_tells_who_holds_an_unplayed_called_copy():
    """Swapping a called copy between two other seats (with a card of the same suit, so
    that the actions stay legal) changes no view of a third seat, nor the public one,
    until one of the two cards is played."""
    checked = 0
    for seed in range(24):
        rng = random.Random(seed)
        players = 4 + seed % 5
        deck = ONE_DECK_TEXT * (2 if players == 4 else 3)
        rng.shuffle(deck)
        first = rng.randrange(players)
        config = {"deck": " ".join(deck), "first_seat": first, "players": players}
        g = fenpai.new_game(VARIANT, **config)
        bots = greedy_bots(players, seed)
        while g.phase != "play":
            (seat,) = g.to_act
            g.apply(seat, bots[seat].choose(g, seat))
        d, level = g.declarer, g.level
        called = g.calls()[0].split()[1]
        holders = [s for s in range(players) if s != d and called in map(str, g.hand_of(s))]
        if not holders:
            continue
        a = holders[0]
        others = [
            (s, c)
            for s in range(players)
            if s not in (a, d) and called not in map(str, g.hand_of(s))
            for c in map(str, g.hand_of(s))
            if c[-1] == called[-1] and c[0] not in (called[0], level)
        ]
        if not others:
            continue
        b, other = rng.choice(others)
        watcher = next(s for s in range(players) if s not in (a, b))
        dealt = len(deck) - g.kitty_size()
        ia = next(i for i in deal_positions(players, first, a, dealt) if deck[i] == called)
        ib = next(i for i in deal_positions(players, first, b, dealt) if deck[i] == other)
        swapped = list(deck)
        swapped[ia], swapped[ib] = swapped[ib], swapped[ia]
        g1 = fenpai.new_game(VARIANT, **config)
        g2 = fenpai.new_game(VARIANT, **{**config, "deck": " ".join(swapped)})
        plays = 0
        while g1.phase != "done":
            (seat,) = g1.to_act
            action = bots[seat].choose(g1, seat)
            if g1.phase == "play" and {called, other} & set(action.split()):
                break
            assert g1.view(watcher) == g2.view(watcher), f"seed {seed}"
            assert g1.view() == g2.view(), f"seed {seed}"
            g1.apply(seat, action)
            try:
                g2.apply(seat, action)
            except IllegalAction:  # the swap changed what a follower must play
                break
            plays += g1.phase == "play"
        checked += plays > 0
    assert checked >= 4


def test_views_show_only_the_seats_own_hand_and_public_facts():
    g = fenpai.new_game(VARIANT, seed=9, players=5)
    rng = random.Random(9)
    play_to(g, "play", rng)
    for _ in range(30):
        (seat,) = g.to_act
        g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
    for s in range(5):
        v = g.view(s)
        assert v["hand"] == fenpai.format_cards(g.hand_of(s))
        assert "hands" not in v
        assert ("kitty" in v) == (s == g.declarer)
    assert "hand" not in g.view() and "kitty" not in g.view()


# --- JSON, scoring and random whole hands (FF-40..FF-45, C-61) ---------------------------


def test_json_round_trip_at_every_phase():
    g = fenpai.new_game(VARIANT, seed=4, players=8, friend_restrictions="none")
    rng = random.Random(4)
    for phase in ("kitty", "friend", "play", "done"):
        play_to(g, phase, rng)
        text = g.to_json()
        again = fenpai.Game.from_json(text)
        assert again.to_json() == text
        assert again.view(1) == g.view(1)
    assert json.loads(g.to_json())["options"]["players"] == 8


def check_result(g: fenpai.Game) -> None:
    """FF-33, FF-40..FF-44 from the result's own facts."""
    r = g.result
    n, decks = g.num_players, g.decks
    side = r["side"]
    assert side == g.side() and side[0] == r["declarer"]
    defenders = [s for s in range(n) if s not in side]
    kitty_counts = r["last_trick_winner"] in defenders
    assert sum(r["card_points"]) == 100 * decks + (
        r["kitty_points"] * (r["kitty_multiplier"] - 1) if kitty_counts else -r["kitty_points"]
    ), r
    tricks = [p for s, p in enumerate(g.play.points())]
    throws = r["failed_throws"]
    p = scoring.finding_friends_points(
        sum(tricks[s] for s in defenders),
        r["kitty_points"],
        r["last_lead"] if kitty_counts else None,
        decks,
        defender_failed_throws=sum(throws[s] for s in defenders),
        declarer_side_failed_throws=sum(throws[s] for s in side),
    )
    assert r["defender_points"] == p
    who, gained = scoring.finding_friends(p, decks)
    assert r["winner_side"] == who and r["levels_nominal"] == gained
    assert r["winners"] == sorted(side if who == "declarers" else defenders)
    assert all(r["game_points"][s] == 0 for s in range(n) if s not in r["winners"])
    assert r["next_declarer"] in (side if who == "declarers" else defenders)


def test_random_whole_hands_keep_the_cards_the_points_and_the_sides():
    """Random hands of every table and option: cards conserved at every step (C-61), the
    card points total, the sides those the reveals made, the result as the rules say."""
    outcomes = Counter()
    for i in range(60):
        rng = random.Random(i)
        players = 4 + i % 5
        options = {
            "players": players,
            "decks": (None, 2, 3)[i % 3],
            "friend_restrictions": ("no_trumps", "none", "no_highest", "no_points")[i % 4],
            "short_handed_bonus": i % 4 == 1,
            "double_join": ("spent", "passes_on")[i % 3 == 2],
        }
        g = fenpai.new_game(VARIANT, seed=i, **options)
        total = Counter(ONE_DECK_TEXT * g.decks)
        step = 0
        while g.phase != "done":
            (seat,) = g.to_act
            side = g.side()
            g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
            assert g.side()[: len(side)] == side  # FF-31: a friend never leaves
            step += 1
            if step % 37 == 0:
                assert Counter(map(str, g.all_cards())) == total
        assert Counter(map(str, g.all_cards())) == total
        check_result(g)
        outcomes[g.result["winner_side"]] += 1
        outcomes[len(g.side())] += 1
    assert outcomes["declarers"] > 0 and outcomes["defenders"] > 0


def test_ff_72_the_short_handed_bonus_adds_a_level_to_a_side_that_held_short():
    """The same random hands scored without and with the bonus: one more level to each
    member of a side that held with fewer members than called, nothing else changed."""
    found = 0
    for seed in range(40):
        plain = fenpai.new_game(VARIANT, seed=seed, players=4)
        play_to(plain, "done", random.Random(seed))
        bonus = fenpai.new_game(VARIANT, seed=seed, players=4, short_handed_bonus=True)
        for seat, action in plain.history:
            bonus.apply(seat, action)
        r, rb = plain.result, bonus.result
        short = len(r["side"]) < 2 and r["winner_side"] == "declarers"
        found += short
        extra = [int(short and s in r["winners"]) for s in range(4)]
        assert rb["bonus"] == int(short)
        assert rb["game_points"] == [p + e for p, e in zip(r["game_points"], extra, strict=True)]
        assert {k: v for k, v in rb.items() if k not in ("bonus", "game_points", "new_levels")} == {
            k: v for k, v in r.items() if k not in ("bonus", "game_points", "new_levels")
        }
    assert found > 0


def test_bots_play_whole_hands():
    for players in (4, 6, 8):
        g = fenpai.new_game(VARIANT, seed=players, players=players)
        g.play_out([Bot(("random", "greedy", "ismcts:8")[s % 3], s) for s in range(players)])
        assert g.phase == "done"
        check_result(g)


# --- whole-hand surfaces: batches, simulate, sample_world, environments ------------------


def test_play_batch_scores_the_hands_the_step_api_plays():
    """The core's batch (`play_batch`, what `simulate` plays) and the step API agree hand
    by hand: the same bots seeded the same give the same result."""
    names = ["greedy", "random", "greedy", "random", "greedy", "random", "greedy"]
    probe = fenpai.new_game(VARIANT, players=7, short_handed_bonus=True)
    seeds = list(range(12))
    batch = probe.play_batch(seeds, names)
    for i, seed in enumerate(seeds):
        g = fenpai.new_game(VARIANT, seed=seed, players=7, short_handed_bonus=True)
        play_game(g, make_bots(names, seed), in_core=False)
        r = g.result
        assert list(batch["game_points"][i]) == r["game_points"]
        assert list(batch["card_points"][i]) == r["card_points"]
        assert [bool(w) for w in batch["won"][i]] == [s in r["winners"] for s in range(7)]
        assert batch["actions"][i] == len(g.history)


def test_simulate_plays_every_table():
    for players in (4, 6, 8):
        out = simulate(VARIANT, games=6, bots="greedy", players=players)
        assert out["game_points"].shape == (6, players)
        assert out["won"].any(axis=1).all()  # a side always goes up


def test_sample_world_keeps_what_the_seat_knows():
    """Samples of random positions of every table: the seat's view and the public view
    are the real ones (its hand, the calls, the side revealed so far), the sample replays
    from its own deck, and plays on to the end."""
    varied = 0
    for i in range(10):
        rng = random.Random(i)
        players = 4 + i % 5
        g = fenpai.new_game(VARIANT, seed=i, players=players, friend_restrictions="none")
        for _ in range(rng.randrange(40, 260)):
            if g.phase == "done":
                break
            (seat,) = g.to_act
            g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
        for seat in range(players):
            w = g.sample_world(seat, seed=seat)
            assert w.view(seat) == g.view(seat), f"game {i} seat {seat}"
            assert w.view() == g.view()
            again = fenpai.Game.from_json(w.to_json())
            assert again.view(seat) == g.view(seat)
            others = [sorted(map(str, w.hand_of(s))) for s in range(players) if s != seat]
            real = [sorted(map(str, g.hand_of(s))) for s in range(players) if s != seat]
            varied += others != real
            play_to(w, "done", rng)
            check_result(w)
    assert varied > 0


def test_every_learning_surface_takes_it():
    """The observation, the legal-index space, the one decision space (its friend calls
    have fixed ids, FF-20) with a Gymnasium id, and OpenSpiel take it."""
    g = fenpai.new_game(VARIANT)
    size = sum(size for _, _, size in fenpai.encoding.fields(VARIANT, 6))
    assert fenpai.encode(g, 0, legal=False)[0].shape == (size,)
    assert VARIANT in fenpai.encoding.ENCODED_VARIANTS
    assert VARIANT in fenpai.encoding.DECISION_VARIANTS
    assert CoreHand(VARIANT, {"players": 7}).size == 161 + 3 * 54 + 55
    first_allowed = [lambda b: b.action_mask.argmax(1)] * 6
    out = simulate(VARIANT, games=1, bots=first_allowed, actions="decisions")
    assert out["won"].shape == (1, 6)
    gymnasium = pytest.importorskip("gymnasium")
    assert f"fenpai/{VARIANT}-v0" in gymnasium.registry
    pytest.importorskip("pyspiel")
    from fenpai.openspiel import VARIANTS

    assert VARIANT in VARIANTS


def test_ff_42_ff_44_a_match_carries_the_levels_and_the_next_declarer():
    m = fenpai.new_match(VARIANT, seed=3, hands=3, players=5)
    bots = greedy_bots(5, 3)
    while True:
        m.game.play_out(bots)
        r = m.game.result
        if m.done:
            break
        m.next_hand()
        assert m.game.options["levels"] == tuple(r["new_levels"])
        assert m.game.options["dealer"] == r["next_declarer"]
        # FF-13: the next hand's declarer is fixed before its deal.
        assert m.game.dealer == r["next_declarer"]
    assert len(m.games) == 3 and m.decided_by == "hands"
    assert m.totals == [float(scoring.TRACTOR_LEVELS.index(v)) for v in r["new_levels"]]
    again = fenpai.Match.from_json(m.to_json())
    assert again.to_json() == m.to_json()


def test_fenpai_play_a_whole_hand_at_the_terminal(tmp_path):
    """`fenpai play finding_friends -o players=5` to the end against greedy bots: the
    saved game is a finished hand of five, and the screen shows no hand but the seat's
    own (its view's cards, C-4)."""
    pytest.importorskip("pexpect")
    from cli_support import pass_if_offered, play_through

    saved = tmp_path / "game.json"
    args = ["finding_friends", "--seed", "4", "-o", "players=5", "--save", str(saved)]
    screens, status = play_through(args, pass_if_offered)
    assert status == 0, screens[-1]
    game = fenpai.Game.from_json(saved.read_text())
    assert game.phase == "done" and game.num_players == 5
    check_result(game)
    text = "".join(screens)
    assert "Traceback" not in text and "None" not in text


def test_the_services_typed_view_holds_the_public_facts_and_the_observation():
    """The typed view of every seat carries the calls and the side as the view does, and
    the observation's bytes are `fenpai.encode`'s for that seat."""
    from fenpai.service import typed

    g = fenpai.new_game(VARIANT, seed=6, players=5)
    play_to(g, "play", random.Random(6))
    for _ in range(40):
        (seat,) = g.to_act
        g.apply_legal(seat, 0)
    for seat in (None, *range(5)):
        view = g.view(seat)
        facts = typed.hand_view(view).finding_friends
        assert [c.call for c in facts.friend_calls] == g.calls()
        assert list(facts.side) == g.side() and facts.players == 5 and facts.decks == 3
    for seat in range(5):
        obs, _ = fenpai.encode(g, seat, legal=False)
        assert typed.observation(g, seat) == obs.astype("<f4").tobytes()


# --- FF-63, FF-64: friend restrictions; FF-80: calls reached by the declarer's side ------

POINTS = {"5": 5, "T": 10, "K": 10}


def allowed_calls(restriction: str, trump: str | None, level: str, decks: int) -> set[str]:
    """FF-20, FF-60..FF-64 read from the rule text: every call the declarer may make."""
    out = set()
    for card in ONE_DECK_TEXT:
        rank, suit = card[0], card[1:]
        is_trump = card in ("LJ", "BJ") or rank == level or suit == trump
        highest = "K" if level == "A" else "A"
        refused = {
            "none": False,
            "no_trumps": is_trump,
            "no_highest": is_trump or rank == highest,
            "no_points": is_trump or rank in POINTS,
        }[restriction]
        if not refused:
            out.update(f"call {n} {card}" for n in ("1st", "2nd", "3rd")[:decks])
    return out


@pytest.mark.parametrize("restriction", ["none", "no_trumps", "no_highest", "no_points"])
def test_ff_60_ff_64_the_calls_offered_are_the_rules(restriction):
    for seed in range(12):
        players = 4 + seed % 5
        levels = ["A" if seed % 3 == 0 else "2"] * players  # FF-63: the K is highest at A
        g = fenpai.new_game(
            VARIANT, seed=seed, players=players, levels=levels, friend_restrictions=restriction
        )
        play_to(g, "friend", random.Random(seed))
        d, rules = g.declarer, g.rules
        assert rules is not None
        want = allowed_calls(restriction, rules.trump, levels[0], g.decks)
        assert set(g.legal_actions(d, 1000)) == want, (seed, restriction)


@pytest.mark.parametrize(
    ("restriction", "card", "why"),
    [
        ("no_highest", "Ac", "Ac is the highest card of its suit, which friend_restrictions "),
        ("no_points", "Tc", "Tc is a point card, which friend_restrictions no_points forbids"),
        ("no_points", "5c", "5c is a point card"),
    ],
)
def test_ff_63_ff_64_refused_calls_name_the_rule_and_change_nothing(restriction, card, why):
    g = fenpai.new_game(VARIANT, seed=2, friend_restrictions=restriction)
    play_to(g, "friend", random.Random(2))
    assert g.rules is not None and g.rules.trump != "c"
    before = g.to_json()
    rule = {"no_highest": "FF-63", "no_points": "FF-64"}[restriction]
    with pytest.raises(IllegalAction, match=rf"{why}.*\({rule}\)"):
        g.apply(g.declarer, f"call 1st {card}")
    assert g.to_json() == before
    assert json.loads(before)["options"]["friend_restrictions"] == restriction
    g.apply(g.declarer, "call 1st Qc")  # neither the highest nor a point card


def filled_as_the_rules_say(declarer, calls, plays, double_join):
    """FF-31, FF-32, FF-80..FF-82 read from the rule text, copy by copy: who fills each
    call, given the plays in order as (seat, cards). A play's copies of a card count in
    order; its cards are taken in the order their first call was made."""
    side, filled, played = [declarer], [None] * len(calls), Counter()
    first_call = {card: len(calls) - i for i, (_, card) in enumerate(reversed(calls))}
    for seat, cards in plays:
        joined = False
        for card in sorted(set(cards), key=lambda c: first_call.get(c, len(calls))):
            for _ in range(cards.count(card)):
                played[card] += 1
                member = joined or seat in side
                open_calls = [
                    i for i, (_, c) in enumerate(calls) if c == card and filled[i] is None
                ]
                if double_join == "spent":  # FF-81: the call of this copy's ordinal
                    for i in open_calls:
                        if calls[i][0] == played[card]:
                            filled[i], joined = seat, joined or not member
                elif not member:  # FF-82: the lowest open ordinal this copy reaches
                    reached = [i for i in open_calls if calls[i][0] <= played[card]]
                    if reached:
                        filled[min(reached, key=lambda i: calls[i][0])] = seat
                        joined = True
        if joined:
            side.append(seat)
    return filled, side


@pytest.mark.parametrize("double_join", ["spent", "passes_on"])
def test_ff_80_calls_are_filled_as_the_rules_say(double_join):
    """Random and greedy hands of every table: who fills each call and the side at the
    end are what FF-31, FF-32 and FF-81 or FF-82 say of the plays."""
    differs = 0
    for seed in range(40):
        players = 4 + seed % 5
        options = {"players": players, "friend_restrictions": "none", "double_join": double_join}
        g = fenpai.new_game(VARIANT, seed=seed, **options)
        rng, bots = random.Random(seed), greedy_bots(players, seed)
        plays = []
        while g.phase != "done":
            (seat,) = g.to_act
            if seed % 2 and g.phase == "friend":  # calls of cards the declarer holds
                held = {str(c) for c in g.hand_of(seat)}
                mine = [a for a in g.legal_actions(seat, 1000) if a.split()[2] in held]
                action = rng.choice(mine or g.legal_actions(seat, 1000))
            else:
                action = bots[seat].choose(g, seat)
            g.apply(seat, action)
            if action.startswith("play "):
                plays.append((seat, action.split()[1:]))
        calls = [c["call"].split() for c in g.result["friend_calls"]]
        calls = [(int(n[:-2]), card) for n, card in calls]
        filled, side = filled_as_the_rules_say(g.declarer, calls, plays, double_join)
        assert [c["filled_by"] for c in g.result["friend_calls"]] == filled, seed
        assert g.side() == side
        spent, _ = filled_as_the_rules_say(g.declarer, calls, plays, "spent")
        differs += spent != filled
        if double_join == "passes_on":
            friends = [s for s in filled if s is not None]
            assert g.declarer not in friends and len(friends) == len(set(friends))
    assert differs > 0 if double_join == "passes_on" else differs == 0


def spades_at(level: str, restriction: str) -> fenpai.Game:
    """A 4-player hand at `level` in the friend phase with spades trump (random legal
    declarations and burial until a seed gives spades)."""
    for seed in range(200):
        g = fenpai.new_game(
            VARIANT, seed=seed, players=4, levels=[level] * 4, friend_restrictions=restriction
        )
        play_to(g, "friend", random.Random(seed))
        if g.rules is not None and g.rules.trump == "s":
            return g
    raise AssertionError("no seed gave spades")


@pytest.mark.parametrize(
    ("policy", "restriction", "level", "allowed"),
    [
        ("Unrestricted", "no_trumps", "7", {"Kc": True, "3s": False, "3c": True, "Ac": True}),
        (
            "PointCardNotAllowed",
            "no_points",
            "7",
            {"Kc": False, "3s": False, "3c": True, "Ac": True},
        ),
        (
            "PointCardNotAllowed",
            "no_points",
            "A",
            {"Kc": False, "3s": False, "3c": True, "Ac": False},
        ),
        (
            "HighestCardNotAllowed",
            "no_highest",
            "7",
            {"Kc": True, "3s": False, "3c": True, "Ac": False},
        ),
        ("TrumpsIncluded", "none", "7", {"Kc": True, "3s": True, "3c": True, "Ac": True}),
    ],
)
def test_ff_60_ff_64_after_rbtying_shengji_test_set_friends(policy, restriction, level, allowed):
    """After rbtying/shengji's `test_set_friends` (core/src/game_state/mod.rs): their
    FriendSelectionPolicy as our `friend_restrictions` (their Unrestricted still forbids
    trumps: FF-62 `no_trumps`; TrumpsIncluded is FF-61 `none`; PointCardNotAllowed FF-64;
    HighestCardNotAllowed FF-63), the declarer's trump spades at level 7 or A, the calls
    Kc, 3s, 3c and Ac. One case differs: at level A theirs lets Kc be called under
    PointCardNotAllowed (the K is then the suit's highest card), where FF-64 forbids every
    point card, K included."""
    g = spades_at(level, restriction)
    offered = set(g.legal_actions(g.declarer, 1000))
    for card, ok in allowed.items():
        assert (f"call 1st {card}" in offered) == ok, (policy, card)
        if not ok:
            before = g.to_json()
            with pytest.raises(IllegalAction, match="FF-6[0-4]"):
                g.apply(g.declarer, f"call 1st {card}")
            assert g.to_json() == before
