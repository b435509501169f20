"""A question package in the text format of «База вопросов» (db.chgk.info: «Вопрос 1:», «Ответ:»,
«Зачёт:», «Незачёт:»…) or in chgksuite's 4s format («? », «! », «= »…) read into questions with
their reference, alternatives and the jury's criteria; the labels are data (chgk.toml).

What real packages do and the reader follows: a field's value may start on the next line
(«Тур:» too); lines are wrapped anywhere; «Незачёт:» may run on inline after the «Зачёт» items
(«Зачет: Уилбур Райт. Незачет: Орвилл Райт.»); a «Зачёт» item may be a criterion for the jury
(«в любом порядке», «по упоминанию …», «Синонимичные ответы: …») rather than an answer;
«колено/колени» and «Модератор / sysop Википедии» are shorthand for several answers; a two-part
answer «Дворецкий, садовник» makes its «Зачёт» items two-part too, so commas there do not
separate alternatives; handouts come as «<раздатка>…</раздатка>», «[Раздаточный материал: …]»
or «(pic: FILE)»; HTML entities are decoded; apostrophes and stress marks stay as written.
"""
from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from lexicon.text import fold_key, strip_invisible
from service.rules.chgk import limits, package4s
from service.rules.chgk.package_fields import (PackageError, build_question, split_alternatives, split_handout,
                                               split_people, substitutions, two_part)
from service.rules.chgk.vocabulary import BLOCK_LABEL, LABEL_PATTERN, META_FIELDS, QUESTION_FIELDS, QUESTION_LABEL, TOUR_LABEL

__all__ = ["PackageError", "build_question", "decode", "parse_package", "parse_package_bytes", "prepare",
           "split_alternatives", "split_handout", "split_people", "substitutions", "two_part"]

# Possessive quantifiers: the spaces after a label are read once.  With plain ones, «Ответ» and a long
# run of spaces split the run every way between the number's `\s*№?\s*` and the lookahead (issue 36).
_FIELD = re.compile(rf"^\s*+(?P<label>{LABEL_PATTERN})(?P<num>\s*+№?\s*+\d++[а-яa-z]?)?\s*+(?:[:.]|(?=\s*+$))"
                    rf"\s*+(?P<rest>.*)$", re.IGNORECASE)
_LIST_FIELDS = ("accepted", "rejected")      # a second «Зачёт:» continues the list
_MULTILINE_META = ("info",)                  # meta fields whose line breaks are kept
# «Незачёт:» (or «Зачёт:») running on inside another field's text: «Зачет: А. Незачет: Б.»
_INLINE_LIST = re.compile(r"(?:(?<=\s)|(?<=^)|(?<=[.;]))(?P<label>Незач[её]т|Зач[её]т)\s*+:", re.IGNORECASE)


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
        if label.key == TOUR_LABEL and (label.number or not self.questions or self.current is not None
                                         or not label.rest.strip()):
            self.flush()
            # «Тур 2», «Тур: 2 тур», or «Тур:» with its value on the next line
            self.tour = (label.number or label.rest.strip()) or None
            self.key = None if self.tour else "tour"
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
        if self.key == "tour":
            if line.strip():
                self.tour, self.key = line.strip(), None
        elif self.key is None:
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
            glue = "\n" if name in _MULTILINE_META else " "
            value = glue.join(line.strip() for line in lines if line.strip())
            meta[name] = split_people(value) if name == "editors" else value
        seen: set[int | None] = set()
        for q in self.questions:
            if q["number"] is not None and q["number"] in seen:
                self.warnings.append(f"номер вопроса {q['number']} встречается несколько раз")
            seen.add(q["number"])
        return {"meta": meta, "questions": self.questions, "warnings": self.warnings, "count": len(self.questions)}


ENCODINGS = ("utf_8", "cp1251", "koi8_r", "cp866")   # what Russian package files come in


def decode(data: bytes) -> str:
    """A package file's text: UTF-8 (with or without BOM), or the Cyrillic code page that fits
    (charset-normalizer, limited to the code pages Russian packages use); PackageError when none does."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    import charset_normalizer

    best = charset_normalizer.from_bytes(data, cp_isolation=list(ENCODINGS)).best()
    if best is None:
        raise PackageError("не удалось определить кодировку: ожидается UTF-8, CP1251, KOI8-R или CP866")
    return str(best)


def prepare(text: str) -> list[str]:
    """The package's lines: invisible characters out, HTML entities decoded, NFC, one kind of newline.
    Apostrophes (O'Brien) and stress marks (Ге́нрих) stay: they are the package's text."""
    text = html.unescape(unicodedata.normalize("NFC", strip_invisible(text)))
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def parse_package(text: str) -> dict:
    """Read a package (db.chgk.info text or chgksuite 4s) into questions with reference and alternatives."""
    if len(text) > limits.MAX_PACKAGE:
        raise PackageError(f"пакет длиннее {limits.MAX_PACKAGE} символов")
    lines = prepare(text)
    if package4s.looks_like(lines):
        return package4s.read(lines)
    reader = _Reader()
    for lineno, line in enumerate(lines, 1):
        reader.line(lineno, line)
    return reader.package()


def parse_package_bytes(data: bytes) -> dict:
    """A package file as bytes, its encoding detected."""
    return parse_package(decode(data))


def _inline_lists(fields: dict[str, list[str]]) -> dict[str, str]:
    """The question's fields as text, with «Зачёт:»/«Незачёт:» written inside another field moved out."""
    out = {key: "\n".join(lines).strip() for key, lines in fields.items()}
    for key in ("answer", "accepted"):
        text = out.get(key, "")
        parts = _INLINE_LIST.split(text)
        if len(parts) < 3:
            continue
        out[key] = parts[0].strip()
        for label, rest in zip(parts[1::2], parts[2::2]):
            target = "rejected" if fold_key(label).startswith("не") else "accepted"
            out[target] = "; ".join(x for x in (out.get(target, ""), rest.strip()) if x)
    return out


def _question(current: dict, fields: dict[str, list[str]], warnings: list[str]) -> dict:
    return build_question(current, _inline_lists(fields), warnings)
