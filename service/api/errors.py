"""One error handler: every failure leaves as application/problem+json (RFC 9457)."""
from __future__ import annotations

import logging
import math
import re

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from lexicon.budget import WorkCancelled
from lexicon.store import DataFileError
from lexicon.text import InvalidWord

log = logging.getLogger("koren")
PROBLEM = "application/problem+json"


# Problem titles a judge reads, in Russian (issue 34, item 9).  Call sites name a problem by its English
# key, which also gives the stable machine `code` of an about:blank problem ("Not ready" → "not-ready"),
# as before the titles were translated: programs keep reading `code`, people read `title`.
TITLES = {
    "Bad request": "Неверный запрос",
    "Invalid request": "Запрос не прошёл проверку",
    "Not a Russian word": "Не русское слово",
    "Unauthorized": "Нужен токен судьи",
    "Forbidden": "Запрещено",
    "Not found": "Не найдено",
    "Not Found": "Не найдено",
    "Method not allowed": "Метод не поддерживается",
    "Request timeout": "Тело запроса не пришло вовремя",
    "Request too large": "Слишком большой запрос",
    "Request header fields too large": "Слишком большие заголовки запроса",
    "Unsupported media type": "Тело запроса не в JSON",
    "Service unavailable": "Сервис недоступен",
    "Overloaded": "Сервер перегружен",
    "Request timed out": "Сервер не успел ответить",
    "Lexicon data unavailable": "Данные словаря недоступны",
    "Not ready": "Сервис ещё не готов",
    "Rulings store unavailable": "Хранилище решений недоступно",
    "Invalid ruling": "Неверное решение судьи",
    "Cannot draw": "Не удалось набрать слова",
    "Not a question package": "Это не пакет вопросов",
    "Internal error": "Внутренняя ошибка сервера",
    "Error": "Ошибка",
}


def problem_code(title: str, type_: str = "about:blank") -> str:
    """The stable machine code: the last part of `type_`, or the English key in kebab case."""
    return type_.rsplit("/", 1)[-1] if type_ != "about:blank" else "-".join(title.lower().split())


def problem_body(status: int, title: str, detail: str, type_: str = "about:blank", **extra) -> dict:
    """`title` is the English key of TITLES (or a title already in Russian); the body carries the Russian."""
    return {"type": type_, "title": TITLES.get(title, title), "status": status, "detail": detail,
            "code": problem_code(title, type_), **extra}


def problem(status: int, title: str, detail: str, type_: str = "about:blank", **extra) -> JSONResponse:
    """A problem+json answer.  `title` and `detail` are for a person (Russian); `code` is for a program and
    stable: the last part of `type_`, or the English title key in kebab case."""
    body = problem_body(status, title, detail, type_, **extra)
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
    "json_invalid": "ошибка в синтаксисе JSON",
    "json_type": "тело запроса — не JSON",
    "string_unicode": "строка с недопустимыми символами",
    "lone_surrogate": "в строке одиночный суррогат UTF-16 (\\ud800–\\udfff): это не символ, его не записать в UTF-8",
    # schemas_mafia: a speech over Settings.max_text_chars (the limit named, as before the Russian messages)
    "text_too_long": "речь длиной {length} символов, а проверяется не больше {limit} символов за раз: одна речь на запрос",
    "union_tag_invalid": "недопустимый вариант",
    "union_tag_not_found": "не указан вариант",
    "string_pattern_mismatch": "строка не подходит под образец",
    "int_parsing_size": "число слишком большое",
    "bytes_type": "нужна строка",
    "none_required": "нужно null",
    "is_instance_of": "значение не того типа",
    "set_type": "нужен список",
    "tuple_type": "нужен список",
    "list_too_long": "больше {max_length} элементов",
    "multiple_of": "число должно быть кратно {multiple_of}",
    "decimal_parsing": "нужно число",
    "missing_argument": "обязательное поле отсутствует",
    "unexpected_keyword_argument": "такого поля нет",
    "frozen_field": "поле нельзя изменить",
    "url_parsing": "нужен адрес (URL)",
    "date_parsing": "нужна дата",
    "datetime_parsing": "нужны дата и время",
}


_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")


def russian_choices(expected) -> str:
    """pydantic's English list of choices ("'easy', 'medium' or 'hard'") said in Russian: «easy», «medium» или «hard»."""
    items = [f"«{item}»" for item in _QUOTED.findall(str(expected))] or [str(expected)]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " или " + items[-1]


def russian(err: dict) -> str:
    """One validation error said in Russian; a type without a template says so in general words (the
    type itself is the error's `code`), never pydantic's English text."""
    kind = err.get("type", "")
    template = VALIDATION_MESSAGES.get(kind)
    if template is None:
        if kind in ("value_error", "assertion_error"):
            # the project's own validators write Russian
            return str(err.get("msg", "недопустимое значение")).removeprefix("Value error, ").removeprefix(
                "Assertion failed, ")
        return "недопустимое значение"
    ctx = dict(err.get("ctx") or {})
    if "expected" in ctx:
        ctx["expected"] = russian_choices(ctx["expected"])
    try:
        return template.format(**ctx)
    except (KeyError, IndexError):
        return template.split(":")[0]


def field_name(err: dict) -> str:
    """The field a validation error names: "words.13" for the 14th word; a JSON syntax error's location is a
    byte offset into the body, said as such («тело запроса, позиция 13»), not as a field called "13"."""
    loc = [p for p in err.get("loc", ()) if p != "body"]
    if err.get("type") in ("json_invalid", "json_type") and len(loc) == 1 and isinstance(loc[0], int):
        return f"тело запроса, позиция {loc[0]}"
    return ".".join(str(p) for p in loc)


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
        errors = [{"field": field_name(err),
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
