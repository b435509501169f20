"""Synonyms: do two lemmas share a synonym set, and how sure can a judge be of it?

Data: lexicon/data/thesaurus.tsv (``s<TAB>a|b|c<TAB>gloss`` a synset, ``n<TAB>lemma<TAB>senses`` a lemma of
several senses), compiled by `python -m lexicon.build --only thesaurus` from
wiki-ru-wordnet (MIT; synsets made from ru.wiktionary, CC BY-SA).  Only synsets of two or more
lemmas are kept, each with its gloss; `senses` counts every sense the source gives a lemma, so
a caller can tell a one-sense word (unambiguous) from a word whose other senses may be meant.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lexicon import paths
from lexicon.store import DataFileError, check_file
from lexicon.text import fold_key

DEFAULT_PATH = paths.THESAURUS_TSV
FORMAT = "koren-thesaurus"
SOURCE = "тезаурус wiki-ru-wordnet (синсеты ru.wiktionary)"
PROBE = ("врач", "доктор")      # any build has this pair
BUILD_HINT = "rebuild it with `python -m lexicon.build --only thesaurus` or restore it from the release"


@dataclass(frozen=True)
class SynonymLink:
    """Two lemmas in one synonym set: the set, its gloss, and how many senses each lemma has."""
    a: str
    b: str
    synset: tuple[str, ...]
    gloss: str
    senses_a: int
    senses_b: int

    @property
    def unambiguous(self) -> bool:
        """Both lemmas have this one sense only: nothing else either could mean."""
        return self.senses_a == 1 and self.senses_b == 1

    def to_json(self) -> dict:
        return {"kind": "synonym", "a": self.a, "b": self.b, "synset": list(self.synset), "gloss": self.gloss,
                "senses": {self.a: self.senses_a, self.b: self.senses_b}, "unambiguous": self.unambiguous,
                "source": SOURCE,
                "explanation": f"«{self.a}» и «{self.b}» — синонимы в одном синсете ({', '.join(self.synset)}"
                               + (f": {self.gloss}" if self.gloss else "") + ")"}


class Thesaurus:
    """Kept compact (each worker may hold its own copy): a synset is one «a|b|c» string, a lemma's synsets
    one int or a tuple, senses only where there are several — about 5 MB instead of 10."""

    def __init__(self, synsets: list[str], glosses: list[str], senses: dict[str, int]):
        self.synsets, self.glosses, self.senses = synsets, glosses, senses
        by_lemma: dict[str, list[int]] = {}
        for index, synset in enumerate(self.synsets):
            for lemma in synset.split("|"):
                by_lemma.setdefault(lemma, []).append(index)
        self.by_lemma: dict[str, int | tuple[int, ...]] = {
            lemma: found[0] if len(found) == 1 else tuple(found) for lemma, found in by_lemma.items()}

    def _synsets_of(self, lemma: str) -> set[int]:
        found = self.by_lemma.get(lemma, ())
        return {found} if isinstance(found, int) else set(found)

    @classmethod
    def load(cls, path: str | Path | None = None) -> "Thesaurus":
        """The table in thesaurus.tsv; DataFileError naming the file when it is missing or damaged."""
        path = Path(path or DEFAULT_PATH)
        check_file(path, BUILD_HINT)
        synsets, glosses, senses = [], [], {}
        try:
            with open(path, encoding="utf-8") as lines:
                if not lines.readline().startswith(f"# {FORMAT}"):
                    raise DataFileError(path, f"is not a {FORMAT} table", BUILD_HINT)
                for line in lines:
                    kind, first, second = line.rstrip("\n").split("\t")
                    if kind == "s":
                        synsets.append(first)
                        glosses.append(second)
                    else:
                        senses[first] = int(second)
        except (UnicodeDecodeError, ValueError) as exc:
            raise DataFileError(path, f"is damaged or truncated ({str(exc)[:120]})", BUILD_HINT) from exc
        except OSError as exc:
            raise DataFileError(path, f"cannot be read ({exc.strerror})", BUILD_HINT) from exc
        table = cls(synsets, glosses, senses)
        if table.link(*PROBE) is None:
            raise DataFileError(path, f"is incomplete: no synonym link {PROBE[0]} / {PROBE[1]}", BUILD_HINT)
        return table

    def link(self, a: str, b: str) -> SynonymLink | None:
        """The synonym set two lemmas share (the smallest, the most specific), or None."""
        ka, kb = fold_key(a), fold_key(b)
        if ka == kb:
            return None
        shared = self._synsets_of(ka) & self._synsets_of(kb)
        if not shared:
            return None
        best = min(shared, key=lambda i: (self.synsets[i].count("|"), i))
        return SynonymLink(ka, kb, tuple(self.synsets[best].split("|")), self.glosses[best],
                           self.senses.get(ka, 1), self.senses.get(kb, 1))


@lru_cache(maxsize=1)
def default() -> Thesaurus:
    return Thesaurus.load()


def verify(path: str | Path | None = None) -> None:
    """Check thesaurus.tsv as it is on disk now (read and probed)."""
    Thesaurus.load(path)


def link(a: str, b: str) -> SynonymLink | None:
    return default().link(a, b)
