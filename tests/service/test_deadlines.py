"""Issues 35 (item 1) and 36 (item 3): work that outlived its answer.

Pool generation with a big `extend`, a board from a big card set, /v1/cognates/batch and Hat
explanations ran on after the middleware's 503.  Each loop that grows with the input now checks the
request's budget (lexicon.budget); these tests count the iterations a cancelled request still makes,
never time it.
"""
from __future__ import annotations

import inspect
import time

import pytest
from fastapi.testclient import TestClient

from lexicon import Lexicon, budget
from service import settings as settings_module
from service.api.app import create_app
from service.rules import generate, hat
from service.rules.hat.profile import TargetProfile


@pytest.fixture(scope="module")
def nouns(lexicon) -> list[str]:
    return [n.word for n in lexicon.game_nouns()][:6000]


def counting(monkeypatch, owner, name: str, cancel_at: int | None = None, pause: float = 0.0) -> dict:
    """Count calls of owner.name; cancel the caller's budget at call `cancel_at`; sleep `pause` per call."""
    calls = {"n": 0, "work": None}
    real = getattr(owner, name)

    def wrapper(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == cancel_at:
            calls["work"].cancel()      # what the middleware does on its timeout
        if pause:
            time.sleep(pause)
        return real(*args, **kwargs)

    static = isinstance(inspect.getattr_static(owner, name), staticmethod)
    monkeypatch.setattr(owner, name, staticmethod(wrapper) if static else wrapper)
    return calls


def test_a_cancelled_extend_stops_at_the_next_word(monkeypatch, lexicon, nouns):
    calls = counting(monkeypatch, Lexicon, "root_keys", cancel_at=10)
    with budget.limited(3600) as work:
        calls["work"] = work
        with pytest.raises(budget.WorkCancelled):
            generate.generate_pool(lexicon, 10, "easy", seed=1, extend=nouns)
    assert calls["n"] <= 10       # was every word of `extend` (6,000), then the draw


def test_a_cancelled_board_stops_reading_cards(monkeypatch, lexicon, nouns):
    calls = counting(monkeypatch, Lexicon, "frequency", cancel_at=10)
    with budget.limited(3600) as work:
        calls["work"] = work
        with pytest.raises(budget.WorkCancelled):
            generate.generate_board(lexicon, nouns, seed=1)
    assert calls["n"] <= 10       # was all 6,000 cards


def test_a_cancelled_clash_stops_comparing(monkeypatch, lexicon):
    # Six chosen words share the candidate's spelling key: six pairs to ask, unless the budget runs out.
    clashes = generate.Clashes(lexicon)
    clashes.spellings["вод"].extend(["вода", "водный", "подводник", "водопровод", "водичка", "водяной"])
    monkeypatch.setattr(Lexicon, "root_keys", lambda self, word: ((), ("вод",)))
    asked = {"n": 0}

    def compare(a, b):
        asked["n"] += 1
        if asked["n"] == 2:
            work.cancel()
        return type("Verdict", (), {"cognate": False})()

    monkeypatch.setattr(lexicon, "compare", compare)
    with budget.limited(3600) as work:
        with pytest.raises(budget.WorkCancelled):
            clashes.clash("водитель")
    assert asked["n"] == 2        # the pair asked when the budget ran out, then no more


def test_a_cancelled_explanation_stops_at_the_next_word(monkeypatch, lexicon):
    text = " ".join(["кошка мурлычет у окна, пушистая и ласковая"] * 60)     # 420 words
    calls = counting(monkeypatch, TargetProfile, "word_findings", cancel_at=5)
    with budget.limited(3600) as work:
        calls["work"] = work
        with pytest.raises(budget.WorkCancelled):
            hat.check_explanation(lexicon, "собака", text)
    assert calls["n"] <= 5        # was every one of the 420 words


# ---------------------------------------------- over HTTP: the middleware's timeout ---

@pytest.fixture
def impatient(engine):
    """An app whose requests time out after 0.3 s."""
    with TestClient(create_app(engine, settings=settings_module.Settings(request_timeout_s=0.3))) as c:
        yield c


def settled(calls: dict) -> int:
    """The counter once it stops moving (polled; no time is asserted)."""
    last = -1
    for _ in range(100):
        if calls["n"] == last:
            return last
        last = calls["n"]
        time.sleep(0.2)
    return calls["n"]


def test_a_timed_out_cognates_batch_stops(monkeypatch, impatient):
    calls = counting(monkeypatch, Lexicon, "compare", pause=0.005)   # 1,000 pairs: ~5 s of work
    pairs = [["кот", "кошка"], ["вода", "водный"], ["рука", "ручка"], ["дом", "домик"]] * 250
    response = impatient.post("/v1/cognates/batch", json={"pairs": pairs})
    assert response.status_code == 503
    stopped = settled(calls)
    time.sleep(0.5)
    assert calls["n"] == stopped < len(pairs) // 2


def test_a_timed_out_generation_stops(monkeypatch, impatient, nouns):
    calls = counting(monkeypatch, Lexicon, "root_keys", pause=0.002)  # 6,000 words of `extend`: ~12 s
    response = impatient.post("/v1/pool/generate", json={"count": 10, "difficulty": "easy", "seed": 1,
                                                         "extend": nouns})
    assert response.status_code == 503
    stopped = settled(calls)
    time.sleep(0.5)
    assert calls["n"] == stopped < len(nouns) // 2


def test_a_timed_out_explanation_stops(monkeypatch, impatient):
    text = " ".join(["кошка мурлычет у окна, пушистая и ласковая"] * 100)[:5000]
    calls = counting(monkeypatch, TargetProfile, "word_findings", pause=0.02)   # ~700 words: ~14 s
    response = impatient.post("/v1/hat/explanation", json={"target": "собака", "text": text})
    assert response.status_code == 503
    stopped = settled(calls)
    time.sleep(0.5)
    assert calls["n"] == stopped < 300


def test_a_cancelled_mafia_speech_stops_at_the_next_word(monkeypatch, lexicon):
    from service.rules import mafia
    from service.rules.mafia.speech import Speech

    words = "голосую за второго игрока потому что он молчал весь круг и нервничал".split()
    text = " ".join(f"{w}{i}" if i % 3 else w for i, w in enumerate(words * 40))   # 520 words, many spellings
    calls = counting(monkeypatch, Speech, "concept_of", cancel_at=5)
    with budget.limited(3600) as work:
        calls["work"] = work
        with pytest.raises(budget.WorkCancelled):
            mafia.check_speech(lexicon, text)
    assert calls["n"] <= 5        # was one per distinct spelling, then every check over all words
