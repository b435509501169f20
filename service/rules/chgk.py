"""«Что? Где? Когда?»: is a team's answer right, and how sure are we?

The host decides (../shared/rules/chgk.txt, 1.2.3).  Tournament practice (the
МАК code) accepts an answer despite spelling, punctuation, grammatical or
word-order slips when only one reading is possible; an answer with several
versions («квас или пиво») is not accepted; a less precise answer than the
question implies (лампа for лампочка) is not accepted.  This module automates
the clear cases and hands the rest to the judge (verdict ``judge``) with the
reasons, asking the lexicon for lemmas, dictionary words and cognates.

Matching works on tokens: case, ё/е, quotes, punctuation and spaces are
normalised away; numbers written in digits, words or Roman numerals become
one value (5 / пять, XIV / четырнадцатый); then each answer token is paired
with a token of a reference variant as

* ``exact``          -- the same after normalisation,
* ``number``         -- the same number written differently,
* ``word_form``      -- the two share a lemma (Эйфелевой башней / Эйфелева башня),
* ``transliteration`` -- spelling variants of a foreign name (Лафонтен / Лафонтэн),
* ``typo``           -- edit distance within the length-scaled allowance
  (none under 4 letters, 1 for 4–5, 2 from 6), never when the answer's token
  is a dictionary word of its own (код for кот),
* ``related``        -- not a match: a word of the same stem (лампа / лампочка);
  it makes the verdict ``judge``.

Reference variants come from the reference (optional parts in square
brackets or parentheses may be omitted), the `accepted` list (зачёт) and the
`rejected` list (незачёт); the strongest match wins and a tie goes to the
незачёт list.  Package parsing (`parse_package`) reads the usual text format.
"""
from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable

from rapidfuzz.distance import OSA

from lexicon import budget, morphology
from lexicon.normalize import INVISIBLE, LATIN_LOOKALIKES

RULES_SOURCE = "rules/chgk.txt 1.2.3; МАК code on answers (issue 7)"


class TooMuchWork(ValueError):
    """A request over one of the work limits below; its partial result is thrown away.

    `limit` names the limit (reference_variants, reference_comparisons, batch_words: checked before
    judging; grouping_comparisons: counted while grouping), `value` is what the request needs
    (for grouping: what it had spent when it passed the limit) and `maximum` what the limit allows."""

    def __init__(self, limit: str, value: int, maximum: int, detail: str):
        super().__init__(detail)
        self.limit, self.value, self.maximum = limit, value, maximum

MAX_ANSWER = 500          # characters of one answer, reference or list entry
MAX_VARIANTS = 50         # entries in `accepted` / `rejected`
MAX_ANSWERS = 1000        # answers in one batch
MAX_TEAM = 200            # characters of a team name
MAX_PACKAGE = 500_000     # characters of a package text
MAX_OPTIONAL = 6          # bracketed optional parts expanded per entry (2**6 variants)
# The work of one request (issue 12), bounded before it starts except for the typo groups, which
# count as they go: a real question has at most 10–20 «Зачёт» items with a part or two in
# brackets, a batch a few hundred distinct answers of a few words.
MAX_REFERENCE_VARIANTS = 512          # variants of reference + зачёт + незачёт after expanding [optional] parts
MAX_REFERENCE_COMPARISONS = 500_000    # answer words × reference-variant words, over a batch's distinct answers
MAX_BATCH_WORDS = 20_000              # words in a batch's distinct answers (1,000 answers of 20 words)
MAX_GROUPING_COMPARISONS = 1_000_000   # batch: word comparisons aligning answers of one length (typo groups)

# Rank of a token match: lower is stronger.  `related` is not a match.
RANKS = {"exact": 0, "number": 1, "word_form": 2, "transliteration": 3, "typo": 4, "related": 9}
# The reason reported for a whole answer: the most lenient step that was needed.
REASON_ORDER = ("typo", "transliteration", "word_order", "word_form", "number", "exact")

# ------------------------------------------------------------------ numbers ---

