"""The judges' console's tour view (service/web/judge.js, run in node): the batch's `judge` groups in the
server's judge_order, the most teams first (issue 33), and the lines of answers it sends."""
from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from tests.service.test_judge_csv import JUDGE_JS, js_function

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def run(call: str) -> object:
    line_break = re.search(r"^const POOL_LINE_BREAK = .*$", JUDGE_JS.read_text(encoding="utf-8"), re.M).group()
    script = "\n".join([
        line_break, 'const splitList = (text, sep) => text.split(sep).map((s) => s.trim()).filter(Boolean);',
        js_function("splitLines"), js_function("teamAnswers"), js_function("judgeGroups"),
        f"process.stdout.write(JSON.stringify({call}));",
    ])
    done = subprocess.run([NODE, "-e", script], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    return json.loads(done.stdout.decode("utf-8"))


def group(verdict: str, representative: str, teams: int | None = None, size: int = 1) -> dict:
    g = {"verdict": verdict, "representative": representative, "size": size, "answers": []}
    return g if teams is None else {**g, "teams": teams}


def test_the_judge_groups_come_in_the_servers_order():
    out = {"groups": [group("judge", "лампа", 1), group("accept", "лампочка", 5), group("judge", "светильник", 3),
                      group("reject", "паровоз", 9), group("judge", "фонарь", 3)], "judge_order": [2, 4, 0]}
    shown = run(f"judgeGroups({json.dumps(out, ensure_ascii=False)})")
    assert [(g["index"], g["representative"]) for g in shown] == [(2, "светильник"), (4, "фонарь"), (0, "лампа")]


def test_without_judge_order_the_most_teams_first():
    out = {"groups": [group("judge", "a", size=1), group("judge", "b", size=4), group("accept", "c", size=7),
                      group("judge", "d", teams=2, size=5), group("judge", "e", size=2)]}
    shown = run(f"judgeGroups({json.dumps(out)})")
    assert [g["representative"] for g in shown] == ["b", "d", "e", "a"]


def test_lines_of_team_answers():
    text = "Знатоки: стартовый пистолет\nСборная\tпистолет\nракетница\n\n  Эрудиты:   сигнальный пистолет  \r\n"
    assert run(f"teamAnswers({json.dumps(text, ensure_ascii=False)})") == [
        {"team": "Знатоки", "answer": "стартовый пистолет"}, {"team": "Сборная", "answer": "пистолет"},
        {"answer": "ракетница"}, {"team": "Эрудиты", "answer": "сигнальный пистолет"}]
