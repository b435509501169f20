"""Rulings: POST/GET/DELETE /v1/rulings, export and import of a scope.

Reads are open.  Writes need `Authorization: Bearer <KOREN_RULINGS_TOKEN>`;
with no token configured the store is read-only (403), so a deployment that
forgot the variable does not take writes from anyone.

Every answer to a write is true.  A write runs in a worker thread and its
endpoint waits for that thread to commit or roll back even when the request
times out meanwhile (see ``_settled``): a 201/200/204 means stored; a 503 says
in ``stored`` (false, or null when a fault hit COMMIT itself) and in its
detail what became of it.  Store faults (disk full, read-only, I/O error,
file deleted, server down) answer 503 problem+json naming the store.
"""
from __future__ import annotations

import asyncio
import functools
import hmac
import logging
from datetime import datetime, timezone
from typing import Callable, TypeVar

from fastapi import APIRouter, Path, Query, Request, Response
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from lexicon.budget import WorkCancelled
from lexicon.text import InvalidWord
from service import rulings
from service.api.errors import problem
from service.api.schemas_rulings import (RulingIn, RulingOut, RulingsExport, RulingsImportIn, RulingsImportOut,
                                         RulingsList)
from service.rulings import RulingsStore
from service.rulings.store import StoreUnavailable, shown_name

router = APIRouter(prefix="/v1/rulings", tags=["rulings"])
log = logging.getLogger("koren.rulings")
TOKEN_ENV = "KOREN_RULINGS_TOKEN"
STORE_ERRORS = {503: {"description": "the rulings store is unavailable (named in the detail)"}}
WRITE_ERRORS = {401: {"description": "нет токена или он неверный (Authorization: Bearer <токен>)"},
                403: {"description": "запись выключена: на сервере не задан KOREN_RULINGS_TOKEN"},
                503: {"description": "not stored (or, with \"stored\": null, unknown): the store failed or the "
                                     "request timed out before COMMIT"}}
T = TypeVar("T")


class Refused(Exception):
    def __init__(self, response: JSONResponse):
        self.response = response


def writer(request: Request) -> None:
    """Raises Refused with the problem response when the request may not write."""
    expected = request.app.state.settings.rulings_token.get_secret_value()
    if not expected:
        raise Refused(problem(403, "Forbidden", f"запись решений на этом сервере выключена: не задан {TOKEN_ENV}",
                              "/problems/rulings-read-only"))
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    # compare_digest: the time taken must not tell an attacker how much of the token was right.
    if scheme.lower() != "bearer" or not hmac.compare_digest(token.strip().encode(), expected.encode()):
        response = problem(401, "Unauthorized", "для записи нужен заголовок Authorization: Bearer <токен> с верным "
                           "токеном", "/problems/rulings-token")
        response.headers["WWW-Authenticate"] = 'Bearer realm="rulings"'
        raise Refused(response)


def store(request: Request) -> RulingsStore:
    try:
        return rulings.store_for(request.app)
    except StoreUnavailable as exc:
        log.error("%s", exc)
        raise Refused(unavailable(exc)) from exc
    except Exception as exc:
        log.exception("rulings store unavailable")
        said = str(exc)[:300] if isinstance(exc, (ValueError, RuntimeError)) else type(exc).__name__
        raise Refused(problem(503, "Rulings store unavailable", f"the rulings store cannot be opened: {said}",
                              "/problems/rulings-store")) from exc


def unavailable(exc: StoreUnavailable) -> JSONResponse:
    extra = {"stored": exc.stored} if exc.action == "write" else {}
    return problem(503, "Rulings store unavailable", exc.public, "/problems/rulings-store", store=shown_name(exc.store),
                   **extra)


def timed_out(request: Request) -> JSONResponse:
    timeout = request.app.state.settings.request_timeout_s
    return problem(503, "Request timed out", f"no answer within {timeout:g} s (KOREN_REQUEST_TIMEOUT_MS); "
                   "nothing was stored: the write was rolled back before COMMIT", "/problems/timeout", stored=False)