CARDINALS = {
    "ноль": 0, "нуль": 0, "один": 1, "два": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7,
    "восемь": 8, "девять": 9, "десять": 10, "одиннадцать": 11, "двенадцать": 12, "тринадцать": 13,
    "четырнадцать": 14, "пятнадцать": 15, "шестнадцать": 16, "семнадцать": 17, "восемнадцать": 18,
    "девятнадцать": 19, "двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60,
    "семьдесят": 70, "восемьдесят": 80, "девяносто": 90, "сто": 100, "двести": 200, "триста": 300,
    "четыреста": 400, "пятьсот": 500, "шестьсот": 600, "семьсот": 700, "восемьсот": 800, "девятьсот": 900,
    "тысяча": 1000, "миллион": 1_000_000, "миллиард": 1_000_000_000,
}
ORDINALS = {
    "первый": 1, "второй": 2, "третий": 3, "четвертый": 4, "пятый": 5, "шестой": 6, "седьмой": 7,
    "восьмой": 8, "девятый": 9, "десятый": 10, "одиннадцатый": 11, "двенадцатый": 12, "тринадцатый": 13,
    "четырнадцатый": 14, "пятнадцатый": 15, "шестнадцатый": 16, "семнадцатый": 17, "восемнадцатый": 18,
    "девятнадцатый": 19, "двадцатый": 20, "тридцатый": 30, "сороковой": 40, "пятидесятый": 50,
    "шестидесятый": 60, "семидесятый": 70, "восьмидесятый": 80, "девяностый": 90, "сотый": 100,
    "двухсотый": 200, "трехсотый": 300, "четырехсотый": 400, "пятисотый": 500, "шестисотый": 600,
    "семисотый": 700, "восьмисотый": 800, "девятисотый": 900, "тысячный": 1000, "миллионный": 1_000_000,
}
MULTIPLIERS = {1000, 1_000_000, 1_000_000_000}
_ROMAN = re.compile(r"^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_CYR_ROMAN = str.maketrans({"Х": "X", "І": "I", "х": "x", "і": "i"})


def roman_value(token: str) -> int | None:
    """XIV → 14; Cyrillic Х and І count as X and I; None for anything else."""
    letters = token.translate(_CYR_ROMAN)
    if not letters or not re.fullmatch(r"[IVXLCDMivxlcdm]+", letters):
        return None
    if token != letters and not (token.isupper() or len(token) == 1 and token in "ХІ"):
        return None
    upper = letters.upper()
    # A lone C, D, L or M is a letter (витамин C), not a numeral.
    if len(upper) == 1 and upper not in "IVX":
        return None
    if not _ROMAN.match(upper):
        return None
    total = 0
    for i, ch in enumerate(upper):
        value = _ROMAN_VALUES[ch]
        nxt = _ROMAN_VALUES[upper[i + 1]] if i + 1 < len(upper) else 0
        total += -value if value < nxt else value
    return total or None


@lru_cache(maxsize=50_000)
def number_word(word: str) -> tuple[int, str] | None:
    """(value, 'cardinal'|'ordinal') for a number word in any form, else None.

    A cardinal form that is also a form of a noun of its own (сорока the bird)
    counts only when written as the lemma itself (сорок).
    """
    w = fold(word)
    if w in CARDINALS:
        return CARDINALS[w], "cardinal"
    parses = [p for p in morphology.parses(w) if p.known]
    for p in parses:
        lemma = fold(p.lemma)
        if lemma in ORDINALS and "Anum" in p.tag:
            return ORDINALS[lemma], "ordinal"
    numeric = [p for p in parses if fold(p.lemma) in CARDINALS]
    if numeric and not any(p.tag.startswith("NOUN") and fold(p.lemma) not in CARDINALS for p in parses):
        return CARDINALS[fold(numeric[0].lemma)], "cardinal"
    return None


def _group_numbers(values: list[tuple[int, str]]) -> list[tuple[int, str, int]]:
    """Combine a run of number words (двадцать пять, тысяча восемьсот двенадцатый).

    Returns (value, kind, how many words it took) for each number in the run.
    """
    out: list[tuple[int, str, int]] = []
    i = 0
    while i < len(values):
        total, group, used, kind = 0, 0, 0, "cardinal"
        last = None          # magnitude class of the last word in the group: 3 hundreds, 2 tens, 1 units
        j = i
        while j < len(values):
            value, k = values[j]
            if kind == "ordinal":
                break
            if value in MULTIPLIERS:
                if last == "mult" and used:
                    break
                group = max(group, 1) * value
                total += group
                group, last = 0, "mult"
            else:
                cls = 3 if value >= 100 else 2 if value >= 20 and value % 10 == 0 else 1
                if used and last != "mult" and (last is None or cls >= last or (last == 2 and value >= 10)):
                    break
                if used and last == 1:
                    break
                group += value
                last = cls
            kind = k
            used += 1
            j += 1
        out.append((total + group, kind, used))
        i += used
    return out


# ------------------------------------------------------------- normalising ---

QUOTES = "«»„“”‟\"'‘’‚‛`´ʼ"
_APOSTROPHE_IN_WORD = re.compile(r"(?<=\w)['’ʼ`´](?=\w)")
_TOKEN = re.compile(r"\d+(?:[.,]\d+)?(?:-?(?:[а-яё]{1,3}))?(?![\w])|\d+|[^\W\d_]+")
_NUMBER_TOKEN = re.compile(r"^(\d+(?:[.,]\d+)?)(?:-?([а-яё]{1,3}))?$")
PREPOSITIONS = frozenset("в во на с со к ко о об обо у из от до по за для при про над под без из-за около".split())
GLUE = frozenset({"и"})   # «Война и мир» / «Война, мир»: a conjunction between words


def fold(text: str) -> str:
    return text.lower().replace("ё", "е")


def clean(text: str) -> str:
    """Stress marks and invisible characters out, NFC, apostrophes inside words joined."""
    text = unicodedata.normalize("NFD", text.translate({ord(ch): None for ch in INVISIBLE}))
    text = text.replace("\u0301", "").replace("\u0300", "")
    text = unicodedata.normalize("NFC", text)
    return _APOSTROPHE_IN_WORD.sub("", text)


@dataclass(frozen=True)
class Tok:
    raw: str                  # as written (one number may span several words)
    text: str                 # lower case, ё folded
    number: int | None = None
    latin: bool = False

    @property
    def is_number(self) -> bool:
        return self.number is not None

    def to_json(self) -> str:
        return f"#{self.number}" if self.is_number else self.text


def tokens(text: str) -> tuple[Tok, ...]:
    """The comparable tokens of an answer or a reference variant."""
    text = clean(text)
    has_cyrillic = bool(re.search(r"[А-Яа-яЁё]", text))
    raw = [m.group() for m in _TOKEN.finditer(text)]
    staged: list[tuple[str, str, tuple[int, str] | None, bool]] = []  # raw, text, number, latin
    for piece in raw:
        m = _NUMBER_TOKEN.match(fold(piece))
        if m and piece[0].isdigit():
            digits = m.group(1).replace(",", ".")
            value = int(digits) if "." not in digits else None
            if value is None:
                staged.append((piece, digits, None, False))
            else:
                staged.append((piece, digits, (value, "ordinal" if m.group(2) else "cardinal"), False))
            continue
        roman = roman_value(piece) if (has_cyrillic or piece.isupper()) else None
        if roman is not None:
            staged.append((piece, fold(piece), (roman, "ordinal"), False))
            continue
        word = piece
        if has_cyrillic and re.search(r"[A-Za-z]", word):
            if re.search(r"[А-Яа-яЁё]", word) or all(ch in "aceopxykmtbhunACEOPXYKMTBHUN" for ch in word) and len(word) <= 2:
                word = word.translate(LATIN_LOOKALIKES)
        latin = bool(re.search(r"[A-Za-z]", word))
        nw = None if latin else number_word(word)
        staged.append((piece, fold(word), nw, latin))
    out: list[Tok] = []
    i = 0
    while i < len(staged):
        piece, text_, number, latin = staged[i]
        if number is not None and not piece[0].isdigit() and roman_value(piece) is None:
            j = i
            run = []
            while j < len(staged) and staged[j][2] is not None and not staged[j][0][0].isdigit() \
                    and roman_value(staged[j][0]) is None:
                run.append(staged[j][2])
                j += 1
            k = i
            for value, _kind, used in _group_numbers(run):
                words = [staged[x][0] for x in range(k, k + used)]
                out.append(Tok(" ".join(words), " ".join(staged[x][1] for x in range(k, k + used)), value))
                k += used
            i = j
            continue
        out.append(Tok(piece, text_, number[0] if number else None, latin))
        i += 1
    return tuple(out)


def content(toks: Iterable[Tok]) -> tuple[tuple[Tok, ...], tuple[str, ...]]:
    """Drop prepositions before a word and «и» between words: «в Париже» / «Париж»."""
    toks = tuple(toks)
    keep, dropped = [], []
    for i, t in enumerate(toks):
        if not t.is_number and ((t.text in PREPOSITIONS and i + 1 < len(toks))
                                or (t.text in GLUE and 0 < i < len(toks) - 1)):
            dropped.append(t.raw)
            continue
        keep.append(t)
    return tuple(keep), tuple(dropped)


# --------------------------------------------------------------- word tests ---

@lru_cache(maxsize=100_000)
def lemma_set(word: str) -> frozenset[str]:
    return frozenset({fold(l) for l in morphology.lemmas(word)} | {word})


@lru_cache(maxsize=100_000)
def known_word(word: str) -> bool:
    return morphology.is_known(word)


@lru_cache(maxsize=100_000)
def primary_lemma(word: str) -> str:
    lemmas = morphology.lemmas(word)
    return fold(lemmas[0]) if lemmas else word


_TRANSLIT_RULES = [(re.compile(p), r) for p, r in (
    (r"[ьъ]", ""), (r"э", "е"), (r"(.)\1+", r"\1"), (r"й(?=[аеуоя])", "и"), (r"[ыи]й$", "и"),
)]

@lru_cache(maxsize=100_000)
def translit_key(word: str) -> str:
    """A coarse spelling key for foreign names: Лафонтэн = Лафонтен, Голливуд = Голивуд."""
    key = fold(word)
    for pattern, repl in _TRANSLIT_RULES:
        key = pattern.sub(repl, key)
    return key


def typo_allowance(length: int) -> int:
    """None under 4 letters, 1 for 4–5, 2 from 6."""
    return 0 if length < 4 else 1 if length <= 5 else 2


@lru_cache(maxsize=100_000)
def _stem(lemma: str) -> str:
    return re.sub(r"(?:ый|ий|ой|ая|яя|ое|ее|ть|ти|[аеиоуыэюяйь])$", "", lemma)


@dataclass
class TokenMatch:
    kind: str                         # exact | number | word_form | transliteration | typo | related
    answer: Tok
    reference: Tok
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def rank(self) -> int:
        return RANKS[self.kind]

    def to_json(self) -> dict:
        return {"match": self.kind, "answer": self.answer.raw, "reference": self.reference.raw, **self.detail}


def plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian form for a count: plural(1, "буква", "буквы", "букв") → "буква", 2 → "буквы", 5 → "букв"."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def _too_short_explanation(answer: str, reference: str, distance: int, shorter: int, allowed: int) -> str:
    diff = f"«{answer}» отличается от «{reference}» на {distance} {plural(distance, 'букву', 'буквы', 'букв')}"
    if not allowed:
        return diff + ", а в словах короче 4 букв опечатки не допускаются"
    return (diff + f", а в слове из {shorter} {plural(shorter, 'буквы', 'букв', 'букв')} допускается "
            f"не больше {allowed}")


class Matcher:
    """Token comparisons, with the cognate engine when one is given (less precise answers)."""

    def __init__(self, engine=None):
        self.engine = engine
        self.notes: list[dict] = []   # why a near miss was refused (the real-word guard)

    def token(self, a: Tok, r: Tok) -> TokenMatch | None:
        if a.is_number or r.is_number:
            if a.number is not None and a.number == r.number:
                kind = "exact" if a.text == r.text else "number"
                return TokenMatch(kind, a, r, {"value": a.number} if kind == "number" else {})
            return None
        if a.text == r.text:
            return TokenMatch("exact", a, r)
        if a.latin != r.latin:
            return None
        la, lr = lemma_set(a.text), lemma_set(r.text)
        shared = la & lr
        if shared and not a.latin:
            return TokenMatch("word_form", a, r, {"lemmas": sorted(shared)})
        guard = self._real_word(a, r, la, lr)
        ka, kr = translit_key(a.text), translit_key(r.text)
        if ka == kr and guard is None:
            return TokenMatch("transliteration", a, r, {"key": ka})
        shorter = min(len(a.text), len(r.text))
        allowed = typo_allowance(shorter)
        distance = min(OSA.distance(a.text, r.text), OSA.distance(ka, kr))
        if allowed and distance <= allowed:
            if guard is None:
                return TokenMatch("typo", a, r, {"distance": distance, "allowed": allowed})
            self.notes.append({**guard, "distance": distance, "allowed": allowed})
        elif distance <= 2 and shorter < 6:
            self.notes.append({"kind": "too_short_for_typo", "answer": a.raw, "reference": r.raw,
                               "distance": distance, "allowed": allowed,
                               "explanation": _too_short_explanation(a.raw, r.raw, distance, shorter, allowed)})
        return self._related(a, r)

    def _real_word(self, a: Tok, r: Tok, la, lr) -> dict | None:
        if a.latin or not known_word(a.text):
            return None
        return {"kind": "real_word", "answer": a.raw, "reference": r.raw,
                "answer_lemmas": sorted(la - {a.text}) or [a.text],
                "explanation": f"«{a.raw}» — самостоятельное слово ({', '.join(sorted(la - {a.text}) or [a.text])}), "
                               f"а не форма «{r.raw}», поэтому это не опечатка"}

    def _related(self, a: Tok, r: Tok) -> TokenMatch | None:
        pa, pr = primary_lemma(a.text), primary_lemma(r.text)
        sa, sr = _stem(pa), _stem(pr)
        if len(sa) < 3 or len(sr) < 3:
            return None
        if not (pr.startswith(sa) or pa.startswith(sr)):
            return None
        cognate = None
        if self.engine is not None and known_word(a.text) and known_word(r.text):
            try:
                cognate = self.engine.compare(a.text, r.text).cognate
            except Exception:    # a word the engine cannot read: fall back to the stem test
                cognate = None
            if cognate is False:
                return None
        elif min(len(sa), len(sr)) < 4:
            return None
        # «Less precise» needs two dictionary words of one root, the answer's the shorter: лампа / лампочка.
        base = (len(pa) < len(pr) and pr.startswith(sa) and cognate is not False
                and known_word(a.text) and known_word(r.text))
        return TokenMatch("related", a, r, {"answer_lemma": pa, "reference_lemma": pr, "cognate": cognate,
                                            "less_precise": base})


# ---------------------------------------------------------------- variants ---

_OPTIONAL = re.compile(r"\[([^\[\]]*)\]|\(([^()]*)\)")


def expand_optional(entry: str) -> list[tuple[str, tuple[str, ...]]]:
    """«[Юрий] Гагарин» → [("Юрий Гагарин", ()), ("Гагарин", ("Юрий",))]; parentheses likewise."""
    parts = list(_OPTIONAL.finditer(entry))[:MAX_OPTIONAL]
    if not parts:
        return [(entry, ())]
    out = []
    for keep in itertools.product((True, False), repeat=len(parts)):
        text, pos, omitted = [], 0, []
        for flag, m in zip(keep, parts):
            text.append(entry[pos:m.start()])
            inner = m.group(1) if m.group(1) is not None else m.group(2)
            if flag:
                text.append(" " + inner + " ")
            else:
                omitted.append(inner.strip())
            pos = m.end()
        text.append(entry[pos:])
        out.append((re.sub(r"\s+", " ", "".join(text)).strip(), tuple(o for o in omitted if o)))
    return out


@dataclass
class Variant:
    source: str              # reference | accepted | rejected
    entry: str               # as given, with its brackets
    text: str                # this expansion
    omitted: tuple[str, ...]
    toks: tuple[Tok, ...]


def count_variants(entries: Iterable[str]) -> int:
    """How many variants `expand_optional` makes of these entries, without making them."""
    return sum(2 ** min(len(_OPTIONAL.findall(e)), MAX_OPTIONAL) for e in entries if e and e.strip())


def variants(reference: str, accepted: Iterable[str] = (), rejected: Iterable[str] = ()) -> list[Variant]:
    """Every expansion of the reference, зачёт and незачёт entries; TooMuchWork over MAX_REFERENCE_VARIANTS."""
    sources = (("reference", [reference]), ("accepted", list(accepted or ())), ("rejected", list(rejected or ())))
    total = count_variants(e for _, entries in sources for e in entries)
    if total > MAX_REFERENCE_VARIANTS:
        raise TooMuchWork("reference_variants", total, MAX_REFERENCE_VARIANTS,
                          f"reference variants over {MAX_REFERENCE_VARIANTS} (after expanding [optional] parts of "
                          f"the reference, accepted and rejected entries): this request makes {total}")
    out = []
    for source, entries in sources:
        for entry in entries:
            if not entry or not entry.strip():
                continue
            budget.check()
            for text, omitted in expand_optional(entry):
                toks = tokens(text)
                if toks:
                    out.append(Variant(source, entry, text, omitted, toks))
    return out


# ----------------------------------------------------------------- matching ---

@dataclass
class Alignment:
    variant: Variant
    pairs: list[TokenMatch]
    missing: list[Tok]          # reference tokens the answer lacks
    extra: list[Tok]            # answer tokens the reference lacks
    reordered: bool
    dropped: tuple[str, ...] = ()
    compact: bool = False       # matched only with spaces and hyphens removed

    @property
    def full(self) -> bool:
        return not self.missing and not self.extra and not any(p.kind == "related" for p in self.pairs)

    @property
    def rank(self) -> tuple:
        worst = max((p.rank for p in self.pairs), default=0)
        return (len(self.missing) + len(self.extra), worst, self.reordered, sum(p.rank for p in self.pairs))

    def reason(self) -> str:
        kinds = {p.kind for p in self.pairs}
        if self.reordered:
            kinds.add("word_order")
        if self.dropped:
            kinds.add("word_form")
        for reason in REASON_ORDER:
            if reason in kinds:
                return reason
        return "exact"


def _assign(answer: tuple[Tok, ...], ref: tuple[Tok, ...], matcher: Matcher) -> tuple[list[TokenMatch], bool]:
    """Pair answer tokens with reference tokens (each at most once), strongest matches first."""
    cells = {}
    for i, a in enumerate(answer):
        for j, r in enumerate(ref):
            m = matcher.token(a, r)
            if m is not None:
                cells[i, j] = m
    # In order first: no reordering when the identity pairing works as well.
    if len(answer) == len(ref) and all((i, i) in cells for i in range(len(answer))):
        in_order = [cells[i, i] for i in range(len(answer))]
        if all(m.kind != "related" for m in in_order):
            return in_order, False
    best: tuple | None = None
    if len(answer) <= 6 and len(ref) <= 6:
        small, big = (answer, ref) if len(answer) <= len(ref) else (ref, answer)
        for perm in itertools.permutations(range(len(big)), len(small)):
            pairs = []
            for s, b in enumerate(perm):
                key = (s, b) if small is answer else (b, s)
                if key in cells:
                    pairs.append(cells[key])
            score = (-len(pairs), sum(p.rank for p in pairs))
            if best is None or score < best[0]:
                best = (score, pairs)
        pairs = best[1] if best else []
    else:   # long answers: greedy by strength
        pairs, used_a, used_r = [], set(), set()
        for (i, j), m in sorted(cells.items(), key=lambda kv: (kv[1].rank, kv[0])):
            if i not in used_a and j not in used_r:
                pairs.append(m)
                used_a.add(i)
                used_r.add(j)
    index_a = {id(t): i for i, t in enumerate(answer)}
    index_r = {id(t): j for j, t in enumerate(ref)}
    order = [index_r[id(p.reference)] for p in sorted(pairs, key=lambda p: index_a[id(p.answer)])]
    pairs.sort(key=lambda p: index_a[id(p.answer)])
    return pairs, order != sorted(order)


def align(answer_toks: tuple[Tok, ...], variant: Variant, matcher: Matcher) -> Alignment:
    a_all, r_all = answer_toks, variant.toks
    if "".join(t.to_json() for t in a_all) == "".join(t.to_json() for t in r_all) and len(a_all) != len(r_all):
        pair = TokenMatch("exact", Tok(" ".join(t.raw for t in a_all), "".join(t.text for t in a_all)),
                          Tok(" ".join(t.raw for t in r_all), "".join(t.text for t in r_all)),
                          {"note": "то же самое без пробелов и дефисов"})
        return Alignment(variant, [pair], [], [], False, compact=True)
    a, dropped_a = content(a_all)
    r, dropped_r = content(r_all)
    if not a or not r:
        a, r, dropped_a, dropped_r = a_all, r_all, (), ()
    pairs, reordered = _assign(a, r, matcher)
    paired_a = {id(p.answer) for p in pairs}
    paired_r = {id(p.reference) for p in pairs}
    dropped = tuple(x for x in dropped_a + dropped_r
                    if fold(x) not in {fold(y) for y in dropped_a} or fold(x) not in {fold(y) for y in dropped_r})
    return Alignment(variant, pairs, [t for t in r if id(t) not in paired_r],
                     [t for t in a if id(t) not in paired_a], reordered, dropped)


def best_alignment(answer_toks: tuple[Tok, ...], pool: list[Variant], matcher: Matcher) -> Alignment | None:
    best = None
    source_order = {"rejected": 0, "reference": 1, "accepted": 2}
    for v in pool:
        budget.check()
        al = align(answer_toks, v, matcher)
        if not al.pairs:
            continue
        key = (al.rank, len(v.omitted), source_order[v.source])
        if best is None or key < best[0]:
            best = (key, al)
    return best[1] if best else None


# ----------------------------------------------------------------- verdicts ---

@dataclass
class AnswerVerdict:
    answer: str
    verdict: str              # accept | reject | judge
    reason: str
    message: str
    matched: str | None = None           # the entry as given (reference, зачёт or незачёт item)
    matched_variant: str | None = None   # the expansion that matched (optional parts resolved)
    source: str | None = None            # reference | accepted | rejected
    normalized: str = ""
    evidence: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"verdict": self.verdict, "reason": self.reason, "matched": self.matched,
                "matched_variant": self.matched_variant, "source": self.source, "message": self.message,
                "answer": self.answer, "normalized": self.normalized, "evidence": self.evidence,
                "rules": RULES_SOURCE}


