"""Operations: liveness, readiness, Prometheus metrics.

Readiness covers the compiled data files.  Each is verified (exists, not
empty, not truncated, opens, a probe answers) at start-up and again whenever
its inode, size or modification time changes; a missing or damaged file
makes ``/v1/health/ready`` answer 503 naming it, even when the running
process still holds a good copy in memory, because the next start would fail.
Start-up refuses to serve with a bad file (see ``service.api.app``).
"""
from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Callable

from fastapi import APIRouter, Request, Response

from lexicon import frequency, profanity, pronunciation
from lexicon import store as lexicon_store
from lexicon.store import DataFileError, DataFileMissing
from service.api import metrics
from service.api.errors import problem

router = APIRouter(tags=["service"])

_verified: dict[Path, tuple] = {}   # path → the stat signature it last passed verification with
_verified_lock = threading.Lock()


def data_files(app) -> list[tuple[Path, Callable[[Path], None]]]:
    """The data files this app serves from, each with its verifier."""
    engine = getattr(app.state, "engine", None)
    pronouncer = getattr(app.state, "pronouncer", None)
    return [
        (Path(engine.store.path) if engine is not None else lexicon_store.DEFAULT_PATH, lexicon_store.verify),
        (Path(getattr(pronouncer, "path", None) or pronunciation.DEFAULT_DATA), pronunciation.verify),
        (Path(frequency.DEFAULT_PATH), frequency.verify),
        (Path(profanity.DEFAULT_DATA), profanity.verify),
    ]


def _signature(path: Path) -> tuple:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise DataFileMissing(path, "missing (deleted or moved)") from None
    except OSError as exc:
        raise DataFileError(path, f"cannot be read ({exc.strerror})") from exc
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def check_data_files(app) -> DataFileError | None:
    """The first data file that fails verification, or None.  Unchanged files are not verified again."""
    for path, verify in data_files(app):
        try:
            signature = _signature(path)
            with _verified_lock:
                if _verified.get(path) == signature:
                    continue
            verify(path)
        except DataFileError as exc:
            with _verified_lock:
                _verified.pop(path, None)
            return exc
        with _verified_lock:
            _verified[path] = signature
    return None


@router.get("/v1/health/live", operation_id="health_live")
def live() -> dict:
    """The process answers; says nothing about the lexicon."""
    return {"status": "ok"}


@router.get("/v1/health/ready", operation_id="health_ready",
            responses={503: {"description": "still loading, or a data file is missing or damaged (named)"}})
def ready(request: Request):
    """Ready once the engine and the pronouncer are loaded, every data file verifies and the lexicon answers."""
    engine = getattr(request.app.state, "engine", None)
    if engine is None or getattr(request.app.state, "pronouncer", None) is None:
        return problem(503, "Not ready", "the lexicon is not loaded yet")
    broken = check_data_files(request.app)
    if broken is not None:
        return problem(503, "Not ready", f"data file {broken}", "/problems/data-file", file=str(broken.path))
    if engine.store.word("кот") is None:
        return problem(503, "Not ready", f"the lexicon {engine.store.path} does not answer a lookup",
                       "/problems/data-file", file=str(engine.store.path))
    return {"status": "ok", "lexicon": engine.store.version}


@router.get("/metrics", operation_id="metrics", include_in_schema=False)
def prometheus() -> Response:
    body, content_type = metrics.exposition()
    return Response(body, media_type=content_type)
