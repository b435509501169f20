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


# --- ё in explanations --------------------------------------------------------------

@pytest.mark.parametrize("target, text, clean", [
    ("нёбо", "это во рту сверху а не небо над головой", "небо"),
    ("небо", "голубое над головой а нёбо это во рту", "нёбо"),
    ("падёж", "скота бывает а падеж бывает в грамматике", "падеж"),
])
def test_word_set_apart_by_yo_is_not_the_target(lexicon, target, text, clean):
    assert clean not in violations(lexicon, target, text)


@pytest.mark.parametrize("target, text, token", [
    ("ёж", "еж колючий ну зверь", "еж"),             # the same word without dots
    ("ёлка", "елку наряжают", "елку"),
    ("берёза", "белая береза", "береза"),
])
def test_target_written_without_dots_is_still_the_target(lexicon, target, text, token):
    assert token in violations(lexicon, target, text)


def test_engine_tells_words_apart_by_yo_only_when_both_are_dictionary_words(engine):
    apart = engine.compare("нёбо", "небо")
    assert not apart.cognate and apart.evidence[0]["kind"] == "yo_distinct"
    assert "буквой ё" in apart.evidence[0]["explanation"]
    same = engine.compare("ёж", "еж")
    assert same.cognate and same.evidence[0]["kind"] == "same_word"
