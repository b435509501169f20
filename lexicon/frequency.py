"""How common is a Russian word form?  Zipf scale (log10 of uses per billion words).

Figures from wordfreq (R. Speer et al.; CC BY-SA 4.0 data), compiled into
lexicon/data/frequency.dawg by `python -m lexicon.build --only frequency`.
"""
from __future__ import annotations

from pathlib import Path

import dawg

DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "frequency.dawg"
SCALE = 10          # Zipf stored in tenths
SOURCE = "wordfreq (ru), compiled"

_table: dawg.IntDAWG | None = None


def _load() -> dawg.IntDAWG:
    global _table
    if _table is None:
        _table = dawg.IntDAWG().load(str(DEFAULT_PATH))
    return _table


def zipf(word: str) -> float:
    """Zipf frequency of a form (0.0 when wordfreq has never seen it); ё and е spellings both tried."""
    table = _load()
    low = word.lower()
    value = table.get(low)
    if value is None and "е" in low and "ё" not in low:
        value = max((table.get(v) or 0 for v in _yo_variants(low)), default=0) or None
    if value is None and "ё" in low:
        value = table.get(low.replace("ё", "е"))
    return round(value / SCALE, 1) if value else 0.0


def _yo_variants(word: str) -> list[str]:
    return [word[:i] + "ё" + word[i + 1:] for i, ch in enumerate(word) if ch == "е"]
