"""chgksuite's 4s format: a line's first mark says what it holds.

    ###  title          #DATE  date          #EDITOR  editors       #  a note
    ##   tour           ?  question          !  answer              =  «Зачёт»
    !=   «Незачёт»      /  comment           ^  sources             @  author

A line without a mark continues the field above it (a blitz answer's «- …» items, a source list).
Questions carry no numbers: they are counted through the package.  A handout opens the question as
«Раздаточный материал:» with a «[ … ]» block, or as a bare «Раздаточный материал» line and the line
after it.  Fields end in the same record as the db.chgk.info reader's (package.build_question).
"""
from __future__ import annotations

import re
from typing import Any

from service.rules.chgk.package_fields import PackageError, build_question, split_people

_MARK = re.compile(r"^(?P<mark>###LJ|###|##|#DATE|#EDITOR|#|\?|!=|!|=|/|\^|@)(?:\s|$)(?P<rest>.*)$")
FIELDS = {"?": "text", "!": "answer", "=": "accepted", "!=": "rejected", "/": "comment", "^": "sources",
          "@": "authors"}
_HANDOUT_HEAD = re.compile(r"\s*+Раздаточный\s+материал", re.I)
_SPACES = re.compile(r"\s*+")
_BLOCK_END = re.compile(r"(?<!\s)\s+\]")               # «]» after a run of spaces, the run read once
_LINE_BREAK_AFTER = re.compile(r"[^\S\n]*+\n")         # spaces that hold a line break
_EDITORS_LABEL = re.compile(r"^\s*Редактор(?:ы)?\s*:\s*", re.I)


def looks_like(lines: list[str]) -> bool:
    """A 4s package: its questions are «? » lines and its answers «! » lines."""
    marks = [m.group("mark") for m in map(_MARK.match, lines) if m]
    return marks.count("?") >= 1 and marks.count("!") >= 1


# The handout opening a question, read as the patterns
#   block: ^\s*Раздаточный\s+материал\s*:?\s*\n\s*\[\s*\n(?P<h>.*?)\n\s*\]\s*\n   (re.S)
#   line:  ^\s*Раздаточный\s+материал\s*:?\s*\n(?P<h>[^\n]*)\n
# would read them, in one pass: as patterns their runs of spaces and line breaks split every way
# (cubic in a run of blank lines, issue 35).  Spaces below are what `\s` matches (str.isspace).

def _skip_spaces(s: str, at: int) -> int:
    return _SPACES.match(s, at).end()


def _after_label(s: str) -> list[tuple[int, int]]:
    """The runs of spaces after «Раздаточный материал» (start, end), in the order the patterns try
    them: the run after a colon, then the run before it."""
    head = _HANDOUT_HEAD.match(s)
    if head is None:
        return []
    end = _skip_spaces(s, head.end())
    runs = [(head.end(), end)]
    if s[end:end + 1] == ":":
        runs.insert(0, (end + 1, _skip_spaces(s, end + 1)))
    return runs


def _line(s: str, start: int, end: int) -> tuple[int, str] | None:
    """The handout line after the last line break of the run s[start:end]: the end of that line and
    its text.  With no break after it, the text between the run's last two breaks (spaces)."""
    last = s.rfind("\n", start, end)
    if last < 0:
        return None
    line_end = s.find("\n", last + 1)
    if line_end >= 0:
        return line_end + 1, s[last + 1:line_end]
    previous = s.rfind("\n", start, last)
    return (last + 1, s[previous + 1:last]) if previous >= 0 else None


def _block_end(s: str, start: int) -> tuple[int, int] | None:
    """The block's end at or after `start`: a line break, spaces, «]», spaces holding a line break
    (the first such «]»); where its first line break is, and its end.  Each run is read once."""
    for m in _BLOCK_END.finditer(s, start):
        newline = s.find("\n", m.start(), m.end() - 1)
        after = _LINE_BREAK_AFTER.match(s, m.end())
        if newline >= 0 and after:
            return newline, after.end()
    return None


def _block(s: str, bracket: int) -> tuple[int, str] | None:
    """The «[ … ]» block from `bracket`: its end and its text."""
    end = _skip_spaces(s, bracket + 1)
    newline = s.rfind("\n", bracket + 1, end)
    if newline < 0:
        return None
    found = _block_end(s, newline + 1)
    if found:
        return found[1], s[newline + 1:found[0]]
    # The block's text may also be empty, when the spaces after «[» end at «]» and hold two breaks.
    after = _LINE_BREAK_AFTER.match(s, end + 1) if s[end:end + 1] == "]" else None
    if after and s.count("\n", bracket + 1, end) >= 2:
        return after.end(), ""
    return None


def _handout(text: str) -> tuple[str, str | None]:
    """A handout opening the question's text: (the text after it, the handout), or (text, None)."""
    s = text + "\n"
    runs = _after_label(s)
    # The block's «[» ends the first run (spaces before a colon end at the colon); a run holds a
    # line break or the patterns cannot start the block's text.
    start, end = runs[0] if runs else (0, 0)
    block = _block(s, end) if s[end:end + 1] == "[" and "\n" in s[start:end] else None
    if block:
        return s[block[0]:].strip(), block[1].strip()
    for start, end in runs:
        line = _line(s, start, end)
        if line:
            return s[line[0]:].strip(), line[1].strip()
    return text, None


def read(lines: list[str]) -> dict:
    meta: dict[str, Any] = {}
    editors: list[str] = []
    info: list[str] = []
    questions: list[dict] = []
    warnings: list[str] = []
    tour: str | None = None
    current: dict | None = None
    fields: dict[str, list[str]] = {}
    key: str | None = None

    def flush() -> None:
        nonlocal current, fields
        if current is not None:
            text = {k: "\n".join(v).strip() for k, v in fields.items()}
            body, handout = _handout(text.get("text", ""))
            text["text"], text["handout"] = body, handout or ""
            text = {k: v.replace("\\_", "_") for k, v in text.items()}
            questions.append(build_question(current, text, warnings))
        current, fields = None, {}

    for lineno, line in enumerate(lines, 1):
        m = _MARK.match(line)
        mark, rest = (m.group("mark"), m.group("rest").strip()) if m else (None, line)
        if mark in ("###LJ", "###"):
            meta.setdefault("title", rest)
        elif mark == "#DATE":
            meta.setdefault("date", rest)
        elif mark == "#EDITOR":
            editors.extend(e for e in split_people(_EDITORS_LABEL.sub("", rest)) if e not in editors)
        elif mark == "#":
            info.append(rest)
        elif mark == "##":
            flush()
            tour, key = rest or None, None
        elif mark == "?":
            flush()
            current = {"label": str(len(questions) + 1), "tour": tour, "line": lineno}
            fields, key = {"text": [rest]}, "text"
        elif mark in FIELDS and current is not None:
            key = FIELDS[mark]
            fields.setdefault(key, []).append(rest)
        elif mark is None and key is not None and current is not None:
            fields[key].append(line)
    flush()
    if not questions:
        raise PackageError("вопросы не найдены: ожидаются строки вида «? вопрос», «! ответ»…")
    if editors:
        meta["editors"] = editors
    if info:
        meta["info"] = "\n".join(i for i in info if i)
    return {"meta": meta, "questions": questions, "warnings": warnings, "count": len(questions)}
