"""«Что? Где? Когда?» answer judging (issue 7): normalisation, numbers, typos, lists, batch, packages, HTTP."""
from __future__ import annotations

import argparse
import json

import pytest

from lexicon.overrides import Override
from service.rules import chgk
from service.rules.chgk import judge_answer, judge_answers, parse_package, tokens
from tests.conftest import DATA


def verdict(answer, reference, accepted=None, rejected=None, lexicon=None):
    v = judge_answer(answer, reference, accepted, rejected, lexicon=lexicon)
    return v.verdict, v.reason


# ------------------------------------------------------------ normalisation ---

@pytest.mark.parametrize("answer,reference", [
    ("черный квадрат", "Чёрный квадрат"),
    ("ЧЁРНЫЙ КВАДРАТ", "Чёрный квадрат"),
    ("«Чёрный   квадрат»!", "Чёрный квадрат"),
    ('"Черный квадрат."', "«Чёрный квадрат»"),
    ("  Чёрный\tквадрат  ", "Чёрный квадрат"),
    ("Санкт Петербург", "Санкт-Петербург"),
    ("Санктпетербург", "Санкт-Петербург"),
    ("Д’Артаньян", "Д'Артаньян"),
    ("ко\u0301шка", "кошка"),
    ("кoшка", "кошка"),          # Latin «o»
])
def test_normalisation_is_exact(answer, reference):
    assert verdict(answer, reference) == ("accept", "exact")


def test_empty_answer_is_rejected():
    assert verdict("?!", "кошка") == ("reject", "empty")
    assert verdict("", "кошка") == ("reject", "empty")


# ------------------------------------------------------------------ numbers ---

@pytest.mark.parametrize("answer,reference", [
    ("пять", "5"), ("5", "пять"), ("двенадцать", "12"), ("12", "двенадцать"),
    ("двадцать пять", "25"), ("1812", "тысяча восемьсот двенадцатый"), ("сто", "100"),
    ("двенадцати", "12"),
    ("Пётр Первый", "Пётр I"), ("Петр 1", "Пётр I"), ("Пётр I", "Пётр Первый"),
    ("Людовик Четырнадцатый", "Людовик XIV"), ("Людовик 14", "Людовик XIV"),
    ("Людовику Четырнадцатому", "Людовик XIV"), ("XX век", "двадцатый век"),
    ("Людовик ХIV", "Людовик XIV"),   # Cyrillic Х
])
def test_numbers_in_digits_words_and_roman(answer, reference):
    v, reason = verdict(answer, reference)
    assert v == "accept" and reason in ("number", "word_form"), (answer, reference, reason)


@pytest.mark.parametrize("answer,reference", [
    ("13", "двенадцать"), ("Людовик XIII", "Людовик XIV"), ("Пётр II", "Пётр I"), ("шесть", "5"),
])
def test_different_numbers_are_rejected(answer, reference):
    assert verdict(answer, reference) == ("reject", "different")


def test_number_tokens():
    assert [t.number for t in tokens("Людовик XIV")] == [None, 14]
    assert [t.number for t in tokens("тысяча восемьсот двенадцатого года")] == [1812, None]
    assert [t.number for t in tokens("12-й век")] == [12, None]
    assert tokens("витамин C")[1].number is None      # a lone C is a letter
    assert tokens("сорока")[0].number is None         # the bird, not «сорок»


# --------------------------------------------------------------- word forms ---

@pytest.mark.parametrize("answer,reference", [
    ("раму", "рама"), ("Эйфелевой башней", "Эйфелева башня"), ("кошки", "кошка"), ("в Париже", "Париж"),
])
def test_word_forms(answer, reference):
    assert verdict(answer, reference) == ("accept", "word_form")


def test_word_order_slip():
    assert verdict("Гагарин Юрий", "Юрий Гагарин") == ("accept", "word_order")
    assert verdict("башня Эйфелева", "Эйфелева башня") == ("accept", "word_order")


# -------------------------------------------------------------------- typos ---

