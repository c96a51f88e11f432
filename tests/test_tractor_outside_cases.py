"""The outside Tractor engine's own unit-test cases for the house rules fenpai offers,
translated into fenpai's cards and public API. The engine is rbtying/shengji: its tests in
`mechanics/src/trick.rs`, `mechanics/src/bidding.rs` and `core/src/game_state/mod.rs`,
named in each test here. Each case is written again from its hands and plays; where the
outside engine expects another result under the matching option, the case asserts
ours (from our rule text) and says why the two differ.

Their settings and ours, as "their setting: their value → our option value" (ours in
docs/rules/tractor.md "Options" and docs/rules/common.md C-21..C-51):

- TrickDrawPolicy: NoProtections → `follow_format="full"`, `follow_protect="none"` (C-31,
  TRO-11); LongerTuplesProtected → `follow_protect="tuples"` (TRO-12);
  OnlyDrawTractorOnTractor → `"tractors"` (TRO-13);
  LongerTuplesProtectedAndOnlyDrawTractorOnTractor → `"tuples_and_tractors"` (TRO-14), the
  three with `follow_format="pairs"`; NoFormatBasedDraw → `follow_format="off"` (C-31).
- ThrowEvaluationPolicy: All (theirs by default) → `throw_judgement="every_unit"` (TRO-53),
  where a winner read in several ways must be beaten in each reading (theirs keeps the
  reading with which it took the trick); Highest → `"highest_card"` (TRO-52);
  TrickUnitLength → near `"largest_unit"` (TRO-51), ties judged otherwise (see below).
- KittyPenalty: Times → `kitty_multiplier="linear"` (TRO-31); Power → `"power"` (TRO-32).
- ThrowPenalty: None (theirs by default) → `throw_penalty="none"` (TRO-22);
  TenPointsPerAttempt → `"per_attempt"` (TRO-21). They have no unit test of it.
- AdvancementPolicy: Unrestricted → `must_defend="A"` (TRO-41); DefendPoints → `"5_10_K_A"`
  (TRO-42); FullyUnrestricted → `"none"` (TRO-43); with their MaxRank at A.
- jack_variation (BackToTwoSetting): Disabled → `jack_rule="none"` (TRO-81); SingleJack →
  `"back_to_2"` (TRO-82).
- FirstLandlordSelectionPolicy: ByWinningBid → `first_dealer="standing"` (TRO-61);
  ByFirstBid → `"first_declaration"` (TRO-62). They have no unit test of it.
- BidPolicy: JokerOrGreaterLength → `declaration_strength="jokers_or_more_cards"` (TRO-101);
  GreaterLength → `"more_cards"` (TRO-102), no unit test of theirs; JokerOrHigherSuit →
  `declaration_order="suit"` (TRO-72), where they order pairs by suit and we singles too.
- BidReinforcementPolicy: ReinforceWhileWinning → TR-11 (`reinforce="own_card"`, TRO-151);
  OverturnOrReinforceWhileWinning → `reinforce="or_overturn"` (TRO-153); ReinforceWhileEquivalent:
  none.
- JokerBidPolicy: BothTwoOrMore → TR-10 (`joker_declarations="both"`, TRO-141); Disabled →
  `"none"` (TRO-143); BothNumDecks is the same with two decks; LJNumDecksHJNumDecksLessOne: none.
- KittyTheftPolicy: NoKittyTheft (theirs by default) → `kitty_theft="none"` (TRO-111);
  AllowKittyTheft → `"allowed"` (TRO-112).
- BombPolicy: NoBombs → `bombs="none"` (TRO-161); AllowBombs → `"any_suit"` (TRO-163);
  AllowBombsSuitFollowing → `"suit_following"` (TRO-164), with `decks=4` (TRO-160). Their
  bombs of more than four copies have no counterpart: four decks hold four.
- TractorRequirements: min_count 2, min_length 2 → C-21 (no option); the others: none.
- Their adjacency, with the trump level cards above the trump ace → `tractor_above_ace=True`
  (C-21); no tractors mixing pairs and triples → `mixed_tractors=False` (C-22); throws
  allowed → `throws=True` (C-24).

Their follow policies add protections to a base that draws the lead's whole format,
tractors included, which is our `"full"`; TRO-10 keeps `follow_protect` to `"pairs"` and
`"exact"`, so their protected policies are played here under `"pairs"`. Both bases ask the
same of a lead without a tractor; with a tractor in the lead, no case here turns on the
difference.

Cards: their `S_2` is `2s`, `H_10` is `Th`, `Card::SmallJoker` is `LJ`, `Card::BigJoker`
is `BJ`; their `Trump::Standard { number: Four, suit: Spades }` is trump `s` at level `4`;
their players P1..P4 are seats 0..3 in play order. Their tests give hands as many copies
as they like: a case is translated with `decks=3` when one hand or play holds three
copies, and left out when one holds four or more (fenpai plays 2 or 3 decks). The trick
rules check each hand and play on its own, so the hands of a case may hold more copies
between them than the decks do, as theirs often do.
"""

import collections

import pytest
from test_tractor import scripted_deck

import fenpai
from fenpai import TrickRules, scoring

#: Their TrickDrawPolicy values as our options (see the module's list).
DRAW = {
    "NoProtections": {"follow_format": "full"},
    "LongerTuplesProtected": {"follow_format": "pairs", "follow_protect": "tuples"},
    "OnlyDrawTractorOnTractor": {"follow_format": "pairs", "follow_protect": "tractors"},
    "LongerTuplesProtectedAndOnlyDrawTractorOnTractor": {
        "follow_format": "pairs",
        "follow_protect": "tuples_and_tractors",
    },
    "NoFormatBasedDraw": {"follow_format": "off"},
}

JUDGEMENTS = ("largest_unit", "highest_card", "every_unit")


def rules(trump="s", level="4", decks=2, **options):
    """Tractor's trick rules; their test module's usual trump is spades at level 4."""
    return TrickRules("tractor", trump=trump, level=level, decks=decks, **options)


def drawn(policy, trump="s", level="4", decks=3):
    """The trick rules of one of their TrickDrawPolicy values (3 decks: TRO-12 needs them)."""
    return rules(trump, level, decks, **DRAW[policy])


