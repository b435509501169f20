"""Versioned schema migrations, one list for both stores.

Each migration has a version, a name and its SQL per dialect.  Applied
versions are recorded in ``koren_schema_migrations``; opening a store applies
the missing ones in one transaction under a lock (BEGIN IMMEDIATE in SQLite,
an advisory lock in PostgreSQL), so replicas starting together migrate once.
A store whose schema is current is opened with reads only (``current``), so
a database that became read-only still serves its rulings.
Append new migrations; never edit an applied one.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sqlite: tuple[str, ...]
    postgresql: tuple[str, ...]


_RULINGS_COLUMNS = """
    scope TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('cognate', 'guess', 'chgk_answer')),
    a TEXT NOT NULL,
    b TEXT NOT NULL,
    key_a TEXT NOT NULL,
    key_b TEXT NOT NULL,
    verdict TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    judge TEXT NOT NULL DEFAULT '',
    decided_at TEXT NOT NULL,
    stored_at TEXT NOT NULL,
    UNIQUE (scope, kind, key_a, key_b)
"""

MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1, "rulings",
        # key_a/key_b are the normalised pair (sorted for cognate), so one pair has one ruling per scope;
        # verdict is JSON (true/false, "accept"/"reject"); decided_at is when the judge ruled (kept by
        # export/import), stored_at when this database took it; both ISO 8601 UTC text in both stores.
        sqlite=(f"CREATE TABLE rulings (id INTEGER PRIMARY KEY AUTOINCREMENT, {_RULINGS_COLUMNS})",),
        postgresql=(f"CREATE TABLE rulings (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, {_RULINGS_COLUMNS})",),
    ),
)

LEDGER = ("CREATE TABLE IF NOT EXISTS koren_schema_migrations "
          "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)")
PG_LOCK_KEY = 0x6B6F72656E  # "koren": any constant shared by every replica


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer Корень; refuse rather than guess."""


def _check_known(applied: set[int], migrations: tuple[Migration, ...]) -> None:
    known = {m.version for m in migrations}
    if applied - known:
        raise SchemaTooNew(f"database schema has versions {sorted(applied - known)} this code does not know; "
                           "upgrade Корень before pointing it at this database")


def current(cursor, dialect: str, migrations: tuple[Migration, ...] = MIGRATIONS) -> bool:
    """Is every migration applied already?  Reads only, so a read-only database can still be opened."""
    if dialect == "postgresql":
        exists = cursor.execute("SELECT to_regclass('koren_schema_migrations') IS NOT NULL")[0][0]
    else:
        exists = bool(cursor.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                                     "AND name = 'koren_schema_migrations'"))
    if not exists:
        return False
    applied = {row[0] for row in cursor.execute("SELECT version FROM koren_schema_migrations")}
    _check_known(applied, migrations)
    return applied == {m.version for m in migrations}


def apply(cursor, dialect: str, migrations: tuple[Migration, ...] = MIGRATIONS) -> list[int]:
    """Apply the missing migrations inside the caller's (locked) transaction; returns the versions applied."""
    cursor.execute(LEDGER)
    applied = {row[0] for row in cursor.execute("SELECT version FROM koren_schema_migrations")}
    _check_known(applied, migrations)
    done = []
    for m in sorted(migrations, key=lambda m: m.version):
        if m.version in applied:
            continue
        for statement in getattr(m, dialect):
            cursor.execute(statement)
        cursor.execute("INSERT INTO koren_schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                       (m.version, m.name, datetime.now(timezone.utc).isoformat(timespec="seconds")))
        done.append(m.version)
    return done
