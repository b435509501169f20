"""Is a word a lemma of ru.wiktionary, and which parts of speech does it list it as?

Data: lexicon/data/headwords.dawg, compiled by `python -m lexicon.build --only headwords` from the
ru.wiktionary lemma lists DerivBase.Ru ships (CC BY-SA).  Case matters: ru.wiktionary writes proper
nouns with a capital, so a lower-case word it lists is a common word.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import dawg

from lexicon import paths
from lexicon.store import load_dawg

DEFAULT_PATH = paths.HEADWORDS_DAWG
POS_BITS = {"noun": 1, "adj": 2, "verb": 4, "adv": 8, "num": 16, "part": 32, "trg": 64}
SOURCE = "лемма ru.wiktionary (списки DerivBase.Ru)"
PROBE = "кошка"
BUILD_HINT = "rebuild it with `python -m lexicon.build --only headwords` or restore it from the release"

def load(path: str | Path | None = None) -> dawg.IntDAWG:
    """The table in a .dawg file; DataFileError naming the file when it is missing, empty or damaged."""
    return load_dawg(Path(path) if path else DEFAULT_PATH, BUILD_HINT, PROBE)


def verify(path: str | Path | None = None) -> None:
    load(path)


@lru_cache(maxsize=1)
def default() -> dawg.IntDAWG:
    return load()


def parts_of_speech(word: str) -> frozenset[str]:
    """The parts of speech ru.wiktionary lists `word` (as written, case kept) under; empty when none."""
    value = default().get(word.strip()) or 0
    return frozenset(pos for pos, bit in POS_BITS.items() if value & bit)


def is_noun(word: str) -> bool:
    # The bit itself, not parts_of_speech: asked of every pool word, and no set is needed to answer.
    return bool((default().get(word.strip()) or 0) & POS_BITS["noun"])
