"""The card-by-card pick mask of a trick play (`TrickPlay.pick_options`, C-24, C-30,
C-31, R5-22), answered on the legal plays' structure, against the same answer found by
listing the plays (`pick_options_listed`): random hands in every variant and
`follow_format`, clumped so that long suits, voids and huge follows come up."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import fenpai
from fenpai import TrickRules
from fenpai._core import TrickPlay

ALL = fenpai.cards(" ".join(r + s for s in "shcd" for r in "23456789TJQKA") + " LJ BJ")
PLAYERS = {"red_five_4p": 4, "red_five_5p": 5, "tractor": 4}
#: The oracle lists the plays: positions with more are played through unchecked.
ORACLE_LIMIT = 200_000


def clumped_hands(rng: random.Random, decks: int, players: int) -> list[list[fenpai.Card]]:
    """The decks shuffled, cut into sorted runs and dealt in blocks: long suits, pairs
    and voids."""
    deck = [c for c in ALL for _ in range(decks)]
    rng.shuffle(deck)
    at = 0
    while at < len(deck):
        end = min(at + rng.randint(1, 20), len(deck))
        deck[at:end] = sorted(deck[at:end], key=lambda c: c.index)
        at = end
    size = len(deck) // players
    return [deck[i * size : (i + 1) * size] for i in range(players)]


@settings(max_examples=30, deadline=None)
@given(
    variant=st.sampled_from(sorted(PLAYERS)),
    follow_format=st.sampled_from(["exact", "pairs", "full", "off"]),
    throws=st.booleans(),
    forbid_grab=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_c_30_c_31_pick_options_agree_with_listing_the_plays(
    variant, follow_format, throws, forbid_grab, seed
):
    rng = random.Random(seed)
    if variant == "tractor":
        trump, level = rng.choice(["s", "h", "c", "d", None]), rng.choice("23456789TJQKA")
    else:
        trump, level = rng.choice("shcd"), "2"
    rules = TrickRules(variant, trump, level, follow_format=follow_format, throws=throws)
    players = PLAYERS[variant]
    play = TrickPlay(rules, clumped_hands(rng, rules.decks, players), rng.randrange(players))
    if variant != "tractor":  # R5-22: a call card, grabbing it forbidden or not
        play.set_call(rng.choice(ALL), 0, forbid_grab=forbid_grab)
    while play.to_act is not None:
        count = play.num_legal()
        if count <= ORACLE_LIMIT:
            picked = [0] * len(ALL)
            while True:
                fast = play.pick_options(picked)
                assert fast == play.pick_options_listed(picked), picked
                kinds = [k for k, ok in enumerate(fast[0]) if ok]
                if not kinds or (fast[1] and rng.random() < 0.3):
                    break
                picked[rng.choice(kinds)] += 1
        play.apply_legal(rng.randrange(count))
