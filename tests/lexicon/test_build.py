"""The build pipeline on a miniature copy of the sources: fast, and every layer exercised."""
import hashlib
import zipfile
from pathlib import Path

import pytest

from lexicon.build.__main__ import main as build_main
from lexicon.cognates import CognateEngine
from lexicon.store import LexiconStore
from tests.conftest import DATA

MORPHEMES = """кот\tкот:ROOT
котик\tкот:ROOT/ик:SUFF
котёнок\tкот:ROOT/ёнок:SUFF
кошка\tкош:ROOT/к:SUFF/а:END
рука\tрук:ROOT/а:END
ручной\tруч:ROOT/н:SUFF/ой:END
ручка\tруч:ROOT/к:SUFF/а:END
вода\tвод:ROOT/а:END
водный\tвод:ROOT/н:SUFF/ый:END
водить\tвод:ROOT/и:SUFF/ть:SUFF
водитель\tвод:ROOT/и:SUFF/тель:SUFF
пароход\tпар:ROOT/о:LINK/ход:ROOT
ходить\tход:ROOT/и:SUFF/ть:SUFF
"""
DICTIONARY = """пар | па'р/
переход | пере/хо'д/
лук1 | лук/1 (растение)
"""
LINKS = [
    ("кот", "noun", "котик", "noun", "rule344(noun + ик -> noun)", "SFX"),
    ("кот", "noun", "котёнок", "noun", "rule394(noun + онок -> noun)", "SFX"),
    ("рука", "noun", "ручной", "adj", "rule619(noun + н1(ый) -> adj)", "SFX"),
    ("рука", "noun", "ручка", "noun", "rule397(noun + к(а) -> noun)", "SFX"),
    ("вода", "noun", "водный", "adj", "rule619(noun + н1(ый) -> adj)", "SFX"),
    ("вода", "noun", "водить", "verb", "rule796(noun + и(ть) -> verb)", "SFX"),
    ("водить", "verb", "водитель", "noun", "rule209(verb + тель -> noun)", "SFX"),
    ("ходить", "verb", "переход", "noun", "rule446(verb + 0 -> noun)", "PFX"),
    ("ходить", "verb", "ходьба", "noun", "rule250(verb + ьб(а) -> noun)", "SFX"),
]


