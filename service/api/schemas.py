"""Request and response models of the v1 contract (../shared/API.md); fields are the minimum, extras are additions."""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from service.api.limits import Limit, default

# The limits are the app's Settings, read while a request is validated (service.api.limits); these
# are the defaults the documentation states.
MAX_BATCH_PAIRS = default("max_batch_pairs")
# Every word field is bounded before the word is read: a megabyte of spaces around «кот» was read,
# and kept as a cache key (KOREN_MAX_WORD_CHARS).
MAX_WORD_CHARS = default("max_word_chars")
WORD_HELP = (f"one Russian word, at most {MAX_WORD_CHARS} characters as sent; stress marks, ё/е, case, invisible "
             "characters and Latin look-alikes are tolerated")
WordStr = Annotated[str, Limit("max_word_chars")]
WordField = Field(..., description=WORD_HELP)


LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def has_lone_surrogate(value: Any) -> bool:
    """Some string in `value` (nested lists and objects included) holds a UTF-16 surrogate.
    Python's json reads "\\ud800" into a str that no UTF-8 answer can carry."""
    stack = [value]
    while stack:       # a loop, not recursion: a body may nest deeper than the interpreter's stack
        item = stack.pop()
        if isinstance(item, str):
            if not item.isascii() and LONE_SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return False


class Strict(BaseModel):
    """The base of every request body."""
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=False)

    @field_validator("*", mode="before")
    @classmethod
    def no_lone_surrogates(cls, value: Any) -> Any:
        # Refused at the door, in every field of every body: a handler that echoed one (the clue's
        # "number") failed writing its answer, a 500 and a dropped connection.
        if has_lone_surrogate(value):
            raise PydanticCustomError("lone_surrogate", "string holds a lone UTF-16 surrogate")
        return value


class LexiconInfo(BaseModel):
    version: str
    lemmas: int
    families: int
    sources: str


class Health(BaseModel):
    status: Literal["ok"]
    lexicon: LexiconInfo
    rulings_writable: bool = Field(False, description="KOREN_RULINGS_TOKEN is set: rulings may be written "
                                                       "(with that token); the judges' console hides its buttons "
                                                       "otherwise")


class Morpheme(BaseModel):
    text: str
    kind: Literal["prefix", "root", "suffix", "ending", "interfix", "postfix"]


class WordAnalysisOut(BaseModel):
    lemma: str
    morphemes: list[Morpheme]
    roots: list[str]
    source: str = Field(description="tikhonov-morphemes | tikhonov-dictionary | derivbase-carried | wiktionary | "
                                    "guess | compound-split: a machine id")
    source_name: str | None = Field(None, description="the source said for a person (Russian)")
    families: list[int | None] = []
    related: list[str] = []
    glosses: str | None = None


class ReadingOut(BaseModel):
    stressed: str = Field(description="the form with U+0301 after the stressed vowel")
    phonemes: str = Field(description="transcription: Cyrillic letters, ʲ for softness, U+0301 on the stressed vowel")
    source: str = Field(description="tikhonov | paradigm | espeak | user | spelling | guess")


class WordOut(BaseModel):
    word: str
    normalized: str
    known: bool
    lemmas: list[str]
    analyses: list[WordAnalysisOut]
    pronunciations: list[str]
    readings: list[ReadingOut]
    wiktionary: str


class HomophonesIn(Strict):
    a: WordStr = WordField
    b: WordStr = WordField


class HomophonesOut(BaseModel):
    a: str
    b: str
    homophones: bool
    a_pronunciations: list[str]
    b_pronunciations: list[str]
    a_readings: list[ReadingOut]
    b_readings: list[ReadingOut]
    matched: list[str] = Field(description="transcriptions both words can have")
    guess: bool = Field(description="true when a word is unknown to every stress source and its stress was guessed")
    explanation: str


class CognatesIn(Strict):
    a: WordStr = WordField
    b: WordStr = WordField
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
    pairs: Annotated[list[tuple[WordStr, WordStr]], Limit("max_batch_pairs")] = Field(
        ..., description=f"pairs of words, each at most {MAX_WORD_CHARS} characters")
    scope: str | None = Field(None, max_length=200)


class CognatesBatchOut(BaseModel):
    results: list[CognatesOut]
