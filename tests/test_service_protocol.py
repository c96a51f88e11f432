"""The protocol's guards over a real loopback server: request ids another client cannot
guess (counted in characters), private games watched only with a credential, actions
tied to the version they answer, GetHistory and ReplayGame a bounded page at a time,
and every rule a message cites named in its ErrorInfo."""

from __future__ import annotations

import base64
import http.client as http_client
import json
import re
import secrets
import shlex
import shutil
import struct
import subprocess
import uuid
from pathlib import Path
from urllib.parse import quote, urlsplit

import grpc
import pytest
from google.protobuf import descriptor_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_reflection.v1alpha import reflection_pb2
from grpc_status import rpc_status
from hypothesis import given
from hypothesis import strategies as st
from leak_support import cards_in, check_typed
from service_support import (
    Lockstep,
    act,
    bot_game,
    create,
    error_of,
    join_all,
    reason_of,
    running_server,
    state,
    view,
)
from web_support import decode

from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service import creation, paging
from fenpai.service.errors import ServiceError, cited_rules

PRIVATE = pb.GAME_ACCESS_PRIVATE
SERVICE = "/fenpai.rpc.v1.GameService/"
CODE = grpc.StatusCode


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("protocol"), "--no-timers") as server:
        yield server


@pytest.fixture(scope="module")
def stub(server):
    return server.stub()


def info_of(err: grpc.RpcError) -> error_details_pb2.ErrorInfo:
    status = rpc_status.from_call(err)
    assert status is not None
    [detail] = status.details
    info = error_details_pb2.ErrorInfo()
    assert detail.Unpack(info)
    return info


# -- request ids ----------------------------------------------------------------------------


def refused_id(request_id: str) -> str:
    with pytest.raises(ServiceError) as err:
        creation.check_request_id(request_id)
    assert err.value.reason == "BAD_REQUEST_ID"
    assert err.value.code == CODE.INVALID_ARGUMENT
    return err.value.message


RANDOM_IDS = st.one_of(
    st.builds(lambda: str(uuid.uuid4())),
    st.builds(lambda: uuid.uuid4().hex),
    st.builds(lambda: secrets.token_hex(16)),
    st.builds(lambda: secrets.token_urlsafe(16)),
    st.integers(16, 48).map(secrets.token_urlsafe),
)


@given(RANDOM_IDS)
def test_random_request_ids_are_accepted(request_id):
    """What the docs tell a client to send (a UUID, 32 hex digits, 22+ URL-safe base64
    characters) is accepted."""
    assert creation.check_request_id(request_id) == request_id


@given(st.text(min_size=1, max_size=200))
def test_a_request_id_is_accepted_only_if_it_can_hold_128_bits(text):
    """Any text: accepted only at 22..64 characters, 128 bits by its alphabet, 8 different
    characters; every refusal is BAD_REQUEST_ID (INVALID_ARGUMENT)."""
    try:
        creation.check_request_id(text)
    except ServiceError as err:
        assert err.reason == "BAD_REQUEST_ID" and err.code == CODE.INVALID_ARGUMENT
        return
    assert 22 <= len(text) <= 64 and len(set(text)) >= 8
    assert creation.request_id_bits(text) >= 128


def test_guessable_request_ids_are_refused_and_length_is_in_characters():
    for guessable in ("0" * 16, "0" * 32, "0" * 64, "ab" * 20, "0123456789abcdef", "x" * 21):
        refused_id(guessable)
    refused_id("0123456789abcdef0123456789abcde")  # 31 hex digits: 124 bits
    assert creation.check_request_id("0123456789abcdef0123456789abcdef")  # 32: 128
    assert "at most 64" in refused_id(str(uuid.uuid4()) * 2)
    cjk = "".join(chr(0x4E00 + i) for i in range(30))  # 90 bytes, 30 characters
    assert creation.check_request_id(cjk) == cjk
    assert creation.check_request_id(cjk * 2 + cjk[:4]) == cjk * 2 + cjk[:4]  # 64
    assert "at most 64" in refused_id(cjk * 2 + cjk[:5])


