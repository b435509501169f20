"""What every dev-set score shares: a tally of right and wrong cases, the readers, the Lexicon."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from lexicon import Lexicon
from lexicon.cognates import CognateEngine


@dataclass
class Tally:
    """Cases judged, cases right, and a line per miss for `make eval` to print."""
    total: int = 0
    correct: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return self.correct / self.total if self.total else 1.0

    def add(self, ok: bool, miss: str) -> None:
        self.total += 1
        if ok:
            self.correct += 1
        else:
            self.misses.append(miss)


def read_jsonl(path: Path) -> list[dict]:
    """One JSON object a line; blank lines and # comments skipped."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def read_tsv(path: Path) -> list[tuple[str, str, bool, str]]:
    """a<TAB>b<TAB>1|0[<TAB>note] rows; # comments skipped."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        rows.append((parts[0], parts[1], parts[2].strip() == "1", parts[3] if len(parts) > 3 else ""))
    return rows


def as_lexicon(words: Lexicon | CognateEngine | None) -> Lexicon:
    """The rules take a Lexicon; callers that hold only an engine (bench) still may."""
    return words if isinstance(words, Lexicon) else Lexicon(words)
