"""ASGI middleware: load shedding, body-size limit, request timeout, access log and metrics.

Pure ASGI (no BaseHTTPMiddleware) so the cost per request stays in
microseconds.  The access log is one JSON line per request with the route
template, never the query string, body or headers: no words a player said
and no tokens end up in logs.

Load shedding: a worker holds at most ``max_in_flight`` requests (running in
the thread pool or waiting for a thread there); one more is answered at once
with 503 and ``Retry-After: 1`` instead of queueing towards the timeout.  The
count drops as answers leave, so the worker takes requests again the moment
load falls.  Health probes and /metrics are never shed.

A request counts in flight only once its whole body has arrived, and the body must arrive within
``body_timeout`` (408 and the connection closed, else): 64 connections dribbling one byte every 2 s
held every slot of a worker and starved everyone (issue 36).  The Docker and Kubernetes setups have
no buffering proxy in front, so the worker reads bodies itself, outside the count.
"""
from __future__ import annotations

import asyncio
import json
import logging
import time

from lexicon import budget
from service.api import metrics
from service.api.errors import problem_body

access_log = logging.getLogger("koren.access")

NOSNIFF = (b"x-content-type-options", b"nosniff")
NOT_SHED = frozenset({"/v1/health", "/v1/health/live", "/v1/health/ready", "/metrics"})
# Metric labels come from a closed set: a client's made-up method or path never becomes a series.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def _problem(status: int, title: str, detail: str, *headers: tuple[bytes, bytes]) -> tuple[dict, bytes]:
    body = json.dumps(problem_body(status, title, detail), ensure_ascii=False).encode()
    start = {"type": "http.response.start", "status": status,
             "headers": [(b"content-type", b"application/problem+json"), (b"content-length", str(len(body)).encode()),
                         *headers]}
    return start, body


def _with_nosniff(message: dict) -> dict:
    headers = list(message.get("headers") or [])
    if not any(name.lower() == NOSNIFF[0] for name, _ in headers):
        headers.append(NOSNIFF)
    return {**message, "headers": headers}


BUDGET_GRACE_S = 1.0


def _replay(messages: list[dict], receive):
    """A receive() that hands the app the body read already, then waits on the client (disconnects)."""
    pending = messages[::-1]
    messages.clear()                   # popped as the app reads them: the worker keeps no second copy

    async def replayed():
        return pending.pop() if pending else await receive()
    return replayed


class _Body:
    """One request's body messages, and the bytes it holds of the worker's budget until it is answered."""
    __slots__ = ("messages", "size")

    def __init__(self):
        self.messages: list[dict] = []
        self.size = 0


