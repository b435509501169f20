"""Шляпа as it is really played (issue 15): ё in guesses and explanations, transcribed speech, the
«whole explanation exactly right» figure.  Our own examples, not the dev sets' words."""
import json

import pytest

from service.evaluation.hat import score_explanations
from service.rules import hat
from tests.conftest import DATA


def violations(lexicon, target, text):
    result = hat.check_explanation(lexicon, target, text)
    for v in result.violations:
        assert text[v.start:v.end] == v.token      # spans are offsets into the text as sent
    return [v.token for v in result.violations if v.severity == "violation"]


# --- the metric ------------------------------------------------------------------

def test_whole_explanation_counts_a_stray_violation_on_a_clean_turn(lexicon, tmp_path):
    cases = [
        {"target": "кошка", "text": "домашнее животное мяукает", "flag": [], "clean": ["животное"]},
        {"target": "кошка", "text": "это жена кота", "flag": ["кота"], "clean": ["жена"]},
        # nothing listed as clean is flagged, but the turn has a violation it should not have
        {"target": "кошка", "text": "котёнок вырос и мяукает", "flag": [], "clean": ["мяукает"]},
    ]
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(json.dumps(c, ensure_ascii=False) for c in cases), encoding="utf-8")
    score = score_explanations(lexicon, path)
    assert (score.exact, score.cases) == (2, 3)
    assert score.clean_left_alone == 1.0 and score.flags_found == 1.0


def test_play_test_whole_explanations(lexicon):
    score = score_explanations(lexicon, DATA / "playtest_hat_explain.jsonl")
    assert score.exactly_right >= 0.90, score.misses
