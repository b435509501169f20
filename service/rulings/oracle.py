"""The rulings of one scope as the lexicon's oracle: every check asks it the same way.

A check with a ``scope`` gets a :class:`ScopeOracle`; the lexicon's compare and
each game's judge call ``find(kind, a, b)``.  The rulings are read by key: those
on the pairs asked (or among a batch's words), never the whole scope.  Words
match however they are typed: case, ё/е, stress marks, and lemmas (a ruling
on свеча covers «свечой»); ЧГК answers match as phrases.
"""
from __future__ import annotations

from typing import Callable, Iterable

from lexicon.overrides import KINDS, Override
from lexicon.text import InvalidWord
from service.rulings.keys import phrase_key, word_candidates
from service.rulings.store import Ruling, RulingsStore

SOURCE = "решения судей (хранилище решений)"


def ruling_evidence(ruling: Ruling, matched: str) -> dict:
    verdict = ruling.verdict
    said = {True: "да", False: "нет"}.get(verdict, verdict) if not isinstance(verdict, str) else verdict
    return {
        "kind": "ruling", "ruling_id": ruling.id, "scope": ruling.scope, "ruling_kind": ruling.kind,
        "pair": [ruling.a, ruling.b], "verdict": verdict, "judge": ruling.judge or None,
        "decided_at": ruling.decided_at, "note": ruling.note, "matched": matched,
        "explanation": f"решение судьи в «{ruling.scope}» по паре «{ruling.a}» / «{ruling.b}»: {said}"
                       + (f" ({ruling.note})" if ruling.note else ""),
        "source": SOURCE,
    }


class KindRulings:
    """The rulings of one kind in one scope, indexed by normalised pair."""

    def __init__(self, rulings: list[Ruling], kind: str):
        self.kind = kind
        self.by_key = {(r.key_a, r.key_b): r for r in rulings}

    def find(self, a: str, b: str) -> tuple[Ruling, str] | None:
        """The ruling on (a, b), and how it matched: «exact» or «lemma»."""
        if not self.by_key:
            return None
        if self.kind == "chgk_answer":
            r = self.by_key.get((phrase_key(a), phrase_key(b)))
            return (r, "exact") if r else None
        try:
            cands_a, cands_b = word_candidates(a), word_candidates(b)
        except InvalidWord:
            return None
        for i, ka in enumerate(cands_a):          # exact keys first, then lemmas
            for j, kb in enumerate(cands_b):
                key = (min(ka, kb), max(ka, kb)) if self.kind == "cognate" else (ka, kb)
                if key in self.by_key:
                    return self.by_key[key], ("exact" if i == j == 0 else "lemma")
        return None


class ScopeOracle:
    """lexicon.overrides.Oracle over one scope of the rulings store, read by key.

    The oracle reads which kinds the scope has rulings of when the check starts (one query, so a store
    that fails refuses the check before any work), then the rulings on the pairs it is asked about:
    one indexed query per pair, or per batch of words with ``prefetch`` — never the whole scope.
    A store that fails later raises what ``fault`` makes of the error (the API: a 503).
    """

    def __init__(self, store: RulingsStore, scope: str, fault: Callable[[Exception], Exception] | None = None):
        self.scope, self._store, self._fault = scope, store, fault
        self._ruled = self._read(store.kinds_in, scope)
        self._kinds = {kind: KindRulings([], kind) for kind in KINDS}
        self._loaded: set[tuple[str, frozenset[str]]] = set()    # (kind, keys) whose pairs are in memory
        self._among: dict[str, frozenset[str]] = {kind: frozenset() for kind in KINDS}   # prefetched keys

    def __bool__(self) -> bool:
        return bool(self._ruled)

    def _read(self, query, *args):
        try:
            return query(*args)
        except ValueError:
            raise                    # the scope is no name (oracle_for answers 422), not a store fault
        except Exception as exc:
            if self._fault is None:
                raise
            raise self._fault(exc) from exc

    def _load(self, kind: str, keys: frozenset[str]) -> None:
        for r in self._read(self._store.among, self.scope, kind, keys):
            self._kinds[kind].by_key[(r.key_a, r.key_b)] = r
        self._loaded.add((kind, keys))

    def prefetch(self, kind: str, words: Iterable[str]) -> None:
        """Read the rulings among `words` in one query: a batch then asks its pairs in memory."""
        if kind in self._ruled:
            keys = self._among[kind] | keys_of(kind, words)
            if keys != self._among[kind]:
                self._load(kind, keys)
                self._among[kind] = keys

    def kind(self, kind: str) -> KindRulings:
        return self._kinds[kind]

    def ruled(self, kind: str, verdict) -> list[tuple[str, str]]:
        """The pairs ruled so, among the words prefetched or asked (pool lint prefetches its words first)."""
        return [(r.a, r.b) for r in self._kinds[kind].by_key.values() if r.verdict == verdict]

    def find(self, kind: str, a: str, b: str) -> Override | None:
        if kind not in self._ruled:
            return None
        keys = keys_of(kind, (a, b))
        if not keys <= self._among[kind] and (kind, keys) not in self._loaded:
            self._load(kind, keys)
        found = self.kind(kind).find(a, b)
        if found is None:
            return None
        ruling, matched = found
        return Override(kind, ruling.verdict, ruling_evidence(ruling, matched))


def keys_of(kind: str, words: Iterable[str]) -> frozenset[str]:
    """Every key a ruling on one of `words` can be stored under (KindRulings.find's candidates)."""
    if kind == "chgk_answer":
        return frozenset(phrase_key(w) for w in words)
    keys: set[str] = set()
    for w in words:
        try:
            keys.update(word_candidates(w))
        except InvalidWord:
            continue
    return frozenset(keys)


def find(store: RulingsStore, scope: str, kind: str, a: str, b: str) -> Ruling | None:
    """The ruling on one pair (words normalised, lemmas matched; cognate pairs unordered), or None."""
    found = KindRulings(store.among(scope, kind, keys_of(kind, (a, b))), kind).find(a, b)
    return found[0] if found else None
