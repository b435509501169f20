import bz2
import pathlib
import shutil

import pytest

from lexicon.build.wiktionary import WiktionaryEntry, iter_entries, parse_morpho

SAMPLE = pathlib.Path(__file__).resolve().parents[1] / "data" / "wiktionary-sample.xml"


@pytest.fixture(scope="module")
def entries() -> list[WiktionaryEntry]:
    return list(iter_entries(SAMPLE))


def by_title(entries, title):
    return [e for e in entries if e.title == title]


def test_bz2_dump_gives_same_entries(entries, tmp_path):
    packed = tmp_path / "ruwiktionary-pages-articles.xml.bz2"
    with open(SAMPLE, "rb") as src, bz2.open(packed, "wb") as dst:
        shutil.copyfileobj(src, dst)
    assert list(iter_entries(packed)) == entries
    assert list(iter_entries(str(packed))) == entries  # str paths too


def test_only_russian_main_namespace_non_redirect_pages(entries):
    titles = [e.title for e in entries]
    assert titles == ["кошка", "кот", "вода", "водитель", "лук", "лук", "пароход", "брысь"]
    assert "Пароход" not in titles  # redirect
    assert "Шаблон:морфо-ru" not in titles  # namespace 10
    assert "кіт" not in titles  # Ukrainian-only page


def test_exact_morphemes(entries):
    (koshka,) = by_title(entries, "кошка")
    assert koshka.morphemes == (("кош", "root"), ("к", "suffix"), ("а", "ending"))
    (parokhod,) = by_title(entries, "пароход")
    assert parokhod.morphemes == (("пар", "root"), ("о", "interfix"), ("ход", "root"))
    (voditel,) = by_title(entries, "водитель")
    assert voditel.morphemes == (("вод", "root"), ("и", "suffix"), ("тель", "suffix"))


def test_entry_without_morpho_template(entries):
    (brys,) = by_title(entries, "брысь")
    assert brys.homonym is None
    assert brys.morphemes == ()  # the template is only inside an HTML comment
    assert brys.related == ("брысить",)


def test_related_words(entries):
    (koshka,) = by_title(entries, "кошка")
    assert "кот" in koshka.related
    assert "котёнок" in koshka.related  # ё kept
    assert "по-кошачьи" in koshka.related  # anchor, display text and stress stripped
    assert "кошка" not in koshka.related  # self-link dropped
    assert len(set(koshka.related)) == len(koshka.related)
    assert "cat" not in koshka.related  # translations are not related words

    (voda,) = by_title(entries, "вода")
    assert voda.related[:2] == ("водица", "водичка")  # order kept
    assert "водяний" not in voda.related  # from the Ukrainian section

    (voditel,) = by_title(entries, "водитель")  # bullet-list style, [[a|b]] -> a
    assert voditel.related == (
        "вождение", "водительство", "проводник", "водительский",
        "водить", "вести", "провести",
    )


def test_homographs(entries):
    luk = by_title(entries, "лук")
    assert [e.homonym for e in luk] == [1, 2]
    onion, bow = luk
    assert "луковица" in onion.related and "лучник" not in onion.related
    assert "лучник" in bow.related and "луковица" not in bow.related
    assert "лучен" not in bow.related  # Bulgarian section after the Russian one
    assert onion.morphemes == bow.morphemes == (("лук", "root"),)
    assert all(e.homonym is None for e in entries if e.title != "лук")


def _dump(tmp_path, title, wikitext, version="0.11"):
    """Minimal export with another schema version and no <siteinfo>."""
    from xml.sax.saxutils import escape

    path = tmp_path / "mini.xml"
    path.write_text(
        f'<mediawiki xmlns="http://www.mediawiki.org/xml/export-{version}/" version="{version}">'
        f"<page><title>{title}</title><ns>0</ns><id>1</id><revision><id>2</id>"
        f'<text xml:space="preserve">{escape(wikitext)}</text></revision></page></mediawiki>',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("header", ["=== I ===\n", "== {{заголовок|лук 1}} ==\n"])
def test_other_homograph_header_styles(tmp_path, header):
    second = header.replace("I", "II").replace("лук 1", "лук 2")
    text = (
        "= {{-ru-}} =\n" + header + "{{морфо-ru|лук|+∅}}\n=== Родственные слова ===\n* [[лучок]]\n"
        + second + "{{морфо-ru|лук|+∅}}\n=== Родственные слова ===\n* [[лучник]]\n"
    )
    got = list(iter_entries(_dump(tmp_path, "лук", text)))
    assert [(e.homonym, e.related) for e in got] == [(1, ("лучок",)), (2, ("лучник",))]


@pytest.mark.parametrize(
    "args, expected",
    [
        ("{{морфо-ru|кош|-к|-а}}", (("кош", "root"), ("к", "suffix"), ("а", "ending"))),
        ("{{морфо-ru|под-|свеч|-ник|+}}", (("под", "prefix"), ("свеч", "root"), ("ник", "suffix"))),
        ("{{морфо-ru|пар|-о-|ход|+}}", (("пар", "root"), ("о", "interfix"), ("ход", "root"))),
        ("{{морфо-ru|у-|чи|-ть|-ся}}",
         (("у", "prefix"), ("чи", "root"), ("ть", "suffix"), ("ся", "postfix"))),
        # real ru.wiktionary style: "+" marks the ending, named args ignored
        ("кош|-к|+а|и=т", (("кош", "root"), ("к", "suffix"), ("а", "ending"))),
        ("в-|да|+ть|-ся", (("в", "prefix"), ("да", "root"), ("ть", "ending"), ("ся", "postfix"))),
        ("бес-|судорож|-н|+ый|ударение=1",
         (("бес", "prefix"), ("судорож", "root"), ("н", "suffix"), ("ый", "ending"))),
        ("сам|-о-|суд|и=т", (("сам", "root"), ("о", "interfix"), ("суд", "root"))),
        ("ко́ш|-к|+а", (("кош", "root"), ("к", "suffix"), ("а", "ending"))),  # stress stripped
        ("", ()),
    ],
)
def test_parse_morpho(args, expected):
    assert parse_morpho(args) == expected
