"""Abbreviations: is a token one, what does it stand for, which words do its letters name.

Knowledge comes from three places, strongest first:

* ``table`` -- the curated table lexicon/curated/abbreviations.tsv
  (``abbr<TAB>expansion<TAB>lemmas``), written for this project; one
  abbreviation may have several expansions (ЗАО, КПП);
* ``pymorphy3`` -- OpenCorpora tags a few hundred abbreviations ``Abbr``
  (мгу, жкх, вуз) but gives no expansion;
* ``shape`` -- an all-caps Cyrillic token of 2-6 letters (ЦУМ, ЖЭК) that
  no source knows: probably an abbreviation, expansion unknown.

A table abbreviation with a colloquial suffix or a case ending (СВДшка,
ФСБшников, мчсник, ВАКа) is that abbreviation too: ``base`` names it.

Only the table can say which word a letter stands for; the other two only
say that a token is an abbreviation.
"""
from __future__ import annotations

from lexicon import paths

from lexicon.text import fold_key, fold_yo

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

DEFAULT_TABLE = paths.ABBREVIATIONS_TSV
TABLE_SOURCE = "таблица сокращений (lexicon/curated/abbreviations.tsv)"
PYMORPHY_SOURCE = "помета Abbr словаря pymorphy3 (OpenCorpora)"
SHAPE_SOURCE = "слово из 2–6 заглавных русских букв"

_ALL_CAPS = re.compile(r"^[А-ЯЁ]{2,6}$")
# What colloquial Russian adds to an abbreviation (ГАИшник, СВДшка, МЧСник, ОМОНовец, МГУшный, ВАКа):
# a suffix (-шник, -ник, -шка, -овец, -овский, -шный, -ист), then a case ending.
_DERIVED_SUFFIX = "ш?ник|ш?ниц|шнич|ш?к|ш?ечк|овец|овц|ов|овск|евск|ист|шн"
_ENDING = "а|я|и|у|ю|е|ы|о|ом|ем|ой|ей|ов|ев|ам|ям|ами|ями|ах|ях|ый|ий|ая|ое|ые|ых|ого|ому|ым|ую|ими"
_DERIVED_TAIL = re.compile(rf"^(?:{_DERIVED_SUFFIX})(?:{_ENDING})?$")
# In lower case a bare -к-, -ов-, -ист- ends too many ordinary stems (мур|ка is a cat, not МУР).
_LOWER_TAIL = re.compile(rf"^(?:ш?ник|ш?ниц|шнич|шк|шечк|овец|овц|овск|евск|шн)(?:{_ENDING})?$")
_CASE_TAIL = re.compile(rf"^(?:{_ENDING})$")
# A dictionary word may be one too (гаишник, омоновец), but only with the suffixes no ordinary stem
# takes after an abbreviation's letters: «сошник», «стоечка», «лазовский» are not СОШ, СТО, ЛАЗ.
_WORD_TAIL = re.compile(rf"^(?:шник|шниц|шнич|шн|шк|овец|овц)(?:{_ENDING})?$")
# How capitals are read aloud, for abbreviations spelled the way they sound (эмчеэсник, эфэсбэшник):
# the Russian names of the letters, with the common colloquial variants (бэ/бе, эл/эль).
LETTER_NAMES = {
    "а": "А", "бэ": "Б", "бе": "Б", "вэ": "В", "ве": "В", "гэ": "Г", "ге": "Г", "дэ": "Д", "де": "Д",
    "е": "Е", "жэ": "Ж", "же": "Ж", "зэ": "З", "зе": "З", "и": "И", "ка": "К", "эл": "Л", "эль": "Л",
    "эм": "М", "эн": "Н", "о": "О", "пэ": "П", "пе": "П", "эр": "Р", "эс": "С", "тэ": "Т", "те": "Т",
    "у": "У", "эф": "Ф", "ха": "Х", "цэ": "Ц", "це": "Ц", "че": "Ч", "чэ": "Ч", "ша": "Ш", "ща": "Щ",
    "э": "Э", "ю": "Ю", "я": "Я", "рэ": "Р",   # «цэрэушник»: эр after a vowel is said рэ
}
MIN_LOWER_BASE = 3        # мчс|ник: a lower-case base shorter than this is too often a word's beginning
_CYRILLIC_LETTERS = re.compile(r"^[А-Яа-яЁё]+$")
_HYPHENATED = re.compile(r"^([А-ЯЁ][А-ЯЁа-яё]*[А-ЯЁ])[-\u2010\u2011]([а-яё]+)$")


