"""Pronunciation layer for homophones in Шляпа (луг/лук, браг/брак).

Two forms are homophones when *some* reading of one sounds like *some*
reading of the other; a reading is a stress placement plus its transcription.

Stress sources, in priority order (measured when this was written, see the
report of ``python -m lexicon.build.stress``):

* ``tikhonov`` -- Tikhonov's dictionary: hand-marked stress of ~103k lemmas,
  all variants (за́мок/замо́к, and both marks where a line gives two), plus
  the odd extra form it lists (бол/и'т).  Gold for lemmas, silent on forms.
* ``paradigm`` -- a form's stress derived at run time from pymorphy3 (which
  lemmas the form belongs to, ё restored: мел -> мёл of мести) and the
  lemma's Tikhonov stress.  Heuristic, see :func:`paradigm_stress`: ё is
  always stressed; a lemma stressed on its final vowel (вода́, вести́) keeps
  the stress on the last vowel of every form (воды́, вод, вела́); otherwise
  a stressed ё of the lemma missing from the form means the stress went to
  the ending (ёж -> ежа́, котёл -> котла́); otherwise
  the stressed vowel keeps its number counted from the word start (заво́д ->
  заво́да, по́рка -> по́рок).  Mobile stress (сто́л -> стола́, ёж -> ежа́) is
  what this misses.
* ``espeak`` -- espeak-ng's Russian dictionary+rules (espeakng-loader
  wheel, build time only), one reading per form.  Measured against
  Tikhonov's lemmas it agrees on 93% (71,941/77,059 of all lemmas; 95% of
  nouns/adjectives), and it knows mobile stress, so the build runs it over
  the noun and adjective forms of pymorphy3 and stores only the forms where
  it *adds* a stress the sources above do not give (the union is lossless
  and small: 8 MB budget), plus the lemma stress of 66k nouns Tikhonov
  lacks.  Verb forms get no espeak rows (370k rows over budget): their
  stress is Tikhonov + paradigm only.  The layer can be dropped
  (``--no-espeak``): espeak-ng itself is GPL-3.0.
* ``user`` -- a stress mark in the input (за́мок, за+мок, замОк) narrows the
  readings to that one.
* ``spelling`` -- ё in the input marks the stress.
* ``guess`` -- a word no source knows gets a default stress (last syllable
  when the word ends in a consonant, else the penultimate one);
  :meth:`Pronouncer.is_guess` says so.

Why not one source: Tikhonov covers lemmas only; espeak gives one reading
per form (воды -> во́ды only, вести -> ве́сти only), while homophony needs
all of them (воды́/во́ды, ве́сти/вести́).

Transcription notation (:func:`transcribe`): Cyrillic phoneme letters, ``ʲ``
after a soft consonant (й ч щ are soft by nature and get none), U+0301
after the stressed vowel.  Vowels: а о у э и ы; ``ə`` is the reduced final
vowel after a soft consonant (по́ле [по́лʲə]).  Examples: луг -> "лу́к",
ель -> "йэ́лʲ", компания -> "кампа́нʲийə".
"""
from __future__ import annotations

from lexicon.text import fold_key

from lexicon import caches, paths

import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lexicon.store import open_sqlite, probe_sqlite

ACUTE = "\u0301"
VOWELS = "аеёиоуыэюя"
DEFAULT_DATA = paths.STRESS_DB
BUILD_HINT = "rebuild it with `python -m lexicon.build.stress` or restore it from the release"


def verify(path: str | Path | None = None) -> None:
    """Check stress.sqlite as it is on disk now: header, length, a lookup at each end of the table."""
    path = Path(path) if path else DEFAULT_DATA
    db = open_sqlite(path, BUILD_HINT)
    try:
        probe_sqlite(path, db, "SELECT min(key), max(key) FROM stress", BUILD_HINT)
    finally:
        db.close()

