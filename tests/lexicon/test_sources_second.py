"""The second sources: UniMorph 4.0 derivational links and ru.wiktionary {{морфо-ru}} segmentations
(from the morpholog package's pickle, read with an unpickler that loads plain data only)."""
import importlib.util
import logging
import os
import pickle
import sys

import pytest

from lexicon.build import sources
from lexicon.build.sources import (
    DataOnlyUnpickler,
    compare_segmentations,
    load_plain_pickle,
    morpholog_map_path,
    morpholog_parts,
    plain_word,
    roots_of,
    tikhonov_morphemes,
    unimorph_links,
    wiktionary_morphs,
)
from tests.conftest import SOURCES

needs_unimorph = pytest.mark.skipif(not (SOURCES / "unimorph-rus").is_dir(), reason="raw sources not available")
needs_morpholog = pytest.mark.skipif(morpholog_map_path() is None,
                                     reason="morpholog is not installed (pip install -e '.[build]')")


# --- UniMorph ------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def links():
    return list(unimorph_links(SOURCES))


@pytest.mark.parametrize("raw, word", [
    ("громи́ть", "громить"), ("за̀мок", "замок"), ("Ёж", "ёж"), ("мо́йка", "мойка"), ("да-с", "да-с"),
    ("pogrom", None), ("Чёрное море", None), ("лоґік", None), ("річный", None), ("обѣ́дать", None),
    ("-скочи́ть", None), ("из-", None), ("2-метилбутан", None),
])
def test_plain_word(raw, word):
    assert plain_word(raw) == word


@needs_unimorph
def test_unimorph_counts(links):
    # 14,048 lines: 382 repeat a link once stress marks are gone, 46 are dropped (docstring of unimorph_links)
    assert len(links) == 13_620
    assert len(set(links)) == len(links)
    assert all(plain_word(link.source) == link.source and plain_word(link.target) == link.target for link in links)
    assert all(link.source_key != link.target_key for link in links)


@needs_unimorph
def test_unimorph_known_links(links):
    pairs = {(link.source, link.target): link for link in links}
    assert pairs["лук", "лучник"].affix == "-ник"
    assert (pairs["царь", "царица"].source_pos, pairs["царь", "царица"].target_pos) == ("N", "N")
    assert pairs["царь", "царица"].affix == "-ица"
    assert ("громить", "погром") in pairs            # громи́ть: the stress mark is stripped
    assert ("русь", "русский") in pairs               # lower case


@needs_unimorph
def test_unimorph_drops_what_is_not_one_russian_word(links):
    words = {link.source for link in links} | {link.target for link in links}
    assert not words & {"pogrom", "beyonsense", "громи́ть"}
    assert not any("\u0301" in word or " " in word for word in words)
    assert not any(link.target == "черноморский" for link in links)   # from «Чёрное море»
    assert not any(link.target == "ослёнок" and link.source == "ослёнок" for link in links)


@needs_unimorph
def test_unimorph_keeps_yo_and_gives_a_folded_key(links):
    link = next(link for link in links if (link.source, link.target) == ("бес", "бесёнок"))
    assert (link.target, link.target_key) == ("бесёнок", "бесенок")


# --- the restricted unpickler -----------------------------------------------------------------------

class _Exploit:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return os.system, (f"touch {self.marker}",)


def test_unpickler_refuses_a_pickle_that_names_a_function(tmp_path):
    marker = tmp_path / "pwned"
    path = tmp_path / "evil.pickle"
    path.write_bytes(pickle.dumps({"кот": _Exploit(marker)}))
    with pytest.raises(pickle.UnpicklingError, match="system"):
        load_plain_pickle(path)
    with pytest.raises(pickle.UnpicklingError):
        list(wiktionary_morphs(path))
    assert not marker.exists()


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_unpickler_loads_plain_data(tmp_path, protocol):
    data = {"водопад": ["вод", "-о-", "пад"], "еж": None, "x": [], "n": (1, 2.5, True)}
    path = tmp_path / "plain.pickle"
    path.write_bytes(pickle.dumps(data, protocol=protocol))
    assert load_plain_pickle(path) == data


@needs_morpholog
def test_morpholog_pickle_needs_no_class():
    # Every opcode that builds an object by name is absent: the data-only unpickler loses nothing.
    import pickletools
    by_name = {"GLOBAL", "STACK_GLOBAL", "INST", "OBJ", "REDUCE", "NEWOBJ", "NEWOBJ_EX", "BUILD", "EXT1", "EXT2",
               "EXT4", "PERSID", "BINPERSID"}
    data = morpholog_map_path().read_bytes()
    assert not {op.name for op, _, _ in pickletools.genops(data)} & by_name
    with open(morpholog_map_path(), "rb") as handle:
        assert isinstance(DataOnlyUnpickler(handle).load(), dict)


# --- {{морфо-ru}} segmentations ------------------------------------------------------------------------

