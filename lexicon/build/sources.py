"""Readers for the raw public sources in ../shared/lexicon-sources.

Each reader yields plain tuples; what they mean for roots is decided in
:mod:`lexicon.build.compile`.  Sources are read in place and never copied.
"""
from __future__ import annotations

from lexicon.text import fold_yo

import csv
import importlib.util
import io
import logging
import pickle
import re
import unicodedata
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("koren.build")

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


# --- UniMorph 4.0 derivations ------------------------------------------------------------------------

# NFD splits й and ё into a letter and a mark; those two marks are letters' own.  Any other combining
# mark in a source word is a stress or accent mark (громи́ть, за̀мок).
_LETTER_MARKS = frozenset("\u0306\u0308")
_RUSSIAN_WORD = re.compile(r"^[а-яё]+(?:-[а-яё]+)*$")


def strip_marks(text: str) -> str:
    """Lower case, stress and accent marks gone, й and ё kept as letters."""
    decomposed = unicodedata.normalize("NFD", text.strip())
    kept = "".join(ch for ch in decomposed if not unicodedata.combining(ch) or ch in _LETTER_MARKS)
    return unicodedata.normalize("NFC", kept).lower()


def plain_word(raw: str) -> str | None:
    """A source's word as the lexicon spells it (громи́ть → громить, Русь → русь, ё kept), or None when it
    is not one modern Russian word: pogrom, «Чёрное море», Rusyn лоґік / річный, pre-reform обѣдать,
    the bound stem -скочить."""
    word = strip_marks(raw)
    return word if _RUSSIAN_WORD.match(word) else None


@dataclass(frozen=True)
class UnimorphLink:
    source: str       # lower case, stress marks gone, ё as written
    source_pos: str   # UniMorph's N, V, ADJ, ADV or U (uninflected)
    target: str
    target_pos: str
    affix: str        # as UniMorph writes it: «-ник» goes after the base, «по-» before it

    @property
    def source_key(self) -> str:
        return fold_yo(self.source)

    @property
    def target_key(self) -> str:
        return fold_yo(self.target)


def unimorph_links(sources: Path) -> Iterator[UnimorphLink]:
    """UniMorph 4.0 derivations, `громи́ть\tпогром\tN:N\tпо-` → UnimorphLink(громить, N, погром, N, по-).

    On the 2023-02-14 file (14,048 lines) 13,620 links are kept.  Stress marks are stripped on 3,536
    lines, and 382 links then repeat one already given (де́лать and делать → сделать).  Dropped: 38 lines
    with a word that is not one modern Russian word (pogrom, beyonsense, 2-метилбутан, Rusyn річный,
    pre-reform побѣгать, bound stems and prefixes: -скочить, из-), 4 with several words (аароново
    согласие, Чёрное море), 4 self-links (ослёнок → ослёнок, Никитский → никитский)."""
    seen: set[UnimorphLink] = set()
    path = sources / "unimorph-rus" / "rus.derivations"
    if not path.exists():
        log.warning("%s is missing: no UniMorph links", path)
        return
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            cells = line.rstrip("\n").split("\t")
            if len(cells) != 4:
                continue
            source, target = plain_word(cells[0]), plain_word(cells[1])
            if source is None or target is None or fold_yo(source) == fold_yo(target):
                continue
            source_pos, _, target_pos = cells[2].partition(":")
            link = UnimorphLink(source, source_pos, target, target_pos, strip_marks(cells[3]))
            if link not in seen:
                seen.add(link)
                yield link


# --- ru.wiktionary {{морфо-ru}} segmentations, as the morpholog package ships them --------------------
#
# morpholog 1.6 (PyPI; MIT code, CC BY-SA content scraped from ru.wiktionary around 2020) carries
# map.pickle: a dict headword → the arguments of its {{морфо-ru}} template, or None / [] where it had
# none.  The markers are the template's own:
#   "по-"  prefix (hyphen after)              "+а", "+ть"  ending (plus before); the only ending mark:
#   "вод"  root (no mark)                                  ёж-ик has none, its last morph is a suffix
#   "-ник" suffix (hyphen before)              "-ся" after an ending (+ть-ся), or a last -ся/-сь: postfix
#   "-о-"  before a root or prefix: interfix (вод-о-пад, тр-ёх-ряд-к-а, вод-о-с-бор-н-ый)
#   "-ир-" before a suffix or ending: a suffix (инструкт-ир-ова-ть)
#   "j"    the yod no letter spells (-ниj-е, -j): dropped;  "∅" a null morph: dropped
#   "и=т3" the template's one named parameter (where the analysis comes from): skipped
# Arguments that are wiki markup (`слоги={{по-слогам`), alternatives in brackets (`гидр(о)`), a
# truncated analysis (учитель: уч-и) or another word's (рот holds рота's рот+а) do not spell the
# headword back, and the entry is dropped.

