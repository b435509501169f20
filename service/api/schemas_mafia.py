"""Request and response models of POST /v1/mafia/speech (../shared/API.md, «Mafia»).

The contract's fields are the minimum; `message`, `evidence`, `warnings`,
`fouls_total`, `removal_reason`, `next_speech_lost`, `closing`, the
nominations' spans, the findings' `severity`, and `prior_fouls` and `scope`
in the request are additions.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, field_validator
from pydantic_core import PydanticCustomError

from service.api.limits import active, default
from service.api.schemas import Strict
from service.api.schemas_findings import finding_model

MAX_TEXT = default("max_text_chars")     # documented; the app's Settings decide (service.api.limits)

Player = Annotated[int, Field(ge=1, le=10)]


class MafiaSpeechIn(Strict):
    text: str = Field(..., description=f"the player's day speech as typed or recognised, at most {MAX_TEXT} characters",
                      json_schema_extra={"maxLength": MAX_TEXT})
    ruleset: Literal["club", "sport"] = Field(..., description="club: rules/mafia-club.txt; sport: rules/mafia-sport.txt")
    alive: list[Player] | None = Field(None, max_length=10,
                                       description="players still in the game (1–10); nominations of others are refused")
    prior_fouls: int = Field(0, ge=0, le=3, description="fouls the speaker already has; the 4th removes, the 3rd costs the next speech")
    scope: str | None = Field(None, max_length=200, description="a tournament whose judges' rulings apply")

    @field_validator("text")
    @classmethod
    def text_length(cls, value: str) -> str:
        limit = active().max_text_chars
        if len(value) > limit:
            raise PydanticCustomError(
                "text_too_long", "the speech is {length} characters long; at most {limit} characters (several "
                "minutes of speech) are checked at once: send one speech per request",
                {"length": len(value), "limit": limit})
        return value


MafiaFinding = finding_model(
    "MafiaFinding", rules="honesty | truth | oath | bet | religion | profanity | filler",
    severities=("violation", "warning"), severity_help="violation for a foul or a removal, warning for a warning",
    span=True, penalties=("warning", "foul", "removal"))


class MafiaNomination(BaseModel):
    action: Literal["nominate", "withdraw"]
    player: int | None = Field(..., description="the number named; null when none was named")
    accepted: bool
    reason: str = Field(..., description="accepted | withdrawn | future_tense | subjunctive | past_tense | intention | "
                                         "proposal | wrong_form | no_number | invalid_number | not_alive | "
                                         "one_candidature | not_your_nomination | no_withdrawal")
    message: str
    token: str
    start: int
    end: int
    evidence: dict[str, Any] = {}


class MafiaClosing(BaseModel):
    phrase: str
    start: int
    end: int
    at_end: bool
    message: str


class MafiaSpeechOut(BaseModel):
    ruleset: Literal["club", "sport"]
    findings: list[MafiaFinding]
    fouls: int = Field(..., description="fouls this speech earns under the ruleset")
    warnings: int
    fouls_total: int = Field(..., description="prior_fouls + fouls")
    removal: bool
    removal_reason: str | None
    next_speech_lost: bool = Field(..., description="the speech brought the speaker to a 3rd foul")
    nominations: list[MafiaNomination]
    closing: MafiaClosing | None = Field(..., description="«Спасибо, всё» or «пас», if said")
    tokens: int
    source: str
