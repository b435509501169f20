"""Operations: liveness, readiness, Prometheus metrics."""
from __future__ import annotations

from fastapi import APIRouter, Request, Response

from service.api import metrics
from service.api.errors import problem

router = APIRouter(tags=["service"])


@router.get("/v1/health/live", operation_id="health_live")
def live() -> dict:
    """The process answers; says nothing about the lexicon."""
    return {"status": "ok"}


@router.get("/v1/health/ready", operation_id="health_ready", responses={503: {"description": "still loading"}})
def ready(request: Request):
    """Ready once the engine and the pronouncer are loaded and the lexicon answers a lookup."""
    engine = getattr(request.app.state, "engine", None)
    if engine is None or getattr(request.app.state, "pronouncer", None) is None or engine.store.word("кот") is None:
        return problem(503, "Not ready", "the lexicon is not loaded yet")
    return {"status": "ok", "lexicon": engine.store.version}


@router.get("/metrics", operation_id="metrics", include_in_schema=False)
def prometheus() -> Response:
    body, content_type = metrics.exposition()
    return Response(body, media_type=content_type)