def test_typo_allowance_scales_with_length():
    assert chgk.typo_allowance(3) == 0
    assert chgk.typo_allowance(4) == chgk.typo_allowance(5) == 1
    assert chgk.typo_allowance(6) == chgk.typo_allowance(12) == 2


@pytest.mark.parametrize("answer,reference", [
    ("Гагарн", "Гагарин"),           # 7 letters, 1 slip
    ("Гогарен", "Гагарин"),          # 2 slips: within 2 from 6 letters
    ("Лафантен", "Лафонтен"),
    ("квардат", "квадрат"),          # transposition counts once
    ("Малевчи", "Малевич"),
])
def test_typos_within_allowance_pass(answer, reference):
    assert verdict(answer, reference) == ("accept", "typo")


@pytest.mark.parametrize("answer,reference", [
    ("кто", "кот"),                  # under 4 letters: no typos
    ("квсз", "квас"),                # 4 letters: 1 slip at most, here 2
    ("Гугорон", "Гагарин"),          # 3 slips
])
def test_typos_beyond_allowance_fail(answer, reference):
    assert verdict(answer, reference)[0] == "reject"


@pytest.mark.parametrize("answer,reference", [
    ("кот", "код"), ("код", "кот"), ("самолёт", "самовар"), ("Кашка", "кошка"), ("мышка", "мушка"),
])
def test_real_word_is_never_a_typo(answer, reference):
    v = judge_answer(answer, reference)
    assert v.verdict == "reject" and v.reason == "different"


def test_real_word_guard_is_explained():
    v = judge_answer("Кашка", "кошка")
    assert any(e.get("kind") == "real_word" for e in v.evidence)
    assert "«Кашка» — самостоятельное слово" in v.message and "не опечатка" in v.message
    assert v.message.startswith("ответ не совпадает с эталоном «кошка»: незачёт")


@pytest.mark.parametrize("answer,reference", [
    ("Лафонтэн", "Лафонтен"), ("Хемингуей", "Хемингуэй"), ("Голивуд", "Голливуд"), ("Балзак", "Бальзак"),
])
def test_transliteration_variants_pass(answer, reference):
    assert verdict(answer, reference) == ("accept", "transliteration")


# ---------------------------------------------------- lists and brackets ---

def test_optional_part_in_brackets_may_be_omitted():
    v = judge_answer("Гагарин", "[Юрий] Гагарин")
    assert (v.verdict, v.reason, v.matched, v.matched_variant) == ("accept", "exact", "[Юрий] Гагарин", "Гагарин")
    assert any(e.get("kind") == "optional_omitted" for e in v.evidence)
    assert verdict("Юрий Гагарин", "[Юрий] Гагарин") == ("accept", "exact")
    assert verdict("лампочка", "лампочка [накаливания]") == ("accept", "exact")


def test_surname_alone_is_enough_but_a_less_precise_answer_is_not():
    # Jury practice: the surname names the person; Кодекс 2.1.4.2: a less precise answer is not accepted.
    assert verdict("Гагарин", "Юрий Гагарин") == ("accept", "surname")
    assert verdict("Хемингуэй", "Эрнест Хемингуэй") == ("accept", "surname")
    assert verdict("лампочка", "лампочка накаливания") == ("reject", "less_precise")
    assert verdict("Юрий", "Юрий Гагарин") == ("judge", "name_part")
    assert verdict("Алексей Толстой", "Лев Толстой")[0] == "reject"      # another person of that surname


def test_extra_words_by_what_they_add():
    assert verdict("Юрий Алексеевич Гагарин", "Юрий Гагарин") == ("accept", "extra_words")   # a patronymic
    assert verdict("император Наполеон", "Наполеон") == ("accept", "extra_words")           # a title
    assert verdict("жерло вулкана", "жерло") == ("accept", "extra_words")                   # a genitive detail
    assert verdict("красный квадрат", "квадрат") == ("judge", "extra_words")                # true or not?
    assert verdict("38 попугаев", "попугай") == ("reject", "extra_words")                   # a figure not claimed
    assert verdict("волк, Красная Шапочка", "Красная Шапочка")[0] == "reject"              # a second answer
    assert verdict("количество ячеек", "ячейка") == ("judge", "extra_words")               # another thing?
    v = judge_answer("император Наполеон", "Наполеон")
    assert v.evidence[-1]["roles"] == {"император": "title"} and "титул" in v.message


