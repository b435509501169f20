"""Issue 12, item 5: a missing or damaged data file is named — by its loader, by readiness, at start-up.

The compiled files (lexicon.sqlite, stress.sqlite, frequency.dawg, profanity.json, thesaurus.tsv) are copied
into tmp_path broken in the ways files break: missing, empty, cut short, overwritten with junk.
"""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from lexicon import frequency, headwords, nouns, profanity, pronunciation, thesaurus
from lexicon import store as lexicon_store
from lexicon.pronunciation import Pronouncer
from lexicon.store import DataFileError, LexiconStore
from tests.live_server import ROOT, free_port

FILES = {
    "lexicon.sqlite": (lexicon_store.DEFAULT_PATH, lexicon_store.verify, LexiconStore),
    "stress.sqlite": (pronunciation.DEFAULT_DATA, pronunciation.verify, Pronouncer),
    "frequency.dawg": (frequency.DEFAULT_PATH, frequency.verify, frequency.load),
    "profanity.json": (profanity.DEFAULT_DATA, profanity.verify, profanity.Profanity.load),
    "thesaurus.tsv": (thesaurus.DEFAULT_PATH, thesaurus.verify, thesaurus.Thesaurus.load),
    "headwords.dawg": (headwords.DEFAULT_PATH, headwords.verify, headwords.load),
    "nouns.json": (nouns.DEFAULT_PATH, nouns.verify, nouns.load),
}


def broken_copy(tmp_path: Path, name: str, how: str) -> Path:
    good = FILES[name][0]
    path = tmp_path / name
    data = good.read_bytes()
    if how == "missing":
        return path
    path.write_bytes({"empty": b"", "half": data[:len(data) // 2], "tail cut": data[:-4096 if len(data) > 8192 else -100],
                      "junk": b"\x00junk" * 4000}[how])
    return path


@pytest.mark.parametrize("how", ["missing", "empty", "half", "tail cut", "junk"])
@pytest.mark.parametrize("name", FILES)
def test_verify_and_loader_name_the_broken_file(tmp_path, name, how):
    path = broken_copy(tmp_path, name, how)
    _, verify, loader = FILES[name]
    with pytest.raises(DataFileError) as verified:
        verify(path)
    assert str(path) in str(verified.value) and verified.value.path == path
    with pytest.raises(DataFileError) as loaded:   # the loader itself, not a later lookup, fails
        loader(path)
    assert str(path) in str(loaded.value)
    if how == "missing":
        assert isinstance(loaded.value, FileNotFoundError)   # as the loaders raised before


@pytest.mark.parametrize("name", FILES)
def test_good_files_verify(name):
    FILES[name][1](FILES[name][0])


def test_sqlite_data_files_map_no_pages():
    store = LexiconStore()
    assert store._query("PRAGMA mmap_size") == [(0,)]
    assert Pronouncer()._db.execute("PRAGMA mmap_size").fetchone() == (0,)


# --- readiness ------------------------------------------------------------------------------------

def point_at(monkeypatch, app, name: str, path: Path) -> None:
    """Make the running app serve `name` from `path` (as if the file there had changed under it)."""
    if name == "lexicon.sqlite":
        monkeypatch.setattr(app.state.engine.store, "path", path)
    elif name == "stress.sqlite":
        monkeypatch.setattr(app.state.pronouncer, "path", path)
    elif name == "frequency.dawg":
        monkeypatch.setattr(frequency, "DEFAULT_PATH", path)
    else:
        monkeypatch.setattr(profanity, "DEFAULT_DATA", path)


@pytest.mark.parametrize("how", ["missing", "tail cut"])
@pytest.mark.parametrize("name", FILES)
def test_readiness_fails_naming_a_broken_file(client, monkeypatch, tmp_path, name, how):
    assert client.get("/v1/health/ready").status_code == 200
    path = broken_copy(tmp_path, name, how)
    with monkeypatch.context() as patch:
        point_at(patch, client.app, name, path)
        r = client.get("/v1/health/ready")
        assert r.status_code == 503 and r.headers["content-type"].startswith("application/problem+json")
        # Named by the file, not its path (issue 36, item 8: the path is the operator's, in the log).
        assert path.name in r.json()["detail"] and r.json()["file"] == path.name and str(path.parent) not in r.text
        assert client.get("/v1/health/live").status_code == 200
    assert client.get("/v1/health/ready").status_code == 200


def test_a_data_file_fault_during_a_check_names_the_file_not_its_path(engine):
    # Issue 36, item 8: the 503 named /where/the/file/lies; the log keeps that for the operator.
    from fastapi.testclient import TestClient

    from service.api.app import create_app

    app = create_app(engine)

    def broken():
        raise DataFileError(Path("/srv/secret/koren/lexicon.sqlite"), "truncated (12 of 40 MB)")

    app.add_api_route("/broken", broken)
    r = TestClient(app).get("/broken")
    assert r.status_code == 503 and r.headers["content-type"].startswith("application/problem+json")
    assert "lexicon.sqlite: truncated" in r.json()["detail"] and "/srv/secret" not in r.text


def test_readiness_sees_a_file_damaged_in_place(client, monkeypatch, tmp_path):
    path = tmp_path / "profanity.json"
    path.write_bytes(profanity.DEFAULT_DATA.read_bytes())
    monkeypatch.setattr(profanity, "DEFAULT_DATA", path)
    assert client.get("/v1/health/ready").status_code == 200
    with open(path, "r+b") as f:       # the same file, cut short
        f.truncate(path.stat().st_size // 3)
    r = client.get("/v1/health/ready")
    assert r.status_code == 503 and "profanity.json" in r.json()["detail"]


# --- start-up -------------------------------------------------------------------------------------

SERVE = textwrap.dedent("""
    import sys
    from pathlib import Path
    from lexicon import frequency, profanity, pronunciation, store
    target = {"lexicon.sqlite": (store, "DEFAULT_PATH"), "stress.sqlite": (pronunciation, "DEFAULT_DATA"),
              "frequency.dawg": (frequency, "DEFAULT_PATH"), "profanity.json": (profanity, "DEFAULT_DATA")}
    module, attribute = target[sys.argv[1]]
    setattr(module, attribute, Path(sys.argv[2]))
    from service.cli import main
    sys.exit(main(["serve", "--host", "127.0.0.1", "--port", sys.argv[3], "--log-level", "warning",
                   "--no-access-log"]))
""")


@pytest.mark.parametrize("name, how", [("frequency.dawg", "tail cut"), ("profanity.json", "half"),
                                       ("stress.sqlite", "missing"), ("lexicon.sqlite", "tail cut")])
def test_start_up_names_the_broken_file_and_exits(tmp_path, name, how):
    path = broken_copy(tmp_path, name, how)
    try:
        run = subprocess.run([sys.executable, "-c", SERVE, name, str(path), str(free_port())], cwd=ROOT,
                             capture_output=True, text=True, timeout=90)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"the server started and served with a broken {name}: {exc.stderr}")
    assert run.returncode != 0
    assert f"cannot start: data file {path}" in run.stderr, run.stderr[-3000:]
