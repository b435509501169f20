"""What the Hat's rules know about one target, computed once and cached.

The target's lemmas, forms and letters, its roots, the cognate verdict of each
word seen with it and the fragment finder over its certain cognates do not
depend on the explanation; checking many explanations of one word reuses them.
"""
from __future__ import annotations

from functools import lru_cache

import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Sequence

from lexicon import Lexicon, caches
from lexicon.cognates import Verdict
from lexicon.context import DECISIVE as CONTEXT_DECISIVE
from lexicon.context import SOURCE_TAGGER as CONTEXT_SOURCE
from lexicon.context import pos_word as context_pos_word
from lexicon.fragments import FragmentFinder
from lexicon.overrides import NO_RULINGS, Oracle
from lexicon.text import NormalizedWord, Token, fold_key, normalize_word
from service.rules.findings import Finding, Span

PROFILE_CACHE = 32        # a profile holds its related words' forms: ~40 KB each, plus the two caches below
VERDICT_CACHE = 256       # cognate verdicts per target (~2.4 KB each: 32 full profiles ≈ 20 MB)
WORD_CACHE = 256          # per-word findings per target (~0.5 KB each)
RELATED = 30              # related words read per root for fragment bases
CONTESTED_CACHE = 256     # per target: which words' lemmas disagree on the verdict
CONTEXT_CERTAIN = 0.95    # a reading the tagger gives less than this keeps a cognate verdict probable


@dataclass(frozen=True)
class TokenInText(Token):
    """A token with the words around it, for the rules whose answer depends on the sentence."""
    sentence: tuple[Token, ...] = ()


@dataclass(frozen=True)
class VerdictInContext:
    """A word's verdict with its sentence read: `contested` when its readings disagree and the context
    cannot tell which is meant (the finding is then a warning for the judge, never an accusation)."""
    verdict: Verdict | None
    contested: bool = False


@lru_cache(maxsize=20_000)   # asked for most words of every explanation by several rules
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
        self._contested: dict[str, dict[bool, tuple[str, ...]] | None] = {}

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

    def contested(self, word: NormalizedWord) -> dict[bool, tuple[str, ...]] | None:
        """The lemmas of a form split by their verdict ({True: cognate ones, False: the others}) when
        they disagree and differ in part of speech («стали»: стать / сталь against «сталь»), else None;
        cached per form.  Lemmas of one part of speech (пару: пар / пара) are beyond the tagger: the
        lexicon's verdict over every reading stands."""
        if word.text in self._contested:
            return self._contested[word.text]
        lemmas = self.lexicon.readings_by_lemma(word.text)
        sides: dict[bool, tuple[str, ...]] | None = None
        if len(lemmas) > 1 and not self.lexicon.is_function_word(word.text) and self._may_disagree(word, lemmas):
            split: dict[bool, list[str]] = {True: [], False: []}
            for lemma in lemmas:
                split[self.cognate(lemma)].append(lemma)
            parts = {side: set().union(*(lemmas[x] for x in found)) for side, found in split.items()}
            if split[True] and split[False] and not parts[True] & parts[False]:
                sides = {k: tuple(v) for k, v in split.items()}
        with self._lock:
            if len(self._contested) > CONTESTED_CACHE:
                self._contested.clear()
            self._contested[word.text] = sides
        return sides

    def _may_disagree(self, word: NormalizedWord, lemmas) -> bool:
        """Worth judging each lemma: a form the lexicon read under all its lemmas and found unrelated
        (most words of a text) has no cognate reading; a headword is read as itself only (пила)."""
        plain = self.verdict(word)
        return bool(plain and plain.cognate) or word.text in lemmas

    def verdict_in_context(self, tok: Token) -> VerdictInContext:
        """The verdict on a word as its sentence reads it (a TokenInText carries the sentence).

        Only a word whose lemmas disagree is read in context (the tagger is never run otherwise):
        the verdict follows the reading the sentence chooses; when it cannot choose, the cognate
        reading's verdict is returned as probable and contested, its evidence naming both readings.
        """
        w = tok.word
        sides = self.contested(w) if w is not None else None
        if sides is None:
            return VerdictInContext(self.verdict(w) if w is not None else None)
        words, index = _words_around(tok)
        choice = self.lexicon.reading_in_context(words, index, {lemma: (lemma,) for side in sides.values()
                                                                for lemma in side})
        share = choice.share_of(sides[True])
        tagged = choice.tagged and sum(choice.shares.values()) > 0    # some parse agreed with the tagger
        if tagged and (share >= CONTEXT_DECISIVE or share <= 1 - CONTEXT_DECISIVE):
            return VerdictInContext(self._read_as(tok, choice, sides[share >= CONTEXT_DECISIVE]))
        return self._undecided(tok, choice, sides)

    def _best(self, choice, lemmas: Sequence[str]) -> str:
        return max(lemmas, key=lambda lemma: (choice.shares.get(lemma, 0.0), -lemmas.index(lemma)))

    def _read_as(self, tok: Token, choice, lemmas: Sequence[str]) -> Verdict | None:
        """The verdict on the lemma the sentence reads, told about the token and the reading chosen."""
        lemma = self._best(choice, lemmas)
        v = self.verdict(lemma)
        if v is None:
            return None
        others = [other for other in choice.shares if other not in lemmas]
        pos = context_pos_word(choice.parts.get(lemma))
        ev = {"kind": "reading_in_context", "word": tok.text, "reading": lemma, "share": round(choice.share_of(lemmas), 3),
              "explanation": f"по контексту «{tok.text}» — форма слова «{lemma}»" + (f" ({pos})" if pos else "")
                             + (", а не " + ", ".join(f"«{o}»" for o in others) if others else ""),
              "source": CONTEXT_SOURCE}
        sure = choice.share_of(lemmas) >= CONTEXT_CERTAIN
        return replace(v, b=self.lexicon.analyse(tok.word), evidence=[*_about(tok, v.evidence), ev],
                       confidence=v.confidence if sure or not v.cognate else "probable")

    def _undecided(self, tok: Token, choice, sides: dict[bool, tuple[str, ...]]) -> VerdictInContext:
        """Readings disagree and the sentence does not choose: the judge decides (the target spelled as given stays)."""
        lemma = self._best(choice, sides[True])
        other = self._best(choice, sides[False])
        v = self.verdict(lemma)
        ev = {"kind": "readings_disagree", "word": tok.text,
              "readings": [{"lemma": x, "cognate": x == lemma, "share": round(choice.shares.get(x, 0.0), 3)}
                           for x in (lemma, other)],
              "explanation": f"«{tok.text}» можно прочесть как форму слова «{lemma}» (однокоренное с «{self.word.raw}») "
                             f"и как форму слова «{other}» (не однокоренное): по контексту не определить, решает судья",
              "source": CONTEXT_SOURCE if choice.tagged else "словарь pymorphy3 (теггер не установлен)"}
        if v is None:
            return VerdictInContext(None)
        exact = tok.word.key == self.word.key     # the target word itself, as the player was given it
        told = _about(tok, v.evidence)
        read = replace(v, b=self.lexicon.analyse(tok.word), evidence=[ev, *told] if not exact else [*told, ev],
                       confidence=v.confidence if exact else "probable")
        return VerdictInContext(read, contested=not exact)

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

    def in_text(self, tok: Token, sentence: Sequence[Token]) -> Token:
        """The token with its sentence when its verdict depends on it (its lemmas disagree), else itself."""
        if tok.word is None or not sentence or self.contested(tok.word) is None:
            return tok
        return TokenInText(tok.text, tok.start, tok.end, tok.word, tuple(sentence))

    def word_findings(self, tok: Token, rules, sentence: Sequence[Token] = ()) -> list[Finding]:
        """The findings of `rules` on one word, cached by its text, with spans moved to where it stands.
        A word read in its sentence (see in_text) is judged there and not cached."""
        placed = self.in_text(tok, sentence)
        if isinstance(placed, TokenInText):
            return [f for rule in rules for f in rule(self, placed, NO_RULINGS)]
        found = self._local.get(tok.text)
        if found is None:
            alone = Token(tok.text, 0, len(tok.text), tok.word)
            found = [f for rule in rules for f in rule(self, alone, NO_RULINGS)]
            if len(self._local) > WORD_CACHE:
                self._local.clear()
            self._local[tok.text] = found
        return [replace(f, span=Span(tok.text, tok.start + f.start, tok.start + f.end)) for f in found]


