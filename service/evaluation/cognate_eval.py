"""The cognate sets measured in halves, without the curated tables, and the class rules' joins (issue 29).

Every pair of the cognate sets falls into the "tune" or the "held-out" half by a hash of its two
words: the split survives reordered files and new rows, and is the same on every machine.  Only the
tune half's misses are ever printed; the held-out half shows figures, so a change made while reading
misses is measured on pairs nobody looked at.

    python -m service.evaluation.cognate_eval sample-classes   # unjudged class-join samples, as jsonl
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

from lexicon.cognates import CognateEngine
from service.evaluation import CONFIDENCE_LEVELS, COGNATE_SETS, ConfidenceRow, Score
from service.evaluation.common import read_jsonl, read_tsv

SPLIT_SEED = 29
HALVES = ("tune", "held-out")
UNION = "cognates, all sets"

PROJECT = Path(__file__).resolve().parents[2]
LEXICON_CODE = PROJECT / "lexicon"
LEXICON_SOURCES = PROJECT.parent / "shared" / "lexicon-sources"
ABLATION_DB = PROJECT / "var" / "eval" / "lexicon-no-curated.sqlite"
NO_ABLATION_ENV = "KOREN_EVAL_NO_ABLATION"

CLASS_JUDGED = "cognate_class_judged.jsonl"
# Pairs written one regular class at a time (borrowed stems, school alternations, glued affixes, homonymous
# roots): its fourth column names the class, and each class is scored on its own, in both halves.
CLASS_PROBE = "cognate_class_probe.tsv"
CLASS_SAMPLE = 50
CLASS_SEED = 2929


def half_of(a: str, b: str, seed: int = SPLIT_SEED) -> str:
    """"tune" or "held-out": the lowest bit of sha1 over the seed and the pair (no file order, no process salt).

    The pair's words are sorted first, so a pair keeps its half whichever way round a set writes it.
    """
    first, second = sorted((a, b))
    digest = hashlib.sha1(f"{seed}:{first}\t{second}".encode("utf-8")).digest()
    return HALVES[digest[-1] & 1]


def set_title(name: str) -> str:
    """cognates_external.tsv → "cognates external", the name the existing score lines use."""
    return name.removesuffix(".tsv").replace("_", " ")


# --- judging the pairs once -------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    """One labelled pair and the engine's verdict on it."""
    set_name: str
    a: str
    b: str
    expected: bool
    cognate: bool
    confidence: str
    label: str

    @property
    def half(self) -> str:
        return half_of(self.a, self.b)

    @property
    def right(self) -> bool:
        return self.cognate == self.expected


def judge_file(engine: CognateEngine, path: Path) -> list[Case]:
    cases = []
    for a, b, expected, note in read_tsv(path):
        verdict = engine.compare(a, b)
        roots = " / ".join(str(sorted({r for an in side.analyses for r in an.roots}))
                           for side in (verdict.a, verdict.b))
        cases.append(Case(set_title(path.name), a, b, expected, verdict.cognate, verdict.confidence,
                          f"{a} / {b} ({note}; roots {roots}; {verdict.confidence})"))
    return cases


def judge_sets(engine: CognateEngine, folder: Path) -> list[Case]:
    return [case for name in COGNATE_SETS if (folder / name).exists() for case in judge_file(engine, folder / name)]


def judge_probe(engine: CognateEngine, folder: Path) -> list[Case]:
    """The class probe's pairs, each case filed under its class («class probe / borrowed»)."""
    path = folder / CLASS_PROBE
    if not path.exists():
        return []
    klass = {(a, b): note.strip() for a, b, _, note in read_tsv(path)}
    return [replace(case, set_name=f"class probe / {klass[(case.a, case.b)]}") for case in judge_file(engine, path)]


def score_of(name: str, cases: list[Case]) -> Score:
    score = Score(name)
    for case in cases:
        score.add(case.cognate, case.expected, case.label)
    return score


