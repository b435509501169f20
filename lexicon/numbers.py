"""Numbers written as words or Roman numerals: one table for every game.

The lemmas come from num2words (the words a Russian number is built of:
units, teens, tens, hundreds, тысяча, миллион, миллиард and their ordinals);
every case form is reached through pymorphy3, which gives a form's lemma, so
«двадцати пяти», «сороковом», «тысячу» all read.  Only facts num2words does
not carry are listed by hand: the spoken «нуль» and the collective nouns
players use for seats and cards (пятёрка, семёрка).
"""
from __future__ import annotations

import re
from functools import lru_cache

from num2words import num2words

from lexicon import morphology
from lexicon.text import fold_key

# The building blocks: a number word names one of these values.
_BASES = [*range(0, 20), *range(20, 100, 10), *range(100, 1000, 100), 1000, 10**6, 10**9]
MULTIPLIERS = frozenset({1000, 10**6, 10**9})


def _last_word(value: int, to: str) -> str:
    # num2words writes 1000 as «одна тысяча»; the block's own word is the last one.
    return fold_key(num2words(value, lang="ru", to=to).split()[-1])


CARDINALS: dict[str, int] = {_last_word(v, "cardinal"): v for v in _BASES}
CARDINALS["нуль"] = 0
ORDINALS: dict[str, int] = {_last_word(v, "ordinal"): v for v in _BASES}
COLLECTIVES: dict[str, int] = {"единица": 1, "единичка": 1, "двойка": 2, "тройка": 3, "четверка": 4,
                               "пятерка": 5, "шестерка": 6, "семерка": 7, "восьмерка": 8, "девятка": 9,
                               "десятка": 10}

_ROMAN = re.compile(r"^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_CYR_ROMAN = str.maketrans({"Х": "X", "І": "I", "х": "x", "і": "i"})


def roman_value(token: str) -> int | None:
    """XIV → 14; Cyrillic Х and І count as X and I; None for anything else."""
    letters = token.translate(_CYR_ROMAN)
    if not letters or not re.fullmatch(r"[IVXLCDMivxlcdm]+", letters):
        return None
    if token != letters and not (token.isupper() or len(token) == 1 and token in "ХІ"):
        return None
    upper = letters.upper()
    # A lone C, D, L or M is a letter (витамин C), not a numeral.
    if len(upper) == 1 and upper not in "IVX":
        return None
    if not _ROMAN.match(upper):
        return None
    total = 0
    for i, ch in enumerate(upper):
        value = _ROMAN_VALUES[ch]
        nxt = _ROMAN_VALUES[upper[i + 1]] if i + 1 < len(upper) else 0
        total += -value if value < nxt else value
    return total or None


@lru_cache(maxsize=20_000)
def number_word(word: str) -> tuple[int, str] | None:
    """(value, 'cardinal'|'ordinal') for a number word in any form, else None.

    A cardinal form that is also a form of a noun of its own (сорока the bird)
    counts only when written as the lemma itself (сорок).
    """
    w = fold_key(word)
    if w in CARDINALS:
        return CARDINALS[w], "cardinal"
    parses = [p for p in morphology.parses(w) if p.known]
    for p in parses:
        lemma = fold_key(p.lemma)
        if lemma in ORDINALS and "Anum" in p.tag:
            return ORDINALS[lemma], "ordinal"
    numeric = [p for p in parses if fold_key(p.lemma) in CARDINALS]
    if numeric and not any(p.tag.startswith("NOUN") and fold_key(p.lemma) not in CARDINALS for p in parses):
        return CARDINALS[fold_key(numeric[0].lemma)], "cardinal"
    return None


def lemma_value(lemma: str, tag: str) -> int | None:
    """The number a parse stands for: a cardinal (NUMR), an ordinal (Anum) or a collective noun (пятёрка)."""
    lemma = fold_key(lemma)
    if "NUMR" in tag or lemma in ("ноль", "нуль"):
        return CARDINALS.get(lemma)
    if "Anum" in tag:
        return ORDINALS.get(lemma)
    if "NOUN" in tag:
        return COLLECTIVES.get(lemma)
    return None


def _magnitude(value: int) -> int:
    """3 hundreds, 2 round tens, 1 units and teens."""
    return 3 if value >= 100 else 2 if value >= 20 and value % 10 == 0 else 1


def _fits(value: int, used: int, last) -> bool:
    """May `value` continue a group whose last word had magnitude `last`?"""
    if not used or last == "mult":
        return True
    if last == 1:
        return False
    cls = _magnitude(value)
    return not (cls >= last or (last == 2 and value >= 10))


def group_numbers(values: list[tuple[int, str]]) -> list[tuple[int, str, int]]:
    """Combine a run of number words (двадцать пять, тысяча восемьсот двенадцатый).

    Returns (value, kind, how many words it took) for each number in the run.
    """
    out: list[tuple[int, str, int]] = []
    i = 0
    while i < len(values):
        total, group, used, kind, last = 0, 0, 0, "cardinal", None
        for value, k in values[i:]:
            if kind == "ordinal":
                break
            if value in MULTIPLIERS:
                if last == "mult" and used:
                    break
                total += max(group, 1) * value
                group, last = 0, "mult"
            elif _fits(value, used, last):
                group += value
                last = _magnitude(value)
            else:
                break
            kind = k
            used += 1
        out.append((total + group, kind, used))
        i += used
    return out
