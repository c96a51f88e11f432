"""`fenpai.encode`: fixed-size observations, written by the core into a reusable buffer,
that hold every public fact and only what a seat may see.

Hands are driven on the core's phase objects (`TractorDeal`, `RedFive4pBidding`,
`RedFive5pDeal`, `Burial`, `FriendCall`, `TrickPlay`, `FiftyKPlay`) from scripted
decks, so that a second world differing only in hidden cards can replay the same
actions. Every field is compared at every step with a reference built here from the
objects' public accessors.
"""

from __future__ import annotations

import random
import re
from typing import Any

import numpy as np
import pytest

import fenpai
from fenpai._core import (
    FIFTY_K_KINDS,
    Card,
    FiftyKPlay,
    RedFive4pBidding,
    RedFive5pDeal,
    TractorDeal,
    TrickPlay,
    encode_into,
    fifty_k_deal,
)
from fenpai.encoding import PHASES, fields

ONE_DECK = [r + s for s in "shcd" for r in "23456789TJQKA"] + ["LJ", "BJ"]
PLAYERS = {"tractor": 4, "red_five_4p": 4, "red_five_5p": 5, "fifty_k": 4}
CALLABLE = [f"{r}{s}" for r in "AK" for s in "shcd"] + ["5h", "BJ"]
LAYOUTS = [("tractor", 4), ("red_five_4p", 4), ("red_five_5p", 5), ("fifty_k", 4), ("fifty_k", 3)]


# -- hands of core objects ---------------------------------------------------------------


class Hand:
    """One hand on the core objects, from a scripted deck: `objects` is what
    `Game.core_objects()` gives, `log` every action as (seat, text), replayable."""

    def __init__(self, variant: str, deck: list[str], options: dict[str, Any]):
        self.variant, self.deck, self.options = variant, deck, options
        self.log: list[tuple[int, str]] = []
        text = " ".join(deck)
        self.objects: dict[str, Any] = {}
        if variant == "tractor":
            self.objects["deal"] = TractorDeal(deck=text, **options)
        elif variant == "red_five_4p":
            self.objects["deal"] = RedFive4pBidding(deck=text, **options)
        elif variant == "red_five_5p":
            self.objects["deal"] = RedFive5pDeal(deck=text, **options)
        else:
            hands, _, leader = fifty_k_deal(deck=text, **options)
            self.objects["play"] = FiftyKPlay(hands, leader)
        self._advance()

    @property
    def current(self) -> Any:
        return list(self.objects.values())[-1]

    @property
    def done(self) -> bool:
        return "play" in self.objects and self.objects["play"].done

    @property
    def to_act(self) -> int | None:
        seat: int | None = self.current.to_act
        return seat

    def _advance(self) -> None:
        """Starts the next phase object once the current one is over."""
        while not self.done and self.current.done:
            if "friend" in self.objects:
                self.objects["play"] = self.objects["friend"].start_play()
            elif "kitty" in self.objects:
                kitty = self.objects["kitty"]
                if self.variant == "red_five_5p":
                    self.objects["friend"] = kitty.friend_call()
                else:
                    self.objects["play"] = kitty.start_play()
            else:
                self.objects["kitty"] = self.objects["deal"].burial()

    def choose(self, rng: random.Random) -> str:
        """A random legal action of the seat to act, as text."""
        obj = self.current
        if isinstance(obj, TrickPlay | FiftyKPlay):
            return str(obj.legal_action(rng.randrange(obj.num_legal())))
        legal = obj.legal_actions(50)
        if "pass" in legal and rng.random() < 0.5:
            return "pass"
        return str(obj.legal_action(rng.randrange(obj.num_legal())))

    def apply(self, seat: int, text: str) -> None:
        self.current.apply(seat, text)
        self.log.append((seat, text))
        self._advance()


