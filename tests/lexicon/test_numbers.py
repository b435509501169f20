from lexicon import numbers


def test_number_words_in_any_case():
    assert numbers.number_word("двадцати") == (20, "cardinal")
    assert numbers.number_word("тысячу") == (1000, "cardinal")
    assert numbers.number_word("пятому") == (5, "ordinal")
    assert numbers.number_word("сороковом") == (40, "ordinal")
    assert numbers.number_word("семнадцать") == (17, "cardinal")
    assert numbers.number_word("нуль") == (0, "cardinal")


def test_a_noun_that_inflects_like_a_number_is_not_one():
    assert numbers.number_word("сорока") is None      # the bird
    assert numbers.number_word("сорок") == (40, "cardinal")


def test_runs_of_number_words_combine():
    words = "тысяча восемьсот двенадцатый".split()
    assert numbers.group_numbers([numbers.number_word(w) for w in words]) == [(1812, "ordinal", 3)]
    words = "двадцать пять три".split()
    assert numbers.group_numbers([numbers.number_word(w) for w in words]) == [(25, "cardinal", 2), (3, "cardinal", 1)]


def test_roman_numerals():
    assert numbers.roman_value("XIV") == 14
    assert numbers.roman_value("Х") == 10          # Cyrillic Х
    assert numbers.roman_value("C") is None        # витамин C
    assert numbers.roman_value("IIII") is None


def test_collective_nouns_and_parse_values():
    assert numbers.lemma_value("пятёрка", "NOUN,inan,femn sing,nomn") == 5
    assert numbers.lemma_value("седьмой", "ADJF,Anum masc,sing,nomn") == 7
    assert numbers.lemma_value("шестнадцать", "NUMR nomn") == 16
