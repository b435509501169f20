"""The rulings store: SQLite by default, PostgreSQL for replicas that share rulings.

One SQL text serves both (``?`` placeholders, rewritten for psycopg).  A
write returns only after its transaction commits: SQLite runs in WAL mode
with synchronous=FULL, PostgreSQL with its default synchronous_commit, so a
ruling acknowledged with 201 survives a kill -9 of the server.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Iterator

from service.rulings import migrations
from service.rulings.keys import KINDS, pair_key

DEFAULT_SQLITE = Path("var") / "rulings.sqlite"   # relative to the working directory; var/ is not in git
SQLITE_BUSY_MS = 30_000
MAX_IDLE = 8


def _text(*values: str | None) -> None:
    # PostgreSQL text cannot hold NUL; refuse it in both stores so they accept the same inputs.
    if any(v and "\x00" in v for v in values):
        raise ValueError("text must not contain NUL characters")


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


@dataclass(frozen=True)
class Ruling:
    id: int
    scope: str
    kind: str
    a: str
    b: str
    key_a: str
    key_b: str
    verdict: Any
    note: str
    judge: str
    decided_at: str
    stored_at: str

    def to_json(self) -> dict:
        return {"id": self.id, "scope": self.scope, "kind": self.kind, "a": self.a, "b": self.b,
                "verdict": self.verdict, "note": self.note, "judge": self.judge or None,
                "decided_at": self.decided_at, "stored_at": self.stored_at}


_COLUMNS = "id, scope, kind, a, b, key_a, key_b, verdict, note, judge, decided_at, stored_at"


def _ruling(row) -> Ruling:
    values = list(row)
    values[7] = json.loads(values[7])
    return Ruling(*values)


class _Cursor:
    """execute() → list of rows, the same for both drivers."""

    def __init__(self, conn, dialect: str):
        self.conn, self.dialect = conn, dialect

    def execute(self, sql: str, params: Iterable = ()) -> list[tuple]:
        if self.dialect == "postgresql":
            cur = self.conn.execute(sql.replace("?", "%s"), tuple(params))
            return cur.fetchall() if cur.description else []
        return self.conn.execute(sql, tuple(params)).fetchall()


class RulingsStore:
    def __init__(self, url: str | None = None):
        url = url or os.environ.get("KOREN_DATABASE_URL") or f"sqlite:///{DEFAULT_SQLITE}"
        if url.startswith(("postgresql://", "postgres://")):
            import psycopg  # optional dependency: only PostgreSQL deployments need it

            self.dialect, self._psycopg = "postgresql", psycopg
        elif url.startswith("sqlite:///"):
            self.dialect, self._path = "sqlite", Path(url[len("sqlite:///"):])
            if str(self._path) in ("", ":memory:"):
                raise ValueError("a rulings store must outlive the process: give SQLite a file path")
            self._path = self._path.resolve()   # fixed now: pooled connections must not follow a later chdir
            self._path.parent.mkdir(parents=True, exist_ok=True)
        else:
            raise ValueError("KOREN_DATABASE_URL must be sqlite:///path or postgresql://…")
        self.url = url
        self._idle: list = []
        self._lock = threading.Lock()
        self.migrate()

    # --- connections ---------------------------------------------------------
    def _connect(self):
        if self.dialect == "postgresql":
            return self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves; pooled connections move between threads.
        conn = sqlite3.connect(self._path, timeout=SQLITE_BUSY_MS / 1000, isolation_level=None,
                               check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_MS}")
        conn.execute("PRAGMA synchronous = FULL")   # WAL + FULL: a commit is on disk before we answer
        return conn

    @contextmanager
    def transaction(self, write: bool = False) -> Iterator[_Cursor]:
        with self._lock:
            conn = self._idle.pop() if self._idle else None
        conn = conn or self._connect()
        try:
            if self.dialect == "postgresql":
                with conn.transaction():
                    yield _Cursor(conn, self.dialect)
            else:
                # IMMEDIATE takes the write lock up front, so two writers queue instead of deadlocking.
                conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    yield _Cursor(conn, self.dialect)
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
        except BaseException:
            conn.close()   # a connection that failed mid-way is not trusted again
            raise
        with self._lock:
            if len(self._idle) < MAX_IDLE:
                self._idle.append(conn)
                conn = None
        if conn is not None:
            conn.close()

    def migrate(self) -> list[int]:
        if self.dialect == "sqlite":
            conn = self._connect()
            try:
                # journal_mode is a property of the file and cannot change inside a transaction.
                mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if mode.lower() != "wal":
                    raise RuntimeError(f"SQLite refused WAL mode (got {mode}) for {self._path}")
            finally:
                conn.close()
        with self.transaction(write=True) as cur:
            if self.dialect == "postgresql":
                cur.execute("SELECT pg_advisory_xact_lock(?)", (migrations.PG_LOCK_KEY,))
            return migrations.apply(cur, self.dialect)

    def schema_version(self) -> int:
        with self.transaction() as cur:
            return cur.execute("SELECT COALESCE(MAX(version), 0) FROM koren_schema_migrations")[0][0]

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    # --- rulings -------------------------------------------------------------
    _UPSERT = (f"INSERT INTO rulings ({_COLUMNS.removeprefix('id, ')}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
               "ON CONFLICT (scope, kind, key_a, key_b) DO UPDATE SET a = excluded.a, b = excluded.b, "
               "verdict = excluded.verdict, note = excluded.note, judge = excluded.judge, "
               f"decided_at = excluded.decided_at, stored_at = excluded.stored_at RETURNING {_COLUMNS}")

    def _put(self, cur: _Cursor, scope: str, kind: str, a: str, b: str, verdict: Any, note: str, judge: str,
             decided_at: str | None) -> tuple[Ruling, bool]:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}")
        _text(scope, a, b, note, judge, decided_at)
        key_a, key_b = pair_key(kind, a, b)
        before = cur.execute("SELECT id FROM rulings WHERE scope = ? AND kind = ? AND key_a = ? AND key_b = ?",
                             (scope, kind, key_a, key_b))
        stamp = now()
        row = cur.execute(self._UPSERT, (scope, kind, a, b, key_a, key_b, json.dumps(verdict), note or "",
                                         judge or "", decided_at or stamp, stamp))[0]
        return _ruling(row), not before

    def add(self, scope: str, kind: str, a: str, b: str, verdict: Any, note: str = "", judge: str = "",
            decided_at: str | None = None) -> tuple[Ruling, bool]:
        """Record a ruling; a later ruling on the same pair in the same scope replaces it. → (ruling, created)."""
        with self.transaction(write=True) as cur:
            return self._put(cur, scope, kind, a, b, verdict, note, judge, decided_at)

    def import_many(self, scope: str, items: list[dict]) -> tuple[int, int]:
        """All or nothing: one transaction. → (created, updated)."""
        created = updated = 0
        with self.transaction(write=True) as cur:
            for item in items:
                _, new = self._put(cur, scope, item["kind"], item["a"], item["b"], item["verdict"],
                                   item.get("note", ""), item.get("judge") or "", item.get("decided_at"))
                created, updated = created + new, updated + (not new)
        return created, updated

    def list(self, scope: str, kind: str | None = None) -> list[Ruling]:
        _text(scope)
        sql, params = f"SELECT {_COLUMNS} FROM rulings WHERE scope = ?", [scope]
        if kind:
            sql, params = sql + " AND kind = ?", params + [kind]
        with self.transaction() as cur:
            return [_ruling(r) for r in cur.execute(sql + " ORDER BY id", params)]

    def get(self, ruling_id: int) -> Ruling | None:
        with self.transaction() as cur:
            rows = cur.execute(f"SELECT {_COLUMNS} FROM rulings WHERE id = ?", (ruling_id,))
        return _ruling(rows[0]) if rows else None

    def delete(self, ruling_id: int) -> Ruling | None:
        with self.transaction(write=True) as cur:
            rows = cur.execute(f"DELETE FROM rulings WHERE id = ? RETURNING {_COLUMNS}", (ruling_id,))
        return _ruling(rows[0]) if rows else None
