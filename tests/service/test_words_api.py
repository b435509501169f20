import pytest

PROBLEM = "application/problem+json"


def test_health(client):
    body = client.get("/v1/health").json()
    assert body["status"] == "ok"
    assert body["lexicon"]["version"].startswith("koren-lex") and body["lexicon"]["lemmas"] > 100_000


def test_word_analysis(client):
    body = client.get("/v1/words/Кошками").json()
    assert "кошка" in body["lemmas"]
    analysis = body["analyses"][0]
    assert analysis["roots"] == ["кош"]
    assert {"text": "кош", "kind": "root"} in analysis["morphemes"]
    assert analysis["source"] and isinstance(body["pronunciations"], list)
    assert body["wiktionary"].startswith("https://ru.wiktionary.org/wiki/")


def test_cognates(client):
    body = client.post("/v1/cognates", json={"a": "рука", "b": "наручники"}).json()
    assert body["cognate"] is True and body["confidence"] in ("certain", "probable")
    assert body["shared_roots"] and body["evidence"]


def test_cognates_tolerates_stress_lookalikes_and_case(client):
    body = client.post("/v1/cognates", json={"a": "Кo\u0301т", "b": "КОТИК"}).json()
    assert body["cognate"] is True


def test_batch(client):
    body = client.post("/v1/cognates/batch", json={"pairs": [["кот", "котик"], ["кот", "кит"], ["", "кот"]]}).json()
    results = body["results"]
    assert [r["cognate"] for r in results] == [True, False, False]
    assert results[2]["error"]["code"] == "empty"


# Issue 36, item 2: a «word» of megabytes of spaces around «кот» was read, and kept whole as a cache key.
PADDED = " " * 100_000 + "кот"


@pytest.mark.parametrize("path, payload, field", [
    ("/v1/cognates/batch", {"pairs": [["кот", "кошка"], [PADDED, "кот"]]}, "pairs.1.0"),
    ("/v1/cognates", {"a": PADDED, "b": "кот"}, "a"),
    ("/v1/homophones", {"a": "кот", "b": PADDED}, "b"),
    ("/v1/hat/explanation", {"target": PADDED, "text": "мяукает"}, "target"),
    ("/v1/hat/guess", {"target": "кошка", "guess": PADDED}, "guess"),
    ("/v1/pool/lint", {"game": "hat", "words": ["кот", PADDED]}, "words.1"),
])
def test_an_over_long_word_is_refused_before_it_is_read(client, path, payload, field):
    from service.settings import current

    limit = current().max_word_chars
    response = client.post(path, json=payload)
    assert response.status_code == 422 and response.headers["content-type"].startswith(PROBLEM)
    errors = response.json()["errors"]
    assert errors[0]["field"] == field and errors[0]["code"] == "string_too_long", errors
    assert f"длиннее {limit} символов" in response.json()["detail"]
    # The limit is the last length accepted: the same word padded to it is read as «кот».
    padded = (" " * (limit - 3) + "кот")
    assert client.post("/v1/cognates", json={"a": padded, "b": "котик"}).json()["cognate"] is True
    assert client.get("/v1/words/" + "к" * (limit + 1)).status_code == 422


def test_verdicts_are_cached_under_the_normal_form(client, engine):
    # Spellings of one pair share one cache entry (a stress mark does not: за́мок is not замо́к); each
    # answer still names the words as sent.
    pairs = [["  котофей ", "котик"], ["Котофей", "котик"], ["кот\u200bофей", "КОТИК"]]
    before = engine.compare.cache_info()
    results = client.post("/v1/cognates/batch", json={"pairs": pairs}).json()["results"]
    after = engine.compare.cache_info()
    assert after.misses - before.misses <= 1 and after.hits - before.hits >= 2
    assert [[r["a"], r["b"]] for r in results] == pairs
    assert len({r["cognate"] for r in results}) == 1 and not any(r["error"] for r in results)


@pytest.mark.parametrize("payload, field", [
    ({"a": "", "b": "кот"}, "a"),
    ({"a": "кот", "b": "два слова"}, "b"),
    ({"a": "к" * 65, "b": "кот"}, "a"),
    ({"a": "cat", "b": "кот"}, "a"),
    ({"a": "кот"}, "b"),
    ({"a": 5, "b": "кот"}, "a"),
])
def test_bad_input_is_problem_json(client, payload, field):
    response = client.post("/v1/cognates", json=payload)
    assert response.status_code == 422
    assert response.headers["content-type"].startswith(PROBLEM)
    body = response.json()
    assert {"type", "title", "status", "detail"} <= body.keys()
    assert any(err["field"].endswith(field) for err in body["errors"])


def test_broken_json_is_problem_json(client):
    response = client.post("/v1/cognates", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 422 and response.headers["content-type"].startswith(PROBLEM)


def test_unknown_route_is_problem_json(client):
    response = client.get("/v1/nothing")
    assert response.status_code == 404 and response.headers["content-type"].startswith(PROBLEM)


def test_openapi_has_clean_operation_ids(client):
    ops = {op["operationId"] for path in client.get("/openapi.json").json()["paths"].values() for op in path.values()}
    assert {"health", "get_word", "check_cognates", "check_cognates_batch"} <= ops


def test_homophones(client):
    body = client.post("/v1/homophones", json={"a": "луг", "b": "лук"}).json()
    assert body["homophones"] is True and body["matched"] and "лу́к" in body["explanation"]
    body = client.post("/v1/homophones", json={"a": "лук", "b": "люк"}).json()
    assert body["homophones"] is False and body["a_pronunciations"] and body["b_pronunciations"]


def test_homophones_bad_input(client):
    response = client.post("/v1/homophones", json={"a": "луг", "b": "two words"})
    assert response.status_code == 422 and response.json()["errors"][0]["field"] == "b"


def test_word_has_pronunciations(client):
    body = client.get("/v1/words/замок").json()
    assert {r["stressed"] for r in body["readings"]} >= {"за́мок", "замо́к"}
