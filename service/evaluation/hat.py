"""Scores for the Шляпа rules on tests/data/hat_guess.tsv and tests/data/hat_explain.jsonl, their play-test
sets and playtest_hat_compounds.jsonl (issue 30, printed by half).

`main(data_dir)` prints the figures (for `make eval`); the tests import the
same functions and assert the thresholds, so both measure one thing.

* guess accuracy -- share of `target<TAB>guess<TAB>1|0` rows where `accepted` matches;
* flags found -- share of required tokens (`"a|b"` = either) reported with severity violation;
* clean left alone -- share of clean tokens with no violation on them (warnings do not count);
* whole explanations exactly right -- share of cases with every required flag found, no clean token
  flagged and, for a case with no required flags, no violation at all (a turn the judge would not end);
* explanations with a false accusation -- share of cases where a clean token or a token the case does not
  list was flagged (issue 30: every token is labelled, so a stray flag in a turn that also has a real
  violation counts too; a part of a listed hyphenated word counts as that word);
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
    accused: int = 0
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

    @property
    def false_accusations(self) -> float:
        return self.accused / self.cases if self.cases else 0.0

    def figures(self) -> str:
        """The figures of one `make eval` explanation line, without its name and misses count."""
        return (f"flags found {self.flags_found:.3f} ({self.found}/{self.required}), "
                f"clean left alone {self.clean_left_alone:.3f} ({self.left_alone}/{self.clean}), "
                f"whole explanations exactly right {self.exactly_right:.3f} ({self.exact}/{self.cases}), "
                f"explanations with a false accusation {self.false_accusations:.3f} ({self.accused}/{self.cases})")


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
    stray = _unlisted(case, flagged)
    if case.get("flag") and stray:
        score.misses.append(f"{case['target']}: unlisted {sorted(stray)} flagged in «{case['text']}»")
    if stray or set(map(fold_key, case.get("clean", []))) & flagged:
        score.accused += 1
    return right


def _parts(token: str) -> set[str]:
    """A folded token and, for a hyphenated one, each of its parts."""
    key = fold_key(token)
    return {key, *key.split("-")}


def _unlisted(case: dict, flagged: set[str]) -> set[str]:
    """Flagged tokens that are neither a required flag (any alternative, or a part of a hyphenated one)
    nor listed as clean: a false accusation on a word the case did not expect to be flagged."""
    wanted = {part for want in case.get("flag", []) for token in want.split("|") for part in _parts(token)}
    clean = {fold_key(word) for word in case.get("clean", [])}
    return {token for token in flagged if token not in clean and not _parts(token) & wanted}


def judge_explanations(lexicon: Lexicon, path: Path) -> list[tuple[dict, object]]:
    """Each case of an explanation set with the service's result on it (checked once, scored as often as needed)."""
    return [(case, hat.check_explanation(lexicon, case["target"], case["text"])) for case in read_explanations(path)]


def tally_explanations(judged: list[tuple[dict, object]]) -> ExplainScore:
    score = ExplainScore()
    for case, result in judged:
        score.cases += 1
        score.exact += _score_case(score, case, result)
    return score


def score_explanations(lexicon: Lexicon, path: Path) -> ExplainScore:
    return tally_explanations(judge_explanations(lexicon, path))


def explanation_half(case: dict) -> str:
    """"tune" or "held-out" for one explanation: the cognate sets' seeded sha1 split over target and text."""
    from service.evaluation.cognate_eval import half_of

    return half_of(case["target"], case["text"])


def score_explanation_halves(lexicon: Lexicon, path: Path) -> dict[str, ExplainScore]:
    """The set whole ("all") and each half of it, from one check per case."""
    judged = judge_explanations(lexicon, path)
    halves = {"all": tally_explanations(judged)}
    for half in ("tune", "held-out"):
        halves[half] = tally_explanations([(case, result) for case, result in judged
                                           if explanation_half(case) == half])
    return halves


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


# Issue 30: play-test explanations of compound targets (clipped, hyphenated, two-root words).
COMPOUNDS = "playtest_hat_compounds.jsonl"


def print_compounds(lexicon: Lexicon, path: Path, verbose: bool = True) -> dict[str, ExplainScore]:
    """The compound set's line, then each half's; misses named for the tune half only (as the cognate sets)."""
    halves = score_explanation_halves(lexicon, path)
    whole = halves["all"]
    print(f"hat compound explanations: {whole.figures()}, {len(whole.misses)} misses")
    for half in ("tune", "held-out"):
        e = halves[half]
        print(f"  {half}: {e.figures()}, {len(e.misses)} misses")
    _print_misses(halves["tune"].misses, verbose)
    if verbose and halves["held-out"].misses:
        print(f"    ({len(halves['held-out'].misses)} held-out misses hidden)")
    return halves


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
        print(f"{name} explanations: {e.figures()}, {len(e.misses)} misses")
        _print_misses(e.misses, verbose)
    if (folder / COMPOUNDS).exists():
        print_compounds(lexicon, folder / COMPOUNDS, verbose)
    if bench:
        t = throughput(lexicon)
        print(f"hat explanation checks: {t['checks_per_second']}/s for a {t['words']}-word text "
              f"(cached target); first check of a new target {t['first_check_of_a_target_ms']} ms")
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1] if len(sys.argv) > 1 else "tests/data", bench="--bench" in sys.argv))
