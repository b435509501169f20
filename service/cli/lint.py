"""`python -m service lint POOL` — lint a word pool for Шляпа or Codenames.

Reads one word per line (blank lines and `#` comments skipped), or a JSON list of
strings, or a CSV whose first column is the word (a header row named word/слово is
skipped), or `-` for stdin.  Prints a report as a table (default), JSON or CSV and
exits 1 when it finds problems (issues of severity error — or warning with
`--fail-on warning` —, duplicates, cognate groups), 0 when the pool is clean and
2 when the file cannot be read, so it works in an organiser's CI.  A Codenames card set of more
than one board (25 cards) may hold cognates: the board generator never deals two of a group onto one
board, so its groups are listed but do not fail it (PoolReport.problems); a board-sized set fails on them.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import sys
import time
from pathlib import Path

import orjson

from service import runtime
from service.rules.pool import BOARD_SIZE, GAMES, RULE_NAMES, SEVERITIES, SEVERITY_NAMES, PoolReport, plural, roots_ru

PROGRESS_MIN_WORDS = 500
# The CLI has no request timeout (the HTTP limit is Settings.max_pool_words): this only
# stops a file that is not a pool at all.
MAX_WORDS = 50_000
DESCRIPTION = """Проверка пула слов для «Шляпы» или Codenames.

