"""What a word the answer adds, or leaves out, does to the answer (Кодекс МАК 2.1.1, 2.1.4.2).

A missing word makes an answer less precise — unless it is the first name or patronymic of a
person named by the surname (jury practice: the surname alone is enough).  An added word is:

* ``name``      -- a first name, patronymic or initial before a surname («Абраам Линкольн»),
* ``title``     -- a title or rank before a name («император Наполеон»; titles in chgk.toml),
* ``dependent`` -- a word in the genitive after the matched word, which only narrows it («жерло вулкана»),
* ``unit``      -- a noun right after a matched number, which only names what it counts («1915 год»),
* ``number``    -- a figure the reference does not claim («в 38 попугаях»): a wrong detail spoils the answer,
* ``second``    -- a noun in the nominative beside the matched one: a second answer («волк, Красная Шапочка»),
* ``head``      -- a noun that governs the matched words, now in the genitive: another thing or the
  same said otherwise («количество ячеек» for «ячейка», «тиканье метронома» for «звук метронома»),
* ``other``     -- anything else (an adjective, a verb): a person decides whether it is true.
"""
from __future__ import annotations

from functools import lru_cache

from lexicon import Lexicon
from service.rules.chgk.tokens import Tok
from service.rules.chgk.vocabulary import TITLES

HARMLESS = ("name", "title", "dependent", "unit")   # an addition that neither contradicts nor adds an answer
SPOILING = ("number", "second")                     # an addition that makes it a second answer


@lru_cache(maxsize=10_000)
def _tags(word: str) -> tuple[str, ...]:
    return tuple(p.tag for p in Lexicon.parses(word) if p.known)


def is_given_name(tok: Tok) -> bool:
    """A first name, a patronymic or an initial (Юрий, Сергеевич, А.)."""
    if tok.is_number or tok.latin:
        return False
    if len(tok.text) == 1 and tok.raw[:1].isupper():
        return True
    tags = _tags(tok.text)
    return bool(tags) and any("Name" in t or "Patr" in t for t in tags) and not any("Surn" in t for t in tags[:1])


def is_surname(tok: Tok) -> bool:
    """A surname as far as words can tell: tagged one, or a word no dictionary knows (Родари, Хемингуэй)."""
    if tok.is_number:
        return False
    tags = _tags(tok.text)
    return not tags or any("Surn" in t for t in tags)


def _noun_case(word: str) -> set[str]:
    """The cases (of nominative and genitive) a noun form can be in; empty when its first reading is no noun."""
    tags = _tags(word)
    if not tags or not tags[0].startswith("NOUN"):
        return set()
    return {case for t in tags if t.startswith("NOUN") for case in ("nomn", "gent") if case in t}


def role(tok: Tok, position: int, answer: tuple[Tok, ...], paired: dict[int, Tok]) -> str:
    """The role of the answer's word at `position`; `paired` maps answer positions to reference words."""
    if tok.is_number:
        return "number"
    if tok.text in TITLES and any(i > position for i in paired):
        return "title"
    later = [i for i in paired if i > position]
    if is_given_name(tok) and later and all(is_surname(paired[i]) or is_given_name(paired[i]) for i in later):
        return "name"
    cases = _noun_case(tok.text)
    earlier = [i for i in paired if i < position]
    if position - 1 in paired and paired[position - 1].is_number and cases:
        return "unit"
    if earlier and "gent" in cases:
        return "dependent"
    if "nomn" in cases and later and all("gent" in _noun_case(answer[i].text) and "nomn" in _noun_case(paired[i].text)
                                         and answer[i].text != paired[i].text for i in later):
        return "head"
    if "nomn" in cases and "gent" not in cases:
        return "second"
    return "other"


def names_another_thing(part: tuple[Tok, ...]) -> bool:
    """A listed version that is an answer of its own: a number, or a noun in the nominative («Лермонтов»)."""
    return any(t.is_number or (t.text not in TITLES and _noun_case(t.text) == {"nomn"}) for t in part)
