"""Мафия: day-speech lint and nominations, per ../shared/rules/mafia-club.txt and mafia-sport.txt."""
from __future__ import annotations

from fastapi import APIRouter, Request

from service import rulings
from service.api.deps import Words
from service.api.schemas_mafia import MafiaSpeechIn, MafiaSpeechOut
from service.rules import mafia

router = APIRouter(prefix="/v1/mafia", tags=["mafia"])


@router.post("/speech", response_model=MafiaSpeechOut, operation_id="check_mafia_speech")
def check_speech(body: MafiaSpeechIn, words: Words, request: Request) -> dict:
    """What the rules punish in a day speech (findings with spans, penalties and evidence), the fouls it
    earns, whether it removes the player, its nominations and its closing phrase.  With `scope`, the
    judges' cognate rulings of that tournament decide which words are «честно», «правда» or клятва."""
    oracle = rulings.oracle_for(request.app, body.scope)
    return mafia.check_speech(words, body.text, body.ruleset, body.alive, body.prior_fouls, oracle=oracle).to_json()