def random_setup(variant: str, rng: random.Random) -> tuple[list[str], dict[str, Any]]:
    """A shuffled deck and options for one hand of `variant`."""
    if variant == "fifty_k":
        deck = ONE_DECK[:52]
        options: dict[str, Any] = {"players": rng.choice([3, 4])}
    elif variant == "red_five_5p":
        deck = ONE_DECK * 3
        options = {"seed": rng.randrange(1000), "first_seat": rng.randrange(5)}
        options["prev_declarer"] = rng.randrange(5)
    elif variant == "red_five_4p":
        deck = ONE_DECK * 2
        options = {"seed": rng.randrange(1000), "first_seat": rng.randrange(4)}
    else:
        deck = ONE_DECK * 2
        levels = rng.choice(["2", "7", "A"]), rng.choice(["2", "5", "K"])
        dealer = rng.choice([None, 0, 1, 2, 3])
        if dealer is None:
            levels = (levels[0], levels[0])
        options = {"first_seat": rng.randrange(4), "levels": levels, "dealer": dealer}
    deck = list(deck)
    rng.shuffle(deck)
    return deck, options


def played_hand(variant: str, seed: int) -> Hand:
    """A whole random hand of `variant`."""
    rng = random.Random(seed)
    hand = Hand(variant, *random_setup(variant, rng))
    while not hand.done:
        seat = hand.to_act
        assert seat is not None
        hand.apply(seat, hand.choose(rng))
    return hand


def replayed(
    hand: Hand, steps: int, deck: list[str] | None = None, swap: tuple[str, str] = ("", "")
) -> Hand:
    """The first `steps` actions of `hand` again, on another deck when given; where the
    declarer lacks a card it buried because of the swap `x <-> y`, it buries the other."""
    out = Hand(hand.variant, deck or hand.deck, hand.options)
    for seat, text in hand.log[:steps]:
        try:
            out.apply(seat, text)
        except ValueError:
            cards = text.split()
            x, y = next(((x, y) for x, y in (swap, swap[::-1]) if x in cards[1:]), swap)
            if cards[0] != "bury" or not x:
                raise
            cards[cards.index(x)] = y
            out.apply(seat, " ".join(cards))
    return out


def players_of(hand: Hand) -> int:
    return int(hand.options.get("players", PLAYERS[hand.variant]))


def encode(hand: Hand, seat: int, over: bool = False) -> np.ndarray:
    out = np.full(fields_size(hand.variant, players_of(hand)), np.nan, dtype=np.float32)
    encode_into(out, seat, hand.variant, hand.objects, over)
    return out


def fields_size(variant: str, players: int) -> int:
    _, offset, size = fields(variant, players)[-1]
    return offset + size


def split(obs: np.ndarray, variant: str, players: int) -> dict[str, np.ndarray]:
    return {name: obs[off : off + size] for name, off, size in fields(variant, players)}


# -- the reference: every field from the objects' public accessors -----------------------


