"""Codenames: is a captain's clue allowed, per ../shared/rules/codenames-tournament.txt."""
from __future__ import annotations

from fastapi import APIRouter, Request

from service import rulings
from service.api.deps import Words, read_word
from service.api.routers.pool import cannot_draw
from service.api.schemas_codenames import BoardIn, BoardOut, ClueIn, ClueOut
from service.rules import codenames, generate

router = APIRouter(prefix="/v1/codenames", tags=["codenames"])


@router.post("/clue", response_model=ClueOut, operation_id="check_codenames_clue")
def check_clue(body: ClueIn, words: Words, request: Request) -> dict:
    """Violations of a clue (one word, existing, no cognate of an open word, no appeal to letters,
    a number the rules allow), each with its evidence; `penalty` is loss for a cognate, else foul.
    With `scope`, a cognate ruling there on (clue, board word) decides that pair."""
    for i, w in enumerate(body.board):
        read_word(f"board[{i}]", w)   # a 422 naming the card that is not a word
    oracle = rulings.oracle_for(request.app, body.scope)
    rulings.prefetch(oracle, "cognate", [body.clue, *body.board])    # one query, not one per card
    return codenames.check_clue(words, body.clue, body.number, body.board, body.team_open, oracle).to_json()


@router.post("/board", response_model=BoardOut, response_model_exclude_none=True, operation_id="deal_codenames_board",
             responses={422: {"description": "the cards cannot give 25 without a clashing pair (problem+json)"}})
def deal_board(body: BoardIn, words: Words):
    """25 cards (from `cards` or the lexicon) with no однокоренные, homophone or duplicate pair, in five rows;
    with `key`, the key card (the first team's 9 agents, the second's 8, 7 bystanders, the assassin)."""
    try:
        return generate.generate_board(words, body.cards or None, body.seed, body.key, body.difficulty)
    except generate.CannotDraw as exc:
        return cannot_draw(exc, "cards")