def _key(text: str) -> str:
    return fold_key(text.strip())


@dataclass(frozen=True)
class Expansion:
    abbr: str                  # as the table spells it: МГУ, вуз, а/я
    expansion: str             # Московский государственный университет
    words: tuple[str, ...]     # lemmas the parts stand for: московский, государственный, университет

    def to_json(self) -> dict:
        return {"abbr": self.abbr, "expansion": self.expansion, "words": list(self.words)}


@dataclass(frozen=True)
class AbbreviationInfo:
    token: str
    source: str                               # table | pymorphy3 | shape
    expansions: tuple[Expansion, ...] = ()    # empty unless the table knows it
    base: str = ""                            # the abbreviation inside a derived word: СВД of СВДшки

    @property
    def known(self) -> bool:
        return bool(self.expansions)

    @property
    def words(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for exp in self.expansions:
            for w in exp.words:
                seen.setdefault(w, None)
        return tuple(seen)

    def to_json(self) -> dict:
        out = {"token": self.token, "source": self.source, "expansions": [e.to_json() for e in self.expansions]}
        if self.base:
            out["base"] = self.base
        return out


@dataclass
class AbbreviationTable:
    by_key: dict[str, list[Expansion]] = field(default_factory=dict)

    @classmethod
    def load(cls, path: str | Path | None = None) -> "AbbreviationTable":
        table = cls()
        text = Path(path or DEFAULT_TABLE).read_text(encoding="utf-8")
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) != 3:
                raise ValueError(f"{path or DEFAULT_TABLE}:{lineno}: expected abbr<TAB>expansion<TAB>words")
            abbr, expansion, words = (p.strip() for p in parts)
            lemmas = tuple(w.strip().lower() for w in words.split(",") if w.strip())
            entry = Expansion(abbr, expansion, lemmas)
            bucket = table.by_key.setdefault(_key(abbr), [])
            if entry not in bucket:
                bucket.append(entry)
        return table

    def __len__(self) -> int:
        return len(self.by_key)

    def entries(self, token: str) -> list[Expansion]:
        """Table rows for a token, matched the way a player would write it.

        Exact spelling always matches.  A differently cased spelling matches
        only when it is not an ordinary word: «смс» and «мгу» are МГУ and СМС,
        but «сад» is not the abbreviation САД and «дом» not ДОМ.
        """
        rows = self.by_key.get(_key(token), [])
        if not rows:
            return []
        exact = [r for r in rows if r.abbr == token or fold_yo(r.abbr) == fold_yo(token)]
        if exact:
            return exact
        if token.isupper():
            return list(rows)
        lower_rows = [r for r in rows if not r.abbr.isupper()]
        if lower_rows:
            return lower_rows
        # A capitals-only row typed in lower case (мгу, смс) counts only when pymorphy3's
        # most likely reading is that abbreviation: «ок» is «окей», «дом» is дом, not ДОМ.
        return list(rows) if _first_parse_is_abbr_noun(token) else []


def _first_parse_is_abbr_noun(token: str) -> bool:
    from lexicon.morphology import analyzer

    parses = [p for p in analyzer().parse(token.lower()) if p.is_known]
    return bool(parses) and "Abbr" in parses[0].tag and "NOUN" in parses[0].tag


def is_ordinary_word(token: str) -> bool:
    """Known to pymorphy3 through some parse that is not an abbreviation."""
    from lexicon.morphology import analyzer

    low = token.lower()
    for p in analyzer().parse(low):
        if p.is_known and "Abbr" not in p.tag:
            return True
    return False


@lru_cache(maxsize=1)
def table() -> AbbreviationTable:
    return AbbreviationTable.load()


@lru_cache(maxsize=20_000)
def pymorphy_abbr(token: str) -> bool:
    from lexicon.morphology import analyzer

    parses = [p for p in analyzer().parse(token.lower()) if p.is_known]
    return bool(parses) and any("Abbr" in p.tag for p in parses)