def test_accepted_list():
    v = judge_answer("Гагарин", "Юрий Гагарин", accepted=["Гагарин"])
    assert (v.verdict, v.reason, v.matched, v.source) == ("accept", "alternative", "Гагарин", "accepted")
    assert verdict("Петром Великим", "Пётр I", accepted=["Пётр Великий"]) == ("accept", "alternative")


def test_rejected_list_overrides():
    v = judge_answer("лампа", "лампочка", rejected=["лампа"])
    assert (v.verdict, v.reason, v.source) == ("reject", "rejected_list", "rejected")
    assert verdict("Титову", "Юрий Гагарин", rejected=["Титов"]) == ("reject", "rejected_list")


def test_rejected_wins_a_tie_with_accepted():
    assert verdict("квадрат", "Чёрный квадрат", accepted=["квадрат"], rejected=["квадрат"]) == \
        ("reject", "rejected_list")


# ------------------------------------------------------------ several answers ---

@pytest.mark.parametrize("answer", ["квас или пиво", "пиво или квас", "квас / пиво", "квас либо пиво"])
def test_several_versions_are_not_accepted(answer):
    v = judge_answer(answer, "квас")
    assert (v.verdict, v.reason) == ("reject", "multiple_answers")
    assert "несколько версий ответа" in v.message and "«квас»" in v.message and v.message.endswith(": незачёт")


def test_several_wrong_versions():
    assert verdict("морс или пиво", "квас") == ("reject", "multiple_answers")


def test_comma_list_of_two_answers_is_rejected_a_described_one_goes_to_judge():
    # Кодекс 2.1.1: two answers of which one is wrong; «поэт» describes the one named, the judge decides.
    assert verdict("Пушкин, Лермонтов", "Пушкин") == ("reject", "multiple_answers")
    assert verdict("Пушкин, поэт", "Пушкин") == ("judge", "multiple_answers")
    assert verdict("Пушкин, красивый", "Пушкин") == ("judge", "multiple_answers")


def test_or_inside_the_reference_is_fine():
    assert verdict("быть или не быть", "Быть или не быть") == ("accept", "exact")


# -------------------------------------------------------------- less precise ---

def test_less_precise_answer_is_not_accepted(lexicon):
    v = judge_answer("лампа", "лампочка", lexicon=lexicon)
    assert (v.verdict, v.reason) == ("judge", "less_precise")
    assert "«лампа» — менее точный ответ, чем «лампочка»" in v.message and "решает судья" in v.message
    assert verdict("лампа", "лампочка") == ("judge", "less_precise")   # without the roots too


def test_unrelated_answer_is_rejected(lexicon):
    assert verdict("Герман Титов", "Юрий Гагарин", lexicon=lexicon) == ("reject", "different")
    assert verdict("вода", "водитель", lexicon=lexicon) == ("reject", "different")


def test_latin_and_cyrillic_spellings_of_one_name():
    assert verdict("Lafontaine", "Лафонтен") == ("accept", "transliteration")
    assert verdict("Гугл", "Google") == ("accept", "transliteration")
    assert verdict("Битлз", "The Beatles") == ("accept", "transliteration")
    assert verdict("Microsoft", "Майкрософт") == ("accept", "transliteration")
    assert verdict("Sonu", "Sony")[0] == "reject"          # a short Latin name: its letters are the point
    assert verdict("Sorbonne", "Лувр") == ("judge", "other_script")


