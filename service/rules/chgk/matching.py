"""One answer word against one reference word: the same, a number, a word form, a spelling of a
foreign name, a typo, or a word of the same stem (not a match: a less precise answer).

* ``exact``           -- the same after normalisation,
* ``number``          -- the same number written differently,
* ``word_form``       -- the two share a lemma (Эйфелевой башней / Эйфелева башня),
* ``transliteration`` -- spelling variants of a foreign name (Лафонтен / Лафонтэн),
* ``typo``            -- edit distance within the length-scaled allowance (none under 4 letters,
  1 for 4–5, 2 from 6), never when the answer's word is a dictionary word of its own (код for кот),
* ``related``         -- a word of the same stem (лампа / лампочка): the verdict becomes ``judge``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rapidfuzz.distance import OSA

from lexicon import Lexicon
from lexicon.overrides import NO_RULINGS, Oracle
from lexicon.text import InvalidWord, fold_key
from service.rules.chgk.messages import not_a_typo, too_short_for_typo
from service.rules.chgk.tokens import Tok

# Rank of a token match: lower is stronger.  `related` is not a match.
RANKS = {"exact": 0, "number": 1, "word_form": 2, "transliteration": 3, "typo": 4, "related": 9}


# The dictionary's answers, cached: a batch asks about the same few words thousands of times.
# They are the Lexicon's static ones (no compiled lexicon), so a matcher without a Lexicon asks them too.
@lru_cache(maxsize=10_000)
def lemma_set(word: str) -> frozenset[str]:
    return frozenset({fold_key(lemma) for lemma in Lexicon.lemmas(word)} | {word})


@lru_cache(maxsize=10_000)
def in_dictionary(word: str) -> bool:
    return Lexicon.in_dictionary(word)


@lru_cache(maxsize=10_000)
def primary_lemma(word: str) -> str:
    lemmas = Lexicon.lemmas(word)
    return fold_key(lemmas[0]) if lemmas else word


@lru_cache(maxsize=10_000)
def name_key(word: str) -> str:
    return Lexicon.name_key(word)


@lru_cache(maxsize=10_000)
def _stem(lemma: str) -> str:
    return re.sub(r"(?:ый|ий|ой|ая|яя|ое|ее|ть|ти|[аеиоуыэюяйь])$", "", lemma)


def typo_allowance(length: int) -> int:
    """None under 4 letters, 1 for 4–5, 2 from 6."""
    return 0 if length < 4 else 1 if length <= 5 else 2


@dataclass
class TokenMatch:
    kind: str                         # exact | number | word_form | transliteration | typo | related
    answer: Tok
    reference: Tok
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def rank(self) -> int:
        return RANKS[self.kind]

    def to_json(self) -> dict:
        return {"match": self.kind, "answer": self.answer.raw, "reference": self.reference.raw, **self.detail}


class Matcher:
    """Token comparisons.  With a Lexicon, a word of the same stem is checked for a shared root
    (the scope's cognate rulings decide first); without one, the stem test alone decides."""

    def __init__(self, lexicon: Lexicon | None = None, oracle: Oracle = NO_RULINGS):
        self.lexicon, self.oracle = lexicon, oracle
        self.notes: list[dict] = []   # why a near miss was refused (the real-word guard)

    def fresh(self) -> "Matcher":
        """A matcher of the same lexicon and rulings with no notes of its own yet."""
        return Matcher(self.lexicon, self.oracle)

    def token(self, a: Tok, r: Tok) -> TokenMatch | None:
        if a.is_number or r.is_number:
            return self._number(a, r)
        if a.text == r.text:
            return TokenMatch("exact", a, r)
        if a.latin != r.latin:
            return None
        la, lr = lemma_set(a.text), lemma_set(r.text)
        shared = la & lr
        if shared and not a.latin:
            return TokenMatch("word_form", a, r, {"lemmas": sorted(shared)})
        guard = self._real_word(a, r, la)
        ka, kr = name_key(a.text), name_key(r.text)
        if ka == kr and guard is None:
            return TokenMatch("transliteration", a, r, {"key": ka})
        return self._typo(a, r, ka, kr, guard) or self._related(a, r)

    @staticmethod
    def _number(a: Tok, r: Tok) -> TokenMatch | None:
        if a.number is None or a.number != r.number:
            return None
        kind = "exact" if a.text == r.text else "number"
        return TokenMatch(kind, a, r, {"value": a.number} if kind == "number" else {})

    def _typo(self, a: Tok, r: Tok, ka: str, kr: str, guard: dict | None) -> TokenMatch | None:
        """A typo within the allowance; a near miss it refuses is noted for the verdict's message."""
        shorter = min(len(a.text), len(r.text))
        allowed = typo_allowance(shorter)
        distance = min(OSA.distance(a.text, r.text), OSA.distance(ka, kr))
        if allowed and distance <= allowed:
            if guard is None:
                return TokenMatch("typo", a, r, {"distance": distance, "allowed": allowed})
            self.notes.append({**guard, "distance": distance, "allowed": allowed})
        elif distance <= 2 and shorter < 6:
            self.notes.append({"kind": "too_short_for_typo", "answer": a.raw, "reference": r.raw,
                               "distance": distance, "allowed": allowed,
                               "explanation": too_short_for_typo(a.raw, r.raw, distance, shorter, allowed)})
        return None

    @staticmethod
    def _real_word(a: Tok, r: Tok, la: frozenset[str]) -> dict | None:
        """The answer's word is a dictionary word of its own (код for кот): never a typo or a spelling."""
        if a.latin or not in_dictionary(a.text):
            return None
        lemmas = sorted(la - {a.text}) or [a.text]
        return {"kind": "real_word", "answer": a.raw, "reference": r.raw, "answer_lemmas": lemmas,
                "explanation": not_a_typo(a.raw, r.raw, lemmas)}

    def _related(self, a: Tok, r: Tok) -> TokenMatch | None:
        pa, pr = primary_lemma(a.text), primary_lemma(r.text)
        sa, sr = _stem(pa), _stem(pr)
        if len(sa) < 3 or len(sr) < 3 or not (pr.startswith(sa) or pa.startswith(sr)):
            return None
        both_words = in_dictionary(a.text) and in_dictionary(r.text)
        roots: dict[str, Any] = {"cognate": None}
        if self.lexicon is not None and both_words:
            roots = self._roots(a, r)
            if roots["cognate"] is False:
                return None
        elif min(len(sa), len(sr)) < 4:
            return None
        # «Less precise» needs two dictionary words of one root, the answer's the shorter: лампа / лампочка.
        base = len(pa) < len(pr) and pr.startswith(sa) and both_words
        return TokenMatch("related", a, r, {"answer_lemma": pa, "reference_lemma": pr, **roots,
                                            "less_precise": base})

    def _roots(self, a: Tok, r: Tok) -> dict[str, Any]:
        """Do the two share a root: the Lexicon's answer, or the judge's where the scope has a ruling."""
        try:
            verdict = self.lexicon.compare(a.text, r.text, self.oracle)
        except InvalidWord:    # a word the lexicon cannot read: the stem test decides
            return {"cognate": None}
        ruling = [e for e in verdict.evidence if e.get("kind") == "ruling"]
        return {"cognate": verdict.cognate, **({"ruling": ruling[0]} if ruling else {})}
