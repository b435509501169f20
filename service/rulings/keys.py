"""How a ruling's pair is keyed, so later checks find it however the words are typed.

Words go through lexicon.text.normalize_word (case, ё/е, stress marks, Latin
look-alikes); a cognate pair is unordered.  ЧГК answers are phrases, keyed by
their letters and digits only.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from lexicon import morphology
from lexicon.text import fold_yo, normalize_word, strip_invisible

KINDS = ("cognate", "guess", "chgk_answer")
WORD_KINDS = ("cognate", "guess")


def scope_name(raw: str) -> str:
    """A scope as stored and looked up: the text normaliser's invisible characters out, NFC, single spaces
    and none around it — «кубок\u200b» or «кубок » read nothing of «кубок»'s rulings (ValueError if empty)."""
    name = " ".join(unicodedata.normalize("NFC", strip_invisible(raw)).split())
    if not name:
        raise ValueError("scope must have a visible character")
    return name


def word_key(raw: str) -> str:
    """The lookup key of one word (raises lexicon.text.InvalidWord)."""
    return normalize_word(raw).key


def phrase_key(raw: str) -> str:
    text = unicodedata.normalize("NFD", strip_invisible(raw))
    text = "".join(ch for ch in text if not unicodedata.combining(ch) or ch in "\u0306\u0308")  # keep й, ё
    text = fold_yo(unicodedata.normalize("NFC", text).casefold())
    return " ".join(re.findall(r"\w+", text))


def pair_key(kind: str, a: str, b: str) -> tuple[str, str]:
    if kind == "chgk_answer":
        ka, kb = phrase_key(a), phrase_key(b)
        if not ka or not kb:
            raise ValueError("an answer and a reference need at least one letter or digit")
        return ka, kb
    ka, kb = word_key(a), word_key(b)
    return (min(ka, kb), max(ka, kb)) if kind == "cognate" else (ka, kb)


@lru_cache(maxsize=20_000)
def word_candidates(raw: str) -> tuple[str, ...]:
    """The word's own key, then its lemmas' keys: a ruling on свеча also covers «свечой».

    Cached: a scoped check looks up every word of a text against every kind of ruling."""
    key = word_key(raw)
    out = [key]
    for lemma in morphology.lemmas(normalize_word(raw).text):
        folded = fold_yo(lemma)
        if folded not in out:
            out.append(folded)
    return tuple(out)
