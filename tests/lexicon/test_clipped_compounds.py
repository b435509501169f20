"""Clipped compounds (issue 30): parts of the table read whole classes of words, look-alikes stay apart."""
import pytest

from lexicon.classes import CLIPPED, read_clipped_parts


def keys(morphemes):
    return [(key.root_index, key.key) for key in CLIPPED.clipped_roots(morphemes)]


def test_every_table_row_has_a_place_and_a_source():
    parts = read_clipped_parts()
    assert parts and all(p.place in {"first", "head", "last", "weak"} and p.source and p.full_words for p in parts)


def test_a_dictionary_cut_of_two_roots_is_read_part_by_part():
    assert keys((("зав", "root"), ("хоз", "root"))) == [(0, "зав=заведующий"), (1, "хоз=хозяйство")]
    assert keys((("мед", "root"), ("сестр", "root"), ("а", "ending"))) == [(0, "мед=медицинский")]


@pytest.mark.parametrize("morphemes", [
    (("дет", "root"), ("о", "prefix"), ("род", "root"), ("н", "suffix"), ("ый", "ending")),   # linking vowel
    (("дет", "root"), ("вор", "root"), ("а", "ending")),          # вора is no dictionary form: a glitch of the cut
    (("кол", "root"), ("бас", "root"), ("а", "ending")),          # a weak part needs a clipped part after it
    (("спец", "root"), ("овк", "suffix"), ("а", "ending")),       # one root and suffixes
])
def test_look_alikes_are_not_clipped_compounds(morphemes):
    assert keys(morphemes) == []


def test_a_word_no_dictionary_cut_is_re_read_by_its_parts():
    nouns = {"дума": (("дум", "root"), ("а", "ending"))}
    assert CLIPPED.reading("спецназ", nouns.get) == (("спец", "root"), ("наз", "root"))
    assert CLIPPED.reading("госдума", nouns.get) == (("гос", "root"), ("дум", "root"), ("а", "ending"))
    # a word that starts with a longer root a dictionary knows is that root's word (культур|олог)
    assert CLIPPED.reading("госдума", nouns.get, known_root=lambda text: text == "госду") is None
    assert CLIPPED.reading("колбаса", nouns.get) is None


@pytest.mark.parametrize("a, b, cognate", [
    ("завхоз", "хозяйство", True), ("спецназ", "назначение", True), ("колхоз", "коллективный", True),
    ("комсомол", "молодёжь", True),          # through the abbreviation table's expansion
    ("авиакомпания", "авиация", True), ("мотоцикл", "мотор", True),   # combining forms of the table
    ("конференц-зал", "конференция", True),  # a hyphenated compound's clipped first part
    ("веб-сайт", "сайт", True),              # an unknown part does not hide the known one
    ("завхоз", "захотеть", False), ("колхоз", "колесо", False), ("райцентр", "рай", False),
    ("физмат", "мат", False),
])
def test_parts_of_the_secret_word_count_and_look_alikes_do_not(lexicon, a, b, cognate):
    verdict = lexicon.compare(a, b)
    assert verdict.cognate is cognate, verdict.evidence[:1]
    if cognate:
        assert verdict.evidence and verdict.evidence[0].get("explanation")