class GuardMiddleware:
    def __init__(self, app, max_body_bytes: int, timeout_s: float, max_in_flight: int = 0,
                 body_timeout_s: float | None = None):
        self.app = app
        self.max_body = max_body_bytes
        self.timeout = timeout_s
        self.body_timeout = body_timeout_s if body_timeout_s is not None else timeout_s
        self.max_in_flight = max_in_flight  # 0: no limit
        self.in_flight = 0                  # this worker's requests not yet answered (one event loop: no lock)
        # Bodies being read are not in flight, so their bytes are bounded on their own: as much as
        # max_in_flight bodies of max_body, the most the worker held before it read bodies itself.
        self.max_body_held = max_in_flight * max_body_bytes
        self.body_bytes = 0                 # bytes of bodies this worker holds, being read or in flight

    def _full(self) -> bool:
        return bool(self.max_in_flight) and self.in_flight >= self.max_in_flight

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.perf_counter()
        if scope.get("path") in NOT_SHED:
            return await self._guarded(scope, receive, send, started)
        if self._full():
            return await self._shed(scope, send, started)      # at once: no body read for a 503
        body = _Body()
        try:
            if not await self._read_body(scope, receive, send, started, body):
                return                  # answered already (408, 413, 503), or the client left
            if self._full():
                return await self._shed(scope, send, started)
            self.in_flight += 1
            try:
                await self._guarded(scope, _replay(body.messages, receive), send, started)
            finally:
                self.in_flight -= 1
        finally:
            self.body_bytes -= body.size

    async def _read_body(self, scope, receive, send, started, body: _Body) -> bool:
        """Read the request's body before it counts in flight: True once complete; False once answered
        with 413 (over max_body), 408 (not all here within body_timeout) or 503 (the worker holds its
        budget of body bytes), or when the client left."""
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.max_body:
            outcome = 413
        else:
            try:
                outcome = await asyncio.wait_for(self._receive_all(receive, body), self.body_timeout)
            except asyncio.TimeoutError:
                outcome = 408
        if outcome == 503:
            await self._shed(scope, send, started)
        elif outcome in (408, 413):
            await self._refuse(scope, send, started, outcome)
        return outcome == "complete"

    async def _receive_all(self, receive, body: _Body) -> str | int:
        """Read body messages into `body`: "complete", "gone" (the client left), 413 or 503."""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return "gone"
            body.messages.append(message)
            chunk = len(message.get("body", b""))
            body.size += chunk
            self.body_bytes += chunk
            if body.size > self.max_body:
                return 413
            if self.max_body_held and self.body_bytes > self.max_body_held:
                return 503
            if not message.get("more_body", False):
                return "complete"

    async def _refuse(self, scope, send, started, status: int) -> None:
        """Answer 413 or 408 before the app runs, closing the connection: its body is not read to the end."""
        if status == 413:
            title, detail = "Request too large", f"тело запроса больше {self.max_body} байт (KOREN_MAX_BODY_BYTES)"
        else:
            title, detail = "Request timeout", (f"тело запроса не пришло целиком за {self.body_timeout:g} с "
                                                "(KOREN_BODY_TIMEOUT_MS)")
        start, body = _problem(status, title, detail, (b"connection", b"close"))
        await send(_with_nosniff(start))
        await send({"type": "http.response.body", "body": body})
        self._record(scope, {"status": status}, started)

    async def _shed(self, scope, send, started) -> None:
        start, body = _problem(503, "Overloaded",
                               f"этот процесс уже обрабатывает {self.max_in_flight} запросов (KOREN_MAX_IN_FLIGHT); "
                               "повторите через секунду", (b"retry-after", b"1"))
        await send(_with_nosniff(start))
        await send({"type": "http.response.body", "body": body})
        self._record(scope, {"status": 503}, started, "shed")

    async def _guarded(self, scope, receive, send, started) -> None:
        state = {"status": 500, "sent": False}

        async def send_tracking(message):
            if state.get("too_large"):
                return  # the app's own answer to a truncated body is replaced by the 413 below
            if message["type"] == "http.response.start":
                state["status"] = message["status"]
                state["sent"] = True
                message = _with_nosniff(message)
            await send(message)

        async def fail(status: int, title: str, detail: str):
            if state["sent"]:
                return
            start, body = _problem(status, title, detail)
            await send_tracking(start)
            await send_tracking({"type": "http.response.body", "body": body})

        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.max_body:
            await fail(413, "Request too large", f"тело запроса больше {self.max_body} байт (KOREN_MAX_BODY_BYTES)")
            return self._record(scope, state, started)

        received = 0

        async def receive_limited():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    # Stop reading: the app sees a disconnect and its reply is dropped.
                    state["too_large"] = True
                    return {"type": "http.disconnect"}
            return message

        try:
            # The budget travels into the endpoint's worker thread with the context; on timeout it is
            # cancelled so the thread's loops stop at their next check instead of running on unseen.
            # The budget's own deadline lies a little after ours: the thread must not answer 503 itself
            # just as we time out, or our cancel could cut its answer between headers and body.
            with budget.limited(self.timeout + BUDGET_GRACE_S) as work:
                try:
                    await asyncio.wait_for(self.app(scope, receive_limited, send_tracking), self.timeout)
                finally:
                    work.cancel()
        except asyncio.TimeoutError:
            await fail(503, "Request timed out", f"ответ не готов за {self.timeout:g} с (KOREN_REQUEST_TIMEOUT_MS)")
        except Exception:
            if not state.get("too_large"):
                raise
        if state.pop("too_large", False):
            await fail(413, "Request too large", f"тело запроса больше {self.max_body} байт (KOREN_MAX_BODY_BYTES)")
        self._record(scope, state, started)

    @staticmethod
    def _record(scope, state, started, template: str | None = None) -> None:
        elapsed = time.perf_counter() - started
        route = scope.get("route")
        template = template or getattr(route, "path", None) or "unmatched"
        method = scope.get("method", "")
        metrics.REQUESTS.labels(method if method in METHODS else "other", template, str(state["status"])).inc()
        metrics.LATENCY.labels(template).observe(elapsed)
        if access_log.isEnabledFor(logging.INFO):
            access_log.info(json.dumps({"method": scope.get("method"), "route": template, "status": state["status"],
                                        "ms": round(elapsed * 1000, 2)}))
