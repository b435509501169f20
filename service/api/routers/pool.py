"""Word pools: lint a Hat or Codenames pool — per-word issues, duplicates, cognate groups."""
from __future__ import annotations

from fastapi import APIRouter

from service.api.deps import Engine
from service.api.schemas_pool import PoolLintIn, PoolLintOut
from service.rules import pool

router = APIRouter(prefix="/v1/pool", tags=["pool"])


@router.post("/lint", response_model=PoolLintOut, operation_id="lint_pool")
def lint_pool(body: PoolLintIn, engine: Engine) -> dict:
    """Every word as sent with its issues (unknown, not_noun, proper_noun, plural, abbreviation,
    profanity, ...) and suggestions; pool-level duplicates and cognate groups."""
    return pool.lint_pool(engine, body.words, body.game).to_json()
