"""Issue 36, item 1: slow request bodies held load-shedding slots.

64 connections sending `Content-Length: 1000` and then one byte every 2 s made 0 of 78 legitimate
requests succeed on one worker.  A request now counts in flight only once its body has arrived, and a
body that has not arrived within KOREN_BODY_TIMEOUT_MS gets 408 and a closed connection.  Raw sockets
against a real uvicorn; no time is asserted (the 408 is awaited with a generous socket timeout).
"""
from __future__ import annotations

import asyncio
import json
import socket
import time
import urllib.request
from contextlib import ExitStack
from urllib.parse import urlsplit

import pytest

from tests.live_server import Server

BODY = json.dumps({"a": "кот", "b": "кошка"}).encode()


def connect(url: str, timeout: float = 60) -> socket.socket:
    parts = urlsplit(url)
    return socket.create_connection((parts.hostname, parts.port), timeout=timeout)


def headers(length: int) -> bytes:
    return (f"POST /v1/cognates HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {length}\r\n\r\n").encode()


def dribble(url: str) -> socket.socket:
    """A connection that promised 1,000 bytes of body and sent 10."""
    sock = connect(url)
    sock.sendall(headers(1000) + BODY[:10])
    return sock


def cognates(url: str) -> int:
    request = urllib.request.Request(url + "/v1/cognates", data=BODY, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code


def read_all(sock: socket.socket) -> bytes:
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


@pytest.fixture(scope="module")
def patient(tmp_path_factory):
    """Four slots a worker, and bodies may take a minute: only counting decides here."""
    env = {"KOREN_MAX_IN_FLIGHT": "4", "KOREN_BODY_TIMEOUT_MS": "60000"}
    s = Server(env, tmp_path_factory.mktemp("slow") / "server.log").start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def strict(tmp_path_factory):
    env = {"KOREN_BODY_TIMEOUT_MS": "1000"}
    s = Server(env, tmp_path_factory.mktemp("strict") / "server.log").start()
    yield s
    s.stop()


def test_dribbling_bodies_hold_no_slot(patient):
    with ExitStack() as stack:
        for _ in range(8):                       # twice the worker's four slots
            stack.enter_context(dribble(patient.url))
        time.sleep(0.5)                          # let the server parse their headers (not a bound)
        # Before: the eight held every slot and this was 503 Overloaded.
        assert [cognates(patient.url) for _ in range(3)] == [200, 200, 200]


def test_a_body_sent_in_pieces_still_reaches_the_check(patient):
    with connect(patient.url) as sock:
        sock.sendall(headers(len(BODY)))
        for i in range(0, len(BODY), 7):
            sock.sendall(BODY[i:i + 7])
            time.sleep(0.01)
        answer = sock.recv(65536)
    assert answer.startswith(b"HTTP/1.1 200")
    assert b'"cognate":true' in answer.replace(b" ", b"")


def test_a_body_that_never_arrives_is_a_408_and_a_closed_connection(strict):
    with dribble(strict.url) as sock:
        answer = read_all(sock)                 # before: nothing, until the 60 s socket timeout
    assert answer.startswith(b"HTTP/1.1 408")
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b"connection: close" in head.lower()
    problem = json.loads(body)
    assert problem["status"] == 408 and "KOREN_BODY_TIMEOUT_MS" in problem["detail"]
    assert cognates(strict.url) == 200          # and the worker serves the next client


def test_bodies_being_read_hold_at_most_the_workers_budget_of_bytes():
    """Bodies being read are outside the in-flight count, so their bytes are bounded on their own:
    max_in_flight × max_body, what the worker held at most before.  Counted, no clock."""
    from service.api.middleware import GuardMiddleware

    async def app(scope, receive, send):
        raise AssertionError("no request here has a whole body")

    guard = GuardMiddleware(app, max_body_bytes=10, timeout_s=60, max_in_flight=2)    # 20 bytes in all
    scope = {"type": "http", "method": "POST", "path": "/v1/cognates", "headers": []}
    answers: list[int] = []

    async def scenario():
        stall = asyncio.Event()

        async def dribbling_client():
            sent = False

            async def receive():
                nonlocal sent
                if not sent:
                    sent = True
                    return {"type": "http.request", "body": b"x" * 8, "more_body": True}
                await stall.wait()
                return {"type": "http.disconnect"}

            async def send(message):
                if message["type"] == "http.response.start":
                    answers.append(message["status"])

            await guard(scope, receive, send)

        readers = [asyncio.create_task(dribbling_client()) for _ in range(3)]
        while not answers:                       # the third's 8 bytes pass the 20-byte budget
            await asyncio.sleep(0)
        held = guard.body_bytes
        stall.set()
        await asyncio.gather(*readers)
        return held

    held = asyncio.run(scenario())
    assert answers == [503] and held == 16
    assert guard.body_bytes == 0 and guard.in_flight == 0
