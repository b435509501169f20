"""Prometheus metrics: request counts, latency histograms, verdict counts, every cache's size.

One registry per process; with several uvicorn workers each worker reports
its own series (scrape them through the load balancer or sum by instance).
"""
from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily

from lexicon import caches

REGISTRY = CollectorRegistry()
REQUESTS = Counter("koren_requests_total", "HTTP requests by route and status",
                   ["method", "route", "status"], registry=REGISTRY)
LATENCY = Histogram("koren_request_seconds", "HTTP request latency by route", ["route"], registry=REGISTRY,
                    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10))
VERDICTS = Counter("koren_verdicts_total", "Verdicts given, by check and outcome", ["check", "outcome"],
                   registry=REGISTRY)


class CacheCollector:
    """The table of caches (lexicon.caches), read when /metrics is scraped: nothing is counted per request."""

    def collect(self):
        entries = GaugeMetricFamily("koren_cache_entries", "Entries a cache holds now", labels=["cache"])
        bound = GaugeMetricFamily("koren_cache_bound_entries", "Most entries a cache may hold", labels=["cache"])
        size = GaugeMetricFamily("koren_cache_bytes", "A cache's estimated bytes (entries x a per-entry figure)",
                                 labels=["cache"])
        for row in caches.table():
            entries.add_metric([row.name], row.entries)
            size.add_metric([row.name], row.est_bytes)
            if row.bound is not None:
                bound.add_metric([row.name], row.bound)
        yield from (entries, bound, size)
        if BUDGET is not None and BUDGET.budget:
            yield GaugeMetricFamily("koren_worker_memory_budget_bytes", "This worker's memory budget (PSS)",
                                    value=BUDGET.budget)
            yield GaugeMetricFamily("koren_worker_pss_bytes", "This worker's PSS at its last budget check",
                                    value=BUDGET.last_bytes)
            yield GaugeMetricFamily("koren_worker_memory_clears", "Budget checks that cleared caches",
                                    value=BUDGET.clears)

    def describe(self):
        return []     # not collected at registration


BUDGET = None          # the app's service.memory.MemoryBudget, set by create_app
REGISTRY.register(CacheCollector())


def verdict(check: str, outcome: object) -> None:
    VERDICTS.labels(check, str(outcome).lower()).inc()


def exposition() -> tuple[bytes, str]:
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