# What a whole-answer match to the reference says (the typo message names the slips themselves).
_MESSAGES = {
    "exact": "ответ совпадает с эталоном с точностью до регистра, ё/е, кавычек, знаков препинания и пробелов",
    "number": "ответ совпадает с эталоном, число записано по-другому",
    "word_form": "ответ совпадает с эталоном с точностью до формы слова",
    "word_order": "ответ совпадает с эталоном, слова стоят в другом порядке",
    "transliteration": "ответ совпадает с эталоном, иностранное имя написано по-другому",
    "typo": "ответ совпадает с эталоном с опечаткой",
}
# The same, short, after «ответ есть в списке зачёта / незачёта («…»)».
_NOTES = {
    "exact": "",
    "number": "число записано по-другому",
    "word_form": "другая форма слова",
    "word_order": "другой порядок слов",
    "transliteration": "иностранное имя написано по-другому",
    "typo": "с опечаткой",
}
_EXPLICIT_OR = re.compile(r"\s+(?:или|либо|иль|or)\s+|\s*/\s*|\s*\\\s*|\?\s+(?=\S)", re.IGNORECASE)
_LIST_SEP = re.compile(r"\s*;\s*|\s*,(?!\d)\s*")


def _typos(al: Alignment) -> str:
    """«Гагарен» — опечатка в «Гагарин» (1 буква); several slips joined by «;»."""
    return "; ".join(f"«{p.answer.raw}» — опечатка в «{p.reference.raw}» "
                     f"({p.detail['distance']} {plural(p.detail['distance'], 'буква', 'буквы', 'букв')})"
                     for p in al.pairs if p.kind == "typo")


