"""The shorthand packages write several answers with: «колено/колени», «Модератор / sysop Википедии».

Outside brackets a package item is expanded into every answer it stands for (package.py); inside an
optional part «[Прозвище/имя] Максим» the choices are expanded when the answer is judged (variants.py).
«ж/д» (one or two letters a side) is an abbreviation, not a choice.
"""
from __future__ import annotations

import itertools
import re

_SLASHED_WORDS = re.compile(r"(?<![\w/])(\w{2,}(?:/\w{2,})+)(?![\w/])")
MAX_SHORTHAND = 16       # answers one «a/b c/d» item may expand to


def _outside_brackets(text: str) -> list[tuple[str, bool]]:
    """The text in runs, each marked whether it stands inside [brackets] or (parentheses)."""
    return [(m.group(), m.group()[:1] in "[(") for m in re.finditer(r"\[[^\]]*\]|\([^)]*\)|[^\[(]+|[\[(]", text)]


def expand_shorthand(item: str) -> list[str]:
    """«Встал на колено/колени» → both answers; «Модератор / sysop / сисоп Википедии» → each with «Википедии».
    Slashes inside brackets stay (they are the optional part's own shorthand), as does «ж/д»."""
    spaced = [p.strip() for p in re.split(r"\s+/\s+", item)] if " / " in item.replace("\u00a0", " ") else [item]
    if len(spaced) > 1:
        *heads, last = spaced
        tail = last.split()[-1] if len(last.split()) > 1 and all(len(h.split()) == 1 for h in heads) else ""
        items = [f"{h} {tail}" if tail else h for h in heads] + [last]
    else:
        items = [item]
    out: list[str] = []
    for one in items:
        runs = _outside_brackets(one)
        choices = [[text] if inside else _slash_choices(text) for text, inside in runs]
        for combo in itertools.islice(itertools.product(*choices), MAX_SHORTHAND):
            out.append(re.sub(r"\s+", " ", "".join(combo)).strip())
    return list(dict.fromkeys(o for o in out if o))


def _slash_choices(text: str) -> list[str]:
    """A run of text with «a/b» words: every reading."""
    parts = _SLASHED_WORDS.split(text)
    options = [p.split("/") if i % 2 else [p] for i, p in enumerate(parts)]
    return ["".join(c) for c in itertools.islice(itertools.product(*options), MAX_SHORTHAND)]






def expand_in_brackets(entry: str) -> list[str]:
    """«[Прозвище/имя] Максим» → «[Прозвище] Максим», «[имя] Максим»: the choices of an optional part."""
    runs = _outside_brackets(entry)
    choices = [[t[0] + c + t[-1] for c in _slash_choices(t[1:-1])] if inside and len(t) > 2 else [t]
               for t, inside in runs]
    return [re.sub(r"\s+", " ", "".join(c)).strip() for c in itertools.islice(itertools.product(*choices),
                                                                               MAX_SHORTHAND)]
