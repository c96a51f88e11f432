"""The human's screen at its turn: the hand's public facts, points, the trick, its own
hand and the legal actions, from `game.view(seat)` only (so it names no hidden card)."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from fenpai.cli.words import plays, seat_name, seats, trump_name, verb
from fenpai.games.base import Game
from fenpai.games.trick_game import TrickGame

#: How many legal actions the screen lists (`legal` at the prompt lists them all).
SHOWN_LEGAL = 8
#: Up to this many legal actions are all listed.
ALL_LEGAL = 12
#: How far the screen looks for `pass` among the legal actions.
SEARCHED = 2000


def show_turn(console: Console, game: Game, me: int) -> None:
    """Everything the seat needs to decide, ending with the legal actions."""
    view = game.view(me)
    console.rule(f"[bold]{game.variant}[/bold] · {_stage(view)}")
    for line in _facts(view, me):
        console.print(line, highlight=False, soft_wrap=True)
    console.print(f"cards in hand: {_per_seat(view['hand_sizes'], me)}", highlight=False)
    if view.get("trick"):
        label = "round" if game.variant == "fifty_k" else "trick"
        points = view.get("table_points")
        on_table = f" ({points} points)" if points and game.variant != "fifty_k" else ""
        console.print(f"{label}: {plays(view['trick'])}{on_table}", highlight=False, soft_wrap=True)
    elif view.get("last_trick"):
        last = view["last_trick"]
        console.print(
            f"last trick: {plays(last['plays'])} → {seat_name(last['winner'], me)} "
            f"{last['points']} points",
            highlight=False,
            soft_wrap=True,
        )
    if view.get("bury_count"):  # C-4: the declarer's own view while it buries
        console.print(
            f"bury {view['bury_count']} cards; the kitty gave you {view.get('kitty_cards')}",
            highlight=False,
            soft_wrap=True,
        )
    burials = view.get("own_burials")  # TRO-112: every burial the seat made
    if burials and view["phase"] != "done":
        shown = " · ".join(burials)
        console.print(f"your burials: {shown}", highlight=False, soft_wrap=True)
    elif view.get("kitty") and view["phase"] != "done":
        console.print(f"your burial: {view['kitty']}", highlight=False, soft_wrap=True)
    console.print(f"your hand (seat {me}): [bold]{view['hand']}[/bold]", soft_wrap=True)
    console.print("legal: " + offered(game, me), highlight=False, soft_wrap=True)


def offered(game: Game, me: int) -> str:
    """The legal actions, or the first ones with `pass` always among them when legal, and
    how many more; a burial, which has millions, by one example."""
    count = game.num_legal(me)
    if isinstance(game, TrickGame) and game.kitty_stage == "bury":
        first = game.legal_action(me, 0)
        return f"{first} | … or any other {game.kitty_size()} cards of your hand"
    shown = game.legal_actions(me, SHOWN_LEGAL if count > ALL_LEGAL else None)
    if count > len(shown) and "pass" not in shown and "pass" in game.legal_actions(me, SEARCHED):
        shown = shown[:-1] + ["pass"]
    more = count - len(shown)
    return " | ".join(shown) + (f" | … {more} more (type legal to list them)" if more else "")


def _stage(view: dict[str, Any]) -> str:
    phase = view["phase"]
    due = (view.get("tribute") or {}).get("due")
    if due is not None:  # FKO-42: the deal ends with the tribute and its return
        return "dealing · the tribute" if due == "tribute" else "dealing · the return"
    if phase == "play" and "tricks_played" in view:
        return f"play · trick {view['tricks_played'] + 1}"
    if view.get("kitty_stage") == "steal":  # TRO-112: a seat is asked whether it steals
        return "stealing the kitty"
    stages = {"deal": "dealing", "bid": "bidding", "kitty": "burying", "friend": "calling"}
    return stages.get(phase, str(phase))


def _per_seat(values: list[int], me: int) -> str:
    return " · ".join(f"{seat_name(s, me)} {v}" for s, v in enumerate(values))


def _facts(view: dict[str, Any], me: int) -> list[str]:
    variant = view["variant"]
    if variant == "fifty_k":
        return _fifty_k(view, me)
    if variant == "finding_friends":
        lines = [_finding_friends(view, me)]
    else:
        lines = [_tractor(view, me) if variant == "tractor" else _red_five(view, me)]
    if view["phase"] == "play":
        taken = f"points taken: {_per_seat(view['points'], me)}"
        if variant == "tractor":  # TR-40: only the attackers' points count
            dealer = view["declarer"]
            total = sum(p for s, p in enumerate(view["points"]) if s % 2 != dealer % 2)
            taken += f" · the attackers have {total}"
        lines.append(taken)
    return lines


def _tractor(view: dict[str, Any], me: int) -> str:
    """TR-2, TR-10..TR-13: level, declaration, dealer, trump, teams."""
    levels = view["levels"]
    level = f"level {view['level']} (seats 0/2 at {levels[0]}, seats 1/3 at {levels[1]})"
    if view["phase"] == "deal":
        standing = view.get("declaration")
        declared = (
            "no declaration yet"
            if standing is None
            else f"{seat_name(standing['seat'], me)} declared {standing['cards']}"
        )
        return f"{level} · {view['cards_dealt']} of 100 cards dealt · {declared}"
    dealer = view["declarer"]
    attackers = [s for s in range(4) if s % 2 != dealer % 2]
    return (
        f"{level} · {trump_name(view.get('trump'))} · dealer {seat_name(dealer, me)} · "
        f"attacking: {seats(attackers, me)}"
    )


def _finding_friends(view: dict[str, Any], me: int) -> str:
    """FF-4, FF-10..FF-13, FF-20..FF-33: level, declaration, declarer, trump, the calls and
    the side found so far (only what the reveals made public)."""
    level = f"level {view['level']}"
    if view["phase"] == "deal":
        standing = view.get("declaration")
        declared = (
            "no declaration yet"
            if standing is None
            else f"{seat_name(standing['seat'], me)} declared {standing['cards']}"
        )
        return f"{level} · {view['cards_dealt']} cards dealt · {declared}"
    parts = [level, trump_name(view.get("trump")), f"declarer {seat_name(view['declarer'], me)}"]
    calls = view.get("friend_calls", [])
    if calls:
        parts.append("calls " + ", ".join(c["call"] for c in calls))
    friends = view.get("side", [])[1:]
    parts.append(f"friends {seats(friends, me)}" if friends else "no friend found yet")
    return " · ".join(parts)


def _red_five(view: dict[str, Any], me: int) -> str:
    """R4-10..R4-21 and R5-10..R5-21: bids or the reveal, declarer, trump, call, friend."""
    if view["phase"] == "bid":
        bids = " · ".join(
            f"{seat_name(s, me)} {'pass' if b is None else b}" for s, b in view["bids"]
        )
        high = view.get("high_bid")
        standing = (
            "no bid yet" if high is None else f"high bid {high[1]} ({seat_name(high[0], me)})"
        )
        first = f"{seat_name(view['first_bidder'], me)} bids first"
        return f"{standing} · bids so far: {bids or 'none'} · {first}"
    if view["phase"] == "deal":
        reveal = view.get("reveal")
        shown = (
            "nobody has revealed"
            if reveal is None
            else f"{seat_name(reveal[0], me)} revealed {reveal[1]}"
        )
        return f"{shown} · previous declarer {seat_name(view['prev_declarer'], me)}"
    parts = [f"declarer {seat_name(view['declarer'], me)}"]
    if view.get("bid") is not None:
        parts.append(f"bid {view['bid']}")
    if view.get("forced"):
        parts.append("forced (R5-13)")
    parts.append(
        "trump not named yet" if view["phase"] == "trump" else trump_name(view.get("trump"))
    )
    if view.get("call") == "solo":
        parts.append("solo")
    elif view.get("call"):
        friend = view.get("friend")
        parts.append(f"call {view['call']}")
        parts.append(
            "friend not known yet" if friend is None else f"friend {seat_name(friend, me)}"
        )
    return " · ".join(parts)


def _fifty_k(view: dict[str, Any], me: int) -> list[str]:
    """FK-30..FK-33: the top play, the table's points, passes, who is out, collected points;
    while the tribute or its return is due, who gives to whom (FKO-42)."""
    if (view.get("tribute") or {}).get("due") is not None:
        return [_tribute(view, me)]
    top = view.get("top")
    table = (
        "the table is empty: lead anything"
        if top is None
        else (f"to beat: {top['cards']} ({top['kind']}) by {seat_name(top['seat'], me)}")
    )
    lines = [f"{table} · {view['table_points']} points on the table"]
    extra = []
    if view.get("passed"):
        extra.append(f"passed: {seats(view['passed'], me)}")
    if view.get("finished"):
        extra.append("out: " + ", ".join(seat_name(s, me) for s in view["finished"]))
    extra.append(f"collected: {_per_seat(view['points'], me)}")
    lines.append(" · ".join(extra))
    return lines


def _tribute(view: dict[str, Any], me: int) -> str:
    """FKO-44, FKO-46: who gives the tribute to whom, and the card once given."""
    t = view["tribute"]
    receiver = seat_name(t["receiver"], me)
    if t["card"] is None:
        return f"tribute: {verb(t['giver'], me, 'gives', 'give')} {receiver} the highest card"
    returns = verb(t["receiver"], me, "returns", "return")
    return (
        f"tribute: {verb(t['giver'], me, 'gave', 'gave')} {receiver} {t['card']}; {returns} a card"
    )
