"""Cognate grouping on word lists: which loose pairs are worth an organiser's look."""
from lexicon.grouping import group_cognates


def possible_pairs(lexicon, words):
    result = group_cognates(lexicon, words)
    pairs = [{p["a"], p["b"]} for p in result.possible]
    grouped = [{words[i] for i in g} for g in result.groups]
    return pairs, grouped


def listed(pair, pairs, grouped):
    return set(pair) in pairs or any(set(pair) <= g for g in grouped)


def test_an_alternation_between_two_established_families_is_not_evidence(lexicon):
    """тяг (тянуть) / тяж (тяжёлый), груд / груз: big families no derivational link joins are other roots."""
    pairs, grouped = possible_pairs(lexicon, ["тяга", "тяжесть", "грудина", "нагружение", "бок", "обочина"])
    assert not listed(("тяга", "тяжесть"), pairs, grouped)
    assert not listed(("грудина", "нагружение"), pairs, grouped)
    # обочина's family is a handful of words the links missed: бок/боч stays worth a look
    assert listed(("бок", "обочина"), pairs, grouped)


def test_a_new_word_made_of_a_prefix_and_a_pool_word_is_possible(lexicon):
    pairs, _ = possible_pairs(lexicon, ["модерация", "премодерация", "заурядность", "незаурядность", "стол"])
    assert {"модерация", "премодерация"} in pairs
    assert {"заурядность", "незаурядность"} in pairs


def test_a_dictionary_word_that_merely_starts_with_a_prefix_is_not_prefixed(engine):
    """об-лож-к-а, о-город, де-мон-изм: the sources give these their own root."""
    for longer, shorter in [("обложка", "ложка"), ("огород", "город"), ("демонизм", "монизм"), ("аналог", "налог")]:
        assert not any(ev.get("kind") == "prefixed_word" for ev in engine.compare(longer, shorter).evidence)
    assert engine.compare("премодерация", "модерация").cognate
