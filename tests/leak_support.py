"""Hidden-information checks the service and browser tests share: the cards a message
names, and each view a seat (or a spectator) received against the server-side game
replayed from its history: exactly the public view plus the seat's own hand, legal
actions and (for the declarer) kitty, with a typed view built from it."""

from __future__ import annotations

import json
import re

from google.protobuf import text_format

import fenpai
from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service import typed
from fenpai.service.events import HIDDEN_VERBS

#: The keys a seat's view may add to the public view.
PRIVATE = {
    "seat",
    "hand",
    "legal_actions",
    "num_legal",
    "kitty",
    "kitty_cards",
    "bury_count",
    "own_burials",  # TRO-112: the seat's own burials
    "tribute_returned",  # Fifty-K: the giver's and the receiver's (FKO-48)
}
#: Public keys whose value the declarer's own view may give before the public view does:
#: a Red Five 5p declarer that owns every copy of its call card knows the hand is solo
#: (R5-21), which the others learn only as the copies are played.
DECLARER_KNOWS = {"solo"}
CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][shcd]|10[shcd]|BJ|LJ)(?![A-Za-z0-9])")


def cards_in(text: str) -> list[str]:
    return [str(c) for c in fenpai.cards(" ".join(CARD.findall(text)))] if text else []


def contained(small: list[str], big: list[str]) -> bool:
    pool = list(big)
    for c in small:
        if c not in pool:
            return False
        pool.remove(c)
    return True


def truth_by_version(history: pb.GetHistoryResponse):
    """The server-side game (or a table's match) replayed: version -> (seat views,
    public view, joined)."""
    config = json.loads(history.config_json)
    options = config["options"]
    if "hands" in config:  # a table: the hand under way of its match
        match = fenpai.new_match(
            config["variant"], seed=config["seed"], hands=config["hands"], **options
        )
    else:
        match = None
        game = fenpai.new_game(
            config["variant"], seed=config["seed"], deck=config["deck"], **options
        )
    n = len(history.game.seats)
    joined = sum(s.kind == pb.SEAT_KIND_BOT for s in history.game.seats)
    out = {}

    def record(version: int) -> None:
        hand = game if match is None else match.game
        out[version] = ([hand.view(s) for s in range(n)], hand.view(None), joined == n)

    record(0)
    for event in history.events:
        hand = game if match is None else match.game
        if event.kind == pb.EVENT_KIND_JOIN:
            joined += 1
        elif event.kind == pb.EVENT_KIND_ACTION:
            hand.apply(event.seat, event.action)
        elif event.kind == pb.EVENT_KIND_RESIGN:
            hand.resign(event.seat)
        elif event.kind == pb.EVENT_KIND_HAND_START:
            match.next_hand()
        record(event.version)
    return out


def check_typed(received: dict, hand_view: pb.HandView) -> None:
    """The typed view is the one built from the (checked) view, and every card it holds
    is one of the view's."""
    assert hand_view == typed.hand_view(received)
    assert contained(
        cards_in(text_format.MessageToString(hand_view)), cards_in(json.dumps(received))
    )


def check_view(seat: int, received: dict, hand_view: pb.HandView, truth) -> None:
    views, public, started = truth
    expected = dict(views[seat])
    if not started:
        expected.update(to_act=[], legal_actions=[], num_legal=0)
        public = dict(public, to_act=[])
    received = dict(received)
    standing = received.pop("match", None)  # a table's standing: public, no card
    assert standing is None or not cards_in(json.dumps(standing))
    assert received == expected
    check_typed(received, hand_view)
    assert set(received) - set(public) <= PRIVATE
    for key, value in public.items():
        if key in DECLARER_KNOWS and received[key] != value:
            assert received.get("declarer") == seat and received[key] is True, key
            continue
        assert received[key] == value, key
    own = cards_in(views[seat].get("hand", ""))
    kitty = cards_in(received.get("kitty", "")) if "kitty" in received else []
    holder = received.get("kitty_holder", received.get("declarer"))  # TRO-112: a stealer
    if "kitty" in received and public["phase"] != "done":
        assert holder == seat
    if "tribute_returned" in received:  # FKO-48: the giver and the receiver only
        assert seat in (public["tribute"]["giver"], public["tribute"]["receiver"])
    if "kitty_cards" in received:  # the cards the holder took up, in its own hand (C-4)
        assert holder == seat and public["phase"] == "kitty"
        assert contained(cards_in(received["kitty_cards"]), own)
    for action in received.get("legal_actions", []):
        if action.split()[0] in ("play", "bury", "declare", "tribute", "return"):  # own cards
            assert contained(cards_in(action), own + kitty)


def check_public(received: dict, hand_view: pb.HandView, truth) -> None:
    """A spectator's view is exactly the public view (a table's adds its standing)."""
    _, public, started = truth
    expected = dict(public) if started else dict(public, to_act=[])
    received = dict(received)
    standing = received.pop("match", None)
    assert standing is None or not cards_in(json.dumps(standing))
    assert received == expected
    assert not hand_view.hand and not hand_view.legal_actions and not hand_view.HasField("seat")
    check_typed(received, hand_view)


def hidden_actions(history: pb.GetHistoryResponse) -> dict[int, pb.Event]:
    """A finished game's hidden actions (burials, Fifty-K's returns) by version."""
    return {e.version: e for e in history.events if e.action.split()[0] in HIDDEN_VERBS}


def check_streamed_event(seat: int | None, event: pb.Event, stored: pb.Event) -> None:
    """An event a stream (StreamEvents for `seat`, Spectate for None) sent while the hand
    ran: another seat's hidden action (a burial) as its verb alone, marked redacted;
    any other as stored."""
    assert (event.version, event.kind, event.seat) == (stored.version, stored.kind, stored.seat)
    if stored.action.split()[0] == "bury" and stored.seat != seat:
        assert event.action == "bury" and event.redacted, event
    else:
        assert event.action == stored.action and not event.redacted, event
