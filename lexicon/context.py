"""Which reading of a word its sentence means: slovnet's morphology tagger over the dictionary's parses.

A form such as «стали» (стать / сталь) or «пила» (пить / пила) belongs to several lemmas.  When
the lemmas disagree on a question (is it cognate with the target?), the sentence decides: the
tagger gives each Universal Dependencies tag a probability at the word's position, and each
tag's probability goes to the dictionary parses (pymorphy3) of its part of speech, split by the
dictionary's own frequencies when several agree.  Lemmas of one part of speech (пару: пар / пара)
are beyond it: callers ask only when the readings differ in part of speech.

The tagger and its embeddings ship inside the natasha wheel (natasha/data/model, natasha/data/emb);
they are read from there once per process, on first use, and nothing is ever downloaded.  natasha
itself is never imported (its morph vocabulary needs pymorphy2, which does not start on 3.11).
"""
from __future__ import annotations

import importlib.util
import json
import tarfile
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace
from typing import Hashable, Mapping, Sequence

from lexicon import morphology

SOURCE_TAGGER = "морфологический теггер slovnet (модель natasha, новостной корпус)"
MORPH_MODEL = "data/model/slovnet_morph_news_v1.tar"
EMBEDDINGS = "data/emb/navec_news_v1_1B_250K_300d_100q.tar"
DECISIVE = 0.6        # a side wins with 60% of the probability at least (1.5× the other side)
NEGLIGIBLE = 1e-3     # tags below this probability are not distributed
WINDOW = 24           # words either side given to the tagger: its convolutions see ~3 words anyway
CHOICE_CACHE = 1024   # sentences' answers kept (~1 KB each)

# Universal Dependencies part of speech → the pymorphy3 parts of speech it may stand for.
# Participles are VERB in UD but often tagged ADJ; the short forms and comparatives likewise.
UD_POS = {
    "NOUN": {"NOUN"}, "PROPN": {"PROPN"},
    "VERB": {"VERB", "INFN", "PRTF", "PRTS", "GRND"}, "AUX": {"VERB", "INFN"},
    "ADJ": {"ADJF", "ADJS", "COMP", "PRTF", "PRTS"}, "DET": {"ADJF", "NPRO"},
    "ADV": {"ADVB", "COMP", "PRED"}, "NUM": {"NUMR", "ADJF"}, "PRON": {"NPRO"},
    "ADP": {"PREP"}, "CCONJ": {"CONJ"}, "SCONJ": {"CONJ"}, "PART": {"PRCL"}, "INTJ": {"INTJ"},
}
PROPER = morphology.PROPER_NAMES
POS_WORDS = {"NOUN": "существительное", "PROPN": "имя собственное", "VERB": "глагол", "INFN": "глагол", "PRTF": "причастие",
             "PRTS": "причастие", "GRND": "деепричастие", "ADJF": "прилагательное", "ADJS": "прилагательное",
             "COMP": "сравнительная степень", "ADVB": "наречие", "PRED": "предикатив", "NUMR": "числительное",
             "NPRO": "местоимение", "PREP": "предлог", "CONJ": "союз", "PRCL": "частица", "INTJ": "междометие"}


class TaggerUnavailable(RuntimeError):
    """The natasha package with the tagger's files is not installed."""


@dataclass(frozen=True)
class UDTag:
    pos: str
    feats: tuple[tuple[str, str], ...]

    @classmethod
    def parse(cls, label: str) -> "UDTag":
        pos, *pairs = label.split("|")
        return cls(pos, tuple(tuple(p.split("=", 1)) for p in pairs if "=" in p))


def natasha_data(relative: str) -> Path:
    """A file inside the installed natasha package, found without importing natasha."""
    spec = importlib.util.find_spec("natasha")
    if spec is None or not spec.submodule_search_locations:
        raise TaggerUnavailable("пакет natasha с моделью slovnet не установлен")
    path = Path(next(iter(spec.submodule_search_locations))) / relative
    if not path.is_file():
        raise TaggerUnavailable(f"в пакете natasha нет файла {relative}")
    return path


@dataclass(frozen=True)
class QuantizedEmbeddings:
    """navec's product-quantised vectors, just what slovnet reads of them (meta.id, pq.indexes, pq.codes).

    navec.Navec.load would also build its vocabulary and similarity tables (~130 MB at its peak)
    that the tagger never uses; its archive format is meta.json + pq.bin (four uint32 sizes, the
    uint8 indexes, the float32 centroids).
    """
    meta: SimpleNamespace
    pq: SimpleNamespace

    @classmethod
    def read(cls, path: Path) -> "QuantizedEmbeddings":
        import numpy as np

        with tarfile.open(path) as archive:
            meta = json.loads(archive.extractfile("meta.json").read())
            data = archive.extractfile("pq.bin").read()
        vectors, _dim, qdim, centroids = (int(x) for x in np.frombuffer(data[:16], np.uint32))
        indexes = np.frombuffer(data[16:16 + vectors * qdim], np.uint8).reshape(vectors, qdim)
        codes = np.frombuffer(data[16 + vectors * qdim:], np.float32).reshape(qdim, centroids, -1)
        return cls(SimpleNamespace(id=meta["id"]), SimpleNamespace(indexes=indexes, codes=codes))