def legal(r, hand, lead, play):
    """Whether `play` may follow `lead` from `hand` (C-30, C-31), asked two ways that must
    agree: the error of that play, and the list of every legal follow."""
    error = r.follow_error(hand, lead, play)
    wanted = collections.Counter(play.split())
    listed = any(
        collections.Counter(str(c) for c in follow) == wanted
        for follow in r.legal_follows(hand, lead)
    )
    assert (error is None) == listed, (hand, lead, play, error)
    return error is None


def kinds(r, cards):
    """The components of `cards` as (kind, text) (C-23), or None for no legal lead."""
    fmt = r.classify(cards)
    return None if fmt is None else [(kind, fenpai.format_cards(cs)) for kind, cs in fmt.components]


# --- C-21..C-23: units, tractors and formats (tractor_above_ace, mixed_tractors) ----------


def test_c_21_c_23_formats_after_test_play_formats():
    """After rbtying/shengji's `test_play_formats` (the default TractorRequirements): hearts
    are plain under trump spades at level 4; our canonical split (C-23) is one of the
    splits they list."""
    r2, r3 = rules(), rules(decks=3)
    assert kinds(r2, "2h 3h 7h") == [("single", "7h"), ("single", "3h"), ("single", "2h")]
    assert kinds(r3, "2h 2h 2h") == [("triple", "2h 2h 2h")]
    assert kinds(r2, "2h 2h 3h 3h") == [("tractor", "3h 3h 2h 2h")]
    # Theirs: [2] + [2 2 3 3] or [3 3] + [2 2 2]; ours takes the longest tractor first.
    assert kinds(r3, "2h 2h 2h 3h 3h") == [("tractor", "3h 3h 2h 2h"), ("single", "2h")]
    assert kinds(r3, "2h 2h 3h 3h 3h") == [("tractor", "3h 3h 2h 2h"), ("single", "3h")]
    # C-21 with tractor_above_ace: an off-suit level pair beside the trump level pair and
    # beside the trump ace pair.
    assert kinds(r2, "4h 4h 4s 4s") == [("tractor", "4s 4s 4h 4h")]
    assert kinds(r2, "4h 4h As As") == [("tractor", "4h 4h As As")]
    assert kinds(r2, "Qs Qs Ks Ks As") == [("tractor", "Ks Ks Qs Qs"), ("single", "As")]
    assert kinds(r3, "3h 3h 3h 5h 5h 5h") == [("tractor", "5h 5h 5h 3h 3h 3h")]
    # C-22 off (theirs has no mixed tractors); on a tie of length C-23 takes the one with
    # more triples: their second split of three.
    assert rules(decks=3).mixed_tractors is False
    assert kinds(r3, "2h 2h 3h 3h 3h 5h 5h 5h") == [
        ("tractor", "5h 5h 5h 3h 3h 3h"),
        ("pair", "2h 2h"),
    ]


@pytest.mark.parametrize(
    ("trump", "level", "cards", "tractor"),
    [
        # Trump spades at level 4: 3 and 5 are adjacent, the trump level card sits below
        # LJ, an off-suit level card between the trump ace and the trump level card.
        ("s", "4", "3s 3s 5s 5s", True),
        ("s", "4", "4s 4s LJ LJ", True),
        ("s", "4", "4h 4h 4s 4s", True),
        ("s", "4", "As As 4h 4h", True),
        ("s", "4", "Ah Ah 4h 4h", False),  # a plain ace has nothing above it
        # No trump at level 4: every level card sits just below LJ.
        (None, "4", "3s 3s 5s 5s", True),
        (None, "4", "4s 4s LJ LJ", True),
        (None, "4", "4h 4h LJ LJ", True),
        (None, "4", "As As 4s 4s", False),
        # Trump spades at level A: the off-suit aces sit between Ks and As.
        ("s", "A", "3s 3s 4s 4s", True),
        ("s", "A", "As As LJ LJ", True),
        ("s", "A", "Ah Ah As As", True),
        ("s", "A", "Ks Ks Ah Ah", True),
        ("s", "A", "Kh Kh Ah Ah", False),  # Ah is trump, Kh is not
        # No trump at level A.
        (None, "A", "3s 3s 4s 4s", True),
        (None, "A", "As As LJ LJ", True),
        (None, "A", "Ah Ah LJ LJ", True),
        (None, "A", "Ks Ks As As", False),
    ],
)
def test_c_21_adjacent_levels_after_test_adjacent(trump, level, cards, tractor):
    """After rbtying/shengji's `test_adjacent` (their successor of a card): two pairs on
    adjacent levels form a tractor (C-21, C-13), with `tractor_above_ace` on (C-21) as
    in Tractor. (Their no-trump hand without a level rank is not a Tractor hand.)"""
    r = rules(trump, level)
    assert r.tractor_above_ace is True
    assert ([kind for kind, _ in kinds(r, cards) or []] == ["tractor"]) is tractor


# --- C-31, TRO-10..TRO-14: what a lead draws out of the follower's hand --------------------


def test_c_31_pair_lead_after_test_legal_play_pairs():
    """After rbtying/shengji's `test_legal_play_pairs`, its cases of at most three copies:
    a pair lead draws a pair (C-31), unless the format is off; a triple is kept from a
    pair lead under TRO-12; a triple lead draws a pair when no triple is held."""
    # Lead 3s 3s (trump), hand 2s 2s 3s 3s 5s 5s.
    hand = "2s 2s 3s 3s 5s 5s"
    for policy, split in [("NoProtections", False), ("NoFormatBasedDraw", True)]:
        r = drawn(policy, decks=2)
        assert legal(r, hand, "3s 3s", "2s 2s")
        assert legal(r, hand, "3s 3s", "2s 3s") is split
        assert r.follow_error(hand, "3s 3s", "2s 3s 3s") is not None  # three cards for two
    # Their case: a longer tuple is kept whole when nothing asks for it: hand 2s 2s 2s 3s 5s.
    hand = "2s 2s 2s 3s 5s"
    assert not legal(drawn("NoProtections"), hand, "3s 3s", "3s 5s")
    assert legal(drawn("LongerTuplesProtected"), hand, "3s 3s", "3s 5s")
    assert legal(drawn("NoFormatBasedDraw"), hand, "3s 3s", "3s 5s")
    # A triple led, no triple held: a pair is drawn, not a triple's worth of cards.
    hand = "2s 2s 3s 3s 5s 5s"
    assert legal(drawn("NoProtections"), hand, "3s 3s 3s", "2s 2s 5s")
    assert not legal(drawn("NoProtections"), hand, "3s 3s 3s", "2s 3s 5s")
    assert legal(drawn("NoFormatBasedDraw"), hand, "3s 3s 3s", "2s 3s 5s")
    # A pair and a single led (a throw in trump), hand 2s 2s 2s 5s: every policy takes
    # both the whole triple and the pair with the 5s.
    for policy in DRAW:
        r = drawn(policy)
        assert legal(r, "2s 2s 2s 5s", "2s 2s 3s", "2s 2s 2s"), policy
        assert legal(r, "2s 2s 2s 5s", "2s 2s 3s", "2s 2s 5s"), policy


