"""The FastAPI application: routers per game, one error handler, the engine loaded once."""
from __future__ import annotations

from contextlib import asynccontextmanager

from fastapi import FastAPI

from lexicon import morphology
from lexicon.cognates import CognateEngine
from lexicon.pronunciation import Pronouncer
from service.api import errors
from service.api.routers import hat, pronunciation, words


def create_app(engine: CognateEngine | None = None, pronouncer: Pronouncer | None = None) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if app.state.engine is None:
            app.state.engine = CognateEngine()
        if app.state.pronouncer is None:
            app.state.pronouncer = Pronouncer(morph=morphology.analyzer())
        yield

    app = FastAPI(title="Корень", version="1.0", lifespan=lifespan,
                  description="Referee for Russian word games: cognates, homophones and game rules, each verdict with its evidence.")
    app.state.engine = engine
    app.state.pronouncer = pronouncer
    errors.install(app)
    app.include_router(words.router)
    app.include_router(pronunciation.router)
    app.include_router(hat.router)
    return app
