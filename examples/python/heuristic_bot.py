"""A bot of your own: a few lines of card sense on top of `legal_actions` and `view`.

Shows what a bot needs and nothing more: the seat's view (its hand, the open trick, the
public facts) and its legal actions; `fenpai.TrickRules` to ask whether a play would
win the trick; `fenpai.fifty_k.classify` to read a combination. It plays for its own
seat only and never looks at another hand. Then it plays `--games` games of every
variant in seat 0 against the built-in random bots and prints how it did.

    python examples/python/heuristic_bot.py --games 50

The heuristics: in a trick game, win the trick cheaply when it holds points and the
partner is not winning it, give points to a winning partner, otherwise throw away the
weakest cards; bury weak plain cards; call an ace it lacks. In Fifty-K, shed the
longest, lowest combination, keep bombs and fifty-Ks for tables worth 20 points or
more, and never beat the partner.
"""

from __future__ import annotations

import argparse

import fenpai
from fenpai import bots, fifty_k

POINTS = {"5": 5, "T": 10, "K": 10}
FIFTY_K_ORDER = "3456789TJQKA2"
SPECIALS = ("bomb", "fifty_k", "pure_fifty_k")


def points(cards: list[str]) -> int:
    return sum(POINTS.get(c[0], 0) for c in cards if c not in ("BJ", "LJ"))


def cards_of(action: str) -> list[str]:
    return action.split()[1:]


class HeuristicBot:
    """Chooses an action for one seat from that seat's view and legal actions."""

    def choose(self, game: fenpai.Game, seat: int) -> str:
        view = game.view(seat)
        legal = game.legal_actions(seat, limit=500)
        if game.phase == "play":
            if game.variant == "fifty_k":
                return self.fifty_k_play(view, legal, seat, game.num_players)
            return self.trick_play(game, view, legal, seat)
        if game.phase == "kitty":
            return self.bury(view, legal)
        if game.phase == "trump":
            hand = view["hand"].split()
            return max(legal, key=lambda a: sum(c[-1] == a[-1] for c in hand))
        if game.phase == "friend":
            hand = view["hand"].split()
            aces = [a for a in legal if a[5:6] == "A" and a[-1] != view["trump"]]
            lacking = [a for a in aces if cards_of(a)[0] not in hand]
            return (lacking or aces or legal)[0]
        return "pass" if "pass" in legal else legal[0]  # bids and declarations: pass

    def bury(self, view: dict, legal: list[str]) -> str:
        """The weakest cards without points (the hand is sorted strongest first)."""
        count = len(cards_of(legal[0]))
        hand = view["hand"].split()
        by_cost = sorted(range(len(hand)), key=lambda i: (points([hand[i]]) > 0, -i))
        return "bury " + " ".join(hand[i] for i in sorted(by_cost[:count]))

    def trick_play(self, game: fenpai.Game, view: dict, legal: list[str], seat: int) -> str:
        hand = view["hand"].split()
        place = {card: i for i, card in reversed(list(enumerate(hand)))}

        def cost(action: str) -> tuple[int, int]:
            """Points given away first, then strength: a play's strongest card."""
            cs = cards_of(action)
            return points(cs), -min(place[c] for c in cs)

        trick = [cards for _, cards in view["trick"]]
        if not trick:  # leading: the most cards at once, as cheaply as possible
            return min(legal, key=lambda a: (-len(cards_of(a)), cost(a)))
        decks = {"decks": game.decks} if "decks" in game.options else {}
        # Finding Friends plays by Tractor's rules (FF-30).
        ruled = "tractor" if game.variant == "finding_friends" else game.variant
        rules = fenpai.TrickRules(ruled, trump=view["trump"], level=view["level"], **decks)
        winner = view["trick"][rules.trick_winner(trick)][0]
        if self.partners(game, view, seat, winner):
            return max(legal, key=lambda a: (points(cards_of(a)), -cost(a)[1]))
        winning = [a for a in legal if rules.trick_winner([*trick, a[5:]]) == len(trick)]
        at_stake = points(" ".join(trick).split())
        if winning and at_stake > 0:
            return min(winning, key=cost)
        return min(legal, key=cost)

    def partners(self, game: fenpai.Game, view: dict, seat: int, other: int) -> bool:
        """Whether `other` plays on this seat's side, as far as the seat knows."""
        if game.variant == "tractor":
            return seat % 2 == other % 2
        if game.variant == "finding_friends":  # the side as the play revealed it (FF-31)
            side = set(view["side"])
            return seat in side and other in side
        declarer = view["declarer"]
        if game.variant == "red_five_4p":
            return seat != declarer and other != declarer
        friend = view.get("friend")  # Red Five 5p: known only once public
        if friend is None:
            return False
        side = {declarer, friend}
        return (seat in side) == (other in side)

    def fifty_k_play(self, view: dict, legal: list[str], seat: int, players: int) -> str:
        plays = [(a, fifty_k.classify(" ".join(cards_of(a)))) for a in legal if a != "pass"]
        top = view["top"]
        if top is not None and players == 4 and (top["seat"] - seat) % 2 == 0:
            return "pass"  # the partner holds the table
        plain = [(a, c) for a, c in plays if c.kind not in SPECIALS]
        if plain:
            return min(plain, key=lambda p: (-len(p[1]), FIFTY_K_ORDER.index(p[1].rank)))[0]
        if plays and (top is None or view["table_points"] >= 20):
            return plays[0][0]
        return "pass" if "pass" in legal else legal[0]


def play(variant: str, seed: int, mine: HeuristicBot | None) -> tuple[bool, float]:
    """One game, `mine` in seat 0 (None: a random bot), random bots elsewhere; whether
    seat 0 won and its game points."""
    game = fenpai.new_game(variant, seed=seed)
    others = [bots.get("random", bots.seed_for(seed, s)) for s in range(game.num_players)]
    while game.phase != "done":
        seat = game.to_act[0]
        if seat == 0 and mine is not None:
            game.apply(seat, mine.choose(game, seat))
        else:
            others[seat].act(game, seat)
    result = game.result
    points = result["game_points"]
    winners = result.get("winners", [s for s, p in enumerate(points) if p > 0])
    return 0 in winners, points[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games per variant (default 50)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(f"seat 0 against three (or four) random bots, {args.games} games per variant:")
    for variant in sorted(fenpai.games.VARIANTS):
        for name, mine in (("heuristic", HeuristicBot()), ("random", None)):
            games = [play(variant, args.seed + i, mine) for i in range(args.games)]
            won = sum(w for w, _ in games) / args.games
            points = sum(p for _, p in games) / args.games
            print(f"  {variant:12} {name:9} won {won:4.0%}, {points:+6.2f} game points a game")


if __name__ == "__main__":
    main()
