"""One finding type for every game: what rule, where in the text, how bad, why.

Шляпа and Codenames call their findings violations, Mafia findings, pool lint
issues; they are one idea.  A finding has a rule name, a Russian message, a
severity (how sure we are / how bad it is), optionally a span of the text as
sent and a penalty the game's rules attach, game-specific fields about what
it concerns (the board word, the roots) and evidence a judge can read.  The
API's pydantic models are derived from this type (service.api.schemas.finding_model),
so a field added here appears in every game's schema.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from lexicon.text import CleanText

# Severity vocabularies per kind of check (the contract's words).
TURN_SEVERITIES = ("violation", "warning")            # Шляпа, Codenames: the turn is lost / the judge looks
LINT_SEVERITIES = ("error", "warning", "info")        # pool lint
PENALTIES = ("warning", "foul", "removal")            # Mafia


@dataclass(frozen=True)
class Span:
    """A piece of the text exactly as sent: text[start:end] == token."""
    token: str
    start: int
    end: int

    @classmethod
    def of(cls, text: str, start: int, end: int) -> "Span":
        return cls(text[start:end], start, end)

    def as_sent(self, clean: CleanText) -> "Span":
        """This span of clean.text (the rules read it without invisible characters) in the text as sent."""
        return Span.of(clean.sent, *clean.span(self.start, self.end))


@dataclass
class Finding:
    rule: str
    message: str
    severity: str = "violation"
    span: Span | None = None
    penalty: str | None = None
    evidence: Any = field(default_factory=dict)           # dict, or a list of evidence items
    about: dict[str, Any] = field(default_factory=dict)   # game fields: board_word, roots …

    # Flat access for the span, as the JSON has it.
    @property
    def token(self) -> str:
        return self.span.token if self.span else ""

    @property
    def start(self) -> int:
        return self.span.start if self.span else -1

    @property
    def end(self) -> int:
        return self.span.end if self.span else -1

    def to_json(self) -> dict:
        out: dict[str, Any] = {"rule": self.rule}
        if self.span is not None:
            out.update(token=self.span.token, start=self.span.start, end=self.span.end)
        if self.penalty is not None:
            out["penalty"] = self.penalty
        out.update(message=self.message, severity=self.severity, **self.about, evidence=self.evidence)
        return out


def count(findings: Iterable[Finding], severity: str) -> int:
    return sum(1 for f in findings if f.severity == severity)


def as_sent(findings: Iterable[Finding], clean: CleanText) -> list[Finding]:
    """Findings on clean.text with their spans moved to the text as sent."""
    return [replace(f, span=f.span.as_sent(clean)) if f.span is not None else f for f in findings]


def in_text_order(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: (f.start, f.end, f.rule))