def _omitted(parts: Iterable[str]) -> str:
    parts = list(parts)
    quoted = ", ".join(f"«{x}»" for x in parts)
    return f"необязательная часть {quoted} опущена" if len(parts) == 1 else \
        f"необязательные части {quoted} опущены"


def _evidence(al: Alignment, matcher: Matcher) -> list[dict]:
    ev = [p.to_json() for p in al.pairs]
    if al.variant.omitted:
        ev.append({"kind": "optional_omitted", "parts": list(al.variant.omitted),
                   "explanation": _omitted(al.variant.omitted)})
    if al.reordered:
        ev.append({"kind": "word_order", "explanation": "слова стоят в другом порядке"})
    if al.dropped:
        ev.append({"kind": "function_words", "words": list(al.dropped),
                   "explanation": "предлоги и «и» не сравнивались: " + ", ".join(al.dropped)})
    return ev


def judge_answer(answer: str, reference: str, accepted: Iterable[str] | None = None,
                 rejected: Iterable[str] | None = None, *, engine=None) -> AnswerVerdict:
    """The verdict on one answer: accept, reject, or judge (a person decides), with its reasons.

    TooMuchWork (before any judging) when the reference and lists are over a work limit."""
    accepted, rejected = list(accepted or ()), list(rejected or ())
    pool = variants(reference, accepted, rejected)
    check_comparisons([len(tokens(answer))], pool)
    return _judge(answer, pool, Matcher(engine))


