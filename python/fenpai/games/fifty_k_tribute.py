"""Fifty-K's tribute between the hands of a match (FKO-40..FKO-48): who gives and who
receives from the previous hand's places, the check of the options, and what the views
show of the tribute. Its legal moves are the core's `FiftyKTribute`, which
`fenpai.games.fifty_k` makes from the deal."""

from __future__ import annotations

from typing import Any

from fenpai._core import FiftyKTribute


def is_order(value: Any) -> bool:
    """Whether `value` may be a `previous_order`: None, or a list of seat numbers (their
    count and uniqueness are checked against `players`, FKO-43)."""
    if value is None:
        return True
    return isinstance(value, (list, tuple)) and all(
        isinstance(s, int) and not isinstance(s, bool) for s in value
    )


def check_tribute(options: dict[str, Any]) -> None:
    """FKO-43: `previous_order` names every seat once and comes with a tribute; a
    ValueError names the option."""
    order, players = options["previous_order"], options["players"]
    if order is None:
        return
    if options["tribute"] == "none":
        raise ValueError(
            "option previous_order is the tribute's (FKO-43): it needs tribute='highest', "
            "not tribute='none'"
        )
    if sorted(order) != list(range(players)):
        raise ValueError(
            f"option previous_order must name every seat 0..{players - 1} once, first out "
            f"to last (FKO-43), not {list(order)!r}"
        )


def places(result: dict[str, Any], players: int) -> list[int]:
    """FKO-43: a finished hand's places, first to last: the players in the order they
    went out, then the players still in by their card points, highest first (on a tie in
    play order from the first player out)."""
    out = list(result["finish_order"])
    first = out[0]
    points = result["card_points"]
    still_in = [s for s in range(players) if s not in out]
    still_in.sort(key=lambda s: (-points[s], (s - first) % players))
    return out + still_in


def tribute_seats(order: list[int], players: int) -> tuple[int, int]:
    """FKO-43: (giver, receiver): the first of the places receives; the last gives,
    with teams the last of the other team's players."""
    receiver = order[0]
    if players % 2:
        return order[-1], receiver
    others = [s for s in order if s % 2 != receiver % 2]
    return others[-1], receiver


def tribute_view(tribute: FiftyKTribute, dealing: bool) -> dict[str, Any]:
    """FKO-48: what everyone sees of the tribute: the giver, the receiver, whether the
    giver is exempt, the card given (None until given) and what is due while `dealing`
    (the hand's phase is "deal", FKO-42)."""
    return {
        "giver": tribute.giver,
        "receiver": tribute.receiver,
        "exempt": tribute.exempt,
        "card": tribute.tributed,
        "due": tribute_due(tribute) if dealing else None,
    }


def tribute_due(tribute: FiftyKTribute) -> str | None:
    """FKO-42: what the deal waits for: "tribute" (FKO-44), then "return" (FKO-46);
    None once both are done or the giver is exempt (FKO-45)."""
    if tribute.done:
        return None
    return "tribute" if tribute.tributed is None else "return"


def sees_return(tribute: FiftyKTribute, seat: int | None) -> bool:
    """FKO-48: whether `seat` sees the card returned: the giver and the receiver only."""
    return seat in (tribute.giver, tribute.receiver)