def test_every_verdict_explains_itself():
    for answer, reference in [("Эйфелевой башней", "Эйфелева башня"), ("кот", "код"), ("квас или пиво", "квас")]:
        data = judge_answer(answer, reference).to_json()
        assert data["message"] and data["reason"] and isinstance(data["evidence"], list)
    ev = judge_answer("Эйфелевой башней", "Эйфелева башня").evidence
    assert ev[0]["match"] == "word_form" and ev[0]["answer"] == "Эйфелевой" and ev[0]["lemmas"]


def test_messages_are_russian():
    assert judge_answer("Гагарен", "Гагарин").message == "«Гагарен» — опечатка в «Гагарин» (1 буква): зачёт"
    assert judge_answer("Гогарен", "Гагарин").message == "«Гогарен» — опечатка в «Гагарин» (2 буквы): зачёт"
    assert judge_answer("раму", "рама").message == "ответ совпадает с эталоном с точностью до формы слова: зачёт"
    v = judge_answer("Гагарин", "[Юрий] Гагарин")
    assert v.message.endswith("; необязательная часть «Юрий» опущена: зачёт")
    assert judge_answer("Петром Великим", "Пётр I", accepted=["Пётр Великий"]).message == \
        "ответ есть в списке зачёта («Пётр Великий», другая форма слова): зачёт"
    assert judge_answer("лампа", "лампочка", rejected=["лампа"]).message == \
        "ответ есть в списке незачёта («лампа»): незачёт"
    assert judge_answer("Пушкин, Лермонтов", "Пушкин").message.endswith("один из них неверный (Кодекс 2.1.1): незачёт")
    assert judge_answer("Пушкин, поэт", "Пушкин").message.endswith("Решает судья")
    assert judge_answer("кот", "код").evidence[0]["explanation"] == \
        "«кот» отличается от «код» на 1 букву, а в словах короче 4 букв опечатки не допускаются"
    assert [chgk.plural(n, "буква", "буквы", "букв") for n in (1, 2, 5, 11, 21, 22)] == \
        ["буква", "буквы", "букв", "букв", "буква", "буквы"]


# -------------------------------------------------------------------- batch ---

def test_batch_groups_identical_and_equivalent_answers(lexicon):
    answers = [{"team": "Альфа", "answer": "Гагарин"}, {"team": "Бета", "answer": "гагарин."},
               {"team": "Гамма", "answer": "Гагарину"}, {"team": "Дельта", "answer": "Гагарн"},
               {"team": "Эпсилон", "answer": "Юрий Гагарин"}, {"team": "Дзета", "answer": "Гагарин Юрий"},
               {"team": "Эта", "answer": "Титов"}, {"team": "Тета", "answer": "Леонов"},
               {"team": "Йота", "answer": "ЛЕОНОВ!"}, {"team": 10, "answer": "квас или пиво"}]
    out = judge_answers("[Юрий] Гагарин", [], ["Титов"], answers, lexicon=lexicon)
    assert out["counts"]["answers"] == 10 and len(out["results"]) == 10
    by_team = {r["team"]: r for r in out["results"]}
    groups = out["groups"]
    g = lambda team: by_team[team]["group"]
    assert g("Альфа") == g("Бета") == g("Гамма") == g("Дельта")
    assert g("Эпсилон") == g("Дзета")
    assert g("Тета") == g("Йота") != g("Эта")
    assert groups[g("Альфа")]["verdict"] == "accept"
    assert groups[g("Эта")]["reason"] == "rejected_list"
    assert groups[g("Тета")]["size"] == 2 and groups[g("Тета")]["verdict"] == "reject"
    assert sum(x["size"] for x in groups) == 10
    assert out["counts"]["groups"] == len(groups) == 5


def test_batch_judge_groups_are_counted():
    out = judge_answers("лампочка", None, None, [{"team": "A", "answer": "лампа"}, {"team": "B", "answer": "Лампа"},
                                                   {"team": "C", "answer": "лампы"}])
    assert out["counts"]["groups_to_judge"] == 1 and out["groups"][0]["size"] == 3


