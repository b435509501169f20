"""The process's garbage-collector policy, in one place: the app's start-up and the CLI both apply it.

A loaded lexicon is millions of long-lived container objects (pymorphy3's tables, the compiled
tables, the caches).  With the interpreter's defaults (a collection every 700 allocations, a full one
whenever the old generation grew by a quarter) a first lint over HTTP ran 7 full collections that
walked all of them again — 1.8 s of 4.3 s server CPU — and a warm lint spent half its time there.
So, after loading:

* ``gc.freeze()`` moves everything loaded into the permanent generation: no collection scans it again
  (and forked workers do not copy its pages by writing into object headers);
* the generation-0 threshold is raised (Settings.gc_gen0_threshold), so a request's burst of short-lived
  objects — freed by reference counting anyway — triggers a collection a few times, not a thousand;
* ``bulk_phase()`` pauses collection while a pool is linted, in request threads as in the main one.
  Overlapping lints share one pause, and no pause outlasts Settings.gc_bulk_pause_ms: under an endless
  stream of overlapping lints it ends there, and a new one starts only when none is running — a pause
  that never ended grew the workers +58% in a soak (see lexicon/gc_pause.py, which pauses the main
  thread only).
"""
from __future__ import annotations

import gc
import threading
import time
from contextlib import contextmanager
from typing import Iterator

from service.settings import Settings, current

_lock = threading.Lock()
_running = 0               # bulk phases inside the current pause window (all threads)
_paused_by_us = False      # this module disabled the collector and owes it an enable
_deadline = 0.0            # time.monotonic() after which the current pause ends
_applied: dict[str, object] = {}
_command = False           # the process is a CLI command (start_command), not a library caller


def apply_gc_policy(settings: Settings | None = None, *, collect_first: bool = True) -> dict[str, object]:
    """Raise the generation-0 threshold and freeze what is loaded now; call after loading.

    `collect_first`: a full collection before freezing, so garbage of the load is not frozen with it
    (a server does it once at start; the CLI, which exits right after its output, skips it).
    Idempotent: objects loaded since the last call are frozen too.  Returns what was applied."""
    settings = settings or current()
    if settings.gc_gen0_threshold > 0:
        _, gen1, gen2 = gc.get_threshold()
        gc.set_threshold(settings.gc_gen0_threshold, gen1, gen2)
    if settings.gc_freeze:
        if collect_first:
            gc.collect()
        gc.freeze()
    _applied.update(threshold=gc.get_threshold(), frozen=gc.get_freeze_count(),
                    bulk_pause_ms=settings.gc_bulk_pause_ms)
    return dict(_applied)


def start_command(settings: Settings | None = None) -> None:
    """This process is a CLI command run from the shell: the policy now (imports frozen, the threshold
    raised) and again at loaded().  A command called from Python (tests, a notebook) never calls it: the
    caller's collector is its own, and freezing its heap would keep its cyclic garbage for good."""
    global _command
    _command = True
    apply_gc_policy(settings, collect_first=False)


def loaded(settings: Settings | None = None) -> None:
    """A command's lexicon is loaded: frozen too, if the process is a command (start_command)."""
    if _command:
        apply_gc_policy(settings, collect_first=False)


def applied() -> dict[str, object]:
    """What apply_gc_policy last set (empty before it ran): for tests and the bench."""
    return dict(_applied)


@contextmanager
def bulk_phase(settings: Settings | None = None) -> Iterator[None]:
    """No cyclic collection while the block runs (a pool lint builds hundreds of thousands of objects
    that live until its report is out; every pass over them finds nothing to free).  Any thread."""
    global _running, _paused_by_us, _deadline
    limit_s = (settings or current()).gc_bulk_pause_ms / 1000
    if limit_s <= 0:
        yield
        return
    with _lock:
        now = time.monotonic()
        if _paused_by_us and now > _deadline:
            _end_pause()
        if _running == 0 and not _paused_by_us and gc.isenabled():
            gc.disable()
            _paused_by_us, _deadline = True, now + limit_s
        _running += 1
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _paused_by_us and (_running == 0 or time.monotonic() > _deadline):
                _end_pause()


def _end_pause() -> None:
    # Under _lock.  Phases still running keep _running; the next window opens when they are all done.
    global _paused_by_us
    gc.enable()
    _paused_by_us = False


def exit_now(code: int | None) -> None:
    """End a CLI command whose output is written: flush stdout and stderr, then os._exit(code).

    Tearing the heap down object by object (a loaded lexicon, the caches) was 31% of a `koren lint`
    run and frees nothing the OS would not take back at once.  Only on the normal path of a command
    run from the shell: nothing is left open there (files are written with `with` or write_text, the
    SQLite stores commit each write)."""
    import os
    import sys

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError):    # a reader gone (`| head`) or a closed stream: nothing to save
            pass
    os._exit(int(code or 0))       # None, as sys.exit(None), is success


def every_object() -> list:
    """gc.get_objects() with the frozen heap too (it lists only generations 0–2): for the memory tests and
    bench/memprofile.py, which look for caches and leaks among all objects.  Whatever is tracked now
    stays frozen afterwards, so it is not for a serving process."""
    gc.unfreeze()
    try:
        return gc.get_objects()
    finally:
        gc.freeze()
