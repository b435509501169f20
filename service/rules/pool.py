"""Word pools for Шляпа and Codenames: is every word a fit card, and which cards clash?

Per word, as sent (../shared/rules/hat.txt, «Частности»: загадываемые слова —
существительные нарицательные в единственном числе, если оно есть), one named
function per rule, run in order from WORD_RULES:

* ``invalid`` / ``not_single_word`` -- not one Russian word at all;
* ``profanity``     -- lexicon.profanity;
* ``abbreviation``  -- ООН, МГУ, вуз (lexicon.abbreviations);
* (``listed_noun``)  -- ru.wiktionary lists the word itself as a noun: fit whatever pymorphy3 reads;
* ``unknown``       -- no dictionary (pymorphy3/OpenCorpora, the compiled lexicon, ru.wiktionary) knows it
                       and wordfreq has not seen it often enough to call it a word;
* ``not_noun``      -- no noun reading (идти, быстрый);
* ``proper_noun``   -- only proper-noun readings (names, places, organisations), or a
                       capitalised word that reads as a name;
* ``plural``        -- the plural of a noun that has a singular (окна → окно); pluralia
                       tantum (ножницы, брюки) and plurals whose singular is practically
                       unused (деньги: деньга is 1/1000 as frequent) are fine;
* ``word_form``     -- an oblique case of a noun (границу → граница);
* ``board_cognate`` -- game codenames, a pool of at most 25 words (one board): the word
                       shares a root with another word of the board.

Pool level: ``duplicates`` (one lemma, ignoring case and ё/е: дом/Дом, ёж/еж,
стол/столы; one lemma spelled two ways: шопинг/шоппинг, флешка/флэшка) and ``cognate_groups``: words that are pairwise cognate by the one
pairwise answer, Lexicon.compare (lexicon.grouping: кот/кошка, рука/наручники;
never вода/водитель; a compound such as пароход may sit in two groups).  A
judge's cognate ruling in the request's scope joins or splits a pair; pairs it
split are ``ruled_apart``.  Links only through an alternation or a guessed
segmentation are ``possible_cognates``, never grouped.  For codenames,
``board_conflicts`` are the pairs of a group that must not share a board.

Messages, severities and vocabularies: service/rules/data/pool.toml.
"""
from __future__ import annotations

import re
import time
import tomllib
import weakref
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from lexicon import Lexicon, budget, caches
from lexicon.cognates import CognateEngine
from lexicon.facade import WordStatus
from lexicon.frequency import SOURCE as WORDFREQ
from lexicon.gc_pause import gc_paused
from lexicon.grouping import CognateGroups, TooManyPairs
from lexicon.overrides import NO_RULINGS, Oracle
from lexicon.text import InvalidWord, NormalizedWord, fold_key
from service.rules.findings import LINT_SEVERITIES, Finding

if TYPE_CHECKING:
    from lexicon.morphology import Parse

GAMES = ("hat", "codenames")
BOARD_SIZE = 25
# Pairs the HTTP lint may compare, checked before each stage compares any: candidate pairs of
# root types (spellings that share a key; about 0.3 million for a real 10,000-word pool), word
# pairs within the draft groups, and for codenames the pairs of the groups (board conflicts).
# The CLI (`koren lint`) has no such limit.
MAX_POOL_PAIRS = 2_000_000
SEVERITIES = LINT_SEVERITIES

# Not in any dictionary and seen less often than this: an error, not a warning
# (котогладильщик 0, кроликомедикаментокружка 0; айкидо 2.9, хронотоп 1.9).
UNKNOWN_ERROR_ZIPF = 1.0
# Seen this often (four times in a hundred million words) a word no dictionary has is still in use:
# a note, not a flag (пипл 2.4, рупь 2.0, тейк 1.7; пентиум 1.5, амиксин 1.3 stay flagged).
UNKNOWN_SEEN_ZIPF = 1.6
# Below this a word is rare enough that an organiser may want to know.
RARE_ZIPF = 1.5
# A plural counts as pluralia tantum in practice when its singular is this much rarer
# (Zipf units, i.e. powers of ten): деньги 5.6 vs деньга 2.4.
PLURAL_ONLY_GAP = 2.5

DATA = Path(__file__).resolve().parent / "data" / "pool.toml"
TABLES = tomllib.loads(DATA.read_text(encoding="utf-8"))   # read once; generate.py takes its [generate] from here
RULES_SOURCE: dict[str, str] = TABLES["rules_source"]
PYMORPHY: str = TABLES["sources"]["pymorphy"]
LEXICON: str = TABLES["sources"]["lexicon"]
HEADWORD: str = TABLES["sources"]["headword"].format(lexicon=LEXICON)
POS_NAMES: dict[str, str] = TABLES["parts_of_speech"]
RULE_NAMES: dict[str, str] = TABLES["rule_names"]            # rule → its Russian name (CLI table)
SEVERITY_NAMES: dict[str, str] = TABLES["severity_names"]
PROPER_NAMES: dict[str, str] = TABLES["proper_names"]
PROPER = frozenset(PROPER_NAMES)
RULES: dict[str, dict] = TABLES["rules"]
INVALID_REASONS: dict[str, str] = RULES["invalid"]["reasons"]
PROFANITY_KINDS: dict[str, str] = RULES["profanity"]["kinds"]
SUGGESTIONS: dict[str, str] = TABLES["suggestions"]
BOARD: dict[str, str] = TABLES["board"]
CLI_ADVICE = "проверьте пул по частям или целиком командой koren lint, у которой такого предела нет"


