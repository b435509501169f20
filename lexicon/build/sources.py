"""Readers for the raw public sources in ../shared/lexicon-sources.

Each reader yields plain tuples; what they mean for roots is decided in
:mod:`lexicon.build.compile`.  Sources are read in place and never copied.
"""
from __future__ import annotations

from lexicon.text import fold_yo

import csv
import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

KIND_BY_TIKHONOV_TAG = {
    "PREF": "prefix", "ROOT": "root", "SUFF": "suffix", "END": "ending",
    "LINK": "interfix", "POSTFIX": "postfix", "HYPH": "interfix",
}

Morphemes = tuple[tuple[str, str], ...]

# Known flaw of the reformatted Tikhonov data: a suffix after a root labelled a second root
# (баб:ROOT/енк:ROOT/а, пуст:ROOT/ын:ROOT/я, общ:ROOT/ествл:ROOT/ени/е).  A root that starts with a
# vowel right after another root, with no linking vowel between, and is short, is that suffix.
# Not when the part before is a prefix itself (во:ROOT/оруж, съ:ROOT/езд: there the root is the second).
_SUFFIX_LIKE_ROOT = re.compile(r"^[аеёиоуыэюя][а-яё]{0,4}$")
_PREFIX_LIKE = frozenset({"в", "во", "вз", "вс", "с", "со", "съ", "у", "о", "об", "объ", "от", "до", "за", "на",
                          "по", "из", "изъ", "раз", "рас", "разъ", "под", "подъ", "над", "пред", "пере", "при",
                          "про", "без", "бес", "вы", "не", "ни"})


