"""What the Hat's rules know about one target, computed once and cached.

The target's lemmas, forms and letters, its roots, the cognate verdict of each
word seen with it and the fragment finder over its certain cognates do not
depend on the explanation; checking many explanations of one word reuses them.
"""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from dataclasses import replace

from lexicon import Lexicon
from lexicon.cognates import Verdict
from lexicon.fragments import FragmentFinder
from lexicon.overrides import NO_RULINGS, Oracle
from lexicon.text import NormalizedWord, Token, fold_key, normalize_word
from service.rules.findings import Finding, Span

PROFILE_CACHE = 32        # a profile holds its related words' forms: ~40 KB each, plus the two caches below
VERDICT_CACHE = 256       # cognate verdicts per target (~2.4 KB each: 32 full profiles ≈ 20 MB)
WORD_CACHE = 256          # per-word findings per target (~0.5 KB each)
RELATED = 30              # related words read per root for fragment bases


def lemma_keys_of(lexicon: Lexicon, word: str) -> frozenset[str]:
    return frozenset(fold_key(lemma) for lemma in lexicon.lemmas(word))


class TargetProfile:
    """Everything about one target that does not depend on the explanation."""

    def __init__(self, lexicon: Lexicon, target: NormalizedWord):
        self.lexicon = lexicon
        self.word = target
        self.analysis = lexicon.analyse(target)
        self.lemmas = self._lemmas(lexicon, target)
        self.forms = {fold_key(f) for lemma in self.lemmas for f in lexicon.forms(lemma)} | {target.key}
        self.form_spellings = sorted({f for lemma in self.lemmas for f in lexicon.forms(lemma)} | {target.text})
        self.letters = sorted(target.key.replace("-", ""))
        self.form_letters = {"".join(sorted(f)) for f in self.forms}
        roots = {fold_key(r) for an in self.analysis.analyses for r in an.roots if r}
        self.root_initials = {r[0] for r in roots}
        self._lock = threading.Lock()
        self._verdicts: dict[str, Verdict | bool] = {}
        self._local: dict[str, list[Finding]] = {}       # the word rules' findings per token text
        self._fragments: FragmentFinder | None = None

    @staticmethod
    def _lemmas(lexicon: Lexicon, target: NormalizedWord) -> tuple[str, ...]:
        # A target given as a dictionary form is itself; another form is read as a noun when it can be.
        lemmas = lexicon.lemmas(target.text)
        if target.text in lemmas:
            return (target.text,)
        nouns = [p.lemma for p in lexicon.parses(target.text) if p.known and p.tag.startswith("NOUN")]
        return tuple(dict.fromkeys(nouns or lemmas or (target.text,)))

    @property
    def lemma_keys(self) -> set[str]:
        return {fold_key(lemma) for lemma in self.lemmas}

    def verdict(self, word: str | NormalizedWord, oracle: Oracle = NO_RULINGS) -> Verdict | None:
        """Is `word` cognate with the target: the lexicon's cached verdict, the judge's ruling applied."""
        key = word.text if isinstance(word, NormalizedWord) else word
        found = self._verdicts.get(key)
        if found is None:
            try:
                found = self.lexicon.compare(self.word, word)
            except ValueError:
                found = False                    # not a word: remembered, never compared again
            with self._lock:
                if len(self._verdicts) > VERDICT_CACHE:
                    self._verdicts.clear()
                self._verdicts[key] = found
        return self.lexicon.ruled(found, oracle) if found else None

    def cognate(self, word: str, oracle: Oracle = NO_RULINGS) -> bool:
        v = self.verdict(word, oracle)
        return bool(v and v.cognate)

    @property
    def fragments(self) -> FragmentFinder:
        if self._fragments is None:
            bases = list(self.lemmas)
            for an in self.analysis.analyses:
                for w in self.lexicon.related(an, RELATED):
                    v = self.verdict(w)
                    if v and v.cognate and v.confidence == "certain":
                        bases.append(w)
            self._fragments = self.lexicon.fragments(bases)
        return self._fragments

    def word_findings(self, tok: Token, rules) -> list[Finding]:
        """The findings of `rules` on one word, cached by its text, with spans moved to where it stands."""
        found = self._local.get(tok.text)
        if found is None:
            alone = Token(tok.text, 0, len(tok.text), tok.word)
            found = [f for rule in rules for f in rule(self, alone, NO_RULINGS)]
            if len(self._local) > WORD_CACHE:
                self._local.clear()
            self._local[tok.text] = found
        return [replace(f, span=Span(tok.text, tok.start + f.start, tok.start + f.end)) for f in found]


_profiles: "weakref.WeakKeyDictionary[Lexicon, OrderedDict[str, TargetProfile]]" = weakref.WeakKeyDictionary()
_profiles_lock = threading.Lock()


def profile(lexicon: Lexicon, target: str | NormalizedWord) -> TargetProfile:
    """The cached profile of `target` (raises InvalidWord for a bad target)."""
    word = target if isinstance(target, NormalizedWord) else normalize_word(target)
    with _profiles_lock:
        cache = _profiles.setdefault(lexicon, OrderedDict())
        found = cache.get(word.text)
        if found is not None:
            cache.move_to_end(word.text)
            return found
    made = TargetProfile(lexicon, word)
    with _profiles_lock:
        cache[word.text] = made
        while len(cache) > PROFILE_CACHE:
            cache.popitem(last=False)
    return made


def profile_cache_sizes() -> list[int]:
    """Profiles cached per Lexicon (one Lexicon per process in service; tests hold a few)."""
    with _profiles_lock:
        return [len(cache) for cache in _profiles.values()]


def cached_profiles() -> list[TargetProfile]:
    """Every cached profile (for memory reports)."""
    with _profiles_lock:
        return [p for cache in _profiles.values() for p in cache.values()]
