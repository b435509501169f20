"""Мафия day-speech rules (service/rules/mafia/) and POST /v1/mafia/speech."""
from __future__ import annotations

import pytest

from lexicon.overrides import NO_RULINGS
from service.rules import mafia
from service.settings import current as settings
from tests.service.fixed_rulings import FixedRulings


def check(lexicon, text, ruleset="club", alive=None, prior_fouls=0, oracle=NO_RULINGS):
    result = mafia.check_speech(lexicon, text, ruleset, alive, prior_fouls, oracle=oracle)
    for f in result.findings:                      # every span points into the text as sent
        assert text[f.start:f.end] == f.token, f
        assert f.penalty in ("warning", "foul", "removal")
        assert f.message and f.evidence.get("clause") and f.evidence.get("ruleset") == ruleset
    for n in result.nominations:
        assert text[n.start:n.end] == n.token, n
        assert n.message and n.reason
    return result


def rules(result, rule=None):
    return [(f.rule, f.token, f.penalty) for f in result.findings if rule is None or f.rule == rule]


def noms(result):
    return [(n.action, n.player, n.accepted, n.reason) for n in result.nominations]


# ------------------------------------------------------------------- rulebook ---

def test_rulebook_data_is_whole():
    from service.rules.mafia.rulebook import RULEBOOK, load

    assert load() == RULEBOOK                                  # read once, the same every time
    assert mafia.RULESETS == ("club", "sport") and set(mafia.RULES) == set(RULEBOOK.rule_names)
    for ruleset in RULEBOOK.rulesets.values():
        assert {"oath", "bet", "religion", "profanity", "coarse", "removal", "nomination"} <= set(ruleset.clauses)
        for clause in ruleset.clauses.values():
            assert clause.text and clause.cite and clause.penalty in ("", *RULEBOOK.penalties)
    assert "ё" not in "".join(RULEBOOK.deities | RULEBOOK.closing.done)        # folded as the lexicon folds
    assert RULEBOOK.oath["vouch"].starts <= RULEBOOK.cues and "ей" in RULEBOOK.cues


# ------------------------------------------------------------- honesty, truth ---

@pytest.mark.parametrize("ruleset", ["club", "sport"])
@pytest.mark.parametrize("text,token", [
    ("Честно, я мирный.", "Честно"),
    ("Честно говоря, не знаю.", "Честно"),
    ("Честное слово, я красный.", "Честное"),
    ("Я честный человек.", "честный"),
    ("Это нечестный ход.", "нечестный"),
    ("Говорю нечестно?", "нечестно"),
    ("Ценю честность.", "честность"),
    ("Че\u0301стно, мирный.", "Че\u0301стно"),       # stress mark kept in the span
    ("чeстно, мирный.", "чeстно"),                   # Latin «e» inside
])
def test_honesty_word_and_cognates_are_fouls(lexicon, ruleset, text, token):
    result = check(lexicon, text, ruleset)
    assert rules(result) == [("honesty", token, "foul")]
    assert result.fouls == 1 and not result.removal
    ev = result.findings[0].evidence
    assert ev["root"] == "чест" and ev["cognate_of"] == "честный"
    assert f"«{token}» — запрещённое слово «честно»" in result.findings[0].message


def test_messages_cite_the_rules_in_russian(lexicon):
    club = check(lexicon, "Честно, мирный.", "club").findings[0].message
    assert club.endswith("по п. 4.6.3 клубных правил — фол")
    sport = check(lexicon, "Честно, мирный.", "sport").findings[0].message
    assert sport.endswith("по спортивным правилам — фол")


@pytest.mark.parametrize("text", ["Честь имею.", "Чистый стол, все мирные.", "Это почётно.", "Он честолюбивый игрок.",
                                  "Можно счесть это ошибкой.", "Я чесал затылок."])
def test_honesty_near_misses(lexicon, text):
    assert rules(check(lexicon, text, "sport")) == []


@pytest.mark.parametrize("text,token", [("Правда говорю.", "Правда"), ("По правде, он чёрный.", "правде"),
                                        ("Это неправда.", "неправда"), ("Правдивый ответ.", "Правдивый")])
def test_truth_is_a_club_foul(lexicon, text, token):
    assert rules(check(lexicon, text, "club")) == [("truth", token, "foul")]
    assert rules(check(lexicon, text, "sport")) == []          # the sport rules do not name «правда»


