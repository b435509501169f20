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

from service.rules.chgk.package import PackageError, build_question, split_people

_MARK = re.compile(r"^(?P<mark>###LJ|###|##|#DATE|#EDITOR|#|\?|!=|!|=|/|\^|@)(?:\s|$)(?P<rest>.*)$")
FIELDS = {"?": "text", "!": "answer", "=": "accepted", "!=": "rejected", "/": "comment", "^": "sources",
          "@": "authors"}
_HANDOUT_BLOCK = re.compile(r"^\s*Раздаточный\s+материал\s*:?\s*\n\s*\[\s*\n(?P<h>.*?)\n\s*\]\s*\n", re.I | re.S)
_HANDOUT_LINE = re.compile(r"^\s*Раздаточный\s+материал\s*:?\s*\n(?P<h>[^\n]*)\n", re.I)
_EDITORS_LABEL = re.compile(r"^\s*Редактор(?:ы)?\s*:\s*", re.I)


def looks_like(lines: list[str]) -> bool:
    """A 4s package: its questions are «? » lines and its answers «! » lines."""
    marks = [m.group("mark") for m in map(_MARK.match, lines) if m]
    return marks.count("?") >= 1 and marks.count("!") >= 1


def _handout(text: str) -> tuple[str, str | None]:
    for pattern in (_HANDOUT_BLOCK, _HANDOUT_LINE):
        m = pattern.match(text + "\n")
        if m:
            return (text + "\n")[m.end():].strip(), m.group("h").strip()
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
