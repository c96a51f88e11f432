"""The action text grammar shared by the API, the command line, logs and the service.

| action | example | phases |
|---|---|---|
| `bid N` | `bid 65` | bid (red_five_4p) |
| `pass` | `pass` | bid, deal (decline to declare), play (fifty_k) |
| `trump S` | `trump h` | trump (red_five_4p) |
| `declare CARDS` | `declare 2h 2h` | deal (red_five_5p, tractor) |
| `bury CARDS` | `bury 3c 4c 7d 8d 9d Jd Qd 6s` | kitty |
| `call CARD` / `call solo` | `call Ah` | friend (red_five_5p) |
| `play CARDS [as KIND]` | `play 5h 5h` | play |
"""

from __future__ import annotations

from dataclasses import dataclass

from fenpai._core import Card, cards, format_cards
from fenpai.errors import IllegalAction

VERBS = ("bid", "pass", "trump", "declare", "bury", "call", "play")
SUITS = ("s", "h", "c", "d")


@dataclass(frozen=True)
class Action:
    """One parsed action; `text` is its canonical form (cards in the order given)."""

    verb: str
    number: int | None = None
    suit: str | None = None
    cards: tuple[Card, ...] = ()
    solo: bool = False
    kind: str | None = None

    @property
    def text(self) -> str:
        if self.verb == "pass":
            return "pass"
        if self.verb == "bid":
            return f"bid {self.number}"
        if self.verb == "trump":
            return f"trump {self.suit}"
        if self.verb == "call" and self.solo:
            return "call solo"
        text = f"{self.verb} {format_cards(list(self.cards))}"
        return f"{text} as {self.kind}" if self.kind else text

    def with_cards(self, ordered: list[Card]) -> Action:
        """The same action with its cards in canonical order."""
        return Action(self.verb, self.number, self.suit, tuple(ordered), self.solo, self.kind)


def _cards(verb: str, rest: str) -> tuple[Card, ...]:
    if not rest:
        raise IllegalAction(f"'{verb}' needs cards, e.g. '{verb} 5h 5h'")
    try:
        return tuple(cards(rest))
    except ValueError as err:
        raise IllegalAction(str(err)) from None


def parse_action(text: object) -> Action:
    """Parses action text; raises IllegalAction naming what is wrong."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action is text, not {type(text).__name__}")
    words = text.strip().split(None, 1)
    if not words:
        raise IllegalAction("empty action: expected one of " + ", ".join(VERBS))
    verb, rest = words[0].lower(), (words[1].strip() if len(words) > 1 else "")
    if verb == "pass":
        if rest:
            raise IllegalAction("'pass' takes nothing after it")
        return Action("pass")
    if verb == "bid":
        if not rest.isdigit() or len(rest) > 6:
            raise IllegalAction(f"'bid' needs a whole number, e.g. 'bid 65', not '{rest}'")
        return Action("bid", number=int(rest))
    if verb == "trump":
        suit = rest.lower()
        if suit not in SUITS:
            raise IllegalAction(f"'trump' needs a suit s, h, c or d, not '{rest}'")
        return Action("trump", suit=suit)
    if verb == "call":
        if rest.lower() == "solo":
            return Action("call", solo=True)
        called = _cards(verb, rest)
        if len(called) != 1:
            raise IllegalAction("'call' names one card or 'solo'")
        return Action("call", cards=called)
    if verb in ("declare", "bury"):
        return Action(verb, cards=_cards(verb, rest))
    if verb == "play":
        kind = None
        head, sep, tail = rest.rpartition(" as ")
        if sep:
            rest, kind = head.strip(), tail.strip().lower()
            if not kind:
                raise IllegalAction("'as' needs a combination kind")
        return Action("play", cards=_cards(verb, rest), kind=kind)
    raise IllegalAction(f"unknown action '{words[0]}': expected one of " + ", ".join(VERBS))
