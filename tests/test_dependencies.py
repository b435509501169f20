"""The install depends on what is used (issue 34, item 13): the natasha wheel is there for two model files
only (lexicon/context.py reads slovnet's morphology model and navec's vectors from it; natasha is never
imported), so it is installed without its requirements — no pymorphy2 and its dictionaries beside pymorphy3."""
from __future__ import annotations

import re
import tomllib
from importlib import metadata

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.live_server import ROOT

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def closure(requirements: list[str]) -> set[str]:
    """Every distribution the requirements pull in, as pip resolves them (markers kept, extras not followed)."""
    seen: set[str] = set()
    todo = [Requirement(r) for r in requirements]
    while todo:
        req = todo.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        name = canonicalize_name(req.name)
        if name in seen:
            continue
        seen.add(name)
        try:
            todo += [Requirement(r) for r in metadata.requires(name) or []]
        except metadata.PackageNotFoundError:
            pass
    return seen


def test_the_install_pulls_in_one_morphological_analyser():
    pulled = closure(PROJECT["dependencies"])
    assert {"pymorphy3", "slovnet", "navec"} <= pulled
    assert not pulled & {"pymorphy2", "pymorphy2-dicts-ru", "natasha", "yargy", "ipymarkup"}, sorted(pulled)


def test_makefile_and_dockerfile_install_the_model_wheel_without_its_requirements():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    models = re.search(r"^MODELS := (\S+)$", makefile, re.M).group(1)
    assert re.fullmatch(r"natasha==[\d.]+", models)
    assert "--no-deps '$(MODELS)'" in makefile
    assert f"pip install --no-deps {models}" in (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert metadata.version("natasha") == models.split("==")[1]   # the venv has the pinned model files
