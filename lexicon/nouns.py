"""The common nouns a game may draw: the lexicon's headwords that are common nouns in the nominative
singular, with their frequency.

A card must be a fit Hat / Codenames word (../shared/rules/hat.txt, «Частности»): a common noun, in the
singular, not a name, a place, an organisation, an abbreviation or profanity.  The headwords of the
compiled lexicon (Tikhonov's dictionary of common words and DerivBase.Ru's lemmas) are read once, each
checked with pymorphy3's first dictionary reading, and kept with its wordfreq Zipf: about two seconds,
the first time a pool is drawn (never at start-up).
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass

from lexicon import abbreviations, frequency, morphology, profanity
from lexicon.store import LexiconStore
from lexicon.text import fold_key

FLOOR_ZIPF = 1.5          # rarer than this no game draws
_PLAIN = re.compile(r"^[а-яё]{3,14}$")
NOT_COMMON = ("Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init", "Erro", "Dist", "Slng", "Infr")
SOURCE = ("заглавные слова составленного словаря (Тихонов, DerivBase.Ru), первое словарное прочтение pymorphy3, "
          "частота wordfreq")


@dataclass(frozen=True)
class Noun:
    word: str
    zipf: float


def fit_noun(word: str) -> str | None:
    """The word as the dictionary writes it (ё restored: тётя) when it is a common noun in the nominative
    singular by its first dictionary reading, no name, no abbreviation, no profanity; else None."""
    known = [p for p in morphology.parses(word) if p.known]
    if not known:
        return None
    tag, lemma = known[0].tag, known[0].lemma
    if not tag.startswith("NOUN") or "nomn" not in tag or "sing" not in tag or any(g in tag for g in NOT_COMMON):
        return None
    if fold_key(lemma) != fold_key(word):
        return None
    return lemma if profanity.find(word) is None and abbreviations.identify(word) is None else None


_table: list[Noun] | None = None
_lock = threading.Lock()


def game_nouns(store: LexiconStore) -> list[Noun]:
    """Every fit noun of the lexicon seen at least FLOOR_ZIPF, in the lexicon's order (built once)."""
    global _table
    with _lock:
        if _table is None:
            out = []
            for word in store.headwords():
                if not _PLAIN.match(word):
                    continue
                z = frequency.zipf(word)
                written = fit_noun(word) if z >= FLOOR_ZIPF else None
                if written:
                    out.append(Noun(written, z))
            _table = out
        return _table
