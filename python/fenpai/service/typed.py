"""Views and results as typed messages (`HandView`, `HandResult`), built from the same
dicts as `view_json` and `result_json`: a pure function of the view a recipient may see,
so a typed view can hold no card its JSON twin does not.

Card lists travel as card text ("5h 5h BJ") in the dicts and as repeated card strings
in the messages. Every key a variant's views and results have is read, but a view's
`tricks` (every earlier trick of the hand: it would cost more than the rest of the
typed view together, and `view_json` has it); the tests check no other key is left out.
"""

from __future__ import annotations

from typing import Any

from fenpai.encoding import encode
from fenpai.games.base import Game
from fenpai.rpc.v1 import game_service_pb2 as pb

#: The keys of `Game.view` left to `view_json`.
UNTYPED_VIEW_KEYS = frozenset({"tricks"})
#: The keys of `Game.view` read here, common to the variants; the variants' own below.
COMMON_VIEW_KEYS = frozenset(
    {
        "variant",
        "phase",
        "to_act",
        "seat",
        "hand",
        "hand_sizes",
        "trick",
        "last_trick",
        "points",
        "table_points",
        "tricks_played",
        "failed_throws",
        "failed_throw",
        "legal_actions",
        "num_legal",
        "kitty",
        "kitty_cards",
        "bury_count",
        "result",
    }
)
#: Tractor's view keys (TR-2, TR-10..TR-13), which Finding Friends' views also hold.
_TRACTOR_FACTS = frozenset(
    {
        "levels",
        "level",
        "dealer",
        "declarer",
        "trump",
        "first_seat",
        "cards_dealt",
        "final_round",
        "declaration",
        "declarations",
    }
)
VARIANT_VIEW_KEYS = {
    "red_five_4p": frozenset(
        {"declarer", "trump", "level", "bids", "high_bid", "bid", "first_bidder"}
    ),
    "red_five_5p": frozenset(
        {
            "declarer",
            "trump",
            "level",
            "prev_declarer",
            "first_seat",
            "dealt",
            "reveal",
            "forced",
            "call",
            "solo",
            "friend",
            "grab",
        }
    ),
    "fifty_k": frozenset(
        {
            "top",
            "passed",
            "finished",
            "leader",
            "points_left_in_hand",
            "tribute",
            "tribute_returned",
        }
    ),
    # TRO-112: who holds the kitty (the dealer, or the last stealer), the kitty phase's
    # stage (bury or steal) and the seat's own burials.
    "tractor": _TRACTOR_FACTS | {"kitty_holder", "kitty_stage", "own_burials"},
    # FF-1..FF-31: Tractor's deal and declarations, and the table and its friends.
    "finding_friends": _TRACTOR_FACTS
    | {"players", "decks", "friends_called", "friend_calls", "side"},
}
#: The keys of `Game.result` read here, common and by variant.
COMMON_RESULT_KEYS = frozenset(
    {"card_points", "game_points", "winners", "escaped", "declarer", "trump"}
)
VARIANT_RESULT_KEYS = {
    "red_five_4p": frozenset(
        {
            "bid",
            "kitty_points",
            "kitty_to_declarer",
            "last_trick_winner",
            "red_fives_captured",
            "declarer_final_points",
        }
    ),
    "red_five_5p": frozenset(
        {
            "friend",
            "solo",
            "forced",
            "grab",
            "call",
            "failed_throws",
            "P",
            "grade",
            "kitty_points",
            "last_trick_winner",
        }
    ),
    "fifty_k": frozenset(
        {
            "team_points",
            "winner",
            "doubled",
            "team_game_points",
            "collected",
            "finish_order",
            "hand_points_left",
            "points_left_in_hand",
        }
    ),
    "tractor": frozenset(
        {
            "attacker_points",
            "trick_points",
            "kitty_points",
            "kitty_multiplier",
            "last_trick_winner",
            "last_lead",
            "dealer",
            "level",
            "levels",
            "winner_team",
            "gaining_team",
            "levels_nominal",
            "levels_gained",
            "new_levels",
            "next_dealer",
            "match_won",
            "failed_throws",
        }
    ),
    "finding_friends": frozenset(
        {
            "defender_points",
            "kitty_multiplier",
            "winner_side",
            "levels_nominal",
            "bonus",
            "new_levels",
            "next_declarer",
            "match_winners",
            "side",
            "friend_calls",
            "kitty_points",
            "last_trick_winner",
            "last_lead",
            "level",
            "levels",
            "failed_throws",
        }
    ),
}