# Row source codes shared with lexicon/build/stress.py.
SRC_TIKHONOV_LEMMA, SRC_TIKHONOV_FORM, SRC_ESPEAK, SRC_ESPEAK_LEMMA = 1, 2, 3, 4
LEMMA_SOURCES = (SRC_TIKHONOV_LEMMA, SRC_ESPEAK_LEMMA)
SRC_NAMES = {SRC_TIKHONOV_LEMMA: "tikhonov", SRC_TIKHONOV_FORM: "tikhonov",
             SRC_ESPEAK: "espeak", SRC_ESPEAK_LEMMA: "espeak"}
YO_FLAG = 8  # the stressed vowel of the row is ё (котел -> котёл)


@dataclass(frozen=True)
class Reading:
    stressed: str   # the word with U+0301 after the stressed vowel, e.g. "лу́г"
    phonemes: str   # transcription, see the module docstring
    source: str     # tikhonov, paradigm, espeak, user, spelling, guess


# ---------------------------------------------------------------- stress ---

def vowel_positions(word: str) -> list[int]:
    return [i for i, ch in enumerate(word) if ch in VOWELS]


def place_stress(word: str, vowel_index: int | None) -> str:
    """Insert U+0301 after the vowel number ``vowel_index`` (0-based)."""
    pos = vowel_positions(word)
    if vowel_index is None or not pos:
        return word
    p = pos[min(vowel_index, len(pos) - 1)]
    return word[: p + 1] + ACUTE + word[p + 1:]


def paradigm_stress(form: str, lemma: str, lemma_index: int) -> int | None:
    """Guess the stressed vowel number of ``form`` from its lemma's stress.

    A heuristic (see module docstring); ``form`` is spelled with ё.
    """
    if "ё" in form:
        return vowel_positions(form).index(form.index("ё"))
    n = len(vowel_positions(form))
    if n <= 1:
        return 0 if n else None
    lemma_vowels = len(vowel_positions(lemma))
    if lemma[vowel_positions(lemma)[lemma_index]] == "ё":
        return n - 1  # ё lost in the form: stress left the stem (ёж -> ежа́)
    if lemma_index == lemma_vowels - 1 and lemma[-1:] in VOWELS and lemma_vowels > 1:
        return n - 1  # ending-stressed lemma: вода́ -> воды́, вод
    return min(lemma_index, n - 1)


def guess_stress(word: str) -> int | None:
    """Default stress for an unknown word: ё, else last syllable after a final
    consonant (compounds, loans: компьюте́р is the exception), else penultimate."""
    pos = vowel_positions(word)
    if not pos:
        return None
    if "ё" in word:
        return pos.index(word.index("ё"))
    if word[-1] in VOWELS and len(pos) > 1:
        return len(pos) - 2
    return len(pos) - 1


def parse_marked(word: str) -> tuple[str, int | None]:
    """Strip a user's stress mark; return (lower-case word, vowel number or None).

    Accepts U+0301 after the vowel, ``+`` next to it (з+амок, за+мок) and a single
    capital vowel inside a lower-case word (замОк).
    """
    word = word.strip()
    bare = word.replace(ACUTE, "").replace("\u0300", "").replace("+", "")
    caps = [i for i, ch in enumerate(bare) if ch.isupper()]
    if len(caps) == 1 and caps[0] > 0 and bare[caps[0]].lower() in VOWELS:
        low = bare.lower()
        return low, vowel_positions(low).index(caps[0])
    low = word.lower().replace("\u0300", ACUTE)  # grave typed for acute
    if ACUTE in low:
        p = low.index(ACUTE)
        plain = low.replace(ACUTE, "").replace("+", "")
        before = low[:p].replace(ACUTE, "").replace("+", "")
        if before and before[-1] in VOWELS:
            return plain, len(vowel_positions(before)) - 1
        return plain, None
    if "+" in low:
        p = low.index("+")
        plain = low.replace("+", "")
        # Same reading of «+» as lexicon.text.normalize_word: the vowel right after it (з+амок),
        # else the vowel right before it (за+мок = за́мок), else the next vowel.
        if not (p < len(plain) and plain[p] in VOWELS) and p > 0 and plain[p - 1] in VOWELS:
            return plain, len(vowel_positions(plain[:p])) - 1
        rest = plain[p:]
        for i, ch in enumerate(rest):
            if ch in VOWELS:
                return plain, len(vowel_positions(plain[:p + i]))
        return plain, None
    return low, None


