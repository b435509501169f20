"""«Что? Где? Когда?»: answer judging and package parsing, per ../shared/rules/chgk.txt 1.2.3 (issue 7)."""
from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from service import rulings
from service.api.deps import Words
from service.api.errors import problem
from service.api.schemas_chgk import (ChgkAnswerIn, ChgkAnswerOut, ChgkAnswersIn, ChgkAnswersOut, ChgkPackageIn,
                                      ChgkPackageOut)
from service.rules import chgk

router = APIRouter(prefix="/v1/chgk", tags=["chgk"])
TOO_MUCH_WORK = {413: {"description": "over a work limit: reference variants or word comparisons (problem+json "
                                      "naming the limit)"}}


def too_much_work(exc: chgk.TooMuchWork):
    """413 naming the limit, what the request needs and what the limit allows."""
    return problem(413, "Request too large", str(exc), "/problems/too-much-work",
                   limit=exc.limit, value=exc.value, maximum=exc.maximum)


@router.post("/answer", response_model=ChgkAnswerOut, operation_id="judge_chgk_answer", responses=TOO_MUCH_WORK)
def judge_answer(body: ChgkAnswerIn, words: Words, request: Request):
    """Accept, reject or hand to the judge one answer, with the reason, the entry it matched and the evidence.
    With `scope`, a ruling there on (reference, answer) is the host's decision and beats the automatic one."""
    oracle = rulings.oracle_for(request.app, body.scope)
    try:
        verdict = chgk.judge_answer(body.answer, body.reference, body.accepted, body.rejected,
                                    lexicon=words, oracle=oracle, criteria=body.criteria, question=body.question)
    except chgk.TooMuchWork as exc:
        return too_much_work(exc)
    return verdict.to_json()


@router.post("/answers", response_model=ChgkAnswersOut, operation_id="judge_chgk_answers", responses=TOO_MUCH_WORK)
def judge_answers(body: ChgkAnswersIn, words: Words, request: Request):
    """Judge every team's answer to one question; equivalent answers are grouped so the judge rules once per group.
    With `scope`, a ruling there on any answer of a group decides the whole group."""
    oracle = rulings.oracle_for(request.app, body.scope)
    # One query for every team's answer, not one per answer.
    rulings.prefetch(oracle, "chgk_answer", [body.reference, *(a.answer for a in body.answers)])
    try:
        return chgk.judge_answers(body.reference, body.accepted, body.rejected,
                                  [a.model_dump() for a in body.answers], lexicon=words, oracle=oracle,
                                  criteria=body.criteria, question=body.question)
    except chgk.TooMuchWork as exc:
        return too_much_work(exc)


def not_a_package(exc: chgk.PackageError, field: str):
    return problem(422, "Not a question package", str(exc), "/problems/chgk-package",
                   errors=[{"field": field, "code": "no_questions", "message": str(exc)}])


@router.post("/package", response_model=ChgkPackageOut, operation_id="parse_chgk_package",
             responses={422: {"description": "not a question package (problem+json)"}})
def parse_package(body: ChgkPackageIn):
    """Read a package in the db.chgk.info text format («Вопрос N:», «Ответ:», «Зачёт:»…) or chgksuite's
    4s format into questions."""
    try:
        return chgk.parse_package(body.text)
    except chgk.PackageError as exc:
        return not_a_package(exc, "text")


@router.post("/package/file", response_model=ChgkPackageOut, operation_id="parse_chgk_package_file",
             responses={422: {"description": "not a question package, or an encoding not detected (problem+json)"}},
             openapi_extra={"requestBody": {"required": True, "content": {
                 "text/plain": {"schema": {"type": "string", "format": "binary"}},
                 "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}})
async def parse_package_file(request: Request):
    """The package file itself as the body (UTF-8, CP1251, KOI8-R or CP866: the encoding is detected),
    as old packages of the question database come."""
    data = await request.body()
    try:
        if len(data) > 4 * chgk.MAX_PACKAGE:
            raise chgk.PackageError(f"файл больше {4 * chgk.MAX_PACKAGE} байт")
        return await run_in_threadpool(chgk.parse_package_bytes, data)
    except chgk.PackageError as exc:
        return not_a_package(exc, "body")
