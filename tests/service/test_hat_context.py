"""Hat: a form whose lemmas disagree on the verdict is read in its sentence (issue 14, point 4)."""
from __future__ import annotations

import inspect

import pytest

from lexicon import context
from service.rules.hat import explanation
from service.rules.hat.profile import TargetProfile, TokenInText

# The cognate rule reads words in context once explanation.word_rules hands the profile the sentence.
WIRED = "ex.tokens" in inspect.getsource(explanation.word_rules)


def read(lexicon, target: str, text: str, word: str):
    p = TargetProfile(lexicon, lexicon.normalize(target))
    tokens = lexicon.tokenize(text)
    tok = next(t for t in tokens if t.text == word)
    return p.verdict_in_context(p.in_text(tok, tokens))


def test_stali_in_my_stali_druzyami_is_the_verb(lexicon):
    got = read(lexicon, "сталь", "мы стали друзьями", "стали")
    assert not got.verdict.cognate and not got.contested
    assert got.verdict.evidence[-1]["kind"] == "reading_in_context"
    assert "«стать» (глагол)" in got.verdict.evidence[-1]["explanation"]


def test_stali_of_steel_stays_a_form_of_the_target(lexicon):
    got = read(lexicon, "сталь", "из стали делают ножи", "стали")
    assert got.verdict.cognate and got.verdict.confidence == "certain"
    assert got.verdict.b.word.raw == "стали"          # the verdict is told about the word as written


def test_pila_in_ona_pila_chai_is_drinking(lexicon):
    assert not read(lexicon, "пила", "она пила чай", "пила").verdict.cognate
    assert read(lexicon, "пить", "она пила чай", "пила").verdict.cognate


def test_pila_po_derevu_is_the_saw(lexicon):
    got = read(lexicon, "пила", "пила по дереву", "пила")
    assert got.verdict.cognate and not got.contested


def test_the_target_spelled_as_given_stays_when_the_context_hesitates(lexicon, hesitant):
    got = read(lexicon, "пила", "пила по дереву", "пила")
    assert got.verdict.cognate and not got.contested
    assert got.verdict.evidence[-1]["kind"] == "readings_disagree"


def test_an_undecided_other_form_is_contested_and_names_both_readings(lexicon, hesitant):
    got = read(lexicon, "пить", "пила по дереву", "пила")
    assert got.contested and got.verdict.cognate and got.verdict.confidence == "probable"
    first = got.verdict.evidence[0]
    assert first["kind"] == "readings_disagree"
    assert {r["lemma"] for r in first["readings"]} == {"пить", "пила"}
    assert "решает судья" in first["explanation"]


def test_without_the_tagger_a_disagreeing_word_is_contested(lexicon, monkeypatch):
    def missing(relative):
        raise context.TaggerUnavailable("нет")

    monkeypatch.setattr(context, "_tagger", None)
    context._choose.cache_clear()        # answers cached with the tagger would hide its absence
    monkeypatch.setattr(context, "natasha_data", missing)
    got = read(lexicon, "сталь", "мы стали друзьями", "стали")
    assert got.contested and "теггер не установлен" in got.verdict.evidence[0]["source"]


def test_words_whose_lemmas_agree_never_run_the_tagger(lexicon, monkeypatch):
    def forbidden(*args):
        raise AssertionError("the tagger ran")

    monkeypatch.setattr(context, "choose", forbidden)
    p = TargetProfile(lexicon, lexicon.normalize("кошка"))
    tokens = lexicon.tokenize("домашнее животное мяукает и ловит мышей")
    assert all(not isinstance(p.in_text(t, tokens), TokenInText) for t in tokens)
    assert p.contested(lexicon.normalize("стали")) is None     # стать and сталь are both unrelated to кошка


def test_lemmas_of_one_part_of_speech_keep_the_lexicon_verdict(lexicon):
    p = TargetProfile(lexicon, lexicon.normalize("пароход"))
    assert p.contested(lexicon.normalize("пару")) is None          # пар / пара: both nouns


def cognate_findings(lexicon, target, text):
    result = explanation.check_explanation(lexicon, target, text)
    return [(v.span.start, v.severity) for v in result.violations if v.rule == "cognate"]


@pytest.mark.skipif(not WIRED, reason="explanation.word_rules does not pass the sentence yet")
@pytest.mark.parametrize("target, text, expected", [
    ("сталь", "мы стали друзьями", []),
    ("сталь", "сталь плавят, из неё стали делают", [(0, "violation")]),
    ("сталь", "из стали делают ножи", [(3, "violation")]),
    ("пила", "она пила чай", []),
    ("пила", "пила по дереву", [(0, "violation")]),
    ("пить", "она пила чай", [(4, "violation")]),
    ("пить", "острая пила лежит", []),
    ("пить", "пила по дереву", []),
    ("пароход", "выпускает пару", [(10, "violation")]),
])
def test_check_explanation_reads_words_in_context(lexicon, target, text, expected):
    assert cognate_findings(lexicon, target, text) == expected


@pytest.mark.skipif(not WIRED, reason="explanation.word_rules does not pass the sentence yet")
def test_an_undecided_reading_is_a_warning_naming_both(lexicon, hesitant):
    result = explanation.check_explanation(lexicon, "сталь", "мы стали друзьями")
    [finding] = [v for v in result.violations if v.rule == "cognate"]
    assert finding.severity == "warning" and finding.evidence["confidence"] == "probable"
    assert "«стать»" in finding.message and "«сталь»" in finding.message and "решает судья" in finding.message
