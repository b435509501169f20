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


# Issue 34, item 9: the problem's `title` is what the console and a judge read first; the stable `code`
# stays what it was for programs (the English key in kebab case, or the last part of `type`).
CODES = {"/nope": "not-found", "/v1/rulings/999999": "not-found"}


@pytest.mark.parametrize("method,path,body", REFUSALS)
def test_api_refusal_titles_are_russian(client, method, path, body):
    problem = client.request(method.upper(), path, json=body).json()
    assert re.match("[А-ЯЁ]", problem["title"]) and english_in(problem["title"]) == [], problem
    if path in CODES:
        assert problem["code"] == CODES[path]


def test_problem_codes_did_not_change_with_the_titles(client):
    said = {(r := client.request(m, p, json=b)).status_code: r.json()["code"] for m, p, b in [
        ("PUT", "/v1/cognates", {"a": "кот", "b": "кошка"}), ("GET", "/nope", None),
        ("POST", "/v1/cognates", {"a": "cat", "b": "кот"})]}
    assert said == {405: "method-not-allowed", 404: "not-found", 422: "invalid-word"}


def test_every_problem_title_in_the_code_has_a_russian_title():
    """Every title a call site passes (problem(), the middleware's _problem and fail, HTTP_TITLES) is a key of
    errors.TITLES, and every TITLES value is Russian: a new English title cannot slip through untranslated."""
    import ast

    from service.api.errors import HTTP_TITLES, TITLES

    used = set(HTTP_TITLES.values())
    for source in (ROOT / "service").rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in (
                    "problem", "_problem", "fail", "problem_body") and len(node.args) >= 2 \
                    and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
                used.add(node.args[1].value)
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple) and any(
                    isinstance(t, ast.Tuple) and [getattr(e, "id", None) for e in t.elts] == ["title", "detail"]
                    for t in node.targets):
                used.add(node.value.elts[0].value)
    assert {"Not a Russian word", "Invalid request", "Unauthorized", "Request timed out", "Overloaded",
            "Request timeout"} <= used
    assert sorted(used - set(TITLES)) == []
    english = {key: title for key, title in TITLES.items() if english_in(title) or not re.match("[А-ЯЁ]", title)}
    assert english == {}


def test_choices_and_types_are_said_in_russian(client):
    problem = client.post("/v1/pool/generate", json={"count": 1, "difficulty": "трудно"}).json()
    assert problem["errors"][0]["message"] == "допустимые значения: «easy», «medium» или «hard»"
    assert " or " not in problem["detail"] and "'" not in problem["detail"]
    problem = client.post("/v1/cognates", json={"a": ["кот"], "b": "кот"}).json()
    assert problem["errors"][0]["message"] == "нужна строка"


def test_invalid_json_names_a_position_in_the_body_not_a_field():
    from service.api.errors import field_name, russian

    err = {"type": "json_invalid", "loc": ("body", 13), "msg": "JSON decode error", "ctx": {"error": "Expecting value"}}
    assert field_name(err) == "тело запроса, позиция 13"
    assert english_in(russian(err)) == []
    assert russian({"type": "url_type", "msg": "URL input should be a string or URL"}) == "недопустимое значение"


def test_invalid_json_over_http(client):
    response = client.post("/v1/cognates", content='{"a": "кот", "b"'.encode(), headers={"content-type": "application/json"})
    problem = response.json()
    assert response.status_code == 422 and problem["code"] == "validation"
    assert problem["errors"][0]["field"].startswith("тело запроса, позиция ")
    assert problem["detail"].startswith("тело запроса, позиция ")
