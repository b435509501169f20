"""The rulings store: SQLite by default, PostgreSQL for replicas that share rulings.

One SQL text serves both (``?`` placeholders, rewritten for psycopg).  A
write returns only after its transaction commits: SQLite runs in WAL mode
with synchronous=FULL, PostgreSQL with its default synchronous_commit, so a
ruling acknowledged with 201 survives a kill -9 of the server.

A write either commits before its answer or is rolled back, and the answer
says which.  Just before COMMIT a write checks the request's work budget
(lexicon.budget): once the request has timed out it rolls back instead of
committing behind a 503.  Store faults (disk full, read-only, I/O errors, an
unreachable server) leave as :class:`StoreUnavailable`, which names the store
and says whether a write was stored; the API answers 503 with it.

SQLite also guards against faults it cannot see itself.  An unlinked database
file (its directory deleted while we run) still takes writes into the deleted
inode, so before every transaction the path must still be the file we opened;
and a write into a memory-mapped file made immutable (chattr +i, the WAL
index -shm in particular) kills the process with SIGBUS, so such files are
refused too (read with statx, never open/close: closing any descriptor of a
SQLite file drops this process's locks on it).  Memory-mapped I/O of the
database itself is off (PRAGMA mmap_size = 0).
"""
from __future__ import annotations

import ctypes
import json
import logging
import os
import sqlite3
import struct
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Iterator
from urllib.parse import urlsplit

from lexicon import budget
from service.rulings import migrations
from service.rulings.keys import KINDS, pair_key, scope_name

from service.settings import DEFAULT_SQLITE   # one default, the Settings' one

log = logging.getLogger("koren.rulings")
SQLITE_BUSY_MS = 30_000
MAX_IDLE = 8
IMPORT_BATCH = 200   # an import checks the request's budget after every batch of rows


def _text(*values: str | None) -> None:
    # PostgreSQL text cannot hold NUL; refuse it in both stores so they accept the same inputs.
    if any(v and "\x00" in v for v in values):
        raise ValueError("text must not contain NUL characters")


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


class StoreUnavailable(RuntimeError):
    """The rulings store cannot serve this request; the API answers 503 with ``str(exc)``.

    ``action`` is open | read | write.  For a write, ``stored`` is False when nothing was stored (the
    transaction was rolled back or never began) and None when the fault hit COMMIT itself, so the
    write may or may not be on disk.
    """

    def __init__(self, store: str, action: str, reason: str, stored: bool | None = False):
        self.store, self.action, self.reason, self.stored = store, action, reason, stored
        detail = f"the rulings store ({store}) cannot {action}: {reason}"
        if action == "write":
            detail += ("; nothing was stored (the transaction was rolled back)" if stored is False
                       else "; the write may or may not have been stored: read it back to see")
        super().__init__(detail)      # for the log: a SQLite store by its path
        # For answers: a SQLite store by its file name only (the path is the operator's, not a client's).
        self.public = detail.replace(store, shown_name(store))


# SQLite result codes (extended names start with these) and what they mean to an operator.
_SQLITE_FAULTS = (
    ("SQLITE_FULL", "database or disk is full", "disk full"),
    ("SQLITE_READONLY", "readonly database", "the database is read-only"),
    ("SQLITE_CANTOPEN", "unable to open database file", "the file cannot be opened (is its directory there?)"),
    ("SQLITE_IOERR", "disk i/o error", "I/O error"),
    ("SQLITE_CORRUPT", "malformed", "the database file is corrupt"),
    ("SQLITE_NOTADB", "file is not a database", "the file is not a SQLite database"),
    ("SQLITE_BUSY", "database is locked", f"another writer held the lock for over {SQLITE_BUSY_MS // 1000} s"),
    ("SQLITE_PERM", "access permission denied", "permission denied"),
    ("SQLITE_NOMEM", "out of memory", "out of memory"),
    ("SQLITE_PROTOCOL", "locking protocol", "the WAL locking protocol failed"),
)
_NOT_WRITTEN = ("SQLITE_FULL", "SQLITE_READONLY", "SQLITE_BUSY", "SQLITE_PERM", "SQLITE_CANTOPEN")


def _sqlite_fault(exc: BaseException) -> tuple[str, str] | None:
    """(reason, result code) when a sqlite3 error is a store fault; None for errors in our SQL or data."""
    if not (isinstance(exc, sqlite3.OperationalError) or type(exc) is sqlite3.DatabaseError):
        return None
    name = getattr(exc, "sqlite_errorname", None) or ""
    message = str(exc).lower()
    for code, text, reason in _SQLITE_FAULTS:
        if name.startswith(code) or (not name and text in message):
            return f"{reason} ({name or code})", name or code
    return None   # SQLITE_ERROR and the like: a bug in our SQL, answered 500, not blamed on the store


