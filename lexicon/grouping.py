"""Cognate groups of a word list: the words the pairwise engine calls однокоренные, as groups.

Pool lint asks which words of a pool share a root.  The answer rests on the one
pairwise answer, :meth:`lexicon.Lexicon.compare` (what /v1/cognates says, a
judge's ruling included): every two words of a group are cognate by it.
Candidate pairs are found cheaply first, never among all n² pairs; membership
is then decided pair by pair.

Stage 1, drafts.  The nodes are root occurrences (lemma, reading, root), so a
compound joins the draft of each of its roots without welding them (пароход:
пар…, …ход).  Occurrences in one lexicon family are one root outright.  Across
families, root types (family, spelling, senses) share a bucket when their
spellings are equal, one vowel step apart or one final-consonant alternation
apart (:func:`spelling_keys`); each pair of types is asked of the engine once,
through its shortest words, and only when lexicon.roots' join policy lets the
spellings join.  No draft joins two curated senses of one spelling (вод «вода»
/ вод «водить»).

What does not depend on the pool is worked out once and kept by the lexicon:
each lemma's roots (:class:`WordRoots`, ``Lexicon.word_roots``) and the buckets
with the spelling pairs that pass the alternation test (:class:`SpellingIndex`);
a verdict keeps its firmness and where its root links sit in each word.  A pool
linted again repeats only the pool's own work.

Stage 2, groups.  Within a draft every pair of words is asked; a pair sharing a
family is cognate by the engine's first rule and needs no question unless the
oracle holds rulings.  A pair is *firm* when the verdict is certain, or probable
through equal root spellings of segmented words.  Groups are maximal sets of
pairwise firm words, grown greedily until every firm pair of the draft sits in
one (a word may be in two: водопроводчик with the вода words and with the
водить words).  Cognate pairs that are not firm (an alternation such as
кот/кос, a guessed segmentation) are *possible*, never grouped.  A judge's
ruling «cognate» joins its pair even where no bucket pairs the words; a ruling
«not cognate» splits it (``ruled_apart``).
"""
from __future__ import annotations

import re
import threading
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Iterable, NamedTuple

from lexicon import budget, morphology
from lexicon.gc_pause import gc_paused
from lexicon.alternations import CONSONANT_ALTERNATIONS, VOWELS, WEAK_CONSONANT_ALTERNATIONS, compare_roots
from lexicon.cognates import PREFIXED_BASE, Verdict
from lexicon.overrides import NO_RULINGS, Oracle
from lexicon.roots import same_spelling
from lexicon.store import RootNode
from lexicon.text import InvalidWord, NormalizedWord, fold_key, fold_root, normalize_word

if TYPE_CHECKING:
    from lexicon.facade import Lexicon

Pair = tuple[int, int]                 # word indices, smaller first

# Reading a pool's words looks at the request's budget once in this many words.
BUDGET_STRIDE = 64
# Root spellings a lexicon's SpellingIndex files before it starts anew: ~1 KB each with their keys.
SPELLING_INDEX_LIMIT = 20_000

SOURCE_FAMILIES = "lexicon root families (Tikhonov segmentation, DerivBase.Ru links, curated tables)"
SOURCE_SPELLINGS = " and root spellings (engine.compare)"
SOURCE_RULINGS = " and judges' rulings"


class TooManyPairs(ValueError):
    """A stage would ask more pairs than `maximum`; raised before that stage asks any.

    `stage`: ``candidates`` (root types sharing a spelling key) or ``members`` (word pairs
    within the drafts, checked before any is asked)."""

    def __init__(self, stage: str, need: int, maximum: int, words: int):
        super().__init__(f"{stage}: {need:,} pairs over {maximum:,} for {words:,} words")
        self.stage, self.need, self.maximum, self.words = stage, need, maximum, words


@dataclass
class CognateGroups:
    groups: list[list[int]]          # word indices, ascending; groups ordered by their first member
    details: list[dict]              # per group: roots, families, source, links (a judge's ruling is a link)
    possible: list[dict]             # cognate pairs not firm enough to group (an alternation, a guess)
    ruled_apart: list[dict] = field(default_factory=list)   # pairs a judge ruled not cognate
    rulings: dict[Pair, dict] = field(default_factory=dict)  # every pair a judge decided, as a link
    compared: int = 0                # pairs asked of the engine


def group_cognates(lexicon: Lexicon, words: list[str], oracle: Oracle = NO_RULINGS,
                   max_pairs: int | None = None, ruled: Iterable[tuple[str, str]] = ()) -> CognateGroups:
    """Groups of `words` (lemmas) that are pairwise cognate by ``lexicon.compare(a, b, oracle)``.

    `ruled`: word pairs a judge ruled cognate, asked even where no root bucket pairs them.
    TooManyPairs when a stage would ask more than `max_pairs` pairs (None: no limit)."""
    with gc_paused():
        drafting = Drafting(lexicon, words)
        drafting.read()
        drafting.join_families()
        drafting.ask_candidates(max_pairs)
        drafting.ask_prefixed()
        return Grouping(drafting, oracle).run(max_pairs, ruled)


# ------------------------------------------------------------ spelling keys ---

CONSONANT_STEPS = sorted(CONSONANT_ALTERNATIONS | WEAK_CONSONANT_ALTERNATIONS)


def _steps_by_ending() -> dict[str, list[tuple[str, str]]]:
    steps: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for ending, other in CONSONANT_STEPS:
        steps[ending].append((ending, other))
    return dict(steps)


