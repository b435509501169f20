"""ЧГК package parsing is linear in every field (issue 35 item 2, issue 36's root).

Each adversarial shape is parsed at n and 4n characters and its CPU time (time.process_time, no
wall clock) compared: linear work grows about 4×, quadratic 16×, cubic 64×.  The sizes are reached
by doubling from 1,000 characters and a parse over a second of CPU fails at once, so a superlinear
reader fails within seconds rather than hanging the suite.
The rewritten readers are then checked against the patterns they replace, on short random texts
where those patterns are quick.
"""
from __future__ import annotations

import ast
import random
import re
import time
from pathlib import Path

import pytest

from service.rules.chgk import package4s, package_fields, shorthand
from service.rules.chgk.package import _Label, parse_package

ROOT = Path(__file__).resolve().parents[2]
SMALL = 20_000                 # characters of the small input; the large one is 4×
MIN_CPU = 0.02                 # the small input is parsed this long (repeated) to time it steadily


def _package(text="Текст вопроса.", answer="Дворецкий, садовник", accepted=None, rejected=None, tail=""):
    out = f"Вопрос 1:\n{text}\nОтвет: {answer}\n"
    out += f"Зачёт: {accepted}\n" if accepted is not None else ""
    out += f"Незачёт: {rejected}\n" if rejected is not None else ""
    return out + tail


def _words(n: int) -> list[str]:
    rng = random.Random(n)
    return ["".join(rng.choice("абвгдежзиклмнопрстуфхцчшэюя") for _ in range(rng.randint(4, 9))) for _ in range(n)]


