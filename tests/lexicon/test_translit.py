from lexicon.translit import latin_readings, name_key


def test_latin_words_read_as_russian():
    assert "кошка" in latin_readings("koshka")
    assert "рука" in latin_readings("ruka")
    assert len(latin_readings("chchchchchch", limit=10)) <= 10


def test_name_spellings_share_a_key():
    assert name_key("Лафонтэн") == name_key("Лафонтен")
    assert name_key("Голливуд") == name_key("Голивуд")
    assert name_key("Толстой") != name_key("Толстая")
