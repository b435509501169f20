"""Limits and switches, read from the environment once (KOREN_*).

Every limit answers with a problem+json that names it, so a client that hits
one knows which knob an operator would turn.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    try:
        return int(raw) if raw else default
    except ValueError:
        return default


def _list(name: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in os.environ.get(name, "").split(",") if item.strip())


@dataclass(frozen=True)
class Settings:
    max_body_bytes: int = field(default_factory=lambda: _int("KOREN_MAX_BODY_BYTES", 4 * 1024 * 1024))
    max_text_chars: int = field(default_factory=lambda: _int("KOREN_MAX_TEXT_CHARS", 5000))
    max_pool_words: int = field(default_factory=lambda: _int("KOREN_MAX_POOL_WORDS", 50_000))
    max_batch_pairs: int = field(default_factory=lambda: _int("KOREN_MAX_BATCH_PAIRS", 1000))
    request_timeout_s: float = field(default_factory=lambda: float(_int("KOREN_REQUEST_TIMEOUT_MS", 10_000)) / 1000)
    cors_origins: tuple[str, ...] = field(default_factory=lambda: _list("KOREN_CORS_ORIGINS"))
    # Requests one worker holds at once (running in its thread pool of 40 or waiting for a thread there);
    # one more gets 503 with Retry-After at once.  0 turns shedding off.
    max_in_flight: int = field(default_factory=lambda: _int("KOREN_MAX_IN_FLIGHT", 64))


def load() -> Settings:
    return Settings()
