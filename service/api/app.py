"""The FastAPI application: routers per game, one error handler, the engine loaded once."""
from __future__ import annotations

from contextlib import asynccontextmanager

from fastapi import FastAPI

from lexicon.cognates import CognateEngine
from service.api import errors
from service.api.routers import words


def create_app(engine: CognateEngine | None = None) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if getattr(app.state, "engine", None) is None:
            app.state.engine = CognateEngine()
        yield

    app = FastAPI(title="Корень", version="1.0", lifespan=lifespan,
                  description="Referee for Russian word games: cognates, homophones and game rules, each verdict with its evidence.")
    app.state.engine = engine
    errors.install(app)
    app.include_router(words.router)
    return app