def cards(text: str | None) -> list[str]:
    """Card text ("5h 5h BJ") as a list of cards; none for None or ""."""
    return text.split() if text else []


def _plays(plays: list[list[Any]]) -> list[pb.Play]:
    return [pb.Play(seat=seat, cards=cards(played)) for seat, played in plays]


def _failed_throw(throw: dict[str, Any] | None) -> pb.FailedThrow | None:
    if throw is None:
        return None
    penalty = throw.get("penalty") or {}
    out = pb.FailedThrow(
        seat=throw["seat"],
        attempted=cards(throw.get("attempted")),
        forced=cards(throw.get("forced")),
        rule=penalty.get("rule", ""),
        text=penalty.get("text", ""),
        penalty_game_points=penalty.get("game_points", []),
    )
    if penalty.get("attacker_points") is not None:
        out.penalty_attacker_points = penalty["attacker_points"]
    return out


def _trick(trick: dict[str, Any]) -> pb.Trick:
    out = pb.Trick(
        leader=trick["leader"], plays=_plays(trick["plays"]), points=trick.get("points", 0)
    )
    if trick.get("winner") is not None:
        out.winner = trick["winner"]
    throw = _failed_throw(trick.get("failed_throw"))
    if throw is not None:
        out.failed_throw.CopyFrom(throw)
    return out


def _set(message: Any, name: str, value: Any) -> None:
    """Sets an optional scalar field unless `value` is None."""
    if value is not None:
        setattr(message, name, value)


def _red_five_4p(view: dict[str, Any]) -> pb.RedFive4pFacts:
    out = pb.RedFive4pFacts(
        trump=view.get("trump") or "",
        level=view.get("level") or "",
        first_bidder=view.get("first_bidder", 0),
    )
    for seat, amount in view.get("bids", []):
        bid = out.bids.add(seat=seat)
        _set(bid, "amount", amount)
    if view.get("high_bid") is not None:
        seat, amount = view["high_bid"]
        out.high_bid.seat = seat
        _set(out.high_bid, "amount", amount)
    _set(out, "declarer", view.get("declarer"))
    _set(out, "bid", view.get("bid"))
    return out


def _red_five_5p(view: dict[str, Any]) -> pb.RedFive5pFacts:
    out = pb.RedFive5pFacts(
        trump=view.get("trump") or "",
        level=view.get("level") or "",
        prev_declarer=view.get("prev_declarer", 0),
        first_seat=view.get("first_seat", 0),
        dealt=view.get("dealt", 0),
        forced=bool(view.get("forced")),
        call=view.get("call") or "",
        solo=bool(view.get("solo")),
        grab=bool(view.get("grab")),
    )
    if view.get("reveal") is not None:
        seat, card = view["reveal"]
        out.reveal.CopyFrom(pb.Reveal(seat=seat, card=card))
    _set(out, "declarer", view.get("declarer"))
    _set(out, "friend_seat", view.get("friend"))
    return out


def _fifty_k(view: dict[str, Any]) -> pb.FiftyKFacts:
    out = pb.FiftyKFacts(
        passed=view.get("passed", []),
        finished=view.get("finished", []),
        leader=view.get("leader", 0),
        points_left_in_hand=[pb.Cards(cards=cards(t)) for t in view.get("points_left_in_hand", [])],
    )
    top = view.get("top")
    if top is not None:
        out.top.CopyFrom(pb.Top(seat=top["seat"], cards=cards(top["cards"]), kind=top["kind"]))
    tribute = view.get("tribute")
    if tribute is not None:
        out.tribute.CopyFrom(
            pb.FiftyKTribute(
                giver=tribute["giver"],
                receiver=tribute["receiver"],
                exempt=tribute["exempt"],
                card=tribute["card"] or "",
                returned=view.get("tribute_returned") or "",
                due=tribute["due"] or "",
            )
        )
    return out


