"""Property tests of the trick-taking core on random hands and leads, for every variant,
deck count (four decks' quadruples too, TRO-124), follow mode and follow protection (C-30,
C-31, C-40..C-42, C-50, C-51, TRO-10)."""

import collections
import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fenpai
from fenpai import TrickRules

ALL = fenpai.cards(" ".join(r + s for s in "shcd" for r in "23456789TJQKA") + " LJ BJ")

VARIANTS = ["red_five_4p", "red_five_5p", "tractor"]
MODES = ["exact", "pairs", "full", "off"]


@st.composite
def positions(draw, max_hand=12):
    """A rules object, a lead from one effective suit, a follower's hand and other hands.

    Cards come from a narrow pool of card kinds so that pairs, triples and tractors are common.
    """
    variant = draw(st.sampled_from(VARIANTS))
    decks = draw(st.sampled_from([2, 3, 4]))
    mode = draw(st.sampled_from(MODES))
    if variant == "tractor":
        trump = draw(st.sampled_from(["s", "h", "c", "d", None]))
        level = draw(st.sampled_from(list("23456789TJQKA")))
    else:
        trump, level = draw(st.sampled_from("shcd")), "2"
    options = {"follow_format": mode}
    if mode in ("pairs", "exact"):  # TRO-10 goes with these; triples need 3 decks
        protects = ["none", "tractors"] + (["tuples", "tuples_and_tractors"] if decks >= 3 else [])
        options["follow_protect"] = draw(st.sampled_from(protects))
    if variant == "red_five_4p" and draw(st.booleans()):
        options["throws"] = True
    rules = TrickRules(variant, trump=trump, level=level, decks=decks, **options)
    rng = random.Random(draw(st.integers(0, 2**32)))
    if rng.random() < 0.5:
        kinds = rng.sample(ALL, rng.randint(12, 24))
    else:  # a band of adjacent ranks in two suits, plus jokers: tractors galore
        low = rng.randint(0, 6)
        ranks, suits = "23456789TJQKA"[low : low + 7], rng.sample("shcd", 2)
        kinds = fenpai.cards(" ".join(r + s for r in ranks for s in suits) + " BJ LJ")
    pool = [c for c in kinds for _ in range(decks)]
    rng.shuffle(pool)
    leader = []
    for c in rng.sample(kinds, 6):  # the leader holds units, so leads hold pairs and tractors
        for _ in range(min(rng.choice([1, 2, 2, 3, 4]), decks)):
            leader.append(c)
            pool.remove(c)
    suit_of = {c: ("T" if rules.is_trump(c) else c.suit) for c in kinds}
    led_suit = suit_of[leader[0]]
    in_suit = [c for c in leader if suit_of[c] == led_suit]
    lead = in_suit[: rng.randint(1, min(6, len(in_suit)))]
    whole = rules.classify(in_suit) or TrickRules(
        variant, trump, level, decks, throws=True
    ).classify(in_suit)
    if rng.random() < 0.5:  # lead the leader's biggest component
        lead = whole.components[0][1]
    if rules.classify(lead) is None:  # a throw where throws are off
        lead = lead[:1]
    rest = pool
    if decks == 4 and rng.random() < 0.5:  # copies together: the hands hold quadruples
        order = {c: rng.random() for c in kinds}
        rest = sorted(pool, key=lambda c: order[c])
    size = rng.randint(len(lead), max(len(lead), min(max_hand, len(rest))))
    hand = rest[:size]
    others = [rest[size : size + 8], rest[size + 8 : size + 16]]
    return rules, lead, hand, others


def key(cards):
    return tuple(sorted(c.index for c in cards))


def brute_force_legal(rules, hand, lead):
    """Every distinct k-card multiset of the hand that follow_error accepts."""
    plays = {key(p) for p in itertools.combinations(hand, len(lead))}
    by_index = {c.index: c for c in hand}
    return {p for p in plays if rules.follow_error(hand, lead, [by_index[i] for i in p]) is None}


SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(positions())
def test_c_31_legal_follows_agrees_with_follow_error(pos):
    rules, lead, hand, _ = pos
    listed = rules.legal_follows(hand, lead)
    keys = [key(p) for p in listed]
    assert len(keys) == len(set(keys)), "duplicates"
    for p in listed:
        assert rules.follow_error(hand, lead, p) is None, (rules, lead, hand, p)
    assert set(keys) == brute_force_legal(rules, hand, lead)
    assert rules.count_follows(hand, lead) == len(listed)
    assert listed, "a follower always has a legal play"


@SETTINGS
@given(positions(), st.integers(0, 5))
def test_legal_follows_limit_is_a_prefix(pos, limit):
    rules, lead, hand, _ = pos
    full = rules.legal_follows(hand, lead)
    assert rules.legal_follows(hand, lead, limit) == full[:limit]


@SETTINGS
@given(positions(), st.randoms(use_true_random=False))
def test_c_40_trick_winner_ignores_order_of_copies(pos, rnd):
    rules, lead, hand, others = pos
    plays = [lead]
    for h in [hand, *others]:
        if len(h) >= len(lead):
            follows = rules.legal_follows(h, lead, 50)
            plays.append(rnd.choice(follows))
    winner = rules.trick_winner(plays)
    assert 0 <= winner < len(plays)
    shuffled = [rnd.sample(p, len(p)) for p in plays]
    assert rules.trick_winner(shuffled) == winner
    # C-42: a copy of the winning play played later never takes the trick.
    assert rules.trick_winner([*plays, plays[winner]]) == winner


@SETTINGS
@given(positions())
def test_c_51_forced_is_one_canonical_component(pos):
    rules, lead, hand, others = pos
    fmt = rules.classify(lead)
    check = rules.check_throw(lead, [hand, *others])
    components = [key(cs) for _, cs in fmt.components]
    if check.ok:
        assert check.forced == [] and check.beaten == []
    else:
        assert fmt.is_throw
        assert key(check.forced) in components
        assert all(key(cs) in components for _, cs in check.beaten)
        # The forced component is itself a simple, legal lead.
        assert not rules.classify(check.forced).is_throw


# --- an independent reference for C-30/C-31, brute force from the rule text ---------------


def shape_of(cards):
    """(kind, quadruples, triples, pairs) of one component's cards."""
    counts = collections.Counter(c.index for c in cards).values()
    fmt_kind = "single" if len(cards) == 1 else None
    return fmt_kind, *(sum(n == w for n in counts) for w in (4, 3, 2))


def is_one(rules, cards, shape):
    """Whether `cards` form exactly one component of `shape` (C-20..C-22)."""
    fmt = rules.classify(cards)
    return (
        fmt is not None
        and len(fmt.components) == 1
        and (fmt.components[0][0],) + shape_of(cards)[1:] == shape
    )


def component_shape(kind, cards):
    return (kind,) + shape_of(cards)[1:]


def submultisets(cards, size):
    return {key(p): list(p) for p in itertools.combinations(cards, size)}.values()


def minus(cards, taken):
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return rest


