"""Organiser agreement on judged samples of pool lint (tests/data/pool_judged.jsonl and our own samples).

Each sample is a decision the service once made on a real pool (../shared/pools, read in place) and an
organiser's mark of it: `correct` says whether that decision was right, so the truth is the decision
itself when correct and its opposite when not.  The service is run anew on the same pools and its
decision on each sample compared with that truth:

* a word rule (``unknown``, ``proper_noun``, …): is the word flagged by the rule, at any severity (the
  organiser judged the flag, «Берлин» an info-level proper noun of a Codenames set included)?
* ``none``: is the word free of error- and warning-level flags (an ``info`` note asks nothing of him)?
* ``cognate_groups`` (members joined by ", "): are all the members still in one group?  The truth is
  whether they all share a root.
* ``possible_cognates`` / ``board_conflicts`` / ``duplicates`` («a | b»): is the pair still flagged so
  (or, for possible cognates, grouped)?  The truth is whether the two really are однокоренные (or one
  lemma).
"""
from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from lexicon import Lexicon
from service.evaluation.common import read_jsonl

POOLS = Path(__file__).resolve().parents[3] / "shared" / "pools"
POOL_FILES = {"hat/russian_easy": ("hat/russian_easy.yaml", "hat"), "hat/russian_medium": ("hat/russian_medium.yaml", "hat"),
              "hat/russian_hard": ("hat/russian_hard.yaml", "hat"), "hat/russian_neo": ("hat/russian_neo.yaml", "hat"),
              "codenames/default-ru": ("default-ru.json", "codenames"),
              "codenames/extended-ru": ("extended-ru.json", "codenames")}
FLAG_LEVELS = ("error", "warning")
PAIR_RULES = ("possible_cognates", "board_conflicts", "duplicates")


@dataclass
class Agreement:
    """Samples decided as the organiser would (`agree`), by rule, with the misses."""
    by_rule: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    misses: list[str] = field(default_factory=list)
    pools: int = 0

    @property
    def total(self) -> int:
        return sum(sum(c.values()) for c in self.by_rule.values())

    @property
    def agreement(self) -> float:
        right = sum(c[True] for c in self.by_rule.values())
        return right / self.total if self.total else 1.0

    def rate(self, rule: str) -> float:
        c = self.by_rule[rule]
        return c[True] / (c[True] + c[False]) if c[True] + c[False] else 1.0

    def add(self, item: dict, decided: bool, truth: bool) -> None:
        self.by_rule[item["rule"]][decided == truth] += 1
        if decided != truth:
            self.misses.append(f"[{item['pool']} {item['rule']}] «{item['word']}»: organiser says "
                               f"{'yes' if truth else 'no'}, we say {'yes' if decided else 'no'} ({item.get('note', '')})")


class PoolDecisions:
    """What the service decides now on one real pool."""

    def __init__(self, report):
        self.flags: dict[str, set[str]] = defaultdict(set)          # word as sent → rules flagged
        self.serious: dict[str, set[str]] = defaultdict(set)        # … at error or warning level
        for w in report.words:
            self.flags[w.word] |= {i.rule for i in w.issues}
            self.serious[w.word] |= {i.rule for i in w.issues if i.severity in FLAG_LEVELS}
        self.groups = [set(g) for g in report.cognate_groups]
        self.possible = {frozenset(p["words"][:2]) for p in report.possible_cognates if len(p.get("words", [])) >= 2}
        self.conflicts = {frozenset((c["a"], c["b"])) for c in report.board_conflicts}
        self.duplicates = [set(d) for d in report.duplicates]

    def grouped(self, members: set[str]) -> bool:
        return any(members <= g for g in self.groups)

    def decide(self, item: dict) -> bool:
        rule, word = item["rule"], item["word"]
        if rule == "none":
            return not self.serious.get(word)
        if rule == "cognate_groups":
            return self.grouped({w.strip() for w in word.split(",")})
        if rule in PAIR_RULES:
            pair = frozenset(w.strip() for w in word.split("|"))
            if rule == "board_conflicts":
                return pair in self.conflicts
            if rule == "duplicates":
                return any(pair <= d for d in self.duplicates)
            return pair in self.possible or self.grouped(set(pair))
        return rule in self.flags.get(word, set())


