"""«Что? Где? Когда?»: answer judging and package parsing, per ../shared/rules/chgk.txt 1.2.3 (issue 7)."""
from __future__ import annotations

from fastapi import APIRouter, Request

from service.api.deps import Engine
from service.api.errors import problem
from service.api.schemas_chgk import (ChgkAnswerIn, ChgkAnswerOut, ChgkAnswersIn, ChgkAnswersOut, ChgkPackageIn,
                                      ChgkPackageOut)
from service import rulings
from service.rules import chgk
from service.rulings import apply as rulings_apply

router = APIRouter(prefix="/v1/chgk", tags=["chgk"])


@router.post("/answer", response_model=ChgkAnswerOut, operation_id="judge_chgk_answer")
def judge_answer(body: ChgkAnswerIn, engine: Engine, request: Request) -> dict:
    """Accept, reject or hand to the judge one answer, with the reason, the entry it matched and the evidence."""
    result = chgk.judge_answer(body.answer, body.reference, body.accepted, body.rejected, engine=engine).to_json()
    # A ruling in `scope` on (reference, answer) is the host's decision and beats the automatic one.
    return rulings_apply.chgk_answer(rulings.scoped(request.app, body.scope, "chgk_answer"),
                                     body.answer, body.reference, result)


@router.post("/answers", response_model=ChgkAnswersOut, operation_id="judge_chgk_answers")
def judge_answers(body: ChgkAnswersIn, engine: Engine, request: Request) -> dict:
    """Judge every team's answer to one question; equivalent answers are grouped so the judge rules once per group."""
    result = chgk.judge_answers(body.reference, body.accepted, body.rejected,
                                [a.model_dump() for a in body.answers], engine=engine)
    return rulings_apply.chgk_answers(rulings.scoped(request.app, body.scope, "chgk_answer"), body.reference, result)


@router.post("/package", response_model=ChgkPackageOut, operation_id="parse_chgk_package",
             responses={422: {"description": "not a question package (problem+json)"}})
def parse_package(body: ChgkPackageIn):
    """Read a package in the usual text format («Вопрос N:», «Ответ:», «Зачёт:»…) into questions."""
    try:
        return chgk.parse_package(body.text)
    except chgk.PackageError as exc:
        return problem(422, "Not a question package", str(exc), "/problems/chgk-package",
                       errors=[{"field": "text", "code": "no_questions", "message": str(exc)}])
