"""What the Makefile's targets print (issue 34): `make run` tells whether a rulings token is set, never the token."""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from tests.live_server import ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make")


def make_run(**env: str) -> str:
    """`make run` with the server command replaced by `true` and the venv taken as installed: only the banner."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("KOREN_RULINGS_TOKEN")} | env
    done = subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed", "run", "PY=true"], cwd=ROOT,
                          env=environ, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


def test_run_says_a_token_is_set_but_not_which():
    out = make_run(KOREN_RULINGS_TOKEN="s3cret-value-42")
    assert "s3cret-value-42" not in out
    assert "writes with the token set in KOREN_RULINGS_TOKEN" in out


def test_run_without_a_token_is_read_only():
    out = make_run()
    assert "read-only" in out and "writes with" not in out


def test_run_with_a_token_file_prints_no_secret(tmp_path):
    secret = tmp_path / "token"
    secret.write_text("from-a-file-77", encoding="utf-8")
    out = make_run(KOREN_RULINGS_TOKEN_FILE=str(secret))
    assert "from-a-file-77" not in out and "writes with" in out


def test_plain_make_lists_targets_and_writes_nothing():
    done = subprocess.run(["make", "--no-print-directory", "-n"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "openapi_export" not in done.stdout and "make test" in done.stdout