def _judge(answer: str, pool: list[Variant], matcher: Matcher) -> AnswerVerdict:
    toks = tokens(answer)
    normalized = " ".join(t.to_json() for t in toks)
    if not toks:
        return AnswerVerdict(answer, "reject", "empty", "в ответе нет ни слов, ни чисел: незачёт", normalized=normalized)
    if not pool:
        return AnswerVerdict(answer, "judge", "no_reference", "в эталоне нет ни слов, ни чисел для сравнения: решает судья",
                             normalized=normalized)
    matcher.notes = []
    best = best_alignment(toks, pool, matcher)
    if best is not None and best.full:
        return _full_verdict(answer, normalized, best, matcher)
    # Several versions: «квас или пиво», «квас / пиво», «квас, пиво».
    several = _several(answer, pool, matcher, normalized)
    if several is not None:
        return several
    if best is not None:
        partial = _partial_verdict(answer, normalized, best, matcher)
        if partial is not None:
            return partial
    if any(t.latin for t in toks) and not any(t.latin for v in pool for t in v.toks):
        return AnswerVerdict(answer, "judge", "other_script",
                             "ответ написан латиницей, а эталон — кириллицей: судья решает, одно ли это и то же", normalized=normalized,
                             matched=pool[0].entry, matched_variant=pool[0].text, source=pool[0].source)
    ref = next(v for v in pool if v.source == "reference") if any(v.source == "reference" for v in pool) else pool[0]
    ev = list(matcher.notes)
    message = f"ответ не совпадает с эталоном «{ref.entry}»"
    accepted_entries = sorted({v.entry for v in pool if v.source == "accepted"})
    if accepted_entries:
        message = f"ответ не совпадает ни с эталоном «{ref.entry}», ни со списком зачёта"
    message += ": незачёт"
    guard = [n for n in ev if n.get("kind") == "real_word"]
    if guard:
        message += "; " + guard[0]["explanation"]
    return AnswerVerdict(answer, "reject", "different", message, normalized=normalized, evidence=ev)


