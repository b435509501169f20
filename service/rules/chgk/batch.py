"""Many teams' answers to one question: equivalent answers form one group, ruled on once.

Answers are one group when they are the same answer for the judge (the same lemmas in any
order, numbers however written) or typo variants of each other with the same verdict
(Гагарн / Гагарин).  A judge's ruling on any answer of a group decides the whole group.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from rapidfuzz.distance import OSA

from lexicon import Lexicon, budget
from lexicon.overrides import NO_RULINGS, Oracle, Override
from service.rules.chgk import limits
from service.rules.chgk.alignment import align
from service.rules.chgk.answers import AnswerVerdict, judge_in_question, judge_variants, ruling_fields
from service.rules.chgk.question import replacements
from service.rules.chgk.matching import Matcher, primary_lemma
from service.rules.chgk.tokens import Tok, content, normalized, tokens
from service.rules.chgk.variants import Variant, answer_variant, variants

VERDICTS = ("accept", "reject", "judge")


def equivalence_key(toks: tuple[Tok, ...]) -> tuple[str, ...]:
    """Answers with the same key are the same answer for the judge (forms, order, numbers)."""
    a, _ = content(toks)
    return tuple(sorted(f"#{t.number}" if t.is_number else primary_lemma(t.text) for t in (a or toks)))


@dataclass(frozen=True)
class Shape:
    """What the typo-group test compares before aligning, computed once per answer."""
    words: int
    letters: int
    sorted_compact: str       # the tokens sorted and joined: word order does not matter
    compact: str

    @classmethod
    def of(cls, toks: tuple[Tok, ...]) -> "Shape":
        return cls(len(toks), sum(len(t.text) for t in toks), "".join(sorted(t.to_json() for t in toks)),
                   "".join(t.to_json() for t in toks))


class Grouping:
    """Typo groups of a batch: answers of one verdict and length, compared pairwise, with the word
    comparisons spent aligning them counted against MAX_GROUPING_COMPARISONS."""

    def __init__(self, matcher: Matcher):
        self.matcher = matcher
        self.spent = 0
        self.buckets: dict[tuple, list[tuple[int, tuple[Tok, ...], Shape]]] = {}

    def find(self, verdict_key: tuple, toks: tuple[Tok, ...]) -> int | None:
        """The first group with this verdict whose answer this one is a typo variant of (Гагарн / Гагарин)."""
        if not toks:
            return None
        shape = Shape.of(toks)
        for index, other, other_shape in self.buckets.get((*verdict_key, shape.words), ()):
            budget.check()
            if self.same(toks, shape, other, other_shape):
                return index
        return None

    def add(self, verdict_key: tuple, index: int, toks: tuple[Tok, ...]) -> None:
        if toks:
            self.buckets.setdefault((*verdict_key, len(toks)), []).append((index, toks, Shape.of(toks)))

    def same(self, x: tuple[Tok, ...], sx: Shape, y: tuple[Tok, ...], sy: Shape) -> bool:
        if abs(sx.letters - sy.letters) > 4 or sx.words != sy.words:
            return False
        # Cheap test first: the sorted tokens, compacted, must be within the typo allowance of the whole.
        allowed = 2 * sx.words
        if OSA.distance(sx.sorted_compact, sy.sorted_compact, score_cutoff=allowed) > allowed and \
                OSA.distance(sx.compact, sy.compact, score_cutoff=allowed) > allowed:
            return False
        self.spent += sx.words * sy.words
        limits.check_grouping(self.spent, sx.words)
        return align(x, answer_variant(y), self.matcher).full


@dataclass(frozen=True)
class TeamAnswer:
    team: str | int | None
    text: str
    toks: tuple[Tok, ...]
    normalized: str


class Batch:
    """The groups and per-team results of one question's answers, built one answer at a time."""

    def __init__(self, pool: list[Variant], matcher: Matcher, pairs: list[tuple[str, str]] | None = None):
        self.pool, self.matcher, self.pairs = pool, matcher, pairs or []
        self.grouping = Grouping(matcher)
        self.groups: list[dict] = []
        self.results: list[dict] = []
        self.by_key: dict[tuple, int] = {}
        self.verdicts: dict[str, AnswerVerdict] = {}      # by normalised answer: each is judged once

    def add(self, answer: TeamAnswer) -> None:
        verdict = self.verdicts.get(answer.normalized)
        if verdict is None:
            verdict = self.verdicts[answer.normalized] = judge_in_question(answer.text, self.pool, self.matcher,
                                                                           self.pairs)
        key = (verdict.verdict, verdict.source, verdict.matched, equivalence_key(answer.toks))
        index = self.by_key.get(key)
        if index is None:
            index = self.grouping.find(key[:3], answer.toks)
        if index is None:
            index = self._new_group(verdict, answer)
            self.grouping.add(key[:3], index, answer.toks)
        self.by_key[key] = index
        self.groups[index]["answers"].append({"team": answer.team, "answer": answer.text, "reason": verdict.reason})
        self.results.append({"team": answer.team, "answer": answer.text, "verdict": verdict.verdict,
                             "reason": verdict.reason, "group": index})

    def _new_group(self, verdict: AnswerVerdict, answer: TeamAnswer) -> int:
        group = {**verdict.to_json(), "answers": [], "representative": answer.text}
        del group["answer"]
        self.groups.append(group)
        return len(self.groups) - 1

    def follow_rulings(self, reference: str, oracle: Oracle) -> None:
        """A ruling on any answer of a group decides the group; its members' results follow."""
        ruled = set()
        for index, group in enumerate(self.groups):
            override = _ruling_on(group, reference, oracle)
            if override is not None:
                self.groups[index] = {**group, **ruling_fields(override, dict(group))}
                ruled.add(index)
        self.results = [{**r, "verdict": self.groups[r["group"]]["verdict"], "reason": self.groups[r["group"]]["reason"]}
                        if r["group"] in ruled else r for r in self.results]

    def to_json(self) -> dict:
        counts = {v: sum(r["verdict"] == v for r in self.results) for v in VERDICTS}
        for group in self.groups:
            group["teams"] = team_count(group["answers"])
        return {"groups": self.groups, "results": self.results, "judge_order": judge_order(self.groups),
                "counts": {**counts, "answers": len(self.results), "groups": len(self.groups),
                           "groups_to_judge": sum(g["verdict"] == "judge" for g in self.groups)}}


