"""Issue 12, items 4 and 5: a write's answer is true at the timeout, and store faults answer 503.

4. A write either commits before its answer or is rolled back, and the answer says which: a request
   that times out before COMMIT rolls back ("stored": false); one whose COMMIT is under way when the
   timeout strikes gets its real 201 once the commit lands.
5. Disk full, read-only at start, an unopenable store, the database deleted or made immutable while
   running: a 503 problem+json naming the store, checks without a scope still work, no crash, and no
   acknowledged write that is not on disk.
"""
from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from lexicon import budget
from service.api.app import create_app
from service.rulings import RulingsStore
from service.rulings.store import StoreUnavailable, shown_name
from service.settings import Settings
from tests.live_server import ROOT
from tests.service.test_rulings import db_url  # noqa: F401 — the sqlite / postgresql store fixture

TOKEN = "t0ken-for-faults"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
PROBLEM = "application/problem+json"


def ruling(scope="cup", a="свет", b="свеча", verdict=False, kind="cognate"):
    return {"scope": scope, "kind": kind, "a": a, "b": b, "verdict": verdict}


def wait_until_spent(limit_s: float = 30) -> None:
    """Block the worker thread until its request's budget has run out (the request timed out)."""
    work = budget._current.get()
    if work is None:       # not a request (the store opening, a check from the test itself)
        return
    deadline = time.monotonic() + limit_s
    while not work.spent() and time.monotonic() < deadline:
        time.sleep(0.005)


class Proxy:
    """A sqlite3 connection whose execute() can be intercepted (sqlite3.Connection cannot be patched)."""

    def __init__(self, conn, hook):
        self._conn, self._hook = conn, hook

    def execute(self, sql, params=()):
        self._hook(sql)
        return self._conn.execute(sql, params)

    def __getattr__(self, name):     # transaction(), commit(), … for psycopg connections
        return getattr(self._conn, name)


def hook_connections(monkeypatch, hook):
    real = RulingsStore._connect
    monkeypatch.setattr(RulingsStore, "_connect", lambda self: Proxy(real(self), hook))


@pytest.fixture
def url(tmp_path):
    return f"sqlite:///{tmp_path / 'db' / 'rulings.sqlite'}"


@pytest.fixture
def make_api(engine, monkeypatch):
    """make_api(store=None, timeout=10): a client on a fresh app; without a store it opens KOREN_DATABASE_URL."""
    monkeypatch.setenv("KOREN_RULINGS_TOKEN", TOKEN)
    clients = []

    def make(store: RulingsStore | None = None, timeout: float = 10.0) -> TestClient:
        app = create_app(engine, settings=Settings(request_timeout_s=timeout))
        if store is not None:
            app.state.rulings = store
        client = TestClient(app).__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


def assert_store_503(response, store_name: str, *words: str) -> dict:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body = response.json()
    # A SQLite store is named by its file, never by its path (issue 36, item 8); the log keeps the path.
    assert shown_name(store_name) in body["detail"] and "rulings store" in body["detail"], body
    if store_name.startswith("sqlite:///"):
        path = Path(store_name[len("sqlite:///"):])
        assert str(path.parent) not in response.text and shown_name(store_name) == f"sqlite ({path.name})", body
    for word in words:
        assert word in body["detail"], body
    return body


def scopeless_checks_work(api) -> None:
    assert api.post("/v1/cognates", json={"a": "свет", "b": "свеча"}).json()["cognate"] is True
    assert api.post("/v1/hat/guess", json={"target": "свет", "guess": "свеча"}).status_code == 200


# --- 4: a timed-out write is rolled back, and says so ------------------------------------------------

def test_import_that_times_out_is_rolled_back_and_says_so(make_api, db_url, monkeypatch):
    store = RulingsStore(db_url)
    real_put, seen, finished = RulingsStore._put, [], threading.Event()

    def slow_put(self, cur, *args):
        seen.append(1)
        if len(seen) == 250:           # mid-import, past the first batch check
            wait_until_spent()
        return real_put(self, cur, *args)

    real_import = RulingsStore.import_many

    def import_many(self, *args):
        try:
            return real_import(self, *args)
        finally:
            finished.set()

    monkeypatch.setattr(RulingsStore, "_put", slow_put)
    monkeypatch.setattr(RulingsStore, "import_many", import_many)
    api = make_api(store, timeout=0.3)
    rows = [{"kind": "chgk_answer", "a": f"ответ {i}", "b": "эталон", "verdict": "accept"} for i in range(1000)]
    r = api.post("/v1/rulings/import", params={"scope": "big"}, json={"rulings": rows}, headers=AUTH)
    assert r.status_code == 503 and r.headers["content-type"].startswith(PROBLEM), r.text
    assert r.json()["stored"] is False and "nothing was stored" in r.json()["detail"]
    assert finished.wait(30)           # the worker thread is done: it rolled back, not committed late
    assert store.list("big") == []
    assert len(seen) < len(rows)       # and it stopped at the next batch instead of running on