# --------------------------------------------------------- transcription ---

_LEXICAL = {  # spelling is not pronunciation in these few common words
    "что": "што", "чтобы": "штобы", "ничто": "ништо", "конечно": "конешно",
    "скучно": "скушно", "нарочно": "нарошно", "яичница": "яишница",
    "скворечник": "скворешник", "бог": "бох", "сегодня": "севодня",
    "сегодняшний": "севодняшний",
}
# -ого/-его read [ово]/[ево] except where г belongs to the stem.
_OGO_KEEP = {"ого", "много", "немного", "строго", "нестрого", "дорого",
             "недорого", "убого", "полого", "отлого", "разлого"}
_CLUSTERS = [  # (pattern, replacement) applied in order on lower-case text
    (re.compile(r"ть?ся$"), "ца"),                 # -тся/-ться
    (re.compile(r"[сз]ш"), "ш"), (re.compile(r"[сз]ж"), "ж"),
    (re.compile(r"(?:[сзж]ч|стч|здч)"), "щ"),      # счёт, извозчик, мужчина
    (re.compile(r"[тд]ь?с"), "ц"),                 # детский, городской
    (re.compile(r"вств"), "ств"),                  # чувство
    (re.compile(r"стн"), "сн"), (re.compile(r"здн"), "зн"),
    (re.compile(r"стл"), "сл"), (re.compile(r"н[тд]ск"), "нск"),
    (re.compile(r"ндш"), "нш"), (re.compile(r"нтг"), "нг"),
    (re.compile(r"лнц"), "нц"), (re.compile(r"рдц"), "рц"),
    (re.compile(r"рдч"), "рч"), (re.compile(r"н[тд]ц"), "нц"),
    (re.compile(r"г([кч])"), r"х\1"),              # мягкий, легче
]
_OGO = re.compile(r"([оеОЕ])г([оО])$")

_HARD_ONLY = set("жшц")
_SOFT_ONLY = set("йчщ")
_CONS = set("бвгджзйклмнпрстфхцчшщ")
_VOICELESS = dict(zip("бвгдзж", "пфктсш"))
_VOICED = {v: k for k, v in _VOICELESS.items()}
_UNPAIRED_VOICELESS = set("хцчщ")
_BASE = {"а": "а", "о": "о", "у": "у", "э": "э", "ы": "ы", "и": "и",
         "е": "э", "ё": "о", "ю": "у", "я": "а"}


@lru_cache(maxsize=20_000)
def transcribe(stressed_word: str) -> str:
    """Standard-pronunciation transcription; stress by U+0301 or ё."""
    word, idx = parse_marked(stressed_word)
    word = "".join(ch for ch in word if ch.isalpha())
    pos = vowel_positions(word)
    if idx is None and pos:
        idx = guess_stress(word) if ("ё" in word or len(pos) == 1) else None
    # Mark the stressed vowel by upper case so the cluster rules never see it.
    if idx is not None and idx < len(pos):
        p = pos[idx]
        word = word[:p] + word[p].upper() + word[p + 1:]
    plain = word.lower()
    if plain in _LEXICAL:
        word = _relex(word, _LEXICAL[plain])
    elif plain not in _OGO_KEEP and len(plain) > 2:
        word = _OGO.sub(r"\1в\2", word)
    for rx, rep in _CLUSTERS:
        word = rx.sub(rep, word)
    return _render(_phones(word))