def test_a_guessed_request_id_gets_nobody_else_s_tokens(stub):
    """The probe: a stranger repeating a trivial id with the same request used to get
    the creator's admin token and invites. Trivial ids are refused, too short and too
    long alike, as INVALID_ARGUMENT; and a random id's retry with any other request is
    REQUEST_ID_REUSED."""
    for bad in ("0" * 16, "0" * 22, "x" * 65, "中" * 65):
        for call in (
            lambda rid: create(stub, "red_five_4p", access=PRIVATE, request_id=rid),
            lambda rid: stub.JoinGame(
                pb.JoinGameRequest(game_id=create(stub, "fifty_k").game.game_id, request_id=rid)
            ),
        ):
            err = error_of(call, bad)
            assert err.code() == CODE.INVALID_ARGUMENT, bad
            assert reason_of(err) == ("BAD_REQUEST_ID", None)
    rid = str(uuid.uuid4())
    first = create(stub, "red_five_4p", access=PRIVATE, request_id=rid)
    err = error_of(create, stub, "red_five_4p", request_id=rid)
    assert reason_of(err) == ("REQUEST_ID_REUSED", None)
    cjk = "".join(chr(0x4E00 + i) for i in range(30))
    made = create(stub, "tractor", request_id=cjk)
    assert not made.replayed and create(stub, "tractor", request_id=cjk).replayed
    assert first.watch_token and not made.watch_token


# -- private games: watched with a credential -------------------------------------------------


def watch_calls(stub, game_id: str, credential: str):
    """Spectate, GetHistory and ReplayGame of the game with `credential` as watch_token."""
    return {
        "Spectate": lambda: list(
            stub.Spectate(pb.SpectateRequest(game_id=game_id, watch_token=credential), timeout=60)
        ),
        "GetHistory": lambda: stub.GetHistory(
            pb.GetHistoryRequest(game_id=game_id, watch_token=credential)
        ),
        "ReplayGame": lambda: list(
            stub.ReplayGame(
                pb.ReplayGameRequest(game_id=game_id, watch_token=credential), timeout=60
            )
        ),
    }


def test_a_private_game_is_watched_only_with_its_watch_token_an_invite_or_a_seat_token(stub):
    bots = {1: "random", 2: "random", 3: "random"}
    created = create(stub, "red_five_4p", seed=4, access=PRIVATE, bots=bots)
    game_id = created.game.game_id
    [invite] = created.invites
    other = create(stub, "red_five_4p", seed=4, access=PRIVATE, bots=bots)
    for credential, reason in [
        ("", "WATCH_TOKEN_REQUIRED"),
        ("not-a-watch-token", "BAD_WATCH_TOKEN"),
        (other.watch_token, "BAD_WATCH_TOKEN"),
        (other.invites[0].invite, "BAD_WATCH_TOKEN"),
        (created.admin_token, "BAD_WATCH_TOKEN"),
    ]:
        for name, call in watch_calls(stub, game_id, credential).items():
            err = error_of(call)
            assert err.code() == CODE.PERMISSION_DENIED, (name, credential)
            assert reason_of(err) == (reason, None) and not cards_in(err.details())
    err = error_of(watch_calls(stub, game_id, "w" * 200)["Spectate"])
    assert reason_of(err) == ("TOO_LONG", None)
    # the watch token neither joins nor acts
    err = error_of(stub.JoinGame, pb.JoinGameRequest(game_id=game_id, invite=created.watch_token))
    assert reason_of(err) == ("BAD_INVITE", None)
    token = stub.JoinGame(pb.JoinGameRequest(game_id=game_id, invite=invite.invite)).seat_token
    err = error_of(stub.Act, act(game_id, created.watch_token, "pass"))
    assert reason_of(err) == ("BAD_TOKEN", None)
    while (v := view(stub, game_id, token)).status != pb.GAME_STATUS_FINISHED:
        if 0 in v.to_act:
            request = act(game_id, token, v.legal_actions[0])
            request.expected_version = v.version
            try:
                stub.Act(request)
            except grpc.RpcError as err:  # a bot came first
                assert reason_of(err)[0] == "STALE_VERSION"
    for credential in (created.watch_token, invite.invite, token):
        items = watch_calls(stub, game_id, credential)["Spectate"]()
        assert items and items[-1].view.status == pb.GAME_STATUS_FINISHED
        for item in items:  # a watcher sees the public view only
            data = json.loads(item.view.view_json)
            assert "hand" not in data and not item.view.hand_view.hand
            check_typed(data, item.view.hand_view)
    for credential in (created.watch_token, invite.invite, token):
        calls = watch_calls(stub, game_id, credential)
        assert calls["GetHistory"]().complete
        assert calls["ReplayGame"]()[-1].view.status == pb.GAME_STATUS_FINISHED
    seat_history = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id, seat_token=token))
    assert seat_history.complete
    opened = bot_game(stub, "fifty_k", seed=2)  # an open game: anyone watches, as before
    assert opened.complete and not create(stub, "fifty_k").watch_token


