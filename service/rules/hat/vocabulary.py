"""The Hat's vocabularies and phrase tables, read once from service/rules/data/hat.toml.

The data file is for people (comments say where each list comes from); this module
turns it into the sets and compiled patterns the rules use.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from lexicon.text import fold_key

DATA = Path(__file__).resolve().parents[1] / "data" / "hat.toml"
RULES_SOURCE = "rules/hat.txt"
LETTER = "[а-яёa-z]"          # what {L} stands for in the data's patterns


@dataclass(frozen=True)
class Phrase:
    """A phrase that appeals to letters, syllables or sound."""
    pattern: re.Pattern
    severity: str
    appeal: str            # what it appeals to, as the evidence names it
    appeal_dative: str     # the same after «отсылка к»
    needs: tuple[str, ...] = ()   # pieces one of which a text must have for the pattern to be tried
    alike_only: bool = False      # only when the word the last group names sounds like the target

    def may_match(self, lower_text: str) -> bool:
        return not self.needs or any(n in lower_text for n in self.needs)


def _pattern(text: str) -> re.Pattern:
    return re.compile(text.replace("{L}", LETTER), re.IGNORECASE)


def _folded(words) -> frozenset[str]:
    # Lemmas are compared folded: the data may write ё, players and pymorphy3 may not.
    return frozenset(fold_key(w) for w in words)


TABLES = tomllib.loads(DATA.read_text(encoding="utf-8"))   # read once; the rules take it from here
_letters, _translation, _profanity = TABLES["letters"], TABLES["translation"], TABLES["profanity"]
_parts = TABLES["parts"]

CLAUSES: dict[str, str] = TABLES["clauses"]

LETTER_WORDS = _folded(_letters["letter_words"])
SYLLABLE_WORDS = _folded(_letters["syllable_words"])
ANAGRAM_WORDS = _folded(_letters["anagram_words"])
NAMING_WORDS = LETTER_WORDS | SYLLABLE_WORDS | ANAGRAM_WORDS    # words that name letters or syllables
POSITION_LEMMAS = _folded(_letters["position_lemmas"])
CUE_WINDOW: int = _letters["cue_window"]
ANAGRAM_HINT = _pattern(_letters["anagram_hint"])
PHRASES = tuple(Phrase(_pattern(p["pattern"]), p["severity"], *_letters["appeals"][p["appeal"]],
                       tuple(p.get("needs", ())), p.get("named_word_sounds_alike", False))
                for p in _letters["phrases"])

EXTEND_VERBS = _folded(_parts["extend_verbs"])
QUOTED_EXTEND_WORDS = _folded(_parts["quoted_extend_words"])
AMOUNT_WORDS = _folded(_parts["amount_words"])
PARTS_WINDOW: int = _parts["window"]
# A quick test on the folded text before any word is looked at: the stems of the cues above.
EXTEND_CUE = re.compile("|".join(sorted({w[:-4] if len(w) >= 7 else w for w in EXTEND_VERBS | QUOTED_EXTEND_WORDS})))

LANGUAGE_ADVERB = re.compile(rf"^по-(?:{'|'.join(_translation['adverbs'])})$", re.IGNORECASE)
LANGUAGE_ADJECTIVE = re.compile(rf"^(?:{'|'.join(_translation['adjective_stems'])})"
                                rf"(?:{'|'.join(_translation['adjective_endings'])})$", re.IGNORECASE)
ADJECTIVE_PREPOSITIONS = frozenset(_translation["adjective_prepositions"])
TRANSLATION_REACH: int = _translation["word_reach"]
LINKING_LEMMAS = _folded(_translation["linking_lemmas"])

PROFANITY_LABELS: dict[str, str] = _profanity["labels"]
SEVERE_PROFANITY = frozenset(_profanity["severe"])


def cite(clause: str) -> str:
    """The rule a finding cites: «rules/hat.txt: однокоренные слова запрещены»."""
    return f"{RULES_SOURCE}: {CLAUSES[clause]}"
