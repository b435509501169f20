"""One answer word against one reference word: the same, a number, a word form, a spelling of a
foreign name, a typo, or a word of the same stem (not a match: a less precise answer).

* ``exact``           -- the same after normalisation,
* ``number``          -- the same number written differently,
* ``word_form``       -- the two share a lemma (Эйфелевой башней / Эйфелева башня),
* ``aspect``          -- the two verbs of an aspect pair (построил / строил, переписать / переписывать),
* ``transliteration`` -- spelling variants of a foreign name (Лафонтен / Лафонтэн), or one name in
  Latin and Cyrillic letters (Google / Гугл: the same consonant skeleton, lexicon.translit),
* ``typo``            -- edit distance within the length-scaled allowance (none under 4 letters, 1 for
  4–5, 2 from 6 with at most one letter lost; a Latin word none under 7: its letters are the name),
  against the word or any form of its lemma (черый for чёрная); never when the answer's word is a
  common dictionary word of its own or another known name (код for кот); a rare one may be a slip
  (ариель for Ариэль),
* ``truncation``      -- a word cut short that no dictionary knows (музыкальным инст.),
* ``synonym``         -- the two lemmas share a synonym set of the thesaurus (wiki-ru-wordnet),
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
from service.rules.chgk import limits
from service.rules.chgk.messages import not_a_typo, too_short_for_typo
from service.rules.chgk.tokens import Tok

# Rank of a token match: lower is stronger.  `related` is not a match.
RANKS = {"exact": 0, "number": 1, "word_form": 2, "aspect": 2, "transliteration": 3, "typo": 4, "truncation": 5,
         "synonym": 6, "related": 9}
# A misspelling that is itself a dictionary word still reads as the reference when the word is this rare
# (Zipf below 2: under a hundred uses per billion words) — nobody meant «ариель» the detergent.
RARE_WORD_ZIPF = 2.0
# Prefixes that make a perfective verb of an imperfective one (строить → построить).
PERFECTIVE_PREFIXES = ("по", "с", "со", "на", "за", "вы", "у", "о", "об", "от", "про", "при", "раз", "рас",
                       "из", "ис", "под", "пере", "в", "вз", "вс", "воз", "вос", "до")
KIND_NAMES = {"cardinal": "количественное", "ordinal": "порядковое"}
TRUNCATED_MIN = 4          # letters a cut-short word keeps before it can stand for the whole one


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
def script_key(word: str) -> str:
    return Lexicon.script_key(word)


@lru_cache(maxsize=10_000)
def script_keys(latin: str) -> frozenset[str]:
    """A Latin word's skeletons, its «w» read as «в» (Washington) or as a vowel (Wilbur / Уилбур)."""
    return frozenset({Lexicon.script_key(latin), Lexicon.script_key(latin.replace("w", ""))})


@lru_cache(maxsize=10_000)
def reference_forms(word: str) -> frozenset[str]:
    """Every form of the word's dictionary lemmas (a typo may be made in another case: черый / чёрная)."""
    return frozenset(fold_key(f) for lemma in Lexicon.lemmas(word) for f in Lexicon.forms(lemma)) | {word}


@lru_cache(maxsize=10_000)
def is_verb(word: str) -> bool:
    return any(("VERB" in p.tag or "INFN" in p.tag) for p in Lexicon.parses(word) if p.known)


@lru_cache(maxsize=10_000)
def verb_lemmas(word: str) -> frozenset[str]:
    return frozenset(fold_key(p.lemma) for p in Lexicon.parses(word)
                     if p.known and ("VERB" in p.tag or "INFN" in p.tag))


@lru_cache(maxsize=10_000)
def common_or_name(word: str) -> str | None:
    """Why a dictionary word cannot be a misspelling: it is common, or it names someone or somewhere."""
    if Lexicon.frequency(word) >= RARE_WORD_ZIPF:
        return "common"
    known = [p for p in Lexicon.parses(word) if p.known]
    if any(g in p.tag for p in known for g in ("Name", "Surn", "Patr", "Geox")):
        return "name"
    return None


@lru_cache(maxsize=10_000)
def common_noun(word: str) -> bool:
    """The first dictionary reading is a common noun (not a name, surname or place)."""
    known = [p for p in Lexicon.parses(word) if p.known]
    return bool(known) and known[0].tag.startswith("NOUN") and not any(
        g in known[0].tag for g in ("Name", "Surn", "Patr", "Geox", "Orgn"))


def _aspect_pair(a: str, b: str) -> bool:
    """построить / строить (a perfectivising prefix); переписывать / переписать, решать / решить (a suffix)."""
    for x, y in ((a, b), (b, a)):
        if any(x == p + y for p in PERFECTIVE_PREFIXES):
            return True
        sx, sy = re.sub(r"(?:ть|ться|ти|чь)$", "", x), re.sub(r"(?:ть|ться|ти|чь)$", "", y)
        if len(sy) >= 3 and sx in (sy[:-1] + "ыва", sy[:-1] + "ива", sy + "ва", sy[:-1] + "а") and sx != sy:
            return True
    return False

@lru_cache(maxsize=10_000)
def _stem(lemma: str) -> str:
    return re.sub(r"(?:ый|ий|ой|ая|яя|ое|ее|ть|ти|[аеиоуыэюяйь])$", "", lemma)


