"""Prometheus metrics: request counts, latency histograms, verdict counts.

One registry per process; with several uvicorn workers each worker reports
its own series (scrape them through the load balancer or sum by instance).
"""
from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest

REGISTRY = CollectorRegistry()
REQUESTS = Counter("koren_requests_total", "HTTP requests by route and status",
                   ["method", "route", "status"], registry=REGISTRY)
LATENCY = Histogram("koren_request_seconds", "HTTP request latency by route", ["route"], registry=REGISTRY,
                    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10))
VERDICTS = Counter("koren_verdicts_total", "Verdicts given, by check and outcome", ["check", "outcome"],
                   registry=REGISTRY)


def verdict(check: str, outcome: object) -> None:
    VERDICTS.labels(check, str(outcome).lower()).inc()


def exposition() -> tuple[bytes, str]:
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
