"""Word pools for Шляпа and Codenames: is every word a fit card, and which cards clash?

Per word, as sent (../shared/rules/hat.txt, «Частности»: загадываемые слова —
существительные нарицательные в единственном числе, если оно есть):

* ``unknown``       -- no dictionary (pymorphy3/OpenCorpora, the compiled lexicon) knows it
                       and wordfreq has not seen it often enough to call it a word;
* ``not_noun``      -- no noun reading (идти, быстрый);
* ``proper_noun``   -- only proper-noun readings (names, places, organisations), or a
                       capitalised word that reads as a name;
* ``plural``        -- the plural of a noun that has a singular (окна → окно); pluralia
                       tantum (ножницы, брюки) and plurals whose singular is practically
                       unused (деньги: деньга is 1/1000 as frequent) are fine;
* ``word_form``     -- an oblique case of a noun (границу → граница);
* ``abbreviation``  -- ООН, МГУ, вуз (lexicon.abbreviations);
* ``profanity``     -- lexicon.profanity;
* ``invalid`` / ``not_single_word`` -- not one Russian word at all;
* ``board_cognate`` -- game codenames, a pool of at most 25 words (one board): the word
                       shares a root with another word of the board.

Pool level: ``duplicates`` (one lemma, ignoring case and ё/е: дом/Дом, ёж/еж,
стол/столы) and ``cognate_groups`` (words sharing one root: кот/кошка,
рука/наручники; never вода/водитель).  Groups are per root, not chains: a
compound (пароход) can sit in two groups (пар…, …ход) without welding them.

Candidate pairs come from buckets, never from all n² pairs.  Root occurrences in one
lexicon family are one root outright (the engine says so for any such pair).  Across
families, root types (family, spelling, senses) share a bucket when their spellings
are equal, one vowel step apart or one final-consonant alternation apart (the rules
of lexicon.alternations); each pair of types is asked of ``engine.compare`` once,
through its shortest words, and only when lexicon.alternations and the lexicon's
alternation counts allow a join.  Probable links through an alternation or a guessed
segmentation are listed as ``possible_cognates`` and never chained into a group; no
group may join two curated senses of one spelling (вод «вода» / вод «водить»).
"""
from __future__ import annotations

import re
import time
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable

from lexicon import abbreviations, budget, frequency, morphology, profanity
from lexicon.alternations import CONSONANT_ALTERNATIONS, WEAK_CONSONANT_ALTERNATIONS, compare_roots
from lexicon.alternations import fold as fold_root
from lexicon.cognates import CognateEngine
from lexicon.normalize import InvalidWord, NormalizedWord, normalize_word

GAMES = ("hat", "codenames")
MAX_WORDS = 50_000
BOARD_SIZE = 25
# Candidate pairs of root types (spellings that share a key) the HTTP lint compares, counted before
# comparing: about 0.3 million for a real 10,000-word pool, 3.8 million for 50,000 dictionary words.
# The CLI (`koren lint`) has no such limit.
MAX_POOL_PAIRS = 2_000_000
RULES_SOURCE = {"hat": "rules/hat.txt, «Частности»", "codenames": "обычаи карточек Codenames"}
PYMORPHY = "pymorphy3 (OpenCorpora)"
WORDFREQ = frequency.SOURCE

# A word pymorphy3 and the lexicon do not know is still a word when the web and
# subtitles use it this often (Zipf scale: 3 = once per million words).
ATTESTED_ZIPF = 2.5
# Not in any dictionary and seen less often than this: an error, not a warning
# (котогладильщик 0, кроликомедикаментокружка 0; айкидо 2.9, хронотоп 1.9).
UNKNOWN_ERROR_ZIPF = 1.0
# Below this a word is rare enough that an organiser may want to know.
RARE_ZIPF = 1.5
# A plural counts as pluralia tantum in practice when its singular is this much rarer
# (Zipf units, i.e. powers of ten): деньги 5.6 vs деньга 2.4.
PLURAL_ONLY_GAP = 2.5

PROPER = frozenset(("Name", "Surn", "Patr", "Geox", "Orgn", "Trad"))
LEXICON = "the compiled lexicon (Tikhonov's morphemic dictionary)"
POS_NAMES = {
    "NOUN": "существительное", "ADJF": "прилагательное", "ADJS": "краткое прилагательное",
    "COMP": "сравнительная степень", "VERB": "глагол", "INFN": "глагол (инфинитив)", "PRTF": "причастие",
    "PRTS": "краткое причастие", "GRND": "деепричастие", "NUMR": "числительное", "ADVB": "наречие",
    "NPRO": "местоимение", "PRED": "предикатив", "PREP": "предлог", "CONJ": "союз", "PRCL": "частица",
    "INTJ": "междометие",
}
SEVERITIES = ("error", "warning", "info")
# lexicon.profanity categories, as a judge would name them.
PROFANITY_KINDS = {"obscene": "мат", "euphemism": "эвфемизм мата", "vulgar": "грубое слово",
                   "slur": "оскорбление"}