def trick_reference(hand: Hand, seat: int, over: bool = False) -> dict[str, np.ndarray]:
    """What each field of a trick-taking observation must hold (the module docstring)."""
    n, k = players_of(hand), 54
    rel = {(seat + i) % n: i for i in range(n)}
    o = hand.objects
    deal, kitty, friend, play = (o.get(key) for key in ("deal", "kitty", "friend", "play"))
    ref = {name: np.zeros(size, np.float32) for name, _, size in fields(hand.variant, n)}

    def add(name: str, cards: list[Card], row: int = 0) -> None:
        for c in cards:
            ref[name][row * k + c.index] += 1

    def one(name: str, index: int | None) -> None:
        if index is not None:
            ref[name][index] = 1

    latest = play or friend or kitty or deal
    add("hand", latest.hand(seat))
    for s, size in enumerate(latest.hand_sizes()):
        ref["hand_sizes"][rel[s]] = size / 40
    rules = next((x.rules for x in (friend, kitty, deal) if x is not None), None)
    if rules is not None:
        one("trump", "shcd".index(rules.trump) if rules.trump else 4)
        one("level", "23456789TJQKA".index(rules.level))
    elif isinstance(deal, TractorDeal):
        one("level", "23456789TJQKA".index(deal.level))
    declarer = next((x.declarer for x in (friend, kitty) if x is not None), None)
    if declarer is None and isinstance(deal, (RedFive4pBidding, RedFive5pDeal)):
        declarer = deal.declarer
    if declarer is None and isinstance(deal, TractorDeal) and deal.done:
        declarer = deal.dealer
    one("declarer", None if declarer is None else rel[declarer])
    if over or (play is not None and play.done):
        phase = "done"
    elif play is not None:
        phase = "play"
    elif friend is not None:
        phase = "friend"
    elif kitty is not None:
        phase = "kitty"
    elif isinstance(deal, RedFive4pBidding):
        phase = {"bid": "bid", "trump": "trump", "done": "kitty"}[deal.phase]
    else:
        phase = "kitty" if deal.done else "deal"
    one("phase", PHASES.index(phase))
    if phase != "done":
        one("to_act", rel[latest.to_act] if latest.to_act is not None else None)
    if play is not None:
        for _, plays, _, _, _ in play.tricks():
            for _, cs in plays:
                add("played", cs)
        for s, cs in play.trick():
            add("trick", cs, rel[s])
        add("throw", play.attempted() or [])
        for s in range(n):
            ref["points"][rel[s]] = play.points()[s] / 100
            ref["failed_throws"][rel[s]] = play.failed_throws()[s]
    if kitty is not None and kitty.buried() is not None and (seat == declarer or phase == "done"):
        add("kitty", kitty.buried())
    taken = deal.phase == "done" if isinstance(deal, RedFive4pBidding) else deal.done
    if seat == declarer and taken:
        add("kitty_taken", deal.kitty())
    if isinstance(deal, TractorDeal):
        tractor_reference(hand, deal, ref, rel, seat)
    elif isinstance(deal, RedFive4pBidding):
        bids = deal.bids()
        for s, bid in bids:
            if bid is None:
                ref["passed"][rel[s]] = 1
            else:
                ref["bids"][rel[s]] = bid / 100
        one("first_bidder", rel[deal.first_bidder])
        if deal.high_bid is not None:
            one("high_bidder", rel[deal.high_bid[0]])
        standing = deal.bid if deal.bid is not None else (deal.high_bid or (0, 0))[1]
        ref["high_bid"][0] = standing / 100
    else:
        one("prev_declarer", rel[deal.prev_declarer])
        one("first_seat", rel[deal.first_seat])
        ref["cards_dealt"][0] = deal.cards_dealt / 155
        one("reveal", None if deal.reveal is None else rel[deal.reveal[0]])
        ref["forced"][0] = deal.forced
        if friend is not None and friend.call is not None:
            if friend.call != "solo":
                one("call", CALLABLE.index(friend.call))
            # R5-21: owning every copy makes a solo the others learn only at the end.
            ref["call"][len(CALLABLE)] = friend.call == "solo" or (friend.solo and phase == "done")
        if play is not None:
            mate, public, grab = play.friend()
            if public and mate is not None:
                one("friend", rel[mate])
                ref["grab"][0] = grab
    return ref


def tractor_reference(
    hand: Hand, deal: TractorDeal, ref: dict[str, np.ndarray], rel: dict[int, int], seat: int
) -> None:
    """TR-2, TR-10..TR-13: levels, dealer, the deal's progress and declarations."""
    ranks = "23456789TJQKA"
    levels = hand.options["levels"]
    ref["team_levels"][ranks.index(levels[seat % 2])] = 1
    ref["team_levels"][13 + ranks.index(levels[1 - seat % 2])] = 1
    if deal.dealer is not None:
        ref["dealer"][rel[deal.dealer]] = 1
    ref["first_seat"][rel[deal.first_seat]] = 1
    ref["cards_dealt"][0] = deal.cards_dealt / 100
    ref["final_round"][0] = deal.final_round
    declarations = deal.declarations()
    for s, _ in declarations:
        ref["declarations"][rel[s]] += 1
    if declarations:
        s, cards = declarations[-1]
        ref["declared_by"][rel[s]] = 1
        for c in fenpai.cards(cards):
            ref["declaration"][c.index] += 1