def looks_like_abbreviation(token: str) -> bool:
    """All capitals, Cyrillic, 2-6 letters: МГУ, ЖЭК, ЦУМ (not «Я», not «КОШКА!»-style shouting of long words)."""
    return bool(_ALL_CAPS.match(token))


@lru_cache(maxsize=20_000)
def identify(token: str) -> AbbreviationInfo | None:
    """Is `token` an abbreviation, and what does it stand for?  None when it is not one."""
    token = token.strip()
    if not token:
        return None
    rows = table().entries(token)
    if rows:
        return AbbreviationInfo(token, "table", tuple(rows))
    hyphenated = _HYPHENATED.match(token)
    if hyphenated:                      # ФСБ-шник, МГУ-шный: the hyphen only marks the suffix
        derived = _derived(hyphenated.group(1) + hyphenated.group(2))
        return AbbreviationInfo(token, derived.source, derived.expansions, derived.base) if derived else None
    if not _CYRILLIC_LETTERS.match(token):
        return None
    derived = _derived(token) or (_spelled_out(token) if token[1:].islower() else None)
    if derived is not None:
        return derived
    if looks_like_abbreviation(token):
        return AbbreviationInfo(token, "pymorphy3" if pymorphy_abbr(token) else "shape")
    if token.islower() and _first_parse_is_abbr_noun(token):
        return AbbreviationInfo(token, "pymorphy3")
    return None


def _capital_rows(base: str) -> list[Expansion]:
    """Table rows for an abbreviation written in capitals (СВД, ВсОШ), whatever case `base` is typed in."""
    return [r for r in table().by_key.get(_key(base), []) if any(ch.isupper() for ch in r.abbr[1:])]


def _derived(token: str) -> AbbreviationInfo | None:
    """A table abbreviation with a suffix or an ending: СВДшки, ФСБшников, мчсник, ВАКа; None otherwise.

    Capitals then lower case (СВДшки) may take a bare case ending; a word typed all in lower case
    (мчсник) needs a suffix and a base of 3+ letters, a dictionary word (гаишник) one of _WORD_TAIL.
    """
    lower = token[1:].islower()          # мчсник, or Мчсник at the start of a sentence
    tails = (_WORD_TAIL if is_ordinary_word(token) else _LOWER_TAIL) if lower else None
    for cut in range(len(token) - 1, 1, -1):
        base, tail = token[:cut], fold_key(token[cut:])
        if lower:
            if cut < MIN_LOWER_BASE or not tails.match(tail):
                continue
        elif not (token[cut:].islower() and any(ch.isupper() for ch in base[1:])
                  and (_DERIVED_TAIL.match(tail) or _CASE_TAIL.match(tail))):
            continue
        rows = _capital_rows(base)
        if rows:
            return AbbreviationInfo(token, "table", tuple(rows), base=rows[0].abbr)
    return None


def _spelled_out(token: str) -> AbbreviationInfo | None:
    """An abbreviation written as it is read: эмгэу (МГУ), with a suffix эмчеэсник (МЧС), эфэсбэшник (ФСБ)."""
    word, ordinary = fold_key(token), is_ordinary_word(token)
    tails = _WORD_TAIL if ordinary else _LOWER_TAIL
    todo = [(0, "")]
    while todo:
        at, letters = todo.pop()
        bare = at == len(word) and not ordinary and len(letters) >= 3     # «в эмгэу»: no suffix at all
        if len(letters) >= 2 and (bare or tails.match(word[at:])):
            rows = _capital_rows(letters)
            if rows:
                return AbbreviationInfo(token, "table", tuple(rows), base=rows[0].abbr)
        if len(letters) < 6:
            todo += [(at + len(name), letters + cap) for name, cap in LETTER_NAMES.items()
                     if word.startswith(name, at)]
    return None


def expand(token: str) -> list[Expansion]:
    """Expansions from the table ([] when unknown)."""
    info = identify(token)
    return list(info.expansions) if info else []


def letter_words(token: str) -> tuple[str, ...]:
    """Lemmas the letters (or parts) of the abbreviation stand for, from every expansion."""
    info = identify(token)
    return info.words if info else ()


def source_name(source: str) -> str:
    return {"table": TABLE_SOURCE, "pymorphy3": PYMORPHY_SOURCE, "shape": SHAPE_SOURCE}.get(source, source)
