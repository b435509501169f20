"""Graceful shutdown: SIGTERM lets a request in flight finish before the process exits."""
import json
import signal
import threading
import time
import urllib.request

from tests.live_server import Server


def test_sigterm_finishes_the_request_in_flight(engine, tmp_path):
    # A pool lint of thousands of words is the slowest honest request we serve (about a second cold).
    words = [row[0] for row in engine.store._query("SELECT key FROM words WHERE length(key) > 4 LIMIT 6000")]
    server = Server({}, tmp_path / "server.log").start()
    answer: dict = {}

    def lint():
        body = json.dumps({"words": words, "game": "hat"}).encode()
        request = urllib.request.Request(server.url + "/v1/pool/lint", body, {"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            answer["status"] = response.status
            answer["words"] = len(json.loads(response.read())["words"])

    worker = threading.Thread(target=lint)
    worker.start()
    time.sleep(0.3)                     # the request is being processed now
    server.proc.terminate()             # SIGTERM, as an orchestrator sends it
    worker.join(60)
    assert answer == {"status": 200, "words": len(words)}
    # Then the process exits; uvicorn re-raises the SIGTERM it handled, so -15 is a clean exit too.
    assert server.proc.wait(30) in (0, -signal.SIGTERM)
