"""Word fragments: «птеро…» for дактиль, «бомбо…» for убежище.

The Hat forbids saying a non-word that, joined with the target (or a word
sharing its root) and possibly a linking vowel or a few letters, makes an
existing word.  The existing words are pymorphy3's whole dictionary
(OpenCorpora, ~5 million forms), searched through its DAWG by prefix, so no
hand list is involved.

Two shapes are checked, with letters folded ё -> е:

* fragment first: ``fragment + joint + base form`` is a dictionary form,
  where ``base form`` is any form of the target or of a cognate (птеро +
  дактиля, бомбо + убежищем) and ``joint`` is at most two letters;
* fragment last: ``base stem + joint + fragment (+ ending)`` is a
  dictionary form (вод + о + пад for вода, кот + ёнок for кот), with the
  stem of at least three letters, the joint empty or a linking vowel and
  at most three letters of ending after the fragment.

Only tokens pymorphy3 does not know are fragments: a real word is never
one, whatever it combines with -- unless the speaker cuts it off (``контр…``,
``ко…``): a part marked unfinished is a fragment whatever it spells, from two
letters on, when the target completes it (:meth:`FragmentFinder.find_marked`).
"""
from __future__ import annotations

from lexicon.text import fold_key, yo_variants

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from lexicon import caches, morphology

SOURCE = "pymorphy3 (OpenCorpora) dictionary word list"
MAX_JOINT = 2          # letters between fragment and base form (fragment first)
LINKING = ("", "о", "е", "и")   # joints allowed after the base stem (fragment last)
MAX_ENDING = 3         # letters after the fragment (fragment last) or after the base form
MIN_FRAGMENT = 3
MIN_STEM = 3
MAX_KEYS = 20_000      # prefix search cap, for very short fragments
MIN_MARKED = 2         # «ко…»: a part the speaker marks unfinished may be this short
MARKED_JOINTS = ("", "о", "е")   # between a marked part and the base form: контр|революция, аэр|о|вокзал
# Words a speaker cuts off while hesitating («это не… не то», «ну за… за городом») far more often than
# he begins another word with them: negations, the common prepositions and particles, pronouns.
# (Not «ко»: on its own it stands only before a few words, ко мне, ко всем.)
HESITANT_PARTS = frozenset({
    "не", "ни", "в", "во", "на", "за", "по", "до", "от", "ото", "из", "изо", "с", "со", "у", "о", "об", "обо",
    "при", "про", "для", "без", "над", "под", "пред", "перед", "через", "раз", "и", "а", "но", "да", "же", "ли",
    "бы", "вот", "ну", "это", "так", "как", "там", "тут", "вы", "мы", "он", "она", "оно", "они", "их", "ее",
    "его", "ей", "им", "то", "те", "та", "тот", "ещё", "еще", "уже", "или", "если", "что", "чем", "сам",
})
NAME_GRAMMEMES = (*sorted(morphology.PROPER_NAMES), "Abbr")   # коротков, дакота: no common word




@dataclass(frozen=True)
class FragmentMatch:
    fragment: str      # the token, folded
    word: str          # the existing word the pieces make: птеродактиль
    base: str          # the target or cognate lemma it joins with
    piece: str         # the part of `word` taken from the base: дактиль, убежище, вод
    joint: str         # letters between the pieces: "", "о"
    side: str          # "before" (fragment + base) or "after" (base + fragment)

    @property
    def explanation(self) -> str:
        if self.side == "before":
            parts = f"«{self.fragment}» + {'«' + self.joint + '» + ' if self.joint else ''}«{self.piece}»"
        else:
            parts = f"«{self.piece}» + {'«' + self.joint + '» + ' if self.joint else ''}«{self.fragment}»"
        return f"{parts} образуют слово «{self.word}» (основа «{self.base}»)"

    def to_json(self) -> dict:
        return {"fragment": self.fragment, "word": self.word, "base": self.base, "piece": self.piece,
                "joint": self.joint, "side": self.side, "explanation": self.explanation, "source": SOURCE}


def _dictionary_words():
    return morphology.analyzer().dictionary.words


@lru_cache(maxsize=10_000)
def keys_with_prefix(prefix: str, limit: int = MAX_KEYS) -> tuple[str, ...]:
    """Dictionary forms starting with `prefix` (folded, deduplicated, capped)."""
    out: dict[str, None] = {}
    words = _dictionary_words()
    variants = {prefix}
    if "е" in prefix:  # the DAWG spells ё; search both where the prefix has е
        variants.add(yo_variants(prefix)[0])
    for variant in variants:
        for i, key in enumerate(words.iterkeys(variant)):
            if i >= limit:
                break
            out.setdefault(fold_key(key), None)
    return tuple(out)