def confidence_of(cases: list[Case]) -> dict[str, ConfidenceRow]:
    rows = {level: ConfidenceRow(level) for level in CONFIDENCE_LEVELS}
    for case in cases:
        row = rows[case.confidence]
        row.pairs += 1
        if case.right:
            row.right += 1
        else:
            row.wrong.append(f"{case.a} / {case.b}: said {'cognate' if case.cognate else 'not cognate'}")
    return rows


def groups(cases: list[Case]) -> list[tuple[str, list[Case]]]:
    """Each set present, then the union: the order every table here prints."""
    names = list(dict.fromkeys(case.set_name for case in cases))
    union = f"{names[0].split(' / ')[0]}, all classes" if names and " / " in names[0] else UNION
    return [*((name, [c for c in cases if c.set_name == name]) for name in names), (union, cases)]


# --- printing ---------------------------------------------------------------------------

def print_tune_misses(cases: list[Case], prefix: str = "    ") -> None:
    """Misses of the tune half; the held-out ones only counted, never named."""
    wrong = [case for case in cases if not case.right]
    for case in wrong:
        if case.half == "tune":
            kind = "false positive" if case.cognate else "false negative"
            print(f"{prefix}{kind}: {case.label}")
    hidden = sum(case.half == "held-out" for case in wrong)
    if hidden:
        print(f"{prefix}({hidden} held-out misses hidden)")


def print_set_lines(cases: list[Case], verbose: bool) -> None:
    """The long-standing lines (`cognates: P …`, `cognates external: …`, `cognates, all sets: …`)."""
    for name, members in groups(cases):
        print(score_of(name, members).line())
        if verbose and name != UNION:   # the union's misses are the sets' own, printed above
            print_tune_misses(members)


def print_halves(cases: list[Case], indent: str = "  ") -> None:
    for half in ("all", *HALVES):
        print(f"{indent}{half}:")
        for name, members in groups([case for case in cases if half == "all" or case.half == half]):
            print(f"{indent}  {score_of(name, members).line()}")


def confidence_line(rows: dict[str, ConfidenceRow]) -> str:
    total = sum(row.pairs for row in rows.values())
    cells = [f"{row.level} {row.pairs} ({row.pairs / total if total else 0:.1%}) right {row.precision:.3f}"
             for row in rows.values()]
    return f"{total:>4} pairs: " + " | ".join(cells)


def print_confidence_by_half(cases: list[Case], indent: str = "  ") -> None:
    """One line per set and half: each level's pairs, share and how often right."""
    for name, members in groups(cases):
        for half in ("all", *HALVES):
            chosen = [c for c in members if half == "all" or c.half == half]
            print(f"{indent}{name + ' / ' + half:<32} {confidence_line(confidence_of(chosen))}")


def print_union_confidence(cases: list[Case], verbose: bool) -> None:
    """The long-standing table over all sets; its wrong `certain` pairs named for the tune half only."""
    rows = confidence_of(cases)
    total = sum(row.pairs for row in rows.values())
    print("cognate confidence (all cognate sets):")
    for row in rows.values():
        print(row.line(total))
    if verbose:
        certain = [case for case in cases if case.confidence == "certain"]
        for case in certain:
            if not case.right and case.half == "tune":
                print("       certain but wrong:", f"{case.a} / {case.b}: said "
                      f"{'cognate' if case.cognate else 'not cognate'}")
        hidden = sum(not case.right and case.half == "held-out" for case in certain)
        if hidden:
            print(f"       ({hidden} held-out certain-but-wrong pairs hidden)")


def print_measures(cases: list[Case], title: str) -> None:
    """Figures only (no cases): P/R per set and half, then the confidence levels per set and half."""
    print(f"{title} by half (sha1 split, seed {SPLIT_SEED}; misses are printed for the tune half only):")
    print_halves(cases)
    print(f"{title}, confidence by set and half:")
    print_confidence_by_half(cases)


def main_report(engine: CognateEngine, folder: Path, verbose: bool = True) -> list[Case]:
    """The score lines `make eval` has always started with, misses of the tune half only."""
    cases = judge_sets(engine, folder)
    print_set_lines(cases, verbose)
    return cases