@pytest.mark.parametrize(
    ("policy", "kept"),
    [
        ("NoProtections", False),
        ("NoFormatBasedDraw", True),
        ("LongerTuplesProtected", True),
        ("OnlyDrawTractorOnTractor", False),
        ("LongerTuplesProtectedAndOnlyDrawTractorOnTractor", True),
    ],
)
def test_tro_12_tro_13_tractor_lead_after_test_protected_wider_tractor(policy, kept):
    """After rbtying/shengji's `test_protected_wider_tractor`: against the lead 6s 6s 7s 7s,
    the triples 2s 2s 2s 3s 3s 3s (a tractor of triples) are kept whole only where triples
    are protected (TRO-12, TRO-14); a tractor lead is never protected against (TRO-13)."""
    hand = "2s 2s 2s 3s 3s 3s 5s 6s 7s 8s"
    assert legal(drawn(policy), hand, "6s 6s 7s 7s", "5s 6s 7s 8s") is kept


@pytest.mark.parametrize(
    ("policy", "kept"),
    [("NoProtections", False), ("NoFormatBasedDraw", True), ("LongerTuplesProtected", True)],
)
def test_tro_12_throw_lead_after_test_protected_tractor_triple(policy, kept):
    """After rbtying/shengji's `test_protected_tractor_triple` (trump hearts at level 4):
    against a thrown tractor and single of spades, the triple 8s 8s 8s supplies a pair
    (C-31) unless triples are protected (TRO-12); playing it is legal either way. (Their
    lead is a hand-made tractor of two pairs of 9s; here 9s 9s Ts Ts and Ks.)"""
    r = drawn(policy, trump="h")
    hand, lead = "3s 5s Ts Js Qs 6s 8s 8s 8s", "9s 9s Ts Ts Ks"
    assert legal(r, hand, lead, "3s 5s Ts Js Qs") is kept
    assert legal(r, hand, lead, "3s 6s 8s 8s 8s")


@pytest.mark.parametrize("policy", ["LongerTuplesProtected", "NoProtections"])
def test_tro_12_a_played_triple_supplies_a_pair_after_the_outside_guard_tests(policy):
    """After rbtying/shengji's `test_longer_tuple_bypasses_genuine_false_positive` and
    `test_longer_tuple_guard_requires_enough_genuine_tuples` (their cases of at most three
    copies).

    Where we differ: under LongerTuplesProtected the outside engine refuses a whole
    triple played as a pair and a single while the hand holds another pair (6s 6s 6s 8s 8s
    with Js Js in hand against 6s 6s 7s 7s 5s; 2s 2s 2s with 5s 5s in hand against
    3s 3s 5s). TRO-12 only keeps a held triple from counting as a pair, and lets the
    follower play it as they like (TRO-10); the play then holds its pairs (C-31), so we
    accept both."""
    r = drawn(policy, trump="h")
    lead = "6s 6s 7s 7s 5s"
    assert legal(r, "6s 6s 6s 8s 8s", lead, "6s 6s 6s 8s 8s")  # the whole suit
    assert legal(r, "6s 6s 6s 8s 8s Js Js", lead, "6s 6s 6s 8s 8s")  # theirs: illegal
    assert legal(r, "6s 6s 6s 8s 8s Js Js", lead, "6s 8s 8s Js Js")
    assert not legal(r, "6s 6s 6s 8s 8s Js Js", lead, "6s 6s 6s 8s Js")  # one pair of two
    r = drawn(policy)
    assert legal(r, "2s 2s 2s 5s 5s 6s", "3s 3s 5s", "2s 2s 2s")  # theirs: illegal
    assert legal(r, "2s 2s 2s 5s 5s 6s", "3s 3s 5s", "5s 5s 2s")
    assert legal(r, "2s 2s 2s 6s 7s 8s", "3s 3s 5s", "2s 2s 2s")
    # Whatever the policy, a play without a pair is refused while a pair is held.
    assert not legal(r, "2s 2s 2s 5s 5s 6s", "3s 3s 5s", "2s 5s 6s")


@pytest.mark.parametrize("policy", list(DRAW))
def test_c_31_long_tractor_lead_after_test_long_tractor_decomposition_draws_pairs(policy):
    """After rbtying/shengji's `test_long_tractor_decomposition_draws_pairs` (trump spades
    at level K): a three-pair tractor led draws the follower's only pair, Ks Ks, under
    every policy but the one without format (C-31); no protection applies to a tractor
    lead (TRO-12, TRO-13)."""
    r = drawn(policy, level="K")
    lead = "7s 7s 8s 8s 9s 9s"
    second = "4s Ts As Kh Kd Kc Ks Ks"
    assert legal(r, second, lead, "4s Ts As Kh Kd Kc") is (policy == "NoFormatBasedDraw")
    assert legal(r, second, lead, "4s Ts As Kh Ks Ks")
    assert legal(r, "2s 6s Js Qs Kh Kc Tc LJ", lead, "2s 6s Js Qs Kh Kc")
    assert legal(r, "4c 6c 7c 3s 3s BJ 5c 8c", lead, "4c 6c 7c 3s 3s BJ")  # short: all trumps
    # The tractor of trumps keeps the trick against the follows (C-40).
    plays = [lead, "4s Ts As Kh Ks Ks", "2s 6s Js Qs Kh Kc", "4c 6c 7c 3s 3s BJ"]
    assert r.trick_winner(plays) == 0