class TooMuchWork(ValueError):
    """A pool over MAX_POOL_PAIRS: `limit` names the limit, `value` is what the pool needs,
    `maximum` what the limit allows.  Raised before the stage over the limit compares a pair."""

    def __init__(self, limit: str, value: int, maximum: int, detail: str):
        super().__init__(detail)
        self.limit, self.value, self.maximum = limit, value, maximum


def severity(rule: str, case: str | None = None) -> str:
    """The rule's severity (pool.toml), for the case when it has several."""
    table = RULES[rule]["severity"]
    return table if isinstance(table, str) else table[case]


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


def frequency_json(z: float) -> dict:
    return {"zipf": z, "per_million": round(10 ** (z - 3), 3) if z > 0 else 0.0, "source": WORDFREQ}


# ------------------------------------------------------------------ results ---


@dataclass
class WordReport:
    word: str                      # exactly as sent
    normalized: str | None
    lemma: str | None              # the noun lemma the word stands for (duplicate key before folding)
    key: str                       # duplicate key: folded lemma, or folded text
    issues: list[Finding] = field(default_factory=list)
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
    ruled_apart: list[dict] = field(default_factory=list)     # pairs a judge ruled not cognate
    spelling_variants: list[list[str]] = field(default_factory=list)   # шопинг / шоппинг: a person decides

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
            "ruled_apart": self.ruled_apart,
            "spelling_variants": self.spelling_variants,
            "summary": {"words": len(self.words),
                        "words_with_issues": sum(1 for w in self.words if w.issues),
                        "by_rule": self.counts(), "duplicates": len(self.duplicates),
                        "cognate_groups": len(self.cognate_groups),
                        "board_conflicts": len(self.board_conflicts),
                        "possible_cognates": len(self.possible_cognates),
                        "elapsed_ms": round(self.elapsed_ms, 1)},
        }


# ------------------------------------------------------------- per word ------


# Every rule asks these of every parse; pymorphy3 has ~5,500 distinct tags, so each is split once.
@lru_cache(maxsize=8_192)
def _pos(tag: str) -> str:
    return tag.split(",")[0].split(" ")[0]


@lru_cache(maxsize=8_192)
def _grammemes(tag: str) -> frozenset[str]:
    return frozenset(tag.replace(" ", ",").split(","))


def _is_capitalised(raw: str) -> bool:
    letters = [ch for ch in raw if ch.isalpha()]
    return len(letters) > 1 and letters[0].isupper() and not all(ch.isupper() for ch in letters)


def _initialism(expansion) -> bool:
    """ООН, вуз, ЗАГС: about one letter per word of the expansion (медбрат: 7 letters, 2 words)."""
    letters = sum(ch.isalpha() for ch in expansion.abbr)
    words = len(expansion.expansion.replace("-", " ").split())
    return expansion.abbr.isupper() or letters <= words + 1


@dataclass
class WordCheck:
    """One pool word as the rules read it; each rule adds its findings and suggestions to `report`."""
    lexicon: Lexicon
    raw: str
    game: str
    case_signal: bool                  # capitals mean something: the pool also has lower-case words
    report: WordReport
    word: NormalizedWord | None = None
    invalid: InvalidWord | None = None

    @classmethod
    def read(cls, lexicon: Lexicon, raw: str, game: str, case_signal: bool) -> WordCheck:
        stripped = raw.strip() if isinstance(raw, str) else ""
        try:
            word = lexicon.normalize(stripped)
        except InvalidWord as exc:
            return cls(lexicon, raw, game, case_signal, WordReport(raw, None, None, fold_key(stripped) or raw),
                       invalid=exc)
        report = WordReport(raw, word.text, None, word.key)
        check = cls(lexicon, raw, game, case_signal, report, word)
        report.frequency = frequency_json(check.status.zipf)
        return check

    @property
    def stripped(self) -> str:
        return self.raw.strip()

    @property
    def text(self) -> str:
        return self.word.text

    @cached_property
    def status(self) -> WordStatus:
        return self.lexicon.status(self.text)

    @cached_property
    def dictionary_parses(self) -> list[Parse]:
        return [p for p in self.lexicon.parses(self.text) if p.known]

    @cached_property
    def readings(self) -> list[Parse]:
        """Dictionary parses when pymorphy3 knows the form, else its guesses."""
        return self.dictionary_parses or list(self.lexicon.parses(self.text))

    @cached_property
    def headword(self) -> bool:
        return self.lexicon.headword(self.word.key)

    @cached_property
    def nouns(self) -> list[Parse]:
        return [p for p in self.readings
                if _pos(p.tag) == "NOUN" or (_pos(p.tag) == "ADJF" and "Subx" in _grammemes(p.tag))]

    @cached_property
    def common(self) -> list[Parse]:
        return [p for p in self.nouns if not (_grammemes(p.tag) & PROPER)]

    @cached_property
    def proper(self) -> list[Parse]:
        return [p for p in self.nouns if _grammemes(p.tag) & PROPER]

    @staticmethod
    def nominative(parses: list[Parse], number: str) -> list[Parse]:
        return [p for p in parses if {"nomn", number} <= _grammemes(p.tag)]

    @cached_property
    def proper_nominative(self) -> list[Parse]:
        return self.nominative(self.proper, "sing") + self.nominative(self.proper, "plur")

    @cached_property
    def evidence(self) -> dict:
        out = {"parses": [{"lemma": p.lemma, "tag": p.tag} for p in self.readings[:6]], "source": PYMORPHY,
               "rule": RULES_SOURCE.get(self.game, self.game)}
        return {**out, "headword": HEADWORD} if self.headword else out

    def add(self, rule: str, message: str, level: str, evidence: Any) -> None:
        self.report.issues.append(Finding(rule, message, level, evidence=evidence))

    def suggest_replacement(self, kind: str, text: str) -> None:
        self.report.suggestions.append({"kind": kind, "text": text,
                                        "message": SUGGESTIONS["replace"].format(text=text)})

    def finish(self) -> WordReport:
        if self.report.lemma is not None:
            # мэтр is a dictionary word of its own, not метр spelled with э; тэг, which no dictionary has, is тег.
            own_e = "э" in self.report.lemma and self.status.dictionary
            self.report.key = variant_key(self.report.lemma, fold_e=not own_e)
        return self.report


