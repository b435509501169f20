"""Шляпа (the Hat): is an explanation within the rules, does a guess count?

Rules: ../shared/rules/hat.txt («Частности», rules B-G).  This module asks
the lexicon questions (cognates, abbreviations, fragments, profanity,
pronunciation) and turns the answers into findings with spans into the
text as sent and the evidence behind each; it reads no data files itself.

Findings have a ``severity``: ``violation`` costs the explainer the turn,
``warning`` is for the judge to decide (an unknown abbreviation with a
letter of the target's root, a word profane only in one of its senses, a
hint at letters with no size or position named).  ``ok`` is true when there
is no violation.  Precision first: a false accusation costs a player their
turn, so everything the lexicon is unsure of is a warning or nothing.

Per-target state (the target's reading, forms, cognates for fragments, the
verdict per word) is cached, so checking many explanations of one word is
cheap: see :func:`profile`.
"""
from __future__ import annotations

import re
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from lexicon import abbreviations, morphology
from lexicon.cognates import CognateEngine
from lexicon.fragments import FragmentFinder
from lexicon.fragments import is_candidate as fragment_candidate
from lexicon.text import NormalizedWord, Token, normalize_word, tokenize
from lexicon.translit import latin_readings as transliterations

RULES = ("cognate", "abbreviation", "fragment", "letters", "translation", "profanity")
MAX_TEXT = 5000
RULES_SOURCE = "rules/hat.txt"

# ------------------------------------------------------------------ results ---


@dataclass
class Violation:
    rule: str
    token: str
    start: int
    end: int
    message: str
    severity: str = "violation"          # violation | warning
    evidence: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"rule": self.rule, "token": self.token, "start": self.start, "end": self.end,
                "message": self.message, "severity": self.severity, "evidence": self.evidence}


@dataclass
class ExplanationResult:
    target: str
    violations: list[Violation]
    tokens: int

    @property
    def ok(self) -> bool:
        return not any(v.severity == "violation" for v in self.violations)

    def to_json(self) -> dict:
        return {"ok": self.ok, "target": self.target,
                "violations": [v.to_json() for v in self.violations],
                "counts": {"violations": sum(v.severity == "violation" for v in self.violations),
                           "warnings": sum(v.severity == "warning" for v in self.violations),
                           "tokens": self.tokens}}


@dataclass
class GuessResult:
    target: str
    guess: str
    accepted: bool
    reason: str        # word_form | homophone | form_homophone | cognate | different_word
    message: str
    evidence: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"target": self.target, "guess": self.guess, "accepted": self.accepted, "reason": self.reason,
                "message": self.message, "evidence": self.evidence}


# ------------------------------------------------------------ word helpers ---

_FUNCTION_POS = ("PREP", "CONJ", "PRCL", "INTJ", "NPRO")
LETTER_WORDS = {"буква", "буковка", "слог", "анаграмма", "палиндром"}
ANAGRAM_WORDS = {"анаграмма", "палиндром"}
POSITION_LEMMAS = {
    "первый", "второй", "третий", "четвёртый", "четвертый", "пятый", "последний", "предпоследний",
    "начинаться", "заканчиваться", "кончаться", "оканчиваться", "начало", "конец", "содержать",
    "состоять", "убрать", "убирать", "заменить", "заменять", "поменять", "менять", "переставить",
    "переставлять", "прочитать", "читать", "сколько", "несколько", "столько", "без", "один", "два",
    "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять", "добавить", "вычеркнуть",
    "зачеркнуть", "каждый", "заглавный", "большой", "маленький", "прописной", "строчный", "гласный",
    "согласный", "ударный", "безударный",
}
_LANGUAGES = ("английски|немецки|французски|испански|итальянски|латыни|гречески|китайски|японски|русски|"
              "украински|польски|турецки|арабски|фински|шведски|португальски|чешски|корейски|голландски|"
              "норвежски|датски|венгерски|еврейски|грузински|армянски|казахски|татарски|белорусски|"
              "эсперанто|хинди|иврите")
