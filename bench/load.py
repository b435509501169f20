"""make load: 60 s of 32 concurrent clients on loopback against a forked multi-worker server.

Prints requests per second, p50/p99 per endpoint, the error count and the
server's memory (PSS summed over its processes) after warm-up and at the end.
Only 127.0.0.1 is ever targeted; the run stops by itself.
"""
from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.run import free_port  # noqa: E402

SECONDS = int(os.environ.get("LOAD_SECONDS", "60"))
USERS = int(os.environ.get("LOAD_USERS", "32"))
WORKERS = int(os.environ.get("LOAD_WORKERS", "2"))


def tree_pss_mb(pid: int) -> float:
    """PSS of a process and its children: shared pages counted once across workers."""
    pids = [pid] + [int(p) for p in subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()]
    total = 0
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return round(total / 1024, 1)


def main() -> None:
    import httpx

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "service", "serve", "--port", str(port), "--workers", str(WORKERS),
                               "--no-access-log", "--log-level", "warning"], cwd=ROOT)
    host = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if httpx.get(host + "/v1/health/ready", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        # Warm-up so caches and lazily loaded pages are in before the first reading: every pool
        # word through every worker's analysis cache (bounded LRU caches, so growth after this is a leak).
        from bench.run import pool_words

        words = [w.lower() for w in pool_words()]
        with httpx.Client(base_url=host, timeout=60) as client:
            for _ in range(3 * WORKERS):
                for i in range(0, len(words), 1000):
                    chunk = words[i:i + 1000]
                    client.post("/v1/cognates/batch", json={"pairs": list(zip(chunk, reversed(chunk)))})
        subprocess.run([sys.executable, "-m", "locust", "-f", "bench/locustfile.py", "--headless", "-u", str(USERS),
                        "-r", str(USERS), "-t", "10s", "-H", host, "--only-summary"], cwd=ROOT, capture_output=True)
        pss_start = tree_pss_mb(server.pid)
        prefix = "/tmp/koren-load"
        subprocess.run([sys.executable, "-m", "locust", "-f", "bench/locustfile.py", "--headless", "-u", str(USERS),
                        "-r", str(USERS), "-t", f"{SECONDS}s", "-H", host, "--csv", prefix, "--only-summary"],
                       cwd=ROOT, capture_output=True, check=False)
        pss_end = tree_pss_mb(server.pid)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(30)
    print(f"{SECONDS} s, {USERS} clients, {WORKERS} workers (forked after load)")
    print(f"{'endpoint':32} {'requests':>9} {'errors':>7} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7}")
    with open(prefix + "_stats.csv") as handle:
        for row in csv.DictReader(handle):
            print(f"{row['Name']:32} {row['Request Count']:>9} {row['Failure Count']:>7} "
                  f"{float(row['Requests/s']):>8.1f} {row['50%']:>7} {row['99%']:>7}")
    growth = (pss_end - pss_start) / pss_start * 100 if pss_start else 0.0
    print(f"server PSS after warm-up {pss_start} MB, at the end {pss_end} MB ({growth:+.1f}%)")


if __name__ == "__main__":
    main()