def typo_allowance(length: int, latin: bool = False) -> int:
    """None under 4 letters, 1 for 4–5, 2 from 6; a Latin word none under 7 (IBM / IBN, Sony / Sonu), 1 from 7."""
    if latin:
        return 0 if length < 7 else 1
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

    def __init__(self, lexicon: Lexicon | None = None, oracle: Oracle = NO_RULINGS, synonym_policy: str = "judge"):
        self.lexicon, self.oracle, self.synonym_policy = lexicon, oracle, synonym_policy
        self.notes: list[dict] = []   # why a near miss was refused (the real-word guard)
        self.comparisons: limits.Comparisons | None = None     # counted while an answer is judged

    def fresh(self) -> "Matcher":
        """A matcher of the same lexicon, rulings and policy with no notes of its own yet; it spends
        the same comparisons (the parts and versions of an answer are judged within its allowance)."""
        other = Matcher(self.lexicon, self.oracle, self.synonym_policy)
        other.comparisons = self.comparisons
        return other

    def token(self, a: Tok, r: Tok) -> TokenMatch | None:
        if self.comparisons is not None:
            self.comparisons.spend()
        if a.is_number or r.is_number:
            return self._number(a, r)
        if a.text == r.text:
            return TokenMatch("exact", a, r)
        if a.latin != r.latin:
            return self._other_script(a, r)
        la, lr = lemma_set(a.text), lemma_set(r.text)
        shared = la & lr
        if shared and not a.latin:
            return TokenMatch("word_form", a, r, {"lemmas": sorted(shared)})
        if not a.latin and is_verb(a.text) and is_verb(r.text):
            pair = next(((x, y) for x in verb_lemmas(a.text) for y in verb_lemmas(r.text) if _aspect_pair(x, y)), None)
            if pair:
                return TokenMatch("aspect", a, r, {"lemmas": list(pair)})
        guard = self._real_word(a, r, la)
        ka, kr = name_key(a.text), name_key(r.text)
        if ka == kr and guard is None:
            return TokenMatch("transliteration", a, r, {"key": ka})
        return (self._typo(a, r, ka, kr, guard) or self._truncation(a, r) or self._synonym(a, r)
                or self._related(a, r))

    @staticmethod
    def _other_script(a: Tok, r: Tok) -> TokenMatch | None:
        """One word in Latin and Cyrillic letters: Google / Гугл, The Beatles / Битлз, puzzle / пазлы."""
        latin, cyrillic = (a, r) if a.latin else (r, a)
        if latin.is_number or cyrillic.is_number:
            return None
        # A skeleton of two consonants is proof only for a longer word, whose letters are mostly silent (Wright)
        keys = {k for k in script_keys(latin.text) if len(k) >= 3 or (len(k) == 2 and len(latin.text) >= 5)}
        for form in (cyrillic.text, *lemma_set(cyrillic.text)):
            key = script_key(form)
            if key in keys:
                return TokenMatch("transliteration", a, r, {"key": key, "scripts": "latin/cyrillic"})
            romanized = Lexicon.romanized(form)
            if len(latin.text) >= 4 and OSA.distance(romanized, latin.text) <= 1:
                return TokenMatch("transliteration", a, r, {"key": romanized, "scripts": "latin/cyrillic"})
            sound = Lexicon.script_key(form, vowels=True)
            if len(latin.text) >= 4 and sound == Lexicon.script_key(latin.text, vowels=True):
                return TokenMatch("transliteration", a, r, {"key": sound, "scripts": "latin/cyrillic"})
        return None

    @staticmethod
    def _truncation(a: Tok, r: Tok) -> TokenMatch | None:
        """«инст» for «инструментом»: a cut-short word no dictionary knows, at least 4 letters long."""
        if (a.latin or len(a.text) < TRUNCATED_MIN or len(a.text) >= len(r.text) or not r.text.startswith(a.text)
                or in_dictionary(a.text) or not in_dictionary(r.text) or common_or_name(r.text) == "name"):
            return None
        return TokenMatch("truncation", a, r, {"kept": len(a.text), "of": len(r.text)})

    def _synonym(self, a: Tok, r: Tok) -> TokenMatch | None:
        if a.latin or self.lexicon is None:
            return None
        for x in sorted(lemma_set(a.text)):
            for y in sorted(lemma_set(r.text)):
                link = Lexicon.synonyms(x, y)
                if link is not None:
                    return TokenMatch("synonym", a, r, link.to_json())
        return None

    def _number(self, a: Tok, r: Tok) -> TokenMatch | None:
        if a.number is None or a.number != r.number:
            return None
        if a.number_kind and r.number_kind and a.number_kind != r.number_kind:
            # «первый» for «один»: the same value, another kind of number (a cardinal asked, an ordinal given)
            self.notes.append({"kind": "number_kind", "answer": a.raw, "reference": r.raw, "value": a.number,
                               "explanation": f"«{a.raw}» — {KIND_NAMES[a.number_kind]} числительное, а в эталоне "
                                              f"«{r.raw}» — {KIND_NAMES[r.number_kind]}"})
            return None
        kind = "exact" if a.text == r.text else "number"
        return TokenMatch(kind, a, r, {"value": a.number} if kind == "number" else {})

    def _typo(self, a: Tok, r: Tok, ka: str, kr: str, guard: dict | None) -> TokenMatch | None:
        """A typo within the allowance; a near miss it refuses is noted for the verdict's message."""
        shorter = min(len(a.text), len(r.text))
        allowed = typo_allowance(shorter, a.latin)
        distance = min(OSA.distance(a.text, r.text), OSA.distance(ka, kr))
        if allowed and distance > allowed and not a.latin:
            distance = min(distance, min(OSA.distance(a.text, f) for f in reference_forms(r.text)))
        lost = abs(len(a.text) - len(r.text))
        if allowed and distance <= allowed and lost <= 1:       # линкль for Линкольн: too much is lost
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
        """The answer's word is a common dictionary word or a known name of its own (код for кот): never a
        typo or a spelling.  A rare word a misspelling happens to spell (ариель for Ариэль) does not count."""
        if a.latin or not in_dictionary(a.text) or common_or_name(a.text) is None:
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