@pytest.mark.parametrize(("protect", "kept"), [("none", False), ("tuples", True)])
def test_tro_12_game_case_after_test_tuple_protection_case(protect, kept):
    """After rbtying/shengji's `test_tuple_protection_case` (level 2, hearts declared, their
    game under LongerTuplesProtected): the thrown 9s 9s Ts Ts Ks stands, and the third seat
    may keep its 8s 8s 8s (TRO-12). With three copies of cards it needs 3 decks, which a
    Tractor game does not deal, so the trick is played through the trick rules."""
    r = rules(trump="h", level="2", decks=3, follow_format="pairs", follow_protect=protect)
    hands = [
        "9s 9s Ts Ts Ks 3s 4s 5s 7s 7s 2h",
        "3s 3s 5s 5s 7s 8s Js Qs 3c 4c 5c",
        "3s 5s Ts Js Qs 6s 8s 8s 8s 6c 7c",
        "6s 6s 6s 8c 9c Tc Jc Qc Kc Ac Ac",
    ]
    lead = "9s 9s Ts Ts Ks"
    assert r.check_throw(lead, hands[1:]).ok  # C-50
    assert legal(r, hands[1], lead, "3s 3s 5s 5s 7s")
    assert legal(r, hands[2], lead, "3s 5s Ts Js Qs") is kept
    assert legal(r, hands[3], lead, "6s 6s 6s 8c 9c")  # every spade, then any cards (C-30)


# --- C-40..C-51, TRO-50: who wins a trick ---------------------------------------------------


@pytest.mark.parametrize("judgement", JUDGEMENTS)
@pytest.mark.parametrize(
    ("name", "decks", "plays", "winner"),
    [
        ("test_play_singles_trick", 2, ["2s", "5s", "3s", "5s"], 1),  # C-42: the first 5s
        ("test_play_trump_trick", 2, ["2s", "4s", "3s", "5s"], 1),  # the level card 4s
        ("test_play_pairs_trick", 3, ["2s 2s", "3s 4s", "5s 5s", "3s 5s"], 2),
        # Their fourth seat plays 6s 6s 6s 6s, which 3 decks do not hold; here two pairs
        # of one level, 4h 4h 4d 4d, which are no tractor either (C-21).
        (
            "test_play_tractor_trick",
            3,
            ["2s 2s 3s 3s", "6s 6s 7s 7s", "2s 5s 5s 5s", "4h 4h 4d 4d"],
            1,
        ),
        ("test_throw_of_trump_rank_in_trump", 2, ["4h 4s", "4d 2s", "3s 3s", "3s 3s"], 0),
    ],
)
def test_c_40_simple_tricks_after_the_outside_trick_tests(name, decks, plays, winner, judgement):
    """After rbtying/shengji's trick tests run under every ThrowEvaluationPolicy (trump
    spades at level 4): the same winner under each of our throw judgements (C-40..C-42,
    TRO-50)."""
    r = rules(decks=decks, throw_judgement=judgement)
    assert r.trick_winner(plays) == winner, name


@pytest.mark.parametrize("judgement", JUDGEMENTS)
def test_c_40_ruffed_throws_after_the_outside_throw_tests(judgement):
    """After rbtying/shengji's `test_trump_throw_single_cards`,
    `test_trick_format_multi_parse` and `test_play_throw_trick_double_overflip`, each of
    one winner under every policy: the throw stands (C-50) and the best ruff takes it,
    judged by the best arrangement of its cards (C-41, TRO-53) under each TRO-50 value."""
    # Trump diamonds at level 5: LJ 5s beats 5c Ad; Qs Ad is not all trump (C-40).
    r = rules("d", "5", throw_judgement=judgement)
    assert r.check_throw("Ac Kc", ["5c Ad", "LJ 5s", "Qs Ad"]).ok
    assert r.trick_winner(["Ac Kc", "5c Ad", "LJ 5s", "Qs Ad"]) == 2
    # Trump clubs at level 2: 6c 6c 2c 2c read as the pair 2c 2c and two singles.
    r = rules("c", "2", throw_judgement=judgement)
    assert r.check_throw("8d 8d Jd Qd", ["5c 5c Ac 2s", "3s 3s 7c 8c", "6c 6c 2c 2c"]).ok
    assert r.trick_winner(["8d 8d Jd Qd", "5c 5c Ac 2s", "3s 3s 7c 8c", "6c 6c 2c 2c"]) == 3
    # Trump hearts at level 8: three pairs of clubs ruffed twice over.
    r = rules("h", "8", throw_judgement=judgement)
    plays = ["Ac Ac Qc Qc Tc Tc", "8s 8s 9h 9h 3h 3h", "8h 8h Kh Kh Th Th", "LJ LJ 8h 8h Kh Kh"]
    assert r.check_throw(plays[0], plays[1:]).ok
    assert r.trick_winner(plays) == 3


def test_tro_52_tro_53_after_test_throw_evaluation_policy_highest_card():
    """After rbtying/shengji's `test_throw_evaluation_policy_highest_card` (trump spades at
    level K): against the thrown 4c 6c, the ruffs 2s 3s, 3s 4s and 2s BJ. Under Highest
    (our `highest_card`, TRO-52) the BJ wins. Their default, All (our `every_unit`,
    TRO-53), keeps the trick for 3s 4s: its 4s beats 3s and its 3s beats 2s, but the last
    ruff's 2s does not beat 3s. Under `largest_unit` (TRO-51) the higher single, BJ, wins."""
    plays = ["4c 6c", "2s 3s", "3s 4s", "2s BJ"]
    assert rules(level="K", throw_judgement="highest_card").trick_winner(plays) == 3
    assert rules(level="K", throw_judgement="every_unit").trick_winner(plays) == 2
    assert rules(level="K", throw_judgement="largest_unit").trick_winner(plays) == 3


def test_tro_51_tro_52_tro_53_after_test_throw_evaluation_policy_trick_unit_length():
    """After rbtying/shengji's `test_throw_evaluation_policy_trick_unit_length` (trump
    spades at level 2, 3 decks): against the thrown Ah Kh Kh Kh 9h 9h, three ruffs with a
    triple, a pair and a single. Under Highest (our `highest_card`, TRO-52) the BJ wins.

    Where we differ: under TrickUnitLength the outside engine gives the trick to the
    third seat, whose triple 5s 5s 5s only equals the second seat's but whose pair As As
    is higher than Qs Qs. Our `largest_unit` (TRO-51) judges by the highest of the largest
    units alone (C-41), and on equal keys the earlier play keeps the trick (C-42): the
    second seat wins, as under their All, our `every_unit` (TRO-53), where the third
    seat's equal triple and the fourth's lower one do not beat the second seat's."""
    plays = ["Ah Kh Kh Kh 9h 9h", "5s 5s 5s Qs Qs As", "5s 5s 5s As As 4s", "4s 4s 4s 3s 3s BJ"]
    assert rules(level="2", decks=3, throw_judgement="highest_card").trick_winner(plays) == 3
    assert rules(level="2", decks=3, throw_judgement="largest_unit").trick_winner(plays) == 1
    assert rules(level="2", decks=3, throw_judgement="every_unit").trick_winner(plays) == 1