# lexicon.normalize.InvalidWord codes, in Russian (the exception's reason is English).
INVALID_REASONS = {
    "type": "ожидалась строка",
    "empty": "пустое слово",
    "too_long": "слишком длинное слово",
    "several_words": "несколько слов вместо одного",
    "not_cyrillic": "в слове нет русских букв",
    "bad_characters": "в слове есть знаки, которые не являются русскими буквами",
}


class TooMuchWork(ValueError):
    """A pool over MAX_POOL_PAIRS: `limit` names the limit, `value` is what the pool needs,
    `maximum` what the limit allows.  Raised before any pair is compared."""

    def __init__(self, limit: str, value: int, maximum: int, detail: str):
        super().__init__(detail)
        self.limit, self.value, self.maximum = limit, value, maximum


def fold(text: str) -> str:
    return text.lower().replace("ё", "е")


def plural(n: int, one: str, few: str, many: str) -> str:
    """«1 слово», «3 слова», «11 слов»: the number with the right Russian form."""
    tail, tens = abs(n) % 10, abs(n) % 100
    form = one if tail == 1 and tens != 11 else few if 2 <= tail <= 4 and not 12 <= tens <= 14 else many
    return f"{n} {form}"


def roots_ru(roots: Iterable[str]) -> str:
    """[рыб] → корень «рыб»; [кот, кош] → корни «кот», «кош»."""
    roots = list(roots)
    return ("корень " if len(roots) == 1 else "корни ") + ", ".join(f"«{r}»" for r in roots)


def invalid_reason(exc: InvalidWord) -> str:
    """Why a text is not one Russian word, in Russian."""
    return INVALID_REASONS.get(exc.code, exc.reason)


@lru_cache(maxsize=20_000)
def zipf(word: str) -> float:
    """Frequency of a word form on the Zipf scale (log10 per billion words), from wordfreq via the lexicon."""
    return frequency.zipf(word)


def frequency_json(word: str) -> dict:
    z = zipf(word)
    return {"zipf": z, "per_million": round(10 ** (z - 3), 3) if z > 0 else 0.0, "source": WORDFREQ}


# ------------------------------------------------------------------ results ---


@dataclass
class Issue:
    rule: str
    message: str
    severity: str = "error"            # error | warning | info
    evidence: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"rule": self.rule, "message": self.message, "severity": self.severity, "evidence": self.evidence}


@dataclass
class WordReport:
    word: str                      # exactly as sent
    normalized: str | None
    lemma: str | None              # the noun lemma the word stands for (duplicate key before folding)
    key: str                       # duplicate key: folded lemma, or folded text
    issues: list[Issue] = field(default_factory=list)
    suggestions: list[dict] = field(default_factory=list)
    frequency: dict | None = None

    def to_json(self) -> dict:
        return {"word": self.word, "normalized": self.normalized, "lemma": self.lemma,
                "issues": [i.to_json() for i in self.issues], "suggestions": self.suggestions,
                "frequency": self.frequency}


@dataclass
class PoolReport:
    game: str
    words: list[WordReport]
    duplicates: list[list[str]]
    cognate_groups: list[list[str]]
    cognate_details: list[dict]
    board_conflicts: list[dict]
    elapsed_ms: float
    possible_cognates: list[dict] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        by_rule: dict[str, int] = defaultdict(int)
        for w in self.words:
            for rule in dict.fromkeys(i.rule for i in w.issues):
                by_rule[rule] += 1
        return dict(sorted(by_rule.items()))

    def problems(self, fail_on: str = "error") -> int:
        """Findings that make a pool unfit: issues at `fail_on` or worse, duplicate sets, cognate groups."""
        worst = SEVERITIES.index(fail_on)
        bad = sum(1 for w in self.words for i in w.issues if SEVERITIES.index(i.severity) <= worst)
        # A Codenames card set may hold cognates as long as a board does not (board_conflicts
        # tells the dealer); a board itself (≤ 25 words) may not.
        groups = len(self.cognate_groups) if self.game != "codenames" or len(self.words) <= BOARD_SIZE else 0
        return bad + len(self.duplicates) + groups

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "words": [w.to_json() for w in self.words],
            "duplicates": self.duplicates,
            "cognate_groups": self.cognate_groups,
            "cognate_details": self.cognate_details,
            "board_conflicts": self.board_conflicts,
            "possible_cognates": self.possible_cognates,
            "summary": {"words": len(self.words),
                        "words_with_issues": sum(1 for w in self.words if w.issues),
                        "by_rule": self.counts(), "duplicates": len(self.duplicates),
                        "cognate_groups": len(self.cognate_groups),
                        "board_conflicts": len(self.board_conflicts),
                        "possible_cognates": len(self.possible_cognates),
                        "elapsed_ms": round(self.elapsed_ms, 1)},
        }


