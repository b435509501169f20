"""Request and response models of POST /v1/pool/lint (../shared/API.md, «Word pools»).

The contract's fields are the minimum; `severity`, `evidence`, `suggestions`,
`frequency`, `cognate_details`, `board_conflicts`, `possible_cognates` and `summary`
are additions.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from service.api.schemas import Strict
from service.rules.pool import MAX_POOL_PAIRS, MAX_WORDS

MAX_POOL_WORD = 200
PoolWord = Annotated[str, Field(max_length=MAX_POOL_WORD)]


class PoolLintIn(Strict):
    __doc__ = (f"At most {MAX_WORDS:,} words, and at most {MAX_POOL_PAIRS:,} candidate pairs of root spellings "
               "for the cognate groups (about 300,000 for a real 10,000-word pool); over that: 413.")
    words: list[PoolWord] = Field(..., min_length=1, max_length=MAX_WORDS,
                                  description=f"the pool, one word per item, at most {MAX_WORDS:,}; echoed exactly as sent")
    game: Literal["hat", "codenames"] = Field("hat", description="hat: rules/hat.txt «Частности»; codenames: card sets and boards")


class PoolIssueOut(BaseModel):
    rule: str = Field(..., description="unknown | not_noun | proper_noun | plural | word_form | abbreviation | "
                                       "profanity | invalid | not_single_word | board_cognate")
    message: str
    severity: Literal["error", "warning", "info"]
    evidence: dict[str, Any] = {}


class PoolWordOut(BaseModel):
    word: str = Field(..., description="exactly as sent")
    normalized: str | None
    lemma: str | None
    issues: list[PoolIssueOut]
    suggestions: list[dict[str, Any]] = []
    frequency: dict[str, Any] | None = None


class PoolLintOut(BaseModel):
    game: str
    words: list[PoolWordOut]
    duplicates: list[list[str]]
    cognate_groups: list[list[str]]
    cognate_details: list[dict[str, Any]] = []
    board_conflicts: list[dict[str, Any]] = []
    possible_cognates: list[dict[str, Any]] = []
    summary: dict[str, Any] = {}
