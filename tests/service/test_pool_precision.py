"""Pool lint an organiser trusts (issue 18): the judged samples of the real pools, and the rules behind them
shown on words of our own choosing.

The judged samples are tests/data/pool_judged.jsonl (../shared/eval) and pool_judged_rules.jsonl (our own,
seed 20261203); both quote words of ../shared/pools, which are read in place.  The organisers' agreement
floor is checked by `make eval` (service/evaluation/floors.py, issue 31).
"""
from __future__ import annotations

import pytest

from service.rules import pool


def lint(lexicon, words, game="hat"):
    return pool.lint_pool(lexicon, words, game)


def rules_of(report, word):
    return {i.rule for w in report.words if w.word == word for i in w.issues}


@pytest.mark.parametrize("word", ["качели", "городки", "мемуары", "снотворное", "экспонента", "шекель",
                                  "переменная", "погибший", "трудящийся", "командировочные", "лаг", "чау-чау",
                                  "погранвойска", "нейросеть", "дом-музей", "дежурный", "больной", "проездной",
                                  "выходной"])
def test_words_the_dictionaries_give_as_nouns_are_fine(lexicon, word):
    # a lower-case pool: «кот» gives the case signal
    assert rules_of(lint(lexicon, ["кот", word]), word) == set()


@pytest.mark.parametrize("word,rule", [("окна", "plural"), ("быстрый", "not_noun"), ("лучшее", "not_noun"),
                                       ("красивый", "not_noun"), ("следующее", "not_noun"),
                                       ("границу", "word_form"), ("ООН", "abbreviation")])
def test_real_faults_stay_flagged(lexicon, word, rule):
    assert rule in rules_of(lint(lexicon, ["кот", word]), word)


def test_shouted_word_is_no_abbreviation_and_unknown_is_no_error(lexicon):
    report = lint(lexicon, ["кот", "СЛОВО", "котогладильщик"])
    assert rules_of(report, "СЛОВО") == set()
    unknown = [i for w in report.words if w.word == "котогладильщик" for i in w.issues]
    assert [i.rule for i in unknown] == ["unknown"] and unknown[0].severity == "warning"


def test_duplicates_are_one_lemma_or_one_word_spelled_two_ways(lexicon):
    report = lint(lexicon, ["супруг", "супруга", "мостки", "мосток", "шопинг", "шоппинг", "флешка", "флэшка",
                            "стол", "столы", "угол", "уголь", "мол", "молл", "диджей", "ди-джей"])
    assert sorted(map(sorted, report.duplicates)) == [["ди-джей", "диджей"], ["стол", "столы"], ["флешка", "флэшка"],
                                                      ["шопинг", "шоппинг"]]
    # a doubled consonant may be one word (шопинг/шоппинг: pymorphy3 reads шоппинг as шопинг) or two (мол/молл):
    # where no dictionary says which, a person decides
    assert sorted(map(sorted, report.spelling_variants)) == [["мол", "молл"]]


def test_possible_cognates_need_positive_evidence(lexicon):
    report = lint(lexicon, ["день", "дно", "клан", "склон", "бок", "обочина"])
    pairs = [{p["a"], p["b"]} for p in report.possible_cognates]
    assert {"день", "дно"} not in pairs and {"клан", "склон"} not in pairs
    assert {"бок", "обочина"} in pairs or any({"бок", "обочина"} <= set(g) for g in report.cognate_groups)


def test_suffix_read_as_a_root_no_longer_groups_words(lexicon):
    report = lint(lexicon, ["бабенка", "лесенка", "пустыня", "святыня", "острог", "острога"])
    assert report.cognate_groups == []


def test_cli_table_speaks_russian(lexicon):
    from service.cli.lint import render_table

    table = render_table(lint(lexicon, ["кот", "окна", "Москва"]))
    assert "мн. число" in table and "ошибка" in table and "plural" not in table and "error" not in table


def suggestion_kinds(report, word):
    return {s.get("kind") for w in report.words if w.word == word for s in w.suggestions}


def test_a_word_in_use_or_made_of_known_words_is_not_unknown(lexicon):
    report = lint(lexicon, ["кот", "вайб", "пати-хаус", "рэйтинг", "котогладильщик"])
    assert rules_of(report, "вайб") == set()                      # wordfreq sees it (Zipf ≥ 1.6)
    assert suggestion_kinds(report, "пати-хаус") == {"compound"}    # a hyphen hides its parts' frequency
    assert rules_of(report, "рэйтинг") == set() and "spelling" in suggestion_kinds(report, "рэйтинг")
    assert rules_of(report, "котогладильщик") == {"unknown"}


def test_two_words_run_together_stay_unknown_however_often_seen(lexicon):
    assert lexicon.status("ньюйорк").zipf >= pool.UNKNOWN_SEEN_ZIPF
    assert rules_of(lint(lexicon, ["Кот", "НьюЙорк"], "codenames"), "НьюЙорк") == {"unknown"}


def test_plural_cards_are_ordinary_in_codenames_not_in_the_hat(lexicon):
    assert rules_of(lint(lexicon, ["КОТ", "ЧАСЫ", "СТИХИ"], "codenames"), "СТИХИ") == set()
    assert rules_of(lint(lexicon, ["кот", "стихи"]), "стихи") == {"plural"}


def test_two_letter_roots_of_two_families_are_not_grouped(lexicon):
    found = lexicon.cognate_groups(["день", "дневник", "дно"])
    assert found.groups == [[0, 1]]                 # дн of день is not дн of дно


def test_a_weak_pair_both_firmly_cognate_with_a_third_is_possible(lexicon):
    # дура / дурь: two bare roots, no link between them; each firmly cognate with дурак
    found = lexicon.cognate_groups(["дура", "дурак", "дурь"])
    assert found.groups == [[0, 1], [1, 2]]
    assert [(p["a"], p["b"]) for p in found.possible] == [("дура", "дурь")]
    alone = lexicon.cognate_groups(["дура", "дурь"])
    assert alone.groups == [] and alone.possible == []


def test_a_possible_pair_is_listed_once_though_the_verdict_names_two_loose_links(lexicon):
    words = ["вседержитель", "дерганье", "задержанный", "многоженство", "множитель", "полголовы", "ползунки"]
    pairs = [(p["a"], p["b"]) for p in pool.lint_pool(lexicon, words, "hat").possible_cognates]
    assert pairs and len(pairs) == len(set(pairs))


def test_two_bare_words_spelled_alike_are_not_possible_cognates_unless_a_gender_pair(lexicon):
    # тест/тесть, лавр/лавра: a root and an ending each, in dictionaries and families of their own
    words = ["тест", "тесть", "лавр", "лавра", "угол", "уголь", "маркиз", "маркиза"]
    found = lint(lexicon, words)
    pairs = {frozenset((p["a"], p["b"])) for p in found.possible_cognates}
    assert pairs == {frozenset(("маркиз", "маркиза"))}
    assert found.cognate_groups == []
