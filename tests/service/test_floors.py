"""The dev-set floors `make eval` checks (issue 31): a missed floor makes it exit non-zero, and names
only the tune half's misses."""
from __future__ import annotations

from pathlib import Path

from service.evaluation import floors
from service.evaluation.floors import AT_MOST, Floor


def test_a_fabricated_low_score_fails_the_check(capsys):
    low = Floor("cognates, all sets: recall", 0.5, 0.95,
                misses=[("tune", "false negative: рыба / рыбалка"), ("held-out", "false negative: кот / кошка")])
    assert floors.check([Floor("pairs", 394, 390), low]) == 1
    out = capsys.readouterr().out
    assert "PASS  pairs: 394 (floor >= 390)" in out
    assert "FAIL  cognates, all sets: recall: 0.500 (floor >= 0.950)" in out
    assert "рыба / рыбалка" in out and "кошка" not in out and "(1 held-out misses hidden)" in out
    assert "FAILED: cognates, all sets: recall" in out


def test_every_floor_kept_passes(capsys):
    kept = [Floor("accuracy", 1.0, 1.0), Floor("judge-rate", 0.365, 0.40, AT_MOST),
            Floor("false removals", 0, 0, AT_MOST), Floor("real pools", 0, 0, skipped="not beside the checkout")]
    assert floors.check(kept) == 0
    out = capsys.readouterr().out
    assert "SKIP  real pools" in out and "FAIL" not in out and "4 of 4" in out
    assert floors.check([Floor("judge-rate", 0.41, 0.40, AT_MOST)]) == 1


def test_main_exits_non_zero_below_a_floor(monkeypatch, capsys):
    monkeypatch.setattr(floors, "measure", lambda lexicon, data, cases=None: [Floor("hat guesses: accuracy", 0.9, 1.0)])
    assert floors.main(Path("tests/data"), lexicon=object()) == 1
    assert "FAIL  hat guesses: accuracy: 0.900 (floor >= 1.000)" in capsys.readouterr().out


def test_a_set_without_halves_is_split_by_half_of():
    from service.evaluation.cognate_eval import half_of

    lines = [f"miss {n}" for n in range(40)]
    halves = floors.split(lines, "mafia")
    assert [line for _, line in halves] == lines
    assert {half for half, _ in halves} == {"tune", "held-out"}
    assert all(half == half_of("mafia", line) for half, line in halves)
