"""Request and response models of the Шляпа endpoints (../shared/API.md, «Шляпа (Hat)»).

The contract's fields are the minimum; `severity`, `evidence`, `message` and
`counts` are additions.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from service.api.schemas import Strict, WordField
from service.rules.hat import MAX_TEXT


class HatExplanationIn(Strict):
    target: str = WordField
    text: str = Field(..., max_length=MAX_TEXT,
                      description=f"the explainer's words, at most {MAX_TEXT} characters")


class HatViolation(BaseModel):
    rule: str = Field(..., description="cognate | abbreviation | fragment | letters | translation | profanity")
    token: str
    start: int = Field(..., description="offset into the text as sent (Python str index)")
    end: int = Field(..., description="end offset, exclusive")
    message: str
    severity: Literal["violation", "warning"] = Field(
        ..., description="violation: the explainer loses the turn; warning: for the judge to decide")
    evidence: dict[str, Any] = {}


class HatCounts(BaseModel):
    violations: int
    warnings: int
    tokens: int


class HatExplanationOut(BaseModel):
    ok: bool = Field(..., description="true when there is no finding of severity violation")
    target: str
    violations: list[HatViolation]
    counts: HatCounts


class HatGuessIn(Strict):
    target: str = WordField
    guess: str = WordField


class HatGuessOut(BaseModel):
    target: str
    guess: str
    accepted: bool
    reason: Literal["word_form", "homophone", "form_homophone", "cognate", "different_word"]
    message: str
    evidence: list[dict[str, Any]]