@pytest.mark.parametrize("text", ["Правильно сказал второй.", "У меня есть право.", "Справа от меня шериф.",
                                  "Надо исправить ошибку.", "Таковы правила.", "Управлять столом."])
def test_truth_near_misses(lexicon, text):
    assert rules(check(lexicon, text, "club")) == []


# ---------------------------------------------------------------------- oaths ---

@pytest.mark.parametrize("text,token", [
    ("Клянусь, я мирный.", "Клянусь"),
    ("Поклянусь чем угодно.", "Поклянусь"),
    ("Даю клятву.", "клятву"),
    ("Клятвенно обещаю.", "Клятвенно"),
    ("Зуб даю, пятый мафия.", "Зуб даю"),
    ("Даю руку на отсечение, пятый чёрный.", "Даю руку на отсечение"),
    ("Даю ногу, он шериф.", "Даю ногу"),
    ("Видит бог, я красный.", "Видит бог"),
    ("Аллах видит, я мирный.", "Аллах видит"),
    ("Господь свидетель, я мирный.", "Господь свидетель"),
    ("Слово пацана.", "Слово пацана"),
    ("Отвечаю, он чёрный.", "Отвечаю"),
    ("Я тебе отвечаю.", "отвечаю"),
    ("Ей-богу, я мирный.", "Ей-богу"),
    ("Гадом буду, он мафия.", "Гадом буду"),
])
def test_oaths_remove_in_sport_and_are_fouls_in_club(lexicon, text, token):
    sport = check(lexicon, text, "sport")
    assert [(r, t) for r, t, p in rules(sport, "oath")] == [("oath", token)]
    assert sport.removal and f"клятва «{token}»" in sport.removal_reason
    assert "клятва" in sport.findings[0].message and sport.findings[0].message.endswith("удаление игрока")
    club = check(lexicon, text, "club")
    assert rules(club, "oath") == [("oath", token, "foul")] and not club.removal


@pytest.mark.parametrize("text", ["Отвечаю на вопрос пятого: нет.", "На вопрос шестого отвечаю так.",
                                  "Проклятый пятый опять молчит.", "Зуб болит.", "Он видит меня насквозь.",
                                  "Дай руку, третий.", "Он мне не отвечает.", "Вчера я ответил шестому."])
def test_oath_near_misses(lexicon, text):
    result = check(lexicon, text, "sport")
    assert rules(result, "oath") == [] and not result.removal


# ----------------------------------------------------------------------- bets ---

@pytest.mark.parametrize("text,token", [("Спорим, что он мафия?", "Спорим"), ("Поспорим на что угодно.", "Поспорим"),
                                        ("Готов поспорить, он шериф.", "Готов поспорить"),
                                        ("Бьюсь об заклад, шестой мафия.", "Бьюсь об заклад"),
                                        ("Держу пари, он чёрный.", "Держу пари"), ("Давай на спор.", "на спор")])
def test_bets_remove_in_sport(lexicon, text, token):
    result = check(lexicon, text, "sport")
    assert [(r, t) for r, t, p in rules(result)] == [("bet", token)]
    assert result.removal and f"спор или пари «{token}»" in result.removal_reason
    assert rules(check(lexicon, text, "club")) == [("bet", token, "foul")]


@pytest.mark.parametrize("text", ["Я не спорю с тобой.", "Мы спорили вчера полчаса.", "Спор был долгим.",
                                  "Это спорный момент."])
def test_bet_near_misses(lexicon, text):
    result = check(lexicon, text, "sport")
    assert rules(result) == [] and not result.removal


# ------------------------------------------------------------------- religion ---

@pytest.mark.parametrize("text,token", [("Слава Богу, все живы.", "Слава Богу"), ("Слава тебе господи.", "Слава тебе господи"),
                                        ("Богу слава, живы.", "Богу слава"), ("Слава Аллаху.", "Слава Аллаху")])
def test_glory_to_god_in_any_variation_is_a_sport_foul(lexicon, text, token):
    result = check(lexicon, text, "sport")
    assert rules(result) == [("religion", token, "foul")] and result.fouls == 1


def test_other_appeals_to_religion(lexicon):
    result = check(lexicon, "Господи, ну что такое. Не дай бог.", "club")
    assert [t for r, t, p in rules(result, "religion")] == ["Господи", "бог"]


