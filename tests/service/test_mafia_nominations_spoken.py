"""Mafia day speeches as spoken (issue 16, part M2): nominations in table phrasing, and insults
to a player (removal in both rulesets).  The speeches are our own."""
from __future__ import annotations

import pytest

from service.rules.mafia.insults import INSULTS, insults
from service.rules.mafia.speech import Speech
from tests.service.test_mafia import check, noms


# ---------------------------------------------------------------- nominations ---

@pytest.mark.parametrize("text, player", [
    ("Девятый весь круг молчит. Выставляю номер десять. Спасибо.", 10),
    ("Я выставляю игрока под номером три, он прикрывает пару.", 3),
    ("Ладно, выставляю игрока номер один, пусть объяснится.", 1),
    ("Выставляю номер один.", 1),
    ("Выставляю первого: он голосовал последним.", 1),
    ("Выставляю номер 4.", 4),
    ("Итак, на голосование идёт пятый. Спасибо.", 5),
    ("Восьмой идёт на голосование, я так решил.", 8),
])
def test_spoken_nominations_are_read(lexicon, text, player):
    for ruleset in ("club", "sport"):
        assert noms(check(lexicon, text, ruleset)) == [("nominate", player, True, "accepted")], (ruleset, text)


@pytest.mark.parametrize("text, reason", [
    ("Если ничего не изменится, выставлю номер шесть.", "future_tense"),
    ("Я выставил бы третьего, но подожду.", "subjunctive"),
])
def test_future_and_subjunctive_stay_refused(lexicon, text, reason):
    assert noms(check(lexicon, text, "sport"))[0][2:] == (False, reason)


@pytest.mark.parametrize("text", [
    "Я голосовал за шестого, потому что он сам предложил себя выставить.",
    "Вчера на голосование шёл второй, и его не выгнали.",
    "Пятый решает, кого нам выставлять, это подозрительно.",
    "Выставляю одного из них, но пока не скажу кого.",
])
def test_reported_nominations_are_no_nominations(lexicon, text):
    assert [n for n in noms(check(lexicon, text, "sport")) if n[2]] == []
    assert all(n[3] != "accepted" for n in noms(check(lexicon, text, "club")))


def test_a_second_nomination_after_number_one_is_refused(lexicon):
    text = "Выставляю игрока номер один. А ещё выставляю игрока номер семь."
    assert noms(check(lexicon, text, "club")) == [("nominate", 1, True, "accepted"),
                                                  ("nominate", 7, False, "one_candidature")]


def test_no_nomination_after_the_speaker_is_removed(lexicon):
    text = "Зуб даю, седьмой мафия. Выставляю номер семь. Спасибо."
    result = check(lexicon, text, "sport")
    assert result.removal
    (nomination,) = result.nominations
    assert (nomination.player, nomination.accepted, nomination.reason) == (7, False, "removed")
    assert "удалён" in nomination.message


def test_a_nomination_before_the_removal_stands(lexicon):
    text = "Выставляю номер семь. Зуб даю, седьмой мафия."
    assert noms(check(lexicon, text, "sport")) == [("nominate", 7, True, "accepted")]


# ---------------------------------------------------------------------- insults ---

def insult_findings(lexicon, text, ruleset):
    speech = Speech(lexicon, text, ruleset, None)
    insults(speech)
    return [f for f in speech.findings if f.rule == "insult"]


@pytest.mark.parametrize("text, token", [
    ("Третий, ты кретин? Ты же сам его вскрыл.", "кретин"),
    ("Шестой, вы придурок, раз голосуете за мафию.", "придурок"),
    ("Ну ты и тупица, второй.", "тупица"),
    ("Девятый — идиот, он сдал своего шерифа.", "идиот"),
    ("Какой же ты дебил, восьмой!", "дебил"),
])
def test_insults_to_a_player_remove_in_both_rulesets(lexicon, text, token):
    for ruleset, clause in (("club", "7.1.2"), ("sport", "оскорбления другому игроку")):
        (finding,) = insult_findings(lexicon, text, ruleset)
        assert (finding.token, finding.penalty) == (token, "removal")
        assert text[finding.start:finding.end] == finding.token
        assert clause in finding.evidence["clause"] and finding.evidence["lemma"] in INSULTS
        assert "оскорбление" in finding.message


@pytest.mark.parametrize("text", [
    "Вчера четвёртый назвал меня идиотом, но я не обиделся.",
    "Пятый, ты не дурак, ты просто торопишься.",
    "Дураков за этим столом нет, все играют сильно.",
    "Это уродство, а не голосование.",
    "Идиотская ситуация вышла со вчерашним голосованием.",
    "Придурковатый у меня сегодня настрой, извините.",
    "Кретинизм какой-то, а не игра.",
    "Я не считаю тебя дураком, седьмой, просто ты ошибся.",
    "Я дурак, что поверил пятому вчера.",
    "Ты сказал, что я идиот, но я промолчу.",
])
def test_retold_negated_and_words_containing_insults_are_left_alone(lexicon, text):
    for ruleset in ("club", "sport"):
        assert insult_findings(lexicon, text, ruleset) == [], (ruleset, text)


def test_insult_lexicon_is_lemmas_without_mat(lexicon):
    assert {"придурок", "кретин", "тупица", "урод", "идиот", "дебил"} <= INSULTS.keys()
    for lemma in INSULTS:
        hit = lexicon.profanity(lemma)
        assert getattr(hit, "category", None) != "obscene", lemma


def test_frequent_words_said_to_a_player_are_no_insults(lexicon):
    wordfreq = pytest.importorskip("wordfreq")
    words = wordfreq.top_n_list("ru", 2000)
    for k in range(0, len(words), 200):
        text = "Пятый, ты " + " ".join(words[k:k + 200])        # one sentence, said to a player
        assert insult_findings(lexicon, text, "sport") == [], k