def fifty_k_reference(hand: Hand, seat: int, over: bool = False) -> dict[str, np.ndarray]:
    """What each field of a Fifty-K observation must hold (the module docstring)."""
    play: FiftyKPlay = hand.objects["play"]
    n = play.num_players
    rel = {(seat + i) % n: i for i in range(n)}
    ref = {name: np.zeros(size, np.float32) for name, _, size in fields("fifty_k", n)}
    for c in play.hand(seat):
        ref["hand"][c.index] = 1
    for _, action in play.log():
        if action != "pass":
            for c in fenpai.cards(action.removeprefix("play ").split(" as ")[0]):
                ref["played"][c.index] = 1
    for _, combo in play.round():
        for c in combo.cards:
            ref["table"][c.index] = 1
    top = play.top()
    ref["top_type"][0] = -1
    if top is not None:
        combo, by = top
        for c in combo.cards:
            ref["top"][c.index] = 1
        ref["top_kind"][FIFTY_K_KINDS.index(combo.kind)] = 1
        ref["top_seat"][rel[by]] = 1
        ref["top_type"][0] = combo.type_id
    ref["table_points"][0] = play.table_points() / 100
    for s in range(n):
        ref["collected"][rel[s]] = play.collected()[s] / 100
        ref["hand_sizes"][rel[s]] = play.hand_sizes()[s] / 18
        if play.done:
            ref["points_left"][rel[s]] = play.hand_points()[s] / 100
    for place, s in enumerate(play.finished(), 1):
        ref["finished"][rel[s]] = place / n
    for s in play.passed():
        ref["passed"][rel[s]] = 1
    if play.to_act is not None and not over:
        ref["to_act"][rel[play.to_act]] = 1
    return ref


def reference(hand: Hand, seat: int, over: bool = False) -> dict[str, np.ndarray]:
    if hand.variant == "fifty_k":
        return fifty_k_reference(hand, seat, over)
    return trick_reference(hand, seat, over)


def assert_fields(hand: Hand, seat: int, over: bool = False) -> None:
    got = split(encode(hand, seat, over), hand.variant, players_of(hand))
    for name, want in reference(hand, seat, over).items():
        np.testing.assert_allclose(got[name], want, err_msg=f"{name} (seat {seat})")


# -- layout ------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), LAYOUTS)
def test_fields_tile_the_observation_and_match_the_docstring(variant, players):
    layout = fields(variant, players)
    end = 0
    for _, offset, size in layout:
        assert offset == end
        end += size
    names = [name for name, _, _ in layout]
    assert len(set(names)) == len(names)
    assert [(name, size) for name, _, size in layout] == documented(variant, players)
    game = fenpai.new_game(variant, players=players) if variant == "fifty_k" else None
    if game is not None:
        obs, _ = fenpai.encode(game, 0)
        assert obs.shape == (end,) and obs.dtype == np.float32


def documented(variant: str, players: int) -> list[tuple[str, int]]:
    """The (field, size) rows of the module docstring's tables for `variant`."""
    doc = fenpai.encoding.__doc__ or ""
    trick, fifty_k = doc.split("Fifty-K, K = 52")
    common, rest = trick.split("then, Tractor")
    tractor, rest = rest.split("Red Five 4p (")
    tractor, theft = tractor.split("Tractor under kitty theft")
    red_five_4p, red_five_5p = rest.split("Red Five 5p (")
    tables = {
        "tractor": common + tractor,
        "tractor_theft": common + tractor + theft,  # TRO-112
        "red_five_4p": common + red_five_4p,
        "red_five_5p": common + red_five_5p,
        "fifty_k": fifty_k.split("Fifty-K of one deck under")[0],
    }
    k = 52 if variant == "fifty_k" else 54
    sizes = {"K": k, "n": players, "n × K": players * k}
    rows = re.findall(r"^\| (\w+) \| ([^|]+) \|", tables[variant], re.M)
    return [(name, sizes.get(size.strip()) or int(size)) for name, size in rows if name != "field"]


