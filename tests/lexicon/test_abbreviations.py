import pytest

from lexicon import abbreviations as abbr


def test_table_is_large_and_well_formed():
    table = abbr.table()
    assert len(table) >= 500
    for rows in table.by_key.values():
        for row in rows:
            assert row.abbr and row.expansion and row.words


@pytest.mark.parametrize("token, lemma", [
    ("МГУ", "университет"), ("МГУ", "государственный"), ("СССР", "республика"),
    ("США", "штат"), ("ЖКХ", "хозяйство"), ("вуз", "заведение"), ("ВУЗ", "заведение"),
    ("мгу", "университет"),   # typed in lower case: pymorphy3 reads it as the abbreviation
])
def test_letters_stand_for_words(token, lemma):
    info = abbr.identify(token)
    assert info is not None and info.source == "table"
    assert lemma in abbr.letter_words(token)


def test_several_expansions_are_all_kept():
    expansions = {e.expansion for e in abbr.expand("ЗАО")}
    assert len(expansions) >= 2


@pytest.mark.parametrize("token", ["дом", "ок", "кот", "Я", "слово", "КОШКА"])
def test_ordinary_words_are_not_expanded(token):
    assert abbr.expand(token) == []


def test_shape_and_pymorphy_sources():
    assert abbr.identify("КТЗ").source == "shape"          # unknown capitals: abbreviation, no expansion
    assert abbr.identify("КТЗ").expansions == ()
    assert abbr.identify("кошка") is None
    assert abbr.identify("hello") is None
    assert abbr.looks_like_abbreviation("ЖЭК")
    assert not abbr.looks_like_abbreviation("ОБОРОНОСПОСОБНОСТЬ")
    assert not abbr.looks_like_abbreviation("Мгу")
