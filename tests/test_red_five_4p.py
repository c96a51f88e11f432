"""Red Five 4p through the Game API: bidding, trump, kitty, play and scoring (R4-1..R4-42)."""

import collections
import json
import random

import pytest
from view_support import assert_names_only, check_trick_records

import fenpai
from fenpai import IllegalAction

ONE_DECK = [
    str(c)
    for c in fenpai.cards(" ".join(r + s for s in "shcd" for r in "23456789TJQKA") + " LJ BJ")
]


def scripted_deck(hands, kitty="", decks=2, players=4, first_seat=0):
    """A deck (C-5) giving each seat at least the cards asked, the kitty its cards,
    and the rest of the game's cards in a fixed order."""
    hand_size = (54 * decks - (8 if decks == 2 else 6)) // players
    pool = collections.Counter(ONE_DECK * decks)
    hands = list(hands) + [""] * (players - len(hands))
    wanted = [h.split() for h in hands] + [kitty.split()]
    for cs in wanted:
        pool.subtract(cs)
    assert min(pool.values()) >= 0, "asked for more copies than the decks hold"
    rest = [c for c in sorted(pool) for _ in range(pool[c])]
    full = []
    sizes = [hand_size] * players + [54 * decks - hand_size * players]
    for cs, size in zip(wanted, sizes, strict=True):
        need = size - len(cs)
        full.append(cs + rest[:need])
        rest = rest[need:]
    deck = [None] * (hand_size * players)
    for i in range(hand_size * players):
        seat = (first_seat + i) % players
        deck[i] = full[seat][i // players]
    return " ".join(deck + full[players])


def bid_to(g, plan):
    """Applies bids in turn order: plan maps seat -> list of actions it takes in order."""
    queues = {s: list(a) for s, a in plan.items()}
    while g.phase == "bid":
        s = g.to_act[0]
        g.apply(s, queues[s].pop(0) if queues.get(s) else "pass")


def test_r4_2_deal_sizes():
    for decks, size, kitty in [(2, 25, 8), (3, 39, 6)]:
        g = fenpai.new_game("red_five_4p", seed=1, decks=decks)
        assert g.view()["hand_sizes"] == [size] * 4
        assert len(g.kitty) == kitty


def test_r4_10_r4_13_bid_ranges():
    g = fenpai.new_game("red_five_4p", seed=1)
    s = g.to_act[0]
    assert g.legal_actions(s)[0] == "bid 60" and g.legal_actions(s)[-2] == "bid 200"
    assert g.num_legal(s) == (200 - 60) // 5 + 1 + 1
    g.apply(s, "bid 100")
    nxt = g.to_act[0]
    assert nxt == (s + 1) % 4
    assert g.legal_actions(nxt) == ["bid 105", "bid 110", "bid 115", "pass"]
    for bad in ("bid 100", "bid 120", "bid 107", "bid 50"):
        before = g.to_json()
        with pytest.raises(IllegalAction, match="not allowed"):
            g.apply(nxt, bad)
        assert g.to_json() == before
    g3 = fenpai.new_game("red_five_4p", seed=1, decks=3)
    assert g3.legal_actions(g3.to_act[0])[0] == "bid 80"
    assert g3.legal_actions(g3.to_act[0])[-2] == "bid 300"


def test_r4_13_opening_bid_minimum_option():
    g = fenpai.new_game("red_five_4p", seed=1, opening_bid="minimum")
    assert g.legal_actions(g.to_act[0]) == ["bid 60", "pass"]


def test_r4_11_first_bidder_comes_from_the_seed():
    firsts = {fenpai.new_game("red_five_4p", seed=s).to_act[0] for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert (
        fenpai.new_game("red_five_4p", seed=5).to_act
        == fenpai.new_game("red_five_4p", seed=5).to_act
    )


def test_r4_12_pass_is_final_and_turns_skip_passed_players():
    g = fenpai.new_game("red_five_4p", seed=2)
    first = g.to_act[0]
    g.apply(first, "pass")
    order = []
    for _ in range(5):
        s = g.to_act[0]
        order.append(s)
        g.apply(s, "bid " + g.legal_actions(s)[0].split()[1])
    assert first not in order


def test_r4_14a_maximum_bid_ends_the_bidding():
    g = fenpai.new_game("red_five_4p", seed=3)
    s = g.to_act[0]
    g.apply(s, "bid 200")
    assert g.phase == "trump" and g.declarer == s and g.to_act == [s]


def test_r4_14b_three_passes_after_a_bid():
    g = fenpai.new_game("red_five_4p", seed=3)
    s = g.to_act[0]
    g.apply(s, "bid 75")
    for _ in range(3):
        g.apply(g.to_act[0], "pass")
    assert g.phase == "trump" and g.declarer == s
    assert g.result is None


def test_r4_14c_all_pass_first_bidder_at_minimum():
    g = fenpai.new_game("red_five_4p", seed=4, decks=3)
    first = g.to_act[0]
    for _ in range(4):
        g.apply(g.to_act[0], "pass")
    assert g.declarer == first and g.view()["bid"] == 80


def test_r4_20_r4_21_trump_then_bury_the_kitty():
    g = fenpai.new_game("red_five_4p", seed=5)
    s = g.to_act[0]
    g.apply(s, "bid 200")
    assert g.legal_actions(s) == ["trump s", "trump h", "trump c", "trump d"]
    with pytest.raises(IllegalAction, match="names trump"):
        g.apply(s, "bid 60")
    g.apply(s, "trump c")
    assert g.phase == "kitty" and g.view(s)["hand_sizes"][s] == 33
    assert g.num_legal(s) > 10**6  # C(33, 8) burials, counted not listed
    hand = g.view(s)["hand"].split()
    with pytest.raises(IllegalAction, match="exactly 8"):
        g.apply(s, "bury " + " ".join(hand[:7]))
    g.apply(s, "bury " + " ".join(hand[:8]))
    assert g.phase == "play" and g.to_act == [s]
    assert g.view(s)["kitty"] == " ".join(hand[:8])
    assert "kitty" not in g.view((s + 1) % 4)


def test_r4_31_no_throws():
    deck = scripted_deck(["As Ks 5d"])
    g = fenpai.new_game("red_five_4p", deck=deck)
    bid_to(g, {0: ["bid 200"]})
    assert g.declarer == 0
    g.apply(0, "trump h")
    kept = [c for c in g.view(0)["hand"].split() if c not in ("As", "Ks")]
    g.apply(0, "bury " + " ".join(kept[-8:]))
    assert "play As Ks" not in g.legal_actions(0)
    before = g.to_json()
    with pytest.raises(IllegalAction, match="no throws"):
        g.apply(0, "play As Ks")
    assert g.to_json() == before


def test_r4_32_declarer_leads_first():
    """R4-32: the declarer leads the first trick."""
    g = fenpai.new_game("red_five_4p", seed=6)
    while g.phase != "play":
        s = g.to_act[0]
        g.apply_legal(s, 0)
    assert g.to_act == [g.declarer]


def play_out(g, rng):
    while g.phase != "done":
        s = g.to_act[0]
        g.apply_legal(s, rng.randrange(g.num_legal(s)))


def reference_score(g):
    """R4-40..R4-42 recomputed from the trick records and the rule text."""
    d, decks, bid = g.declarer, g.decks, g.view()["bid"]
    tricks = g.play.tricks()
    won = [0] * 4
    captured = []
    for _, plays, _, winner, points in tricks:
        won[winner] += points
        for seat, cs in plays:
            for c in cs:
                if str(c) == "5h" and (seat == d) != (winner == d):
                    captured.append((seat, winner))
    kitty = sum(c.points for c in g.buried)
    last = tricks[-1][3]
    f = won[d] + (kitty if last == d or g.options["kitty_points"] == "always" else 0)
    f += sum(20 if captor == d else -20 for _, captor in captured) - bid
    bands = [-70, -30, 0, 30, 70] if decks == 2 else [-80, -40, 0, 40, 80]
    table = [(-18, 6), (-12, 4), (-6, 2), (6, -2), (12, -4), (18, -6)]
    row = next((i for i, b in enumerate(bands) if f <= b), 5)
    gp = [table[row][1]] * 4
    gp[d] = table[row][0]
    for owner, captor in captured:
        gp[owner] -= 2
        gp[captor] += 2
    cp = list(won)
    cp[d] = f
    return cp, gp, len(captured)


@pytest.mark.parametrize("decks", [2, 3])
def test_r4_40_r4_42_random_playouts_score_by_the_rules(decks):
    """300 random games per deck count, both kitty_points options (C-61, zero-sum,
    replay, views), scored as R4-40..R4-42 say; the kitty goes by the last trick (C-60)."""
    rng = random.Random(decks)
    captures = 0
    full = collections.Counter(ONE_DECK * decks)
    for seed in range(300):
        options = {"decks": decks, "kitty_points": ("last_trick", "always")[seed % 2]}
        g = fenpai.new_game("red_five_4p", seed=seed, **options)
        steps = 0
        while g.phase != "done":
            if steps % 29 == 0:
                assert collections.Counter(map(str, g.all_cards())) == full  # C-61
            if steps % 61 == 7:
                check_views(g)
            s = g.to_act[0]
            g.apply_legal(s, rng.randrange(g.num_legal(s)))
            steps += 1
        assert collections.Counter(map(str, g.all_cards())) == full
        result = g.result
        cp, gp, n = reference_score(g)
        captures += n
        assert result["card_points"] == cp
        assert result["game_points"] == gp
        assert sum(result["game_points"]) == 0
        replay = fenpai.new_game("red_five_4p", seed=seed, **options)
        for seat, action in g.history:
            replay.apply(seat, action)
        assert replay.to_json() == g.to_json()
        assert fenpai.Game.from_json(g.to_json()).to_json() == g.to_json()
        check_views(g)
    assert captures > 0, "the playouts must exercise R4-41"


def hidden_cards(g, seat):
    """Each other seat's hand as a multiset of card text."""
    return [collections.Counter(map(str, g.hand_of(s))) for s in range(g.num_players) if s != seat]


def check_views(g):
    """No view shows another seat's hand: its 'hand' is its own, and the rest of the view
    holds no more copies of any card than the public record allows."""
    for seat in [None, *range(g.num_players)]:
        v = g.view(seat)
        json.dumps(v)
        if seat is not None:
            assert v["hand"] == fenpai.format_cards(g.hand_of(seat))
        check_trick_records(g, v)
        public = collections.Counter()
        for _, plays, attempted, _, _ in g.play.tricks() if g.play else []:
            for _, cs in plays:
                public.update(map(str, cs))
            public.update(map(str, attempted or []))
        if g.play:
            for _, cs in g.play.trick():
                public.update(map(str, cs))
            public.update(map(str, g.play.attempted() or []))
        if g.buried and (seat == g.declarer or g.phase == "done"):
            public.update(map(str, g.buried))
        if seat == g.declarer and g.phase == "kitty":
            public.update(map(str, g.kitty))  # taken up into its hand (C-4)
        for key in v:
            if key not in ("hand", "legal_actions", "result"):
                assert_names_only(v, key, public)


def test_illegal_actions_change_nothing():
    g = fenpai.new_game("red_five_4p", seed=9)
    s = g.to_act[0]
    other = (s + 1) % 4
    cases = [
        (s, "fly away", "unknown action"),
        (s, "", "empty action"),
        (s, "trump h", "'bid N' or 'pass'"),
        (other, "pass", "not seat"),
        (7, "pass", "no seat"),
        (s, "bid sixty", "whole number"),
        (s, "play 5h", "'bid N' or 'pass'"),
    ]
    for seat, action, message in cases:
        before = g.to_json()
        with pytest.raises(IllegalAction, match=message):
            g.apply(seat, action)
        assert g.to_json() == before
    g.apply(s, "bid 200")
    g.apply(s, "trump h")
    hand = g.view(s)["hand"].split()
    while g.phase != "play":
        g.apply(s, "bury " + " ".join(hand[:8]))
    card_not_held = next(c for c in ONE_DECK if hand.count(c) == 0)
    before = g.to_json()
    with pytest.raises(IllegalAction, match="do not hold"):
        g.apply(s, f"play {card_not_held}")
    with pytest.raises(IllegalAction, match="out of range"):
        g.apply_legal(s, 10**9)
    with pytest.raises(IllegalAction, match="only for Fifty-K"):
        g.apply(s, "play " + g.legal_actions(s)[0].split()[1] + " as single")
    assert g.to_json() == before


def test_bad_options_are_value_errors():
    with pytest.raises(ValueError, match="unknown option 'players'"):
        fenpai.new_game("red_five_4p", players=5)
    with pytest.raises(ValueError, match="decks must be 2 or 3"):
        fenpai.new_game("red_five_4p", decks=4)
    with pytest.raises(ValueError, match="unknown variant"):
        fenpai.new_game("red_six")
    with pytest.raises(ValueError, match="seed"):
        fenpai.new_game("red_five_4p", seed=-1)
    with pytest.raises(ValueError, match="deck"):
        fenpai.new_game("red_five_4p", deck="5h 5h")


def test_c_5_scripted_deck_deals_in_order():
    deck = scripted_deck(["5h 5h BJ", "LJ LJ"], kitty="2c 2c")
    g = fenpai.new_game("red_five_4p", deck=deck, first_seat=0)
    assert {"5h", "BJ"} <= set(map(str, g.hand_of(0)))
    assert [str(c) for c in g.kitty][:2] == ["2c", "2c"]
    g1 = fenpai.new_game("red_five_4p", deck=deck, first_seat=1)
    assert list(map(str, g1.hand_of(1))) == list(map(str, g.hand_of(0)))


def test_c_5_same_seed_same_game():
    a = fenpai.new_game("red_five_4p", seed=11)
    b = fenpai.new_game("red_five_4p", seed=11)
    assert a.to_json() == b.to_json() and a.view(0) == b.view(0)
    assert fenpai.new_game("red_five_4p", seed=12).view(0) != a.view(0)


def test_clone_is_independent():
    g = fenpai.new_game("red_five_4p", seed=13)
    c = g.clone()
    g.apply(g.to_act[0], "pass")
    assert c.history == [] and len(g.history) == 1


def test_resign_voids_the_hand():
    """No Red Five 4p rule scores an abandoned hand: resigning ends it with no score."""
    g = fenpai.new_game("red_five_4p", seed=14)
    g.apply(g.to_act[0], "bid 200")
    g.resign(2)
    assert g.phase == "done" and g.to_act == [] and g.legal_actions(2) == []
    assert g.result["escaped"] == 2 and g.result["game_points"] == [0, 0, 0, 0]
    with pytest.raises(IllegalAction, match="over"):
        g.apply(g.declarer, "trump h")
    again = fenpai.Game.from_json(g.to_json())
    assert again.to_json() == g.to_json() and again.result == g.result
