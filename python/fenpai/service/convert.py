"""Protocol buffer messages from the host's values (and the enums' names both ways).

JSON the service sends writes a seed as a decimal string, so that a JavaScript client
(whose numbers are doubles) reads it exactly.
"""

from __future__ import annotations

import json
from typing import Any

from google.protobuf.timestamp_pb2 import Timestamp

from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service import typed
from fenpai.service.errors import ServiceError
from fenpai.service.host import Hand, Outcome, Seen, Snapshot
from fenpai.service.session import Summary
from fenpai.service.store import ChatLine

STATUS = {
    "waiting": pb.GAME_STATUS_WAITING,
    "playing": pb.GAME_STATUS_PLAYING,
    "finished": pb.GAME_STATUS_FINISHED,
}
STATUS_NAMES = {value: name for name, value in STATUS.items()}
EVENT_KINDS = {
    "join": pb.EVENT_KIND_JOIN,
    "action": pb.EVENT_KIND_ACTION,
    "resign": pb.EVENT_KIND_RESIGN,
    "hand_start": pb.EVENT_KIND_HAND_START,
    "hand_end": pb.EVENT_KIND_HAND_END,
    "match_end": pb.EVENT_KIND_MATCH_END,
}
ACCESS = {"open": pb.GAME_ACCESS_OPEN, "private": pb.GAME_ACCESS_PRIVATE}


def access_name(value: int) -> str:
    """The access a request's GameAccess names (not set: open)."""
    if value == pb.GAME_ACCESS_UNSPECIFIED:
        return "open"
    for name, number in ACCESS.items():
        if number == value:
            return name
    raise ServiceError("BAD_ACCESS", f"access {value} is not a GameAccess value")


def to_json(value: Any) -> str:
    """Compact JSON text."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def config_json(config: dict[str, Any]) -> str:
    """A `Game.config()` or `Match.config()` as JSON, its seed a decimal string."""
    return to_json({**config, "seed": str(config["seed"])})


def timestamp(seconds: float) -> Timestamp:
    out = Timestamp()
    out.FromNanoseconds(int(seconds * 1e9))
    return out


def standing(match: dict[str, Any]) -> pb.MatchStanding:
    """A table's standing (`GameState.standing()`) as a message."""
    out = pb.MatchStanding(
        hand=match["hand"],
        hands=match["hands"] or 0,
        totals=match["totals"],
        clock_seconds=match["clock"] or 0.0,
        elapsed_seconds=match["elapsed"],
        over=match["over"],
        winners=match["winners"],
        decided_by=match["decided_by"] or "",
    )
    if match.get("clock_deadline") is not None:
        out.clock_deadline.CopyFrom(timestamp(match["clock_deadline"]))
    return out


def game(summary: Summary) -> pb.Game:
    seats = []
    for seat, (bot, joined) in enumerate(zip(summary.bots, summary.joined, strict=True)):
        if bot:
            seats.append(pb.Seat(seat=seat, kind=pb.SEAT_KIND_BOT, bot=bot))
        else:
            kind = pb.SEAT_KIND_CLIENT if joined else pb.SEAT_KIND_OPEN
            name = summary.names[seat] if seat < len(summary.names) else ""
            seats.append(pb.Seat(seat=seat, kind=kind, name=name))
    out = pb.Game(
        game_id=summary.game_id,
        variant=summary.variant,
        options={name: to_json(value) for name, value in summary.options.items()},
        num_players=len(summary.bots),
        seats=seats,
        status=STATUS[summary.status],
        phase=summary.phase,
        to_act=summary.to_act,
        version=summary.version,
        timer_seconds=summary.timers,
        create_time=timestamp(summary.created_at),
        access=ACCESS[summary.access],
    )
    if summary.match is not None:
        out.match.CopyFrom(standing(summary.match))
    return out


def view(snap: Snapshot) -> pb.View:
    out = pb.View(
        game_id=snap.game_id,
        version=snap.version,
        status=STATUS[snap.status],
        phase=snap.phase,
        to_act=snap.to_act,
        view_json=to_json(snap.view),
        hand_view=typed.hand_view(snap.view),
    )
    if snap.view.get("match") is not None:
        out.match.CopyFrom(standing(snap.view["match"]))
    if snap.seat is not None:
        out.seat = snap.seat
        out.legal_actions.extend(snap.view.get("legal_actions", []))
        out.num_legal = snap.view.get("num_legal", len(out.legal_actions))
    if snap.deadline is not None:
        out.deadline.CopyFrom(timestamp(snap.deadline))
    if snap.observation is not None:
        out.hand_view.observation = snap.observation
    return out


def event(seen: Seen) -> pb.Event:
    stored = seen.event
    return pb.Event(
        version=stored.version,
        kind=EVENT_KINDS.get(stored.kind, pb.EVENT_KIND_UNSPECIFIED),
        seat=stored.seat,
        action="join" if stored.kind == "join" else seen.action,
        timeout=stored.source == "timeout",
        bot=stored.source == "bot",
        redacted=seen.redacted,
        create_time=timestamp(stored.at),
        hand=seen.hand,
    )


def chat_message(line: ChatLine) -> pb.ChatMessage:
    """One message of a table's chat."""
    return pb.ChatMessage(
        seq=line.seq, seat=line.seat, text=line.text, create_time=timestamp(line.at)
    )


def hand(record: Hand, variant: str) -> pb.HandRecord:
    """One hand of a table's history."""
    out = pb.HandRecord(
        hand=record.hand,
        start_version=record.start_version,
        end_version=record.end_version,
        config_json=config_json(record.config) if record.config else "",
        result_json=to_json(record.result) if record.result else "",
    )
    if record.result:
        out.result.CopyFrom(typed.hand_result(variant, record.result))
    return out


def act_response(outcome: Outcome, into: pb.ActResponse | None = None) -> pb.ActResponse:
    """An ActResponse (or `into`'s fields set: a stream's answer's `accepted`), set field
    by field: about half the cost of building the message from keyword arguments."""
    out = pb.ActResponse() if into is None else into
    out.SetInParent()
    event = outcome.event
    out.version = event.version
    out.action = event.action
    out.replayed = outcome.replayed
    out.phase = outcome.phase
    out.to_act.extend(outcome.to_act)
    out.status = STATUS[outcome.status]
    return out


def accepted(outcome: Outcome) -> pb.ActStreamResponse:
    """An ActStream answer for an accepted action: Act's answer, in one message."""
    out = pb.ActStreamResponse()
    act_response(outcome, out.accepted)
    return out


def rejected(err: ServiceError) -> pb.ActStreamResponse:
    """An ActStream answer for a rejected action: the unary call's status, as data."""
    return pb.ActStreamResponse(
        rejected=pb.Rejection(
            code=err.code.value[0],
            message=err.message,
            reason=err.reason,
            rule=err.rule or "",
            version=err.version or 0,
        )
    )