def _full_verdict(answer: str, normalized: str, al: Alignment, matcher: Matcher) -> AnswerVerdict:
    v = al.variant
    kind = al.reason()
    ev = _evidence(al, matcher)
    if v.source == "rejected":
        return AnswerVerdict(answer, "reject", "rejected_list",
                             f"ответ есть в списке незачёта («{v.entry}»"
                             + (f", {_typos(al) if kind == 'typo' else _NOTES[kind]}" if _NOTES[kind] else "")
                             + "): незачёт",
                             v.entry, v.text, v.source, normalized, ev)
    reason = kind if v.source == "reference" else "alternative"
    message = _typos(al) if kind == "typo" else _MESSAGES[kind]
    if v.source == "accepted":
        note = _typos(al) if kind == "typo" else _NOTES[kind]
        message = f"ответ есть в списке зачёта («{v.entry}»" + (f", {note}" if note else "") + ")"
    if v.omitted:
        message += "; " + _omitted(v.omitted)
    message += ": зачёт"
    return AnswerVerdict(answer, "accept", reason, message, v.entry, v.text, v.source, normalized,
                         [{"kind": "match", "match": kind}] + ev if reason == "alternative" else ev)


def _several(answer: str, pool: list[Variant], matcher: Matcher, normalized: str) -> AnswerVerdict | None:
    explicit = [p for p in _EXPLICIT_OR.split(clean(answer)) if tokens(p)]
    listed = [p for p in _LIST_SEP.split(clean(answer)) if tokens(p)]
    for parts, hard in ((explicit, True), (listed, False)):
        if len(parts) < 2:
            continue
        hits = []
        for part in parts:
            sub = Matcher(matcher.engine)
            al = best_alignment(tokens(part), pool, sub)
            if al is not None and al.full:
                hits.append((part, al))
        right = [(p, al) for p, al in hits if al.variant.source != "rejected"]
        ev = [{"kind": "versions", "versions": parts,
               "matching": [{"version": p, "matched": al.variant.entry, "source": al.variant.source,
                             "match": al.reason()} for p, al in hits]}]
        if hard:
            if right:
                message = (f"несколько версий ответа ({len(parts)}); версия «{right[0][0]}» верна, но ответ "
                           "с несколькими версиями не засчитывается: незачёт")
            else:
                message = f"несколько версий ответа ({len(parts)}), и ни одна не верна: незачёт"
            return AnswerVerdict(answer, "reject", "multiple_answers", message,
                                 right[0][1].variant.entry if right else None,
                                 right[0][1].variant.text if right else None,
                                 right[0][1].variant.source if right else None, normalized, ev)
        if right:
            return AnswerVerdict(answer, "judge", "multiple_answers",
                                 f"в ответе перечислено {len(parts)} "
                                 f"{plural(len(parts), 'вариант', 'варианта', 'вариантов')}, и «{right[0][0]}» "
                                 "подходит: несколько версий (незачёт) или уточнение? Решает судья",
                                 right[0][1].variant.entry, right[0][1].variant.text, right[0][1].variant.source,
                                 normalized, ev)
    return None


def _partial_verdict(answer: str, normalized: str, al: Alignment, matcher: Matcher) -> AnswerVerdict | None:
    v = al.variant
    if v.source == "rejected":
        return None
    # Everything that did pair must be solid; the question is what is missing, extra or related.
    related = [p for p in al.pairs if p.kind == "related"]
    solid = [p for p in al.pairs if p.kind != "related"]
    ev = _evidence(al, matcher)
    if al.missing and not al.extra and not related and solid:
        words = ", ".join(t.raw for t in al.missing)
        ev.append({"kind": "missing_words", "words": [t.raw for t in al.missing]})
        return AnswerVerdict(answer, "judge", "less_precise",
                             f"в ответе только часть «{v.text}», нет «{words}»: менее точный ответ не засчитывается, "
                             "если вопрос этого не допускает; решает судья", v.entry, v.text, v.source, normalized, ev)
    if al.extra and not al.missing and not related and solid:
        words = ", ".join(t.raw for t in al.extra)
        ev.append({"kind": "extra_words", "words": [t.raw for t in al.extra]})
        return AnswerVerdict(answer, "judge", "extra_words",
                             f"ответ содержит «{v.text}» и добавляет «{words}»: уточнение или другой ответ? "
                             "Решает судья", v.entry, v.text, v.source, normalized, ev)
    if related and not al.missing and not al.extra:
        p = related[0]
        if p.detail.get("less_precise"):
            reason = "less_precise"
            message = (f"«{p.answer.raw}» — менее точный ответ, чем «{p.reference.raw}» "
                       f"({p.detail['answer_lemma']} / {p.detail['reference_lemma']}): автоматически не засчитывается, "
                       "решает судья")
        else:
            reason = "related_word"
            message = (f"«{p.answer.raw}» — однокоренное с «{p.reference.raw}», но другое слово "
                       f"({p.detail['answer_lemma']} / {p.detail['reference_lemma']}): решает судья")
        return AnswerVerdict(answer, "judge", reason, message, v.entry, v.text, v.source, normalized, ev)
    return None


