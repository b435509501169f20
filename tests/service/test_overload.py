"""Load shedding and response headers of GuardMiddleware (issue 12, items 6 and 8).

Deterministic: the held requests block on an asyncio.Event the test sets, and the test
waits for them by count, never by time.
"""
import asyncio

import httpx
import pytest
from fastapi.testclient import TestClient

from service.api.app import create_app
from service.api.middleware import GuardMiddleware
from service.settings import Settings


def held_app(limit: int):
    """create_app with a /held endpoint that answers only once `release` is set."""
    app = create_app(settings=Settings(max_in_flight=limit), engine=None)
    state = {"entered": 0, "release": None, "all_in": None}

    @app.get("/held")
    async def held():
        state["entered"] += 1
        if state["entered"] == limit:
            state["all_in"].set()
        await state["release"].wait()
        return {"held": True}

    return app, state


def run(coroutine):
    return asyncio.run(coroutine)


async def _overload_scenario(limit: int) -> dict:
    app, state = held_app(limit)
    state["release"], state["all_in"] = asyncio.Event(), asyncio.Event()
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        held = [asyncio.create_task(client.get("/held")) for _ in range(limit)]
        await state["all_in"].wait()
        # Full: the next request is answered without waiting for any held one to finish.
        shed = await asyncio.wait_for(client.get("/held"), 60)  # a guard against a hang, not a timing check
        probes = [await client.get(path) for path in ("/v1/health/live", "/metrics")]
        still_held = sum(not task.done() for task in held)
        state["release"].set()
        answered = await asyncio.gather(*held)
        state["entered"] = limit + 1  # past the count that signals all_in
        after = await client.get("/held")
    return {"shed": shed, "probes": probes, "still_held": still_held, "answered": answered, "after": after}


def test_full_worker_answers_503_with_retry_after_at_once():
    result = run(_overload_scenario(3))
    shed = result["shed"]
    assert result["still_held"] == 3  # the 503 came while every held request still waited
    assert shed.status_code == 503
    assert shed.headers["retry-after"] == "1"
    assert shed.headers["content-type"].startswith("application/problem+json")
    assert shed.headers["x-content-type-options"] == "nosniff"
    body = shed.json()
    assert body["title"] == "Сервер перегружен" and body["code"] == "overloaded" and body["status"] == 503
    assert "KOREN_MAX_IN_FLIGHT" in body["detail"]


def test_probes_are_never_shed():
    result = run(_overload_scenario(2))
    assert [r.status_code for r in result["probes"]] == [200, 200]


def test_recovers_as_soon_as_load_drops():
    result = run(_overload_scenario(2))
    assert [r.status_code for r in result["answered"]] == [200, 200]
    assert result["after"].status_code == 200 and result["after"].json() == {"held": True}


def test_in_flight_count_returns_to_zero_after_errors():
    async def boom(scope, receive, send):
        raise RuntimeError("boom")

    guard = GuardMiddleware(boom, max_body_bytes=100, timeout_s=1, max_in_flight=1)
    scope = {"type": "http", "method": "GET", "path": "/x", "headers": []}

    async def call():
        async def receive():
            return {"type": "http.request", "body": b""}

        async def send(message):
            pass

        with pytest.raises(RuntimeError):
            await guard(scope, receive, send)

    run(call())
    run(call())  # the first failure released its slot
    assert guard.in_flight == 0


def test_limit_is_configurable_and_zero_turns_it_off(monkeypatch):
    monkeypatch.setenv("KOREN_MAX_IN_FLIGHT", "7")
    assert Settings().max_in_flight == 7
    monkeypatch.setenv("KOREN_MAX_IN_FLIGHT", "0")
    assert Settings().max_in_flight == 0
    monkeypatch.delenv("KOREN_MAX_IN_FLIGHT")
    assert Settings().max_in_flight > 0


@pytest.mark.parametrize("method, path, body", [
    ("POST", "/v1/cognates", {"a": "кот", "b": "кошка"}),
    ("GET", "/v1/words/кот", None),
    ("GET", "/v1/health", None),
    ("POST", "/v1/cognates", {"a": 1}),           # 422 from validation
    ("GET", "/v1/no-such-thing", None),           # 404
])
def test_v1_responses_say_nosniff(client, method, path, body):
    response = client.request(method, path, json=body)
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers.get_list("x-content-type-options") == ["nosniff"]


def test_judge_page_keeps_a_single_nosniff(client):
    response = client.get("/judge")
    assert response.headers.get_list("x-content-type-options") == ["nosniff"]


def test_middleware_problems_say_nosniff(engine):
    with TestClient(create_app(engine, settings=Settings(max_body_bytes=100))) as client:
        response = client.post("/v1/cognates", json={"a": "кот" * 50, "b": "кот"})
    assert response.status_code == 413
    assert response.headers["x-content-type-options"] == "nosniff"
