"""uvicorn's HTTP/1.1 protocol with the connection limits the Docker and Kubernetes setups need (issue 36, item 8).

There is no buffering proxy in front of the workers there, so the worker itself must not hold connections
for clients that do nothing:

* an idle connection (opened and never sent a byte, or kept alive after an answer) closes after
  IDLE_TIMEOUT_S — uvicorn's own keep-alive timer starts only after a first answer, so a connection that
  never sends a request stayed open for ever;
* a request head (request line and headers) must arrive whole within HEAD_TIMEOUT_S of its first byte's
  turn: uvicorn restarts its keep-alive timer at every byte, so a header sent one byte every few seconds
  held the connection for ever;
* a head longer than MAX_HEAD_BYTES is answered 431 (h11 limits it, uvicorn answered 400 and closed at
  once, and closing a socket with unread bytes sends a reset: the client saw «connection reset», not an
  answer).  The answer goes out, our side is half-closed, and what the client still sends is read and
  dropped for at most LINGER_S, so the client reads the 431 instead of a reset.

`koren serve` uses it (`uvicorn.run(http=…)`, and the gunicorn worker class below for --workers N).
The body is the GuardMiddleware's business (KOREN_BODY_TIMEOUT_MS, KOREN_MAX_BODY_BYTES).
"""
from __future__ import annotations

import asyncio
import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

IDLE_TIMEOUT_S = 5.0        # uvicorn's timeout_keep_alive, and the wait for a new connection's first byte
HEAD_TIMEOUT_S = 10.0       # request line + headers, once a request is due (connection made, or answer sent)
MAX_HEAD_BYTES = 16 * 1024  # h11's max_incomplete_event_size: the longest request head (nginx: 4 × 8 KiB)
LINGER_S = 5.0              # after a 431: how long to read and drop what the client still sends

PROTOCOL = "service.api.protocol:GuardedH11Protocol"
UVICORN_OPTIONS = {"http": PROTOCOL, "timeout_keep_alive": int(IDLE_TIMEOUT_S),
                   "h11_max_incomplete_event_size": MAX_HEAD_BYTES}


def _answer_431() -> bytes:
    from service.api.errors import problem_body

    body = json.dumps(problem_body(431, "Request header fields too large",
                                   f"строка запроса и заголовки длиннее {MAX_HEAD_BYTES} байт"),
                      ensure_ascii=False).encode()
    head = (b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/problem+json\r\n"
            b"x-content-type-options: nosniff\r\nconnection: close\r\n"
            b"content-length: " + str(len(body)).encode() + b"\r\n\r\n")
    return head + body


class GuardedH11Protocol(H11Protocol):
    head_timeout_s = HEAD_TIMEOUT_S
    idle_timeout_s = IDLE_TIMEOUT_S
    linger_s = LINGER_S

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._head_deadline: asyncio.TimerHandle | None = None
        self._draining = False

    # A request is due: when the connection opens, and again once an answer has gone out.
    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._due()

    def on_response_complete(self) -> None:
        self._due()
        super().on_response_complete()     # may run a pipelined request at once
        self._head_arrived()

    def _due(self) -> None:
        self._cancel_deadline()
        if self.transport is not None and not self.transport.is_closing():
            self._head_deadline = self.loop.call_later(self.head_timeout_s, self._head_timed_out)
            if self.timeout_keep_alive_task is None:    # a fresh connection: uvicorn sets none
                self.timeout_keep_alive_task = self.loop.call_later(self.idle_timeout_s,
                                                                    self.timeout_keep_alive_handler)

    def data_received(self, data: bytes) -> None:
        if self._draining:
            return                         # after a 431: read and dropped until the client stops or LINGER_S
        super().data_received(data)
        self._head_arrived()

    def _head_arrived(self) -> None:
        if self.conn.their_state is not h11.IDLE:   # the head is parsed (SEND_BODY, DONE) or the connection ended
            self._cancel_deadline()

    def _cancel_deadline(self) -> None:
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def _head_timed_out(self) -> None:
        self._head_deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.timeout_keep_alive_handler()    # closes, as an idle keep-alive connection is closed

    def connection_lost(self, exc) -> None:
        self._cancel_deadline()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        """h11 refuses a head longer than its limit as a protocol error; answer that one 431, and linger."""
        buffered, _ = self.conn.trailing_data
        if len(buffered) <= MAX_HEAD_BYTES or self.transport.is_closing():
            return super().send_400_response(msg)
        self._cancel_deadline()
        self._unset_keepalive_if_required()
        self._draining = True
        self.transport.write(_answer_431())
        if self.transport.can_write_eof():
            self.transport.write_eof()     # FIN after the answer; reading goes on until the client is done
            self.loop.call_later(self.linger_s, self._close)
        else:
            self._close()

    def eof_received(self):
        if self._draining:
            self._close()
        return None

    def _close(self) -> None:
        if not self.transport.is_closing():
            self.transport.close()


def gunicorn_worker():
    """The uvicorn worker class for gunicorn (--workers N), with the same protocol and limits."""
    from uvicorn_worker import UvicornWorker

    class GuardedUvicornWorker(UvicornWorker):
        CONFIG_KWARGS = {**UvicornWorker.CONFIG_KWARGS, "http": PROTOCOL,
                         "h11_max_incomplete_event_size": MAX_HEAD_BYTES}

    return GuardedUvicornWorker
