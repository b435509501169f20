"""Mafia day speeches as spoken (issue 16, part M1): oaths by the speaker now, wagers in any
phrasing, addressing and arguing with the judge/host.  The speeches are our own."""
from __future__ import annotations

import pytest

from tests.service.test_mafia import check, rules


# ---------------------------------------------------------------------- oaths ---

@pytest.mark.parametrize("text", [
    "Шестой позавчера клялся всем, что он мирный, а потом вскрылся мафией.",
    "Я не стану клясться, за это дают фол, просто послушайте.",
    "Мы с девятым заклятые друзья, но сегодня я его не трогаю.",
    "Этот проклятый стол опять шатается, извините.",
    "Клятвы третьего ничего не стоят, он и вчера обещал.",
    "Он поклялся мне ночью, что не будет стрелять, но это же игра.",
])
def test_retold_negated_and_set_phrase_oaths_are_not_oaths(lexicon, text):
    for ruleset in ("club", "sport"):
        result = check(lexicon, text, ruleset)
        assert rules(result, "oath") == [], (ruleset, text)
        assert not result.removal


@pytest.mark.parametrize("text, token", [
    ("Клянусь вам, я обычный горожанин.", "Клянусь"),
    ("Чем хочешь поклянусь, что я не мафия.", "поклянусь"),
    ("Даю клятву, что я мирный.", "клятву"),
    ("Зуб даю, что четвёртый дон.", "Зуб даю"),
    ("Вот те крест, я шериф.", "Вот те крест"),
])
def test_the_speaker_swearing_now_is_an_oath(lexicon, text, token):
    club = check(lexicon, text, "club")
    assert [(r, p) for r, _, p in rules(club, "oath")] == [("oath", "foul")], text
    assert token in [t for _, t, _ in rules(club, "oath")][0] or [t for _, t, _ in rules(club, "oath")][0] in token
    assert check(lexicon, text, "sport").removal


# ---------------------------------------------------------------------- wagers ---

@pytest.mark.parametrize("text", [
    "Ставлю ящик пива, что восьмой чёрный.",
    "Ставлю тысячу, что пятый шериф.",
    "Спорим на что угодно, что второй дон?",
    "Готов поспорить, что седьмой мафия.",
])
def test_wagers_in_other_words(lexicon, text):
    club, sport = check(lexicon, text, "club"), check(lexicon, text, "sport")
    assert [p for _, _, p in rules(club, "bet")] == ["foul"], text
    assert sport.removal and "спор" in sport.removal_reason
    assert "4.6.4" in club.findings[0].evidence["clause"]


@pytest.mark.parametrize("text", [
    "Я ставлю под сомнение, что третий шериф.",
    "Ставлю вопрос так: что мы знаем о пятом?",
    "Я не ставлю на него, что бы он ни говорил.",
    "Ставлю себе галочку, что второй промолчал.",
])
def test_stake_words_that_are_not_wagers(lexicon, text):
    for ruleset in ("club", "sport"):
        assert rules(check(lexicon, text, ruleset), "bet") == [], (ruleset, text)


# ------------------------------------------------------------------- the judge ---

def test_arguing_with_the_host_is_a_foul_in_club_and_a_removal_in_sport(lexicon):
    text = "Ведущий, вы опять не тому дали слово, сейчас была моя очередь."
    club = check(lexicon, text, "club")
    assert [(r, p) for r, _, p in rules(club)] == [("judge", "foul")]
    assert club.findings[0].token.startswith("Ведущий")
    assert "4.6.7" in club.findings[0].evidence["clause"] and "4.6.7" in club.findings[0].message
    sport = check(lexicon, "Судья, это несправедливо, фол мне дали зря.", "sport")
    assert sport.removal and "судь" in sport.removal_reason


def test_a_plain_address_to_the_judge_is_a_warning(lexicon):
    for ruleset in ("club", "sport"):
        result = check(lexicon, "Судья, можно вопрос? Сколько у меня фолов?", ruleset)
        assert [(r, p) for r, _, p in rules(result)] == [("judge", "warning")], ruleset
        assert not result.removal and result.fouls == 0


@pytest.mark.parametrize("text", [
    "Ведущий вчера объявил ночь, и мы все надели маски.",
    "Спорный момент был вчера, но судья всё решил по правилам.",
    "Когда ведущий скажет «спасибо», уберите руки.",
])
def test_the_judge_mentioned_not_addressed_is_clean(lexicon, text):
    for ruleset in ("club", "sport"):
        assert rules(check(lexicon, text, ruleset)) == [], (ruleset, text)


def test_an_adverb_of_oath_swears_with_the_speakers_verb(lexicon):
    assert [(r, p) for r, _, p in rules(check(lexicon, "Клятвенно заверяю: я красный.", "club"), "oath")] == \
        [("oath", "foul")]
    assert rules(check(lexicon, "Он клятвенно обещал молчать.", "club"), "oath") == []


@pytest.mark.parametrize("text", [
    "Судья, вы не ошиблись, всё верно, я просто уточняю.",
    "Ведущий, можно снова вопрос?",
    "Судья, я не спорю, продолжаем.",
])
def test_an_address_without_fault_never_removes(lexicon, text):
    sport = check(lexicon, text, "sport")
    assert [(r, p) for r, _, p in rules(sport)] == [("judge", "warning")], text
    assert not sport.removal


def test_the_thieves_oath_is_an_oath(lexicon):
    assert [t for _, t, _ in rules(check(lexicon, "Век воли не видать, я красный.", "club"), "oath")] == \
        ["Век воли не видать"]
    assert rules(check(lexicon, "Век живи — век учись, а воли нам не видать.", "club"), "oath") == []


@pytest.mark.parametrize("text, token", [
    ("Вы неправильно посчитали голоса, судья.", "неправильно посчитали голоса, судья"),
    ("Уважаемый ведущий, вы ошиблись с фолом.", "ведущий, вы ошиблись"),
])
def test_the_address_may_close_or_carry_a_title(lexicon, text, token):
    sport = check(lexicon, text, "sport")
    assert [(r, t) for r, t, _ in rules(sport)] == [("judge", token)] and sport.removal


def test_the_judge_as_the_subject_between_commas_is_not_an_address(lexicon):
    assert rules(check(lexicon, "Я спросил, судья ответил, всё нормально.", "sport")) == []


def test_an_address_ending_the_speech_without_a_mark(lexicon):
    assert [r for r, _, _ in rules(check(lexicon, "Ну всё, ведущий", "club"))] == ["judge"]


# --- мат a dictionary also reads as a clean word; each occurrence counts ---------------------
def test_obscene_form_read_as_an_archaic_verb_is_still_mat(lexicon):
    from service.rules import mafia

    result = mafia.check_speech(lexicon, "Пятый всех нас ебёт своими версиями. Спасибо.", "club")
    assert [f.rule for f in result.findings] == ["profanity"]


def test_each_obscene_word_counts_once_per_occurrence_in_club(lexicon):
    from service.rules import mafia

    result = mafia.check_speech(lexicon, "Бля, ну бля, пятый, бля. Спасибо.", "club")
    assert [f.rule for f in result.findings] == ["profanity"] * 3 and result.fouls == 3