# ------------------------------------------------------------- per word ------


def _pos(tag: str) -> str:
    return tag.split(",")[0].split(" ")[0]


def _grammemes(tag: str) -> set[str]:
    return set(tag.replace(" ", ",").split(","))


def _parses(text: str) -> tuple[list[morphology.Parse], bool]:
    """Dictionary parses when pymorphy3 knows the form, else its guesses (flagged False)."""
    parses = morphology.parses(text)
    known = [p for p in parses if p.known]
    return (known, True) if known else (list(parses), False)


def _is_capitalised(raw: str) -> bool:
    letters = [ch for ch in raw if ch.isalpha()]
    return len(letters) > 1 and letters[0].isupper() and not all(ch.isupper() for ch in letters)


def _plural_only_in_practice(form: str, lemma: str) -> tuple[bool, dict]:
    """деньги: pymorphy3 reads it as the plural of деньга, which nobody says any more."""
    zp, zs = zipf(form), zipf(lemma)
    return (zp - zs >= PLURAL_ONLY_GAP and zp >= ATTESTED_ZIPF), {"plural_zipf": zp, "singular_zipf": zs}


def check_word(engine: CognateEngine, raw: str, game: str = "hat", case_signal: bool = True) -> WordReport:
    """Every word-level issue of one pool word, as sent.

    `case_signal`: capitals mean something (the pool also has lower-case words); in a pool
    where every word is capitalised, «Лев» is no more a name than «Окно»."""
    rules_source = RULES_SOURCE.get(game, game)
    stripped = raw.strip() if isinstance(raw, str) else ""
    try:
        nw = normalize_word(stripped)
    except InvalidWord as exc:
        rule = "not_single_word" if exc.code == "several_words" else "invalid"
        report = WordReport(raw, None, None, fold(stripped) or raw)
        report.issues.append(Issue(rule, f"«{raw}»: {invalid_reason(exc)}", "error", {"code": exc.code}))
        return report
    text = nw.text
    report = WordReport(raw, text, None, nw.key, frequency=frequency_json(text))

    hit = profanity.find(stripped)
    if hit is not None:
        harsh = hit.category in ("obscene", "slur") and not hit.homonym
        report.issues.append(Issue(
            "profanity",
            f"«{raw}» — {PROFANITY_KINDS.get(hit.category, hit.category)} (корень «{hit.root}»)"
            + (f"; есть и приличное значение ({hit.homonym})" if hit.homonym else ""),
            "error" if harsh else "warning", hit.to_json()))

    abbr = abbreviations.identify(stripped) if _may_be_abbreviation(stripped) else None
    if abbr is not None and abbr.source == "table" and not stripped.isupper() and (
            abbreviations.is_ordinary_word(stripped) or not any(_initialism(e) for e in abbr.expansions)):
        # колхоз, автошкола, медбрат: compounds of shortened words (сложносокращённые слова)
        # are ordinary nouns; only letter abbreviations (ООН, вуз, жэк) are out of a pool.
        abbr = None
    if abbr is not None:
        expansions = [e.expansion for e in abbr.expansions]
        report.issues.append(Issue(
            "abbreviation",
            f"«{raw}» — аббревиатура" + (f" ({'; '.join(expansions)})" if expansions else ""),
            "error", {**abbr.to_json(), "source": abbreviations.source_name(abbr.source)}))
        report.lemma = text
        return report

    parses, known = _parses(text)
    analysis = engine.analyse(nw)
    z = report.frequency["zipf"]
    headword = _headword(engine, nw.key)
    if not analysis.known and not known:
        report.lemma = text
        if z < ATTESTED_ZIPF:
            severity = "error" if z < UNKNOWN_ERROR_ZIPF else "warning"
            report.issues.append(Issue(
                "unknown", f"«{raw}» нет в словарях"
                + (f", и в wordfreq это слово редкое (Zipf {z})" if z else ", и в wordfreq его тоже нет"),
                severity, {"sources": [PYMORPHY, LEXICON, WORDFREQ], "zipf": z}))
        else:
            report.suggestions.append({"kind": "attested", "message": f"в словарях нет, но в интернете встречается "
                                       f"часто (wordfreq, Zipf {z})", "frequency": report.frequency})
        return report
    if z < RARE_ZIPF:
        report.suggestions.append({"kind": "rare", "frequency": report.frequency,
                                   "message": f"редкое слово: Zipf {z} ({report.frequency['per_million']} на миллион "
                                              "слов)" if z else "редкое слово: в wordfreq его нет"})
    if not known:
        # Only the compiled lexicon (Tikhonov's dictionary) knows it: no part of speech to judge by.
        report.lemma = text
        return report

    def gram(p):
        return _grammemes(p.tag)

    nouns = [p for p in parses if _pos(p.tag) == "NOUN" or (_pos(p.tag) == "ADJF" and "Subx" in gram(p))]
    common = [p for p in nouns if not (gram(p) & PROPER)]
    proper = [p for p in nouns if gram(p) & PROPER]
    evidence_base = {"parses": [{"lemma": p.lemma, "tag": p.tag} for p in parses[:6]], "source": PYMORPHY,
                     "rule": rules_source}
    if headword:
        evidence_base["headword"] = f"заглавное слово словаря Тихонова ({LEXICON})"

    def nominative(ps, number):
        return [p for p in ps if "nomn" in gram(p) and number in gram(p)]

    top = parses[0]
    top_pos = _pos(top.tag)
    if not nouns:
        report.lemma = top.lemma
        report.key = fold(top.lemma)
        if headword and all(fold(p.lemma) != nw.key for p in parses):
            # водила: pymorphy3 knows only the past tense of водить, Tikhonov lists the noun.
            report.lemma, report.key = text, nw.key
            return report
        adjectival = top_pos in ("ADJF", "PRTF")
        report.issues.append(Issue(
            "not_noun", f"«{raw}» — не существительное: {POS_NAMES.get(top_pos, top_pos)} «{top.lemma}»"
            + ("; годится, только если употреблено как существительное" if adjectival else ""),
            "warning" if adjectival else "error", evidence_base))
        return report

    common_sing = nominative(common, "sing")
    pltm = [p for p in nominative(common, "plur") if "Pltm" in gram(p)]
    common_plur = [p for p in nominative(common, "plur") if "Pltm" not in gram(p)]
    if common_sing or pltm:
        reading = (common_sing or pltm)[0]
        # A substantivised adjective is its own noun: крестная is not a form of крестный.
        report.lemma = text if _pos(reading.tag) == "ADJF" else reading.lemma
        proper_nomn = nominative(proper, "sing") + nominative(proper, "plur")
        if proper_nomn and case_signal and _is_capitalised(raw):
            report.issues.append(Issue(
                "proper_noun",
                f"«{raw}» написано с заглавной буквы, как имя «{proper_nomn[0].lemma.capitalize()}»; "
                f"нарицательное «{reading.lemma}» годится со строчной",
                "info" if game == "codenames" else "warning", evidence_base))
    elif common_plur:
        reading = common_plur[0]
        report.lemma = reading.lemma
        practically, freq = _plural_only_in_practice(text, reading.lemma)
        if practically:
            report.suggestions.append({
                "kind": "plural_only", "message": f"единственное число «{reading.lemma}» почти не употребляется "
                f"(Zipf {freq['singular_zipf']} против {freq['plural_zipf']}), поэтому «{text}» считается словом "
                "без единственного числа",
                "frequency": freq})
            report.lemma = text
        else:
            listed = headword and reading.lemma[:3] == text[:3]
            severity = "warning" if (listed or game == "codenames") else "error"
            report.issues.append(Issue(
                "plural", f"«{raw}» — множественное число, в пул лучше «{reading.lemma}»"
                + (f" (у Тихонова «{text}» — заглавное слово: проверьте, не употребляется ли оно в нужном "
                   "значении только во множественном числе)" if listed else ""),
                severity, {**evidence_base, "singular": reading.lemma, "frequency": freq}))
            report.suggestions.append({"kind": "singular", "text": reading.lemma,
                                       "message": f"замените на «{reading.lemma}»"})
    elif proper and (not common or nominative(proper, "sing") + nominative(proper, "plur")):
        # Франция: the only nominative reading is the country (франций, the element, is oblique here)
        reading = (nominative(proper, "sing") + nominative(proper, "plur") or proper)[0]
        report.lemma = reading.lemma
        kinds = sorted({g for p in proper for g in gram(p) & PROPER})
        capitalised = case_signal and (_is_capitalised(raw) or raw.isupper())
        if not capitalised and set(kinds) <= {"Orgn", "Trad"}:
            # автозапчасти, биоресурсы, военторг: OpenCorpora tags sectors and shop chains as
            # organisations; written in lower case they are common nouns.
            report.key = fold(report.lemma)
            return report
        if game == "codenames":
            severity = "info"
        else:
            severity = "error" if capitalised else "warning"
        report.issues.append(Issue(
            "proper_noun", f"«{raw}» — имя собственное ({', '.join(_PROPER_NAMES[k] for k in kinds)})"
            + ("" if severity != "warning" else "; со строчной буквы оно, возможно, задумано как нарицательное, "
               "но такого pymorphy3 не знает"),
            severity, {**evidence_base, "kinds": kinds}))
    else:
        reading = common[0] if common else proper[0]
        report.lemma = reading.lemma
        if headword:
            # агротехника, карт: pymorphy3 lacks the nominative, Tikhonov lists the word itself.
            report.lemma = text
        elif top_pos != "NOUN":
            report.issues.append(Issue(
                "not_noun", f"«{raw}» — {POS_NAMES.get(top_pos, top_pos)} «{top.lemma}»; "
                f"как существительное это лишь падежная форма слова «{reading.lemma}»", "error", evidence_base))
        else:
            report.issues.append(Issue(
                "word_form", f"«{raw}» — падежная форма слова «{reading.lemma}», в пул нужен именительный падеж",
                "error", {**evidence_base, "lemma": reading.lemma}))
            report.suggestions.append({"kind": "lemma", "text": reading.lemma,
                                       "message": f"замените на «{reading.lemma}»"})
    report.key = fold(report.lemma)
    return report


