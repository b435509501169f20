"""Compounds and neologisms read by their known parts (issue 14, point 1, run time)."""
import pytest


def reading(engine, word):
    return engine.analyse(word).analyses[0]


@pytest.mark.parametrize("word, roots", [
    ("телеэфир", {"эфир"}),
    ("вибропрочность", {"вибр", "проч"}),     # прочн re-split by the build: проч-н-ость
    ("разножанровость", {"разн", "жанр"}),
    ("дурновкусие", {"дурн", "вкус"}),
    ("сильнопахнущий", {"пах"}),
    ("норадреналин", {"адренал"}),
    ("френдлента", {"лент"}),
    ("камнетёс", {"камн", "тес"}),          # a carried root keeps its place; only the rest is read
    ("бело-сине-красный", {"бел", "син", "красн"}),
])
def test_compound_is_read_by_its_known_parts(engine, word, roots):
    analysis = reading(engine, word)
    assert roots <= set(analysis.roots), analysis
    assert analysis.source == "compound-split"
    assert "".join(t for t, _ in analysis.morphemes) == analysis.lemma.replace("ё", "е")


@pytest.mark.parametrize("a, b", [
    ("телеэфир", "эфире"), ("разножанровость", "жанры"), ("вибропрочность", "прочность"),
    ("норадреналин", "адреналина"), ("камнетёс", "тесать"),
])
def test_a_part_of_a_compound_is_a_cognate(engine, a, b):
    verdict = engine.compare(a, b)
    assert verdict.cognate, verdict.evidence
    # A link that rests on the split is no more than probable, and says where it came from.
    assert verdict.confidence == "probable"
    assert any("разбор сложного слова" in side["source"] for ev in verdict.evidence for side in (ev["a"], ev["b"]))


@pytest.mark.parametrize("word", [
    "пылеводонепроницаемый",  # a dictionary segments it into several roots: never re-split
    "корпункт",
    "колокол",                # no кол-о-кол
    "осторожно",              # no ост-о-рож
    "домкрат",                # no дом + крат: a dictionary word needs a linking vowel
    "морозильник",            # the carried root stays, no мороз + ильник
])
def test_dictionary_words_are_not_re_split(engine, word):
    assert reading(engine, word).source != "compound-split"


@pytest.mark.parametrize("word", ["значит", "пушкин", "антиспам", "плавучесть"])
def test_short_or_affix_parts_do_not_make_a_compound(engine, word):
    analysis = reading(engine, word)
    assert analysis.source != "compound-split" or all(len(r) >= 3 for r in analysis.roots)
    assert "чит" not in analysis.roots and "кин" not in analysis.roots and "анти" not in analysis.roots


def test_splits_are_cached(engine):
    splitter = engine.compounds
    splitter.split("телеэфир", True)
    hits = splitter.split.cache_info().hits
    splitter.split("телеэфир", True)
    assert splitter.split.cache_info().hits == hits + 1


@pytest.mark.parametrize("word, head", [("телеканал", "теле"), ("автобан", "авто"), ("киноляп", "кино")])
def test_a_combining_form_is_one_root_not_a_stem_and_a_linking_vowel(engine, word, head):
    """теле- is the root of телескоп, телевизор: телеканал is теле + канал, not тел (тело) + е + канал."""
    analysis = engine.analyse(word).analyses[0]
    assert analysis.roots[0] == head
    assert not engine.compare("телеканал", "тельняшка").cognate


def test_a_rare_vowel_ending_spelling_stays_a_stem_and_a_linking_vowel(engine):
    assert engine.analyse("разножанровость").analyses[0].roots[0] == "разн"


def test_a_new_word_starting_with_a_combining_form_shares_that_root(engine):
    """автозак, телепузик: no source knows them, but авто-, теле- start them; авторитаризм starts with автор,
    палестинец with палест, so neither is авто- or пале- anything."""
    assert engine.analyse("автозак").analyses[0].roots[0] == "авто"
    assert engine.compare("автозак", "автобан").cognate
    for word in ("авторитаризм", "палестинец"):
        assert engine.analyse(word).analyses[0].roots[0] not in ("авто", "пале")


def test_a_known_tail_word_does_not_run_into_the_suffix_ость(engine):
    """греховность is грех + -овность, not грех-о + внос-ть; телесность not тел-е + снос-ть: no нос root."""
    for word in ("греховность", "телесность", "духовность"):
        roots = {r for an in engine.analyse(word).analyses for r in an.roots}
        assert "нос" not in roots, word
        assert not engine.compare(word, "носка").cognate, word
    assert engine.compare("разножанровость", "жанр").cognate       # a real compound still splits