def _relex(word: str, target: str) -> str:
    """Apply a lexical respelling, keeping the upper-case stressed vowel."""
    caps = [i for i, ch in enumerate(word) if ch.isupper()]
    if caps and caps[0] < len(target):
        i = caps[0]
        return target[:i] + target[i].upper() + target[i + 1:]
    return target


def _phones(word: str) -> list[list]:
    """Letters -> [kind, sound, soft_or_stressed] tokens ('c' / 'v')."""
    out: list[list] = []
    prev = ""
    for ch in word:
        low = ch.lower()
        if low in _CONS:
            out.append(["c", low, low in _SOFT_ONLY])
        elif low == "ь":
            if out and out[-1][0] == "c" and out[-1][1] not in _HARD_ONLY:
                out[-1][2] = True
        elif low in VOWELS:
            after_cons = bool(out) and out[-1][0] == "c" and prev not in ("ь", "ъ")
            if low in "еёюя" and not after_cons:
                out.append(["c", "й", True])
            elif low == "и" and prev == "ь":
                out.append(["c", "й", True])
            elif after_cons and low in "еёюяи" and out[-1][1] not in _HARD_ONLY:
                out[-1][2] = True
            base = _BASE[low]
            if base == "и" and out and out[-1][0] == "c" and out[-1][1] in _HARD_ONLY:
                base = "ы"
            out.append(["v", base, ch.isupper()])
        prev = low
    _assimilate(out)
    return _collapse(out)


def _assimilate(toks: list[list]) -> None:
    """Voicing, right to left: final devoicing, regressive assimilation;
    в takes part but does not trigger (свет, твой)."""
    nxt = "voiceless"  # word end devoices
    for t in reversed(toks):
        if t[0] == "v":
            nxt = None
            continue
        s = t[1]
        if s in _VOICELESS or s in _VOICED:
            if nxt == "voiceless" and s in _VOICELESS:
                s = t[1] = _VOICELESS[s]
            elif nxt == "voiced" and s in _VOICED:
                s = t[1] = _VOICED[s]
            nxt = None if s in "вф" else ("voiced" if s in _VOICELESS else "voiceless")
        elif s in _UNPAIRED_VOICELESS:
            nxt = "voiceless"
        else:  # sonorants, й
            nxt = None


def _collapse(toks: list[list]) -> list[list]:
    """Double consonants are read as one (гриб/грипп, бал/балл)."""
    out: list[list] = []
    for t in toks:
        if out and t[0] == "c" and out[-1][0] == "c" and out[-1][1] == t[1]:
            out[-1] = t
        else:
            out.append(t)
    return out


def _render(toks: list[list]) -> str:
    parts = []
    last = len(toks) - 1
    for i, (kind, s, flag) in enumerate(toks):
        if kind == "c":
            parts.append(s + "ʲ" if flag and s not in _SOFT_ONLY else s)
            continue
        if flag:
            parts.append(s + ACUTE)
            continue
        prev = toks[i - 1] if i else None
        if prev is not None and prev[0] == "c" and prev[2]:       # soft
            if s in "аоэ":
                s = "ə" if i == last else "и"
        elif prev is not None and prev[0] == "c":                 # hard
            if s == "о":
                s = "а"
            elif s == "э":
                s = "ы"
        else:                                                     # no consonant
            if s == "о":
                s = "а"
            elif s == "э":
                s = "и"
        parts.append(s)
    return "".join(parts)


# ------------------------------------------------------------- Pronouncer ---