_LANG_ADVERB = re.compile(rf"^по-(?:{_LANGUAGES})$", re.IGNORECASE)
_LANG_ADJ = re.compile(r"^(?:английск|немецк|французск|испанск|итальянск|латинск|греческ|китайск|японск|"
                       r"украинск|польск|турецк|арабск|финск|шведск|португальск|чешск|корейск|голландск)(?:ий|ого|ом|ому|ий)$",
                       re.IGNORECASE)
_WORD = r"[а-яёa-z]"
_PHRASES = [
    # (regex on the lower-cased text, rule, severity, what it appeals to, the same in the dative)
    (re.compile(rf"(?<!{_WORD})(?:задом\s+наперёд|задом\s+наперед|справа\s+налево|с\s+конца\s+прочита\w*)(?!{_WORD})"),
     "letters", "violation", "чтение слова задом наперёд", "чтению слова задом наперёд"),
    (re.compile(rf"(?:(?<!{_WORD})(?:прочита\w*|прочт\w*|чита\w*|слово|произнес\w*|произнош\w*)\s+(?:\w+\s+)?)(наоборот)(?!{_WORD})"),
     "letters", "violation", "чтение слова задом наперёд", "чтению слова задом наперёд"),
    (re.compile(rf"(?<!{_WORD})(наоборот)(?=\s*[:—–-]\s*\w)"), "letters", "violation", "чтение слова задом наперёд",
     "чтению слова задом наперёд"),
    (re.compile(rf"(?<!{_WORD})\w*буквенн\w*"), "letters", "violation", "число букв", "числу букв"),
    (re.compile(rf"(?<!{_WORD})(?:одно|дву|двух|тр[её]х|четыр[её]х|пяти|много)сложн\w*"), "letters", "warning",
     "число слогов", "числу слогов"),
    (re.compile(rf"(?<!{_WORD})пишется\s+(?:через|с|со|без|слитно|раздельно|вместе|на)(?!{_WORD})"), "letters",
     "violation", "написание", "написанию"),
    (re.compile(rf"(?<!{_WORD})ударени\w*\s+на(?!{_WORD})"), "letters", "violation", "место ударения", "месту ударения"),
    # The shape of letters: «круглая приставка», «в середине как крест» (the rules' own examples).
    (re.compile(rf"(?<!{_WORD})кругл\w*\s+(?:приставк|букв|окончани|корен|корн|суффикс|начал|конц|конец|серединк|середин)\w*"),
     "letters", "violation", "начертание букв", "начертанию букв"),
    (re.compile(rf"(?<!{_WORD})(?:в\s+середине|посередине|в\s+начале|в\s+конце)\s*[—–-]?\s*(?:как|похож\w*\s+на)\s+"
                rf"(?:крест\w*|кружо\w*|кружоч\w*|бублик\w*|колеч\w*|палоч\w*|галоч\w*|змейк\w*|подков\w*|крюч\w*)"),
     "letters", "violation", "начертание букв", "начертанию букв"),
    (re.compile(rf"(?<!{_WORD})начертани\w*(?!{_WORD})"), "letters", "warning", "начертание букв", "начертанию букв"),
    (re.compile(rf"(?<!{_WORD})(?:рифму\w*|в\s+рифму|созвучн\w*)(?!{_WORD})"), "letters", "warning",
     "созвучие (можно, только если не намекать, что слова похоже звучат)",
     "созвучию (можно, только если не намекать, что слова похоже звучат)"),
]


def fold(word: str) -> str:
    return word.lower().replace("ё", "е")


def _lower_same_length(text: str) -> str:
    return "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in text)


def is_function_word(word: str) -> bool:
    parses = [p for p in morphology.parses(word) if p.known]
    if not parses:
        return False
    tag = parses[0].tag
    return tag.startswith(_FUNCTION_POS) or "Apro" in tag


def word_lemmas(word: str) -> tuple[str, ...]:
    return tuple(fold(l) for l in morphology.lemmas(word))


