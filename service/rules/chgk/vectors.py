"""Distributional similarity of two words: navec's news vectors, as they ship in the natasha wheel.

lexicon/context.py reads the same archive for the tagger (its quantised codes, without importing
natasha); this reads its vocabulary too, so a word's vector can be rebuilt from its codes.  The
vocabulary holds 250 000 lower-case word forms of news text: rare words and many names are not in it,
and similarity() says None for them rather than guessing.  Loaded once per process, on first use.
"""
from __future__ import annotations

import gzip
import tarfile
import threading
from functools import lru_cache
from typing import Iterable

from lexicon.context import EMBEDDINGS, QuantizedEmbeddings, TaggerUnavailable, natasha_data
from lexicon.text import fold_yo

SOURCE = "векторы navec (новостной корпус, из пакета natasha)"


class _Vectors:
    def __init__(self):
        import numpy as np

        path = natasha_data(EMBEDDINGS)
        with tarfile.open(path) as archive:
            raw = gzip.decompress(archive.extractfile("vocab.bin").read())
        # navec's vocab.bin: a uint32 count, the counts, then the words one a line
        size = int(np.frombuffer(raw[:4], np.uint32)[0])
        self.index = {w: i for i, w in enumerate(raw[4 + 4 * size:].decode("utf-8").splitlines())}
        pq = QuantizedEmbeddings.read(path).pq
        self.indexes, self.codes = pq.indexes, pq.codes
        self.rows = np.arange(self.codes.shape[0])

    def vector(self, word: str):
        i = self.index.get(word)
        return None if i is None else self.codes[self.rows, self.indexes[i]].reshape(-1)


_loaded: _Vectors | None = None
_failed = False
_lock = threading.Lock()


def _vectors() -> _Vectors | None:
    global _loaded, _failed
    if _loaded is None and not _failed:
        with _lock:
            if _loaded is None and not _failed:
                try:
                    _loaded = _Vectors()
                except (TaggerUnavailable, OSError, KeyError, ValueError):   # no natasha: no similarity
                    _failed = True
    return _loaded


def available() -> bool:
    return _vectors() is not None


@lru_cache(maxsize=20_000)
def _cosine(a: str, b: str) -> float | None:
    import numpy as np

    vs = _vectors()
    x, y = (vs.vector(a), vs.vector(b)) if vs else (None, None)
    if x is None or y is None:
        return None
    return float(x @ y / (np.linalg.norm(x) * np.linalg.norm(y)))


def similarity(a: Iterable[str], b: Iterable[str]) -> float | None:
    """The highest cosine between any spelling of a (a form, its lemma) and any of b; None when the
    vectors know no spelling of one of them."""
    a, b = [fold_yo(w) for w in a], [fold_yo(w) for w in b]
    found = [c for x in dict.fromkeys(a) for y in dict.fromkeys(b) if (c := _cosine(x, y)) is not None]
    return max(found) if found else None
