"""What the lexicon says about one token of a speech, read once per spelling and cached.

A day speech repeats the words of the last one, so a reading (lemmas, tags,
number, profanity, the rule families its roots belong to) is kept per
spelling; judges' rulings are not part of a reading: they apply per request
(see :meth:`service.rules.mafia.speech.Speech.concept_of`).
"""
from __future__ import annotations

import re
import threading
import weakref
from dataclasses import dataclass
from typing import Any

from lexicon import Lexicon, caches
from lexicon.cognates import Verdict, WordAnalysis
from lexicon.text import InvalidWord, NormalizedWord, fold_key
from service.rules.mafia.rulebook import RULEBOOK, Concept

DIGITS = re.compile(r"^(\d{1,3})(?:-?[а-яё]{1,3})?$")   # «7», «7-го», «7го»
CACHE_LIMIT = 5_000   # token readings, keyed by the spelling as typed: ~1.5 KB each


@dataclass(frozen=True)
class ConceptReading:
    """The token's roots put it in a concept's family; the lexicon's verdict against each anchor decides."""
    concept: Concept
    evidence: dict[str, str]                    # lemma, root, morphemes, source of the matching analysis
    verdicts: tuple[tuple[str, Verdict], ...]   # (anchor, the lexicon's verdict) in anchor order


@dataclass(frozen=True)
class Word:
    key: str                          # folded token
    lemmas: frozenset[str]            # folded lemmas of known parses (or the key)
    tags: tuple[tuple[str, str], ...]  # (lemma, tag) of every parse
    normalized: NormalizedWord | None = None   # None when the token is not a Russian word
    number: int | None = None
    concepts: tuple[ConceptReading, ...] = ()
    profanity: Any = None             # lexicon.profanity.ProfanityHit
    filler: bool = False
    cue: bool = False                 # a lemma some phrase rule or the nomination parser starts from

    def has(self, *lemmas: str) -> bool:
        return any(lemma in self.lemmas for lemma in lemmas)

    def tagged(self, lemmas, *grammemes: str) -> bool:
        """Is there a parse with a lemma in `lemmas` carrying all `grammemes`?"""
        return any(lemma in lemmas and all(g in tag for g in grammemes) for lemma, tag in self.tags)


def is_filler(key: str) -> bool:
    sound = RULEBOOK.filler_sound
    return all(sound.match(part) for part in key.split("-")) or bool(sound.match(key.replace("-", "")))


def root_match(concept: Concept, analysis: WordAnalysis) -> dict[str, str] | None:
    """The first analysis with one of the concept's roots (followed by its suffix, when it names one)."""
    for an in analysis.analyses:
        morphemes = an.morphemes
        for k, (text, kind) in enumerate(morphemes):
            if kind != "root" or fold_key(text) not in concept.roots:
                continue
            if concept.suffix and not (k + 1 < len(morphemes) and morphemes[k + 1][0].startswith(concept.suffix)):
                continue
            return {"lemma": an.lemma, "root": text,
                    "morphemes": "/".join(f"[{t}]" if kind_ == "root" else t for t, kind_ in morphemes),
                    "source": an.source}
    return None


class Reader:
    """Per-lexicon cache of token readings; thread-safe enough for FastAPI's thread pool."""

    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon
        self.cache: dict[str, Word] = {}
        self.lock = threading.Lock()

    def word(self, token: str) -> Word:
        found = self.cache.get(token)
        if found is None:
            found = self._read(token)
            with self.lock:
                if len(self.cache) > CACHE_LIMIT:
                    self.cache.clear()
                self.cache[token] = found
        return found

    def _read(self, token: str) -> Word:
        lexicon = self.lexicon
        hit = lexicon.profanity(token)
        try:
            normalized = lexicon.normalize(token)
        except InvalidWord:
            key = fold_key(token)
            digits = DIGITS.match(key)
            return Word(key, frozenset({key}), (), number=int(digits.group(1)) if digits else None, profanity=hit,
                        cue=key in RULEBOOK.cues)
        key = normalized.key
        parses = lexicon.parses(normalized.text)
        known = [p for p in parses if p.known]
        tags = tuple((fold_key(p.lemma), p.tag) for p in (known or parses))
        lemmas = frozenset([lemma for lemma, _ in tags] if known else [key])
        number = next((v for v in (lexicon.number_value(lemma, tag) for lemma, tag in tags) if v is not None), None)
        return Word(key, lemmas, tags, normalized, number, self.concepts(normalized), hit, is_filler(key),
                    bool(lemmas & RULEBOOK.cues) or key in RULEBOOK.cues)

    def concepts(self, word: NormalizedWord) -> tuple[ConceptReading, ...]:
        analysis = self.lexicon.analyse(word)
        out = []
        for concept in RULEBOOK.concepts:
            evidence = root_match(concept, analysis)
            if evidence is not None:
                verdicts = tuple((anchor, self.lexicon.compare(anchor, word)) for anchor in concept.anchors)
                out.append(ConceptReading(concept, evidence, verdicts))
        return tuple(out)


# One reader per Lexicon (bench/memprofile.py counts their words).
_readers: "weakref.WeakKeyDictionary[Lexicon, Reader]" = weakref.WeakKeyDictionary()
_readers_lock = threading.Lock()


def reader(lexicon: Lexicon) -> Reader:
    with _readers_lock:
        found = _readers.get(lexicon)
        if found is None:
            found = _readers[lexicon] = Reader(lexicon)
        return found


def _clear_readers() -> None:
    with _readers_lock:
        readers = list(_readers.values())
    for found in readers:
        with found.lock:
            found.cache.clear()


# In the one table of caches (lexicon.caches); a reader's dict is cleared past CACHE_LIMIT: at most limit + 1.
caches.register("service.rules.mafia.reader_words", bound=lambda: (CACHE_LIMIT + 1) * max(1, len(_readers)),
                entries=lambda: sum(len(r.cache) for r in list(_readers.values())), clear=_clear_readers)