class MorphTagger:
    """slovnet's news morphology tagger: the probability of every UD tag at every word."""

    def __init__(self, model: Path, embeddings: Path):
        from slovnet import Morph     # imported here: loading costs ~0.4 s and most processes never need it

        morph = Morph.load(str(model), batch_size=1)
        morph.navec(QuantizedEmbeddings.read(embeddings))
        self._infer = morph.infer
        self.tags = [UDTag.parse(label) for label in morph.infer.decoder.tags_vocab.items]
        self._lock = threading.Lock()   # the model's buffers are shared: one sentence at a time

    def probabilities(self, words: Sequence[str], index: int) -> list[tuple[UDTag, float]]:
        """Each tag with its probability at words[index] (tags under NEGLIGIBLE left out)."""
        import numpy as np

        with self._lock:
            batch = next(iter(self._infer.encoder([list(words)])))
            logits = self._infer.model(batch.word_id, batch.shape_id, batch.pad_mask)[0][index]
        weights = np.exp(logits - logits.max())
        weights /= weights.sum()
        return [(self.tags[k], float(w)) for k, w in enumerate(weights) if w >= NEGLIGIBLE]


_tagger: MorphTagger | None = None
_tagger_lock = threading.Lock()


def tagger() -> MorphTagger:
    """The process's tagger, loaded on first use (raises TaggerUnavailable without natasha)."""
    global _tagger
    if _tagger is None:
        with _tagger_lock:
            if _tagger is None:
                _tagger = MorphTagger(natasha_data(MORPH_MODEL), natasha_data(EMBEDDINGS))
    return _tagger


@lru_cache(maxsize=20_000)   # a few hundred tags × the parses of the rare disagreeing words
def agrees(tag: UDTag, parse_tag: str) -> bool:
    """Does a pymorphy3 tag fit the UD tag's part of speech (a proper noun only PROPN, a common one only NOUN)?

    Case, number and gender are not compared: the tagger guesses them from the likeliest lemma,
    so a wrong guess would hand the word to the other part of speech.
    """
    return part_of_speech(parse_tag) in UD_POS.get(tag.pos, ())


def part_of_speech(parse_tag: str) -> str:
    """The pymorphy3 part of speech of a tag, PROPN for a proper noun (the tagger tells those apart)."""
    pos = parse_tag.split(",", 1)[0].split(" ", 1)[0]
    return "PROPN" if pos == "NOUN" and set(parse_tag.replace(" ", ",").split(",")) & PROPER else pos


@dataclass(frozen=True)
class Choice:
    """What the sentence says of a word's options: each option's share, and the winner if decisive."""
    shares: dict             # option → its share of the probability (they sum to 1 when tagged)
    chosen: Hashable | None  # the option with DECISIVE of it, else None
    parts: dict              # option → its likeliest pymorphy3 part of speech here
    tagged: bool = True      # False when the tagger is not installed

    @property
    def decided(self) -> bool:
        return self.chosen is not None

    def share_of(self, options) -> float:
        return sum(self.shares.get(option, 0.0) for option in options)


def _distribute(probabilities, parses) -> tuple[dict, dict]:
    """Each option's share of the probability and its likeliest part of speech."""
    shares: dict = {option: 0.0 for option in parses}
    pos_mass: dict = {}
    for tag, p in probabilities:
        fitting = [(option, parse) for option, found in parses.items() for parse in found if agrees(tag, parse.tag)]
        total = sum(parse.score for _, parse in fitting)
        for option, parse in fitting:
            part = p * parse.score / total if total else p / len(fitting)
            shares[option] += part
            key = (option, part_of_speech(parse.tag))
            pos_mass[key] = pos_mass.get(key, 0.0) + part
    best_pos = {}
    for (option, pos), mass in sorted(pos_mass.items(), key=lambda kv: -kv[1]):
        best_pos.setdefault(option, pos)
    return shares, best_pos


def choose(words: Sequence[str], index: int, options: Mapping[Hashable, Sequence[str]]) -> Choice:
    """Which option the sentence means at words[index]; each option is a set of lemmas of that word.

    An option wins with DECISIVE of the probability; otherwise the context cannot decide.
    Answers are cached by the words the tagger sees: a text checked again costs nothing.
    """
    start = max(0, index - WINDOW)
    window = tuple(words[start:index + WINDOW + 1])
    try:
        return _choose(window, index - start, tuple((option, tuple(lemmas)) for option, lemmas in options.items()))
    except TaggerUnavailable:      # not cached: an answer without the tagger is no answer
        return Choice({}, None, {}, tagged=False)


@lru_cache(maxsize=CHOICE_CACHE)
def _choose(words: tuple[str, ...], index: int, options: tuple[tuple[Hashable, tuple[str, ...]], ...]) -> Choice:
    word = words[index].lower()
    by_lemma = {}
    for parse in morphology.parses(word):
        if parse.known:
            by_lemma.setdefault(parse.lemma, []).append(parse)
    parses = {option: [p for lemma in lemmas for p in by_lemma.get(lemma, ())] for option, lemmas in options}
    probabilities = tagger().probabilities(list(words), index)
    shares, parts = _distribute(probabilities, parses)
    total = sum(shares.values())
    if total:
        shares = {option: share / total for option, share in shares.items()}
    winner = max(shares, key=shares.get) if total else None
    return Choice(shares, winner if winner is not None and shares[winner] >= DECISIVE else None, parts)


def readings_by_lemma(word: str) -> dict[str, frozenset[str]]:
    """The dictionary lemmas of a form with the parts of speech each reads it as (see part_of_speech)."""
    out: dict[str, set[str]] = {}
    for parse in morphology.parses(word.lower()):
        if parse.known:
            out.setdefault(parse.lemma, set()).add(part_of_speech(parse.tag))
    return {lemma: frozenset(pos) for lemma, pos in out.items()}


def pos_word(pos: str | None) -> str:
    """A pymorphy3 part of speech in Russian words («глагол»)."""
    return POS_WORDS.get(pos or "", pos or "")
