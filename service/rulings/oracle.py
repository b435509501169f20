"""The rulings of one scope as the lexicon's oracle: every check asks it the same way.

A check with a ``scope`` gets a :class:`ScopeOracle`; the lexicon's compare and
each game's judge call ``find(kind, a, b)``.  A scope's rulings of a kind are
read in one query on first use and looked up in memory after that.  Words
match however they are typed: case, ё/е, stress marks, and lemmas (a ruling
on свеча covers «свечой»); ЧГК answers match as phrases.
"""
from __future__ import annotations

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
    """lexicon.overrides.Oracle over one scope of the rulings store.

    The scope is read in one query when the check starts, so a store that
    fails refuses the check (503) before any work, never halfway through it.
    """

    def __init__(self, store: RulingsStore, scope: str):
        self.scope = scope
        rulings = store.list(scope)
        self._kinds = {kind: KindRulings([r for r in rulings if r.kind == kind], kind) for kind in KINDS}

    def __bool__(self) -> bool:
        return any(k.by_key for k in self._kinds.values())

    def kind(self, kind: str) -> KindRulings:
        return self._kinds[kind]

    def ruled(self, kind: str, verdict) -> list[tuple[str, str]]:
        return [(r.a, r.b) for r in self._kinds[kind].by_key.values() if r.verdict == verdict]

    def find(self, kind: str, a: str, b: str) -> Override | None:
        found = self.kind(kind).find(a, b)
        if found is None:
            return None
        ruling, matched = found
        return Override(kind, ruling.verdict, ruling_evidence(ruling, matched))


def find(store: RulingsStore, scope: str, kind: str, a: str, b: str) -> Ruling | None:
    """The ruling on one pair (words normalised, lemmas matched; cognate pairs unordered), or None."""
    found = KindRulings(store.list(scope, kind), kind).find(a, b)
    return found[0] if found else None
