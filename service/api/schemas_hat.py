"""Request and response models of the Шляпа endpoints (../shared/API.md, «Шляпа (Hat)»).

The contract's fields are the minimum; `severity`, `evidence`, `message`,
`counts` and `scope` are additions.  A violation is a Finding
(service/rules/findings.py) with a span of the text.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from service.api.schemas import Strict, WordField
from service.api.schemas_findings import finding_model
from service.rules.findings import TURN_SEVERITIES
from service.rules.hat import RULES
from service.settings import current as settings

MAX_TEXT = settings().max_text_chars

ScopeField = Field(None, max_length=200, description="apply the rulings of this scope (a tournament)")


class HatExplanationIn(Strict):
    target: str = WordField
    text: str = Field(..., max_length=MAX_TEXT,
                      description=f"the explainer's words, at most {MAX_TEXT} characters")
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
    target: str = WordField
    guess: str = WordField
    scope: str | None = ScopeField


class HatGuessOut(BaseModel):
    target: str
    guess: str
    accepted: bool
    reason: Literal["word_form", "homophone", "form_homophone", "cognate", "different_word"]
    message: str
    evidence: list[dict[str, Any]]
