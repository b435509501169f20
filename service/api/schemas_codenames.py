"""Request and response models of POST /v1/codenames/clue (../shared/API.md, «Codenames»).

The contract's fields are the minimum; `severity`, `board_word`, `roots`, `evidence`,
`clue`, `number` and `rules_source` are additions.  A violation is a Finding
(service/rules/findings.py) without a span, about a board word.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StrictInt

from service.api.limits import Limit, default
from service.api.schemas import Strict
from service.api.schemas_findings import finding_model
from service.rules.codenames import MAX_TEAM_OPEN, RULES
from service.rules.findings import TURN_SEVERITIES

MAX_BOARD = default("max_board_words")   # documented; the app's Settings decide (service.api.limits)

BoardWord = Annotated[str, Field(min_length=1, max_length=100)]


class ClueIn(Strict):
    clue: str = Field(..., min_length=1, max_length=200, description="the captain's clue as said: one word")
    number: StrictInt | str = Field(..., description='0, 1..team_open, or "unlimited" (also «неограниченно»)')
    board: Annotated[list[BoardWord], Limit("max_board_words")] = Field(
        ...,
                                   description=f"the open words of the board (closed words do not count), at most {MAX_BOARD}")
    team_open: int = Field(..., ge=0, le=MAX_TEAM_OPEN, description="how many words the captain's team has still open")
    scope: str | None = Field(None, max_length=200, description="a tournament whose judges' rulings apply")


_ClueFinding = finding_model(
    "ClueFinding", rules=" | ".join(RULES), severities=TURN_SEVERITIES, evidence_list=True,
    severity_help="violation: penalised; warning: the lexicon is unsure, for the judge",
    about={"board_word": (str | None, Field(None, description="the open board word a cognate violation is about")),
           "roots": (list[str], [])})


class ClueViolationOut(_ClueFinding):
    rule: Literal[RULES] = Field(..., description=" | ".join(RULES))    # the contract's five, as an enum


class ClueOut(BaseModel):
    valid: bool
    penalty: Literal["none", "foul", "loss"] = Field(
        ..., description="loss: a cognate of an open word was named; foul: any other violation")
    clue: str
    number: int | str
    violations: list[ClueViolationOut]
    rules_source: str


class BoardIn(Strict):
    """25 cards for a Codenames board with no однокоренные, homophone or duplicate pair."""
    cards: Annotated[list[Annotated[str, Field(max_length=200)]], Limit("max_pool_words")] = Field(
        default_factory=list,
        description="a card set to deal from; empty: common nouns of the lexicon in the `difficulty` band")
    difficulty: Literal["easy", "medium", "hard"] = "medium"
    seed: int | None = Field(None, ge=0, le=2 ** 63, description="the same seed deals the same board")
    key: bool = Field(False, description="also the key card: whose agent each card is")


class BoardOut(BaseModel):
    cards: list[dict]
    board: list[list[str]] = Field(..., description="five rows of five cards")
    seed: int
    source: str
    skipped: dict[str, int]
    key: dict | None = Field(None, description="first (red or blue), red, blue, neutral, assassin, grid")