# -- expected_version -----------------------------------------------------------------------


def stale_version(err_or_rejection) -> int:
    if isinstance(err_or_rejection, pb.Rejection):
        assert err_or_rejection.reason == "STALE_VERSION"
        return err_or_rejection.version
    assert err_or_rejection.code() == CODE.FAILED_PRECONDITION
    info = info_of(err_or_rejection)
    assert info.reason == "STALE_VERSION" and set(info.metadata) == {"version"}
    return int(info.metadata["version"])


def test_a_stale_expected_version_is_refused_and_changes_nothing(stub):
    created = create(stub, "red_five_4p", seed=8)
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    v = view(stub, game_id, tokens[0])
    seat = v.to_act[0]
    mine = view(stub, game_id, tokens[seat])
    for wrong in (v.version - 1, v.version + 1, 0, 2**63):
        if wrong == v.version:
            continue
        before = state(stub, game_id, tokens)
        request = act(game_id, tokens[seat], mine.legal_actions[0])
        request.expected_version = wrong
        err = error_of(stub.Act, request)
        assert stale_version(err) == v.version and str(v.version) in err.details()
        assert not cards_in(err.details())  # versions only: no card of anyone's
        assert state(stub, game_id, tokens) == before
    request = act(game_id, tokens[seat], mine.legal_actions[0], seq=1)
    request.expected_version = v.version
    done = stub.Act(request)
    assert done.version == v.version + 1
    assert stub.Act(request).replayed  # the retry answers, though the version moved on
    stream = Lockstep(stub)
    try:
        answer = stream.send(request_at(game_id, tokens, stub, v.version))
        assert stale_version(answer.rejected) == done.version
        fresh = stream.send(request_at(game_id, tokens, stub, done.version))
        assert fresh.accepted.version == done.version + 1
    finally:
        stream.close()


def request_at(game_id: str, tokens: dict[int, str], stub, version: int) -> pb.ActRequest:
    """An action of the seat to act now, claiming to answer `version`."""
    seat = view(stub, game_id, tokens[0]).to_act[0]
    request = act(game_id, tokens[seat], view(stub, game_id, tokens[seat]).legal_actions[0])
    request.expected_version = version
    return request


def test_an_action_sent_behind_a_hand_s_end_never_reaches_the_next_hand(stub):
    """At a table, seats that answer the last turn of hand 1 with the version they saw
    are refused once the hand is over; hand 2 has none of their actions."""
    created = create(stub, "fifty_k", seed=3, match=pb.MatchSettings(hands=2))
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    refused = 0
    while True:
        v = view(stub, game_id, tokens[0])
        if v.match.hand == 2 or v.status == pb.GAME_STATUS_FINISHED:
            break
        if not v.to_act:
            continue
        seat = v.to_act[0]
        legal = view(stub, game_id, tokens[seat]).legal_actions
        request = act(game_id, tokens[seat], legal[0])
        request.expected_version = v.version
        stub.Act(request)
        for late in tokens.values():  # every seat also "answers" the version just gone
            stale = act(game_id, late, "pass")
            stale.expected_version = v.version
            err = error_of(stub.Act, stale)
            assert stale_version(err) > v.version
            refused += 1
    history = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id, hand=2))
    assert refused and not [e for e in history.events if e.kind == pb.EVENT_KIND_ACTION]


# -- paging -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def long_table(stub):
    """A finished all-bot Tractor table longer than the most a replay page holds."""
    history = bot_game(stub, "tractor", seed=5, match=pb.MatchSettings(hands=6))
    events = list(history.events)
    while history.next_page_token:
        history = stub.GetHistory(
            pb.GetHistoryRequest(game_id=history.game.game_id, page_token=history.next_page_token)
        )
        events += history.events
    assert len(events) > paging.MAX_REPLAY_PAGE
    return history.game.game_id, events


