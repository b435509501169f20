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
_OPENERS = re.compile(r"[\[(]")


def _outside_brackets(text: str) -> list[tuple[str, bool]]:
    """The text in runs, each marked whether it stands inside [brackets] or (parentheses): an opening
    bracket runs to the first closing one after it, or is a run of its own when none follows.

    The runs the pattern `\\[[^\\]]*\\]|\\([^)]*\\)|[^\\[(]+|[\\[(]` finds, but each closing bracket is
    looked up once: the pattern scans from every unclosed «(» to the end (quadratic in «((((…»)."""
    runs: list[tuple[str, bool]] = []
    closer: dict[str, int] = {}     # opener → the first closer after its last lookup (-1: none there on)
    pos = 0
    while pos < len(text):
        ch = text[pos]
        if ch not in "[(":
            end = _OPENERS.search(text, pos)
            end = end.start() if end else len(text)
            runs.append((text[pos:end], False))
            pos = end
            continue
        found = closer.get(ch)
        if found is None or -1 < found < pos:           # not looked up yet, or the closer is behind
            found = closer[ch] = text.find("])"[ch == "("], pos + 1)
        end = found + 1 if found > pos else pos + 1     # a bracket with no closer is a run of its own
        runs.append((text[pos:end], True))              # marked as the pattern marks it: by its first character
        pos = end
    return runs


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