def make_sources(root: Path) -> Path:
    (root / "tikhonov-morphemes").mkdir(parents=True)
    (root / "tikhonov-morphemes" / "rus.train").write_text(MORPHEMES, encoding="utf-8")
    (root / "tikhonov-dictionary").mkdir()
    (root / "tikhonov-dictionary" / "Tikhonov.utf8.txt").write_text(DICTIONARY, encoding="utf-8")
    (root / "derivbase-ru").mkdir()
    rows = "word_s\tpos_s\tword_d\tpos_d\trule_id\tder_type\n" + "".join("\t".join(r) + "\n" for r in LINKS)
    with zipfile.ZipFile(root / "derivbase-ru" / "v001.00-connections.zip", "w") as archive:
        archive.writestr("connections_noun.csv", rows)
    (root / "derivbase-ru" / "compounds_gold.csv").write_text(
        "word_d,pos_d,words_m,poss_m,word_h,pos_h,order,rules_h,rules_am\n"
        "пароход,noun,пар,noun,ходить,verb,1;0,rule446,\n", encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    base = tmp_path_factory.mktemp("mini")
    sources = make_sources(base / "sources")
    out = base / "lexicon.sqlite"
    assert build_main(["--only", "lexicon", "--sources", str(sources), "--out", str(out)]) == 0
    return sources, out


def test_build_is_deterministic(mini, tmp_path):
    sources, out = mini
    again = tmp_path / "again.sqlite"
    build_main(["--only", "lexicon", "--sources", str(sources), "--out", str(again)])
    digest = lambda p: hashlib.sha256(p.read_bytes()).hexdigest()
    assert digest(out) == digest(again)


def test_built_families_answer_cognate_questions(mini):
    engine = CognateEngine(LexiconStore(mini[1]))
    assert engine.compare("кот", "котёнок").cognate
    assert engine.compare("рука", "ручка").cognate          # к/ч alternation joined by a link
    assert engine.compare("пароход", "переход").cognate      # compound's second root
    assert engine.compare("пароход", "пар").cognate          # and its first
    # The carried root: ходьба is in no segmentation, it gets ход from its link.
    assert engine.analyse("ходьба").analyses[0].source == "derivbase-carried"


def test_curated_senses_split_homonymous_roots(mini):
    engine = CognateEngine(LexiconStore(mini[1]))
    verdict = engine.compare("вода", "водитель")
    assert not verdict.cognate
    assert engine.compare("вода", "водный").cognate


def test_dictionary_layer_fills_gaps_and_keeps_homonym_glosses(mini):
    store = LexiconStore(mini[1])
    assert store.word("пар").source == "tikhonov-dictionary"
    assert "растение" in store.word("лук").glosses


def test_tikhonov_layer_can_be_dropped(mini, tmp_path):
    out = tmp_path / "no-tikhonov.sqlite"
    build_main(["--only", "lexicon", "--sources", str(mini[0]), "--out", str(out), "--no-tikhonov"])
    store = LexiconStore(out)
    assert store.sources_note == "derivbase-ru,curated"
    assert all(store.word(w) is None or store.word(w).source not in ("tikhonov-morphemes", "tikhonov-dictionary")
               for w in ("кот", "пар", "кошка"))


def test_wiktionary_dump_feeds_the_same_lexicon(mini, tmp_path):
    out = tmp_path / "wiki.sqlite"
    build_main(["--only", "lexicon", "--sources", str(mini[0]), "--out", str(out), "--wiktionary", str(DATA / "wiktionary-sample.xml")])
    store = LexiconStore(out)
    assert "wiktionary" in store.sources_note
    assert store.word("кошка").source == "wiktionary"
    engine = CognateEngine(store)
    # кошка's «Родственные слова» list кот: the link joins them even without DerivBase.
    assert engine.compare("кошка", "кот").cognate


def test_hard_sign_before_a_root_is_a_prefix():
    """The morpheme list marks объ/разъ/съ as roots; no root ends in ъ, so it is the prefix."""
    from lexicon.build.sources import relabel_hard_sign_prefixes

    parts = [("объ", "root"), ("един", "root"), ("ени", "suffix"), ("е", "ending")]
    assert relabel_hard_sign_prefixes(parts)[:2] == [("объ", "prefix"), ("един", "root")]
    # a root that merely precedes a suffix keeps its label
    assert relabel_hard_sign_prefixes([("съ", "root"), ("ест", "suffix")])[0] == ("съ", "root")


def test_объединение_is_no_cognate_of_объяснение():
    engine = CognateEngine(LexiconStore())
    assert not engine.compare("объединение", "объяснение").cognate


def test_a_word_between_two_homonyms_joins_neither():
    """ротик is linked to рот and to рота (the rules matched letters): it cannot say which is its base."""
    from lexicon.build.compile import Proposal, one_base_each

    proposals = [Proposal(0, ("рот", 0), ("ротик", 0), "rule344"), Proposal(0, ("рота", 0), ("ротик", 0), "rule344"),
                 Proposal(0, ("рот", 0), ("ротовой", 0), "rule630")]
    kept = one_base_each(proposals, [("рот", "ротик", "r"), ("рота", "ротик", "r"), ("рот", "ротовой", "r")])
    assert [p.b[0] for p in kept] == ["ротовой"]
    # linked to each other, the two bases are one root: both links stay
    linked = one_base_each(proposals, [("рот", "рота", "r")])
    assert len(linked) == 3


def test_a_pair_of_persons_is_one_root_in_two_genders():
    from lexicon.build.compile import Proposal, one_base_each

    proposals = [Proposal(0, ("кум", 0), ("кумин", 0), "rule360"), Proposal(0, ("кума", 0), ("кумин", 0), "rule360")]
    assert len(one_base_each(proposals, [])) == 2


def test_homonymous_curated_rows_never_weld():
    """вещ «вещь» and вещ «весть» are two rows of the allomorph table: no chain of links joins them."""
    engine = CognateEngine(LexiconStore())
    assert engine.compare("вещь", "вещевой").confidence == "certain"
    assert engine.compare("весть", "известие").confidence == "certain"
    assert not engine.compare("вещество", "известие").cognate
    # the homonym table splits вещ «вещь» from вещ «весть»: not even a possible pair
    assert not engine.compare("весточка", "вещица").cognate
    assert engine.compare("рот", "рота").confidence != "certain"


@pytest.mark.parametrize("a,b", [("боль", "футбол"), ("масса", "массаж"), ("счёт", "четверть"), ("место", "отместка"),
                                 ("кратность", "демократ"), ("дорога", "подорожание"), ("течение", "библиотека"),
                                 ("воля", "вол"), ("шаль", "шалость"), ("сажа", "саженец"), ("пустота", "допуск"),
                                 ("опера", "операция"), ("худоба", "художник"), ("ценник", "биоценоз"), ("лес", "леска"),
                                 ("тело", "телёнок"), ("сова", "совхоз"), ("товар", "товарищ"), ("телефон", "фон"),
                                 ("гипертония", "тональность"), ("лажа", "слаженность"), ("лаз", "наладка"),
                                 ("гончая", "перегной"), ("гниение", "изгнание"),
                                 ("кислота", "киска"), ("граф", "графика"), ("год", "погода"), ("крест", "крестьянин"),
                                 ("владелец", "влажность"), ("часть", "частота"), ("куратор", "курение")])
def test_homonymous_roots_of_the_table_are_not_kin(a, b):
    """One spelling, two roots (бол «боль» / бол «мяч», чет «счёт» / чет «четыре»): the table's senses decide."""
    assert not CognateEngine(LexiconStore()).compare(a, b).cognate


@pytest.mark.parametrize("a,b", [("поток", "течение"), ("отсчёт", "считать"), ("посадка", "саженец"),
                                 ("демократ", "бюрократ"), ("больница", "болезнь"), ("футбол", "баскетбол"),
                                 ("телефон", "микрофон"), ("допуск", "выпуск"), ("пустота", "пустыня"),
                                 ("часть", "частица"), ("погода", "непогода"), ("графика", "фотограф")])
def test_one_sense_under_two_spellings_stays_kin(a, b):
    """A sense is keyed by one spelling of its root (ток «течь» labels тек too): its alternants stay kin."""
    verdict = CognateEngine(LexiconStore()).compare(a, b)
    assert verdict.cognate and verdict.confidence == "certain"


def test_a_root_the_morpheme_dictionary_keeps_whole_is_not_cut_by_its_verbs():
    """добр is whole in dozens of Tikhonov entries; добрать (до + брать) and добрить (до + брить) do not make
    добро до|бр, and so добро is no kin of брать or бритва.  A root given whole in few words (возраст)
    is still cut where its linked words show it (воз|раст|а|ть): возраст / подросток."""
    engine = CognateEngine(LexiconStore())
    assert engine.compare("добро", "доброта").confidence == "certain"
    assert not engine.compare("добро", "брать").cognate
    assert not engine.compare("доброта", "бритва").cognate
    assert engine.compare("возраст", "подросток").cognate


def test_a_compound_shares_the_root_of_its_tail_word():
    """цен-о-образова-ни-е ends in the word образование, авто-заправ-к-а in заправка: their roots join those
    words' families though no link says so.  A short tail is a homograph as often (целл-о-фан is no фан)."""
    from lexicon.build.compile import _spelled_around_root

    assert _spelled_around_root("образова", (("образ", "root"), ("ова", "suffix"), ("ни", "suffix"), ("е", "ending"))) == 0
    assert _spelled_around_root("заправ", (("за", "prefix"), ("прав", "root"), ("к", "suffix"), ("а", "ending"))) == 0
    assert _spelled_around_root("образова", (("обр", "root"), ("аз", "suffix"))) is None
    engine = CognateEngine(LexiconStore())
    assert engine.compare("ценообразование", "образованность").confidence == "certain"
    assert engine.compare("автозаправка", "заправила").cognate
    assert engine.compare("целлофан", "фан").confidence != "certain"
