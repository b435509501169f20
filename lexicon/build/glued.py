"""Glued roots re-derived at build time.

Tikhonov's dictionary sometimes stores a suffix, a prefix or a second root as
part of the root: картин|а (карт + ин), преда|ть (пре + да), compounds whose
second root hides in a carried one.  A root is re-split only on positive
evidence, never because a shorter word happens to be a substring:

- a DerivBase link whose base's root (four letters or more) begins the derived
  word's root, when the rest is a chain of known suffixes and the link's own
  rule adds it (карт → картина by «noun + ин(а)»);
- a DerivBase prefix rule from a verb to a verb whose native prefix begins the
  derived root and whose base's root is the rest (дать → предать by «пре + verb»);
- two linked words whose dictionary cuts split the same root after a native
  prefix (возраст by воз|раст|а|ть and воз|раст|а|ни|е);
- a gold compound whose parts' roots are found, in order, in the compound.

DerivBase's rules also generate false links (мир → мираж, груз → грузин), so a
link split is believed only when two derived words and two base words show the
same split of the same root.
A re-split root is carried to the linked words that share the same glued
spelling (картина → картинный, картинка), so a family is never torn in two.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Protocol

from lexicon.alternations import compare_roots
from lexicon.segment import LINKING_VOWELS, AffixInventory, Morphemes
from lexicon.text import fold_root, fold_yo

# A short base root begins too many unrelated roots (гол: голова, кор: корова): a suffix split needs four letters.
MIN_BASE_ROOT = 4
# A root left after a prefix is peeled must still be a root, not one letter.
MIN_CORE_ROOT = 2
# One-letter prefixes (с, у, в, о) begin too many roots by chance (сказ, узор, утро).
MIN_PREFIX = 2
# DerivBase's prefix rules are trusted where a prefixed verb comes from a verb (ставить → представить);
# over nouns they generate noise (бачка → собачка, мена → доменный).
PREFIXED_POS = "verb"
# Words re-split the same way by links to their bases, and base words showing it, needed before a
# split is believed: one base is one chance homograph (груз → грузин, грузинка; маляр → малярия).
MIN_WITNESSES = 2
# A root the morpheme dictionary gives whole in this many words is a present-day root, however its
# verbs are cut (завод though за|вод|и|ть, добр though до|бр|а|ть, запад, победа, погода).
GOLD_SOURCE = "tikhonov-morphemes"
GOLD_ROOT_WORDS = 10
# Wiktionary's breakdown is the judges' referee: it is never re-split.
KEPT_SOURCES = frozenset({"wiktionary"})
# Cuts made by a dictionary, read as witnesses; carried roots and guesses are not.
WITNESS_SOURCES = frozenset({"tikhonov-morphemes", "tikhonov-dictionary", "wiktionary"})
# What a glued root can be made of.
CUT_KINDS = frozenset({"prefix", "root"})
# A guessed word re-split across a link or a gold compound has a root that came over that link.
CARRIED_SOURCE = "derivbase-carried"

Pieces = tuple[tuple[str, str], ...]  # what one glued root becomes
RuleAffixes = dict[tuple[str, str], tuple[frozenset[str], frozenset[str]]]


class EntryLike(Protocol):
    morphemes: Morphemes
    source: str

    @property
    def roots(self) -> list[str]: ...


def suffix_chain(rest: str, suffixes: frozenset[str]) -> list[str] | None:
    """`rest` as known suffixes end to end, longest first at each step (deterministic)."""
    if not rest:
        return []
    for size in range(len(rest), 0, -1):
        if rest[:size] in suffixes:
            tail = suffix_chain(rest[size:], suffixes)
            if tail is not None:
                return [rest[:size], *tail]
    return None


def rule_adds(rest: str, following: str, rule_suffixes: frozenset[str]) -> bool:
    """Does the link's rule add the letters `rest`: ин for «ин(а)», or ин + the word's next suffix к
    for «инк(а)»?"""
    return rest in rule_suffixes or bool(following and rest + following in rule_suffixes)


def split_after_base(root: str, following: str, base_root: str, rule_suffixes: frozenset[str],
                     affixes: AffixInventory) -> Pieces | None:
    """картин after карт by «noun + ин(а)» → карт + ин.  A glued root that ends the word (графин,
    магазин, кувшин) is a borrowed root far more often than a base with a suffix: not split."""
    if not following or len(base_root) < MIN_BASE_ROOT or len(root) <= len(base_root) or not root.startswith(base_root):
        return None
    rest = root[len(base_root):]
    chain = suffix_chain(rest, affixes.suffixes)
    if not chain or not rule_adds(rest, following, rule_suffixes):
        return None
    return ((base_root, "root"), *((piece, "suffix") for piece in chain))


def split_before_base(root: str, base_root: str, rule_prefixes: frozenset[str],
                      affixes: AffixInventory) -> Pieces | None:
    """преда after да by «пре + verb» → пре + да."""
    for prefix in sorted(rule_prefixes, key=lambda p: (-len(p), p)):
        core = root[len(prefix):]
        if (len(prefix) >= MIN_PREFIX and prefix in affixes.prefixes and root.startswith(prefix) and len(core) >= MIN_CORE_ROOT
                and fold_root(core) == fold_root(base_root)):
            return ((prefix, "prefix"), (core, "root"))
    return None


def split_by_base(entry: EntryLike, base: EntryLike, rule: tuple[frozenset[str], frozenset[str]],
                  affixes: AffixInventory) -> tuple[str, Pieces] | None:
    """The first root of `entry` its base shows to be glued, and what it splits into."""
    prefixes, suffixes = rule
    for i, (root, kind) in enumerate(entry.morphemes):
        if kind != "root":
            continue
        for base_root in base.roots:
            if fold_root(root) == fold_root(base_root):
                return None  # the base's root is already there: nothing is glued
        following = entry.morphemes[i + 1][0] if i + 1 < len(entry.morphemes) else ""
        for base_root in base.roots:
            pieces = split_after_base(root, following, base_root, suffixes, affixes) if suffixes else None
            pieces = pieces or (split_before_base(root, base_root, prefixes, affixes) if prefixes else None)
            if pieces:
                return root, pieces
    return None


def replace_root(morphemes: Morphemes, root: str, pieces: Pieces) -> Morphemes:
    """`morphemes` with the root spelled `root` replaced by its pieces (the first such root)."""
    out: list[tuple[str, str]] = []
    done = False
    for text, kind in morphemes:
        if not done and kind == "root" and text == root:
            out.extend(pieces)
            done = True
        else:
            out.append((text, kind))
    return tuple(out)


def compound_morphemes(word: str, part_roots: list[str], affixes: AffixInventory) -> Morphemes | None:
    """волновод with the roots волн, вод → волн + о + вод; None unless every root is found in order."""
    out: list[tuple[str, str]] = []
    at = 0
    for root in part_roots:
        found = next(((word.find(v, at), v) for v in dict.fromkeys((root, fold_root(root)))
                      if len(v) >= 2 and word.find(v, at) >= 0), None)
        if found is None:
            return None
        start, spelling = found
        out.extend(_between(word[at:start], bool(out), affixes))
        out.append((spelling, "root"))
        at = start + len(spelling)
    tail = word[at:]
    if tail:
        chain = suffix_chain(tail, affixes.suffixes | affixes.endings) or [tail]
        out.extend((piece, "suffix") for piece in chain[:-1])
        out.append((chain[-1], "ending" if chain[-1] in affixes.endings else "suffix"))
    return tuple(out)


def _between(text: str, after_root: bool, affixes: AffixInventory) -> list[tuple[str, str]]:
    """The letters before a root: prefixes at the start; after a root a linking vowel or hyphen,
    then prefixes of the next part (скот|о|про|гон), else a suffix of the first part."""
    if not text:
        return []
    if not after_root:
        return [(text, "prefix")]
    for link in range(1, len(text) + 1):
        joint, rest = text[:link], text[link:]
        if joint.strip("-") in LINKING_VOWELS | {""} and _prefix_chain(rest, affixes.prefixes) is not None:
            return [(joint, "interfix"), *((p, "prefix") for p in _prefix_chain(rest, affixes.prefixes))]
    if text[-1] in LINKING_VOWELS or text[-1] == "-":
        return ([(text[:-1], "suffix")] if len(text) > 1 else []) + [(text[-1], "interfix")]
    return [(text, "suffix")]


def _prefix_chain(text: str, prefixes: frozenset[str]) -> list[str] | None:
    """`text` as known prefixes end to end (про + из), longest first; [] for no letters."""
    if not text:
        return []
    for size in range(len(text), 0, -1):
        if text[:size] in prefixes and (tail := _prefix_chain(text[size:], prefixes)) is not None:
            return [text[:size], *tail]
    return None


def resplit_by_links(entries: dict[str, EntryLike], rule_affixes: RuleAffixes,
                     neighbours: dict[str, set[str]], affixes: AffixInventory, stats: Counter) -> None:
    """A glued root is re-split when independent links show the same split (one link is noise:
    DerivBase's rules also generate мир → мираж); the split is then carried on to linked words."""
    witnesses = split_witnesses(entries, rule_affixes, affixes)
    for (root, pieces), pairs in sorted(witnesses.items()):
        if len({derived for _, derived in pairs}) < MIN_WITNESSES or len({base for base, _ in pairs}) < MIN_WITNESSES:
            stats["resplit_unconfirmed"] += 1
            continue
        for derived in sorted({derived for _, derived in pairs}):
            entry = entries[derived]
            if root not in entry.roots:
                continue  # already re-split the other way
            _apply(entry, root, pieces)
            stats["resplit_glued"] += 1
            stats["resplit_carried"] += carry_split(derived, root, pieces, entries, neighbours)


def resplit_by_finer_cuts(entries: dict[str, EntryLike], neighbours: dict[str, set[str]],
                          native_prefixes: frozenset[str], stats: Counter) -> None:
    """A root that linked words' dictionary cuts split (возраст by воз|раст|а|ть, воз|раст|а|ни|е)
    is split the same way.  One such word is not enough: a link between homographs (народ –
    народить, дождь – дождаться) shows a cut of another word."""
    cuts = {key: entry.morphemes for key, entry in entries.items() if entry.source in WITNESS_SOURCES}
    gold = Counter(root for entry in entries.values() if entry.source == GOLD_SOURCE for root in entry.roots)
    for key in sorted(entries):
        entry = entries[key]
        if entry.source in KEPT_SOURCES:
            continue
        votes = Counter(found for other in sorted(neighbours.get(key, ()))
                        if (found := finer_cut(entry.roots, cuts.get(other, ()), native_prefixes)) is not None)
        if not votes:
            continue
        (root, pieces), count = min(votes.items(), key=lambda item: (-item[1], item[0]))
        if count < MIN_WITNESSES or root not in entry.roots:
            stats["resplit_unconfirmed"] += 1
            continue
        if gold[root] >= GOLD_ROOT_WORDS:
            stats["resplit_kept_gold"] += 1
            continue
        _apply(entry, root, pieces)
        stats["resplit_by_cut"] += 1
        stats["resplit_carried"] += carry_split(key, root, pieces, entries, neighbours)


def finer_cut(roots: list[str], cut: Morphemes, native_prefixes: frozenset[str]) -> tuple[str, Pieces] | None:
    """A root of `roots` spelled by several consecutive morphemes of `cut`, one of them a root."""
    for root in roots:
        for start in range(len(cut)):
            text = ""
            for end in range(start, len(cut)):
                piece, kind = cut[end]
                if kind not in CUT_KINDS:
                    break
                text += piece
                if not root.startswith(text):
                    break
                if text == root and end > start and plausible_pieces(cut[start:end + 1], native_prefixes):
                    return root, cut[start:end + 1]
    return None


def plausible_pieces(pieces: Pieces, native_prefixes: frozenset[str]) -> bool:
    """Only native prefixes of two letters or more before one root (за|вод, рас|твор): a root cut
    before a suffix is too often a chance cut of another word (стар|а in стараться)."""
    *head, (root, kind) = pieces
    return (kind == "root" and len(root) >= MIN_CORE_ROOT
            and all(k == "prefix" and len(t) >= MIN_PREFIX and t in native_prefixes for t, k in head))


def split_witnesses(entries: dict[str, EntryLike], rule_affixes: RuleAffixes,
                    affixes: AffixInventory) -> dict[tuple[str, Pieces], set[tuple[str, str]]]:
    """(glued root, its split) → the (base, derived) links that show it.  A derived word has one
    base: one that also derives from a word with the whole glued root (протон → протонировать)
    witnesses nothing, unless that word is split the same way (картина → картинка)."""
    bases_of: dict[str, set[str]] = defaultdict(set)
    for (base, derived), (prefixes, suffixes) in rule_affixes.items():
        if prefixes or suffixes:  # a zero-affix link (картинный → картина) is read backwards
            bases_of[derived].add(base)
    found_links: dict[tuple[str, Pieces], set[tuple[str, str]]] = defaultdict(set)
    for (base, derived), rule in sorted(rule_affixes.items()):
        entry, base_entry = entries.get(derived), entries.get(base)
        if entry is None or base_entry is None or entry.source in KEPT_SOURCES or base_entry.source == "guess":
            continue
        found = split_by_base(entry, base_entry, rule, affixes)
        if found is not None:
            found_links[found].add((base, derived))
    witnesses: dict[tuple[str, Pieces], set[tuple[str, str]]] = {}
    for found, links in found_links.items():
        split_words = {derived for _, derived in links}
        kept = {(b, d) for b, d in links if derives_from_split(d, found[0], split_words, bases_of, entries)}
        if kept:
            witnesses[found] = kept
    return witnesses


def derives_from_split(word: str, root: str, split_words: set[str], bases_of: dict[str, set[str]],
                       entries: dict[str, EntryLike]) -> bool:
    """Does every base of `word` with the whole glued root lead, over such bases, to a word split
    the same way (картинный → картинка: картинный comes from картина)?  протон → протонировать
    does not: протон is a word of its own."""
    seen = {word}
    todo = [word]
    while todo:
        current = todo.pop()
        for base in sorted(bases_with_root(root, bases_of[current], entries) - seen):
            if base in split_words:
                continue
            if not bases_with_root(root, bases_of[base], entries) - seen - {base}:
                return False  # a base with the whole root that nothing splits
            seen.add(base)
            todo.append(base)
    return True


def bases_with_root(root: str, bases: set[str], entries: dict[str, EntryLike]) -> set[str]:
    """The bases among `bases` whose roots include the whole glued `root`."""
    folded = fold_root(root)
    return {base for base in bases if base in entries and any(fold_root(r) == folded for r in entries[base].roots)}



def carry_split(start: str, root: str, pieces: Pieces, entries: dict[str, EntryLike],
                neighbours: dict[str, set[str]]) -> int:
    """Re-split the same glued root in the linked words that share it, over links; how many."""
    queue, seen, carried = [start], {start}, 0
    for word in queue:
        for other in sorted(neighbours.get(word, ())):
            entry = entries.get(other)
            if other in seen or entry is None or entry.source in KEPT_SOURCES:
                continue
            seen.add(other)
            for own_root in entry.roots:
                own_pieces = pieces if own_root == root else alternant_pieces(root, pieces, own_root)
                if own_pieces is not None:
                    _apply(entry, own_root, own_pieces)
                    carried += 1
                    queue.append(other)
                    break
    return carried


def alternant_pieces(root: str, pieces: Pieces, other_root: str) -> Pieces | None:
    """The split of a linked word's root that is the glued root with its final consonant
    alternated inside the split-off suffix (границ → гран-иц, so гранич → гран-ич)."""
    alt = compare_roots(root, other_root)
    last_text, last_kind = pieces[-1]
    if alt is None or alt.kind != "consonant" or last_kind == "root":
        return None
    stem = len(root) - len(last_text)
    if other_root[:stem] != root[:stem] or len(other_root) <= stem:
        return None
    return pieces[:-1] + ((other_root[stem:], last_kind),)


def _apply(entry: EntryLike, root: str, pieces: Pieces) -> None:
    entry.morphemes = replace_root(entry.morphemes, root, pieces)
    if entry.source == "guess":
        entry.source = CARRIED_SOURCE


def resplit_compounds(entries: dict[str, EntryLike], compounds: list[tuple[str, tuple[str, ...]]],
                      affixes: AffixInventory, stats: Counter) -> None:
    """A gold compound segmented with fewer roots than its parts show gets the parts' roots."""
    for compound, parts in sorted(set(compounds)):
        key = fold_yo(compound)
        entry = entries.get(key)
        part_entries = [entries.get(fold_yo(p)) for p in parts]
        if entry is None or entry.source in KEPT_SOURCES or any(p is None or not p.roots for p in part_entries):
            continue
        part_roots = [root for p in part_entries for root in p.roots]
        if len(entry.roots) >= len(part_roots):
            continue
        morphemes = compound_morphemes(key, part_roots, affixes)
        if morphemes is None:
            continue
        entry.morphemes = morphemes
        if entry.source == "guess":
            entry.source = CARRIED_SOURCE
        stats["resplit_compound"] += 1


def link_neighbours(links: list[tuple[str, str, str]]) -> dict[str, set[str]]:
    neighbours: dict[str, set[str]] = defaultdict(set)
    for a, b, _ in links:
        neighbours[a].add(b)
        neighbours[b].add(a)
    return neighbours