def replay_pages(stub, game_id: str, **kwargs) -> list[list[pb.ReplayGameResponse]]:
    pages, token = [], ""
    while True:
        page = list(
            stub.ReplayGame(pb.ReplayGameRequest(game_id=game_id, page_token=token, **kwargs))
        )
        pages.append(page)
        tokens = [m.next_page_token for m in page]
        assert not any(tokens[:-1])  # only a page's last message says where to go on
        token = tokens[-1] if tokens else ""
        if not token:
            return pages


def test_a_replay_is_sent_a_bounded_page_at_a_time(stub, long_table):
    """However much is asked for, one ReplayGame call sends at most MAX_REPLAY_PAGE
    events (by default REPLAY_PAGE), so a client replaying in a loop costs the server a
    page's views a call; the pages, put together, are the whole replay."""
    game_id, events = long_table
    default = replay_pages(stub, game_id)
    assert all(len(p) == paging.REPLAY_PAGE for p in default[:-1])
    huge = replay_pages(stub, game_id, page_size=10**9, seat=1)
    assert max(len(p) for p in huge) == paging.MAX_REPLAY_PAGE
    for page in huge:  # a page token says whose replay it is and where the page ends
        token = page[-1].next_page_token
        if token:
            assert base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)) == (
                f'["ReplayGame","{game_id}",{page[-1].event.version}]'.encode()
            )
    for pages in (default, huge, replay_pages(stub, game_id, page_size=97, seat=1)):
        versions = [m.event.version for page in pages for m in page]
        assert versions == [e.version for e in events]
    small = replay_pages(stub, game_id, page_size=97, seat=1)

    def steps(pages):
        return [(m.event.SerializeToString(), m.view.SerializeToString()) for p in pages for m in p]

    assert steps(small) == steps(huge)
    most = max(len(m.SerializeToString()) for p in huge for m in p)
    assert max(sum(len(m.SerializeToString()) for m in p) for p in huge) <= (
        paging.MAX_REPLAY_PAGE * most
    )
    hand = replay_pages(stub, game_id, hand=3, page_size=50)
    hand_versions = [m.event.version for p in hand for m in p]
    assert {m.event.hand for p in hand for m in p} <= {2, 3}
    assert hand_versions == sorted(hand_versions) and len(hand) > 1


def test_history_pages(stub, long_table):
    game_id, events = long_table
    first = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id))
    assert len(first.events) == min(len(events), paging.HISTORY_PAGE)
    got, token = [], ""
    while True:
        page = stub.GetHistory(
            pb.GetHistoryRequest(game_id=game_id, page_size=333, page_token=token)
        )
        assert len(page.events) <= 333 and page.complete
        got += page.events
        token = page.next_page_token
        if not token:
            break
    assert got == events
    replay_token = next(
        m.next_page_token
        for m in stub.ReplayGame(pb.ReplayGameRequest(game_id=game_id, page_size=5))
        if m.next_page_token
    )
    hand_events = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id, hand=2)).events
    got, token = [], ""
    while True:
        page = stub.GetHistory(
            pb.GetHistoryRequest(game_id=game_id, hand=2, page_size=17, page_token=token)
        )
        got += page.events
        token = page.next_page_token
        if not token:
            break
    assert hand_events and got == list(hand_events)
    first_page = pb.GetHistoryRequest(game_id=game_id, hand=2, page_size=17)
    other_hand = stub.GetHistory(first_page).next_page_token
    others = (
        paging.encode("GetHistory", paging.scope(game_id, None), -1),
        paging.encode("GetHistory", paging.scope("another-game", None), 3),
        other_hand,  # hand 2's, asked of the whole game
    )
    for bad in ("nope", replay_token, *others):
        err = error_of(stub.GetHistory, pb.GetHistoryRequest(game_id=game_id, page_token=bad))
        assert (err.code(), reason_of(err)) == (CODE.INVALID_ARGUMENT, ("BAD_PAGE_TOKEN", None))
    err = error_of(
        lambda: list(
            stub.ReplayGame(
                pb.ReplayGameRequest(
                    game_id=game_id,
                    page_token=paging.encode("ReplayGame", paging.scope(game_id, None), 10**6),
                )
            )
        )
    )
    assert reason_of(err) == ("BAD_PAGE_TOKEN", None)


