"""Glued roots re-split at build time: only on positive evidence, never on a substring alone."""
from collections import Counter

from lexicon.build import glued
from lexicon.build.compile import STANDARD_PREFIXES, Entry, LinkEvidence, resplit_glued_roots
from lexicon.build.sources import rule_affixes
from lexicon.segment import AffixInventory, label_parts

AFFIXES = AffixInventory(STANDARD_PREFIXES, frozenset({"ин", "к", "н", "ов", "а", "тель", "и", "ш"}),
                         frozenset({"а", "ый", "ий", "ть"}))


def entry(word, *cut):
    return Entry(word, tuple(cut), "tikhonov-morphemes")


def resplit(entries, rules=(), links=(), compounds=()):
    """Run the build step on hand-made entries; DerivBase rules given as (base, derived, pattern)."""
    affixes = {}
    for base, derived, pattern in rules:
        prefixes, suffixes = rule_affixes(pattern)
        affixes[(base, derived)] = (frozenset(p for p in prefixes if p in STANDARD_PREFIXES), frozenset(suffixes))
    all_links = sorted({(b, d, "rule") for b, d, _ in rules} | set(links))
    stats = Counter()
    resplit_glued_roots(LinkEvidence(all_links, affixes, list(compounds)), entries, AFFIXES, stats)
    return stats


def roots(entries, word):
    return entries[word].roots


def test_rule_affixes_reads_both_sides_of_a_derivbase_rule():
    assert rule_affixes("пре + verb + ива(ть)/ва(ть) -> verb") == (("пре",), ("ива", "ва"))
    assert rule_affixes("noun + ин(а)/овин(а) -> noun") == ((), ("ин", "овин"))
    assert rule_affixes("adj + 0m2 -> noun") == ((), ())


def test_a_suffix_glued_into_the_root_is_split_when_two_derived_words_show_it():
    entries = {
        "карта": entry("карта", ("карт", "root"), ("а", "ending")),
        "карт": entry("карт", ("карт", "root")),
        "картина": entry("картина", ("картин", "root"), ("а", "ending")),
        "картинка": entry("картинка", ("картин", "root"), ("к", "suffix"), ("а", "ending")),
        "картинный": entry("картинный", ("картин", "root"), ("н", "suffix"), ("ый", "ending")),
    }
    # картинка also derives from картина, a word of the whole glued root, itself split the same way.
    stats = resplit(entries, rules=[("карта", "картина", "noun + ин(а) -> noun"),
                                    ("карт", "картина", "noun + ин(а) -> noun"),
                                    ("карта", "картинка", "noun + инк(а) -> noun"),
                                    ("картина", "картинка", "noun + к(а) -> noun")],
                    links=[("картина", "картинный", "rule")])
    assert roots(entries, "картина") == ["карт"]
    assert entries["картина"].morphemes == (("карт", "root"), ("ин", "suffix"), ("а", "ending"))
    assert roots(entries, "картинка") == ["карт"]
    # картинный has no rule of its own; it shares the glued spelling over a link and follows.
    assert roots(entries, "картинный") == ["карт"]
    assert stats["resplit_glued"] + stats["resplit_carried"] == 3


def test_one_base_word_is_a_chance_homograph_and_splits_nothing():
    entries = {"груз": entry("груз", ("груз", "root")),
               "грузин": entry("грузин", ("грузин", "root")),
               "грузинка": entry("грузинка", ("грузин", "root"), ("к", "suffix"), ("а", "ending"))}
    resplit(entries, rules=[("груз", "грузин", "noun + ин -> noun"), ("груз", "грузинка", "noun + инк(а) -> noun")])
    assert roots(entries, "грузин") == ["грузин"]


def test_a_glued_root_that_ends_the_word_is_not_split():
    entries = {"граф": entry("граф", ("граф", "root")), "графа": entry("графа", ("граф", "root"), ("а", "ending")),
               "графин": entry("графин", ("графин", "root")),
               "графинчик": entry("графинчик", ("графин", "root"), ("чик", "suffix"))}
    resplit(entries, rules=[("граф", "графин", "noun + ин -> noun"), ("графа", "графин", "noun + ин -> noun"),
                            ("граф", "графинчик", "noun + ин -> noun")])
    assert roots(entries, "графин") == ["графин"]


def test_one_link_is_noise_and_splits_nothing():
    # DerivBase's rules also generate мир → мираж: one derived word is not a pattern.
    entries = {"мирок": entry("мирок", ("мирок", "root")),
               "мирокина": entry("мирокина", ("мирокин", "root"), ("а", "ending"))}
    stats = resplit(entries, rules=[("мирок", "мирокина", "noun + ин(а) -> noun")])
    assert roots(entries, "мирокина") == ["мирокин"]
    assert stats["resplit_unconfirmed"] == 1


