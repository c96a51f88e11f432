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
    EVENT_KIND_HAND_START: _ClassVar[EventKind]
    EVENT_KIND_HAND_END: _ClassVar[EventKind]
    EVENT_KIND_MATCH_END: _ClassVar[EventKind]

class GameAccess(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_ACCESS_UNSPECIFIED: _ClassVar[GameAccess]
    GAME_ACCESS_OPEN: _ClassVar[GameAccess]
    GAME_ACCESS_PRIVATE: _ClassVar[GameAccess]
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
EVENT_KIND_HAND_START: EventKind
EVENT_KIND_HAND_END: EventKind
EVENT_KIND_MATCH_END: EventKind
GAME_ACCESS_UNSPECIFIED: GameAccess
GAME_ACCESS_OPEN: GameAccess
GAME_ACCESS_PRIVATE: GameAccess

class Seat(_message.Message):
    __slots__ = ("seat", "kind", "bot", "name")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: SeatKind
    bot: str
    name: str
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[SeatKind, str]] = ..., bot: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class Game(_message.Message):
    __slots__ = ("game_id", "variant", "options", "num_players", "seats", "status", "phase", "to_act", "version", "timer_seconds", "create_time", "access", "match")
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
    ACCESS_FIELD_NUMBER: _ClassVar[int]
    MATCH_FIELD_NUMBER: _ClassVar[int]
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
    access: GameAccess
    match: MatchStanding
    def __init__(self, game_id: _Optional[str] = ..., variant: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., num_players: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]] = ..., status: _Optional[_Union[GameStatus, str]] = ..., phase: _Optional[str] = ..., to_act: _Optional[_Iterable[int]] = ..., version: _Optional[int] = ..., timer_seconds: _Optional[_Mapping[str, float]] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., access: _Optional[_Union[GameAccess, str]] = ..., match: _Optional[_Union[MatchStanding, _Mapping]] = ...) -> None: ...

class MatchSettings(_message.Message):
    __slots__ = ("hands", "clock_seconds")
    HANDS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    hands: int
    clock_seconds: float
    def __init__(self, hands: _Optional[int] = ..., clock_seconds: _Optional[float] = ...) -> None: ...

class MatchStanding(_message.Message):
    __slots__ = ("hand", "hands", "totals", "clock_seconds", "clock_deadline", "elapsed_seconds", "over", "winners", "decided_by")
    HAND_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_DEADLINE_FIELD_NUMBER: _ClassVar[int]
    ELAPSED_SECONDS_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    DECIDED_BY_FIELD_NUMBER: _ClassVar[int]
    hand: int
    hands: int
    totals: _containers.RepeatedScalarFieldContainer[float]
    clock_seconds: float
    clock_deadline: _timestamp_pb2.Timestamp
    elapsed_seconds: float
    over: bool
    winners: _containers.RepeatedScalarFieldContainer[int]
    decided_by: str
    def __init__(self, hand: _Optional[int] = ..., hands: _Optional[int] = ..., totals: _Optional[_Iterable[float]] = ..., clock_seconds: _Optional[float] = ..., clock_deadline: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., elapsed_seconds: _Optional[float] = ..., over: _Optional[bool] = ..., winners: _Optional[_Iterable[int]] = ..., decided_by: _Optional[str] = ...) -> None: ...

class Invite(_message.Message):
    __slots__ = ("seat", "invite")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    INVITE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    invite: str
    def __init__(self, seat: _Optional[int] = ..., invite: _Optional[str] = ...) -> None: ...

class View(_message.Message):
    __slots__ = ("game_id", "version", "status", "phase", "to_act", "seat", "legal_actions", "num_legal", "deadline", "view_json", "hand_view", "match")
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
    HAND_VIEW_FIELD_NUMBER: _ClassVar[int]
    MATCH_FIELD_NUMBER: _ClassVar[int]
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
    hand_view: HandView
    match: MatchStanding
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., status: _Optional[_Union[GameStatus, str]] = ..., phase: _Optional[str] = ..., to_act: _Optional[_Iterable[int]] = ..., seat: _Optional[int] = ..., legal_actions: _Optional[_Iterable[str]] = ..., num_legal: _Optional[int] = ..., deadline: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., view_json: _Optional[str] = ..., hand_view: _Optional[_Union[HandView, _Mapping]] = ..., match: _Optional[_Union[MatchStanding, _Mapping]] = ...) -> None: ...