def _initialism(expansion) -> bool:
    """ООН, вуз, ЗАГС: about one letter per word of the expansion (медбрат: 7 letters, 2 words)."""
    letters = sum(ch.isalpha() for ch in expansion.abbr)
    words = len(expansion.expansion.replace("-", " ").split())
    return expansion.abbr.isupper() or letters <= words + 1


def _may_be_abbreviation(token: str) -> bool:
    """Cheap pre-check before lexicon.abbreviations.identify (which parses the token again):
    capitals (ООН), a row of the curated table, or a pymorphy3 Abbr reading (вуз)."""
    if any(ch.isupper() for ch in token[1:]) or (token.isupper() and len(token) > 1):
        return True
    low = fold(token)
    if abbreviations.table().by_key.get(low):
        return True
    return any("Abbr" in p.tag for p in morphology.parses(low))


def _headword(engine: CognateEngine, key: str) -> bool:
    """The compiled lexicon lists the word itself (Tikhonov's headwords are dictionary forms)."""
    record = engine.store.word(key)
    return record is not None and fold(record.word) == key


_PROPER_NAMES = {"Name": "имя", "Surn": "фамилия", "Patr": "отчество", "Geox": "топоним",
                 "Orgn": "организация", "Trad": "торговая марка"}


# ---------------------------------------------------------- cognate groups ---

