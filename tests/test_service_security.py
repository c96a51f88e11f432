"""No hand crosses the wire to anyone but its seat.

Every seat's token is used for every RPC while a game (or a table's match) is played,
and every message and streamed event it receives is checked against the server-side
game, replayed from the stored history: each view is exactly the public view plus the
seat's own hand, legal actions and (for the declarer) kitty, and these hold only the
seat's own cards; the typed view is the one built from that view and holds no card it
does not; another seat's burial reaches nobody else while its hand runs; error reasons
name no card the seat cannot see.
"""

from __future__ import annotations

import json
import random
import threading

import grpc
import pytest
from leak_support import (
    cards_in,
    check_typed,
    check_view,
    contained,
    hidden_actions,
    truth_by_version,
)
from service_support import create, join_all, running_server, view

import fenpai
from fenpai.games import VARIANTS
from fenpai.games.trick_game import TrickGame
from fenpai.rpc.v1 import game_service_pb2 as pb


@pytest.fixture(scope="module")
def stub(tmp_path_factory, db):
    with running_server(tmp_path_factory.mktemp("security"), "--no-timers", db=db) as server:
        yield server.stub()


class Observer:
    """Everything one seat's token received: (version or None, what) pairs."""

    def __init__(self, stub, game_id: str, seat: int, token: str):
        self.seat, self.token = seat, token
        self.views: list[tuple[int, dict, pb.HandView]] = []
        self.events: list[pb.Event] = []
        self.errors: list[tuple[str, str, dict]] = []
        request = pb.StreamEventsRequest(game_id=game_id, seat_token=token)
        self._stream = stub.StreamEvents(request)
        self._thread = threading.Thread(target=self._follow, daemon=True)
        self._thread.start()

    def _follow(self) -> None:
        for item in self._stream:
            self.events.append(item.event)
            self.record(item.view)

    def record(self, v: pb.View) -> None:
        self.views.append((v.version, json.loads(v.view_json), v.hand_view))

    def seen(self, v: pb.View) -> pb.View:
        assert v.seat == self.seat
        self.record(v)
        return v

    def join(self) -> None:
        self._thread.join(30)
        assert not self._thread.is_alive()


def play_observed(
    stub, variant: str, seed: int, match: pb.MatchSettings | None = None, choose=None, **options
):
    """A game played by random seats (`choose(rng, view, legal)` picks, else uniformly),
    each seat's views and events observed."""
    created = create(stub, variant, seed=seed, match=match, **options)
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    observers = {s: Observer(stub, game_id, s, t) for s, t in tokens.items()}
    rng = random.Random(seed)
    histories = []
    while True:
        v = observers[0].seen(view(stub, game_id, tokens[0]))
        if v.status == pb.GAME_STATUS_FINISHED:
            break
        if not v.to_act:  # between a table's hands
            continue
        seat = v.to_act[0]
        mine = observers[seat].seen(view(stub, game_id, tokens[seat]))
        other = (seat + 1) % len(tokens)
        try:
            stub.Act(pb.ActRequest(game_id=game_id, seat_token=tokens[other], action="pass"))
        except grpc.RpcError as err:
            assert err.code() in (
                grpc.StatusCode.FAILED_PRECONDITION,
                grpc.StatusCode.INVALID_ARGUMENT,
            )
        own = cards_in(json.loads(mine.view_json).get("hand", ""))
        unheld = [c for c in ("5h", "BJ", "Ks", "Td", "2c") if c not in own]
        if unheld and rng.random() < 0.2:  # try a card the seat does not hold
            guess = "play " + rng.choice(unheld)
            try:
                stub.Act(pb.ActRequest(game_id=game_id, seat_token=tokens[seat], action=guess))
            except grpc.RpcError as err:
                observers[seat].errors.append((guess, err.details(), json.loads(mine.view_json)))
        if rng.random() < 0.1:  # a seat's history of the game under way
            for s, token in tokens.items():
                request = pb.GetHistoryRequest(game_id=game_id, seat_token=token)
                histories.append((s, stub.GetHistory(request)))
        legal = list(mine.legal_actions)
        action = rng.choice(legal) if choose is None else choose(rng, mine, legal)
        done = stub.Act(pb.ActRequest(game_id=game_id, seat_token=tokens[seat], action=action))
        assert done.version == v.version + 1
    for o in observers.values():
        o.join()
    history = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id))
    return history, observers, histories


TABLES = [(v, None, {}) for v in sorted(VARIANTS)] + [
    ("red_five_4p", pb.MatchSettings(hands=2), {}),
    ("tractor", pb.MatchSettings(hands=2), {}),
    # FKO-48: the card returned for a tribute is the giver's and the receiver's.
    ("fifty_k", pb.MatchSettings(hands=3), {"tribute": "highest"}),
]


