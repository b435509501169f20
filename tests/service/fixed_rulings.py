"""An oracle with fixed rulings, for rule tests that need no rulings store."""
from __future__ import annotations

from lexicon.overrides import Override
from lexicon.text import fold_key


class FixedRulings:
    """Answers as service.rulings.ScopeOracle does for a scope holding these (kind, a, b, verdict) rulings."""

    def __init__(self, *rulings, note: str = "так решили"):
        self.rulings = {(kind, fold_key(a), fold_key(b)): verdict for kind, a, b, verdict in rulings}
        self.note = note

    def __bool__(self) -> bool:
        return bool(self.rulings)

    def find(self, kind: str, a: str, b: str) -> Override | None:
        for x, y in ((a, b), (b, a)) if kind == "cognate" else ((a, b),):
            verdict = self.rulings.get((kind, fold_key(x), fold_key(y)))
            if verdict is not None:
                return Override(kind, verdict, {"kind": "ruling", "note": self.note})
        return None

    def ruled(self, kind: str, verdict) -> list[tuple[str, str]]:
        return [(a, b) for (k, a, b), v in self.rulings.items() if k == kind and v == verdict]
