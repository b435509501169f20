"""Rulings: a tournament judge decides a disputed pair once, and later checks in that scope follow.

    store_for(app)          the app's store, opened on first use from Settings.database_url (KOREN_DATABASE_URL)
    oracle_for(app, scope)  the scope's rulings as the lexicon's oracle (lexicon.overrides.Oracle): every
                            check hands it to the Lexicon and asks it the same way, and reports what it found;
                            it reads rulings by key, the pairs asked, never the whole scope
    prefetch(oracle, kind, words)  a batch's rulings among its words in one query
"""
from __future__ import annotations

import logging
import threading
from typing import Iterable

from starlette.exceptions import HTTPException

from lexicon.overrides import NO_RULINGS

from service.rulings.oracle import ScopeOracle, find
from service.rulings.store import Ruling, RulingsStore, StoreUnavailable, shown_name

__all__ = ["Ruling", "RulingsStore", "ScopeOracle", "find", "store_for", "oracle_for", "prefetch", "shown_name"]

log = logging.getLogger("koren.rulings")
_open_lock = threading.Lock()


def store_for(app) -> RulingsStore:
    """Opened lazily, so an app that never sees a scope never touches the database."""
    store = getattr(app.state, "rulings", None)
    if store is None:
        with _open_lock:
            store = getattr(app.state, "rulings", None)
            if store is None:
                store = app.state.rulings = RulingsStore(app.state.settings.database_url)
    return store


def oracle_for(app, scope: str | None):
    """The oracle every check hands the lexicon: the scope's rulings, or nobody's when there is no scope."""
    if not scope:
        return NO_RULINGS
    try:
        return ScopeOracle(store_for(app), scope, fault=_unavailable)
    except ValueError as exc:
        raise HTTPException(422, f"scope: {exc}") from exc
    except Exception as exc:
        raise _unavailable(exc) from exc


def prefetch(oracle, kind: str, words: Iterable[str]) -> None:
    """Read a batch's rulings among `words` at once (a ScopeOracle; other oracles have nothing to read)."""
    read = getattr(oracle, "prefetch", None)
    if read is not None:
        read(kind, words)


def _unavailable(exc: Exception) -> HTTPException:
    # A check with a scope must not silently ignore the judge: refuse with 503, naming the store and the fault.
    log.exception("rulings store unavailable")
    what = exc.public if isinstance(exc, StoreUnavailable) else f"the rulings store is unavailable ({type(exc).__name__})"
    return HTTPException(503, f"{what}; retry, or check without a scope")