# Each rule returns True when the word is settled and no later rule applies.

def not_one_word(check: WordCheck) -> bool:
    """`invalid`, or `not_single_word` for several words."""
    exc = check.invalid
    if exc is None:
        return False
    rule = "not_single_word" if exc.code == "several_words" else "invalid"
    check.add(rule, RULES["invalid"]["message"].format(raw=check.raw, reason=invalid_reason(exc)), severity(rule),
              {"code": exc.code})
    return True


def profane_word(check: WordCheck) -> bool:
    hit = check.lexicon.profanity(check.stripped)
    if hit is not None:
        table = RULES["profanity"]
        message = table["message"].format(raw=check.raw, kind=PROFANITY_KINDS.get(hit.category, hit.category),
                                          root=hit.root)
        if hit.homonym:
            message += table["homonym"].format(homonym=hit.homonym)
        harsh = hit.category in table["harsh"] and not hit.homonym
        check.add("profanity", message, severity("profanity", "harsh" if harsh else "mild"), hit.to_json())
    return False


def _may_be_abbreviation(lexicon: Lexicon, token: str) -> bool:
    """Cheap test before Lexicon.abbreviation, which parses the token again: capitals (ООН),
    a row of the curated table, or a pymorphy3 Abbr reading (вуз)."""
    if any(ch.isupper() for ch in token[1:]) or (token.isupper() and len(token) > 1):
        return True
    return lexicon.abbreviation_listed(token) or any("Abbr" in p.tag for p in lexicon.parses(fold_key(token)))


def abbreviation_word(check: WordCheck) -> bool:
    lexicon, stripped = check.lexicon, check.stripped
    abbr = lexicon.abbreviation(stripped) if _may_be_abbreviation(lexicon, stripped) else None
    if abbr is None:
        return False
    if abbr.source == "table" and not stripped.isupper() and (
            lexicon.is_ordinary_word(stripped) or not any(_initialism(e) for e in abbr.expansions)):
        # колхоз, автошкола, медбрат: compounds of shortened words (сложносокращённые слова)
        # are ordinary nouns; only letter abbreviations (ООН, вуз, жэк) are out of a pool.
        return False
    if abbr.source != "table" and (lexicon.is_ordinary_word(stripped)
                                   or (stripped.islower() and lexicon.wiktionary_noun(stripped))):
        # лаг, ас, лгун, чел: OpenCorpora tags them Abbr for a written shortening, but ru.wiktionary
        # lists them as nouns; СЛОВО in capitals is слово shouted.
        return False
    table = RULES["abbreviation"]
    expansions = "; ".join(e.expansion for e in abbr.expansions)
    message = table["message"].format(raw=check.raw) + (table["expansions"].format(expansions=expansions)
                                                        if expansions else "")
    check.add("abbreviation", message, severity("abbreviation"),
              {**abbr.to_json(), "source": lexicon.abbreviation_source(abbr.source)})
    check.report.lemma = check.text
    return True


def variant_key(lemma: str, fold_e: bool = True) -> str:
    """One key for the spellings of one word (флешка/флэшка, диджей/ди-джей): the lemma folded, its
    hyphens out, э as е (unless `fold_e` is off).  ь stays: угол and уголь are two words."""
    key = fold_key(lemma).replace("-", "")
    return key.replace("э", "е") if fold_e else key


DOUBLED_CONSONANT = re.compile(r"([бвгджзклмнпрстфхцчшщ])\1")


def doubled_key(key: str) -> str:
    """The key with doubled consonants single: шопинг/шоппинг alike — but so are мол/молл and бона/бонна,
    two words each, so this only proposes (spelling_variants), it never makes duplicates."""
    # Most keys double nothing: a search is cheap; a substitution parses its r"\1" template every call.
    return DOUBLED_CONSONANT.sub(_first_group, key) if DOUBLED_CONSONANT.search(key) else key


def _first_group(match: re.Match) -> str:
    return match.group(1)


