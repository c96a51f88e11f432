"""The observation of Finding Friends (FF-1..FF-82): a layout of its own per number of
players, documented in `fenpai.encoding`, every field following the public record (each
seat's view) at every step of random hands of 4, 6 and 8 players under each house rule,
and nothing a seat cannot know in it: not another seat's cards, not who holds an
unplayed called copy (FF-22)."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

import fenpai
from fenpai import scoring
from fenpai.encoding import PHASES, fields, game_fields

VARIANT = "finding_friends"
RANKS = "23456789TJQKA"
SUITS = "shcd"

#: Tables and house rules: every player count of the brief, each house rule once.
TABLES = [
    (4, {}),
    (6, {}),
    (8, {}),
    (5, {"decks": 2, "friend_restrictions": "none"}),
    (6, {"double_join": "passes_on"}),
    (7, {"friend_restrictions": "no_points", "short_handed_bonus": True}),
    (4, {"decks": 3, "friend_restrictions": "no_highest", "double_join": "passes_on"}),
]
IDS = [f"{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for n, o in TABLES]


def documented(players: int) -> list[tuple[str, int]]:
    """The (field, size) rows of the module docstring's Finding Friends table."""
    doc = fenpai.encoding.__doc__ or ""
    table = doc.split("Finding Friends (`finding_friends`")[1].split("The second value")[0]
    rows = re.findall(r"^\| (\w+) \| ([^|]+) \|", table, re.M)
    n, k, c = players, 54, players - 2
    sizes = {
        "K": k,
        "n": n,
        "1": 1,
        "5": 5,
        "7": 7,
        "13": 13,
        "n × K": n * k,
        "n × 13": n * 13,
        "n × 3": n * 3,
        "c × (K + 3 + n)": c * (k + 3 + n),
    }
    return [(name, sizes[size.strip()]) for name, size in rows if name != "field"]


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_ff_1_fields_tile_the_observation_and_match_the_docstring(players):
    layout = fields(VARIANT, players)
    end = 0
    for _, offset, size in layout:
        assert offset == end
        end += size
    assert [(name, size) for name, _, size in layout] == documented(players)
    for decks in (2, 3):  # FF-1: one layout for two decks and three
        g = fenpai.new_game(VARIANT, seed=1, players=players, decks=decks)
        assert game_fields(g) == layout
        obs, legal = fenpai.encode(g, 0, limit=3)
        assert obs.shape == (end,) and obs.dtype == np.float32
        assert legal == g.legal_actions(0, 3)


def test_ff_1_bad_tables_are_clear_errors():
    with pytest.raises(
        ValueError, match=r"finding_friends is played by 4 to 8 players \(FF-1\), not 3"
    ):
        fields(VARIANT, 3)
    with pytest.raises(ValueError, match="only a fifty_k layout depends on its decks"):
        fields(VARIANT, 6, 3)


def cards(text: str) -> list[fenpai.Card]:
    return fenpai.cards(text) if text else []


def add(row: np.ndarray, text: str, decks: int) -> None:
    for c in cards(text):
        row[c.index] += 1 / decks


def split(obs: np.ndarray, players: int) -> dict[str, np.ndarray]:
    return {name: obs[off : off + size] for name, off, size in fields(VARIANT, players)}


