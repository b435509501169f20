"""Request and response models of the Шляпа endpoints (../shared/API.md, «Шляпа (Hat)»).

The contract's fields are the minimum; `severity`, `evidence`, `message`,
`counts` and `scope` are additions.  A violation is a Finding
(service/rules/findings.py) with a span of the text.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from service.api.limits import Limit, default
from service.api.schemas import Strict, WordField, WordStr
from service.api.schemas_findings import finding_model
from service.rules.findings import TURN_SEVERITIES
from service.rules.hat import RULES

MAX_TEXT = default("max_text_chars")     # documented; the app's Settings decide (service.api.limits)

ScopeField = Field(None, max_length=200, description="apply the rulings of this scope (a tournament)")


class HatExplanationIn(Strict):
    target: WordStr = WordField
    text: Annotated[str, Limit("max_text_chars")] = Field(
        ..., description=f"the explainer's words, at most {MAX_TEXT} characters")
    scope: str | None = ScopeField


HatViolation = finding_model(
    "HatViolation", rules=" | ".join(RULES), severities=TURN_SEVERITIES, span=True,
    severity_help="violation: the explainer loses the turn; warning: for the judge to decide")


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
    target: WordStr = WordField
    guess: WordStr = WordField
    scope: str | None = ScopeField


class HatGuessOut(BaseModel):
    target: str
    guess: str
    accepted: bool
    reason: Literal["word_form", "homophone", "form_homophone", "cognate", "different_word"]
    message: str
    evidence: list[dict[str, Any]]
