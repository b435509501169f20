"""The package as a user installs it (issue 19): the wheel carries the lexicon's data, the rules' tables and
the judges' console, and its `koren` command serves /v1/health and /judge outside the source tree.

The wheel is built from this checkout and installed without dependencies into a fresh virtual
environment; the dependencies are the test environment's own, reached through a .pth line (their .pth
files are not processed, so the checkout's editable install of koren is not among them), and the install leaves
that editable install in place (issue 34: `make test` used to uninstall it).  The server runs
from an empty working directory: nothing of the source tree can stand in for what the wheel lacks.
"""
from __future__ import annotations

import os
import site
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.live_server import ROOT, free_port


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
                          "-w", str(out), str(ROOT)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    return next(out.glob("koren-*.whl"))


def test_wheel_holds_what_the_service_reads(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("lexicon/data/lexicon.sqlite", "lexicon/data/stress.sqlite", "lexicon/data/frequency.dawg",
                   "lexicon/data/profanity.json", "lexicon/data/thesaurus.tsv", "lexicon/data/headwords.dawg",
                   "lexicon/data/nouns.json",
                   "lexicon/curated/abbreviations.tsv", "service/rules/data/chgk.toml", "service/rules/data/pool.toml",
                   "service/web/judge.html", "service/web/judge.css", "service/web/judge.js"):
        assert needed in names, needed


def test_installed_wheel_serves_health_and_the_console(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", "--without-pip", str(venv)],
                   check=True, timeout=120)
    packages = next((venv / "lib").glob("python3*/site-packages"))
    (packages / "test-deps.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    dev_koren = Path(sys.prefix) / "bin" / "koren"
    dev_install = dev_koren.exists()
    # --ignore-installed: with --prefix alone pip still sees this environment's editable koren as "the
    # installed koren" and uninstalls it before installing the wheel elsewhere (.venv/bin/koren gone).
    install = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--disable-pip-version-check",
                              "--ignore-installed", "--prefix", str(venv), str(wheel)],
                             capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr[-2000:]
    koren = venv / "bin" / "koren"
    assert koren.exists()
    if dev_install:
        assert_dev_install_intact(dev_koren, tmp_path)
    where = tmp_path / "elsewhere"
    where.mkdir()
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["KOREN_DATABASE_URL"] = f"sqlite:///{tmp_path / 'rulings.sqlite'}"
    log = open(tmp_path / "server.log", "wb")
    proc = subprocess.Popen([str(venv / "bin" / "python"), str(koren), "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--no-access-log", "--log-level", "warning"], cwd=where, env=env, stdout=log,
                            stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        body = wait_for(url + "/v1/health/ready", proc, tmp_path / "server.log")
        assert b'"ok"' in body
        with urllib.request.urlopen(url + "/judge", timeout=10) as page:
            assert page.status == 200 and "пульт судьи" in page.read().decode()
        with urllib.request.urlopen(url + "/judge/static/judge.js", timeout=10) as script:
            assert script.status == 200
        located = subprocess.run([str(venv / "bin" / "python"), "-c", "import service; print(service.__file__)"],
                                 cwd=where, env=env, capture_output=True, text=True, timeout=60)
        assert str(venv) in located.stdout, located.stdout      # the wheel's code, not the checkout's
    finally:
        proc.terminate()
        proc.wait(20)
        log.close()


def assert_dev_install_intact(dev_koren: Path, tmp_path: Path) -> None:
    """The test environment's own `koren` still runs the checkout (make test must not uninstall it)."""
    assert dev_koren.exists(), f"{dev_koren} was removed by the wheel's install"
    where = tmp_path / "dev-check"
    where.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    located = subprocess.run([sys.executable, "-c", "import service.cli; print(service.cli.__file__)"],
                             cwd=where, env=env, capture_output=True, text=True, timeout=60)
    assert located.returncode == 0 and str(ROOT) in located.stdout, located.stdout + located.stderr[-1000:]
    helped = subprocess.run([str(dev_koren), "--help"], cwd=where, env=env, capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0, helped.stderr[-1000:]


def wait_for(url: str, proc: subprocess.Popen, log: Path, timeout: float = 120) -> bytes:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"koren exited with {proc.returncode}: {log.read_text(errors='replace')[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                return r.read()
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"koren did not answer within {timeout} s: {log.read_text(errors='replace')[-2000:]}")
