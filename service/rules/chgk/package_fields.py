"""One question's fields read into its record, for both package formats (package.py, package4s.py).

Every field is unbounded (a package may be 495,000 characters), so nothing here may cost more than
linear time in its text (issues 35, 36): no pattern has two quantifiers that can match the same
characters one after the other, or a lazy scan started again from every place a repeated mark
occurs; where a pattern cannot say it so, the text is scanned once with str methods.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from lexicon import Lexicon
from lexicon.text import fold_key
from service.rules.chgk.shorthand import expand_shorthand
from service.rules.chgk.vocabulary import NOTE_START


_TOP_MARKS = r'(\[«„“)\]»”"]'     # the rest of a character class: brackets and quotes
# Lemmas cost about 70 µs a distinct word, so substitutions read a few words, not a field's worth:
MAX_NAMED_PART_WORDS = 16    # «вместо X»: X names a part of the reference (real packages: up to 9 words)
MAX_REFERENCE_WORDS = 64     # a reference whose parts are replaced is an answer (real: up to 6 words)


class PackageError(ValueError):
    """The text cannot be read as a question package."""


def split_top(text: str, seps: str) -> list[str]:
    """Split on separators outside brackets and quotes (only those marks are visited)."""
    out, start, depth, quote = [], 0, 0, False
    for m in re.finditer("[" + re.escape(seps) + _TOP_MARKS, text):
        ch = m.group()
        if ch in "([«„“":
            depth += 1
        elif ch in ")]»”" and depth:
            depth -= 1
        elif ch == '"':
            quote = not quote
        if ch in seps and depth == 0 and not quote:
            out.append(text[start:m.start()])
            start = m.end()
    out.append(text[start:])
    return [p.strip() for p in out if p.strip()]


def strip_end(text: str) -> str:
    """Spaces collapsed, a final full stop off (not after initials «А. С.» nor of an ellipsis)."""
    text = re.sub(r"\s+", " ", text).strip()
    if re.search(r"(?:^|[\s.])[А-ЯЁ]\.$", text) or text.endswith(".."):
        return text
    return text[:-1].strip() if text.endswith(".") else text


def newlines_to_spaces(text: str) -> str:
    """Each run of spaces that holds a line break as one space (`\\s*\\n\\s*` → « », which is
    quadratic in a long run of spaces without one)."""
    return re.sub(r"\s+", lambda m: " " if "\n" in m.group() else m.group(), text)


# --- «Зачёт» items --------------------------------------------------------------------------------

_TRAILING_NOTE = re.compile(r"^(?P<item>.*\S)\s*\((?P<note>[^()]*)\)$")   # linear: one try per «(»
_ENUMERATION = re.compile(r"(?:^|(?<=[.;])\s+)\d{1,2}[.)]\s+")          # «1. 1915, 1916. 2. 1940» in a duplet
_ALSO = re.compile(r",\s*(?=(?:а\s+)?также\s)")
_SUBSTITUTION_PREFIXES = (re.compile(r"а\s+также\s+", re.I), re.compile(r"также\s+", re.I))
_INSTEAD = re.compile(r"вместо", re.I)
_BRACKET = re.compile(r"[()]")
# `\s*,\s*|\s+или\s+` and `\s+и\s+` with a match starting only where a run of spaces starts
# (lookbehind): tried again from every space of a long run, they cost its length squared.
_NEW_SEPARATOR = re.compile(r",\s*|(?<!\s)\s+,\s*|(?<!\s)\s+или\s+")
_PEOPLE_AND = re.compile(r"(?<!\s)\s+и\s+(?=[А-ЯЁA-Z])")


def criterion_with_list(part: str) -> tuple[str, str] | None:
    """«Синонимичные ответы: a; b» → (note, rest): the note is 3–60 characters up to the first colon
    (no «;» before it), the rest starts with a non-space and is one line.  A str scan, since the
    pattern `[^:;]{3,60}?\\s*:` retries its spaces from each of its 60 lengths."""
    colon = part.find(":")
    if colon < 0 or ";" in part[:colon]:
        return None
    length = max(3, len(part[:colon].rstrip()))
    if length > 60 or length > colon:
        return None
    rest = part[colon + 1:].lstrip()
    if not rest:
        return None
    if "\n" in rest:                   # `.*$` reads one line, or up to a final line break
        line, _, after = rest.partition("\n")
        if after:
            return None
        rest = line
    return part[:length], rest


class _Substitution(NamedTuple):
    new: str
    old: str


def _old_part_starts(text: str):
    """A test of where «old» of «new вместо old (note)» may start: at q, a character other than a
    bracket, from which the text has no brackets up to at most one final «( … )» with no «)» inside.
    Brackets are looked up moving forward only, so all the «вместо» of a clause cost one pass."""
    last_close = text.rfind(")", 0, len(text) - 1) if text.endswith(")") else None
    seen = [0, -1]              # the first bracket at or after seen[0] is at seen[1] (len(text): none)

    def old_end(q: int) -> int | None:
        """Where old ends when it starts at q; None when the rest is not «old (note)»."""
        if q >= len(text) or text[q] in "()":
            return None
        if not seen[0] <= q <= seen[1]:
            m = _BRACKET.search(text, q)
            seen[:] = q, (m.start() if m else len(text))
        paren = seen[1]
        if paren == len(text) or (text[paren] == "(" and last_close is not None and last_close < paren):
            return paren
        return None

    return old_end


def _substitution_from(text: str, start: int) -> _Substitution | None:
    """«new вместо old» with new starting at `start`: the first «вместо» whose rest reads as old."""
    old_end = _old_part_starts(text)
    for m in _INSTEAD.finditer(text, start + 1):            # new is at least one character
        q = m.end()
        while q < len(text) and text[q].isspace():
            q += 1
        end = old_end(q) if q > m.end() else None
        if end is None:
            continue
        e = m.start()                                       # new ends before «\s*[-–—]?\s*»
        while e > start + 1 and text[e - 1].isspace():
            e -= 1
        if e > start + 1 and text[e - 1] in "-–—":
            e -= 1
            while e > start + 1 and text[e - 1].isspace():
                e -= 1
        return _Substitution(text[start:e], text[q:end].rstrip())
    return None


def _substitution(clause: str) -> _Substitution | None:
    """«[а] также new [-] вместо old [(note)]» in a clause with its spaces collapsed (strip_end)."""
    starts = [m.end() for m in (p.match(clause) for p in _SUBSTITUTION_PREFIXES) if m]
    for start in (*starts[:1], 0):
        found = _substitution_from(clause, start)
        if found is not None:
            return found
    return None


def _lemma_keys(text: str) -> set[str]:
    return {fold_key(x) for w in text.split() for x in (w, *Lexicon.lemmas(w))}


def reference_parts(reference: str) -> list[tuple[str, set[str]]]:
    """The reference's parts with their words' lemmas; none for a reference too long to be an answer."""
    if len(reference.split()) > MAX_REFERENCE_WORDS:
        return []
    return [(part, _lemma_keys(part)) for part in split_top(reference, ",")]


def substitutions(clause: str, reference: str,
                  parts: list[tuple[str, set[str]]] | None = None) -> list[str] | None:
    """«шофер или водитель вместо садовника» with the reference «Дворецкий, садовник» → «Дворецкий, шофер»,
    «Дворецкий, водитель»; None when the clause names no part of the reference (or names it in more
    than MAX_NAMED_PART_WORDS words).  `parts`: reference_parts(reference), when already read."""
    m = _substitution(strip_end(clause))
    if not m or not reference or len(m.old.split()) > MAX_NAMED_PART_WORDS:
        return None
    parts = reference_parts(reference) if parts is None else parts
    old = _lemma_keys(m.old)
    hits = [i for i, (_, keys) in enumerate(parts) if keys & old]
    if len(hits) != 1:
        return None
    texts = [part for part, _ in parts]
    news = [n for n in _NEW_SEPARATOR.split(m.new) if n]
    return [", ".join(texts[:hits[0]] + [n] + texts[hits[0] + 1:]) for n in news]


def _items(piece_text: str, two_part: bool, answers: list[str], notes: list[str]) -> None:
    """One «;»-part of a «Зачёт» field: its answers (commas separate them unless two-part) and criteria."""
    pieces = split_top(piece_text, ",")
    start = next((k for k, p in enumerate(pieces) if NOTE_START.match(p)), len(pieces))
    if start < len(pieces):
        notes.append(strip_end(", ".join(pieces[start:])))
    pieces = pieces[:start]
    if not pieces:
        return
    if two_part or (len(pieces) > 1 and any(len(p.split()) > 4 for p in pieces)):   # one answer, or a sentence
        pieces = [", ".join(pieces)]
    for piece in pieces:
        answers.extend(expand_shorthand(strip_end(piece)))


def split_alternatives(text: str, two_part: bool = False, reference: str = "") -> tuple[list[str], list[str]]:
    """A «Зачёт:» field → (answers, criteria): «кот; котик» are answers, «по упоминанию X» a criterion for the
    judge, «шофер вместо садовника» the reference with that part replaced.  Commas separate alternatives
    too, unless the reference itself is a two-part answer («X, Y»)."""
    answers: list[str] = []
    notes: list[str] = []
    parts: list[tuple[str, set[str]]] | None = None       # the reference's, read at the first «вместо»
    for part in split_top(_ENUMERATION.sub("; ", text), ";"):
        labelled = criterion_with_list(part)
        if labelled and NOTE_START.match(labelled[0]):
            notes.append(strip_end(labelled[0]))            # «Синонимичные ответы: a; b»
            part = labelled[1]
        trailing = _TRAILING_NOTE.match(strip_end(part))
        if trailing and NOTE_START.match(trailing.group("note")):       # «"Сотби", "Кристи" (в любом порядке)»
            notes.append(trailing.group("note").strip())
            part = trailing.group("item")
        for clause in _ALSO.split(part):
            replaced = None
            if re.search(r"\bвместо\b", clause) and reference:
                parts = reference_parts(reference) if parts is None else parts
                replaced = substitutions(clause, reference, parts)
            if replaced is not None:
                answers.extend(replaced)
            else:
                _items(clause, two_part, answers, notes)
    return [a for a in answers if a], [n for n in notes if n]


def split_people(text: str) -> list[str]:
    """«А, Б (оба — Город), В» and «А и Б (Город)»: one person each; a stray «&» is no one."""
    people = []
    for part in split_top(text, ",;"):
        people.extend(p for p in _PEOPLE_AND.split(part) if p)
    return [strip_end(p.strip(" &")) for p in people if p.strip(" &.")]


def sources(text: str) -> list[str]:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    items: list[str] = []
    for line in lines:
        m = re.match(r"^\d+[.)]\s*(.*)$", line)
        if m or not items:
            items.append(m.group(1) if m else line)
        else:
            items[-1] += " " + line
    if len(items) == 1 and re.search(r"\s\d+[.)]\s", items[0]) is None and ";" in items[0]:
        items = split_top(items[0], ";")
    return items


# --- handouts -------------------------------------------------------------------------------------

_TAG_OPEN = re.compile(r"[<‹]\s*раздатка\s*>", re.I)
_TAG_CLOSE = re.compile(r"[<‹]\s*/\s*раздатка\s*>", re.I)
# Possessive: the spaces around the colon are read once, not split every way before the scan for «]».
_BRACKETED = re.compile(r"\s*+\[\s*+Раздаточный\s+материал\s*+:?\s*+(?P<h>[^\]]*)\]", re.I)
_PICTURE = re.compile(r"\(pic:", re.I)


def _tagged(text: str) -> tuple[int, int, str] | None:
    """«<раздатка>…</раздатка>»: the first opening tag and the first closing tag after it.  When no
    closing tag follows the first opening one, none follows a later one either, so one pass does."""
    opening = _TAG_OPEN.search(text)
    closing = _TAG_CLOSE.search(text, opening.end()) if opening else None
    return (opening.start(), closing.end(), text[opening.end():closing.start()]) if closing else None


def _bracketed(text: str) -> tuple[int, int, str] | None:
    """«[Раздаточный материал: …]» opening the question."""
    m = _BRACKETED.match(text)
    return (m.start(), m.end(), m.group("h")) if m else None


def _picture(text: str) -> tuple[int, int, str] | None:
    """«(pic: FILE)»: the first «(pic:» and the first «)» after it (as for the tags)."""
    opening = _PICTURE.search(text)
    closing = text.find(")", opening.end()) if opening else -1
    return (opening.start(), closing + 1, text[opening.start():closing + 1]) if closing >= 0 else None


def split_handout(text: str, handout: str | None) -> tuple[str, str | None]:
    """The question's text without its handouts, and the handouts (a field of its own comes first)."""
    found = [handout] if handout else []
    for finder in (_tagged, _bracketed, _picture):
        m = finder(text)
        if m:
            start, end, inside = m
            found.append(inside.strip())
            text = (text[:start] + text[end:]).strip()
    return text, "\n".join(found) or None