@pytest.mark.parametrize(
    ("variant", "match", "options"),
    TABLES,
    ids=[v + ("_table" if m else "") + ("_tribute" if o else "") for v, m, o in TABLES],
)
def test_no_hidden_card_reaches_another_seat(stub, variant, match, options):
    history, observers, histories = play_observed(stub, variant, 31, match, **options)
    truth = truth_by_version(history)
    hidden = hidden_actions(history)
    if issubclass(VARIANTS[variant], TrickGame):
        assert hidden, "a trick-taking game has a burial"
    if options:
        assert hidden, "a tribute table's later hands have returns"
    for seat, observer in observers.items():
        assert len(observer.views) > 10
        for version, received, hand_view in observer.views:
            check_view(seat, received, hand_view, truth[version])
        assert [e.version for e in observer.events] == [e.version for e in history.events]
        for event in observer.events:
            if event.version in hidden and hidden[event.version].seat != seat:
                assert event.action == hidden[event.version].action.split()[0] and event.redacted
            else:
                assert event.action == next(
                    e.action for e in history.events if e.version == event.version
                )
        for guess, reason, seen in observer.errors:
            visible = cards_in(guess) + cards_in(json.dumps(seen))
            assert contained(cards_in(reason), visible), reason
    assert any(o.errors for o in observers.values())
    for seat, partial in histories:
        assert not partial.complete and not partial.config_json
        running = {h.hand for h in partial.hands if not h.result_json} or {1}
        for event in partial.events:
            if event.version in hidden and hidden[event.version].seat != seat:
                if event.hand in running:  # a finished hand's burial is public
                    assert event.action == hidden[event.version].action.split()[0]
                    assert event.redacted
                else:
                    assert event.action == hidden[event.version].action


def test_tro_112_no_stolen_kitty_or_stealer_burial_reaches_another_seat(stub):
    """Kitty theft: the stolen kitty and each stealer's burial reach the stealer only."""

    def steal_when_able(rng, seen, legal):
        # Pass in the deal (a strong declaration there leaves nothing to steal with).
        declares = [a for a in legal if a.startswith("declare")]
        if seen.hand_view.tractor.kitty_stage == "steal" and declares:
            return rng.choice(declares)
        return "pass" if "pass" in legal else rng.choice(legal)

    stolen = 0
    for seed in range(31, 41):
        history, observers, _ = play_observed(
            stub, "tractor", seed=seed, choose=steal_when_able, kitty_theft="allowed"
        )
        truth = truth_by_version(history)
        burials = {e.version: e for e in history.events if e.action.split()[0] == "bury"}
        stolen += len(burials) - 1
        for seat, observer in observers.items():
            for version, received, hand_view in observer.views:
                check_view(seat, received, hand_view, truth[version])
                # Every burial the seat made so far, and none of another seat's.
                own = [
                    e.action.removeprefix("bury ")
                    for v, e in burials.items()
                    if v <= version and e.seat == seat
                ]
                assert received["own_burials"] == own
            for event in observer.events:
                if event.version in burials and burials[event.version].seat != seat:
                    assert event.action == "bury" and event.redacted
        if stolen >= 2:
            break
    assert stolen >= 2, "the random seats stole the kitty"


def test_spectators_and_lobby_see_no_hand(stub):
    created = create(stub, "red_five_4p", seed=5)
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    hands = [json.loads(view(stub, game_id, t).view_json)["hand"] for t in tokens.values()]
    watched = []
    thread = threading.Thread(
        target=lambda: watched.extend(stub.Spectate(pb.SpectateRequest(game_id=game_id)))
    )
    thread.start()
    rng = random.Random(1)
    while True:
        v = view(stub, game_id, tokens[0])
        if v.status == pb.GAME_STATUS_FINISHED:
            break
        seat = v.to_act[0]
        legal = view(stub, game_id, tokens[seat]).legal_actions
        stub.Act(pb.ActRequest(game_id=game_id, seat_token=tokens[seat], action=rng.choice(legal)))
        lobby = [
            stub.GetGame(pb.GetGameRequest(game_id=game_id)).SerializeToString(),
            stub.ListGames(pb.ListGamesRequest()).SerializeToString(),
            stub.GetHistory(pb.GetHistoryRequest(game_id=game_id)).SerializeToString(),
        ]
        for message in lobby:
            for hand in hands:
                assert hand.encode() not in message
    thread.join(30)
    for item in watched:
        data = json.loads(item.view.view_json)
        assert "hand" not in data and "legal_actions" not in data
        assert not item.view.hand_view.hand and not item.view.hand_view.legal_actions
        check_typed(data, item.view.hand_view)
        if item.event.action.startswith("bury") and item.view.phase != "done":
            assert item.event.action == "bury" and item.event.redacted


def test_a_solo_declarer_knows_it_before_the_others():
    """R5-21: a Red Five 5p declarer that owns every copy of its call card sees the hand
    as solo in its own view before the public view says so; the leak checks let only
    the declarer's view differ there, and only to say solo."""
    from fenpai.service import typed

    game = fenpai.new_game("red_five_5p", seed=142)  # its declarer calls a card it owns
    rng = random.Random(142)
    while True:
        public = game.view(None)
        declarer = public["declarer"]
        if declarer is not None and game.view(declarer)["solo"] != public["solo"]:
            break
        seat = game.to_act[0]
        game.apply(seat, game.legal_action(seat, rng.randrange(game.num_legal(seat))))
    views = [game.view(s) for s in range(5)]
    assert views[declarer]["solo"] and not public["solo"]
    truth = (views, public, True)
    check_view(declarer, views[declarer], typed.hand_view(views[declarer]), truth)
    other = (declarer + 1) % 5
    views[other] = dict(views[other], solo=True)
    with pytest.raises(AssertionError, match="solo"):
        check_view(other, views[other], typed.hand_view(views[other]), truth)
