"""`python -m service chgk PACKAGE.txt [--json]`: read a «Что? Где? Когда?» question package.

Wire into service/cli.py with ``cli_chgk.register(sub)`` after the other sub-commands.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def cmd_chgk(args: argparse.Namespace) -> int:
    from service.rules import chgk

    try:
        data = Path(args.package).read_bytes()
    except OSError as exc:
        print(f"ошибка: не удалось прочитать {args.package}: {exc}", file=sys.stderr)
        return 2
    try:
        package = chgk.parse_package_bytes(data)
    except chgk.PackageError as exc:
        print(f"ошибка: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(package, ensure_ascii=False, indent=2))
        return 0
    meta = package["meta"]
    if meta.get("title"):
        print(meta["title"])
    print(f"{package['count']} {chgk.plural(package['count'], 'вопрос', 'вопроса', 'вопросов')}")
    for q in package["questions"]:
        tour = f" (тур {q['tour']})" if q["tour"] else ""
        print(f"\nВопрос {q['label']}{tour}: {q['text']}")
        print(f"  Ответ: {q['answer']}")
        if q["accepted"]:
            print(f"  Зачёт: {'; '.join(q['accepted'])}")
        if q["criteria"]:
            print(f"  Зачёт (критерии): {'; '.join(q['criteria'])}")
        if q["rejected"] or q["rejected_criteria"]:
            print(f"  Незачёт: {'; '.join(q['rejected'] + q['rejected_criteria'])}")
        if q["authors"]:
            print(f"  Автор: {', '.join(q['authors'])}")
    for warning in package["warnings"]:
        print(f"предупреждение: {warning}", file=sys.stderr)
    return 0


def register(subparsers) -> None:
    """Add the `chgk` sub-command to the parser of service/cli.py."""
    p = subparsers.add_parser("chgk", help="прочитать пакет вопросов «Что? Где? Когда?» (Вопрос/Ответ/Зачёт…)")
    p.add_argument("package", help="пакет: текстовый файл (UTF-8, CP1251, KOI8-R; формат базы вопросов или 4s)")
    p.add_argument("--json", action="store_true", help="вывести JSON, как в API")
    p.set_defaults(func=cmd_chgk)