def test_tro_51_tro_53_after_test_play_throw_trick():
    """After rbtying/shengji's `test_play_throw_trick` (trump spades at level 4, their
    default All): the thrown 8h 8h 7h 2h, ruffed by the third seat's 2s 2s 3s 4s; their
    fourth seat's 4s 4s 4s 4s, four copies, is here 4s 4s 4s 3s (3 decks). Read as the
    pair 4s 4s with the singles 4s 3s, its pair beats 2s 2s but its singles only equal
    4s 3s: under `every_unit` (TRO-53), as under their All, the third seat keeps the
    trick, and under `highest_card` (TRO-52) too, its 4s being as high; under
    `largest_unit` (TRO-51) the higher pair takes it."""
    plays = ["8h 8h 7h 2h", "2h 2s 2s 2s", "2s 2s 3s 4s", "4s 4s 4s 3s"]
    r = {j: rules(decks=3, throw_judgement=j) for j in JUDGEMENTS}
    assert r["every_unit"].check_throw(plays[0], plays[1:]).ok
    assert r["every_unit"].trick_winner(plays) == 2
    assert r["highest_card"].trick_winner(plays) == 2
    assert r["largest_unit"].trick_winner(plays) == 3


@pytest.mark.parametrize("judgement", JUDGEMENTS)
def test_c_50_standing_throws_after_the_outside_tractor_throw_tests(judgement):
    """After rbtying/shengji's `test_play_throw_tractor_extra_cards` (trump spades at level
    4) and `test_play_throw_tractor_with_other_tractor_in_game` (trump hearts): the thrown
    Qs Qs Ks Ks As stands (C-50). Led in trump, it keeps the trick with its 25 points
    (C-43); led in plain spades, the tractor of trumps 2h 2h 3h 3h with Ah ruffs it. Their
    fourth seats hold five copies of a card; here five cards that cannot win."""
    r = rules(decks=3, throw_judgement=judgement)
    plays = ["Qs Qs Ks Ks As", "2s 3s 3s 5s 3h", "As As 3h 3h 3h", "3h 3h 3h 2h 2h"]
    assert r.check_throw(plays[0], plays[1:]).ok
    assert r.trick_winner(plays) == 0
    assert sum(c.points for p in plays for c in fenpai.cards(p)) == 25
    r = rules("h", decks=3, throw_judgement=judgement)
    plays = ["Qs Qs Ks Ks As", "2h 2h 3h Ah 3h", "As As 3s 3s 3s", "3s 3s 3s 5s 6s"]
    assert r.check_throw(plays[0], plays[1:]).ok
    assert r.trick_winner(plays) == 1


@pytest.mark.parametrize("judgement", JUDGEMENTS)
def test_c_51_failed_throw_after_test_play_throw_trick_failure(judgement):
    """After rbtying/shengji's `test_play_throw_trick_failure` (trump spades at level 4, 3
    decks): the thrown 8h 8h 7h 2h fails on the fourth seat's 3h, the single 2h is forced
    (C-51) and three cards go back; the second seat follows with its 2h, the third, void
    in hearts, ruffs with 3s and wins."""
    r = rules(decks=3, throw_judgement=judgement)
    check = r.check_throw("8h 8h 7h 2h", ["2h 2s 2s 2s", "2s 2s 3s 4s", "4s 4s 4s 3h"])
    assert not check.ok and fenpai.format_cards(check.forced) == "2h"
    assert r.trick_winner(["2h", "2h", "3s", "3h"]) == 2


# --- TR-40, TRO-30: the kitty's multiplier --------------------------------------------------


@pytest.mark.parametrize(
    ("name", "lead", "unit"),
    [
        ("test_play_singles_trick", "2s", 1),
        ("test_play_pairs_trick", "2s 2s", 2),
        ("test_play_tractor_trick", "2s 2s 3s 3s", 4),
        ("test_play_throw_trick", "8h 8h 7h 2h", 2),
        ("test_play_throw_trick_failure", "2h", 1),  # the forced play
        ("test_play_throw_tractor_extra_cards", "Qs Qs Ks Ks As", 4),
        ("test_throw_of_trump_rank_in_trump", "4h 4s", 1),
    ],
)
def test_tro_31_tro_32_kitty_multiplier_after_the_outside_trick_tests(name, lead, unit):
    """After the `largest_trick_unit_size` each of these rbtying/shengji tests asserts of
    its lead as it stood: their kitty multiplier is 2 × that size (Times) or 2 to its power
    (Power), and ours by TR-40's n under `linear` and `power` (TRO-31, TRO-32) agrees."""
    assert scoring.tractor_kitty_multiplier(lead, "linear") == 2 * unit, name
    assert scoring.tractor_kitty_multiplier(lead, "power") == 2**unit, name


def test_tro_31_tro_32_separate_pairs_count_each():
    """Where we differ: the outside engine multiplies by the lead's largest unit alone, so
    the three separate pairs thrown in `test_play_throw_trick_double_overflip` (Ac Ac Qc Qc
    Tc Tc) would count as one pair there (×4 under Times and under Power). TR-40 counts
    every disjoint pair of the lead: three pairs give ×12, and 2 to the power 6 under
    TRO-32."""
    assert scoring.tractor_kitty_multiplier("Ac Ac Qc Qc Tc Tc", "linear") == 12
    assert scoring.tractor_kitty_multiplier("Ac Ac Qc Qc Tc Tc", "power") == 64


# --- TR-42: the level change ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "side", "levels"),
    [
        (-35, "defenders", 3),
        (0, "defenders", 3),
        (5, "defenders", 2),
        (35, "defenders", 2),
        (40, "defenders", 1),
        (75, "defenders", 1),
        (80, "attackers", 0),
        (115, "attackers", 0),
        (120, "attackers", 1),
        (155, "attackers", 1),
        (160, "attackers", 2),
        (195, "attackers", 2),
        (200, "attackers", 3),
        (235, "attackers", 3),
        (240, "attackers", 4),
        (280, "attackers", 5),
        # Where we differ: the outside engine gives defenders one more level for each
        # further 40 points below zero (-40 → 4, -80 → 5); TR-42 gives 3 for any P ≤ 0.
        (-40, "defenders", 3),
        (-80, "defenders", 3),
    ],
)
def test_tr_42_after_test_level_deltas(points, side, levels):
    """After rbtying/shengji's `test_level_deltas` under their default scoring parameters
    without the bonus level (which only a smaller dealing team gets): steps of 40 points
    with two decks, attackers taking over at 80 (TR-42, which has no option)."""
    assert scoring.tractor(points) == (side, levels)


