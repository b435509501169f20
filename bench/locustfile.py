"""Traffic mix for `make load`: what game apps send, words drawn from the real pools (read in place)."""
import random

from locust import FastHttpUser, between, task

from bench.run import pool_words

WORDS = [w.lower() for w in pool_words()] or ["кот", "кошка", "рука", "наручники"]
TEXTS = ["она мяукает и ловит мышей, жена кота", "через него смотрят на улицу, есть подоконник",
         "МГУ — это такой, первая буква у", "птеро… вымерший ящер", "её ловит рыбак удочкой, живёт в реке"]


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
