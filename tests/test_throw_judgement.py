"""TRO-53 (`throw_judgement="every_unit"`) against a reference written from its text by
brute force: random throws ruffed by random trump plays, the winner the core gives
against the one the rule gives; and its bounds against TRO-51 and TRO-52 (a play that
beats every unit of the winner also has the higher largest unit and the higher card)."""

import functools
import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_trick_properties import is_one, key, shape_of, submultisets

import fenpai
from fenpai import TrickRules

SUITS = "shcd"
RANKS = "23456789TJQKA"


def component_shapes(rules, cards):
    """The lead's components as (kind, triples, pairs) and card counts, in its order."""
    return [((kind, *shape_of(cs)[1:]), len(cs)) for kind, cs in rules.classify(cards).components]


def readings(rules, lead, play):
    """Every way to read `play` as units of the lead's shapes (C-40): lists of units, each
    a list of cards, in the lead's component order (the singles last)."""
    shapes = component_shapes(rules, lead)
    out = []

    def go(rest, i, units):
        if i == len(shapes) or shapes[i][0][0] == "single":
            out.append(units + [[c] for c in rest])
            return
        shape, size = shapes[i]
        for part in submultisets(rest, size):
            if is_one(rules, part, shape):
                left = list(rest)
                for c in part:
                    left.remove(c)
                go(left, i + 1, [*units, part])

    go(list(play), 0, [])
    return out


def beats(rules, unit, other):
    """Whether one unit beats another of its shape: as a simple play after it (C-40)."""
    return rules.trick_winner([other, unit]) == 1


def lined_up(rules, lead, reading):
    """A reading's units of each shape, strongest first (TRO-53)."""
    shapes = [s for s, _ in component_shapes(rules, lead)]
    order = functools.cmp_to_key(
        lambda a, b: -1 if beats(rules, a, b) else (1 if beats(rules, b, a) else 0)
    )
    out = []
    for _, group in itertools.groupby(zip(shapes, reading, strict=True), key=lambda p: p[0]):
        out += sorted((u for _, u in group), key=order)
    return out


def every_unit_beats(rules, lead, play, winner):
    """TRO-53 in its words: one reading of the play beats every reading of the winner, each
    unit strictly stronger than the winner's unit of its shape and place."""
    theirs = [lined_up(rules, lead, r) for r in readings(rules, lead, winner)]
    return any(
        all(all(beats(rules, a, b) for a, b in zip(ours, t, strict=True)) for t in theirs)
        for ours in (lined_up(rules, lead, r) for r in readings(rules, lead, play))
    )


def reference_winner(rules, plays):
    """C-40 with TRO-53: a play in one effective suit, the lead's or trump, in the lead's
    format takes the trick from a winner not in trump by being trump, and from one in its
    own suit by beating every unit."""

    def suit(c):
        return "T" if rules.is_trump(c) else c.suit

    lead = plays[0]
    best = 0
    for i, play in enumerate(plays[1:], 1):
        s = {suit(c) for c in play}
        if len(s) != 1 or s.pop() not in (suit(lead[0]), "T") or not readings(rules, lead, play):
            continue
        mine, theirs = suit(play[0]), suit(plays[best][0])
        if (mine == "T" and theirs != "T") or (
            mine == theirs and every_unit_beats(rules, lead, play, plays[best])
        ):
            best = i
    return best


@st.composite
def ruffed_throws(draw):
    """Tractor's rules with a trump suit, a throw led in a plain suit, and up to four plays
    of trumps drawn from a few adjacent trump kinds (pairs and tractors are common), some
    with a card of the led suit (they follow, without the format or the trump suit)."""
    decks = draw(st.sampled_from([2, 3]))
    trump = draw(st.sampled_from(SUITS))
    level = draw(st.sampled_from(RANKS))
    rules = TrickRules("tractor", trump=trump, level=level, decks=decks)
    rng = random.Random(draw(st.integers(0, 2**32)))
    plain = rng.choice([s for s in SUITS if s != trump])
    kinds = [r + plain for r in RANKS if r != level]
    lead = []
    for c in rng.sample(kinds, rng.randint(2, 4)):
        lead += [c] * rng.choice([1, 1, 2, 2, 3][: 2 + decks])
    lead = fenpai.cards(" ".join(lead))
    if not rules.classify(lead).is_throw:
        held = {c.index for c in lead}
        lead = lead + [next(c for c in map(fenpai.Card, kinds) if c.index not in held)]
    trumps = [r + trump for r in RANKS if r != level] + [level + s for s in SUITS] + ["LJ", "BJ"]
    low = rng.randint(0, len(trumps) - 6)
    # Kinds enough for a play as long as the lead (each kind has `decks` copies).
    pool = trumps[low : low + max(rng.randint(4, 7), -(-len(lead) // decks))]
    plays = [lead]
    for _ in range(rng.randint(1, 4)):
        cards: list[str] = []
        while len(cards) < len(lead):  # a few copies of one kind at a time
            kind = rng.choice(pool)
            room = min(len(lead) - len(cards), decks - cards.count(kind))
            cards += [kind] * min(room, rng.choice([1, 2, 2, 3]))
        if rng.random() < 0.1:
            cards[0] = kinds[0]
        plays.append(fenpai.cards(" ".join(cards)))
    return rules, plays


@settings(max_examples=500)
@given(ruffed_throws())
def test_tro_53_every_unit_matches_its_text(case):
    rules, plays = case
    every = TrickRules(
        "tractor",
        trump=rules.trump,
        level=rules.level,
        decks=rules.decks,
        throw_judgement="every_unit",
    )
    assert every.trick_winner(plays) == reference_winner(rules, plays)


@given(ruffed_throws())
def test_tro_53_a_play_beating_every_unit_beats_by_the_other_judgements(case):
    rules, plays = case
    judged = {
        j: TrickRules(
            "tractor", trump=rules.trump, level=rules.level, decks=rules.decks, throw_judgement=j
        )
        for j in ("largest_unit", "highest_card", "every_unit")
    }
    lead = plays[0]
    for w, p in itertools.permutations(plays[1:], 2):
        if judged["every_unit"].trick_winner([lead, w, p]) == 2 and key(w) != key(p):
            for j in ("largest_unit", "highest_card"):
                assert judged[j].trick_winner([lead, w, p]) == 2, j
        # Never both ways; a play never beats its own copy (C-42).
        both = [judged["every_unit"].trick_winner(t) for t in ([lead, w, p], [lead, p, w])]
        assert both != [2, 2]
        assert judged["every_unit"].trick_winner([lead, w, w]) != 2
