"""Codenames clues, per ../shared/rules/codenames-tournament.txt, «Правила для капитанов».

A captain gives one existing word and a number.  ``check_clue`` reports:

* ``not_single_word`` -- more than one word («с кошкой»), or two words joined by a hyphen
  that no dictionary knows as one word (a hyphenated dictionary word is one word);
* ``unknown_word``    -- an invented word or a glued compound («котогладильщик»,
  «кроликомедикаментокружка»); word forms («границу», «борется») and existing proper
  names («Нептун») are fine;
* ``cognate``         -- the clue shares a root with an open board word.  The rules:
  «Если названо однокоренное слово, команде также сразу засчитывается поражение» -- a loss;
* ``letters``         -- the clue appeals to length, letter count, position on the board or
  the shape of letters («короткие», «пятибуквенные», «линия», «круглые»);
* ``number``          -- 0, 1..team_open or "unlimited"; anything else is a foul.

Penalty: ``loss`` when a cognate is named, else ``foul`` for any violation, else ``none``.
A finding the lexicon is unsure of is a ``warning``: it is reported, it costs nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lexicon import morphology
from lexicon.cognates import CognateEngine
from lexicon.text import InvalidWord, NormalizedWord, normalize_word, tokenize
from service.rules.pool import invalid_reason, plural, roots_ru

RULES = ("not_single_word", "unknown_word", "cognate", "letters", "number")
RULES_SOURCE = "rules/codenames-tournament.txt, «Правила для капитанов»"
UNLIMITED = ("unlimited", "неограниченно", "бесконечно", "∞")
MAX_BOARD = 25
MAX_TEAM_OPEN = 25
# A word no dictionary knows still counts as existing when wordfreq has seen it this often
# (Zipf: 2.5 ≈ three times per billion words); invented glued words score 0.
ATTESTED_ZIPF = 2.5

# Appeals the rules forbid, by lemma of the clue (examples from the rules in comments).
LETTER_LEMMAS: dict[str, str] = {
    # к длине слов («короткие: 3»)
    "короткий": "length", "коротенький": "length", "длинный": "length", "длиннющий": "length",
    "краткий": "length", "длина": "length",
    # к количеству букв («пятибуквенные: 4»), к буквам и слогам
    "буква": "letter_count", "буковка": "letter_count", "слог": "letter_count", "гласная": "letter_count",
    "согласная": "letter_count", "гласный": "letter_count", "согласный": "letter_count",
    "анаграмма": "letter_count", "палиндром": "letter_count",
    # к расположению на поле («линия: 5»)
    "линия": "position", "диагональ": "position", "горизонталь": "position", "вертикаль": "position",
    "столбец": "position", "диагональный": "position", "горизонтальный": "position",
    "вертикальный": "position", "угловой": "position", "верхний": "position", "нижний": "position",
    "соседний": "position",
    # к виду («круглые: 3», имея в виду слова с буквой О)
    "круглый": "shape", "округлый": "shape", "кругленький": "shape",
    # к однокоренным словам / созвучию
    "однокоренной": "sound", "однокоренный": "sound", "созвучный": "sound", "созвучие": "sound",
}
_LETTER_PATTERNS = [
    (re.compile(r"буквенн"), "letter_count"),                       # пятибуквенные, однобуквенный
    (re.compile(r"^(?:одно|дву|двух|тр[её]х|четыр[её]х|пяти|шести|семи|восьми|девяти|десяти|много)сложн"),
     "letter_count"),                                                # трёхсложные
    (re.compile(r"^(?:одно|дву|двух|тр[её]х|четыр[её]х|пяти|шести|семи|восьми|девяти|десяти)слог"),
     "letter_count"),
]
ASPECTS = {
    "length": "к длине слов",
    "letter_count": "к буквам или слогам слов",
    "position": "к расположению слов на поле",
    "shape": "к виду букв («круглые» — слова с буквой «О»)",
    "sound": "к однокоренным или созвучным словам",
}
_WORD_COUNTS = {2: "два слова", 3: "три слова", 4: "четыре слова"}


def _n_words(n: int) -> str:
    """2 → «два слова», 5 → «5 слов»."""
    return _WORD_COUNTS.get(n) or plural(n, "слово", "слова", "слов")


@dataclass
class ClueViolation:
    rule: str
    message: str
    severity: str = "violation"          # violation | warning
    board_word: str | None = None
    roots: list[str] = field(default_factory=list)
    evidence: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict:
        out = {"rule": self.rule, "message": self.message, "severity": self.severity,
               "roots": self.roots, "evidence": self.evidence}
        if self.board_word is not None:
            out["board_word"] = self.board_word
        return out


@dataclass
class ClueResult:
    clue: str
    number: int | str
    violations: list[ClueViolation]

    @property
    def valid(self) -> bool:
        return not any(v.severity == "violation" for v in self.violations)

    @property
    def penalty(self) -> str:
        real = [v for v in self.violations if v.severity == "violation"]
        if any(v.rule == "cognate" for v in real):
            return "loss"
        return "foul" if real else "none"

    def to_json(self) -> dict:
        return {"valid": self.valid, "penalty": self.penalty, "clue": self.clue, "number": self.number,
                "violations": [v.to_json() for v in self.violations], "rules_source": RULES_SOURCE}


def _zipf(word: str) -> float:
    from service.rules.pool import zipf   # one wordfreq cache for both checks

    return zipf(word)


def _known(engine: CognateEngine, word: NormalizedWord) -> tuple[bool, str]:
    """Does the word exist, and who says so?"""
    if morphology.is_known(word.text):
        return True, "pymorphy3 (OpenCorpora)"
    if engine.analyse(word).known:
        return True, "the compiled lexicon (Tikhonov's morphemic dictionary)"
    z = _zipf(word.text)
    if z >= ATTESTED_ZIPF:
        return True, f"wordfreq (Zipf {z})"
    return False, ""


def _glued_parts(engine: CognateEngine, text: str, depth: int = 0) -> list[str] | None:
    """«кроликомедикаментокружка» → [кролик, медикамент, кружка]: known stems joined by о/е."""
    if depth > 4:
        return None
    for cut in range(len(text) - 3, 2, -1):
        if text[cut - 1] not in "оеё" or cut < 4:
            continue
        head, tail = text[:cut - 1], text[cut:]
        if len(tail) < 3:
            continue
        head_word = _stem_word(head)
        if head_word is None:
            continue
        if morphology.is_known(tail):
            return [head_word, tail]
        rest = _glued_parts(engine, tail, depth + 1)
        if rest:
            return [head_word, *rest]
    return None


def _stem_word(stem: str) -> str | None:
    """A known word whose stem this is (кот → кот, медикамент → медикамент, рыб → рыба)."""
    for ending in ("", "а", "я", "ь", "о", "е", "ый", "ий"):
        cand = stem + ending
        if len(cand) >= 3 and morphology.is_known(cand):
            return cand
    return None


def _letters(word: NormalizedWord) -> ClueViolation | None:
    lemmas = [l.replace("ё", "е") for l in morphology.lemmas(word.text)] or [word.key]
    aspect, matched = None, None
    for lemma in [word.key, *lemmas]:
        if lemma in LETTER_LEMMAS:
            aspect, matched = LETTER_LEMMAS[lemma], lemma
            break
    if aspect is None:
        for rx, kind in _LETTER_PATTERNS:
            if rx.search(word.key):
                aspect, matched = kind, word.key
                break
    if aspect is None and len(word.text) == 1:
        aspect, matched = "letter_count", word.text    # the clue is a letter
    if aspect is None:
        return None
    return ClueViolation(
        "letters", f"«{word.raw}» отсылает {ASPECTS[aspect]}, а не к смыслу — так нельзя", "violation",
        evidence=[{"lemma": matched, "aspect": aspect,
                   "rule": RULES_SOURCE + ": ассоциация не должна апеллировать к длине слов, количеству букв, "
                           "их расположению на поле, их виду, к однокоренным словам/созвучию"}])


def check_number(number: int | str, team_open: int) -> ClueViolation | None:
    if isinstance(number, str):
        if number.strip().lower() in UNLIMITED:
            return None
        stripped = number.strip()
        if stripped.isdigit():
            number = int(stripped)
        else:
            return ClueViolation("number", f"«{number}» — не число: назовите 0, 1–{team_open} или «неограниченно»",
                                 evidence=[{"number": number, "team_open": team_open, "rule": RULES_SOURCE}])
    if isinstance(number, bool) or not isinstance(number, int):
        return ClueViolation("number", f"«{number}» — не число", evidence=[{"number": str(number)}])
    if number == 0 or 1 <= number <= team_open:
        return None
    allowed = f"0, 1–{team_open} или «неограниченно»" if team_open >= 1 else "0 или «неограниченно»"
    open_words = plural(team_open, "открытое слово", "открытых слова", "открытых слов")
    return ClueViolation("number", f"число {number} не подходит: можно {allowed} (у команды {open_words})",
                         evidence=[{"number": number, "team_open": team_open,
                                    "rule": "капитан подаёт ассоциацию, которая состоит из слова + числа от 1 до "
                                            "количества открытых слов команды/«0»/«неограниченно»"}])


def _cognates(engine: CognateEngine, word: NormalizedWord, board: list[str]) -> list[ClueViolation]:
    out = []
    for board_word in board:
        try:
            verdict = engine.compare(word, board_word)
        except InvalidWord:
            continue
        if not verdict.cognate:
            continue
        sure = verdict.confidence == "certain" or (verdict.a.known and verdict.b.known)
        same = any(ev.get("kind") == "same_word" for ev in verdict.evidence)
        what = (f"«{word.raw}» — форма открытого слова «{board_word}»" if same else
                f"«{word.raw}» однокоренное с открытым словом «{board_word}»"
                + (f" ({roots_ru(verdict.shared_roots)})" if verdict.shared_roots else ""))
        out.append(ClueViolation(
            "cognate", what + (": по правилам это поражение" if sure else
                               ": словарь не уверен (вероятно однокоренные), решает судья"),
            "violation" if sure else "warning", board_word, list(verdict.shared_roots),
            [{**ev, "confidence": verdict.confidence} for ev in verdict.evidence]
            + [{"rule": RULES_SOURCE + ": если названо однокоренное слово, команде также сразу засчитывается "
                                       "поражение"}]))
    return out


def check_clue(engine: CognateEngine, clue: str, number: int | str, board: list[str],
               team_open: int) -> ClueResult:
    """Judge one clue against the open words of the board."""
    violations: list[ClueViolation] = []
    num = check_number(number, team_open)
    tokens = [t for t in tokenize(clue)]
    if len(tokens) != 1:
        if len(tokens) == 0:
            violations.append(ClueViolation("unknown_word", f"в «{clue}» нет ни одного слова",
                                            evidence=[{"clue": clue}]))
        else:
            violations.append(ClueViolation(
                "not_single_word", f"«{clue}» — {_n_words(len(tokens))}, а подсказка должна быть одним словом",
                evidence=[{"tokens": [t.text for t in tokens], "rule": RULES_SOURCE + ": одно существующее слово"}]))
        if num:
            violations.append(num)
        return ClueResult(clue, number, violations)

    token = tokens[0]
    extra = clue.replace(token.text, "", 1).strip()
    if extra and any(ch.isalnum() for ch in extra):
        violations.append(ClueViolation("not_single_word", f"в «{clue}» есть что-то кроме слова «{token.text}»",
                                        evidence=[{"extra": extra}]))
    word = token.word
    if word is None:
        try:
            word = normalize_word(token.text)
        except InvalidWord as exc:
            violations.append(ClueViolation("unknown_word",
                                            f"«{token.text}» — не русское слово: {invalid_reason(exc)}",
                                            evidence=[{"code": exc.code}]))
            if num:
                violations.append(num)
            return ClueResult(clue, number, violations)

    known, source = _known(engine, word)
    if not known and "-" in word.text:
        parts = [p for p in word.text.split("-") if p]
        if parts and all(morphology.is_known(p) for p in parts):
            violations.append(ClueViolation(
                "not_single_word", f"«{word.raw}» — {_n_words(len(parts))} через дефис, а подсказка должна быть "
                "одним словом (как одно слово его не знает ни один словарь)",
                evidence=[{"parts": parts, "source": "pymorphy3 (OpenCorpora), wordfreq",
                           "rule": RULES_SOURCE + ": одно существующее слово"}]))
            known = True   # judged as several words; not also as an unknown one
    letters = _letters(word)
    if letters:
        violations.append(letters)
        known = True   # пятибуквенные: the appeal is the fault, not the word
    if not known:
        parts = _glued_parts(engine, word.key)
        message = (f"«{word.raw}» нет в словарях" +
                   (": это склейка слов " + " + ".join(f"«{p}»" for p in parts) if parts else ""))
        violations.append(ClueViolation(
            "unknown_word", message, evidence=[{
                "sources": ["pymorphy3 (OpenCorpora)", "the compiled lexicon", "wordfreq"],
                "zipf": _zipf(word.text), **({"parts": parts} if parts else {}),
                "rule": RULES_SOURCE + ": одно существующее слово («котогладильщик» -- плохо)"}]))
    violations.extend(_cognates(engine, word, board))
    if num:
        violations.append(num)
    return ClueResult(clue, number, violations)
