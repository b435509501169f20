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


# pydantic's error types, said in Russian for the person reading `detail` (the type stays the `code`).
VALIDATION_MESSAGES = {
    "missing": "обязательное поле отсутствует",
    "extra_forbidden": "такого поля нет",
    "string_type": "нужна строка",
    "string_too_long": "строка длиннее {max_length} символов",
    "string_too_short": "строка короче {min_length} символов",
    "too_long": "больше {max_length} элементов",
    "too_short": "меньше {min_length} элементов",
    "int_type": "нужно целое число",
    "int_parsing": "нужно целое число",
    "int_from_float": "нужно целое число, без дробной части",
    "float_type": "нужно число",
    "float_parsing": "нужно число",
    "finite_number": "нужно конечное число",
    "bool_type": "нужно true или false",
    "bool_parsing": "нужно true или false",
    "list_type": "нужен список",
    "dict_type": "нужен объект",
    "model_type": "нужен объект",
    "model_attributes_type": "нужен объект",
    "greater_than": "число должно быть больше {gt}",
    "greater_than_equal": "число должно быть не меньше {ge}",
    "less_than": "число должно быть меньше {lt}",
    "less_than_equal": "число должно быть не больше {le}",
    "literal_error": "допустимые значения: {expected}",
    "enum": "допустимые значения: {expected}",
    "json_invalid": "тело запроса — не JSON",
    "json_type": "тело запроса — не JSON",
    "string_unicode": "строка с недопустимыми символами",
    "lone_surrogate": "в строке одиночный суррогат UTF-16 (\\ud800–\\udfff): это не символ, его не записать в UTF-8",
    "union_tag_invalid": "недопустимый вариант",
}


def russian(err: dict) -> str:
    """One validation error said in Russian; a type without a template keeps pydantic's own text."""
    template = VALIDATION_MESSAGES.get(err.get("type", ""))
    if template is None:
        msg = str(err.get("msg", "недопустимое значение"))
        return msg.removeprefix("Value error, ") if err.get("type") == "value_error" else f"недопустимое значение ({msg})"
    try:
        return template.format(**(err.get("ctx") or {}))
    except (KeyError, IndexError):
        return template.split(":")[0]


HTTP_TITLES = {400: "Bad request", 401: "Unauthorized", 403: "Forbidden", 404: "Not found",
               405: "Method not allowed", 413: "Request too large", 415: "Unsupported media type",
               503: "Service unavailable"}
HTTP_DETAILS = {404: "нет такого адреса", 405: "этот метод здесь не поддерживается",
                415: "тело запроса должно быть в JSON (Content-Type: application/json)"}


def install(app: FastAPI) -> None:
    @app.exception_handler(WordProblem)
    async def word_problem(_: Request, exc: WordProblem):
        return problem(422, "Not a Russian word", f"{exc.field}: {exc.error.reason}",
                       "/problems/invalid-word",
                       errors=[{"field": exc.field, "code": exc.error.code, "message": exc.error.reason}])

    @app.exception_handler(RequestValidationError)
    async def validation(_: Request, exc: RequestValidationError):
        errors = [{"field": ".".join(str(p) for p in err.get("loc", ()) if p != "body"),
                   "code": err.get("type", "invalid"), "message": russian(err),
                   **({"input": json_safe(err["input"])} if "input" in err else {})}
                  for err in exc.errors()]
        detail = "; ".join(f"{e['field'] or 'тело запроса'}: {e['message']}" for e in errors) or "неверный запрос"
        return problem(422, "Invalid request", detail, "/problems/validation", errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException):
        detail = str(exc.detail)
        if exc.status_code == 400 and "parsing the body" in detail:
            detail = "тело запроса — не JSON в UTF-8"
        elif exc.status_code in HTTP_DETAILS and detail in ("Not Found", "Method Not Allowed", "Unsupported Media Type"):
            detail = HTTP_DETAILS[exc.status_code]
        return problem(exc.status_code, HTTP_TITLES.get(exc.status_code, "Error"), detail)

    @app.exception_handler(WorkCancelled)
    async def cancelled(request: Request, _: WorkCancelled):
        timeout = request.app.state.settings.request_timeout_s
        return problem(503, "Request timed out", f"ответ не готов за {timeout:g} с (KOREN_REQUEST_TIMEOUT_MS)",
                       "/problems/timeout")

    @app.exception_handler(DataFileError)
    async def data_file(_: Request, exc: DataFileError):
        # A data file damaged while running: readiness fails too, so the orchestrator replaces the worker.
        log.error("data file error: %s", exc)
        # The answer names the file, not where it lies (the path is in the log, for the operator).
        return problem(503, "Lexicon data unavailable", f"файл данных словаря недоступен: {exc.path.name}: {exc.problem}",
                       "/problems/data-file")

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception):
        log.exception("unhandled error")
        return problem(500, "Internal error", "сервер не справился с этим запросом; ошибка записана в журнал")
