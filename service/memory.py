"""A worker's memory budget (Settings.worker_memory_mb), enforced after requests (issue 35, item 5).

Every `memory_check_every`-th request a worker reads its own PSS (/proc/self/smaps_rollup: the pages it
shares with the parent and its siblings counted in part, as `make soak` reports them; RSS from
/proc/self/statm where smaps_rollup is missing) in a thread off the event loop.  Over the budget, it
clears whole caches of the one table (lexicon.caches), the largest estimate first, until their estimates
cover the excess, then collects and hands freed heap back to the OS (malloc_trim).  A cleared cache only
loses speed: its answers are worked out again, the same.

The other half is recycling: `koren serve --workers N` (gunicorn) replaces a worker after
Settings.worker_max_requests requests (± jitter, so they do not all restart at once) — a fresh fork of
the preloaded parent, whatever fragmentation the old one had left.

Measured (bench/soak.py, 2 workers, 32 clients of mixed traffic, 2 shared cores): without a budget a worker
grew 409 → 633 MB and 405 → 716 MB PSS in 240 s, still growing (266 req/s).  A fresh worker is 50 MB; it
grows ~2.5 MB/s under that load (its caches fill, and every page of the shared heap it touches becomes its
own), and clearing the largest cache at 400 MB (the engine's 30,000 verdicts) gave back 13–19 MB.  With the
400 MB budget and 50,000 requests a worker, 600 s held every worker under 400 MB (peak 397.5 MB, 481 req/s,
p99 180 ms): the traffic went mostly to one worker at a time, max_requests replaced a worker 6 times (at
50,081–54,010 requests, 4 of them seconds after a budget check had cleared the verdict cache at 400 MB), and
no worker was still over its budget after clearing.
"""
from __future__ import annotations

import ctypes
import gc
import logging
import os
import threading
from typing import Callable

import anyio

from lexicon import caches
from service.settings import Settings

log = logging.getLogger("koren.memory")
MB = 2**20


def pss_bytes() -> int:
    """This process's PSS (RSS where the kernel has no smaps_rollup); 0 where /proc is not there."""
    try:
        with open("/proc/self/smaps_rollup", "rb") as handle:
            for line in handle:
                if line.startswith(b"Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        with open("/proc/self/statm", "rb") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _trim() -> None:
    """Return freed heap to the OS (glibc); nothing elsewhere."""
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


class MemoryBudget:
    """Counts requests; every `every`-th one, `check()` compares `reader()` with the budget."""

    def __init__(self, budget_mb: int, every: int = 100, reader: Callable[[], int] = pss_bytes,
                 recycle: Callable[[], None] | None = None):
        self.budget = budget_mb * MB       # 0: no budget
        self.every = max(1, every)
        self.reader = reader
        # Called when clearing the caches did not bring the worker under its budget: service.cli's forked
        # workers end gracefully there (gunicorn forks a fresh one).  None (one process, `make run`): the
        # worker goes on, and clears again only once it has grown by a tenth more (no clearing every check).
        self.recycle = recycle
        self.limit = self.budget           # what the next check compares with
        self.requests = 0
        self.clears = 0                    # checks that had to clear caches
        self.recycled = False
        self.last_bytes = 0
        self.cleared: list[caches.Row] = []
        self._busy = threading.Lock()

    @classmethod
    def of(cls, settings: Settings, reader: Callable[[], int] = pss_bytes) -> "MemoryBudget":
        return cls(settings.worker_memory_mb, settings.memory_check_every, reader)

    def due(self) -> bool:
        """One more request answered: is this one the check's turn?"""
        if not self.budget:
            return False
        self.requests += 1
        return self.requests % self.every == 0

    def check(self) -> list[caches.Row]:
        """Read the memory; over the limit, clear the largest caches, then read it again: still over, recycle
        the worker (if it may be).  Returns the rows cleared (none if under, or if another thread is checking)."""
        if not self.budget or self.recycled or not self._busy.acquire(blocking=False):
            return []
        try:
            used = self.last_bytes = self.reader()
            if used <= self.limit:
                return []
            cleared = self.cleared = caches.relieve(used - self.budget)
            self.clears += 1
            gc.collect()
            _trim()
            after = self.last_bytes = self.reader()
            log.warning("worker %d: %.0f MB, over its budget of %.0f MB; cleared %d caches (%s); now %.0f MB",
                        os.getpid(), used / MB, self.budget / MB, len(cleared),
                        ", ".join(f"{r.name} {r.entries}" for r in cleared[:5]), after / MB)
            if after > self.budget:
                if self.recycle is not None:
                    self.recycled = True
                    log.warning("worker %d: still over its budget: recycled", os.getpid())
                    self.recycle()
                else:
                    self.limit = int(after * 1.1)
            else:
                self.limit = self.budget
            return cleared
        finally:
            self._busy.release()


def end_worker_gracefully() -> None:
    """A forked worker's way out: SIGTERM to itself, as gunicorn's max_requests does it — in-flight requests
    are answered, and the arbiter forks a fresh worker from the preloaded parent."""
    import signal

    os.kill(os.getpid(), signal.SIGTERM)


class MemoryBudgetMiddleware:
    """After every answered HTTP request, count it; on the check's turn, check in a thread (never on the loop)."""

    def __init__(self, app, budget: MemoryBudget):
        self.app = app
        self.budget = budget

    async def __call__(self, scope, receive, send):
        try:
            await self.app(scope, receive, send)
        finally:
            if scope["type"] == "http" and self.budget.due():
                # The answer is out already; the check runs in a request thread, never on the event loop.
                await anyio.to_thread.run_sync(self.budget.check)
