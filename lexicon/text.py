"""Text: the one normaliser, the folds and the tokeniser of every word and text that enters Корень.

Players type on phones, paste from chats and dictate to speech recognisers, so
input arrives with stress marks, zero-width joiners, Latin letters that look
Cyrillic (кoт with a Latin «o»), ё written as е and the reverse.  Everything
that looks a word up goes through :func:`normalize_word`; texts go through
:func:`clean_text`, which keeps offsets so spans point into the text as sent.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

MAX_WORD_LENGTH = 64
# A word as sent may carry stress marks, invisible characters and spaces around it, but not four per letter:
# longer input is refused before it is read (nor kept by a cache as its key).
MAX_RAW_WORD_LENGTH = 4 * MAX_WORD_LENGTH

VOWELS = frozenset("аеёиоуыэюяАЕЁИОУЫЭЮЯ")
STRESS_MARKS = "\u0301\u0300"  # combining acute and grave: за́мок, за̀мок


def _ignorable() -> frozenset[str]:
    """Characters with no visible width that chat apps, keyboards and pranksters leave inside words:
    every format character (Unicode category Cf: zero-width spaces and joiners, bidi marks, the soft
    hyphen, BOM, tags) and the rest of Unicode's Default_Ignorable_Code_Point (the combining grapheme
    joiner, variation selectors, Hangul fillers, plane 14's reserved tail)."""
    # Cf exists only in planes 0, 1 and 14, and plane 14's Cf lies inside the last range below.
    found = {chr(cp) for cp in range(0x20000) if unicodedata.category(chr(cp)) == "Cf"}
    for first, last in ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
                        (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0),
                        (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF)):
        found.update(chr(cp) for cp in range(first, last + 1))
    return frozenset(found)


def _char_class(chars: frozenset[str]) -> str:
    """A regex class of `chars` written as ranges (plane 14 alone is 4,096 of them)."""
    cps, ranges = sorted(map(ord, chars)), []
    for cp in cps:
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    return "[" + "".join(f"\\U{a:08x}-\\U{b:08x}" for a, b in ranges) + "]"


IGNORABLE = _ignorable()
_IGNORABLE_RUN = re.compile(_char_class(IGNORABLE) + "+")

# Latin letters that render like Cyrillic ones; applied only inside words that
# already contain Cyrillic, so an English word stays English.
LATIN_LOOKALIKES = str.maketrans({
    "a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у",
    "k": "к", "m": "м", "t": "т", "b": "в", "h": "н", "u": "и", "n": "п",
    "A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "K": "К", "M": "М",
    "O": "О", "P": "Р", "T": "Т", "X": "Х", "Y": "У",
})

_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
_WORD_CHARS = re.compile(r"^[а-яё]+(?:-[а-яё]+)*$")


class InvalidWord(ValueError):
    """The input cannot be read as one Russian word; `reason` says why."""

    def __init__(self, reason: str, code: str):
        super().__init__(reason)
        self.reason = reason
        self.code = code


@dataclass(frozen=True)
class NormalizedWord:
    raw: str          # as sent
    text: str         # lower case, ё kept, marks and look-alikes repaired
    key: str          # lookup key: `text` with ё folded to е
    stressed: int | None  # index in `text` of a vowel the user marked stressed

    @property
    def canonical(self) -> "NormalizedWord":
        """The word as if typed in its normal form: a cache keyed by it holds one entry per word, not per spelling sent."""
        return self if self.raw == self.text else NormalizedWord(self.text, self.text, self.key, self.stressed)


# --- folds: the only place where ё becomes е ------------------------------------------
# Three folds with three meanings; a caller picks the one it means by name.

def fold_yo(text: str) -> str:
    """ё → е, case kept: the lexicon's keys spell every word without ё."""
    return text.replace("ё", "е").replace("Ё", "Е")


def fold_key(text: str) -> str:
    """The lookup key of a word or phrase: lower case, ё → е (same length, so offsets still hold)."""
    return text.lower().replace("ё", "е")     # fold_yo after lower(): no Ё is left to fold (hot: every lookup)


def fold_root(root: str) -> str:
    """A root spelling up to spelling-only differences: ё is е; a final ь, ъ or й is no other root (бой/бо-ец)."""
    root = fold_yo(root)
    while len(root) > 1 and root[-1] in "ьъй":
        root = root[:-1]
    return root


def yo_variants(word: str) -> list[str]:
    """Spellings with one е read as ё (все → всё): for sources that keep ё apart."""
    return [word[:i] + "ё" + word[i + 1:] for i, ch in enumerate(word) if ch == "е"]


def yo_pattern(text: str) -> str:
    """A regex source matching `text` (written with е) whether the input writes е or ё there."""
    return fold_yo(text).replace("е", "[её]").replace("Е", "[ЕЁ]")


def same_without_yo(a: str, b: str) -> bool:
    return fold_yo(a) == fold_yo(b)


def strip_invisible(text: str) -> str:
    """`text` without its IGNORABLE characters: a word they split is one word again."""
    return _IGNORABLE_RUN.sub("", text)


@dataclass(frozen=True)
class CleanText:
    """A text without its IGNORABLE characters, and where each of its characters stands in the text as sent."""
    sent: str
    text: str
    kept: tuple[int, ...] | None = None   # index in `sent` of each character of `text`; None: nothing removed

    def span(self, start: int, end: int) -> tuple[int, int]:
        """A span of `text` as a span of `sent`: its first character to its last, invisible ones between included."""
        if self.kept is None:
            return start, end
        first = self.kept[start] if start < len(self.kept) else len(self.sent)
        return first, (self.kept[end - 1] + 1 if end > start else first)


