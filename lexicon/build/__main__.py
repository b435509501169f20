"""python -m lexicon.build — builds every compiled data file of the lexicon from the raw public sources.

    python -m lexicon.build --sources ../shared/lexicon-sources            # everything
    python -m lexicon.build --only lexicon --out /tmp/x.sqlite --no-curated  # one part, elsewhere
    python -m lexicon.build --skip stress                                  # all but espeak's stress

Parts: lexicon (lexicon.sqlite: morphemes, families), stress (stress.sqlite), profanity
(profanity.json), frequency (frequency.dawg),
thesaurus (thesaurus.tsv: synonym sets of wiki-ru-wordnet),
headwords (headwords.dawg: ru.wiktionary lemmas by part of speech),
nouns (nouns.json: the common nouns a game may draw; after lexicon and frequency).  Each part's builder lives in its own module here.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from lexicon import paths
from lexicon.store import DEFAULT_PATH

PROJECT = Path(__file__).resolve().parents[2]
DATA = paths.DATA
PARTS = ("lexicon", "stress", "profanity", "frequency", "thesaurus", "headwords", "nouns")


def build_families(args) -> dict:
    from lexicon.build.compile import compile_lexicon
    from lexicon.build.writer import write_lexicon

    from lexicon.classes import CLASS_RULES

    rules = tuple(rule for rule in CLASS_RULES if rule.name not in args.no_class)
    compiled = compile_lexicon(args.sources, use_tikhonov=not args.no_tikhonov, wiktionary=args.wiktionary,
                               use_curated=not args.no_curated, class_rules=rules,
                               use_morpholog=args.morpholog)
    layers = (["derivbase-ru"] + (["wiktionary-morpholog"] if args.morpholog else [])
              + ([] if args.no_tikhonov else ["tikhonov"]) + ([] if args.no_curated else ["curated"])
              + (["wiktionary"] if args.wiktionary else []))
    version = write_lexicon(compiled, args.out, ",".join(layers))
    return {"version": version, "out": str(args.out), **compiled.stats}


def build_stress(args) -> dict:
    from lexicon.build.stress import build_stress as build

    return {"out": str(build(args.sources, args.data_dir, use_espeak=not args.no_espeak))}


def build_profanity(args) -> dict:
    from lexicon.build import profanity

    out = args.data_dir / "profanity.json"
    data = profanity.build(args.sources, out)
    return {"out": str(out), "lemmas": len(data["lemmas"]), "variants": len(data["variants"]),
            "dropped": len(data["dropped"])}


def build_frequency(args) -> dict:
    from lexicon.build.frequency import build_frequency as build

    return {"out": str(build(args.data_dir / "frequency.dawg"))}


def build_thesaurus(args) -> dict:
    from lexicon.build.thesaurus import build_thesaurus as build

    return build(args.data_dir / "thesaurus.tsv")


def build_headwords(args) -> dict:
    from lexicon.build.headwords import build_headwords as build

    return build(args.sources, args.data_dir / "headwords.dawg")


def build_nouns(args) -> dict:
    from lexicon.build.nouns import build_nouns as build
    from lexicon.store import LexiconStore

    return build(args.data_dir / "nouns.json", LexiconStore(args.out))


BUILDERS = {"lexicon": build_families, "stress": build_stress, "profanity": build_profanity,
            "frequency": build_frequency, "thesaurus": build_thesaurus, "headwords": build_headwords,
            "nouns": build_nouns}


def parse_parts(text: str) -> set[str]:
    parts = {p.strip() for p in text.split(",") if p.strip()}
    unknown = parts - set(PARTS)
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown part(s) {', '.join(sorted(unknown))}; parts: {', '.join(PARTS)}")
    return parts


def parse_rules(text: str) -> set[str]:
    from lexicon.classes import CLASS_RULES

    names = {p.strip() for p in text.split(",") if p.strip()}
    unknown = names - {rule.name for rule in CLASS_RULES}
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown class rule(s) {', '.join(sorted(unknown))}; rules: "
                                         + ", ".join(rule.name for rule in CLASS_RULES))
    return names


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m lexicon.build", description="Собрать данные словаря Корня.")
    p.add_argument("--sources", type=Path, default=PROJECT.parent / "shared" / "lexicon-sources",
                   help="папка с исходными открытыми данными (по умолчанию ../shared/lexicon-sources)")
    p.add_argument("--only", type=parse_parts, help=f"собрать только эти части через запятую: {', '.join(PARTS)}")
    p.add_argument("--skip", type=parse_parts, default=set(), help="пропустить эти части")
    p.add_argument("--out", type=Path, default=DEFAULT_PATH, help="куда записать lexicon.sqlite")
    p.add_argument("--data-dir", type=Path, default=DATA, help="папка для stress, profanity и frequency")
    p.add_argument("--no-tikhonov", action="store_true", help="без слоя разборов Тихонова")
    p.add_argument("--no-curated", action="store_true",
                   help="без lexicon/curated (омонимичные корни, алломорфы): чтобы измерить их вклад")
    p.add_argument("--morpholog", action="store_true",
                   help="разборы {{морфо-ru}} ru.wiktionary из пакета morpholog для слов, которых нет у Тихонова")
    p.add_argument("--no-class", type=parse_rules, default=set(),
                   help="без этих классовых правил корня через запятую (borrowed-stem, …): чтобы измерить их вклад")
    p.add_argument("--no-espeak", action="store_true", help="ударения только по Тихонову (espeak-ng — GPL-3.0)")
    p.add_argument("--wiktionary", type=Path, help="дамп ru.wiktionary pages-articles (.xml или .xml.bz2)")
    return p


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    args = ap.parse_args(argv)
    if not (args.sources / "derivbase-ru").is_dir():
        ap.error(f"{args.sources} does not look like lexicon-sources (no derivbase-ru/)")
    parts = [p for p in PARTS if p in (args.only or set(PARTS)) and p not in args.skip]
    began = time.perf_counter()
    for n, part in enumerate(parts, 1):
        # A plain line before each part, flushed: the whole build runs minutes with nothing else to show,
        # and a line reads the same on a terminal and in a CI log.
        print(f"[{n}/{len(parts)}] {part}: building…", file=sys.stderr, flush=True)
        started = time.perf_counter()
        report = BUILDERS[part](args)
        print(json.dumps({"part": part, "seconds": round(time.perf_counter() - started, 1), **report},
                         ensure_ascii=False), flush=True)
    print(f"built {', '.join(parts)} in {time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
