"""Rulings (issue 8): the store on SQLite and PostgreSQL, the API, overrides, durability, concurrency.

The PostgreSQL variants run when KOREN_TEST_POSTGRES_URL is set (.ci/postgres.sh
starts a throwaway server and prints it); each test gets a fresh database.
"""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
import threading
import uuid
from urllib.parse import urlsplit

import httpx
import pytest
from fastapi.testclient import TestClient

from service.rulings import RulingsStore, find, migrations
from tests.live_server import ROOT, Server

PG_URL = os.environ.get("KOREN_TEST_POSTGRES_URL")
TOKEN = "t0ken-for-tests"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not PG_URL, reason="KOREN_TEST_POSTGRES_URL is not set; .ci/postgres.sh starts a local server"))])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'rulings.sqlite'}"
        return
    import psycopg

    name = f"koren_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlsplit(PG_URL)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def store(db_url):
    s = RulingsStore(db_url)
    yield s
    s.close()


@pytest.fixture
def api(engine, store, monkeypatch):
    from service.api.app import create_app

    monkeypatch.setenv("KOREN_RULINGS_TOKEN", TOKEN)
    app = create_app(engine)
    app.state.rulings = store
    with TestClient(app) as client:
        yield client


def ruling(scope="cup", kind="cognate", a="свет", b="свеча", verdict=False, **extra):
    return {"scope": scope, "kind": kind, "a": a, "b": b, "verdict": verdict, **extra}


# --- store and migrations -------------------------------------------------------------------------

def test_migrations_are_versioned_and_applied_once(store, db_url):
    assert store.schema_version() == max(m.version for m in migrations.MIGRATIONS)
    assert RulingsStore(db_url).migrate() == []            # a second opening applies nothing
    extra = migrations.Migration(99, "test column", sqlite=("ALTER TABLE rulings ADD COLUMN extra TEXT",),
                                 postgresql=("ALTER TABLE rulings ADD COLUMN extra TEXT",))
    with store.transaction(write=True) as cur:
        assert migrations.apply(cur, store.dialect, migrations.MIGRATIONS + (extra,)) == [99]
    with store.transaction(write=True) as cur, pytest.raises(migrations.SchemaTooNew):
        migrations.apply(cur, store.dialect)                # the database is newer than this code


def test_sqlite_runs_wal_with_full_sync(tmp_path):
    store = RulingsStore(f"sqlite:///{tmp_path / 'deep' / 'r.sqlite'}")   # creates the folder
    with store.transaction() as cur:
        assert cur.execute("PRAGMA journal_mode")[0][0] == "wal"
        assert cur.execute("PRAGMA synchronous")[0][0] == 2          # FULL