def test_single_write_that_times_out_before_commit_is_rolled_back(make_api, db_url, monkeypatch):
    store = RulingsStore(db_url)
    hook_connections(monkeypatch, lambda sql: wait_until_spent() if sql.startswith("INSERT INTO rulings") else None)
    api = make_api(RulingsStore(db_url), timeout=0.3)
    r = api.post("/v1/rulings", json=ruling(scope="late"), headers=AUTH)
    assert r.status_code == 503 and r.json()["stored"] is False, r.text
    assert r.json()["title"] == "Сервер не успел ответить"
    assert store.list("late") == []


def test_write_whose_commit_straddles_the_timeout_answers_201(make_api, url, monkeypatch):
    # The budget check before COMMIT passed; the timeout strikes while COMMIT runs: the commit lands,
    # so the answer must be the 201, never a 503 for a stored ruling.
    store = RulingsStore(url)
    hook_connections(monkeypatch, lambda sql: wait_until_spent() if sql == "COMMIT" else None)
    api = make_api(RulingsStore(url), timeout=0.3)
    r = api.post("/v1/rulings", json=ruling(scope="straddle"), headers=AUTH)
    assert r.status_code == 201, r.text
    assert [x.id for x in store.list("straddle")] == [r.json()["id"]]


def test_writes_outside_a_request_have_no_deadline(url):
    store = RulingsStore(url)
    created, updated = store.import_many("cli", [ruling(kind="chgk_answer", a=f"ответ {i}", b="эталон", verdict="accept") for i in range(450)])
    assert (created, updated) == (450, 0)


# --- 5: store faults ------------------------------------------------------------------------------

def test_disk_full_on_write_is_503_and_reads_go_on(make_api, url, monkeypatch):
    store = RulingsStore(url)
    store.add("cup", "cognate", "свет", "свеча", False)
    real = RulingsStore._connect

    def full_disk(self):   # the database cannot grow by one page: SQLite's own SQLITE_FULL
        conn = real(self)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
        return conn

    monkeypatch.setattr(RulingsStore, "_connect", full_disk)
    full = RulingsStore(url)
    api = make_api(full)
    rows = [{"kind": "chgk_answer", "a": f"очень длинный ответ номер {i} " * 20, "b": "эталон", "verdict": "accept"}
            for i in range(200)]
    r = api.post("/v1/rulings/import", params={"scope": "cup"}, json={"rulings": rows}, headers=AUTH)
    body = assert_store_503(r, full.name, "cannot write", "disk full", "nothing was stored")
    assert body["stored"] is False and body["store"] == shown_name(full.name)
    assert len(api.get("/v1/rulings", params={"scope": "cup"}).json()["rulings"]) == 1
    scoped = api.post("/v1/cognates", json={"a": "свет", "b": "свеча", "scope": "cup"}).json()
    assert scoped["cognate"] is False and scoped["evidence"][0]["kind"] == "ruling"
    scopeless_checks_work(api)


@pytest.mark.parametrize("error, stored", [("database or disk is full", False), ("disk I/O error", None)])
def test_fault_at_commit_says_whether_it_was_stored(make_api, url, monkeypatch, error, stored):
    def fail_commit(sql):
        if sql == "COMMIT":
            raise sqlite3.OperationalError(error)

    store = RulingsStore(url)
    store.close()                      # drop the pooled connections: the next ones are hooked
    hook_connections(monkeypatch, fail_commit)
    api = make_api(store)
    r = api.post("/v1/rulings", json=ruling(), headers=AUTH)
    body = assert_store_503(r, url, "cannot write")
    assert body["stored"] is stored
    assert ("nothing was stored" in body["detail"]) is (stored is False)
    assert api.delete("/v1/rulings/1", headers=AUTH).json()["stored"] is stored


def test_read_only_database_at_start_serves_reads_and_refuses_writes(make_api, url, monkeypatch):
    RulingsStore(url).add("cup", "cognate", "свет", "свеча", False)
    path = url[len("sqlite:///"):]

    def read_only(self):   # as on a read-only mount: every connection is opened mode=ro
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA mmap_size = 0")
        return conn

    monkeypatch.setattr(RulingsStore, "_connect", read_only)
    monkeypatch.setenv("KOREN_DATABASE_URL", url)
    api = make_api()                            # the store opens lazily, on the first rulings request
    scopeless_checks_work(api)
    assert len(api.get("/v1/rulings", params={"scope": "cup"}).json()["rulings"]) == 1
    scoped = api.post("/v1/cognates", json={"a": "свет", "b": "свеча", "scope": "cup"}).json()
    assert scoped["cognate"] is False
    r = api.post("/v1/rulings", json=ruling(verdict=True), headers=AUTH)
    assert_store_503(r, url, "cannot write", "read-only", "nothing was stored")