def test_a_short_base_root_never_splits_a_longer_one():
    entries = {"гол": entry("гол", ("гол", "root")),
               "головка": entry("головка", ("голов", "root"), ("к", "suffix"), ("а", "ending")),
               "головной": entry("головной", ("голов", "root"), ("н", "suffix"), ("ой", "ending"))}
    resplit(entries, rules=[("гол", "головка", "noun + овк(а) -> noun"), ("гол", "головной", "noun + ов(ой) -> adj")])
    assert roots(entries, "головка") == ["голов"]


def test_the_rest_must_be_what_the_rule_adds():
    entries = {"парус": entry("парус", ("парус", "root")),
               "парусина": entry("парусина", ("парусин", "root"), ("а", "ending")),
               "парусинка": entry("парусинка", ("парусин", "root"), ("к", "suffix"), ("а", "ending"))}
    resplit(entries, rules=[("парус", "парусина", "noun + ник -> noun"), ("парус", "парусинка", "noun + ник -> noun")])
    assert roots(entries, "парусина") == ["парусин"]


def test_a_verb_prefix_glued_into_the_root_is_split_by_prefix_rules():
    entries = {
        "дать": entry("дать", ("да", "root"), ("ть", "suffix")),
        "давать": entry("давать", ("да", "root"), ("ва", "suffix"), ("ть", "suffix")),
        "предать": entry("предать", ("преда", "root"), ("ть", "suffix")),
        "предавать": entry("предавать", ("преда", "root"), ("ва", "suffix"), ("ть", "suffix")),
        "предатель": entry("предатель", ("преда", "root"), ("тель", "suffix")),
    }
    resplit(entries, rules=[("дать", "предать", "пре + verb -> verb"), ("давать", "предавать", "пре + verb -> verb")],
            links=[("предать", "предатель", "rule")])
    assert entries["предать"].morphemes == (("пре", "prefix"), ("да", "root"), ("ть", "suffix"))
    assert roots(entries, "предатель") == ["да"]


def test_one_letter_prefixes_are_not_peeled():
    entries = {"казать": entry("казать", ("каз", "root"), ("ать", "suffix")),
               "казаться": entry("казаться", ("каз", "root"), ("ать", "suffix"), ("ся", "postfix")),
               "сказать": entry("сказать", ("сказ", "root"), ("ать", "suffix")),
               "сказаться": entry("сказаться", ("сказ", "root"), ("ать", "suffix"), ("ся", "postfix"))}
    resplit(entries, rules=[("казать", "сказать", "с + verb -> verb"), ("казаться", "сказаться", "с + verb -> verb")])
    assert roots(entries, "сказать") == ["сказ"]


def test_linked_dictionary_cuts_show_a_prefix_in_a_glued_root():
    entries = {
        "возраст": entry("возраст", ("возраст", "root")),
        "возрастать": entry("возрастать", ("воз", "prefix"), ("раст", "root"), ("а", "suffix"), ("ть", "suffix")),
        "возрастание": entry("возрастание", ("воз", "prefix"), ("раст", "root"), ("а", "suffix"), ("ни", "suffix"),
                             ("е", "ending")),
    }
    stats = resplit(entries, links=[("возраст", "возрастать", "r"), ("возраст", "возрастание", "r")])
    assert entries["возраст"].morphemes == (("воз", "prefix"), ("раст", "root"))
    assert stats["resplit_by_cut"] == 1


def test_one_linked_cut_may_be_a_homograph_and_splits_nothing():
    entries = {"народ": entry("народ", ("народ", "root")),
               "народить": entry("народить", ("на", "prefix"), ("род", "root"), ("и", "suffix"), ("ть", "suffix"))}
    resplit(entries, links=[("народ", "народить", "r")])
    assert roots(entries, "народ") == ["народ"]


def test_gold_compound_parts_show_the_roots_of_a_carried_compound():
    entries = {"волна": entry("волна", ("волн", "root"), ("а", "ending")),
               "водить": entry("водить", ("вод", "root"), ("и", "suffix"), ("ть", "suffix")),
               "волновод": Entry("волновод", (("волн", "root"), ("овод", "suffix")), "derivbase-carried")}
    stats = resplit(entries, compounds=[("волновод", ("волна", "водить"))])
    assert entries["волновод"].morphemes == (("волн", "root"), ("о", "interfix"), ("вод", "root"))
    assert stats["resplit_compound"] == 1