_CONSONANT_STEPS = sorted(CONSONANT_ALTERNATIONS | WEAK_CONSONANT_ALTERNATIONS)
_VOWELS = set("аеиоуыэюя")


def _vowel_keys(root: str) -> set[str]:
    """The spelling and its one-vowel-step neighbourhood: a vowel changed (wildcard) or dropped.
    Two spellings one vowel step apart (бр/бир, зов/зыв, сон/сн) share a key."""
    keys = {root}
    for i, ch in enumerate(root):
        if ch in _VOWELS:
            keys.add(root[:i] + "*" + root[i + 1:])
            keys.add(root[:i] + root[i + 1:])
    return keys


_STEPS_BY_ENDING: dict[str, list[tuple[str, str]]] = defaultdict(list)
for _xa, _xb in _CONSONANT_STEPS:
    _STEPS_BY_ENDING[_xa].append((_xa, _xb))


@lru_cache(maxsize=100_000)
def _spelling_keys(root: str) -> frozenset[str]:
    """Keys shared by any two root spellings that lexicon.alternations.compare_roots may join:
    equal after ё/ь folding, one vowel step, a final-consonant alternation (рук/руч, раст/ращ),
    or both.  A superset: the engine decides each candidate pair."""
    f = fold_root(root)
    keys = _vowel_keys(f)
    if len(f) < 2:
        return frozenset(keys)
    for size in (1, 2):
        if len(f) > size:
            for xa, xb in _STEPS_BY_ENDING.get(f[-size:], ()):
                keys |= _vowel_keys(f[:-size] + xb)
    return frozenset(keys)


_CLEAN = re.compile(r"^[а-яё]+(?:-[а-яё]+)*$")


def _word(text: str) -> NormalizedWord:
    """A lemma from pymorphy3 is already a clean lower-case word: skip the full normaliser."""
    if _CLEAN.match(text):
        return NormalizedWord(raw=text, text=text, key=fold(text), stressed=None)
    return normalize_word(text)


