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