# -- error details ----------------------------------------------------------------------------


def test_the_rule_metadata_names_every_rule_the_message_cites():
    assert cited_rules("bids now are 60, 65 (R4-10, R4-13)", "R4-10") == "R4-10,R4-13"
    assert cited_rules("see TR-41 and C-31, then TR-41", None) == "TR-41,C-31"
    assert cited_rules("no rule here", None) is None
    assert cited_rules("C-31 only", "C-31") == "C-31"
    err = ServiceError("ILLEGAL_ACTION", "breaks R5-31 (see C-5)", "R5-31")
    assert err.error_info().metadata["rule"] == "R5-31,C-5"


# -- every transport ------------------------------------------------------------------------


def http(server, method: str, path: str, body: bytes = b"", headers=None):
    """(status, content type, body) of one request to the web app."""
    where = urlsplit(server.web_url)
    conn = http_client.HTTPConnection(where.hostname, where.port, timeout=60)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.getheader("content-type", ""), response.read()
    finally:
        conn.close()


def test_a_malformed_body_is_malformed_request_over_connect_and_grpc_web(server):
    """The same ErrorInfo as over gRPC, never connectrpc's own "unmarshal message"."""
    cases = [
        ("GetGame", "application/proto", b"\xff\xff\xff\xff"),
        ("GetGame", "application/json", b'{"gameId": 5'),
        ("GetGame", "application/json", b'{"noSuchField": [1, 2]}x'),
        ("CreateGame", "application/proto", b"\x0a\x05ab"),
    ]
    for method, content_type, body in cases:
        status, got_type, data = http(
            server, "POST", SERVICE + method, body, {"content-type": content_type}
        )
        got = decode(method, status, got_type, data)
        assert status == 400 and got.error is not None, (method, body)
        reason, rule, message = got.error
        assert reason == "MALFORMED_REQUEST" and rule == "", (method, body)
        assert message == f"request is not a valid fenpai.rpc.v1.{method}Request"
    streamed = struct.pack(">BI", 0, 4) + b"\xff\xff\xff\xff"
    status, got_type, data = http(
        server,
        "POST",
        SERVICE + "Spectate",
        streamed,
        {"content-type": "application/connect+proto"},
    )
    got = decode("Spectate", status, got_type, data)
    assert got.error is not None and got.error[0] == "MALFORMED_REQUEST"
    status, got_type, data = http(
        server,
        "POST",
        SERVICE + "GetGame",
        streamed,
        {"content-type": "application/grpc-web+proto", "x-grpc-web": "1"},
    )
    assert status == 200 and got_type.startswith("application/grpc-web")
    trailer = data[5:].decode("latin-1")
    assert "grpc-status:3" in trailer.replace(" ", "")
    details = next(
        line.split(":", 1)[1].strip()
        for line in trailer.split("\r\n")
        if line.lower().startswith("grpc-status-details-bin")
    )
    status_proto = status_pb2.Status.FromString(
        base64.b64decode(details + "=" * (-len(details) % 4))
    )
    info = error_details_pb2.ErrorInfo()
    assert status_proto.details[0].Unpack(info) and info.reason == "MALFORMED_REQUEST"
    assert "Traceback" not in server.log.read_text()


def test_read_only_methods_answer_connect_get(server, stub):
    """GetGame and ListGames (no side effects, no credential) are served over HTTP GET;
    a method with side effects, or one that takes a token (which a URL would keep in
    logs), is not."""
    game_id = create(stub, "fifty_k", seed=1).game.game_id
    message = quote(json.dumps({"gameId": game_id}))
    status, _, data = http(server, "GET", f"{SERVICE}GetGame?encoding=json&message={message}")
    assert status == 200 and json.loads(data)["game"]["gameId"] == game_id
    status, _, data = http(server, "GET", f"{SERVICE}ListGames?encoding=json&message=%7B%7D")
    assert status == 200 and "games" in json.loads(data)
    for method in ("GetHistory", "GetView", "CreateGame"):
        status, _, _ = http(server, "GET", f"{SERVICE}{method}?encoding=json&message={message}")
        assert status == 405, method