def has_tag(word: str, *grammemes: str) -> bool:
    return any(all(g in p.tag for g in grammemes) for p in morphology.parses(word) if p.known)


# ---------------------------------------------------------- target profile ---


class TargetProfile:
    """Everything about one target that does not depend on the explanation."""

    def __init__(self, engine: CognateEngine, target: NormalizedWord):
        self.engine = engine
        self.word = target
        self.analysis = engine.analyse(target)
        lemmas = morphology.lemmas(target.text)
        nouns = [p.lemma for p in morphology.parses(target.text) if p.known and p.tag.startswith("NOUN")]
        if target.text in lemmas:
            self.lemmas = (target.text,)
        else:
            self.lemmas = tuple(dict.fromkeys(nouns or lemmas or (target.text,)))
        self.forms = {fold(f) for l in self.lemmas for f in morphology.forms(l)} | {target.key}
        self.form_spellings = sorted({f for l in self.lemmas for f in morphology.forms(l)} | {target.text})
        self.letters = sorted(target.key.replace("-", ""))
        self.form_letters = {"".join(sorted(f)) for f in self.forms}
        self.roots = sorted({fold(r) for an in self.analysis.analyses for r in an.roots if r})
        self.root_initials = {r[0] for r in self.roots if r}
        self._lock = threading.Lock()
        self._verdicts: dict[str, Any] = {}
        self._fragments: FragmentFinder | None = None

    # cognate verdicts per word, cached
    def verdict(self, word: str | NormalizedWord):
        key = word.text if isinstance(word, NormalizedWord) else word
        found = self._verdicts.get(key)
        if found is None:
            try:
                found = self.engine.compare(self.word, word)
            except ValueError:
                found = False
            with self._lock:
                if len(self._verdicts) > 20_000:
                    self._verdicts.clear()
                self._verdicts[key] = found
        return found or None

    def cognate(self, word: str) -> bool:
        v = self.verdict(word)
        return bool(v and v.cognate)

    @property
    def fragments(self) -> FragmentFinder:
        if self._fragments is None:
            bases = list(self.lemmas)
            for an in self.analysis.analyses:
                for w in self.engine.related(an, 30):
                    v = self.verdict(w)
                    if v and v.cognate and v.confidence == "certain":
                        bases.append(w)
            self._fragments = FragmentFinder(bases)
        return self._fragments


_profiles: "weakref.WeakKeyDictionary[CognateEngine, OrderedDict[str, TargetProfile]]" = weakref.WeakKeyDictionary()
_profiles_lock = threading.Lock()
PROFILE_CACHE = 128  # a profile holds its related words' forms: ~0.2 MB each


def profile(engine: CognateEngine, target: str | NormalizedWord) -> TargetProfile:
    """The cached profile of `target` (raises InvalidWord for a bad target)."""
    word = target if isinstance(target, NormalizedWord) else normalize_word(target)
    with _profiles_lock:
        cache = _profiles.setdefault(engine, OrderedDict())
        found = cache.get(word.text)
        if found is not None:
            cache.move_to_end(word.text)
            return found
    made = TargetProfile(engine, word)
    with _profiles_lock:
        cache[word.text] = made
        while len(cache) > PROFILE_CACHE:
            cache.popitem(last=False)
    return made


# ------------------------------------------------------------- explanation ---


def _pieces(tok: Token) -> list[Token]:
    """A hyphenated token and its parts (рыбак-любитель -> рыбак, любитель)."""
    out = [tok]
    if "-" in tok.text or "\u2011" in tok.text or "\u2010" in tok.text:
        at = 0
        for part in re.split(r"[-\u2010\u2011]", tok.text):
            if part:
                start = tok.start + tok.text.index(part, at)
                try:
                    word = normalize_word(part)
                except ValueError:
                    word = None
                out.append(Token(part, start, start + len(part), word))
                at = start - tok.start + len(part)
    return out


