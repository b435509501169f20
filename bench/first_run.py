"""First runs against their floors (issue 32): what a user pays for a pool nobody has linted yet.

    .venv/bin/python bench/first_run.py [--rounds N] [--pool PATH] [--tree CHECKOUT] [--json]

Each figure is a ratio to a floor timed in the same round, and the median of the rounds is printed
(this machine's speed drifts by a third within a minute; a ratio of two times taken minutes apart
says more about the drift than about the code):

* HTTP: a fresh `koren serve` on loopback answers one small lint, then the pool (first), then the pool
  again (warm); floor: a fresh pymorphy3 analyser parsing the same words in this process, timed between
  the two.  The server's CPU for each lint (from /proc) is printed beside the wall time.
* CLI: `koren lint POOL --format json` end to end, from exec to exit, against a whole process that
  imports pymorphy3, loads its dictionaries and parses the same words; the two alternate.

--tree runs another checkout's service (a before/after comparison on the same pool and machine).
Pools are read in place from ../shared/pools.  Never run by the tests.
"""
from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
POOL = ROOT.parent / "shared" / "pools" / "hat" / "russian_hard.yaml"
SMALL = ["кот", "кошка", "столы", "ООН", "Москва"]
FLOOR_PROCESS = ("import sys, pymorphy3\n"
                 "analyzer = pymorphy3.MorphAnalyzer()\n"
                 "for line in open(sys.argv[1], encoding='utf-8'):\n"
                 "    analyzer.parse(line.strip().lower())\n")


def parse_floor(words: list[str]) -> float:
    """Seconds a fresh pymorphy3 analyser takes to parse every word once (its load not counted)."""
    import pymorphy3

    analyzer = pymorphy3.MorphAnalyzer()
    start = time.perf_counter()
    for w in words:
        analyzer.parse(w.lower())
    return time.perf_counter() - start


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def http_round(tree: Path, words: list[str]) -> dict:
    import httpx

    port = _free_port()
    env = {**os.environ, "KOREN_REQUEST_TIMEOUT_MS": "120000"}    # a slow first lint is measured, not cut
    server = subprocess.Popen([sys.executable, "-m", "service", "serve", "--port", str(port), "--log-level", "warning",
                               "--no-access-log"], cwd=tree, env=env)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=300) as client:
            for _ in range(600):
                try:
                    if client.get("/v1/health/ready").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                time.sleep(0.1)
            client.post("/v1/pool/lint", json={"words": SMALL, "game": "hat"}).raise_for_status()
            out = {}
            for name in ("first", "floor", "warm"):
                if name == "floor":
                    out["floor_s"] = parse_floor(words)
                    continue
                cpu, start = _cpu_s(server.pid), time.perf_counter()
                answer = client.post("/v1/pool/lint", json={"words": words, "game": "hat"})
                out[f"{name}_s"], out[f"{name}_cpu_s"] = time.perf_counter() - start, _cpu_s(server.pid) - cpu
                answer.raise_for_status()
                out["bytes"] = len(answer.content)
            return out
    finally:
        server.terminate()
        server.wait(30)


def cli_round(tree: Path, pool: Path, words_file: str) -> dict:
    out = {}
    for name, argv in (("floor_process", ["-c", FLOOR_PROCESS, words_file]),
                       ("cli", ["-m", "service", "lint", str(pool), "--format", "json"])):
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, *argv], cwd=tree, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        out[f"{name}_s"] = time.perf_counter() - start
        if proc.returncode not in (0, 1):
            raise SystemExit(f"{name} failed ({proc.returncode}): {proc.stderr.decode()[-500:]}")
    return out


def measure(pool: Path = POOL, rounds: int = 3, tree: Path = ROOT) -> dict:
    from service.cli.lint import read_pool

    words = read_pool(str(pool))
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("\n".join(words) + "\n")
    try:
        http, cli = [], []
        for _ in range(rounds):          # interleaved: an HTTP round, then a CLI round
            http.append(http_round(tree, words))
            cli.append(cli_round(tree, pool, f.name))
    finally:
        os.unlink(f.name)
    med = lambda xs: round(statistics.median(xs), 3)
    return {
        "pool": pool.name, "words": len(words), "rounds": rounds, "tree": str(tree),
        "http_first_vs_parse_floor": round(statistics.median(r["first_s"] / r["floor_s"] for r in http), 1),
        "http_warm_vs_parse_floor": round(statistics.median(r["warm_s"] / r["floor_s"] for r in http), 1),
        "cli_vs_floor_process": round(statistics.median(r["cli_s"] / r["floor_process_s"] for r in cli), 1),
        "http_first_s": med([r["first_s"] for r in http]), "http_first_server_cpu_s": med([r["first_cpu_s"] for r in http]),
        "http_warm_s": med([r["warm_s"] for r in http]), "http_warm_server_cpu_s": med([r["warm_cpu_s"] for r in http]),
        "parse_floor_s": med([r["floor_s"] for r in http]),
        "cli_s": med([r["cli_s"] for r in cli]), "floor_process_s": med([r["floor_process_s"] for r in cli]),
        "answer_bytes": http[-1]["bytes"],
    }


def report(figures: dict) -> str:
    f = figures
    return (f"first runs, {f['pool']} ({f['words']:,} words), medians of {f['rounds']} interleaved rounds:\n"
            f"  HTTP first lint  {f['http_first_vs_parse_floor']:>5}× the parse floor  ({f['http_first_s']:.2f} s, "
            f"server CPU {f['http_first_server_cpu_s']:.2f} s; floor {f['parse_floor_s']:.3f} s)\n"
            f"  HTTP warm lint   {f['http_warm_vs_parse_floor']:>5}× the parse floor  ({f['http_warm_s']:.2f} s, "
            f"server CPU {f['http_warm_server_cpu_s']:.2f} s)\n"
            f"  CLI end to end   {f['cli_vs_floor_process']:>5}× a whole pymorphy3 process  ({f['cli_s']:.2f} s "
            f"vs {f['floor_process_s']:.2f} s)")


def main(argv: list[str]) -> int:
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 3
    pool = Path(argv[argv.index("--pool") + 1]) if "--pool" in argv else POOL
    tree = Path(argv[argv.index("--tree") + 1]).resolve() if "--tree" in argv else ROOT
    if not pool.exists():
        print(f"{pool} not found, first-run ratios skipped")
        return 0
    figures = measure(pool, rounds, tree)
    print(json.dumps(figures, ensure_ascii=False, indent=1) if "--json" in argv else report(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