def test_batch_counts_teams_and_orders_the_judge_groups():
    answers = [{"team": "A", "answer": "Гагарин"}, {"team": "B", "answer": "Юрий"}, {"team": "C", "answer": "Титов"},
               {"team": "D", "answer": "юрий!"}, {"team": "D", "answer": "Юрий"}, {"team": None, "answer": "Юрий"}]
    out = judge_answers("Юрий Гагарин", None, None, answers)
    name = out["groups"][1]
    assert (name["verdict"], name["reason"], name["size"], name["teams"]) == ("judge", "name_part", 4, 3)
    assert out["judge_order"] == [1] and [g["teams"] for g in out["groups"]] == [1, 3, 1]
    assert name["evidence"] and name["message"]


def test_judge_order_puts_the_most_teams_first():
    from service.rules.chgk.batch import judge_order, team_count

    def group(verdict, *teams):
        return {"verdict": verdict, "answers": [{"team": t, "answer": "x"} for t in teams]}
    groups = [group("judge", "A"), group("accept", "B", "C", "D"), group("judge", "E", "F", "E"),
              group("judge", None, None, "G"), group("reject", "H"), group("judge", "I", "J")]
    assert [team_count(g["answers"]) for g in groups] == [1, 3, 2, 3, 1, 2]
    assert judge_order(groups) == [3, 2, 5, 0]


def test_a_ruled_group_leaves_the_judge_order():
    answers = [{"team": "A", "answer": "Юрий"}, {"team": "B", "answer": "Юрий"}]
    out = judge_answers("Юрий Гагарин", None, None, answers,
                        oracle=Rulings({("chgk_answer", "Юрий Гагарин", "Юрий"): "accept"}))
    assert out["judge_order"] == [] and out["groups"][0]["verdict"] == "accept"


# ------------------------------------------------------------------ rulings ---

class Rulings:
    """An oracle holding a few rulings: {(kind, a, b): verdict}."""

    def __init__(self, rulings: dict):
        self.rulings = rulings

    def find(self, kind, a, b):
        verdict = self.rulings.get((kind, a, b))
        if verdict is None:
            return None
        return Override(kind, verdict, {"kind": "ruling", "ruling_kind": kind, "pair": [a, b], "verdict": verdict,
                                        "note": "буква важна"})


def test_a_ruling_decides_the_answer_and_keeps_the_engine_as_evidence():
    engine = judge_answer("Гагарен", "Гагарин")
    v = judge_answer("Гагарен", "Гагарин", oracle=Rulings({("chgk_answer", "Гагарин", "Гагарен"): "reject"}))
    assert (engine.verdict, v.verdict, v.reason) == ("accept", "reject", "ruling")
    assert v.message == "решение судьи: незачёт (буква важна)"
    assert v.evidence[0]["kind"] == "ruling" and v.evidence[0]["engine"] == engine.to_json()


def test_a_ruling_on_one_answer_decides_its_group():
    answers = [{"team": "A", "answer": "Гагарен"}, {"team": "B", "answer": "гагарен!"}, {"team": "C", "answer": "Титов"}]
    out = judge_answers("Гагарин", None, None, answers, oracle=Rulings({("chgk_answer", "Гагарин", "гагарен!"): "reject"}))
    assert [r["verdict"] for r in out["results"]] == ["reject", "reject", "reject"]
    assert [r["reason"] for r in out["results"]][:2] == ["ruling", "ruling"]
    assert out["groups"][0]["answers"][0]["reason"] == "typo"       # each answer keeps the engine's reason
    assert out["groups"][0]["evidence"][0]["engine"]["verdict"] == "accept"
    assert out["counts"]["accept"] == 0 and out["counts"]["reject"] == 3


def test_a_cognate_ruling_decides_a_word_of_the_same_stem(lexicon):
    assert verdict("вода", "водитель", lexicon=lexicon) == ("reject", "different")
    v = judge_answer("вода", "водитель", lexicon=lexicon, oracle=Rulings({("cognate", "вода", "водитель"): True}))
    assert (v.verdict, v.reason) == ("judge", "less_precise")
    assert v.evidence[0]["cognate"] is True and v.evidence[0]["ruling"]["kind"] == "ruling"


