import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GameStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_STATUS_UNSPECIFIED: _ClassVar[GameStatus]
    GAME_STATUS_WAITING: _ClassVar[GameStatus]
    GAME_STATUS_PLAYING: _ClassVar[GameStatus]
    GAME_STATUS_FINISHED: _ClassVar[GameStatus]

class SeatKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEAT_KIND_UNSPECIFIED: _ClassVar[SeatKind]
    SEAT_KIND_OPEN: _ClassVar[SeatKind]
    SEAT_KIND_CLIENT: _ClassVar[SeatKind]
    SEAT_KIND_BOT: _ClassVar[SeatKind]

class EventKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EVENT_KIND_UNSPECIFIED: _ClassVar[EventKind]
    EVENT_KIND_JOIN: _ClassVar[EventKind]
    EVENT_KIND_ACTION: _ClassVar[EventKind]
    EVENT_KIND_RESIGN: _ClassVar[EventKind]
GAME_STATUS_UNSPECIFIED: GameStatus
GAME_STATUS_WAITING: GameStatus
GAME_STATUS_PLAYING: GameStatus
GAME_STATUS_FINISHED: GameStatus
SEAT_KIND_UNSPECIFIED: SeatKind
SEAT_KIND_OPEN: SeatKind
SEAT_KIND_CLIENT: SeatKind
SEAT_KIND_BOT: SeatKind
EVENT_KIND_UNSPECIFIED: EventKind
EVENT_KIND_JOIN: EventKind
EVENT_KIND_ACTION: EventKind
EVENT_KIND_RESIGN: EventKind

class Seat(_message.Message):
    __slots__ = ("seat", "kind", "bot")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: SeatKind
    bot: str
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[SeatKind, str]] = ..., bot: _Optional[str] = ...) -> None: ...

