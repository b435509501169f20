"""Мафия: day-speech lint and nominations, per ../shared/rules/mafia-club.txt and mafia-sport.txt."""
from __future__ import annotations

from fastapi import APIRouter

from service.api.deps import Engine
from service.api.schemas_mafia import MafiaSpeechIn, MafiaSpeechOut
from service.rules import mafia

router = APIRouter(prefix="/v1/mafia", tags=["mafia"])


@router.post("/speech", response_model=MafiaSpeechOut, operation_id="check_mafia_speech")
def check_speech(body: MafiaSpeechIn, engine: Engine) -> dict:
    """What the rules punish in a day speech (findings with spans, penalties and evidence), the fouls it
    earns, whether it removes the player, its nominations and its closing phrase."""
    return mafia.check_speech(engine, body.text, body.ruleset, body.alive, body.prior_fouls).to_json()
