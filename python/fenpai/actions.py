"""The action text grammar shared by the API, the command line, logs and the service.

| action | example | phases |
|---|---|---|
| `bid N` | `bid 65` | bid (red_five_4p) |
| `pass` | `pass` | bid, deal (decline to declare), play (fifty_k) |
| `trump S` | `trump h` | trump (red_five_4p) |
| `declare CARDS` | `declare 2h 2h` | deal (red_five_5p, tractor) |
| `bury CARDS` | `bury 3c 4c 7d 8d 9d Jd Qd 6s` | kitty |
| `call CARD` / `call solo` | `call Ah` | friend (red_five_5p) |
| `call ORDINAL CARD` | `call 2nd As` | call_friends (Finding Friends, FF-20) |
| `play CARDS [as KIND]` | `play 5h 5h` | play |
| `tribute CARD` | `tribute 2s` | deal (fifty_k, FKO-44) |
| `return CARD` | `return 4c` | deal (fifty_k, FKO-46) |

The text is ASCII: words are separated by ASCII spaces (a tab, a newline, a no-break
space or any other separator is refused, so that one text reads the same in every
client), and the only other characters accepted are the suit symbols ♠ ♥ ♣ ♦ that card
text may use (C-1). Text that does not parse raises `MalformedAction` naming the
problem (the character, for one outside the grammar).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from fenpai._core import Card, cards, format_cards
from fenpai.errors import MalformedAction

VERBS = ("bid", "pass", "trump", "declare", "bury", "call", "play", "tribute", "return")
SUITS = ("s", "h", "c", "d")
#: The characters action text may hold: printable ASCII and the suit symbols (C-1).
ALLOWED = frozenset(map(chr, range(0x20, 0x7F))) | frozenset("♠♥♣♦")
#: Names of the control characters a client is likely to send (Unicode names none).
CONTROL_NAMES = {"\t": "TAB", "\n": "LINE FEED", "\r": "CARRIAGE RETURN", "\v": "LINE TABULATION"}


@dataclass(frozen=True)
class Action:
    """One parsed action; `text` is its canonical form (cards in the order given)."""

    verb: str
    number: int | None = None
    suit: str | None = None
    cards: tuple[Card, ...] = ()
    solo: bool = False
    kind: str | None = None
    #: FF-20: the ordinal of a friend call (`call 2nd As`), from 1.
    ordinal: int | None = None

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
        if self.ordinal is not None:
            return f"call {ordinal(self.ordinal)} {format_cards(list(self.cards))}"
        text = f"{self.verb} {format_cards(list(self.cards))}"
        return f"{text} as {self.kind}" if self.kind else text

    def with_cards(self, ordered: list[Card]) -> Action:
        """The same action with its cards in canonical order."""
        return Action(
            self.verb, self.number, self.suit, tuple(ordered), self.solo, self.kind, self.ordinal
        )


def ordinal(n: int) -> str:
    """An ordinal as action text writes it: 1st, 2nd, 3rd, 4th, …, 11th, 21st (FF-20)."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _ordinal(word: str) -> int | None:
    """`word` read as an ordinal spelled as `ordinal` writes it (any case), 1 to 255 as
    the core reads it, else None."""
    digits = len(word) - len(word.lstrip("0123456789"))
    if not 0 < digits <= 3 or not 0 < int(word[:digits]) <= 255:
        return None
    n = int(word[:digits])
    return n if ordinal(n) == word.lower() else None


def _ordinal_like(word: str) -> bool:
    """Whether `word` was meant as an ordinal: it starts with a digit (0th, 2st) or is
    a word of letters (first), not two characters as a card is."""
    return word[:1].isdigit() or (len(word) > 2 and word.isascii() and word.isalpha())


def _one_card(text: str) -> bool:
    """Whether `text` is one card (and nothing else)."""
    try:
        return len(_cards("call", text)) == 1
    except MalformedAction:
        return False