def stem_of(lemma: str) -> str:
    """Longest common beginning of the lemma's forms (дактил, убежищ, вод)."""
    forms = [fold_key(f) for f in morphology.forms(lemma)] or [fold_key(lemma)]
    stem = forms[0]
    for f in forms[1:]:
        while not f.startswith(stem):
            stem = stem[:-1]
    return stem


def _is_lemma(word: str) -> bool:
    """The word is the dictionary form of one of its known readings, no name (король, not кодом)."""
    return any(p.is_known and fold_key(p.normal_form) == word and not any(g in p.tag for g in NAME_GRAMMEMES)
               for p in morphology.analyzer().parse(word))


def is_candidate(token: str) -> bool:
    """A token that can be a fragment: Cyrillic letters only, 3+ letters, not a known word."""
    word = fold_key(token)
    if len(word) < MIN_FRAGMENT or not word.isalpha() or not all("а" <= ch <= "я" for ch in word):
        return False
    return not morphology.is_known(word)


class FragmentFinder:
    """Fragments for one target: build once per target, ask per token."""

    def __init__(self, bases: Iterable[str]):
        self.bases = tuple(dict.fromkeys(fold_key(b) for b in bases if b))
        self.forms: dict[str, str] = {}        # folded form -> base lemma
        self.stems: dict[str, str] = {}        # stem -> base lemma
        for base in self.bases:
            for form in morphology.forms(base) or {base}:
                self.forms.setdefault(fold_key(form), base)
            self.forms.setdefault(base, base)
            stem = stem_of(base)
            if len(stem) >= MIN_STEM:
                self.stems.setdefault(stem, base)
        self.find = lru_cache(maxsize=256)(self._find)   # one finder per cached Hat target
        self.find_marked = lru_cache(maxsize=256)(self._find_marked)
        caches.track(self)   # its lru_caches in the one table (lexicon.caches)

    def _find(self, token: str) -> FragmentMatch | None:
        if not is_candidate(token):
            return None
        frag = fold_key(token)
        match = self._before(frag) or self._after(frag)
        # Name the word by its dictionary form: птеродактиль, not птеродактиле.
        return self._named(match) if match is not None else None

    def _find_marked(self, token: str) -> FragmentMatch | None:
        """A part the speaker left unfinished («контр…») that the target or a cognate completes into a word."""
        frag = fold_key(token)
        if len(frag) < MIN_MARKED or frag in HESITANT_PARTS or not all("а" <= ch <= "я" for ch in frag):
            return None
        match = self._joined(frag)
        if match is None and is_candidate(token):
            # Cut off at its end, the part begins the word: the target comes after it, never before.
            match = self._before(frag)
            match = self._named(match) if match is not None else None
        return match

    def _joined(self, frag: str) -> FragmentMatch | None:
        """frag + a linking vowel or nothing + a form of a base, making a word in its dictionary form.

        The dictionary form only: pymorphy3 also "knows" по- before any comparative (по + ветровей)
        and an oblique case can make a word by chance (ко + дом → кодом).
        """
        for form, base in self.forms.items():
            if len(form) < MIN_STEM or form.startswith(frag):
                continue
            for joint in MARKED_JOINTS:
                word = frag + joint + form
                if morphology.is_known(word) and _is_lemma(word):
                    return FragmentMatch(frag, word, base, form, joint, "before")
        return None

    @staticmethod
    def _named(match: FragmentMatch) -> FragmentMatch:
        parses = [p for p in morphology.analyzer().parse(match.word) if p.is_known]
        if not parses:
            return match
        return FragmentMatch(match.fragment, fold_key(parses[0].normal_form), match.base, match.piece,
                             match.joint, match.side)

    def _before(self, frag: str) -> FragmentMatch | None:
        for word in keys_with_prefix(frag):
            rest = word[len(frag):]
            for k in range(0, min(MAX_JOINT, len(rest)) + 1):
                piece = rest[k:]
                if piece in self.forms and len(piece) >= MIN_STEM:
                    return FragmentMatch(frag, word, self.forms[piece], piece, rest[:k], "before")
        return None

    def _after(self, frag: str) -> FragmentMatch | None:
        for stem, base in self.stems.items():
            for joint in LINKING:
                head = stem + joint + frag
                for word in keys_with_prefix(head, 200):
                    if len(word) - len(head) <= MAX_ENDING:
                        return FragmentMatch(frag, word, base, stem, joint, "after")
        return None
