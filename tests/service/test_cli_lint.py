"""`python -m service lint`: reading pools, reports, exit codes, the progress bar."""
from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path


from service.cli import lint as cli_lint

ROOT = Path(__file__).resolve().parents[2]


def run(argv, capsys):
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    cli_lint.register(sub)
    args = parser.parse_args(["lint", *argv])
    code = args.func(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_read_pool_formats(tmp_path):
    (tmp_path / "a.txt").write_text("кот\n\n# comment\n Окно \nёж\n", encoding="utf-8")
    (tmp_path / "b.json").write_text(json.dumps(["кот", "Окно"], ensure_ascii=False), encoding="utf-8")
    (tmp_path / "c.csv").write_text("word,note\nкот,x\nОкно,y\n", encoding="utf-8")
    (tmp_path / "d.yaml").write_text('name: "pool"\n---\n- "кот"\n- "Окно"\n', encoding="utf-8")
    assert cli_lint.read_pool(str(tmp_path / "a.txt")) == ["кот", "Окно", "ёж"]
    for name in ("b.json", "c.csv", "d.yaml"):
        assert cli_lint.read_pool(str(tmp_path / name)) == ["кот", "Окно"], name


def test_clean_pool_exits_zero(tmp_path, capsys, engine):
    f = tmp_path / "pool.txt"
    f.write_text("кот\nдом\nокно\n", encoding="utf-8")
    code, out, err = run([str(f)], capsys)
    assert code == 0
    assert "3 слова (Шляпа)" in out and "с замечаниями: 0" in out and err == ""


def test_problems_exit_one_with_a_readable_table(tmp_path, capsys, engine):
    f = tmp_path / "pool.txt"
    f.write_text("кот\nкошка\nокна\nидти\nПетербург\nдом\nДом\n", encoding="utf-8")
    code, out, _ = run([str(f)], capsys)
    assert code == 1
    # rule names and severities in Russian (issue 18); the JSON keeps the machine names
    for needle in ("окна", "мн. число", "замените на «окно»", "идти", "не существительное", "Петербург",
                   "имя собственное", "ошибка",
                   "повторы (1)", "дом = Дом", "однокоренные группы (1)", "кот, кошка", "слово", "сообщение",
                   "наборов повторов: 1, однокоренных групп: 1"):
        assert needle in out, needle


def test_json_and_csv_formats(tmp_path, capsys, engine):
    f = tmp_path / "pool.txt"
    f.write_text("окна\nокно\n", encoding="utf-8")
    code, out, _ = run([str(f), "--format", "json"], capsys)
    body = json.loads(out)
    assert code == 1 and body["words"][0]["issues"][0]["rule"] == "plural" and body["duplicates"] == [["окна", "окно"]]
    code, out, _ = run([str(f), "--format", "csv"], capsys)
    lines = out.splitlines()
    assert lines[0] == "word,rule,severity,message,suggestion"
    assert lines[1].startswith("окна,plural,error,")
    assert any(l.startswith("окна | окно,duplicate,error,одно и то же слово несколько раз") for l in lines)
    assert "множественное число" in lines[1]
    code, out, _ = run([str(f), "--format", "csv", "--game", "codenames"], capsys)
    lines = out.splitlines()      # a plural card is ordinary in Codenames; the duplicate is not
    assert not any(",plural," in l for l in lines)
    assert any(l.startswith("окна | окно,duplicate,error,") for l in lines)


def test_unreadable_file_exits_two(tmp_path, capsys):
    code, _, err = run([str(tmp_path / "missing.txt")], capsys)
    assert code == 2 and "не удалось прочитать" in err and "такого файла нет" in err
    (tmp_path / "bad.json").write_text('["кот", ', encoding="utf-8")
    code, _, err = run([str(tmp_path / "bad.json")], capsys)
    assert code == 2 and "неверный JSON (строка 1" in err


CARDS = ("дом окно стол река гора лес море небо книга лампа кресло мост поле тигр слон зебра ветер город "
         "сахар масло бумага ключ врач хлеб сыр чай школа театр кот котик").split()


def test_codenames_card_set_exit_code_is_what_the_help_says(tmp_path, capsys, engine):
    """A card set bigger than a board may hold a cognate group (the dealer keeps it off one board): listed,
    exit 0 — and the help says so; a board-sized set with the same group exits 1."""
    help_text = " ".join(cli_lint.DESCRIPTION.split())
    assert "Codenames больше 25 слов однокоренные группы показаны, но кода 1 не дают" in help_text
    cards = tmp_path / "cards.txt"
    cards.write_text("\n".join(CARDS) + "\n", encoding="utf-8")
    code, out, _ = run([str(cards), "--game", "codenames"], capsys)
    assert code == 0 and "однокоренные группы (1; набору карт Codenames не ошибка" in out and "кот, котик" in out
    board = tmp_path / "board.txt"
    board.write_text("\n".join(CARDS[-25:]) + "\n", encoding="utf-8")
    code, out, _ = run([str(board), "--game", "codenames"], capsys)
    assert code == 1 and "однокоренные группы (1):" in out


def test_progress_bar_only_on_a_terminal():
    buf = io.StringIO()
    cli_lint.Progress(buf)(1000, 1000)          # StringIO is not a tty
    assert buf.getvalue() == ""
    bar = cli_lint.Progress(buf, enabled=True)
    bar(500, 1000)
    bar(1000, 1000)
    assert "500/1000" in buf.getvalue() and "1000/1000" in buf.getvalue()
    assert "проверяю слова" in buf.getvalue() and "ищу однокоренные" in buf.getvalue()


def test_standalone_entry_point(tmp_path):
    f = tmp_path / "pool.txt"
    f.write_text("окна\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "service.cli.lint", str(f)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "мн. число" in proc.stdout and proc.stderr == ""


def test_csv_cells_cannot_run_as_formulas(tmp_path, capsys, engine):
    import csv as csv_module

    f = tmp_path / "pool.txt"
    f.write_text('=HYPERLINK("http://x","кот")\n+кот\n-дом\n@окно\nкот\n', encoding="utf-8")
    code, out, err = run([str(f), "--format", "csv"], capsys)
    cells = [cell for row in csv_module.reader(io.StringIO(out)) for cell in row]
    assert cells, out
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@")], cells
    assert any(cell.startswith("'=HYPERLINK") for cell in cells), cells
