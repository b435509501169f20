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
* ``sound``           -- the clue appeals to sound, rhyme or shared roots of the words
  («рифмуются», «созвучные», «однокоренные»): «к однокоренным словам/созвучию»;
* ``number``          -- 0, 1..team_open or "unlimited"; anything else is a foul.

Penalty: ``loss`` when a cognate of an open card is named, else ``foul`` for any violation,
else ``none``.
A finding the lexicon is unsure of is a ``warning``: it is reported, it costs nothing.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from lexicon import Lexicon
from lexicon.cognates import Verdict
from lexicon.facade import ATTESTED_ZIPF, SOURCE_COMPILED, SOURCE_DICTIONARY, WordStatus
from lexicon.overrides import NO_RULINGS, Oracle
from lexicon.text import InvalidWord, NormalizedWord, fold_key
from service.rules.findings import Finding, count
from service.rules.pool import invalid_reason, plural, roots_ru

RULES = ("not_single_word", "unknown_word", "cognate", "letters", "sound", "number")
RULES_SOURCE = "rules/codenames-tournament.txt, «Правила для капитанов»"
MAX_TEAM_OPEN = 25
DATA = Path(__file__).resolve().parent / "data" / "codenames.toml"
# Who is asked whether a clue exists (lexicon.Lexicon.status); any of them suffices.
CONSULTED = [SOURCE_DICTIONARY, SOURCE_COMPILED, f"wordfreq (Zipf ≥ {ATTESTED_ZIPF})"]

_TABLES = tomllib.loads(DATA.read_text(encoding="utf-8"))
CLAUSES: dict[str, str] = _TABLES["clauses"]
UNLIMITED = tuple(_TABLES["number"]["unlimited"])
WORD_COUNTS = {int(n): words for n, words in _TABLES["words"]["counts"].items()}
LINKING_VOWELS: str = _TABLES["glued"]["linking_vowels"]
STEM_ENDINGS = tuple(_TABLES["glued"]["stem_endings"])
GAME_BREAKING_PARTS: int = _TABLES["glued"]["game_breaking_parts"]
ASPECTS = {aspect: table["says"] for aspect, table in _TABLES["appeals"].items()}
APPEAL_LEMMAS = {fold_key(lemma): aspect for aspect, table in _TABLES["appeals"].items() for lemma in table["lemmas"]}
APPEAL_PATTERNS = tuple((re.compile(rx), aspect) for aspect, table in _TABLES["appeals"].items()
                        for rx in table.get("patterns", ()))


def cite(clause: str) -> str:
    return f"{RULES_SOURCE}: {CLAUSES[clause]}"


def _n_words(n: int) -> str:
    """2 → «два слова», 5 → «5 слов»."""
    return WORD_COUNTS.get(n) or plural(n, "слово", "слова", "слов")


def _finding(rule: str, message: str, *evidence: dict, severity: str = "violation",
             board_word: str | None = None, roots: list[str] | None = None) -> Finding:
    about = {"board_word": board_word} if board_word is not None else {}
    return Finding(rule, message, severity, evidence=list(evidence), about={**about, "roots": list(roots or [])})


@dataclass
class ClueResult:
    clue: str
    number: int | str
    violations: list[Finding]

    @property
    def valid(self) -> bool:
        return count(self.violations, "violation") == 0

    @property
    def penalty(self) -> str:
        real = [v for v in self.violations if v.severity == "violation"]
        if any(v.rule == "cognate" or v.penalty == "loss" for v in real):
            return "loss"
        return "foul" if real else "none"

    def to_json(self) -> dict:
        return {"valid": self.valid, "penalty": self.penalty, "clue": self.clue, "number": self.number,
                "violations": [v.to_json() for v in self.violations], "rules_source": RULES_SOURCE}


# ------------------------------------------------------------- one word ---

