"""Build lexicon/data/headwords.dawg: which words ru.wiktionary lists as lemmas, and as what.

DerivBase.Ru ships ru.wiktionary's lemma lists by part of speech (CC BY-SA; 164k nouns among ~500k
lemmas).  They answer what pymorphy3 cannot: «переменная», «снотворное» are nouns (not only forms of
adjectives), «качели», «городки», «мемуары» are nouns of their own in the plural, «шекель», «джун»
are common nouns whatever tag OpenCorpora gives them, «чау-чау» and «нейросеть» are words.
Each lemma maps to a bit set of its parts of speech; ё-less spellings are keyed too.
Built by `python -m lexicon.build --only headwords`.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import dawg

from lexicon.build import sources as src
from lexicon.headwords import DEFAULT_PATH, POS_BITS
from lexicon.text import fold_yo


def build_headwords(sources: Path, out: Path = DEFAULT_PATH) -> dict:
    bits: dict[str, int] = defaultdict(int)
    for lemma, pos in src.wiktionary_lemmas_by_pos(sources):
        if pos not in POS_BITS or " " in lemma:
            continue
        for key in {lemma, fold_yo(lemma)}:
            bits[key] |= POS_BITS[pos]
    out.parent.mkdir(parents=True, exist_ok=True)
    dawg.IntDAWG(sorted(bits.items())).save(str(out))
    return {"out": str(out), "lemmas": len(bits)}