def extra_report(engine: CognateEngine, folder: Path, cases: list[Case], verbose: bool = True) -> None:
    """The confidence table, the halves, the no-curated ablation and the class joins."""
    print_union_confidence(cases, verbose)
    print_measures(cases, "cognates")
    probe = judge_probe(engine, folder)
    print_measures(probe, "class probe")
    if verbose:
        print("class probe, tune-half misses and wrong `certain`:")
        print_tune_misses(probe)
    print_ablation(folder)
    print_class_report(engine.store, folder / CLASS_JUDGED, verbose)


# --- the lexicon without the curated tables ---------------------------------------------

def newest_input(roots: list[Path]) -> float:
    """Latest mtime of the builder's inputs: its code and the raw sources (compiled bytecode aside)."""
    newest = 0.0
    for root in roots:
        for path in root.rglob("*") if root.is_dir() else ():
            if path.is_file() and "__pycache__" not in path.parts:
                newest = max(newest, path.stat().st_mtime)
    return newest


def ablation_db(path: Path = ABLATION_DB) -> Path:
    """The no-curated lexicon, rebuilt (~40 s) when missing or older than the code or sources; raises on failure."""
    if path.exists() and path.stat().st_mtime >= newest_input([LEXICON_CODE, LEXICON_SOURCES]):
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "lexicon.build", "--only", "lexicon", "--no-curated",
               "--sources", str(LEXICON_SOURCES), "--out", str(path)]
    print(f"no-curated ablation: building {path} (~40 s) …", flush=True)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=PROJECT, capture_output=True, text=True)
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-5:])
        raise RuntimeError(f"`{' '.join(command[1:])}` failed ({done.returncode}): {tail}")
    print(f"no-curated ablation: built in {time.perf_counter() - started:.0f} s")
    return path


def print_ablation(folder: Path) -> None:
    """The same figures on a lexicon built without lexicon/curated: what the curated tables add."""
    if os.environ.get(NO_ABLATION_ENV) == "1":
        print(f"no-curated ablation: skipped ({NO_ABLATION_ENV}=1)")
        return
    from lexicon.store import LexiconStore

    try:
        engine = CognateEngine(LexiconStore(ablation_db()))
        cases = judge_sets(engine, folder)
        probe = judge_probe(engine, folder)
    except Exception as exc:   # a broken build must not cost the rest of `make eval`
        print(f"no-curated ablation: failed: {exc}")
        return
    print_measures(cases, "no-curated ablation")
    print_measures(probe, "class probe, no-curated ablation")


# --- joins made by class rules ----------------------------------------------------------

@dataclass
class ClassReport:
    """One class rule: its joins, the lemma pairs they made cognate, and its sample checked against judgements."""
    klass: str
    joins: int = 0
    lemma_pairs: int = 0
    sample: list[tuple] = field(default_factory=list)
    right: int = 0
    wrong: list[str] = field(default_factory=list)
    unsure: int = 0
    unjudged: list[tuple] = field(default_factory=list)

    @property
    def precision(self) -> float | None:
        judged = self.right + len(self.wrong)
        return self.right / judged if judged else None

    def line(self) -> str:
        precision = "—" if self.precision is None else f"{self.precision:.3f}"
        return (f"{self.klass}: {self.joins} joins, {self.lemma_pairs} lemma pairs; sample {len(self.sample)}: "
                f"right {self.right}, wrong {len(self.wrong)}, unsure {self.unsure}, precision {precision}; "
                f"{len(self.unjudged)} unjudged")


def class_joins(store) -> list[tuple] | None:
    """The store's class-rule joins, or None for a lexicon built before they were recorded."""
    method = getattr(store, "class_joins", None)
    return None if method is None else [tuple(join) for join in method()]


