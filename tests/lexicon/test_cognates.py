import pytest


@pytest.mark.parametrize("a, b", [
    ("кот", "котята"),          # a form of a derived word
    ("рука", "наручники"),      # рук/руч
    ("пароход", "ходит"),       # second root of a compound, verb form
    ("пароход", "пару"),        # first root of a compound, form of пар
    ("бомбоубежище", "бежать"), # compound
    ("дом", "домик"),
])
def test_cognate(engine, a, b):
    verdict = engine.compare(a, b)
    assert verdict.cognate, verdict.evidence
    assert verdict.shared_roots and verdict.evidence


@pytest.mark.parametrize("a, b", [
    ("переход", "перелёт"),   # prefix only
    ("учитель", "водитель"),  # suffix only
    ("вода", "водитель"),     # homonymous roots
    ("кот", "который"),
])
def test_not_cognate(engine, a, b):
    assert not engine.compare(a, b).cognate


def test_evidence_names_roots_path_and_source(engine):
    verdict = engine.compare("кот", "котёнок")
    ev = verdict.evidence[0]
    assert ev["kind"] == "same_family"
    assert ev["a"]["root"] == "кот" and ev["b"]["root"] == "кот"
    assert ev["path"] and ev["source"]
    assert verdict.confidence == "certain"


def test_same_word_in_other_forms(engine):
    verdict = engine.compare("нога", "ногами")
    assert verdict.cognate and verdict.evidence[0]["kind"] == "same_word"


def test_all_parses_of_a_form_are_readings(engine):
    lemmas = engine.analyse("стали").lemmas
    assert "сталь" in lemmas and "стать" in lemmas


def test_unknown_word_is_segmented_with_lower_confidence(engine):
    verdict = engine.compare("котоглядство", "бегемот")
    assert verdict.confidence in ("probable", "none")
    analysis = engine.analyse("котоглядство").analyses[0]
    # Read by its known parts now (кот-о-гляд-ств-о), still not a dictionary segmentation.
    assert analysis.source in ("guess", "compound-split") and analysis.roots


def test_a_word_with_a_prefix_is_the_word(engine):
    # New words are often segmented apart by guess; the prefix itself shows they share the root.
    for a, b in [("модерация", "премодерация"), ("договоропригодность", "недоговоропригодность")]:
        verdict = engine.compare(a, b)
        assert verdict.cognate and verdict.evidence[0]["kind"] == "prefixed_word", (a, b)
        assert "с приставкой" in verdict.evidence[0]["explanation"]
    assert not engine.compare("предок", "док").cognate          # a base under 5 letters proves nothing
