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

from lexicon import Lexicon
from lexicon.text import fold_key, strip_invisible
from service.rules.chgk import limits
from service.rules.chgk.shorthand import expand_shorthand
from service.rules.chgk.vocabulary import (BLOCK_LABEL, LABEL_PATTERN, META_FIELDS, NOTE_START, QUESTION_FIELDS,
                                           QUESTION_LABEL, TOUR_LABEL)

_FIELD = re.compile(rf"^\s*(?P<label>{LABEL_PATTERN})(?P<num>\s*№?\s*\d+[а-яa-z]?)?\s*(?:[:.]|(?=\s*$))\s*(?P<rest>.*)$",
                    re.IGNORECASE)
_LIST_FIELDS = ("accepted", "rejected")      # a second «Зачёт:» continues the list
_MULTILINE_META = ("info",)                  # meta fields whose line breaks are kept
# «Незачёт:» (or «Зачёт:») running on inside another field's text: «Зачет: А. Незачет: Б.»
_INLINE_LIST = re.compile(r"(?:(?<=\s)|(?<=^)|(?<=[.;]))(?P<label>Незач[её]т|Зач[её]т)\s*:", re.IGNORECASE)
# Handouts inside the question's text: a tagged block, a bracketed one, a picture.
_HANDOUTS = [re.compile(p, re.IGNORECASE | re.DOTALL) for p in (
    r"[<‹]\s*раздатка\s*>(?P<h>.*?)[<‹]\s*/\s*раздатка\s*>",
    r"^\s*\[\s*Раздаточный\s+материал\s*:?\s*(?P<h>.*?)\]",
    r"(?P<h>\(pic:[^)]*\))",
)]


class PackageError(ValueError):
    """The text cannot be read as a question package."""


def _split_top(text: str, seps: str) -> list[str]:
    """Split on separators outside brackets and quotes."""
    out, depth, buf, quote = [], 0, [], False
    for ch in text:
        if ch in "([«„“":
            depth += 1
        elif ch in ")]»”" and depth:
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


_CRITERION_WITH_LIST = re.compile(r"^(?P<note>[^:;]{3,60}?)\s*:\s*(?P<rest>\S.*)$")


_SUBSTITUTION = re.compile(r"^(?:(?:а\s+)?также\s+)?(?P<new>.+?)\s*[-–—]?\s*вместо\s+(?P<old>[^()]+?)\s*(?:\([^)]*\))?$",
                          re.IGNORECASE)
_TRAILING_NOTE = re.compile(r"^(?P<item>.*\S)\s*\((?P<note>[^()]*)\)$")
_ENUMERATION = re.compile(r"(?:^|(?<=[.;])\s+)\d{1,2}[.)]\s+")     # «1. 1915, 1916. 2. 1940» in a duplet


def substitutions(clause: str, reference: str) -> list[str] | None:
    """«шофер или водитель вместо садовника» with the reference «Дворецкий, садовник» → «Дворецкий, шофер»,
    «Дворецкий, водитель»; None when the clause names no part of the reference."""
    m = _SUBSTITUTION.match(_strip_end(clause))
    if not m or not reference:
        return None
    parts = _split_top(reference, ",")
    old = {fold_key(x) for w in m.group("old").split() for x in (w, *Lexicon.lemmas(w))}
    hits = [i for i, part in enumerate(parts)
            if {fold_key(x) for w in part.split() for x in (w, *Lexicon.lemmas(w))} & old]
    if len(hits) != 1:
        return None
    news = [n for n in re.split(r"\s*,\s*|\s+или\s+", m.group("new")) if n]
    return [", ".join(parts[:hits[0]] + [n] + parts[hits[0] + 1:]) for n in news]


