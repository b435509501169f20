"""Word pools: lint a Hat or Codenames pool — per-word issues, duplicates, cognate groups."""
from __future__ import annotations

from fastapi import APIRouter, Request

from service import rulings, runtime
from service.api.deps import Words
from service.api.errors import problem
from service.api.fast_json import OrjsonResponse
from service.api.schemas_pool import PoolGenerateIn, PoolGenerateOut, PoolLintIn, PoolLintOut
from service.rules import generate, pool

router = APIRouter(prefix="/v1/pool", tags=["pool"])


@router.post("/lint", response_model=PoolLintOut, operation_id="lint_pool",
             responses={413: {"description": "over the cognate-pair limit (problem+json naming it)"}})
def lint_pool(body: PoolLintIn, words: Words, request: Request):
    """Every word as sent with its issues (unknown, not_noun, proper_noun, plural, abbreviation,
    profanity, ...) and suggestions; pool-level duplicates and cognate groups.  With `scope`, the
    judges' cognate rulings there join or split pairs of the groups and board conflicts."""
    oracle = rulings.oracle_for(request.app, body.scope)
    try:
        # The collector waits while the report is built and encoded (runtime.bulk_phase: any thread,
        # bounded); the bytes go out as they are, PoolLintOut only documents them (fast_json).
        with runtime.bulk_phase(request.app.state.settings):
            # The pair cap is the app's Settings.max_pool_pairs (KOREN_MAX_POOL_PAIRS; pool.MAX_POOL_PAIRS its default).
            report = pool.lint_pool(words, body.words, body.game, max_pairs=request.app.state.settings.max_pool_pairs,
                                    oracle=oracle)
            return OrjsonResponse(report.to_json())
    except pool.TooMuchWork as exc:
        return problem(413, "Request too large", str(exc), "/problems/too-much-work",
                       limit=exc.limit, value=exc.value, maximum=exc.maximum)


def cannot_draw(exc: generate.CannotDraw, field: str):
    return problem(422, "Cannot draw", str(exc), "/problems/cannot-draw",
                   errors=[{"field": field, "code": "too_few_words", "message": str(exc)}])


@router.post("/generate", response_model=PoolGenerateOut, operation_id="generate_pool",
             responses={422: {"description": "too few fit words for the request (problem+json)"}})
def generate_pool(body: PoolGenerateIn, words: Words):
    """Draw `count` words for a game: common nouns in the singular, in a frequency band, no two of them a
    duplicate, однокоренные or homophones; each with its frequency and why it passed.  `seed` reproduces
    a draw; `extend` draws words that clash with none of a given pool."""
    try:
        return generate.generate_pool(words, body.count, body.difficulty, body.seed, body.extend, body.zipf_min,
                                      body.zipf_max)
    except generate.CannotDraw as exc:
        return cannot_draw(exc, "count")
