"""Small phrases the screens share: seats, suits, lists of seats and plays."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

SUIT_NAMES = {"s": "spades", "h": "hearts", "c": "clubs", "d": "diamonds"}


def seat_name(seat: int, me: int | None) -> str:
    """`you` for the human's seat, else `seat N`."""
    return "you" if me is not None and seat == me else f"seat {seat}"


def verb(seat: int, me: int | None, third_person: str, second_person: str) -> str:
    """`seat 2 plays` / `you play`."""
    you = me is not None and seat == me
    return f"{seat_name(seat, me)} {second_person if you else third_person}"


def trump_name(suit: str | None) -> str:
    return "no trump" if suit is None else f"trump {SUIT_NAMES.get(suit, suit)}"


def seats(items: Iterable[int], me: int | None = None) -> str:
    """`seats 1 and 3`, `seat 2`, `nobody`."""
    names = [str(s) for s in items]
    if not names:
        return "nobody"
    if len(names) == 1:
        return seat_name(int(names[0]), me)
    return "seats " + ", ".join(names[:-1]) + " and " + names[-1]


def plays(entries: Sequence[Sequence[object]]) -> str:
    """`seat 3 As · seat 0 Ks`: (seat, cards) pairs in order."""
    return " · ".join(f"seat {s} {cs}" for s, cs in entries)


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
