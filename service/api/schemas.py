"""Request and response models of the v1 contract (../shared/API.md); fields are the minimum, extras are additions."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MAX_BATCH_PAIRS = 1000
WordField = Field(..., max_length=1000, description="one Russian word; stress marks, ё/е, case and Latin look-alikes are tolerated")


class Strict(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=False)


class LexiconInfo(BaseModel):
    version: str
    lemmas: int
    families: int
    sources: str


class Health(BaseModel):
    status: Literal["ok"]
    lexicon: LexiconInfo


class Morpheme(BaseModel):
    text: str
    kind: Literal["prefix", "root", "suffix", "ending", "interfix", "postfix"]


class WordAnalysisOut(BaseModel):
    lemma: str
    morphemes: list[Morpheme]
    roots: list[str]
    source: str
    families: list[int | None] = []
    related: list[str] = []
    glosses: str | None = None


class WordOut(BaseModel):
    word: str
    normalized: str
    known: bool
    lemmas: list[str]
    analyses: list[WordAnalysisOut]
    pronunciations: list[str]
    wiktionary: str


class CognatesIn(Strict):
    a: str = WordField
    b: str = WordField
    scope: str | None = Field(None, max_length=200)


class CognatesOut(BaseModel):
    a: str
    b: str
    cognate: bool
    confidence: Literal["certain", "probable", "none"]
    shared_roots: list[str]
    evidence: list[dict[str, Any]]
    error: dict[str, Any] | None = None


class CognatesBatchIn(Strict):
    pairs: list[tuple[str, str]] = Field(..., max_length=MAX_BATCH_PAIRS)
    scope: str | None = Field(None, max_length=200)


class CognatesBatchOut(BaseModel):
    results: list[CognatesOut]
