"""One Settings for the service: limits, the rulings token and database, CORS — read from KOREN_* once.

Every limit answers with a problem+json that names it, so a client that hits
one knows which knob an operator would turn.  The request limits are each
app's own Settings (``create_app(settings=…)``), read while a request is
validated (service.api.limits); the documentation states the defaults.
A bad value (KOREN_MAX_POOL_WORDS=lots) stops the start-up naming the variable
instead of being silently replaced by a default.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from lexicon.text import MAX_RAW_WORD_LENGTH

DEFAULT_SQLITE = "var/rulings.sqlite"   # relative to the working directory; var/ is not in git
SECRET_FILE_FIELDS = ("rulings_token", "database_url")    # each may come from KOREN_<NAME>_FILE
# One worker's PSS budget, from measurements (bench/soak.py, 2 workers forked after the load; figures in
# service/memory.py): a fresh worker is 50 MB; one process serving mixed traffic with its caches at their
# working size holds ~355 MB RSS (all of the lexicon counted, not a share).  Past that a worker grows by
# heap high-water marks and copied pages of the shared heap, which clearing caches gives back only in part:
# over 400 MB it is recycled.
WORKER_MEMORY_MB = 400


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="KOREN_", frozen=True, extra="ignore")

    # --- HTTP ---------------------------------------------------------------------------------
    max_body_bytes: int = Field(4 * 1024 * 1024, ge=1)
    request_timeout_ms: int = Field(10_000, ge=1)
    # A request's whole body must arrive within this, or 408 and the connection closed; only then does it
    # count in flight (a slowly sent body held a load-shedding slot).  0: the request timeout's value.
    body_timeout_ms: int = Field(0, ge=0)
    # Requests one worker holds at once (running in its request threads or waiting for one);
    # one more gets 503 with Retry-After at once.  0 turns shedding off.
    max_in_flight: int = Field(64, ge=0)
    # Threads running `def` endpoints (anyio's default is 40).  The checks are pure Python under one GIL:
    # more threads add no throughput, only turns, and each thread the event loop competes with delays a
    # probe — with 40 busy threads /v1/health/live took 0.2–1.8 s on 2 cores, with 8 at most 0.22 s.
    request_threads: int = Field(8, ge=1, description="threads running the checks in one worker")
    cors_origins: Annotated[tuple[str, ...], NoDecode] = ()

    # --- request sizes (schemas) -----------------------------------------------------------------
    max_text_chars: int = Field(5000, ge=1, description="an explanation or a speech")
    # Checked before a word is read; a word itself is at most 64 letters (lexicon.text.MAX_WORD_LENGTH).
    max_word_chars: int = Field(200, ge=1, le=MAX_RAW_WORD_LENGTH,
                                description="one word as sent, stress marks and invisible characters included")
    max_batch_pairs: int = Field(1000, ge=1, description="pairs in /v1/cognates/batch")
    max_pool_words: int = Field(20_000, ge=1, description="words in one pool lint (50k cost ~7 s CPU here)")
    max_board_words: int = Field(25, ge=1, description="open words on a Codenames board")
    max_chgk_answers: int = Field(1000, ge=1, description="answers in one ЧГК batch")
    max_import_rulings: int = Field(10_000, ge=1, description="rulings in one import")
    max_chgk_answer_chars: int = Field(500, ge=1, description="one ЧГК answer, reference or list entry")
    max_chgk_variants: int = Field(50, ge=1, description="«Зачёт» / «Незачёт» entries of one question")
    max_chgk_package_chars: int = Field(500_000, ge=1, description="a ЧГК package text")

    # --- work per request (413 naming the limit; a real question or pool is far below) -------------
    max_reference_variants: int = Field(512, ge=1, description="ЧГК variants after expanding [optional] parts")
    max_reference_comparisons: int = Field(500_000, ge=1, description="ЧГК answer words × variant words")
    max_batch_words: int = Field(20_000, ge=1, description="words in a ЧГК batch's distinct answers")
    max_grouping_comparisons: int = Field(1_000_000, ge=1, description="ЧГК batch: word comparisons of typo groups")
    max_pool_pairs: int = Field(2_000_000, ge=1, description="candidate cognate pairs of one pool lint")

    # --- the garbage collector (service.runtime) ----------------------------------------------------
    gc_freeze: bool = Field(True, description="freeze the heap loaded at start-up: no collection scans it again")
    gc_gen0_threshold: int = Field(50_000, ge=0, description="allocations between young collections "
                                                             "(the interpreter's 700 ran ~1,000 a first lint); "
                                                             "0 keeps the interpreter's")
    gc_bulk_pause_ms: int = Field(15_000, ge=0, description="longest pause of the collector over overlapping "
                                                            "pool lints; 0 never pauses it")

    # --- memory (service.memory; the caches in one table: lexicon.caches) ---------------------------------
    # A worker's PSS after a request above this clears the largest caches first, and recycles the worker if
    # that is not enough (measured: see WORKER_MEMORY_MB).  0: no budget.
    worker_memory_mb: int = Field(WORKER_MEMORY_MB, ge=0, description="one worker's memory budget (PSS, MB)")
    memory_check_every: int = Field(100, ge=1, description="requests between two readings of a worker's PSS")
    # `koren serve --workers N` (gunicorn) replaces a worker after this many requests, ± the jitter, with a
    # fresh fork of the preloaded parent.  0: never.
    worker_max_requests: int = Field(50_000, ge=0, description="requests before gunicorn recycles a worker")
    worker_max_requests_jitter: int = Field(5_000, ge=0, description="random extra requests, so workers "
                                                                      "do not restart together")

    # --- rulings -------------------------------------------------------------------------------
    rulings_token: SecretStr = SecretStr("")     # no token: the rulings API is read-only
    database_url: str = f"sqlite:///{DEFAULT_SQLITE}"

    @field_validator("cors_origins", mode="before")
    @classmethod
    def _comma_separated(cls, value):
        if isinstance(value, str):
            return tuple(item.strip() for item in value.split(",") if item.strip())
        return value

    @model_validator(mode="before")
    @classmethod
    def _timeout_in_seconds(cls, values):
        # Code and tests speak seconds (Settings(request_timeout_s=0.05)); the variable is in ms.
        if isinstance(values, dict) and "request_timeout_s" in values:
            values = dict(values)
            values["request_timeout_ms"] = max(1, round(float(values.pop("request_timeout_s")) * 1000))
        return values

    @model_validator(mode="before")
    @classmethod
    def _secret_files(cls, values):
        """KOREN_RULINGS_TOKEN_FILE / KOREN_DATABASE_URL_FILE: the value read from a file, as Docker and
        Kubernetes mount secrets (/run/secrets/…); the plain variable, when set, wins."""
        if not isinstance(values, dict):
            return values
        values = dict(values)
        for name in SECRET_FILE_FIELDS:
            path = os.environ.get(f"KOREN_{name.upper()}_FILE")
            if path and not values.get(name):
                try:
                    values[name] = Path(path).read_text(encoding="utf-8").strip()
                except OSError as exc:
                    raise ValueError(f"KOREN_{name.upper()}_FILE: cannot read {path} ({exc.strerror})") from exc
        return values

    @property
    def request_timeout_s(self) -> float:
        return self.request_timeout_ms / 1000

    @property
    def body_timeout_s(self) -> float:
        return (self.body_timeout_ms or self.request_timeout_ms) / 1000


def load() -> Settings:
    """Fresh from the environment (tests and create_app(settings=…) build their own)."""
    return Settings()


@lru_cache(maxsize=1)
def current() -> Settings:
    """The process's settings, read once."""
    return Settings()
