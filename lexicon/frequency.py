"""How common is a Russian word form?  Zipf scale (log10 of uses per billion words).

Figures from wordfreq (R. Speer et al.; CC BY-SA 4.0 data), compiled into
lexicon/data/frequency.dawg by `python -m lexicon.build --only frequency`.
"""
from __future__ import annotations

from lexicon.text import fold_yo, yo_variants

from lexicon import paths

from pathlib import Path

import dawg

from lexicon.store import load_dawg

DEFAULT_PATH = paths.FREQUENCY_DAWG
SCALE = 10          # Zipf stored in tenths
SOURCE = "wordfreq (ru), compiled"
PROBE = "и"         # the commonest Russian word: any build has it
BUILD_HINT = "rebuild it with `python -m lexicon.build.frequency` or restore it from the release"

_table: dawg.IntDAWG | None = None


def load(path: str | Path | None = None) -> dawg.IntDAWG:
    """The table in a .dawg file; DataFileError naming the file when it is missing, empty or damaged."""
    return load_dawg(Path(path) if path else DEFAULT_PATH, BUILD_HINT, PROBE)


def verify(path: str | Path | None = None) -> None:
    """Check frequency.dawg as it is on disk now (it is loaded and probed, about 3 ms)."""
    load(path)


def _load() -> dawg.IntDAWG:
    global _table
    if _table is None:
        _table = load()
    return _table


def zipf(word: str) -> float:
    """Zipf frequency of a form (0.0 when wordfreq has never seen it); ё and е spellings both tried."""
    table = _load()
    low = word.lower()
    value = table.get(low)
    if value is None and "е" in low and "ё" not in low:
        value = max((table.get(v) or 0 for v in yo_variants(low)), default=0) or None
    if value is None and "ё" in low:
        value = table.get(fold_yo(low))
    return round(value / SCALE, 1) if value else 0.0
