"""When are two root spellings allomorphs of one root?

Russian roots alternate: рук/руч, друг/друж, сон/сн, бер/бир/бр.  This module
only classifies how two spellings differ; when a difference is evidence enough
to join two roots — at build time, at run time and in pool lint — is
:mod:`lexicon.roots`' policy.  Alternations are split in two grades:

* regular: spelling-only changes (ё/е, a final soft sign) and the textbook
  final-consonant alternations and fleeting vowels.
* irregular: a changed or inserted vowel (бр/бир, зов/зыв, рос/раст) and the
  weak consonant pairs (т/с, д/с).  These are also how unrelated roots differ
  (кот/кит), so they count only when several links show the same pair, or
  when a curated allomorph group lists them.
"""
from __future__ import annotations

from functools import lru_cache

from dataclasses import dataclass

from lexicon.text import fold_root, fold_yo

VOWELS = frozenset("аеиоуыэюяё")

# Final-consonant alternations of Russian roots (school grammar tables).
_CONSONANT_PAIRS = [
    ("к", "ч"), ("к", "ц"), ("ц", "ч"), ("г", "ж"), ("г", "з"), ("х", "ш"),
    ("х", "с"), ("т", "ч"), ("т", "щ"), ("д", "ж"), ("д", "жд"), ("с", "ш"),
    ("з", "ж"), ("ст", "щ"), ("ск", "щ"), ("к", "щ"), ("б", "бл"), ("п", "пл"),
    ("в", "вл"), ("м", "мл"), ("ф", "фл"), ("т", "ш"), ("г", "жж"), ("зг", "жж"),
]
# These hold only in a few verb stems (вести/веду, мести/мету, есть/еда), and
# elsewhere they join unrelated roots (кот/кос, лёт/лес): trusted like vowel changes.
_WEAK_CONSONANT_PAIRS = [("д", "с"), ("т", "с"), ("ст", "ш"), ("д", "з")]
CONSONANT_ALTERNATIONS = {(a, b) for a, b in _CONSONANT_PAIRS} | {(b, a) for a, b in _CONSONANT_PAIRS}
WEAK_CONSONANT_ALTERNATIONS = {(a, b) for a, b in _WEAK_CONSONANT_PAIRS} | {(b, a) for a, b in _WEAK_CONSONANT_PAIRS}

# Vowel alternations inside a root (ablaut and spelling after sibilants).
_VOWEL_PAIRS = [("о", "а"), ("е", "и"), ("о", "ы"), ("е", "о"), ("и", "ы"), ("о", "у"), ("я", "и"), ("а", "я"), ("и", "о")]
VOWEL_ALTERNATIONS = {(a, b) for a, b in _VOWEL_PAIRS} | {(b, a) for a, b in _VOWEL_PAIRS}

FLEETING = frozenset("оеё")


@dataclass(frozen=True)
class Alternation:
    a: str
    b: str
    kind: str       # equal | spelling | consonant | fleeting | irregular
    detail: str     # human-readable: "к/ч", "ё/е", "fleeting о"

    @property
    def regular(self) -> bool:
        return self.kind in ("equal", "spelling", "consonant", "fleeting")


def _vowel_step(a: str, b: str) -> str | None:
    """One vowel changed, dropped or inserted between a and b, else None."""
    if a == b:
        return ""
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            i = diff[0]
            if (a[i], b[i]) in VOWEL_ALTERNATIONS:
                return f"{a[i]}/{b[i]}"
        return None
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    if len(longer) - len(shorter) != 1:
        return None
    for i, ch in enumerate(longer):
        if ch in VOWELS and longer[:i] + longer[i + 1:] == shorter:
            return f"{ch}/∅"
    return None


def _consonant_steps(a: str, b: str) -> list[tuple[str, str, str]]:
    """Every split of alternating final consonants: [(stem_a, stem_b, "к/ч")], equal stems first
    (лоск/лощ is ск/щ on ло-, not к/щ on лос-/ло-)."""
    steps = []
    for la in (1, 2):
        for lb in (1, 2):
            if la > len(a) - 1 or lb > len(b) - 1:
                continue
            xa, xb = a[-la:], b[-lb:]
            if (xa, xb) in CONSONANT_ALTERNATIONS or (xa, xb) in WEAK_CONSONANT_ALTERNATIONS:
                steps.append((a[:-la], b[:-lb], f"{xa}/{xb}"))
    return sorted(steps, key=lambda step: step[0] != step[1])


@lru_cache(maxsize=30_000)   # pool lint asks ~70k root pairs of an 8k pool, most of them again and again
def compare_roots(a: str, b: str) -> Alternation | None:
    """Classify how root spellings a and b relate, or None if no rule joins them."""
    fa, fb = fold_root(a), fold_root(b)
    if a == b:
        return Alternation(a, b, "equal", "")
    if fa == fb:
        detail = "ё/е" if fold_yo(a) != a or fold_yo(b) != b else "ь"
        return Alternation(a, b, "spelling", detail)
    if min(len(fa), len(fb)) < 2:
        # One-letter roots (е in есть) say nothing by spelling alone.
        return None
    step = _vowel_step(fa, fb)
    if step:
        kind = "fleeting" if step.endswith("/∅") and step[0] in FLEETING and _is_fleeting(fa, fb) else "irregular"
        return Alternation(a, b, kind, "беглый " + step[0] if kind == "fleeting" else step)
    for stem_a, stem_b, cons in _consonant_steps(fa, fb):
        if stem_a == stem_b:
            weak = tuple(cons.split("/")) in WEAK_CONSONANT_ALTERNATIONS
            return Alternation(a, b, "irregular" if weak else "consonant", cons)
        vowel = _vowel_step(stem_a, stem_b)
        if vowel and min(len(stem_a), len(stem_b)) >= 1:
            return Alternation(a, b, "irregular", f"{vowel}, {cons}")
    return None


def _is_fleeting(a: str, b: str) -> bool:
    """A fleeting vowel sits before the last consonant: сон/сн, отец/отц, ветер/ветр."""
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return len(shorter) >= 2 and longer[-2] in FLEETING and longer[:-2] + longer[-1] == shorter