def listed_noun(check: WordCheck) -> bool:
    """ru.wiktionary lists the word itself, in lower case, as a noun: a common noun of its own, whatever
    pymorphy3 makes of it — снотворное (not a form of снотворный), качели and городки (plural nouns, not
    plurals of качель and городок), шекель and джун (not a place or a name), экспонента (not a case form)."""
    if not check.stripped.islower() or not check.lexicon.wiktionary_noun(check.text):
        return False
    check.report.lemma = variant_lemma(check) or check.text
    rare_word(check)
    return True


def variant_lemma(check: WordCheck) -> str | None:
    """шоппинг, ритейлер: pymorphy3 reads the word as the nominative singular of a lemma spelled otherwise only by
    a doubled consonant, or marks the spelling an error (Erro) of that lemma: one word, so one duplicate key.
    Other lemmas behind a nominative (воскресенье → воскресение, супруга → супруг) are other words."""
    key = None      # the word's own key, made only when some parse needs it (few do)
    for p in check.dictionary_parses:
        grammemes = _grammemes(p.tag)
        if (_pos(p.tag) != "NOUN" or not {"sing", "nomn"} <= grammemes or grammemes & PROPER
                or fold_key(p.lemma) == check.word.key):
            continue
        if "Erro" in grammemes:
            return p.lemma
        key = key or doubled_key(variant_key(check.text))
        if doubled_key(variant_key(p.lemma)) == key:
            return p.lemma
    return None


def unknown_word(check: WordCheck) -> bool:
    """No dictionary knows it: a warning or information by how often wordfreq has seen it,
    and only a note when it is seen often enough to be a word (Lexicon.status: attested)."""
    status = check.status
    if status.dictionary or status.compiled or check.dictionary_parses or check.lexicon.wiktionary_pos(check.text):
        return False
    check.report.lemma = check.text
    z = status.zipf
    # НьюЙорк: a capital inside a word is two words run together, however often it is seen so.
    run_together = not check.raw.isupper() and any(ch.isupper() for ch in check.raw[1:])
    if z >= UNKNOWN_SEEN_ZIPF and not run_together:
        check.report.suggestions.append({"kind": "attested", "message": SUGGESTIONS["attested"].format(zipf=z),
                                         "frequency": check.report.frequency})
        return True
    if spelled_as_known(check) or known_makeup(check):
        return True
    table = RULES["unknown"]
    message = table["message"].format(raw=check.raw) + (table["rare"].format(zipf=z) if z else table["unseen"])
    check.add("unknown", message, severity("unknown", "unseen" if z < UNKNOWN_ERROR_ZIPF else "rare"),
              {"sources": [PYMORPHY, LEXICON, WORDFREQ], "zipf": z})
    return True


def known_makeup(check: WordCheck) -> bool:
    """A word no dictionary lists made of what dictionaries know: a compound wordfreq has seen (нейросеть,
    дом-музей), a learned prefix and a dictionary noun (субтип), or a noun in -ость of a dictionary adjective
    or participle (инфекционность).  котогладильщик splits too, but nobody has ever written it."""
    text, z = check.text, check.status.zipf
    parts = check.lexicon.compound_parts(text) or hyphen_parts(check)
    if parts and ("-" in text or z > 0):
        check.report.suggestions.append({"kind": "compound", "parts": list(parts),
                                         "message": SUGGESTIONS["compound"].format(parts=" + ".join(parts))})
        return True
    prefixed = check.lexicon.prefixed_noun(text)
    if prefixed:
        check.report.suggestions.append({"kind": "prefixed", "parts": list(prefixed),
                                         "message": SUGGESTIONS["prefixed"].format(prefix=prefixed[0],
                                                                                  noun=prefixed[1])})
        return True
    base = quality_base(check) if z > 0 else None     # быстрость: made by the pattern, but nobody writes it
    if base:
        check.report.suggestions.append({"kind": "derived", "base": base,
                                         "message": SUGGESTIONS["derived"].format(base=base)})
        return True
    return False


# A noun of quality in -ость is made from any adjective or participle (инфекционный → инфекционность): such a
# noun is a word even when no dictionary lists it.
_QUALITY_ENDINGS = ("ый", "ий", "ой")


def quality_base(check: WordCheck) -> str | None:
    """The dictionary adjective or participle a noun in -ость is made from (укоренённость → укоренённый)."""
    text = check.text
    if not text.endswith("ость") or len(text) < 8:
        return None
    for ending in _QUALITY_ENDINGS:
        base = text[:-4] + ending
        if any(p.known and _pos(p.tag) in ("ADJF", "PRTF") and {"masc", "sing", "nomn"} <= _grammemes(p.tag)
               for p in check.lexicon.parses(base)):
            return base
    return None


def spelled_as_known(check: WordCheck) -> bool:
    """брэндинг, дистрибьютер: one letter away from a dictionary word (э for е) — a spelling to fix, not
    an unknown word."""
    if "э" not in check.text:
        return False
    normative = check.text.replace("э", "е")
    if not (check.lexicon.status(normative).known or check.lexicon.wiktionary_pos(normative)):
        return False
    check.suggest_replacement("spelling", normative)
    return True


def hyphen_parts(check: WordCheck) -> tuple[str, ...] | None:
    """секонд-хэнд, хот-тейк: wordfreq counts a hyphenated word by its parts, so its own zero frequency
    says nothing; every part in a dictionary or seen in use makes it a compound of known words."""
    parts = tuple(p for p in check.text.split("-") if p)
    if len(parts) < 2:
        return None
    for part in parts:
        status = check.lexicon.status(part)
        if not (status.known or status.zipf >= UNKNOWN_SEEN_ZIPF or check.lexicon.wiktionary_pos(part)):
            return None
    return parts


