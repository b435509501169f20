"""Operations: liveness, readiness, Prometheus metrics.

Readiness covers the compiled data files.  Each is verified (exists, not
empty, not truncated, opens, a probe answers) at start-up and again whenever
its inode, size or modification time changes; a missing or damaged file
makes ``/v1/health/ready`` answer 503 naming it, even when the running
process still holds a good copy in memory, because the next start would fail.
Start-up refuses to serve with a bad file (see ``service.api.app``).

The probes answer whatever the worker is doing.  They are ``async`` and take no dependency that
FastAPI would run in its thread pool: that pool (40 threads) fills with long checks, and a ``def``
probe queued behind them (liveness took 17.6 s, issue 35).  What blocks (a stat of each data file,
one lookup) runs in the probes' own thread, ``off_loop``.
"""
from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from fastapi import APIRouter, Request, Response

from service.api import metrics
from service.api.errors import problem

log = logging.getLogger("koren")

router = APIRouter(tags=["service"])
PROBES = ThreadPoolExecutor(max_workers=1, thread_name_prefix="koren-probe")


async def off_loop(work, *args):
    """Blocking probe work, in the probes' own thread: never queued behind the requests' thread pool."""
    return await asyncio.get_running_loop().run_in_executor(PROBES, work, *args)


@router.get("/v1/health/live", operation_id="health_live")
async def live() -> dict:
    """The process answers; says nothing about the lexicon."""
    return {"status": "ok"}


@router.get("/v1/health/ready", operation_id="health_ready",
            responses={503: {"description": "still loading, or a data file is missing or damaged (named)"}})
async def ready(request: Request):
    """Ready once the lexicon is loaded, every data file verifies and the lexicon answers a lookup."""
    lexicon = getattr(request.app.state, "lexicon", None)
    if lexicon is None:
        return problem(503, "Not ready", "словарь ещё загружается")
    broken = await off_loop(lexicon.broken_data_file)
    if broken is not None:
        log.warning("not ready: data file %s", broken)      # the path for the operator; the answer names the file
        return problem(503, "Not ready", f"файл данных словаря: {broken.path.name}: {broken.problem}", "/problems/data-file",
                       file=broken.path.name)
    return {"status": "ok", "lexicon": lexicon.version}


@router.get("/metrics", operation_id="metrics", include_in_schema=False)
async def prometheus() -> Response:
    body, content_type = metrics.exposition()
    return Response(body, media_type=content_type)