@pytest.mark.parametrize("text", ["Слава команде!", "Богатый выбор.", "Убогая игра.", "Это божественно сыграно."])
def test_religion_near_misses(lexicon, text):
    assert rules(check(lexicon, text, "sport"), "religion") == []


# ------------------------------------------------------------------ profanity ---

TRAPS = ["оскорблять", "употреблять", "колебаться", "корабля", "сабля", "рубля", "застрахуйте", "психуй",
         "мандарин", "команда", "ипподром", "хлебать", "бляха", "сук"]


@pytest.mark.parametrize("ruleset", ["club", "sport"])
def test_trap_words_are_not_profanity(lexicon, ruleset):
    text = "Слова: " + ", ".join(TRAPS) + "."
    assert rules(check(lexicon, text, ruleset)) == []


def test_each_obscene_word_is_a_club_foul_repeats_included(lexicon):
    text = "Бля, этот опять, бля, молчит, бля."
    result = check(lexicon, text, "club")
    assert [(r, t, p) for r, t, p in rules(result)] == [("profanity", "Бля", "foul"), ("profanity", "бля", "foul"),
                                                       ("profanity", "бля", "foul")]
    assert result.fouls == 3 and not result.removal and result.to_json()["next_speech_lost"]
    assert result.findings[0].evidence["root"] == "блядь"
    assert result.findings[0].message == "«Бля» — мат (корень «блядь»); по п. 6.8 клубных правил — фол"


def test_fourth_obscene_word_removes_in_club(lexicon):
    result = check(lexicon, "Бля, хуйня, пиздец, заебал.", "club")
    assert result.fouls == 4 and result.removal and "7.1.1" in result.removal_reason
    assert result.removal_reason.startswith("всего 4 фола — удаление игрока по п. 7.1.1 клубных правил")


def test_obscene_in_sport_is_a_warning_and_coarse_words_warn(lexicon):
    sport = check(lexicon, "Бля, опять.", "sport")
    assert rules(sport) == [("profanity", "Бля", "warning")] and sport.fouls == 0
    assert "в спортивных правилах нет пункта о мате" in sport.findings[0].message
    club = check(lexicon, "Это жопа.", "club")
    assert rules(club) == [("profanity", "жопа", "warning")] and club.fouls == 0
    assert club.findings[0].message.startswith("«жопа» — грубое слово (не мат)")


# -------------------------------------------------------------------- fillers ---

def test_fillers_warn_first_then_foul(lexicon):
    result = check(lexicon, "Угу, ага, понятно. Кхм, эээ, ггг.", "club")
    assert rules(result) == [("filler", "Угу", "warning"), ("filler", "ага", "foul"), ("filler", "Кхм", "foul"),
                             ("filler", "эээ", "foul"), ("filler", "ггг", "foul")]
    assert result.fouls == 4 and result.removal
    assert result.findings[0].message == "«Угу» — звук-паразит; по п. 6.9 клубных правил — первый раз предупреждение"
    assert result.findings[1].message == "«ага» — звук-паразит, уже 2-й; по п. 6.9 клубных правил — фол"


def test_fillers_are_club_only_and_words_are_not_fillers(lexicon):
    assert rules(check(lexicon, "Угу, ага.", "sport")) == []
    assert rules(check(lexicon, "А ну, о чём у него спросить? Ура, хорошо.", "club")) == []


# ------------------------------------------------------------------- fouls ---

def test_prior_fouls_count_towards_removal(lexicon):
    assert check(lexicon, "Честно, мирный.", "sport", prior_fouls=3).removal
    second = check(lexicon, "Честно, мирный.", "sport", prior_fouls=1).to_json()
    assert second["fouls_total"] == 2 and not second["removal"] and not second["next_speech_lost"]
    third = check(lexicon, "Честно, мирный.", "sport", prior_fouls=2).to_json()
    assert third["next_speech_lost"] and not third["removal"]


def test_clean_speech(lexicon):
    text = "Я мирный житель. Пятый молчал весь круг, шестой голосовал странно. Спасибо, всё."
    for ruleset in ("club", "sport"):
        result = check(lexicon, text, ruleset).to_json()
        assert result["findings"] == [] and result["fouls"] == 0 and result["removal"] is False


# ---------------------------------------------------------------- nominations ---

