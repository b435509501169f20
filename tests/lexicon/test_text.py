import pytest

from lexicon.text import InvalidWord, normalize_word, tokenize


def test_case_and_yo_fold_into_key():
    w = normalize_word("Ёлка")
    assert w.text == "ёлка" and w.key == "елка"


def test_stress_marks_are_removed_and_remembered():
    acute = normalize_word("за\u0301мок")
    assert acute.text == "замок" and acute.stressed == 1
    plus = normalize_word("замо+к")
    assert plus.text == "замок" and plus.stressed == 3


def test_latin_lookalikes_inside_cyrillic_word():
    assert normalize_word("кoт").text == "кот"  # Latin o
    assert normalize_word("KОТ").text == "кот"  # Latin K


def test_zero_width_characters_are_dropped():
    assert normalize_word("ко\u200bт").text == "кот"


def test_hyphenated_word_is_one_word():
    assert normalize_word("кто-нибудь").text == "кто-нибудь"


@pytest.mark.parametrize("raw, code", [
    ("", "empty"), ("   ", "empty"), ("два слова", "several_words"), ("cat", "not_cyrillic"),
    ("к" * 65, "too_long"), ("кот😀", "bad_characters"), ("123", "not_cyrillic"),
])
def test_bad_words_say_why(raw, code):
    with pytest.raises(InvalidWord) as err:
        normalize_word(raw)
    assert err.value.code == code and err.value.reason


def test_tokens_keep_offsets_into_the_text_as_sent():
    text = "Это за\u0301мок, а не кoт!"
    tokens = tokenize(text)
    assert [t.text for t in tokens] == ["Это", "за\u0301мок", "а", "не", "кoт"]
    for t in tokens:
        assert text[t.start:t.end] == t.text
    assert tokens[-1].word.text == "кот"
