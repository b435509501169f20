"""Word pools: lint a Hat or Codenames pool — per-word issues, duplicates, cognate groups."""
from __future__ import annotations

from fastapi import APIRouter

from service.api.deps import Engine
from service.api.errors import problem
from service.api.schemas_pool import PoolLintIn, PoolLintOut
from service.rules import pool

router = APIRouter(prefix="/v1/pool", tags=["pool"])


@router.post("/lint", response_model=PoolLintOut, operation_id="lint_pool",
             responses={413: {"description": "over the cognate-pair limit (problem+json naming it)"}})
def lint_pool(body: PoolLintIn, engine: Engine):
    """Every word as sent with its issues (unknown, not_noun, proper_noun, plural, abbreviation,
    profanity, ...) and suggestions; pool-level duplicates and cognate groups."""
    try:
        return pool.lint_pool(engine, body.words, body.game, max_pairs=pool.MAX_POOL_PAIRS).to_json()
    except pool.TooMuchWork as exc:
        return problem(413, "Request too large", str(exc), "/problems/too-much-work",
                       limit=exc.limit, value=exc.value, maximum=exc.maximum)
