import json

import pytest

from service.cli import main


def test_check_prints_verdict_with_evidence(capsys):
    assert main(["check", "кошка", "кот"]) == 0
    out = capsys.readouterr().out
    assert "ОДНОКОРЕННЫЕ" in out and "источник:" in out and "кош" in out


def test_check_json(capsys):
    assert main(["check", "вода", "водитель", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cognate"] is False


def test_check_bad_word(capsys):
    assert main(["check", "", "кот"]) == 2


def test_help_names_the_installed_command(capsys):
    """The wheel installs `koren`; the help shows that name, not «python -m service» (issue 34)."""
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split(":", 1)[1].split()[0] == "koren", out.splitlines()[0]


@pytest.mark.parametrize("argv", [["pool", "generate", "--extend"], ["board", "--cards"]])
def test_a_missing_pool_file_is_a_russian_error_not_a_traceback(argv, tmp_path, capsys):
    missing = tmp_path / "nonexistent.txt"
    assert main([*argv, str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"ошибка: не удалось прочитать {missing}: такого файла нет"


def test_a_folder_given_as_cards_is_named_as_such(tmp_path, capsys):
    assert main(["board", "--cards", str(tmp_path)]) == 2
    assert "это папка, а не файл" in capsys.readouterr().err


def test_eval_outside_a_checkout_says_where_the_sets_are(tmp_path, capsys):
    from service.cli import main

    assert main(["eval", "--data", str(tmp_path)]) == 2
    assert "размеченных наборов" in capsys.readouterr().err
