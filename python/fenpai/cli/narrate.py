"""What happened, told to one seat: a line per event that names only cards that seat may
know. Another seat's burial is a number of cards (C-4); plays, declarations, bids, calls
and failed throws (C-51: attempted and forced cards are public) are told in full, with the
end of each trick or Fifty-K round. A replay is told to everyone (`me=None`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fenpai._core import Card, FiftyKPilePlay, FiftyKPlay, TrickPlay, format_cards
from fenpai.actions import parse_action
from fenpai.cli.words import ordinal, plays, seat_name, trump_name, verb
from fenpai.games.base import Game
from fenpai.games.fifty_k import FiftyK
from fenpai.games.trick_game import TrickGame

#: A trick's record in the core: leader, plays, attempted throw, winner, points.
TrickRecord = tuple[int, list[tuple[int, list[Card]]], list[Card] | None, int, int]
#: A replay's narrator: every card may be named.
EVERYONE = None


@dataclass(frozen=True)
class Before:
    """What a narrator compares after an action: the public state just before it."""

    phase: str
    tricks: int = 0
    trick_size: int = 0
    friend: int | None = None
    #: Finding Friends: who filled each call so far (None: nobody yet), FF-31.
    filled: tuple[int | None, ...] = ()
    round: list[tuple[int, str]] = field(default_factory=list)
    collected: tuple[int, ...] = ()
    finished: tuple[int, ...] = ()
    #: Whether the kitty's holder was to bury (not asking who steals it, TRO-112).
    burying: bool = False


def _burying(game: Game) -> bool:
    """Whether the kitty's holder is to bury now (not asking who steals it, TRO-112)."""
    return isinstance(game, TrickGame) and game.kitty_stage == "bury"