def test_bad_layouts_are_clear_errors():
    with pytest.raises(ValueError, match=r"red_five_5p is played by 5 players \(R5-1\), not 4"):
        fields("red_five_5p", 4)
    with pytest.raises(ValueError, match="unknown variant 'hearts'"):
        fields("hearts", 4)


# -- every field where the rule says -----------------------------------------------------


@pytest.mark.parametrize("variant", ["tractor", "red_five_4p", "red_five_5p", "fifty_k"])
@pytest.mark.parametrize("seed", range(6))
def test_every_field_follows_the_public_record_at_every_step(variant, seed):
    rng = random.Random(seed)
    hand = Hand(variant, *random_setup(variant, rng))
    n = players_of(hand)
    while True:
        for seat in range(n):
            assert_fields(hand, seat)
        if hand.done:
            break
        seat = hand.to_act
        assert seat is not None
        hand.apply(seat, hand.choose(rng))
    assert_fields(hand, 0, over=True)


def test_tractor_scripted_deal_fields():
    """TR-2, TR-10, TR-13: team levels from the seat's side, the standing declaration."""
    deck = ONE_DECK * 2
    deck.remove("Kh")
    deck.insert(1, "Kh")  # the second card: seat 2's first (C-5, first seat 1)
    hand = Hand("tractor", deck, {"first_seat": 1, "levels": ("7", "K"), "dealer": 3})
    while hand.to_act != 2:
        hand.apply(hand.to_act, "pass")
    hand.apply(2, "declare Kh")  # TR-2: the dealer's team's level, K
    while "kitty" not in hand.objects:  # TR-12: every seat asked after declares nothing
        hand.apply(hand.to_act, "pass")
    got = split(encode(hand, 3), "tractor", 4)
    own, other = got["team_levels"][:13], got["team_levels"][13:]
    assert own.argmax() == "23456789TJQKA".index("K") and own.sum() == 1
    assert other.argmax() == "23456789TJQKA".index("7") and other.sum() == 1
    assert list(got["dealer"]) == [1, 0, 0, 0]  # seat 3 itself
    assert list(got["declared_by"]) == [0, 0, 0, 1]  # seat 2, three seats after 3
    assert got["declaration"][Card("Kh").index] == 1 and got["declaration"].sum() == 1
    assert got["level"].argmax() == "23456789TJQKA".index("K")  # the dealer's team's
    # Nobody can overcall in this deck: the deal ends, the dealer (seat 3) takes the kitty.
    assert got["phase"].argmax() == PHASES.index("kitty") and got["trump"].argmax() == 1
    assert list(got["declarer"]) == [1, 0, 0, 0] and got["cards_dealt"][0] == 1
    assert [i for i in range(54) if got["kitty_taken"][i]] == sorted(
        Card(c).index for c in deck[100:]
    )
    seat_2 = split(encode(hand, 2), "tractor", 4)
    assert seat_2["kitty_taken"].sum() == 0 and list(seat_2["dealer"]) == [0, 1, 0, 0]


