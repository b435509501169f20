"""Шляпа as it is really played (issue 15): ё in guesses and explanations, transcribed speech, the
«whole explanation exactly right» figure.  Our own examples, not the dev sets' words."""
import json

import pytest

from service.evaluation.hat import score_explanations
from service.rules import hat


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


# --- ё in guesses ---------------------------------------------------------------------

@pytest.mark.parametrize("target, guess", [
    ("щётка", "щетку"), ("самолёт", "самолеты"), ("жёлудь", "желуди"), ("совёнок", "совенок"),
    ("ведро", "вёдра"), ("сёстры", "сестра"), ("осёл", "ослы"), ("Ёлка", "ЕЛКИ"),
])
def test_guess_without_or_with_dots_is_the_same_word(lexicon, target, guess):
    result = hat.check_guess(lexicon, target, guess)
    assert result.accepted and result.reason == "word_form", result.message


@pytest.mark.parametrize("target, guess", [
    ("падёж", "падеж"), ("падеж", "падёж"), ("полёт", "полет"), ("мёл", "мел"), ("нёбо", "неба"),
])
def test_guess_that_yo_makes_another_word_is_rejected(lexicon, target, guess):
    result = hat.check_guess(lexicon, target, guess)
    assert not result.accepted and result.reason == "different_word"
    assert "буква ё" in result.message and result.evidence[0]["kind"] == "yo_spelling"


@pytest.mark.parametrize("target, guess, reason, says", [
    ("медведь", "медвежонок", "cognate", "можно попросить уточнить"),
    ("узел", "узелок", "cognate", "однокоренное"),
    ("медведь", "волк", "different_word", "другое слово"),
])
def test_rejected_guess_says_cognate_or_different_word(lexicon, target, guess, reason, says):
    result = hat.check_guess(lexicon, target, guess)
    assert not result.accepted and result.reason == reason and says in result.message


# --- transcribed speech ------------------------------------------------------------------

@pytest.mark.parametrize("target, text", [
    ("стол", "ну это типа мебель ну на четырёх ножках ну за ним едят едят и работают..."),
    ("зонт", "ну типа когда дождь идёт ну ты его раскрываешь над головой... чтобы не промокнуть ну"),
    ("поезд", "ну это едет по рельсам рельсам типа вагоны вагоны и локомотив… ну"),
    ("мороженое", "ну типа холодное сладкое ну пломбир пломбир эскимо..."),
    ("кошка", "ну это… ко… ко мне приходит мяукает мяукает"),    # a stuttered preposition
])
def test_speech_without_punctuation_leaves_a_clean_turn_alone(lexicon, target, text):
    assert violations(lexicon, target, text) == []


@pytest.mark.parametrize("target, text, token", [
    ("самолёт", "ну типа летает летает по небу ну с крыльями", "летает"),
    ("кошка", "ну типа кот кот кот ну", "кот"),
    ("корова", "ну ко… ну даёт молоко", "ко"),                    # a short cut-off beginning
    ("кошка", "ну это ко... ну короче мяукает", "ко"),
    ("глобус", "ну это гло… ну модель земли на подставке", "гло"),
    ("гора", "ну типа рифмуется с нора ну высокая", "нора"),
    ("рука", "ну типа хенд по-русски ну", "хенд"),
    ("университет", "ну типа учатся студенты ну в МГУ например", "МГУ"),
])
def test_speech_violations_are_found_with_exact_spans(lexicon, target, text, token):
    assert token in violations(lexicon, target, text)


def test_every_repeated_word_gets_its_own_span(lexicon):
    text = "ну кот… кот кот ну"
    spans = [(v.start, v.end) for v in hat.check_explanation(lexicon, "кошка", text).violations
             if v.token == "кот"]
    assert len(set(spans)) == 3 and all(text[a:b] == "кот" for a, b in spans)


# --- translations through a Russian homograph ---------------------------------------------

@pytest.mark.parametrize("target, text, token", [
    ("мальчик", "ну бой по-английски ну", "бой"),
    ("звезда", "ну по-английски это стар", "стар"),
    ("шляпа", "ну хат по-английски ну на голову", "хат"),
])
def test_foreign_word_spelled_like_a_russian_one_is_a_translation(lexicon, target, text, token):
    result = hat.check_explanation(lexicon, target, text)
    found = [v for v in result.violations if v.rule == "translation" and v.token == token]
    assert found and found[0].evidence["russian_word"] and "значит другое" in found[0].message


@pytest.mark.parametrize("target, text", [
    ("война", "ну был бой и сражение ну армии"),               # no language named: the Russian word
    ("госпожа", "ну как мадам только по-французски"),        # a borrowing with that meaning in Russian
])
def test_homograph_without_a_language_or_a_borrowing_is_left_alone(lexicon, target, text):
    assert violations(lexicon, target, text) == []


# --- «add a bit» in speech, without quotes ---------------------------------------------------

@pytest.mark.parametrize("target, text, token", [
    ("стол", "ну сто и ещё чуть-чуть", "сто"),
    ("стол", "ну сто плюс чуть-чуть", "плюс"),
    ("котлета", "ну кот ну и ещё немного", "кот"),
])
def test_spoken_part_with_a_vague_amount_is_a_part_appeal(lexicon, target, text, token):
    assert token in violations(lexicon, target, text)


@pytest.mark.parametrize("target, text", [
    ("котлета", "ну кот и ещё немного рыбы ну жарят"),             # adds fish, not letters
    ("стоимость", "ну сто и ещё немного денег"),
])
def test_spoken_amount_of_something_else_is_no_part_appeal(lexicon, target, text):
    assert not [t for t in violations(lexicon, target, text) if t in ("кот", "сто", "ещё")]


@pytest.mark.parametrize("said, word", [("кошку?!", "кошку"), ("«кошки»", "кошки"), ("...кошка", "кошка")])
def test_transcribed_guess_is_read_without_the_marks_around_it(lexicon, said, word):
    result = hat.check_guess(lexicon, "кошка", said)
    assert result.accepted and result.guess == word


def test_form_of_a_homophone_counts_as_the_rules_say(lexicon):
    # «Брак», если загадано «Брага»: a homophone and a form together; лука is a form of лук, луг's homophone
    result = hat.check_guess(lexicon, "луг", "лука")
    assert result.accepted and result.reason == "form_homophone"


# --- sound appeals in speech -----------------------------------------------------------------

@pytest.mark.parametrize("target, text, token", [
    ("кошка", "ну рифма мошка ну", "мошка"),
    ("кошка", "ну в рифму мошка", "рифму"),
    ("кошка", "ну похоже на слово мошка", "мошка"),
    ("кошка", "ну звучит почти как мошка", "звучит"),
])
def test_spoken_sound_appeal_naming_a_word_alike_is_a_violation(lexicon, target, text, token):
    assert token in violations(lexicon, target, text)


@pytest.mark.parametrize("target, text", [
    ("поэт", "ну пишет стихи в рифму строчки"),           # a plain mention stays a warning
    ("кошка", "ну рифма простая ну мяукает"),
    ("кошка", "ну похоже на слово собака по смыслу"),
])
def test_plain_mention_of_rhyme_is_no_violation(lexicon, target, text):
    assert violations(lexicon, target, text) == []
