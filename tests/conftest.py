from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
SOURCES = Path(__file__).resolve().parents[1].parent / "shared" / "lexicon-sources"


@pytest.fixture(scope="session")
def engine():
    from lexicon.cognates import CognateEngine

    return CognateEngine()


@pytest.fixture(scope="session")
def client(engine):
    from fastapi.testclient import TestClient

    from service.api.app import create_app

    with TestClient(create_app(engine)) as c:
        yield c