def _cognate_findings(p: TargetProfile, tok: Token) -> list[Violation]:
    w = tok.word
    if w is None or len(w.key) < 2 or is_function_word(w.text):
        return []
    v = p.verdict(w)
    if v is None or not v.cognate:
        return []
    same = v.evidence and v.evidence[0].get("kind") == "same_word"
    known = v.b.known
    severity = "violation" if (v.confidence == "certain" or known) else "warning"
    roots = ", ".join(f"«{r}»" for r in v.shared_roots)
    if same:
        message = f"«{tok.text}» — форма загаданного слова «{p.word.raw}»"
    else:
        message = f"«{tok.text}» — однокоренное с загаданным «{p.word.raw}»"
        if roots:
            message += f" ({'корень' if len(v.shared_roots) == 1 else 'корни'} {roots})"
    return [Violation("cognate", tok.text, tok.start, tok.end, message, severity, {
        "target": p.word.raw, "word": tok.text, "confidence": v.confidence, "shared_roots": v.shared_roots,
        "verdict": v.evidence, "rule": f"{RULES_SOURCE}: однокоренные слова запрещены",
    })]


def _abbreviation_part(abbr: str, word: str) -> str:
    """Which part of the abbreviation stands for `word`: «буква «У»» when that letter is unambiguous."""
    first = fold(word)[:1]
    letters = [ch for ch in abbr if fold(ch) == first]
    if first and abbr.isalpha() and abbr.isupper() and len(letters) == 1:
        return f"буква «{letters[0]}»"
    return "её часть"


def _abbreviation_findings(p: TargetProfile, tok: Token) -> list[Violation]:
    info = abbreviations.identify(tok.text)
    if info is None:
        return []
    if info.known:
        hits = []
        for exp in info.expansions:
            matched = [w for w in exp.words if p.cognate(w)]
            hits.append((exp, matched))
        matching = [(e, m) for e, m in hits if m]
        if not matching:
            return []
        severity = "violation" if len(matching) == len(hits) else "warning"
        exp, words = matching[0]
        message = (f"«{tok.text}» — аббревиатура ({exp.expansion}): {_abbreviation_part(tok.text, words[0])} "
                   f"означает «{words[0]}» — "
                   + ("загаданное слово" if fold(words[0]) in p.forms else f"однокоренное с загаданным «{p.word.raw}»"))
        if severity == "warning":
            message += "; но у неё есть и другие расшифровки, без этого слова: решает судья"
        return [Violation("abbreviation", tok.text, tok.start, tok.end, message, severity, {
            "abbreviation": tok.text, "source": abbreviations.source_name(info.source),
            "expansions": [{**e.to_json(), "matches": m} for e, m in hits],
            "cognate": [p.verdict(w).to_json() for w in words[:2]],
            "rule": f"{RULES_SOURCE}: аббревиатуры, одна из букв которых обозначает загаданное слово",
        })]
    if not tok.text.isupper() or abbreviations.is_ordinary_word(tok.text):
        return []  # a shouted ordinary word (ДОМ) is not an abbreviation; the cognate rule sees it
    letters = {ch for ch in fold(tok.text)}
    common = sorted(letters & p.root_initials)
    if not common:
        return []
    return [Violation("abbreviation", tok.text, tok.start, tok.end,
                      f"«{tok.text}» похоже на аббревиатуру, которую словарь не знает; буква "
                      f"«{common[0].upper()}» может означать загаданное «{p.word.raw}» (с неё начинается корень): "
                      "решает судья",
                      "warning", {"abbreviation": tok.text, "source": abbreviations.source_name(info.source),
                                  "root_initials": sorted(p.root_initials), "matching_letters": common})]


