"""Every cache of the process in one table: name, entries, bound, estimated bytes (issue 35 item 5; issue 31).

Three kinds of cache live in a worker, and each reaches this registry one way:

* a module-level ``functools.lru_cache`` (``@lru_cache(maxsize=…)`` on a function or a static method) in a
  ``lexicon.*`` or ``service.*`` module is *found*: ``table()`` walks those modules' globals and classes,
  so a new one cannot be forgotten (its maxsize is its bound);
* an object that makes its own ``lru_cache`` wrappers in ``__init__`` (the engine's verdict cache, the
  store's records…) calls ``track(self)`` once they exist; its owners are held weakly, a row sums over the
  live ones and the bound is maxsize × owners;
* a hand-made cache (a dict or a per-lexicon family of them) calls ``register(name, bound=…, entries=…,
  clear=…)``; service registers its own here too (lexicon never imports service).

Bytes are *estimated*, cheaply, as entries × a per-entry figure: an lru_cache's entries cannot be walked
from Python, and walking a dict deeply on every scrape would cost more than it tells.  The figures below
come from tracemalloc attribution (bench/memprofile.py, "B/entry") and the notes beside each cache; a
cache without a figure counts DEFAULT_ENTRY_BYTES.  They are for ranking and budgeting, not accounting:
the worker's PSS is the measured truth (service.memory compares it with Settings.worker_memory_mb and
calls ``relieve`` to clear the largest caches first).

Per-call memos (grouping's Drafting.alternation, a Verdict's ``memo``) and ``cached_property`` values
die with their object and are not listed.
"""
from __future__ import annotations

import functools
import sys
import threading
import weakref
from dataclasses import dataclass
from typing import Callable

DEFAULT_ENTRY_BYTES = 400     # an entry of a cache without a figure: a small key and a small answer

# Estimated bytes per entry, by cache name (a row of table()).  Sources: bench/memprofile.py's B/entry
# and the notes where each cache is declared.
ENTRY_BYTES: dict[str, int] = {
    "lexicon.cognates.CognateEngine.compare": 1_700,           # a Verdict with its evidence
    "lexicon.cognates.CognateEngine.analyse_key": 500,
    "lexicon.cognates.CognateEngine.roots_may_relate": 150,    # root pairs
    "lexicon.cognates.CognateEngine.families_may_join": 150,
    "lexicon.cognates.CognateEngine.folded_spellings": 300,
    "lexicon.store.LexiconStore.word": 1_000,                  # a WordRecord
    "lexicon.store.LexiconStore.family": 600,
    "lexicon.store.LexiconStore.node": 300,
    "lexicon.facade.Lexicon.word_roots": 1_000,
    "lexicon.pronunciation.Pronouncer._cached": 600,
    "lexicon.context._choose": 1_000,                          # a sentence's answers
    "lexicon.text._read_word": 300,
    "service.rules.pool.word_reports": 800,                    # a WordReport
    "service.rules.hat.profiles": 40_000,                      # a target's related words and their forms
    "service.rules.hat.profile_verdicts": 2_400,
    "service.rules.hat.profile_words": 500,
    "service.rules.hat.profile_contested": 300,
    "service.rules.mafia.reader_words": 1_500,
}

_lock = threading.Lock()
_registered: dict[str, "Registered"] = {}
_owners: dict[str, tuple[weakref.WeakSet, tuple[str, ...]]] = {}   # class name -> (live owners, lru attributes)
_found: tuple[int, list[tuple[str, functools._lru_cache_wrapper]]] = (-1, [])   # (len(sys.modules), found)


@dataclass(frozen=True)
class Registered:
    name: str
    bound: Callable[[], int]       # called at report time: tests monkeypatch the module constants
    entries: Callable[[], int]
    clear: Callable[[], None]
    entry_bytes: int


@dataclass(frozen=True)
class Row:
    """One line of the table."""
    name: str
    entries: int
    bound: int | None       # None: unbounded (a defect; the memory test refuses it)
    est_bytes: int
    kind: str               # "lru" (found), "tracked" (per-instance lru_caches) or "registered"


def register(name: str, *, bound: int | Callable[[], int], entries: Callable[[], int], clear: Callable[[], None],
             entry_bytes: int | None = None) -> None:
    """A hand-made cache.  `bound` is its most entries (a callable if a constant may change); `entries` counts
    what it holds now; `clear` empties it under its own lock.  Registering a name again replaces it."""
    size = entry_bytes if entry_bytes is not None else ENTRY_BYTES.get(name, DEFAULT_ENTRY_BYTES)
    limit = bound if callable(bound) else (lambda b=bound: b)
    with _lock:
        _registered[name] = Registered(name, limit, entries, clear, size)


def track(owner: object) -> None:
    """`owner` holds lru_cache wrappers as attributes (made in its __init__): list them while it lives."""
    cls = type(owner)
    name = f"{cls.__module__}.{cls.__qualname__}"
    attributes = tuple(sorted(k for k, v in vars(owner).items() if isinstance(v, functools._lru_cache_wrapper)))
    with _lock:
        owners, known = _owners.get(name, (weakref.WeakSet(), ()))
        owners.add(owner)
        _owners[name] = (owners, tuple(sorted(set(known) | set(attributes))))


