"""Request and response models of POST /v1/pool/lint (../shared/API.md, «Word pools»).

The contract's fields are the minimum; `severity`, `evidence`, `suggestions`,
`frequency`, `cognate_details`, `board_conflicts`, `possible_cognates`,
`ruled_apart`, `summary` and the request's `scope` are additions.  An issue is a
Finding (service/rules/findings.py) without a span.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from service.api.schemas import Strict
from service.api.schemas_findings import finding_model
from service.rules.findings import LINT_SEVERITIES
from service.rules.pool import MAX_POOL_PAIRS
from service.settings import current as settings

MAX_WORDS = settings().max_pool_words
MAX_POOL_WORD = 200
PoolWord = Annotated[str, Field(max_length=MAX_POOL_WORD)]
ISSUE_RULES = ("unknown | not_noun | proper_noun | plural | word_form | abbreviation | profanity | invalid | "
               "not_single_word | board_cognate")


class PoolLintIn(Strict):
    __doc__ = (f"At most {MAX_WORDS:,} words (Settings.max_pool_words), and at most {MAX_POOL_PAIRS:,} pairs "
               "per grouping stage (candidate pairs of root spellings, about 300,000 for a real 10,000-word "
               "pool; word pairs within the groups; board conflicts); over that: 413 naming the limit.")
    words: list[PoolWord] = Field(..., min_length=1, max_length=MAX_WORDS,
                                  description=f"the pool, one word per item, at most {MAX_WORDS:,}; echoed exactly as sent")
    game: Literal["hat", "codenames"] = Field("hat", description="hat: rules/hat.txt «Частности»; codenames: card sets and boards")
    scope: str | None = Field(None, max_length=200, description="a tournament whose judges' cognate rulings apply")


PoolIssueOut = finding_model("PoolIssueOut", rules=ISSUE_RULES, severities=LINT_SEVERITIES,
                             severity_help="error: out of the pool; warning: an organiser should look; info: reported")


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
    ruled_apart: list[dict[str, Any]] = Field([], description="pairs a judge ruled not cognate (never grouped)")
    summary: dict[str, Any] = {}
