"""Issue 29's measurement: a fixed tune / held-out split of the cognate sets, misses shown for the tune
half only, and the class-rule report checked against a judged sample (on a fake store: no lexicon build)."""
from __future__ import annotations

import json
import os
import random

import pytest

from service.evaluation import COGNATE_SETS
from service.evaluation import cognate_eval
from service.evaluation.cognate_eval import (Case, class_reports, class_samples, half_of, print_class_report,
                                             print_tune_misses, read_judged, unjudged_items)
from service.evaluation.common import read_tsv
from tests.conftest import DATA


# --- the split -------------------------------------------------------------------------

@pytest.mark.parametrize("a, b, half", [
    ("кот", "кошка", "held-out"),
    ("рыба", "рыбалка", "tune"),
    ("нога", "ноги", "tune"),
    ("растение", "выросший", "held-out"),
    ("растение", "росток", "tune"),
    ("выросший", "выращенный", "held-out"),
])
def test_known_pairs_keep_their_half(a, b, half):
    """Fixed values: a change of hash, seed or key would silently reshuffle what is held out."""
    assert half_of(a, b) == half
    assert half_of(b, a) == half   # either way round a set writes the pair


@pytest.mark.parametrize("name", COGNATE_SETS)
def test_each_half_is_40_to_60_percent_of_each_set(name):
    rows = read_tsv(DATA / name)
    tune = sum(half_of(a, b) == "tune" for a, b, _expected, _note in rows)
    assert 0.40 <= tune / len(rows) <= 0.60, (name, tune, len(rows))


def test_split_ignores_file_order():
    rows = read_tsv(DATA / "cognates_external.tsv")
    shuffled = rows[:]
    random.Random(1).shuffle(shuffled)
    assert ({(a, b): half_of(a, b) for a, b, *_ in rows}
            == {(a, b): half_of(a, b) for a, b, *_ in shuffled})


# --- misses of the held-out half stay hidden ------------------------------------------

def case(a: str, b: str, expected: bool, cognate: bool, confidence: str = "probable") -> Case:
    return Case("cognates", a, b, expected, cognate, confidence, f"{a} / {b} (label)")


def test_held_out_misses_are_counted_not_named(capsys):
    tune_miss = case("рыба", "рыбалка", True, False)
    held_miss = case("кот", "кошка", True, False)
    print_tune_misses([tune_miss, held_miss, case("нога", "ноги", True, True)])
    out = capsys.readouterr().out
    assert "рыба / рыбалка" in out and "false negative" in out
    assert "кошка" not in out and "(1 held-out misses hidden)" in out


def test_make_eval_cognate_lines_name_no_held_out_miss(engine, capsys):
    cases = cognate_eval.main_report(engine, DATA)
    cognate_eval.print_union_confidence(cases, verbose=True)
    cognate_eval.print_measures(cases, "cognates")
    out = capsys.readouterr().out
    assert "cognates: P" in out and "cognates external: P" in out and "cognates, all sets: P" in out
    for hidden in (c for c in cases if c.half == "held-out" and not c.right):
        assert hidden.label not in out and f"{hidden.a} / {hidden.b}:" not in out


def test_ablation_can_be_skipped(monkeypatch, capsys):
    monkeypatch.setenv(cognate_eval.NO_ABLATION_ENV, "1")
    cognate_eval.print_ablation(DATA)
    assert "skipped" in capsys.readouterr().out


def test_a_fresh_ablation_lexicon_is_not_rebuilt(tmp_path, monkeypatch):
    code, sources, db = tmp_path / "lexicon", tmp_path / "sources", tmp_path / "no-curated.sqlite"
    for folder in (code, sources, code / "__pycache__"):
        folder.mkdir()
    (code / "cognates.py").write_text("")
    (sources / "words.tsv").write_text("")
    db.write_text("")
    os.utime(db, (4_000_000_000, 4_000_000_000))
    (code / "__pycache__" / "cognates.pyc").write_text("")   # bytecode written later is no change
    os.utime(code / "__pycache__" / "cognates.pyc", (4_100_000_000, 4_100_000_000))
    monkeypatch.setattr(cognate_eval, "LEXICON_CODE", code)
    monkeypatch.setattr(cognate_eval, "LEXICON_SOURCES", sources)
    monkeypatch.setattr(cognate_eval.subprocess, "run", lambda *a, **k: pytest.fail("rebuilt a fresh lexicon"))
    assert cognate_eval.ablation_db(db) == db


