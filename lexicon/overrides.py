"""Overrides: a judge's ruling beats the lexicon, and every check asks the same way.

The lexicon knows nothing of tournaments or databases.  A caller that has
rulings hands the lexicon an :class:`Oracle`; :meth:`lexicon.Lexicon.compare`
asks it about the pair before answering and, when it has a ruling, answers
with the judge's verdict, the ruling as evidence and its own answer kept
under ``engine`` so nobody mistakes a judge's call for the dictionary's.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

# The kinds of question a judge can rule on (the rulings store keeps the same list).
KINDS = ("cognate", "guess", "chgk_answer")


@dataclass(frozen=True)
class Override:
    kind: str
    verdict: Any                 # True/False for cognate and guess; "accept"/"reject" for chgk_answer
    evidence: dict[str, Any] = field(default_factory=dict)   # who ruled, when, the note, how it matched

    def explain(self, engine: dict[str, Any]) -> dict[str, Any]:
        """The ruling as one evidence item, with what the lexicon itself would have said."""
        return {**self.evidence, "engine": engine}


class Oracle(Protocol):
    def find(self, kind: str, a: str, b: str) -> Override | None:
        """The ruling on (a, b) of this kind, or None.  Cognate pairs are unordered."""

    def ruled(self, kind: str, verdict) -> list[tuple[str, str]]:
        """The pairs of this kind ruled with this verdict, as the judges wrote them (pool lint
        asks these even where no root spelling would pair the words)."""


class NoRulings:
    """The oracle of a check without a scope: nobody has ruled on anything."""

    def find(self, kind: str, a: str, b: str) -> Override | None:
        return None

    def ruled(self, kind: str, verdict) -> list[tuple[str, str]]:
        return []

    def __bool__(self) -> bool:
        return False


NO_RULINGS = NoRulings()
