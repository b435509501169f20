"""python -m lexicon.build --sources ../shared/lexicon-sources [--no-tikhonov] [--wiktionary DUMP]"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from lexicon.build.compile import compile_lexicon
from lexicon.build.writer import write_lexicon
from lexicon.store import DEFAULT_PATH

PROJECT = Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lexicon.build", description="Compile the Корень lexicon.")
    parser.add_argument("--sources", type=Path, default=PROJECT.parent / "shared" / "lexicon-sources",
                        help="folder with the raw public sources (default: ../shared/lexicon-sources)")
    parser.add_argument("--out", type=Path, default=DEFAULT_PATH, help="SQLite file to write")
    parser.add_argument("--no-tikhonov", action="store_true", help="drop the Tikhonov segmentation layer")
    parser.add_argument("--no-curated", action="store_true",
                        help="leave out lexicon/curated (root senses, allomorphs): to measure what they add")
    parser.add_argument("--wiktionary", type=Path, help="a ru.wiktionary pages-articles dump (.xml or .xml.bz2)")
    args = parser.parse_args(argv)
    if not (args.sources / "derivbase-ru").is_dir():
        parser.error(f"{args.sources} does not look like lexicon-sources (no derivbase-ru/)")
    started = time.perf_counter()
    compiled = compile_lexicon(args.sources, use_tikhonov=not args.no_tikhonov, wiktionary=args.wiktionary,
                               use_curated=not args.no_curated)
    layers = (["derivbase-ru"] + ([] if args.no_tikhonov else ["tikhonov"]) + ([] if args.no_curated else ["curated"])
              + (["wiktionary"] if args.wiktionary else []))
    version = write_lexicon(compiled, args.out, ",".join(layers))
    print(json.dumps({"version": version, "out": str(args.out), "seconds": round(time.perf_counter() - started, 1),
                      **compiled.stats}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