# --- the class report -------------------------------------------------------------------

class FakeStore:
    """A store whose builder recorded class joins: 60 of one class, 3 of another."""

    def __init__(self):
        self.joins = ([("ё/е", f"а{i:02}", f"б{i:02}", f"к{i}", f"г{i}", i % 4 + 1) for i in range(60)]
                      + [("о/а", f"в{i}", f"г{i}", "x", "y", 2) for i in range(3)])

    def class_joins(self):
        return list(self.joins)


def judged_file(tmp_path, store: FakeStore):
    """Three of the first class's sample judged right, wrong and unsure, and one join outside the sample."""
    sample = class_samples(store.class_joins())["ё/е"]
    sampled = {(j[1], j[2]) for j in sample}
    outside = next(j for j in store.joins if j[0] == "ё/е" and (j[1], j[2]) not in sampled)
    items = [{"class": "ё/е", "a": j[1], "b": j[2], "correct": verdict, "note": "n"}
             for j, verdict in zip([*sample[:3], outside], [True, False, None, False])]
    path = tmp_path / "judged.jsonl"
    path.write_text("".join(json.dumps(item, ensure_ascii=False) + "\n" for item in items), encoding="utf-8")
    return path, sample


def test_class_sample_is_seeded_and_independent_of_order():
    store = FakeStore()
    shuffled = store.class_joins()
    random.Random(7).shuffle(shuffled)
    samples = class_samples(store.class_joins())
    assert samples == class_samples(shuffled)
    assert len(samples["ё/е"]) == 50 and len(set(samples["ё/е"])) == 50 and len(samples["о/а"]) == 3


def test_class_report_counts_and_precision(tmp_path):
    store = FakeStore()
    path, sample = judged_file(tmp_path, store)
    reports = {report.klass: report for report in class_reports(store.class_joins(), read_judged(path))}
    first, second = reports["ё/е"], reports["о/а"]
    assert (first.klass, first.joins, first.lemma_pairs) == ("ё/е", 60, sum(i % 4 + 1 for i in range(60)))
    assert (first.right, len(first.wrong), first.unsure, len(first.unjudged)) == (1, 1, 1, 47)
    assert first.precision == 0.5 and sample[3] in first.unjudged
    assert (second.klass, second.joins, second.lemma_pairs, len(second.unjudged)) == ("о/а", 3, 6, 3)
    assert second.precision is None


def test_class_report_prints_and_lists_unjudged(tmp_path, capsys):
    store = FakeStore()
    path, sample = judged_file(tmp_path, store)
    print_class_report(store, path)
    out = capsys.readouterr().out
    assert "63 joins of 2 classes" in out and "precision 0.500" in out and "47 unjudged" in out
    assert f"unjudged: {sample[3][1]} / {sample[3][2]}" in out
    assert f"unjudged: {sample[0][1]} / {sample[0][2]}" not in out


def test_store_without_class_joins(tmp_path, capsys):
    print_class_report(object(), tmp_path / "judged.jsonl")
    assert "no class joins recorded" in capsys.readouterr().out


def test_missing_judged_file_is_created_empty(tmp_path):
    path = tmp_path / "data" / "judged.jsonl"
    assert read_judged(path) == {} and path.read_text() == ""


def test_sample_classes_prints_unjudged_as_jsonl(tmp_path, monkeypatch, capsys):
    store = FakeStore()
    path, _sample = judged_file(tmp_path, store)
    path.rename(tmp_path / cognate_eval.CLASS_JUDGED)
    monkeypatch.setattr("lexicon.store.LexiconStore", lambda _path=None: store)
    assert cognate_eval.main(["sample-classes", "--data", str(tmp_path)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 47 + 3 and all(item["correct"] is None for item in lines)
    assert lines == unjudged_items(store, tmp_path / cognate_eval.CLASS_JUDGED)
    assert {"class", "a", "b", "correct", "note"} <= set(lines[0])


def test_class_probe_is_scored_per_class_in_both_halves(engine, capsys):
    cases = cognate_eval.judge_probe(engine, DATA)
    classes = {case.set_name for case in cases}
    assert classes == {f"class probe / {name}" for name in ("borrowed", "school_alternation", "glued", "homonym")}
    assert {case.half for case in cases} == {"tune", "held-out"}
    cognate_eval.print_measures(cases, "class probe")
    out = capsys.readouterr().out
    assert "class probe, all classes / held-out" in out and "class probe / glued / tune" in out