def _items(piece_text: str, two_part: bool, answers: list[str], notes: list[str]) -> None:
    """One «;»-part of a «Зачёт» field: its answers (commas separate them unless two-part) and criteria."""
    pieces = _split_top(piece_text, ",")
    start = next((k for k, p in enumerate(pieces) if NOTE_START.match(p)), len(pieces))
    if start < len(pieces):
        notes.append(_strip_end(", ".join(pieces[start:])))
    pieces = pieces[:start]
    if not pieces:
        return
    if two_part or (len(pieces) > 1 and any(len(p.split()) > 4 for p in pieces)):   # one answer, or a sentence
        pieces = [", ".join(pieces)]
    for piece in pieces:
        answers.extend(expand_shorthand(_strip_end(piece)))


def split_alternatives(text: str, two_part: bool = False, reference: str = "") -> tuple[list[str], list[str]]:
    """A «Зачёт:» field → (answers, criteria): «кот; котик» are answers, «по упоминанию X» a criterion for the
    judge, «шофер вместо садовника» the reference with that part replaced.  Commas separate alternatives
    too, unless the reference itself is a two-part answer («X, Y»)."""
    answers: list[str] = []
    notes: list[str] = []
    for part in _split_top(_ENUMERATION.sub("; ", text), ";"):
        labelled = _CRITERION_WITH_LIST.match(part)
        if labelled and NOTE_START.match(labelled.group("note")):
            notes.append(_strip_end(labelled.group("note")))            # «Синонимичные ответы: a; b»
            part = labelled.group("rest")
        trailing = _TRAILING_NOTE.match(_strip_end(part))
        if trailing and NOTE_START.match(trailing.group("note")):       # «"Сотби", "Кристи" (в любом порядке)»
            notes.append(trailing.group("note").strip())
            part = trailing.group("item")
        for clause in re.split(r",\s*(?=(?:а\s+)?также\s)", part):
            replaced = substitutions(clause, reference) if re.search(r"\bвместо\b", clause) else None
            if replaced is not None:
                answers.extend(replaced)
            else:
                _items(clause, two_part, answers, notes)
    return [a for a in answers if a], [n for n in notes if n]


def split_people(text: str) -> list[str]:
    """«А, Б (оба — Город), В» and «А и Б (Город)»: one person each; a stray «&» is no one."""
    people = []
    for part in _split_top(text, ",;"):
        people.extend(p for p in re.split(r"\s+и\s+(?=[А-ЯЁA-Z])", part) if p)
    return [_strip_end(p.strip(" &")) for p in people if p.strip(" &.")]


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
    from service.rules.chgk import package4s

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


def split_handout(text: str, handout: str | None) -> tuple[str, str | None]:
    """The question's text without its handouts, and the handouts (a field of its own comes first)."""
    found = [handout] if handout else []
    for pattern in _HANDOUTS:
        m = pattern.search(text)
        if m:
            found.append(m.group("h").strip())
            text = (text[:m.start()] + text[m.end():]).strip()
    return text, "\n".join(found) or None


def two_part(reference: str) -> bool:
    """«Дворецкий, садовник»: the reference lists parts of one answer, so its «Зачёт» items do too."""
    return len(_split_top(reference, ",")) > 1


def build_question(current: dict, text: dict[str, str], warnings: list[str]) -> dict:
    """One question's record from its fields' texts (both formats end here)."""
    label = current["label"]
    answer = _strip_end(text.get("answer", ""))
    parts = two_part(answer)
    accepted, notes = split_alternatives(re.sub(r"\s*\n\s*", " ", text.get("accepted", "")), parts, answer)
    rejected, rejected_notes = split_alternatives(re.sub(r"\s*\n\s*", " ", text.get("rejected", "")), parts, answer)
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
        "sources": _sources(text.get("sources", "")),
        "authors": split_people(re.sub(r"\s+", " ", text.get("authors", ""))),
    }


def _question(current: dict, fields: dict[str, list[str]], warnings: list[str]) -> dict:
    return build_question(current, _inline_lists(fields), warnings)
