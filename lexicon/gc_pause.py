"""The cyclic garbage collector paused while a big batch runs.

Grouping a pool of thousands of words allocates hundreds of thousands of small
objects that live until the batch ends; each allocation threshold crossed makes
the collector walk all of them again, about half the batch's time.  Nearly all
of it is freed by reference counting anyway, so the collector waits until no
batch is running.  Only in the main thread (the CLI, bench and eval runs): in a
server's thread pool other requests run alongside, lints overlap, and the pause
would never end — a soak grew the workers +58% instead of collecting.  A count of
running batches, under a lock, keeps nested batches from switching it back on.
"""
from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from typing import Iterator

_lock = threading.Lock()
_running = 0
_was_enabled = True


@contextmanager
def gc_paused() -> Iterator[None]:
    global _running, _was_enabled
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    with _lock:
        if _running == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _running += 1
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0 and _was_enabled:
                gc.enable()