# --- TRO-40: must-defend levels -------------------------------------------------------------

MUST_DEFEND = {"Unrestricted": "A", "DefendPoints": "5_10_K_A", "FullyUnrestricted": "none"}


def climb(must_defend, gained, defending, hands):
    """A team's level after each of `hands` hands that give it `gained` levels, from 2
    (TR-42, TRO-40); "won" once it passes A (TR-30)."""
    level, seen = "2", []
    for _ in range(hands):
        level, passed = scoring.tractor_advance_level(
            level, gained, defending, scoring.TRACTOR_MUST_DEFEND[must_defend]
        )
        seen.append("won" if passed else level)
        if passed:
            break
    return seen


@pytest.mark.parametrize("policy", list(MUST_DEFEND))
def test_tro_40_one_level_a_hand_after_test_must_defend_sequence_landlord_advancing_no_nt(
    policy,
):
    """After rbtying/shengji's `test_must_defend_sequence_landlord_advancing_no_nt` (their
    top level A): defenders going up one level a hand stop nowhere on the way, whatever
    the must-defend levels (TRO-41..TRO-43), and pass A from A (their level goes back
    to 2; here the match is won)."""
    assert climb(MUST_DEFEND[policy], 1, True, 14) == [*"3456789TJQKA", "won"]


@pytest.mark.parametrize(
    ("policy", "expected"),
    [
        ("Unrestricted", ["4", "6", "8", "T", "Q", "A"]),
        ("FullyUnrestricted", ["4", "6", "8", "T", "Q", "A"]),
        ("DefendPoints", ["4", "5", "7", "9", "T", "Q", "K", "A"]),
    ],
)
def test_tro_40_defenders_by_two_after_test_must_defend_sequence_skip_by_2(policy, expected):
    """After rbtying/shengji's `test_must_defend_sequence_landlord_advancing_skip_by_2`:
    defenders gaining two levels a hand stop at 5, 10 and K under DefendPoints (TRO-42)
    and go on from them the next hand. Their top level there is NT, past A; ours is A, so
    the sequence is the same up to A, from which defenders pass A and win (TR-30; a top
    level past A is `final_level="no_trump"`, TRO-92)."""
    assert climb(MUST_DEFEND[policy], 2, True, 14) == [*expected, "won"]


@pytest.mark.parametrize(
    ("policy", "expected"),
    [
        ("Unrestricted", ["4", "6", "8", "T", "Q", "A", "A"]),  # stuck at A: not defending
        ("FullyUnrestricted", ["4", "6", "8", "T", "Q", "A", "won"]),
        ("DefendPoints", ["4", "5", "5"]),  # stuck at 5: not defending
    ],
)
def test_tro_40_attackers_by_two_after_test_must_defend_sequence_non_landlord_advancing(
    policy, expected
):
    """After rbtying/shengji's `test_must_defend_sequence_non_landlord_advancing`:
    attackers who take over gaining two levels a hand stop at a must-defend level and stay
    there (TRO-40); with none, they pass A (TRO-43: their level goes back to 2, here the
    match is won)."""
    assert climb(MUST_DEFEND[policy], 2, False, len(expected)) == expected


def test_tro_42_after_test_player_level_deltas():
    """After rbtying/shengji's `test_player_level_deltas` under DefendPoints, one team at a
    time (there both teams go up in one made-up hand): from 4, two levels stop at 5 for
    either side; from 5, defenders go on to 7 and attackers stay; then 7 → 9."""
    stops = scoring.TRACTOR_MUST_DEFEND["5_10_K_A"]
    assert scoring.tractor_advance_level("4", 2, True, stops) == ("5", False)
    assert scoring.tractor_advance_level("4", 2, False, stops) == ("5", False)
    assert scoring.tractor_advance_level("5", 2, True, stops) == ("7", False)
    assert scoring.tractor_advance_level("5", 2, False, stops) == ("5", False)
    assert scoring.tractor_advance_level("7", 2, True, stops) == ("9", False)


# --- TRO-80: the J rule ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "points", "levels", "changes"),
    [
        # Neither side goes up (80 ≤ P < 120): the dealer's team is sent back to 2.
        ("test_jack_variation_landlord_loses", 100, ("2", "2"), [-9, 0]),
        # The dealer's team holds and goes up 2 (0 < P < 40): from 2, to 4.
        ("test_jack_variation_landlord_advances_multiple", 20, ("4", "2"), [-7, 0]),
        # The attackers go up 2 (160 ≤ P < 200); the dealer's team is sent back to 2.
        ("test_jack_variation_non_landlord_advances", 170, ("2", "4"), [-9, 2]),
    ],
)
def test_tro_82_after_the_outside_jack_variation_tests(name, points, levels, changes):
    """After rbtying/shengji's jack-variation tests (SingleJack, trump spades at level J,
    the must-defend levels of DefendPoints): seat 1, attacking, wins the last trick 2s Js
    2s 3s with its single Js, and the dealer's team (seats 0 and 2) goes back to 2 before
    its level change (TRO-82). (Their attackers start at 2; here too.)"""
    r = rules("s", "J")
    assert r.trick_winner(["2s", "Js", "2s", "3s"]) == 1
    assert scoring.tractor_jack_rule("J", 0, 1, "Js")
    outcome = scoring.tractor_hand_outcome(
        points, 0, ("J", "2"), scoring.TRACTOR_MUST_DEFEND["5_10_K_A"], back_to_2=True
    )
    assert outcome["levels"] == levels, name
    assert scoring.tractor_level_changes(("J", "2"), levels, outcome["match_winner"]) == changes
    # TRO-81: without the rule the dealer's team keeps J or goes up from it.
    plain = scoring.tractor_hand_outcome(points, 0, ("J", "2"), ("5", "T", "K", "A"))
    assert plain["levels"][0] != "2"


# --- TR-10, TR-11, TRO-70, TRO-100: declarations --------------------------------------------


