"""Every part of `python -m lexicon.build` on a slice of the real sources (issue 34): each step runs, each
output loads through the module the service reads it with, and the profanity part reproduces the committed
file from the whole of its (small) source.  The full rebuild is `make lexicon`; these take seconds."""
from __future__ import annotations

import hashlib
import re
import sqlite3
import zipfile
from pathlib import Path

import pytest

from lexicon import frequency, headwords, nouns, paths, pronunciation, thesaurus
from lexicon.build import profanity as build_profanity
from lexicon.build import stress as build_stress
from lexicon.build import thesaurus as build_thesaurus
from lexicon.build.__main__ import PARTS
from lexicon.build.__main__ import main as build_main
from lexicon.profanity import Profanity
from lexicon.store import FORMAT_VERSION, LexiconStore
from tests.conftest import SOURCES

pytestmark = pytest.mark.skipif(not (SOURCES / "derivbase-ru").is_dir(), reason="raw sources not available")

HEAD = 400   # lines kept of each text source: enough for every builder to find something of each kind
# Kept wherever a source lists them first in a line: the loaders' probes (headwords: кошка, thesaurus:
# врач / доктор) and a few words the tests below look up.
KEEP = {"кошка", "кот", "вода", "рука", "врач", "доктор"}
FIRST_FIELD = re.compile(r"[\t|,]")


def kept(lines, count: int):
    for n, line in enumerate(lines):
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        if n < count or FIRST_FIELD.split(text, 1)[0].strip().lstrip("\ufeff") in KEEP:
            yield line


def head(src: Path, dst: Path, count: int = HEAD) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    with open(src, encoding="utf-8") as fh:
        dst.write_text("".join(kept(fh, count)), encoding="utf-8")


def slice_sources(root: Path) -> Path:
    """The first lines of every file the builders read (and the KEEP words' lines), in the sources' own
    layout and formats."""
    for name in ("tikhonov-morphemes/rus.train", "tikhonov-morphemes/rus.valid", "tikhonov-morphemes/rus.test",
                 "tikhonov-dictionary/Tikhonov.utf8.txt", "unimorph-rus/rus.derivations",
                 "derivbase-ru/compounds_gold.csv"):
        head(SOURCES / name, root / name)
    for path in (SOURCES / "derivbase-ru").glob("wiktionary_lemmas_*.txt"):
        head(path, root / "derivbase-ru" / path.name)
    with zipfile.ZipFile(SOURCES / "derivbase-ru" / "v001.00-connections.zip") as big, \
            zipfile.ZipFile(root / "derivbase-ru" / "v001.00-connections.zip", "w") as small:
        for name in big.namelist():
            with big.open(name) as fh:
                small.writestr(name, b"".join(kept(fh, HEAD)))
    # Whole lemmas of slaviclean (its rows run lemma by lemma), so forms and their lemma stay together.
    head(SOURCES / "profanity" / "slaviclean_ru.csv", root / "profanity" / "slaviclean_ru.csv", 1500)
    head(SOURCES / "profanity" / "ldnoobw_v2_ru.txt", root / "profanity" / "ldnoobw_v2_ru.txt")
    return root


def wordnet_slice(path: Path) -> Path:
    """wiki-ru-wordnet's synsets table: its first synsets and врач's (hand-made rows without the package)."""
    rows = [(1, "врач", "медик"), (1, "доктор", "медик"), (2, "собака", "животное"), (2, "пёс", "животное")]
    try:
        source = sqlite3.connect(f"file:{build_thesaurus.database()}?mode=ro", uri=True)
        rows = source.execute(
            "SELECT synset_id, lemma, definition FROM synsets WHERE synset_id IN "
            "(SELECT synset_id FROM (SELECT DISTINCT synset_id FROM synsets ORDER BY synset_id LIMIT 300)"
            " UNION SELECT synset_id FROM synsets WHERE lemma = 'врач')").fetchall()
        source.close()
    except (ImportError, sqlite3.Error):
        pass
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE synsets(synset_id INTEGER, lemma TEXT, definition TEXT)")
    db.executemany("INSERT INTO synsets VALUES (?,?,?)", rows)
    db.commit()
    db.close()
    return path


class SliceMorph:
    """pymorphy3 whose dictionary lists only the lexemes of a few words: espeak-ng then reads thousands of
    forms, not the 1.5 million the full stress build reads."""

    def __init__(self, morph, words):
        self.morph, self.words, self.dictionary = morph, words, self

    def iter_known_words(self):
        for word in self.words:
            for parse in self.morph.parse(word):
                if parse.is_known:
                    for form in parse.lexeme:
                        yield form.word, form.tag, form.normal_form, None, None


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    base = tmp_path_factory.mktemp("build-steps")
    sources = slice_sources(base / "sources")
    wordnet = wordnet_slice(base / "wikiwordnet.db")
    words = sorted(KEEP)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(build_thesaurus, "database", lambda: wordnet)
        original = build_stress.known_forms
        mp.setattr(build_stress, "known_forms", lambda morph: original(SliceMorph(morph, words)))
        out = base / "data"
        code = build_main(["--sources", str(sources), "--out", str(out / "lexicon.sqlite"),
                           "--data-dir", str(out)])
    assert code == 0
    return out


def test_every_step_runs_and_says_so(built, capfd):
    # capfd sees nothing of the module fixture's run: check the lines on a quick part of its own.
    assert build_main(["--only", "profanity", "--sources", str(SOURCES), "--data-dir", str(built / "again")]) == 0
    err = capfd.readouterr().err
    assert "[1/1] profanity: building…" in err and "built profanity in" in err
    for name in ("lexicon.sqlite", "stress.sqlite", "profanity.json", "frequency.dawg", "thesaurus.tsv",
                 "headwords.dawg", "nouns.json"):
        assert (built / name).stat().st_size > 0, name
    assert len(PARTS) == 7   # a new part needs its line above and its load below


def test_each_output_loads(built):
    # Each through the loader the service uses, which checks a probe any build has.
    store = LexiconStore(built / "lexicon.sqlite")
    assert store.version.startswith(FORMAT_VERSION) and store.word("кошка") is not None
    pronunciation.verify(built / "stress.sqlite")
    assert ("кошка", 0, "tikhonov") in pronunciation.Pronouncer(built / "stress.sqlite").stress_candidates("кошка")
    assert Profanity.load(built / "profanity.json").find("ахуевать") is not None
    frequency.load(built / "frequency.dawg")
    thesaurus.Thesaurus.load(built / "thesaurus.tsv")
    headwords.load(built / "headwords.dawg")
    assert nouns.load(built / "nouns.json")


def test_stress_step_keeps_espeak_rows_of_the_slice(built):
    pytest.importorskip("espeakng_loader")
    rows = sqlite3.connect(built / "stress.sqlite").execute("SELECT count(*) FROM stress WHERE info & 7 = ?",
                                                            (pronunciation.SRC_ESPEAK,)).fetchone()[0]
    assert rows > 0   # espeak-ng read the slice's forms: the layer ran, not skipped


def test_profanity_build_reproduces_the_committed_file(tmp_path):
    out = tmp_path / "profanity.json"
    build_profanity.build(SOURCES, out)
    digest = lambda p: hashlib.sha256(p.read_bytes()).hexdigest()
    assert digest(out) == digest(paths.PROFANITY_JSON)
