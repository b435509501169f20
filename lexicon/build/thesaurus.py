"""Build lexicon/data/thesaurus.tsv: synonym sets from wiki-ru-wordnet, compiled once.

wiki-ru-wordnet (MIT; synsets made from ru.wiktionary, CC BY-SA) ships a 150 MB SQLite of
104k synsets; only 7k of them hold two or more lemmas, which is all a synonym check needs.
We keep those, each with its Wiktionary gloss stripped of wiki markup (the evidence a judge
reads), and for every lemma in them how many senses the source gives it at all (a lemma of
one sense is an unambiguous synonym).  Lines of text (lexicon.thesaurus reads them one by one: no JSON
tree of the whole table is ever built in a worker).  Built by `python -m lexicon.build --only thesaurus`
(needs the `build` extra); nothing of the package is read at run time.
"""
from __future__ import annotations

import re
import sqlite3
from collections import defaultdict
from pathlib import Path

from lexicon.text import fold_key
from lexicon.thesaurus import DEFAULT_PATH, FORMAT

_TEMPLATE = re.compile(r"\{\{[^{}]*\}\}")
_LINK = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]")


def gloss(definition: str) -> str:
    """«кот~ru~кот~ru~{{зоол.|ru}} [[самец]] [[кошка|кошки]] {{пример|…}}~1~2» → «самец кошки»."""
    parts = definition.split("~")
    text = parts[4] if len(parts) > 4 else definition
    text = text.split("{{пример")[0]
    while _TEMPLATE.search(text):
        text = _TEMPLATE.sub("", text)
    text = re.sub(r"\s+", " ", _LINK.sub(r"\1", text)).strip(" ;,.")
    return text[:160]


def database() -> Path:
    import wiki_ru_wordnet

    return Path(wiki_ru_wordnet.__file__).parent / "database" / "wikiwordnet.db"


def build_thesaurus(out: Path = DEFAULT_PATH, source: Path | None = None) -> dict:
    con = sqlite3.connect(f"file:{source or database()}?mode=ro", uri=True)
    lemmas: dict[int, set[str]] = defaultdict(set)
    glosses: dict[int, str] = {}
    senses: dict[str, set[int]] = defaultdict(set)
    for sid, lemma, definition in con.execute("SELECT synset_id, lemma, definition FROM synsets"):
        key = fold_key(lemma.strip())
        lemmas[sid].add(key)
        senses[key].add(sid)
        glosses.setdefault(sid, gloss(definition))
    con.close()
    kept = sorted((sorted(words), glosses[sid]) for sid, words in lemmas.items() if len(words) > 1)
    members = {w for words, _ in kept for w in words}
    lines = [f"# {FORMAT}: wiki-ru-wordnet 1.0.3 (MIT; ru.wiktionary synsets, CC BY-SA)"]
    lines += [f"s\t{'|'.join(words)}\t{text}" for words, text in kept]
    lines += [f"n\t{w}\t{len(senses[w])}" for w in sorted(members) if len(senses[w]) > 1]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return {"out": str(out), "synsets": len(kept), "lemmas": len(members)}
