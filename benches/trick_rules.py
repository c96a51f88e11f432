"""Benchmark of the trick-taking core from Python on realistic random positions.

Deals real hands (Tractor 2 decks x 25 cards, Red Five 5p 3 decks x 31, Red Five 4p
3 decks x 39 with throws on), leads single units, pairs or tractors and whole-suit
throws, and times each call of `follow_error`, `legal_follows`, `count_follows`,
`trick_winner` and `check_throw`. Prints medians in microseconds and each median as a
ratio to a reference measured in the same run: the cheapest native call there is
(`TrickRules.is_trump` on one card), so the figures can be compared across machines.

    python benches/trick_rules.py [--positions 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

import fenpai

DECK = fenpai.cards(" ".join(r + s for s in "shcd" for r in "23456789TJQKA") + " LJ BJ")

SETUPS = {
    "tractor 2 decks": dict(variant="tractor", decks=2, players=4, hand=25),
    "red_five_5p 3 decks": dict(variant="red_five_5p", decks=3, players=5, hand=31),
    "red_five_4p 3 decks (throws on)": dict(variant="red_five_4p", decks=3, players=4, hand=39),
}


def make_rules(setup: dict, rng: random.Random) -> fenpai.TrickRules:
    if setup["variant"] == "tractor":
        return fenpai.TrickRules(
            "tractor",
            trump=rng.choice(["s", "h", "c", "d", None]),
            level=rng.choice("23456789TJQKA"),
        )
    extra = {"throws": True} if setup["variant"] == "red_five_4p" else {}
    return fenpai.TrickRules(
        setup["variant"], trump=rng.choice("shcd"), decks=setup["decks"], **extra
    )


def positions(setup: dict, count: int, rng: random.Random, kind: str):
    """Yields (rules, lead, follower hands) with leads of the given kind."""
    made = 0
    while made < count:
        rules = make_rules(setup, rng)
        deck = DECK * setup["decks"]
        rng.shuffle(deck)
        n = setup["hand"]
        hands = [deck[i * n : (i + 1) * n] for i in range(setup["players"])]
        leader = rules.sort(hands[0])
        groups: dict[str, list] = {}
        for c in leader:
            groups.setdefault("T" if rules.is_trump(c) else c.suit, []).append(c)
        suit = rng.choice(list(groups))
        fmt = rules.classify(groups[suit])
        if fmt is None:
            continue
        comps = [cs for k, cs in fmt.components]
        if kind == "single":
            lead = [rng.choice(groups[suit])]
        elif kind == "unit":
            units = [cs for k, cs in fmt.components if k != "single"]
            if not units:
                continue
            lead = rng.choice(units)
        else:
            if len(comps) < 3:
                continue
            lead = groups[suit]
        made += 1
        yield rules, lead, hands[1:]


def median_us(calls: list[Callable[[], object]]) -> float:
    times = []
    clock = time.perf_counter_ns
    for call in calls:
        t0 = clock()
        call()
        times.append(clock() - t0)
    return statistics.median(times) / 1000


def bench(setup: dict, kind: str, count: int, rng: random.Random) -> dict[str, float]:
    follow_err, legal, counting, winner, throw, ref = [], [], [], [], [], []
    limit = 1000 if kind == "throw" else None
    for rules, lead, followers in positions(setup, count, rng, kind):
        hand = followers[0]
        play = rules.legal_follows(hand, lead, 1)[0]
        plays = [lead] + [rules.legal_follows(h, lead, 1)[0] for h in followers]
        follow_err.append(lambda r=rules, h=hand, ld=lead, p=play: r.follow_error(h, ld, p))
        legal.append(lambda r=rules, h=hand, ld=lead: r.legal_follows(h, ld, limit))
        counting.append(lambda r=rules, h=hand, ld=lead: r.count_follows(h, ld))
        winner.append(lambda r=rules, ps=plays: r.trick_winner(ps))
        throw.append(lambda r=rules, ld=lead, fs=followers: r.check_throw(ld, fs))
        ref.append(lambda r=rules, c=lead[0]: r.is_trump(c))
    return {
        "reference (is_trump)": median_us(ref),
        "follow_error": median_us(follow_err),
        "legal_follows" + (" limit=1000" if limit else ""): median_us(legal),
        "count_follows": median_us(counting),
        "trick_winner": median_us(winner),
        "check_throw": median_us(throw),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    console = Console()
    for name, setup in SETUPS.items():
        table = Table(title=f"{name}: median µs per call (× reference)")
        table.add_column("operation")
        kinds = {"single": "single lead", "unit": "pair/triple/tractor lead", "throw": "throw"}
        results = {k: bench(setup, k, args.positions, rng) for k in kinds}
        for label in kinds.values():
            table.add_column(label, justify="right")
        for op in results["single"]:
            cells = []
            for k in kinds:
                res = results[k]
                key = op if op in res else op + " limit=1000"
                value = res.get(key, res.get(op.replace(" limit=1000", "")))
                ratio = value / res["reference (is_trump)"]
                cells.append(f"{value:.2f} ({ratio:.1f}×)")
            table.add_row(op, *cells)
        console.print(table)


if __name__ == "__main__":
    main()
