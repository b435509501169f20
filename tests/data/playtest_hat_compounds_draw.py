"""Draws the Hat targets of playtest_hat_compounds.jsonl (issue 30) from the real pools in ../shared/pools.

    .venv/bin/python tests/data/playtest_hat_compounds_draw.py     # from the project root; prints the targets

Reads the pools in place (nothing of them is copied here).  A pool word is a compound when it has a hyphen
or when Tikhonov's morphemic dictionary (../shared/lexicon-sources/tikhonov-morphemes, ё read as е) gives it
two or more roots: "clipped" when the first two roots touch and the first is a standard clipped part
(CLIPPED_FIRST), otherwise "ordinary" when the roots touch or a linking vowel (-о-/-е-) joins them.  Words
already a target of a Hat set in tests/data are left out.  One random.Random(SEED) shuffles each class in
turn (clipped, hyphenated, ordinary); the first QUOTA words of each class are taken in that order, skipping
the words in REJECTED (read by hand: no compound in present-day Russian, or a part too obscure to explain).
"""
import json
import random
import re
import sys
from pathlib import Path

SEED = 20263030
QUOTA = {"clipped": 30, "hyphenated": 15, "ordinary": 31}
PROJECT = Path(__file__).resolve().parents[2]
POOLS = PROJECT.parent / "shared" / "pools"
TIKHONOV = PROJECT.parent / "shared" / "lexicon-sources" / "tikhonov-morphemes"
CLIPPED_FIRST = {"зав", "спец", "проф", "глав", "гос", "мед", "физ", "зам", "пом", "орг", "нац", "парт", "ком",
                 "хоз", "сов", "пед", "полит", "соц", "экон", "тех", "культ", "избир", "воен", "сбер", "лит",
                 "пром", "агит", "род", "мос", "нарко", "спорт", "интер", "гор", "рай", "обл", "жен", "эл", "ген",
                 "кол", "стен", "сан", "бух", "зарп", "мин", "комс"}
REJECTED = {
    "комедия": "one root (комед-), the split ком/еди is an accident of the segmentation",
    "помпезность": "one root (помпезн-)",
    "бербоут-чартер": "a shipping-law term nobody would get in a Hat game",
    "оперетта": "one root with a suffix (опер-етт-а)",
    "корреспонденция": "one borrowed root",
    "хихиканье": "a reduplicated root, not a compound",
    "минимум": "one borrowed root",
    "идиосинкразия": "both parts opaque in Russian",
    "француженка": "one root with suffixes",
}


def pool_words() -> dict[str, str]:
    words: dict[str, str] = {}
    for path in sorted((POOLS / "hat").glob("*.yaml")):
        for line in path.read_text(encoding="utf-8").splitlines():
            item = re.match(r'\s*-\s*"?([^"]+)"?\s*$', line)
            if item:
                words.setdefault(item.group(1).strip(), f"hat/{path.name}")
    for name in ("default-ru.json", "extended-ru.json"):
        for word in json.loads((POOLS / name).read_text(encoding="utf-8")):
            words.setdefault(word.lower(), name)
    return words


def segmentations() -> dict[str, list[list[str]]]:
    seg: dict[str, list[list[str]]] = {}
    for path in sorted(TIKHONOV.glob("rus.*")):
        for line in path.read_text(encoding="utf-8").splitlines():
            word, _, parts = line.partition("\t")
            seg.setdefault(word, [part.rsplit(":", 1) for part in parts.split("/")])
    return seg


def kind(word: str, seg: dict) -> str | None:
    if "-" in word:
        return "hyphenated"
    parts = seg.get(word.replace("ё", "е"))
    roots = [i for i, (_, tag) in enumerate(parts or []) if tag == "ROOT"]
    if len(roots) < 2:
        return None
    if roots[1] == roots[0] + 1 and parts[roots[0]][0] in CLIPPED_FIRST:
        return "clipped"
    if roots[1] == roots[0] + 1 or any(tag == "LINK" for _, tag in parts[roots[0]:roots[1]]):
        return "ordinary"
    return None


def used_targets() -> set[str]:
    used = set()
    for path in Path(__file__).parent.glob("*hat*"):
        if path.name.startswith("playtest_hat_compounds") or path.suffix not in (".jsonl", ".tsv"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("{"):
                used.add(json.loads(line)["target"])
            elif "\t" in line and not line.startswith("#"):
                used.add(line.split("\t")[0])
    return used


def draw() -> list[tuple[str, str, str]]:
    words, seg, used = pool_words(), segmentations(), used_targets()
    by_kind: dict[str, list[str]] = {}
    for word in sorted(words):
        k = kind(word, seg)
        if k and word not in used:
            by_kind.setdefault(k, []).append(word)
    rng = random.Random(SEED)
    drawn = []
    for k in ("clipped", "hyphenated", "ordinary"):
        order = rng.sample(by_kind.get(k, []), len(by_kind.get(k, [])))
        taken = [w for w in order if w not in REJECTED][:QUOTA[k]]
        drawn += [(k, w, words[w]) for w in taken]
    return drawn


if __name__ == "__main__":
    for k, word, pool in draw():
        print(k, word, pool, sep="\t")
    sys.exit(0)
