"""Шляпа (the Hat): explanation checks and guess acceptance, per ../shared/rules/hat.txt."""
from __future__ import annotations

from fastapi import APIRouter, Request

from service.api.deps import Engine, read_word
from service import rulings
from service.api.schemas_hat import HatExplanationOut, HatGuessOut
from service.api.schemas_rulings import HatExplanationScopedIn, HatGuessScopedIn
from service.rules import hat
from service.rulings import apply as rulings_apply

router = APIRouter(prefix="/v1/hat", tags=["hat"])


@router.post("/explanation", response_model=HatExplanationOut, operation_id="check_hat_explanation")
def check_explanation(body: HatExplanationScopedIn, engine: Engine, request: Request) -> dict:
    """Every violation of the Hat rules in an explanation, with spans into the text and evidence."""
    target = read_word("target", body.target)
    result = hat.check_explanation(engine, target, body.text).to_json()
    # Cognate rulings in `scope`: «false» drops a cognate finding, «true» adds one.
    return rulings_apply.explanation(rulings.scoped(request.app, body.scope, "cognate"), result, body.text)


@router.post("/guess", response_model=HatGuessOut, operation_id="check_hat_guess")
def check_guess(body: HatGuessScopedIn, engine: Engine, request: Request) -> dict:
    """Does the guess count: a form of the target, a homophone, a homophone of a form; or a cognate?"""
    target, guess = read_word("target", body.target), read_word("guess", body.guess)
    result = hat.check_guess(engine, target, guess).to_json()
    # A guess ruling in `scope` decides acceptance; else a cognate ruling decides cognate vs different word.
    return rulings_apply.guess(rulings.scoped(request.app, body.scope, "guess"),
                               rulings.scoped(request.app, body.scope, "cognate"), result)