# -------------------------------------------------------------------- batch ---

def equivalence_key(toks: tuple[Tok, ...]) -> tuple[str, ...]:
    """Answers with the same key are the same answer for the judge (forms, order, numbers)."""
    a, _ = content(toks)
    return tuple(sorted(f"#{t.number}" if t.is_number else primary_lemma(t.text) for t in (a or toks)))


@dataclass(frozen=True)
class Shape:
    """What the typo-group test compares before aligning, computed once per answer."""
    words: int
    letters: int
    sorted_compact: str       # the tokens sorted and joined: word order does not matter
    compact: str

    @classmethod
    def of(cls, toks: tuple[Tok, ...]) -> "Shape":
        return cls(len(toks), sum(len(t.text) for t in toks), "".join(sorted(t.to_json() for t in toks)),
                   "".join(t.to_json() for t in toks))


class Grouping:
    """Typo groups of a batch: answers of one verdict and length, compared pairwise, with the word
    comparisons spent aligning them counted against MAX_GROUPING_COMPARISONS."""

    def __init__(self, matcher: Matcher):
        self.matcher = matcher
        self.spent = 0
        self.buckets: dict[tuple, list[tuple[int, tuple[Tok, ...], Shape]]] = {}

    def find(self, verdict_key: tuple, toks: tuple[Tok, ...]) -> int | None:
        """The first group with this verdict whose answer this one is a typo variant of (Гагарн / Гагарин)."""
        if not toks:
            return None
        shape = Shape.of(toks)
        for index, other, other_shape in self.buckets.get((*verdict_key, shape.words), ()):
            budget.check()
            if self.same(toks, shape, other, other_shape):
                return index
        return None

    def add(self, verdict_key: tuple, index: int, toks: tuple[Tok, ...]) -> None:
        if toks:
            self.buckets.setdefault((*verdict_key, len(toks)), []).append((index, toks, Shape.of(toks)))

    def same(self, x: tuple[Tok, ...], sx: Shape, y: tuple[Tok, ...], sy: Shape) -> bool:
        if abs(sx.letters - sy.letters) > 4 or sx.words != sy.words:
            return False
        # Cheap test first: the sorted tokens, compacted, must be within the typo allowance of the whole.
        allowed = 2 * sx.words
        if OSA.distance(sx.sorted_compact, sy.sorted_compact, score_cutoff=allowed) > allowed and \
                OSA.distance(sx.compact, sy.compact, score_cutoff=allowed) > allowed:
            return False
        self.spent += sx.words * sy.words
        if self.spent > MAX_GROUPING_COMPARISONS:
            raise TooMuchWork("grouping_comparisons", self.spent, MAX_GROUPING_COMPARISONS,
                              f"word comparisons between answers over {MAX_GROUPING_COMPARISONS:,}: grouping "
                              f"the typo variants of this batch needs more (answers of {sx.words} words, "
                              "compared pairwise); send shorter answers or fewer of them")
        return align(x, Variant("reference", "", "", (), y), self.matcher).full


def check_comparisons(answer_words: list[int], pool: list[Variant]) -> None:
    """TooMuchWork when aligning answers of these lengths with every variant passes MAX_REFERENCE_COMPARISONS.

    Judging one answer compares each of its words with each word of each variant, once as a
    whole and once more per version («квас или пиво»), so this product bounds the matching work."""
    words = sum(len(v.toks) for v in pool)
    need = sum(answer_words) * words
    if need > MAX_REFERENCE_COMPARISONS:
        answers = ("answer words" if len(answer_words) == 1
                   else f"words in {len(answer_words)} distinct answers")
        raise TooMuchWork("reference_comparisons", need, MAX_REFERENCE_COMPARISONS,
                          f"word comparisons with the reference over {MAX_REFERENCE_COMPARISONS:,}: "
                          f"{sum(answer_words):,} {answers} × {words:,} words in {len(pool)} reference "
                          f"variants (after expanding [optional] parts) = {need:,}")


def check_batch_words(answer_words: list[int]) -> None:
    """TooMuchWork when a batch's distinct answers have more than MAX_BATCH_WORDS words in all."""
    if sum(answer_words) > MAX_BATCH_WORDS:
        raise TooMuchWork("batch_words", sum(answer_words), MAX_BATCH_WORDS,
                          f"answer words over {MAX_BATCH_WORDS:,} in one batch (counted over its "
                          f"{len(answer_words)} distinct answers): this batch has {sum(answer_words):,}")


def judge_answers(reference: str, accepted: Iterable[str] | None = None, rejected: Iterable[str] | None = None,
                  answers: Iterable[dict] = (), *, engine=None) -> dict:
    """Judge many teams' answers to one question; equivalent answers form one group ruled on once.

    TooMuchWork when the batch is over a work limit: before any judging for the variants, the
    batch's words and the comparisons with the reference; while grouping for typo groups."""
    pool = variants(reference, list(accepted or ()), list(rejected or ()))
    read = []
    for item in answers:
        budget.check()
        text = item.get("answer", "")
        toks = tokens(text)
        read.append((item.get("team"), text, toks, " ".join(t.to_json() for t in toks)))
    lengths = [len(toks) for toks in {norm: toks for *_, toks, norm in read}.values()]
    check_batch_words(lengths)
    check_comparisons(lengths, pool)
    matcher = Matcher(engine)
    grouping = Grouping(matcher)
    groups: list[dict] = []
    by_key: dict[tuple, int] = {}
    results = []
    cache: dict[str, AnswerVerdict] = {}
    for team, text, toks, norm in read:
        budget.check()
        verdict = cache.get(norm)
        if verdict is None:
            verdict = cache[norm] = _judge(text, pool, matcher)
        key = (verdict.verdict, verdict.source, verdict.matched, equivalence_key(toks))
        index = by_key.get(key)
        if index is None:
            index = grouping.find(key[:3], toks)
        if index is None:
            index = len(groups)
            groups.append({**verdict.to_json(), "answers": [], "representative": text})
            del groups[index]["answer"]
            grouping.add(key[:3], index, toks)
        by_key[key] = index
        groups[index]["answers"].append({"team": team, "answer": text, "reason": verdict.reason})
        results.append({"team": team, "answer": text, "verdict": verdict.verdict, "reason": verdict.reason,
                        "group": index})
    for g in groups:
        g["size"] = len(g["answers"])
    counts = {v: sum(r["verdict"] == v for r in results) for v in ("accept", "reject", "judge")}
    return {"groups": groups, "results": results,
            "counts": {**counts, "answers": len(results), "groups": len(groups),
                       "groups_to_judge": sum(g["verdict"] == "judge" for g in groups)}}


