"""Every cache a worker keeps between requests is bounded, and by a size a worker can afford (issue 12, item 7).

A request must leave nothing behind but cache entries, and the caches must stop
growing at their limits: raw input (any case, typos, words no dictionary knows)
is unbounded, so every long-lived cache keyed by it needs a cap.  Sizes, not
timings, are asserted.
"""
import functools
import gc
import importlib
import random

import pytest

from bench.traffic import request
from service import runtime   # every_object(): the caches loaded at start-up are frozen (gc.get_objects misses them)
from service.api import metrics
from service.rules import hat
from service.rules.mafia import reading

hat_profile = importlib.import_module("service.rules.hat.profile")   # the package exports a function of that name

# Entries any one cache may hold (a worker has ~20 of them); the costliest entries (a Verdict with its evidence ≈ 2 KB,
# a speech word with its concept verdicts ≈ 1.5–3 KB) get far fewer (see the limits below).
MAX_ENTRIES = 30_000


def long_lived_lru_caches() -> list[functools._lru_cache_wrapper]:
    out = []
    for obj in runtime.every_object():
        if isinstance(obj, functools._lru_cache_wrapper):
            inner = getattr(obj, "__wrapped__", None)
            module = getattr(getattr(inner, "__func__", inner), "__module__", "") or ""
            if module.split(".")[0] in ("lexicon", "service"):
                out.append(obj)
    return out


@pytest.fixture(scope="module")
def after_varied_traffic(client):
    """Varied requests (bench/traffic.py: every endpoint, raw input) through the session's app."""
    rng = random.Random(12)
    statuses = []
    for _ in range(300):
        method, path, body, _name = request(rng)
        statuses.append(client.request(method, path, json=body).status_code)
    gc.collect()
    return statuses


def test_traffic_is_answered(after_varied_traffic):
    assert set(after_varied_traffic) <= {200, 404, 422}


def test_every_lru_cache_has_a_modest_maxsize(after_varied_traffic):
    caches = long_lived_lru_caches()
    assert caches
    for cache in caches:
        name = getattr(cache, "__qualname__", repr(cache))
        info = cache.cache_info()
        assert info.maxsize is not None, f"{name} is unbounded"
        assert info.maxsize <= MAX_ENTRIES, f"{name} may hold {info.maxsize} entries"
        assert info.currsize <= info.maxsize


def test_hand_made_caches_stay_within_their_limits(after_varied_traffic):
    profiles = hat.cached_profiles()
    assert profiles
    assert all(size <= hat_profile.PROFILE_CACHE for size in hat_profile.profile_cache_sizes())  # per Lexicon
    for p in profiles:
        assert len(p._verdicts) <= hat_profile.VERDICT_CACHE + 1
        assert len(p._local) <= hat_profile.WORD_CACHE + 1
    for r in reading._readers.values():
        assert len(r.cache) <= reading.CACHE_LIMIT + 1


def test_hat_caches_together_are_affordable():
    # Worst case: every cached profile full.  ~2 KB per verdict, ~0.3 KB per word's findings.
    worst_bytes = hat_profile.PROFILE_CACHE * (hat_profile.VERDICT_CACHE * 2000 + hat_profile.WORD_CACHE * 300)
    assert worst_bytes <= 100 * 2**20


def test_mafia_reader_is_affordable():
    assert reading.CACHE_LIMIT * 3000 <= 50 * 2**20


def test_distinct_targets_and_words_do_not_grow_the_hat_caches(lexicon, monkeypatch):
    monkeypatch.setattr(hat_profile, "PROFILE_CACHE", 3)
    monkeypatch.setattr(hat_profile, "VERDICT_CACHE", 40)
    monkeypatch.setattr(hat_profile, "WORD_CACHE", 40)
    rng = random.Random(5)
    targets = ["кот", "рука", "вода", "замок", "дом", "лес", "нос"]
    for i in range(60):
        words = " ".join(f"сл{rng.randrange(10**6)}о" for _ in range(10))
        hat.check_explanation(lexicon, targets[i % len(targets)], f"это {words} и кошка")
    profiles = [p for p in hat.cached_profiles() if p.lexicon is lexicon]
    assert len(profiles) <= 3
    assert all(len(p._verdicts) <= 41 and len(p._local) <= 41 for p in profiles)