class Record:
    """What a seat may know, read from the game's views as the hand goes: the kitty the
    declarer took up (seen in its view of the kitty phase)."""

    def __init__(self, game: fenpai.Game):
        self.game = game
        self.taken = ""

    def note(self) -> None:
        g = self.game
        if g.phase == "kitty":
            self.taken = g.view(g.to_act[0]).get("kitty_cards", self.taken)

    def reference(self, seat: int) -> dict[str, np.ndarray]:
        """Each field as the module docstring's table says, from `view(seat)`."""
        g, n = self.game, self.game.num_players
        v = g.view(seat)
        decks = v["decks"]
        kitty = scoring.finding_friends_kitty_size(n, decks)
        each = (54 * decks - kitty) // n
        rel = {(seat + i) % n: i for i in range(n)}
        ref = {name: np.zeros(size, np.float32) for name, _, size in fields(VARIANT, n)}
        phase = v["phase"]
        declarer = v["declarer"]
        add(ref["hand"], v["hand"], decks)
        trick_plays = [(s, t) for s, t in v["trick"]]
        finished = [(s, t) for trick in v.get("tricks", []) for s, t in trick["plays"]]
        for _, text in finished:
            add(ref["played"], text, decks)
        for s, text in trick_plays:
            add(ref["trick"][rel[s] * 54 : (rel[s] + 1) * 54], text, decks)
        if declarer is not None and (seat == declarer or phase == "done"):
            add(ref["kitty"], g.view(declarer).get("kitty", ""), decks)
        if declarer == seat:
            add(ref["kitty_taken"], self.taken, decks)
        if "trump" in v:
            trump = v["trump"]
            ref["trump"][SUITS.index(trump) if trump in tuple(SUITS) else 4] = 1
        ref["level"][RANKS.index(v["level"])] = 1
        for s, level in enumerate(v["levels"]):
            ref["levels"][rel[s] * 13 + RANKS.index(level)] = 1
        for s in range(n):
            ref["points"][rel[s]] = v["points"][s] / (100 * decks)
            ref["hand_sizes"][rel[s]] = v["hand_sizes"][s] / (each + kitty)
            ref["failed_throws"][rel[s]] = v.get("failed_throws", [0] * n)[s]
        ref["phase"][PHASES.index(phase)] = 1
        for s in v["to_act"]:
            ref["to_act"][rel[s]] = 1
        if v["dealer"] is not None:
            ref["dealer"][rel[v["dealer"]]] = 1
        if declarer is not None:
            ref["declarer"][rel[declarer]] = 1
        ref["first_seat"][rel[v["first_seat"]]] = 1
        ref["cards_dealt"][0] = v["cards_dealt"] / (54 * decks - kitty)
        ref["final_round"][0] = v["final_round"]
        if v["declaration"] is not None:
            add(ref["declaration"], v["declaration"]["cards"], decks)
            ref["declared_by"][rel[v["declaration"]["seat"]]] = 1
        for s, _ in v["declarations"]:
            ref["declarations"][rel[s]] += 1
        failed = v.get("failed_throw")
        if failed is not None and trick_plays:
            add(ref["throw"], failed["attempted"], decks)
        if phase in ("friend", "play", "done"):
            ref["friends"][0] = v["friends_called"] / (n - 2)
        self.calls(ref, v, rel, finished + trick_plays)
        self.sides(ref, v, seat, rel, finished + trick_plays)
        return ref

    def calls(self, ref, v, rel, plays) -> None:
        """FF-20, FF-22, FF-31: each call, its copies played and who filled it."""
        n, decks = len(rel), v["decks"]
        size = 54 + 3 + n
        for i, call in enumerate(v["friend_calls"]):
            ordinal, card = call["call"].split()
            row = ref["calls"][i * size : (i + 1) * size]
            index = fenpai.cards(card)[0].index
            row[index] = 1
            row[54] = int(ordinal[0]) / decks
            if v["phase"] in ("play", "done"):
                copies = sum(c.index == index for _, t in plays for c in cards(t))
                row[55] = copies / decks
            if call["filled_by"] is not None:
                row[56] = 1
                row[57 + rel[call["filled_by"]]] = 1

    def sides(self, ref, v, seat, rel, plays) -> None:
        """FF-31..FF-33 as the docstring's note (c) says, from the view alone."""
        n = len(rel)
        side, phase = v["side"], v["phase"]
        hand = [c.index for c in cards(v["hand"])]
        calls = [
            fenpai.cards(c["call"].split()[1])[0].index
            for c in v["friend_calls"]
            if c["filled_by"] is None
        ]
        for s in range(n):
            if s in side:
                known = 0
            elif phase not in ("play", "done"):
                known = 2
            elif phase == "done" or not calls:
                known = 1
            elif s != seat:
                known = 2
            elif all(card not in hand for card in calls):
                known = 1
            else:  # it may join by playing a copy, or another seat may first: not known
                known = 2
            ref["side"][rel[s] * 3 + known] = 1


def play_randomly(game: fenpai.Game, rng: random.Random) -> None:
    """One random legal action of the seat to act."""
    (seat,) = game.to_act
    game.apply_legal(seat, rng.randrange(game.num_legal(seat)))


@pytest.mark.parametrize(("players", "options"), TABLES, ids=IDS)
def test_ff_every_field_follows_the_public_record_at_random_points(players, options):
    """FF-1..FF-33, FF-60, FF-80 through random hands: at random points (and at every
    decision of the calls and the end) every seat's observation is the reference read off
    its view, every value in [0, 1] but the two documented counts."""
    for k in range(2):
        seed = players * 10 + k
        g = fenpai.new_game(VARIANT, seed=seed, players=players, **options)
        rng = random.Random(seed)
        record = Record(g)
        checked = set()
        while True:
            record.note()
            if g.phase == "done" or g.phase in ("friend", "kitty") or rng.random() < 0.08:
                checked.add(g.phase)
                for seat in range(players):
                    got = split(fenpai.encode(g, seat, legal=False)[0], players)
                    for name, want in record.reference(seat).items():
                        np.testing.assert_allclose(
                            got[name], want, atol=1e-6, err_msg=f"{name} seat {seat} {g.phase}"
                        )
                        if name not in ("declarations", "failed_throws"):
                            assert ((want >= 0) & (want <= 1)).all(), name
            if g.phase == "done":
                break
            play_randomly(g, rng)
        assert {"deal", "kitty", "friend", "play", "done"} <= checked | {"deal"}


