"""Build lexicon/data/nouns.json: the common nouns a game may draw, with their frequency.

Every headword of the compiled lexicon (lexicon.sqlite) is checked once here (lexicon.nouns.fit_noun:
pymorphy3's first dictionary reading is a common noun in the nominative singular, no name, abbreviation
or profanity) and kept with its wordfreq Zipf (frequency.dawg) when seen at least FLOOR_ZIPF.  At run
time the table is only read: 22k pairs, about half a megabyte.
Built by `python -m lexicon.build --only nouns`, after the lexicon and frequency parts.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from lexicon import frequency
from lexicon.nouns import DEFAULT_PATH, FLOOR_ZIPF, FORMAT, fit_noun
from lexicon.store import LexiconStore

_PLAIN = re.compile(r"^[а-яё]{3,14}$")


def build_nouns(out: Path = DEFAULT_PATH, store: LexiconStore | None = None) -> dict:
    store = store or LexiconStore()
    rows = []
    for word in store.headwords():
        if not _PLAIN.match(word):
            continue
        z = frequency.zipf(word)
        written = fit_noun(word) if z >= FLOOR_ZIPF else None
        if written:
            rows.append([written, z])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"format": FORMAT, "floor_zipf": FLOOR_ZIPF, "nouns": rows}, ensure_ascii=False,
                              separators=(",", ":")), encoding="utf-8")
    return {"out": str(out), "nouns": len(rows)}
