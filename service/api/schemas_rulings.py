"""Request and response models of /v1/rulings (issue 8).

Pairs: cognate (a, b) is unordered; guess is (target, guess); chgk_answer is
(reference, answer).  Verdicts: true/false for cognate and guess
(cognate / accepted), "accept"/"reject" for chgk_answer.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StrictBool, model_validator

from service.api.limits import Limit, default
from service.api.schemas import Strict

Kind = Literal["cognate", "guess", "chgk_answer"]
MAX_IMPORT = default("max_import_rulings")   # documented; the app's Settings decide (service.api.limits)
EXPORT_FORMAT = "koren-rulings"


class RulingItem(Strict):
    kind: Kind
    a: str = Field(..., min_length=1, max_length=1000, description="cognate: a word; guess: the target; chgk_answer: the reference")
    b: str = Field(..., min_length=1, max_length=1000, description="cognate: a word; guess: the guess; chgk_answer: the answer")
    verdict: StrictBool | Literal["accept", "reject"] = Field(
        ..., description="cognate: are they однокоренные; guess: is it accepted; chgk_answer: accept | reject")
    note: str = Field("", max_length=2000)
    judge: str | None = Field(None, max_length=200, description="who ruled; shown in every check it overrides")

    @model_validator(mode="after")
    def verdict_fits_kind(self):
        if self.kind == "chgk_answer" and not isinstance(self.verdict, str):
            raise ValueError('a chgk_answer verdict is "accept" or "reject"')
        if self.kind != "chgk_answer" and not isinstance(self.verdict, bool):
            raise ValueError(f"a {self.kind} verdict is true or false")
        return self


class RulingIn(RulingItem):
    scope: str = Field(..., min_length=1, max_length=200, description="the tournament (or table) the ruling binds")


class RulingOut(BaseModel):
    id: int
    scope: str
    kind: Kind
    a: str
    b: str
    verdict: bool | str
    note: str
    judge: str | None
    decided_at: str = Field(description="when the judge ruled (ISO 8601, UTC); kept by export/import")
    stored_at: str = Field(description="when this store took the ruling")


class RulingsList(BaseModel):
    scope: str
    rulings: list[RulingOut]


class ExportedRuling(RulingItem):
    decided_at: str | None = Field(None, max_length=64)


class RulingsExport(BaseModel):
    format: Literal["koren-rulings"] = EXPORT_FORMAT
    version: Literal[1] = 1
    scope: str
    exported_at: str
    rulings: list[ExportedRuling]


class RulingsImportIn(Strict):
    """An export document; `scope` (or ?scope=) names the scope to import into."""
    format: Literal["koren-rulings"] = EXPORT_FORMAT
    version: Literal[1] = 1
    scope: str | None = Field(None, min_length=1, max_length=200)
    rulings: Annotated[list[ExportedRuling], Limit("max_import_rulings")]


class RulingsImportOut(BaseModel):
    scope: str
    imported: int
    created: int
    updated: int