class HandView(_message.Message):
    __slots__ = ("variant", "phase", "to_act", "seat", "hand", "hand_sizes", "trick", "last_trick", "points", "table_points", "tricks_played", "failed_throws", "failed_throw", "legal_actions", "num_legal", "kitty", "kitty_cards", "bury_count", "own_burials", "red_five_4p", "red_five_5p", "fifty_k", "tractor", "finding_friends", "result", "observation")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    LAST_TRICK_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    TABLE_POINTS_FIELD_NUMBER: _ClassVar[int]
    TRICKS_PLAYED_FIELD_NUMBER: _ClassVar[int]
    FAILED_THROWS_FIELD_NUMBER: _ClassVar[int]
    FAILED_THROW_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    NUM_LEGAL_FIELD_NUMBER: _ClassVar[int]
    KITTY_FIELD_NUMBER: _ClassVar[int]
    KITTY_CARDS_FIELD_NUMBER: _ClassVar[int]
    BURY_COUNT_FIELD_NUMBER: _ClassVar[int]
    OWN_BURIALS_FIELD_NUMBER: _ClassVar[int]
    RED_FIVE_4P_FIELD_NUMBER: _ClassVar[int]
    RED_FIVE_5P_FIELD_NUMBER: _ClassVar[int]
    FIFTY_K_FIELD_NUMBER: _ClassVar[int]
    TRACTOR_FIELD_NUMBER: _ClassVar[int]
    FINDING_FRIENDS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    variant: str
    phase: str
    to_act: _containers.RepeatedScalarFieldContainer[int]
    seat: int
    hand: _containers.RepeatedScalarFieldContainer[str]
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    trick: _containers.RepeatedCompositeFieldContainer[Play]
    last_trick: Trick
    points: _containers.RepeatedScalarFieldContainer[int]
    table_points: int
    tricks_played: int
    failed_throws: _containers.RepeatedScalarFieldContainer[int]
    failed_throw: FailedThrow
    legal_actions: _containers.RepeatedScalarFieldContainer[str]
    num_legal: int
    kitty: _containers.RepeatedScalarFieldContainer[str]
    kitty_cards: _containers.RepeatedScalarFieldContainer[str]
    bury_count: int
    own_burials: _containers.RepeatedCompositeFieldContainer[Cards]
    red_five_4p: RedFive4pFacts
    red_five_5p: RedFive5pFacts
    fifty_k: FiftyKFacts
    tractor: TractorFacts
    finding_friends: FindingFriendsFacts
    result: HandResult
    observation: bytes
    def __init__(self, variant: _Optional[str] = ..., phase: _Optional[str] = ..., to_act: _Optional[_Iterable[int]] = ..., seat: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., trick: _Optional[_Iterable[_Union[Play, _Mapping]]] = ..., last_trick: _Optional[_Union[Trick, _Mapping]] = ..., points: _Optional[_Iterable[int]] = ..., table_points: _Optional[int] = ..., tricks_played: _Optional[int] = ..., failed_throws: _Optional[_Iterable[int]] = ..., failed_throw: _Optional[_Union[FailedThrow, _Mapping]] = ..., legal_actions: _Optional[_Iterable[str]] = ..., num_legal: _Optional[int] = ..., kitty: _Optional[_Iterable[str]] = ..., kitty_cards: _Optional[_Iterable[str]] = ..., bury_count: _Optional[int] = ..., own_burials: _Optional[_Iterable[_Union[Cards, _Mapping]]] = ..., red_five_4p: _Optional[_Union[RedFive4pFacts, _Mapping]] = ..., red_five_5p: _Optional[_Union[RedFive5pFacts, _Mapping]] = ..., fifty_k: _Optional[_Union[FiftyKFacts, _Mapping]] = ..., tractor: _Optional[_Union[TractorFacts, _Mapping]] = ..., finding_friends: _Optional[_Union[FindingFriendsFacts, _Mapping]] = ..., result: _Optional[_Union[HandResult, _Mapping]] = ..., observation: _Optional[bytes] = ...) -> None: ...