def test_red_five_5p_friend_only_once_public():
    """R5-21: a 死拚 friend is fixed at the call but public only when the third copy is played."""
    for seed in range(60):
        hand = played_hand("red_five_5p", seed)
        friend_calls = [i for i, (_, t) in enumerate(hand.log) if t.startswith("call ")]
        if not friend_calls or hand.log[friend_calls[0]][1] == "call solo":
            continue
        start = replayed(hand, friend_calls[0] + 1)
        mate, public, _ = start.objects["play"].friend()
        if mate is None or public:
            continue
        got = split(encode(start, 0), "red_five_5p", 5)
        assert got["friend"].sum() == 0 and got["call"].sum() >= 1
        return
    pytest.fail("no 死拚 hand in 60 seeds")


# -- hidden information ------------------------------------------------------------------


def deal_order(hand: Hand) -> list[int | None]:
    """The seat each deck position is dealt to (C-5), None for the kitty."""
    n, opts, size = players_of(hand), hand.options, len(hand.deck)
    kitty = {"tractor": 8, "red_five_5p": 7, "fifty_k": 0}.get(hand.variant, 8)
    first = opts.get("first_seat", 0)
    if hand.variant == "fifty_k":
        first = fifty_k_deal(deck=" ".join(hand.deck), **opts)[1]
    return [(first + i) % n if i < size - kitty else None for i in range(size)]


def public_record(hand: Hand, seat: int) -> tuple[Any, ...]:
    """What `seat` knows, as the objects tell it: every action, who acts, its own hand,
    the outcomes of the play (tricks, failed throws, the public friend) and trump."""
    kitty = hand.objects.get("kitty")
    logs = [obj.log() for obj in hand.objects.values()]
    if kitty is not None and kitty.declarer != seat and not hand.done:
        # C-4: which cards were buried is hidden from the others until the hand ends.
        logs = [[(s, "bury" if t.startswith("bury ") else t) for s, t in log] for log in logs]
    latest = hand.current
    mine = sorted(str(c) for c in latest.hand(seat))
    out: list[Any] = [logs, latest.to_act, mine, hand.done]
    play = hand.objects.get("play")
    if isinstance(play, TrickPlay):
        mate, public, grab = play.friend()
        out += [play.tricks(), play.trick(), play.attempted(), (mate, grab) if public else None]
    for key in ("deal", "kitty", "friend"):
        rules = getattr(hand.objects.get(key), "rules", None)
        out.append(None if rules is None else (rules.trump, rules.level))
    return tuple(out)


def hidden_swap(
    hand: Hand, seat: int, rng: random.Random
) -> tuple[list[str], tuple[str, str]] | None:
    """The deck with two cards swapped that `seat` cannot know now: in two other seats'
    hands, or one in the kitty it did not take up, or not dealt yet, and the two cards;
    None if none."""
    order = deal_order(hand)
    deal = hand.objects.get("deal")
    dealt = getattr(deal, "cards_dealt", len(hand.deck)) if deal is not None else len(hand.deck)
    declarer = next(
        (getattr(hand.objects.get(k), "declarer", None) for k in ("kitty", "friend", "deal")),
        None,
    )
    hidden = []
    for i, to in enumerate(order):
        if to is None:
            if declarer != seat:
                hidden.append((i, "kitty"))
        elif i >= dealt:
            hidden.append((i, "undealt"))
        elif to != seat:
            hidden.append((i, to))
    for _ in range(50):
        (i, a), (j, b) = rng.sample(hidden, 2)
        if a != b and hand.deck[i] != hand.deck[j]:
            deck = list(hand.deck)
            deck[i], deck[j] = deck[j], deck[i]
            return deck, (deck[i], deck[j])
    return None


