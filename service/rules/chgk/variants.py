"""Reference variants: every expansion of the reference, «Зачёт» and «Незачёт» entries.

Optional parts in square brackets or parentheses may be omitted: «[Юрий] Гагарин» is
«Юрий Гагарин» and «Гагарин» (Кодекс МАК 2.1.5; packages mark optional parts so).
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Iterable

from lexicon import budget
from service.rules.chgk import limits
from service.rules.chgk.shorthand import expand_in_brackets
from service.rules.chgk.tokens import Tok, tokens

_OPTIONAL = re.compile(r"\[([^\[\]]*)\]|\(([^()]*)\)")


def expand_optional(entry: str) -> list[tuple[str, tuple[str, ...]]]:
    """«[Юрий] Гагарин» → [("Юрий Гагарин", ()), ("Гагарин", ("Юрий",))]; parentheses likewise."""
    parts = list(_OPTIONAL.finditer(entry))[:limits.MAX_OPTIONAL]
    if not parts:
        return [(entry, ())]
    out = []
    for keep in itertools.product((True, False), repeat=len(parts)):
        text, pos, omitted = [], 0, []
        for flag, m in zip(keep, parts):
            text.append(entry[pos:m.start()])
            inner = m.group(1) if m.group(1) is not None else m.group(2)
            if flag:
                text.append(" " + inner + " ")
            else:
                omitted.append(inner.strip())
            pos = m.end()
        text.append(entry[pos:])
        out.append((re.sub(r"\s+", " ", "".join(text)).strip(), tuple(o for o in omitted if o)))
    return out


# A criterion of the package that names a word the answer must mention: «по упоминанию метронома»,
# «По слову «Щелкунчик»», «по ключевому слову X».
_MENTION = re.compile(r"^\s*по\s+(?:упоминани\w*|слову|ключевому\s+слову|ключевым\s+словам|словам)\s+(?P<what>.+?)\s*$",
                      re.IGNORECASE)


def mentions(criteria: Iterable[str]) -> list[str]:
    """The words the criteria say an answer is accepted for mentioning."""
    out = []
    for criterion in criteria or ():
        m = _MENTION.match(criterion)
        if m:
            out.append(m.group("what").strip("«»\"“”„ "))
    return [o for o in out if o]


@dataclass
class Variant:
    source: str              # reference | accepted | rejected | criterion (a word the answer must mention)
    entry: str               # as given, with its brackets
    text: str                # this expansion
    omitted: tuple[str, ...]
    toks: tuple[Tok, ...]


def count_variants(entries: Iterable[str]) -> int:
    """How many variants `expand_optional` makes of these entries, without making them."""
    return sum(2 ** min(len(_OPTIONAL.findall(e)), limits.MAX_OPTIONAL) for e in entries if e and e.strip())


def variants(reference: str, accepted: Iterable[str] = (), rejected: Iterable[str] = (),
             criteria: Iterable[str] = ()) -> list[Variant]:
    """Every expansion of the reference, зачёт and незачёт entries, and the words criteria ask to be mentioned;
    TooMuchWork over MAX_REFERENCE_VARIANTS."""
    sources = (("reference", [reference]), ("accepted", list(accepted or ())), ("rejected", list(rejected or ())),
               ("criterion", mentions(criteria)))
    limits.check_variants(count_variants(e for _, entries in sources for e in entries))
    out = []
    for source, entries in sources:
        for entry in entries:
            if not entry or not entry.strip():
                continue
            budget.check()
            for text, omitted in (x for choice in expand_in_brackets(entry) for x in expand_optional(choice)):
                toks = tokens(text)
                if toks:
                    out.append(Variant(source, entry, text, omitted, toks))
    return out


def answer_variant(toks: tuple[Tok, ...]) -> Variant:
    """Another team's answer as a variant to align with (the typo groups of a batch)."""
    return Variant("reference", "", "", (), toks)
