"""Request limits are the app's own Settings, read when a request is validated (issue 31): an app built
with lower limits refuses what the default app accepts, with the same 422 problem+json naming the field
and the limit; the OpenAPI document keeps stating the defaults."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from service.api.app import create_app
from service.api.limits import SettingsContext, default
from service.api.schemas_hat import HatExplanationIn
from service.settings import Settings

TEXT = "кот сидит на окне и смотрит на улицу весь день."    # 47 characters
assert len(TEXT) == 47


@pytest.fixture(scope="module")
def strict():
    """An app whose limits are far below the defaults (no lifespan: every request here stops at validation)."""
    return TestClient(create_app(settings=Settings(max_text_chars=10, max_word_chars=5, max_batch_pairs=2,
                                                   max_pool_words=2)))


def refused(response, field: str, code: str, limit: int) -> None:
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body["type"] == "/problems/validation" and body["status"] == 422
    [error] = body["errors"]
    assert (error["field"], error["code"]) == (field, code), error
    assert str(limit) in error["message"] and str(limit) in body["detail"], body


def test_the_app_text_limit_refuses_a_hat_explanation_the_default_app_accepts(strict, client):
    refused(strict.post("/v1/hat/explanation", json={"target": "кот", "text": TEXT}), "text", "string_too_long", 10)
    assert client.post("/v1/hat/explanation", json={"target": "кот", "text": TEXT}).status_code == 200


def test_the_same_text_limit_holds_for_a_mafia_speech(strict):
    response = strict.post("/v1/mafia/speech", json={"text": TEXT, "ruleset": "club"})
    assert response.status_code == 422
    [error] = response.json()["errors"]
    assert (error["field"], error["code"]) == ("text", "text_too_long") and "10" in error["message"]


def test_the_app_word_limit_refuses_a_guess_the_default_app_accepts(strict, client):
    body = {"target": "кошка", "guess": "кошечка"}       # 7 characters
    refused(strict.post("/v1/hat/guess", json=body), "guess", "string_too_long", 5)
    assert client.post("/v1/hat/guess", json=body).status_code == 200


def test_the_app_batch_and_pool_sizes(strict, client):
    pairs = {"pairs": [["кот", "кошка"], ["дом", "домик"], ["лес", "лесник"]]}
    refused(strict.post("/v1/cognates/batch", json=pairs), "pairs", "too_long", 2)
    assert client.post("/v1/cognates/batch", json=pairs).status_code == 200
    pool = {"words": ["кот", "дом", "лес"]}
    refused(strict.post("/v1/pool/lint", json=pool), "words", "too_long", 2)
    assert client.post("/v1/pool/lint", json=pool).status_code == 200


def test_each_app_keeps_its_own_limits_and_a_model_outside_a_request_the_process_ones(strict, client):
    for _ in range(2):        # interleaved: nothing one app sets stays behind for the other
        assert strict.post("/v1/hat/explanation", json={"target": "кот", "text": TEXT}).status_code == 422
        assert client.post("/v1/hat/explanation", json={"target": "кот", "text": TEXT}).status_code == 200
    assert HatExplanationIn(target="кот", text=TEXT).text == TEXT


def test_a_limit_raised_above_the_default_is_honoured():
    from fastapi import FastAPI

    inner = FastAPI()

    @inner.post("/echo")
    def echo(body: HatExplanationIn) -> int:
        return len(body.text)

    app = SettingsContext(inner, Settings(max_text_chars=6000))
    assert TestClient(app).post("/echo", json={"target": "кот", "text": "а" * 5500}).json() == 5500
    assert TestClient(inner).post("/echo", json={"target": "кот", "text": "а" * 5500}).status_code == 422


def test_the_documentation_states_the_default_limits():
    doc = create_app(settings=Settings(max_text_chars=10)).openapi()
    text = doc["components"]["schemas"]["HatExplanationIn"]["properties"]["text"]
    assert text["maxLength"] == default("max_text_chars") == 5000
