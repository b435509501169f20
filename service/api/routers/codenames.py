"""Codenames: is a captain's clue allowed, per ../shared/rules/codenames-tournament.txt."""
from __future__ import annotations

from fastapi import APIRouter, Request

from service import rulings
from service.api.deps import Words, read_word
from service.api.schemas_codenames import ClueIn, ClueOut
from service.rules import codenames

router = APIRouter(prefix="/v1/codenames", tags=["codenames"])


@router.post("/clue", response_model=ClueOut, operation_id="check_codenames_clue")
def check_clue(body: ClueIn, words: Words, request: Request) -> dict:
    """Violations of a clue (one word, existing, no cognate of an open word, no appeal to letters,
    a number the rules allow), each with its evidence; `penalty` is loss for a cognate, else foul.
    With `scope`, a cognate ruling there on (clue, board word) decides that pair."""
    for i, w in enumerate(body.board):
        read_word(f"board[{i}]", w)   # a 422 naming the card that is not a word
    oracle = rulings.oracle_for(request.app, body.scope)
    return codenames.check_clue(words, body.clue, body.number, body.board, body.team_open, oracle).to_json()
