"""Baseline bots for every variant: `random` and a rule-based `greedy`.

A bot decides for one seat. In the play phase both bots are the Rust core's
(`TrickBot`), so a whole hand can be played in the core without Python (`simulate`);
the decisions around it (bids, declarations, trump, burial, friend call) are here.
A bot sees only what its seat may see: the game's `view(seat)` and its own hand.
"""

from __future__ import annotations

from collections.abc import Callable

from fenpai._core import FkBot, Rng, TrickBot
from fenpai.games.base import Game
from fenpai.games.fifty_k import FiftyK
from fenpai.games.trick_game import TrickGame

NAMES = ("random", "greedy")

#: A trick variant's pre-play policy: (game, seat, rng) -> action text.
PrePlay = Callable[[TrickGame, int, Rng], str]


def seed_for(*parts: int) -> int:
    """A 64-bit seed mixed from integers (a game seed, a seat, …), the same everywhere."""
    x = 0x9E3779B97F4A7C15
    for p in parts:
        x = (x ^ (p & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 31
    return x


class Bot:
    """One seat's bot: `choose` names an action, `act` applies it."""

    def __init__(self, name: str, seed: int):
        if name not in NAMES:
            raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(NAMES)}")
        self.name = name
        self.rng = Rng(seed)
        self.trick_bot = TrickBot(name, seed_for(seed, 1))
        self.fk_bot = FkBot(name, seed_for(seed, 2))

    def choose(self, game: Game, seat: int) -> str:
        """The action this bot takes now for `seat`."""
        if game.phase == "play":
            if isinstance(game, FiftyK):
                return self.fk_bot.choose(game.play)
            if isinstance(game, TrickGame) and game.play is not None:
                sides, declarer = game.sides()
                return "play " + self.trick_bot.choose(game.play, sides, declarer)
        if self.name == "greedy" and isinstance(game, TrickGame):
            policy = GREEDY.get(game.variant)
            if policy is not None:
                return policy(game, seat, self.rng)
        return game.legal_action(seat, self.rng.below(game.num_legal(seat)))

    def act(self, game: Game, seat: int) -> None:
        game.apply(seat, self.choose(game, seat))


def get(name: str, seed: int = 0) -> Bot:
    """A bot by name ("random" or "greedy") with its own seed."""
    return Bot(name, seed)


# -- greedy decisions around the play -----------------------------------------------------

POINTS = {"5": 5, "T": 10, "K": 10}
HIGH = {"A": 3, "K": 2, "Q": 1}


def _strength_in(hand: list[str], suit: str) -> int:
    """A rough strength of a hand if `suit` were trump (Red Five order, C-11)."""
    total = 0
    for c in hand:
        if c in ("BJ", "LJ") or c == "5h" or c[0] in "23":
            total += 4
        elif c[1] == suit:
            total += 2 + HIGH.get(c[0], 0)
        else:
            total += HIGH.get(c[0], 0) if c[0] == "A" else 0
    return total


def _best_suit(hand: list[str]) -> str:
    return max("shcd", key=lambda s: (_strength_in(hand, s), -"shcd".index(s)))


def _red_five_4p(game: TrickGame, seat: int, rng: Rng) -> str:
    """Bids from hand strength (R4-13), trump in the strongest suit, buries low plain cards."""
    view = game.view(seat)
    hand = view["hand"].split()
    legal = game.legal_actions(seat, 64)
    if game.phase == "bid":
        strength = _strength_in(hand, _best_suit(hand))
        low = 60 if game.decks == 2 else 80
        target = low + 5 * max(0, (strength - 4 * len(hand) // 3) // 2)
        bids = [a for a in legal if a.startswith("bid ") and int(a.split()[1]) <= target]
        return bids[0] if bids else "pass"
    if game.phase == "trump":
        return f"trump {_best_suit(hand)}"
    return "bury " + " ".join(_cheapest(game, hand, game.kitty_size()))


def _cheapest(game: TrickGame, hand: list[str], count: int) -> list[str]:
    """The `count` cards least worth keeping: plain, pointless and low, short suits first."""
    rules = game.rules

    def worth(c: str) -> tuple[int, int, int, int]:
        trump = rules.is_trump(c) if rules else False
        suit_len = sum(1 for x in hand if x[-1] == c[-1] and not (rules and rules.is_trump(x)))
        return (trump, POINTS.get(c[0], 0), suit_len, "23456789TJQKA".find(c[0]))

    return sorted(hand, key=worth)[:count]


def _tractor_trumps(hand: list[str], level: str, declared: list[str]) -> int:
    """How many trumps `hand` would hold under the trump a declaration names (C-12)."""
    if declared[0] in ("BJ", "LJ"):
        return sum(c in ("BJ", "LJ") or c[0] == level for c in hand)
    suit = declared[0][1]
    return sum(c in ("BJ", "LJ") or c[0] == level or c[1] == suit for c in hand)


def _tractor(game: TrickGame, seat: int, rng: Rng) -> str:
    """Declares the trump it would hold most of, once it holds enough of it (TR-10..TR-12);
    buries low plain cards (TR-14)."""
    view = game.view(seat)
    hand = view["hand"].split()
    if game.phase == "deal":
        options = [a.split()[1:] for a in game.legal_actions(seat) if a.startswith("declare")]
        if not options:
            return "pass"
        best = max(options, key=lambda d: (_tractor_trumps(hand, view["level"], d), len(d)))
        enough = _tractor_trumps(hand, view["level"], best) >= max(3, len(hand) * 0.35)
        return "declare " + " ".join(best) if enough else "pass"
    return "bury " + " ".join(_cheapest(game, hand, game.kitty_size()))


def _red_five_5p(game: TrickGame, seat: int, rng: Rng) -> str:
    """Reveals a 2 of a suit it holds plenty of (R5-10); buries low plain cards (R5-14);
    calls an ace it lacks in its longest plain suit, or goes solo with a huge hand (R5-20)."""
    view = game.view(seat)
    hand = view["hand"].split()
    if game.phase == "kitty":
        return "bury " + " ".join(_cheapest(game, hand, game.kitty_size()))
    legal = game.legal_actions(seat)
    if game.phase == "deal":
        reveals = [a for a in legal if a.startswith("declare")]
        if not reveals:
            return "pass"
        best = max(reveals, key=lambda a: _strength_in(hand, a[-1]))
        trumps = sum(c in ("BJ", "LJ", "5h") or c[0] in "23" or c[1] == best[-1] for c in hand)
        return best if trumps >= max(4, len(hand) * 0.4) else "pass"
    trump = view["trump"]
    rules = game.rules
    assert rules is not None  # the trump is known from the kitty on
    plain = [c for c in hand if not rules.is_trump(c)]
    if len(hand) - len(plain) >= 22:
        return "call solo"
    owned = hand + (view.get("kitty") or "").split()

    def appeal(action: str) -> tuple[int, int]:
        card = action.split()[1]
        suit_len = sum(c[1] == card[-1] for c in plain) if card[0] in "AK" else -1
        return (-owned.count(card), suit_len)

    aces = [a for a in legal if a.startswith("call A") and a[-1] != trump]
    return max(aces or [a for a in legal if a != "call solo"], key=appeal)


GREEDY: dict[str, PrePlay] = {
    "red_five_5p": _red_five_5p,
    "red_five_4p": _red_five_4p,
    "tractor": _tractor,
}