def test_distinct_spellings_do_not_grow_the_mafia_reader(lexicon, monkeypatch):
    monkeypatch.setattr(reading, "CACHE_LIMIT", 50)
    reader = reading.reader(lexicon)
    for i in range(400):
        reader.word(f"Слово{i}" if i % 2 else f"чес{i}тно")
    assert len(reader.cache) <= 51


def series(metric) -> int:
    return sum(len(family.samples) for family in metric.collect())


def test_unknown_paths_and_methods_make_no_new_metric_series(client):
    client.get("/v1/no-such-route/1")
    client.request("FOO", "/v1/nothing")
    before = series(metrics.REQUESTS) + series(metrics.LATENCY)
    for i in range(40):
        client.get(f"/v1/no-such-route/{i}/{i * 7}")
        client.request(f"M{i}X", f"/v1/nothing{i}")
    assert series(metrics.REQUESTS) + series(metrics.LATENCY) == before


def test_requests_leave_no_request_objects_behind(after_varied_traffic):
    from starlette.requests import Request

    gc.collect()
    assert not [o for o in runtime.every_object() if isinstance(o, Request)]


# --- one table of caches, and a budget (issue 35, item 5) ----------------------------------------------------

from lexicon import caches  # noqa: E402
from service import memory  # noqa: E402
from service.settings import Settings  # noqa: E402

KNOWN = ("lexicon.cognates.CognateEngine.compare", "lexicon.store.LexiconStore.word", "lexicon.facade.Lexicon.word_roots",
         "lexicon.pronunciation.Pronouncer._cached", "lexicon.context._choose", "lexicon.text._read_word",
         "service.rules.pool.word_reports", "service.rules.hat.profiles", "service.rules.hat.profile_verdicts",
         "service.rules.hat.profile_words", "service.rules.mafia.reader_words", "service.settings.current")


def test_the_table_lists_the_known_caches_with_their_bounds(after_varied_traffic):
    rows = {row.name: row for row in caches.table()}
    for name in KNOWN:
        assert name in rows, name
    assert rows["lexicon.cognates.CognateEngine.compare"].bound % caches_module_constant("VERDICT_CACHE") == 0
    assert all(row.bound is not None and 0 <= row.entries <= row.bound for row in rows.values()), \
        [row for row in rows.values() if row.bound is None or row.entries > row.bound]
    assert all(row.est_bytes == row.entries * caches.ENTRY_BYTES.get(row.name, caches.DEFAULT_ENTRY_BYTES)
               for row in rows.values() if row.kind != "registered")
    assert sum(row.est_bytes for row in rows.values()) > 0      # the traffic filled some


def caches_module_constant(name: str) -> int:
    from lexicon import cognates

    return getattr(cognates, name)


def test_every_long_lived_lru_cache_is_in_the_table(after_varied_traffic):
    """Found or tracked: a new lru_cache in lexicon/ or service/ cannot be left out of the table."""
    listed = {row.name for row in caches.table()}
    listed_wrappers = {id(w) for _, w in caches.found_lru()} | {
        id(w) for ws in caches._tracked().values() for w in ws}
    pool_reports = {id(c) for c in importlib.import_module("service.rules.pool")._all_reports()}
    missing = [getattr(c, "__qualname__", repr(c)) for c in long_lived_lru_caches()
               if id(c) not in listed_wrappers | pool_reports
               and "Drafting" not in getattr(getattr(c, "__wrapped__", None), "__qualname__", "")]
    assert not missing
    assert listed


def test_clearing_empties_a_cache(lexicon):
    lexicon.engine.compare("кот", "кошка")
    name = "lexicon.cognates.CognateEngine.compare"
    assert next(r for r in caches.table() if r.name == name).entries > 0
    assert caches.clear(name) > 0
    assert next(r for r in caches.table() if r.name == name).entries == 0
    assert lexicon.engine.compare("кот", "кошка").cognate     # the same answer, worked out again


