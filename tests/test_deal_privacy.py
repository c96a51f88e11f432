"""Who is asked during the deal is public (TR-12, R5-10..R5-12): every receiver of a
card is asked, whatever it holds, so `to_act`, the history and the views never tell
that a seat holds a level card, a joker pair or a 2. Random decks, scripted (C-5)."""

import random

import pytest

import fenpai

ONE_DECK = [r + s for s in "shcd" for r in "23456789TJQKA"] + ["LJ", "BJ"]
#: variant: (players, decks, cards dealt to the players)
SETUPS = {"tractor": (4, 2, 100), "red_five_5p": (5, 3, 155)}
#: R5-12: from the 146th card on only the 原庄 is asked.
R5_LAST_ROUNDS_FROM = 145
SEEDS = range(12)


def shuffled(rng: random.Random, decks: int) -> list[str]:
    deck = ONE_DECK * decks
    rng.shuffle(deck)
    return deck


def new(variant: str, deck: list[str], first: int, prev: int, **options) -> fenpai.Game:
    if variant == "red_five_5p":
        options["prev_declarer"] = prev
    return fenpai.new_game(variant, deck=" ".join(deck), first_seat=first, **options)


def run_deal(variant, deck, first, prev, chooser, seed, **options):
    """Plays the deal: `chooser` declares now and then among its options (seeded), every
    other seat passes. Returns, per question, the seat asked, the chooser's view and the
    public view; and the history."""
    g = new(variant, deck, first, prev, **options)
    rng = random.Random(seed)
    trace = []
    while g.phase == "deal":
        (seat,) = g.to_act
        trace.append((seat, g.view(chooser), g.view()))
        legal = g.legal_actions(seat)
        declare = seat == chooser and len(legal) > 1 and rng.random() < 0.2
        g.apply(seat, rng.choice(legal[:-1]) if declare else "pass")
    return trace, g.history


def expected_asked(variant, history, first, prev):
    """The seats TR-12 / R5-10..R5-12 ask, from public facts only: the deal order, the
    原庄 `prev` and the answers in `history` (a declaration restarts the count of the
    final round; a reveal ends the asking)."""
    players, _, dealt = SETUPS[variant]
    receivers = [(first + i) % players for i in range(dealt)]
    if variant == "red_five_5p":
        asked = [s for i, s in enumerate(receivers) if i < R5_LAST_ROUNDS_FROM or s == prev]
        revealed = next((k for k, (_, a) in enumerate(history) if a != "pass"), None)
        return asked if revealed is None else asked[: revealed + 1]
    final, passes, k = [], 0, 0
    answers = [a for _, a in history[dealt:]]
    while passes < players:
        final.append((first + dealt + k) % players)
        passes = passes + 1 if answers[k] == "pass" else 0
        k += 1
    return receivers + final


@pytest.mark.parametrize("variant", sorted(SETUPS))
def test_tr_12_r5_10_every_receiver_is_asked_in_deal_order(variant):
    players, decks, _ = SETUPS[variant]
    for seed in SEEDS:
        rng = random.Random(seed)
        first, prev, chooser = (rng.randrange(players) for _ in range(3))
        trace, history = run_deal(variant, shuffled(rng, decks), first, prev, chooser, seed)
        asked = [seat for seat, _, _ in trace]
        assert asked == [s for s, _ in history], f"seed {seed}"
        assert asked == expected_asked(variant, history, first, prev), f"seed {seed}"


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("red_five_5p", {}),
        ("tractor", {}),
        # TRO-62: the dealer shown from the first declaration on tells nothing hidden.
        ("tractor", {"first_dealer": "first_declaration"}),
        # TRO-72: equal-strength overcalls by suit.
        ("tractor", {"declaration_order": "suit"}),
        # TRO-102: overcalls by the number of cards only.
        ("tractor", {"declaration_strength": "more_cards"}),
        # TRO-153: a seat overcalling its own declaration shows only what it declares.
        ("tractor", {"reinforce": "or_overturn", "joker_declarations": "big_only"}),
        # TRO-92: a hand at the no-trump level, where nothing is declared.
        ("tractor", {"levels": ("NT", "NT"), "final_level": "no_trump"}),
    ],
)
def test_tr_12_r5_10_who_is_asked_does_not_depend_on_cards_a_seat_cannot_see(variant, options):
    """Swapping two cards the chooser never sees (other seats' cards, the undealt ones
    and the kitty) changes neither who is asked nor anything in the chooser's view or
    the public view, as long as everyone answers the same."""
    players, decks, dealt = SETUPS[variant]
    for seed in SEEDS:
        rng = random.Random(seed)
        first, prev, chooser = (rng.randrange(players) for _ in range(3))
        deck = shuffled(rng, decks)
        hidden = [i for i in range(len(deck)) if i >= dealt or (first + i) % players != chooser]
        i, j = rng.sample(hidden, 2)
        swapped = list(deck)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        before = run_deal(variant, deck, first, prev, chooser, seed, **options)
        after = run_deal(variant, swapped, first, prev, chooser, seed, **options)
        assert [t[0] for t in after[0]] == [t[0] for t in before[0]], f"seed {seed}"
        assert after == before, f"seed {seed}: swapped positions {i} and {j}"