def _pg_fault(psycopg, exc: BaseException) -> str | None:
    """The reason a psycopg error is a store fault (connection, disk, read-only, privileges), else None."""
    faults = (psycopg.OperationalError, psycopg.InterfaceError, psycopg.errors.ReadOnlySqlTransaction,
              psycopg.errors.InsufficientPrivilege)
    if not isinstance(exc, faults):
        return None
    state = getattr(exc, "sqlstate", None)
    first_line = (str(exc).strip().splitlines() or [""])[0][:200]
    return f"{type(exc).__name__}" + (f" (SQLSTATE {state})" if state else "") + (f": {first_line}" if first_line else "")


def shown_name(store: str) -> str:
    """How an answer names a store: a SQLite file by its name, not its path; a server by its public name."""
    return f"sqlite ({Path(store[len('sqlite:///'):]).name})" if store.startswith("sqlite:///") else store


def _public_name(url: str) -> str:
    """The store's URL without credentials or query (logs; answers name a SQLite store by shown_name)."""
    if url.startswith("sqlite:///"):
        return url
    parts = urlsplit(url)
    host = parts.hostname or ""
    return f"{parts.scheme}://{host}{f':{parts.port}' if parts.port else ''}{parts.path}"


# statx(2) file attributes (chattr +i / +a); read without opening the file.
_STATX_ATTR_IMMUTABLE, _STATX_ATTR_APPEND, _AT_FDCWD = 0x10, 0x20, -100
try:
    _statx = ctypes.CDLL(None, use_errno=True).statx
    _statx.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_uint, ctypes.c_void_p]
    _statx.restype = ctypes.c_int
except (OSError, AttributeError):   # not Linux, or a libc without statx
    _statx = None


_KEPT_OPEN: list = []   # connections that must never be closed (RulingsStore._dispose)


def _unchangeable(path: str) -> bool:
    """Is the file immutable or append-only (chattr +i / +a)?  False when absent or unknowable."""
    if _statx is None:
        return False
    buf = ctypes.create_string_buffer(256)
    if _statx(_AT_FDCWD, os.fsencode(path), 0, 0, buf) != 0:
        return False
    attributes = struct.unpack_from("=Q", buf, 8)[0]
    return bool(attributes & (_STATX_ATTR_IMMUTABLE | _STATX_ATTR_APPEND))


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


