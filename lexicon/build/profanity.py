"""Compile the profanity lexicon (`python -m lexicon.build --only profanity`).

Reads profanity/slaviclean_ru.csv (MIT) and profanity/ldnoobw_v2_ru.txt (CC0)
in place and writes lexicon/data/profanity.json, small and deterministic:

* ``lemmas`` -- every slaviclean lemma with its root, category (obscene /
  euphemism / vulgar / slur), the source's own type labels, and ``homonym``
  when the word also has a clean literal sense (хрен the plant, фига the
  fruit, лох the shrub, сука the female dog);
* ``forms`` -- lemma -> space-separated forms: only the inflected or misspelt forms that the runtime cannot
  reach otherwise: not lemmatised to their lemma by pymorphy3 and not caught
  by the core-root patterns of :mod:`lexicon.profanity`;
* ``variants`` -- LDNOOBW entries (Latin/leet spellings, rare compounds)
  that the core-root patterns confirm as мат; the rest of that list mixes
  in ordinary insults and words (durak, клюв, отстой) and is left out.

Lemmas the source lists that are not profanity at all (мерзкий, шляться,
бляха) are dropped here, with the reason recorded in the output.
"""
from __future__ import annotations

import csv
import json
import re
from collections import defaultdict
from pathlib import Path

from lexicon import paths, profanity
from lexicon.text import fold_key


def fold_clean(cell: str) -> str:
    return fold_key(cell.strip())   # source cells carry stray spaces


OUT = paths.PROFANITY_JSON
FORMAT = "koren-profanity-1"

CATEGORY = {
    "obscene": "obscene",
    "obscene euphemism": "euphemism",
    "obscene euphemism loanword": "euphemism",
    "vulgar insulting": "vulgar",
    "vulgar euphemism loanword": "vulgar",
    "vulgar slur insulting": "slur",
    "slur vulgar insulting": "slur",
    "ethnic_slur insulting": "slur",
}

# Listed by the source but ordinary words (or, for бляха-муха, a euphemism).
NOT_PROFANITY = {
    "бляха": "a badge or buckle; the source lists it under блядь",
    "мерзкий": "ordinary adjective 'vile'",
    "мерзота": "colloquial, not profanity",
    "мерзотный": "colloquial, not profanity",
    "шляться": "colloquial 'to loaf about', not profanity",
}
RECATEGORISE = {"бляхамуха": "euphemism"}
# Also ordinary words in a literal sense: hits are reported with homonym=true.
HOMONYMS = {
    "хрен": "horseradish", "хреновина": "a thingamajig (colloquial)", "фига": "fig", "фиговый": "fig (фиговый листок)",
    "лох": "oleaster (shrub)", "хохол": "tuft of hair", "сука": "female dog", "сучка": "female dog; knot in wood",
    "сученок": "puppy of a bitch", "хер": "old name of the letter Х", "фак": "faculty (colloquial)",
    "педераст": "dated clinical term", "петух": "rooster", "дрочить": "to pamper (dated)",
}


def build(sources: Path, out: Path = OUT) -> dict:
    root = sources / "profanity"
    lemmas: dict[str, dict] = {}
    forms_by_lemma: dict[str, set[str]] = defaultdict(set)
    dropped: dict[str, str] = {}
    with open(root / "slaviclean_ru.csv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            lemma = fold_clean(row["lemma"])
            types = row["profanityTypes"].strip()
            if lemma in NOT_PROFANITY:
                dropped[lemma] = NOT_PROFANITY[lemma]
                continue
            category = RECATEGORISE.get(lemma) or CATEGORY.get(types)
            if category is None:
                raise ValueError(f"unknown profanity type {types!r} for {lemma}")
            entry = lemmas.setdefault(lemma, {"root": fold_clean(row["root"]), "category": category,
                                              "pos": row["pos"].strip(), "types": types})
            if lemma in HOMONYMS:
                entry["homonym"] = HOMONYMS[lemma]
            forms_by_lemma[lemma].add(fold_clean(row["flexion"]))

    # Forms the runtime reaches anyway are not stored.
    lookup = profanity.Profanity({"lemmas": lemmas, "forms": {}, "variants": {}})
    forms: dict[str, str] = {}
    for lemma in sorted(forms_by_lemma):
        for form in sorted(forms_by_lemma[lemma]):
            hit = lookup.find(form)
            # A compound reading names its head (жополизам: жопа), not the source's lemma (жополиз): such a
            # form is kept, or the runtime would report the wrong lemma (and the build would lose шмаровоз).
            if form == lemma or (hit is not None and hit.via != "compound"):
                continue
            if profanity.clean_reading(form, lemmas):
                continue   # a form of an ordinary word too (сук, хули): never flagged
            forms[form] = lemma

    variants: dict[str, str] = {}
    with open(root / "ldnoobw_v2_ru.txt", encoding="utf-8") as fh:
        for line in fh:
            raw = line.strip()
            if not re.fullmatch(r"[a-zA-Zа-яА-ЯёЁ0-9@$]+", raw):
                continue   # phrases, apostrophes, lists: a token never looks like that
            key = fold_clean(raw)
            if key in forms or key in lemmas:
                continue
            root_hit = profanity.core_root(profanity.deleet(key))
            if root_hit and not profanity.clean_reading(profanity.deleet(key), lemmas):
                if lookup.find(key) is None:
                    variants[key] = root_hit

    data = {
        "format": FORMAT,
        "sources": {
            "slaviclean": "slaviclean 0.1.1 resources/profanity/ru.csv (MIT, (c) 2025 lytvynenkotv)",
            "ldnoobw": "LDNOOBW v2 data/ru.txt, commit e2f7430cde6fcc755eca7243d5cf46fc0766ff29 (CC0 1.0)",
        },
        "dropped": dict(sorted(dropped.items())),
        "lemmas": dict(sorted(lemmas.items())),
        # grouped by lemma, space-separated: half the size of a form -> lemma map
        "forms": {lemma: " ".join(sorted(f for f, l in forms.items() if l == lemma))
                  for lemma in sorted(set(forms.values()))},
        "variants": dict(sorted(variants.items())),
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, ensure_ascii=False, sort_keys=False, separators=(",", ":")) + "\n",
                   encoding="utf-8")
    return data
