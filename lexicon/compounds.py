"""Compounds and neologisms read by their known parts.

Words no dictionary segments (телеэфир, разножанровость, френдлента) come back
from the affix guesser as one long root, and so do a few a DerivBase link
carried a root into (камнетёс → камн + «етес»).  Such a word is re-read here as
a first part — a root the lexicon knows, with or without a linking о/е — and a
known word after it, whose stored segmentation and family nodes the reading
takes over: теле + эфир, разн-о-жанр-ов-ость, камн-е-тес.  Words a dictionary
already segments into several roots are never re-split.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache

from lexicon import caches, classes
from lexicon.segment import LINKING_VOWELS, AffixInventory, Morphemes
from lexicon.store import LexiconStore, RootNode, WordRecord
from lexicon.text import fold_yo

VOWELS = frozenset("аеиоуыэюяё")

MIN_PART = 3          # shorter parts match by chance (ин, ар)
MIN_UNKNOWN_HEAD = 4  # a first part no source knows (френд-) only before a known word
MAX_TAIL_REST = 4     # a tail read as a known word plus at most this many suffix letters (вкус-и-е)
GLUED_ROOT = 7        # a single root this long with no linking vowel may be two (сильнопах-)
SPLIT_SOURCE = "compound-split"
# A root spelled with its vowel in this many words is a combining form (теле, авто, фото, кино, био): a first
# part spelled so is that root, not тел + е (тело); разно, бело (2 each) are разн-о, бел-о.
COMBINING_FORM = 10
# Productive suffixes that end a word with its ending: a tail's known word does not run into them (not -ние,
# -ция: стен-ие, а root ending in н or ц, is common).
SUFFIX_CHAINS = ("ость", "ство", "изм")
# Segmentations no dictionary made: a split may take a short tail or an unknown first part.
LOOSE_SOURCES = frozenset({"guess"})


@dataclass(frozen=True)
class CompoundSplit:
    morphemes: Morphemes
    nodes: tuple[RootNode | None, ...]


class CompoundSplitter:
    """Splits a lemma into known parts; every answer cached (the same words recur)."""

    def __init__(self, store: LexiconStore):
        self.store = store
        self.split = lru_cache(maxsize=20_000)(self._split)
        self.clipped = lru_cache(maxsize=20_000)(self._clipped)
        self.root_node = lru_cache(maxsize=20_000)(self._root_node)
        caches.track(self)   # its lru_caches in the one table (lexicon.caches)

    @cached_property
    def root_families(self) -> dict[str, int]:
        """Root spelling → the family that spells it most often."""
        return self._spelling_tables[0]

    @cached_property
    def root_counts(self) -> dict[str, int]:
        """Root spelling → how many root nodes spell it, over all families."""
        return self._spelling_tables[1]

    @cached_property
    def _spelling_tables(self) -> tuple[dict[str, int], dict[str, int]]:
        """Both spelling tables from one read of the families (loaded once, on first use)."""
        best: dict[str, tuple[int, int]] = {}
        counts: dict[str, int] = {}
        for family, spellings in self.store._query("SELECT id, spellings FROM families"):
            for spelling, count in _json_pairs(spellings):
                counts[spelling] = counts.get(spelling, 0) + count
                if len(spelling) >= MIN_PART and count > best.get(spelling, (0, 0))[1]:
                    best[spelling] = (family, count)
        return {spelling: family for spelling, (family, _) in best.items()}, counts

    def eligible(self, morphemes: Morphemes, source: str) -> bool:
        """Only guesses, carried roots that leave letters no affix explains (камн + «етес»),
        and one long root; never a word a dictionary segments into several roots."""
        kinds = [k for _, k in morphemes]
        if kinds.count("root") != 1 or "interfix" in kinds:
            return False
        root = next(t for t, k in morphemes if k == "root")
        if source == "guess" or "-" in root:
            return True
        if source == "derivbase-carried":
            known = self.store.affixes.suffixes | self.store.affixes.endings | self.store.affixes.prefixes
            return any(k != "root" and t not in known for t, k in morphemes)
        return len(root) >= GLUED_ROOT

    def _clipped(self, lemma: str) -> CompoundSplit | None:
        """A clipped compound the lexicon lacks (госуслуги, спецкор) read by lexicon.classes' table: the
        clipped part takes the root node of its full word (гос — государственный), the rest its own."""
        def noun(rest: str) -> Morphemes | None:
            record = self._known(rest)
            return record.morphemes if record is not None else None

        reading = classes.CLIPPED.reading(lemma, noun)
        if reading is None:
            return None
        nodes: list[RootNode | None] = []
        for key in classes.CLIPPED.clipped_roots(reading):
            part = next(p for p in classes.CLIPPED.parts if p.key == key.key)
            nodes.append(self._full_word_node(part))
        rest = fold_yo(lemma)[len(reading[0][0]):]
        record = self._known(rest)
        roots_after = sum(kind == "root" for _, kind in reading) - 1
        if record is not None and len(record.nodes) == roots_after:
            nodes = nodes[:1] + list(record.nodes)
        nodes += [None] * (roots_after + 1 - len(nodes))
        return CompoundSplit(reading, tuple(nodes)) if any(nodes) else None

    def _full_word_node(self, part: "classes.ClippedPart") -> RootNode | None:
        for word in part.full_words:
            record = self.store.word(word)
            index = classes.root_under(record.morphemes, len(part.part)) if record else None
            if index is not None and index < len(record.nodes):
                return record.nodes[index]
        return None

    def split_carried(self, lemma: str, root: str, node: RootNode | None) -> CompoundSplit | None:
        """A root carried along a DerivBase link is kept; only the letters after it are read
        as a linking vowel and a known word (камн + е + тес)."""
        word = fold_yo(lemma)
        if not word.startswith(root) or node is None:
            return None
        rest = word[len(root):]
        tail = self._tail(rest[1:]) if rest[:1] in LINKING_VOWELS else None
        if tail is None or len(rest) <= MIN_PART or rest[1:] in self.store.affixes.suffixes:
            return None   # without a linking vowel the rest is a suffix chain (мороз + ильник)
        return CompoundSplit(((root, "root"), (rest[0], "interfix")) + tail.morphemes, (node,) + tail.nodes)

    def _split(self, lemma: str, loose: bool) -> CompoundSplit | None:
        """The best split: a known first part with a linking vowel, then a known first part
        as is, then (in a word no source knows) an unknown one; the longest known tail first."""
        word = fold_yo(lemma)
        if "-" in word:
            return self._hyphenated(word)
        min_tail = MIN_PART if loose else MIN_PART + 1   # колокол is no кол-о-кол, осторожно no ост-о-рож
        starts = range(MIN_PART, len(word) - min_tail + 1)
        if not loose:   # only a linking vowel after a first part of 4+ letters can start a tail here
            starts = [s for s in starts if s > MIN_PART + 1 and word[s - 1] in LINKING_VOWELS]
        tails = [(start, self._tail(word[start:])) for start in starts]
        suffixes = self.store.affixes.suffixes
        tails = [(start, tail) for start, tail in tails
                 if tail is not None and _first_root(tail) >= min_tail and word[start:] not in suffixes]
        # In a word a dictionary segments only a linking vowel shows a compound (домкрат is no дом + крат).
        heads = (self._linked_head, self._plain_head, self._unknown_head) if loose else (self._long_linked_head,)
        for head_of in heads:
            for start, tail in tails:
                if head_of != self._linked_head and _first_root(tail) < MIN_PART + 1:
                    continue   # without a linking vowel a short tail matches by chance (зна + чит, пуш + кин)
                head = head_of(word[:start])
                if head is not None:
                    return CompoundSplit(head.morphemes + tail.morphemes, head.nodes + tail.nodes)
        # A word the lexicon lists keeps its own family (видеоблог with видеоблогер): only a word it lacks.
        return self._combining_form_first(word) if loose and self.store.word(word) is None else None

    def _combining_form_first(self, word: str) -> CompoundSplit | None:
        """A word no source knows that starts with a combining form (авто-зак, фото-жаба): that root, then
        the rest as a root no source knows.  Not where a longer known root starts the word (автор-итаризм,
        палест-инец, видеоблог: the root of видеоблогер) or the rest has no vowel (геро + льд)."""
        for end in range(len(word) - MIN_PART, MIN_PART, -1):
            head, rest = word[:end], word[end:]
            if head[-1] in LINKING_VOWELS and self.root_counts.get(head, 0) >= COMBINING_FORM:
                if any(self.root_counts.get(word[:n]) for n in range(end + 1, len(word) + 1)) or not VOWELS & set(rest):
                    return None
                node = self.root_node(head)
                if node is not None:
                    tail = self._stem(rest) or CompoundSplit(((rest, "root"),), (None,))
                    return CompoundSplit(((head, "root"),) + tail.morphemes, (node,) + tail.nodes)
        return None

    def _hyphenated(self, word: str) -> CompoundSplit | None:
        """бело-сине-красный: the parts the lexicon knows, the first ones with their linking vowel.  A part it
        does not know (веб-, ик-) stays a root of no family: the known parts still count (веб-сайт: сайт)."""
        parts = word.split("-")
        morphemes: list[tuple[str, str]] = []
        nodes: list[RootNode | None] = []
        for i, part in enumerate(parts):
            known = self._known(part) if i == len(parts) - 1 else None
            piece = known and CompoundSplit(known.morphemes, known.nodes)
            piece = piece or (self._linked_head(part) if len(part) > MIN_PART else None) or self._stem(part)
            piece = piece or CompoundSplit(((part, "root"),), (None,))
            morphemes += [*piece.morphemes, *((("-", "interfix"),) if i < len(parts) - 1 else ())]
            nodes += piece.nodes
        return CompoundSplit(tuple(morphemes), tuple(nodes)) if any(nodes) else None

    def _linked_head(self, part: str) -> CompoundSplit | None:
        """A known root or word stem and a linking vowel: разн-о (разный), вибр-о (вибрация).  A first part
        the lexicon knows whole as a root (теле, авто, фото) is that root, not тел + е (тело)."""
        if part[-1] not in LINKING_VOWELS or len(part) <= MIN_PART or part[:-1] in self.store.affixes.prefixes:
            return None
        if self.root_counts.get(part, 0) >= COMBINING_FORM:
            whole = self.root_node(part)
            if whole is not None:
                return CompoundSplit(((part, "root"),), (whole,))
        stem = self._stem(part[:-1])
        return stem and CompoundSplit(stem.morphemes + ((part[-1], "interfix"),), stem.nodes)

    def _long_linked_head(self, part: str) -> CompoundSplit | None:
        """In a word a dictionary left as one root, a first part of at least four letters (мин-е-ралка is no split)."""
        return self._linked_head(part) if len(part) > MIN_PART + 1 else None

    def _plain_head(self, part: str) -> CompoundSplit | None:
        """A known root as is: теле (телевизор), нор (норадреналин); never a prefix (пере-)."""
        return None if part in self.store.affixes.prefixes else self._stem(part)

    def _unknown_head(self, part: str) -> CompoundSplit | None:
        """A root no source knows (френд-), only in a word no source knows, before a known word;
        not a prefix (анти-) and not ending in a vowel (плаву + честь is no split)."""
        if len(part) < MIN_UNKNOWN_HEAD or part in self.store.affixes.prefixes or part[-1] in VOWELS:
            return None
        return CompoundSplit(((part, "root"),), (None,))

    def _stem(self, part: str) -> CompoundSplit | None:
        """A root spelling the lexicon knows, or the stem of a known one-root word (сил-ьн of сильный)."""
        node = self.root_node(part)
        if node is not None:
            return CompoundSplit(((part, "root"),), (node,))
        for ending in ("ый", "ий", "ой", "а", "о", "ь"):
            record = self._known(part + ending)
            if record is not None and len(record.nodes) == 1 and _ends_in_ending(record):
                return CompoundSplit(record.morphemes[:-1], record.nodes)
        return None

    def _tail(self, part: str) -> CompoundSplit | None:
        """A known word (эфир, жанровость), or a known word and a few suffix letters (вкус-ие)."""
        record = self._known(part)
        if record is not None:
            return CompoundSplit(record.morphemes, record.nodes)
        for cut in range(len(part) - 1, max(MIN_PART, len(part) - MAX_TAIL_REST) - 1, -1):
            if _cuts_suffix_chain(part, cut):
                continue
            record = self._known(part[:cut])
            rest = _label_rest(part[cut:], self.store.affixes)
            if record is not None and rest and not _ends_in_ending(record):
                return CompoundSplit(record.morphemes + rest, record.nodes)
        return None

    def _known(self, part: str) -> WordRecord | None:
        """A word the lexicon segments (not by a guess) into morphemes that spell it."""
        record = self.store.word(part)
        if record is None or record.source == "guess" or not record.nodes:
            return None
        if fold_yo("".join(t for t, _ in record.morphemes)) != part:
            return None
        return record

    def _root_node(self, spelling: str) -> RootNode | None:
        """A node of the family that spells this root: a word of it that has the root."""
        record = self._known(spelling)
        if record is not None and len(record.nodes) == 1:
            return record.nodes[0]
        family = self.root_families.get(spelling)
        if family is None:
            return None
        for member in self.store.family_members(family, 10):
            found = self.store.word(fold_yo(member))
            for node in (found.nodes if found else ()):
                if node.root == spelling:
                    return node
        return None


def _cuts_suffix_chain(part: str, cut: int) -> bool:
    """A known word read up to `cut` would run into the suffix chain the part ends with: греховность is
    no грех-о + внос-ть, телесность no тел-е + снос-ть (-ость is the suffix, not нос)."""
    return any(part.endswith(chain) and len(part) - len(chain) < cut for chain in SUFFIX_CHAINS)


def _first_root(split: CompoundSplit) -> int:
    return next((len(t) for t, k in split.morphemes if k == "root"), 0)


def _ends_in_ending(record: WordRecord) -> bool:
    return bool(record.morphemes) and record.morphemes[-1][1] in ("ending", "postfix")


def _label_rest(rest: str, affixes: AffixInventory) -> Morphemes:
    """The letters after a known word inside a longer one, if affixes explain them: a suffix
    and an ending (и + е), or either alone; else () — зил + «ьник» is no split."""
    if rest in affixes.endings:
        return ((rest, "ending"),)
    if rest in affixes.suffixes:
        return ((rest, "suffix"),)
    for size in (3, 2, 1):
        if len(rest) > size and rest[-size:] in affixes.endings and rest[:-size] in affixes.suffixes:
            return ((rest[:-size], "suffix"), (rest[-size:], "ending"))
    return ()


def _json_pairs(text: str) -> list[tuple[str, int]]:
    return [(s, int(c)) for s, c in json.loads(text)]
