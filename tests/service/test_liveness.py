"""Issue 35, item 3: liveness is live.  While CPU-bound requests run, /v1/health/live took up to
17.6 s: the probes were `def` endpoints, run in FastAPI's thread pool (40 threads), so once long
checks held every thread a probe waited for one of them to finish.  Now the probes are async and
wait for no request thread (service/api/routers/ops.py), and the request threads are fewer
(Settings.request_threads) so the event loop's turn at the GIL comes sooner.

A real uvicorn in a subprocess.  The checks are orderings, not timings: every probe must answer
while the CPU-bound requests are all still running (they run until the test releases them; a
probe that has not answered within a generous 180 s fails the test instead of hanging it; a 60 s
bound was once hit while other test runs loaded the 2 shared cores — SIGUSR1 then dumps the server's
stacks into its log).
"""
from __future__ import annotations

import faulthandler
import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from service.settings import Settings
from tests.live_server import Server

PROBES = ("/v1/health/live", "/v1/health/ready", "/v1/health", "/metrics")
SPINNERS = 48          # more than anyio's default 40 threads, fewer than KOREN_MAX_IN_FLIGHT's 64


def spinning_app():
    """The service with one more route: pure-Python CPU work until a release file appears."""
    from service.api.app import create_app

    faulthandler.register(signal.SIGUSR1, all_threads=True)     # a stuck server's stacks, into its log
    app = create_app()
    release = Path(os.environ["KOREN_TEST_RELEASE"])
    spinning = {"n": 0}

    @app.get("/test/spinning")
    async def how_many() -> dict:
        return spinning

    @app.post("/test/spin")
    def spin() -> dict:
        spinning["n"] += 1
        n, started = 0, time.thread_time()
        while True:
            n += 1
            if n % 100_000 == 0 and (release.exists() or time.thread_time() - started > 120):
                return {"spins": n}

    return app


def post(url: str, body: dict, timeout: float = 300) -> int:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            r.read()
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code


def get(url: str, timeout: float = 180) -> int:
    with urllib.request.urlopen(url, timeout=timeout) as r:
        r.read()
        return r.status


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    release = tmp_path_factory.mktemp("liveness") / "release"
    env = {"KOREN_TEST_RELEASE": str(release), "KOREN_REQUEST_TIMEOUT_MS": "300000", "KOREN_MAX_IN_FLIGHT": "64"}
    s = Server(env, release.parent / "server.log", factory="tests.service.test_liveness:spinning_app").start()
    s.release = release
    yield s
    release.touch()
    s.stop()


def probe_while(server, done: dict) -> dict[str, int]:
    """Each probe's status, and checks that no busy request had finished when it answered."""
    statuses = {}
    for path in PROBES:
        statuses[path] = get(server.url + path)
        assert done["n"] == 0, f"{path} answered only after a busy request finished"
    return statuses


def run_busy(server, n: int, path: str, body: dict, done: dict) -> list:
    pool = ThreadPoolExecutor(n)

    def one():
        status = post(server.url + path, body)
        done["n"] += 1
        return status

    futures = [pool.submit(one) for _ in range(n)]
    pool.shutdown(wait=False)
    return futures


def wait_until_spinning(server, n: int) -> None:
    """Until n spin requests hold request threads (the pool's 40 at most; the rest wait for one)."""
    for _ in range(600):
        try:
            with urllib.request.urlopen(server.url + "/test/spinning", timeout=180) as r:
                if json.load(r)["n"] >= n:
                    return
        except TimeoutError:
            server.proc.send_signal(signal.SIGUSR1)     # its threads' stacks go to the server's log
            time.sleep(1)
            raise
        time.sleep(0.1)
    raise AssertionError("the spin requests did not start")


def test_probes_answer_while_every_request_thread_is_busy(server):
    done = {"n": 0}
    busy = run_busy(server, SPINNERS, "/test/spin", {}, done)
    try:
        wait_until_spinning(server, min(Settings().request_threads, 40))   # every request thread
        statuses = probe_while(server, done)
    finally:
        server.release.touch()
    assert all(status == 200 for status in statuses.values()), statuses
    assert [f.result(timeout=300) for f in busy] == [200] * SPINNERS
    server.release.unlink()


def test_probes_answer_during_a_real_pool_lint(server, lexicon):
    words = [n.word for n in lexicon.game_nouns()][:20_000]     # the largest pool a lint takes: seconds of CPU
    done = {"n": 0}
    busy = run_busy(server, 1, "/v1/pool/lint", {"words": words}, done)
    time.sleep(1)
    statuses = probe_while(server, done)
    assert all(status == 200 for status in statuses.values()), statuses
    assert busy[0].result(timeout=300) == 200
