"""Codenames clues as captains really give them (issue 15): sound appeals, hyphenated words,
glued compounds, and the penalty each verdict carries (rules/codenames-tournament.txt)."""
from __future__ import annotations

import pytest

from service.rules import codenames

BOARD = ("лес", "гора", "окно", "утюг", "мышь")


def check(lexicon, clue, board=BOARD, number=2, team_open=6):
    return codenames.check_clue(lexicon, clue, number, list(board), team_open)


def rules(result):
    return {v.rule for v in result.violations if v.severity == "violation"}


# --- sound, rhyme and shared roots are fouls under rule `sound` ------------------------------
@pytest.mark.parametrize("clue", ["рифмуется", "рифмованные", "рифма", "созвучность", "созвучно",
                                  "однокоренные", "омонимы"])
def test_sound_appeals_are_fouls(lexicon, clue):
    result = check(lexicon, clue)
    assert rules(result) == {"sound"} and result.penalty == "foul", [v.message for v in result.violations]
    assert "созвуч" in result.violations[0].message


@pytest.mark.parametrize("clue", ["стих", "поэзия", "звук", "звуковой"])
def test_words_about_sound_by_meaning_stay_valid(lexicon, clue):
    result = check(lexicon, clue)
    assert result.valid and result.penalty == "none", [v.message for v in result.violations]


def test_letter_appeals_keep_rule_letters(lexicon):
    result = check(lexicon, "длинные")
    assert rules(result) == {"letters"} and result.penalty == "foul"


# --- one word: the dictionaries decide, not the hyphen ---------------------------------------
@pytest.mark.parametrize("clue", ["плащ-палатка", "вагон-ресторан", "иван-чай", "Улан-Удэ", "пресс-секретарь"])
def test_hyphenated_dictionary_words_are_one_word(lexicon, clue):
    result = check(lexicon, clue)
    assert result.valid and result.penalty == "none", [v.message for v in result.violations]


@pytest.mark.parametrize("clue", ["чайник-утюг", "море-небо"])
def test_two_words_joined_by_a_hyphen_are_a_foul(lexicon, clue):
    result = check(lexicon, clue)
    assert rules(result) == {"not_single_word"} and result.penalty == "foul"


@pytest.mark.parametrize("clue", ["чайникомойщик", "собакогладильщик"])
def test_made_up_compound_is_an_unknown_word_foul(lexicon, clue):
    result = check(lexicon, clue)
    assert rules(result) == {"unknown_word"} and result.penalty == "foul"
    assert "склейка слов" in result.violations[0].message


def test_three_words_glued_into_one_break_the_game(lexicon):
    # codenames-tournament.txt: «в особо тяжких случаях — техническим поражением», its example a three-word glue.
    result = check(lexicon, "рыбосыроколбаса")
    assert rules(result) == {"unknown_word"} and result.penalty == "loss"


def test_two_words_glued_into_one_is_a_foul(lexicon):
    result = check(lexicon, "рыбоколбаса")
    assert rules(result) == {"unknown_word"} and result.penalty == "foul"


# --- penalty: a cognate of an open card is a loss, everything else a foul --------------------
@pytest.mark.parametrize("clue", ["лесник", "горный", "подоконник"])
def test_cognate_of_an_open_card_is_a_loss(lexicon, clue):
    result = check(lexicon, clue)
    assert "cognate" in rules(result) and result.penalty == "loss"


def test_cognate_of_a_closed_card_is_fine(lexicon):
    result = check(lexicon, "лесник", board=("гора", "окно", "утюг"))
    assert result.valid and result.penalty == "none"


@pytest.mark.parametrize("clue, number, team_open, rule", [
    ("метель", 7, 3, "number"), ("с лесом", 2, 6, "not_single_word"), ("короткие", 2, 6, "letters"),
])
def test_other_violations_are_fouls(lexicon, clue, number, team_open, rule):
    result = check(lexicon, clue, number=number, team_open=team_open)
    assert rule in rules(result) and result.penalty == "foul", [v.message for v in result.violations]
