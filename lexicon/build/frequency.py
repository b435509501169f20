"""Build lexicon/data/frequency.dawg: word-form frequencies from wordfreq, compiled once.

wordfreq's Russian table unpacks into a 700k-entry Python dict (about 140 MB
per process); a DAWG of the same forms (Cyrillic only, Zipf rounded to 0.1)
is 5 MB of C++ memory that forked workers share untouched.
Built by `python -m lexicon.build --only frequency` (needs the `build` extra).
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import dawg

from lexicon.frequency import DEFAULT_PATH, SCALE

WORD = re.compile(r"^[а-яё]+(?:-[а-яё]+)*$")


def build_frequency(out: Path = DEFAULT_PATH) -> Path:
    import wordfreq

    table = wordfreq.get_frequency_dict("ru", wordlist="best")
    items = sorted((word, round(math.log10(freq * 1e9) * SCALE))
                   for word, freq in table.items() if freq > 0 and WORD.match(word))
    out.parent.mkdir(parents=True, exist_ok=True)
    dawg.IntDAWG(items).save(str(out))
    return out
