"""No English reaches a person (issue 19): every message template of the rules' data, and the problem+json
`detail` of the API's refusals, are Russian.  Latin letters may stay where they name a thing: a file, a
variable, a data source (wordfreq, pymorphy3), a quoted foreign word («англ. sun»)."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.live_server import ROOT

LATIN_WORD = re.compile(r"(?<![\w{])[A-Za-z][A-Za-z\-]{2,}(?![\w}])")
NAMES = {"wordfreq", "Zipf", "Codenames", "pymorphy3", "OpenCorpora", "DerivBase", "Wiktionary", "Abbr", "JSON",
         "CSV", "API", "HTTP", "UTF", "Bearer", "Authorization", "Content-Type", "application", "json", "scope",
         "token", "Tikhonov", "Sorokin", "Kravtsova"}
NOT_PROSE = [re.compile(p) for p in (r"\{[^}]*\}", r"\S+/\S+", r"\S+\.(?:txt|md|tsv|py|toml)\b", r"KOREN_\w+",
                                     r"\((?:англ|франц|нем|лат)\.[^)]*\)")]


def english_in(text: str) -> list[str]:
    for pattern in NOT_PROSE:
        text = pattern.sub(" ", text)
    return [w for w in LATIN_WORD.findall(text) if w not in NAMES]


def strings(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from strings(item, (*path, key))
    elif isinstance(value, list):
        for item in value:
            yield from strings(item, path)
    elif isinstance(value, str):
        yield ".".join(map(str, path)), value


@pytest.mark.parametrize("table", sorted((ROOT / "service" / "rules" / "data").glob("*.toml")), ids=lambda p: p.name)
def test_every_message_template_is_russian(table):
    data = tomllib.loads(table.read_text(encoding="utf-8"))
    sentences = [(where, text) for where, text in strings(data) if re.search("[а-яё]", text, re.I)]
    assert sentences
    english = [(where, words) for where, text in sentences if (words := english_in(text))]
    assert english == [], english


REFUSALS = [
    ("get", "/nope", None), ("post", "/v1/cognates", {}), ("post", "/v1/cognates", {"a": 1, "b": "кот"}),
    ("post", "/v1/cognates", {"a": "к" * 100, "b": "кот"}), ("post", "/v1/cognates", {"a": "cat", "b": "кот"}),
    ("post", "/v1/pool/generate", {"count": 0}), ("post", "/v1/chgk/package", {"text": "нет вопросов"}),
    ("post", "/v1/rulings", {"scope": "x", "kind": "cognate", "a": "кот", "b": "кошка", "verdict": True}),
    ("get", "/v1/rulings/999999", None), ("post", "/v1/codenames/board", {"cards": ["кот", "кошка"]}),
    ("put", "/v1/cognates", {"a": "кот", "b": "кошка"}),
]


@pytest.mark.parametrize("method,path,body", REFUSALS)
def test_api_refusals_speak_russian(client, method, path, body):
    response = client.request(method.upper(), path, json=body)
    assert 400 <= response.status_code < 500
    problem = response.json()
    assert re.search("[а-яё]", problem["detail"], re.I), problem
    said = re.sub(r"(?:^|;\s*)[A-Za-z_][\w.\[\]]*:", " ", problem["detail"])   # «count: …» names the JSON field
    assert english_in(said) == [], problem["detail"]
    assert problem["code"] and " " not in problem["code"]
    for error in problem.get("errors", []):
        assert english_in(error["message"]) == [], error