def rare_word(check: WordCheck) -> bool:
    z, freq = check.status.zipf, check.report.frequency
    if z < RARE_ZIPF:
        message = (SUGGESTIONS["rare"].format(zipf=z, per_million=freq["per_million"]) if z
                   else SUGGESTIONS["rare_unseen"])
        check.report.suggestions.append({"kind": "rare", "frequency": freq, "message": message})
    return False


def no_part_of_speech(check: WordCheck) -> bool:
    """Only the compiled lexicon (Tikhonov's dictionary) knows it: no part of speech to judge by."""
    if check.dictionary_parses:
        return False
    check.report.lemma = check.text
    return True


# A participle made a noun names a person or a thing the action befell: погибший, уполномоченный, трудящийся.
_PARTICIPLE_ENDING = re.compile(r"(?:ший|шийся|щий|щийся|емый|имый|нный|тый)$")
# A neuter or a comparative is made a noun only in a sentence (что-то неладное, худшее, следующее).
_CONTEXTUAL = {"neut", "Supr", "Cmp2", "COMP", "Apro"}


def substantivised(check: WordCheck) -> bool:
    """An adjective or participle a pool lists as a noun: a feminine or plural form, not the adjective's
    dictionary form (переменная, командировочные — the pool chose it on purpose), a participle in the
    masculine, which names a person (погибший, уполномоченный, трудящийся), or a masculine adjective that
    is made a noun: OpenCorpora marks it so (Subx: дежурный, больной) or it is a relative adjective, whose
    noun is the adjective with its noun left out (проездной билет, выпускной вечер, иногородний житель).
    A qualitative one (быстрый, красивый) stays an adjective."""
    adjectival = [p for p in check.readings if _pos(p.tag) in ("ADJF", "PRTF") and "nomn" in _grammemes(p.tag)]
    if not adjectival or _grammemes(adjectival[0].tag) & _CONTEXTUAL:
        return False
    grammemes = _grammemes(adjectival[0].tag)
    if all(fold_key(p.lemma) != check.word.key for p in adjectival) and grammemes & {"femn", "plur"}:
        return True
    if "masc" not in grammemes:
        return False
    return bool(_PARTICIPLE_ENDING.search(check.text)) or "Subx" in grammemes or (
        _pos(adjectival[0].tag) == "ADJF" and "Qual" not in grammemes)


def not_a_noun(check: WordCheck) -> bool:
    if check.nouns:
        return False
    top = check.readings[0]
    if substantivised(check):
        check.report.lemma = check.text
        check.report.suggestions.append({"kind": "substantivised", "lemma": top.lemma,
                                         "message": SUGGESTIONS["substantivised"].format(raw=check.raw,
                                                                                        lemma=top.lemma)})
        return True
    check.report.lemma = top.lemma
    if check.headword and all(fold_key(p.lemma) != check.word.key for p in check.readings):
        # водила: pymorphy3 knows only the past tense of водить, Tikhonov lists the noun.
        check.report.lemma = check.text
        return True
    pos = _pos(top.tag)
    adjectival = pos in ("ADJF", "PRTF")
    table = RULES["not_noun"]
    message = (table["message"].format(raw=check.raw, pos=POS_NAMES.get(pos, pos), lemma=top.lemma)
               + (table["adjectival"] if adjectival else ""))
    check.add("not_noun", message, severity("not_noun", "adjectival" if adjectival else "other"), check.evidence)
    return True


def common_singular(check: WordCheck) -> bool:
    """A nominative singular or plurale tantum common noun: fit, unless capitalised like a name."""
    readings = check.nominative(check.common, "sing") or [
        p for p in check.nominative(check.common, "plur") if "Pltm" in _grammemes(p.tag)]
    if not readings:
        return False
    reading = readings[0]
    # A substantivised adjective is its own noun: крестная is not a form of крестный.
    check.report.lemma = check.text if _pos(reading.tag) == "ADJF" else reading.lemma
    names = check.proper_nominative
    if not names and check.case_signal and _is_capitalised(check.raw):
        listed_capitalised(check)
    if names and check.case_signal and _is_capitalised(check.raw):
        message = RULES["proper_noun"]["capitalised_common"].format(
            raw=check.raw, name=names[0].lemma.capitalize(), lemma=reading.lemma)
        case = "codenames" if check.game == "codenames" else "capitalised_common"
        check.add("proper_noun", message, severity("proper_noun", case), check.evidence)
    return True


def listed_capitalised(check: WordCheck) -> None:
    """Голливуд: pymorphy3 reads a common noun, but ru.wiktionary, which writes proper nouns with a capital,
    lists the word only so: a name written as a name."""
    capitalised = check.text[:1].upper() + check.text[1:]
    if not check.lexicon.wiktionary_noun(capitalised) or check.lexicon.wiktionary_pos(check.text):
        return
    case = "codenames" if check.game == "codenames" else "listed_capitalised"
    message = RULES["proper_noun"]["listed_capitalised"].format(raw=check.raw)
    check.add("proper_noun", message, severity("proper_noun", case), {**check.evidence, "wiktionary": capitalised})


