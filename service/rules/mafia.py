"""Мафия: what the rules punish in a player's day speech, and the nominations in it.

Rules: ../shared/rules/mafia-club.txt (``club``) and mafia-sport.txt
(``sport``).  This module asks the lexicon (lemmas and tags from pymorphy3,
roots and cognates from :class:`CognateEngine`, profanity from
:mod:`lexicon.profanity`) and turns the answers into findings with spans into
the text as sent, a penalty and the evidence; it reads no data files.

What is checked, per ruleset (the clause is in every finding's evidence):

=============  =====================================  =====================================
rule           club                                   sport
=============  =====================================  =====================================
honesty        «честно» and cognates: foul (4.6.3)    foul («честно» … «честный», «нечестный»)
truth          «правда» and cognates: foul (4.6.3)    — (not in the sport rules)
oath           клятва in any form: foul (4.6.1)       removal («за любую клятву»)
bet            спор, пари, заклад: foul (4.6.4)       removal («за любые виды споров и пари»)
religion       appeal to a religion: foul (4.6.2)     «слава Богу»: foul; other appeals: foul
profanity      мат: a foul per word, repeats          no мат clause: warning for the judge
               included (6.8); coarse words: warning  («неэтичное поведение»)
filler         ротозвуки: 1st warning, then foul      — (not in the sport rules)
=============  =====================================  =====================================

A fourth foul (counting ``prior_fouls`` the player already has) removes the
player in both rulesets; a third one costs the next speech.

Precision first: a false foul costs a player a quarter of their game.  Words
are matched by lemma and root through the lexicon, never by substring:
«оскорблять», «корабля», «сук» are not profanity, «честь» is not «честно»,
«отвечаю на вопрос» is not an oath, «не спорю» is not a bet.
"""
from __future__ import annotations

import re
import threading
import weakref
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from lexicon import morphology
from lexicon import profanity as profanity_lexicon
from lexicon.cognates import CognateEngine
from lexicon.text import WORD_TOKEN, InvalidWord, NormalizedWord, Token, normalize_word

RULESETS = ("club", "sport")
RULES = ("honesty", "truth", "oath", "bet", "religion", "profanity", "filler")
MAX_TEXT = 5000          # a minute of speech is ~150 words, ~1,000 characters
PLAYERS = range(1, 11)
SOURCES = {"club": "rules/mafia-club.txt", "sport": "rules/mafia-sport.txt"}

# Clauses quoted in the evidence; `None` = the ruleset does not punish it.
CLAUSES: dict[str, dict[str, tuple[str, str] | None]] = {
    "club": {
        "honesty": ("foul", "4.6.3 запрещается произносить слова \"честно, правда\" в любой комбинации"),
        "truth": ("foul", "4.6.3 запрещается произносить слова \"честно, правда\" в любой комбинации"),
        "oath": ("foul", "4.6.1 запрещается клясться в любой форме"),
        "bet": ("foul", "4.6.4 запрещается доказывать свою \"мирность\" путем спора на любых условиях - биться об заклад и т.п."),
        "religion": ("foul", "4.6.2 запрещается апеллировать к какой-либо религии"),
        "profanity": ("foul", "6.8 замечание за нецензурную лексику: столько замечаний, сколько нецензурных слов, в том числе одинаковых"),
        "coarse": ("warning", "6.1 неэтичное поведение / 6.11 на усмотрение ведущего (не мат)"),
        "filler": ("warning", "6.9 за «ротозвуки» (\"угу\", \"кхм\", \"ага\", \"ггг\") предупреждение, за повторное нарушение замечание"),
        "removal": ("removal", "7.1.1 игрок удаляется при получении четвертого замечания"),
        "ban": ("foul", "6.7 игрок, получивший 3-е замечание, лишается слова в следующую минуту"),
        "nomination": ("", "выставление фразой в настоящем времени: \"Я выставляю игрока № …\"; не более одной кандидатуры"),
    },
    "sport": {
        "honesty": ("foul", "фол за произношение слова «честно» в каких бы то ни было вариациях и смыслах («честный», «нечестный», «честно говоря» и т.п.)"),
        "truth": None,
        "oath": ("removal", "удаление за любую клятву, в том числе «даю зуб (руку, ногу и пр.)», «видит бог (аллах, господь и пр.)», «слово пацана», «отвечаю»"),
        "bet": ("removal", "удаление за любые виды споров и пари; запрещается доказывать свою «мирность» путем спора на любых условиях - биться об заклад и т.п."),
        "religion": ("foul", "запрещается апеллировать к какой-либо религии; фол за словосочетание «слава Богу» в каких бы то ни было вариациях"),
        "profanity": ("warning", "в спортивных правилах нет пункта о мате; фол «за неэтичное поведение» на усмотрение судьи"),
        "coarse": ("warning", "фол «за неэтичное поведение» на усмотрение судьи (не мат)"),
        "filler": None,
        "removal": ("removal", "игрок удаляется из игры при получении четвертого фола"),
        "ban": ("foul", "игрок, который получает 3-ий фол после своего выступления, лишается слова на следующий круг"),
        "nomination": ("", "«Выставляю номер…» и номер живого игрока; не принимается в форме будущего времени или сослагательного наклонения"),
    },
}

