"""Lint the real word pools in ../shared/pools (read in place, never copied) and print the figures.

    .venv/bin/python bench/pools.py [--examples N] [--json]

For each pool: words, lint time in a fresh lexicon (first run: pymorphy3, lexicon rows and the
frequency table warm up on the way; wall and CPU time) and again on a warm lexicon (five rounds,
each timing the pymorphy3 floor and a warm lint back to back; the median ratio), counts per rule and
severity with a few examples, duplicates, cognate groups and, for the Codenames set,
pairs of cards that must not share a board.
"""
from __future__ import annotations

import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
POOLS = ROOT.parent / "shared" / "pools"
TARGETS = [("codenames default-ru.json", POOLS / "default-ru.json", "codenames"),
           ("hat russian_hard.yaml", POOLS / "hat" / "russian_hard.yaml", "hat")]


ROUNDS = 5


def pymorphy_floor(words: list[str]) -> float:
    """Seconds a fresh pymorphy3 analyser takes to parse every word once: the least any lint must do,
    so the lint's time is reported as a multiple of it, measured in the same run."""
    import pymorphy3

    analyzer = pymorphy3.MorphAnalyzer()
    start = time.perf_counter()
    for w in words:
        analyzer.parse(w.lower())
    return time.perf_counter() - start


def warm_ratio(lexicon, words: list[str], game: str) -> tuple[float, float, float]:
    """(median warm lint / floor, best warm lint, best floor) over ROUNDS rounds, each timing the floor
    and a warm lint back to back: this machine's speed drifts by a third within a minute, so a ratio
    of two times taken minutes apart says more about the drift than about the lint."""
    from service.rules import pool

    ratios, warm, floor = [], float("inf"), float("inf")
    for _ in range(ROUNDS):
        f = pymorphy_floor(words)
        start = time.perf_counter()
        pool.lint_pool(lexicon, words, game)
        w = time.perf_counter() - start
        ratios.append(w / f)
        warm, floor = min(warm, w), min(floor, f)
    return sorted(ratios)[len(ratios) // 2], warm, floor


def main(argv: list[str]) -> int:
    examples = int(argv[argv.index("--examples") + 1]) if "--examples" in argv else 5
    as_json = "--json" in argv
    from service.cli.lint import read_pool

    t0 = time.perf_counter()
    from lexicon import Lexicon
    from service.rules import pool

    lexicon = Lexicon()
    lexicon.compare("кот", "кошка")
    lexicon.load_tables()                # the compiled frequency table loads once
    startup = time.perf_counter() - t0
    figures = {"startup_s": round(startup, 2), "pools": []}
    if not as_json:
        print(f"lexicon + pymorphy3 + frequencies loaded in {startup:.2f} s")
    for name, path, game in TARGETS:
        if not path.exists():
            print(f"{name}: {path} not found, skipped")
            continue
        words = read_pool(str(path))
        first_floor = pymorphy_floor(words)
        start, cpu = time.perf_counter(), time.process_time()
        report = pool.lint_pool(lexicon, words, game)
        first, first_cpu = time.perf_counter() - start, time.process_time() - cpu
        ratio_warm, warm, floor = warm_ratio(lexicon, words, game)
        by_rule: dict[str, Counter] = defaultdict(Counter)
        samples: dict[str, list[str]] = defaultdict(list)
        for w in report.words:
            for issue in w.issues:
                by_rule[issue.rule][issue.severity] += 1
                if len(samples[issue.rule]) < examples:
                    samples[issue.rule].append(w.word)
        entry = {
            "pool": name, "game": game, "words": len(words), "first_run_s": round(first, 2), "first_run_cpu_s": round(first_cpu, 2),
            "warm_run_s": round(warm, 3), "pymorphy3_floor_s": round(floor, 3),
            "ratio_first": round(first / first_floor, 1), "ratio_warm": round(ratio_warm, 1),
            "rules": {rule: dict(c) for rule, c in sorted(by_rule.items())},
            "examples": dict(samples),
            "duplicates": len(report.duplicates), "duplicate_examples": report.duplicates[:examples],
            "cognate_groups": len(report.cognate_groups),
            "words_in_cognate_groups": len({w for g in report.cognate_groups for w in g}),
            "largest_groups": [{"roots": d["roots"], "size": len(d["words"]), "words": d["words"][:8]}
                               for d in sorted(report.cognate_details, key=lambda d: -len(d["words"]))[:3]],
            "group_examples": [g for g in report.cognate_groups if len(g) <= 4][:examples],
            "possible_cognates": len(report.possible_cognates),
            "board_conflicts": len(report.board_conflicts),
            "board_conflict_examples": [f"{c['a']}/{c['b']}" for c in report.board_conflicts[:examples]],
        }
        figures["pools"].append(entry)
        if as_json:
            continue
        print(f"\n== {name} ({game}): {len(words):,} words — lint {first:.2f} s first run "
              f"({first_cpu:.2f} s CPU), {warm:.3f} s warm (best of {ROUNDS}); pymorphy3 alone parses the same "
              f"words in {floor:.3f} s (best of {ROUNDS}): lint = {first / first_floor:.1f}× that floor first run "
              f"(floor timed just before it), {ratio_warm:.1f}× warm (median of {ROUNDS} rounds, each timing "
              f"the floor and a warm lint back to back)")
        for rule, counts in sorted(by_rule.items()):
            sev = ", ".join(f"{s} {n}" for s, n in counts.most_common())
            print(f"  {rule:<14} {sum(counts.values()):>5}  ({sev})  e.g. {', '.join(samples[rule])}")
        print(f"  duplicates     {len(report.duplicates):>5}  e.g. "
              + "; ".join(" = ".join(g) for g in report.duplicates[:examples]))
        print(f"  cognate groups {len(report.cognate_groups):>5}  ({entry['words_in_cognate_groups']} words) e.g. "
              + "; ".join(", ".join(g) for g in entry["group_examples"]))
        for big in entry["largest_groups"]:
            print(f"    largest: [{', '.join(big['roots'])}] {big['size']} words: {', '.join(big['words'])}, …")
        print(f"  possible cognates (alternation only, not grouped): {len(report.possible_cognates)}")
        if game == "codenames":
            print(f"  board conflicts {len(report.board_conflicts):>4}  e.g. {', '.join(entry['board_conflict_examples'])}")
    if as_json:
        print(json.dumps(figures, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