def _about(tok: Token, evidence: list[dict]) -> list[dict]:
    """A lemma's evidence told of the token as written: «стали» — форма слова «сталь»."""
    return [{**ev, "explanation": f"«{tok.text}» — форма слова «{ev['lemma']}»"} if ev.get("kind") == "same_word" else ev
            for ev in evidence]


def _words_around(tok: Token) -> tuple[list[str], int]:
    """The sentence's words and the token's place in them (a hyphen part stands in for its word)."""
    sentence = getattr(tok, "sentence", ())
    for i, other in enumerate(sentence):
        if other.start <= tok.start and tok.end <= other.end:
            return [tok.text if j == i else t.text for j, t in enumerate(sentence)], i
    return [tok.text], 0


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


def _clear_profiles() -> None:
    with _profiles_lock:
        for cache in _profiles.values():
            cache.clear()


def _clear_in_profiles(attribute: str) -> None:
    for found in cached_profiles():
        with found._lock:
            getattr(found, attribute).clear()


# In the one table of caches (lexicon.caches): the profiles, and the three caches inside each.
caches.register("service.rules.hat.profiles", bound=lambda: PROFILE_CACHE * max(1, len(profile_cache_sizes())),
                entries=lambda: sum(profile_cache_sizes()), clear=_clear_profiles)
for _name, _attribute, _limit in (("profile_verdicts", "_verdicts", "VERDICT_CACHE"), ("profile_words", "_local", "WORD_CACHE"),
                                  ("profile_contested", "_contested", "CONTESTED_CACHE")):
    # A profile's dict is cleared when it passes its limit, so it holds at most limit + 1.
    caches.register(f"service.rules.hat.{_name}",
                    bound=lambda limit=_limit: (globals()[limit] + 1) * PROFILE_CACHE * max(1, len(profile_cache_sizes())),
                    entries=lambda attribute=_attribute: sum(len(getattr(p, attribute)) for p in cached_profiles()),
                    clear=lambda attribute=_attribute: _clear_in_profiles(attribute))