MORPHOLOG_VERSION = "1.6"
_MORPH_TEXT = re.compile(r"^[а-яё]*$")
_SOURCE_PARAMETER = re.compile(r"^и=[а-яё0-9]*$")


def morpholog_map_path() -> Path | None:
    """The installed morpholog's map.pickle, found without importing the package: its module imports
    pymorphy2 (not installed here, and it does not start on Python 3.11) and none of its code is needed."""
    try:
        spec = importlib.util.find_spec("morpholog")
    except (ImportError, ValueError):
        return None
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = Path(folder) / "map.pickle"
        if path.is_file():
            return path
    return None


class DataOnlyUnpickler(pickle.Unpickler):
    """Loads builtin containers, strings, numbers and None only.  Anything else a pickle can build needs
    a class or function looked up by name (GLOBAL, STACK_GLOBAL, INST, EXT*), and every lookup comes here
    and is refused, so nothing of the pickle runs (a set pickled before protocol 4 names builtins.set and
    is refused too).  morpholog's map.pickle (protocol 3: dict, list, str, None) needs no lookup at all."""

    def find_class(self, module: str, name: str):
        raise pickle.UnpicklingError(f"refused to load {module}.{name}: only plain data may be unpickled")


def load_plain_pickle(path: Path) -> object:
    with open(path, "rb") as handle:
        return DataOnlyUnpickler(handle).load()


def morpholog_parts(morphs: list[str]) -> Morphemes | None:
    """{{морфо-ru}} arguments → labelled morphs (see the marks above), or None when one is not a morph."""
    marked: list[tuple[str, str]] = []
    for raw in morphs:
        text = strip_marks(raw)
        if _SOURCE_PARAMETER.match(text):
            continue
        kind = ("ending" if text.startswith("+")
                else "between" if len(text) > 2 and text[0] == text[-1] == "-"
                else "after" if text.startswith("-")
                else "prefix" if text.endswith("-") else "root")
        text = text.strip("-+").replace("j", "").replace("∅", "")
        if not _MORPH_TEXT.match(text):
            return None
        if text:
            marked.append((text, kind))
    out: list[tuple[str, str]] = []
    for i, (text, kind) in enumerate(marked):
        following = marked[i + 1][1] if i + 1 < len(marked) else None
        if kind == "between":
            stem_before = any(k == "root" for _, k in out)
            kind = "interfix" if stem_before and following in ("root", "prefix") else "suffix"
        elif kind == "after":
            after_ending = bool(out) and out[-1][1] in ("ending", "postfix")
            last_reflexive = following is None and text in ("ся", "сь")
            kind = "postfix" if after_ending or last_reflexive else "suffix"
        out.append((text, kind))
    return tuple(out)


def with_hyphens(word: str, parts: Morphemes) -> Morphemes | None:
    """Put the headword's hyphens back as ("-", "interfix") parts, as Tikhonov's data has them
    (пол-литра: пол / - / литр / а); None when a hyphen falls inside a morph."""
    cuts, length = [], 0
    for chunk in word.split("-")[:-1]:
        length += len(chunk)
        cuts.append(length)
    out: list[tuple[str, str]] = []
    offset = 0
    for text, kind in parts:
        if cuts and cuts[0] == offset:
            out.append(("-", "interfix"))
            cuts.pop(0)
        if cuts and offset < cuts[0] < offset + len(text):
            return None
        out.append((text, kind))
        offset += len(text)
    return tuple(out) if not cuts else None


def wiktionary_morphs(path: Path | None = None) -> Iterator[tuple[str, Morphemes]]:
    """ru.wiktionary's {{морфо-ru}} segmentations (from morpholog's map.pickle unless `path` is given) →
    (word, morphemes), only where the morphs spell the headword back.

    Of morpholog 1.6's 93,387 headwords 66,581 are kept, 10,010 of them with two roots or more.  Morphs
    that differ from the headword only in ё (еж: ёж) are dropped when their spelling is a headword of its
    own (ёж is), else cut from the headword.  Without morpholog installed this yields nothing and logs
    a warning.
    """
    path = path or morpholog_map_path()
    if path is None:
        log.warning("morpholog is not installed (pip install morpholog==%s): no ru.wiktionary segmentations",
                    MORPHOLOG_VERSION)
        return
    table = load_plain_pickle(path)
    if not isinstance(table, dict):
        raise ValueError(f"{path}: expected a dict of morph lists, found {type(table).__name__}")
    headwords = {key.lower() for key in table if isinstance(key, str)}
    seen: set[str] = set()
    for key, morphs in table.items():
        entry = wiktionary_entry(key, morphs, headwords)
        if entry and entry[0] not in seen:   # НАДМОЧИТЬ and надмочить are one headword
            seen.add(entry[0])
            yield entry


