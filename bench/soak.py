"""make soak: varied load for a long while, the workers' memory sampled every 30 s.

    .venv/bin/python bench/soak.py --seconds 600

Starts ``python -m service serve --workers 2 --no-access-log`` on a free port of
127.0.0.1, warms it up with the same traffic, then drives locust's VariedApp
(bench/traffic.py: every endpoint, raw input with typos, texts never seen twice)
and reads the PSS of every worker from /proc/PID/smaps_rollup.  Prints the curve,
requests per second, p99, errors, the growth of the workers' PSS, and whether every
worker stayed under its budget (Settings.worker_memory_mb, KOREN_WORKER_MEMORY_MB):
exits 1 if one did not.  Only 127.0.0.1 is ever targeted; the run stops by itself.
"""
from __future__ import annotations

import argparse
import csv
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.run import free_port  # noqa: E402


def pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def worker_pids(server_pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(server_pid)], capture_output=True, text=True).stdout
    return sorted(int(p) for p in out.split())


def memory(server_pid: int) -> dict:
    """PSS in MB: the workers' sum, each worker, the parent (shared pages counted once across all)."""
    workers = {pid: pss_kb(pid) / 1024 for pid in worker_pids(server_pid)}
    parent = pss_kb(server_pid) / 1024
    return {"workers": round(sum(workers.values()), 1), "each": [round(v, 1) for v in workers.values()],
            "parent": round(parent, 1), "total": round(parent + sum(workers.values()), 1), "pids": list(workers)}


def start_server(workers: int, extra_env: dict | None = None) -> tuple[subprocess.Popen, str]:
    import os

    import httpx

    port = free_port()
    env = {**os.environ, **(extra_env or {})}
    server = subprocess.Popen([sys.executable, "-m", "service", "serve", "--port", str(port), "--workers", str(workers),
                               "--no-access-log", "--log-level", "warning"], cwd=ROOT, env=env)
    host = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                # Every worker has to be up before the first reading.
                if httpx.get(host + "/v1/health/ready", timeout=1).status_code == 200 \
                        and len(worker_pids(server.pid)) >= workers:
                    return server, host
            except httpx.TransportError:
                pass
            time.sleep(0.1)
    except BaseException:
        stop_server(server)
        raise
    stop_server(server)
    raise SystemExit("the server did not come up")


def stop_server(server: subprocess.Popen) -> None:
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()


def locust(host: str, user_class: str, users: int, seconds: int, prefix: str | None = None) -> subprocess.Popen:
    command = [sys.executable, "-m", "locust", "-f", "bench/locustfile.py", user_class, "--headless",
               "-u", str(users), "-r", str(users), "-t", f"{seconds}s", "-H", host, "--only-summary"]
    if prefix:
        command += ["--csv", prefix]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stats(prefix: str) -> list[dict]:
    with open(prefix + "_stats.csv") as handle:
        return list(csv.DictReader(handle))


def growth(start: float, end: float) -> float:
    return (end - start) / start * 100 if start else 0.0


def sample_while(run: subprocess.Popen, server_pid: int, every: float, started: float) -> list[tuple[float, dict]]:
    curve = [(0.0, memory(server_pid))]
    next_at = started + every
    while run.poll() is None:
        time.sleep(max(0.0, min(1.0, next_at - time.time())))
        if time.time() >= next_at and run.poll() is None:
            curve.append((time.time() - started, memory(server_pid)))
            next_at += every
    curve.append((time.time() - started, memory(server_pid)))
    return curve


def report(curve: list[tuple[float, dict]], rows: list[dict], args) -> None:
    print(f"\nsoak: {args.seconds} s of VariedApp, {args.clients} clients, --workers {args.workers}, "
          f"after {args.warmup} s of warm-up; PSS from /proc/PID/smaps_rollup")
    print(f"{'t s':>6} {'workers MB':>11} {'each worker MB':>22} {'parent MB':>10} {'total MB':>9}")
    for t, m in curve:
        print(f"{t:6.0f} {m['workers']:11.1f} {' + '.join(f'{v:.1f}' for v in m['each']):>22} "
              f"{m['parent']:10.1f} {m['total']:9.1f}")
    first, last = curve[0][1], curve[-1][1]
    half = min(curve, key=lambda point: abs(point[0] - curve[-1][0] / 2))[1]
    if first["pids"] != last["pids"]:
        print("note: a worker was replaced during the run; its successor started empty")
    total = next(r for r in rows if r["Name"] == "Aggregated")
    print(f"\n{'endpoint':28} {'requests':>9} {'errors':>7} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7}")
    for r in rows:
        print(f"{r['Name']:28} {r['Request Count']:>9} {r['Failure Count']:>7} {float(r['Requests/s']):>8.1f} "
              f"{r['50%']:>7} {r['99%']:>7}")
    print(f"\nreq/s {float(total['Requests/s']):.0f}, p99 {total['99%']} ms, errors {total['Failure Count']} "
          f"of {total['Request Count']}; workers' PSS {first['workers']} → {last['workers']} MB "
          f"({growth(first['workers'], last['workers']):+.1f}%; second half {growth(half['workers'], last['workers']):+.1f}%), "
          f"all processes {first['total']} → {last['total']} MB ({growth(first['total'], last['total']):+.1f}%)")


def budget_verdict(curve: list[tuple[float, dict]]) -> bool:
    """Each worker's peak against the budget; True when every reading stayed under it."""
    from service.settings import Settings

    budget = Settings().worker_memory_mb
    peaks: dict[int, float] = {}
    for _, m in curve:
        for pid, mb in zip(m["pids"], m["each"]):
            peaks[pid] = max(peaks.get(pid, 0.0), mb)
    if not budget:
        print("budget: none (KOREN_WORKER_MEMORY_MB=0)")
        return True
    under = all(mb <= budget for mb in peaks.values())
    print(f"budget: {budget} MB PSS per worker (KOREN_WORKER_MEMORY_MB); peak per worker "
          + ", ".join(f"{pid}: {mb:.1f} MB" for pid, mb in peaks.items())
          + (" — every worker stayed under it" if under else " — OVER the budget"))
    return under


def main() -> None:
    parser = argparse.ArgumentParser(description="varied load for a long while; the workers' memory every 30 s")
    parser.add_argument("--seconds", type=int, default=600)
    parser.add_argument("--warmup", type=int, default=60, help="seconds of the same traffic before the first reading")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--every", type=float, default=30, help="seconds between memory readings")
    args = parser.parse_args()

    server, host = start_server(args.workers)
    prefix = "/tmp/koren-soak"
    try:
        if args.warmup:
            locust(host, "VariedApp", args.clients, args.warmup).wait()
        started = time.time()
        run = locust(host, "VariedApp", args.clients, args.seconds, prefix)
        curve = sample_while(run, server.pid, args.every, started)
    finally:
        stop_server(server)
    report(curve, stats(prefix), args)
    if not budget_verdict(curve):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
