"""Transliteration between Latin and Cyrillic spellings of one word.

Two questions the games ask: which Russian words could a Latin-script word be
(Шляпа: «koshka» is кошка said another way), and are two Cyrillic spellings of
a foreign name the same name (ЧГК: Лафонтэн = Лафонтен).
"""
from __future__ import annotations

import itertools
import re
from functools import lru_cache

import iuliia

from lexicon.text import fold_key

# Latin -> Cyrillic, several readings where English and Russian spelling disagree.
_LAT_MULTI = [("shch", ("щ",)), ("sch", ("щ", "ш")), ("sh", ("ш",)), ("ch", ("ч", "х")), ("zh", ("ж",)),
              ("kh", ("х",)), ("ts", ("ц",)), ("ya", ("я",)), ("yu", ("ю",)), ("yo", ("ё", "йо")),
              ("ck", ("к",)), ("ph", ("ф",)), ("th", ("т",)), ("oo", ("у",)), ("ee", ("и",))]
_LAT_ONE = {"a": ("а",), "b": ("б",), "c": ("к", "ц", "с"), "d": ("д",), "e": ("е", "э"), "f": ("ф",),
            "g": ("г",), "h": ("х",), "i": ("и", "ы", "й"), "j": ("й", "дж"), "k": ("к",), "l": ("л",),
            "m": ("м",), "n": ("н",), "o": ("о",), "p": ("п",), "q": ("к",), "r": ("р",), "s": ("с",),
            "t": ("т",), "u": ("у",), "v": ("в",), "w": ("в",), "x": ("кс", "х"), "y": ("ы", "й", "и"),
            "z": ("з",), "'": ("ь",)}


def latin_readings(latin: str, limit: int = 48) -> list[str]:
    """Cyrillic readings of a Latin-script word: koshka -> кошка, ruka -> рука."""
    word = latin.lower()
    pieces: list[tuple[str, ...]] = []
    i = 0
    while i < len(word):
        for src, dst in _LAT_MULTI:
            if word.startswith(src, i):
                pieces.append(dst)
                i += len(src)
                break
        else:
            pieces.append(_LAT_ONE.get(word[i], ("",)))
            i += 1
    out = []
    for combo in itertools.product(*pieces):
        out.append("".join(combo))
        if len(out) >= limit:
            break
    return out


_NAME_SPELLING_RULES = [(re.compile(p), r) for p, r in (
    (r"[ьъ]", ""), (r"э", "е"), (r"(.)\1+", r"\1"), (r"й(?=[аеуоя])", "и"), (r"[ыи]й$", "и"),
)]


def name_key(word: str) -> str:
    """A coarse spelling key for foreign names: Лафонтэн = Лафонтен, Голливуд = Голивуд."""
    key = fold_key(word)
    for pattern, repl in _NAME_SPELLING_RULES:
        key = pattern.sub(repl, key)
    return key


# --- one word in two scripts -----------------------------------------------------------------
# Cyrillic is romanised by iuliia (the Wikipedia scheme, the one English texts use for Russian
# names); both spellings are then reduced to their consonants, where English and Russian spelling
# of one name agree far more than in vowels: Google / Гугл → ggl, Beatles / Битлз → btls,
# Microsoft / Майкрософт → mkrsft, McDonald's / Макдоналдс → mkdnlds.
_SKELETON_STEPS = [(re.compile(p), r) for p, r in (
    (r"[^a-z]", ""), (r"(.)\1+", r"\1"), (r"^wr", "r"), (r"gh(?=t|$)", ""), (r"sch", "sh"), (r"dzh|dg", "j"), (r"kh", "g"), (r"ph", "f"),
    (r"(?<=[sczt])h", ""), (r"h", "g"), (r"ck", "k"), (r"q", "k"), (r"x", "ks"), (r"w", "v"), (r"t[sz]", "s"),
    (r"z", "s"), (r"c", "k"), (r"y", ""), (r"[aeiou]", ""),
)]
_VOWEL_STEPS = [step for step in _SKELETON_STEPS if step[0].pattern not in ("y", "[aeiou]")] + [
    (re.compile(r"y"), "i"), (re.compile(r"(.)\1+"), r"\1")]
SCRIPT_KEY_MIN = 3     # consonants a key needs before two spellings are called one word


@lru_cache(maxsize=20_000)
def romanized(word: str) -> str:
    """The word in Latin letters: Cyrillic through iuliia's Wikipedia scheme, Latin as it is, lower case."""
    low = word.lower()
    return iuliia.WIKIPEDIA.translate(low).lower() if re.search(r"[а-яё]", low) else low


@lru_cache(maxsize=20_000)
def script_key(word: str, vowels: bool = False) -> str:
    """The consonant skeleton of a word in either script (see above); short keys prove nothing.
    With `vowels`, the vowels stay: a finer key for short words (Coca / Кока → koka)."""
    key = romanized(word)
    for pattern, repl in (_VOWEL_STEPS if vowels else _SKELETON_STEPS):
        key = pattern.sub(repl, key)
    return key