class Game(_message.Message):
    __slots__ = ("game_id", "variant", "options", "num_players", "seats", "status", "phase", "to_act", "version", "timer_seconds", "create_time")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class TimerSecondsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: float
        def __init__(self, key: _Optional[str] = ..., value: _Optional[float] = ...) -> None: ...
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    TIMER_SECONDS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    variant: str
    options: _containers.ScalarMap[str, str]
    num_players: int
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    status: GameStatus
    phase: str
    to_act: _containers.RepeatedScalarFieldContainer[int]
    version: int
    timer_seconds: _containers.ScalarMap[str, float]
    create_time: _timestamp_pb2.Timestamp
    def __init__(self, game_id: _Optional[str] = ..., variant: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., num_players: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]] = ..., status: _Optional[_Union[GameStatus, str]] = ..., phase: _Optional[str] = ..., to_act: _Optional[_Iterable[int]] = ..., version: _Optional[int] = ..., timer_seconds: _Optional[_Mapping[str, float]] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class View(_message.Message):
    __slots__ = ("game_id", "version", "status", "phase", "to_act", "seat", "legal_actions", "num_legal", "deadline", "view_json")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    NUM_LEGAL_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    status: GameStatus
    phase: str
    to_act: _containers.RepeatedScalarFieldContainer[int]
    seat: int
    legal_actions: _containers.RepeatedScalarFieldContainer[str]
    num_legal: int
    deadline: _timestamp_pb2.Timestamp
    view_json: str
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., status: _Optional[_Union[GameStatus, str]] = ..., phase: _Optional[str] = ..., to_act: _Optional[_Iterable[int]] = ..., seat: _Optional[int] = ..., legal_actions: _Optional[_Iterable[str]] = ..., num_legal: _Optional[int] = ..., deadline: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., view_json: _Optional[str] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("version", "kind", "seat", "action", "timeout", "bot", "redacted", "create_time")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    REDACTED_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    version: int
    kind: EventKind
    seat: int
    action: str
    timeout: bool
    bot: bool
    redacted: bool
    create_time: _timestamp_pb2.Timestamp
    def __init__(self, version: _Optional[int] = ..., kind: _Optional[_Union[EventKind, str]] = ..., seat: _Optional[int] = ..., action: _Optional[str] = ..., timeout: _Optional[bool] = ..., bot: _Optional[bool] = ..., redacted: _Optional[bool] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("variant", "options", "seed", "bots", "timer_seconds")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class BotsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: int
        value: str
        def __init__(self, key: _Optional[int] = ..., value: _Optional[str] = ...) -> None: ...
    class TimerSecondsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: float
        def __init__(self, key: _Optional[str] = ..., value: _Optional[float] = ...) -> None: ...
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    TIMER_SECONDS_FIELD_NUMBER: _ClassVar[int]
    variant: str
    options: _containers.ScalarMap[str, str]
    seed: int
    bots: _containers.ScalarMap[int, str]
    timer_seconds: _containers.ScalarMap[str, float]
    def __init__(self, variant: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., seed: _Optional[int] = ..., bots: _Optional[_Mapping[int, str]] = ..., timer_seconds: _Optional[_Mapping[str, float]] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game", "admin_token")
    GAME_FIELD_NUMBER: _ClassVar[int]
    ADMIN_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game: Game
    admin_token: str
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ..., admin_token: _Optional[str] = ...) -> None: ...

class GetGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class GetGameResponse(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: Game
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ("page_size", "page_token", "status", "variant")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    status: GameStatus
    variant: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., status: _Optional[_Union[GameStatus, str]] = ..., variant: _Optional[str] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[Game]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[Game, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class JoinGameRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class JoinGameResponse(_message.Message):
    __slots__ = ("seat", "seat_token", "game")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    seat: int
    seat_token: str
    game: Game
    def __init__(self, seat: _Optional[int] = ..., seat_token: _Optional[str] = ..., game: _Optional[_Union[Game, _Mapping]] = ...) -> None: ...

class ReissueSeatTokenRequest(_message.Message):
    __slots__ = ("game_id", "admin_token", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ADMIN_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    admin_token: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., admin_token: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class ReissueSeatTokenResponse(_message.Message):
    __slots__ = ("seat_token",)
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat_token: str
    def __init__(self, seat_token: _Optional[str] = ...) -> None: ...

class ActRequest(_message.Message):
    __slots__ = ("game_id", "seat_token", "action", "client_seq")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    CLIENT_SEQ_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_token: str
    action: str
    client_seq: int
    def __init__(self, game_id: _Optional[str] = ..., seat_token: _Optional[str] = ..., action: _Optional[str] = ..., client_seq: _Optional[int] = ...) -> None: ...

class ActResponse(_message.Message):
    __slots__ = ("version", "action", "replayed", "phase", "to_act", "status")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    version: int
    action: str
    replayed: bool
    phase: str
    to_act: _containers.RepeatedScalarFieldContainer[int]
    status: GameStatus
    def __init__(self, version: _Optional[int] = ..., action: _Optional[str] = ..., replayed: _Optional[bool] = ..., phase: _Optional[str] = ..., to_act: _Optional[_Iterable[int]] = ..., status: _Optional[_Union[GameStatus, str]] = ...) -> None: ...

class ActStreamRequest(_message.Message):
    __slots__ = ("act",)
    ACT_FIELD_NUMBER: _ClassVar[int]
    act: ActRequest
    def __init__(self, act: _Optional[_Union[ActRequest, _Mapping]] = ...) -> None: ...

class ActStreamResponse(_message.Message):
    __slots__ = ("accepted", "rejected")
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    REJECTED_FIELD_NUMBER: _ClassVar[int]
    accepted: ActResponse
    rejected: Rejection
    def __init__(self, accepted: _Optional[_Union[ActResponse, _Mapping]] = ..., rejected: _Optional[_Union[Rejection, _Mapping]] = ...) -> None: ...

class Rejection(_message.Message):
    __slots__ = ("code", "message", "reason", "rule")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    code: int
    message: str
    reason: str
    rule: str
    def __init__(self, code: _Optional[int] = ..., message: _Optional[str] = ..., reason: _Optional[str] = ..., rule: _Optional[str] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("game_id", "seat_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_token: str
    def __init__(self, game_id: _Optional[str] = ..., seat_token: _Optional[str] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("view",)
    VIEW_FIELD_NUMBER: _ClassVar[int]
    view: View
    def __init__(self, view: _Optional[_Union[View, _Mapping]] = ...) -> None: ...

class StreamEventsRequest(_message.Message):
    __slots__ = ("game_id", "seat_token", "from_version", "turns_only")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    TURNS_ONLY_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_token: str
    from_version: int
    turns_only: bool
    def __init__(self, game_id: _Optional[str] = ..., seat_token: _Optional[str] = ..., from_version: _Optional[int] = ..., turns_only: _Optional[bool] = ...) -> None: ...

class StreamEventsResponse(_message.Message):
    __slots__ = ("event", "view")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    event: Event
    view: View
    def __init__(self, event: _Optional[_Union[Event, _Mapping]] = ..., view: _Optional[_Union[View, _Mapping]] = ...) -> None: ...

class SpectateRequest(_message.Message):
    __slots__ = ("game_id", "from_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    from_version: int
    def __init__(self, game_id: _Optional[str] = ..., from_version: _Optional[int] = ...) -> None: ...

class SpectateResponse(_message.Message):
    __slots__ = ("event", "view")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    event: Event
    view: View
    def __init__(self, event: _Optional[_Union[Event, _Mapping]] = ..., view: _Optional[_Union[View, _Mapping]] = ...) -> None: ...

class GetHistoryRequest(_message.Message):
    __slots__ = ("game_id", "seat_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_token: str
    def __init__(self, game_id: _Optional[str] = ..., seat_token: _Optional[str] = ...) -> None: ...

class GetHistoryResponse(_message.Message):
    __slots__ = ("game", "events", "complete", "config_json", "result_json")
    GAME_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    RESULT_JSON_FIELD_NUMBER: _ClassVar[int]
    game: Game
    events: _containers.RepeatedCompositeFieldContainer[Event]
    complete: bool
    config_json: str
    result_json: str
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., complete: _Optional[bool] = ..., config_json: _Optional[str] = ..., result_json: _Optional[str] = ...) -> None: ...

class ResignRequest(_message.Message):
    __slots__ = ("game_id", "seat_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_token: str
    def __init__(self, game_id: _Optional[str] = ..., seat_token: _Optional[str] = ...) -> None: ...

class ResignResponse(_message.Message):
    __slots__ = ("version", "result_json")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    RESULT_JSON_FIELD_NUMBER: _ClassVar[int]
    version: int
    result_json: str
    def __init__(self, version: _Optional[int] = ..., result_json: _Optional[str] = ...) -> None: ...
