"""One day speech as the checks see it: tokens with spans, their readings, sentences, and the findings so far.

Phrase windows never reach across «.», «!», «?», «;», «…»; every finding
points into the text exactly as sent.
"""
from __future__ import annotations

import re

from lexicon import Lexicon, budget
from lexicon.overrides import NO_RULINGS, Oracle
from service.rules.findings import Finding, Span
from service.rules.mafia.reading import Word, reader
from service.rules.mafia.rulebook import RULEBOOK, Concept

SENTENCE_END = re.compile(r"[.!?;…]")
NEGATION = "не"


def sentences(text: str, tokens: list[Span]) -> list[int]:
    """The sentence number of each token."""
    out, sentence, previous_end = [], 0, 0
    for token in tokens:
        if SENTENCE_END.search(text, previous_end, token.start):
            sentence += 1
        out.append(sentence)
        previous_end = token.end
    return out


def link(anchor: str, verdict) -> dict:
    """How a word was tied to a concept's anchor: the verdict's confidence and explanation, the ruling if any."""
    explanation = next((ev.get("explanation") for ev in verdict.evidence if ev.get("explanation")), "")
    ruling = next((ev for ev in verdict.evidence if ev.get("kind") == "ruling"), None)
    return {"cognate_of": anchor, "confidence": verdict.confidence, "explanation": explanation,
            **({"ruling": ruling} if ruling else {})}


class Speech:
    def __init__(self, lexicon: Lexicon, text: str, ruleset: str, alive: list[int] | None,
                 oracle: Oracle = NO_RULINGS):
        self.lexicon, self.text, self.oracle = lexicon, text, oracle
        self.ruleset, self.rules = ruleset, RULEBOOK.rulesets[ruleset]
        self.alive = set(alive) if alive is not None else None
        self.tokens = [Span(piece, start, end) for piece, start, end in lexicon.pieces(text)]
        words = reader(lexicon)
        # budget.check() per word: a 5,000-character speech is hundreds, and a timed-out request stops.
        self.words: list[Word] = [words.word(t.token) for t in self.tokens if budget.check() is None]
        self.sent = sentences(text, self.tokens)
        self.concepts = self.read_concepts()
        self.findings: list[Finding] = []
        self.covered: set[int] = set()      # token indices inside a phrase finding

    # --- concepts, with the judges' rulings ---------------------------------------------
    def read_concepts(self) -> list[tuple[Concept, dict] | None]:
        # A spelling's answer is the same wherever it stands: with a scope each one costs rulings lookups.
        by_spelling: dict[str, tuple[Concept, dict] | None] = {}
        out = []
        for i, token in enumerate(self.tokens):
            if token.token not in by_spelling:
                budget.check()
                by_spelling[token.token] = self.concept_of(i)
            out.append(by_spelling[token.token])
        return out

    def concept_of(self, i: int) -> tuple[Concept, dict] | None:
        """The concept family token i belongs to: the lexicon's verdict, or a judge's cognate ruling on it."""
        word = self.words[i]
        for reading in word.concepts:
            for anchor, verdict in reading.verdicts:
                verdict = self.lexicon.ruled(verdict, self.oracle)
                if verdict.cognate:
                    return reading.concept, {**reading.evidence, **link(anchor, verdict)}
        if self.oracle and word.normalized is not None:
            return self.ruled_in(i)
        return None

    def ruled_in(self, i: int) -> tuple[Concept, dict] | None:
        """A word the roots leave out but a judge ruled cognate with an anchor («правило» ~ «правда»)."""
        word, token = self.words[i], self.tokens[i].token
        for concept in RULEBOOK.concepts:
            if any(reading.concept is concept for reading in word.concepts):
                continue                    # its verdicts were ruled above
            for anchor in concept.anchors:
                if self.oracle.find("cognate", anchor, token) is None:
                    continue
                verdict = self.lexicon.compare(anchor, word.normalized, self.oracle)
                if verdict.cognate:
                    return concept, {"lemma": min(word.lemmas), **link(anchor, verdict)}
        return None

    # --- where things stand ---------------------------------------------------------------
    def w(self, i: int, of: int | None = None) -> Word | None:
        """Token i's reading, or None past the text's ends (or outside the sentence of token `of`)."""
        if not 0 <= i < len(self.words) or (of is not None and self.sent[i] != self.sent[of]):
            return None
        return self.words[i]

    def near(self, i: int, lemmas, before: int = 0, after: int = 0) -> int | None:
        """Index of the nearest token within the window whose lemma is in `lemmas`."""
        for d in range(1, max(before, after) + 1):
            for j in ((i + d) if d <= after else None, (i - d) if d <= before else None):
                word = self.w(j, i) if j is not None else None
                if word is not None and word.lemmas & lemmas:
                    return j
        return None

    def spelled(self, i: int, spellings, of: int | None = None) -> int | None:
        """The last index of the first spelling (token keys) that starts at token i, in the sentence of `of`."""
        of = i if of is None else of
        for keys in spellings:
            found = [self.w(i + k, of) for k in range(len(keys))]
            if all(w is not None and w.key == key for w, key in zip(found, keys)):
                return i + len(keys) - 1
        return None

    def negated(self, i: int) -> bool:
        return i > 0 and self.sent[i - 1] == self.sent[i] and self.words[i - 1].key == NEGATION

    def lemma_of(self, i: int, within) -> str:
        return next((lemma for lemma in sorted(self.words[i].lemmas) if lemma in within), self.words[i].key)

    def span(self, i: int, j: int) -> str:
        return self.text[self.tokens[min(i, j)].start:self.tokens[max(i, j)].end]

    def says(self, i: int, j: int, what: str) -> str:
        """«Зуб даю» — клятва («даю зуб (руку, ногу…)»)"""
        return f"«{self.span(i, j)}» — {what}"

    # --- findings -------------------------------------------------------------------------
    def add(self, rule: str, first: int, last: int, message: str, evidence: dict | None = None,
            penalty: str | None = None, clause_key: str | None = None, verdict: str | None = None) -> None:
        """A finding; `message` says what the words are, the clause and the penalty are appended:
        «…; по п. 4.6.3 клубных правил — фол» (`verdict`, or the clause's own, replaces the whole tail)."""
        clause = self.rules.clause(clause_key or rule)
        if clause is None:
            return
        penalty = penalty or clause.penalty
        tail = verdict or clause.verdict or f"по {clause.cite} — {RULEBOOK.penalties[penalty]}"
        start, end = self.tokens[first].start, self.tokens[last].end
        self.covered.update(range(first, last + 1))
        for f in self.findings:
            if f.rule == rule and f.start < end and start < f.end:   # one phrase, seen from two words
                f.span = Span.of(self.text, min(f.start, start), max(f.end, end))
                return
        self.findings.append(Finding(
            rule, f"{message}; {tail}", "warning" if penalty == "warning" else "violation",
            Span.of(self.text, start, end), penalty,
            {**(evidence or {}), "ruleset": self.ruleset, "clause": clause.text, "source": self.rules.source}))