def clean_text(text: str) -> CleanText:
    """The text every rule reads (see CleanText); spans found in it go back to the text as sent by .span()."""
    if not _IGNORABLE_RUN.search(text):
        return CleanText(text, text)
    kept = tuple(i for i, ch in enumerate(text) if ch not in IGNORABLE)
    return CleanText(text, "".join(text[i] for i in kept), kept)


def repair_lookalikes(token: str) -> str:
    """Map Latin look-alikes to Cyrillic when the token is mostly Cyrillic."""
    if _CYRILLIC.search(token) and re.search(r"[A-Za-z]", token):
        return token.translate(LATIN_LOOKALIKES)
    return token


def normalize_word(raw: str, max_length: int = MAX_WORD_LENGTH) -> NormalizedWord:
    """Read `raw` as a single Russian word or raise :class:`InvalidWord`."""
    if not isinstance(raw, str):
        raise InvalidWord("ожидалась строка", "type")
    if len(raw) > 4 * max_length:     # MAX_RAW_WORD_LENGTH for the default
        raise InvalidWord(f"слово длиннее {max_length} символов", "too_long")
    return _read_word(raw, max_length)


# Every check reads its words again (a Hat turn, a pool, a pair asked twice): the answer is kept.
# ~0.3 KB a word.  A refusal is not kept: lru_cache never stores an exception.
@lru_cache(maxsize=30_000)
def _read_word(raw: str, max_length: int) -> NormalizedWord:
    if len(raw) <= max_length and _WORD_CHARS.fullmatch(raw):
        # Already a plain lower-case word (most input): every step below would leave it as it is.
        return NormalizedWord(raw=raw, text=raw, key=fold_yo(raw), stressed=None)
    text = unicodedata.normalize("NFD", strip_invisible(raw)).strip()
    stressed = None
    # The «+» notation: before the stressed vowel (з+амок) or right after it (за+мок).
    if text.count("+") == 1:
        plus = text.index("+")
        text = text[:plus] + text[plus + 1:]
        if plus < len(text) and text[plus].lower() in VOWELS:
            stressed = plus
        elif plus > 0 and text[plus - 1].lower() in VOWELS:
            stressed = plus - 1
        else:
            stressed = next((i for i in range(plus, len(text)) if text[i].lower() in VOWELS), None)
    chars = []
    for ch in text:
        if ch in STRESS_MARKS:
            if chars and stressed is None:
                stressed = len(chars) - 1
            continue
        chars.append(ch)
    # Recompose (й, ё are precomposed letters) after the marks are gone.
    text = unicodedata.normalize("NFC", "".join(chars))
    if stressed is not None:
        # NFC may shorten the string before the mark; recount on the prefix.
        prefix = unicodedata.normalize("NFC", "".join(chars[:stressed]))
        stressed = len(prefix)
    if not text:
        raise InvalidWord("пустое слово", "empty")
    if len(text) > max_length:
        raise InvalidWord(f"слово длиннее {max_length} символов", "too_long")
    if any(ch.isspace() for ch in text):
        raise InvalidWord("несколько слов вместо одного", "several_words")
    text = repair_lookalikes(text).lower()
    text = text.replace("\u2011", "-").replace("\u2010", "-")
    if not _CYRILLIC.search(text):
        raise InvalidWord("в слове нет русских букв", "not_cyrillic")
    if not _WORD_CHARS.match(text):
        raise InvalidWord("в слове есть знаки, которые не являются русскими буквами", "bad_characters")
    if stressed is not None and (stressed >= len(text) or text[stressed] not in VOWELS):
        stressed = None
    return NormalizedWord(raw=raw, text=text, key=fold_yo(text), stressed=stressed)





# Read on clean_text's text: the invisible characters are out before a word is cut.
WORD_TOKEN = re.compile(r"[0-9A-Za-zА-Яа-яЁё\u0301\u0300]+(?:[-\u2010\u2011][0-9A-Za-zА-Яа-яЁё\u0301\u0300]+)*")


@dataclass(frozen=True)
class Token:
    text: str     # the token exactly as it stands in the text
    start: int    # offsets into the text as sent
    end: int
    word: NormalizedWord | None  # None when the token is not a Russian word


def pieces(text: str) -> list[tuple[str, int, int]]:
    """Words of a text as (piece, start, end), not normalised, with offsets into the text exactly as sent.
    Invisible characters inside a word do not split it; its piece keeps them (text[start:end] == piece)."""
    clean = clean_text(text)
    if clean.kept is None:
        return [(m.group(), m.start(), m.end()) for m in WORD_TOKEN.finditer(text)]
    spans = (clean.span(m.start(), m.end()) for m in WORD_TOKEN.finditer(clean.text))
    return [(text[start:end], start, end) for start, end in spans]


def tokenize(text: str) -> list[Token]:
    """Words of a text with offsets into the text exactly as sent."""
    tokens = []
    for piece, start, end in pieces(text):
        try:
            word = normalize_word(piece)
        except InvalidWord:
            word = None
        tokens.append(Token(piece, start, end, word))
    return tokens