def wiktionary_entry(key: object, morphs: object, headwords: set[str]) -> tuple[str, Morphemes] | None:
    """One map.pickle entry → (word, morphemes) when its morphs spell the headword back, else None."""
    if not isinstance(key, str) or not isinstance(morphs, list) or not all(isinstance(m, str) for m in morphs):
        return None
    word = key.lower()
    parts = morpholog_parts(morphs)
    if not parts or not _RUSSIAN_WORD.match(word):
        return None
    spelled = "".join(text for text, _ in parts)
    if spelled == word.replace("-", ""):
        parts = with_hyphens(word, parts)
        return (word, parts) if parts else None
    if "-" not in word and fold_yo(spelled) == fold_yo(word) and spelled not in headwords:
        return word, respelled(word, parts)
    return None


def respelled(word: str, parts: Morphemes) -> Morphemes:
    """The morphs cut from `word` itself: they may write ё where the headword has е (издалека: из-далёк-а,
    the ё of далёкий) or the reverse, and the word is spelled as its headword has it."""
    out, offset = [], 0
    for text, kind in parts:
        out.append((word[offset:offset + len(text)], kind))
        offset += len(text)
    return tuple(out)


# --- where two segmentations disagree ------------------------------------------------------------------

def roots_of(parts: Morphemes) -> tuple[str, ...]:
    return tuple(fold_yo(text) for text, kind in parts if kind == "root")


@dataclass
class SegmentationComparison:
    words: int = 0               # words both sources segment (keyed with ё folded)
    roots_equal: int = 0         # the same roots in the same order, ё folded
    roots_equal_folded: int = 0  # the same up to a final ь, ъ, й (хлопь / хлоп: lexicon.text.fold_root)
    cuts_equal: int = 0          # the same morph boundaries, whatever the labels
    examples: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)

    def share(self, count: int) -> float:
        return round(count / self.words, 4) if self.words else 0.0


def compare_segmentations(first: Iterable[tuple[str, Morphemes]], second: Iterable[tuple[str, Morphemes]],
                          examples: int = 10) -> SegmentationComparison:
    """Over the words both sources segment, how often their roots agree, and the first `examples` words
    whose roots differ even up to spelling: (word, roots in `first`, roots in `second`)."""
    from lexicon.text import fold_root   # the same spelling-only fold the lexicon's roots go through
    theirs = {fold_yo(word): parts for word, parts in second}
    result = SegmentationComparison()
    for word, parts in first:
        other = theirs.pop(fold_yo(word), None)
        if other is None:
            continue
        result.words += 1
        mine_roots, other_roots = roots_of(parts), roots_of(other)
        result.roots_equal += mine_roots == other_roots
        folded = tuple(map(fold_root, mine_roots)) == tuple(map(fold_root, other_roots))
        result.roots_equal_folded += folded
        result.cuts_equal += tuple(fold_yo(t) for t, _ in parts) == tuple(fold_yo(t) for t, _ in other)
        if not folded and len(result.examples) < examples:
            result.examples.append((word, mine_roots, other_roots))
    return result


def second_sources_report(sources: Path, examples: int = 10) -> dict:
    """The figures behind the docstrings above: `python -m lexicon.build.sources [SOURCES]`."""
    links = list(unimorph_links(sources))
    morphs = list(wiktionary_morphs())
    comparison = compare_segmentations(tikhonov_morphemes(sources), morphs, examples)
    return {
        "unimorph_links": len(links),
        "wiktionary_entries": len(morphs),
        "wiktionary_compounds": sum(len(roots_of(parts)) > 1 for _, parts in morphs),
        "both_segment": comparison.words,
        "roots_equal": comparison.share(comparison.roots_equal),
        "roots_equal_up_to_spelling": comparison.share(comparison.roots_equal_folded),
        "cuts_equal": comparison.share(comparison.cuts_equal),
        "disagreements": comparison.examples,
    }


if __name__ == "__main__":
    import json
    import sys
    default = Path(__file__).resolve().parents[3] / "shared" / "lexicon-sources"
    print(json.dumps(second_sources_report(Path(sys.argv[1]) if len(sys.argv) > 1 else default),
                     ensure_ascii=False, indent=1))
