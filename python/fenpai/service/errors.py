"""`ServiceError`: a rejected call, with its stable reason code, the gRPC status code the
reason maps to, and the rule it breaks.

The game host raises it and changes nothing; the gRPC layer turns it into a status with
a google.rpc `ErrorInfo` detail (`reason`, domain `fenpai`, `metadata["rule"]`), and
ActStream into a `Rejection` with the same fields, so that clients act on the code, not
on the English. Messages name the problem and never quote another seat's hidden cards.
"""

from __future__ import annotations

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from fenpai.errors import RULE_ID, IllegalAction

Code = grpc.StatusCode

#: Every reason code the service answers with, and the status code it has: one reason
#: per distinct rejection, stable across releases (service/README.md lists them). The
#: first five are the games' own (`IllegalAction.code` and its subclasses').
REASONS: dict[str, grpc.StatusCode] = {
    "ILLEGAL_ACTION": Code.INVALID_ARGUMENT,
    "MALFORMED_ACTION": Code.INVALID_ARGUMENT,
    "NO_SUCH_SEAT": Code.INVALID_ARGUMENT,
    "NOT_YOUR_TURN": Code.FAILED_PRECONDITION,
    "GAME_OVER": Code.FAILED_PRECONDITION,
    "MALFORMED_REQUEST": Code.INVALID_ARGUMENT,
    "BAD_NAME": Code.INVALID_ARGUMENT,
    "BAD_CHAT": Code.INVALID_ARGUMENT,
    "CHAT_TOO_FAST": Code.RESOURCE_EXHAUSTED,
    "GAME_ID_REQUIRED": Code.INVALID_ARGUMENT,
    "UNKNOWN_VARIANT": Code.INVALID_ARGUMENT,
    "BAD_OPTION": Code.INVALID_ARGUMENT,
    "SEED_IN_OPTIONS": Code.INVALID_ARGUMENT,
    "UNKNOWN_BOT": Code.INVALID_ARGUMENT,
    "BAD_TIMER": Code.INVALID_ARGUMENT,
    "BAD_PAGE_TOKEN": Code.INVALID_ARGUMENT,
    "VERSION_AHEAD": Code.INVALID_ARGUMENT,
    "BAD_ACCESS": Code.INVALID_ARGUMENT,
    "BAD_MATCH": Code.INVALID_ARGUMENT,
    "BAD_REQUEST_ID": Code.INVALID_ARGUMENT,
    "NO_SUCH_HAND": Code.INVALID_ARGUMENT,
    "GAME_NOT_STARTED": Code.FAILED_PRECONDITION,
    "GAME_NOT_OVER": Code.FAILED_PRECONDITION,
    "STALE_VERSION": Code.FAILED_PRECONDITION,
    "NO_OPEN_SEAT": Code.FAILED_PRECONDITION,
    "BOT_SEAT": Code.FAILED_PRECONDITION,
    "SEAT_NOT_JOINED": Code.FAILED_PRECONDITION,
    "TOKEN_REQUIRED": Code.UNAUTHENTICATED,
    "ADMIN_TOKEN_REQUIRED": Code.UNAUTHENTICATED,
    "BAD_TOKEN": Code.PERMISSION_DENIED,
    "BAD_ADMIN_TOKEN": Code.PERMISSION_DENIED,
    "INVITE_REQUIRED": Code.PERMISSION_DENIED,
    "BAD_INVITE": Code.PERMISSION_DENIED,
    "WATCH_TOKEN_REQUIRED": Code.PERMISSION_DENIED,
    "BAD_WATCH_TOKEN": Code.PERMISSION_DENIED,
    "UNKNOWN_GAME": Code.NOT_FOUND,
    "SEAT_TAKEN": Code.ALREADY_EXISTS,
    "CLIENT_SEQ_REUSED": Code.ALREADY_EXISTS,
    "REQUEST_ID_REUSED": Code.ALREADY_EXISTS,
    "TOO_LONG": Code.RESOURCE_EXHAUSTED,
    "TOO_MANY_ENTRIES": Code.RESOURCE_EXHAUSTED,
    "TOO_MANY_STREAMS": Code.RESOURCE_EXHAUSTED,
    "RESIGN_NOT_SCORED": Code.UNIMPLEMENTED,
    "NOT_STORED": Code.UNAVAILABLE,
    "STORE_UNAVAILABLE": Code.UNAVAILABLE,
    "SHUTTING_DOWN": Code.UNAVAILABLE,
    "GAME_UNREADABLE": Code.INTERNAL,
    "INTERNAL": Code.INTERNAL,
}

#: The `ErrorInfo.domain` of every rejection.
DOMAIN = "fenpai"


def cited_rules(message: str, rule: str | None) -> str | None:
    """`rule` and every other rule id `message` cites, comma-separated, `rule` first;
    None when there is none."""
    ids = dict.fromkeys([rule] if rule else [])
    ids.update(dict.fromkeys(RULE_ID.findall(message)))
    return ",".join(ids) or None


class ServiceError(Exception):
    """A call the service rejects: `reason` (a key of REASONS), `code` its gRPC status,
    `message` the explanation, `rule` the ids of the rules it cites, comma-separated, the
    one it breaks first (or None), `version` the game's version for STALE_VERSION."""

    def __init__(
        self, reason: str, message: str, rule: str | None = None, version: int | None = None
    ):
        super().__init__(message)
        self.code = REASONS[reason]
        self.reason = reason
        self.message = message
        self.rule = cited_rules(message, rule)
        self.version = version

    @classmethod
    def from_game(cls, err: IllegalAction) -> ServiceError:
        """A game's rejection: its type (its class's `code`) says the reason and so the
        status, never its message."""
        reason = err.code if err.code in REASONS else IllegalAction.code
        return cls(reason, str(err), err.rule)

    def error_info(self) -> error_details_pb2.ErrorInfo:
        """The google.rpc detail: `reason`, domain `fenpai`, `metadata["rule"]` and, for
        STALE_VERSION, `metadata["version"]`."""
        metadata = {"rule": self.rule} if self.rule else {}
        if self.version is not None:
            metadata["version"] = str(self.version)
        return error_details_pb2.ErrorInfo(reason=self.reason, domain=DOMAIN, metadata=metadata)

    def status(self) -> grpc.Status:
        """The gRPC status: code, message and the ErrorInfo (`grpc-status-details-bin`)."""
        detail = any_pb2.Any()
        detail.Pack(self.error_info())
        return rpc_status.to_status(
            status_pb2.Status(code=self.code.value[0], message=self.message, details=[detail])
        )
