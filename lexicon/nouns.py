"""The common nouns a game may draw: the lexicon's headwords that are common nouns in the nominative
singular, with their frequency.

A card must be a fit Hat / Codenames word (../shared/rules/hat.txt, «Частности»): a common noun, in the
singular, not a name, a place, an organisation, an abbreviation or profanity.  The headwords of the
compiled lexicon (Tikhonov's dictionary of common words and DerivBase.Ru's lemmas) are checked at build
time (lexicon/build/nouns.py, with :func:`fit_noun` below) into lexicon/data/nouns.json; here the table is
only read, once, on the first draw.

Also :func:`prefixed_noun`: a noun no dictionary lists read as a learned prefix and a dictionary noun (субтип).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lexicon import abbreviations, morphology, paths, profanity
from lexicon.store import DataFileError, read_json
from lexicon.text import fold_key

DEFAULT_PATH = paths.NOUNS_JSON
FORMAT = "koren-nouns"
BUILD_HINT = "rebuild it with `python -m lexicon.build --only nouns` or restore it from the release"
FLOOR_ZIPF = 1.5          # rarer than this no game draws
NOT_COMMON = (*sorted(morphology.PROPER_NAMES), "Abbr", "Init", "Erro", "Dist", "Slng", "Infr")
SOURCE = ("заглавные слова составленного словаря (Тихонов, DerivBase.Ru), первое словарное прочтение pymorphy3, "
          "частота wordfreq")


@dataclass(frozen=True)
class Noun:
    word: str
    zipf: float


def fit_noun(word: str) -> str | None:
    """The word as the dictionary writes it (ё restored: тётя) when it is a common noun in the nominative
    singular by its first dictionary reading, no name, no abbreviation, no profanity; else None."""
    # The analyser itself, not the cached morphology.parses: a table of 100k words would fill the caches
    # every request shares with readings nobody asks for again.
    known = [p for p in morphology.analyzer().parse(word) if p.is_known]
    if not known:
        return None
    tag, lemma = str(known[0].tag), known[0].normal_form
    if not tag.startswith("NOUN") or "nomn" not in tag or "sing" not in tag or any(g in tag for g in NOT_COMMON):
        return None
    if fold_key(lemma) != fold_key(word):
        return None
    return lemma if profanity.find(word) is None and abbreviations.identify(word) is None else None


_table: list[Noun] | None = None
_lock = threading.Lock()


def load(path: str | Path | None = None) -> list[Noun]:
    """The table in nouns.json; DataFileError naming the file when it is missing, damaged or empty."""
    path = Path(path or DEFAULT_PATH)
    data = read_json(path, BUILD_HINT)
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("nouns"), list):
        raise DataFileError(path, f"is not a {FORMAT} table", BUILD_HINT)
    try:
        table = [Noun(str(word), float(zipf)) for word, zipf in data["nouns"]]
    except (TypeError, ValueError) as exc:
        raise DataFileError(path, f"has a malformed row ({exc})", BUILD_HINT) from exc
    if not table:
        raise DataFileError(path, "is incomplete: no nouns", BUILD_HINT)
    return table


def verify(path: str | Path | None = None) -> None:
    load(path)


def game_nouns() -> list[Noun]:
    """Every fit noun of the lexicon seen at least FLOOR_ZIPF, in the lexicon's order (read once)."""
    global _table
    with _lock:
        if _table is None:
            _table = load()
        return _table


# --- a dictionary noun behind a learned prefix ----------------------------------------------------------------
# A first part counts as a prefix when the dictionary holds at least this many nouns made of it and a noun of
# their own (суб-аренда, суб-агент), and they are at least this share of the nouns it begins: суб- 43 of 77,
# тетра- 18 of 35; со- (168 of 961), кот- (3 of 83) or мак- (4 of 186) begin nouns mostly by chance.
PREFIX_MIN_NOUNS = 10
PREFIX_MIN_SHARE = 0.25
PREFIX_MIN = 3            # shorter first parts (со-, де-) begin too many words to tell anything
NOUN_MIN = 3


def _common_noun_lemma(word: str) -> bool:
    """pymorphy3 knows `word` as a common noun's dictionary form (the nominative of its own lexeme)."""
    return any(p.is_known and p.tag.POS == "NOUN" and p.normal_form == word and "nomn" in p.tag
               and not any(g in p.tag for g in NOT_COMMON) for p in morphology.analyzer().parse(word))


@lru_cache(maxsize=5_000)
def learned_prefix(head: str) -> bool:
    """Does the dictionary use `head` as a prefix of nouns (see PREFIX_MIN_NOUNS)?"""
    if len(head) < PREFIX_MIN:
        return False
    prefixed, total, seen = 0, 0, set()
    for word, tag, _lemma, _para, idx in morphology.analyzer().dictionary.iter_known_words(head):
        if idx != 0 or tag.POS != "NOUN" or word in seen:
            continue
        seen.add(word)
        total += 1
        prefixed += len(word) - len(head) >= NOUN_MIN and _common_noun_lemma(word[len(head):])
    return prefixed >= PREFIX_MIN_NOUNS and prefixed >= PREFIX_MIN_SHARE * total


def prefixed_noun(word: str) -> tuple[str, str] | None:
    """субтип → (суб, тип): a word no dictionary lists read as a prefix the dictionary uses on nouns and a
    dictionary noun; None when it does not read so (котогладильщик: кото- is no prefix)."""
    for cut in range(PREFIX_MIN, len(word) - NOUN_MIN + 1):
        head, tail = word[:cut], word[cut:]
        if _common_noun_lemma(tail) and learned_prefix(head):
            return head, tail
    return None