def _cards(verb: str, rest: str) -> tuple[Card, ...]:
    if not rest:
        raise MalformedAction(f"'{verb}' needs cards, e.g. '{verb} 5h 5h'")
    try:
        return tuple(cards(rest))
    except ValueError as err:
        raise MalformedAction(str(err)) from None


def _describe(char: str) -> str:
    """A character as an error message names it: `U+00B2 '²' (SUPERSCRIPT TWO)`;
    an unprintable one by its code point and name alone."""
    name = unicodedata.name(char, "") or CONTROL_NAMES.get(char, "")
    shown = f" {char!r}" if char.isprintable() else ""
    return f"U+{ord(char):04X}{shown}" + (f" ({name})" if name else "")


def _check_characters(text: str) -> None:
    """MalformedAction naming the first character outside the grammar, if any."""
    if text.isascii() and text.isprintable():  # the common case, checked in C
        return
    for position, char in enumerate(text):
        if char not in ALLOWED:
            separator = " (words are separated by spaces)" if char.isspace() else ""
            raise MalformedAction(
                f"{_describe(char)} at position {position} is not allowed in an action: "
                f"action text is ASCII, with the suit symbols ♠ ♥ ♣ ♦ in cards{separator}"
            )


def parse_action(text: object) -> Action:
    """Parses action text; raises MalformedAction naming what is wrong."""
    if not isinstance(text, str):
        raise MalformedAction(f"an action is text, not {type(text).__name__}")
    _check_characters(text)
    words = text.strip(" ").split(" ", 1)
    if not words[0]:
        raise MalformedAction("empty action: expected one of " + ", ".join(VERBS))
    verb, rest = words[0].lower(), (words[1].strip(" ") if len(words) > 1 else "")
    if verb == "pass":
        if rest:
            raise MalformedAction("'pass' takes nothing after it")
        return Action("pass")
    if verb == "bid":
        if not rest.isdigit() or len(rest) > 6:
            raise MalformedAction(f"'bid' needs a whole number, e.g. 'bid 65', not '{rest}'")
        return Action("bid", number=int(rest))
    if verb == "trump":
        suit = rest.lower()
        if suit not in SUITS:
            raise MalformedAction(f"'trump' needs a suit s, h, c or d, not '{rest}'")
        return Action("trump", suit=suit)
    if verb == "call":
        if rest.lower() == "solo":
            return Action("call", solo=True)
        first, _, card = rest.partition(" ")
        n = _ordinal(first)
        if n is not None and card.strip(" "):
            friend = _cards(verb, card.strip(" "))
            if len(friend) != 1:
                raise MalformedAction("'call' names one card or 'solo'")
            return Action("call", cards=friend, ordinal=n)
        if _ordinal_like(first) and _one_card(card.strip(" ")) and not _one_card(first):
            raise MalformedAction(f"'{first}' is not an ordinal: write 1st, 2nd, 3rd, … (FF-20)")
        called = _cards(verb, rest)
        if len(called) != 1:
            raise MalformedAction("'call' names one card or 'solo'")
        return Action("call", cards=called)
    if verb in ("declare", "bury"):
        return Action(verb, cards=_cards(verb, rest))
    if verb in ("tribute", "return"):
        if not rest:
            raise MalformedAction(f"'{verb}' needs a card, e.g. '{verb} 4c'")
        given = _cards(verb, rest)
        if len(given) != 1:
            raise MalformedAction(f"'{verb}' names one card")
        return Action(verb, cards=given)
    if verb == "play":
        kind = None
        head, sep, tail = rest.rpartition(" as ")
        if sep:
            rest, kind = head.strip(" "), tail.strip(" ").lower()
            if not kind:
                raise MalformedAction("'as' needs a combination kind")
        return Action("play", cards=_cards(verb, rest), kind=kind)
    raise MalformedAction(f"unknown action '{words[0]}': expected one of " + ", ".join(VERBS))
