"""The end of a hand, readable: who won, a table of points per seat, and the facts that
decided it (levels, bid, kitty, failed throws), from the game's `result` and final view."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from fenpai.cli.words import ordinal, seat_name, seats, trump_name
from fenpai.games.base import Game


def show_summary(console: Console, game: Game, me: int | None) -> None:
    """The summary of a finished hand, told to `me` (None: a replay)."""
    result = game.result or {}
    view = game.view(None)
    n = game.num_players
    points = result.get("game_points", [0] * n)
    if result.get("escaped") is not None:
        rule = " (R5-43)" if game.variant == "red_five_5p" else ", which is void"
        console.print(f"[bold]{seat_name(result['escaped'], me)} left the hand{rule}[/bold]")
    winners = result.get("winners")
    if winners is None:  # a result that does not say who won
        title, winners = "points per seat", []
    else:
        one = len(winners) < 2 and me not in winners
        title = f"{seats(winners, me)} {'wins' if one else 'win'}"
    table = Table(title=f"{game.variant}: {title}", title_justify="left")
    gained = "levels gained" if game.variant in ("tractor", "finding_friends") else "game points"
    for column in ("seat", "role", "card points", gained):
        table.add_column(column, justify="left" if column == "role" else "right")
    for s in range(n):
        table.add_row(
            f"{s} (you)" if s == me else str(s),
            _role(game.variant, result, s),
            str(result.get("card_points", [0] * n)[s]),
            f"{points[s]:+g}",
            style="bold" if s in winners else None,
        )
    console.print(table)
    if result.get("escaped") is not None:
        return  # the hand ended when a seat left it: nothing more was scored
    for line in FACTS.get(game.variant, _no_facts)(result, me):
        console.print(line, highlight=False, soft_wrap=True)
    if view.get("kitty"):  # C-4: public once the hand is over
        who = seat_name(view["declarer"], me)
        console.print(f"kitty buried by {who}: {view['kitty']}", highlight=False, soft_wrap=True)


def _role(variant: str, result: dict[str, Any], seat: int) -> str:
    if variant == "fifty_k":
        order = result.get("finish_order", [])
        return f"out {ordinal(order.index(seat) + 1)}" if seat in order else "not out"
    declarer = result.get("dealer", result.get("declarer"))
    if not isinstance(declarer, int):  # a hand abandoned before anyone declared
        return ""
    if seat == declarer:
        return "dealer" if variant == "tractor" else "declarer"
    if variant == "tractor":
        return "dealer's partner" if seat % 2 == declarer % 2 else "attacker"
    if variant == "finding_friends":
        return "friend" if seat in result.get("side", []) else "defender"
    if variant == "red_five_5p":
        if seat != result.get("friend"):
            return "opponent"
        return "friend (by a grab)" if result.get("grab") else "friend"
    return "defender"


def _level_stop(level: str) -> str:
    """Why a team gained fewer levels than TR-42 gives: the level it stopped at."""
    if level == "NT":
        return "levels stop at NT (TRO-92)"
    if level == "A":
        return "no team passes A (TR-43)"
    return f"levels stop at {level}, a level to defend (TRO-42)"


def _tractor(result: dict[str, Any], me: int | None) -> list[str]:
    """TR-40..TR-43: the attackers' points, the kitty's multiplier, the levels."""
    kitty = result.get("kitty_points", 0)
    multiplier = result.get("kitty_multiplier")
    counted = (
        f"kitty {kitty} × {multiplier}"
        if multiplier
        else f"kitty {kitty} not counted (the dealer's side won the last trick)"
    )
    levels, new = result.get("levels", ["?", "?"]), result.get("new_levels", ["?", "?"])
    lines = [
        f"attackers' points {result.get('attacker_points')}: "
        f"{result.get('trick_points')} in tricks, {counted}",
        f"levels: seats 0/2 {levels[0]} → {new[0]}, seats 1/3 {levels[1]} → {new[1]}; "
        f"next dealer {seat_name(result['next_dealer'], me)}",
    ]
    nominal, gained = result.get("levels_nominal"), result.get("levels_gained")
    if nominal is not None and nominal != gained:
        team = result.get("gaining_team")
        stop = _level_stop(new[team] if team is not None and team < len(new) else "A")
        lines.append(f"{nominal} levels earned, {gained} gained: {stop}")
    lines += _throws(result)
    if result.get("match_won") is not None:
        lines.append(f"the match is won by seats {result['match_won']}")
    return lines


def _red_five_4p(result: dict[str, Any], me: int | None) -> list[str]:
    """R4-40..R4-42: the declarer's points against the bid, the kitty, captured red fives."""
    d = seat_name(result["declarer"], me)
    kitty = "counted for the declarer" if result.get("kitty_to_declarer") else "not counted"
    lines = [
        f"{d} bid {result.get('bid')} with {trump_name(result.get('trump'))} and made "
        f"{result.get('declarer_final_points')} points; the kitty's "
        f"{result.get('kitty_points')} points {kitty}",
    ]
    for capture in result.get("red_fives_captured", []):
        lines.append(
            f"5h of {seat_name(capture['owner'], me)} captured by "
            f"{seat_name(capture['captor'], me)} (R4-41)"
        )
    return lines


