"""An answer or a reference as comparable tokens: case, ё/е, quotes, punctuation and spaces
normalised away; numbers in digits, words or Roman numerals read as one value.

The word questions (is it a number word, a Roman numeral, which words make one number) are
the Lexicon's; they need no compiled lexicon, so tokens are read the same with or without one.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Iterable, NamedTuple

from lexicon import Lexicon
from lexicon.text import LATIN_LOOKALIKES, STRESS_MARKS, fold_key, repair_lookalikes, strip_invisible
from service.rules.chgk.vocabulary import APOSTROPHES, ARTICLES, GLUE, PREPOSITIONS, SYMBOLS

_APOSTROPHE_IN_WORD = re.compile(rf"(?<=\w)[{re.escape(APOSTROPHES)}](?=\w)")
# A short abbreviation written with a slash is one word: ж/д, с/х, а/я (not two versions of an answer).
# The version splitter sees it with a division slash (∕), which the tokeniser reads as «/».
SLASH_ABBREVIATION = re.compile(r"(?<![^\W\d_])[А-Яа-яЁё]{1,2}\s*[/∕]\s*[А-Яа-яЁё]{1,2}(?![^\W\d_])")
_TOKEN = re.compile(r"(?<![^\W\d_])[А-Яа-яЁё]{1,2}\s*[/∕]\s*[А-Яа-яЁё]{1,2}(?![^\W\d_])|\d+(?:[.,]\d+)?(?:-?(?:[а-яё]{1,3}))?(?![\w])|\d+"
                    r"|[^\W\d_]+|[" + re.escape("".join(SYMBOLS)) + "]")
_NUMBER_TOKEN = re.compile(r"^(\d+(?:[.,]\d+)?)(?:-?([а-яё]{1,3}))?$")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
_LATIN = re.compile(r"[A-Za-z]")


def protect_slashes(text: str) -> str:
    """ж/д as ж∕д, so a splitter on «/» (two versions of an answer) leaves the abbreviation whole."""
    return SLASH_ABBREVIATION.sub(lambda m: re.sub(r"\s*/\s*", "∕", m.group()), text)


def clean(text: str) -> str:
    """Stress marks and invisible characters out, NFC, apostrophes inside words joined."""
    text = unicodedata.normalize("NFD", strip_invisible(text))
    text = text.translate({ord(mark): None for mark in STRESS_MARKS})
    text = unicodedata.normalize("NFC", text)
    return _APOSTROPHE_IN_WORD.sub("", text)


@dataclass(frozen=True)
class Tok:
    raw: str                  # as written (one number may span several words)
    text: str                 # lower case, ё folded
    number: int | None = None
    latin: bool = False
    number_kind: str | None = None    # cardinal | ordinal as written; None for bare digits (12 is read either way)

    @property
    def is_number(self) -> bool:
        return self.number is not None

    def to_json(self) -> str:
        return f"#{self.number}" if self.is_number else self.text


class _Piece(NamedTuple):
    """One piece of the text, read on its own before number words are joined."""
    raw: str
    text: str
    number: tuple[int, str] | None     # (value, cardinal | ordinal)
    latin: bool
    number_word: bool = False          # a number written in words: it may join its neighbours (двадцать пять)


def _read_digits(piece: str) -> _Piece | None:
    """12, 12-й, 3,5: digits with an optional ordinal ending (bare digits are read either way)."""
    m = _NUMBER_TOKEN.match(fold_key(piece))
    if not (m and piece[0].isdigit()):
        return None
    digits = m.group(1).replace(",", ".")
    if "." in digits:
        return _Piece(piece, digits, None, False)
    return _Piece(piece, digits, (int(digits), "ordinal" if m.group(2) else "digits"), False)


def _read_word(piece: str, has_cyrillic: bool) -> _Piece:
    word = piece
    if has_cyrillic and _LATIN.search(word):
        if _CYRILLIC.search(word):
            word = repair_lookalikes(word)                 # кoшка with a Latin «o»
        elif len(word) <= 2 and fold_key(word.translate(LATIN_LOOKALIKES)) in PREPOSITIONS | GLUE:
            word = word.translate(LATIN_LOOKALIKES)        # «c» typed for the preposition «с»
    latin = bool(_LATIN.search(word))
    number = None if latin else Lexicon.number_word(word)
    return _Piece(piece, fold_key(word), number, latin, number is not None)


def _read_piece(piece: str, has_cyrillic: bool) -> _Piece:
    if piece in SYMBOLS:                                   # № is «номер», % «процент», $ «доллар»
        return _read_word(SYMBOLS[piece], True)._replace(raw=piece)
    if "/" in piece or "∕" in piece:                       # ж/д: one abbreviation
        return _Piece(piece, re.sub(r"\s*[/∕]\s*", "/", fold_key(piece)), None, False)
    digits = _read_digits(piece)
    if digits is not None:
        return digits
    # Roman numerals only where they cannot be an English word: in Russian text or in capitals.
    roman = Lexicon.roman_value(piece) if (has_cyrillic or piece.isupper()) else None
    if roman is not None:
        return _Piece(piece, fold_key(piece), (roman, "ordinal"), False)
    return _read_word(piece, has_cyrillic)


def _joined_numbers(run: list[_Piece]) -> list[Tok]:
    """A run of number words as the numbers it writes: тысяча восемьсот двенадцатый is one."""
    out, start = [], 0
    for value, kind, used in Lexicon.group_numbers([p.number for p in run]):
        words = run[start:start + used]
        out.append(Tok(" ".join(p.raw for p in words), " ".join(p.text for p in words), value, number_kind=kind))
        start += used
    return out


def tokens(text: str) -> tuple[Tok, ...]:
    """The comparable tokens of an answer or a reference variant."""
    text = clean(text)
    has_cyrillic = bool(_CYRILLIC.search(text))
    pieces = [_read_piece(m.group(), has_cyrillic) for m in _TOKEN.finditer(text)]
    out: list[Tok] = []
    i = 0
    while i < len(pieces):
        if pieces[i].number_word:
            j = i
            while j < len(pieces) and pieces[j].number_word:
                j += 1
            out.extend(_joined_numbers(pieces[i:j]))
            i = j
            continue
        piece = pieces[i]
        value, kind = piece.number if piece.number else (None, None)
        out.append(Tok(piece.raw, piece.text, value, piece.latin, None if kind == "digits" else kind))
        i += 1
    return tuple(out)


def _pronoun(tok: Tok) -> bool:
    parses = [p for p in Lexicon.parses(tok.text) if p.known]
    return any(p.tag.startswith("NPRO") for p in parses)


def content(toks: Iterable[Tok]) -> tuple[tuple[Tok, ...], tuple[str, ...]]:
    """Drop prepositions and articles before a word and «и» between words: «в Париже» / «Париж», «The Beatles».
    A preposition before a pronoun stays: «о нём читают» is not «его читают»."""
    toks = tuple(toks)
    keep, dropped = [], []
    for i, t in enumerate(toks):
        before_word = ((t.text in PREPOSITIONS and not t.latin and not (i + 1 < len(toks) and _pronoun(toks[i + 1])))
                       or (t.text in ARTICLES and t.latin))
        if not t.is_number and ((before_word and i + 1 < len(toks))
                                or (t.text in GLUE and 0 < i < len(toks) - 1)):
            dropped.append(t.raw)
            continue
        keep.append(t)
    return tuple(keep), tuple(dropped)


def normalized(toks: Iterable[Tok]) -> str:
    """The tokens as the verdict reports them (#N for numbers)."""
    return " ".join(t.to_json() for t in toks)
