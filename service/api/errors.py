"""One error handler: every failure leaves as application/problem+json (RFC 9457)."""
from __future__ import annotations

import logging
import math

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from lexicon.budget import WorkCancelled
from lexicon.store import DataFileError
from lexicon.text import InvalidWord

log = logging.getLogger("koren")
PROBLEM = "application/problem+json"


def problem(status: int, title: str, detail: str, type_: str = "about:blank", **extra) -> JSONResponse:
    """A problem+json answer.  `detail` is for a person (Russian); `code` is for a program and stable:
    the last part of `type_`, or the title in kebab case."""
    code = type_.rsplit("/", 1)[-1] if type_ != "about:blank" else "-".join(title.lower().split())
    body = {"type": type_, "title": title, "status": status, "detail": detail, "code": code, **extra}
    return JSONResponse(body, status_code=status, media_type=PROBLEM)


class WordProblem(Exception):
    """A word field that cannot be read as one Russian word."""

    def __init__(self, field: str, error: InvalidWord):
        self.field = field
        self.error = error


def json_safe(value):
    """Validation errors and per-item errors echo input; keep the echo JSON-safe and short.

    Python's json accepts NaN, Infinity, 1e999999 (→ inf) and lone surrogates
    (\\ud800), none of which a strict JSON encoder can write back out.
    """
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    return str(value)[:200].encode("utf-8", "replace").decode("utf-8")


def install(app: FastAPI) -> None:
    @app.exception_handler(WordProblem)
    async def word_problem(_: Request, exc: WordProblem):
        return problem(422, "Not a Russian word", f"{exc.field}: {exc.error.reason}",
                       "/problems/invalid-word",
                       errors=[{"field": exc.field, "code": exc.error.code, "message": exc.error.reason}])

    @app.exception_handler(RequestValidationError)
    async def validation(_: Request, exc: RequestValidationError):
        errors = [{"field": ".".join(str(p) for p in err.get("loc", ()) if p != "body"),
                   "code": err.get("type", "invalid"), "message": err.get("msg", "invalid value"),
                   **({"input": json_safe(err["input"])} if "input" in err else {})}
                  for err in exc.errors()]
        detail = "; ".join(f"{e['field'] or 'body'}: {e['message']}" for e in errors) or "invalid request"
        return problem(422, "Invalid request", detail, "/problems/validation", errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException):
        titles = {400: "Bad request", 401: "Unauthorized", 403: "Forbidden", 404: "Not found",
                  405: "Method not allowed", 413: "Request too large", 503: "Service unavailable"}
        detail = str(exc.detail)
        if exc.status_code == 400 and "parsing the body" in detail:
            detail = "the body is not JSON in UTF-8"
        return problem(exc.status_code, titles.get(exc.status_code, "Error"), detail)

    @app.exception_handler(WorkCancelled)
    async def cancelled(request: Request, _: WorkCancelled):
        timeout = request.app.state.settings.request_timeout_s
        return problem(503, "Request timed out", f"no answer within {timeout:g} s (KOREN_REQUEST_TIMEOUT_MS)",
                       "/problems/timeout")

    @app.exception_handler(DataFileError)
    async def data_file(_: Request, exc: DataFileError):
        # A data file damaged while running: readiness fails too, so the orchestrator replaces the worker.
        log.error("data file error: %s", exc)
        return problem(503, "Lexicon data unavailable", str(exc), "/problems/data-file")

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception):
        log.exception("unhandled error")
        return problem(500, "Internal error", "the server failed on this request; it has been logged")