def _red_five_5p(result: dict[str, Any], me: int | None) -> list[str]:
    """R5-40..R5-42: the scoring side's points and grade, the call, the friend."""
    if result.get("P") is None:
        return []
    call = "solo" if result.get("solo") else f"called {result.get('call')}"
    forced = ", forced (R5-13)" if result.get("forced") else ""
    return [
        f"{seat_name(result['declarer'], me)} declared with {trump_name(result.get('trump'))}"
        f"{forced}, {call}",
        f"scoring side's points {result['P']} (grade {result.get('grade')}), kitty "
        f"{result.get('kitty_points')} points, "
        f"last trick won by {seat_name(result['last_trick_winner'], me)}",
        *_throws(result),
    ]


def _finding_friends(result: dict[str, Any], me: int | None) -> list[str]:
    """FF-31..FF-44: the calls and who filled them, the defenders' points, the levels."""
    if result.get("defender_points") is None:
        return []
    calls = ", ".join(
        f"{c['call']} ({'nobody' if c['filled_by'] is None else seat_name(c['filled_by'], me)})"
        for c in result.get("friend_calls", [])
    )
    levels, new = result.get("levels", []), result.get("new_levels", [])
    changed = ", ".join(
        f"{seat_name(s, me)} {a} → {b}"
        for s, (a, b) in enumerate(zip(levels, new, strict=True))
        if a != b
    )
    lines = [
        f"calls: {calls}; the declarer's side: {seats(result.get('side', []), me)}",
        f"defenders' points {result['defender_points']}: the {result.get('winner_side')} go up "
        f"{result.get('levels_nominal')} levels"
        + (
            f" and {result['bonus']} for playing short-handed (FF-72)"
            if result.get("bonus")
            else ""
        ),
        f"levels: {changed or 'unchanged'}; next declarer {seat_name(result['next_declarer'], me)}",
        *_throws(result),
    ]
    if result.get("match_winners"):
        lines.append(f"the match is won by {seats(result['match_winners'], me)}")
    return lines


def _fifty_k(result: dict[str, Any], me: int | None) -> list[str]:
    """FK-41..FK-53: the order out, the points collected and left in hand."""
    order = ", ".join(seat_name(s, me) for s in result.get("finish_order", []))
    lines = [f"out in order: {order or 'nobody'}"]
    if result.get("collected") is not None:
        lines.append(f"collected in rounds: {result['collected']}")
    left = result.get("points_left_in_hand") or []
    for seat, cards in enumerate(left):
        if cards:
            points = result.get("hand_points_left", ["?"] * len(left))[seat]
            lines.append(f"{seat_name(seat, me)} kept {cards} in hand: {points} points")
    if result.get("team_points") is not None:  # FK-40, FKO-23: alternate seats
        n = len(result["card_points"])
        teams = ", ".join("/".join(map(str, range(t, n, 2))) for t in (0, 1))
        lines.append(f"team points (seats {teams}): {result['team_points']}")
    if result.get("doubled"):
        lines.append("the points are doubled")
    return lines


def _throws(result: dict[str, Any]) -> list[str]:
    throws = result.get("failed_throws") or []
    if not any(throws):
        return []
    return ["failed throws: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(throws) if n)]


def _no_facts(result: dict[str, Any], me: int | None) -> list[str]:
    return []


FACTS = {
    "tractor": _tractor,
    "red_five_4p": _red_five_4p,
    "red_five_5p": _red_five_5p,
    "fifty_k": _fifty_k,
    "finding_friends": _finding_friends,
}