def _read_clue(lexicon: Lexicon, clue: str) -> tuple[NormalizedWord | None, list[Finding]]:
    """The clue's one word, or None; and what is wrong with the clue as a single word."""
    tokens = lexicon.tokenize(clue)
    if not tokens:
        return None, [_finding("unknown_word", f"в «{clue}» нет ни одного слова", {"clue": clue})]
    if len(tokens) > 1:
        return None, [_finding("not_single_word",
                               f"«{clue}» — {_n_words(len(tokens))}, а подсказка должна быть одним словом",
                               {"tokens": [t.text for t in tokens], "rule": cite("single_word")})]
    token, found = tokens[0], []
    extra = clue.replace(token.text, "", 1).strip()
    if extra and any(ch.isalnum() for ch in extra):
        found.append(_finding("not_single_word", f"в «{clue}» есть что-то кроме слова «{token.text}»",
                              {"extra": extra}))
    if token.word is not None:
        return token.word, found
    try:
        return lexicon.normalize(token.text), found
    except InvalidWord as exc:
        return None, found + [_finding("unknown_word", f"«{token.text}» — не русское слово: {invalid_reason(exc)}",
                                       {"code": exc.code})]


def _hyphenated(lexicon: Lexicon, word: NormalizedWord) -> Finding | None:
    """Dictionary words joined by a hyphen that nobody knows as one word (кот-обормот; диван-кровать is one)."""
    parts = [p for p in word.text.split("-") if p]
    if "-" not in word.text or not parts or not all(lexicon.in_dictionary(p) for p in parts):
        return None
    return _finding("not_single_word",
                    f"«{word.raw}» — {_n_words(len(parts))} через дефис, а подсказка должна быть "
                    "одним словом (как одно слово его не знает ни один словарь)",
                    {"parts": parts, "source": ", ".join(CONSULTED), "rule": cite("single_word")})


def _stem_word(lexicon: Lexicon, stem: str) -> str | None:
    """A known word whose stem this is (кот → кот, медикамент → медикамент, рыб → рыба)."""
    for ending in STEM_ENDINGS:
        cand = stem + ending
        if len(cand) >= 3 and lexicon.in_dictionary(cand):
            return cand
    return None


def _glued_parts(lexicon: Lexicon, text: str, depth: int = 0) -> list[str] | None:
    """«кроликомедикаментокружка» → [кролик, медикамент, кружка]: known stems joined by о/е."""
    if depth > 4:
        return None
    for cut in range(len(text) - 3, 2, -1):
        if text[cut - 1] not in LINKING_VOWELS or cut < 4:
            continue
        head, tail = text[:cut - 1], text[cut:]
        head_word = _stem_word(lexicon, head) if len(tail) >= 3 else None
        if head_word is None:
            continue
        if lexicon.in_dictionary(tail):
            return [head_word, tail]
        rest = _glued_parts(lexicon, tail, depth + 1)
        if rest:
            return [head_word, *rest]
    return None


def _unknown(lexicon: Lexicon, word: NormalizedWord, status: WordStatus) -> Finding:
    parts = _glued_parts(lexicon, word.key)
    message = (f"«{word.raw}» нет в словарях" +
               (": это склейка слов " + " + ".join(f"«{p}»" for p in parts) if parts else ""))
    finding = _finding("unknown_word", message, {"sources": CONSULTED, "zipf": status.zipf,
                                                 **({"parts": parts} if parts else {}), "rule": cite("existing_word")})
    if parts and len(parts) >= GAME_BREAKING_PARTS:
        # Several cards in one made-up word break the game: the rules' example of a technical defeat.
        finding.message += " — такая склейка ломает игру: техническое поражение (по усмотрению судьи)"
        finding.penalty = "loss"
        finding.evidence.append({"rule": cite("glued_words")})
    return finding


def _letters(lexicon: Lexicon, word: NormalizedWord) -> Finding | None:
    """An appeal to length, letters, position on the board, the shape of letters or sound."""
    lemmas = [fold_key(lemma) for lemma in lexicon.lemmas(word.text)] or [word.key]
    matched = next((lemma for lemma in [word.key, *lemmas] if lemma in APPEAL_LEMMAS), None)
    aspect = APPEAL_LEMMAS.get(matched)
    if aspect is None:
        aspect, matched = next((a for rx, a in APPEAL_PATTERNS if rx.search(word.key)), None), word.key
    if aspect is None and len(word.text) == 1:
        aspect, matched = "letter_count", word.text    # the clue is a letter
    if aspect is None:
        return None
    rule = "sound" if aspect == "sound" else "letters"
    return _finding(rule, f"«{word.raw}» отсылает {ASPECTS[aspect]}, а не к смыслу — так нельзя",
                    {"lemma": matched, "aspect": aspect, "rule": cite(rule)})