# ------------------------------------------------------------------ package ---

_FIELD = re.compile(
    r"^\s*(?P<label>Вопрос|Ответ|Зач[её]т|Незач[её]т|Комментари[йи]|Источник(?:и)?|Автор(?:ы)?|"
    r"Раздаточный\s+материал|Раздатка|Чемпионат|Турнир|Пакет|Дата|Редактор(?:ы)?|Тур|Инфо|Блок)"
    r"(?P<num>\s*№?\s*\d+[а-яa-z]?)?\s*(?:[:.]|(?=\s*$))\s*(?P<rest>.*)$",
    re.IGNORECASE)
_NOTE_START = re.compile(r"^(?:по\s|любой|любые|люб|ответ|в\s+том\s+числе|с\s+упоминани|упоминани|при\s|если\s|"
                         r"только|а\s+также|также|и\s+другие|допустим|засчитыва|принима)", re.IGNORECASE)
_Q_KEYS = {"ответ": "answer", "зачет": "accepted", "незачет": "rejected", "комментарий": "comment",
           "комментарии": "comment", "источник": "sources", "источники": "sources", "автор": "authors",
           "авторы": "authors", "раздаточный материал": "handout", "раздатка": "handout"}
_META_KEYS = {"чемпионат": "title", "турнир": "title", "пакет": "title", "дата": "date", "редактор": "editors",
              "редакторы": "editors", "инфо": "info"}


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
        if len(pieces) > 1 and all(len(p.split()) <= 4 and not _NOTE_START.match(p) for p in pieces):
            answers.extend(_strip_end(p) for p in pieces)
        elif _NOTE_START.match(part):
            notes.append(_strip_end(part))
        else:
            answers.append(_strip_end(part))
    return [a for a in answers if a], [n for n in notes if n]


def _sources(text: str) -> list[str]:
    lines = [l.strip() for l in text.splitlines() if l.strip()]
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


def parse_package(text: str) -> dict:
    """Read a package in the usual text format into questions with reference and alternatives."""
    if len(text) > MAX_PACKAGE:
        raise PackageError(f"пакет длиннее {MAX_PACKAGE} символов")
    text = clean(text).replace("\r\n", "\n").replace("\r", "\n")
    meta: dict[str, Any] = {}
    questions: list[dict] = []
    warnings: list[str] = []
    tour: str | None = None
    current: dict | None = None
    key: str | None = None
    buffers: dict[str, list[str]] = {}

    def flush():
        nonlocal current, buffers
        if current is not None:
            questions.append(_finish(current, buffers, warnings))
        current, buffers = None, {}

    meta_buffers: dict[str, list[str]] = {}
    for lineno, line in enumerate(text.split("\n"), 1):
        m = _FIELD.match(line)
        label = fold(re.sub(r"\s+", " ", m.group("label"))) if m else None
        if m and label == "тур" and not (m.group("rest") or "").strip() or m and label == "тур" and m.group("num"):
            flush()
            key = None
            tour = ((m.group("num") or "").strip(" №") or m.group("rest").strip()) or None
            continue
        if m and label == "вопрос":
            flush()
            num = (m.group("num") or "").strip(" №")
            current = {"label": num or str(len(questions) + 1), "tour": tour, "line": lineno}
            key = "text"
            buffers = {"text": [m.group("rest")]}
            continue
        if m and label in _Q_KEYS:
            if current is None:
                warnings.append(f"строка {lineno}: «{m.group('label')}» до первого «Вопрос»; пропущено")
                key = None
                continue
            key = _Q_KEYS[label]
            if key in buffers and key != "text":
                warnings.append(f"вопрос {current['label']}: второе поле «{m.group('label')}»; объединено с первым")
                buffers[key].append("; " if key in ("accepted", "rejected") else "\n")
            buffers.setdefault(key, []).append(m.group("rest"))
            continue
        if m and (label in _META_KEYS or label == "тур" or label == "блок") and current is None:
            key = "meta:" + _META_KEYS.get(label, label)
            meta_buffers.setdefault(key, []).append(m.group("rest"))
            continue
        if key is None:
            if line.strip() and current is None and not meta and not questions and "title" not in meta_buffers:
                meta_buffers.setdefault("meta:title", []).append(line)
            continue
        if key.startswith("meta:"):
            if line.strip():
                meta_buffers[key].append(line)
            else:
                key = None
            continue
        buffers.setdefault(key, []).append(line)
    flush()
    for k, lines in meta_buffers.items():
        value = "\n".join(l.strip() for l in lines if l.strip())
        name = k[5:]
        meta[name] = _split_top(value, ",;") if name == "editors" else value
    if not questions:
        raise PackageError("вопросы не найдены: ожидаются строки вида «Вопрос 1:», «Ответ:»…")
    seen: dict[str, int] = {}
    for q in questions:
        if q["number"] is not None and q["number"] in seen:
            warnings.append(f"номер вопроса {q['number']} встречается несколько раз")
        seen[q["number"]] = 1
    return {"meta": meta, "questions": questions, "warnings": warnings, "count": len(questions)}


def _finish(current: dict, buffers: dict[str, list[str]], warnings: list[str]) -> dict:
    def joined(key: str) -> str:
        return "\n".join(buffers.get(key, [])).strip()

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
