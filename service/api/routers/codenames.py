"""Codenames: is a captain's clue allowed, per ../shared/rules/codenames-tournament.txt."""
from __future__ import annotations

from fastapi import APIRouter, Request

from service import rulings
from service.api.deps import Engine, read_word
from service.api.schemas_codenames import ClueIn, ClueOut
from service.rules import codenames
from service.rulings import apply as rulings_apply

router = APIRouter(prefix="/v1/codenames", tags=["codenames"])


@router.post("/clue", response_model=ClueOut, operation_id="check_codenames_clue")
def check_clue(body: ClueIn, engine: Engine, request: Request) -> dict:
    """Violations of a clue (one word, existing, no cognate of an open word, no appeal to letters,
    a number the rules allow), each with its evidence; `penalty` is loss for a cognate, else foul."""
    for i, w in enumerate(body.board):
        read_word(f"board[{i}]", w)   # a 422 naming the card that is not a word
    result = codenames.check_clue(engine, body.clue, body.number, body.board, body.team_open).to_json()
    # A cognate ruling in `scope` on (clue, board word) overrides the engine for that pair.
    return rulings_apply.clue(rulings.scoped(request.app, body.scope, "cognate"), result, body.board)