@pytest.mark.parametrize("text,player", [
    ("Выставляю номер три.", 3), ("Я выставляю игрока номер пять.", 5), ("Выставляю пятого.", 5),
    ("Выставляю десятого.", 10), ("Выставляю номер 7.", 7), ("Выставляю 7-го.", 7),
    ("Выставляю игрока под номером четыре.", 4), ("Выставляю первого.", 1), ("Выставляю девятку.", 9),
    ("Выставляю, эээ, восьмого.", 8), ("Выставляю четвёртого игрока.", 4),
])
def test_present_tense_nomination_is_accepted(lexicon, text, player):
    result = check(lexicon, text, "sport")
    assert noms(result) == [("nominate", player, True, "accepted")]


@pytest.mark.parametrize("text,reason,player", [
    ("Я выставлю номер три.", "future_tense", 3), ("Буду выставлять пятого.", "future_tense", 5),
    ("Выставил бы четвёртого.", "subjunctive", 4), ("Я бы выставил номер два.", "subjunctive", 2),
    ("Хочу выставить пятого.", "intention", 5), ("Предлагаю номер шесть.", "proposal", 6),
    ("Предлагаю выставить номер 2.", "proposal", 2), ("Выставил пятого.", "past_tense", 5),
    ("Выставляем номер три.", "wrong_form", 3),
])
def test_other_forms_are_refused_with_the_reason(lexicon, text, reason, player):
    result = check(lexicon, text, "sport")
    assert noms(result) == [("nominate", player, False, reason)]
    assert result.nominations[0].message


def test_refusal_messages_are_russian(lexicon):
    (future,) = check(lexicon, "Я выставлю номер три.", "sport").nominations
    assert future.message == "«выставлю» — будущее время: выставление не принято, нужно «выставляю»"
    (subjunctive,) = check(lexicon, "Выставил бы четвёртого.", "sport").nominations
    assert "сослагательное наклонение" in subjunctive.message
    (accepted,) = check(lexicon, "Выставляю пятого.", "sport").nominations
    assert accepted.message == "«Выставляю пятого»: игрок № 5 выставлен («Принято»)"
    (club,) = check(lexicon, "Отзываю номер три.", "club").nominations
    assert club.message == "в клубных правилах нет процедуры снятия кандидатуры"


@pytest.mark.parametrize("text", ["Вчера я выставлял пятого.", "Он выставляет шестого.", "Не выставляю никого.",
                                  "Пятый выставлен на голосование.", "Предлагаю подумать."])
def test_talk_about_nominations_is_not_a_nomination(lexicon, text):
    assert noms(check(lexicon, text, "sport")) == []


@pytest.mark.parametrize("text,reason,player", [
    ("Выставляю.", "no_number", None), ("Выставляю номер.", "no_number", None),
    ("Выставляю номер 11.", "invalid_number", 11), ("Выставляю номер ноль.", "invalid_number", 0),
    ("Выставляю двенадцатого.", "invalid_number", 12),
])
def test_missing_and_invalid_numbers(lexicon, text, reason, player):
    assert noms(check(lexicon, text, "sport")) == [("nominate", player, False, reason)]


@pytest.mark.parametrize("text,player", [("Выставляю шестнадцатого.", 16), ("Выставляю номер семнадцать.", 17),
                                         ("Выставляю номер восемнадцать.", 18), ("Выставляю девятнадцатого.", 19)])
def test_teens_are_numbers_too(lexicon, text, player):
    # Mafia's own number table stopped at 15 (and 13th): 16–19 read as «no number named».
    # The lexicon's one table (lexicon/numbers.py) knows them: the number is named, and it is no seat.
    assert noms(check(lexicon, text, "sport")) == [("nominate", player, False, "invalid_number")]


def test_alive_list(lexicon):
    alive = [1, 2, 3, 5, 8]
    assert noms(check(lexicon, "Выставляю номер четыре.", "sport", alive)) == [("nominate", 4, False, "not_alive")]
    assert noms(check(lexicon, "Выставляю пятого.", "sport", alive)) == [("nominate", 5, True, "accepted")]


def test_one_candidature_withdraw_and_renominate(lexicon):
    text = "Выставляю пятого. Выставляю седьмого. Отзываю номер восемь. Отзываю пятого. Выставляю седьмого."
    assert noms(check(lexicon, text, "sport")) == [
        ("nominate", 5, True, "accepted"), ("nominate", 7, False, "one_candidature"),
        ("withdraw", 8, False, "not_your_nomination"), ("withdraw", 5, True, "withdrawn"),
        ("nominate", 7, True, "accepted")]


