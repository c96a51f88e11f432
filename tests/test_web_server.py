"""The web app's HTTP side of `fenpai serve`, over loopback without a browser: the page
and its assets with their security headers, GameService over the Connect protocol
(unary, server streaming, the ErrorInfo of a rejection) and over gRPC-Web, `--no-web`,
and a shutdown with a browser's stream open."""

from __future__ import annotations

import http.client
import json
import re
import struct
from urllib.parse import urlsplit

import pytest
from service_support import ServerProcess, bot_game, create, running_server
from web_support import decode

from fenpai.rpc.v1 import game_service_pb2 as pb

SERVICE = "/fenpai.rpc.v1.GameService/"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("web_server"), "--no-timers") as server:
        yield server


def request(server, method: str, path: str, body: bytes = b"", headers=None):
    """(status, headers, body) of one HTTP request to the web app."""
    where = urlsplit(server.web_url)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def envelope(message, flags: int = 0) -> bytes:
    data = message.SerializeToString()
    return struct.pack(">BI", flags, len(data)) + data


def test_the_page_and_its_assets_are_served_with_security_headers(server):
    status, headers, body = request(server, "GET", "/")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert b'<div id="app">' in body
    assert headers["content-security-policy"].startswith("default-src 'self'")
    assert headers["x-content-type-options"] == "nosniff"
    assets = re.findall(rb'(?:src|href)="\./(assets/[^"]+)"', body)
    assert len(assets) == 2
    for asset in assets:
        status, headers, data = request(server, "GET", "/" + asset.decode())
        assert status == 200 and data
    assert request(server, "GET", "/no/such/file")[0] == 404


def test_a_loopback_web_app_refuses_another_host_name(server):
    """A page of another site whose name was rebound to 127.0.0.1 reaches neither the
    page nor the service; the loopback names do."""
    port = urlsplit(server.web_url).port
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example"):
        status, _, body = request(server, "POST", SERVICE + "ListGames", b"{}", {"host": host})
        assert status == 403 and b"127.0.0.1 and localhost only" in body
        assert request(server, "GET", "/", headers={"host": host})[0] == 403
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost"):
        assert request(server, "GET", "/", headers={"host": host})[0] == 200


def test_a_connect_call_and_its_rejection_with_the_error_info(server):
    headers = {"content-type": "application/json"}
    ok = request(server, "POST", SERVICE + "CreateGame", b'{"variant": "tractor"}', headers)
    assert ok[0] == 200 and json.loads(ok[2])["game"]["variant"] == "tractor"
    status, _, body = request(server, "POST", SERVICE + "CreateGame", b'{"variant": "x"}', headers)
    assert status == 400
    got = decode("CreateGame", status, "application/json", body)
    assert got.error is not None and got.error[0] == "UNKNOWN_VARIANT"
    assert "unknown variant 'x'" in got.error[2]


def test_a_server_stream_over_connect(server):
    history = bot_game(server.stub(), "fifty_k", seed=3)
    body = envelope(pb.SpectateRequest(game_id=history.game.game_id))
    status, headers, data = request(
        server, "POST", SERVICE + "Spectate", body, {"content-type": "application/connect+proto"}
    )
    assert status == 200
    got = decode("Spectate", status, headers["content-type"], data)
    assert got.error is None
    assert [m.event.version for m in got.messages] == [e.version for e in history.events]
    assert all(not m.view.hand_view.hand for m in got.messages)


def test_a_stream_rejection_ends_the_stream_with_its_reason(server):
    created = create(server.stub(), "tractor", seed=1)
    body = envelope(pb.ReplayGameRequest(game_id=created.game.game_id))
    status, headers, data = request(
        server, "POST", SERVICE + "ReplayGame", body, {"content-type": "application/connect+proto"}
    )
    got = decode("ReplayGame", status, headers["content-type"], data)
    assert not got.messages and got.error is not None and got.error[0] == "GAME_NOT_OVER"


def test_grpc_web_is_served_too(server):
    created = create(server.stub(), "red_five_4p", seed=1)
    body = envelope(pb.GetGameRequest(game_id=created.game.game_id))
    status, headers, data = request(
        server, "POST", SERVICE + "GetGame", body, {"content-type": "application/grpc-web+proto"}
    )
    assert status == 200 and headers["content-type"].startswith("application/grpc-web")
    flags, size = struct.unpack(">BI", data[:5])
    assert flags == 0
    game = pb.GetGameResponse.FromString(data[5 : 5 + size]).game
    assert game.game_id == created.game.game_id
    trailers = data[5 + size + 5 :].decode()
    assert "grpc-status:0" in trailers.replace(" ", "")


def test_no_web_app_without_its_flag(tmp_path):
    server = ServerProcess(tmp_path / "fenpai.db", "--no-web").start()
    try:
        assert server.web_url is None
    finally:
        assert server.stop() == 0


def test_a_browser_stream_open_at_shutdown_ends_and_the_server_exits(tmp_path):
    server = ServerProcess(tmp_path / "fenpai.db", "--no-timers").start()
    created = create(server.stub(), "tractor", seed=2)
    server.stub().JoinGame(pb.JoinGameRequest(game_id=created.game.game_id))  # an event
    where = urlsplit(server.web_url)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
    conn.request(
        "POST",
        SERVICE + "Spectate",
        body=envelope(pb.SpectateRequest(game_id=created.game.game_id)),
        headers={"content-type": "application/connect+proto"},
    )
    response = conn.getresponse()
    assert response.status == 200
    assert server.stop() == 0
    got = decode("Spectate", 200, response.getheader("content-type"), response.read())
    assert [m.event.kind for m in got.messages] == [pb.EVENT_KIND_JOIN]
    assert got.error is not None and got.error[0] == "SHUTTING_DOWN"
    conn.close()
