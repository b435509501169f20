"""Scores of the «Что? Где? Когда?» judge and package reader on tests/data.

* ``chgk.jsonl``       -- hand-made minimal cases: right when `accept` is given exactly when expected;
* ``chgk_real.jsonl``  -- answers built from real db.chgk.info packages (their «Зачёт»/«Незачёт» lists,
  forms and misspellings of them, the alternatives judged without the lists, wrong answers);
* ``chgk_jury.jsonl``  -- real published jury decisions on disputed answers.

For the two real sets: accept-precision (of the answers we accept, how many the package or jury
accepts), recall with the lists (of the answers the package accepts and whose case carries its lists,
how many we accept) and agreement (our verdict is the jury's; «judge» counts as disagreement); for
the jury set above all reject-precision (of our rejects, how many they rejected) and the judge-rate.
Each figure is given for all cases and for the tune and held-out halves (cognate_eval.half_of over
answer and reference); only the tune half's misses are printed.
``chgk_packages/*.txt`` are real package excerpts with hand-written ``*.expected.json``: the parser
is field-exact on a question when every field the file names comes out as written there.

`main(data_dir)` prints the figures (for `make eval`); the tests import the same functions.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from lexicon import Lexicon
from lexicon.cognates import CognateEngine
from service.evaluation.cognate_eval import half_of
from service.evaluation.common import Tally, read_jsonl
from service.rules import chgk

REAL_SETS = ("chgk_real.jsonl", "chgk_jury.jsonl")
POLICIES = ("judge", "unambiguous")      # synonym policies compared on the real sets
PACKAGE_FIELDS = ("number", "tour", "answer", "accepted", "rejected", "criteria", "handout")


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


@dataclass
class RealScore:
    """Verdicts on a real set against what the package or the jury decided.

    A jury assistant is judged by its two outright verdicts: reject-precision (of our rejects, how many
    they rejected: a wrong one costs a team a point nobody looks at again), accept-precision, and the
    judge-rate (the share sent to the jury: each costs it a minute)."""
    name: str
    table: Counter = field(default_factory=Counter)            # (expected accept?, our verdict) → cases
    listed: Counter = field(default_factory=Counter)           # the same, cases that carry the lists
    kinds: dict[str, Counter] = field(default_factory=dict)    # case kind → right / wrong
    sources: Counter = field(default_factory=Counter)
    misses: list[str] = field(default_factory=list)
    halves: dict[str, "RealScore"] = field(default_factory=dict)   # tune / held-out (cognate_eval.half_of)

    @property
    def total(self) -> int:
        return sum(self.table.values())

    @property
    def accept_precision(self) -> float:
        accepted = self.table[True, "accept"] + self.table[False, "accept"]
        return self.table[True, "accept"] / accepted if accepted else 1.0

    @property
    def reject_precision(self) -> float:
        rejected = self.table[True, "reject"] + self.table[False, "reject"]
        return self.table[False, "reject"] / rejected if rejected else 1.0

    @property
    def judge_rate(self) -> float:
        return (self.table[True, "judge"] + self.table[False, "judge"]) / self.total if self.total else 0.0

    @property
    def recall_with_lists(self) -> float:
        expected = sum(n for (yes, _), n in self.listed.items() if yes)
        return self.listed[True, "accept"] / expected if expected else 1.0

    @property
    def agreement(self) -> float:
        right = self.table[True, "accept"] + self.table[False, "reject"]
        return right / self.total if self.total else 1.0

    def add(self, case: dict, verdict: chgk.AnswerVerdict) -> None:
        expected = bool(case["accept"])
        half = half_of(case["answer"], case["reference"])
        for score in (self, self.halves.setdefault(half, RealScore(half))):
            score.count(case, verdict, expected)
        right = verdict.verdict == ("accept" if expected else "reject")
        if not right and half == "tune":      # held-out misses are not printed: nothing is tuned on them
            self.misses.append(f"[{case.get('kind', '?')}] «{case['answer']}» for «{case['reference']}»: "
                               f"{'accepted' if expected else 'rejected'} by "
                               f"{'the jury' if 'jury' in self.name else 'the package'}, we say "
                               f"{verdict.verdict} ({verdict.reason}: {verdict.message[:120]})")

    def count(self, case: dict, verdict: chgk.AnswerVerdict, expected: bool) -> None:
        self.table[expected, verdict.verdict] += 1
        if "accepted" in case or "rejected" in case:
            self.listed[expected, verdict.verdict] += 1
        right = verdict.verdict == ("accept" if expected else "reject")
        self.kinds.setdefault(case.get("kind", "?"), Counter())[right] += 1
        self.sources[case.get("source", "?").split("#")[0]] += 1

    def figures(self) -> str:
        return (f"reject-precision {self.reject_precision:.3f}, accept-precision {self.accept_precision:.3f}, "
                f"judge-rate {self.judge_rate:.3f}, recall with the lists {self.recall_with_lists:.3f}, "
                f"agreement {self.agreement:.3f}")

    def lines(self) -> list[str]:
        t = self.table
        out = [f"{self.name}: {self.total} cases from {len(self.sources)} sources; {self.figures()} "
               "(«judge» counted as disagreement)",
               f"    accepted by them: {t[True, 'accept']} accept, {t[True, 'judge']} judge, {t[True, 'reject']} "
               f"reject; rejected by them: {t[False, 'reject']} reject, {t[False, 'judge']} judge, "
               f"{t[False, 'accept']} accept",
               "    by kind: " + ", ".join(f"{k} {c[True]}/{c[True] + c[False]}" for k, c in sorted(self.kinds.items()))]
        out += [f"    {name} half: {half.total} cases; {half.figures()}" for name, half in sorted(
            self.halves.items(), key=lambda kv: kv[0] != "tune")]
        if self.misses:
            out.append(f"    misses of the tune half ({len(self.misses)}; held-out misses not shown):")
        return out


def score_real(path: Path, lexicon: Lexicon | None = None, policy: str = chgk.SYNONYM_POLICY) -> RealScore:
    result = RealScore(path.stem)
    for case in read_jsonl(path):
        verdict = chgk.judge_answer(case["answer"], case["reference"], case.get("accepted"), case.get("rejected"),
                                    lexicon=lexicon, synonym_policy=policy)
        result.add(case, verdict)
    return result


# --- packages --------------------------------------------------------------------------------------

def read_package(path: Path) -> dict:
    """A package file as the service reads one (bytes: the encoding is detected)."""
    return chgk.parse_package_bytes(path.read_bytes())


@dataclass
class PackageScore(Tally):
    """Questions read field-exact (`correct`) of all expected (`total`), over `files` excerpts."""
    files: int = 0


def _comparable(name: str, value):
    if name == "handout" and isinstance(value, str):
        return " ".join(value.split())
    return value


def score_packages(folder: Path) -> PackageScore:
    result = PackageScore()
    for expected_path in sorted(folder.glob("*.expected.json")):
        expected = json.loads(expected_path.read_text(encoding="utf-8"))
        text_path = expected_path.with_name(expected_path.name.replace(".expected.json", ".txt"))
        result.files += 1
        try:
            got = read_package(text_path)["questions"]
        except chgk.PackageError as exc:
            got, _ = [], result.misses.append(f"{text_path.name}: not read ({exc})")
        for i, want in enumerate(expected["questions"]):
            have = got[i] if i < len(got) else {}
            wrong = [f"{name}: {have.get(name)!r} ≠ {want[name]!r}" for name in PACKAGE_FIELDS
                     if name in want and _comparable(name, have.get(name)) != _comparable(name, want[name])]
            result.add(not wrong, f"{text_path.name} #{want.get('number')}: " + "; ".join(wrong))
    return result


def main(data_dir: str | Path = "tests/data", verbose: bool = True, engine: CognateEngine | None = None) -> int:
    """The figures for `make eval`; `engine` is the one service/evaluation.py shares between games."""
    data_dir, lexicon = Path(data_dir), Lexicon(engine)
    s = score(data_dir / "chgk.jsonl", lexicon)
    print(f"chgk answers: accuracy {s.accuracy:.3f} ({s.correct}/{s.total}, {len(s.misses)} misses; "
          f"verdicts {s.verdicts['accept']} accept, {s.verdicts['reject']} reject, {s.verdicts['judge']} judge)")
    if verbose:
        for miss in s.misses:
            print("   ", miss)
    for name in REAL_SETS:
        if not (data_dir / name).exists():
            continue
        for policy in POLICIES:
            real = score_real(data_dir / name, lexicon, policy)
            if policy == chgk.SYNONYM_POLICY:
                print("\n".join(real.lines()))
                if verbose:
                    for miss in real.misses:
                        print("   ", miss)
            else:
                print(f"    with synonym policy «{policy}»: {real.figures()}")
    packages = score_packages(data_dir / "chgk_packages")
    print(f"chgk packages: field-exact {packages.accuracy:.3f} ({packages.correct}/{packages.total} questions of "
          f"{packages.files} real package excerpts, tests/data/chgk_packages/SOURCES.md)")
    if verbose:
        for miss in packages.misses:
            print("   ", miss)
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1] if len(sys.argv) > 1 else "tests/data"))
