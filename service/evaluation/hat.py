"""Scores for the Шляпа rules on tests/data/hat_guess.tsv and tests/data/hat_explain.jsonl.

`main(data_dir)` prints the figures (for `make eval`); the tests import the
same functions and assert the thresholds, so both measure one thing.

* guess accuracy -- share of `target<TAB>guess<TAB>1|0` rows where `accepted` matches;
* flags found -- share of required tokens (`"a|b"` = either) reported with severity violation;
* clean left alone -- share of clean tokens with no violation on them (warnings do not count);
* whole explanations exactly right -- share of cases with every required flag found, no clean token
  flagged and, for a case with no required flags, no violation at all (a turn the judge would not end);
* throughput -- explanation checks per second in-process for a 30-word text (cached target).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from lexicon import Lexicon
from lexicon.cognates import CognateEngine
from lexicon.text import fold_key
from service.evaluation.common import Tally as GuessScore, as_lexicon, read_jsonl, read_tsv
from service.rules import hat

BENCH_TEXT = ("это такое животное которое живёт дома рядом с человеком любит молоко и рыбу ловит мышей "
              "мурлычет когда довольна спит на диване весь день а ночью гуляет по тёплым крышам дома")  # 30 words


@dataclass
class ExplainScore:
    required: int = 0
    found: int = 0
    clean: int = 0
    left_alone: int = 0
    cases: int = 0
    exact: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def flags_found(self) -> float:
        return self.found / self.required if self.required else 1.0

    @property
    def clean_left_alone(self) -> float:
        return self.left_alone / self.clean if self.clean else 1.0

    @property
    def exactly_right(self) -> float:
        return self.exact / self.cases if self.cases else 1.0


read_guesses = read_tsv            # the same a<TAB>b<TAB>label<TAB>note shape as the other sets
read_explanations = read_jsonl


def score_guesses(lexicon: Lexicon, path: Path) -> GuessScore:
    score = GuessScore()
    for target, guess, expected, note in read_guesses(path):
        result = hat.check_guess(lexicon, target, guess)
        score.add(result.accepted == expected, f"{target} / {guess}: expected "
                  f"{'accepted' if expected else 'rejected'}, got {result.reason} ({note})")
    return score


def _score_case(score: ExplainScore, case: dict, result) -> bool:
    """Count one case's required and clean tokens; True when the case is judged exactly right."""
    flagged = {fold_key(v.token) for v in result.violations if v.severity == "violation"}
    right = True
    for want in case.get("flag", []):
        score.required += 1
        if {fold_key(o) for o in want.split("|")} & flagged:
            score.found += 1
        else:
            right = False
            score.misses.append(f"{case['target']}: «{want}» not flagged in «{case['text']}»")
    for word in case.get("clean", []):
        score.clean += 1
        if fold_key(word) in flagged:
            right = False
            hits = [f"{v.rule}: {v.message}" for v in result.violations if fold_key(v.token) == fold_key(word)]
            score.misses.append(f"{case['target']}: clean «{word}» flagged ({'; '.join(hits)})")
        else:
            score.left_alone += 1
    if not case.get("flag") and flagged:
        # A clean turn ended by a violation on a word nobody listed is still a wrong call.
        right = False
        if not set(map(fold_key, case.get("clean", []))) & flagged:
            score.misses.append(f"{case['target']}: clean turn, yet flagged {sorted(flagged)} in «{case['text']}»")
    return right


def score_explanations(lexicon: Lexicon, path: Path) -> ExplainScore:
    score = ExplainScore()
    for case in read_explanations(path):
        result = hat.check_explanation(lexicon, case["target"], case["text"])
        score.cases += 1
        score.exact += _score_case(score, case, result)
    return score


def throughput(words: Lexicon | CognateEngine, target: str = "кошка", text: str = BENCH_TEXT,
               seconds: float = 2.0) -> dict:
    """Explanation checks per second for one target (profile cached after the first call)."""
    lexicon = as_lexicon(words)
    hat.check_explanation(lexicon, target, text)  # warm: profile, verdicts, lexicon rows
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        hat.check_explanation(lexicon, target, text)
        n += 1
    elapsed = time.perf_counter() - start
    # Fresh texts: each word new to the target cache (a different word order and endings do not
    # help here, so vary targets instead): first check of a new target, uncached.
    cold_targets = ["собака", "дом", "корова", "лошадь", "книга", "машина", "дерево", "солнце"]
    t0 = time.perf_counter()
    for t in cold_targets:
        hat.check_explanation(lexicon, t, text)
    cold = (time.perf_counter() - t0) / len(cold_targets)
    return {"words": len(text.split()), "checks_per_second": round(n / elapsed, 1),
            "first_check_of_a_target_ms": round(cold * 1000, 1)}


def _print_misses(misses: list[str], verbose: bool) -> None:
    if verbose:
        for miss in misses:
            print("   ", miss)


def main(data_dir: str | Path = "tests/data", verbose: bool = True, bench: bool = False,
         engine: Lexicon | CognateEngine | None = None) -> int:
    folder = Path(data_dir)
    lexicon = as_lexicon(engine)
    for prefix in ("", "playtest_"):
        if not (folder / f"{prefix}hat_guess.tsv").exists():
            continue
        name = "hat play-test" if prefix else "hat"
        g = score_guesses(lexicon, folder / f"{prefix}hat_guess.tsv")
        print(f"{name} guesses: accuracy {g.accuracy:.3f} ({g.correct}/{g.total}, {len(g.misses)} misses)")
        _print_misses(g.misses, verbose)
        e = score_explanations(lexicon, folder / f"{prefix}hat_explain.jsonl")
        print(f"{name} explanations: flags found {e.flags_found:.3f} ({e.found}/{e.required}), "
              f"clean left alone {e.clean_left_alone:.3f} ({e.left_alone}/{e.clean}), "
              f"whole explanations exactly right {e.exactly_right:.3f} ({e.exact}/{e.cases}), "
              f"{len(e.misses)} misses")
        _print_misses(e.misses, verbose)
    if bench:
        t = throughput(lexicon)
        print(f"hat explanation checks: {t['checks_per_second']}/s for a {t['words']}-word text "
              f"(cached target); first check of a new target {t['first_check_of_a_target_ms']} ms")
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1] if len(sys.argv) > 1 else "tests/data", bench="--bench" in sys.argv))
