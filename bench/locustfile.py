"""Traffic for `make load` (GameApp) and `make soak` (VariedApp); words from the real pools (read in place).

GameApp is the fixed 6:3:1 mix the README's load figures use.  VariedApp sends what
bench/traffic.py makes: every endpoint, words in any case, with typos and endings,
texts never seen twice, so a cache keyed by raw input would show as growth.
Pick one by name: ``locust -f bench/locustfile.py GameApp``.
"""
import random

from locust import FastHttpUser, between, task

from bench.run import pool_words
from bench.traffic import request

WORDS = [w.lower() for w in pool_words()] or ["кот", "кошка", "рука", "наручники"]
TEXTS = ["она мяукает и ловит мышей, жена кота", "через него смотрят на улицу, есть подоконник",
         "МГУ — это такой, первая буква у", "птеро… вымерший ящер", "её ловит рыбак удочкой, живёт в реке"]


def expected(response) -> None:
    """404 is an answer the varied traffic asks for; a 503 from load shedding counts as an error."""
    if response.status_code in (200, 201, 404, 422):
        response.success()
    else:
        response.failure(f"HTTP {response.status_code}")


class GameApp(FastHttpUser):
    wait_time = between(0, 0.01)

    @task(6)
    def cognates(self):
        self.client.post("/v1/cognates", json={"a": random.choice(WORDS), "b": random.choice(WORDS)},
                         name="POST /v1/cognates")

    @task(3)
    def hat_explanation(self):
        self.client.post("/v1/hat/explanation", json={"target": random.choice(WORDS), "text": random.choice(TEXTS)},
                         name="POST /v1/hat/explanation")

    @task(1)
    def pool_lint(self):
        self.client.post("/v1/pool/lint", json={"words": random.sample(WORDS, 50), "game": "hat"},
                         name="POST /v1/pool/lint")


class VariedApp(FastHttpUser):
    wait_time = between(0, 0.01)

    def on_start(self):
        self.rng = random.Random()

    @task
    def any_request(self):
        method, path, body, name = request(self.rng)
        with self.client.request(method, path, json=body, name=name, catch_response=True) as response:
            expected(response)
