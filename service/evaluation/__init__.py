"""Scores on the hand-labelled sets (tests/data, copied from ../shared/eval).

The tests import the same functions, so `make eval` and the test thresholds
always measure one thing.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path

from lexicon.cognates import CognateEngine
from service.evaluation.common import read_tsv

GAMES = ("hat", "codenames", "mafia", "chgk")


@dataclass
class Score:
    name: str
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, predicted: bool, expected: bool, label: str) -> None:
        if predicted and expected:
            self.tp += 1
        elif predicted:
            self.fp += 1
            self.misses.append(f"false positive: {label}")
        elif expected:
            self.fn += 1
            self.misses.append(f"false negative: {label}")
        else:
            self.tn += 1

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def accuracy(self) -> float:
        total = self.tp + self.fp + self.fn + self.tn
        return (self.tp + self.tn) / total if total else 1.0

    def line(self) -> str:
        total = self.tp + self.fp + self.fn + self.tn
        return (f"{self.name}: P {self.precision:.3f}  R {self.recall:.3f}  F1 {self.f1:.3f}  "
                f"accuracy {self.accuracy:.3f}  ({total} cases, {len(self.misses)} misses)")


def score_cognates(engine: CognateEngine, path: Path) -> Score:
    score = Score("cognates")
    for a, b, expected, note in read_tsv(path):
        verdict = engine.compare(a, b)
        roots = f"{sorted({r for an in verdict.a.analyses for r in an.roots})} / {sorted({r for an in verdict.b.analyses for r in an.roots})}"
        score.add(verdict.cognate, expected, f"{a} / {b} ({note}; roots {roots}; {verdict.confidence})")
    return score


def score_homophones(pronouncer, path: Path) -> Score:
    score = Score("homophones")
    for a, b, expected, note in read_tsv(path):
        same, ra, rb = pronouncer.homophones(a, b)
        sounds = f"{sorted({r.phonemes for r in ra})} / {sorted({r.phonemes for r in rb})}"
        score.add(same, expected, f"{a} / {b} ({note}; {sounds})")
    return score


def main(data: str = "tests/data", verbose: bool = True) -> int:
    from lexicon.pronunciation import Pronouncer

    folder = Path(data)
    engine = CognateEngine()
    scores = [score_cognates(engine, folder / "cognates.tsv"),
              score_homophones(Pronouncer(), folder / "homophones.tsv")]
    for score in scores:
        print(score.line())
        if verbose:
            for miss in score.misses:
                print("   ", miss)
    # Each game scores its own sets; they share tests/data and this entry point.
    for game in GAMES:
        module = importlib.import_module(f"service.evaluation.{game}")
        # One engine for every set: loading it once per game would only repeat the same work.
        module.main(folder, verbose=verbose, engine=engine)
    return 0
