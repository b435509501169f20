import json

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
