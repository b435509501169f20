"""ASGI middleware: body-size limit, request timeout, access log and metrics.

Pure ASGI (no BaseHTTPMiddleware) so the cost per request stays in
microseconds.  The access log is one JSON line per request with the route
template, never the query string, body or headers: no words a player said
and no tokens end up in logs.
"""
from __future__ import annotations

import asyncio
import json
import logging
import time

from lexicon import budget
from service.api import metrics

access_log = logging.getLogger("koren.access")


def _problem(status: int, title: str, detail: str) -> tuple[dict, bytes]:
    body = json.dumps({"type": "about:blank", "title": title, "status": status, "detail": detail}).encode()
    start = {"type": "http.response.start", "status": status,
             "headers": [(b"content-type", b"application/problem+json"), (b"content-length", str(len(body)).encode())]}
    return start, body


class GuardMiddleware:
    def __init__(self, app, max_body_bytes: int, timeout_s: float):
        self.app = app
        self.max_body = max_body_bytes
        self.timeout = timeout_s

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.perf_counter()
        state = {"status": 500, "sent": False}

        async def send_tracking(message):
            if state.get("too_large"):
                return  # the app's own answer to a truncated body is replaced by the 413 below
            if message["type"] == "http.response.start":
                state["status"] = message["status"]
                state["sent"] = True
            await send(message)

        async def fail(status: int, title: str, detail: str):
            if state["sent"]:
                return
            start, body = _problem(status, title, detail)
            await send_tracking(start)
            await send_tracking({"type": "http.response.body", "body": body})

        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.max_body:
            await fail(413, "Request too large", f"the body is over {self.max_body} bytes (KOREN_MAX_BODY_BYTES)")
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
            with budget.limited(self.timeout) as work:
                try:
                    await asyncio.wait_for(self.app(scope, receive_limited, send_tracking), self.timeout)
                finally:
                    work.cancel()
        except asyncio.TimeoutError:
            await fail(503, "Request timed out", f"no answer within {self.timeout:g} s (KOREN_REQUEST_TIMEOUT_MS)")
        except Exception:
            if not state.get("too_large"):
                raise
        if state.pop("too_large", False):
            await fail(413, "Request too large", f"the body is over {self.max_body} bytes (KOREN_MAX_BODY_BYTES)")
        self._record(scope, state, started)

    @staticmethod
    def _record(scope, state, started) -> None:
        elapsed = time.perf_counter() - started
        route = scope.get("route")
        template = getattr(route, "path", None) or "unmatched"
        metrics.REQUESTS.labels(scope.get("method", ""), template, str(state["status"])).inc()
        metrics.LATENCY.labels(template).observe(elapsed)
        if access_log.isEnabledFor(logging.INFO):
            access_log.info(json.dumps({"method": scope.get("method"), "route": template, "status": state["status"],
                                        "ms": round(elapsed * 1000, 2)}))