def _fragment_findings(p: TargetProfile, tok: Token) -> list[Violation]:
    if tok.word is None or not fragment_candidate(tok.text):
        return []
    match = p.fragments.find(tok.word.text)
    if match is None:
        return []
    return [Violation("fragment", tok.text, tok.start, tok.end,
                      f"«{tok.text}» — не слово, но вместе с "
                      + ("загаданным" if match.base in {fold(l) for l in p.lemmas} or match.base == p.word.key
                         else f"«{match.base}» (однокоренным с загаданным)")
                      + f" образует слово «{match.word}»",
                      "violation", {**match.to_json(),
                                    "rule": f"{RULES_SOURCE}: несуществующие слова, образующие слово вместе с загаданным"})]


def _anagram_findings(p: TargetProfile, tok: Token, anagram_hint: bool) -> list[Violation]:
    w = tok.word
    if w is None or len(w.key) < 3:
        return []
    key = w.key
    if key in p.forms:
        return []
    sorted_key = "".join(sorted(key))
    known = morphology.is_known(key)
    if not known and sorted_key in p.form_letters:
        kind = "reversal" if key[::-1] in p.forms else "anagram"
        return [Violation("letters", tok.text, tok.start, tok.end,
                          f"«{tok.text}» — буквы загаданного слова "
                          f"{'задом наперёд' if kind == 'reversal' else 'в другом порядке'}",
                          "violation", {"kind": kind, "target": p.word.raw,
                                        "rule": f"{RULES_SOURCE}: апелляция к буквам загаданного слова"})]
    if known and anagram_hint and sorted(key) == p.letters and not p.cognate(key):
        return [Violation("letters", tok.text, tok.start, tok.end,
                          f"«{tok.text}» прямо названо анаграммой загаданного слова",
                          "violation", {"kind": "named_anagram", "target": p.word.raw,
                                        "rule": f"{RULES_SOURCE}: нельзя прямо называть анаграммы"})]
    return []


def _translit_findings(p: TargetProfile, tok: Token) -> list[Violation]:
    if not re.fullmatch(r"[A-Za-z']{2,}", tok.text):
        return []
    for cyr in transliterations(tok.text):
        key = fold(cyr)
        if key in p.forms or (morphology.is_known(key) and (v := p.verdict(key)) is not None
                              and v.cognate and v.confidence == "certain"):
            return [Violation("translation", tok.text, tok.start, tok.end,
                              f"«{tok.text}» — это «{cyr}» латиницей"
                              + ("" if key in p.forms else f", однокоренное с загаданным «{p.word.raw}»"),
                              "violation", {"transliteration": cyr, "target": p.word.raw,
                                            "rule": f"{RULES_SOURCE}: переводы и иностранные слова"})]
    return []


PROFANITY_LABELS = {"obscene": "мат", "euphemism": "эвфемизм мата", "vulgar": "грубое слово",
                    "slur": "оскорбление"}


def _profanity_findings(tok: Token) -> list[Violation]:
    try:
        from lexicon import profanity
        hit = profanity.find(tok.text)
    except FileNotFoundError:
        return []
    if hit is None:
        return []
    severe = hit.category in ("obscene", "slur") and not hit.homonym
    msg = f"«{tok.text}» — {PROFANITY_LABELS.get(hit.category, hit.category)} (корень «{hit.root}»)"
    if hit.homonym:
        msg += f"; но у слова есть и другое значение ({hit.homonym}): решает судья"
    return [Violation("profanity", tok.text, tok.start, tok.end, msg, "violation" if severe else "warning",
                      {**hit.to_json(), "rule": f"{RULES_SOURCE}: ненормативная лексика запрещена"})]


def _local_findings(p: TargetProfile, tok: Token, cache: dict) -> list[Violation]:
    """Findings that depend on the token alone (cached per target by its text)."""
    key = tok.text
    found = cache.get(key)
    if found is None:
        found = []
        found += _cognate_findings(p, Token(tok.text, 0, len(tok.text), tok.word))
        found += _abbreviation_findings(p, Token(tok.text, 0, len(tok.text), tok.word))
        found += _fragment_findings(p, Token(tok.text, 0, len(tok.text), tok.word))
        found += _translit_findings(p, Token(tok.text, 0, len(tok.text), tok.word))
        found += _profanity_findings(Token(tok.text, 0, len(tok.text), tok.word))
        if len(cache) > 50_000:
            cache.clear()
        cache[key] = found
    return [Violation(v.rule, tok.text, tok.start + v.start, tok.start + v.end, v.message, v.severity, v.evidence)
            for v in found]


