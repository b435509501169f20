"""Issue 36, item 5: a check with a `scope` read all the scope's rulings (2 ms empty, 104 ms at
10,000, 788 ms at 57,000).  Rulings are now read by key: with 10,000 rulings in the scope a check
makes a fixed number of store queries and reads the rows of the words it asks, counted here at the
driver (service.rulings.store._Cursor), not timed.  SQLite always; PostgreSQL with
KOREN_TEST_POSTGRES_URL (the fixture of test_rulings).
"""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from service.api.app import create_app
from service.rulings import RulingsStore, store as store_module
from tests.service.test_rulings import db_url  # noqa: F401  (the sqlite/postgresql fixture)

SCOPE = "большой кубок"
MANY = 10_000


@pytest.fixture(scope="module")
def nouns(lexicon) -> list[str]:
    return [n.word for n in lexicon.game_nouns()][:MANY + 1]


@pytest.fixture
def big(db_url, nouns):  # noqa: F811
    """A store whose scope holds 10,000 cognate rulings on neighbouring nouns, and two on кот."""
    s = RulingsStore(db_url)
    items = [{"kind": "cognate", "a": a, "b": b, "verdict": False} for a, b in zip(nouns, nouns[1:])]
    items += [{"kind": "cognate", "a": "кот", "b": "собака", "verdict": True, "note": "шутка жюри"},
              {"kind": "cognate", "a": "кошка", "b": "котёл", "verdict": True}]
    s.import_many(SCOPE, items)
    yield s
    s.close()


@pytest.fixture
def reads(monkeypatch) -> dict:
    """Queries sent and rows read through the store's cursor, both drivers."""
    seen = {"queries": 0, "rows": 0}
    real = store_module._Cursor.execute

    def execute(self, sql, params=()):
        rows = real(self, sql, params)
        seen["queries"] += 1
        seen["rows"] += len(rows)
        return rows

    monkeypatch.setattr(store_module._Cursor, "execute", execute)
    return seen


@pytest.fixture
def api(engine, big):
    app = create_app(engine)
    app.state.rulings = big
    with TestClient(app) as client:
        yield client


def test_a_scoped_check_reads_its_pair_not_the_scope(api, reads):
    r = api.post("/v1/cognates", json={"a": "кот", "b": "собака", "scope": SCOPE})
    assert r.status_code == 200 and r.json()["cognate"] is True
    assert r.json()["evidence"][0]["note"] == "шутка жюри"
    # The kinds probe and the pair's lookup; before: one query returning all 10,002 rows.
    assert reads["queries"] <= 3 and reads["rows"] <= 5, reads


def test_a_ruling_on_a_lemma_still_covers_a_form(api, reads):
    r = api.post("/v1/cognates", json={"a": "котом", "b": "собаки", "scope": SCOPE})
    assert r.json()["cognate"] is True and r.json()["evidence"][0]["matched"] == "lemma"
    assert reads["rows"] <= 5, reads


def test_a_batch_reads_its_words_in_one_query(api, reads, nouns):
    pairs = [[a, b] for a, b in zip(nouns[:999:2], nouns[1:1000:2])] + [["кот", "собака"]]
    r = api.post("/v1/cognates/batch", json={"pairs": pairs, "scope": SCOPE})
    assert r.status_code == 200 and r.json()["results"][-1]["cognate"] is True
    assert reads["queries"] <= 3, reads          # the kinds probe and one query for the batch's words
    assert reads["rows"] <= 2 * len(pairs) + 2, reads    # rulings touching its words, not 10,002


def test_a_hat_explanation_reads_a_fixed_number_of_queries(api, reads):
    text = "мурлычет, ловит мышей, дружит с котом и не дружит с собакой"
    r = api.post("/v1/hat/explanation", json={"target": "кошка", "text": text, "scope": SCOPE})
    assert r.status_code == 200
    assert reads["rows"] <= 20, reads            # before: 10,002


def test_pool_lint_asks_the_scope_only_about_its_words(api, reads):
    r = api.post("/v1/pool/lint", json={"words": ["кот", "собака", "стол", "лампа"], "scope": SCOPE})
    assert r.status_code == 200
    grouped = [sorted(g) for g in r.json()["cognate_groups"]]
    assert ["кот", "собака"] in grouped           # the ruling joins a pair no root spelling pairs
    assert reads["rows"] <= 20, reads


def test_an_empty_scope_reads_nothing(api, reads):
    r = api.post("/v1/cognates", json={"a": "кот", "b": "собака", "scope": "пустой"})
    assert r.json()["cognate"] is False
    assert reads["queries"] == 1 and reads["rows"] == 1   # the kinds probe's one row of answers
