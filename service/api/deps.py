"""Typed dependencies: routers receive the engine, never build it."""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from lexicon import Lexicon
from lexicon.cognates import CognateEngine
from lexicon.pronunciation import Pronouncer
from lexicon.text import InvalidWord, NormalizedWord, normalize_word
from service.api.errors import WordProblem


def get_engine(request: Request) -> CognateEngine:
    return request.app.state.engine


Engine = Annotated[CognateEngine, Depends(get_engine)]


def get_lexicon(request: Request) -> Lexicon:
    """The one Lexicon every router and rule asks (built over the app's engine and pronouncer)."""
    state = request.app.state
    found = getattr(state, "lexicon", None)
    if found is None:   # an app used without its lifespan (a test client outside `with`)
        found = state.lexicon = Lexicon(state.engine, state.pronouncer)
    return found


Words = Annotated[Lexicon, Depends(get_lexicon)]


def get_pronouncer(request: Request) -> Pronouncer:
    return request.app.state.pronouncer


Pronunciation = Annotated[Pronouncer, Depends(get_pronouncer)]


def read_word(field: str, raw: str) -> NormalizedWord:
    try:
        return normalize_word(raw)
    except InvalidWord as exc:
        raise WordProblem(field, exc) from exc
