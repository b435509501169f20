"""Шляпа (the Hat): explanation checks and guess acceptance, per ../shared/rules/hat.txt."""
from __future__ import annotations

from fastapi import APIRouter, Request

from service import rulings
from service.api.deps import Words, read_word
from service.api.schemas_hat import HatExplanationIn, HatExplanationOut, HatGuessIn, HatGuessOut
from service.rules import hat

router = APIRouter(prefix="/v1/hat", tags=["hat"])


@router.post("/explanation", response_model=HatExplanationOut, operation_id="check_hat_explanation")
def check_explanation(body: HatExplanationIn, words: Words, request: Request) -> dict:
    """Every violation of the Hat rules in an explanation, with spans into the text and evidence.
    With `scope`, the judges' cognate rulings there decide their pairs."""
    target = read_word("target", body.target)
    oracle = rulings.oracle_for(request.app, body.scope)
    return hat.check_explanation(words, target, body.text, oracle).to_json()


@router.post("/guess", response_model=HatGuessOut, operation_id="check_hat_guess")
def check_guess(body: HatGuessIn, words: Words, request: Request) -> dict:
    """Does the guess count: a form of the target, a homophone, a homophone of a form; or a cognate?
    With `scope`, a guess ruling there decides acceptance, a cognate ruling cognate against another word."""
    target, guess = read_word("target", body.target), read_word("guess", body.guess)
    oracle = rulings.oracle_for(request.app, body.scope)
    return hat.check_guess(words, target, guess, oracle).to_json()
