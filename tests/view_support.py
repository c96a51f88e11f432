"""View checks the trick-variant tests share: the cards a view names, the trick records
every view shows (C-43, C-51), and the declarer's kitty (C-4)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import fenpai
from fenpai.games.trick_game import ONE_DECK

CARD_TEXTS = frozenset(str(c) for c in ONE_DECK)


def named_cards(value: Any) -> Iterator[Counter]:
    """Per text in a JSON value, the cards it names (a card list or words around cards).
    Each text on its own: the records repeat cards (a trick is in "tricks" and in
    "last_trick", a forced play in its failed throw)."""
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        for item in value:
            yield from named_cards(item)
    elif isinstance(value, str):
        yield Counter(t for t in value.split() if t in CARD_TEXTS)


def assert_names_only(view: dict, key: str, allowed: Counter) -> None:
    """No text under `key` names more copies of a card than `allowed` holds."""
    for named in named_cards(view[key]):
        assert not named - allowed, f"{key} shows {named - allowed}"


def check_trick_records(g, v: dict) -> None:
    """ "tricks" holds every closed trick as the core recorded it, "last_trick" the last of
    them, each failed throw with its attempted cards and forced play; "table_points" is the
    open trick's points; "kitty_cards" and "bury_count" only in the declarer's kitty view."""
    seat = v.get("seat")
    if seat is not None and seat == g.kitty_holder and g.kitty_stage == "bury":
        assert Counter(v["kitty_cards"].split()) == Counter(str(c) for c in g.kitty_taken())
        assert v["bury_count"] == g.kitty_size()
        assert Counter(v["kitty_cards"].split()) <= Counter(v["hand"].split())
    else:
        assert "kitty_cards" not in v and "bury_count" not in v
    if g.play is None:
        assert "tricks" not in v and v["table_points"] == 0
        return
    assert v["table_points"] == sum(c.points for _, cs in g.play.trick() for c in cs)
    tricks = g.play.tricks()
    assert len(v["tricks"]) == len(tricks) == v["tricks_played"]
    assert v["last_trick"] == (v["tricks"][-1] if tricks else None)
    for record, (leader, plays, attempted, winner, points) in zip(v["tricks"], tricks, strict=True):
        assert (record["leader"], record["winner"], record["points"]) == (leader, winner, points)
        assert record["plays"] == [[s, fenpai.format_cards(cs)] for s, cs in plays]
        failed = record["failed_throw"]
        assert (failed is None) == (attempted is None)
        if failed is not None:
            assert failed["seat"] == leader
            assert failed["attempted"] == fenpai.format_cards(attempted)
            assert failed["forced"] == record["plays"][0][1]
            penalty = failed["penalty"]  # None under TRO-22
            assert penalty is None or penalty["rule"] in ("R5-31", "TR-41")
    open_throw = g.play.attempted()
    assert (v["failed_throw"] is None) == (open_throw is None)
    if open_throw is not None:
        assert v["failed_throw"]["attempted"] == fenpai.format_cards(open_throw)
