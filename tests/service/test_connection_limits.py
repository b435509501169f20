"""Connections that do nothing are closed, and an over-long head is answered (issue 36, item 8).

Against a real server started as users start it (`python -m service serve`): the limits live in the HTTP
protocol uvicorn runs (service.api.protocol), not in the app.  No wall-clock asserts: each test waits far
longer than the limit and checks that the server, not the test's patience, ended the connection.
"""
from __future__ import annotations

import json
import socket
import time
from urllib.parse import urlsplit

import pytest

from service.api import protocol
from tests.live_server import Server

PATIENCE_S = 60      # far beyond IDLE_TIMEOUT_S and HEAD_TIMEOUT_S, for loaded shared cores


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server({}, tmp_path_factory.mktemp("conn") / "server.log", cli=True).start()
    yield running
    running.stop()


def connect(server) -> socket.socket:
    parts = urlsplit(server.url)
    return socket.create_connection((parts.hostname, parts.port), timeout=PATIENCE_S)


def closed_by_server(sock: socket.socket) -> bool:
    """True when the server closed (EOF or reset); False when the test's patience ran out first."""
    try:
        while sock.recv(65536):
            pass
        return True
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


def read_answer(sock: socket.socket) -> bytes:
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return data


def test_an_idle_connection_is_closed(server):
    with connect(server) as sock:           # opened, never a byte sent: uvicorn kept it for ever
        assert closed_by_server(sock)


def test_a_dribbled_head_is_cut(server):
    with connect(server) as sock:
        sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x\r\n")
        deadline = time.monotonic() + PATIENCE_S
        cut = False
        while time.monotonic() < deadline:     # a header byte every second resets no timer now
            try:
                sock.sendall(b"X")
            except (BrokenPipeError, ConnectionResetError):
                cut = True
                break
            sock.settimeout(1.0)
            try:
                if sock.recv(65536) == b"":
                    cut = True
                    break
            except socket.timeout:
                continue
            except ConnectionResetError:
                cut = True
                break
        assert cut, "the server still waited for the rest of the head"


def test_keep_alive_still_serves_several_requests(server):
    with connect(server) as sock:
        for _ in range(3):
            sock.sendall(b"GET /v1/health/live HTTP/1.1\r\nHost: x\r\n\r\n")
            answer = b""
            while not answer.endswith(b'{"status":"ok"}'):
                answer += sock.recv(65536)
            assert answer.startswith(b"HTTP/1.1 200"), answer[:100]


def test_a_megabyte_header_gets_431_not_a_reset(server):
    big = b"GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 1_000_000 + b"\r\n\r\n"
    with connect(server) as sock:
        sock.sendall(big)                   # before: reset while sending, or a reset instead of the answer
        answer = read_answer(sock)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 431"), answer[:200]
    problem = json.loads(body)
    assert problem["status"] == 431 and problem["code"] == "request-header-fields-too-large"
    assert problem["title"] == "Слишком большие заголовки запроса"


def test_a_head_just_over_the_limit_gets_431_too(server):
    with connect(server) as sock:
        sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (protocol.MAX_HEAD_BYTES + 1))
        assert read_answer(sock).startswith(b"HTTP/1.1 431")
    with connect(server) as sock:           # and the server goes on serving
        sock.sendall(b"GET /v1/health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert read_answer(sock).startswith(b"HTTP/1.1 200")


def test_gunicorn_workers_run_the_same_protocol():
    worker = protocol.gunicorn_worker()
    assert worker.CONFIG_KWARGS["http"] == protocol.PROTOCOL
    assert worker.CONFIG_KWARGS["h11_max_incomplete_event_size"] == protocol.MAX_HEAD_BYTES