def _letter_word_findings(p: TargetProfile, tokens: list[Token], i: int) -> list[Violation]:
    tok = tokens[i]
    if tok.word is None:
        return []
    lemmas = set(word_lemmas(tok.word.text)) & LETTER_WORDS
    if not lemmas or set(p.lemmas) & LETTER_WORDS:
        return []
    lemma = sorted(lemmas)[0]
    if lemma in ANAGRAM_WORDS:
        return []   # judged with the anagram itself, see _anagram_findings
    window = [j for j in range(max(0, i - 3), min(len(tokens), i + 4)) if j != i]
    cues: list[str] = []
    cue_at: list[int] = []
    for j in window:
        other = tokens[j]
        if other.text.isdigit():
            cues.append(other.text)
            cue_at.append(j)
        elif other.word is not None:
            t = other.word.text
            if (len(t) == 1 and t.isalpha()) or has_tag(t, "NUMR") or has_tag(t, "Anum") \
                    or set(word_lemmas(t)) & POSITION_LEMMAS:
                cues.append(t)
                cue_at.append(j)
    if cues:
        j = min(cue_at, key=lambda k: (abs(k - i), k))     # the nearest cue, for the message
        first, second = sorted((i, j))
        phrase = f"«{tokens[first].text}{' ' if second - first == 1 else ' … '}{tokens[second].text}»"
        return [Violation("letters", tok.text, tok.start, tok.end,
                          f"{phrase} — отсылка к {'буквам' if lemma in ('буква', 'буковка') else 'слогам'} слова",
                          "violation",
                          {"cues": cues, "rule": f"{RULES_SOURCE}: нельзя апеллировать к буквам и слогам"})]
    return [Violation("letters", tok.text, tok.start, tok.end,
                      f"«{tok.text}» — возможно, отсылка к буквам или слогам: решает судья", "warning",
                      {"rule": f"{RULES_SOURCE}: нельзя апеллировать к буквам и слогам"})]


def _anagram_keyword(p: TargetProfile, tokens: list[Token], found_anagram: bool) -> list[Violation]:
    out = []
    for tok in tokens:
        if tok.word is not None and set(word_lemmas(tok.word.text)) & ANAGRAM_WORDS:
            if found_anagram:
                out.append(Violation("letters", tok.text, tok.start, tok.end,
                                     "прямо названа анаграмма загаданного слова", "violation",
                                     {"rule": f"{RULES_SOURCE}: нельзя прямо называть анаграммы"}))
            else:
                out.append(Violation("letters", tok.text, tok.start, tok.end,
                                     "упомянута анаграмма: можно, только если она объяснена через смысл",
                                     "warning", {"rule": f"{RULES_SOURCE}: анаграмма к слову, обозначающему …, можно"}))
    return out


def _phrase_findings(text: str) -> list[Violation]:
    low = _lower_same_length(text)
    out = []
    for rx, rule, severity, what, what_dat in _PHRASES:
        for m in rx.finditer(low):
            start, end = (m.start(1), m.end(1)) if m.re.groups else (m.start(), m.end())
            out.append(Violation(rule, text[start:end], start, end, f"«{text[start:end]}» — отсылка к {what_dat}",
                                 severity, {"appeal": what, "rule": f"{RULES_SOURCE}: апелляция к буквам, слогам, звучанию"}))
    return out


def _is_russian_word(engine: CognateEngine, word: str) -> bool:
    if not morphology.is_known(word):
        return False
    return any(engine.store.word(fold(l)) is not None for l in (word, *morphology.lemmas(word)))