def scripted(players: int, seed: int) -> list[str]:
    """A shuffled deck of the table's decks, as scripted deals take it (C-5)."""
    decks = scoring.finding_friends_default_decks(players)
    deck = [f"{r}{s}" for r in RANKS for s in SUITS] + ["LJ", "BJ"]
    deck = deck * decks
    random.Random(seed).shuffle(deck)
    return deck


def replay(players: int, deck: list[str], history, seed: int) -> fenpai.Game | None:
    """The game dealt from `deck` (first card to seat 0) with `history`'s actions, or
    None when they are not legal on it."""
    g = fenpai.new_game(VARIANT, seed=seed, players=players, deck=" ".join(deck), first_seat=0)
    try:
        for seat, action in history:
            g.apply(seat, action)
    except fenpai.IllegalAction:
        return None
    return g


def held_positions(game: fenpai.Game, deck: list[str], seat: int) -> dict[str, int]:
    """Card → a position of the deck dealt to `seat` (C-5: card i to seat i mod n, the
    first card to seat 0) that `seat` still holds, one copy per card it holds once."""
    n = game.num_players
    held = [str(c) for c in game.hand_of(seat)]
    dealt = len(deck) - game.kitty_size()
    out: dict[str, int] = {}
    for i in range(seat, dealt, n):
        card = deck[i]
        if held.count(card) == 1 and card[0] != "2" and "J" != card[-1]:
            out.setdefault(card, i)
    return out


def swapped_worlds(players: int, seed: int, called: bool):
    """Pairs (game, other) of the same public record where two seats other than an
    observer hold swapped cards of one suit (no level card, no joker); with `called`, a
    copy of an open call's card moved between two seats of unknown side (FF-22)."""
    rng = random.Random(seed)
    deck = scripted(players, seed)
    g = fenpai.new_game(VARIANT, seed=seed, players=players, deck=" ".join(deck), first_seat=0)
    stop = rng.randrange(10, 200)
    while g.phase != "done" and (g.phase != "play" or len(g.history) < stop):
        play_randomly(g, rng)
    if g.phase != "play":
        return None
    declarer = g.view()["declarer"]
    observer = g.to_act[0]
    side = set(g.view()["side"])
    others = [s for s in range(players) if s not in (observer, declarer) and s not in side]
    open_calls = [c["call"].split()[1] for c in g.view()["friend_calls"] if c["filled_by"] is None]
    for a in others:
        for b in others:
            if a == b:
                continue
            pa, pb = held_positions(g, deck, a), held_positions(g, deck, b)
            for x, i in pa.items():
                if x in pb or (called and x not in open_calls):
                    continue
                for y, j in pb.items():
                    if y in pa or y[-1] != x[-1]:
                        continue
                    other = list(deck)
                    other[i], other[j] = y, x
                    world = replay(players, other, g.history, seed)
                    if world is not None and world.view(observer) == g.view(observer):
                        return g, world, observer, (a, b)
    return None


@pytest.mark.parametrize("players", [4, 6, 8])
def test_ff_hidden_swapping_cards_between_two_other_seats_leaves_an_observation_unchanged(
    players,
):
    """Hidden information: two hands with the same public record in which two seats
    other than the observer (neither the declarer nor on its side yet) hold swapped
    cards encode the same for every seat but those two."""
    found = 0
    for seed in range(12):
        worlds = swapped_worlds(players, seed, called=False)
        if worlds is None:
            continue
        g, world, _, (a, b) = worlds
        for seat in range(players):
            same = np.array_equal(
                fenpai.encode(g, seat, legal=False)[0], fenpai.encode(world, seat, legal=False)[0]
            )
            assert same == (seat not in (a, b)), (seed, seat)
        found += 1
    assert found >= 3, found


@pytest.mark.parametrize("players", [5, 6, 8])
def test_ff_22_the_holder_of_an_unplayed_called_copy_is_not_revealed(players):
    """FF-22: moving an unplayed copy of a called card from one seat of unknown side to
    another leaves every other seat's observation unchanged, its `side` and `calls`
    fields included."""
    found = 0
    for seed in range(40):
        worlds = swapped_worlds(players, seed, called=True)
        if worlds is None:
            continue
        g, world, observer, (a, b) = worlds
        for seat in range(players):
            if seat in (a, b):
                continue
            mine = split(fenpai.encode(g, seat, legal=False)[0], players)
            theirs = split(fenpai.encode(world, seat, legal=False)[0], players)
            for name in mine:
                np.testing.assert_array_equal(mine[name], theirs[name], err_msg=name)
        found += 1
        if found >= 3:
            break
    assert found >= 1, found