# How a message cites the clause: «по п. 4.6.3 клубных правил — фол».
CITES: dict[str, dict[str, str]] = {
    "club": {"honesty": "п. 4.6.3 клубных правил", "truth": "п. 4.6.3 клубных правил",
             "oath": "п. 4.6.1 клубных правил", "bet": "п. 4.6.4 клубных правил",
             "religion": "п. 4.6.2 клубных правил", "profanity": "п. 6.8 клубных правил",
             "coarse": "пп. 6.1 и 6.11 клубных правил", "filler": "п. 6.9 клубных правил",
             "removal": "п. 7.1.1 клубных правил"},
    "sport": {},
}
PENALTIES = {"warning": "предупреждение", "foul": "фол", "removal": "удаление игрока"}
# Rule names in `removal_reason` (the codes stay in `rule`).
RULE_NAMES = {"honesty": "«честно»", "truth": "«правда»", "oath": "клятва", "bet": "спор или пари",
              "religion": "обращение к религии", "profanity": "мат", "filler": "ротозвук"}


def cite(ruleset: str, key: str) -> str:
    """«п. 4.6.3 клубных правил» / «спортивным правилам» after «по»."""
    return CITES[ruleset].get(key) or ("спортивным правилам" if ruleset == "sport" else "клубным правилам")


