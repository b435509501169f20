"""make bench: the figures the README quotes, measured on this machine.

Never run by the tests: timing belongs here, not in asserts.  Word pools are
read in place from ../shared/pools (no licence to copy them).
"""
from __future__ import annotations

import json
import random
import re
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: make the project importable
POOLS = ROOT.parent / "shared" / "pools"


def pool_words() -> list[str]:
    words: list[str] = []
    for path in sorted((POOLS / "hat").glob("*.yaml")):
        words += re.findall(r'^- "([^"]+)"', path.read_text(encoding="utf-8"), re.M)
    for path in sorted(POOLS.glob("*.json")):
        words += json.loads(path.read_text(encoding="utf-8"))
    return [w for w in dict.fromkeys(words) if re.fullmatch(r"[А-Яа-яЁё-]+", w)]


def cold_start() -> dict:
    code = ("import time,resource; t=time.perf_counter();"
            "from lexicon.cognates import CognateEngine; e=CognateEngine(); e.compare('кот','кошка');"
            "print(time.perf_counter()-t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return {"cold_start_s": round(float(out[0]), 3), "rss_after_load_mb": round(int(out[1]) / 1024, 1)}


def throughput(words: list[str]) -> dict:
    from lexicon.cognates import CognateEngine

    engine = CognateEngine()
    rng = random.Random(7)
    pairs = [(rng.choice(words), rng.choice(words)) for _ in range(20000)]
    started = time.perf_counter()
    for a, b in pairs:
        engine.compare(a, b)
    first = len(pairs) / (time.perf_counter() - started)
    started = time.perf_counter()
    for a, b in pairs:
        engine.compare(a, b)
    warm = len(pairs) / (time.perf_counter() - started)
    return {"pool_words": len(words), "checks_per_s_first_pass": round(first), "checks_per_s_warm": round(warm)}


def pronunciation(words: list[str]) -> dict:
    import resource

    from lexicon.pronunciation import Pronouncer, transcribe

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    pronouncer = Pronouncer()
    readings = [r for w in words[:5000] for r in pronouncer.readings(w.lower())]
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    stressed = [r.stressed for r in readings]
    transcribe.cache_clear()
    started = time.perf_counter()
    for w in stressed:
        transcribe(w)
    rate = len(stressed) / (time.perf_counter() - started)
    started = time.perf_counter()
    for w in words[5000:15000]:
        pronouncer.readings(w.lower())
    lookups = 10000 / (time.perf_counter() - started)
    return {"transcriptions_per_s": round(rate), "readings_lookups_per_s_new_words": round(lookups),
            "stress_data_rss_mb": round((after - before) / 1024, 1)}


def games() -> dict:
    from lexicon.cognates import CognateEngine
    from service.evaluation import hat as evaluation_hat

    engine = CognateEngine()
    hat = evaluation_hat.throughput(engine)
    out = {"hat_explanation_words": hat["words"], "hat_explanations_per_s": hat["checks_per_second"],
           "hat_first_check_of_target_ms": hat["first_check_of_a_target_ms"]}
    from bench import mafia

    out.update({f"mafia_{k}": v for k, v in mafia.measure(engine).items()})
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_latency(words: list[str], n: int = 2000) -> dict:
    import httpx

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "service", "serve", "--port", str(port), "--log-level", "warning", "--no-access-log"],
                              cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base, timeout=10) as client:
            for _ in range(100):
                try:
                    client.get("/v1/health")
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            rng = random.Random(3)
            pairs = [(rng.choice(words), rng.choice(words)) for _ in range(n)]
            health, cognates = [], []
            for a, b in pairs:
                t = time.perf_counter()
                client.get("/v1/health")
                health.append(time.perf_counter() - t)
                t = time.perf_counter()
                client.post("/v1/cognates", json={"a": a, "b": b})
                cognates.append(time.perf_counter() - t)
    finally:
        server.terminate()
        server.wait(10)
    p50 = lambda xs: round(statistics.median(xs) * 1000, 3)
    p99 = lambda xs: round(sorted(xs)[int(len(xs) * 0.99)] * 1000, 3)
    return {"http_requests": n, "health_p50_ms": p50(health), "cognates_p50_ms": p50(cognates),
            "health_p99_ms": p99(health), "cognates_p99_ms": p99(cognates)}


def main() -> None:
    words = pool_words()
    results = {**cold_start(), **throughput(words), **pronunciation(words), **games(), **http_latency(words)}
    for key, value in results.items():
        print(f"{key:28} {value}")


if __name__ == "__main__":
    main()
