"""A work budget for one request: a deadline that long loops check.

The HTTP layer can stop waiting for an answer, but it cannot kill the worker
thread that computes it.  So the thread carries a budget in a context
variable (copied into the thread pool with the request's context) and every
loop whose length depends on the input calls ``check()``: once the deadline
has passed or the waiter has given up, the work stops with ``WorkCancelled``
instead of burning CPU for an answer nobody reads.

Outside a request (CLI, tests, build) there is no budget and ``check()`` is a
no-op that costs one context-variable lookup.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator


class WorkCancelled(Exception):
    """The request's budget ran out; the partial result must be thrown away."""


class Budget:
    __slots__ = ("expires_at", "cancelled")

    def __init__(self, seconds: float):
        self.expires_at = time.monotonic() + seconds
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True

    def spent(self) -> bool:
        return self.cancelled or time.monotonic() >= self.expires_at


_current: ContextVar[Budget | None] = ContextVar("koren_budget", default=None)


def check() -> None:
    """Raise WorkCancelled when the current request's budget is spent."""
    budget = _current.get()
    if budget is not None and budget.spent():
        raise WorkCancelled()


@contextmanager
def limited(seconds: float) -> Iterator[Budget]:
    """Run the block under a fresh budget (the middleware wraps every request in one)."""
    budget = Budget(seconds)
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)
