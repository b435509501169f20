"""Pool lint's word rules (issue 18), each change shown on words of our own choosing where the dictionaries
give one, and on the pool words an organiser judged where they do not (quoted as data, with their source).

Pool words below come from ../shared/pools (hat/russian_medium.yaml, hat/russian_neo.yaml,
codenames default-ru.json) as judged in tests/data/pool_judged_rules.jsonl and pool_judged.jsonl.
"""
from __future__ import annotations

import pytest

from lexicon.profanity import clean_noun_base
from service.rules import pool

# Pool words this file quotes, with the rule that flagged them and the pool; the first three an organiser judged.
POOL_WORDS = {"вебка": ("profanity", "hat/russian_neo.yaml"), "субтип": ("unknown", "hat/russian_medium.yaml"),
              "Голливуд": ("none", "codenames default-ru.json"),
              "инфекционность": ("unknown", "hat/russian_hard.yaml"), "укорененность": ("unknown", "hat/russian_hard.yaml")}


def lint(lexicon, words, game="hat"):
    return pool.lint_pool(lexicon, words, game)


def issues_of(report, word):
    return [(i.rule, i.severity) for w in report.words if w.word == word for i in w.issues]


def kinds_of(report, word):
    return [s["kind"] for w in report.words if w.word == word for s in w.suggestions]


# --- duplicates: one word spelled two ways --------------------------------------------------------------------

def test_a_spelling_the_dictionary_reads_as_another_lemma_is_a_duplicate(lexicon):
    # pymorphy3 reads блоггер as блогер (a doubled consonant) and менонит as a misspelling (Erro) of меннонит
    report = lint(lexicon, ["кот", "блогер", "блоггер", "меннонит", "менонит"])
    assert sorted(map(sorted, report.duplicates)) == [["блоггер", "блогер"], ["меннонит", "менонит"]]
    assert report.spelling_variants == []


def test_other_lemmas_behind_a_nominative_stay_apart(lexicon):
    # воскресенье reads also as воскресение (V-be), супруга as супруг: other words, not spellings
    report = lint(lexicon, ["кот", "воскресенье", "воскресение", "супруг", "супруга", "мол", "молл"])
    assert report.duplicates == []
    assert sorted(map(sorted, report.spelling_variants)) == [["мол", "молл"]]


# --- unknown: words made of what dictionaries know ------------------------------------------------------------

@pytest.mark.parametrize("word,parts", [("суперсемья", ["супер", "семья"]), ("антимиф", ["анти", "миф"]),
                                        ("мультиплатформа", ["мульти", "платформа"])])
def test_a_learned_prefix_and_a_dictionary_noun_is_no_unknown_word(lexicon, word, parts):
    report = lint(lexicon, ["кот", word])
    assert issues_of(report, word) == []
    assert [s["parts"] for w in report.words for s in w.suggestions if s["kind"] == "prefixed"] == [parts]


def test_a_prefix_must_be_one_the_dictionary_uses(lexicon):
    # кото- begins few nouns that are кот + a noun; со- (сослужение) begins far more by chance: no prefix
    assert lexicon.prefixed_noun("котогладильщик") is None
    assert lexicon.prefixed_noun("сослужение") is None
    assert lexicon.prefixed_noun("субтип") == ("суб", "тип")          # POOL_WORDS: субтип
    assert ("unknown", "warning") in issues_of(lint(lexicon, ["кот", "котогладильщик"]), "котогладильщик")


def test_a_noun_of_quality_from_a_dictionary_adjective_is_a_word(lexicon):
    # POOL_WORDS: инфекционность, укоренённость — wordfreq has seen them; the adjective and participle are in
    # dictionaries
    report = lint(lexicon, ["кот", "инфекционность", "укорененность", "вирусность", "хайповость"])
    assert issues_of(report, "инфекционность") == [] and kinds_of(report, "инфекционность") == ["derived"]
    assert issues_of(report, "укорененность") == []
    # made by the same pattern from a dictionary adjective, but nobody has written it; хайповый no dictionary has
    assert [r for r, _ in issues_of(report, "вирусность")] == ["unknown"]
    assert [r for r, _ in issues_of(report, "хайповость")] == ["unknown"]


# --- profanity: a clean noun and a suffix ------------------------------------------------------------------------

def test_a_clean_noun_with_a_suffix_is_no_form_of_an_obscene_word(lexicon):
    assert lexicon.profanity("вебка") is None                           # POOL_WORDS: веб + ка
    assert clean_noun_base("вебка", {}) == "веб"
    # the obscene word itself, its prefixed forms and a slang base stay profanity
    for word in ("ебка", "засрать", "пидорасня", "говнюк"):
        assert lexicon.profanity(word) is not None, word


# --- proper nouns: what ru.wiktionary writes only with a capital -------------------------------------------------

def test_a_capitalised_word_wiktionary_lists_only_capitalised_is_a_name(lexicon):
    report = lint(lexicon, ["кот", "Голливуд", "Интернет"], "codenames")   # POOL_WORDS: Голливуд
    assert issues_of(report, "Голливуд") == [("proper_noun", "info")]
    assert issues_of(report, "Интернет") == []                            # ru.wiktionary has интернет too
    hat = lint(lexicon, ["кот", "Валгалла"])
    assert issues_of(hat, "Валгалла") == [("proper_noun", "warning")]


def test_the_same_word_in_lower_case_is_left_alone(lexicon):
    assert issues_of(lint(lexicon, ["кот", "голливуд"]), "голливуд") == []


def test_a_dictionary_word_spelled_with_э_is_no_duplicate_of_its_е_twin(lexicon):
    """мэтр (a master) and метр (a metre) are two dictionary words; тэг, which no dictionary has, is тег."""
    from service.rules.pool import lint_pool

    report = lint_pool(lexicon, ["метр", "мэтр", "тег", "тэг", "мэр", "мера"])
    assert sorted(map(sorted, report.duplicates)) == [["тег", "тэг"]]


def test_a_capitalised_place_among_lower_case_words_is_a_name_not_a_plural(lexicon):
    """Сахара with a capital is the desert; сахара in lower case is the plural of сахар."""
    from service.rules.pool import lint_pool

    report = lint_pool(lexicon, ["Сахара", "сахара", "кот", "Окна"])
    rules = {w.word: {i.rule for i in w.issues} for w in report.words}
    assert rules["Сахара"] == {"proper_noun"}
    assert rules["сахара"] == {"plural"} and rules["Окна"] == {"plural"}