class Cards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class Play(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class Trick(_message.Message):
    __slots__ = ("leader", "plays", "winner", "points", "failed_throw")
    LEADER_FIELD_NUMBER: _ClassVar[int]
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    FAILED_THROW_FIELD_NUMBER: _ClassVar[int]
    leader: int
    plays: _containers.RepeatedCompositeFieldContainer[Play]
    winner: int
    points: int
    failed_throw: FailedThrow
    def __init__(self, leader: _Optional[int] = ..., plays: _Optional[_Iterable[_Union[Play, _Mapping]]] = ..., winner: _Optional[int] = ..., points: _Optional[int] = ..., failed_throw: _Optional[_Union[FailedThrow, _Mapping]] = ...) -> None: ...

class FailedThrow(_message.Message):
    __slots__ = ("seat", "attempted", "forced", "rule", "text", "penalty_game_points", "penalty_attacker_points")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ATTEMPTED_FIELD_NUMBER: _ClassVar[int]
    FORCED_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    PENALTY_GAME_POINTS_FIELD_NUMBER: _ClassVar[int]
    PENALTY_ATTACKER_POINTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    attempted: _containers.RepeatedScalarFieldContainer[str]
    forced: _containers.RepeatedScalarFieldContainer[str]
    rule: str
    text: str
    penalty_game_points: _containers.RepeatedScalarFieldContainer[int]
    penalty_attacker_points: int
    def __init__(self, seat: _Optional[int] = ..., attempted: _Optional[_Iterable[str]] = ..., forced: _Optional[_Iterable[str]] = ..., rule: _Optional[str] = ..., text: _Optional[str] = ..., penalty_game_points: _Optional[_Iterable[int]] = ..., penalty_attacker_points: _Optional[int] = ...) -> None: ...

class Bid(_message.Message):
    __slots__ = ("seat", "amount")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    amount: int
    def __init__(self, seat: _Optional[int] = ..., amount: _Optional[int] = ...) -> None: ...

class RedFive4pFacts(_message.Message):
    __slots__ = ("declarer", "trump", "level", "bids", "high_bid", "bid", "first_bidder")
    DECLARER_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    BIDS_FIELD_NUMBER: _ClassVar[int]
    HIGH_BID_FIELD_NUMBER: _ClassVar[int]
    BID_FIELD_NUMBER: _ClassVar[int]
    FIRST_BIDDER_FIELD_NUMBER: _ClassVar[int]
    declarer: int
    trump: str
    level: str
    bids: _containers.RepeatedCompositeFieldContainer[Bid]
    high_bid: Bid
    bid: int
    first_bidder: int
    def __init__(self, declarer: _Optional[int] = ..., trump: _Optional[str] = ..., level: _Optional[str] = ..., bids: _Optional[_Iterable[_Union[Bid, _Mapping]]] = ..., high_bid: _Optional[_Union[Bid, _Mapping]] = ..., bid: _Optional[int] = ..., first_bidder: _Optional[int] = ...) -> None: ...

class Reveal(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class RedFive5pFacts(_message.Message):
    __slots__ = ("declarer", "trump", "level", "prev_declarer", "first_seat", "dealt", "reveal", "forced", "call", "solo", "friend_seat", "grab")
    DECLARER_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    PREV_DECLARER_FIELD_NUMBER: _ClassVar[int]
    FIRST_SEAT_FIELD_NUMBER: _ClassVar[int]
    DEALT_FIELD_NUMBER: _ClassVar[int]
    REVEAL_FIELD_NUMBER: _ClassVar[int]
    FORCED_FIELD_NUMBER: _ClassVar[int]
    CALL_FIELD_NUMBER: _ClassVar[int]
    SOLO_FIELD_NUMBER: _ClassVar[int]
    FRIEND_SEAT_FIELD_NUMBER: _ClassVar[int]
    GRAB_FIELD_NUMBER: _ClassVar[int]
    declarer: int
    trump: str
    level: str
    prev_declarer: int
    first_seat: int
    dealt: int
    reveal: Reveal
    forced: bool
    call: str
    solo: bool
    friend_seat: int
    grab: bool
    def __init__(self, declarer: _Optional[int] = ..., trump: _Optional[str] = ..., level: _Optional[str] = ..., prev_declarer: _Optional[int] = ..., first_seat: _Optional[int] = ..., dealt: _Optional[int] = ..., reveal: _Optional[_Union[Reveal, _Mapping]] = ..., forced: _Optional[bool] = ..., call: _Optional[str] = ..., solo: _Optional[bool] = ..., friend_seat: _Optional[int] = ..., grab: _Optional[bool] = ...) -> None: ...

class Top(_message.Message):
    __slots__ = ("seat", "cards", "kind")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    kind: str
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., kind: _Optional[str] = ...) -> None: ...

class FiftyKFacts(_message.Message):
    __slots__ = ("top", "passed", "finished", "leader", "points_left_in_hand", "tribute")
    TOP_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    POINTS_LEFT_IN_HAND_FIELD_NUMBER: _ClassVar[int]
    TRIBUTE_FIELD_NUMBER: _ClassVar[int]
    top: Top
    passed: _containers.RepeatedScalarFieldContainer[int]
    finished: _containers.RepeatedScalarFieldContainer[int]
    leader: int
    points_left_in_hand: _containers.RepeatedCompositeFieldContainer[Cards]
    tribute: FiftyKTribute
    def __init__(self, top: _Optional[_Union[Top, _Mapping]] = ..., passed: _Optional[_Iterable[int]] = ..., finished: _Optional[_Iterable[int]] = ..., leader: _Optional[int] = ..., points_left_in_hand: _Optional[_Iterable[_Union[Cards, _Mapping]]] = ..., tribute: _Optional[_Union[FiftyKTribute, _Mapping]] = ...) -> None: ...

class FiftyKTribute(_message.Message):
    __slots__ = ("giver", "receiver", "exempt", "card", "returned", "due")
    GIVER_FIELD_NUMBER: _ClassVar[int]
    RECEIVER_FIELD_NUMBER: _ClassVar[int]
    EXEMPT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    DUE_FIELD_NUMBER: _ClassVar[int]
    giver: int
    receiver: int
    exempt: bool
    card: str
    returned: str
    due: str
    def __init__(self, giver: _Optional[int] = ..., receiver: _Optional[int] = ..., exempt: _Optional[bool] = ..., card: _Optional[str] = ..., returned: _Optional[str] = ..., due: _Optional[str] = ...) -> None: ...

class Declaration(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class TractorFacts(_message.Message):
    __slots__ = ("levels", "level", "dealer", "declarer", "trump", "no_trump", "first_seat", "cards_dealt", "final_round", "declaration", "declarations", "kitty_holder", "kitty_stage")
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    DECLARER_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    NO_TRUMP_FIELD_NUMBER: _ClassVar[int]
    FIRST_SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_DEALT_FIELD_NUMBER: _ClassVar[int]
    FINAL_ROUND_FIELD_NUMBER: _ClassVar[int]
    DECLARATION_FIELD_NUMBER: _ClassVar[int]
    DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    KITTY_HOLDER_FIELD_NUMBER: _ClassVar[int]
    KITTY_STAGE_FIELD_NUMBER: _ClassVar[int]
    levels: _containers.RepeatedScalarFieldContainer[str]
    level: str
    dealer: int
    declarer: int
    trump: str
    no_trump: bool
    first_seat: int
    cards_dealt: int
    final_round: bool
    declaration: Declaration
    declarations: _containers.RepeatedCompositeFieldContainer[Declaration]
    kitty_holder: int
    kitty_stage: str
    def __init__(self, levels: _Optional[_Iterable[str]] = ..., level: _Optional[str] = ..., dealer: _Optional[int] = ..., declarer: _Optional[int] = ..., trump: _Optional[str] = ..., no_trump: _Optional[bool] = ..., first_seat: _Optional[int] = ..., cards_dealt: _Optional[int] = ..., final_round: _Optional[bool] = ..., declaration: _Optional[_Union[Declaration, _Mapping]] = ..., declarations: _Optional[_Iterable[_Union[Declaration, _Mapping]]] = ..., kitty_holder: _Optional[int] = ..., kitty_stage: _Optional[str] = ...) -> None: ...

class FriendCardCall(_message.Message):
    __slots__ = ("call", "filled_by")
    CALL_FIELD_NUMBER: _ClassVar[int]
    FILLED_BY_FIELD_NUMBER: _ClassVar[int]
    call: str
    filled_by: int
    def __init__(self, call: _Optional[str] = ..., filled_by: _Optional[int] = ...) -> None: ...

class FindingFriendsFacts(_message.Message):
    __slots__ = ("players", "decks", "levels", "level", "dealer", "declarer", "trump", "no_trump", "first_seat", "cards_dealt", "final_round", "declaration", "declarations", "friends_called", "friend_calls", "side")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DECKS_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    DECLARER_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    NO_TRUMP_FIELD_NUMBER: _ClassVar[int]
    FIRST_SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_DEALT_FIELD_NUMBER: _ClassVar[int]
    FINAL_ROUND_FIELD_NUMBER: _ClassVar[int]
    DECLARATION_FIELD_NUMBER: _ClassVar[int]
    DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    FRIENDS_CALLED_FIELD_NUMBER: _ClassVar[int]
    FRIEND_CALLS_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    players: int
    decks: int
    levels: _containers.RepeatedScalarFieldContainer[str]
    level: str
    dealer: int
    declarer: int
    trump: str
    no_trump: bool
    first_seat: int
    cards_dealt: int
    final_round: bool
    declaration: Declaration
    declarations: _containers.RepeatedCompositeFieldContainer[Declaration]
    friends_called: int
    friend_calls: _containers.RepeatedCompositeFieldContainer[FriendCardCall]
    side: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, players: _Optional[int] = ..., decks: _Optional[int] = ..., levels: _Optional[_Iterable[str]] = ..., level: _Optional[str] = ..., dealer: _Optional[int] = ..., declarer: _Optional[int] = ..., trump: _Optional[str] = ..., no_trump: _Optional[bool] = ..., first_seat: _Optional[int] = ..., cards_dealt: _Optional[int] = ..., final_round: _Optional[bool] = ..., declaration: _Optional[_Union[Declaration, _Mapping]] = ..., declarations: _Optional[_Iterable[_Union[Declaration, _Mapping]]] = ..., friends_called: _Optional[int] = ..., friend_calls: _Optional[_Iterable[_Union[FriendCardCall, _Mapping]]] = ..., side: _Optional[_Iterable[int]] = ...) -> None: ...

class HandResult(_message.Message):
    __slots__ = ("card_points", "game_points", "winners", "escaped", "declarer", "trump", "red_five_4p", "red_five_5p", "fifty_k", "tractor", "finding_friends")
    CARD_POINTS_FIELD_NUMBER: _ClassVar[int]
    GAME_POINTS_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    ESCAPED_FIELD_NUMBER: _ClassVar[int]
    DECLARER_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    RED_FIVE_4P_FIELD_NUMBER: _ClassVar[int]
    RED_FIVE_5P_FIELD_NUMBER: _ClassVar[int]
    FIFTY_K_FIELD_NUMBER: _ClassVar[int]
    TRACTOR_FIELD_NUMBER: _ClassVar[int]
    FINDING_FRIENDS_FIELD_NUMBER: _ClassVar[int]
    card_points: _containers.RepeatedScalarFieldContainer[int]
    game_points: _containers.RepeatedScalarFieldContainer[float]
    winners: _containers.RepeatedScalarFieldContainer[int]
    escaped: int
    declarer: int
    trump: str
    red_five_4p: RedFive4pResult
    red_five_5p: RedFive5pResult
    fifty_k: FiftyKResult
    tractor: TractorResult
    finding_friends: FindingFriendsResult
    def __init__(self, card_points: _Optional[_Iterable[int]] = ..., game_points: _Optional[_Iterable[float]] = ..., winners: _Optional[_Iterable[int]] = ..., escaped: _Optional[int] = ..., declarer: _Optional[int] = ..., trump: _Optional[str] = ..., red_five_4p: _Optional[_Union[RedFive4pResult, _Mapping]] = ..., red_five_5p: _Optional[_Union[RedFive5pResult, _Mapping]] = ..., fifty_k: _Optional[_Union[FiftyKResult, _Mapping]] = ..., tractor: _Optional[_Union[TractorResult, _Mapping]] = ..., finding_friends: _Optional[_Union[FindingFriendsResult, _Mapping]] = ...) -> None: ...

class RedFiveCapture(_message.Message):
    __slots__ = ("owner", "captor")
    OWNER_FIELD_NUMBER: _ClassVar[int]
    CAPTOR_FIELD_NUMBER: _ClassVar[int]
    owner: int
    captor: int
    def __init__(self, owner: _Optional[int] = ..., captor: _Optional[int] = ...) -> None: ...

class RedFive4pResult(_message.Message):
    __slots__ = ("bid", "kitty_points", "kitty_to_declarer", "last_trick_winner", "red_fives_captured", "declarer_final_points")
    BID_FIELD_NUMBER: _ClassVar[int]
    KITTY_POINTS_FIELD_NUMBER: _ClassVar[int]
    KITTY_TO_DECLARER_FIELD_NUMBER: _ClassVar[int]
    LAST_TRICK_WINNER_FIELD_NUMBER: _ClassVar[int]
    RED_FIVES_CAPTURED_FIELD_NUMBER: _ClassVar[int]
    DECLARER_FINAL_POINTS_FIELD_NUMBER: _ClassVar[int]
    bid: int
    kitty_points: int
    kitty_to_declarer: bool
    last_trick_winner: int
    red_fives_captured: _containers.RepeatedCompositeFieldContainer[RedFiveCapture]
    declarer_final_points: int
    def __init__(self, bid: _Optional[int] = ..., kitty_points: _Optional[int] = ..., kitty_to_declarer: _Optional[bool] = ..., last_trick_winner: _Optional[int] = ..., red_fives_captured: _Optional[_Iterable[_Union[RedFiveCapture, _Mapping]]] = ..., declarer_final_points: _Optional[int] = ...) -> None: ...

class RedFive5pResult(_message.Message):
    __slots__ = ("friend_seat", "solo", "forced", "grab", "call", "failed_throws", "scoring_points", "grade", "kitty_points", "last_trick_winner")
    FRIEND_SEAT_FIELD_NUMBER: _ClassVar[int]
    SOLO_FIELD_NUMBER: _ClassVar[int]
    FORCED_FIELD_NUMBER: _ClassVar[int]
    GRAB_FIELD_NUMBER: _ClassVar[int]
    CALL_FIELD_NUMBER: _ClassVar[int]
    FAILED_THROWS_FIELD_NUMBER: _ClassVar[int]
    SCORING_POINTS_FIELD_NUMBER: _ClassVar[int]
    GRADE_FIELD_NUMBER: _ClassVar[int]
    KITTY_POINTS_FIELD_NUMBER: _ClassVar[int]
    LAST_TRICK_WINNER_FIELD_NUMBER: _ClassVar[int]
    friend_seat: int
    solo: bool
    forced: bool
    grab: bool
    call: str
    failed_throws: _containers.RepeatedScalarFieldContainer[int]
    scoring_points: int
    grade: int
    kitty_points: int
    last_trick_winner: int
    def __init__(self, friend_seat: _Optional[int] = ..., solo: _Optional[bool] = ..., forced: _Optional[bool] = ..., grab: _Optional[bool] = ..., call: _Optional[str] = ..., failed_throws: _Optional[_Iterable[int]] = ..., scoring_points: _Optional[int] = ..., grade: _Optional[int] = ..., kitty_points: _Optional[int] = ..., last_trick_winner: _Optional[int] = ...) -> None: ...

class FiftyKResult(_message.Message):
    __slots__ = ("team_points", "winner", "doubled", "team_game_points", "collected", "finish_order", "hand_points_left", "points_left_in_hand")
    TEAM_POINTS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    DOUBLED_FIELD_NUMBER: _ClassVar[int]
    TEAM_GAME_POINTS_FIELD_NUMBER: _ClassVar[int]
    COLLECTED_FIELD_NUMBER: _ClassVar[int]
    FINISH_ORDER_FIELD_NUMBER: _ClassVar[int]
    HAND_POINTS_LEFT_FIELD_NUMBER: _ClassVar[int]
    POINTS_LEFT_IN_HAND_FIELD_NUMBER: _ClassVar[int]
    team_points: _containers.RepeatedScalarFieldContainer[int]
    winner: int
    doubled: bool
    team_game_points: _containers.RepeatedScalarFieldContainer[float]
    collected: _containers.RepeatedScalarFieldContainer[int]
    finish_order: _containers.RepeatedScalarFieldContainer[int]
    hand_points_left: _containers.RepeatedScalarFieldContainer[int]
    points_left_in_hand: _containers.RepeatedCompositeFieldContainer[Cards]
    def __init__(self, team_points: _Optional[_Iterable[int]] = ..., winner: _Optional[int] = ..., doubled: _Optional[bool] = ..., team_game_points: _Optional[_Iterable[float]] = ..., collected: _Optional[_Iterable[int]] = ..., finish_order: _Optional[_Iterable[int]] = ..., hand_points_left: _Optional[_Iterable[int]] = ..., points_left_in_hand: _Optional[_Iterable[_Union[Cards, _Mapping]]] = ...) -> None: ...

class TractorResult(_message.Message):
    __slots__ = ("attacker_points", "trick_points", "kitty_points", "kitty_multiplier", "last_trick_winner", "last_lead", "dealer", "level", "levels", "winner_team", "gaining_team", "levels_nominal", "levels_gained", "new_levels", "next_dealer", "match_won", "failed_throws")
    ATTACKER_POINTS_FIELD_NUMBER: _ClassVar[int]
    TRICK_POINTS_FIELD_NUMBER: _ClassVar[int]
    KITTY_POINTS_FIELD_NUMBER: _ClassVar[int]
    KITTY_MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    LAST_TRICK_WINNER_FIELD_NUMBER: _ClassVar[int]
    LAST_LEAD_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    WINNER_TEAM_FIELD_NUMBER: _ClassVar[int]
    GAINING_TEAM_FIELD_NUMBER: _ClassVar[int]
    LEVELS_NOMINAL_FIELD_NUMBER: _ClassVar[int]
    LEVELS_GAINED_FIELD_NUMBER: _ClassVar[int]
    NEW_LEVELS_FIELD_NUMBER: _ClassVar[int]
    NEXT_DEALER_FIELD_NUMBER: _ClassVar[int]
    MATCH_WON_FIELD_NUMBER: _ClassVar[int]
    FAILED_THROWS_FIELD_NUMBER: _ClassVar[int]
    attacker_points: int
    trick_points: int
    kitty_points: int
    kitty_multiplier: int
    last_trick_winner: int
    last_lead: _containers.RepeatedScalarFieldContainer[str]
    dealer: int
    level: str
    levels: _containers.RepeatedScalarFieldContainer[str]
    winner_team: str
    gaining_team: int
    levels_nominal: int
    levels_gained: int
    new_levels: _containers.RepeatedScalarFieldContainer[str]
    next_dealer: int
    match_won: int
    failed_throws: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, attacker_points: _Optional[int] = ..., trick_points: _Optional[int] = ..., kitty_points: _Optional[int] = ..., kitty_multiplier: _Optional[int] = ..., last_trick_winner: _Optional[int] = ..., last_lead: _Optional[_Iterable[str]] = ..., dealer: _Optional[int] = ..., level: _Optional[str] = ..., levels: _Optional[_Iterable[str]] = ..., winner_team: _Optional[str] = ..., gaining_team: _Optional[int] = ..., levels_nominal: _Optional[int] = ..., levels_gained: _Optional[int] = ..., new_levels: _Optional[_Iterable[str]] = ..., next_dealer: _Optional[int] = ..., match_won: _Optional[int] = ..., failed_throws: _Optional[_Iterable[int]] = ...) -> None: ...