def test_latin_look_alikes_read_the_same_in_any_case():
    assert verdict("Un кот", "UN кот") == ("accept", "exact")


# ------------------------------------------------------------------ packages ---

@pytest.fixture(scope="module")
def package():
    return parse_package((DATA / "chgk-sample.txt").read_text(encoding="utf-8"))


def test_package_questions(package):
    qs = package["questions"]
    assert package["count"] == len(qs) == 12
    assert [q["number"] for q in qs] == list(range(1, 13))
    assert package["meta"]["title"].startswith("Кубок Корня")
    assert package["meta"]["editors"] == ["Иван Петров", "Анна Смирнова"]
    assert package["warnings"] == []
    q1 = qs[0]
    assert q1["reference"] == "[Юрий] Гагарин" and q1["accepted"] == ["Юрий Алексеевич Гагарин"]
    assert q1["rejected"] == ["Титов"] and q1["authors"] == ["Иван Петров (Москва)"]
    assert q1["text"].startswith("Первым человеком") and q1["tour"] == "1"
    assert qs[1]["sources"] == ["Ж. де Лафонтен. Басни.", "И. А. Крылов. Стрекоза и Муравей."]
    assert qs[3]["handout"] == "изображение картины" and qs[3]["text"].startswith("Какую картину")
    assert qs[3]["rejected"] == ["Квадрат", "Красный квадрат"]
    assert qs[4]["accepted"] == ["Людовик Четырнадцатый"] and qs[4]["criteria"] == ["по упоминанию номера 14"]
    assert qs[5]["reference"] == "Пётр I" and qs[5]["accepted"] == ["Пётр Великий", "Пётр Первый"]
    assert qs[5]["tour"] == "2" and qs[5]["authors"] == ["Анна Смирнова", "Иван Петров"]
    assert qs[6]["comment"] == "многострочный комментарий к вопросу."       # «Вопрос 7.» with a dot
    assert qs[9]["accepted"] == ["кот", "котик"]
    assert qs[11]["authors"] == ["Иван Петров", "Анна Смирнова"]


def test_package_questions_judge_their_answers(package):
    q = {x["number"]: x for x in package["questions"]}

    def judged(n, answer):
        return judge_answer(answer, q[n]["reference"], q[n]["accepted"], q[n]["rejected"]).verdict

    assert judged(1, "Гагарин") == "accept" and judged(1, "Титов") == "reject"
    assert judged(3, "двенадцать") == "accept"
    assert judged(4, "квадрат") == "reject"
    assert judged(6, "Петр Первый") == "accept"
    assert judged(7, "лампа") == "reject" and judged(7, "лампочка накаливания") == "accept"
    assert judged(9, "квас или пиво") == "reject"
    assert judged(12, "Хэмингуэй") == "accept"


def test_package_without_questions():
    with pytest.raises(chgk.PackageError, match="вопросы не найдены"):
        parse_package("просто текст без вопросов")


def test_package_warnings():
    out = parse_package("Ответ: сирота\nВопрос 1: Кто?\nКомментарий: нет ответа\nВопрос 1: Снова?\nОтвет: да\n")
    assert any("до первого «Вопрос»" in w for w in out["warnings"])
    assert any("нет поля «Ответ:»" in w for w in out["warnings"])
    assert any("встречается несколько раз" in w for w in out["warnings"])


def test_cli(capsys):
    from service.cli import chgk as cli_chgk

    parser = argparse.ArgumentParser()
    cli_chgk.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["chgk", str(DATA / "chgk-sample.txt")])
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert "12 вопросов" in out and "Ответ: [Юрий] Гагарин" in out
    args = parser.parse_args(["chgk", str(DATA / "chgk-sample.txt"), "--json"])
    assert args.func(args) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 12
    args = parser.parse_args(["chgk", str(DATA / "no-such-package.txt")])
    assert args.func(args) == 2