def test_wiktionary_breakdowns_are_never_resplit():
    entries = {"карта": entry("карта", ("карт", "root"), ("а", "ending")),
               "картина": Entry("картина", (("картин", "root"), ("а", "ending")), "wiktionary"),
               "картинка": Entry("картинка", (("картин", "root"), ("к", "suffix"), ("а", "ending")), "wiktionary")}
    resplit(entries, rules=[("карта", "картина", "noun + ин(а) -> noun"), ("карта", "картинка", "noun + инк(а) -> noun")])
    assert roots(entries, "картина") == ["картин"]


def test_suffix_chain_reads_known_suffixes_end_to_end():
    assert glued.suffix_chain("инк", frozenset({"ин", "к"})) == ["ин", "к"]
    assert glued.suffix_chain("ыр", frozenset({"ин", "к"})) is None


def test_a_prefix_spelling_before_a_short_suffix_is_the_root():
    # за/рос/ш/ий: рос is the root here, not the prefix рос- (роспись).
    labelled = label_parts(("за", "рос", "ш", "ий"), AFFIXES)
    assert labelled == (("за", "prefix"), ("рос", "root"), ("ш", "suffix"), ("ий", "ending"))
    # Prefixes in a row stay prefixes: без/от/ход/н/ый.
    labelled = label_parts(("без", "от", "ход", "н", "ый"), AFFIXES)
    assert [t for t, k in labelled if k == "root"] == ["ход"]


def test_a_derived_word_with_a_base_of_its_whole_root_is_not_split():
    # протонировать comes from протон; тонировать → протонировать is a generated link.
    entries = {"тонировать": entry("тонировать", ("тон", "root"), ("ирова", "suffix"), ("ть", "suffix")),
               "тонироваться": entry("тонироваться", ("тон", "root"), ("ирова", "suffix"), ("ть", "suffix"),
                                     ("ся", "postfix")),
               "протон": entry("протон", ("протон", "root")),
               "протонировать": entry("протонировать", ("протон", "root"), ("ирова", "suffix"), ("ть", "suffix")),
               "протонироваться": entry("протонироваться", ("протон", "root"), ("ирова", "suffix"),
                                        ("ть", "suffix"), ("ся", "postfix"))}
    resplit(entries, rules=[("тонировать", "протонировать", "про + verb -> verb"),
                            ("тонироваться", "протонироваться", "про + verb -> verb"),
                            ("протон", "протонировать", "noun + ирова(ть) -> verb"),
                            ("протонировать", "протонироваться", "verb + ся -> verb")])
    assert roots(entries, "протон") == ["протон"]


def test_a_suffix_rule_reads_о_as_е_after_a_hushing_consonant():
    from lexicon.build.sources import affixes_present
    assert affixes_present("adj + ость/ность", "плавучесть")
    assert not affixes_present("adj + ость/ность", "плавучий")


def test_an_aspect_pair_reads_the_suffix_а_as_я_after_a_softened_consonant():
    from lexicon.build.sources import affixes_present
    aspect = "verb + ива(ть)/ва(ть)/а3(ть)"
    assert affixes_present(aspect, "укреплять", "укрепить")
    assert affixes_present(aspect, "определять", "определить")
    assert not affixes_present(aspect, "проверять", "провернуть")      # a generation error: верить
    assert not affixes_present("noun + ак", "туляк", "тул")              # Тула, not тул «колчан»


def test_the_aspect_pair_joins_the_imperfectives_family(lexicon):
    # укреплять, укрепление had a base of their own spelling only; the aspect link joins them to крепить
    verdict = lexicon.compare("крепость", "укрепление")
    assert verdict.cognate and verdict.confidence == "certain"
    assert lexicon.compare("тулья", "туляк").confidence != "certain"     # no link joins them: spelling only


def test_a_compound_keeps_the_prefixes_of_its_second_part():
    affixes = AffixInventory(STANDARD_PREFIXES, frozenset({"ан", "и"}), frozenset({"е", "а"}))
    assert glued.compound_morphemes("скотопрогон", ["скот", "гон"], affixes) == (
        ("скот", "root"), ("о", "interfix"), ("про", "prefix"), ("гон", "root"))
    assert glued.compound_morphemes("мотопила", ["мото", "пил"], affixes) == (
        ("мото", "root"), ("пил", "root"), ("а", "ending"))
    assert glued.compound_morphemes("однофамилец", ["один", "фамили"], affixes) is None


def test_a_split_carries_to_a_linked_root_with_the_final_consonant_alternated():
    from lexicon.build.glued import alternant_pieces
    pieces = (("гран", "root"), ("иц", "suffix"))
    assert alternant_pieces("границ", pieces, "гранич") == (("гран", "root"), ("ич", "suffix"))
    assert alternant_pieces("границ", pieces, "грань") is None        # not a consonant change
    assert alternant_pieces("границ", (("границ", "root"),), "гранич") is None
