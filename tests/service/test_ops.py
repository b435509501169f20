"""Operations: limits, timeouts, metrics, health probes, CORS, access log hygiene."""
import json
import logging

from fastapi.testclient import TestClient

from service.api.app import create_app
from service.settings import Settings


def make_client(engine, **overrides):
    return TestClient(create_app(engine, settings=Settings(**overrides)))


def test_body_over_the_limit_is_413_problem(engine):
    with make_client(engine, max_body_bytes=100) as client:
        response = client.post("/v1/cognates", json={"a": "кот" * 50, "b": "кот"})
        assert response.status_code == 413
        assert response.headers["content-type"].startswith("application/problem+json")
        assert "KOREN_MAX_BODY_BYTES" in response.json()["detail"]
        assert client.post("/v1/cognates", json={"a": "кот", "b": "кит"}).status_code == 200


def test_chunked_body_over_the_limit_is_413(engine):
    with make_client(engine, max_body_bytes=100) as client:
        chunks = (b'{"a": "' + b"x" * 60 for _ in range(3))
        response = client.post("/v1/cognates", content=chunks, headers={"content-type": "application/json"})
        assert response.status_code == 413


def test_slow_request_times_out_with_503(engine):
    app = create_app(engine, settings=Settings(request_timeout_s=0.05))

    @app.get("/slow")
    async def slow():
        import asyncio

        await asyncio.sleep(1)
        return {}

    with TestClient(app) as client:
        response = client.get("/slow")
        # The 503 is the timeout's (the endpoint itself would answer 200 after its 1 s sleep).
        assert response.status_code == 503
        assert response.json()["title"] == "Сервер не успел ответить"


def test_batch_limit(client):
    response = client.post("/v1/cognates/batch", json={"pairs": [["кот", "кит"]] * 1001})
    assert response.status_code == 422 and "pairs" in response.json()["detail"]


def test_health_probes(client):
    assert client.get("/v1/health/live").json() == {"status": "ok"}
    assert client.get("/v1/health/ready").json()["status"] == "ok"


def test_metrics_count_requests_and_verdicts(client):
    client.post("/v1/cognates", json={"a": "кот", "b": "кошка"})
    text = client.get("/metrics").text
    assert 'koren_requests_total{method="POST",route="/v1/cognates",status="200"}' in text
    assert 'koren_verdicts_total{check="cognates",outcome="true"}' in text
    assert "koren_request_seconds_bucket" in text


def test_cors_closed_by_default(client):
    response = client.options("/v1/cognates", headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"})
    assert "access-control-allow-origin" not in response.headers


def test_cors_opens_for_configured_origins(engine):
    with make_client(engine, cors_origins=("https://hat.example",)) as client:
        response = client.options("/v1/cognates", headers={"Origin": "https://hat.example",
                                                           "Access-Control-Request-Method": "POST"})
        assert response.headers["access-control-allow-origin"] == "https://hat.example"


def test_access_log_has_route_not_words(client, caplog):
    with caplog.at_level(logging.INFO, logger="koren.access"):
        client.post("/v1/cognates", json={"a": "секретное", "b": "слово"})
        client.get("/v1/words/тайна?token=abc")
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "koren.access"]
    assert {"route": "/v1/words/{word}", "status": 200} .items() <= lines[-1].items()
    blob = " ".join(r.getMessage() for r in caplog.records)
    assert "секретное" not in blob and "тайна" not in blob and "abc" not in blob
