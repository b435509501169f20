"""Issue 14's targets on the dev sets, measured by the same functions `make eval` prints.

The sets are tests/data copies of ../shared/eval (see tests/data/SOURCES.md); the
confidence calibration has its own test in tests/lexicon/test_confidence.py.
"""
from pathlib import Path

from service.evaluation import score_cognate_sets
from service.evaluation.hat import score_explanations

DATA = Path(__file__).parent / "data"


def test_cognates_on_all_dev_sets_together(engine):
    union = score_cognate_sets(engine, DATA)[-1]
    assert union.tp + union.fp + union.fn + union.tn >= 390
    assert union.precision >= 0.98, union.misses
    assert union.recall >= 0.95, union.misses


def test_hat_play_test_explanations(lexicon):
    score = score_explanations(lexicon, DATA / "playtest_hat_explain.jsonl")
    assert score.flags_found >= 0.92, score.misses
    assert score.clean_left_alone >= 0.99, score.misses


def test_mafia_play_test_speeches(lexicon):
    """Issue 16: per ruleset, flags ≥ 0.97, clean ≥ 0.99, fouls/removal ≥ 0.95, nominations ≥ 0.97; no false removal."""
    from service.evaluation.mafia import score_file

    score = score_file(lexicon, DATA / "playtest_mafia.jsonl")
    floors = {"flags": 0.97, "clean": 0.99, "fouls/removal": 0.95, "nominations": 0.97}
    for ruleset in ("club", "sport"):
        for kind, floor in floors.items():
            assert score.share_of(ruleset, kind) >= floor, (ruleset, kind, score.misses)
    assert score.false_removals == 0, score.misses