def test_unopenable_store_at_start_keeps_scopeless_checks(make_api, tmp_path, monkeypatch):
    (tmp_path / "not-a-dir").write_text("a file where the database folder should be")
    url = f"sqlite:///{tmp_path / 'not-a-dir' / 'rulings.sqlite'}"
    monkeypatch.setenv("KOREN_DATABASE_URL", url)
    api = make_api()
    scopeless_checks_work(api)
    assert_store_503(api.get("/v1/rulings", params={"scope": "cup"}), url, "cannot open")
    assert_store_503(api.post("/v1/rulings", json=ruling(), headers=AUTH), url, "cannot open")
    scoped = api.post("/v1/cognates", json={"a": "свет", "b": "свеча", "scope": "cup"})
    assert scoped.status_code == 503 and scoped.headers["content-type"].startswith(PROBLEM)
    assert "rulings store" in scoped.json()["detail"]


def test_unreachable_postgresql_is_503_without_the_password(make_api, monkeypatch):
    pytest.importorskip("psycopg")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]             # closed again: nothing listens there
    monkeypatch.setenv("KOREN_DATABASE_URL", f"postgresql://judge:s3cret@127.0.0.1:{port}/koren")
    api = make_api()
    r = api.get("/v1/rulings", params={"scope": "cup"})
    assert_store_503(r, f"postgresql://127.0.0.1:{port}/koren", "cannot open")
    assert "s3cret" not in r.text and "judge" not in r.text
    scopeless_checks_work(api)


@pytest.mark.parametrize("remove", ["directory", "file", "replace"])
def test_database_deleted_while_running_refuses_writes(make_api, url, remove):
    store = RulingsStore(url)
    api = make_api(store)
    assert api.post("/v1/rulings", json=ruling(), headers=AUTH).status_code == 201
    path = url[len("sqlite:///"):]
    if remove == "directory":
        shutil.rmtree(os.path.dirname(path))
    else:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.unlink(path + suffix)
        if remove == "replace":
            RulingsStore(url).close()          # a fresh, empty store at the same path
    word = "deleted" if remove != "replace" else "replaced"
    for i, (a, b) in enumerate([("вода", "водитель"), ("рука", "ручка"), ("нос", "носок")]):
        r = api.post("/v1/rulings", json=ruling(a=a, b=b, verdict=bool(i % 2)), headers=AUTH)
        assert_store_503(r, url, "cannot write", word, "nothing was stored")
    assert_store_503(api.get("/v1/rulings", params={"scope": "cup"}), url, word)
    scopeless_checks_work(api)
    if remove == "directory":
        assert not os.path.exists(os.path.dirname(path))   # not silently recreated (empty) behind our back


def test_sqlite_store_maps_no_pages(url):
    store = RulingsStore(url)
    with store.transaction() as cur:
        assert cur.execute("PRAGMA mmap_size")[0][0] == 0


def _chattr_works(tmp_path) -> bool:
    if os.geteuid() != 0 or not shutil.which("chattr"):
        return False
    probe = tmp_path / "chattr-probe"
    probe.write_text("x")
    ok = subprocess.run(["chattr", "+i", str(probe)], capture_output=True).returncode == 0
    subprocess.run(["chattr", "-i", str(probe)], capture_output=True)
    return ok


IMMUTABLE_SCRIPT = textwrap.dedent("""
    import subprocess, sys
    from service.rulings.store import RulingsStore, StoreUnavailable
    path = sys.argv[1]
    store = RulingsStore("sqlite:///" + path)
    store.add("cup", "cognate", "свет", "свеча", False)
    for suffix in sys.argv[2:]:
        subprocess.run(["chattr", "+i", path + suffix], check=True)
    for attempt in (lambda: store.add("cup", "cognate", "вода", "водитель", True), lambda: store.list("cup")):
        try:
            attempt()
            print("ok")
        except StoreUnavailable as exc:
            print("refused:", exc)
""")


@pytest.mark.parametrize("files", [("-shm",), ("", "-wal", "-shm"), ("",)])
def test_immutable_database_is_refused_not_a_sigbus(tmp_path, files):
    if not _chattr_works(tmp_path):
        pytest.skip("needs root and a filesystem where chattr +i works")
    path = str(tmp_path / "rulings.sqlite")
    try:
        run = subprocess.run([sys.executable, "-c", IMMUTABLE_SCRIPT, path, *files], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
    finally:
        for suffix in ("", "-wal", "-shm"):
            subprocess.run(["chattr", "-i", path + suffix], capture_output=True)
    assert run.returncode == 0, f"died with {run.returncode}: {run.stderr[-2000:]}"
    write, read = run.stdout.splitlines()
    assert write.startswith("refused:") and "immutable" in write and "nothing was stored" in write
    assert read.startswith("refused:") if "-shm" in files else read == "ok"
    assert f"sqlite:///{path}" in write


def test_store_unavailable_names_the_store_and_the_outcome():
    exc = StoreUnavailable("sqlite:///x.sqlite", "write", "disk full", stored=None)
    assert "sqlite:///x.sqlite" in str(exc) and "may or may not" in str(exc)
    assert "nothing was stored" not in str(StoreUnavailable("s", "read", "I/O error"))
