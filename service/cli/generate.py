"""`koren pool generate …` and `koren board …`: draw words for a game.

    koren pool generate --count 200 --difficulty medium --seed 7 [--extend POOL.txt] [--json]
    koren board [--cards CARDS.txt] [--seed 3] [--key] [--json]
"""
from __future__ import annotations

import argparse
import json
import sys


def _lexicon():
    from lexicon import Lexicon

    return Lexicon()


def _draw(make) -> dict | None:
    """The draw, or None with the reason on stderr when there are too few fit words."""
    from service.rules import generate

    try:
        return make(generate, _lexicon())
    except generate.CannotDraw as exc:
        print(f"ошибка: {exc}", file=sys.stderr)
        return None


def cmd_generate(args: argparse.Namespace) -> int:
    from service.cli.lint import read_pool_or_say

    extend = read_pool_or_say(args.extend) if args.extend else []
    if extend is None:
        return 2
    result = _draw(lambda g, lex: g.generate_pool(lex, args.count, args.difficulty, args.seed, extend))
    if result is None:
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    for item in result["words"]:
        print(f"{item['word']}\t{item['zipf']}" if args.frequency else item["word"])
    from service.rules.generate import BAND_NAMES
    from service.rules.pool import plural

    count = result["count"]
    print(f"{plural(count, 'слово', 'слова', 'слов')}, полоса «{BAND_NAMES.get(result['difficulty'])}» "
          f"(Zipf {result['zipf']['min']}–"
          f"{result['zipf']['max']}), seed {result['seed']}; пропущено: "
          + (", ".join(f"{k} {v}" for k, v in result["skipped"].items()) or "ничего"), file=sys.stderr)
    return 0


def cmd_board(args: argparse.Namespace) -> int:
    from service.cli.lint import read_pool_or_say

    cards = read_pool_or_say(args.cards) if args.cards else None
    if args.cards and cards is None:
        return 2
    result = _draw(lambda g, lex: g.generate_board(lex, cards, args.seed, args.key, args.difficulty))
    if result is None:
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    sides = {"red": "красный", "blue": "синий", "neutral": "мирный", "assassin": "убийца"}
    width = max(len(w) for row in result["board"] for w in row)
    for r, row in enumerate(result["board"]):
        cells = [f"{w:<{width}}" + (f" [{sides[result['key']['grid'][r][c]]}]" if args.key else "") for c, w in enumerate(row)]
        print("  ".join(cells))
    if args.key:
        print(f"первыми ходят: {'красные' if result['key']['first'] == 'red' else 'синие'}")
    print(f"seed {result['seed']}", file=sys.stderr)
    return 0


def register(subparsers) -> None:
    """`pool generate` and `board` sub-commands of service/cli.py."""
    pool = subparsers.add_parser("pool", help="пулы слов: вытянуть новые слова для игры")
    pool_sub = pool.add_subparsers(dest="pool_command", required=True)
    gen = pool_sub.add_parser("generate", help="вытянуть слова: нарицательные существительные без однокоренных, "
                                               "созвучных и повторов")
    gen.add_argument("--count", type=int, default=100, help="сколько слов (по умолчанию 100)")
    gen.add_argument("--difficulty", choices=("easy", "medium", "hard"), default="medium",
                     help="полоса частоты: easy — частые слова, hard — редкие")
    gen.add_argument("--seed", type=int, help="одинаковый seed — одинаковые слова")
    gen.add_argument("--extend", help="файл пула, который нужно дополнить: новые слова не будут с ним пересекаться")
    gen.add_argument("--frequency", action="store_true", help="печатать частоту (Zipf) рядом со словом")
    gen.add_argument("--json", action="store_true", help="вывести JSON, как в API")
    gen.set_defaults(func=cmd_generate)
    board = subparsers.add_parser("board", help="разложить поле Codenames из 25 карт без однокоренных пар")
    board.add_argument("--cards", help="файл с набором карт (по умолчанию — слова словаря)")
    board.add_argument("--difficulty", choices=("easy", "medium", "hard"), default="medium")
    board.add_argument("--seed", type=int, help="одинаковый seed — одинаковое поле")
    board.add_argument("--key", action="store_true", help="показать карту ключей капитанов")
    board.add_argument("--json", action="store_true", help="вывести JSON, как в API")
    board.set_defaults(func=cmd_board)