# --- the record -----------------------------------------------------------------------------------

def two_part(reference: str) -> bool:
    """«Дворецкий, садовник»: the reference lists parts of one answer, so its «Зачёт» items do too."""
    return len(split_top(reference, ",")) > 1


def build_question(current: dict, text: dict[str, str], warnings: list[str]) -> dict:
    """One question's record from its fields' texts (both formats end here)."""
    label = current["label"]
    answer = strip_end(text.get("answer", ""))
    parts = two_part(answer)
    accepted, notes = split_alternatives(newlines_to_spaces(text.get("accepted", "")), parts, answer)
    rejected, rejected_notes = split_alternatives(newlines_to_spaces(text.get("rejected", "")), parts, answer)
    if not answer:
        warnings.append(f"вопрос {label}: нет поля «Ответ:»")
    body, handout = split_handout(text.get("text", ""), text.get("handout") or None)
    number = int(re.match(r"\d+", label).group()) if re.match(r"\d+", label) else None
    return {
        "number": number,
        "label": label,
        "tour": current.get("tour"),
        "line": current["line"],
        "text": re.sub(r"\s+", " ", body).strip(),
        "handout": handout,
        "answer": answer,
        "reference": answer,
        "accepted": accepted,
        "rejected": rejected,
        "criteria": notes,
        "rejected_criteria": rejected_notes,
        "comment": re.sub(r"\s+", " ", text.get("comment", "")) or None,
        "sources": sources(text.get("sources", "")),
        "authors": split_people(re.sub(r"\s+", " ", text.get("authors", ""))),
    }