def _translation_findings(p: TargetProfile, tokens: list[Token]) -> list[Violation]:
    out = []
    for i, tok in enumerate(tokens):
        marker = bool(_LANG_ADVERB.match(tok.text))
        if not marker and _LANG_ADJ.match(tok.text) and i > 0 and tokens[i - 1].text.lower() in ("на", "с", "со"):
            marker = True
        if not marker:
            continue
        for j in (i - 1, i + 1, i - 2, i + 2):
            if not 0 <= j < len(tokens) or j == i:
                continue
            cand = tokens[j]
            if _LANG_ADVERB.match(cand.text) or _LANG_ADJ.match(cand.text):
                continue
            latin = bool(re.fullmatch(r"[A-Za-z']{2,}", cand.text))
            foreign = latin
            if not latin and cand.word is not None and len(cand.word.key) > 1 and not is_function_word(cand.word.text):
                foreign = not _is_russian_word(p.engine, cand.word.text)
            if foreign:
                out.append(Violation("translation", cand.text, cand.start, cand.end,
                                     f"«{cand.text}» — иностранное слово («{tok.text}»): переводить на слова, "
                                     "которые не употребляются в русском, нельзя", "violation",
                                     {"marker": tok.text, "latin_script": latin,
                                      "russian_word": False,
                                      "rule": f"{RULES_SOURCE}: нельзя пользоваться переводами"}))
                break
    return out


def check_explanation(engine: CognateEngine, target: str | NormalizedWord, text: str) -> ExplanationResult:
    """Every violation of rules B-G in an explanation of `target`, with spans and evidence."""
    p = profile(engine, target)
    tokens = tokenize(text)
    cache = p.__dict__.setdefault("_local", {})
    findings: list[Violation] = []
    anagram_hint = bool(re.search(r"анаграм|наоборот|задом|переставь|переставить|справа налево", text, re.I))
    found_anagram = False
    for i, tok in enumerate(tokens):
        for piece in _pieces(tok):
            findings += _local_findings(p, piece, cache)
            anagram = _anagram_findings(p, piece, anagram_hint)
            found_anagram = found_anagram or any(v.evidence.get("kind") == "named_anagram" for v in anagram)
            findings += anagram
        findings += _letter_word_findings(p, tokens, i)
    findings += _anagram_keyword(p, tokens, found_anagram)
    findings += _phrase_findings(text)
    findings += _translation_findings(p, tokens)
    # One finding per rule and span; violations before warnings on the same span.
    seen: dict[tuple[str, int, int], Violation] = {}
    for v in findings:
        key = (v.rule, v.start, v.end)
        if key not in seen or (seen[key].severity == "warning" and v.severity == "violation"):
            seen[key] = v
    ordered = sorted(seen.values(), key=lambda v: (v.start, v.end, v.rule))
    return ExplanationResult(p.word.raw, ordered, len(tokens))


# -------------------------------------------------------------------- guess ---

_pronouncer_state: dict[str, Any] = {}


def pronouncer(engine: CognateEngine | None = None):
    """The pronunciation layer, or None when it is missing (homophone checks then degrade)."""
    attached = getattr(engine, "pronouncer", None) if engine is not None else None
    if attached is not None:
        return attached
    if "instance" not in _pronouncer_state:
        try:
            from lexicon.pronunciation import Pronouncer
            _pronouncer_state["instance"] = Pronouncer()
            _pronouncer_state["error"] = None
        except Exception as exc:  # missing module or data: report, do not fail
            _pronouncer_state["instance"] = None
            _pronouncer_state["error"] = f"{type(exc).__name__}: {exc}"
    return _pronouncer_state["instance"]


def pronunciation_error() -> str | None:
    return _pronouncer_state.get("error")


def _readings_json(readings) -> list[dict]:
    return [{"stressed": r.stressed, "phonemes": r.phonemes, "source": r.source} for r in readings]