def offered(first, other, order="equal"):
    """The declarations seat 0 is offered when it receives its last card of `first` (its
    cards in the order dealt). Seat 0 declares its first card, a single level card (their
    bid of one 2c); seat 1 then declares its pair `other` (their other player's bid), if
    any. Returns (the offer, the declarations so far)."""
    hands = [first, other or ""]
    g = fenpai.new_game("tractor", deck=scripted_deck(hands), first_seat=0, declaration_order=order)
    last = 4 * (len(first.split()) - 1) + 1
    while True:
        (seat,) = g.to_act
        dealt = g.view()["cards_dealt"]
        if (seat, dealt) == (0, last):
            return g.legal_actions(0), g.view()["declarations"]
        if (seat, dealt) == (0, 1):
            g.apply(0, f"declare {first.split()[0]}")
        elif other and (seat, dealt) == (1, 6):
            g.apply(1, f"declare {other}")
        else:
            g.apply(seat, "pass")


def test_tr_10_tr_11_after_test_valid_bids():
    """After rbtying/shengji's `test_valid_bids` (JokerOrGreaterLength, ReinforceWhileWinning,
    the joker pairs only, BothTwoOrMore; our default TR-10, TR-11) with their hand of
    2c 2c 2c 2s 2s LJ LJ BJ BJ less its third 2c, and less the copies another seat shows
    (two decks)."""
    # Nobody has declared: every single and pair of level cards, and the joker pairs.
    hand = "LJ 2c 2s 2s LJ BJ BJ 2c"  # the first card is no level card: no declaration
    g = fenpai.new_game("tractor", deck=scripted_deck([hand]), first_seat=0)
    while g.view()["cards_dealt"] < 29 or g.to_act != [0]:
        g.apply(g.to_act[0], "pass")
    assert set(g.legal_actions(0)) == {
        "declare 2s",
        "declare 2s 2s",
        "declare 2c",
        "declare 2c 2c",
        "declare LJ LJ",
        "declare BJ BJ",
        "pass",
    }
    # Seat 0's 2c stands: it may only reinforce it (TR-11).
    assert offered("2c 2s 2s LJ LJ BJ BJ 2c", None) == (
        ["declare 2c 2c", "pass"],
        [[0, "2c"]],
    )
    # Overcalled by 2s 2s: only the joker pairs are stronger (TR-10).
    assert offered("2c LJ LJ BJ BJ 2c", "2s 2s")[0] == ["declare LJ LJ", "declare BJ BJ", "pass"]


@pytest.mark.parametrize(
    ("first", "other", "equal", "suit"),
    [
        ("2c LJ LJ BJ BJ 2c", "2s 2s", ["LJ LJ", "BJ BJ"], ["LJ LJ", "BJ BJ"]),
        ("2c 2s 2s LJ LJ BJ BJ 2c", "2h 2h", ["LJ LJ", "BJ BJ"], ["2s 2s", "LJ LJ", "BJ BJ"]),
        (
            "2c 2s 2s LJ LJ BJ BJ 2c",
            "2d 2d",
            ["LJ LJ", "BJ BJ"],
            ["2s 2s", "2c 2c", "LJ LJ", "BJ BJ"],
        ),
        ("2c 2s 2s BJ BJ 2c", "LJ LJ", ["BJ BJ"], ["BJ BJ"]),
        ("2c 2s 2s LJ LJ 2c", "BJ BJ", [], []),
    ],
)
def test_tro_72_after_test_valid_bids_joker_or_higher_suit(first, other, equal, suit):
    """After rbtying/shengji's `test_valid_bids_joker_or_higher_suit` (JokerOrHigherSuit,
    our `declaration_order="suit"`, TRO-72: spades > hearts > clubs > diamonds at equal
    strength; the joker pairs above every pair of level cards). Seat 0 declared 2c and
    seat 1 overcalled with a pair; seat 0 is offered only stronger declarations (TR-11).
    Their cases of a third copy are left out. Under `"equal"` (TRO-71) no pair of level
    cards overcalls another.

    (Their JokerOrHigherSuit orders pairs only; TRO-72 orders single level cards by suit
    too: no case here turns on it.)"""
    for order, expected in [("equal", equal), ("suit", suit)]:
        actions, declarations = offered(first, other, order)
        assert declarations == [[0, "2c"], [1, other]]
        assert actions == [*(f"declare {d}" for d in expected), "pass"], order


def test_tr_11_after_test_bid_sequence():
    """After rbtying/shengji's `test_bid_sequence` (their default bid policies, our TR-10,
    TR-11): seat 0 declares 2h and reinforces it to 2h 2h, seat 2 overcalls with LJ LJ,
    seat 1 with BJ BJ; seat 0 may not declare 2h 2h again."""
    deck = scripted_deck(["2h 2h", "BJ BJ", "LJ LJ", "2s 2s"])
    g = fenpai.new_game("tractor", deck=deck, first_seat=0)
    plan = {
        (0, 1): "declare 2h",
        (0, 5): "declare 2h 2h",
        (2, 7): "declare LJ LJ",
        (1, 10): "declare BJ BJ",
    }
    while g.view()["cards_dealt"] < 13 or g.to_act != [0]:
        (seat,) = g.to_act
        g.apply(seat, plan.get((seat, g.view()["cards_dealt"]), "pass"))
    assert g.view()["declarations"] == [[0, "2h"], [0, "2h 2h"], [2, "LJ LJ"], [1, "BJ BJ"]]
    assert g.legal_actions(0) == ["pass"]


