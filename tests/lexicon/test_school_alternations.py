"""The school list of alternating roots and the regular consonant changes (issue 14, points 2–3).

Curated rows only join words after a rebuild, so here they are checked as data: every spelling
of a row is a root the segmentation writes in one of its anchors, and every anchor is a word the
lexicon knows.  The consonant rule is checked on its own, with hand-made morphemes.
"""
from pathlib import Path

import pytest

from lexicon import paths
from lexicon.alternations import compare_roots
from lexicon.cognates import CognateEngine
from lexicon.roots import JoinPolicy, after_root, triggers_change
from lexicon.text import fold_key, fold_root

# The school rows of issue 14 (first spelling of each row): roots with alternating vowels,
# full/Church Slavonic vowels and fleeting vowels inside a root.
SCHOOL_ROWS = ["зар", "пла", "стел", "чет", "зр", "мок", "раст", "гор", "зем", "сл", "лик",
               "лоск", "золот", "молод", "ворот", "голов", "город", "берег", "мер", "кас", "клан",
               "скак", "равн", "бр", "др", "тер", "пер", "блест", "жеч", "жа", "мя", "ча"]


def curated_rows() -> list[tuple[list[str], list[str]]]:
    rows = []
    for line in Path(paths.ALLOMORPHS_TSV).read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or "\t" not in line:
            continue
        cells = line.split("\t")
        rows.append(([fold_root(s.strip()) for s in cells[0].split(",") if s.strip()],
                     [w.strip() for w in cells[1].split(",") if w.strip()]))
    return rows


@pytest.fixture(scope="module")
def engine() -> CognateEngine:
    return CognateEngine()


def school_row(first: str, rows) -> tuple[list[str], list[str]]:
    for spellings, anchors in rows:
        if spellings[0] == first and len(spellings) > 1:
            return spellings, anchors
    raise AssertionError(f"нет строки чередования «{first}»")


@pytest.mark.parametrize("first", SCHOOL_ROWS)
def test_school_row_spellings_are_roots_of_its_anchors(engine, first):
    spellings, anchors = school_row(first, curated_rows())
    written = {fold_root(root) for word in anchors for an in engine.analyse(word).analyses for root in an.roots}
    # A spelling may also sit inside a root the dictionary glued to a prefix (зир in надзир),
    # kept for the day that root is split.
    missing = [s for s in spellings if not any(s in root for root in written)]
    assert not missing, f"{first}: {missing} нет в якорях"


@pytest.mark.parametrize("first", SCHOOL_ROWS)
def test_school_row_anchors_are_known_words(engine, first):
    _, anchors = school_row(first, curated_rows())
    unknown = [w for w in anchors if engine.store.word(fold_key(w)) is None]
    assert not unknown


def test_full_and_church_slavonic_vowels_are_not_a_spelling_rule():
    # золот/злат differ by more than one vowel: only a curated row may join them.
    assert compare_roots("золот", "злат") is None
    assert compare_roots("молод", "млад") is None


# --- the consonant rule --------------------------------------------------------------------------

def policy() -> JoinPolicy:
    return JoinPolicy(lambda a, b: 0)


def test_after_root_finds_the_next_morpheme():
    lozhenyi = (("лощ", "root"), ("ен", "suffix"), ("ый", "ending"))
    assert after_root(lozhenyi, 0) == ("ен", "suffix")
    assert after_root((("нож", "root"),), 0) is None
    sweet_eater = (("сладк", "root"), ("о", "interfix"), ("еж", "root"), ("к", "suffix"), ("а", "ending"))
    assert after_root(sweet_eater, 1) == ("к", "suffix")


def test_triggers_are_suffixes_not_endings():
    assert triggers_change(("ен", "suffix")) and triggers_change(("к", "suffix"))
    assert not triggers_change(("ь", "ending")) and not triggers_change(None)
    assert not triggers_change(("ей", "suffix"))   # руч-ей is not рук-а
    assert not triggers_change(("ев", "suffix"))   # беж-ев-ый is not бег


def test_changed_consonant_before_its_suffix_joins_across_families():
    alt = compare_roots("лоск", "лощ")
    assert policy().shows_other_spelling(alt, "лоск", "лощ", ["лоск"], ["лощ"], None, ("ен", "suffix"))
    alt = compare_roots("ед", "еж")
    assert policy().shows_other_spelling(alt, "ед", "еж", ["ед"], ["еж"], None, ("к", "suffix"))


def test_changed_consonant_that_ends_the_word_does_not():
    # речь, нож: ч, ж end the root, nothing caused them.
    alt = compare_roots("рек", "реч")
    assert not policy().shows_other_spelling(alt, "рек", "реч", ["рек"], ["реч"], None, ("ь", "ending"))
    alt = compare_roots("ног", "нож")
    assert not policy().shows_other_spelling(alt, "ног", "нож", ["ног"], ["нож"], None, None)


def test_plain_consonant_before_a_suffix_is_no_evidence():
    # The trigger must follow the changed consonant, not the plain one.
    alt = compare_roots("рек", "реч")
    assert not policy().shows_other_spelling(alt, "рек", "реч", ["рек"], ["реч"], ("к", "suffix"), None)


def test_family_owning_the_changed_consonant_stays_apart():
    # ёж-их-а: the centre of its family is ёж, whose ж is its own, so ежиха is not еда.
    owns = policy()
    owns.centre_morphemes = lambda family: (("еж", "root"),) if family == 1 else None
    alt = compare_roots("ед", "еж")
    assert not owns.shows_other_spelling(alt, "ед", "еж", ["ед"], ["еж"], None, ("их", "suffix"), 2, 1)
    assert owns.shows_other_spelling(alt, "ед", "еж", ["ед"], ["еж"], None, ("к", "suffix"), 2, 3)


def test_the_run_time_policy_reads_family_centres_from_the_store(engine):
    family = engine.store.word("нож").nodes[0].family
    assert engine.join_policy.centre_morphemes(family) is not None
