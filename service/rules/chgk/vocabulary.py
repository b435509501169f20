"""The judge's words and texts, read once from service/rules/data/chgk.toml.

The data file is for people (comments say where each list comes from); this module
turns it into the sets, tables and patterns the rules use.
"""
from __future__ import annotations

from lexicon.text import yo_pattern

import re
import tomllib
from pathlib import Path

from lexicon.text import fold_key

DATA = Path(__file__).resolve().parents[1] / "data" / "chgk.toml"

_TABLES = tomllib.loads(DATA.read_text(encoding="utf-8"))
_answers, _package = _TABLES["answers"], _TABLES["package"]

RULES_SOURCE: str = _TABLES["rules_source"]

# --- answers ---------------------------------------------------------------------------------
PREPOSITIONS = frozenset(fold_key(w) for w in _answers["prepositions"])
GLUE = frozenset(fold_key(w) for w in _answers["glue"])
ARTICLES = frozenset(w.lower() for w in _answers["articles"])
SYMBOLS: dict[str, str] = _answers["symbols"]       # a sign → the word it is read as
TITLES = frozenset(fold_key(w) for w in _answers["titles"])
APOSTROPHES: str = _answers["apostrophes"]
OR_WORDS: tuple[str, ...] = tuple(_answers["or_words"])
MATCHED: dict[str, str] = _answers["matched"]       # reason → what a match to the reference says
LISTED: dict[str, str] = _answers["listed"]         # reason → the note after a зачёт / незачёт entry
UNMATCHED: dict[str, str] = _answers["unmatched"]   # reason → the message of a verdict without a match
ROLE_NAMES: dict[str, str] = _answers["roles"]      # what an added word does (service/rules/chgk/roles.py)
SYNONYM_POLICY: str = _answers["synonym_policy"]


# --- package ---------------------------------------------------------------------------------
def _spaced(text: str) -> str:
    """A phrase as a pattern where each space stands for any run of spaces."""
    return r"\s+".join(re.escape(part) for part in text.split(" "))


def _label(label: str) -> str:
    # Labels are written with е; a package may write ё (Зачёт).
    return yo_pattern(_spaced(label))


QUESTION_LABEL: str = fold_key(_package["question"])
TOUR_LABEL: str = fold_key(_package["tour"])
BLOCK_LABEL: str = fold_key(_package["block"])
QUESTION_FIELDS: dict[str, str] = {fold_key(k): v for k, v in _package["question_fields"].items()}
META_FIELDS: dict[str, str] = {fold_key(k): v for k, v in _package["meta_fields"].items()}
LABELS = (QUESTION_LABEL, TOUR_LABEL, BLOCK_LABEL, *QUESTION_FIELDS, *META_FIELDS)
# Longest first, so a label that begins another (тур, турнир) is tried after it.
LABEL_PATTERN = "|".join(_label(k) for k in sorted(LABELS, key=len, reverse=True))
NOTE_START = re.compile("^(?:" + "|".join(_spaced(w) for w in _package["note_starts"]) + ")", re.IGNORECASE)