def class_samples(joins: list[tuple]) -> dict[str, list[tuple]]:
    """Per class, the CLASS_SAMPLE joins whose seeded hash (CLASS_SEED) ranks first."""
    by_class: dict[str, list[tuple]] = defaultdict(list)
    for join in joins:
        by_class[join[0]].append(join)
    samples = {}
    for klass in sorted(by_class):
        ordered = sorted(by_class[klass], key=lambda join: (join[1], join[2], join))
        # Ranked by a seeded hash of each join, not drawn from the list: a rebuild that adds or drops a
        # few joins keeps the rest of the sample (and its judgements) where it was.
        rank = lambda join: hashlib.sha1(f"{CLASS_SEED}:{klass}:{join[1]}\t{join[2]}".encode()).hexdigest()
        samples[klass] = sorted(ordered, key=rank)[:CLASS_SAMPLE]
    return samples


def read_judged(path: Path) -> dict[tuple[str, str, str], dict]:
    """Judgements keyed by (class, a, b); the file is created empty when missing, for judges to fill."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    return {(item["class"], item["a"], item["b"]): item for item in read_jsonl(path)}


def class_reports(joins: list[tuple], judged: dict[tuple[str, str, str], dict]) -> list[ClassReport]:
    reports = {}
    for klass, *_rest, lemma_pairs in joins:
        report = reports.setdefault(klass, ClassReport(klass))
        report.joins += 1
        report.lemma_pairs += int(lemma_pairs)
    for klass, sample in class_samples(joins).items():
        report = reports[klass]
        report.sample = sample
        for join in sample:
            item = judged.get((klass, join[1], join[2]))
            if item is None:
                report.unjudged.append(join)
            elif item.get("correct") is None:
                report.unsure += 1
            elif item["correct"]:
                report.right += 1
            else:
                report.wrong.append(f"{join[1]} / {join[2]} ({item.get('note', '')})")
    return [reports[klass] for klass in sorted(reports)]


def describe_join(join: tuple) -> str:
    _klass, a, b, a_root, b_root, lemma_pairs = join
    return f"{a} / {b} (roots {a_root} / {b_root}; {lemma_pairs} lemma pairs)"


def print_class_report(store, judged_path: Path, verbose: bool = True) -> None:
    joins = class_joins(store)
    if not joins:   # None: a lexicon built before class joins were recorded; []: no class rule joined
        print("class joins: no class joins recorded")
        return
    reports = class_reports(joins, read_judged(judged_path))
    print(f"class joins: {len(joins)} joins of {len(reports)} classes, "
          f"{sum(r.lemma_pairs for r in reports)} lemma pairs; samples checked against {judged_path.name}:")
    for report in reports:
        print(f"    {report.line()}")
        for wrong in report.wrong if verbose else ():
            print(f"        wrong: {wrong}")
        for join in report.unjudged if verbose else ():
            print(f"        unjudged: {describe_join(join)}")
    if any(r.unjudged for r in reports):
        print("    (python -m service.evaluation.cognate_eval sample-classes prints them as jsonl to judge)")


def unjudged_items(store, judged_path: Path) -> list[dict]:
    """The sampled joins nobody has judged yet, in the judged file's own shape, `correct` left null."""
    reports = class_reports(class_joins(store) or [], read_judged(judged_path))
    return [{"class": r.klass, "a": join[1], "b": join[2], "correct": None, "note": "",
             "roots": f"{join[3]} / {join[4]}", "lemma_pairs": join[5]}
            for r in reports for join in r.unjudged]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.evaluation.cognate_eval")
    sub = parser.add_subparsers(dest="command", required=True)
    sample = sub.add_parser("sample-classes", help="sampled class joins without a judgement, as jsonl lines")
    sample.add_argument("--data", type=Path, default=PROJECT / "tests" / "data")
    sample.add_argument("--lexicon", type=Path, help="lexicon.sqlite to read (default: the shipped one)")
    args = parser.parse_args(argv)
    from lexicon.store import LexiconStore

    store = LexiconStore(args.lexicon)
    if class_joins(store) is None:
        print("no class joins recorded", file=sys.stderr)
        return 0
    for item in unjudged_items(store, args.data / CLASS_JUDGED):
        print(json.dumps(item, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