def test_tro_112_after_test_kitty_stealing_bid_sequence():
    """After rbtying/shengji's `test_kitty_stealing_bid_sequence` (AllowKittyTheft, our
    `kitty_theft="allowed"`, TRO-112): seat 0 declares 2h and buries; seat 2 steals with
    LJ LJ and holds the kitty, so the play cannot start; seat 1 steals with BJ BJ; seat 0
    may not declare 2h 2h then, and three passes start the play.

    (Theirs lets the standing declarer reinforce at any moment of the exchange, and its
    first step is seat 0 reinforcing to 2h 2h there. TRO-112 asks the seats in rounds from
    the one after the burier, so seat 0 is first asked once LJ LJ stands, and its 2h 2h
    is then refused as too weak, as theirs refuses it after BJ BJ.)"""
    deck = scripted_deck(["2h 2h", "BJ BJ", "LJ LJ"])
    g = fenpai.new_game("tractor", deck=deck, first_seat=0, dealer=0, kitty_theft="allowed")
    while g.phase == "deal":
        (seat,) = g.to_act
        g.apply(seat, "declare 2h" if (seat, g.view()["cards_dealt"]) == (0, 1) else "pass")

    def bury_what_was_taken(seat):
        assert (g.to_act, g.view()["kitty_stage"], g.view()["kitty_holder"]) == (
            [seat],
            "bury",
            seat,
        )
        g.apply(seat, f"bury {g.view(seat)['kitty_cards']}")

    bury_what_was_taken(0)
    g.apply(1, "pass")
    g.apply(2, "declare LJ LJ")
    assert (g.phase, g.view()["trump"]) == ("kitty", None)  # no play while seat 2 holds it
    bury_what_was_taken(2)
    g.apply(3, "pass")
    weaker = g.to_json()
    with pytest.raises(fenpai.IllegalAction, match="stronger than seat 2's standing LJ LJ"):
        g.apply(0, "declare 2h 2h")
    assert g.to_json() == weaker
    g.apply(0, "pass")
    g.apply(1, "declare BJ BJ")
    bury_what_was_taken(1)
    for seat in (2, 3):
        g.apply(seat, "pass")
    with pytest.raises(fenpai.IllegalAction, match="stronger than seat 1's standing BJ BJ"):
        g.apply(0, "declare 2h 2h")
    g.apply(0, "pass")
    assert g.view()["declarations"] == [[0, "2h"], [2, "LJ LJ"], [1, "BJ BJ"]]
    assert (g.phase, g.to_act, g.dealer, g.view()["kitty_holder"]) == ("play", [0], 0, 1)


# --- TRO-160..TRO-165: bombs (BombPolicy) -----------------------------------------------
# From their `test_*bomb*` cases in mechanics/src/trick.rs, the bombs of exactly four
# cards; `test_bomb_six_cards_beats_six_card_tractor` and
# `test_larger_bomb_beats_smaller_bomb_regardless_of_order` play six copies of a card,
# which four decks do not hold, and are left out.

FILLER = "3s 5s 6s 7s"


def bombs(policy, trump="s"):
    """Their BombPolicy as our trick rules, four decks (TRO-160)."""
    value = {"NoBombs": "none", "AllowBombs": "any_suit", "Suit": "suit_following"}[policy]
    return rules(trump=trump, decks=4, bombs=value)


def test_tro_165_after_test_bomb_beats_tractor():
    """A trump bomb `2s 2s 2s 2s` on a trump tractor takes the trick."""
    assert bombs("AllowBombs").trick_winner(["8s 8s 9s 9s", "2s 2s 2s 2s", FILLER, FILLER]) == 1


def test_tro_165_after_test_higher_bomb_beats_lower_bomb():
    plays = ["8s 8s 9s 9s", "2s 2s 2s 2s", "3s 3s 3s 3s", "5s 6s 7s Ts"]
    assert bombs("AllowBombs").trick_winner(plays) == 2


def test_tro_161_after_test_bomb_not_allowed_when_policy_disabled():
    """No bombs: the tractor keeps the trick (the quadruple is lower, TRO-124)."""
    assert bombs("NoBombs").trick_winner(["8s 8s 9s 9s", "2s 2s 2s 2s", FILLER, FILLER]) == 0


def test_tro_165_after_test_trump_bomb_beats_non_trump_bomb():
    """Trump hearts at 4: the plain spade bomb is beaten by the trump bomb `3h x4`."""
    plays = ["8s 8s 9s 9s", "2s 2s 2s 2s", "3h 3h 3h 3h", "5s 6s 7s Ts"]
    assert bombs("AllowBombs", trump="h").trick_winner(plays) == 2


def test_tro_162_after_test_three_identical_cards_not_a_bomb():
    """Three cards: no bomb, the lead of three cards is judged as always (C-41)."""
    r = bombs("AllowBombs")
    assert r.trick_winner(["8s 8s 9s", "2s 2s 2s", "3s 5s 6s", "3s 5s 6s"]) == 0


def test_tro_164_after_test_bomb_suit_following_same_suit_allowed():
    r = bombs("Suit")
    assert legal(r, "2s 2s 2s 2s", "8s 8s 9s 9s", "2s 2s 2s 2s")
    assert r.trick_winner(["8s 8s 9s 9s", "2s 2s 2s 2s", FILLER, FILLER]) == 1


def test_tro_164_after_test_bomb_suit_following_off_suit_rejected_when_has_led_suit():
    """Their NoProtections draw (our `full`); holding `3s`, the diamond bomb is refused."""
    r = rules(trump="h", decks=4, bombs="suit_following", follow_format="full")
    assert not legal(r, "2d 2d 2d 2d 3s", "8s 8s 9s 9s", "2d 2d 2d 2d")
    # Under `any_suit` (their AllowBombs) it may be played.
    r = rules(trump="h", decks=4, bombs="any_suit", follow_format="full")
    assert legal(r, "2d 2d 2d 2d 3s", "8s 8s 9s 9s", "2d 2d 2d 2d")


def test_tro_164_after_test_bomb_suit_following_off_suit_allowed_when_void():
    r = bombs("Suit", trump="h")
    assert legal(r, "2d 2d 2d 2d", "8s 8s 9s 9s", "2d 2d 2d 2d")
    assert r.trick_winner(["8s 8s 9s 9s", "2d 2d 2d 2d", FILLER, FILLER]) == 1


def test_tro_164_after_test_bomb_suit_following_trump_bomb_allowed():
    r = bombs("Suit", trump="h")
    assert legal(r, "3h 3h 3h 3h 5s", "8s 8s 9s 9s", "3h 3h 3h 3h")
    assert r.trick_winner(["8s 8s 9s 9s", "3h 3h 3h 3h", FILLER, FILLER]) == 1


@pytest.mark.parametrize(("lead", "bomb", "winner"), [("Jh", "2h", 0), ("2h", "Jh", 1)])
def test_tro_165_after_test_leader_bomb_and_higher_bomb(lead, bomb, winner):
    """Their `test_leader_bomb_not_beaten_by_lower_bomb` and
    `test_higher_bomb_beats_leader_bomb`: a led quadruple is a bomb, beaten only by a
    higher one (hearts plain under trump spades)."""
    plays = [" ".join([lead] * 4), " ".join([bomb] * 4), "5c 6c 7c 8c", "5c 6c 7c 8c"]
    assert bombs("AllowBombs").trick_winner(plays) == winner