def _guarded(fn):
    """Endpoints return the Refused problem (with its headers) instead of raising through errors.py."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Refused as refused:
            return refused.response
        except StoreUnavailable as exc:
            log.error("%s", exc)
            return unavailable(exc)
    return wrapper


def _guarded_write(fn):
    """_guarded for the async write endpoints; a write rolled back at the timeout answers so."""
    @functools.wraps(fn)
    async def wrapper(request: Request, *args, **kwargs):
        try:
            return await fn(request, *args, **kwargs)
        except Refused as refused:
            return refused.response
        except StoreUnavailable as exc:
            log.error("%s", exc)
            return unavailable(exc)
        except WorkCancelled:
            return timed_out(request)
    return wrapper


async def _settled(work: Callable[[], T]) -> T:
    """Run a store write in a worker thread and return only once it has committed or rolled back.

    At the request timeout the middleware cancels this task and would answer 503 at once, while the
    thread goes on and may commit: a 503 for a stored ruling.  So the cancellation is held here until
    the thread settles.  The budget is spent by then: a write not yet at COMMIT rolls back and raises
    WorkCancelled (answered "nothing was stored"); one already committing finishes, and its real
    answer goes out a little late.
    """
    task = asyncio.ensure_future(run_in_threadpool(work))
    while not task.done():
        try:
            await asyncio.wait({task})
        except asyncio.CancelledError:
            continue   # cancelled once, by the timeout: keep waiting for the thread's outcome
    return task.result()


def _bad_pair(exc: Exception) -> JSONResponse:
    reason = exc.reason if isinstance(exc, InvalidWord) else str(exc)
    return problem(422, "Invalid ruling", reason, "/problems/invalid-ruling")


@router.post("", response_model=RulingOut, status_code=201, operation_id="create_ruling",
             responses={200: {"description": "replaced the scope's earlier ruling on the same pair"}, **WRITE_ERRORS})
@_guarded_write
async def create(request: Request, body: RulingIn, response: Response) -> dict | JSONResponse:
    """Record a ruling; it overrides the engine in every later check sent with this `scope`."""
    writer(request)
    try:
        ruling, created = await _settled(lambda: store(request).add(
            body.scope, body.kind, body.a, body.b, body.verdict, body.note, body.judge or ""))
    except (InvalidWord, ValueError) as exc:
        return _bad_pair(exc)
    response.status_code = 201 if created else 200
    response.headers["Location"] = f"/v1/rulings/{ruling.id}"
    return ruling.to_json()


@router.get("", response_model=RulingsList, operation_id="list_rulings", responses=STORE_ERRORS)
@_guarded
def list_(request: Request, scope: str = Query(..., min_length=1, max_length=200),
          kind: str | None = Query(None, pattern="^(cognate|guess|chgk_answer)$")) -> dict:
    try:
        found = store(request).list(scope, kind)
    except ValueError as exc:
        return _bad_pair(exc)
    return {"scope": scope, "rulings": [r.to_json() for r in found]}


@router.get("/export", response_model=RulingsExport, operation_id="export_rulings", responses=STORE_ERRORS)
@_guarded
def export(request: Request, scope: str = Query(..., min_length=1, max_length=200)) -> dict:
    """The scope's rulings as a JSON document that POST /v1/rulings/import takes back."""
    try:
        found = store(request).list(scope)
    except ValueError as exc:
        return _bad_pair(exc)
    items = [{"kind": r.kind, "a": r.a, "b": r.b, "verdict": r.verdict, "note": r.note, "judge": r.judge or None,
              "decided_at": r.decided_at} for r in found]
    return {"format": "koren-rulings", "version": 1, "scope": scope,
            "exported_at": datetime.now(timezone.utc).isoformat(timespec="seconds"), "rulings": items}


@router.post("/import", response_model=RulingsImportOut, operation_id="import_rulings", responses=WRITE_ERRORS)
@_guarded_write
async def import_(request: Request, body: RulingsImportIn,
            scope: str | None = Query(None, min_length=1, max_length=200,
                                      description="import into this scope (overrides the document's)")) -> dict:
    """All or nothing: one bad ruling rejects the whole document. Same pairs replace the scope's rulings."""
    writer(request)
    target = scope or body.scope
    if not target:
        return problem(422, "Invalid request", "укажите турнир, в который загружать решения: ?scope=… или \"scope\" в теле запроса",
                       "/problems/validation")
    items = [item.model_dump() for item in body.rulings]
    try:
        created, updated = await _settled(lambda: store(request).import_many(target, items))
    except (InvalidWord, ValueError) as exc:
        return _bad_pair(exc)
    return {"scope": target, "imported": len(items), "created": created, "updated": updated}


@router.get("/{ruling_id}", response_model=RulingOut, operation_id="get_ruling", responses=STORE_ERRORS)
@_guarded
def get(request: Request, ruling_id: int = Path(..., ge=1, le=2**62)) -> dict | JSONResponse:
    found = store(request).get(ruling_id)
    return found.to_json() if found else problem(404, "Not found", f"решения №{ruling_id} нет")


@router.delete("/{ruling_id}", status_code=204, operation_id="delete_ruling",
               responses={404: {"description": "no such ruling"}, **WRITE_ERRORS})
@_guarded_write
async def delete(request: Request, ruling_id: int = Path(..., ge=1, le=2**62)) -> Response:
    writer(request)
    if await _settled(lambda: store(request).delete(ruling_id)) is None:
        return problem(404, "Not found", f"решения №{ruling_id} нет")
    return Response(status_code=204)
