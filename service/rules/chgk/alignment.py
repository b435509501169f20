"""A whole answer against one reference variant: which words pair, which are missing or extra,
and whether the order changed; and the best variant of a pool for an answer."""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from functools import lru_cache

from lexicon import Lexicon, budget
from lexicon.text import fold_key
from service.rules.chgk.matching import Matcher, TokenMatch
from service.rules.chgk.tokens import Tok, content, tokens
from service.rules.chgk.variants import Variant

# The reason reported for a whole answer: the most lenient step that was needed.
REASON_ORDER = ("synonym", "truncation", "typo", "abbreviation", "transliteration", "aspect", "word_order",
                "word_form", "number", "exact")
# Answers and variants up to this many words are paired by trying every assignment; longer, greedily.
EXHAUSTIVE_WORDS = 6
# A tie between equally good variants goes to the незачёт list, then the reference.
SOURCE_ORDER = {"rejected": 0, "reference": 1, "accepted": 2, "criterion": 3}


@dataclass
class Alignment:
    variant: Variant
    pairs: list[TokenMatch]
    missing: list[Tok]          # reference tokens the answer lacks
    extra: list[Tok]            # answer tokens the reference lacks
    reordered: bool
    dropped: tuple[str, ...] = ()
    compact: bool = False       # matched only with spaces and hyphens removed
    answer: tuple[Tok, ...] = ()    # the answer's words that were aligned (function words left out)
    expanded: list[dict] = field(default_factory=list)   # abbreviations read as their expansions

    def answer_index(self, tok: Tok) -> int:
        """The position of one of the answer's aligned words (by identity: a word may repeat)."""
        return next(i for i, t in enumerate(self.answer) if t is tok)

    @property
    def full(self) -> bool:
        return not self.missing and not self.extra and not any(p.kind == "related" for p in self.pairs)

    @property
    def rank(self) -> tuple:
        worst = max((p.rank for p in self.pairs), default=0)
        return (len(self.missing) + len(self.extra), worst, self.reordered, sum(p.rank for p in self.pairs))

    def reason(self) -> str:
        kinds = {p.kind for p in self.pairs}
        if self.reordered:
            kinds.add("word_order")
        if self.dropped:
            kinds.add("word_form")
        if self.expanded:
            kinds.add("abbreviation")
        return next((reason for reason in REASON_ORDER if reason in kinds), "exact")


def _cells(answer: tuple[Tok, ...], ref: tuple[Tok, ...], matcher: Matcher) -> dict[tuple[int, int], TokenMatch]:
    cells = {}
    for i, a in enumerate(answer):
        for j, r in enumerate(ref):
            m = matcher.token(a, r)
            if m is not None:
                cells[i, j] = m
    return cells


def _best_assignment(answer: tuple[Tok, ...], ref: tuple[Tok, ...], cells: dict) -> list[TokenMatch]:
    """Every assignment of the shorter side into the longer: most pairs, then the strongest."""
    best: tuple | None = None
    small, big = (answer, ref) if len(answer) <= len(ref) else (ref, answer)
    for perm in itertools.permutations(range(len(big)), len(small)):
        pairs = []
        for s, b in enumerate(perm):
            key = (s, b) if small is answer else (b, s)
            if key in cells:
                pairs.append(cells[key])
        score = (-len(pairs), sum(p.rank for p in pairs))
        if best is None or score < best[0]:
            best = (score, pairs)
    return best[1] if best else []


def _greedy_assignment(cells: dict) -> list[TokenMatch]:
    """Long answers: the strongest matches first, each token at most once."""
    pairs, used_a, used_r = [], set(), set()
    for (i, j), m in sorted(cells.items(), key=lambda kv: (kv[1].rank, kv[0])):
        if i not in used_a and j not in used_r:
            pairs.append(m)
            used_a.add(i)
            used_r.add(j)
    return pairs