def test_default_store_lives_under_var(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KOREN_DATABASE_URL", raising=False)
    RulingsStore().close()
    assert (tmp_path / "var" / "rulings.sqlite").exists()


def test_bad_url_is_refused():
    with pytest.raises(ValueError):
        RulingsStore("mysql://x")


def test_pairs_are_normalised_and_cognate_pairs_unordered(store):
    first, created = store.add("cup", "cognate", "Свеча́", "свет", False, "спорно", "Ива")
    second, created_again = store.add("cup", "cognate", "свет", "свеча", True, "передумали")
    assert created and not created_again and first.id == second.id
    assert [r.verdict for r in store.list("cup")] == [True]
    assert find(store, "cup", "cognate", "СВЕЧА", "свет").note == "передумали"
    assert find(store, "cup", "cognate", "свечой", "свет") is not None      # a form of a ruled lemma
    assert find(store, "other", "cognate", "свеча", "свет") is None         # scopes are separate
    store.add("cup", "guess", "свет", "свеча", True)
    assert find(store, "cup", "guess", "свеча", "свет") is None             # a guess pair is ordered
    store.add("cup", "chgk_answer", "Пушкин", "А. С. ПУШКИН!", "accept")
    assert find(store, "cup", "chgk_answer", "пушкин", "а с пушкин").verdict == "accept"
    assert store.delete(first.id).id == first.id and store.get(first.id) is None


# --- the API --------------------------------------------------------------------------------------

def test_writes_need_the_token(api, monkeypatch):
    r = api.post("/v1/rulings", json=ruling())
    assert r.status_code == 401 and r.headers["content-type"].startswith("application/problem+json")
    assert r.headers["www-authenticate"].startswith("Bearer")
    assert api.post("/v1/rulings", json=ruling(), headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert api.delete("/v1/rulings/1", headers={"Authorization": "Basic " + TOKEN}).status_code == 401
    from service.settings import Settings

    api.app.state.settings = Settings(rulings_token="")    # the operator unset KOREN_RULINGS_TOKEN
    r = api.post("/v1/rulings", json=ruling(), headers=AUTH)
    assert r.status_code == 403 and "KOREN_RULINGS_TOKEN" in r.json()["detail"]
    assert api.get("/v1/rulings", params={"scope": "cup"}).status_code == 200     # reads stay open
    assert api.get("/v1/rulings", params={"scope": "a\x00b"}).status_code == 422
    assert api.post("/v1/cognates", json={"a": "свет", "b": "свеча", "scope": "a\x00b"}).status_code == 422


def test_create_list_replace_delete(api):
    r = api.post("/v1/rulings", json=ruling(note="свеча от света", judge="Главный судья"), headers=AUTH)
    assert r.status_code == 201, r.text
    made = r.json()
    assert r.headers["location"] == f"/v1/rulings/{made['id']}"
    assert made["verdict"] is False and made["judge"] == "Главный судья" and made["decided_at"]
    again = api.post("/v1/rulings", json=ruling(a="свеча", b="свет", verdict=True), headers=AUTH)
    assert again.status_code == 200 and again.json()["id"] == made["id"]
    listed = api.get("/v1/rulings", params={"scope": "cup"}).json()["rulings"]
    assert [(x["id"], x["verdict"]) for x in listed] == [(made["id"], True)]
    assert api.get(f"/v1/rulings/{made['id']}").json()["a"] == "свеча"
    assert api.delete(f"/v1/rulings/{made['id']}", headers=AUTH).status_code == 204
    assert api.delete(f"/v1/rulings/{made['id']}", headers=AUTH).status_code == 404
    assert api.get("/v1/rulings", params={"scope": "cup"}).json()["rulings"] == []


@pytest.mark.parametrize("body", [
    ruling(verdict="accept"),                    # cognate takes a boolean
    ruling(verdict="true"),                      # and not a string that looks like one
    ruling(kind="chgk_answer", verdict=True),    # chgk takes accept/reject
    ruling(kind="dispute"),
    ruling(a="svet"),                            # not a Russian word
    ruling(a="два слова"),
    ruling(scope=""),
    ruling(note="nul\x00"),                    # PostgreSQL text cannot hold it: refused in both stores
])
def test_bad_rulings_are_422(api, body):
    r = api.post("/v1/rulings", json=body, headers=AUTH)
    assert r.status_code == 422 and r.json()["detail"], r.text


def test_export_import_round_trip(api):
    api.post("/v1/rulings", json=ruling(note="решили на собрании", judge="Ива"), headers=AUTH)
    api.post("/v1/rulings", json=ruling(kind="chgk_answer", a="Пушкин", b="Александр Пушкин", verdict="accept"),
             headers=AUTH)
    doc = api.get("/v1/rulings/export", params={"scope": "cup"}).json()
    assert doc["format"] == "koren-rulings" and len(doc["rulings"]) == 2
    r = api.post("/v1/rulings/import", params={"scope": "cup-2026"}, json=doc, headers=AUTH)
    assert r.json() == {"scope": "cup-2026", "imported": 2, "created": 2, "updated": 0}
    moved = api.get("/v1/rulings/export", params={"scope": "cup-2026"}).json()["rulings"]
    assert moved == doc["rulings"]                       # who, when and why travel with the ruling
    assert api.post("/v1/rulings/import", json=doc, headers=AUTH).json()["updated"] == 2   # scope from the doc
    bad = {**doc, "rulings": doc["rulings"] + [{"kind": "cognate", "a": "x1", "b": "свет", "verdict": True}]}
    assert api.post("/v1/rulings/import", params={"scope": "fresh"}, json=bad, headers=AUTH).status_code == 422
    assert api.get("/v1/rulings", params={"scope": "fresh"}).json()["rulings"] == []   # all or nothing
    assert api.post("/v1/rulings/import", json=doc).status_code == 401


# --- rulings override the engine ------------------------------------------------------------------

def test_cognate_ruling_overrides_engine_with_evidence(api):
    assert api.post("/v1/cognates", json={"a": "свет", "b": "свеча", "scope": "cup"}).json()["cognate"] is True
    api.post("/v1/rulings", json=ruling(note="не считаем", judge="Ива"), headers=AUTH)
    out = api.post("/v1/cognates", json={"a": "свечу", "b": "Свет", "scope": "cup"}).json()
    assert out["cognate"] is False and out["shared_roots"] == []
    ev = out["evidence"][0]
    assert ev["kind"] == "ruling" and ev["judge"] == "Ива" and ev["note"] == "не считаем" and ev["decided_at"]
    assert ev["engine"]["cognate"] is True and ev["engine"]["evidence"]
    assert api.post("/v1/cognates", json={"a": "свет", "b": "свеча"}).json()["cognate"] is True       # no scope
    assert api.post("/v1/cognates", json={"a": "свет", "b": "свеча", "scope": "x"}).json()["cognate"] is True
    batch = api.post("/v1/cognates/batch", json={"pairs": [["свет", "свеча"], ["рука", "ручной"]],
                                                 "scope": "cup"}).json()["results"]
    assert [r["cognate"] for r in batch] == [False, True]


@pytest.mark.parametrize("spelling", ["кубок\u200b", " кубок ", "\u2060кубок\ufe0f", "кубок\u034f"])
def test_scope_names_are_normalised(api, spelling):
    # Issue 36, item 8: «кубок\u200b» read nothing of кубок's rulings; written under it, they were lost to кубок.
    assert api.post("/v1/rulings", json=ruling(scope="кубок"), headers=AUTH).status_code == 201
    assert api.post("/v1/cognates", json={"a": "свет", "b": "свеча", "scope": spelling}).json()["cognate"] is False
    hat = api.post("/v1/hat/explanation", json={"target": "свет", "text": "горит свеча", "scope": spelling}).json()
    assert not [v for v in hat["violations"] if v["rule"] == "cognate"]
    again = api.post("/v1/rulings", json=ruling(scope=spelling, verdict=True), headers=AUTH)
    assert again.status_code == 200 and again.json()["scope"] == "кубок"          # replaced, not a new scope
    listed = api.get("/v1/rulings", params={"scope": spelling}).json()["rulings"]
    assert [(r["scope"], r["verdict"]) for r in listed] == [("кубок", True)]


def test_an_invisible_scope_is_422(api):
    r = api.post("/v1/rulings", json=ruling(scope="\u200b\u2060"), headers=AUTH)
    assert r.status_code == 422 and r.headers["content-type"].startswith("application/problem+json")
    checked = api.post("/v1/cognates", json={"a": "свет", "b": "свеча", "scope": "\u200b"})
    assert checked.status_code == 422 and "scope" in checked.json()["detail"]


def test_explanation_findings_follow_rulings(api):
    text = "Горит свеча, а днём светло"
    before = api.post("/v1/hat/explanation", json={"target": "свет", "text": text}).json()
    assert "свеча" in [v["token"] for v in before["violations"] if v["rule"] == "cognate"]
    api.post("/v1/rulings", json=ruling(), headers=AUTH)
    api.post("/v1/rulings", json=ruling(b="гореть", verdict=True, note="так решили"), headers=AUTH)
    after = api.post("/v1/hat/explanation", json={"target": "свет", "text": text, "scope": "cup"}).json()
    tokens = {v["token"]: v for v in after["violations"] if v["rule"] == "cognate"}
    assert "свеча" not in tokens and "светло" in tokens
    added = tokens["Горит"]
    assert text[added["start"]:added["end"]] == "Горит" and added["evidence"]["ruling"]["note"] == "так решили"
    assert after["counts"]["violations"] == sum(v["severity"] == "violation" for v in after["violations"])


def test_guess_follows_rulings(api):
    base = {"target": "свет", "guess": "свеча", "scope": "cup"}
    assert api.post("/v1/hat/guess", json=base).json()["reason"] == "cognate"
    api.post("/v1/rulings", json=ruling(), headers=AUTH)
    assert api.post("/v1/hat/guess", json=base).json()["reason"] == "different_word"
    api.post("/v1/rulings", json=ruling(kind="guess", verdict=True, note="засчитали"), headers=AUTH)
    out = api.post("/v1/hat/guess", json=base).json()
    assert out["accepted"] is True and out["evidence"][0]["note"] == "засчитали"
    assert out["evidence"][0]["engine"]["accepted"] is False


# --- nothing is lost ------------------------------------------------------------------------------

def test_concurrent_writers_lose_nothing(store, db_url):
    threads, per_thread, procs, per_proc = 8, 25, 3, 20
    errors: list[BaseException] = []

    def write(n: int, own_store: bool):
        s = RulingsStore(db_url) if own_store else store
        try:
            for i in range(per_thread):
                s.add("race", "chgk_answer", f"ответ {n} {i}", "эталон", "accept")
                s.add("race", "chgk_answer", "один и тот же", "эталон", "reject" if i % 2 else "accept")
        except BaseException as exc:   # noqa: BLE001 — reported below
            errors.append(exc)

    script = textwrap.dedent("""
        import sys
        from service.rulings import RulingsStore
        s = RulingsStore(sys.argv[1])
        for i in range(int(sys.argv[3])):
            s.add("race", "chgk_answer", f"процесс {sys.argv[2]} {i}", "эталон", "reject")
    """)
    children = [subprocess.Popen([sys.executable, "-c", script, db_url, str(p), str(per_proc)], cwd=ROOT)
                for p in range(procs)]
    workers = [threading.Thread(target=write, args=(n, n % 2 == 0)) for n in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert [c.wait(120) for c in children] == [0] * procs
    assert not errors, errors
    rows = store.list("race")
    assert len(rows) == threads * per_thread + procs * per_proc + 1     # +1: the pair everyone overwrote
    assert len({(r.key_a, r.key_b) for r in rows}) == len(rows)
    if store.dialect == "sqlite":
        with store.transaction() as cur:
            assert cur.execute("PRAGMA integrity_check")[0][0] == "ok"


def test_acknowledged_ruling_survives_kill_9(db_url, tmp_path):
    env = {"KOREN_DATABASE_URL": db_url, "KOREN_RULINGS_TOKEN": TOKEN}
    server = Server(env, tmp_path / "server.log").start()
    try:
        acknowledged = []
        with httpx.Client(base_url=server.url, timeout=30) as http:
            for i, (a, b) in enumerate([("свет", "свеча"), ("вода", "водитель"), ("рука", "ручка")]):
                r = http.post("/v1/rulings", json=ruling(scope="kill", a=a, b=b, verdict=bool(i % 2)), headers=AUTH)
                assert r.status_code == 201, r.text
                acknowledged.append(r.json())
        server.kill9()                    # right after the last 201: no graceful shutdown
    finally:
        server.stop()
    if db_url.startswith("sqlite"):
        assert sqlite3.connect(db_url[len("sqlite:///"):]).execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    restarted = Server(env, tmp_path / "server.log").start()
    try:
        listed = httpx.get(restarted.url + "/v1/rulings", params={"scope": "kill"}, timeout=30).json()["rulings"]
        assert listed == acknowledged
        verdict = httpx.post(restarted.url + "/v1/cognates", json={"a": "свет", "b": "свеча", "scope": "kill"},
                             timeout=30).json()
        assert verdict["cognate"] is False and verdict["evidence"][0]["kind"] == "ruling"
    finally:
        restarted.stop()


def test_chgk_ruling_applies_to_a_contract_shaped_result(store):
    from service.rules.chgk.answers import ruling_fields
    from service.rulings.oracle import ScopeOracle

    store.add("cup", "chgk_answer", "Александр Сергеевич Пушкин", "пушкин", "accept", "фамилии достаточно", "Ива")
    engine = {"verdict": "judge", "reason": "less_precise", "message": "only part", "evidence": []}
    override = ScopeOracle(store, "cup").find("chgk_answer", "александр сергеевич пушкин", "Пушкин!")
    out = {**engine, **ruling_fields(override, engine)}
    assert out["verdict"] == "accept" and out["reason"] == "ruling" and out["evidence"][0]["engine"] == engine
    assert ScopeOracle(store, "other").find("chgk_answer", "Пушкин", "Пушкин") is None   # no ruling: engine stands


# --- codenames and ЧГК follow rulings too -----------------------------------------------------------

def test_codenames_clue_follows_a_cognate_ruling(api):
    clue = {"clue": "рыбак", "number": 1, "board": ["рыба", "дом"], "team_open": 2, "scope": "cup"}
    assert api.post("/v1/codenames/clue", json=clue).json()["penalty"] == "loss"
    assert api.post("/v1/rulings", json=ruling(a="рыбак", b="рыба", verdict=False), headers=AUTH).status_code == 201
    body = api.post("/v1/codenames/clue", json=clue).json()
    assert body["valid"] is True and body["penalty"] == "none"
    api.post("/v1/rulings", json=ruling(a="рыбак", b="дом", verdict=True, note="так решили"), headers=AUTH)
    body = api.post("/v1/codenames/clue", json=clue).json()
    hit = [v for v in body["violations"] if v["board_word"] == "дом"][0]
    assert body["penalty"] == "loss" and hit["evidence"][0]["kind"] == "ruling"
    assert hit["evidence"][0]["note"] == "так решили"
    assert api.post("/v1/codenames/clue", json={**clue, "scope": None}).json()["penalty"] == "loss"


def test_chgk_answer_follows_a_ruling(api):
    question = {"answer": "Гагарен", "reference": "Гагарин", "scope": "cup"}
    engine_verdict = api.post("/v1/chgk/answer", json=question).json()["verdict"]
    api.post("/v1/rulings", json=ruling(kind="chgk_answer", a="Гагарин", b="Гагарен", verdict="reject"), headers=AUTH)
    body = api.post("/v1/chgk/answer", json=question).json()
    assert body["verdict"] == "reject" and body["reason"] == "ruling"
    assert body["evidence"][0]["engine"]["verdict"] == engine_verdict


def test_chgk_batch_groups_follow_a_ruling(api):
    batch = {"reference": "Гагарин", "scope": "cup",
             "answers": [{"team": "A", "answer": "Гагарен"}, {"team": "B", "answer": "гагарен"}, {"team": "C", "answer": "Титов"}]}
    before = api.post("/v1/chgk/answers", json=batch).json()
    assert before["counts"]["accept"] == 2
    api.post("/v1/rulings", json=ruling(kind="chgk_answer", a="Гагарин", b="Гагарен", verdict="reject"), headers=AUTH)
    after = api.post("/v1/chgk/answers", json=batch).json()
    assert [r["verdict"] for r in after["results"]] == ["reject", "reject", "reject"]
    assert after["counts"]["accept"] == 0 and after["groups"][0]["reason"] == "ruling"
    assert after["groups"][0]["evidence"][0]["kind"] == "ruling"
