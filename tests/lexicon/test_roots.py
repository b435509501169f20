"""The root-join policy: the same thresholds for the build, the run time and pool lint."""
from collections import Counter

from lexicon.roots import (MIN_ALTERNATION_LINKS, SMALL_FAMILY, JoinPolicy, curated_pairs,
                           same_spelling, spelling_pair)
from lexicon.alternations import compare_roots


def policy(links: dict[tuple[str, str], int] | None = None, curated=(), homonymous=()) -> JoinPolicy:
    counts = Counter({spelling_pair(a, b): n for (a, b), n in (links or {}).items()})
    return JoinPolicy(lambda a, b: counts[spelling_pair(a, b)], curated_pairs(curated), frozenset(homonymous))


def test_spelling_pair_is_order_free_and_folded():
    assert spelling_pair("руч", "рук") == spelling_pair("рук", "руч") == ("рук", "руч")
    assert spelling_pair("лёт", "лет") == ("лет", "лет")


def test_curated_pairs_hold_both_orders_within_a_group():
    pairs = curated_pairs([frozenset({"кот", "кош"})])
    assert pairs == {("кот", "кош"), ("кош", "кот")}


def test_build_trusts_an_alternation_only_when_links_recur():
    assert policy().trusted("лет", "лет")
    assert not policy({("рук", "руч"): 1}).trusted("рук", "руч")
    assert policy({("рук", "руч"): MIN_ALTERNATION_LINKS}).trusted("рук", "руч")
    assert policy(curated=[frozenset({"кот", "кош"})]).trusted("кот", "кош")


def test_families_meet_only_through_regular_or_curated_spellings():
    # д/з is a weak alternation: link counts alone must not join вод (водить) and воз (возить).
    assert not policy({("вод", "воз"): 22}).families_compatible("вод", "воз")
    assert policy({("рук", "руч"): 3}).families_compatible("рук", "руч")
    assert policy(curated=[frozenset({"вод", "воз"})]).families_compatible("вод", "воз")


def test_usual_spellings_decide_a_family_join():
    joins = policy({("рук", "руч"): 2})
    assert joins.usual_spellings_agree(Counter({"рук": 5, "руч": 2}), Counter({"руч": 3}))
    assert not joins.usual_spellings_agree(Counter({"рук": 5}), Counter({"нос": 3}))


def test_established_families_need_independent_links():
    assert JoinPolicy.links_suffice(1, SMALL_FAMILY)
    assert not JoinPolicy.links_suffice(1, SMALL_FAMILY + 1)
    assert JoinPolicy.links_suffice(2, SMALL_FAMILY + 1)


def test_run_time_irregular_alternation_needs_recurring_links():
    assert policy().alternation("рук", "руч").kind == "consonant"
    assert policy({("бр", "бир"): 1}).alternation("бр", "бир") is None
    assert policy({("бр", "бир"): 2}).alternation("бр", "бир").detail == "и/∅"
    assert policy().alternation("кот", "стол") is None


def test_across_families_one_family_must_show_the_other_spelling():
    joins = policy()
    assert joins.spelling_may_join("рук", "руч", ["рук", "руч"], ["руч"])
    assert joins.spelling_may_join("рек", "реч", ["рек"], ["реч"]) is None   # река / речь
    assert joins.spelling_may_join("рек", "реч") is not None                 # no families to ask
    assert joins.spelling_may_join("лёт", "лет", ["лёт"], ["лет"]).kind == "spelling"


def test_homonymous_spellings_are_named():
    joins = policy(homonymous=["вод", "лук"])
    assert joins.homonymous("вод", "вод") == {"вод"}
    assert joins.homonymous("рук", "руч") == set()


def test_the_compiled_lexicon_gives_the_run_time_policy(engine):
    joins = JoinPolicy.of_store(engine.store)
    assert "вод" in joins.homonymous_roots
    assert joins.alternation("бр", "бир") == compare_roots("бр", "бир")
    assert same_spelling(joins.alternation("лёт", "лет"))