def _tractor(view: dict[str, Any]) -> pb.TractorFacts:
    out = pb.TractorFacts(
        levels=view.get("levels", []),
        level=view.get("level") or "",
        trump=view.get("trump") or "",
        no_trump="trump" in view and view["trump"] is None,
        first_seat=view.get("first_seat", 0),
        cards_dealt=view.get("cards_dealt", 0),
        final_round=bool(view.get("final_round")),
        declarations=[
            pb.Declaration(seat=seat, cards=cards(shown))
            for seat, shown in view.get("declarations", [])
        ],
    )
    declaration = view.get("declaration")
    if declaration is not None:
        out.declaration.CopyFrom(
            pb.Declaration(seat=declaration["seat"], cards=cards(declaration["cards"]))
        )
    _set(out, "dealer", view.get("dealer"))
    _set(out, "declarer", view.get("declarer"))
    _set(out, "kitty_holder", view.get("kitty_holder"))
    out.kitty_stage = view.get("kitty_stage", "")
    return out


def _friend_calls(calls: list[dict[str, Any]]) -> list[pb.FriendCardCall]:
    out = []
    for c in calls:
        call = pb.FriendCardCall(call=c["call"])
        _set(call, "filled_by", c.get("filled_by"))
        out.append(call)
    return out


def _declarations(view: dict[str, Any]) -> list[pb.Declaration]:
    return [
        pb.Declaration(seat=seat, cards=cards(shown))
        for seat, shown in view.get("declarations", [])
    ]


def _finding_friends(view: dict[str, Any]) -> pb.FindingFriendsFacts:
    out = pb.FindingFriendsFacts(
        players=view.get("players", 0),
        decks=view.get("decks", 0),
        levels=view.get("levels", []),
        level=view.get("level") or "",
        trump=view.get("trump") or "",
        no_trump="trump" in view and view["trump"] is None,
        first_seat=view.get("first_seat", 0),
        cards_dealt=view.get("cards_dealt", 0),
        final_round=bool(view.get("final_round")),
        declarations=_declarations(view),
        friends_called=view.get("friends_called", 0),
        friend_calls=_friend_calls(view.get("friend_calls", [])),
        side=view.get("side", []),
    )
    declaration = view.get("declaration")
    if declaration is not None:
        out.declaration.CopyFrom(
            pb.Declaration(seat=declaration["seat"], cards=cards(declaration["cards"]))
        )
    _set(out, "dealer", view.get("dealer"))
    _set(out, "declarer", view.get("declarer"))
    return out


FACTS = {
    "red_five_4p": _red_five_4p,
    "red_five_5p": _red_five_5p,
    "fifty_k": _fifty_k,
    "tractor": _tractor,
    "finding_friends": _finding_friends,
}


def observation(game: Game, seat: int) -> bytes:
    """`HandView.observation`: `fenpai.encode(game, seat)` as float32 little-endian
    bytes, in the layout `fenpai.encoding.fields` lists (only what the seat may see);
    every Tractor table (TRO-120, TRO-130) has the one layout, Tractor's kitty theft
    (TRO-112), Fifty-K of several decks (FKO-20), Fifty-K's tribute (FKO-40) and Finding
    Friends layouts of their own."""
    obs, _ = encode(game, seat, legal=False)
    return obs.astype("<f4", copy=False).tobytes()


def hand_view(view: dict[str, Any]) -> pb.HandView:
    """`HandView` of a `Game.view(seat)` dict (a table's "match" key aside)."""
    variant = view["variant"]
    out = pb.HandView(
        variant=variant,
        phase=view["phase"],
        to_act=view.get("to_act", []),
        hand=cards(view.get("hand")),
        hand_sizes=view.get("hand_sizes", []),
        trick=_plays(view.get("trick", [])),
        points=view.get("points", []),
        table_points=view.get("table_points", 0),
        tricks_played=view.get("tricks_played", 0),
        failed_throws=view.get("failed_throws", []),
        legal_actions=view.get("legal_actions", []),
        num_legal=view.get("num_legal", 0),
        kitty=cards(view.get("kitty")),
        kitty_cards=cards(view.get("kitty_cards")),
        bury_count=view.get("bury_count", 0),
        own_burials=[pb.Cards(cards=cards(b)) for b in view.get("own_burials", [])],
    )
    _set(out, "seat", view.get("seat"))
    if view.get("last_trick") is not None:
        out.last_trick.CopyFrom(_trick(view["last_trick"]))
    throw = _failed_throw(view.get("failed_throw"))
    if throw is not None:
        out.failed_throw.CopyFrom(throw)
    getattr(out, variant).CopyFrom(FACTS[variant](view))
    if view.get("result") is not None:
        out.result.CopyFrom(hand_result(variant, view["result"]))
    return out