def relabel_suffix_roots(parts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    out = list(parts)
    for i in range(1, len(out)):
        (before, kind_before), (text, kind) = out[i - 1], out[i]
        if (kind == "root" and kind_before == "root" and _SUFFIX_LIKE_ROOT.match(text)
                and before not in _PREFIX_LIKE and len(before) >= 2):
            out[i] = (text, "suffix")
    return out


def relabel_hard_sign_prefixes(parts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Another flaw of the same data: объ:ROOT/един, разъ:ROOT/ясн, съ:ROOT/езд.  No Russian root ends in ъ;
    a part that does, before a root, is the prefix (объ-един-ени-е, and объединение is no cognate of
    объяснение)."""
    out = list(parts)
    for i in range(len(out) - 1):
        (text, kind), (_, kind_after) = out[i], out[i + 1]
        if kind == "root" and kind_after == "root" and text.endswith("ъ"):
            out[i] = (text, "prefix")
    return out


def tikhonov_morphemes(sources: Path) -> Iterator[tuple[str, Morphemes]]:
    """`непробудный\tне:PREF/про:PREF/буд:ROOT/н:SUFF/ый:END` → (word, morphemes)."""
    folder = sources / "tikhonov-morphemes"
    for name in ("rus.train", "rus.valid", "rus.test"):
        if not (folder / name).exists():
            continue
        with open(folder / name, encoding="utf-8") as handle:
            for line in handle:
                word, _, analysis = line.rstrip("\n").partition("\t")
                parts = []
                for chunk in analysis.split("/"):
                    text, _, tag = chunk.rpartition(":")
                    kind = KIND_BY_TIKHONOV_TAG.get(tag)
                    if not text or kind is None:
                        parts = []
                        break
                    parts.append((text, kind))
                if word and parts:
                    yield word.lower(), tuple(relabel_hard_sign_prefixes(relabel_suffix_roots(parts)))


@dataclass(frozen=True)
class DictionaryEntry:
    lemma: str
    homonym: int | None
    parts: tuple[str, ...]   # morph boundaries without labels: ("ко", "ш", ...) as the source cuts them
    stress: int | None       # index into the lemma of the stressed vowel
    gloss: str               # the bracketed explanation: "(растение)", "(от бел/и'/ть)"


_HEAD = re.compile(r"^(?P<lemma>[^|]+?)(?P<num>\d+)?\s*\|\s*(?P<body>.*)$")


def tikhonov_dictionary(sources: Path) -> Iterator[DictionaryEntry]:
    """`кошка | ко'ш/к/а`, `лук1 | лук/1 (растение)` → entries with boundaries and stress."""
    with open(sources / "tikhonov-dictionary" / "Tikhonov.utf8.txt", encoding="utf-8") as handle:
        for line in handle:
            match = _HEAD.match(line.strip())
            if not match:
                continue
            lemma = match["lemma"].strip().lower()
            if lemma.startswith("-") or " " in lemma:
                continue
            body = match["body"]
            gloss_match = re.search(r"\(([^)]*)\)", body)
            gloss = gloss_match.group(1) if gloss_match else ""
            analysis = re.split(r"[,\s(\[]", body.strip(), maxsplit=1)[0]
            analysis = re.sub(r"\d+$", "", analysis.rstrip("/").rstrip()) if analysis else ""
            plain = analysis.replace("'", "")
            if plain.replace("/", "") != lemma:
                # The source sometimes writes only part of the word; keep the stress, skip the cut.
                parts = ()
            else:
                parts = tuple(p for p in plain.split("/") if p)
            stress = None
            tick = analysis.replace("/", "").find("'")
            if tick > 0:
                stress = tick - 1
            yield DictionaryEntry(lemma, int(match["num"]) if match["num"] else None, parts, stress, gloss)


@dataclass(frozen=True)
class Link:
    source: str
    source_pos: str
    target: str
    target_pos: str
    rule: str
    prefixes: tuple[str, ...] = ()   # what the rule puts before the base («пре» in пре + verb)
    suffixes: tuple[str, ...] = ()   # what it adds after («ин», «овин» in noun + ин(а)/овин(а))


def derivbase_links(sources: Path) -> Iterator[Link]:
    """DerivBase.Ru derivational links, one per TSV row of the connections zip."""
    with zipfile.ZipFile(sources / "derivbase-ru" / "v001.00-connections.zip") as archive:
        for name in sorted(archive.namelist()):
            if not name.endswith(".csv"):
                continue
            with archive.open(name) as raw:
                reader = csv.reader(io.TextIOWrapper(raw, encoding="utf-8"), delimiter="\t")
                next(reader, None)
                for row in reader:
                    if len(row) < 5 or not row[0] or not row[2]:
                        continue
                    rule, _, pattern = row[4].partition("(")
                    source, target = row[0].lower(), row[2].lower()
                    if pattern and not affixes_present(pattern.rstrip(")"), target, source):
                        continue
                    prefixes, suffixes = rule_affixes(pattern.rstrip(")")) if pattern else ((), ())
                    yield Link(source, row[1], target, row[3], rule, prefixes, suffixes)


POS_NAMES = {"noun", "verb", "adj", "adv", "num", "part", "trg", "pron"}


def _affix_variants(item: str) -> list[str]:
    """`к(а)/овк(а)` → ["к", "овк"]; digits and the yod sign j are notation, not letters."""
    out = []
    for alt in item.split("/"):
        core = re.sub(r"\(.*?\)", "", alt)
        core = re.sub(r"[0-9jmf]", "", core)
        out.append(fold_yo(core))
    return out


def rule_affixes(pattern: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`пре + verb + ива(ть) -> verb` → (("пре",), ("ива",)): the letters the rule adds on each side."""
    before: list[str] = []
    after: list[str] = []
    seen_pos = False
    for item in (part.strip() for part in pattern.split("->")[0].split("+")):
        if item in POS_NAMES or item.split("_")[0] in POS_NAMES:
            seen_pos = True
            continue
        (after if seen_pos else before).extend(v for v in _affix_variants(item) if v)
    return tuple(before), tuple(after)


def affixes_present(pattern: str, target: str, source: str = "") -> bool:
    """Does the derived word carry the affixes its DerivBase rule adds?

    A rule `noun + ик -> noun` whose target has no «ик» (ротик → рота,
    гордец → город) is a link read backwards or a generation error.
    """
    lhs = pattern.split("->")[0]
    items = [item.strip() for item in lhs.split("+")]
    word = fold_yo(target)
    seen_pos = False
    for item in items:
        if item in POS_NAMES or item.split("_")[0] in POS_NAMES:
            seen_pos = True
            continue
        variants = [v for v in _affix_variants(item) if v]
        if not variants:
            continue  # zero affix (0m2) or pure ending
        if not seen_pos:
            if not any(word.startswith(v) for v in variants):
                return False
        elif not any(v in word[1:] or _after_hushing(v, word) or _after_soft(v, word, source) for v in variants):
            return False
    return True


HUSHING = "жчшщц"


def _after_hushing(variant: str, word: str) -> bool:
    """An unstressed о of a suffix is written е after ж, ч, ш, щ, ц: «ость» in плавуч|есть."""
    if not variant.startswith("о"):
        return False
    spelled = "е" + variant[1:]
    return any(h + spelled in word for h in HUSHING)


def _after_soft(variant: str, word: str, source: str) -> bool:
    """The imperfective suffix а of a verb in -ить is written я after the softened consonant:
    укрепить → укрепл|я|ть, удивить → удивл|я|ть, so the aspect pair is not read as a link backwards.
    Only there: тул → туляк by «noun + ак» (Тула), пуля → пулять, провернуть → проверять are
    generation errors the letters rightly reject."""
    return variant == "а" and source.endswith(("ить", "иться")) and "я" in word[1:]


def derivbase_compounds(sources: Path) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Gold compound analyses: (compound, its part words)."""
    path = sources / "derivbase-ru" / "compounds_gold.csv"
    if not path.exists():
        return
    with open(path, encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        for row in reader:
            parts = [w for w in row["words_m"].split(";") if w] + ([row["word_h"]] if row["word_h"] else [])
            kinds = row["poss_m"].split(";") + [row["pos_h"]]
            # Prepositions (с ума → сумасшедший) are not roots.
            words = tuple(w.lower() for w, k in zip(parts, kinds) if not k.startswith("prep"))
            if row["word_d"] and words:
                yield row["word_d"].lower(), words


def wiktionary_lemmas(sources: Path) -> set[str]:
    words = set()
    for path in sorted((sources / "derivbase-ru").glob("wiktionary_lemmas_*.txt")):
        with open(path, encoding="utf-8-sig") as handle:
            words.update(line.strip().lower() for line in handle if line.strip())
    return words


def wiktionary_lemmas_by_pos(sources: Path) -> Iterator[tuple[str, str]]:
    """(lemma as written, part of speech) from DerivBase.Ru's ru.wiktionary lists: noun, adj, verb, adv,
    num, part (participle), trg (transgressive).  Case is kept: «Москва» is a proper noun, «москва» none."""
    for path in sorted((sources / "derivbase-ru").glob("wiktionary_lemmas_*.txt")):
        pos = path.stem.rsplit("_", 1)[-1]
        with open(path, encoding="utf-8-sig") as handle:
            for line in handle:
                if line.strip():
                    yield line.strip(), pos


def curated_table(path: Path) -> Iterator[list[str]]:
    """Tab-separated rows of a curated file, comments and blank lines skipped."""
    if not path.exists():
        return
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip() and not line.startswith("#"):
                yield [cell.strip() for cell in line.rstrip("\n").split("\t")]