def plural_noun(check: WordCheck) -> bool:
    readings = [p for p in check.nominative(check.common, "plur") if "Pltm" not in _grammemes(p.tag)]
    if not readings or _capitalised_name(check):
        return False
    singular, text = readings[0].lemma, check.text
    check.report.lemma = singular
    if check.game == "codenames":
        # A card only has to be one word nobody can mistake: ДУХИ, СТИХИ, ЧАСЫ are ordinary cards.
        return True
    freq = {"plural_zipf": check.status.zipf, "singular_zipf": check.lexicon.frequency(singular)}
    unused = freq["singular_zipf"] == 0 and freq["plural_zipf"] > 0      # погранвойска: «погранвойско» nobody writes
    if unused or (freq["plural_zipf"] - freq["singular_zipf"] >= PLURAL_ONLY_GAP and check.status.attested):
        # деньги: pymorphy3 reads it as the plural of деньга, which nobody says any more.
        message = SUGGESTIONS["plural_only"].format(singular=singular, text=text, **freq)
        check.report.suggestions.append({"kind": "plural_only", "message": message, "frequency": freq})
        check.report.lemma = text
        return True
    listed = check.headword and singular[:3] == text[:3]
    table = RULES["plural"]
    message = (table["message"].format(raw=check.raw, singular=singular)
               + (table["listed"].format(text=text) if listed else ""))
    check.add("plural", message, severity("plural", "listed" if listed else check.game),
              {**check.evidence, "singular": singular, "frequency": freq})
    check.suggest_replacement("singular", singular)
    return True


def _capitalised_name(check: WordCheck) -> bool:
    """Сахара written with a capital among lower-case words is the desert, not сахара, the plural of сахар."""
    return (check.case_signal and _is_capitalised(check.raw)
            and any("sing" in _grammemes(p.tag) for p in check.proper_nominative))


def proper_name(check: WordCheck) -> bool:
    """Франция: the only nominative reading is the country (франций, the element, is oblique here)."""
    names = check.proper_nominative
    if not check.proper or (check.common and not names):
        return False
    check.report.lemma = (names or check.proper)[0].lemma
    kinds = sorted({g for p in check.proper for g in _grammemes(p.tag) & PROPER})
    capitalised = check.case_signal and (_is_capitalised(check.raw) or check.raw.isupper())
    lower_case = check.case_signal and not capitalised
    if not capitalised and (set(kinds) <= {"Orgn", "Trad"} or (lower_case and check.headword)):
        # автозапчасти, биоресурсы, военторг: OpenCorpora tags sectors and shop chains as
        # organisations; герольд, гжель, земеля it tags as a name or a place, but Tikhonov's dictionary
        # of common words lists them: written in lower case they are common nouns.
        return True
    case = "codenames" if check.game == "codenames" else "capitalised" if capitalised else "lower_case"
    table = RULES["proper_noun"]
    message = (table["message"].format(raw=check.raw, kinds=", ".join(PROPER_NAMES[k] for k in kinds))
               + (table["lower_case"] if case == "lower_case" else ""))
    check.add("proper_noun", message, severity("proper_noun", case), {**check.evidence, "kinds": kinds})
    return True


def oblique_case(check: WordCheck) -> bool:
    """Only an oblique case of a noun: `word_form` (границу), or `not_noun` when the word reads
    first as another part of speech."""
    noun = (check.common or check.proper)[0].lemma
    check.report.lemma = noun
    if check.headword:
        # агротехника, карт: pymorphy3 lacks the nominative, Tikhonov lists the word itself.
        check.report.lemma = check.text
        return True
    top = check.readings[0]
    pos = _pos(top.tag)
    if pos != "NOUN":
        message = RULES["not_noun"]["oblique"].format(raw=check.raw, pos=POS_NAMES.get(pos, pos), lemma=top.lemma,
                                                      noun=noun)
        check.add("not_noun", message, severity("not_noun", "oblique"), check.evidence)
        return True
    check.add("word_form", RULES["word_form"]["message"].format(raw=check.raw, lemma=noun), severity("word_form"),
              {**check.evidence, "lemma": noun})
    check.suggest_replacement("lemma", noun)
    return True


WORD_RULES = (not_one_word, profane_word, abbreviation_word, listed_noun, unknown_word, rare_word, no_part_of_speech,
              not_a_noun, common_singular, plural_noun, proper_name, oblique_case)


def check_word(lexicon: Lexicon, raw: str, game: str = "hat", case_signal: bool = True) -> WordReport:
    """Every word-level issue of one pool word, as sent.

    `case_signal`: capitals mean something (the pool also has lower-case words); in a pool
    where every word is capitalised, «Лев» is no more a name than «Окно».  Kept per lexicon (see
    WORD_REPORT_CACHE) and shared between calls: a caller that adds to it changes a copy (mark_board)."""
    if not isinstance(raw, str):          # not hashable, or not a word at all: nothing worth keeping
        return read_word(lexicon, raw, game, case_signal)
    return _reports(lexicon)(raw, game, case_signal, lexicon.version)


def read_word(lexicon: Lexicon, raw: str, game: str, case_signal: bool) -> WordReport:
    """check_word without the cache."""
    check = WordCheck.read(lexicon, raw, game, case_signal)
    for rule in WORD_RULES:
        if rule(check):
            break
    return check.finish()


