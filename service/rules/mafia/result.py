"""What a speech check answers: findings, nominations, the closing phrase, fouls and removal."""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from lexicon.text import CleanText
from service.rules.findings import Finding, Span, as_sent
from service.rules.mafia.rulebook import RULEBOOK

REMOVING_FOULS = 4   # both rulesets remove the player at the fourth foul; the third costs the next speech


def fouls_word(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "фол"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "фола"
    return "фолов"


@dataclass
class Nomination:
    action: str           # nominate | withdraw
    player: int | None
    accepted: bool
    reason: str           # accepted | withdrawn | future_tense | subjunctive | past_tense | intention | proposal |
                          # wrong_form | no_number | invalid_number | not_alive | one_candidature |
                          # not_your_nomination | no_withdrawal | removed (after a removing finding)
    message: str
    span: Span
    evidence: dict[str, Any] = field(default_factory=dict)

    @property
    def token(self) -> str:
        return self.span.token

    @property
    def start(self) -> int:
        return self.span.start

    @property
    def end(self) -> int:
        return self.span.end

    def to_json(self) -> dict:
        return {"action": self.action, "player": self.player, "accepted": self.accepted, "reason": self.reason,
                "message": self.message, "token": self.token, "start": self.start, "end": self.end,
                "evidence": self.evidence}


@dataclass
class SpeechResult:
    ruleset: str
    findings: list[Finding]
    nominations: list[Nomination]
    closing: dict | None
    prior_fouls: int = 0
    tokens: int = 0

    @property
    def fouls(self) -> int:
        return sum(f.penalty == "foul" for f in self.findings)

    @property
    def fouls_total(self) -> int:
        return self.prior_fouls + self.fouls

    @property
    def removal_reason(self) -> str | None:
        removing = [f for f in self.findings if f.penalty == "removal"]
        if removing:
            return "; ".join(dict.fromkeys(f"{RULEBOOK.rule_names.get(f.rule, f.rule)} «{f.token}»: "
                                           f"{f.evidence.get('clause', '')}" for f in removing))
        if self.fouls_total >= REMOVING_FOULS:
            removal = RULEBOOK.rulesets[self.ruleset].clause("removal")
            clause = re.sub(r"^[\d.]+\s+", "", removal.text)      # without its number: the cite names it
            return (f"всего {self.fouls_total} {fouls_word(self.fouls_total)} — удаление игрока "
                    f"по {removal.cite}: {clause}")
        return None

    @property
    def removal(self) -> bool:
        return self.removal_reason is not None

    def as_sent(self, clean: CleanText) -> "SpeechResult":
        """The result found on clean.text with every span moved to the text as sent."""
        if clean.kept is None:
            return self
        closing = self.closing
        if closing is not None:
            start, end = clean.span(closing["start"], closing["end"])
            closing = {**closing, "phrase": clean.sent[start:end], "start": start, "end": end}
        return replace(self, findings=as_sent(self.findings, clean), closing=closing,
                       nominations=[replace(n, span=n.span.as_sent(clean)) for n in self.nominations])

    def to_json(self) -> dict:
        banned = not self.removal and self.fouls_total == REMOVING_FOULS - 1 and self.fouls > 0
        return {
            "ruleset": self.ruleset,
            "findings": [f.to_json() for f in self.findings],
            "fouls": self.fouls,
            "warnings": sum(f.penalty == "warning" for f in self.findings),
            "fouls_total": self.fouls_total,
            "removal": self.removal,
            "removal_reason": self.removal_reason,
            "next_speech_lost": banned,
            "nominations": [n.to_json() for n in self.nominations],
            "closing": self.closing,
            "tokens": self.tokens,
            "source": RULEBOOK.rulesets[self.ruleset].source,
        }