class Pronouncer:
    """All plausible readings of a word form, from the compiled stress table."""

    def __init__(self, data_path: str | Path | None = None, morph=None):
        self.path = Path(data_path) if data_path else DEFAULT_DATA
        self._db = open_sqlite(self.path, BUILD_HINT)   # read-only, unmapped; names a broken file
        self._lock = threading.Lock()
        self._morph = morph
        self._cached = lru_cache(maxsize=20_000)(self._readings)
        caches.track(self)   # its lru_caches in the one table (lexicon.caches)

    @property
    def morph(self):
        if self._morph is None:  # lazy: pymorphy3 costs ~0.1 s to load
            from lexicon.morphology import analyzer

            self._morph = analyzer()  # the shared, input-safe instance
        return self._morph

    def _rows(self, key: str) -> list[tuple[int, int]]:
        with self._lock:
            return self._db.execute(
                "SELECT idx, info FROM stress WHERE key = ? ORDER BY idx",
                (key.encode("cp1251", "replace"),)).fetchall()

    def readings(self, word: str) -> list[Reading]:
        """Readings of this word form as written (stress marks narrow them)."""
        return list(self._cached(word))

    def is_guess(self, word: str) -> bool:
        return all(r.source == "guess" for r in self._cached(word))

    def homophones(self, a: str, b: str) -> tuple[bool, list[Reading], list[Reading]]:
        ra, rb = self.readings(a), self.readings(b)
        if parse_marked(a)[0] == parse_marked(b)[0]:
            return False, ra, rb  # one word, not a pair of homophones
        sounds = {r.phonemes for r in rb}
        return any(r.phonemes in sounds for r in ra), ra, rb

    def stress_candidates(self, word: str) -> list[tuple[str, int | None, str]]:
        """(spelling, vowel number, source) of a bare lower-case form."""
        found: dict[tuple[str, int | None], str] = {}
        key = fold_key(word)
        for idx, info in self._rows(key):
            found.setdefault((_respell(key, idx, info), idx),
                             SRC_NAMES[info & 7])
        for form, idx in self.paradigm_candidates(word):
            found.setdefault((form, idx), "paradigm")
        if "ё" in word:  # the writer's ё narrows to readings with that ё
            narrowed = {k: v for k, v in found.items() if k[0] == word}
            found = narrowed or {(word, guess_stress(word)): "spelling"}
        return [(f, i, s) for (f, i), s in found.items()]

    def paradigm_candidates(self, word: str) -> set[tuple[str, int | None]]:
        out = set()
        lemma_rows: dict[str, list] = {}
        for p in self.morph.parse(fold_key(word)):
            if type(p.methods_stack[0][0]).__name__ != "DictionaryAnalyzer":
                continue
            nf = p.normal_form
            if nf not in lemma_rows:
                lemma_rows[nf] = [(_respell(fold_key(nf), i, info), i)
                                  for i, info in self._rows(fold_key(nf))
                                  if info & 7 in LEMMA_SOURCES]
            for lemma, li in lemma_rows[nf]:
                out.add((p.word, paradigm_stress(p.word, lemma, li)))
        return out

    def _readings(self, word: str) -> tuple[Reading, ...]:
        plain, idx = parse_marked(word)
        plain = plain.replace("-", "")
        if idx is not None:
            return (self._reading(plain, idx, "user"),)
        cands = self.stress_candidates(plain)
        if not cands:
            src = "spelling" if "ё" in plain else "guess"
            return (self._reading(plain, guess_stress(plain), src),)
        seen, out = set(), []
        for form, i, src in sorted(cands, key=lambda c: (c[1] is None, c[1] or 0, c[0])):
            r = self._reading(form, i, src)
            if r.stressed not in seen:
                seen.add(r.stressed)
                out.append(r)
        return tuple(out)

    @staticmethod
    def _reading(form: str, idx: int | None, source: str) -> Reading:
        stressed = place_stress(form, idx)
        return Reading(stressed, transcribe(stressed), source)


def _respell(key: str, idx: int, info: int) -> str:
    """The spelling of a table row: the key, with ё at the stressed vowel if
    the row says so."""
    if not info & YO_FLAG:
        return key
    p = vowel_positions(key)[idx]
    return key[:p] + "ё" + key[p + 1:]