@pytest.mark.parametrize("variant", ["tractor", "red_five_4p", "red_five_5p", "fifty_k"])
def test_cards_a_seat_cannot_know_do_not_change_its_observation(variant):
    """Swap two hidden cards (between other seats' hands, the kitty the seat did not
    bury, the undealt cards) and replay: when the seat's record is the same, so is its
    observation; and the swap does show to a seat holding one of the cards."""
    compared = showed = 0
    for seed in range(80):
        rng = random.Random(seed)
        hand = played_hand(variant, seed)
        for _ in range(4):
            steps = rng.randrange(len(hand.log) + 1)
            a = replayed(hand, steps)
            seat = rng.randrange(players_of(a))
            swapped = hidden_swap(a, seat, rng)
            if swapped is None:
                continue
            try:
                b = replayed(hand, steps, *swapped)
            except ValueError:
                continue  # an action of the record is not legal with the swapped cards
            if public_record(a, seat) != public_record(b, seat):
                continue  # the swap changed something the seat sees (a throw, trump, a turn)
            np.testing.assert_array_equal(encode(a, seat), encode(b, seat))
            compared += 1
            others = range(players_of(a))
            showed += any(not np.array_equal(encode(a, s), encode(b, s)) for s in others)
    assert compared >= 40 and showed >= compared // 3, (compared, showed)


def test_observation_ignores_other_hands():
    """Two deals that differ only in other seats' hidden cards look the same to seat 0."""
    deck = [r + s for s in "shcd" for r in "23456789TJQKA"]
    random.Random(9).shuffle(deck)
    deck.remove("3h")
    deck.insert(0, "3h")  # seat 0 leads (FK-2) in both deals
    others = [i for i in range(52) if i % 4 != 0]
    swapped = list(deck)
    for i, j in zip(others, reversed(others), strict=True):
        swapped[i] = deck[j]
    a = fenpai.new_game("fifty_k", deck=" ".join(deck), first_seat=0)
    b = fenpai.new_game("fifty_k", deck=" ".join(swapped), first_seat=0)
    assert a.to_act == b.to_act == [0]
    assert a.view(1)["hand"] != b.view(1)["hand"]
    assert np.array_equal(fenpai.encode(a, 0)[0], fenpai.encode(b, 0)[0])


# -- games, buffers and errors -----------------------------------------------------------

GAME_CASES = [("red_five_4p", {}), ("tractor", {}), ("fifty_k", {}), ("fifty_k", {"players": 3})]


def in_play(variant: str, options: dict[str, Any], seed: int) -> fenpai.Game:
    """A game at the start of its play phase (the core objects from there on)."""
    rng = random.Random(seed)
    g = fenpai.new_game(variant, seed=seed, **options)
    while g.phase not in ("play", "done"):
        s = g.to_act[0]
        g.apply_legal(s, rng.randrange(g.num_legal(s)))
    return g


@pytest.mark.parametrize(("variant", "options"), GAME_CASES)
def test_game_observations_and_legal_actions(variant, options):
    """Through the play: the shape, the hand, the seat to act, the legal actions as
    `legal_actions` (legal=False skips them), `out` reused in place."""
    rng = random.Random(1)
    g = in_play(variant, options, 3)
    size = fields_size(variant, g.num_players)
    buf = np.full(size, np.nan, dtype=np.float32)
    layout = fields(variant, g.num_players)
    while g.phase != "done":
        seat = g.to_act[0]
        obs, legal = fenpai.encode(g, seat)
        assert obs.shape == (size,) and obs.dtype == np.float32
        assert legal == g.legal_actions(seat, 4096)
        got = split(obs, variant, g.num_players)
        assert got["hand"].sum() == len(fenpai.cards(g.view(seat)["hand"]))
        assert got["to_act"][0] == 1
        reused, none = fenpai.encode(g, seat, out=buf, legal=False)
        assert reused is buf and none is None
        np.testing.assert_array_equal(buf, obs)
        assert {name for name, _, _ in layout} == set(got)
        g.apply_legal(seat, rng.randrange(g.num_legal(seat)))
    obs, legal = fenpai.encode(g, 0)
    assert legal == [] and obs.shape == (size,)
    assert split(obs, variant, g.num_players)["to_act"].sum() == 0


