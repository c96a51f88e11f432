"""Fifty-K legal plays (FK-17, FK-20, FK-21 over FK-10..FK-16), their count, limit and
play ids, checked against examples and against a brute-force oracle written here
from the rule text: every subset of the hand, read as every kind, kept when it beats
the top."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fenpai
from fenpai import fifty_k as fk

ORDER = "3456789TJQKA2"  # Fifty-K ranks, low to high (2 highest; sequences 3..A)
SUITS = "shcd"  # FK-21 pure fifty-K order, strongest first
DECK = [r + s for r in ORDER for s in SUITS]


RANK = {r: i for i, r in enumerate(ORDER)}


def oracle_readings(cards: tuple[str, ...]) -> list[tuple[str, int, str | None]]:
    """(kind, main rank, pure suit) for each reading of `cards` (FK-10..FK-16)."""
    counts = Counter(RANK[c[0]] for c in cards)
    by: dict[int, list[int]] = {1: [], 2: [], 3: [], 4: []}
    for rank in sorted(counts):
        by[counts[rank]].append(rank)
    sizes = {m for m in (1, 2, 3, 4) if by[m]}  # how many cards the ranks hold
    ranks = len(counts)

    def run(rs: list[int], least: int) -> bool:
        """`least` or more consecutive ranks, 3..A only (a 2 never in a sequence)."""
        return len(rs) >= least and rs[-1] <= 11 and rs == list(range(rs[0], rs[0] + len(rs)))

    out: list[tuple[str, int, str | None]] = []
    for size, name in ((1, "single"), (2, "pair"), (3, "triple"), (4, "bomb")):
        if ranks == 1 and sizes == {size}:
            out.append((name, by[size][0], None))
    for size, name, least in ((1, "straight", 5), (2, "pairs", 2), (3, "triples", 2)):
        if sizes == {size} and run(by[size], least):
            out.append((name, by[size][-1], None))
    for size, name in ((1, "triple_one"), (2, "triple_pair")):
        if sizes == {3, size} and len(by[3]) == 1 and len(by[size]) == 1:
            out.append((name, by[3][0], None))
    for size, name in ((1, "triples_singles"), (2, "triples_pairs")):
        if sizes == {3, size} and run(by[3], 2) and len(by[size]) == len(by[3]):
            out.append((name, by[3][-1], None))
    if len(cards) == 3 and sorted(c[0] for c in cards) == ["5", "K", "T"]:
        suits = {c[1] for c in cards}
        pure = len(suits) == 1
        kind = "pure_fifty_k" if pure else "fifty_k"
        out.append((kind, RANK["K"], suits.pop() if pure else None))
    return out


SPECIAL = {"fifty_k": 0, "pure_fifty_k": 1, "bomb": 2}


def oracle_beats(play: tuple, play_len: int, top: tuple, top_len: int) -> bool:
    """FK-20 and FK-21 from the rule text."""
    (pk, pr, ps), (tk, tr, ts) = play, top
    if pk not in SPECIAL and tk not in SPECIAL:
        return pk == tk and play_len == top_len and pr > tr
    if pk not in SPECIAL:
        return False
    if tk not in SPECIAL:
        return True
    if pk != tk:
        return SPECIAL[pk] > SPECIAL[tk]
    if pk == "pure_fifty_k":
        return SUITS.index(ps) < SUITS.index(ts)
    return pk == "bomb" and pr > tr


def oracle_legal(hand: list[str], top: list[str] | None) -> set[tuple[frozenset, str]]:
    """Every subset of `hand` in every reading that beats `top` (any, for a lead)."""
    top_reading = None
    if top is not None:
        readings = oracle_readings(tuple(top))
        assert readings, top
        top_reading = readings[0]
    out = set()
    for size in range(1, len(hand) + 1):
        for sub in combinations(hand, size):
            for reading in oracle_readings(sub):
                if top is None or oracle_beats(reading, size, top_reading, len(top)):
                    out.add((frozenset(sub), reading[0]))
    return out


def as_set(plays: list[fk.Combo]) -> set[tuple[frozenset, str]]:
    return {(frozenset(str(c) for c in p.cards), p.kind) for p in plays}


SEQUENCE_KINDS = ("pairs", "triples", "triples_singles", "triples_pairs")


@st.composite
def deal(draw, rich: bool = False):
    """A hand of up to 11 cards and a top from the rest of the deck (or None), often
    drawn from a few neighbouring ranks (and 5, T, K) so that sequences, bombs,
    kickers and fifty-Ks occur; the top's kind is drawn first, then a play of it.
    `rich`: always 9-11 cards of a few neighbouring ranks, and sequence tops."""
    rnd = random.Random(draw(st.integers(0, 2**32)))  # even odds, unlike draw's bias to small

    def pool(cards: list[str]) -> list[str]:
        if not rich and rnd.random() < 0.5:
            return cards
        start = rnd.randrange(12)
        ranks = set(ORDER[start : start + rnd.randint(2, 6)]) | {rnd.choice(ORDER)}
        if rich:
            ranks |= set(ORDER[start : start + 3]) | {rnd.choice(ORDER)}
        elif rnd.random() < 0.5:
            ranks |= set("5TK")
        return [c for c in cards if c[0] in ranks] or cards

    source = pool(DECK)
    size = min(rnd.randint(0, 11), len(source))
    hand = draw(st.lists(st.sampled_from(source), unique=True, min_size=size, max_size=size))

    def clustered(cards: list[str]) -> list[str]:
        """3 or 4 cards of 2 or 3 neighbouring ranks, then others up to 9-11 cards."""
        start = rnd.randrange(11)
        out = []
        for r in ORDER[start : start + rnd.randint(2, 3)]:
            suits = [c for c in cards if c[0] == r]
            out += rnd.sample(suits, min(len(suits), rnd.randint(3, 4)))
        others = [c for c in pool(cards) if c not in out]
        return out + rnd.sample(others, max(0, min(len(others), rnd.randint(9, 11) - len(out))))

    if rich:
        hand = clustered(DECK)
    if rnd.random() < 0.2:
        return hand, None
    rest = pool([c for c in DECK if c not in hand])
    if rich:
        tops = fk.legal_plays(clustered([c for c in DECK if c not in hand]))
    else:
        tops = fk.legal_plays(rnd.sample(rest, min(len(rest), rnd.randint(6, 14))))
    kinds = sorted({p.kind for p in tops}, key=fk.KINDS.index)
    if rich:  # mostly the rarest sequence kind that the hand can answer too
        answerable = [k for k in kinds if k in {p.kind for p in fk.legal_plays(hand)}]
        sequences = [k for k in answerable if k in SEQUENCE_KINDS]
        if sequences and rnd.random() < 0.7:
            kinds = sequences[-1:]
        else:
            kinds = sequences or answerable or kinds
    kind = rnd.choice(kinds)
    top = rnd.choice([p for p in tops if p.kind == kind])
    return hand, [str(c) for c in top.cards]


def check_against_oracle(hand: list[str], top: list[str] | None) -> None:
    plays = fk.legal_plays(hand, top)
    assert as_set(plays) == oracle_legal(hand, top)
    assert len(as_set(plays)) == len(plays), "no duplicates"
    assert fk.count_legal_plays(hand, top) == len(plays)
    ids = [p.id for p in plays]
    assert ids == sorted(set(ids)), "ascending, distinct ids"
    assert fk.legal_play_ids(hand, top) == ids
    assert all(fk.play_from_id(i) == p for i, p in zip(ids, plays, strict=True))
    assert fk.legal_play_types(hand, top) == sorted({p.type_id for p in plays})


@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal())
def test_fk_17_fk_20_fk_21_legal_plays_equal_the_subset_oracle(dealt):
    check_against_oracle(*dealt)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal(rich=True))
def test_fk_12_fk_15_sequences_and_kickers_equal_the_subset_oracle(dealt):
    check_against_oracle(*dealt)


@settings(max_examples=300, deadline=None)
@given(deal(), st.integers(0, 40))
def test_limit_keeps_the_first_plays(dealt, limit):
    hand, top = dealt
    plays = fk.legal_plays(hand, top)
    assert fk.legal_plays(hand, top, limit=limit) == plays[:limit]
    assert fk.legal_play_ids(hand, top, limit=limit) == [p.id for p in plays[:limit]]
    types = sorted({p.type_id for p in plays})
    assert fk.legal_play_types(hand, top, limit=limit) == types[:limit]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), unique=True, max_size=8))
def test_fk_17_classify_and_readings_equal_the_oracle(cards):
    expected = oracle_readings(tuple(cards))
    got = fk.readings(cards)
    assert [(r.kind, ORDER.index(r.rank), r.suit) for r in got] == expected
    first = fk.classify(cards)
    assert first == (got[0] if got else None)
    kinds = [k for k, *_ in expected]
    for name in fk.KINDS:
        named = fk.classify(cards, name)
        assert (named.kind if named else None) == (name if name in kinds else None)


def test_fk_17_lead_lists_every_combination_of_the_hand():
    plays = fk.legal_plays("5s 5h 6s")
    assert [(str(p), p.kind) for p in plays] == [
        ("5s", "single"),
        ("5h", "single"),
        ("6s", "single"),
        ("5s 5h", "pair"),
    ]


def test_fk_20_follow_lists_same_kind_same_length_higher_rank():
    plays = fk.legal_plays("4s 5s 5h 6c 7d 8s 9h", top="3s 4h 5c 6d 7s")
    assert [str(p) for p in plays] == [
        "4s 5s 6c 7d 8s",
        "4s 5h 6c 7d 8s",
        "5s 6c 7d 8s 9h",
        "5h 6c 7d 8s 9h",
    ]
    assert fk.legal_plays("4s 5s 5h 6c 7d 8s 9h", top="3s 4h 5c 6d 7s 8h 9d") == []


def test_fk_21_specials_answer_a_non_special_and_each_other():
    hand = "5s Ts Ks Kh 3s 3h 3c 3d"
    assert [p.kind for p in fk.legal_plays(hand, top="2s 2h")] == [
        "bomb",
        "fifty_k",
        "pure_fifty_k",
    ]
    assert [p.kind for p in fk.legal_plays(hand, top="5d Td Kd")] == ["bomb", "pure_fifty_k"]
    assert [p.kind for p in fk.legal_plays(hand, top="5h Th Kd")] == ["bomb", "pure_fifty_k"]
    assert fk.legal_plays(hand, top="4s 4h 4c 4d") == []
    assert fk.legal_plays("5h Th Kh 5c Tc Kc", top="5s Ts Ks") == []


def test_fk_15_kicker_choices_in_legal_plays():
    hand = "5s 5h 5c 5d 6s 6h 6c 7s 8s 8h"
    plays = fk.legal_plays(hand, top="3s 3h 3c 4s 4h 4c 9s Td")
    singles = [p for p in plays if p.kind == "triples_singles"]
    assert len(singles) == 4 * 2  # a triple of four 5s, 666, 7s and one of two 8s
    assert all(str(p.cards[-2])[0] == "7" for p in singles)
    assert [str(p) for p in plays if p.kind == "bomb"] == ["5s 5h 5c 5d"]


def test_top_may_be_a_combo_and_must_be_a_combination():
    top = fk.classify("3s 3h")
    assert fk.legal_plays("4s 4h", top) == fk.legal_plays("4s 4h", "3s 3h")
    with pytest.raises(ValueError, match="'3s 4h' is not a Fifty-K combination"):
        fk.legal_plays("4s 4h", "3s 4h")


def test_top_sharing_a_card_with_the_hand_is_a_value_error():
    with pytest.raises(ValueError, match="4s is both in the hand and in the combination"):
        fk.legal_plays("4s 4h", "4s")


def test_limit_must_not_be_negative():
    with pytest.raises(ValueError, match="limit must be 0 or more"):
        fk.legal_plays("4s 4h", limit=-1)


def test_count_without_listing_a_large_lead():
    deck = " ".join(DECK)
    assert fk.count_legal_plays(deck) == fk.NUM_PLAY_IDS
    assert len(fk.legal_plays(deck, limit=1000)) == 1000


def test_play_ids_round_trip_and_type_ids():
    assert fk.play_id("3s") == 0
    assert fk.play_from_id(fk.NUM_PLAY_IDS - 1) == fk.classify("5d Td Kd")
    assert fk.classify("5d Td Kd").type_id == fk.NUM_PLAY_TYPES - 1
    combo = fk.classify("5s 5h 5c 6s 6h 6c 2d As")
    assert fk.play_id(combo) == combo.id == fk.play_id(str(combo), "triples_singles")
    assert fk.play_from_id(combo.id) == combo
    same_type = fk.classify("5d 5h 5c 6s 6h 6d 2s Ad")
    assert same_type.type_id == combo.type_id and same_type.id != combo.id
    with pytest.raises(ValueError, match="is not a Fifty-K play id"):
        fk.play_from_id(fk.NUM_PLAY_IDS)
    with pytest.raises(ValueError, match="'5s 6s' is not a Fifty-K combination"):
        fk.play_id("5s 6s")
    with pytest.raises(ValueError, match="'5s 5h as single' is not a Fifty-K combination"):
        fk.play_id("5s 5h", "single")


@settings(max_examples=500, deadline=None)
@given(st.integers(0, fk.NUM_PLAY_IDS - 1))
def test_play_ids_round_trip_at_random(play_id):
    combo = fk.play_from_id(play_id)
    assert combo.id == play_id
    assert 0 <= combo.type_id < fk.NUM_PLAY_TYPES
    assert fk.classify(combo.cards, combo.kind) == combo


def test_fifty_k_is_a_submodule_of_fenpai():
    assert fenpai.fifty_k is fk
    assert "fifty_k" in fenpai.__all__