def _assign(answer: tuple[Tok, ...], ref: tuple[Tok, ...], matcher: Matcher) -> tuple[list[TokenMatch], bool]:
    """Pair answer tokens with reference tokens (each at most once), strongest matches first."""
    cells = _cells(answer, ref, matcher)
    # In order first: no reordering when the identity pairing works as well.
    if len(answer) == len(ref) and all((i, i) in cells for i in range(len(answer))):
        in_order = [cells[i, i] for i in range(len(answer))]
        if all(m.kind != "related" for m in in_order):
            return in_order, False
    if len(answer) <= EXHAUSTIVE_WORDS and len(ref) <= EXHAUSTIVE_WORDS:
        pairs = _best_assignment(answer, ref, cells)
    else:
        pairs = _greedy_assignment(cells)
    index_a = {id(t): i for i, t in enumerate(answer)}
    index_r = {id(t): j for j, t in enumerate(ref)}
    pairs.sort(key=lambda p: index_a[id(p.answer)])
    order = [index_r[id(p.reference)] for p in pairs]
    return pairs, order != sorted(order)


def _compact(toks: tuple[Tok, ...]) -> Tok:
    """The tokens as one word, spaces and hyphens gone: «Санктпетербург» for «Санкт-Петербург»."""
    return Tok(" ".join(t.raw for t in toks), "".join(t.text for t in toks))


def align(answer_toks: tuple[Tok, ...], variant: Variant, matcher: Matcher) -> Alignment:
    a_all, r_all = answer_toks, variant.toks
    if "".join(t.to_json() for t in a_all) == "".join(t.to_json() for t in r_all) and len(a_all) != len(r_all):
        pair = TokenMatch("exact", _compact(a_all), _compact(r_all), {"note": "то же самое без пробелов и дефисов"})
        return Alignment(variant, [pair], [], [], False, compact=True, answer=(pair.answer,))
    a, dropped_a = content(a_all)
    r, dropped_r = content(r_all)
    if not a or not r:
        a, r, dropped_a, dropped_r = a_all, r_all, (), ()
    pairs, reordered = _assign(a, r, matcher)
    paired_a = {id(p.answer) for p in pairs}
    paired_r = {id(p.reference) for p in pairs}
    # A function word both sides drop is no difference; one only a side drops is a word-form slip.
    in_a, in_r = {fold_key(y) for y in dropped_a}, {fold_key(y) for y in dropped_r}
    dropped = tuple(x for x in dropped_a + dropped_r if fold_key(x) not in in_a or fold_key(x) not in in_r)
    return Alignment(variant, pairs, [t for t in r if id(t) not in paired_r],
                     [t for t in a if id(t) not in paired_a], reordered, dropped, answer=a)


@lru_cache(maxsize=10_000)     # a batch asks about the same variants for every team's answer
def expansions(toks: tuple[Tok, ...]) -> tuple[tuple[tuple[Tok, ...], dict], ...]:
    """The words with one abbreviation read as its expansion: «РФ» → «Российская Федерация» (the
    lexicon's abbreviation table), each with the evidence of the reading."""
    out = []
    for i, t in enumerate(toks):
        if t.is_number or len(t.raw) > 12:
            continue
        info = Lexicon.abbreviation(t.raw)
        if info is None or info.source != "table":
            continue
        for row in info.expansions:
            words = tokens(row.expansion)
            if words:
                out.append((toks[:i] + words + toks[i + 1:], {"kind": "abbreviation", "abbr": t.raw,
                                                              "expansion": row.expansion,
                                                              "source": Lexicon.abbreviation_source("table")}))
    return tuple(out)


def _aligned(answer_toks: tuple[Tok, ...], v: Variant, matcher: Matcher) -> list[Alignment]:
    """The answer against a variant as written, then with an abbreviation on either side expanded."""
    out = [align(answer_toks, v, matcher)]
    if out[0].full:
        return out
    for toks, note in expansions(answer_toks):       # cached: the same answer for every variant
        out.append(align(toks, v, matcher))
        out[-1].expanded.append(note)
    for toks, note in expansions(v.toks):
        out.append(align(answer_toks, replace(v, toks=toks), matcher))
        out[-1].expanded.append(note)
    return out


def best_alignment(answer_toks: tuple[Tok, ...], pool: list[Variant], matcher: Matcher) -> Alignment | None:
    best = None
    for v in pool:
        budget.check()
        for al in _aligned(answer_toks, v, matcher):
            if not al.pairs:
                continue
            # A tie goes to the незачёт list only for a whole match: half a match to it proves nothing.
            source = SOURCE_ORDER[v.source] if al.full or v.source != "rejected" else len(SOURCE_ORDER)
            key = (al.rank, len(al.expanded), len(v.omitted), source)
            if best is None or key < best[0]:
                best = (key, al)
    return best[1] if best else None
