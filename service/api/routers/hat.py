"""Шляпа (the Hat): explanation checks and guess acceptance, per ../shared/rules/hat.txt."""
from __future__ import annotations

from fastapi import APIRouter

from service.api.deps import Engine, read_word
from service.api.schemas_hat import HatExplanationIn, HatExplanationOut, HatGuessIn, HatGuessOut
from service.rules import hat

router = APIRouter(prefix="/v1/hat", tags=["hat"])


@router.post("/explanation", response_model=HatExplanationOut, operation_id="check_hat_explanation")
def check_explanation(body: HatExplanationIn, engine: Engine) -> dict:
    """Every violation of the Hat rules in an explanation, with spans into the text and evidence."""
    target = read_word("target", body.target)
    return hat.check_explanation(engine, target, body.text).to_json()


@router.post("/guess", response_model=HatGuessOut, operation_id="check_hat_guess")
def check_guess(body: HatGuessIn, engine: Engine) -> dict:
    """Does the guess count: a form of the target, a homophone, a homophone of a form; or a cognate?"""
    target, guess = read_word("target", body.target), read_word("guess", body.guess)
    return hat.check_guess(engine, target, guess).to_json()