Читает по слову на строку (пустые строки и комментарии `#` пропускаются), JSON-список
строк, CSV со словом в первом столбце (строка заголовка word/слово пропускается) или
`-` для stdin.  Печатает отчёт таблицей (по умолчанию), JSON или CSV.  Код выхода 1,
если есть проблемы (замечания уровня error — или warning с `--fail-on warning` —,
повторы, однокоренные группы), 0 — пул чистый, 2 — файл не прочитать.
В наборе карт Codenames больше 25 слов однокоренные группы показаны, но кода 1 не дают:
раскладка (`koren board --cards`) не кладёт слова одной группы на одно поле; набор из 25 карт
и меньше — это само поле, и группы в нём дают код 1.
"""


def _num(n: int) -> str:
    """50000 → «50 000» (a thin space between thousands, as Russian text has it)."""
    return f"{n:,}".replace(",", "\u202f")


def register(subparsers) -> argparse.ArgumentParser:
    """Add the `lint` command to the CLI's subparsers."""
    p = subparsers.add_parser("lint", help="проверить пул слов: несуществующие слова, множественное число, имена, "
                                           "повторы, однокоренные",
                              description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("pool", help="файл: по слову на строку, JSON-список или CSV (первый столбец); - для stdin")
    p.add_argument("--game", choices=GAMES, default="hat", help="по чьим правилам: hat (по умолчанию) или codenames")
    p.add_argument("--format", choices=("table", "json", "csv"), default="table", help="формат отчёта")
    p.add_argument("--fail-on", choices=("error", "warning"), default="error",
                   help="с какого уровня замечаний код выхода 1 (по умолчанию error)")
    p.add_argument("--all", action="store_true", help="в таблице — все слова, а не только те, где есть замечания")
    p.set_defaults(func=cmd_lint)
    return p


def read_pool_or_say(path: str) -> list[str] | None:
    """read_pool, or None after one Russian line on stderr saying why (never a traceback): the caller exits 2."""
    try:
        return read_pool(path)
    except (OSError, ValueError) as exc:      # UnicodeDecodeError and JSONDecodeError are ValueErrors
        print(f"ошибка: не удалось прочитать {path}: {reading_error(exc)}", file=sys.stderr)
        return None


def reading_error(exc: Exception) -> str:
    """Why a pool file could not be read, in Russian (OSError's own text is English)."""
    if isinstance(exc, UnicodeDecodeError):
        return "файл не в кодировке UTF-8"
    if isinstance(exc, json.JSONDecodeError):
        return f"неверный JSON (строка {exc.lineno}, столбец {exc.colno})"
    if isinstance(exc, FileNotFoundError):
        return "такого файла нет"
    if isinstance(exc, IsADirectoryError):
        return "это папка, а не файл"
    if isinstance(exc, PermissionError):
        return "нет прав на чтение"
    return str(exc) if isinstance(exc, ValueError) else f"ошибка ввода-вывода ({exc.strerror or exc})"


def read_pool(path: str) -> list[str]:
    """Words of a pool file exactly as written (surrounding whitespace trimmed)."""
    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8-sig")
    stripped = text.lstrip()
    if stripped.startswith("["):
        data = json.loads(text)
        if not isinstance(data, list) or not all(isinstance(w, str) for w in data):
            raise ValueError("пул в JSON должен быть списком строк")
        return [w.strip() for w in data]
    if path.lower().endswith(".csv") or ("," in text.splitlines()[0] if text.strip() else False):
        rows = [r for r in csv.reader(io.StringIO(text)) if r and r[0].strip()]
        if rows and rows[0][0].strip().lower() in ("word", "words", "слово", "слова"):
            rows = rows[1:]
        return [r[0].strip() for r in rows]
    words = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("- "):            # a YAML list, as the Hat pools are kept
            line = line[2:].strip().strip('"').strip("'")
        if not line or line.startswith("#") or line == "---" or line.endswith(":") or ": " in line:
            continue
        words.append(line)
    return words


class Progress:
    """A one-line bar on stderr, only on a terminal."""

    def __init__(self, stream=None, enabled: bool | None = None):
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.started = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total < PROGRESS_MIN_WORDS:
            return
        width = 30
        filled = int(width * done / total)
        self.stream.write(f"\r  проверяю слова [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            self.stream.write(f"  ({time.perf_counter() - self.started:.1f} с); ищу однокоренные…\n")
        self.stream.flush()


def render_table(report: PoolReport, show_all: bool = False) -> str:
    out = []
    rows = [w for w in report.words if show_all or w.issues]
    if rows:
        width = max(min(max(len(w.word) for w in rows), 28), len("слово"))
        out.append(f"{'слово':<{width}}  {'правило':<18} {'уровень':<9} сообщение")
        out.append("-" * (width + 2 + 18 + 1 + 9 + 1 + 40))
        for w in rows:
            if not w.issues:
                out.append(f"{w.word:<{width}}  {'в порядке':<18}")
            for n, issue in enumerate(w.issues):
                rule = RULE_NAMES.get(issue.rule, issue.rule)
                level = SEVERITY_NAMES.get(issue.severity, issue.severity)
                out.append(f"{(w.word if n == 0 else ''):<{width}}  {rule:<18} {level:<9} {issue.message}")
            for s in w.suggestions:
                if s.get("kind") in ("singular", "lemma"):
                    out.append(f"{'':<{width}}  {'→ совет':<18} {'':<9} {s['message']}")
    if report.duplicates:
        out.append("")
        out.append(f"повторы ({len(report.duplicates)}):")
        out.extend("  " + " = ".join(group) for group in report.duplicates)
    if report.spelling_variants:
        out.append("")
        out.append(f"возможно, одно слово в двух написаниях ({len(report.spelling_variants)}):")
        out.extend("  " + " / ".join(group) for group in report.spelling_variants)
    if report.cognate_groups:
        out.append("")
        out.append(f"однокоренные группы ({len(report.cognate_groups)}"
                   + ("; набору карт Codenames не ошибка: на одно поле раскладка их не кладёт" if
                      report.game == "codenames" and len(report.words) > BOARD_SIZE else "") + "):")
        for detail in report.cognate_details:
            out.append(f"  [{', '.join(detail['roots'])}] " + ", ".join(detail["words"]))
    if report.board_conflicts:
        out.append("")
        out.append(f"пары, которым нельзя лежать на одном поле ({len(report.board_conflicts)}):")
        out.extend(f"  {c['a']} / {c['b']} [{', '.join(c['roots'])}]" for c in report.board_conflicts)
    if report.possible_cognates:
        out.append("")
        out.append(f"возможно однокоренные, в группы не включены (словарь не уверен; "
                   f"{len(report.possible_cognates)}):")
        out.extend(f"  {p['a']} / {p['b']} [{', '.join(p['roots'])}]" for p in report.possible_cognates[:50])
        if len(report.possible_cognates) > 50:
            out.append(f"  … и ещё {len(report.possible_cognates) - 50} (все — в --format json)")
    counts = report.counts()
    out.append("")
    game = {"hat": "Шляпа", "codenames": "Codenames"}.get(report.game, report.game)
    out.append(f"{plural(len(report.words), 'слово', 'слова', 'слов')} ({game}), "
               f"с замечаниями: {sum(1 for w in report.words if w.issues)}"
               + (" (" + ", ".join(f"{RULE_NAMES.get(rule, rule)} {n}" for rule, n in counts.items()) + ")"
                  if counts else "")
               + f"; наборов повторов: {len(report.duplicates)}, однокоренных групп: {len(report.cognate_groups)}"
               + f"; {report.elapsed_ms / 1000:.2f} с")
    return "\n".join(out) + "\n"


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: str) -> str:
    """A cell a spreadsheet would run as a formula (=HYPERLINK(…), +cmd…) is quoted with a leading '."""
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


class _SafeWriter:
    def __init__(self, buf: io.StringIO):
        self._writer = csv.writer(buf)

    def writerow(self, row: list[str]) -> None:
        self._writer.writerow([spreadsheet_safe(str(cell)) for cell in row])


def render_csv(report: PoolReport) -> str:
    buf = io.StringIO()
    w = _SafeWriter(buf)
    w.writerow(["word", "rule", "severity", "message", "suggestion"])
    for word in report.words:
        suggestion = next((s.get("text", "") for s in word.suggestions if s.get("text")), "")
        for issue in word.issues:
            w.writerow([word.word, issue.rule, issue.severity, issue.message, suggestion])
    for group in report.duplicates:
        w.writerow([" | ".join(group), "duplicate", "error", "одно и то же слово несколько раз", ""])
    for detail in report.cognate_details:
        w.writerow([" | ".join(detail["words"]), "cognate_group", "error",
                    "однокоренные: " + roots_ru(detail["roots"]), ""])
    for c in report.board_conflicts:
        w.writerow([f"{c['a']} | {c['b']}", "board_conflict", "error", c["message"], ""])
    return buf.getvalue()


def cmd_lint(args: argparse.Namespace) -> int:
    from lexicon import Lexicon
    from service.rules import pool

    words = read_pool_or_say(args.pool)
    if words is None:
        return 2
    if not words:
        print(f"ошибка: в {args.pool} нет ни одного слова", file=sys.stderr)
        return 2
    if len(words) > MAX_WORDS:
        print(f"ошибка: слов {_num(len(words))}, а в пуле можно не больше {_num(MAX_WORDS)}", file=sys.stderr)
        return 2
    lexicon = Lexicon()
    lexicon.load_tables()
    runtime.loaded()                                 # a command's lexicon is never scanned again
    with runtime.bulk_phase():
        report = pool.lint_pool(lexicon, words, args.game, progress=Progress())
        if args.format == "json":
            # orjson, not json.dumps(indent=1) (pure Python, 4 MB): indented by two spaces, keys as emitted.
            sys.stdout.flush()
            sys.stdout.buffer.write(orjson.dumps(report.to_json(), option=orjson.OPT_INDENT_2) + b"\n")
        elif args.format == "csv":
            sys.stdout.write(render_csv(report))
        else:
            sys.stdout.write(render_table(report, args.all))
    return 1 if report.problems(args.fail_on) else 0


def main(argv: list[str] | None = None) -> int:
    """Standalone entry point: python -m service.cli.lint POOL (the same as python -m service lint POOL)."""
    parser = argparse.ArgumentParser(prog="python -m service.cli.lint")
    sub = parser.add_subparsers(dest="command", required=True)
    register(sub)
    args = parser.parse_args(["lint", *(sys.argv[1:] if argv is None else argv)])
    return args.func(args)


if __name__ == "__main__":
    runtime.start_command()
    runtime.exit_now(main())


__all__ = ["register", "read_pool", "read_pool_or_say", "cmd_lint", "render_table", "render_csv", "SEVERITIES"]