def _red_five_4p_result(result: dict[str, Any]) -> pb.RedFive4pResult:
    out = pb.RedFive4pResult(
        bid=result.get("bid") or 0,
        kitty_points=result.get("kitty_points") or 0,
        kitty_to_declarer=bool(result.get("kitty_to_declarer")),
        red_fives_captured=[
            pb.RedFiveCapture(owner=c["owner"], captor=c["captor"])
            for c in result.get("red_fives_captured", [])
        ],
        declarer_final_points=result.get("declarer_final_points") or 0,
    )
    _set(out, "last_trick_winner", result.get("last_trick_winner"))
    return out


def _red_five_5p_result(result: dict[str, Any]) -> pb.RedFive5pResult:
    out = pb.RedFive5pResult(
        solo=bool(result.get("solo")),
        forced=bool(result.get("forced")),
        grab=bool(result.get("grab")),
        call=result.get("call") or "",
        failed_throws=result.get("failed_throws", []),
    )
    _set(out, "friend_seat", result.get("friend"))
    _set(out, "scoring_points", result.get("P"))
    _set(out, "grade", result.get("grade"))
    _set(out, "kitty_points", result.get("kitty_points"))
    _set(out, "last_trick_winner", result.get("last_trick_winner"))
    return out


def _fifty_k_result(result: dict[str, Any]) -> pb.FiftyKResult:
    out = pb.FiftyKResult(
        team_points=result.get("team_points", []),
        doubled=bool(result.get("doubled")),
        team_game_points=result.get("team_game_points", []),
        collected=result.get("collected", []),
        finish_order=result.get("finish_order", []),
        hand_points_left=result.get("hand_points_left", []),
        points_left_in_hand=[
            pb.Cards(cards=cards(t)) for t in result.get("points_left_in_hand", [])
        ],
    )
    _set(out, "winner", result.get("winner"))
    return out


def _tractor_result(result: dict[str, Any]) -> pb.TractorResult:
    out = pb.TractorResult(
        attacker_points=result.get("attacker_points", 0),
        trick_points=result.get("trick_points", 0),
        kitty_points=result.get("kitty_points", 0),
        last_lead=cards(result.get("last_lead")),
        dealer=result.get("dealer") or 0,
        level=result.get("level") or "",
        levels=result.get("levels", []),
        winner_team=result.get("winner_team") or "",
        levels_nominal=result.get("levels_nominal", 0),
        levels_gained=result.get("levels_gained", 0),
        new_levels=result.get("new_levels", []),
        failed_throws=result.get("failed_throws", []),
    )
    for name in ("kitty_multiplier", "last_trick_winner", "gaining_team", "next_dealer"):
        _set(out, name, result.get(name))
    _set(out, "match_won", result.get("match_won"))
    return out


def _finding_friends_result(result: dict[str, Any]) -> pb.FindingFriendsResult:
    out = pb.FindingFriendsResult(
        defender_points=result.get("defender_points", 0),
        winner_side=result.get("winner_side") or "",
        levels_nominal=result.get("levels_nominal", 0),
        bonus=result.get("bonus", 0),
        new_levels=result.get("new_levels", []),
        match_winners=result.get("match_winners", []),
        side=result.get("side", []),
        friend_calls=_friend_calls(result.get("friend_calls", [])),
        kitty_points=result.get("kitty_points", 0),
        last_lead=cards(result.get("last_lead")),
        level=result.get("level") or "",
        levels=result.get("levels", []),
        failed_throws=result.get("failed_throws", []),
    )
    _set(out, "kitty_multiplier", result.get("kitty_multiplier"))
    _set(out, "last_trick_winner", result.get("last_trick_winner"))
    _set(out, "next_declarer", result.get("next_declarer"))
    return out


RESULTS = {
    "red_five_4p": _red_five_4p_result,
    "red_five_5p": _red_five_5p_result,
    "fifty_k": _fifty_k_result,
    "tractor": _tractor_result,
    "finding_friends": _finding_friends_result,
}


def hand_result(variant: str, result: dict[str, Any]) -> pb.HandResult:
    """`HandResult` of a `Game.result` dict of `variant`."""
    out = pb.HandResult(
        card_points=result.get("card_points", []),
        game_points=result.get("game_points", []),
        winners=result.get("winners", []),
        trump=result.get("trump") or "",
    )
    _set(out, "escaped", result.get("escaped"))
    _set(out, "declarer", result.get("declarer"))
    getattr(out, variant).CopyFrom(RESULTS[variant](result))
    return out