def _rollback(conn) -> None:
    try:
        conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass   # the connection is closed next, which rolls back whatever is left


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
        url = url or f"sqlite:///{DEFAULT_SQLITE}"
        self._identity: tuple[int, int] | None = None   # (st_dev, st_ino) of the SQLite file once open
        self._frozen = False                            # its -shm is immutable: connections must not close
        if url.startswith(("postgresql://", "postgres://")):
            import psycopg  # optional dependency: only PostgreSQL deployments need it

            self.dialect, self._psycopg = "postgresql", psycopg
        elif url.startswith("sqlite:///"):
            self.dialect, self._path = "sqlite", Path(url[len("sqlite:///"):])
            if str(self._path) in ("", ":memory:"):
                raise ValueError("a rulings store must outlive the process: give SQLite a file path")
            self._path = self._path.resolve()   # fixed now: pooled connections must not follow a later chdir
            url = f"sqlite:///{self._path}"
        else:
            raise ValueError("KOREN_DATABASE_URL must be sqlite:///path or postgresql://…")
        self.url, self.name = url, _public_name(url)
        self._idle: list = []
        self._lock = threading.Lock()
        self._open()

    def _open(self) -> None:
        if self.dialect == "sqlite":
            try:
                self._path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                log.error("rulings store: cannot create %s: %s", self._path.parent, exc.strerror)
                raise StoreUnavailable(self.name, "open", f"cannot create its directory: {exc.strerror}") from exc
        try:
            self.migrate()
        except StoreUnavailable as exc:
            raise StoreUnavailable(self.name, "open", exc.reason) from exc
        if self.dialect == "sqlite":
            stat = os.stat(self._path)
            self._identity = (stat.st_dev, stat.st_ino)

    # --- connections ---------------------------------------------------------
    def _connect(self):
        if self.dialect == "postgresql":
            return self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves; pooled connections move between threads.
        conn = sqlite3.connect(self._path, timeout=SQLITE_BUSY_MS / 1000, isolation_level=None,
                               check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_MS}")
        conn.execute("PRAGMA synchronous = FULL")   # WAL + FULL: a commit is on disk before we answer
        conn.execute("PRAGMA mmap_size = 0")        # no mapped database pages: a truncated file is an error, not SIGBUS
        return conn

    def _fault(self, exc: BaseException, action: str, committing: bool = False) -> StoreUnavailable | None:
        """The StoreUnavailable a driver error means, or None when it is not a store fault."""
        if self.dialect == "sqlite":
            found = _sqlite_fault(exc)
            if found is None:
                return None
            reason, code = found
            surely_not = not committing or code.startswith(_NOT_WRITTEN)
        else:
            reason = _pg_fault(self._psycopg, exc)
            if reason is None:
                return None
            surely_not = not committing
        return StoreUnavailable(self.name, action, reason, stored=False if surely_not else None)

    def _check_files(self, action: str) -> None:
        """Refuse to touch a SQLite file that is no longer our store, or that would crash a writer."""
        if self.dialect != "sqlite" or self._identity is None:
            return
        try:
            stat = os.stat(self._path)
            same = (stat.st_dev, stat.st_ino) == self._identity
        except FileNotFoundError:
            same = None
        if not same:
            what = "deleted" if same is None else "replaced by another file"
            log.error("rulings store %s was %s while the service ran; its rulings are held only by this "
                      "process's open connections (see /proc/%d/fd) until it stops", self._path, what, os.getpid())
            raise StoreUnavailable(self.name, action, f"the database file was {what} while the service ran; "
                                   "restore it and restart the service")
        # Readers write to the WAL index (-shm) too, so an immutable -shm stops reads as well as writes.
        self._frozen = _unchangeable(f"{self._path}-shm")
        if self._frozen:
            with self._lock:
                idle, self._idle = self._idle, []
            for conn in idle:
                self._dispose(conn)
        for suffix in ("-shm", "", "-wal") if action == "write" else ("-shm",):
            if self._frozen if suffix == "-shm" else _unchangeable(f"{self._path}{suffix}"):
                raise StoreUnavailable(self.name, action, f"{self._path.name}{suffix} is immutable or append-only "
                                       "(chattr +i/+a); SQLite cannot change it")

    def _acquire(self, action: str):
        self._check_files(action)
        with self._lock:
            conn = self._idle.pop() if self._idle else None
        if conn is not None:
            return conn
        try:
            return self._connect()
        except Exception as exc:
            fault = self._fault(exc, action)
            if fault is None:
                raise
            raise fault from exc

    def _release(self, conn) -> None:
        with self._lock:
            if len(self._idle) < MAX_IDLE and not self._frozen:
                self._idle.append(conn)
                return
        self._dispose(conn)

    def _dispose(self, conn) -> None:
        """Close a connection, unless the WAL index (-shm) has become immutable.

        Closing the last connection to a WAL database writes to the memory-mapped -shm, and that write
        into an immutable file kills the process with SIGBUS (at shutdown, too).  Such connections are
        kept open for the life of the process instead; the WAL keeps what they committed.
        """
        if self.dialect == "sqlite" and (self._frozen or _unchangeable(f"{self._path}-shm")):
            _KEPT_OPEN.append(conn)
            ctypes.pythonapi.Py_IncRef(ctypes.py_object(conn))   # not even freed at interpreter exit
            return
        conn.close()

    @contextmanager
    def transaction(self, write: bool = False, deadline: bool = True) -> Iterator[_Cursor]:
        """One transaction on a pooled connection; driver faults leave as StoreUnavailable.

        A write (with ``deadline``) checks the request's budget just before COMMIT: a request that has
        already timed out rolls back and raises WorkCancelled instead of committing unseen.
        """
        action = "write" if write else "read"
        conn = self._acquire(action)
        committing = False
        try:
            if self.dialect == "postgresql":
                with conn.transaction():
                    yield _Cursor(conn, self.dialect)
                    if write and deadline:
                        budget.check()
                    committing = True      # leaving the block commits
            else:
                # IMMEDIATE takes the write lock up front, so two writers queue instead of deadlocking.
                conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    yield _Cursor(conn, self.dialect)
                    if write and deadline:
                        budget.check()
                except BaseException:
                    _rollback(conn)
                    raise
                committing = True
                conn.execute("COMMIT")
        except BaseException as exc:
            self._dispose(conn)   # a connection that failed mid-way is not trusted again
            fault = self._fault(exc, action, committing) if isinstance(exc, Exception) else None
            if fault is None:
                raise
            raise fault from exc
        self._release(conn)

    def migrate(self) -> list[int]:
        if self.dialect == "sqlite":
            self._wal()
        with self.transaction() as cur:
            if migrations.current(cur, self.dialect):
                return []   # nothing to do: no write lock, and a read-only database still opens
        with self.transaction(write=True, deadline=False) as cur:
            if self.dialect == "postgresql":
                cur.execute("SELECT pg_advisory_xact_lock(?)", (migrations.PG_LOCK_KEY,))
            return migrations.apply(cur, self.dialect)

    def _wal(self) -> None:
        conn = None
        try:
            conn = self._connect()
            # journal_mode is a property of the file and cannot change inside a transaction.
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        except Exception as exc:
            fault = self._fault(exc, "open")
            if fault is None:
                raise
            raise fault from exc
        finally:
            if conn is not None:
                conn.close()
        if mode.lower() != "wal":
            raise StoreUnavailable(self.name, "open", f"SQLite refused WAL mode (got {mode})")

    def schema_version(self) -> int:
        with self.transaction() as cur:
            return cur.execute("SELECT COALESCE(MAX(version), 0) FROM koren_schema_migrations")[0][0]

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            self._dispose(conn)

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
        scope, (key_a, key_b) = scope_name(scope), pair_key(kind, a, b)
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
            for n, item in enumerate(items):
                if n % IMPORT_BATCH == 0:
                    budget.check()   # a timed-out import stops here and rolls back
                _, new = self._put(cur, scope, item["kind"], item["a"], item["b"], item["verdict"],
                                   item.get("note", ""), item.get("judge") or "", item.get("decided_at"))
                created, updated = created + new, updated + (not new)
        return created, updated

    def list(self, scope: str, kind: str | None = None) -> list[Ruling]:
        _text(scope)
        sql, params = f"SELECT {_COLUMNS} FROM rulings WHERE scope = ?", [scope_name(scope)]
        if kind:
            sql, params = sql + " AND kind = ?", params + [kind]
        with self.transaction() as cur:
            return [_ruling(r) for r in cur.execute(sql + " ORDER BY id", params)]

    def kinds_in(self, scope: str) -> frozenset[str]:
        """The kinds ruled in `scope`, in one query of an index probe per kind, whatever the scope's size."""
        _text(scope)
        name = scope_name(scope)
        probes = ", ".join("EXISTS (SELECT 1 FROM rulings WHERE scope = ? AND kind = ?)" for _ in KINDS)
        with self.transaction() as cur:
            row = cur.execute(f"SELECT {probes}", [v for kind in KINDS for v in (name, kind)])[0]
        return frozenset(kind for kind, there in zip(KINDS, row) if there)

    def among(self, scope: str, kind: str, keys: Iterable[str]) -> list[Ruling]:
        """The rulings of `kind` in `scope` whose two keys are both among `keys`, in one query.

        The unique index (scope, kind, key_a, key_b) is probed once per key, for key_a only (probing
        key_b too would be keys² probes for a batch): the rows read are the rulings whose first key is
        asked about, not the scope (a scope of 57,000 rulings was read whole by every scoped check)."""
        _text(scope)
        keys = set(keys)
        if not keys:
            return []
        if self.dialect == "postgresql":
            listed, param = "= ANY(?)", sorted(keys)          # psycopg passes a list as text[]
        else:
            listed, param = "IN (SELECT value FROM json_each(?))", json.dumps(sorted(keys), ensure_ascii=False)
        sql = f"SELECT {_COLUMNS} FROM rulings WHERE scope = ? AND kind = ? AND key_a {listed}"
        with self.transaction() as cur:
            rows = cur.execute(sql, (scope_name(scope), kind, param))
        return [_ruling(r) for r in rows if r[6] in keys]

    def get(self, ruling_id: int) -> Ruling | None:
        with self.transaction() as cur:
            rows = cur.execute(f"SELECT {_COLUMNS} FROM rulings WHERE id = ?", (ruling_id,))
        return _ruling(rows[0]) if rows else None

    def delete(self, ruling_id: int) -> Ruling | None:
        with self.transaction(write=True) as cur:
            rows = cur.execute(f"DELETE FROM rulings WHERE id = ? RETURNING {_COLUMNS}", (ruling_id,))
        return _ruling(rows[0]) if rows else None