def test_a_registered_cache_is_cleared_largest_first():
    held = {"big": list(range(50)), "small": list(range(5))}
    caches.register("test.big", bound=100, entries=lambda: len(held["big"]), clear=held["big"].clear,
                    entry_bytes=10**9)
    caches.register("test.small", bound=100, entries=lambda: len(held["small"]), clear=held["small"].clear,
                    entry_bytes=10**9 // 100)
    try:
        cleared = caches.relieve(1)          # one byte over: the largest cache alone covers it
        assert [row.name for row in cleared] == ["test.big"]
        assert held["big"] == [] and held["small"] == list(range(5))
    finally:
        caches._registered.pop("test.big"), caches._registered.pop("test.small")


def test_over_budget_clears_caches_under_budget_does_not(lexicon):
    readings = iter([10 * memory.MB, 900 * memory.MB, 50 * memory.MB])   # a fake PSS reader: under, over, under
    recycled = []
    budget = memory.MemoryBudget(budget_mb=100, every=2, reader=lambda: next(readings),
                                 recycle=lambda: recycled.append(True))
    lexicon.engine.compare("дом", "домик")
    assert [budget.due() for _ in range(4)] == [False, True, False, True]
    assert budget.check() == [] and budget.clears == 0
    cleared = budget.check()
    assert cleared and budget.clears == 1 and not recycled      # cleared, and under the budget again
    rows = caches.table()
    # Enough estimated bytes to cover the 800 MB excess, or every cache that may be cleared is empty now.
    assert sum(row.est_bytes for row in cleared) >= 800 * memory.MB \
        or all(row.entries == 0 for row in rows if caches.clearable(row))
    assert not any(row.name == "service.settings.current" for row in cleared)    # a singleton, not a cache to clear
    assert "lexicon.cognates.CognateEngine.compare" in {row.name for row in cleared}


def test_still_over_after_clearing_recycles_a_forked_worker():
    recycled = []
    budget = memory.MemoryBudget(budget_mb=100, reader=lambda: 900 * memory.MB, recycle=lambda: recycled.append(True))
    budget.check()
    assert recycled == [True] and budget.clears == 1
    budget.check()
    assert recycled == [True]          # once: the worker is on its way out


def test_one_process_over_budget_does_not_clear_at_every_check():
    readings = iter([900, 880, 890, 1000, 990])
    budget = memory.MemoryBudget(budget_mb=100, reader=lambda: next(readings) * memory.MB)   # no recycle
    budget.check()                     # 900: clears, still 880 after: the next clear waits for 880 + 10%
    assert budget.clears == 1 and budget.limit == int(880 * memory.MB * 1.1)
    budget.check()                     # 890: under the raised limit
    assert budget.clears == 1
    budget.check()                     # 1000: over it, clears again
    assert budget.clears == 2


def test_no_budget_never_reads_memory():
    def reader():
        raise AssertionError("read")

    budget = memory.MemoryBudget(budget_mb=0, reader=reader)
    assert not any(budget.due() for _ in range(500)) and budget.check() == []


def test_the_budget_is_a_setting():
    assert Settings().worker_memory_mb > 0
    assert Settings(worker_memory_mb=123).worker_memory_mb == 123
    assert memory.MemoryBudget.of(Settings(worker_memory_mb=7, memory_check_every=3)).budget == 7 * memory.MB


def test_metrics_expose_every_cache(client, after_varied_traffic):
    client.post("/v1/cognates", json={"a": "кот", "b": "кошка"})
    text = client.get("/metrics").text
    for name in ("lexicon.cognates.CognateEngine.compare", "service.rules.hat.profiles"):
        assert f'koren_cache_entries{{cache="{name}"}}' in text
        assert f'koren_cache_bytes{{cache="{name}"}}' in text
        assert f'koren_cache_bound_entries{{cache="{name}"}}' in text
    assert "koren_worker_memory_budget_bytes" in text


def test_soak_reports_each_worker_against_the_budget(monkeypatch, capsys):
    from bench import soak

    monkeypatch.setenv("KOREN_WORKER_MEMORY_MB", "300")
    under = [(0, {"pids": [1, 2], "each": [50.0, 51.0]}), (30, {"pids": [1, 3], "each": [290.0, 60.0]})]
    assert soak.budget_verdict(under)
    assert "1: 290.0 MB" in capsys.readouterr().out
    assert not soak.budget_verdict(under + [(60, {"pids": [1, 3], "each": [301.0, 60.0]})])