def fouls_word(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "фол"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "фола"
    return "фолов"


# --- the vocabulary, as lemmas (pymorphy3 normal forms, ё folded) -------------
DEITIES = frozenset({"бог", "господь", "аллах", "всевышний", "христос", "иисус", "богородица", "будда",
                     "иегова", "яхве", "джа"})
PLEDGES = frozenset({"зуб", "рука", "нога", "голова", "глаз", "палец", "слово", "жизнь", "почка", "печень",
                     "мама", "мать", "честь"})
WORD_OF = frozenset({"пацан", "офицер", "честь", "мужик", "джентльмен", "коммунист", "пионер", "вор",
                     "мужчина", "дворянин"})
SWORN_BY = frozenset({"гад", "сука", "бля", "блядь", "падла", "зуб"})   # «гадом буду», «бля буду»
MODALS = frozenset({"готовый", "готов", "мочь", "давать", "дать", "хотеть", "согласный"})
CARDINALS = {"ноль": 0, "нуль": 0, "один": 1, "два": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6,
             "семь": 7, "восемь": 8, "девять": 9, "десять": 10, "одиннадцать": 11, "двенадцать": 12,
             "тринадцать": 13, "четырнадцать": 14, "пятнадцать": 15, "двадцать": 20, "сто": 100}
ORDINALS = {"нулевой": 0, "первый": 1, "второй": 2, "третий": 3, "четвертый": 4, "пятый": 5, "шестой": 6,
            "седьмой": 7, "восьмой": 8, "девятый": 9, "десятый": 10, "одиннадцатый": 11,
            "двенадцатый": 12, "тринадцатый": 13, "двадцатый": 20}
COLLECTIVES = {"единица": 1, "единичка": 1, "двойка": 2, "тройка": 3, "четверка": 4, "пятерка": 5,
               "шестерка": 6, "семерка": 7, "восьмерка": 8, "девятка": 9, "десятка": 10}
# Words that may stand between «выставляю» and the number: «выставляю игрока под номером 7».
NUMBER_FILLERS = frozenset({"игрок", "номер", "под", "кандидатура", "на", "голосование", "я", "вот", "тогда",
                            "сейчас", "пожалуй", "уже", "всё", "все", "этот", "наш", "место", "№", "бы"})

NOMINATE = frozenset({"выставлять", "выставить"})
WITHDRAW = frozenset({"отзывать", "отозвать"})
PROPOSE = frozenset({"предлагать", "предложить"})
# Lemmas a phrase rule or the nomination parser starts from; other tokens are skipped quickly.
CUES = frozenset({"божиться", "ей-богу", "ей", "дать", "давать", "отсечение", "видеть", "свидетель", "слово",
                  "отвечать", "быть", "сдохнуть", "крест", "спорить", "поспорить", "заклад", "пари", "спор",
                  "забиться", "ставить", "поставить"}) | PLEDGES | DEITIES | NOMINATE | WITHDRAW | PROPOSE

_SENTENCE_END = re.compile(r"[.!?;…]")
_DIGITS = re.compile(r"^(\d{1,3})(?:-?[а-яё]{1,3})?$")
_FILLER_SOUND = re.compile(r"^(?:у+г+у+|а+г+а+|к+х+м*|к*х+м+|г+м+|м+г+м+|г{3,}|э+м*|м{2,}|ы{2,}|а{2,}|о{2,}|"
                           r"у{2,}|и{2,}|пф+|тс+с|кхе|(?:ха){2,}|(?:хе){2,}|(?:хи){2,}|(?:гы)+)$")


# ------------------------------------------------------------------ concepts ---


@dataclass(frozen=True)
class Concept:
    """A word family named by the rules («честно», «правда», «клясться»), read through the lexicon.

    A word belongs when one of its analyses has one of `roots` (per the
    morphemic dictionaries) and the cognate engine links it to an anchor.
    `suffix` narrows a family to a stem: «честн-» (честный, честно,
    нечестный, честность), not честь or честолюбивый.
    """
    name: str
    anchors: tuple[str, ...]
    roots: frozenset[str]
    suffix: str = ""


CONCEPTS = (
    Concept("honesty", ("честный",), frozenset({"чест"}), suffix="н"),
    Concept("truth", ("правда",), frozenset({"правд"})),
    # клятва and клясться sit in two root families in the lexicon; both are anchors.
    Concept("oath", ("клясться", "клятва"), frozenset({"кляс", "клят", "клян"})),
)


def fold(text: str) -> str:
    return text.lower().replace("ё", "е")


@lru_cache(maxsize=200_000)
def _normalized(piece: str) -> NormalizedWord | None:
    try:
        return normalize_word(piece)
    except InvalidWord:
        return None


def tokenize(text: str) -> list[Token]:
    """:func:`lexicon.normalize.tokenize` (same pattern, same tokens) with the per-word normalisation cached:
    normalising is half the cost of a speech check otherwise."""
    return [Token(m.group(), m.start(), m.end(), _normalized(m.group())) for m in WORD_TOKEN.finditer(text)]


@dataclass(frozen=True)
class Word:
    """What the lexicon says about one token, cached per spelling."""
    key: str                          # folded token
    lemmas: frozenset[str]            # folded lemmas of known parses (or the key)
    tags: tuple[tuple[str, str], ...]  # (lemma, tag) of every parse
    number: int | None = None
    concept: tuple[str, dict] | None = None
    profanity: Any = None             # lexicon.profanity.ProfanityHit
    filler: bool = False
    cue: bool = False                 # a lemma some phrase rule or the nomination parser starts from

    def has(self, *lemmas: str) -> bool:
        return any(lemma in self.lemmas for lemma in lemmas)

    def tagged(self, lemmas, *grammemes: str) -> bool:
        """Is there a parse with a lemma in `lemmas` carrying all `grammemes`?"""
        return any(lemma in lemmas and all(g in tag for g in grammemes) for lemma, tag in self.tags)


class Reader:
    """Per-engine cache of token readings; thread-safe enough for FastAPI's thread pool."""

    def __init__(self, engine: CognateEngine):
        self.engine = engine
        self.cache: dict[str, Word] = {}
        self.lock = threading.Lock()

    def word(self, token: Token) -> Word:
        found = self.cache.get(token.text)
        if found is None:
            found = self._read(token)
            with self.lock:
                if len(self.cache) > 200_000:
                    self.cache.clear()
                self.cache[token.text] = found
        return found

    def _read(self, token: Token) -> Word:
        hit = profanity_lexicon.find(token.text)
        if token.word is None:
            key = fold(token.text)
            digits = _DIGITS.match(key)
            return Word(key, frozenset({key}), (), number=int(digits.group(1)) if digits else None, profanity=hit,
                        cue=key in CUES)
        key = token.word.key
        parses = morphology.parses(token.word.text)
        known = [p for p in parses if p.known]
        tags = tuple((fold(p.lemma), p.tag) for p in (known or parses))
        lemmas = frozenset([lemma for lemma, _ in tags] if known else [key])
        number = None
        for lemma, tag in tags:
            value = (CARDINALS.get(lemma) if "NUMR" in tag or lemma in ("ноль", "нуль") else ORDINALS.get(lemma) if "Anum" in tag
                     else COLLECTIVES.get(lemma) if "NOUN" in tag else None)
            if value is not None:
                number = value
                break
        filler = all(_FILLER_SOUND.match(part) for part in key.split("-")) or bool(_FILLER_SOUND.match(key.replace("-", "")))
        return Word(key, lemmas, tags, number, self._concept(token), hit, filler, bool(lemmas & CUES) or key in CUES)

    def _concept(self, token: Token) -> tuple[str, dict] | None:
        analysis = self.engine.analyse(token.word)
        for concept in CONCEPTS:
            for an in analysis.analyses:
                morphemes = an.morphemes
                for i, (text, kind) in enumerate(morphemes):
                    if kind != "root" or fold(text) not in concept.roots:
                        continue
                    if concept.suffix and not (i + 1 < len(morphemes) and morphemes[i + 1][0].startswith(concept.suffix)):
                        continue
                    for anchor in concept.anchors:
                        verdict = self.engine.compare(anchor, token.word)
                        if verdict.cognate:
                            explanation = next((ev.get("explanation") for ev in verdict.evidence if ev.get("explanation")), "")
                            return concept.name, {
                                "lemma": an.lemma, "root": text,
                                "morphemes": "/".join(f"[{t}]" if k == "root" else t for t, k in morphemes),
                                "cognate_of": anchor, "confidence": verdict.confidence,
                                "explanation": explanation, "source": an.source,
                            }
        return None


_readers: "weakref.WeakKeyDictionary[CognateEngine, Reader]" = weakref.WeakKeyDictionary()
_readers_lock = threading.Lock()


def reader(engine: CognateEngine) -> Reader:
    with _readers_lock:
        found = _readers.get(engine)
        if found is None:
            found = _readers[engine] = Reader(engine)
        return found


# ------------------------------------------------------------------ results ---


@dataclass
class Finding:
    rule: str
    token: str
    start: int
    end: int
    penalty: str          # warning | foul | removal
    message: str
    evidence: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"rule": self.rule, "token": self.token, "start": self.start, "end": self.end,
                "penalty": self.penalty, "message": self.message, "evidence": self.evidence}


