"""The committed openapi.json is the app's document (issue 19): Russian summaries and descriptions, request
examples, problem+json answers with their shape.  After changing an endpoint: `make openapi`."""
from __future__ import annotations

from service.api import openapi_export
from tests.live_server import ROOT


def test_committed_openapi_matches_the_app():
    committed = (ROOT / "openapi.json").read_text(encoding="utf-8")
    assert committed == openapi_export.render(), "openapi.json is stale: run `make openapi`"


def test_every_operation_is_described_in_russian_with_its_problems():
    import json

    doc = json.loads((ROOT / "openapi.json").read_text(encoding="utf-8"))
    cyrillic = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
    for path, methods in doc["paths"].items():
        for method, op in methods.items():
            where = f"{method.upper()} {path}"
            assert set(op["summary"].lower()) & cyrillic, where
            assert set(op["description"].lower()) & cyrillic, where
            for code in ("400", "413", "422", "503"):
                schema = op["responses"][code]["content"]["application/problem+json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/Problem"}, (where, code)
            body = op.get("requestBody", {}).get("content", {}).get("application/json")
            if body is not None and method == "post" and not path.startswith("/v1/rulings/import"):
                assert "example" in body, where
    assert {t["name"] for t in doc["tags"]} >= {"Шляпа", "Codenames", "Мафия", "ЧГК", "Пулы слов", "Решения судей"}
    assert {tag for ops in doc["paths"].values() for op in ops.values() for tag in op.get("tags", [])} <= {
        t["name"] for t in doc["tags"]}    # /docs groups under the Russian names (issue 34, item 9)


def test_response_examples_are_what_the_service_answers(client):
    """An example in the documentation is a real answer: its fields are what the service says now."""
    import json

    doc = json.loads((ROOT / "openapi.json").read_text(encoding="utf-8"))
    checked = 0
    for path, methods in doc["paths"].items():
        for method, op in methods.items():
            answer = op["responses"].get("200", {}).get("content", {}).get("application/json", {}).get("example")
            request = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("example")
            if answer is None or request is None:
                continue
            real = client.request(method.upper(), path, json=request).json()
            for key, value in answer.items():
                if isinstance(value, (str, bool, int, float)):
                    assert real[key] == value, (path, key)
            checked += 1
    assert checked >= 4


def test_the_documented_version_is_the_package_version():
    import tomllib

    from service.api.app import package_version
    from tests.live_server import ROOT

    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert package_version() == version