STEPS_BY_ENDING = _steps_by_ending()


def vowel_keys(root: str) -> set[str]:
    """The spelling and its one-vowel-step neighbourhood: a vowel changed (wildcard) or dropped.
    Two spellings one vowel step apart (бр/бир, зов/зыв, сон/сн) share a key."""
    keys = {root}
    for i, ch in enumerate(root):
        if ch in VOWELS:
            keys.add(root[:i] + "*" + root[i + 1:])
            keys.add(root[:i] + root[i + 1:])
    return keys


# Root spellings: the lexicon's own (some ten thousand) and those of guessed segmentations.
@lru_cache(maxsize=20_000)
def spelling_keys(root: str) -> frozenset[str]:
    """Keys shared by any two root spellings that lexicon.alternations.compare_roots may join:
    equal after ё/ь folding, one vowel step, a final-consonant alternation (рук/руч, раст/ращ),
    or both.  A superset: the engine decides each candidate pair."""
    folded = fold_root(root)
    keys = vowel_keys(folded)
    if len(folded) < 2:
        return frozenset(keys)
    for size in (1, 2):
        if len(folded) > size:
            for _, other in STEPS_BY_ENDING.get(folded[-size:], ()):
                keys |= vowel_keys(folded[:-size] + other)
    return frozenset(keys)


class SpellingIndex:
    """Root spellings met so far, filed by spelling key, each with the earlier ones it may pair with
    (a key in common and lexicon.roots' alternation test, asked in sorted order): a pool's candidate
    spelling pairs are read off, not bucketed again on every lint.  Append-only, so a pair is filed
    under whichever of its spellings came later; the lexicon starts a new index past SPELLING_INDEX_LIMIT
    spellings, and a grouping keeps the one it filed its spellings in."""

    def __init__(self, alternation):
        self.alternation = alternation
        self.by_key: dict[str, list[str]] = {}
        self.partners: dict[str, tuple[str, ...]] = {}
        self._lock = threading.Lock()      # two lints filing at once would each miss the other's spellings

    def __len__(self) -> int:
        return len(self.partners)

    def file(self, spellings: Iterable[str]) -> None:
        new = [s for s in spellings if s not in self.partners]
        if new:
            with self._lock:
                for spelling in new:
                    if spelling not in self.partners:
                        self._file(spelling)

    def _file(self, spelling: str) -> None:
        met: set[str] = set()
        for key in spelling_keys(spelling):
            bucket = self.by_key.get(key)
            if bucket is None:
                self.by_key[key] = [spelling]
            else:
                met.update(bucket)
                bucket.append(spelling)
        self.partners[spelling] = tuple(
            other for other in met if self.alternation(*sorted((spelling, other))) is not None)

    def pairs_among(self, spellings) -> list[tuple[str, str]]:
        """Pairs of `spellings` (all filed) that may be one root, each once and in sorted order."""
        return [(a, b) if a < b else (b, a) for a in spellings for b in self.partners[a] if b in spellings]


def _pairs(members) -> set[Pair]:
    ms = sorted(members)
    return {(ms[x], ms[y]) for x in range(len(ms)) for y in range(x + 1, len(ms))}


# ---------------------------------------------------------------- verdicts ---

LINKED = ("same_family", "curated_sense")     # the engine's certain root links
SHORT_ROOT = 3                                 # roots shorter than this join other families only loosely


def loose_evidence(verdict: Verdict, ev: dict) -> bool:
    """Two roots alike only through an alternation (кот/кос, кат/кач), in a guessed segmentation
    (самарец: сам-ар-ец), or two bare roots with other endings and no link (острог/острога, рот/рота:
    homonyms as often as not).  A probable link on such evidence is reported as a pair at most,
    never grouped: groups rest on families, curated senses and equal root spellings of segmented,
    derived words."""
    guessed = _guessed(verdict.a, ev["a"]["lemma"]) or _guessed(verdict.b, ev["b"]["lemma"])
    bare = _bare(verdict.a, ev["a"]["lemma"]) and _bare(verdict.b, ev["b"]["lemma"])
    ra, rb = ev["a"]["root"], ev["b"]["root"]
    # дн (день, дневник) / дн (дно), бо (бой) / бо (боязнь): two letters match across families by chance.
    short = min(len(ra), len(rb)) < SHORT_ROOT and ev.get("kind") not in LINKED
    return guessed or bare or short or not same_spelling(compare_roots(ra, rb))


# A root this short matches another by chance more often than not (день/дно, фан/целлофан, сам/самарец).
POSITIVE_ROOT_LENGTH = 4
# A family of at most this many words is an orphan the derivational links missed (кругооборот's круг,
# мухомор's мух); two bigger families the links kept apart are apart as often as not (тяг/тяж, тек/теч).
ORPHAN_FAMILY = 5