# Each shape: n → a package about n characters long.  Named by the run that made a pattern backtrack.
SHAPES = {
    # «Зачёт:» with thousands of substitutions and a bracket the «(note)» never closes (issue 35: 74 KB → 15.9 s)
    "substitutions": lambda n: _package(accepted=" ".join(["а вместо б"] * (n // 11)) + " (x"),
    "substitutions by ;": lambda n: _package(accepted="; ".join(["шофер вместо садовника"] * (n // 24))),
    "substitution of a long old part": lambda n: _package(accepted="шофер вместо " + " ".join(_words(n // 7))),
    "long reference": lambda n: _package(answer=" ".join(_words(n // 7)) + ", садовник",
                                         accepted="шофер вместо садовника"),
    # a question of «<раздатка>» marks with no closing tag (issue 35: 16,000 marks, 281 KB → 18.7 s)
    "handout tags": lambda n: _package(text="<раздатка>" * (n // 10)),
    "picture marks": lambda n: _package(text="(pic:" * (n // 5)),
    "bracketed handout": lambda n: _package(text="[Раздаточный материал:" + " " * n),
    # runs of spaces: `\s*\n\s*`, `\s*,\s*`, `\s+и\s+`, a label's `\s*№?\s*` and lookahead
    "spaces in Зачёт": lambda n: _package(accepted="кот" + " " * n + "x"),
    "spaces after a label": lambda n: "Вопрос 1: а\nОтвет: б\nОтвет" + " " * n + "x\n",
    "spaces in a substitution": lambda n: _package(answer="кот", accepted="а" + " " * n + "x вместо кота"),
    "spaces in the editors": lambda n: "Редактор: А" + " " * n + "x\n" + _package(),
    "criterion before a colon": lambda n: _package(accepted="в любом" + " " * n + "x"),
    "unclosed brackets in Зачёт": lambda n: _package(accepted="кот" + " (" * (n // 2)),
    "unclosed square brackets": lambda n: _package(accepted="кот" + " [" * (n // 2)),
    "enumeration": lambda n: _package(accepted=" ".join(["1. кот."] * (n // 7))),
    # 4s: blank lines and spaces around a handout (cubic before: 4 KB → 18.6 s)
    "4s handout blank lines": lambda n: "? Раздаточный материал:\n[\n" + "\n" * n + "x\n! кот\n",
    "4s handout label spaces": lambda n: "? Раздаточный материал" + " \n" * (n // 2) + "x\n! кот\n",
    "4s editors": lambda n: "#EDITOR А" + " " * n + "x\n? в\n! кот\n",
    "4s substitutions": lambda n: "? в\n! Дворецкий, садовник\n= " + " ".join(["а вместо б"] * (n // 11)) + " (x\n",
}


def _cpu(text: str, reps: int) -> float:
    start = time.process_time()
    for _ in range(reps):
        parse_package(text)
    return time.process_time() - start


@pytest.mark.parametrize("shape", list(SHAPES))
def test_parsing_grows_linearly(shape):
    make = SHAPES[shape]
    for n in (1_000, 2_000, 4_000, 8_000, SMALL):   # growing: a superlinear reader fails within seconds
        spent = _cpu(make(n), 1)
        assert spent < 1.0, f"{shape}: {len(make(n)):,} characters took {spent:.2f} s of CPU"
    small, large = make(SMALL), make(4 * SMALL)
    reps = max(1, min(50, round(MIN_CPU / max(spent, 1e-4))))
    t_small = min(_cpu(small, reps) for _ in range(3))
    t_large = min(_cpu(large, reps) for _ in range(2))
    ratio = t_large / max(t_small, 1e-6)
    assert ratio < 8, f"{shape}: {len(small):,} → {len(large):,} characters cost {ratio:.1f}× the CPU (linear: 4×)"


def test_substitutions_read_a_few_words_not_a_field(monkeypatch):
    """Lemmas cost ~70 µs a distinct word: a substitution reads its old part and the reference's parts
    only while they are answer-sized (a 300 KB field of distinct words took 2.9 s before)."""
    from lexicon import Lexicon

    calls = []
    lemmas = Lexicon.lemmas
    monkeypatch.setattr(Lexicon, "lemmas", staticmethod(lambda w: calls.append(w) or lemmas(w)))
    words = " ".join(_words(5_000))
    for text in (_package(accepted="шофер вместо " + words),
                 _package(answer=words + ", садовник", accepted="шофер вместо садовника"),
                 _package(answer=", ".join(_words(5_000)), accepted="шофер вместо садовника; x вместо y")):
        calls.clear()
        parse_package(text)
        assert len(calls) <= package_fields.MAX_REFERENCE_WORDS + 2 * package_fields.MAX_NAMED_PART_WORDS, len(calls)
    calls.clear()
    q = parse_package(_package(accepted="шофер или водитель вместо садовника"))["questions"][0]
    assert q["accepted"] == ["Дворецкий, шофер", "Дворецкий, водитель"] and len(calls) <= 4


def test_the_package_modules_do_not_import_each_other():
    def imports(name):
        tree = ast.parse((ROOT / "service/rules/chgk" / name).read_text(encoding="utf-8"))
        return {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)} | {
            f"{node.module}.{a.name}" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for a in node.names}

    assert not {m for m in imports("package4s.py") if m.startswith("service.rules.chgk.package") and "fields" not in m}
    assert not {m for m in imports("package_fields.py") if re.search(r"\.package(4s)?$", m)}


# --- the readers against the patterns they replace (short texts: the patterns are quick there) ----

_OLD_SUBSTITUTION = re.compile(r"^(?:(?:а\s+)?также\s+)?(?P<new>.+?)\s*[-–—]?\s*вместо\s+(?P<old>[^()]+?)\s*"
                               r"(?:\([^)]*\))?$", re.IGNORECASE)
_OLD_CRITERION = re.compile(r"^(?P<note>[^:;]{3,60}?)\s*:\s*(?P<rest>\S.*)$")
_OLD_BLOCK = re.compile(r"^\s*Раздаточный\s+материал\s*:?\s*\n\s*\[\s*\n(?P<h>.*?)\n\s*\]\s*\n", re.I | re.S)
_OLD_LINE = re.compile(r"^\s*Раздаточный\s+материал\s*:?\s*\n(?P<h>[^\n]*)\n", re.I)
_OLD_HANDOUTS = [re.compile(p, re.IGNORECASE | re.DOTALL) for p in (
    r"[<‹]\s*раздатка\s*>(?P<h>.*?)[<‹]\s*/\s*раздатка\s*>",
    r"^\s*\[\s*Раздаточный\s+материал\s*:?\s*(?P<h>.*?)\]",
    r"(?P<h>\(pic:[^)]*\))",
)]


def _random_texts(pieces: list[str], count: int, longest: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(pieces) for _ in range(rng.randint(1, longest)))


def test_substitution_reads_as_the_pattern_did():
    pieces = ["вместо", " ", "шофер", "садовника", "(", ")", "x", "или", ",", "-", "а", "также", "Вместо", "—",
              "а также", "(x)", " (", "шофер вместо садовника"]
    for clause in _random_texts(pieces, 3000, 14, 1):
        clause = package_fields.strip_end(clause)
        old, new = _OLD_SUBSTITUTION.match(clause), package_fields._substitution(clause)
        assert (old and (old.group("new"), old.group("old"))) == (new and tuple(new)), clause


def test_criterion_with_list_reads_as_the_pattern_did():
    pieces = ["в любом порядке", "Синонимичные ответы", ":", ";", " ", "\n", "ab", "x", "(", ",", "\t", "a"]
    for part in _random_texts(pieces, 3000, 12, 2):
        old = _OLD_CRITERION.match(part)
        assert (old and (old.group("note"), old.group("rest"))) == package_fields.criterion_with_list(part), part


def test_4s_handout_reads_as_the_patterns_did():
    def old_handout(text):
        for pattern in (_OLD_BLOCK, _OLD_LINE):
            m = pattern.match(text + "\n")
            if m:
                return (text + "\n")[m.end():].strip(), m.group("h").strip()
        return text, None

    pieces = ["Раздаточный материал", ":", " ", "\n", "\n", "\n", "[", "]", "x", "y z", "\t", "\n[\n", "\n]\n", "\n ]"]
    for text in _random_texts(pieces, 4000, 16, 3):
        text = "Раздаточный материал" + text
        for variant in (text, text.strip()):
            assert package4s._handout(variant) == old_handout(variant), variant


def test_question_handouts_read_as_the_patterns_did():
    def old_split(text):
        found = []
        for pattern in _OLD_HANDOUTS:
            m = pattern.search(text)
            if m:
                found.append(m.group("h").strip())
                text = (text[:m.start()] + text[m.end():]).strip()
        return text, "\n".join(found) or None

    pieces = ["<раздатка>", "</раздатка>", "< раздатка>", "‹/ раздатка >", "x", " ", "\n", "(pic:", ")",
              "(pic: a.png)", "[", "]", "Раздаточный материал", ":", "[Раздаточный материал:", "(", "(PIC:"]
    for text in _random_texts(pieces, 4000, 14, 4):
        assert package_fields.split_handout(text, None) == old_split(text), text


def test_runs_and_separators_read_as_the_patterns_did():
    pieces = [" ", "  ", "\n", ",", "или", "и", "Иван", "x", "(", ")", "[", "]", "кот", "/", "ж/д", " / ", "(y)"]
    old_runs = re.compile(r"\[[^\]]*\]|\([^)]*\)|[^\[(]+|[\[(]")
    for text in _random_texts(pieces, 4000, 12, 5):
        assert package_fields.newlines_to_spaces(text) == re.sub(r"\s*\n\s*", " ", text), text
        assert package_fields._NEW_SEPARATOR.split(text) == re.split(r"\s*,\s*|\s+или\s+", text), text
        assert package_fields._PEOPLE_AND.split(text) == re.split(r"\s+и\s+(?=[А-ЯЁA-Z])", text), text
        assert shorthand._outside_brackets(text) == [(m.group(), m.group()[:1] in "[(")
                                                     for m in old_runs.finditer(text)], text


def test_field_labels_read_as_the_pattern_did():
    from service.rules.chgk.vocabulary import LABEL_PATTERN

    old = re.compile(rf"^\s*(?P<label>{LABEL_PATTERN})(?P<num>\s*№?\s*\d+[а-яa-z]?)?\s*(?:[:.]|(?=\s*$))\s*"
                     rf"(?P<rest>.*)$", re.IGNORECASE)
    pieces = ["Ответ", "Вопрос", "Тур", "Турнир", " ", "  ", "\t", "№", "5", "а", "b", ":", ".", "x", "Зачёт",
              "Раздаточный материал", "Раздаточный", "материал"]
    for line in _random_texts(pieces, 4000, 10, 6):
        m, label = old.match(line), _Label.read(line)
        assert (m is None) == (label is None), line
        if m:
            assert (label.written, label.number, label.rest) == (
                m.group("label"), (m.group("num") or "").strip(" №"), m.group("rest") or ""), line
