"""make load: 60 s of 32 concurrent clients on loopback against a forked multi-worker server.

Prints requests per second, p50/p99 per endpoint, the error count and the
server's memory (PSS of the workers and of all processes, shared pages counted
once) after warm-up and at the end, then an overload check: 200 clients at once,
how many are shed with 503 and how fast the worker answers again after.
Only 127.0.0.1 is ever targeted; the run stops by itself.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.soak import growth, locust, memory, start_server, stats, stop_server  # noqa: E402

SECONDS = int(os.environ.get("LOAD_SECONDS", "60"))
USERS = int(os.environ.get("LOAD_USERS", "32"))
WORKERS = int(os.environ.get("LOAD_WORKERS", "2"))
OVERLOAD_USERS = int(os.environ.get("LOAD_OVERLOAD_USERS", "200"))


WARMUP = int(os.environ.get("LOAD_WARMUP_SECONDS", "45"))


def warm_up(host: str) -> None:
    """Every pool word through every worker's analysis cache, then WARMUP s of the mix, before the first reading.

    The mix reaches ~30,000 distinct words per worker (pool words, their lemmas and relatives), so
    the caches fill to their bounds in the first ~20,000 requests a worker answers; what grows after
    that is not a cache filling up."""
    import httpx

    from bench.run import pool_words

    words = [w.lower() for w in pool_words()]
    with httpx.Client(base_url=host, timeout=60) as client:
        for _ in range(3 * WORKERS):
            for i in range(0, len(words), 1000):
                chunk = words[i:i + 1000]
                client.post("/v1/cognates/batch", json={"pairs": list(zip(chunk, reversed(chunk)))})
    locust(host, "GameApp", USERS, WARMUP).wait()


def print_table(rows: list[dict]) -> None:
    print(f"{'endpoint':32} {'requests':>9} {'errors':>7} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7}")
    for row in rows:
        print(f"{row['Name']:32} {row['Request Count']:>9} {row['Failure Count']:>7} "
              f"{float(row['Requests/s']):>8.1f} {row['50%']:>7} {row['99%']:>7}")


def overload(host: str) -> tuple[list[dict], float]:
    """OVERLOAD_USERS clients for 20 s, then how long until one request is answered 200 again."""
    import httpx

    prefix = "/tmp/koren-overload"
    locust(host, "GameApp", OVERLOAD_USERS, 20, prefix).wait()
    ended = time.perf_counter()
    while httpx.post(host + "/v1/cognates", json={"a": "кот", "b": "кошка"}, timeout=10).status_code != 200:
        time.sleep(0.01)
    return stats(prefix), time.perf_counter() - ended


def main() -> None:
    server, host = start_server(WORKERS)
    prefix = "/tmp/koren-load"
    try:
        started = memory(server.pid)
        warm_up(host)
        before = memory(server.pid)
        locust(host, "GameApp", USERS, SECONDS, prefix).wait()
        after = memory(server.pid)
        shed_rows, recovered_s = overload(host)
    finally:
        stop_server(server)
    rows = stats(prefix)
    print(f"{SECONDS} s, {USERS} clients, {WORKERS} workers (forked after load)")
    print_table(rows)
    total = next(r for r in rows if r["Name"] == "Aggregated")
    print(f"req/s {float(total['Requests/s']):.0f}, p99 {total['99%']} ms, errors {total['Failure Count']}")
    print(f"workers' PSS at start {started['workers']} MB, after {WARMUP} s of warm-up {before['workers']} MB, "
          f"at the end {after['workers']} MB "
          f"({growth(before['workers'], after['workers']):+.1f}%); all processes {before['total']} → "
          f"{after['total']} MB ({growth(before['total'], after['total']):+.1f}%)")
    shed = next(r for r in shed_rows if r["Name"] == "Aggregated")
    print(f"\noverload: {OVERLOAD_USERS} clients for 20 s: {shed['Request Count']} requests, "
          f"{shed['Failure Count']} shed with 503 (KOREN_MAX_IN_FLIGHT), p50 {shed['50%']} ms, p99 {shed['99%']} ms; "
          f"answered 200 again {recovered_s * 1000:.0f} ms after the load stopped")


if __name__ == "__main__":
    main()
