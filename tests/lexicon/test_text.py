import pytest

from lexicon.text import IGNORABLE, InvalidWord, clean_text, normalize_word, pieces, strip_invisible, tokenize


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


# Invisible characters (issue 36, item 4): every format character and default-ignorable code point.
HIDDEN = ["\u200e", "\u034f", "\u00ad", "\u200b", "\u2066", "\u180e", "\ufe0f", "\U000e0100", "\U000e0001", "\u115f",
          "\u3164", "\u061c", "\ufff0"]


@pytest.mark.parametrize("ch", HIDDEN)
def test_invisible_characters_inside_a_word_join_it(ch):
    assert normalize_word(f"ко{ch}тёнок").text == "котёнок"
    text = f"мой ко{ch}тёнок{ch} спит"
    assert pieces(text) == [("мой", 0, 3), (f"ко{ch}тёнок", 4, 12), ("спит", 14, 18)]
    token = tokenize(text)[1]
    assert token.word.text == "котёнок" and text[token.start:token.end] == token.text


def test_clean_text_maps_spans_back_to_the_text_as_sent():
    sent = "\u200eЧес\u034fтно,\ufe0f кот\u200b"
    clean = clean_text(sent)
    assert clean.text == "Честно, кот" and clean.sent == sent
    assert sent[slice(*clean.span(0, 6))] == "Чес\u034fтно"       # inner invisibles kept, outer ones not
    assert sent[slice(*clean.span(8, 11))] == "кот" and clean.span(11, 11) == (len(sent), len(sent))
    plain = clean_text("кот")
    assert plain.text == "кот" and plain.kept is None and plain.span(0, 3) == (0, 3)
    assert strip_invisible("к\U000e0020о\u2064т") == "кот" and all(ch in IGNORABLE for ch in HIDDEN)


def test_a_word_far_over_the_limit_is_refused_before_it_is_read():
    # Issue 36, item 2: 3.9 MB of spaces around «кот» was read, and the read was cached under it.
    from lexicon.text import MAX_RAW_WORD_LENGTH, _read_word

    before = _read_word.cache_info()
    with pytest.raises(InvalidWord) as err:
        normalize_word(" " * 4_000_000 + "кот")
    assert err.value.code == "too_long" and _read_word.cache_info() == before
    assert normalize_word(" " * (MAX_RAW_WORD_LENGTH - 5) + "кот").text == "кот"
    with pytest.raises(InvalidWord):
        normalize_word(" " * MAX_RAW_WORD_LENGTH + "кот")
    word = normalize_word("  Ко\u0301т ")
    assert word.canonical.raw == word.canonical.text == "кот" and word.canonical.stressed == word.stressed == 1
