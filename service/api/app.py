"""The FastAPI application: routers per game, one error handler, the engine loaded once.

Start-up loads the engine and the pronouncer, then verifies every compiled
data file (lexicon.sqlite, stress.sqlite, frequency.dawg, profanity.json, thesaurus.tsv) and
loads the lazily used tables from them.  A missing or damaged file stops the
start: the error names the file in the log and the server exits non-zero
(uvicorn: "Application startup failed", exit code 3) rather than serving 500s
from the first lint.  A file that breaks later fails /v1/health/ready instead.
The rulings store is not opened at start: an unreachable or read-only store
must not stop the checks that need no `scope`.
"""
from __future__ import annotations

import logging
from importlib import metadata
from contextlib import asynccontextmanager

import anyio.to_thread
from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.openapi.utils import get_openapi

from lexicon import Lexicon, morphology
from lexicon.cognates import CognateEngine
from lexicon.pronunciation import Pronouncer
from lexicon.store import DataFileError
from service import memory, runtime, settings as settings_module
from service.api import errors, metrics, openapi_docs
from service.api.limits import SettingsContext
from service.api.middleware import GuardMiddleware
from service.api.redirects import RelativeRedirectMiddleware
from service.api.routers import chgk, codenames, docs, hat, judge, mafia, ops, pool, pronunciation, rulings, words

log = logging.getLogger("koren")


def start(app: FastAPI) -> None:
    """Load what the app serves from and verify the data files; DataFileError (logged) if one is bad."""
    state = app.state
    try:
        if state.engine is None:
            state.engine = CognateEngine()
        if state.pronouncer is None:
            state.pronouncer = Pronouncer(morph=morphology.analyzer())
        state.lexicon = Lexicon(state.engine, state.pronouncer)
        broken = state.lexicon.broken_data_file()
        if broken is not None:
            raise broken
        state.lexicon.load_tables()   # from the files just verified, not on the first lint
    except DataFileError as exc:
        log.error("cannot start: data file %s", exc)
        raise
    # Everything loaded is frozen out of the collector's reach, young collections made rare (service.runtime).
    runtime.apply_gc_policy(state.settings)


def package_version() -> str:
    """The installed package's version (pyproject), which /docs and openapi.json show: not a number of their own."""
    try:
        return metadata.version("koren")
    except metadata.PackageNotFoundError:   # run from a checkout that was never installed
        return "0+unknown"


def create_app(engine: CognateEngine | None = None, pronouncer: Pronouncer | None = None,
               settings: settings_module.Settings | None = None, preload: bool = False) -> FastAPI:
    settings = settings or settings_module.load()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        # The requests' thread pool belongs to this event loop: sized here (Settings.request_threads).
        anyio.to_thread.current_default_thread_limiter().total_tokens = settings.request_threads
        start(app)
        yield
        if getattr(app.state, "rulings", None):
            app.state.rulings.close()

    app = FastAPI(title="Корень", version=package_version(), lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Судья словесных игр: однокоренные, созвучия и правила Шляпы, Codenames, Мафии и "
                              "«Что? Где? Когда?» — каждый вердикт с доказательствами.")
    app.state.engine = engine
    app.state.pronouncer = pronouncer
    app.state.settings = settings
    if preload:
        # Load before the workers fork so they share the pages (see service.cli.serve_forked).
        start(app)
        app.state.engine.compare("кот", "кошка")
        app.state.pronouncer.readings("замок")
        # Again after the warm-up, before the workers fork: a worker's collection would otherwise write
        # into every loaded object's header and copy its page.
        runtime.apply_gc_policy(settings)
    errors.install(app)
    app.include_router(ops.router)
    app.include_router(words.router)
    app.include_router(pronunciation.router)
    app.include_router(hat.router)
    app.include_router(codenames.router)
    app.include_router(pool.router)
    app.include_router(mafia.router)
    app.include_router(chgk.router)
    app.include_router(rulings.router)
    app.include_router(judge.router)
    app.include_router(docs.router)      # /docs and /redoc from packaged assets, no CDN

    def openapi() -> dict:
        if app.openapi_schema is None:
            app.openapi_schema = openapi_docs.document(get_openapi(
                title=app.title, version=app.version, description=app.description, routes=app.routes))
        return app.openapi_schema

    app.openapi = openapi
    # Innermost: the request schemas' limits are this app's Settings (service.api.limits).
    app.add_middleware(SettingsContext, settings=settings)
    if settings.cors_origins:
        # Closed by default: browsers on other origins get no CORS headers unless configured.
        app.add_middleware(CORSMiddleware, allow_origins=list(settings.cors_origins),
                           allow_methods=["GET", "POST", "DELETE"], allow_headers=["Authorization", "Content-Type"])
    app.add_middleware(RelativeRedirectMiddleware)
    app.add_middleware(GuardMiddleware, max_body_bytes=settings.max_body_bytes, timeout_s=settings.request_timeout_s,
                       max_in_flight=settings.max_in_flight, body_timeout_s=settings.body_timeout_s)
    # Outermost: a request is counted once its answer is out; every Nth one reads the worker's PSS (service.memory).
    app.state.memory_budget = metrics.BUDGET = memory.MemoryBudget.of(settings)
    app.add_middleware(memory.MemoryBudgetMiddleware, budget=app.state.memory_budget)
    return app