@dataclass
class Nomination:
    action: str           # nominate | withdraw
    player: int | None
    accepted: bool
    reason: str           # accepted | withdrawn | future_tense | subjunctive | past_tense | intention | proposal |
                          # wrong_form | no_number | invalid_number | not_alive | one_candidature |
                          # not_your_nomination | no_withdrawal
    message: str
    token: str
    start: int
    end: int
    evidence: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"action": self.action, "player": self.player, "accepted": self.accepted, "reason": self.reason,
                "message": self.message, "token": self.token, "start": self.start, "end": self.end,
                "evidence": self.evidence}


@dataclass
class SpeechResult:
    ruleset: str
    findings: list[Finding]
    nominations: list[Nomination]
    closing: dict | None
    prior_fouls: int = 0
    tokens: int = 0

    @property
    def fouls(self) -> int:
        return sum(f.penalty == "foul" for f in self.findings)

    @property
    def fouls_total(self) -> int:
        return self.prior_fouls + self.fouls

    @property
    def removal_reason(self) -> str | None:
        removing = [f for f in self.findings if f.penalty == "removal"]
        if removing:
            return "; ".join(dict.fromkeys(f"{RULE_NAMES.get(f.rule, f.rule)} «{f.token}»: {f.evidence.get('clause', '')}"
                                           for f in removing))
        if self.fouls_total >= 4:
            clause = re.sub(r"^[\d.]+\s+", "", CLAUSES[self.ruleset]["removal"][1])
            return (f"всего {self.fouls_total} {fouls_word(self.fouls_total)} — удаление игрока "
                    f"по {cite(self.ruleset, 'removal')}: {clause}")
        return None

    @property
    def removal(self) -> bool:
        return self.removal_reason is not None

    def to_json(self) -> dict:
        banned = not self.removal and self.fouls_total == 3 and self.fouls > 0
        return {
            "ruleset": self.ruleset,
            "findings": [f.to_json() for f in self.findings],
            "fouls": self.fouls,
            "warnings": sum(f.penalty == "warning" for f in self.findings),
            "fouls_total": self.fouls_total,
            "removal": self.removal,
            "removal_reason": self.removal_reason,
            "next_speech_lost": banned,
            "nominations": [n.to_json() for n in self.nominations],
            "closing": self.closing,
            "tokens": self.tokens,
            "source": SOURCES[self.ruleset],
        }


# ------------------------------------------------------------------ checking ---