def _word_findings(lexicon: Lexicon, word: NormalizedWord) -> list[Finding]:
    """Is the one word an existing word, and not an appeal to letters?"""
    status = lexicon.status(word.text)
    hyphenated = None if status.known else _hyphenated(lexicon, word)
    letters = _letters(lexicon, word)
    found = [f for f in (hyphenated, letters) if f]
    # Judged as several words, or as an appeal («пятибуквенные»): not also as an unknown word.
    if not (status.known or found):
        found.append(_unknown(lexicon, word, status))
    return found


# ----------------------------------------------------- board and number ---

def _cognate(word: NormalizedWord, board_word: str, v: Verdict, judged: bool) -> Finding:
    sure = judged or v.confidence == "certain" or (v.a.known and v.b.known)
    if judged:
        what = f"«{word.raw}» однокоренное с открытым словом «{board_word}» по решению судьи"
    elif any(ev.get("kind") == "same_word" for ev in v.evidence):
        what = f"«{word.raw}» — форма открытого слова «{board_word}»"
    else:
        what = (f"«{word.raw}» однокоренное с открытым словом «{board_word}»"
                + (f" ({roots_ru(v.shared_roots)})" if v.shared_roots else ""))
    evidence = v.evidence if judged else [{**ev, "confidence": v.confidence} for ev in v.evidence]
    return _finding("cognate", what + (": по правилам это поражение" if sure else
                                       ": словарь не уверен (вероятно однокоренные), решает судья"),
                    *evidence, {"rule": cite("cognate")}, severity="violation" if sure else "warning",
                    board_word=board_word, roots=v.shared_roots)


def _cognates(lexicon: Lexicon, word: NormalizedWord, board: list[str], oracle: Oracle) -> list[Finding]:
    """Open board words the clue shares a root with; a judge's ruling on a pair decides it."""
    out = []
    for board_word in board:
        try:
            engine = lexicon.compare(word, board_word)
        except InvalidWord:
            continue
        verdict = lexicon.ruled(engine, oracle)
        if verdict.cognate:
            out.append(_cognate(word, board_word, verdict, judged=verdict is not engine))
    return out


def check_number(number: int | str, team_open: int) -> Finding | None:
    if isinstance(number, str):
        stripped = number.strip()
        if stripped.lower() in UNLIMITED:
            return None
        if not stripped.isdigit():
            return _finding("number", f"«{number}» — не число: назовите 0, 1–{team_open} или «неограниченно»",
                            {"number": number, "team_open": team_open, "rule": cite("number")})
        number = int(stripped)
    if isinstance(number, bool) or not isinstance(number, int):
        return _finding("number", f"«{number}» — не число", {"number": str(number)})
    if number == 0 or 1 <= number <= team_open:
        return None
    allowed = f"0, 1–{team_open} или «неограниченно»" if team_open >= 1 else "0 или «неограниченно»"
    open_words = plural(team_open, "открытое слово", "открытых слова", "открытых слов")
    return _finding("number", f"число {number} не подходит: можно {allowed} (у команды {open_words})",
                    {"number": number, "team_open": team_open, "rule": cite("number")})


def check_clue(lexicon: Lexicon, clue: str, number: int | str, board: list[str], team_open: int,
               oracle: Oracle = NO_RULINGS) -> ClueResult:
    """Judge one clue against the open words of the board; `oracle` holds the judges' cognate rulings."""
    word, violations = _read_clue(lexicon, clue)
    if word is not None:
        violations += _word_findings(lexicon, word) + _cognates(lexicon, word, board, oracle)
    number_problem = check_number(number, team_open)
    return ClueResult(clue, number, violations + ([number_problem] if number_problem else []))
