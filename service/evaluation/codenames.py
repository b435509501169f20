"""Scores for Codenames clues (tests/data/codenames.jsonl) and pool lint (tests/data/pool.jsonl).

`main(data_dir)` prints the figures and the misses (for `make eval`); the tests import
the same functions and require 100% on these sets.

* clues -- a case is right when `valid` matches, for an invalid clue the labelled `rule`
  is among the reported violations (severity violation), and the labelled `penalty`
  (none | foul | loss, play-test set) equals the reported one;
* pool expectations -- per word, the set of reported rules equals the labelled set
  (pool-level rules such as board_cognate are not word labels);
* pool groups -- `cognate_groups` / `duplicates`, when labelled, equal the reported
  ones as sets of sets (order ignored);
* timing -- lint time per pool case.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from lexicon import Lexicon
from lexicon.cognates import CognateEngine
from service.evaluation.common import Tally as Score, read_jsonl
from service.rules import codenames, pool

POOL_LEVEL_RULES = {"board_cognate"}


def score_clues(lexicon: Lexicon, path: Path) -> Score:
    score = Score()
    for case in read_jsonl(path):
        result = codenames.check_clue(lexicon, case["clue"], case["number"], case["board"], case["team_open"])
        rules = {v.rule for v in result.violations if v.severity == "violation"}
        want_valid, want_penalty = bool(case["valid"]), case.get("penalty")
        ok = (result.valid == want_valid and (want_valid or not case.get("rule") or case["rule"] in rules)
              and (want_penalty is None or result.penalty == want_penalty))
        got = "valid" if result.valid else f"invalid ({', '.join(sorted(rules))}, penalty {result.penalty})"
        want = "valid" if want_valid else f"invalid ({case.get('rule', '?')}, penalty {want_penalty or '?'})"
        score.add(ok, f"«{case['clue']}»: {case['number']} on {case['board']}: expected {want}, got {got}"
                      + "".join(f"\n        {v.rule}: {v.message}" for v in result.violations))
    return score


def _as_sets(groups) -> set[frozenset[str]]:
    return {frozenset(g) for g in groups}


@dataclass
class PoolScore:
    words: Score = field(default_factory=Score)
    groups: Score = field(default_factory=Score)
    seconds: float = 0.0
    cases: int = 0


def score_pools(engine: CognateEngine, path: Path) -> PoolScore:
    out = PoolScore()
    for case in read_jsonl(path):
        game = case.get("game", "hat")
        start = time.perf_counter()
        report = pool.lint_pool(engine, case["words"], game)
        out.seconds += time.perf_counter() - start
        out.cases += 1
        by_word = {w.word: w for w in report.words}
        for word, rules in case.get("expect", {}).items():
            got = {i.rule for i in by_word[word].issues} - POOL_LEVEL_RULES if word in by_word else {"<missing>"}
            out.words.add(got == set(rules), f"{case['words']}: «{word}» expected {sorted(rules)}, got {sorted(got)}"
                          + "".join(f"\n        {i.rule}: {i.message}"
                                    for i in (by_word[word].issues if word in by_word else [])))
        for key in ("cognate_groups", "duplicates"):
            if key in case:
                got = getattr(report, key)
                out.groups.add(_as_sets(got) == _as_sets(case[key]),
                               f"{case['words']}: {key} expected {case[key]}, got {got}")
    return out


def main(data_dir: str | Path = "tests/data", verbose: bool = True, engine: CognateEngine | None = None) -> int:
    folder = Path(data_dir)
    engine = engine or CognateEngine()
    for name, label in (("codenames.jsonl", "codenames clues"), ("playtest_codenames.jsonl", "codenames play-test clues")):
        if not (folder / name).exists():
            continue
        c = score_clues(Lexicon(engine), folder / name)
        print(f"{label}: accuracy {c.accuracy:.3f} ({c.correct}/{c.total}, {len(c.misses)} misses)")
        if verbose:
            for miss in c.misses:
                print("   ", miss)
    p = score_pools(engine, folder / "pool.jsonl")
    print(f"pool lint: word labels {p.words.accuracy:.3f} ({p.words.correct}/{p.words.total}), "
          f"groups {p.groups.accuracy:.3f} ({p.groups.correct}/{p.groups.total}), {p.cases} cases, "
          f"{len(p.words.misses) + len(p.groups.misses)} misses, {p.seconds * 1000:.0f} ms")
    if verbose:
        for miss in p.words.misses + p.groups.misses:
            print("   ", miss)
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1] if len(sys.argv) > 1 else "tests/data", verbose="--quiet" not in sys.argv))