def test_withdrawal(lexicon):
    assert noms(check(lexicon, "Отзываю номер три.", "sport")) == [("withdraw", 3, True, "withdrawn")]
    assert noms(check(lexicon, "Отзову номер три.", "sport")) == [("withdraw", 3, False, "future_tense")]
    assert noms(check(lexicon, "Отзываю номер три.", "club")) == [("withdraw", 3, False, "no_withdrawal")]


# -------------------------------------------------------------------- closing ---

@pytest.mark.parametrize("text,phrase,at_end", [("Я мирный. Спасибо, всё.", "Спасибо, всё", True),
                                                ("Я мирный, пас", "пас", True),
                                                ("Спасибо, всё. Ой, ещё: пятый чёрный.", "Спасибо, всё", False)])
def test_closing_phrase(lexicon, text, phrase, at_end):
    closing = check(lexicon, text).closing
    assert closing["phrase"] == phrase and closing["at_end"] is at_end
    assert closing["message"] == ("речь закончена" if at_end else "речь продолжается после завершающей фразы")
    assert text[closing["start"]:closing["end"]] == phrase


def test_no_closing_phrase(lexicon):
    assert check(lexicon, "Спасибо второму за игру. Пас мяча.").closing is None


# ------------------------------------------------------------ frequent words ---

def test_frequent_russian_words_are_not_profanity(lexicon):
    wordfreq = pytest.importorskip("wordfreq")
    words = wordfreq.top_n_list("ru", 1000)
    assert len(words) == 1000
    for ruleset in ("club", "sport"):
        for k in range(0, len(words), 200):
            text = " ".join(words[k:k + 200])
            assert rules(check(lexicon, text, ruleset), "profanity") == [], ruleset


# ------------------------------------------------------------------ severity ---

def test_findings_carry_the_shared_severity(lexicon):
    result = check(lexicon, "Угу, честно, клянусь.", "sport")
    assert [(f.rule, f.penalty, f.severity) for f in result.findings] == [
        ("honesty", "foul", "violation"), ("oath", "removal", "violation")]
    club = check(lexicon, "Угу, честно.", "club").to_json()["findings"]
    assert [(f["rule"], f["penalty"], f["severity"]) for f in club] == [
        ("filler", "warning", "warning"), ("honesty", "foul", "violation")]


# -------------------------------------------------------------------- rulings ---

def test_a_cognate_ruling_decides_the_family(lexicon):
    oracle = FixedRulings(("cognate", "честный", "честность", False), ("cognate", "правда", "правила", True),
                          note="правила — от правды")
    assert rules(check(lexicon, "Ценю честность.", "club")) == [("honesty", "честность", "foul")]
    assert rules(check(lexicon, "Ценю честность.", "club", oracle=oracle)) == []
    assert rules(check(lexicon, "Таковы правила.", "club")) == []
    (ruled,) = check(lexicon, "Таковы правила.", "club", oracle=oracle).findings
    assert (ruled.rule, ruled.token, ruled.penalty) == ("truth", "правила", "foul")
    assert ruled.evidence["ruling"]["note"] == "правила — от правды"
    assert ruled.evidence["ruling"]["engine"]["cognate"] is False and ruled.evidence["confidence"] == "certain"
    assert "по решению судьи" in ruled.message
    assert rules(check(lexicon, "Таковы правила.", "sport", oracle=oracle)) == []   # sport names no «правда»


@pytest.fixture
def judged(lexicon, tmp_path, monkeypatch):
    """An app with its own rulings store and a token to write rulings with."""
    from fastapi.testclient import TestClient

    from service.api.app import create_app
    from service.rulings import RulingsStore

    monkeypatch.setenv("KOREN_RULINGS_TOKEN", "mafia-token")
    app = create_app(lexicon.engine)
    app.state.rulings = store = RulingsStore(f"sqlite:///{tmp_path / 'rulings.sqlite'}")
    with TestClient(app) as client:
        yield client
    store.close()