# A pool linted again (an organiser's CI, an edited pool, words pools share) reads each word once per
# lexicon.  ~0.8 KB a report; 20,000 is the largest pool a request may send (Settings.max_pool_words).
WORD_REPORT_CACHE = 20_000
_word_reports: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # Lexicon → its reports
_last_reports: tuple = (None, None)          # weak references to the Lexicon asked last and its reports


def _reports(lexicon: Lexicon):
    """The lexicon's cache of word reports, keyed by everything a report depends on.  It holds the lexicon
    weakly, so a Lexicon made for one call (as_lexicon) goes with its cache."""
    global _last_reports
    last_ref, last = _last_reports
    if last_ref is not None and last_ref() is lexicon:     # a pool asks for every word: the last one answers
        reports = last()
        if reports is not None:
            return reports
    cached = _word_reports.get(lexicon)
    ref = weakref.ref(lexicon)
    if cached is None:
        @lru_cache(maxsize=WORD_REPORT_CACHE)
        def cached(raw: str, game: str, case_signal: bool, version: str) -> WordReport:
            return read_word(ref(), raw, game, case_signal)

        _word_reports[lexicon] = cached
    _last_reports = (ref, weakref.ref(cached))          # weak both: the cache goes with its lexicon
    return cached


def _all_reports() -> list:
    return list(_word_reports.values())


def _clear_reports() -> None:
    for cached in _all_reports():
        cached.cache_clear()


# In the one table of caches (lexicon.caches): one lru_cache per lexicon, made in _reports.
caches.register("service.rules.pool.word_reports", bound=lambda: WORD_REPORT_CACHE * max(1, len(_all_reports())),
                entries=lambda: sum(c.cache_info().currsize for c in _all_reports()), clear=_clear_reports)


def _fresh(report: WordReport) -> WordReport:
    """A copy of a cached report whose lists the caller may extend (mark_board adds board conflicts);
    the findings and dicts in them are shared and never changed after check_word."""
    return WordReport(report.word, report.normalized, report.lemma, report.key, list(report.issues),
                      list(report.suggestions), report.frequency)


# ------------------------------------------------------------------ the pool -


def as_lexicon(words: Lexicon | CognateEngine) -> Lexicon:
    """Callers not yet on the Lexicon (service/evaluation/codenames.py) still pass the engine."""
    return words if isinstance(words, Lexicon) else Lexicon(words)


def ruled_cognates(oracle: Oracle, words: list[str]) -> list[tuple[str, str]]:
    """Pairs among `words` the scope's judges ruled cognate, for grouping to ask even where no root
    spelling pairs the words."""
    ruled = getattr(oracle, "ruled", None)   # a test's hand-made oracle may answer only pairs asked
    if not (oracle and ruled):
        return []
    prefetch = getattr(oracle, "prefetch", None)
    if prefetch is not None:
        prefetch("cognate", words)       # one query for the pool's words, not one per pair asked
    return ruled("cognate", True)


def _too_much_work(exc: TooManyPairs) -> TooMuchWork:
    what = {"candidates": "пар-кандидатов в однокоренные больше {max:,} (корни, которые могут чередоваться, "
                          "сравниваются попарно)",
            "members": "пар слов внутри однокоренных групп больше {max:,} (сравнивается каждая пара группы)",
            "board": "пар однокоренных карт больше {max:,} (каждая — конфликт на поле)"}[exc.stage]
    detail = (what.format(max=exc.maximum) + f": этому пулу ({exc.words:,} разных лемм) нужно {exc.need:,}; "
              + CLI_ADVICE)
    return TooMuchWork("pool_pairs", exc.need, exc.maximum, detail)


@dataclass
class Lemmas:
    """The pool's distinct lemmas in order of first appearance, each with its words' indices."""
    reports: list[WordReport]
    by_key: dict[str, list[int]]
    keys: list[str]            # the lemmas' duplicate keys, in order
    texts: list[str]           # each lemma as its first word reads it (the noun lemma, else the normalised word)

    @classmethod
    def of(cls, reports: list[WordReport]) -> Lemmas:
        by_key: dict[str, list[int]] = {}
        texts = []
        for idx, rep in enumerate(reports):
            if rep.normalized is not None:
                indices = by_key.get(rep.key)
                if indices is None:
                    by_key[rep.key] = [idx]
                    texts.append(rep.lemma or rep.normalized)
                else:
                    indices.append(idx)
        return cls(reports, by_key, list(by_key), texts)

    def as_sent(self, lemma: int) -> list[str]:
        return [self.reports[i].word for i in self.by_key[self.keys[lemma]]]

    def first(self, lemma: int) -> WordReport:
        return self.reports[self.by_key[self.keys[lemma]][0]]

    def duplicates(self) -> list[list[str]]:
        return [[self.reports[i].word for i in idxs] for idxs in self.by_key.values() if len(idxs) > 1]

    def spelling_variants(self) -> list[list[str]]:
        """Lemmas whose keys differ only by a doubled consonant: one word two ways, or two words — a person looks."""
        # Only a key with a doubled consonant, or one such a key comes to once single, can have a twin.
        collapsed = {key: doubled_key(key) for key in self.keys if DOUBLED_CONSONANT.search(key)}
        singles = set(collapsed.values())
        alike: dict[str, list[str]] = defaultdict(list)
        for key in self.keys:
            if key in collapsed or key in singles:
                alike[collapsed.get(key, key)].append(key)
        return [[self.reports[self.by_key[k][0]].word for k in keys] for keys in alike.values() if len(keys) > 1]

    def words_of(self, pair: dict) -> list[str]:
        """The words as sent behind a pair's two lemmas."""
        a, b = fold_key(pair["a"]), fold_key(pair["b"])
        if a not in self.by_key or b not in self.by_key:
            return [pair["a"], pair["b"]]
        return [self.reports[i].word for i in self.by_key[a] + self.by_key[b]]