def pairs_in(cards):
    return sum(n // 2 for n in collections.Counter(c.index for c in cards).values())


def ref_units(rest, need):
    """Steps 2-4 of C-31 `full` (TRO-124): the best (quadruples, triples, pairs) over
    every way to mark each card of `rest` a quadruple, a triple or neither, the pairs
    from what is left; `need` the lead's quadruples, triples and pairs (a quadruple holds
    two pairs, a pair or triple one)."""
    counts = list(collections.Counter(c.index for c in rest).values())
    best = (0, 0, 0)
    choices = [[0] + [w for w in (4, 3) if n >= w] for n in counts]
    for marks in itertools.product(*choices):
        n4 = min(need[0], sum(m == 4 for m in marks))
        n3 = min(need[1], sum(m == 3 for m in marks))
        left = sum((n - m) // 2 for n, m in zip(counts, marks, strict=True))
        best = max(best, (n4, n3, min(need[2] - 2 * n4 - n3, left)))
    return best


def ref_full_score(rules, cards, lead_comps):
    """C-31 `full`, steps 1-4, as the lexicographic best over every choice."""
    tractors = [(k, cs) for k, cs in lead_comps if k == "tractor"]
    others = [(k, cs) for k, cs in lead_comps if k != "tractor"]

    def go(rest, i, bits, need):
        if i == len(tractors):
            return (*bits, *ref_units(rest, need))
        kind, cs = tractors[i]
        shape = component_shape(kind, cs)
        options = [p for p in submultisets(rest, len(cs)) if is_one(rules, p, shape)]
        if not options:
            more = (need[0] + shape[1], need[1] + shape[2], need[2] + pairs_in(cs))
            return go(rest, i + 1, (*bits, 0), more)
        return max(go(minus(rest, p), i + 1, (*bits, 1), need) for p in options)

    quads = sum(k == "quadruple" for k, _ in others)
    triples = sum(k == "triple" for k, _ in others)
    pairs = sum(pairs_in(cs) for k, cs in others if k != "single")
    return go(list(cards), 0, (), (quads, triples, pairs))


def supply(rules, held, fmt):
    """TRO-10 from its text: the follower's cards with the combinations the lead cannot
    draw out cut to one card each (TRO-13: a pair in a tractor of the hand, when the lead
    has no tractor; TRO-12: a triple, when the lead has no triple or quadruple, and a
    quadruple when it has none, TRO-124)."""
    protect = rules.follow_protect
    counts = collections.Counter(c.index for c in held)
    by_index = {c.index: c for c in held}
    kinds = [k for k, _ in fmt.components]
    widest = max(max(collections.Counter(c.index for c in cs).values()) for _, cs in fmt.components)
    cut = set()
    if protect in ("tractors", "tuples_and_tractors") and "tractor" not in kinds:
        pairs = [by_index[i] for i, n in counts.items() if n >= 2]
        for a, b in itertools.combinations(pairs, 2):
            if is_one(rules, [a, a, b, b], ("tractor", 0, 0, 2)):
                cut |= {a.index, b.index}
    if protect in ("tuples", "tuples_and_tractors"):
        cut |= {i for i, n in counts.items() if n >= 3 and n > widest}
    return [by_index[i] for i in counts for _ in range(1 if i in cut else counts[i])]


def reference_legal(rules, hand, lead, play):
    """Whether `play` follows `lead` from `hand`, decided from the rule text by brute force."""
    fmt = rules.classify(lead)

    def suit(c):
        return "T" if rules.is_trump(c) else c.suit

    led = suit(lead[0])
    held = [c for c in hand if suit(c) == led]
    k = len(lead)
    played = [c for c in play if suit(c) == led]
    if len(held) < k:  # C-30
        return key(played) == key(held)
    if len(played) != k:
        return False
    mode = rules.follow_format
    if mode == "off" or (mode == "exact" and fmt.is_throw):
        return True
    held = supply(rules, held, fmt)
    if mode == "exact":
        shape = component_shape(*fmt.components[0])
        has = any(is_one(rules, p, shape) for p in submultisets(held, k))
        return not has or is_one(rules, play, shape)
    if mode == "pairs":
        wide = sum(pairs_in(cs) for k, cs in fmt.components if k != "single")
        return pairs_in(play) >= min(pairs_in(held), wide)
    return ref_full_score(rules, play, fmt.components) == ref_full_score(
        rules, held, fmt.components
    )


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_hand=10))
def test_c_30_c_31_follow_error_matches_the_rule_text(pos):
    rules, lead, hand, _ = pos
    for p in submultisets(hand, len(lead)):
        expected = reference_legal(rules, hand, lead, p)
        got = rules.follow_error(hand, lead, p)
        assert (got is None) == expected, (rules, lead, hand, p, got)