def team_count(answers: list[dict]) -> int:
    """How many teams gave one of these answers: a team named twice counts once, an answer without
    a team counts as a team of its own."""
    named = {a["team"] for a in answers if a.get("team") is not None}
    return len(named) + sum(a.get("team") is None for a in answers)


def judge_order(groups: list[dict]) -> list[int]:
    """The indices of the groups a jury must rule on (`judge`), the most teams' answers first; among
    groups of as many teams, in the order their first answers came."""
    to_judge = [i for i, g in enumerate(groups) if g["verdict"] == "judge"]
    return sorted(to_judge, key=lambda i: (-groups[i].get("teams", team_count(groups[i]["answers"])), i))


def _ruling_on(group: dict, reference: str, oracle: Oracle) -> Override | None:
    """The ruling on the first answer of the group that has one."""
    for member in group["answers"]:
        override = oracle.find("chgk_answer", reference, member["answer"])
        if override is not None:
            return override
    return None


def _read(answers: Iterable[dict]) -> list[TeamAnswer]:
    read = []
    for item in answers:
        budget.check()
        text = item.get("answer", "")
        toks = tokens(text)
        read.append(TeamAnswer(item.get("team"), text, toks, normalized(toks)))
    return read


def judge_answers(reference: str, accepted: Iterable[str] | None = None, rejected: Iterable[str] | None = None,
                  answers: Iterable[dict] = (), *, lexicon: Lexicon | None = None,
                  oracle: Oracle = NO_RULINGS, criteria: Iterable[str] | None = None,
                  question: str | None = None) -> dict:
    """Judge many teams' answers to one question; equivalent answers form one group ruled on once.
    `question`, the question's text, lends its replacements («вместо X мы написали Y»).

    TooMuchWork when the batch is over a work limit: before any judging for the variants, the
    batch's words and the comparisons with the reference; while grouping for typo groups."""
    pool = variants(reference, list(accepted or ()), list(rejected or ()), list(criteria or ()))
    read = _read(answers)
    lengths = [len(a.toks) for a in {a.normalized: a for a in read}.values()]
    limits.check_batch_words(lengths)
    limits.check_comparisons(lengths, pool)
    batch = Batch(pool, Matcher(lexicon, oracle), replacements(question))
    for answer in read:
        budget.check()
        batch.add(answer)
    for group in batch.groups:
        group["size"] = len(group["answers"])
    batch.follow_rulings(reference, oracle)
    return batch.to_json()