def board_conflicts(found: CognateGroups, lemmas: Lemmas, max_pairs: int | None) -> list[dict]:
    """Every pair of cards in one cognate group (its first spelling as sent), once."""
    need = sum(len(g) * (len(g) - 1) // 2 for g in found.groups)
    if max_pairs is not None and need > max_pairs:
        raise _too_much_work(TooManyPairs("board", need, max_pairs, len(lemmas.keys)))
    seen, out = set(), []
    for group, detail in zip(found.groups, found.details):
        for n, x in enumerate(group):
            budget.check()
            for y in group[n + 1:]:
                a, b = lemmas.first(x).word, lemmas.first(y).word
                if (a, b) not in seen:
                    seen.add((a, b))
                    out.append(_conflict(a, b, detail["roots"], found.rulings.get((x, y))))
    return out


def _conflict(a: str, b: str, roots: list[str], ruling: dict | None) -> dict:
    if ruling is None:
        return {"a": a, "b": b, "roots": roots, "message": BOARD["conflict"].format(a=a, b=b, roots=roots_ru(roots))}
    return {"a": a, "b": b, "roots": roots, "message": BOARD["ruled_conflict"].format(a=a, b=b),
            "evidence": [ruling["evidence"]]}


def mark_board(reports: list[WordReport], conflicts: list[dict]) -> None:
    """A pool of one board: each word of a conflict gets a `board_cognate` finding."""
    table, copied = RULES["board_cognate"], set()
    for c in conflicts:
        for me, other in ((c["a"], c["b"]), (c["b"], c["a"])):
            evidence = {"other": other, "roots": c["roots"]}
            if "evidence" in c:
                evidence["ruling"] = c["evidence"][0]
            for n, rep in enumerate(reports):
                if rep.word == me:
                    if n not in copied:           # check_word's reports are shared: this pool's own copy
                        rep = reports[n] = _fresh(rep)
                        copied.add(n)
                    rep.issues.append(Finding("board_cognate", table["message"].format(word=me, other=other),
                                              severity("board_cognate"), evidence=evidence))


def lint_pool(lexicon: Lexicon | CognateEngine, words: Iterable[str], game: str = "hat", progress=None,
              max_pairs: int | None = None, oracle: Oracle = NO_RULINGS) -> PoolReport:
    """Lint a pool: per-word issues, duplicates, cognate groups (and board conflicts for codenames).

    `progress(done, total)` is called now and then while words are checked (for a CLI bar).
    `max_pairs`: TooMuchWork when cognate grouping would compare more pairs (the API passes
    MAX_POOL_PAIRS; None, the CLI's default, is no limit).  `oracle`: the scope's rulings.
    """
    if game not in GAMES:
        raise ValueError(f"игра должна быть одной из: {', '.join(GAMES)}")
    start, lexicon, words = time.perf_counter(), as_lexicon(lexicon), list(words)
    case_signal = any(isinstance(w, str) and w.strip()[:1].islower() for w in words)
    reports: list[WordReport] = []
    # A big pool allocates objects that live until the report is done: the collector waits for it
    # (every pass over them while they are built finds nothing to free).
    with gc_paused():
        for n, raw in enumerate(words, 1):
            budget.check()
            reports.append(check_word(lexicon, raw, game, case_signal))
            if progress is not None and (n % 200 == 0 or n == len(words)):
                progress(n, len(words))
        lemmas = Lemmas.of(reports)
        try:
            found = lexicon.cognate_groups(lemmas.texts, oracle, max_pairs, ruled_cognates(oracle, lemmas.texts))
        except TooManyPairs as exc:
            raise _too_much_work(exc) from exc
        return _report(game, reports, lemmas, found, max_pairs, start)


def _report(game: str, reports: list[WordReport], lemmas: Lemmas, found: CognateGroups, max_pairs: int | None,
            start: float) -> PoolReport:
    """The pool's report: groups, possible pairs and rulings in the words as sent."""
    by_key, keys, reports_ = lemmas.by_key, lemmas.keys, lemmas.reports      # lemmas.as_sent, inlined
    groups = [[reports_[i].word for k in group for i in by_key[keys[k]]] for group in found.groups]
    details = [{"words": words_as_sent, "lemmas": [lemmas.texts[k] for k in group], **detail}
               for group, words_as_sent, detail in zip(found.groups, groups, found.details)]
    conflicts = board_conflicts(found, lemmas, max_pairs) if game == "codenames" else []
    if game == "codenames" and len(reports) <= BOARD_SIZE:
        mark_board(reports, conflicts)
    return PoolReport(game, reports, lemmas.duplicates(), groups, details, conflicts,
                      (time.perf_counter() - start) * 1000,
                      [{**link, "words": lemmas.words_of(link)} for link in found.possible],
                      [{**pair, "words": lemmas.words_of(pair)} for pair in found.ruled_apart],
                      lemmas.spelling_variants())