class _Union:
    def __init__(self):
        self.parent: dict = {}

    def find(self, x):
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def cognate_groups(engine: CognateEngine, lemmas: list[str],
                   max_pairs: int | None = None) -> tuple[list[list[int]], list[dict], list[dict], int]:
    """Groups of lemma indices sharing one root, their details, probable pairs left out of the
    groups (linked only through an alternation), and how many pairs were compared.
    TooMuchWork when the candidate pairs are more than `max_pairs` (None: no limit).

    The nodes are root occurrences (lemma, reading, root), so a compound joins the group of
    each of its roots without welding those groups together.  Occurrences in one lexicon
    family are one root outright.  Across families the engine's verdict depends only on the
    two roots (spelling, family, curated senses), so each pair of such root types is asked
    once, through the shortest words that carry them; roots no family knows are asked word
    by word.  Candidate pairs come from spelling keys (see :func:`_spelling_keys`) and curated
    senses, and are asked only when lexicon.alternations says the spellings may alternate.
    """
    occurrences: dict[tuple[int, int, int], str] = {}
    node_of: dict[tuple[int, int, int], Any] = {}
    words: list = []
    n_roots: list[int] = []
    # Members of buckets: a root type (family, root, labels) or a loose root (lemma, root)
    # that no family knows; each gets an integer id.
    member_ids: dict[tuple, int] = {}
    members: list[tuple] = []
    type_occs: dict[int, list] = defaultdict(list)
    by_key: dict[str, set[int]] = defaultdict(set)
    by_sense: dict[str, set[int]] = defaultdict(set)
    for i, lemma in enumerate(lemmas):
        budget.check()
        try:
            word = _word(lemma)
        except InvalidWord:
            words.append(None)
            n_roots.append(0)
            continue
        words.append(word)
        wa = engine.analyse(word)
        n_roots.append(sum(len(an.roots) for an in wa.analyses))
        for a_idx, an in enumerate(wa.analyses):
            for r_idx, root in enumerate(an.roots):
                occ = (i, a_idx, r_idx)
                occurrences[occ] = root
                node = an.nodes[r_idx] if r_idx < len(an.nodes) else None
                mkey = ("w", i, root) if node is None else ("t", node.family, root, node.labels)
                mid = member_ids.get(mkey)
                if mid is None:
                    mid = member_ids[mkey] = len(members)
                    members.append(mkey)
                    for key in _spelling_keys(root):
                        by_key[key].add(mid)
                    if node is not None and len(node.labels) > 1:
                        for sense in node.labels:
                            by_sense[sense].add(mid)
                type_occs[mid].append(occ)
                if node is not None:
                    node_of[occ] = node

    uf = _Union()
    family_of: dict[int, set[int]] = defaultdict(set)
    by_family: dict[int, list] = defaultdict(list)
    for occ, node in node_of.items():
        by_family[node.family].append(occ)
        family_of[occ[0]].add(node.family)
    for occs in by_family.values():
        for occ in occs[1:]:
            uf.union(occs[0], occ)
    for occ in occurrences:
        uf.find(occ)

    # A component's curated root senses: no link may weld вод «вода» to вод «водить»
    # through a third, unlabelled вод (the engine judges pairs; groups must not chain them).
    senses: dict = defaultdict(set)
    # Roots with several senses (лук, вод in водопровод) label nothing: they would bridge both.
    for occ, node in node_of.items():
        labels = engine.senses(node)
        if len(labels) == 1:
            senses[uf.find(occ)] |= labels

    def join(oa, ob) -> bool:
        ra, rb = uf.find(oa), uf.find(ob)
        if ra == rb:
            return True
        sa, sb = senses.get(ra, set()), senses.get(rb, set())
        if sa and sb and not (sa & sb):
            return False
        uf.union(ra, rb)
        senses[uf.find(ra)] = sa | sb
        return True

    def representative(mid):
        return min(type_occs[mid], key=lambda occ: (n_roots[occ[0]], len(lemmas[occ[0]]), occ))

    sense_pairs, candidates = _candidates(by_key, by_sense, len(lemmas), max_pairs)
    alternate = lru_cache(maxsize=None)(lambda a, b: _spellings_alternate(engine, a, b))

    compared = 0
    asked: set[tuple[int, int]] = set()
    links: list[tuple[tuple, dict]] = []
    probable: list[dict] = []

    def ask(i, j, only):
        nonlocal compared
        key = (min(i, j), max(i, j))
        if i == j or key in asked or (only is None and family_of[i] & family_of[j]):
            return
        asked.add(key)
        compared += 1
        links.extend(_links(engine, lemmas, words, join, i, j, only, probable))

    for x, y in sorted(candidates):
        budget.check()
        mx, my = members[x], members[y]
        if mx[0] == "t" and my[0] == "t" and mx[1] == my[1]:
            continue   # one family: one root already
        if mx[0] == "t" and my[0] == "t":
            if (x, y) not in sense_pairs and not _types_may_join(engine, mx[1], mx[2], my[1], my[2], alternate):
                continue   # no spelling rule joins them: neither would the engine
            ox, oy = representative(x), representative(y)
            if uf.find(ox) != uf.find(oy):
                ask(ox[0], oy[0], (ox, oy))
            continue
        if alternate(mx[2], my[2]) is None:
            continue
        for ox in type_occs[x]:
            for oy in type_occs[y]:
                if uf.find(ox) != uf.find(oy):
                    ask(ox[0], oy[0], None)

    members_of: dict = defaultdict(set)
    roots_of: dict = defaultdict(set)
    families_of: dict = defaultdict(set)
    for occ, root in occurrences.items():
        rep = uf.find(occ)
        members_of[rep].add(occ[0])
        roots_of[rep].add(root)
        if occ in node_of:
            families_of[rep].add(node_of[occ].family)
    links_of: dict = defaultdict(list)
    for occ, link in links:
        links_of[uf.find(occ)].append(link)
    groups: dict[tuple[int, ...], dict] = {}
    for rep, group in members_of.items():
        if len(group) < 2:
            continue
        entry = groups.setdefault(tuple(sorted(group)), {"roots": set(), "families": set(), "links": []})
        entry["roots"] |= roots_of[rep]
        entry["families"] |= families_of[rep]
        entry["links"] += links_of[rep]
    out_groups, details = [], []
    for key in sorted(groups, key=lambda k: (min(k), k)):
        entry = groups[key]
        out_groups.append(list(key))
        details.append({"roots": sorted(entry["roots"]), "families": sorted(entry["families"]),
                        "source": ("lexicon root families (Tikhonov segmentation, DerivBase.Ru links, curated tables)"
                                   + (" and root spellings (engine.compare)" if entry["links"] else "")),
                        "links": entry["links"]})
    return out_groups, details, probable, compared


