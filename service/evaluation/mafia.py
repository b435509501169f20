"""Scores for the Мафия rules on tests/data/mafia.jsonl (copied from ../shared/eval).

Each line: {"ruleset", "text", "flag": [tokens], "clean": [tokens], "fouls"?, "removal"?, "nominations"?}.
Every item is one check:

* each `flag` token (``"a|b"`` = either) must lie inside a finding's span;
* an empty `flag` list means the text must have no finding at all;
* each `clean` token must lie inside no finding;
* `fouls` and `removal`, when given, must equal the result's;
* `nominations`, when given: the same number of nominations, and each expected
  one matches the one in its place on every key it gives (action, player, accepted).

`main(data_dir)` prints the share of checks passed and every miss (for
`make eval`); the tests assert 100% on the same function.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lexicon import Lexicon
from lexicon.cognates import CognateEngine
from lexicon.text import fold_key, tokenize
from service.evaluation.common import read_jsonl
from service.rules import mafia


KINDS = ("flags", "clean", "fouls/removal", "nominations")


@dataclass
class MafiaScore:
    checks: int = 0
    passed: int = 0
    cases: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.passed / self.checks if self.checks else 1.0

    # (ruleset, kind) -> [passed, checks]: the targets are per ruleset and kind of check.
    by_kind: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    false_removals: int = 0

    def check(self, ok: bool, label: str, ruleset: str = "", kind: str = "") -> None:
        self.checks += 1
        tally = self.by_kind.setdefault((ruleset, kind), [0, 0])
        tally[1] += 1
        if ok:
            self.passed += 1
            tally[0] += 1
        else:
            self.misses.append(label)

    def share_of(self, ruleset: str, kind: str) -> float:
        passed, checks = self.by_kind.get((ruleset, kind), (0, 0))
        return passed / checks if checks else 1.0

    def kind_lines(self) -> list[str]:
        rulesets = sorted({r for r, _ in self.by_kind})
        lines = []
        for ruleset in rulesets:
            parts = [f"{kind} {self.share_of(ruleset, kind):.3f} ({self.by_kind[(ruleset, kind)][0]}/"
                     f"{self.by_kind[(ruleset, kind)][1]})" for kind in KINDS if (ruleset, kind) in self.by_kind]
            lines.append(f"    {ruleset}: " + ", ".join(parts))
        lines.append(f"    false removals: {self.false_removals}")
        return lines

    def line(self) -> str:
        return (f"mafia speech: {self.passed}/{self.checks} checks passed ({self.share:.3f}) "
                f"over {self.cases} speeches, {len(self.misses)} misses")


def _occurrences(text: str, word: str) -> list[tuple[int, int]]:
    want = fold_key(word)
    return [(t.start, t.end) for t in tokenize(text) if fold_key(t.text) == want]


def _inside(span: tuple[int, int], findings) -> bool:
    return any(f.start <= span[0] and span[1] <= f.end for f in findings)


def score_case(lexicon: Lexicon, case: dict, score: MafiaScore) -> None:
    text, ruleset = case["text"], case["ruleset"]
    result = mafia.check_speech(lexicon, text, ruleset, case.get("alive"))
    found = ", ".join(f"{f.rule}:{f.token}({f.penalty})" for f in result.findings) or "none"
    label = f"[{ruleset}] {text!r}"
    score.cases += 1
    flags = case.get("flag", [])
    for item in flags:
        spans = [s for alt in item.split("|") for s in _occurrences(text, alt)]
        score.check(any(_inside(s, result.findings) for s in spans), f"not flagged «{item}» in {label}; findings: {found}",
                    ruleset, "flags")
    if not flags:
        score.check(not result.findings, f"expected no findings in {label}; findings: {found}", ruleset, "clean")
    for item in case.get("clean", []):
        spans = _occurrences(text, item)
        score.check(bool(spans) and not any(_inside(s, result.findings) for s in spans),
                    f"false alarm on «{item}» in {label}; findings: {found}", ruleset, "clean")
    if "fouls" in case:
        score.check(result.fouls == case["fouls"], f"fouls {result.fouls}, expected {case['fouls']} in {label}; findings: {found}",
                    ruleset, "fouls/removal")
    if "removal" in case:
        score.check(result.removal == case["removal"],
                    f"removal {result.removal}, expected {case['removal']} in {label}; reason: {result.removal_reason}",
                    ruleset, "fouls/removal")
        score.false_removals += bool(result.removal and not case["removal"])
    if "nominations" in case:
        got = [n.to_json() for n in result.nominations]
        expected = case["nominations"]
        score.check(len(got) == len(expected), f"{len(got)} nominations, expected {len(expected)} in {label}: {got}",
                    ruleset, "nominations")
        for k, want in enumerate(expected):
            have = got[k] if k < len(got) else {}
            score.check(all(have.get(key) == value for key, value in want.items()),
                        f"nomination {k + 1}: expected {want}, got "
                        f"{ {key: have.get(key) for key in (*want, 'reason')} } in {label}", ruleset, "nominations")


def score_file(lexicon: Lexicon, path: Path) -> MafiaScore:
    score = MafiaScore()
    for case in read_jsonl(path):
        score_case(lexicon, case, score)
    return score


def main(data: str = "tests/data", verbose: bool = True, engine: CognateEngine | None = None,
         lexicon: Lexicon | None = None) -> int:
    # service.evaluation hands every game its one engine; the rules ask a Lexicon over it.
    lexicon = lexicon or Lexicon(engine)
    for name, label in (("mafia.jsonl", "mafia speech"), ("playtest_mafia.jsonl", "mafia play-test speech")):
        if not (Path(data) / name).exists():
            continue
        score = score_file(lexicon, Path(data) / name)
        print(score.line().replace("mafia speech", label, 1))
        for line in score.kind_lines():
            print(line)
        if verbose:
            for miss in score.misses:
                print("   ", miss)
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(*(sys.argv[1:2] or ["tests/data"])))
