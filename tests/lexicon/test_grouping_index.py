"""What grouping keeps between lints (a lemma's roots, the spelling index) changes nothing it decides."""
import random
import threading

import pytest

from lexicon import Lexicon, grouping
from lexicon.grouping import SpellingIndex, group_cognates

WORDS = ["рука", "ручка", "поручень", "нога", "ножка", "вода", "водитель", "водопровод", "кот", "кошка",
         "вождение", "подножка", "дорога", "дорожка", "лес", "лесник", "перелесок", "рукав"]


def as_words(result, words):
    return [sorted(words[i] for i in g) for g in result.groups], sorted((p["a"], p["b"]) for p in result.possible)


def test_a_pair_is_found_whichever_spelling_was_filed_first(lexicon):
    alternation = lexicon.engine.join_policy.alternation
    forward, backward = SpellingIndex(alternation), SpellingIndex(alternation)
    forward.file(["рук", "руч", "стол"])
    backward.file(["стол", "руч"])
    backward.file(["рук"])
    for index in (forward, backward):
        assert index.pairs_among({"рук", "руч", "стол"}) == [("рук", "руч")]
        assert index.pairs_among({"рук", "стол"}) == []      # only pairs of the spellings asked about


def test_the_index_pairs_only_spellings_the_alternation_test_lets_pair(lexicon):
    index = SpellingIndex(lexicon.engine.join_policy.alternation)
    index.file(["кот", "кит", "кат", "кош"])
    for a, b in index.pairs_among({"кот", "кит", "кат", "кош"}):
        assert lexicon.engine.join_policy.alternation(a, b) is not None


def test_grouping_again_on_a_warm_lexicon_gives_the_same_answer(lexicon, engine):
    first = as_words(group_cognates(lexicon, WORDS), WORDS)
    assert first == as_words(group_cognates(lexicon, WORDS), WORDS)
    assert first == as_words(group_cognates(Lexicon(engine), WORDS), WORDS)     # nothing kept yet
    assert ["рука", "рукав", "ручка"] in first[0] and ["кот", "кошка"] in first[0]


def test_a_full_spelling_index_is_replaced_and_grouping_stays_the_same(engine, monkeypatch):
    fresh = Lexicon(engine)
    expected = as_words(group_cognates(fresh, WORDS), WORDS)
    monkeypatch.setattr("lexicon.facade.SPELLING_INDEX_LIMIT", 3)
    other = Lexicon(engine)
    group_cognates(other, ["стол", "стул", "окно", "дверь", "крыша"])   # fills the index past its limit
    full = other.spelling_index()
    assert as_words(group_cognates(other, WORDS), WORDS) == expected
    assert other.spelling_index() is not full


def test_two_lints_filing_at_once_miss_no_pair(lexicon):
    """Spellings filed by two threads at once: each pair is still filed under one of its spellings."""
    index = SpellingIndex(lexicon.engine.join_policy.alternation)
    halves = (["рук", "нож", "вод", "дорог"], ["руч", "ног", "вож", "дорож"])
    threads = [threading.Thread(target=index.file, args=(half,)) for half in halves]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    found = set(index.pairs_among(set(halves[0] + halves[1])))
    assert {("рук", "руч"), ("дорог", "дорож")} <= found


def test_word_roots_are_kept_per_lexicon_within_their_bound(lexicon):
    group_cognates(lexicon, WORDS)
    info = lexicon.word_roots.cache_info()
    assert info.currsize >= len(WORDS) and info.maxsize <= 30_000
    roots = lexicon.word_roots("водопровод")        # вод «вода» and вод «водить»: two families, no one sense
    assert [slot.root for slot in roots.slots] == ["вод", "вод"] and len(roots.families) == 2
    assert all(slot.sense is None and len(slot.type_key[3]) == 2 for slot in roots.slots)
    assert "модерация" in lexicon.word_roots("премодерация").unprefixed
    assert lexicon.word_roots("!!!") == (None, (), {}, frozenset(), ())     # not a word: nothing to group


ORDER_WORDS = WORDS + ["пол", "полка", "поляк", "полёт", "час", "часы", "затопление", "потоп", "садовод",
                       "шахматист", "матка", "дура", "дурак", "дурь", "лётчик", "летучка"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_pools_order_does_not_decide_the_groups(engine, seed):
    """Joins that exclude each other (two senses of one root) fall the same way however the pool is shuffled."""
    shuffled = ORDER_WORDS[:]
    random.Random(seed).shuffle(shuffled)
    expected = as_words(group_cognates(Lexicon(engine), ORDER_WORDS), ORDER_WORDS)
    groups, possible = as_words(group_cognates(Lexicon(engine), shuffled), shuffled)
    assert sorted(groups) == sorted(expected[0])
    assert sorted(tuple(sorted(p)) for p in possible) == sorted(tuple(sorted(p)) for p in expected[1])