def check_guess(engine: CognateEngine, target: str | NormalizedWord, guess: str | NormalizedWord) -> GuessResult:
    """Does `guess` count as guessing `target` (word form, homophone, both), or is it a cognate?"""
    p = profile(engine, target)
    g = guess if isinstance(guess, NormalizedWord) else normalize_word(guess)
    t = p.word
    if g.key == t.key or g.key in p.forms:
        form = g.text
        return GuessResult(t.raw, g.raw, True, "word_form",
                           f"догадка «{g.raw}» — " + ("загаданное слово" if g.key == t.key else "форма загаданного слова")
                           + f" «{t.raw}»",
                           [{"kind": "word_form", "form": form, "lemma": p.lemmas[0],
                             "source": "pymorphy3 (OpenCorpora) paradigm",
                             "rule": f"{RULES_SOURCE}: слово отгадано в любой форме"}])
    guess_lemmas = set(word_lemmas(g.text))
    if guess_lemmas & {fold(l) for l in p.lemmas}:
        return GuessResult(t.raw, g.raw, True, "word_form", f"догадка «{g.raw}» — форма загаданного слова «{p.lemmas[0]}»",
                           [{"kind": "word_form", "lemma": p.lemmas[0], "source": "pymorphy3 (OpenCorpora)",
                             "rule": f"{RULES_SOURCE}: слово отгадано в любой форме"}])
    pr = pronouncer(engine)
    evidence: list[dict] = []
    if pr is not None:
        same, ra, rb = pr.homophones(t.text, g.text)
        if same:
            return GuessResult(t.raw, g.raw, True, "homophone", f"догадка «{g.raw}» звучит так же, как загаданное «{t.raw}»",
                               [{"kind": "homophone", "target": _readings_json(ra), "guess": _readings_json(rb),
                                 "source": "lexicon/pronunciation.py",
                                 "rule": f"{RULES_SOURCE}: омофон загаданного слова считается"}])
        for form in p.form_spellings:
            if fold(form) == t.key:
                continue
            same, ra, rb = pr.homophones(form, g.text)
            if same:
                return GuessResult(t.raw, g.raw, True, "form_homophone",
                                   f"догадка «{g.raw}» звучит так же, как «{form}», форма загаданного слова «{t.raw}»",
                                   [{"kind": "form_homophone", "through": form, "form_readings": _readings_json(ra),
                                     "guess": _readings_json(rb), "source": "lexicon/pronunciation.py + pymorphy3",
                                     "rule": f"{RULES_SOURCE}: правила формы и омофона можно совмещать"}])
        for lemma in sorted(guess_lemmas - {g.key}):
            same, ra, rb = pr.homophones(t.text, lemma)
            if same:
                return GuessResult(t.raw, g.raw, True, "form_homophone",
                                   f"догадка «{g.raw}» — форма слова «{lemma}», которое звучит так же, как загаданное «{t.raw}»",
                                   [{"kind": "form_homophone", "through": lemma, "target": _readings_json(ra),
                                     "lemma_readings": _readings_json(rb),
                                     "source": "lexicon/pronunciation.py + pymorphy3",
                                     "rule": f"{RULES_SOURCE}: правила формы и омофона можно совмещать"}])
    else:
        evidence.append({"kind": "pronunciation_unavailable", "detail": pronunciation_error(),
                         "explanation": "омофоны проверить не удалось"})
    v = p.verdict(g)
    if v is not None and v.cognate:
        return GuessResult(t.raw, g.raw, False, "cognate",
                           f"«{g.raw}» однокоренное с «{t.raw}»: слово ещё не отгадано, "
                           "можно попросить уточнить",
                           [{"kind": "cognate", "confidence": v.confidence, "shared_roots": v.shared_roots,
                             "verdict": v.evidence,
                             "rule": f"{RULES_SOURCE}: однокоренное слово ещё не считается отгаданным"}, *evidence])
    return GuessResult(t.raw, g.raw, False, "different_word", f"«{g.raw}» — другое слово, не загаданное",
                       [{"kind": "different_word", "explanation": "не форма загаданного слова, не омофон и не однокоренное с ним слово"},
                        *evidence])
