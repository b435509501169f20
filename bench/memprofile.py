"""Where does a worker's memory go?  Varied requests through the ASGI app in-process, tracemalloc between rounds.

    .venv/bin/python bench/memprofile.py --requests 4000 --rounds 3

Prints, per round, the traced total and the sizes of every cache (functools.lru_cache
wrappers and the hand-made ones), then the lines whose allocations grew most between
the last two rounds: after the caches are full, what still grows there is a leak.
"""
from __future__ import annotations

import argparse
import gc
import functools
import random
import sys
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.traffic import request  # noqa: E402
from service import runtime  # noqa: E402  (every_object: frozen caches too)


def lru_caches() -> dict[str, tuple[int, int | None]]:
    """Every lru_cache wrapper alive in the process that holds entries: name -> (size, maxsize)."""
    out = {}
    for obj in runtime.every_object():
        if isinstance(obj, functools._lru_cache_wrapper):
            info = obj.cache_info()
            if info.currsize:
                name = f"{getattr(obj, '__module__', '?')}.{getattr(obj, '__qualname__', repr(obj))}"
                size, cap = out.get(name, (0, info.maxsize))
                out[name] = (size + info.currsize, cap)
    return out


def cached_code() -> dict[str, list[tuple[int, int, str]]]:
    """filename -> [(first line, last line, cache name)] of every cached function's body."""
    from service.rules import hat, mafia

    functions = {}
    for obj in runtime.every_object():
        if isinstance(obj, functools._lru_cache_wrapper) and hasattr(obj, "__wrapped__"):
            inner = getattr(obj.__wrapped__, "__func__", obj.__wrapped__)
            if hasattr(inner, "__code__"):
                functions[inner.__code__] = f"{inner.__module__}.{inner.__qualname__}"
    for label, fn in (("hat profiles", hat.TargetProfile.__init__), ("hat profiles", hat.TargetProfile.fragments.fget),
                      ("hat profile verdicts", hat.TargetProfile.verdict),
                      ("hat profile word findings", hat.TargetProfile.word_findings),
                      ("mafia reader words", mafia.Reader._read)):
        functions[fn.__code__] = label
    out: dict[str, list[tuple[int, int, str]]] = {}
    for code, name in functions.items():
        lines = [line for _, _, line in code.co_lines() if line]
        if lines:
            out.setdefault(code.co_filename, []).append((min(lines), max(lines), name))
    return out


def attribute(snapshot: tracemalloc.Snapshot) -> dict[str, int]:
    """Bytes held, by the innermost cached function on the allocating stack."""
    spans = cached_code()
    known: dict[tuple[str, int], str | None] = {}
    held: dict[str, int] = {}
    for trace in snapshot.traces:
        name = "(not under a cached function)"
        for frame in reversed(trace.traceback):  # tracemalloc keeps the oldest frame first
            key = (frame.filename, frame.lineno)
            if key not in known:
                known[key] = next((n for lo, hi, n in spans.get(frame.filename, ()) if lo <= frame.lineno <= hi), None)
            if known[key]:
                name = known[key]
                break
        held[name] = held.get(name, 0) + trace.size
    return held


def print_attribution(snapshot: tracemalloc.Snapshot) -> None:
    sizes = {**{k: v for k, v in lru_caches().items()}, **{k: (v, None) for k, v in other_caches().items()}}
    print("\n== held, by the cache that allocated it (innermost cached function on the stack)")
    print(f"   {'MB':>7} {'entries':>8} {'maxsize':>8} {'B/entry':>8} {'MB if full':>10}  cache")
    for name, size in sorted(attribute(snapshot).items(), key=lambda kv: -kv[1]):
        count, cap = sizes.get(name, (0, None))
        per = size / count if count else 0
        full = f"{per * cap / 2**20:10.1f}" if cap and per else " " * 10
        print(f"   {size / 2**20:7.2f} {count:>8} {cap!s:>8} {per:8.0f} {full}  {name}")


def other_caches() -> dict[str, int]:
    from service.rules import hat, mafia

    profiles = hat.cached_profiles()
    return {"hat profiles": len(profiles),
            "hat profile verdicts": sum(len(p._verdicts) for p in profiles),
            "hat profile word findings": sum(len(p._local) for p in profiles),
            "mafia reader words": sum(len(r.cache) for r in mafia._readers.values())}


def fire(client, rng: random.Random, count: int) -> dict[int, int]:
    statuses: dict[int, int] = {}
    for _ in range(count):
        method, path, body, _name = request(rng)
        status = client.request(method, path, json=body).status_code
        statuses[status] = statuses.get(status, 0) + 1
    return statuses


def report(label: str, statuses: dict[int, int]) -> None:
    current, peak = tracemalloc.get_traced_memory()
    rss = next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmRSS"))
    print(f"\n== {label}: traced {current / 2**20:.1f} MB (peak {peak / 2**20:.1f}), RSS {int(rss) / 1024:.0f} MB, "
          f"statuses {statuses}")
    for name, (size, cap) in sorted(lru_caches().items(), key=lambda kv: -kv[1][0]):
        print(f"   {size:>8} / {cap!s:>8}  {name}")
    for name, size in other_caches().items():
        print(f"   {size:>8}            {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=4000, help="requests per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frames", type=int, default=25,
                        help="traceback depth: 0 traces nothing (RSS and cache sizes only), 1 is fast, 25 attributes")
    args = parser.parse_args()

    from fastapi.testclient import TestClient

    from service.api.app import create_app

    if args.frames:
        tracemalloc.start(args.frames)
    rng = random.Random(args.seed)
    snapshots = []
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        for round_ in range(1, args.rounds + 1):
            statuses = fire(client, rng, args.requests)
            gc.collect()
            report(f"after round {round_} ({round_ * args.requests} requests)", statuses)
            if not args.frames:
                continue
            snapshots.append(tracemalloc.take_snapshot().filter_traces(
                [tracemalloc.Filter(False, tracemalloc.__file__), tracemalloc.Filter(False, "<frozen importlib._bootstrap>")]))
    if args.frames > 1:
        print_attribution(snapshots[-1])
    if len(snapshots) >= 2:
        print(f"\n== grew most between the last two rounds (by line, {args.top} first)")
        for stat in snapshots[-1].compare_to(snapshots[-2], "lineno")[:args.top]:
            print(f"   {stat.size_diff / 2**20:+8.2f} MB {stat.count_diff:+9} blocks  {stat.traceback[0]}")
        print(f"\n== held at the end (by traceback, {min(args.top, 12)} first)")
        for stat in snapshots[-1].statistics("traceback")[:min(args.top, 12)]:
            print(f"   {stat.size / 2**20:8.2f} MB {stat.count:>9} blocks")
            for frame in stat.traceback.format()[-8:]:
                print(f"        {frame}")


if __name__ == "__main__":
    main()