@pytest.mark.parametrize("morphs, parts", [
    (["по-", "сол"], (("по", "prefix"), ("сол", "root"))),
    (["вод", "-о-", "пад"], (("вод", "root"), ("о", "interfix"), ("пад", "root"))),
    (["кош", "-к", "+а"], (("кош", "root"), ("к", "suffix"), ("а", "ending"))),
    (["ёж", "-ик"], (("ёж", "root"), ("ик", "suffix"))),
    (["сме", "-я", "+ть", "-ся"], (("сме", "root"), ("я", "suffix"), ("ть", "ending"), ("ся", "postfix"))),
    (["инструкт", "-ир-", "-ова", "+ть"],
     (("инструкт", "root"), ("ир", "suffix"), ("ова", "suffix"), ("ть", "ending"))),
    (["лет", "-а", "-ниj", "+е"], (("лет", "root"), ("а", "suffix"), ("ни", "suffix"), ("е", "ending"))),
    (["о-", "хлопь", "-j", "+е"], (("о", "prefix"), ("хлопь", "root"), ("е", "ending"))),
    (["у-", "лов", "-∅"], (("у", "prefix"), ("лов", "root"))),
    (["губ", "+а", "и=к"], (("губ", "root"), ("а", "ending"))),
    (["гидр(о)", "оним", "-ик", "+а"], None),
    (["основа=сермя́г\n", "слоги={{по-слогам", "сер"], None),
])
def test_morpholog_parts(morphs, parts):
    assert morpholog_parts(morphs) == parts


def test_wiktionary_entries_must_spell_their_headword(tmp_path):
    table = {
        "рот": ["рот", "+а"],                 # рота's analysis under рот: dropped
        "рота": ["рот", "+а"],
        "учитель": ["уч", "-и"],              # truncated
        "пол-литра": ["пол", "литр", "-а"],   # the hyphen comes back as Tikhonov writes it
        "ёж": ["ёж"], "еж": ["ёж"],            # еж is ёж written without ё: ёж has its own entry
        "издалека": ["из-", "далёк", "-а"],    # ё of далёкий in the morph, not in the word
        "НАДМОЧИТЬ": ["над-", "моч", "+ить"], "надмочить": ["над-", "моч", "+ить"],
        "прогонка": [""], "электроцентраль": None, "кот": [],
    }
    path = tmp_path / "map.pickle"
    path.write_bytes(pickle.dumps(table, protocol=3))
    assert list(wiktionary_morphs(path)) == [
        ("рота", (("рот", "root"), ("а", "ending"))),
        ("пол-литра", (("пол", "root"), ("-", "interfix"), ("литр", "root"), ("а", "suffix"))),
        ("ёж", (("ёж", "root"),)),
        ("издалека", (("из", "prefix"), ("далек", "root"), ("а", "suffix"))),
        ("надмочить", (("над", "prefix"), ("моч", "root"), ("ить", "ending"))),
    ]


def test_without_morpholog_the_reader_yields_nothing(monkeypatch, caplog):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "morpholog" else real(name, *a))
    with caplog.at_level(logging.WARNING, logger="koren.build"):
        assert list(wiktionary_morphs()) == []
    assert "morpholog is not installed" in caplog.text


@pytest.fixture(scope="module")
def morphs():
    # Read once for the module (the pickle takes seconds); how long is a bench figure, not a test.
    return list(wiktionary_morphs())


@needs_morpholog
def test_morpholog_counts(morphs):
    # morpholog 1.6: 93,387 headwords, 66,581 spell back, 10,010 with two roots or more
    assert 60_000 < len(morphs) < 70_000
    assert 9_000 < sum(len(roots_of(parts)) > 1 for _, parts in morphs) < 11_000
    assert len({word for word, _ in morphs}) == len(morphs)
    assert all("".join(text for text, _ in parts) == word for word, parts in morphs)


@needs_morpholog
def test_morpholog_entries(morphs):
    table = dict(morphs)
    assert table["водопад"] == (("вод", "root"), ("о", "interfix"), ("пад", "root"))
    assert table["посол"] == (("по", "prefix"), ("сол", "root"))
    assert roots_of(table["паровоз"]) == ("пар", "воз")
    assert "рот" not in table and roots_of(table["рота"]) == ("рот",)   # рот holds рота's analysis
    assert "morpholog" not in sys.modules                                 # located, never imported


# --- where the two segmentations disagree -------------------------------------------------------------

def test_compare_segmentations_counts_and_examples():
    first = [("водопад", (("вод", "root"), ("о", "interfix"), ("пад", "root"))),
             ("прораб", (("про", "prefix"), ("раб", "root"))),
             ("ёжик", (("ёж", "root"), ("ик", "suffix"))),
             ("кот", (("кот", "root"),))]
    second = [("водопад", (("вод", "root"), ("о", "interfix"), ("пад", "root"))),
              ("прораб", (("про", "root"), ("раб", "root"))),
              ("ежик", (("еж", "root"), ("и", "suffix"), ("к", "suffix")))]
    result = compare_segmentations(first, second, examples=5)
    assert (result.words, result.roots_equal, result.cuts_equal) == (3, 2, 2)
    assert result.examples == [("прораб", ("раб",), ("про", "раб"))]
    assert result.share(result.roots_equal) == pytest.approx(0.6667)


@needs_unimorph
@needs_morpholog
def test_tikhonov_and_wiktionary_roots_mostly_agree(morphs):
    result = compare_segmentations(tikhonov_morphemes(SOURCES), morphs, examples=10)
    assert result.words > 55_000
    assert 0.95 < result.share(result.roots_equal) < 0.99     # 0.972 measured
    assert len(result.examples) == 10
    assert all(mine != theirs for _, mine, theirs in result.examples)