def positive_evidence(verdict: Verdict, ev: dict, family_size=None) -> bool:
    """Whether a pair too loose to group is still worth an organiser's look: the two roots alternate the
    way derivation does (a regular consonant alternation at the root's end: бок/обочина, круг/окружение)
    in dictionary segmentations, or they are long enough (≥ 4 letters) not to be alike by chance.  A vowel
    alternation inside a root (клан/склон, кат/кот) or a short root is mostly homonymy today.  An
    alternation between two established families (`family_size` of each above ORPHAN_FAMILY) that no
    link joins is homonymy too (грудь/груз, тяга/тяжесть, библиотека/утечка)."""
    ra, rb = ev["a"]["root"], ev["b"]["root"]
    alt = compare_roots(ra, rb)
    long_enough = min(len(ra), len(rb)) >= POSITIVE_ROOT_LENGTH
    guessed = _guessed(verdict.a, ev["a"]["lemma"]) or _guessed(verdict.b, ev["b"]["lemma"])
    # Two words a dictionary gives as a bare root and an ending each, in families no link joins, are
    # two words spelled alike (тест/тесть, лавр/лавра, премьер/премьера): derivation adds a suffix,
    # except a person's feminine by its ending alone (маркиз/маркиза).
    if alt is None or ((not long_enough or not guessed)
                       and _bare(verdict.a, ev["a"]["lemma"]) and _bare(verdict.b, ev["b"]["lemma"])
                       and not _gender_pair(ev["a"]["lemma"], ev["b"]["lemma"])):
        return False
    if alt.kind != "equal" and family_size is not None and _established(ev, family_size):
        return False
    if alt.kind == "consonant":
        return long_enough or not guessed
    return alt.kind in ("equal", "spelling", "fleeting") and long_enough


def _established(ev: dict, family_size) -> bool:
    families = (ev["a"].get("family"), ev["b"].get("family"))
    return all(f is not None and family_size(f) > ORPHAN_FAMILY for f in families)


def root_links(verdict: Verdict) -> list[dict]:
    """The evidence items that name a root on each side."""
    return [ev for ev in verdict.evidence
            if isinstance(ev.get("a"), dict) and "root" in ev["a"] and isinstance(ev.get("b"), dict)]


def judged_links(verdict: Verdict) -> list[tuple[dict, bool]]:
    """A cognate verdict's root links, each with its loose_evidence, worked out once per verdict."""
    links = verdict.memo.get("root_links")
    if links is None:
        links = [(ev, loose_evidence(verdict, ev)) for ev in root_links(verdict)] if verdict.cognate else []
        verdict.memo["root_links"] = links
    return links


def firm(verdict: Verdict) -> bool:
    """Cognate surely enough to share a group (worked out once per verdict)."""
    answer = verdict.memo.get("firm")
    if answer is None:
        answer = verdict.memo["firm"] = verdict.cognate and (
            verdict.confidence == "certain" or not all(loose for _, loose in judged_links(verdict)))
    return answer


def linked_slots(verdict: Verdict, roots_a: WordRoots, roots_b: WordRoots) -> tuple:
    """A verdict's root links as (evidence, slot in a, slot in b, loose_evidence, firm link of two family
    roots), worked out once per verdict: a slot is where the evidence's (lemma, root) sits in the word's
    WordRoots (None when it is not there), the same for every lint that asks the pair."""
    slots = verdict.memo.get("slots")
    if slots is None:
        out = []
        for ev, loose in judged_links(verdict):
            slot_a = roots_a.slot_of.get((ev["a"]["lemma"], ev["a"]["root"]))
            slot_b = roots_b.slot_of.get((ev["b"]["lemma"], ev["b"]["root"]))
            typed = (slot_a is not None and slot_b is not None and roots_a.slots[slot_a].node is not None
                     and roots_b.slots[slot_b].node is not None and (ev.get("kind") in LINKED or not loose))
            out.append((ev, slot_a, slot_b, loose, typed))
        slots = verdict.memo["slots"] = tuple(out)
    return slots


def link_json(a: str, b: str, verdict: Verdict, ev: dict) -> dict:
    roots = [ev["a"]["root"], ev["b"]["root"]] if "a" in ev and isinstance(ev["a"], dict) else verdict.shared_roots
    return {"a": a, "b": b, "roots": roots, "kind": ev.get("kind"), "confidence": verdict.confidence,
            "explanation": ev.get("explanation", ""), "source": ev.get("source", "")}


def ruling_json(a: str, b: str, verdict: Verdict) -> dict:
    """A judge's ruling on a pair, as a link: the ruling itself (with the engine's answer) is its evidence."""
    ruling = verdict.evidence[0] if verdict.evidence else {}
    return {**link_json(a, b, verdict, ruling), "kind": "ruling", "roots": list(verdict.shared_roots),
            "evidence": ruling}


def _guessed(analysis, lemma: str) -> bool:
    return any(an.lemma == lemma and an.source == "guess" for an in analysis.analyses)


def _gender_pair(a: str, b: str) -> bool:
    """A masculine and a feminine noun naming people or animals (маркиз/маркиза, кум/кума)."""
    def genders(word: str) -> set[str]:
        return {gender for p in morphology.parses(word) if p.known and p.tag.startswith("NOUN,anim")
                for gender in ("masc", "femn") if gender in p.tag}
    ga, gb = genders(a), genders(b)
    return ("masc" in ga and "femn" in gb) or ("femn" in ga and "masc" in gb)


def _bare(analysis, lemma: str) -> bool:
    """The word is its root and an ending, nothing derived (сап, сапа)."""
    return any(an.lemma == lemma and {kind for _, kind in an.morphemes} <= {"root", "ending"}
               and sum(kind == "root" for _, kind in an.morphemes) == 1 for an in analysis.analyses)


_CLEAN = re.compile(r"^[а-яё]+(?:-[а-яё]+)*$")


def _word(text: str) -> NormalizedWord | None:
    """A lemma from pymorphy3 is already a clean lower-case word: the full normaliser is skipped."""
    if _CLEAN.match(text):
        return NormalizedWord(raw=text, text=text, key=fold_key(text), stressed=None)
    try:
        return normalize_word(text)
    except InvalidWord:
        return None