class Narrator:
    """Tells `me` (a seat, or EVERYONE) about each action; `each_play` tells every play and
    pass, not only the end of each trick or round (a replay leaves them out)."""

    def __init__(self, game: Game, me: int | None, each_play: bool = True):
        self.game = game
        self.me = me
        self.each_play = each_play
        self.rounds = 0

    def before(self) -> Before:
        """The state an action will change: call it before applying the action."""
        game = self.game
        if isinstance(game, FiftyK) and "play" in game.core_objects():
            play = game.play
            return Before(
                game.phase,
                round=[(s, str(c)) for s, c in play.round()],
                collected=tuple(play.collected()),
                finished=tuple(play.finished()),
            )
        if isinstance(game, TrickGame) and game.play is not None:
            tricks, view = game.play, game.view(None)
            filled = tuple(c["filled_by"] for c in view.get("friend_calls", []))
            return Before(
                game.phase, tricks.num_tricks(), len(tricks.trick()), view.get("friend"), filled
            )
        return Before(game.phase, burying=_burying(game))

    def _tricks(self) -> TrickPlay:
        """The play of a trick game that has reached it."""
        assert isinstance(self.game, TrickGame) and self.game.play is not None
        return self.game.play

    def _rounds(self) -> FiftyKPlay | FiftyKPilePlay:
        assert isinstance(self.game, FiftyK)
        return self.game.play

    def _kitty_size(self) -> int:
        assert isinstance(self.game, TrickGame)
        return self.game.kitty_size()

    def apply(self, seat: int, action: str) -> list[str]:
        """Applies `seat`'s action (an IllegalAction changes nothing) and tells it."""
        before = self.before()
        self.game.apply(seat, action)
        return self.tell(seat, action, before)

    def tell(self, seat: int, action: str, before: Before) -> list[str]:
        """The lines for `seat`'s `action`, applied since `before`."""
        if self.game.variant == "fifty_k" and before.phase == "deal":  # FKO-42
            lines = self._tribute(seat, action)
        elif self.game.variant == "fifty_k":
            lines = self._fifty_k(seat, action, before)
        elif before.phase == "play":
            lines = self._trick_play(seat, action, before)
        else:
            lines = self._before_play(seat, action, before)
        if self.game.phase == "done":
            lines.append("the hand is over")
        return lines

    # -- bids, declarations, burial, calls -------------------------------------------------

    def _before_play(self, seat: int, action: str, before: Before) -> list[str]:
        game, me = self.game, self.me
        act = parse_action(action)
        view = game.view(None)
        lines: list[str] = []
        if act.verb == "bid":
            lines.append(f"{verb(seat, me, 'bids', 'bid')} {act.number}")
        elif act.verb == "pass" and before.phase == "bid":
            lines.append(verb(seat, me, "passes", "pass"))
        elif act.verb == "trump":
            lines.append(f"{verb(seat, me, 'names', 'name')} {trump_name(act.suit)}")
        elif act.verb == "declare":
            lines.append(self._declared(seat, act.cards))
        elif act.verb == "bury":
            if me is EVERYONE or seat == me:
                lines.append(f"{verb(seat, me, 'buries', 'bury')} {format_cards(act.cards)}")
            else:
                lines.append(f"{seat_name(seat, me)} buries {len(act.cards)} cards")
        elif act.verb == "call":
            lines.append(self._called(seat, act.solo, format_cards(act.cards), act.ordinal))
        # A pass during the deal is not told: every receiver is asked (TR-12, R5-10).
        if before.phase == "bid" and game.phase != "bid":
            lines.append(self._bidding_over(view))
        if before.phase == "deal" and game.phase != "deal":
            lines.append(self._deal_over(view))
        if _burying(game) and not before.burying:  # the deal's kitty, or a stolen one (TRO-112)
            lines.append(self._takes_kitty())
        return lines

    def _declared(self, seat: int, cards: tuple[Card, ...]) -> str:
        shown = format_cards(cards)
        if self.game.variant == "red_five_5p":  # R5-10, R5-11
            return (
                f"{verb(seat, self.me, 'reveals', 'reveal')} {shown}: "
                f"{seat_name(seat, self.me)} will declare, {trump_name(cards[0].suit)}"
            )
        suit = cards[0].suit  # TR-10: jokers name no trump
        return f"{verb(seat, self.me, 'declares', 'declare')} {shown} ({trump_name(suit)})"

    def _called(self, seat: int, solo: bool, card: str, nth: int | None) -> str:
        if solo:
            return f"{verb(seat, self.me, 'plays', 'play')} alone (call solo, R5-20)"
        if nth is not None:  # FF-20: a copy by ordinal, counted as played (FF-31)
            return (
                f"{verb(seat, self.me, 'calls', 'call')} the {ordinal(nth)} {card}: "
                f"whoever plays that copy joins {self._side_of(seat)} (FF-20)"
            )
        return (
            f"{verb(seat, self.me, 'calls', 'call')} {card}: "
            f"whoever plays it becomes the friend (R5-21)"
        )

    def _bidding_over(self, view: dict[str, Any]) -> str:
        d = view["declarer"]
        if view.get("high_bid") is None:
            return (
                f"everybody passed: {seat_name(d, self.me)} must declare at {view['bid']} (R4-14)"
            )
        return f"{seat_name(d, self.me)} won the bidding at {view['bid']}"

    def _deal_over(self, view: dict[str, Any]) -> str:
        d = view["declarer"]
        if self.game.variant == "red_five_5p" and view.get("forced"):
            return (
                f"the deal is over and nobody revealed: {seat_name(d, self.me)} is the forced "
                f"declarer (R5-13), {trump_name(view.get('trump'))}"
            )
        if self.game.variant == "tractor":
            return (
                f"the deal is over: {seat_name(d, self.me)} deals this hand (TR-13), "
                f"{trump_name(view.get('trump'))}, level {view.get('level')}"
            )
        return "the deal is over"

    def _takes_kitty(self) -> str:
        view = self.game.view(None)
        # TRO-112: a stealer takes the kitty it stole.
        d, size = view.get("kitty_holder", view["declarer"]), self._kitty_size()
        if d == self.me:
            return f"you take the kitty into your hand: bury {size} cards"
        return f"{seat_name(d, self.me)} takes the kitty ({size} cards) and will bury as many"

    # -- the play of tricks ----------------------------------------------------------------

    def _trick_play(self, seat: int, action: str, before: Before) -> list[str]:
        game, me, play = self.game, self.me, self._tricks()
        lines: list[str] = []
        tried = (
            play.attempted()
            if before.trick_size == 0 and play.num_tricks() == before.tricks
            else None
        )
        if tried is not None:
            forced = format_cards(play.trick()[0][1])
            lines.append(
                f"{verb(seat, me, 'tries', 'try')} to throw {format_cards(tried)}, but it fails "
                f"(C-51): {verb(seat, me, 'plays', 'play')} {forced} and "
                f"{'take' if seat == me else 'takes'} the rest back; "
                f"{self._penalty(seat)}"
            )
        elif self.each_play and seat != me:
            lines.append(f"{verb(seat, me, 'plays', 'play')} {action.removeprefix('play ')}")
        view = game.view(None)
        friend = view.get("friend")
        if friend is not None and before.friend is None:  # R5-21, R5-22
            grab = ", by a grab (R5-22)" if view.get("grab") else ""
            lines.append(
                f"{verb(friend, me, 'played', 'played')} the call card {view['call']}: "
                f"{verb(friend, me, 'is', 'are')} the friend{grab}"
            )
        lines += self._calls_filled(before, view)
        last = play.last_trick()
        if play.num_tricks() > before.tricks and last is not None:
            lines.append(self._trick_over(play.num_tricks(), last))
        return lines

    def _side_of(self, declarer: int) -> str:
        return "your side" if declarer == self.me else f"{seat_name(declarer, self.me)}'s side"

    def _calls_filled(self, before: Before, view: dict[str, Any]) -> list[str]:
        """FF-31, FF-32: each call the last play filled, told to every seat: its player
        joins the declarer's side, or (already on it) the call brings nobody new."""
        me, d, lines = self.me, view["declarer"], []
        side_before = set(before.filled) | {d}
        for call, was in zip(view.get("friend_calls", []), before.filled, strict=True):
            seat = call["filled_by"]
            if seat is None or was is not None:
                continue
            plays_it = f"{verb(seat, me, 'plays', 'play')} the {call['call']}"
            if seat in side_before:
                lines.append(f"{plays_it}: the call brings nobody new (FF-32)")
            else:
                joins = verb(seat, me, "joins", "join")
                lines.append(f"{joins} {self._side_of(d)}: {plays_it} (FF-31)")
                side_before.add(seat)
        return lines

    def _trick_over(self, number: int, record: TrickRecord) -> str:
        _, entries, attempted, winner, points = record
        shown = plays([(s, format_cards(cs)) for s, cs in entries])
        note = " (after a failed throw)" if attempted else ""
        wins = verb(winner, self.me, "wins", "win")
        return f"trick {number:2}: {shown}{note} → {wins} {points} points"

    def _penalty(self, seat: int) -> str:
        """TR-41, R5-31: what a failed throw costs."""
        game = self.game
        if game.variant == "tractor":
            attacker = seat % 2 != game.view(None)["declarer"] % 2
            side = "against" if attacker else "for"
            return f"10 points {side} the attackers (TR-41)"
        if game.variant == "red_five_5p":
            if self._tricks().failed_throws()[seat] > 2:
                return "no penalty from a seat's third failure on (R5-31)"
            loses = verb(seat, self.me, "loses", "lose")
            return f"{loses} 4 game points and each other seat gains 1 (R5-31)"
        return "a failed throw"

    # -- Fifty-K: beat or pass, round by round ---------------------------------------------

    def _fifty_k(self, seat: int, action: str, before: Before) -> list[str]:
        play, me = self._rounds(), self.me
        lines: list[str] = []
        if self.each_play and seat != me:
            if action == "pass":
                lines.append(verb(seat, me, "passes", "pass"))
            else:
                assert isinstance(self.game, FiftyK)
                top = self.game.top_play()
                kind = f" ({top['kind']})" if top is not None and top["seat"] == seat else ""
                lines.append(
                    f"{verb(seat, me, 'plays', 'play')} {action.removeprefix('play ')}{kind}"
                )
        finished = play.finished()
        if len(finished) > len(before.finished):
            out = finished[-1]
            lines.append(f"{verb(out, me, 'is', 'are')} out ({ordinal(len(finished))})")
        if before.round and not play.round():
            self.rounds += 1
            lines.append(self._round_over(before, play.collected()))
        return lines

    def _tribute(self, seat: int, action: str) -> list[str]:
        """FKO-44, FKO-46: the tribute, told to everyone; the card returned, to the giver
        and the receiver only (FKO-48)."""
        me, act = self.me, parse_action(action)
        view = self.game.view(None)["tribute"]
        card = format_cards(act.cards)
        if act.verb == "tribute":
            to = seat_name(view["receiver"], me)
            return [f"{verb(seat, me, 'gives', 'give')} {to} the tribute {card}"]
        to = seat_name(view["giver"], me)
        if me is EVERYONE or me in (seat, view["giver"]):
            return [f"{verb(seat, me, 'returns', 'return')} {card} to {to}"]
        return [f"{verb(seat, me, 'returns', 'return')} a card to {to}"]

    def _round_over(self, before: Before, collected: list[int]) -> str:
        """FK-31: the round's points go to whoever collects them (the top play's seat)."""
        gains = [now - then for now, then in zip(collected, before.collected, strict=True)]
        top = before.round[-1][0]  # each play of a round beats the one before (FK-30)
        taker = next((s for s, g in enumerate(gains) if g), top)
        takes = verb(taker, self.me, "takes", "take")
        if self.each_play:
            return f"{takes} the round and {sum(gains)} points"
        return f"round {self.rounds:2}: {plays(before.round)} → {takes} {sum(gains)} points"

    def unfinished(self) -> list[str]:
        """What lies on the table when a replay stops: a trick or round nobody took."""
        game = self.game
        if isinstance(game, FiftyK):
            playing = "play" in game.core_objects()  # none during the tribute (FKO-42)
            entries = [(s, str(c)) for s, c in game.play.round()] if playing else []
            label = f"round {self.rounds + 1:2}"
        elif isinstance(game, TrickGame) and game.play is not None:
            entries = [(s, format_cards(cs)) for s, cs in game.play.trick()]
            label = f"trick {game.play.num_tricks() + 1:2}"
        else:
            return []
        return [f"{label}: {plays(entries)} (not taken)"] if entries else []