# --------------------------------------------------------------------- HTTP ---

@pytest.fixture
def http(client):
    return client  # the service app shared by all tests (tests/conftest.py)


def test_http_answer(http):
    r = http.post("/v1/chgk/answer", json={"answer": "Людовик Четырнадцатый", "reference": "Людовик XIV"})
    assert r.status_code == 200
    body = r.json()
    assert body["verdict"] == "accept" and body["reason"] == "number" and body["matched"] == "Людовик XIV"
    r = http.post("/v1/chgk/answer", json={"answer": "Гагарин", "reference": "Юрий Гагарин",
                                            "accepted": ["Гагарин"], "rejected": ["Титов"]})
    assert r.json()["reason"] == "alternative"
    r = http.post("/v1/chgk/answer", json={"answer": "лампа", "reference": "лампочка"})
    assert r.json()["verdict"] == "judge"


def test_http_answers(http):
    r = http.post("/v1/chgk/answers", json={"reference": "кошка", "accepted": ["кот"],
                                             "answers": [{"team": "A", "answer": "Кошка"},
                                                         {"team": "B", "answer": "кошки"},
                                                         {"team": "C", "answer": "паровоз"}]})
    assert r.status_code == 200
    body = r.json()
    assert body["counts"] == {"accept": 2, "reject": 1, "judge": 0, "answers": 3, "groups": 2,
                              "groups_to_judge": 0}
    assert body["judge_order"] == [] and [g["teams"] for g in body["groups"]] == [2, 1]
    r = http.post("/v1/chgk/answers", json={"reference": "Юрий Гагарин", "answers": [
        {"team": "A", "answer": "Титов"}, {"team": "B", "answer": "Юрий"}, {"team": "C", "answer": "юрий"}]})
    body = r.json()
    assert body["judge_order"] == [1] and body["groups"][1]["teams"] == 2 and body["groups"][1]["verdict"] == "judge"


def test_http_package(http):
    text = (DATA / "chgk-sample.txt").read_text(encoding="utf-8")
    r = http.post("/v1/chgk/package", json={"text": text})
    assert r.status_code == 200 and r.json()["count"] == 12
    r = http.post("/v1/chgk/package", json={"text": "нет вопросов"})
    assert r.status_code == 422 and r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["errors"][0]["field"] == "text"


@pytest.mark.parametrize("path,body,field", [
    ("/v1/chgk/answer", {"answer": "к" * (chgk.MAX_ANSWER + 1), "reference": "кошка"}, "answer"),
    ("/v1/chgk/answer", {"answer": "кошка", "reference": ""}, "reference"),
    ("/v1/chgk/answer", {"answer": "кошка"}, "reference"),
    ("/v1/chgk/answer", {"answer": "кошка", "reference": "кошка", "accepted": ["кот"] * (chgk.MAX_VARIANTS + 1)},
     "accepted"),
    ("/v1/chgk/answers", {"reference": "кошка", "answers": []}, "answers"),
    ("/v1/chgk/answers", {"reference": "кошка", "answers": [{"team": "A", "answer": "кот"}] * (chgk.MAX_ANSWERS + 1)},
     "answers"),
    ("/v1/chgk/package", {"text": "Вопрос 1: ?\n" * (chgk.MAX_PACKAGE // 10)}, "text"),
])
def test_http_limits_are_clear_422(http, path, body, field):
    r = http.post(path, json=body)
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("application/problem+json")
    problem = r.json()
    assert problem["status"] == 422 and problem["detail"]
    assert any(e["field"].startswith(field) for e in problem["errors"])


def test_openapi_operation_ids(http):
    ops = {op["operationId"] for path in http.get("/openapi.json").json()["paths"].values() for op in path.values()}
    assert {"judge_chgk_answer", "judge_chgk_answers", "parse_chgk_package"} <= ops
