"""Codenames clue checks: the rules of ../shared/rules/codenames-tournament.txt, the dev set, the HTTP endpoint."""
from __future__ import annotations

import pytest

from service.rules import codenames
from tests.service.fixed_rulings import FixedRulings


def check(lexicon, clue, board=("мышь", "утюг"), number=2, team_open=8):
    return codenames.check_clue(lexicon, clue, number, list(board), team_open)


def rules(result):
    return {v.rule for v in result.violations if v.severity == "violation"}


@pytest.mark.parametrize("clue", ["кошка", "границу", "борется", "зелёное", "Нептун", "диван-кровать", "Нью-Йорк"])
def test_existing_words_and_forms_are_fine(lexicon, clue):
    result = check(lexicon, clue)
    assert result.valid and result.penalty == "none", [v.message for v in result.violations]


@pytest.mark.parametrize("clue", ["с кошкой", "кот обормот", "кот-обормот"])
def test_several_words(lexicon, clue):
    result = check(lexicon, clue)
    assert "not_single_word" in rules(result)
    assert result.penalty == "foul"
    message = next(v.message for v in result.violations if v.rule == "not_single_word")
    assert "два слова" in message and "подсказка должна быть одним словом" in message


def test_several_words_message(lexicon):
    message = check(lexicon, "с кошкой").violations[0].message
    assert message == "«с кошкой» — два слова, а подсказка должна быть одним словом"


@pytest.mark.parametrize("clue", ["котогладильщик", "iPhone"])
def test_invented_and_glued_words(lexicon, clue):
    result = check(lexicon, clue)
    assert rules(result) == {"unknown_word"}
    assert result.penalty == "foul"


def test_three_glued_words_break_the_game(lexicon):
    """The rules' own example of a technical defeat: «кроликомедикаментокружка» on заяц, лекарство, чашка."""
    result = check(lexicon, "кроликомедикаментокружка", board=("заяц", "лекарство", "чашка"))
    assert rules(result) == {"unknown_word"}
    assert result.penalty == "loss"
    assert "техническое поражение" in result.violations[0].message


def test_glued_compound_names_its_parts(lexicon):
    result = check(lexicon, "кроликомедикаментокружка", board=("заяц", "лекарство", "чашка"))
    violation = next(v for v in result.violations if v.rule == "unknown_word")
    assert violation.evidence[0]["parts"] == ["кролик", "медикамент", "кружка"]
    assert violation.message.startswith("«кроликомедикаментокружка» нет в словарях")
    assert "«кролик» + «медикамент» + «кружка»" in violation.message


def test_cognate_of_an_open_word_loses_and_names_it(lexicon):
    result = check(lexicon, "кошка", board=("кот", "мышь"))
    assert not result.valid and result.penalty == "loss"
    violation = next(v for v in result.violations if v.rule == "cognate")
    assert violation.about["board_word"] == "кот"
    assert {"кот", "кош"} & set(violation.about["roots"])
    assert violation.evidence
    assert violation.message.startswith("«кошка» однокоренное с открытым словом «кот»")
    assert violation.message.endswith("по правилам это поражение")


def test_cognate_message_names_the_root(lexicon):
    violation = check(lexicon, "рыбак", board=("рыба", "нос")).violations[0]
    assert violation.message == "«рыбак» однокоренное с открытым словом «рыба» (корень «рыб»): по правилам это поражение"


def test_closed_words_do_not_count(lexicon):
    # кот is closed: the client sends only the open words
    assert check(lexicon, "кошка", board=("мышь", "сыр")).valid


@pytest.mark.parametrize("clue,board", [("наручники", ("рука", "нос")), ("лесник", ("лес", "волк")),
                                        ("рука", ("рука", "нос"))])
def test_more_cognates(lexicon, clue, board):
    result = check(lexicon, clue, board=board)
    assert result.penalty == "loss"


def test_homonymous_root_is_not_a_cognate(lexicon):
    assert check(lexicon, "водитель", board=("вода", "руль")).valid


@pytest.mark.parametrize("clue", ["пятибуквенные", "трёхбуквенное", "короткие", "длинные", "линия", "круглые",
                                  "диагональ", "буква", "о"])
def test_letters(lexicon, clue):
    result = check(lexicon, clue)
    assert rules(result) == {"letters"}, [v.message for v in result.violations]
    assert result.penalty == "foul"
    assert "а не к смыслу" in result.violations[0].message


@pytest.mark.parametrize("clue", ["граница", "шар", "шахта", "кольцо", "зелёное"])
def test_meaning_clues_are_not_letters(lexicon, clue):
    assert "letters" not in rules(check(lexicon, clue, board=("огурец",)))


