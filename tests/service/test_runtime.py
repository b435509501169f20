"""Issue 32: the collector policy (service.runtime), answers as orjson bytes, the CLI's quick exit.

No timings here (make bench measures them): what is asserted is that the policy is applied, that the
bytes say what the validated model said, and that the CLI's output and exit codes are whole."""
from __future__ import annotations

import gc
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from service import runtime
from service.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
SMALL_POOL = ["кот", "кошка", "столы", "ООН", "Москва", "кот", "окно", "шопинг", "шоппинг", "водитель", "вода"]


@pytest.fixture
def gc_state():
    """The collector as the test found it (an app's start-up raises the threshold for the process)."""
    threshold, enabled = gc.get_threshold(), gc.isenabled()
    yield
    gc.set_threshold(*threshold)
    (gc.enable if enabled else gc.disable)()


def test_app_startup_freezes_the_heap_and_raises_the_threshold(engine, gc_state):
    from fastapi.testclient import TestClient

    from service.api.app import create_app

    gc.set_threshold(700, 10, 10)
    with TestClient(create_app(engine, settings=Settings(gc_gen0_threshold=12_345))) as client:
        assert client.get("/v1/health").status_code == 200
        assert gc.get_threshold() == (12_345, 10, 10)
        assert gc.get_freeze_count() > 0
        assert gc.isenabled()
        assert runtime.applied()["threshold"] == (12_345, 10, 10)


def test_zero_threshold_keeps_the_interpreters(gc_state):
    gc.set_threshold(700, 10, 10)
    runtime.apply_gc_policy(Settings(gc_gen0_threshold=0, gc_freeze=False))
    assert gc.get_threshold() == (700, 10, 10)


def test_bulk_phase_pauses_the_collector_in_a_request_thread_and_resumes_it(gc_state):
    seen = []

    def request():
        with runtime.bulk_phase(Settings()):
            seen.append(gc.isenabled())
        seen.append(gc.isenabled())

    gc.enable()
    worker = threading.Thread(target=request)
    worker.start()
    worker.join()
    assert seen == [False, True]


def test_overlapping_bulk_phases_share_one_bounded_pause(gc_state, monkeypatch):
    """The collector comes back when the last phase ends, or at the deadline while phases overlap,
    and no new pause opens until none is running (a pause that never ended grew a soak's workers)."""
    clock = [100.0]
    monkeypatch.setattr(runtime.time, "monotonic", lambda: clock[0])
    settings = Settings(gc_bulk_pause_ms=1_000)
    gc.enable()
    first, second = runtime.bulk_phase(settings), runtime.bulk_phase(settings)
    first.__enter__()
    second.__enter__()
    assert not gc.isenabled()
    first.__exit__(None, None, None)
    assert not gc.isenabled()                   # one still running, within the deadline
    second.__exit__(None, None, None)
    assert gc.isenabled()

    first, second, third = (runtime.bulk_phase(settings) for _ in range(3))
    first.__enter__()
    second.__enter__()
    clock[0] += 2.0                             # past the deadline, lints still overlapping
    first.__exit__(None, None, None)
    assert gc.isenabled()
    third.__enter__()
    assert gc.isenabled()                       # no new pause while others still run
    second.__exit__(None, None, None)
    third.__exit__(None, None, None)
    assert gc.isenabled()
    with runtime.bulk_phase(settings):           # none running: a new pause
        assert not gc.isenabled()
    assert gc.isenabled()


def test_bulk_phase_leaves_a_collector_someone_else_disabled(gc_state):
    gc.disable()
    with runtime.bulk_phase(Settings()):
        pass
    assert not gc.isenabled()


def _without_elapsed(body: dict) -> dict:
    body["summary"].pop("elapsed_ms")
    return body


@pytest.mark.parametrize("game", ["hat", "codenames"])
def test_pool_lint_answers_what_the_validated_model_answered(client, game):
    """The orjson bytes parse to what FastAPI made of the same report through PoolLintOut."""
    from service.api.schemas_pool import PoolLintOut
    from service.rules import pool

    answer = client.post("/v1/pool/lint", json={"words": SMALL_POOL, "game": game})
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    report = pool.lint_pool(client.app.state.lexicon, SMALL_POOL, game).to_json()
    before = json.loads(PoolLintOut.model_validate(report).model_dump_json(by_alias=True))
    assert _without_elapsed(answer.json()) == _without_elapsed(before)
    assert [w["word"] for w in answer.json()["words"]] == SMALL_POOL


def test_cognate_batch_bytes_are_the_models(client):
    from lexicon.overrides import NO_RULINGS
    from lexicon.text import normalize_word
    from service.api.routers.words import compared
    from service.api.schemas import CognatesBatchOut, CognatesOut

    pairs = [["вода", "водитель"], ["рука", "наручники"], ["  Кот ", "кошка"]]
    answer = client.post("/v1/cognates/batch", json={"pairs": pairs})
    lexicon = client.app.state.lexicon
    results = [compared(lexicon, normalize_word(a), normalize_word(b), NO_RULINGS) for a, b in pairs]
    assert answer.content == CognatesBatchOut.model_validate({"results": results}).model_dump_json().encode()
    bad = client.post("/v1/cognates/batch", json={"pairs": [["кот", "x"]]}).json()["results"][0]
    assert bad["error"]["pair"] == 0 and list(bad) == list(CognatesOut.model_fields)


def _cli(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "service", *argv], cwd=ROOT, capture_output=True, text=True,
                          input=stdin, timeout=300)


def test_cli_lint_exits_with_its_code_and_whole_output(tmp_path):
    """The CLI ends with os._exit after flushing: every word is in the JSON and the exit codes hold."""
    problems = _cli("lint", "-", "--format", "json", stdin="\n".join(SMALL_POOL) + "\n")
    assert problems.returncode == 1, problems.stderr
    body = json.loads(problems.stdout)
    assert [w["word"] for w in body["words"]] == SMALL_POOL and body["summary"]["words"] == len(SMALL_POOL)
    clean = _cli("lint", "-", stdin="кот\nдом\nокно\n")
    assert clean.returncode == 0, clean.stderr
    assert clean.stdout.rstrip().endswith(" с") and "3 слова" in clean.stdout
    missing = _cli("lint", str(tmp_path / "nothing.txt"))
    assert missing.returncode == 2 and "такого файла нет" in missing.stderr and missing.stdout == ""


def test_a_command_called_from_python_leaves_the_callers_collector_alone(tmp_path, capsys, engine, gc_state,
                                                                       monkeypatch):
    """Only a process run as a command freezes its heap (runtime.start_command): a caller's cyclic
    garbage frozen by a library call would never be collected."""
    from service.cli import main

    freezes = []
    monkeypatch.setattr(gc, "freeze", lambda: freezes.append(1))
    pool = tmp_path / "pool.txt"
    pool.write_text("кот\nдом\n", encoding="utf-8")
    threshold = gc.get_threshold()
    assert main(["lint", str(pool)]) == 0
    assert "2 слова" in capsys.readouterr().out
    assert freezes == [] and gc.get_threshold() == threshold
