"""Lemmas and forms through pymorphy3.

All dictionary parses count, not just the first: «стали» is a form of сталь
and of стать, «пила» of пила and пить.  Predicted parses of unknown words
are kept apart because they are guesses.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pymorphy3

# pymorphy3's marks of a proper noun (OpenCorpora): a name, surname, patronymic, place, organisation,
# trademark.  The one list every module reads; a module that also excludes other marks adds them.
PROPER_NAMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})

class SafeAnalyzer(pymorphy3.MorphAnalyzer):
    """pymorphy3 whose parse never raises on odd input.

    Its shape checks call unicodedata.name(), which raises ValueError on
    unassigned code points; such a token simply has no parse.
    """

    def parse(self, word):
        try:
            return super().parse(word)
        except ValueError:
            return []


_morph: SafeAnalyzer | None = None


def analyzer() -> SafeAnalyzer:
    global _morph
    if _morph is None:
        _morph = SafeAnalyzer()
    return _morph


@dataclass(frozen=True)
class Parse:
    lemma: str
    tag: str
    score: float
    known: bool   # from the dictionary, not predicted by suffix


@lru_cache(maxsize=30_000)   # ~0.6 KB each
def parses(word: str) -> tuple[Parse, ...]:
    out = []
    seen = set()
    known_words: dict[str, bool] = {}   # every parse of a word mostly has the same form: one dictionary lookup
    for p in analyzer().parse(word):
        known = known_words.get(p.word)
        if known is None:
            known = known_words[p.word] = p.is_known
        lemma = p.normal_form
        key = (lemma, str(p.tag))
        if key in seen:
            continue
        seen.add(key)
        out.append(Parse(lemma, str(p.tag), float(p.score), known))
    return tuple(out)


def lemmas(word: str) -> tuple[str, ...]:
    """Dictionary lemmas of every known parse, most likely first; guesses only if none is known."""
    all_parses = parses(word)
    known = [p for p in all_parses if p.known]
    chosen = known or list(all_parses)
    seen: dict[str, None] = {}
    for p in chosen:
        seen.setdefault(p.lemma, None)
    return tuple(seen)


def is_known(word: str) -> bool:
    return analyzer().word_is_known(word)


@lru_cache(maxsize=5_000)   # a lexeme's forms: ~2.5 KB
def forms(lemma: str) -> frozenset[str]:
    """Every form of every known lexeme whose lemma is `lemma`."""
    out = set()
    for p in analyzer().parse(lemma):
        if p.is_known and p.normal_form == lemma:
            out.update(f.word for f in p.lexeme)
    return frozenset(out)
