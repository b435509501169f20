"""Morpheme segmentation where no source segments the word.

Two jobs: label the unlabelled cuts of Tikhonov's dictionary (`пе/в/е'ц/`)
and guess a segmentation for a word no source knows, by peeling known
prefixes, endings and suffixes off the edges.  The affix inventories are
learned from the labelled segmentations at build time and stored in the
lexicon, so both jobs use the same facts.
"""
from __future__ import annotations

from dataclasses import dataclass

Morphemes = tuple[tuple[str, str], ...]

LINKING_VOWELS = frozenset({"о", "е"})


@dataclass(frozen=True)
class AffixInventory:
    prefixes: frozenset[str]
    suffixes: frozenset[str]
    endings: frozenset[str]
    postfixes: frozenset[str] = frozenset({"ся", "сь"})

    def to_json(self) -> dict:
        return {"prefixes": sorted(self.prefixes), "suffixes": sorted(self.suffixes), "endings": sorted(self.endings)}

    @classmethod
    def from_json(cls, data: dict) -> "AffixInventory":
        return cls(frozenset(data["prefixes"]), frozenset(data["suffixes"]), frozenset(data["endings"]))


def label_parts(parts: tuple[str, ...], affixes: AffixInventory) -> Morphemes:
    """Label cut parts: leading known prefixes, then a root, then suffixes and an ending.

    A lone о/е between two longer parts is a linking vowel, and the part
    after it another root (пар/о/ход).  A part spelled like a prefix is the
    root when what follows it is a short known suffix (за/рос/ш/ий: рос is
    the root, not the prefix рос-).
    """
    if not parts:
        return ()
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(parts) - 1 and parts[i] in affixes.prefixes and could_be_root(parts[i + 1], affixes):
        out.append((parts[i], "prefix"))
        i += 1
    out.append((parts[i], "root"))
    i += 1
    while i < len(parts):
        part = parts[i]
        last = i == len(parts) - 1
        nxt = parts[i + 1] if not last else ""
        if part in LINKING_VOWELS and nxt and len(nxt) >= 2 and nxt not in affixes.suffixes:
            out.append((part, "interfix"))
            out.append((nxt, "root"))
            i += 2
            continue
        if part in affixes.postfixes and last:
            out.append((part, "postfix"))
        elif last and part in affixes.endings:
            out.append((part, "ending"))
        else:
            out.append((part, "suffix"))
        i += 1
    return tuple(out)


def could_be_root(part: str, affixes: AffixInventory) -> bool:
    """Can this cut part be a root or begin one after more prefixes: not a one- or two-letter known
    suffix or ending (ш, ий, ть) unless it is a prefix too (без/от/ход)?"""
    return (len(part) >= 3 or part in affixes.prefixes
            or part not in affixes.suffixes | affixes.endings | affixes.postfixes)


def guess_segmentation(word: str, affixes: AffixInventory, min_root: int = 3) -> Morphemes:
    """Peel known affixes off `word` while a root of `min_root` letters remains."""
    rest = word
    tail: list[tuple[str, str]] = []
    for post in sorted(affixes.postfixes, key=len, reverse=True):
        if rest.endswith(post) and len(rest) - len(post) >= min_root + 1:
            tail.append((post, "postfix"))
            rest = rest[: -len(post)]
            break
    for size in (3, 2, 1):
        end = rest[-size:]
        if len(rest) - size >= min_root and end in affixes.endings:
            tail.append((end, "ending"))
            rest = rest[:-size]
            break
    for _ in range(3):
        for size in (4, 3, 2, 1):
            suf = rest[-size:]
            if len(rest) - size >= min_root and suf in affixes.suffixes and size > 1:
                tail.append((suf, "suffix"))
                rest = rest[:-size]
                break
        else:
            break
    head: list[tuple[str, str]] = []
    for _ in range(2):
        for size in (5, 4, 3, 2, 1):
            pre = rest[:size]
            if len(rest) - size >= min_root and pre in affixes.prefixes and size > 1:
                head.append((pre, "prefix"))
                rest = rest[size:]
                break
        else:
            break
    return tuple(head) + ((rest, "root"),) + tuple(reversed(tail))