class _Speech:
    def __init__(self, engine: CognateEngine, text: str, ruleset: str, alive: list[int] | None):
        self.text = text
        self.ruleset = ruleset
        self.alive = set(alive) if alive is not None else None
        self.tokens = tokenize(text)
        lexicon = reader(engine)
        self.words = [lexicon.word(t) for t in self.tokens]
        # Sentence of each token: phrase windows never reach across «.», «!», «?», «;», «…».
        self.sent: list[int] = []
        sentence, previous_end = 0, 0
        for token in self.tokens:
            if _SENTENCE_END.search(text, previous_end, token.start):
                sentence += 1
            self.sent.append(sentence)
            previous_end = token.end
        self.findings: list[Finding] = []
        self.covered: set[int] = set()      # token indices inside a phrase finding

    # --- helpers -------------------------------------------------------------
    def w(self, i: int, of: int | None = None) -> Word | None:
        """Token i's reading, or None past the text's ends (or outside the sentence of token `of`)."""
        if not 0 <= i < len(self.words) or (of is not None and self.sent[i] != self.sent[of]):
            return None
        return self.words[i]

    def near(self, i: int, lemmas, before: int = 0, after: int = 0) -> int | None:
        """Index of the nearest token within the window whose lemma is in `lemmas`."""
        for d in range(1, max(before, after) + 1):
            for j in ((i + d) if d <= after else None, (i - d) if d <= before else None):
                if j is not None and 0 <= j < len(self.words) and self.sent[j] == self.sent[i] and self.words[j].lemmas & lemmas:
                    return j
        return None

    def negated(self, i: int) -> bool:
        return i > 0 and self.sent[i - 1] == self.sent[i] and self.words[i - 1].key == "не"

    def add(self, rule: str, first: int, last: int, message: str, evidence: dict | None = None,
            penalty: str | None = None, clause_key: str | None = None, verdict: str | None = None) -> None:
        """A finding; `message` says what the words are, the clause and the penalty are appended:
        «…; по п. 4.6.3 клубных правил — фол» (`verdict` replaces the whole tail)."""
        entry = CLAUSES[self.ruleset].get(clause_key or rule)
        if entry is None:
            return
        message = f"{message}; {verdict or f'по {cite(self.ruleset, clause_key or rule)} — {PENALTIES[penalty or entry[0]]}'}"
        start, end = self.tokens[first].start, self.tokens[last].end
        for f in self.findings:
            if f.rule == rule and f.start < end and start < f.end:   # one phrase, seen from two words
                f.start, f.end = min(f.start, start), max(f.end, end)
                f.token = self.text[f.start:f.end]
                self.covered.update(range(first, last + 1))
                return
        self.findings.append(Finding(rule, self.text[start:end], start, end, penalty or entry[0], message,
                                     {**(evidence or {}), "ruleset": self.ruleset, "clause": entry[1],
                                      "source": SOURCES[self.ruleset]}))
        self.covered.update(range(first, last + 1))

    def lemma_of(self, i: int, within) -> str:
        return next((lemma for lemma in sorted(self.words[i].lemmas) if lemma in within), self.words[i].key)

    # --- rules ---------------------------------------------------------------
    def check(self) -> None:
        self.oaths()
        self.bets()
        self.religion()
        for i, word in enumerate(self.words):
            if word.concept and word.concept[0] in ("honesty", "truth"):
                name, ev = word.concept
                said = "«честно»" if name == "honesty" else "«правда»"
                self.add(name, i, i, f"«{self.tokens[i].text}» — запрещённое слово {said} (корень «{ev['root']}»)",
                         dict(ev))
            if word.profanity is not None:
                self.profanity(i, word.profanity)
        self.fillers()
        self.findings.sort(key=lambda f: (f.start, f.end))

    def oaths(self) -> None:
        for i, word in enumerate(self.words):
            if not word.cue and not word.concept:
                continue
            token = self.tokens[i].text
            if word.concept and word.concept[0] == "oath":
                ev = word.concept[1]
                self.add("oath", i, i, f"«{token}» — клятва (корень «{ev['root']}»)", dict(ev))
            elif word.has("божиться", "ей-богу") or (word.key == "ей" and (self.w(i + 1, i) and self.w(i + 1, i).key == "богу")):
                last = i + 1 if word.key == "ей" else i
                self.add("oath", i, last, f"«{self.text[self.tokens[i].start:self.tokens[last].end]}» — клятва Богом",
                         {"lemma": self.lemma_of(i, {"божиться", "ей-богу"}), "phrase": "ей-богу / божиться"})
            elif word.tagged({"дать", "давать"}, "1per"):
                j = self.near(i, PLEDGES, before=1, after=2)
                if j is not None and not self.negated(min(i, j)):
                    pledge = self.lemma_of(j, PLEDGES)
                    self.add("oath", min(i, j), max(i, j), f"«{self.span(i, j)}» — клятва "
                             "(«даю зуб (руку, ногу…)»)", {"lemma": self.lemma_of(i, {"дать", "давать"}),
                                                            "pledge": pledge, "phrase": "даю зуб (руку, ногу…)"})
            elif word.has("отсечение"):
                j = self.near(i, PLEDGES, before=2)
                if j is not None:
                    self.add("oath", j, i, f"«{self.span(j, i)}» — клятва («руку на отсечение»)",
                             {"lemma": "отсечение", "pledge": self.lemma_of(j, PLEDGES), "phrase": "… на отсечение"})
            elif word.has("видеть", "свидетель"):
                if word.has("видеть") and not word.tagged({"видеть"}, "3per"):
                    continue
                j = self.near(i, DEITIES, before=2, after=2)
                if j is not None:
                    self.add("oath", min(i, j), max(i, j), f"«{self.span(i, j)}» — клятва: Бог в свидетели "
                             "(«видит бог»)", {"lemma": self.lemma_of(i, {"видеть", "свидетель"}),
                                               "deity": self.lemma_of(j, DEITIES), "phrase": "видит бог (аллах, господь…)"})
            elif word.has("слово") and self.w(i + 1, i) is not None and self.words[i + 1].lemmas & WORD_OF:
                self.add("oath", i, i + 1, f"«{self.span(i, i + 1)}» — клятва («слово пацана»)",
                         {"lemma": "слово", "of": self.lemma_of(i + 1, WORD_OF), "phrase": "слово пацана"})
            elif word.tagged({"отвечать"}, "1per", "sing", "pres"):
                nxt = self.w(i + 1, i)
                if self.negated(i) or (nxt is not None and nxt.key in ("на", "ли", "что")) or self.near(i, {"на", "вопрос"}, before=3):
                    continue   # «отвечаю на вопрос», «на вопрос отвечаю: нет»
                self.add("oath", i, i, f"«{token}» — клятва: ручается за свои слова («отвечаю»)",
                         {"lemma": "отвечать", "phrase": "отвечаю (я тебе отвечаю)"})
            elif word.tagged({"быть"}, "1per", "futr"):
                j = self.near(i, SWORN_BY, before=1)
                if j is not None and (self.words[j].tagged(SWORN_BY, "ablt") or self.words[j].key == "бля"):
                    self.add("oath", j, i, f"«{self.span(j, i)}» — клятва («гадом буду»)",
                             {"lemma": self.lemma_of(j, SWORN_BY), "phrase": "гадом буду"})
            elif word.has("сдохнуть") and self.near(i, {"чтоб", "чтобы"}, before=2) is not None:
                j = self.near(i, {"чтоб", "чтобы"}, before=2)
                self.add("oath", j, i, f"«{self.span(j, i)}» — клятва («чтоб я сдох»)", {"lemma": "сдохнуть", "phrase": "чтоб я сдох"})
            elif word.has("крест"):
                j = self.near(i, {"пузо", "вот", "те", "тебе", "святой"}, before=2, after=2)
                if j is not None:
                    self.add("oath", min(i, j), max(i, j), f"«{self.span(i, j)}» — клятва на кресте («вот те крест»)",
                             {"lemma": "крест", "phrase": "вот те крест"})

    def bets(self) -> None:
        spor = {"спорить", "поспорить"}
        for i, word in enumerate(self.words):
            if not word.cue:
                continue
            token = self.tokens[i].text
            if word.lemmas & spor and not self.negated(i):
                if word.tagged(spor, "1per", "pres") or word.tagged(spor, "1per", "futr") or word.tagged(spor, "impr"):
                    self.add("bet", i, i, f"«{token}» — предложение спора", {"lemma": self.lemma_of(i, spor), "phrase": "спорим"})
                elif word.tagged(spor, "INFN"):
                    j = self.near(i, MODALS, before=2)
                    if j is not None and not self.negated(j):
                        self.add("bet", j, i, f"«{self.span(j, i)}» — предложение спора",
                                 {"lemma": self.lemma_of(i, spor), "phrase": "готов поспорить"})
            elif word.has("заклад"):
                j = self.near(i, {"биться", "побиться"}, before=2, after=2)
                first, last = (min(i, j), max(i, j)) if j is not None else (i, i)
                self.add("bet", first, last, f"«{self.span(first, last)}» — пари («биться об заклад»)",
                         {"lemma": "заклад", "phrase": "бьюсь об заклад"})
            elif word.tagged({"пари"}, "NOUN"):
                j = self.near(i, {"держать", "заключить", "предлагать", "готовый"}, before=2)
                first = j if j is not None else i
                self.add("bet", first, i, f"«{self.span(first, i)}» — пари", {"lemma": "пари", "phrase": "пари"})
            elif word.has("спор") and self.w(i - 1, i) is not None and self.words[i - 1].key == "на":
                self.add("bet", i - 1, i, f"«{self.span(i - 1, i)}» — спор («на спор»)", {"lemma": "спор", "phrase": "на спор"})
            elif word.tagged({"забиться"}, "1per", "plur"):
                self.add("bet", i, i, f"«{token}» — предложение спора («забьёмся»)", {"lemma": "забиться", "phrase": "забьёмся"})
            elif word.tagged({"ставить", "поставить"}, "1per", "sing"):
                nxt, after = self.w(i + 1, i), self.w(i + 2, i)
                if nxt is not None and (nxt.key == "что" or (nxt.key == "на" and after is not None and after.key == "то")):
                    last = i + 1 if nxt.key == "что" else i + 2
                    self.add("bet", i, last, f"«{self.span(i, last)}» — пари («ставлю на то, что…»)",
                             {"lemma": "ставить", "phrase": "ставлю на то, что"})

    def religion(self) -> None:
        for i, word in enumerate(self.words):
            if not word.lemmas & DEITIES or i in self.covered:
                continue
            deity = self.lemma_of(i, DEITIES)
            j = self.near(i, {"слава"}, before=2, after=1)
            if j is not None:
                self.add("religion", min(i, j), max(i, j), f"«{self.span(i, j)}» — обращение к религии "
                         "(«слава Богу» запрещено в любых вариациях)", {"lemma": deity, "phrase": "слава Богу"})
            else:
                self.add("religion", i, i, f"«{self.tokens[i].text}» — обращение к религии",
                         {"lemma": deity})

    def profanity(self, i: int, hit) -> None:
        token = self.tokens[i].text
        ev = {"lemma": hit.lemma, "root": hit.root, "category": hit.category, "via": hit.via,
              "lexicon_source": profanity_lexicon.SOURCE_NAMES.get(hit.source, hit.source),
              **({"homonym": hit.homonym} if hit.homonym else {})}
        if hit.category == "obscene" and not hit.homonym:
            self.add("profanity", i, i, f"«{token}» — мат (корень «{hit.root}»)", ev,
                     verdict="в спортивных правилах нет пункта о мате — предупреждение; фол за неэтичное поведение "
                             "на усмотрение судьи" if self.ruleset == "sport" else None)
        elif hit.category in ("obscene", "vulgar", "slur"):
            why = ("у слова есть и пристойное значение" if hit.homonym
                   else "оскорбление, не мат" if hit.category == "slur" else "не мат")
            judge = "судьи" if self.ruleset == "sport" else "ведущего"
            self.add("profanity", i, i, f"«{token}» — грубое слово ({why})", ev, penalty="warning", clause_key="coarse",
                     verdict=f"по {cite(self.ruleset, 'coarse')} — предупреждение, дальше на усмотрение {judge}")
        # euphemisms (хрен, фиг) are not нецензурная лексика: no finding

    def fillers(self) -> None:
        seen = 0
        for i, word in enumerate(self.words):
            if not word.filler or i in self.covered:
                continue
            seen += 1
            first = seen == 1
            self.add("filler", i, i, f"«{self.tokens[i].text}» — звук-паразит" + ("" if first else f", уже {seen}-й"),
                     {"occurrence": seen}, penalty="warning" if first else "foul",
                     verdict=f"по {cite(self.ruleset, 'filler')} — первый раз предупреждение" if first else None)

    def span(self, i: int, j: int) -> str:
        return self.text[self.tokens[min(i, j)].start:self.tokens[max(i, j)].end]

    # --- nominations ----------------------------------------------------------
    NOMINATE, WITHDRAW, PROPOSE = NOMINATE, WITHDRAW, PROPOSE

    def number_after(self, i: int, limit: int = 5) -> tuple[int | None, int | None]:
        """(token index, value) of the player number after token i, skipping «игрока», «номер», fillers."""
        for j in range(i + 1, min(len(self.words), i + 1 + limit)):
            if self.sent[j] != self.sent[i]:
                break
            word = self.words[j]
            if word.number is not None:
                return j, word.number
            if not (word.lemmas & NUMBER_FILLERS or word.key in NUMBER_FILLERS or word.filler):
                break
        return None, None

    def nominations(self) -> list[Nomination]:
        out: list[Nomination] = []
        standing: int | None = None          # the speaker's accepted nomination in this speech
        consumed: set[int] = set()
        for i, word in enumerate(self.words):
            if not word.cue or i in consumed:
                continue
            lemmas = word.lemmas
            if lemmas & self.PROPOSE and word.tagged(self.PROPOSE, "1per"):
                nxt = self.w(i + 1, i)
                target = i + 1 if nxt is not None and nxt.lemmas & self.NOMINATE and nxt.tagged(self.NOMINATE, "INFN") else i
                j, value = self.number_after(target)
                if j is None and target == i:
                    continue
                consumed.add(target)
                out.append(self.nomination("nominate", i, j, value, False, "proposal",
                                           f"«{self.span(i, target)}» — предложение, а не выставление: "
                                           "выставление не принято, нужно «Выставляю номер N»"))
                continue
            action = "nominate" if lemmas & self.NOMINATE else "withdraw" if lemmas & self.WITHDRAW else None
            if action is None or self.negated(i):
                continue
            verbs = self.NOMINATE if action == "nominate" else self.WITHDRAW
            present = "выставляю" if action == "nominate" else "отзываю"
            if not any(lemma in verbs and ("VERB" in tag or "INFN" in tag) for lemma, tag in word.tags):
                continue              # participles: «выставлен», «выставленный»
            j, value = self.number_after(i)
            wrong = self.wrong_form(i, verbs, present)
            if wrong is not None:
                reason, message = wrong
                if reason == "third_person" or (reason == "past_tense" and (j is None or self.w(i - 1, i) is not None)):
                    continue          # talk about others or about yesterday («вчера я выставлял пятого»), not a nomination
                out.append(self.nomination(action, i, j, value, False, reason, message))
                continue
            if j is None:
                out.append(self.nomination(action, i, None, None, False, "no_number",
                                           f"«{self.tokens[i].text}» — не назван номер игрока"))
                continue
            if not 1 <= value <= 10:
                out.append(self.nomination(action, i, j, value, False, "invalid_number",
                                           f"игрока № {value} нет: номера игроков — от 1 до 10"))
                continue
            if self.alive is not None and value not in self.alive:
                out.append(self.nomination(action, i, j, value, False, "not_alive",
                                           f"игрока № {value} нет в игре (живы: {', '.join(map(str, sorted(self.alive))) or 'никто'})"))
                continue
            if action == "nominate":
                if standing is not None:
                    out.append(self.nomination(action, i, j, value, False, "one_candidature",
                                               f"в этой речи уже выставлен игрок № {standing}; выставить можно "
                                               "одну кандидатуру (сначала снимите её: «Отзываю номер N»)"))
                    continue
                standing = value
                out.append(self.nomination(action, i, j, value, True, "accepted",
                                           f"«{self.span(i, j)}»: игрок № {value} выставлен («Принято»)"))
            else:
                if self.ruleset == "club":
                    out.append(self.nomination(action, i, j, value, False, "no_withdrawal",
                                               "в клубных правилах нет процедуры снятия кандидатуры"))
                    continue
                if standing is not None and standing != value:
                    out.append(self.nomination(action, i, j, value, False, "not_your_nomination",
                                               f"в этой речи выставлен игрок № {standing}, а не № {value}"))
                    continue
                note = "" if standing is not None else ", если игрок выставил его раньше в этой речи"
                standing = None
                out.append(self.nomination(action, i, j, value, True, "withdrawn",
                                           f"«{self.span(i, j)}»: кандидатура игрока № {value} снята («Отозвано»){note}"))
        return out

    def wrong_form(self, i: int, verbs, present: str) -> tuple[str, str] | None:
        word, token = self.words[i], self.tokens[i].text
        act = "выставление" if present == "выставляю" else "снятие"
        refused, refused_n = f"{act} не принято, нужно «{present}»", f"{act} не принято, нужно «{present} номер N»"
        before = {self.words[k].key for k in range(max(0, i - 2), i) if self.sent[k] == self.sent[i]}
        after = {self.words[k].key for k in range(i + 1, min(len(self.words), i + 3)) if self.sent[k] == self.sent[i]}
        if "бы" in before | after:
            return "subjunctive", f"«{token} бы» — сослагательное наклонение: {refused}"
        if word.tagged(verbs, "1per", "sing", "pres"):
            return None
        if word.tagged(verbs, "futr"):
            return "future_tense", f"«{token}» — будущее время: {refused}"
        if word.tagged(verbs, "past"):
            return "past_tense", f"«{token}» — прошедшее время: {refused}"
        if word.tagged(verbs, "INFN"):
            prev = self.w(i - 1, i)
            if prev is not None and prev.tagged({"быть"}, "futr"):
                return "future_tense", f"«{self.span(i - 1, i)}» — будущее время: {refused}"
            if prev is not None and prev.lemmas & {"хотеть", "захотеть", "хотеться", "мочь", "собираться", "планировать",
                                                   "надо", "нужно", "должный", "стоить", "давать", "решить"}:
                return "intention", f"«{self.span(i - 1, i)}» — намерение, а не действие: {refused_n}"
            return "wrong_form", f"«{token}» — инфинитив: {refused_n}"
        if word.tagged(verbs, "impr"):
            return "wrong_form", f"«{token}» — повелительное наклонение: {refused}"
        if word.tagged(verbs, "3per"):
            return "third_person", ""
        if word.tagged(verbs, "plur"):
            return "wrong_form", f"«{token}» — множественное число, а игрок говорит от своего имени: {refused}"
        return "wrong_form", f"«{token}» — не та форма: {refused}"

    def nomination(self, action: str, i: int, j: int | None, value: int | None, accepted: bool,
                   reason: str, message: str) -> Nomination:
        last = j if j is not None else i
        start, end = self.tokens[i].start, self.tokens[last].end
        evidence = {"verb": self.tokens[i].text, "tags": sorted({tag for _, tag in self.words[i].tags})[:3],
                    "clause": CLAUSES[self.ruleset]["nomination"][1], "source": SOURCES[self.ruleset]}
        if j is not None:
            evidence["number_token"] = self.tokens[j].text
        return Nomination(action, value, accepted, reason, message, self.text[start:end], start, end, evidence)

    # --- closing ----------------------------------------------------------------
    def closing(self) -> dict | None:
        words = self.words
        for i in range(len(words) - 1, -1, -1):
            key = words[i].key
            if key in ("все", "всё") and i > 0 and words[i - 1].key == "спасибо":
                first, last = i - 1, i
            elif key == "спасибо" and i + 1 < len(words) and words[i + 1].key in ("все", "всё"):
                continue
            elif key == "пас" and i == len(words) - 1:
                first = last = i
            else:
                continue
            start, end = self.tokens[first].start, self.tokens[last].end
            at_end = last == len(words) - 1
            return {"phrase": self.text[start:end], "start": start, "end": end, "at_end": at_end,
                    "message": "речь закончена" if at_end else "речь продолжается после завершающей фразы"}
        return None


def check_speech(engine: CognateEngine, text: str, ruleset: str = "club", alive: list[int] | None = None,
                 prior_fouls: int = 0) -> SpeechResult:
    """Findings, fouls, removal, nominations and the closing phrase of one day speech."""
    if ruleset not in RULESETS:
        raise ValueError(f"неизвестный свод правил {ruleset!r}: допустимы {', '.join(RULESETS)}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"текст длиннее {MAX_TEXT} символов")
    speech = _Speech(engine, text, ruleset, alive)
    speech.check()
    return SpeechResult(ruleset, speech.findings, speech.nominations(), speech.closing(), prior_fouls, len(speech.tokens))