class RootSlot(NamedTuple):
    """One root of one reading of a word, as grouping needs it."""
    root: str
    node: RootNode | None
    sense: frozenset[str] | None      # the root's one curated sense (engine.senses), None when it has 0 or 2+
    type_key: tuple | None            # its root type (family, root, labels); None outside families


class WordRoots(NamedTuple):
    """What grouping reads of one lemma, worked out once per lemma (Lexicon.word_roots) and kept: every
    root of every reading in reading, then root order; where a verdict's evidence (lemma, root) points;
    the word's families."""
    word: NormalizedWord | None
    slots: tuple[RootSlot, ...]
    slot_of: dict[tuple[str, str], int]        # (reading's lemma, root) -> its first slot
    families: frozenset[int]
    unprefixed: tuple[str, ...]                # the key without each prefix it starts with, shortest cut first


def read_word_roots(lexicon: Lexicon, lemma: str) -> WordRoots:
    word = _word(lemma)
    if word is None:
        return WordRoots(None, (), {}, frozenset(), ())
    slots, slot_of, families = [], {}, set()
    engine = lexicon.engine
    for an in lexicon.analyse(word).analyses:
        for r_idx, root in enumerate(an.roots):
            node = an.nodes[r_idx] if r_idx < len(an.nodes) else None
            sense = type_key = None
            if node is not None:
                families.add(node.family)
                labels = engine.senses(node)
                sense = frozenset(labels) if len(labels) == 1 else None
                type_key = ("t", node.family, root, node.labels)
            slot_of.setdefault((an.lemma, root), len(slots))
            slots.append(RootSlot(root, node, sense, type_key))
    return WordRoots(word, tuple(slots), slot_of, frozenset(families), _unprefixed(word.key, lexicon.store.affixes.prefixes))


def _unprefixed(key: str, prefixes) -> tuple[str, ...]:
    """What is left of `key` after each prefix it starts with, if at least PREFIXED_BASE letters are."""
    longest = max(map(len, prefixes), default=0)
    return tuple(key[cut:] for cut in range(1, min(longest, len(key) - PREFIXED_BASE) + 1) if key[:cut] in prefixes)


class UnionFind:
    """Union-find over the numbers 0..n-1, given each one's parent (itself when alone); a set's
    representative is its smallest member."""

    def __init__(self, parent: list[int]):
        self.parent = parent

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


# ----------------------------------------------------------- stage 1: drafts ---

@dataclass
class Draft:
    """Words whose root occurrences stage 1 joined: a candidate group."""
    roots: dict[int, set[str]] = field(default_factory=lambda: defaultdict(set))      # member -> its roots here
    families: dict[int, set[int]] = field(default_factory=lambda: defaultdict(set))   # member -> families here
    links: list[tuple[Pair, dict]] = field(default_factory=list)                      # cross-family joins

    @property
    def members(self) -> list[int]:
        return sorted(self.roots)

    def one_family(self) -> bool:
        """Every member has a root in one and the same family: cognate pairwise by the engine's first rule."""
        families = [self.families.get(m) for m in self.roots]
        return all(families) and len(set().union(*families)) == 1