def truth(item: dict) -> bool:
    """What the organiser says the decision should be (see the module's docstring)."""
    if item["rule"] == "none":
        return bool(item["correct"])                    # right to leave it alone, or a flag was needed
    return bool(item["service_flag"]) == bool(item["correct"])


def read_pool_file(path: Path) -> list[str]:
    from service.cli.lint import read_pool

    return read_pool(str(path))


class LintedPools:
    """Each real pool linted once, on first ask, for every measure that reads it."""

    def __init__(self, lexicon: Lexicon, pools_dir: Path = POOLS):
        self.lexicon, self.pools_dir, self._done = lexicon, pools_dir, {}

    def decisions(self, name: str) -> PoolDecisions | None:
        """None when the pool file is not beside the checkout."""
        from service.rules import pool

        if name not in self._done:
            file, game = POOL_FILES[name]
            path = self.pools_dir / file
            self._done[name] = (PoolDecisions(pool.lint_pool(self.lexicon, read_pool_file(path), game))
                                if path.exists() else None)
        return self._done[name]


def score(lexicon: Lexicon | LintedPools, files: list[Path], pools_dir: Path = POOLS) -> Agreement:
    linted = lexicon if isinstance(lexicon, LintedPools) else LintedPools(lexicon, pools_dir)
    items = [item for path in files if path.exists() for item in read_jsonl(path)]
    result = Agreement()
    by_pool: dict[str, list[dict]] = defaultdict(list)
    for item in items:
        by_pool[item["pool"]].append(item)
    for name, pool_items in sorted(by_pool.items()):
        decisions = linted.decisions(name)
        if decisions is None:
            continue
        result.pools += 1
        for item in pool_items:
            result.add(item, decisions.decide(item), truth(item))
    return result


POSSIBLE_SAMPLE = "possible_cognates_judged.jsonl"


def possible_precision(linted: LintedPools, path: Path) -> Counter:
    """A random sample of the possible-cognate pairs the lint once listed, each judged cognate yes / no /
    unsure: counts of (judgement, still listed or grouped now)."""
    counts: Counter = Counter()
    for item in (read_jsonl(path) if path.exists() else []):
        decisions = linted.decisions(item["pool"])
        if decisions is not None:
            pair = frozenset((item["a"], item["b"]))
            counts[(item["cognate"], pair in decisions.possible or decisions.grouped(set(pair)))] += 1
    return counts


def report_possible(counts: Counter) -> None:
    if not counts:
        return
    listed_right, listed_wrong = counts[("yes", True)], counts[("no", True)]
    print(f"pool lint, possible cognates ({POSSIBLE_SAMPLE}, a seeded sample of listed pairs): still listed "
          f"{listed_right} right, {listed_wrong} wrong, {counts[('unsure', True)]} unsure — precision "
          f"{listed_right / max(1, listed_right + listed_wrong):.3f}; no longer listed {counts[('yes', False)]} "
          f"right pairs, {counts[('no', False)]} wrong ones")


def main(data_dir: str | Path = "tests/data", verbose: bool = True, lexicon: Lexicon | None = None) -> int:
    data_dir = Path(data_dir)
    files = sorted(data_dir.glob("pool_judged*.jsonl"))
    linted = LintedPools(lexicon or Lexicon())
    report_possible(possible_precision(linted, data_dir / POSSIBLE_SAMPLE))
    result = score(linted, files)
    print(f"pool lint, judged samples: organiser agreement {result.agreement:.3f} over {result.total} samples of "
          f"{result.pools} real pools ({', '.join(f.name for f in files)})")
    print("    by rule: " + ", ".join(f"{rule} {c[True]}/{c[True] + c[False]}"
                                      for rule, c in sorted(result.by_rule.items())))
    if verbose:
        for miss in result.misses:
            print("   ", miss)
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1] if len(sys.argv) > 1 else "tests/data"))