def _is_ours(module_name: str) -> bool:
    return module_name.split(".")[0] in ("lexicon", "service")


def found_lru() -> list[tuple[str, functools._lru_cache_wrapper]]:
    """Module-level lru_cache wrappers of lexicon.* and service.* modules: in module globals and in their
    classes (static and class methods too).  Found again only when new modules were imported."""
    global _found
    count, found = _found
    if count == len(sys.modules):
        return found
    modules = [(n, m) for n, m in list(sys.modules.items()) if _is_ours(n) and m is not None]
    seen: dict[int, tuple[str, functools._lru_cache_wrapper]] = {}

    def take(obj) -> None:
        obj = getattr(obj, "__func__", obj)            # staticmethod / classmethod
        if isinstance(obj, functools._lru_cache_wrapper) and id(obj) not in seen:
            module = getattr(obj, "__module__", "") or ""
            if _is_ours(module):
                seen[id(obj)] = (f"{module}.{getattr(obj, '__qualname__', repr(obj))}", obj)

    for _, module in modules:
        for value in list(vars(module).values()):
            take(value)
            if isinstance(value, type) and _is_ours(getattr(value, "__module__", "") or ""):
                for attribute in list(vars(value).values()):
                    take(attribute)
    found = sorted(seen.values(), key=lambda item: item[0])
    _found = (len(sys.modules), found)
    return found


def _lru_row(name: str, wrappers: list, kind: str) -> Row:
    infos = [w.cache_info() for w in wrappers]
    entries = sum(i.currsize for i in infos)
    bound = None if any(i.maxsize is None for i in infos) else sum(i.maxsize for i in infos)
    return Row(name, entries, bound, entries * ENTRY_BYTES.get(name, DEFAULT_ENTRY_BYTES), kind)


def _tracked() -> dict[str, list[functools._lru_cache_wrapper]]:
    with _lock:
        owners = {name: (list(live), attrs) for name, (live, attrs) in _owners.items()}
    out: dict[str, list] = {}
    for name, (live, attrs) in owners.items():
        for attribute in attrs:
            wrappers = [w for w in (vars(o).get(attribute) for o in live) if isinstance(w, functools._lru_cache_wrapper)]
            out[f"{name}.{attribute}"] = wrappers
    return out


def table() -> list[Row]:
    """Every cache, largest estimate first."""
    rows: list[Row] = []
    found: dict[str, list] = {}
    for name, wrapper in found_lru():
        found.setdefault(name, []).append(wrapper)
    rows += [_lru_row(name, wrappers, "lru") for name, wrappers in found.items()]
    rows += [_lru_row(name, wrappers, "tracked") for name, wrappers in _tracked().items()]
    with _lock:
        registered = list(_registered.values())
    for cache in registered:
        entries = cache.entries()
        rows.append(Row(cache.name, entries, cache.bound(), entries * cache.entry_bytes, "registered"))
    return sorted(rows, key=lambda row: (-row.est_bytes, row.name))


def total_bytes() -> int:
    return sum(row.est_bytes for row in table())


def clear(name: str) -> int:
    """Empty the cache(s) of that name; returns the entries dropped."""
    dropped = 0
    for found_name, wrapper in found_lru():
        if found_name == name:
            dropped += wrapper.cache_info().currsize
            wrapper.cache_clear()
    for tracked_name, wrappers in _tracked().items():
        if tracked_name == name:
            for wrapper in wrappers:
                dropped += wrapper.cache_info().currsize
                wrapper.cache_clear()
    with _lock:
        cache = _registered.get(name)
    if cache is not None:
        dropped += cache.entries()
        cache.clear()
    return dropped


def clearable(row: Row) -> bool:
    """A cache relieve() may clear: not a one-entry holder of loaded data (`default()` tables, the settings),
    which would only be loaded again, bigger for a while, and lose its identity."""
    return row.bound is None or row.bound > 1


def relieve(excess_bytes: int) -> list[Row]:
    """Clear whole caches, the largest estimate first, until their estimates add up to `excess_bytes` (or none
    is left holding anything).  Returns the rows cleared, as they were.  A cache cleared only loses speed:
    its next answers are worked out again, the same."""
    cleared: list[Row] = []
    freed = 0
    for row in table():
        if freed >= excess_bytes or row.entries == 0:
            break
        if not clearable(row):
            continue
        clear(row.name)
        cleared.append(row)
        freed += row.est_bytes
    return cleared


def format_table(rows: list[Row] | None = None) -> str:
    rows = table() if rows is None else rows
    lines = [f"{'est. MB':>8} {'entries':>8} {'bound':>8}  cache"]
    for row in rows:
        lines.append(f"{row.est_bytes / 2**20:8.2f} {row.entries:>8} {row.bound!s:>8}  {row.name}")
    total = sum(row.est_bytes for row in rows)
    lines.append(f"{total / 2**20:8.2f} {sum(r.entries for r in rows):>8} {'':>8}  all {len(rows)} caches")
    return "\n".join(lines)
