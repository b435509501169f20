import json

import pytest

from lexicon import profanity
from lexicon.build import profanity as build
from tests.conftest import SOURCES

TRAPS = ["оскорблять", "употреблять", "колебаться", "корабля", "сабля", "рубля", "застрахуйте", "психуй",
         "мандарин", "команда", "ипподром", "хлебать", "бляха", "сук",
         "себе", "небо", "ребята", "хутор", "худой", "страхую", "употребление", "оскорбление", "ебонит",
         # a clean word that starts like a profane compound: сучок (a knot) is no сучка, фиговый лист no фига
         "сучкорез", "сучковый", "сукно", "сукровица", "говорун", "быдловатость"]


@pytest.mark.parametrize("word", TRAPS)
def test_no_false_alarms(word):
    assert profanity.find(word) is None


@pytest.mark.parametrize("word, root, category", [
    ("хуй", "хуй", "obscene"), ("хуйня", "хуй", "obscene"), ("пиздец", "пизда", "obscene"),
    ("блядь", "блядь", "obscene"), ("бля", "блядь", "obscene"), ("ебать", "ебля", "obscene"),
    ("заебал", "ебля", "obscene"), ("съебался", "ебля", "obscene"), ("охуенный", "хуй", "obscene"),
    ("распиздяй", "пизда", "obscene"), ("Блядь", "блядь", "obscene"),
    ("говно", "говно", "vulgar"), ("мудак", "мудак", "vulgar"), ("херня", "хер", "euphemism"),
    ("blyad", "блядь", "obscene"), ("6ля", "блядь", "obscene"),
])
def test_hits(word, root, category):
    hit = profanity.find(word)
    assert hit is not None, word
    assert hit.root == root and hit.category == category
    assert hit.category in profanity.CATEGORIES
    assert hit.source in profanity.SOURCE_NAMES


@pytest.mark.parametrize("word, lemma", [("говнокод", "говно"), ("дерьмократ", "дерьмо"), ("говновоз", "говно"),
                                          ("быдлокодер", "быдло")])
def test_a_compound_keeps_its_coarse_head(word, lemma):
    # pymorphy3 knows дерьмократ as a word of its own; its head is still дерьмо
    hit = profanity.find(word)
    assert hit is not None and hit.lemma == lemma and hit.via == "compound"


def test_homonyms_are_marked():
    assert profanity.find("хрен").homonym          # horseradish
    assert profanity.find("сука").homonym          # female dog
    assert profanity.find("хули").homonym          # also хулить
    assert profanity.find("хуй").homonym is None


def test_homonym_glosses_are_russian():
    assert profanity.find("хрен").homonym == "растение"
    assert profanity.find("сука").homonym == "самка собаки"
    assert profanity.find("хули").homonym == "форма слова «хулить»"


def test_hit_explains_itself():
    data = profanity.find("пиздец").to_json()
    assert {"lemma", "root", "category", "source", "via"} <= data.keys()


@pytest.mark.skipif(not (SOURCES / "profanity").exists(), reason="raw sources not available")
def test_build_is_deterministic(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    build.build(SOURCES, a)
    build.build(SOURCES, b)
    assert a.read_bytes() == b.read_bytes()
    assert a.stat().st_size < 400_000
    data = json.loads(a.read_text(encoding="utf-8"))
    assert "бляха" in data["dropped"] and "бляха" not in data["lemmas"]