def test_http_speech_follows_the_scope_rulings(judged):
    auth = {"Authorization": "Bearer mafia-token"}
    speech = {"text": "Ценю честность. Таковы правила.", "ruleset": "club"}
    before = judged.post("/v1/mafia/speech", json={**speech, "scope": "cup"}).json()
    assert [(f["rule"], f["token"]) for f in before["findings"]] == [("honesty", "честность")]
    for a, b, verdict in (("честный", "честность", False), ("правда", "правило", True)):
        r = judged.post("/v1/rulings", json={"scope": "cup", "kind": "cognate", "a": a, "b": b, "verdict": verdict,
                                             "judge": "Ива", "note": "так решили"}, headers=auth)
        assert r.status_code == 201, r.text
    after = judged.post("/v1/mafia/speech", json={**speech, "scope": "cup"}).json()
    assert [(f["rule"], f["token"], f["penalty"]) for f in after["findings"]] == [("truth", "правила", "foul")]
    ruling = after["findings"][0]["evidence"]["ruling"]
    assert ruling["kind"] == "ruling" and ruling["judge"] == "Ива" and ruling["scope"] == "cup"
    assert ruling["engine"]["cognate"] is False
    unscoped = judged.post("/v1/mafia/speech", json=speech).json()
    assert [(f["rule"], f["token"]) for f in unscoped["findings"]] == [("honesty", "честность")]
    assert judged.post("/v1/mafia/speech", json={**speech, "scope": "a\x00b"}).status_code == 422


# ----------------------------------------------------------------------- HTTP ---

@pytest.fixture
def api(client):
    return client  # the service app shared by all tests (tests/conftest.py)


def test_http_speech(api):
    text = "Честно, я мирный. Видит бог. Выставляю номер пять. Спасибо, всё."
    r = api.post("/v1/mafia/speech", json={"text": text, "ruleset": "sport", "alive": [1, 2, 5]})
    assert r.status_code == 200, r.text
    body = r.json()
    assert {"findings", "fouls", "removal", "nominations"} <= body.keys()
    assert [(f["rule"], f["token"], f["penalty"]) for f in body["findings"]] == [
        ("honesty", "Честно", "foul"), ("oath", "Видит бог", "removal")]
    for f in body["findings"]:
        assert text[f["start"]:f["end"]] == f["token"] and f["message"] and f["evidence"]
    assert body["fouls"] == 1 and body["removal"] is True and body["removal_reason"]
    # Removed by the oath before it, the speaker nominates no one (issue 16).
    assert body["nominations"] == [{**body["nominations"][0], "action": "nominate", "player": 5, "accepted": False,
                                    "reason": "removed"}]
    assert body["closing"]["phrase"] == "Спасибо, всё"


def test_http_operation_id(api):
    spec = api.get("/openapi.json").json()
    assert spec["paths"]["/v1/mafia/speech"]["post"]["operationId"] == "check_mafia_speech"


def test_http_text_too_long_is_a_clear_422(api):
    r = api.post("/v1/mafia/speech", json={"text": "слово " * 2000, "ruleset": "club"})
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("application/problem+json")
    body = r.json()
    assert body["status"] == 422 and body["errors"][0]["field"] == "text"
    assert str(settings().max_text_chars) in body["detail"]


@pytest.mark.parametrize("payload,field", [({"text": "пас", "ruleset": "street"}, "ruleset"),
                                           ({"text": "пас"}, "ruleset"),
                                           ({"text": "пас", "ruleset": "club", "alive": [0, 11]}, "alive.0"),
                                           ({"ruleset": "club"}, "text")])
def test_http_bad_input(api, payload, field):
    r = api.post("/v1/mafia/speech", json=payload)
    assert r.status_code == 422 and r.headers["content-type"].startswith("application/problem+json")
    assert field in [e["field"] for e in r.json()["errors"]]


@pytest.mark.parametrize("hidden", ["\u200e", "\u034f", "\ufe0f", "\u00ad", "\U000e0001"])
def test_invisible_characters_do_not_hide_a_word(lexicon, hidden):
    # Issue 36, item 4: «Чес\u200eтно» got no finding.
    text = f"Чес{hidden}тно, я мирный. Вы{hidden}ставляю номер 5."
    result = check(lexicon, text, alive=[5])
    assert [(f.rule, f.token.replace(hidden, "")) for f in result.findings] == [("honesty", "Честно")]
    assert noms(result) == [("nominate", 5, True, "accepted")]