def test_reflection_resolves_method_symbols(server):
    """grpcurl and ghz ask reflection for the file of a method by its full name, under
    v1 and v1alpha alike."""
    channel = server.channel()
    for package in ("v1", "v1alpha"):
        ask = channel.stream_stream(
            f"/grpc.reflection.{package}.ServerReflection/ServerReflectionInfo",
            request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
            response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
        )
        symbols = [
            "fenpai.rpc.v1.GameService.GetGame",
            "fenpai.rpc.v1.GameService.ActStream",
            "fenpai.rpc.v1.GameService",
            "fenpai.rpc.v1.GameService.NoSuchMethod",
            "fenpai.rpc.v1.NoSuchService.GetGame",
        ]
        requests = [
            reflection_pb2.ServerReflectionRequest(file_containing_symbol=s) for s in symbols
        ]
        *found, missing_method, missing_service = list(ask(iter(requests)))
        for reply in found:
            files = [
                descriptor_pb2.FileDescriptorProto.FromString(f)
                for f in reply.file_descriptor_response.file_descriptor_proto
            ]
            assert "fenpai/rpc/v1/game_service.proto" in {f.name for f in files}
        for reply in (missing_method, missing_service):
            assert reply.error_response.error_code == grpc.StatusCode.NOT_FOUND.value[0]


GRPCURL = shutil.which("grpcurl") or next(
    (str(p) for p in [Path.home() / "go" / "bin" / "grpcurl"] if p.exists()), None
)


@pytest.mark.skipif(GRPCURL is None, reason="grpcurl is not installed")
def test_grpcurl_describes_a_method_and_calls_it(server):
    assert GRPCURL is not None
    described = subprocess.run(
        [GRPCURL, "-plaintext", server.address, "describe", "fenpai.rpc.v1.GameService.GetGame"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "rpc GetGame ( .fenpai.rpc.v1.GetGameRequest )" in described.stdout
    created = subprocess.run(
        [GRPCURL, "-plaintext", "-d", '{"variant": "tractor"}', server.address]
        + ["fenpai.rpc.v1.GameService/CreateGame"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(created.stdout)["game"]["variant"] == "tractor"


def doc_commands(tool: str) -> list[str]:
    """The `tool` command lines of docs/service.md's shell blocks (continuations joined)."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "service.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    lines = "\n".join(blocks).replace("\\\n", " ").splitlines()
    return [line.strip() for line in lines if line.strip().startswith(tool + " ")]


def test_the_docs_curl_commands_run(server):
    commands = doc_commands("curl")
    assert len(commands) == 2
    web = urlsplit(server.web_url).netloc
    answers = []
    for command in commands:
        done = subprocess.run(
            command.replace("127.0.0.1:50080", web),
            shell=True,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        answers.append(json.loads(done.stdout))
    created, listed = answers
    assert created["game"]["variant"] == "tractor" and created["adminToken"]
    assert created["game"]["gameId"] in {g["gameId"] for g in listed["games"]}


@pytest.mark.skipif(GRPCURL is None, reason="grpcurl is not installed")
def test_the_docs_grpcurl_session_runs(server):
    assert GRPCURL is not None
    commands = doc_commands("grpcurl")
    assert len(commands) == 3
    outputs = []
    for command in commands:
        args = shlex.split(command.replace("127.0.0.1:50051", server.address))
        done = subprocess.run(
            [GRPCURL, *args[1:]], capture_output=True, text=True, timeout=60, check=True
        )
        outputs.append(done.stdout)
    listed, described, created = outputs
    assert "fenpai.rpc.v1.GameService" in listed.split()
    assert "rpc GetGame" in described
    assert json.loads(created)["game"]["variant"] == "fifty_k"


GHZ = shutil.which("ghz") or next(
    (str(p) for p in [Path.home() / "go" / "bin" / "ghz"] if p.exists()), None
)


@pytest.mark.skipif(GHZ is None, reason="ghz is not installed")
def test_ghz_calls_a_method_from_reflection(server):
    """ghz, without a .proto file, finds ListGames by reflection (a bounded run: 20 calls)."""
    assert GHZ is not None
    done = subprocess.run(
        [GHZ, "--insecure", "--call", "fenpai.rpc.v1.GameService/ListGames", "-d", "{}"]
        + ["-n", "20", "-c", "2", "--format", "json", server.address],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    report = json.loads(done.stdout)
    assert report["count"] == 20 and report["statusCodeDistribution"] == {"OK": 20}