class FindingFriendsResult(_message.Message):
    __slots__ = ("defender_points", "kitty_multiplier", "winner_side", "levels_nominal", "bonus", "new_levels", "next_declarer", "match_winners", "side", "friend_calls", "kitty_points", "last_trick_winner", "last_lead", "level", "levels", "failed_throws")
    DEFENDER_POINTS_FIELD_NUMBER: _ClassVar[int]
    KITTY_MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    WINNER_SIDE_FIELD_NUMBER: _ClassVar[int]
    LEVELS_NOMINAL_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    NEW_LEVELS_FIELD_NUMBER: _ClassVar[int]
    NEXT_DECLARER_FIELD_NUMBER: _ClassVar[int]
    MATCH_WINNERS_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    FRIEND_CALLS_FIELD_NUMBER: _ClassVar[int]
    KITTY_POINTS_FIELD_NUMBER: _ClassVar[int]
    LAST_TRICK_WINNER_FIELD_NUMBER: _ClassVar[int]
    LAST_LEAD_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    FAILED_THROWS_FIELD_NUMBER: _ClassVar[int]
    defender_points: int
    kitty_multiplier: int
    winner_side: str
    levels_nominal: int
    bonus: int
    new_levels: _containers.RepeatedScalarFieldContainer[str]
    next_declarer: int
    match_winners: _containers.RepeatedScalarFieldContainer[int]
    side: _containers.RepeatedScalarFieldContainer[int]
    friend_calls: _containers.RepeatedCompositeFieldContainer[FriendCardCall]
    kitty_points: int
    last_trick_winner: int
    last_lead: _containers.RepeatedScalarFieldContainer[str]
    level: str
    levels: _containers.RepeatedScalarFieldContainer[str]
    failed_throws: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, defender_points: _Optional[int] = ..., kitty_multiplier: _Optional[int] = ..., winner_side: _Optional[str] = ..., levels_nominal: _Optional[int] = ..., bonus: _Optional[int] = ..., new_levels: _Optional[_Iterable[str]] = ..., next_declarer: _Optional[int] = ..., match_winners: _Optional[_Iterable[int]] = ..., side: _Optional[_Iterable[int]] = ..., friend_calls: _Optional[_Iterable[_Union[FriendCardCall, _Mapping]]] = ..., kitty_points: _Optional[int] = ..., last_trick_winner: _Optional[int] = ..., last_lead: _Optional[_Iterable[str]] = ..., level: _Optional[str] = ..., levels: _Optional[_Iterable[str]] = ..., failed_throws: _Optional[_Iterable[int]] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("version", "kind", "seat", "action", "timeout", "bot", "redacted", "create_time", "hand")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    REDACTED_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    version: int
    kind: EventKind
    seat: int
    action: str
    timeout: bool
    bot: bool
    redacted: bool
    create_time: _timestamp_pb2.Timestamp
    hand: int
    def __init__(self, version: _Optional[int] = ..., kind: _Optional[_Union[EventKind, str]] = ..., seat: _Optional[int] = ..., action: _Optional[str] = ..., timeout: _Optional[bool] = ..., bot: _Optional[bool] = ..., redacted: _Optional[bool] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., hand: _Optional[int] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("variant", "options", "seed", "bots", "timer_seconds", "access", "request_id", "match")
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
    ACCESS_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    MATCH_FIELD_NUMBER: _ClassVar[int]
    variant: str
    options: _containers.ScalarMap[str, str]
    seed: int
    bots: _containers.ScalarMap[int, str]
    timer_seconds: _containers.ScalarMap[str, float]
    access: GameAccess
    request_id: str
    match: MatchSettings
    def __init__(self, variant: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., seed: _Optional[int] = ..., bots: _Optional[_Mapping[int, str]] = ..., timer_seconds: _Optional[_Mapping[str, float]] = ..., access: _Optional[_Union[GameAccess, str]] = ..., request_id: _Optional[str] = ..., match: _Optional[_Union[MatchSettings, _Mapping]] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game", "admin_token", "invites", "replayed", "watch_token")
    GAME_FIELD_NUMBER: _ClassVar[int]
    ADMIN_TOKEN_FIELD_NUMBER: _ClassVar[int]
    INVITES_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    WATCH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game: Game
    admin_token: str
    invites: _containers.RepeatedCompositeFieldContainer[Invite]
    replayed: bool
    watch_token: str
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ..., admin_token: _Optional[str] = ..., invites: _Optional[_Iterable[_Union[Invite, _Mapping]]] = ..., replayed: _Optional[bool] = ..., watch_token: _Optional[str] = ...) -> None: ...

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
    __slots__ = ("game_id", "seat", "invite", "request_id", "name")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    INVITE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    invite: str
    request_id: str
    name: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., invite: _Optional[str] = ..., request_id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class JoinGameResponse(_message.Message):
    __slots__ = ("seat", "seat_token", "game", "replayed")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    seat_token: str
    game: Game
    replayed: bool
    def __init__(self, seat: _Optional[int] = ..., seat_token: _Optional[str] = ..., game: _Optional[_Union[Game, _Mapping]] = ..., replayed: _Optional[bool] = ...) -> None: ...

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
    __slots__ = ("game_id", "seat_token", "action", "client_seq", "expected_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    CLIENT_SEQ_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_token: str
    action: str
    client_seq: int
    expected_version: int
    def __init__(self, game_id: _Optional[str] = ..., seat_token: _Optional[str] = ..., action: _Optional[str] = ..., client_seq: _Optional[int] = ..., expected_version: _Optional[int] = ...) -> None: ...

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
    __slots__ = ("code", "message", "reason", "rule", "version")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    code: int
    message: str
    reason: str
    rule: str
    version: int
    def __init__(self, code: _Optional[int] = ..., message: _Optional[str] = ..., reason: _Optional[str] = ..., rule: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("game_id", "seat_token", "observation")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_token: str
    observation: bool
    def __init__(self, game_id: _Optional[str] = ..., seat_token: _Optional[str] = ..., observation: _Optional[bool] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("view",)
    VIEW_FIELD_NUMBER: _ClassVar[int]
    view: View
    def __init__(self, view: _Optional[_Union[View, _Mapping]] = ...) -> None: ...

class StreamEventsRequest(_message.Message):
    __slots__ = ("game_id", "seat_token", "from_version", "turns_only", "observation")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    TURNS_ONLY_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_token: str
    from_version: int
    turns_only: bool
    observation: bool
    def __init__(self, game_id: _Optional[str] = ..., seat_token: _Optional[str] = ..., from_version: _Optional[int] = ..., turns_only: _Optional[bool] = ..., observation: _Optional[bool] = ...) -> None: ...

class StreamEventsResponse(_message.Message):
    __slots__ = ("event", "view")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    event: Event
    view: View
    def __init__(self, event: _Optional[_Union[Event, _Mapping]] = ..., view: _Optional[_Union[View, _Mapping]] = ...) -> None: ...

class SpectateRequest(_message.Message):
    __slots__ = ("game_id", "from_version", "watch_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    WATCH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    from_version: int
    watch_token: str
    def __init__(self, game_id: _Optional[str] = ..., from_version: _Optional[int] = ..., watch_token: _Optional[str] = ...) -> None: ...

class SpectateResponse(_message.Message):
    __slots__ = ("event", "view")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    event: Event
    view: View
    def __init__(self, event: _Optional[_Union[Event, _Mapping]] = ..., view: _Optional[_Union[View, _Mapping]] = ...) -> None: ...

class GetHistoryRequest(_message.Message):
    __slots__ = ("game_id", "seat_token", "hand", "watch_token", "page_size", "page_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    WATCH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_token: str
    hand: int
    watch_token: str
    page_size: int
    page_token: str
    def __init__(self, game_id: _Optional[str] = ..., seat_token: _Optional[str] = ..., hand: _Optional[int] = ..., watch_token: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class GetHistoryResponse(_message.Message):
    __slots__ = ("game", "events", "complete", "config_json", "result_json", "hands", "result", "next_page_token")
    GAME_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    RESULT_JSON_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game: Game
    events: _containers.RepeatedCompositeFieldContainer[Event]
    complete: bool
    config_json: str
    result_json: str
    hands: _containers.RepeatedCompositeFieldContainer[HandRecord]
    result: HandResult
    next_page_token: str
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., complete: _Optional[bool] = ..., config_json: _Optional[str] = ..., result_json: _Optional[str] = ..., hands: _Optional[_Iterable[_Union[HandRecord, _Mapping]]] = ..., result: _Optional[_Union[HandResult, _Mapping]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class HandRecord(_message.Message):
    __slots__ = ("hand", "start_version", "end_version", "config_json", "result_json", "result")
    HAND_FIELD_NUMBER: _ClassVar[int]
    START_VERSION_FIELD_NUMBER: _ClassVar[int]
    END_VERSION_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    RESULT_JSON_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    hand: int
    start_version: int
    end_version: int
    config_json: str
    result_json: str
    result: HandResult
    def __init__(self, hand: _Optional[int] = ..., start_version: _Optional[int] = ..., end_version: _Optional[int] = ..., config_json: _Optional[str] = ..., result_json: _Optional[str] = ..., result: _Optional[_Union[HandResult, _Mapping]] = ...) -> None: ...

class ResignRequest(_message.Message):
    __slots__ = ("game_id", "seat_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_token: str
    def __init__(self, game_id: _Optional[str] = ..., seat_token: _Optional[str] = ...) -> None: ...

class ResignResponse(_message.Message):
    __slots__ = ("version", "result_json", "result")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    RESULT_JSON_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    version: int
    result_json: str
    result: HandResult
    def __init__(self, version: _Optional[int] = ..., result_json: _Optional[str] = ..., result: _Optional[_Union[HandResult, _Mapping]] = ...) -> None: ...

class ReplayGameRequest(_message.Message):
    __slots__ = ("game_id", "seat", "hand", "watch_token", "page_size", "page_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    WATCH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    hand: int
    watch_token: str
    page_size: int
    page_token: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., hand: _Optional[int] = ..., watch_token: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ReplayGameResponse(_message.Message):
    __slots__ = ("event", "view", "next_page_token")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    event: Event
    view: View
    next_page_token: str
    def __init__(self, event: _Optional[_Union[Event, _Mapping]] = ..., view: _Optional[_Union[View, _Mapping]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class ListBotsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListBotsResponse(_message.Message):
    __slots__ = ("names",)
    NAMES_FIELD_NUMBER: _ClassVar[int]
    names: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, names: _Optional[_Iterable[str]] = ...) -> None: ...

class ListVariantsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListVariantsResponse(_message.Message):
    __slots__ = ("variants",)
    VARIANTS_FIELD_NUMBER: _ClassVar[int]
    variants: _containers.RepeatedCompositeFieldContainer[Variant]
    def __init__(self, variants: _Optional[_Iterable[_Union[Variant, _Mapping]]] = ...) -> None: ...

class Variant(_message.Message):
    __slots__ = ("id", "name", "players", "options", "presets")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PRESETS_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    players: _containers.RepeatedScalarFieldContainer[int]
    options: _containers.RepeatedCompositeFieldContainer[VariantOption]
    presets: _containers.RepeatedCompositeFieldContainer[Preset]
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., players: _Optional[_Iterable[int]] = ..., options: _Optional[_Iterable[_Union[VariantOption, _Mapping]]] = ..., presets: _Optional[_Iterable[_Union[Preset, _Mapping]]] = ...) -> None: ...

class VariantOption(_message.Message):
    __slots__ = ("name", "about", "default_value", "values", "allowed", "rules", "house_rule", "setup")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ABOUT_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    ALLOWED_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    HOUSE_RULE_FIELD_NUMBER: _ClassVar[int]
    SETUP_FIELD_NUMBER: _ClassVar[int]
    name: str
    about: str
    default_value: str
    values: _containers.RepeatedCompositeFieldContainer[OptionValue]
    allowed: str
    rules: _containers.RepeatedScalarFieldContainer[str]
    house_rule: bool
    setup: bool
    def __init__(self, name: _Optional[str] = ..., about: _Optional[str] = ..., default_value: _Optional[str] = ..., values: _Optional[_Iterable[_Union[OptionValue, _Mapping]]] = ..., allowed: _Optional[str] = ..., rules: _Optional[_Iterable[str]] = ..., house_rule: _Optional[bool] = ..., setup: _Optional[bool] = ...) -> None: ...

class OptionValue(_message.Message):
    __slots__ = ("value", "rule", "about")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    ABOUT_FIELD_NUMBER: _ClassVar[int]
    value: str
    rule: str
    about: str
    def __init__(self, value: _Optional[str] = ..., rule: _Optional[str] = ..., about: _Optional[str] = ...) -> None: ...

class Preset(_message.Message):
    __slots__ = ("id", "name", "about", "options")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ABOUT_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    about: str
    options: _containers.ScalarMap[str, str]
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., about: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ...) -> None: ...

class SuggestActionsRequest(_message.Message):
    __slots__ = ("game_id", "seat_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_token: str
    def __init__(self, game_id: _Optional[str] = ..., seat_token: _Optional[str] = ...) -> None: ...

class SuggestActionsResponse(_message.Message):
    __slots__ = ("version", "actions")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    version: int
    actions: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, version: _Optional[int] = ..., actions: _Optional[_Iterable[str]] = ...) -> None: ...

class ChatMessage(_message.Message):
    __slots__ = ("seq", "seat", "text", "create_time")
    SEQ_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    seq: int
    seat: int
    text: str
    create_time: _timestamp_pb2.Timestamp
    def __init__(self, seq: _Optional[int] = ..., seat: _Optional[int] = ..., text: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class SendChatRequest(_message.Message):
    __slots__ = ("game_id", "seat_token", "text")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_token: str
    text: str
    def __init__(self, game_id: _Optional[str] = ..., seat_token: _Optional[str] = ..., text: _Optional[str] = ...) -> None: ...

class SendChatResponse(_message.Message):
    __slots__ = ("message",)
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    message: ChatMessage
    def __init__(self, message: _Optional[_Union[ChatMessage, _Mapping]] = ...) -> None: ...

class GetChatRequest(_message.Message):
    __slots__ = ("game_id", "after_seq", "watch_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_SEQ_FIELD_NUMBER: _ClassVar[int]
    WATCH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    after_seq: int
    watch_token: str
    def __init__(self, game_id: _Optional[str] = ..., after_seq: _Optional[int] = ..., watch_token: _Optional[str] = ...) -> None: ...

class GetChatResponse(_message.Message):
    __slots__ = ("messages",)
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    messages: _containers.RepeatedCompositeFieldContainer[ChatMessage]
    def __init__(self, messages: _Optional[_Iterable[_Union[ChatMessage, _Mapping]]] = ...) -> None: ...
