"""Request and response models of POST /v1/pool/lint (../shared/API.md, «Word pools»).

The contract's fields are the minimum; `severity`, `evidence`, `suggestions`,
`frequency`, `cognate_details`, `board_conflicts`, `possible_cognates`,
`ruled_apart`, `summary` and the request's `scope` are additions.  An issue is a
Finding (service/rules/findings.py) without a span.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from service.api.limits import Limit, default
from service.api.schemas import Strict, WordStr
from service.api.schemas_findings import finding_model
from service.rules.findings import LINT_SEVERITIES
from service.rules.pool import MAX_POOL_PAIRS

# Documented defaults; the app's Settings decide while a request is validated (service.api.limits).
MAX_WORDS = default("max_pool_words")
MAX_POOL_WORD = default("max_word_chars")
PoolWord = WordStr
PoolWords = Annotated[list[PoolWord], Limit("max_pool_words")]
ISSUE_RULES = ("unknown | not_noun | proper_noun | plural | word_form | abbreviation | profanity | invalid | "
               "not_single_word | board_cognate")


class PoolLintIn(Strict):
    __doc__ = (f"At most {MAX_WORDS:,} words (Settings.max_pool_words), and at most {MAX_POOL_PAIRS:,} pairs "
               "per grouping stage (candidate pairs of root spellings, about 300,000 for a real 10,000-word "
               "pool; word pairs within the groups; board conflicts); over that: 413 naming the limit.")
    words: PoolWords = Field(..., min_length=1,
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
    spelling_variants: list[list[str]] = Field([], description="words whose spellings differ by a doubled consonant "
                                                               "(шопинг/шоппинг, мол/молл): one word or two, a "
                                                               "person decides")
    summary: dict[str, Any] = {}


class PoolGenerateIn(Strict):
    """Draw words for a game from the lexicon: common nouns in the singular, no names, abbreviations or
    profanity, in a frequency band, no two of them (nor one of them and a word of `extend`) a duplicate,
    однокоренные or homophones."""
    count: int = Field(100, ge=1, le=5000, description="how many new words, 1 to 5,000")
    difficulty: Literal["easy", "medium", "hard"] = Field(
        "medium", description="a band of wordfreq Zipf: easy ≥ 4, medium 3–4, hard 2–3")
    zipf_min: float | None = Field(None, ge=0, le=9, description="instead of the band: the lowest Zipf")
    zipf_max: float | None = Field(None, ge=0, le=9, description="instead of the band: the highest Zipf")
    seed: int | None = Field(None, ge=0, le=2 ** 63, description="the same seed draws the same words; "
                                                                  "without one a seed is chosen and returned")
    extend: PoolWords = Field(default_factory=list,
                                   description="a pool to extend: no new word clashes with one of these")


class DrawnWordOut(BaseModel):
    word: str
    zipf: float = Field(..., description="wordfreq Zipf: log10 of uses per billion words")
    why: str = Field(..., description="why the word passed, in Russian")


class PoolGenerateOut(BaseModel):
    words: list[DrawnWordOut]
    count: int
    seed: int
    difficulty: str
    zipf: dict[str, float]
    extended: int = Field(..., description="words of `extend` the draw kept clear of")
    skipped: dict[str, int] = Field(..., description="candidates passed over: duplicate, cognate, homophone")
    compared: int = Field(..., description="pairs the cognate engine was asked about")
    source: str
