"""The judges' console's pool CSV export (service/web/judge.js), run in node: the CLI's spreadsheet rule.

Issue 36, item 7: the console wrote «=1+1», «+cmd|…», «@SUM(…)» as they came, and a spreadsheet
opening the file ran them; `koren lint --csv` quotes such a cell with a leading ' (spreadsheet_safe).
"""
from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from service.cli.lint import FORMULA_STARTS, spreadsheet_safe

JUDGE_JS = Path(__file__).resolve().parents[2] / "service" / "web" / "judge.js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

HOSTILE = ["=1+1", "+cmd|' /C calc'!A0", "@SUM(A1:A2)", "-2+3", "\t=1", "\r=1", '=HYPERLINK("http://x","y")',
           "кот", "a,b; c", 'ко"т', "многострочное\nсообщение", "", "1=1", " =1"]


def js_function(name: str) -> str:
    """The source of a top-level function of judge.js (up to the closing brace at the line's start)."""
    found = re.search(rf"^function {name}\(.*?^}}$", JUDGE_JS.read_text(encoding="utf-8"), re.S | re.M)
    assert found, f"judge.js has no function {name}"
    return found.group()


def export(words: list[dict]) -> str:
    """What poolCsv() would download for these lint results (downloadBlob replaced by printing)."""
    script = "\n".join([
        js_function("csvCell"), js_function("poolCsv"),
        "function downloadBlob(name, type, text) { process.stdout.write(text); }",
        f"let poolRows = {json.dumps(words, ensure_ascii=False)};",
        "poolCsv();",
    ])
    # Bytes, not text=True: universal newlines would turn the CR of a cell into LF.
    done = subprocess.run([NODE, "-e", script], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    return done.stdout.decode("utf-8")


def test_pool_csv_quotes_formula_cells_as_the_cli_does():
    words = [{"word": cell, "issues": [{"rule": cell, "message": cell}]} for cell in HOSTILE]
    rows = list(csv.reader(io.StringIO(export(words).removeprefix("\ufeff"), newline="")))
    assert rows[0] == ["слово", "правило", "сообщение"]
    assert rows[1:] == [[spreadsheet_safe(cell)] * 3 for cell in HOSTILE]
    assert not any(cell.startswith(FORMULA_STARTS) for row in rows for cell in row)
    assert rows[1] == ["'=1+1"] * 3 and rows[8] == ["кот"] * 3     # text stays as it was


def test_a_clean_word_keeps_empty_cells():
    assert export([{"word": "=кот", "issues": []}]).removeprefix("\ufeff").splitlines()[1] == "'=кот,,"