def _candidates(by_key: dict, by_sense: dict, words: int, max_pairs: int | None) -> tuple[set, set]:
    """(pairs through a shared curated sense, all candidate pairs) of bucket members.
    TooMuchWork, before any pair is made, when the buckets hold more than `max_pairs` pairs."""
    buckets = [ids for ids in by_sense.values()] + [ids for ids in by_key.values() if len(ids) > 1]
    need = sum(len(ids) * (len(ids) - 1) // 2 for ids in buckets)
    if max_pairs is not None and need > max_pairs:
        raise TooMuchWork("pool_pairs", need, max_pairs,
                          f"cognate candidate pairs over {max_pairs:,} (root spellings that may alternate are "
                          f"compared pairwise): this pool ({words:,} distinct lemmas) needs {need:,}; lint it in "
                          "parts, or whole with the CLI (koren lint), which has no such limit")
    sense_pairs: set[tuple[int, int]] = set()
    for ids in by_sense.values():
        budget.check()
        sense_pairs |= _pairs(ids)
    candidates: set[tuple[int, int]] = set(sense_pairs)
    for ids in by_key.values():
        if len(ids) > 1:
            budget.check()
            candidates |= _pairs(ids)
    return sense_pairs, candidates


def _pairs(members) -> set[tuple]:
    ms = sorted(members)
    return {(ms[x], ms[y]) for x in range(len(ms)) for y in range(x + 1, len(ms))}


def _spellings_alternate(engine: CognateEngine, a: str, b: str):
    """Could the engine join these two root spellings?  lexicon.alternations' rule, with
    vowel changes trusted only when the lexicon shows them twice (README, «How root identity works»)."""
    alt = compare_roots(a, b)
    if alt is None or alt.regular:
        return alt
    return alt if engine.store.alternation_links(fold_root(a), fold_root(b)) >= 2 else None


def _types_may_join(engine: CognateEngine, fx: int, rx: str, fy: int, ry: str, alternate=None) -> bool:
    """Two roots in different families: the engine joins them by spelling only when the spellings
    are equal, or when one family already shows the other's spelling (рук family has руч).
    `alternate(a, b)`: `_spellings_alternate` for this engine, memoised by the caller."""
    alt = alternate(rx, ry) if alternate is not None else _spellings_alternate(engine, rx, ry)
    if alt is None:
        return False
    if alt.kind in ("equal", "spelling"):
        return True
    fam_x, fam_y = engine.store.family(fx), engine.store.family(fy)
    spelled_x = {fold_root(sp) for sp, _ in fam_x.spellings} if fam_x else set()
    spelled_y = {fold_root(sp) for sp, _ in fam_y.spellings} if fam_y else set()
    return fold_root(ry) in spelled_x or fold_root(rx) in spelled_y


def _links(engine, lemmas, words, join, i, j, only, loose_pairs) -> list:
    """Ask the engine about lemmas i and j; join the root occurrences its evidence names.
    `only`: the pair of occurrences the question is about (root types), else any."""
    if words[i] is None or words[j] is None:
        return []
    verdict = engine.compare(words[i], words[j])
    if not verdict.cognate:
        return []
    out = []
    for ev in verdict.evidence:
        a, b = ev.get("a"), ev.get("b")
        if not isinstance(a, dict) or "root" not in a:
            continue
        oa = _occurrence(verdict.a, i, a["lemma"], a["root"])
        ob = _occurrence(verdict.b, j, b["lemma"], b["root"])
        if not (oa and ob):
            continue
        if only is not None and (oa, ob) != only:
            continue
        link = {"a": lemmas[i], "b": lemmas[j], "roots": [a["root"], b["root"]], "kind": ev.get("kind"),
                "confidence": verdict.confidence, "explanation": ev.get("explanation", "")}
        alt = compare_roots(a["root"], b["root"])
        guessed = _guessed(verdict.a, a["lemma"]) or _guessed(verdict.b, b["lemma"])
        if verdict.confidence != "certain" and (guessed or not (alt and alt.kind in ("equal", "spelling"))):
            # A probable link through an alternation (кот/кос, кат/кач) or through a guessed
            # segmentation (самарец: сам-ар-ец) is reported as a pair, never chained into a group:
            # groups rest on families and equal root spellings of segmented words.
            loose_pairs.append(link)
            continue
        if not join(oa, ob):
            continue
        out.append((oa, link))
    return out


def _guessed(wa, lemma: str) -> bool:
    return any(an.lemma == lemma and an.source == "guess" for an in wa.analyses)


def _occurrence(wa, i: int, lemma: str, root: str):
    if wa is None:
        return None
    for a_idx, an in enumerate(wa.analyses):
        if an.lemma == lemma:
            for r_idx, r in enumerate(an.roots):
                if r == root:
                    return (i, a_idx, r_idx)
    return None


# ------------------------------------------------------------------ the pool -


def lint_pool(engine: CognateEngine, words: Iterable[str], game: str = "hat",
              progress=None, max_pairs: int | None = None) -> PoolReport:
    """Lint a pool: per-word issues, duplicates, cognate groups (and board conflicts for codenames).

    `progress(done, total)` is called now and then while words are checked (for a CLI bar).
    `max_pairs`: TooMuchWork when cognate grouping would compare more candidate pairs (the API
    passes MAX_POOL_PAIRS; None, the CLI's default, is no limit).
    """
    if game not in GAMES:
        raise ValueError(f"игра должна быть одной из: {', '.join(GAMES)}")
    start = time.perf_counter()
    words = list(words)
    reports: list[WordReport] = []
    total = len(words)
    case_signal = any(isinstance(w, str) and w.strip()[:1].islower() for w in words)
    for n, raw in enumerate(words, 1):
        budget.check()
        reports.append(check_word(engine, raw, game, case_signal))
        if progress is not None and (n % 200 == 0 or n == total):
            progress(n, total)

    # Duplicates: one lemma key (folded), in order of first appearance.
    by_key: dict[str, list[int]] = defaultdict(list)
    for idx, rep in enumerate(reports):
        if rep.normalized is not None:
            by_key[rep.key].append(idx)
    duplicates = [[reports[i].word for i in idxs] for idxs in by_key.values() if len(idxs) > 1]

    # Cognate groups over distinct lemmas; each group lists every word as sent.
    keys = list(by_key)
    lemma_text = [reports[by_key[k][0]].lemma or reports[by_key[k][0]].normalized for k in keys]
    groups, details, probable, _ = cognate_groups(engine, lemma_text, max_pairs)
    cognate_out, detail_out = [], []
    for group, detail in zip(groups, details):
        words_as_sent = [reports[i].word for k in group for i in by_key[keys[k]]]
        cognate_out.append(words_as_sent)
        detail_out.append({"words": words_as_sent, "lemmas": [lemma_text[k] for k in group], **detail})

    board_conflicts: list[dict] = []
    if game == "codenames":
        seen = set()
        for group, detail in zip(groups, detail_out):
            for x in range(len(group)):
                budget.check()
                for y in range(x + 1, len(group)):
                    a, b = by_key[keys[group[x]]][0], by_key[keys[group[y]]][0]
                    if (a, b) in seen:
                        continue
                    seen.add((a, b))
                    board_conflicts.append({"a": reports[a].word, "b": reports[b].word, "roots": detail["roots"],
                                            "message": f"«{reports[a].word}» и «{reports[b].word}» однокоренные "
                                                       f"({roots_ru(detail['roots'])}): не кладите их на одно поле"})
        if len(reports) <= BOARD_SIZE:
            for c in board_conflicts:
                for me, other in ((c["a"], c["b"]), (c["b"], c["a"])):
                    for rep in reports:
                        if rep.word == me:
                            rep.issues.append(Issue("board_cognate", f"«{me}» однокоренное со словом «{other}» на этом "
                                                    "поле: подсказка к одному окажется однокоренной другому", "error",
                                                    {"other": other, "roots": c["roots"]}))
    possible = [{**link, "words": [reports[i].word for i in by_key[fold(link["a"])] + by_key[fold(link["b"])]]
                           if fold(link["a"]) in by_key and fold(link["b"]) in by_key else [link["a"], link["b"]]}
                for link in probable]
    return PoolReport(game, reports, duplicates, cognate_out, detail_out, board_conflicts,
                      (time.perf_counter() - start) * 1000, possible)
