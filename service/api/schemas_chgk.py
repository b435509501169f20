"""Request and response models of the «Что? Где? Когда?» endpoints (../shared/API.md).

The contract's fields (`verdict`, `reason`) are the minimum; `matched`,
`matched_variant`, `source`, `message`, `normalized` and `evidence` are
additions, as are the batch and package endpoints (issue 7).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from service.api.limits import Limit
from service.api.schemas import Strict
from service.rules.chgk.limits import (MAX_ANSWER, MAX_ANSWERS, MAX_BATCH_WORDS, MAX_GROUPING_COMPARISONS,
                                       MAX_PACKAGE, MAX_REFERENCE_COMPARISONS, MAX_REFERENCE_VARIANTS, MAX_TEAM,
                                       MAX_QUESTION, MAX_VARIANTS)

# The sizes are the app's Settings, read while a request is validated (service.api.limits); the
# descriptions state the defaults.  A question may be 8 answers long (service.rules.chgk.limits.MAX_QUESTION).
Answer = Annotated[str, Limit("max_chgk_answer_chars")]
Variants = Annotated[list[str], Limit("max_chgk_variants")]
Question = Annotated[str, Limit("max_chgk_answer_chars", factor=8)]
# The same optional question on the single and the batch endpoint.
QUESTION_FIELD = Field(None, description=f"optional: the question's text (or the part a jury would quote), at most "
                                         f"{MAX_QUESTION} characters; its replacements («вместо X мы написали Y») "
                                         "are undone in an answer written in the question's words (reason "
                                         "question_replacement; the word alone: question_word, the jury's). "
                                         "Without it nothing changes")

# The work limits (issue 12), checked before judging (grouping_comparisons while grouping); over one
# the answer is a 413 problem+json whose `limit` names it (reference_variants, reference_comparisons,
# batch_words, grouping_comparisons).
_VARIANT_LIMITS = (f"At most {MAX_REFERENCE_VARIANTS} reference variants in all (after expanding [optional] parts "
                   f"of the reference, accepted and rejected entries) and at most {MAX_REFERENCE_COMPARISONS:,} "
                   "word comparisons with them (answer words × variant words")
ANSWER_LIMITS = _VARIANT_LIMITS + "); over a limit: 413."
BATCH_LIMITS = (_VARIANT_LIMITS + ", over the distinct answers); at most "
                f"{MAX_BATCH_WORDS:,} words in the distinct answers; at most {MAX_GROUPING_COMPARISONS:,} word "
                "comparisons aligning answers of one length with each other (grouping typo variants); "
                "over a limit: 413.")


class ChgkAnswerIn(Strict):
    __doc__ = ANSWER_LIMITS
    answer: Answer = Field(..., description=f"the team's answer, at most {MAX_ANSWER} characters")
    reference: Answer = Field(..., min_length=1,
                              description="the reference answer («Ответ:»); optional parts in [square brackets]")
    accepted: Variants = Field(default_factory=list,
                               description=f"«Зачёт:» entries, at most {MAX_VARIANTS}")
    rejected: Variants = Field(default_factory=list,
                               description=f"«Незачёт:» entries, at most {MAX_VARIANTS}")
    criteria: Annotated[list[Answer], Limit("max_chgk_variants")] = Field(
        default_factory=list,
        description="the package's criteria (`criteria` of /v1/chgk/package): «по упоминанию X», «по слову «X»» "
                    "accept an answer that mentions X")
    scope: str | None = Field(None, max_length=200, description="a tournament whose judges' rulings apply")
    question: Question | None = QUESTION_FIELD


Verdict = Literal["accept", "reject", "judge"]


class ChgkAnswerOut(BaseModel):
    verdict: Verdict = Field(..., description="accept | reject | judge (a person decides; see reason and message)")
    reason: str = Field(..., description="exact | number | word_form | word_order | aspect | abbreviation | "
                                         "transliteration | typo | truncation | synonym | surname | parts | criterion | alternative | "
                                         "rejected_list | multiple_answers | less_precise | name_part | "
                                         "another_person | related_word | extra_words | other_script | different | "
                                         "close (not equivalent but near: the jury decides; evidence kind «close» "
                                         "names the words, the relation and its source) | contradiction | "
                                         "another_name | another_thing (shown wrong, with the words) | unknown_words (nothing "
                                         "ties the answer, but the reference's words are unknown to the dictionary and the "
                                         "vectors: not shown wrong, the jury decides) | question_replacement | question_word | "
                                         "empty | no_reference | too_branched (the reference's [optional] parts expand to too "
                                         "many variants to compare this answer with: the jury decides) | "
                                         "ruling (a judge's ruling in `scope`)")
    matched: str | None = Field(None, description="the entry that matched, as given (reference, зачёт or незачёт)")
    matched_variant: str | None = Field(None, description="the entry with its optional parts resolved")
    source: Literal["reference", "accepted", "rejected", "criterion"] | None = None
    message: str
    answer: str
    normalized: str = Field(..., description="the answer's tokens after normalisation (#N for numbers)")
    evidence: list[dict[str, Any]]
    rules: str


class TeamAnswer(Strict):
    team: Annotated[str, Field(max_length=MAX_TEAM)] | int | None = Field(
        None, description=f"team name (at most {MAX_TEAM} characters) or number")
    answer: Answer


class ChgkAnswersIn(Strict):
    __doc__ = BATCH_LIMITS
    reference: Answer = Field(..., min_length=1)
    accepted: Variants = Field(default_factory=list)
    rejected: Variants = Field(default_factory=list)
    criteria: Annotated[list[Answer], Limit("max_chgk_variants")] = Field(
        default_factory=list, description="the package's criteria, as for /v1/chgk/answer")
    answers: Annotated[list[TeamAnswer], Limit("max_chgk_answers")] = Field(..., min_length=1,
                                      description=f"the teams' answers, 1 to {MAX_ANSWERS}")
    scope: str | None = Field(None, max_length=200, description="a tournament whose judges' rulings apply")
    question: Question | None = QUESTION_FIELD


class GroupAnswer(BaseModel):
    team: str | int | None
    answer: str
    reason: str


class ChgkGroup(ChgkAnswerOut):
    answer: str | None = None
    representative: str = Field(..., description="the first answer of the group as sent")
    answers: list[GroupAnswer]
    size: int
    teams: int = Field(..., description="how many teams gave an answer of this group (a team counted once; an "
                                        "answer without a team counts as one team)")


class ChgkResult(BaseModel):
    team: str | int | None
    answer: str
    verdict: Verdict
    reason: str
    group: int = Field(..., description="index into groups")


class ChgkCounts(BaseModel):
    accept: int
    reject: int
    judge: int
    answers: int
    groups: int
    groups_to_judge: int


class ChgkAnswersOut(BaseModel):
    groups: list[ChgkGroup] = Field(..., description="identical and equivalent answers: the judge rules once per group")
    results: list[ChgkResult] = Field(..., description="one per answer, in the order sent")
    judge_order: list[int] = Field(..., description="indices into groups of the `judge` groups (after rulings), the "
                                                    "group with the most teams first (ties: the order of their first "
                                                    "answers): the order a jury goes through them")
    counts: ChgkCounts


class ChgkPackageIn(Strict):
    text: Annotated[str, Limit("max_chgk_package_chars")] = Field(..., min_length=1,
                      description=f"the package as plain text, at most {MAX_PACKAGE} characters")


class ChgkQuestion(BaseModel):
    number: int | None
    label: str
    tour: str | None
    line: int = Field(..., description="1-based line of «Вопрос N» in the text")
    text: str
    handout: str | None
    answer: str
    reference: str = Field(..., description="the answer as a reference for /v1/chgk/answer")
    accepted: list[str]
    rejected: list[str]
    criteria: list[str] = Field(..., description="«Зачёт:» notes that are criteria, not answers (по упоминанию…)")
    rejected_criteria: list[str]
    comment: str | None
    sources: list[str]
    authors: list[str]


class ChgkPackageOut(BaseModel):
    meta: dict[str, Any]
    questions: list[ChgkQuestion]
    warnings: list[str]
    count: int