def test_trick_fields_follow_the_game():
    rng = random.Random(2)
    g = fenpai.new_game("red_five_4p", seed=5)
    while g.phase != "play" or g.play.num_tricks() < 3 or not g.play.trick():
        s = g.to_act[0]
        g.apply_legal(s, rng.randrange(g.num_legal(s)))
    seat = g.to_act[0]
    obs, _ = fenpai.encode(g, seat)
    got = split(obs, "red_five_4p", 4)
    assert got["played"].sum() == 3 * 4 * len(g.play.tricks()[0][1][0][1])
    leader, cards = g.play.trick()[0]
    assert got["trick"].reshape(4, 54)[(leader - seat) % 4].sum() == len(cards)
    assert got["trump"].sum() == 1 and got["phase"].argmax() == PHASES.index("play")
    assert got["declarer"][(g.declarer - seat) % 4] == 1


def test_a_resigned_hand_is_done_for_everyone():
    g = in_play("tractor", {}, 4)
    g.resign(1)
    got = split(fenpai.encode(g, 0)[0], "tractor", 4)
    assert got["phase"].argmax() == PHASES.index("done") and got["to_act"].sum() == 0


def test_out_is_written_in_place_without_a_new_array():
    g = in_play("red_five_4p", {}, 6)
    seat = g.to_act[0]
    fresh, _ = fenpai.encode(g, seat)
    batch = np.full((3, fresh.size), 7.0, dtype=np.float32)
    row = batch[1]
    address = row.ctypes.data
    obs, _ = fenpai.encode(g, seat, out=row)
    assert obs is row and obs.ctypes.data == address
    np.testing.assert_array_equal(batch[1], fresh)
    assert (batch[0] == 7).all() and (batch[2] == 7).all()


@pytest.mark.parametrize(
    "bad",
    [
        np.zeros(548, dtype=np.float64),
        np.zeros(547, dtype=np.float32),
        np.zeros((4, 137), dtype=np.float32),
        np.zeros(1096, dtype=np.float32)[::2],
        [0.0] * 548,
    ],
    ids=["float64", "short", "2-d", "strided", "list"],
)
def test_a_wrong_out_is_a_clear_error(bad):
    g = in_play("red_five_4p", {}, 6)
    before = np.array(bad, copy=True)
    with pytest.raises(
        ValueError, match=r"out must be a C-contiguous float32 array of shape \(548,\)"
    ):
        fenpai.encode(g, g.to_act[0], out=bad)
    np.testing.assert_array_equal(np.asarray(bad), before)


def test_a_read_only_out_is_a_clear_error():
    g = in_play("red_five_4p", {}, 6)
    buf = np.zeros(548, dtype=np.float32)
    buf.setflags(write=False)
    with pytest.raises(ValueError, match="not writeable"):
        fenpai.encode(g, g.to_act[0], out=buf)


def test_bad_seat():
    with pytest.raises(ValueError, match="no seat"):
        fenpai.encode(fenpai.new_game("fifty_k"), 7)
    with pytest.raises(ValueError, match="no seat"):
        fenpai.encode(fenpai.new_game("fifty_k"), True)


def test_bad_core_objects_are_clear_errors():
    buf = np.zeros(629, dtype=np.float32)
    deal = TractorDeal(seed=1)
    with pytest.raises(ValueError, match="unknown core object 'bid'"):
        encode_into(buf, 0, "tractor", {"bid": deal})
    with pytest.raises(ValueError, match=r"objects\['kitty'\] must be a Burial, not TractorDeal"):
        encode_into(buf, 0, "tractor", {"kitty": deal})
    with pytest.raises(ValueError, match="the deal is a red_five_4p deal, not tractor"):
        encode_into(buf, 0, "tractor", {"deal": RedFive4pBidding(seed=1)})
    with pytest.raises(ValueError, match="at least one core object"):
        encode_into(buf, 0, "tractor", {})
    with pytest.raises(ValueError, match="there is no seat 4"):
        encode_into(buf, 4, "tractor", {"deal": deal})