class Drafting:
    """Stage 1: root occurrences joined by family, and by the engine's answers on candidate root types.

    Occurrences (a root of a reading of a word) are numbered in word, reading, root order, so the
    numbers sort as the (word, reading, root) triples they stand for."""

    def __init__(self, lexicon: Lexicon, lemmas: list[str]):
        self.lexicon, self.lemmas = lexicon, lemmas
        self.engine = lexicon.engine
        # One grouping asks about the same spelling pair many times: the root-spelling test is memoised per call.
        self.alternation = lru_cache(maxsize=None)(self.engine.join_policy.alternation)
        self.facts: list[WordRoots] = []
        # None for a lemma that is no word.  The engine is asked by lemma text: it normalises a text as
        # _word does, and its verdict cache hashes a string faster than a NormalizedWord.
        self.words: list[NormalizedWord | None] = []
        self.first_occ: list[int] = []                # word -> its first occurrence
        self.occ_word: list[int] = []
        self.occ_slot: list[RootSlot] = []
        self.occ_type: list[int] = []
        # Bucket members: a root type (family, root, labels) or a loose root (word, root) no family knows.
        self.type_ids: dict[tuple, int] = {}
        self.types: list[tuple] = []
        self.type_occs: list[list[int]] = []
        self.family_types: dict[int, set[int]] = {}                   # word -> its roots' types in families
        self.types_of: dict[str, list[int]] = {}                      # root spelling -> its types
        self.by_sense: dict[str, set[int]] = defaultdict(set)
        self.uf = UnionFind([])
        self.senses: dict[int, set[str]] = {}
        # Pairs asked: firmly cognate by the engine alone?  Verdicts are not kept: tens of thousands
        # of them make the garbage collector the biggest cost of a big pool.
        self.answers: dict[Pair, bool] = {}
        self.firm_partners: dict[int, set[int]] = defaultdict(set)   # root type -> types a verdict linked firmly
        self.links: list[tuple[int, Pair, dict]] = []
        self.possible: list[tuple[Pair, dict]] = []
        # Cognate by the engine on evidence too weak to list alone (би/убий): listed as possible only when
        # both words are firmly cognate with a third (битва, самоубийство — убийство).
        self.weak: dict[Pair, dict] = {}
        self._representatives: dict[int, int] = {}

    def read(self) -> None:
        """Every root occurrence of every word, with its root type; an occurrence in a family points at
        the family's first occurrence in the union-find from the start (one family is one root)."""
        word_roots, type_ids, new_type = self.lexicon.word_roots, self.type_ids, self._new_type
        occ_word, occ_slot, occ_type, type_occs = self.occ_word, self.occ_slot, self.occ_type, self.type_occs
        parent, family_first = [], {}
        for i, lemma in enumerate(self.lemmas):
            if not i % BUDGET_STRIDE:
                budget.check()
            facts = word_roots(lemma)
            self.facts.append(facts)
            self.words.append(facts.word)
            self.first_occ.append(len(occ_word))
            in_families = set()
            for slot in facts.slots:
                occ = len(occ_word)
                type_key = ("w", i, slot.root) if slot.type_key is None else slot.type_key
                type_id = type_ids.get(type_key)
                if type_id is None:
                    type_id = new_type(type_key, slot)
                type_occs[type_id].append(occ)
                occ_word.append(i)
                occ_slot.append(slot)
                occ_type.append(type_id)
                if slot.node is None:
                    parent.append(occ)
                else:
                    in_families.add(type_id)
                    parent.append(family_first.setdefault(slot.node.family, occ))
            if in_families:
                self.family_types[i] = in_families
        self.uf = UnionFind(parent)
        self.spellings = self.lexicon.spelling_index()
        self.spellings.file(self.types_of)

    def _new_type(self, type_key: tuple, slot: RootSlot) -> int:
        type_id = self.type_ids[type_key] = len(self.types)
        self.types.append(type_key)
        self.type_occs.append([])
        self.types_of.setdefault(slot.root, []).append(type_id)
        if slot.node is not None and len(slot.node.labels) > 1:
            for sense in slot.node.labels:
                self.by_sense[sense].add(type_id)
        return type_id

    def join_families(self) -> None:
        """Each draft's curated root senses (its families are joined as read): no link may weld вод «вода»
        to вод «водить» through a third, unlabelled вод.  Roots with several senses (лук, вод in
        водопровод) label nothing: they would bridge both."""
        find, senses = self.uf.find, self.senses
        for occ, slot in enumerate(self.occ_slot):
            if slot.sense is not None:
                top = find(occ)
                senses[top] = senses.get(top, set()) | slot.sense

    def join(self, oa: int, ob: int) -> bool:
        ra, rb = self.uf.find(oa), self.uf.find(ob)
        if ra == rb:
            return True
        sa, sb = self.senses.get(ra, set()), self.senses.get(rb, set())
        if sa and sb and not (sa & sb):
            return False
        self.uf.union(ra, rb)
        self.senses[self.uf.find(ra)] = sa | sb
        return True

    def representative(self, type_id: int) -> int:
        """The occurrence of a root type in its shortest word with fewest roots (then the first by
        spelling: the pool's order does not decide)."""
        occ = self._representatives.get(type_id)
        if occ is None:
            facts, lemmas, words = self.facts, self.lemmas, self.occ_word
            occ = self._representatives[type_id] = min(
                self.type_occs[type_id],
                key=lambda o: (len(facts[words[o]].slots), len(lemmas[words[o]]), lemmas[words[o]], o))
        return occ

    def same_spelling_pairs(self) -> list[tuple[str, str]]:
        """Each spelling with two or more root types, paired with itself."""
        return [(s, s) for s, types in self.types_of.items() if len(types) > 1]

    def ask_candidates(self, max_pairs: int | None) -> None:
        if max_pairs is not None:
            self._check_candidates(max_pairs)
        sense_pairs: set[Pair] = set()
        for ids in self.by_sense.values():
            budget.check()
            sense_pairs |= _pairs(ids)
        candidates = set(sense_pairs)
        types_of = self.types_of
        spelling_pairs = self.spellings.pairs_among(types_of)       # those the alternation test lets pair
        for a, b in [*self.same_spelling_pairs(), *spelling_pairs]:
            if a != b or self.alternation(a, b) is not None:
                budget.check()
                if a == b:
                    candidates |= _pairs(types_of[a])
                else:
                    candidates.update((x, y) if x < y else (y, x) for x in types_of[a] for y in types_of[b])
        rank = self.type_ranks()
        self._ask_types(sorted(candidates, key=lambda p: sorted((rank[p[0]], rank[p[1]]))), sense_pairs)

    def type_ranks(self) -> list[int]:
        """Each root type's place in an order of the types themselves (family, root, senses; a root no
        family knows by its word), not of the pool: candidates are asked in it, so joins that exclude
        each other (two curated senses) fall the same way however the pool is ordered."""
        def spelled(type_id: int) -> tuple:
            key = self.types[type_id]
            return ("w", self.lemmas[key[1]], key[2]) if key[0] == "w" else key
        ranks = [0] * len(self.types)
        for n, type_id in enumerate(sorted(range(len(self.types)), key=spelled)):
            ranks[type_id] = n
        return ranks

    def _check_candidates(self, max_pairs: int) -> None:
        """TooManyPairs, before any pair is asked, when the spelling buckets hold more than `max_pairs` pairs
        of root types."""
        types_of, by_key = self.types_of, defaultdict(list)
        for spelling in types_of:
            for key in spelling_keys(spelling):
                by_key[key].append(spelling)
        sizes = [sum(len(types_of[s]) for s in spellings) for spellings in by_key.values()]
        need = sum(len(ids) * (len(ids) - 1) // 2 for ids in self.by_sense.values()) + sum(n * (n - 1) // 2 for n in sizes)
        if need > max_pairs:
            raise TooManyPairs("candidates", need, max_pairs, len(self.lemmas))

    def _ask_types(self, candidates: list[Pair], sense_pairs: set[Pair]) -> None:
        types, find, words, type_occs = self.types, self.uf.find, self.occ_word, self.type_occs
        may_join = self.engine.families_may_join
        for x, y in candidates:           # the budget is looked at before each verdict (ask)
            tx, ty = types[x], types[y]
            if tx[0] == "t" and ty[0] == "t":
                # A family's occurrences are joined from the start: any one of a type tells its draft.
                if tx[1] != ty[1] and find(type_occs[x][0]) != find(type_occs[y][0]) \
                        and ((x, y) in sense_pairs or may_join(tx[2], tx[1], ty[2], ty[1])):
                    ox, oy = self.representative(x), self.representative(y)
                    if words[ox] > words[oy]:       # asked and shown in the pool's order
                        ox, oy = oy, ox
                    self.ask(words[ox], words[oy], (ox, oy))
            elif self.alternation(tx[2], ty[2]) is not None:
                for ox in self.type_occs[x]:
                    for oy in self.type_occs[y]:
                        if find(ox) != find(oy):
                            self.ask(min(words[ox], words[oy]), max(words[ox], words[oy]), None)

    def ask_prefixed(self) -> None:
        """Pairs where one word is the other with a prefix (премодерация, недоговоропригодность): new
        words get segmentations of their own, so no root bucket pairs them; the engine's prefixed-word
        evidence lists them as possible."""
        index: dict[str, int] = {}
        for i, word in enumerate(self.words):
            if word is not None:
                index.setdefault(word.key, i)
        for i, facts in enumerate(self.facts):
            for base in facts.unprefixed:
                j = index.get(base)
                if j is not None and (min(i, j), max(i, j)) not in self.answers:
                    budget.check()
                    self.ask_prefixed_pair(i, j)

    def ask_prefixed_pair(self, i: int, j: int) -> None:
        pair = (min(i, j), max(i, j))
        verdict = self.engine.compare(self.lemmas[pair[0]], self.lemmas[pair[1]])
        self.answers[pair] = firm(verdict)
        evidence = [ev for ev in verdict.evidence if ev.get("kind") == "prefixed_word"]
        if verdict.cognate and evidence and not root_links(verdict):
            self.possible.append((pair, link_json(self.lemmas[pair[0]], self.lemmas[pair[1]], verdict, evidence[0])))

    def family_size(self, family_id: int) -> int:
        family = self.lexicon.store.family(family_id)
        return family.size if family else 1

    def ask(self, i: int, j: int, only: tuple[int, int] | None) -> None:
        """Ask the engine about words i and j; join the root occurrences its evidence names.
        `only`: the pair of occurrences the question is about (root types), else any."""
        pair = (min(i, j), max(i, j))
        if i == j or pair in self.answers or (only is None and not self.facts[i].families.isdisjoint(self.facts[j].families)):
            return
        budget.check()
        verdict = self.engine.compare(self.lemmas[i], self.lemmas[j])
        links = self.learn(verdict, i, j)
        self.answers[pair] = firm(verdict)
        for ev, oa, ob, loose in links:
            if oa is None or ob is None or (only is not None and (oa, ob) != only):
                continue
            if loose and verdict.confidence != "certain":
                link = link_json(self.lemmas[i], self.lemmas[j], verdict, ev)
                if positive_evidence(verdict, ev, self.family_size):
                    self.possible.append((pair, link))
                else:
                    self.weak.setdefault(pair, link)
            elif self.join(oa, ob):
                self.links.append((oa, pair, link_json(self.lemmas[i], self.lemmas[j], verdict, ev)))

    def learn(self, verdict: Verdict, i: int, j: int) -> list[tuple[dict, int | None, int | None, bool]]:
        """The root links of the engine's verdict on words i and j, as (evidence, occurrence in i,
        occurrence in j, loose_evidence), remembering the root types it links firmly: compare
        judges root pairs one at a time, each by its two root types (spelling, family, senses)
        alone, so two other words carrying the same two types are firmly cognate too."""
        links, first_i, first_j = [], self.first_occ[i], self.first_occ[j]
        for ev, slot_a, slot_b, loose, typed in linked_slots(verdict, self.facts[i], self.facts[j]):
            oa = None if slot_a is None else first_i + slot_a
            ob = None if slot_b is None else first_j + slot_b
            if typed:
                ta, tb = self.occ_type[oa], self.occ_type[ob]
                self.firm_partners[ta].add(tb)
                self.firm_partners[tb].add(ta)
            links.append((ev, oa, ob, loose))
        return links

    def types_linked(self, x: int, y: int) -> bool:
        """A root type of each that a verdict linked firmly (compare judges a root pair by its types alone)."""
        types_y = self.family_types.get(y)
        if types_y:
            partners = self.firm_partners
            for tx in self.family_types.get(x, ()):
                linked = partners.get(tx)
                if linked and not linked.isdisjoint(types_y):
                    return True
        return False

    def drafts(self) -> list[Draft]:
        find, words = self.uf.find, self.occ_word
        tops = [find(occ) for occ in range(len(words))]
        sizes = Counter(tops)
        by_root: dict[int, Draft] = {}
        for occ, top in enumerate(tops):
            if sizes[top] < 2:        # a root joined to nothing: a draft of one word at most
                continue
            draft = by_root.get(top)
            if draft is None:
                draft = by_root[top] = Draft()
            slot = self.occ_slot[occ]
            draft.roots[words[occ]].add(slot.root)
            if slot.node is not None:
                draft.families[words[occ]].add(slot.node.family)
        for occ, pair, link in self.links:
            by_root[find(occ)].links.append((pair, link))
        return [draft for draft in by_root.values() if len(draft.roots) >= 2]


# ----------------------------------------------------------- stage 2: groups ---

class Grouping:
    """Stage 2: every pair of a draft asked (with the oracle); groups are pairwise firm."""

    def __init__(self, drafting: Drafting, oracle: Oracle):
        self.drafting, self.oracle = drafting, oracle
        self.lexicon, self.lemmas = drafting.lexicon, drafting.lemmas
        self.compared = len(drafting.answers)
        # Firmly cognate, the oracle's rulings applied; the engine's own answers hold when there are none
        # (stage 1 is over: its answers are taken over, not copied).
        self.answers: dict[Pair, bool] = {} if oracle else drafting.answers
        self.ruled: dict[Pair, Verdict] = {}            # pairs a judge decided
        self.possible: list[dict] = []
        self.possible_pairs: set[Pair] = set()
        self.groups: dict[tuple[int, ...], dict] = {}

    def run(self, max_pairs: int | None, ruled: Iterable[tuple[str, str]]) -> CognateGroups:
        drafts = self.drafting.drafts()
        self._check_members(drafts, max_pairs)
        for pair, link in self.drafting.possible:      # every loose link of stage 1, as found
            self._possible(pair, link)
        # Drafts in the order of their words' spellings, not the pool's: a verdict asked in one draft
        # teaches firm type links a word's other draft may rely on.
        lemmas = self.lemmas
        for draft in sorted(drafts, key=lambda d: sorted(lemmas[m] for m in d.roots)):
            budget.check()
            for members in self.cover(draft):
                self._add_group(draft, members)
        self._join_ruled(drafts, ruled)
        return self._result()

    def verdict(self, i: int, j: int) -> Verdict:
        """``lexicon.compare(word i, word j, oracle)``: the engine's verdict, then the ruling on it."""
        a, b = (i, j) if i < j else (j, i)
        raw = self.drafting.engine.compare(self.lemmas[a], self.lemmas[b])
        self.compared += 1
        self.drafting.learn(raw, a, b)
        verdict = self.lexicon.ruled(raw, self.oracle)
        if verdict is not raw:
            self.ruled[(a, b)] = verdict
        self.answers[(a, b)] = firm(verdict)
        return verdict

    def _needs_asking(self, draft: Draft) -> bool:
        return bool(self.oracle) or not draft.one_family()

    def _check_members(self, drafts: list[Draft], max_pairs: int | None) -> None:
        """TooManyPairs, before stage 2 asks anything, when its drafts hold more than `max_pairs` pairs."""
        if max_pairs is None:
            return
        need = sum(len(d.roots) * (len(d.roots) - 1) // 2 for d in drafts if self._needs_asking(d))
        if need > max_pairs:
            raise TooManyPairs("members", need, max_pairs, len(self.lemmas))

    def _asked_firm(self, x: int, y: int) -> bool:
        """Words x < y firmly cognate by a verdict asked now; a loose cognate pair is listed as possible."""
        verdict = self.verdict(x, y)
        if firm(verdict):
            return True
        pair = (x, y)
        if verdict.cognate and pair not in self.possible_pairs:
            ev = next(iter(root_links(verdict)), {})
            link = link_json(self.lemmas[x], self.lemmas[y], verdict, ev)
            if not ev or positive_evidence(verdict, ev, self.drafting.family_size):
                self._possible(pair, link)
            else:
                self.drafting.weak.setdefault(pair, link)
        return False

    def cover(self, draft: Draft) -> list[list[int]]:
        """The draft's groups: maximal sets of pairwise firm members covering every firm pair."""
        members = draft.members
        if not self._needs_asking(draft):
            return [members]
        adjacent = self._adjacency(members)
        self._weak_through_third(members, adjacent)
        return clique_cover(members, adjacent, self.lemmas)

    def _adjacency(self, members: list[int]) -> dict[int, set[int]]:
        """Each member's firmly cognate members: known from stage 1 (an answer, a shared family, a firm
        link of their root types) or asked now.  Pairs are taken in the order of the words' spellings, not
        the pool's: a verdict asked now teaches firm type links later pairs rely on.  A big pool's drafts
        hold tens of thousands of pairs."""
        adjacent: dict[int, set[int]] = {m: set() for m in members}
        answers, drafting, known, lemmas = self.answers, self.drafting, not self.oracle, self.lemmas
        ordered = sorted(members, key=lemmas.__getitem__)
        families = [drafting.facts[m].families for m in ordered]
        for n, a in enumerate(ordered):
            budget.check()
            families_a, adjacent_a = families[n], adjacent[a]
            for k in range(n + 1, len(ordered)):
                b = ordered[k]
                x, y = (a, b) if a < b else (b, a)
                linked = answers.get((x, y))
                if linked is None:
                    linked = (known and (not families_a.isdisjoint(families[k]) or drafting.types_linked(x, y))) \
                        or self._asked_firm(x, y)
                if linked:
                    adjacent_a.add(b)
                    adjacent[b].add(a)
        return adjacent

    def _weak_through_third(self, members: list[int], adjacent: dict[int, set[int]]) -> None:
        """A weakly cognate pair of the draft both of whose words are firmly cognate with a third is possible."""
        weak = self.drafting.weak
        for n, x in enumerate(members):
            for y in members[n + 1:]:
                pair = (x, y)
                if pair in weak and pair not in self.possible_pairs and y not in adjacent[x] \
                        and adjacent[x] & adjacent[y]:
                    self._possible(pair, weak[pair])

    def _possible(self, pair: Pair, link: dict) -> None:
        """List a loose link once, unless a judge decided the pair (then it is a group or ruled apart).
        A verdict may name two loose root links of one pair (многоженство / множитель)."""
        if pair in self.possible_pairs:
            return
        if self.oracle and pair not in self.answers:
            self.verdict(*pair)
        if pair not in self.ruled:
            self.possible.append(link)
            self.possible_pairs.add(pair)

    def _add_group(self, draft: Draft, members: list[int]) -> None:
        inside = set(members)
        entry = self.groups.setdefault(tuple(members), {"roots": set(), "families": set(), "links": []})
        for m in members:
            entry["roots"] |= draft.roots.get(m, set())
            entry["families"] |= draft.families.get(m, set())
        entry["links"] += [link for (i, j), link in draft.links if i in inside and j in inside]

    def _join_ruled(self, drafts: list[Draft], ruled: Iterable[tuple[str, str]]) -> None:
        """A judge's «cognate» joins its pair as a group of two where no draft holds both words."""
        drafts_of: dict[int, set[int]] = defaultdict(set)
        for n, draft in enumerate(drafts):
            for m in draft.roots:
                drafts_of[m].add(n)
        asked = [pair for pair, v in self.ruled.items() if v.cognate]
        asked += [(i, j) for a, b in ruled for i in self._indices(a) for j in self._indices(b) if i != j]
        for i, j in dict.fromkeys((min(p), max(p)) for p in asked):
            budget.check()
            if drafts_of[i] & drafts_of[j] or self.drafting.words[i] is None or self.drafting.words[j] is None:
                continue
            if (i, j) not in self.answers:
                self.verdict(i, j)
            if (i, j) in self.ruled and self.ruled[(i, j)].cognate:
                draft = Draft()
                draft.roots.update({m: self.roots_of[m] for m in (i, j)})
                self._add_group(draft, [i, j])

    @cached_property
    def roots_of(self) -> dict[int, set[str]]:
        """Every root of each word, in all its readings."""
        roots: dict[int, set[str]] = defaultdict(set)
        for i, facts in enumerate(self.drafting.facts):
            roots[i].update(slot.root for slot in facts.slots)
        return roots

    @cached_property
    def by_key(self) -> dict[str, list[int]]:
        by_key: dict[str, list[int]] = defaultdict(list)
        for i, lemma in enumerate(self.lemmas):
            by_key[fold_key(lemma)].append(i)
        return by_key

    def _indices(self, word: str) -> list[int]:
        """Words of the list a ruling on `word` may be about: the same key, or a lemma of it."""
        keys = dict.fromkeys([fold_key(word), *(fold_key(lemma) for lemma in self.lexicon.lemmas(word.lower()))])
        return [i for key in keys for i in self.by_key.get(key, [])]

    def _result(self) -> CognateGroups:
        rulings = {(i, j): ruling_json(self.lemmas[i], self.lemmas[j], v) for (i, j), v in self.ruled.items()}
        groups, details = [], []
        for key in sorted(self.groups, key=lambda k: (min(k), k)):
            entry = self.groups[key]
            ruled = [rulings[(i, j)] for n, i in enumerate(key) for j in key[n + 1:] if (i, j) in rulings
                     ] if rulings else []
            groups.append(list(key))
            details.append({"roots": sorted(entry["roots"]), "families": sorted(entry["families"]),
                            "source": SOURCE_FAMILIES + (SOURCE_SPELLINGS if entry["links"] else "")
                            + (SOURCE_RULINGS if ruled else ""), "links": entry["links"] + ruled})
        apart = [rulings[pair] for pair, v in self.ruled.items() if not v.cognate]
        return CognateGroups(groups, details, self.possible, apart, rulings, self.compared)


def clique_cover(members: list[int], adjacent: dict[int, set[int]], names=None) -> list[list[int]]:
    """Maximal sets of pairwise adjacent members, until every adjacent pair is in one.

    Each set grows from a pair no set covers yet, adding members (most connected first, then by
    `names`, so the pool's order does not decide) adjacent to all it holds: polynomial,
    deterministic, and a draft that is one clique stays one group."""
    order = sorted(members, key=lambda m: (-len(adjacent[m]), names[m] if names else "", m))
    if all(len(adjacent[m]) == len(members) - 1 for m in members):
        return [members] if len(members) > 1 else []
    rank = {m: n for n, m in enumerate(order)}
    covered: set[Pair] = set()
    out = []
    for u in order:
        for v in sorted(adjacent[u], key=rank.__getitem__):
            if (min(u, v), max(u, v)) in covered:
                continue
            budget.check()
            clique = [u, v]
            for w in order:
                if w != u and w != v and all(w in adjacent[c] for c in clique):
                    clique.append(w)
            clique.sort()
            covered |= {(a, b) for n, a in enumerate(clique) for b in clique[n + 1:]}
            out.append(clique)
    return out
