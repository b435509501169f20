"""A question package in the usual text format («Вопрос 1:», «Ответ:», «Зачёт:», «Незачёт:»…)
read into questions with their reference and alternatives; the labels are data (chgk.toml)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lexicon.text import fold_key
from service.rules.chgk import limits
from service.rules.chgk.tokens import clean
from service.rules.chgk.vocabulary import (BLOCK_LABEL, LABEL_PATTERN, META_FIELDS, NOTE_START, QUESTION_FIELDS,
                                           QUESTION_LABEL, TOUR_LABEL)

_FIELD = re.compile(rf"^\s*(?P<label>{LABEL_PATTERN})(?P<num>\s*№?\s*\d+[а-яa-z]?)?\s*(?:[:.]|(?=\s*$))\s*(?P<rest>.*)$",
                    re.IGNORECASE)
_LIST_FIELDS = ("accepted", "rejected")      # a second «Зачёт:» continues the list


class PackageError(ValueError):
    """The text cannot be read as a question package."""


def _split_top(text: str, seps: str) -> list[str]:
    """Split on separators outside brackets and quotes."""
    out, depth, buf, quote = [], 0, [], False
    for ch in text:
        if ch in "([«":
            depth += 1
        elif ch in ")]»" and depth:
            depth -= 1
        elif ch == '"':
            quote = not quote
        if ch in seps and depth == 0 and not quote:
            out.append("".join(buf))
            buf = []
            continue
        buf.append(ch)
    out.append("".join(buf))
    return [p.strip() for p in out if p.strip()]


def _strip_end(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    if re.search(r"(?:^|[\s.])[А-ЯЁ]\.$", text) or text.endswith(".."):   # initials (А. С.), an ellipsis
        return text
    return re.sub(r"\.$", "", text).strip()


def split_alternatives(text: str) -> tuple[list[str], list[str]]:
    """A «Зачёт:» field → (answers, notes): «кот; котик» are answers, «по упоминанию X» a note for the judge."""
    answers, notes = [], []
    for part in _split_top(text, ";"):
        pieces = _split_top(part, ",")
        if len(pieces) > 1 and all(len(p.split()) <= 4 and not NOTE_START.match(p) for p in pieces):
            answers.extend(_strip_end(p) for p in pieces)
        elif NOTE_START.match(part):
            notes.append(_strip_end(part))
        else:
            answers.append(_strip_end(part))
    return [a for a in answers if a], [n for n in notes if n]


def _sources(text: str) -> list[str]:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    items: list[str] = []
    for line in lines:
        m = re.match(r"^\d+[.)]\s*(.*)$", line)
        if m or not items:
            items.append(m.group(1) if m else line)
        else:
            items[-1] += " " + line
    if len(items) == 1 and re.search(r"\s\d+[.)]\s", items[0]) is None and ";" in items[0]:
        items = _split_top(items[0], ";")
    return items


@dataclass(frozen=True)
class _Label:
    """A line that starts with a field label."""
    key: str          # lower case, ё as е, one space: a key of the label tables
    written: str      # as the package writes it, for warnings
    number: str       # «5», «5а» after «Вопрос», «» when none
    rest: str         # the text after the label on the same line

    @classmethod
    def read(cls, line: str) -> "_Label | None":
        m = _FIELD.match(line)
        if m is None:
            return None
        return cls(fold_key(re.sub(r"\s+", " ", m.group("label"))), m.group("label"),
                   (m.group("num") or "").strip(" №"), m.group("rest") or "")


@dataclass
class _Reader:
    """The package read line by line: the field being filled, the question it belongs to."""
    questions: list[dict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    meta: dict[str, list[str]] = field(default_factory=dict)       # meta field → its lines
    tour: str | None = None
    current: dict | None = None                                    # the question being read
    fields: dict[str, list[str]] = field(default_factory=dict)     # its fields → their lines
    key: str | None = None                                         # the field lines go to now

    def line(self, lineno: int, line: str) -> None:
        label = _Label.read(line)
        if label is None or not self._label(lineno, label):
            self._text(line)

    def _label(self, lineno: int, label: _Label) -> bool:
        """Act on a label line; False when it is plain text here (a meta label inside a question)."""
        if label.key == TOUR_LABEL and (label.number or not label.rest.strip()):
            self.flush()
            self.key, self.tour = None, (label.number or label.rest.strip()) or None
        elif label.key == QUESTION_LABEL:
            self.flush()
            self.current = {"label": label.number or str(len(self.questions) + 1), "tour": self.tour, "line": lineno}
            self.key, self.fields = "text", {"text": [label.rest]}
        elif label.key in QUESTION_FIELDS:
            self._question_field(lineno, label)
        elif self.current is None and label.key in (*META_FIELDS, TOUR_LABEL, BLOCK_LABEL):
            self.key = META_FIELDS.get(label.key, label.key)
            self.meta.setdefault(self.key, []).append(label.rest)
        else:
            return False
        return True

    def _question_field(self, lineno: int, label: _Label) -> None:
        if self.current is None:
            self.warnings.append(f"строка {lineno}: «{label.written}» до первого «Вопрос»; пропущено")
            self.key = None
            return
        self.key = QUESTION_FIELDS[label.key]
        if self.key in self.fields:
            self.warnings.append(f"вопрос {self.current['label']}: второе поле «{label.written}»; объединено с первым")
            self.fields[self.key].append("; " if self.key in _LIST_FIELDS else "\n")
        self.fields.setdefault(self.key, []).append(label.rest)

    def _text(self, line: str) -> None:
        if self.key is None:
            # Free text before the first question is the package's title.
            if line.strip() and self.current is None and not self.questions:
                self.meta.setdefault("title", []).append(line)
        elif self.current is None:               # a meta field runs to the next blank line
            if line.strip():
                self.meta[self.key].append(line)
            else:
                self.key = None
        else:
            self.fields.setdefault(self.key, []).append(line)

    def flush(self) -> None:
        if self.current is not None:
            self.questions.append(_question(self.current, self.fields, self.warnings))
        self.current, self.fields = None, {}

    def package(self) -> dict:
        self.flush()
        if not self.questions:
            raise PackageError("вопросы не найдены: ожидаются строки вида «Вопрос 1:», «Ответ:»…")
        meta: dict[str, Any] = {}
        for name, lines in self.meta.items():
            value = "\n".join(line.strip() for line in lines if line.strip())
            meta[name] = _split_top(value, ",;") if name == "editors" else value
        seen: set[int | None] = set()
        for q in self.questions:
            if q["number"] is not None and q["number"] in seen:
                self.warnings.append(f"номер вопроса {q['number']} встречается несколько раз")
            seen.add(q["number"])
        return {"meta": meta, "questions": self.questions, "warnings": self.warnings, "count": len(self.questions)}


def parse_package(text: str) -> dict:
    """Read a package in the usual text format into questions with reference and alternatives."""
    if len(text) > limits.MAX_PACKAGE:
        raise PackageError(f"пакет длиннее {limits.MAX_PACKAGE} символов")
    reader = _Reader()
    for lineno, line in enumerate(clean(text).replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        reader.line(lineno, line)
    return reader.package()


def _question(current: dict, fields: dict[str, list[str]], warnings: list[str]) -> dict:
    def joined(key: str) -> str:
        return "\n".join(fields.get(key, [])).strip()

    label = current["label"]
    answer = _strip_end(joined("answer"))
    accepted, notes = split_alternatives(re.sub(r"\s*\n\s*", " ", joined("accepted")))
    rejected, rejected_notes = split_alternatives(re.sub(r"\s*\n\s*", " ", joined("rejected")))
    if not answer:
        warnings.append(f"вопрос {label}: нет поля «Ответ:»")
    text = re.sub(r"[ \t]+", " ", joined("text"))
    handout = joined("handout") or None
    m = re.match(r"^\s*\[\s*Раздаточный\s+материал\s*:?\s*(.*?)\]\s*", text, re.IGNORECASE | re.DOTALL)
    if m:
        handout, text = (handout + "\n" if handout else "") + m.group(1).strip(), text[m.end():]
    number = int(re.match(r"\d+", label).group()) if re.match(r"\d+", label) else None
    return {
        "number": number,
        "label": label,
        "tour": current.get("tour"),
        "line": current["line"],
        "text": text,
        "handout": handout,
        "answer": answer,
        "reference": answer,
        "accepted": accepted,
        "rejected": rejected,
        "criteria": notes,
        "rejected_criteria": rejected_notes,
        "comment": re.sub(r"\s+", " ", joined("comment")) or None,
        "sources": _sources(joined("sources")),
        "authors": _split_top(re.sub(r"\s+", " ", joined("authors")), ",;"),
    }
