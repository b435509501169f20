from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# Rulings written by tests go to a throwaway store, never to ./var of the checkout.
os.environ.setdefault("KOREN_DATABASE_URL", f"sqlite:///{tempfile.mkdtemp(prefix='koren-rulings-')}/rulings.sqlite")

DATA = Path(__file__).parent / "data"
SOURCES = Path(__file__).resolve().parents[1].parent / "shared" / "lexicon-sources"


@pytest.fixture(scope="session")
def engine():
    from lexicon.cognates import CognateEngine

    return CognateEngine()


@pytest.fixture(scope="session")
def lexicon(engine):
    """The facade every rule asks, over the session's one engine."""
    from lexicon import Lexicon

    return Lexicon(engine)


@pytest.fixture(scope="session")
def client(engine):
    from fastapi.testclient import TestClient

    from service.api.app import create_app

    with TestClient(create_app(engine)) as c:
        yield c


class HesitantTagger:
    """Half noun, half verb at every word: a sentence the context tagger cannot choose in."""

    def probabilities(self, words, index):
        from lexicon.context import UDTag

        return [(UDTag("NOUN", ()), 0.5), (UDTag("VERB", ()), 0.5)]


@pytest.fixture
def hesitant(monkeypatch):
    """The context tagger replaced by one that never decides (lexicon/context.py's cache cleared around it)."""
    from lexicon import context

    monkeypatch.setattr(context, "tagger", HesitantTagger)
    context._choose.cache_clear()
    yield
    context._choose.cache_clear()
