"""Raw framing and rude clients: garbage, half requests and closed sockets never kill the server.

Started as users start it (`python -m service serve`), because the command line decides how
SIGPIPE is handled: a process that writes to a socket its peer closed dies of SIGPIPE unless it
ignores the signal.
"""
import json
import socket
import urllib.request
from urllib.parse import urlsplit

import pytest

from tests.live_server import Server

RUDE_PACKETS = [
    b"garbage\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n",           # body promised, never sent
    b"POST /v1/cognates HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(64),          # a TLS hello on plain HTTP
    b"GET /v1/words/" + "кот".encode() + b" HTTP/1.1\r\nHost: x\r\n\r\n",  # raw UTF-8 in the path
    b"GET /judge HTTP/1.1\r\nHost: x\r\n\r\n",                           # a big answer nobody reads
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server({}, tmp_path_factory.mktemp("raw") / "server.log", cli=True).start()
    yield running
    running.stop()


def send_and_close(url: str, packet: bytes, linger_zero: bool) -> None:
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=5) as sock:
        if linger_zero:   # close with RST: the server's next write meets a reset connection
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        sock.sendall(packet)


def healthy(url: str) -> bool:
    with urllib.request.urlopen(url + "/v1/health/live", timeout=10) as response:
        return json.loads(response.read()) == {"status": "ok"}


def test_rude_packets_leave_the_server_running(server):
    for round_ in range(8):
        for packet in RUDE_PACKETS:
            send_and_close(server.url, packet, linger_zero=bool(round_ % 2))
    assert server.proc.poll() is None, f"server died with {server.proc.returncode}"
    assert healthy(server.url)


def test_framing_errors_are_small_400s(server):
    parts = urlsplit(server.url)
    with socket.create_connection((parts.hostname, parts.port), timeout=5) as sock:
        sock.sendall(b"garbage\r\n\r\n")
        answer = sock.recv(4096)
    # uvicorn answers bad framing itself, in text/plain, before any app code runs (README says so).
    assert answer.startswith(b"HTTP/1.1 400")
    assert server.proc.poll() is None
