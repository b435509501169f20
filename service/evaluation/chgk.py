"""Score of the «Что? Где? Когда?» answer judge on tests/data/chgk.jsonl.

Each line is {"reference", "accepted"?, "rejected"?, "answer", "accept"}; a
case is right when the verdict is `accept` exactly when "accept" is true (a
`judge` verdict counts as not accepted).  `main(data_dir)` prints the figures
(for `make eval`); the tests import `score` and require 100%.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lexicon import Lexicon
from lexicon.cognates import CognateEngine
from service.evaluation.common import Tally, read_jsonl
from service.rules import chgk


@dataclass
class ChgkScore(Tally):
    verdicts: dict[str, int] = field(default_factory=lambda: {"accept": 0, "reject": 0, "judge": 0})


def score(path: Path, lexicon: Lexicon | None = None) -> ChgkScore:
    result = ChgkScore()
    for case in read_jsonl(path):
        verdict = chgk.judge_answer(case["answer"], case["reference"], case.get("accepted"), case.get("rejected"),
                                    lexicon=lexicon)
        result.verdicts[verdict.verdict] += 1
        result.add((verdict.verdict == "accept") == bool(case["accept"]),
                   f"«{case['answer']}» for «{case['reference']}»: expected "
                   f"{'accept' if case['accept'] else 'not accepted'}, got {verdict.verdict} "
                   f"({verdict.reason}: {verdict.message})")
    return result


def main(data_dir: str | Path = "tests/data", verbose: bool = True, engine: CognateEngine | None = None) -> int:
    """The figures for `make eval`; `engine` is the one service/evaluation.py shares between games."""
    s = score(Path(data_dir) / "chgk.jsonl", Lexicon(engine))
    print(f"chgk answers: accuracy {s.accuracy:.3f} ({s.correct}/{s.total}, {len(s.misses)} misses; "
          f"verdicts {s.verdicts['accept']} accept, {s.verdicts['reject']} reject, {s.verdicts['judge']} judge)")
    if verbose:
        for miss in s.misses:
            print("   ", miss)
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1] if len(sys.argv) > 1 else "tests/data"))