@pytest.mark.parametrize("number,team_open,ok", [
    (0, 8, True), (1, 8, True), (8, 8, True), (9, 8, False), (-1, 8, False), ("unlimited", 8, True),
    ("неограниченно", 3, True), ("много", 8, False), (4, 3, False), (0, 0, True), (1, 0, False)])
def test_number(lexicon, number, team_open, ok):
    result = check(lexicon, "шар", board=("мяч",), number=number, team_open=team_open)
    assert result.valid is ok
    if not ok:
        assert rules(result) == {"number"} and result.penalty == "foul"
        message = next(v.message for v in result.violations if v.rule == "number")
        assert "«неограниченно»" in message and ("не число" in message or "не подходит" in message)


def test_number_message_counts_open_words(lexicon):
    message = check(lexicon, "шар", board=("мяч",), number=4, team_open=3).violations[0].message
    assert message == "число 4 не подходит: можно 0, 1–3 или «неограниченно» (у команды 3 открытых слова)"


def test_cognate_outweighs_foul(lexicon):
    result = check(lexicon, "кошка", board=("кот",), number=12)
    assert rules(result) == {"cognate", "number"}
    assert result.penalty == "loss"


# ------------------------------------------------------------------ HTTP ---


@pytest.fixture
def api(client):
    return client  # the service app shared by all tests (tests/conftest.py)


def test_http_contract(api):
    r = api.post("/v1/codenames/clue", json={"clue": "кошка", "number": 2, "board": ["кот", "мышь"], "team_open": 8})
    assert r.status_code == 200
    body = r.json()
    assert body["valid"] is False and body["penalty"] == "loss"
    v = body["violations"][0]
    assert v["rule"] == "cognate" and v["board_word"] == "кот" and v["message"] and v["roots"]


def test_http_valid_and_unlimited(api):
    r = api.post("/v1/codenames/clue", json={"clue": "Шар", "number": "unlimited", "board": ["воздух", "мяч"],
                                             "team_open": 8})
    assert r.status_code == 200
    assert r.json()["valid"] is True and r.json()["penalty"] == "none" and r.json()["violations"] == []


def test_http_operation_id(api):
    spec = api.get("/openapi.json").json()
    assert spec["paths"]["/v1/codenames/clue"]["post"]["operationId"] == "check_codenames_clue"


@pytest.mark.parametrize("body,field", [
    ({"clue": "шар", "number": 1, "board": ["мяч"] * 26, "team_open": 8}, "board"),
    ({"clue": "шар", "number": 1, "board": ["мяч"], "team_open": 99}, "team_open"),
    ({"clue": "", "number": 1, "board": ["мяч"], "team_open": 8}, "clue"),
    ({"clue": "шар", "number": 1.5, "board": ["мяч"], "team_open": 8}, "number"),
    ({"clue": "шар", "number": 1, "board": ["мяч", "два слова"], "team_open": 8}, "board[1]"),
    ({"number": 1, "board": ["мяч"], "team_open": 8}, "clue"),
])
def test_http_bad_input_is_a_clear_422(api, body, field):
    r = api.post("/v1/codenames/clue", json=body)
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("application/problem+json")
    problem = r.json()
    assert problem["status"] == 422 and field in problem["detail"]


# --------------------------------------------------------------- rulings ---

@pytest.mark.parametrize("clue", ["рыбак", "Рыбак!"])
def test_cognate_rulings_decide_their_pairs(lexicon, clue):
    # Before: rulings were applied to the serialised result keyed by the clue as sent, so «Рыбак!»
    # (a valid one-word clue) found no ruling: рыба stayed a loss and дом was not added.
    oracle = FixedRulings(("cognate", "рыбак", "рыба", False), ("cognate", "рыбак", "дом", True))
    result = codenames.check_clue(lexicon, clue, 1, ["рыба", "дом"], 2, oracle)
    cognates = [v for v in result.violations if v.rule == "cognate"]
    assert [v.about["board_word"] for v in cognates] == ["дом"]
    assert cognates[0].severity == "violation" and cognates[0].evidence[0]["note"] == "так решили"
    assert result.penalty == "loss"
    freed = codenames.check_clue(lexicon, clue, 1, ["рыба", "нос"], 2, oracle)
    assert freed.valid and freed.penalty == "none"


@pytest.mark.parametrize("hidden", ["\u200e", "\u034f", "\ufe0f"])
def test_invisible_characters_do_not_split_the_clue(lexicon, hidden):
    # Issue 36, item 4: «ры\u200eбак» read as two words, and neither was cognate with рыба.
    assert rules(check(lexicon, f"ры{hidden}бак", board=("рыба", "утюг"))) == {"cognate"}
