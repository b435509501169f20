"""koren serve|check|eval|lint|chgk|pool|board (or python -m service …) — the command line of Корень."""
from __future__ import annotations

import argparse
import gc
import json
import signal
import sys


LOG_CONFIG = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
                   "json": {"format": "%(message)s"}},
    "handlers": {"default": {"class": "logging.StreamHandler", "formatter": "plain", "stream": "ext://sys.stderr"},
                 "access": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stdout"}},
    "loggers": {"uvicorn": {"handlers": ["default"], "level": "INFO"},
                "uvicorn.error": {"level": "INFO"},
                "koren": {"handlers": ["default"], "level": "INFO", "propagate": False},
                "koren.access": {"handlers": ["access"], "level": "INFO", "propagate": False}},
}


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    config = json.loads(json.dumps(LOG_CONFIG))
    config["loggers"]["koren.access"]["level"] = "INFO" if args.access_log else "WARNING"
    for name in ("uvicorn", "koren"):
        config["loggers"][name]["level"] = args.log_level.upper()
    if args.workers > 1:
        return serve_forked(args, config)
    # uvicorn's own access log prints paths with words and query strings; ours logs route templates only.
    # Idle and slow-header connections close, an over-long head gets 431 (service.api.protocol).
    from service.api.protocol import UVICORN_OPTIONS

    uvicorn.run("service.api.app:create_app", factory=True, host=args.host, port=args.port,
                log_config=config, access_log=False, timeout_graceful_shutdown=10, **UVICORN_OPTIONS)
    return 0


def serve_forked(args: argparse.Namespace, log_config: dict) -> int:
    """Several workers forked from one parent that already loaded the lexicon.

    uvicorn's own --workers spawns fresh interpreters, each loading pymorphy3's
    dictionaries and the caches again (about 62 MB each); forking after the load
    lets the workers share those pages copy-on-write.
    """
    import logging.config

    from gunicorn.app.base import BaseApplication

    from service import memory
    from service.api.app import create_app
    from service.api.protocol import IDLE_TIMEOUT_S, gunicorn_worker

    logging.config.dictConfig(log_config)  # inherited by the forked workers
    app = create_app(preload=True)    # loads, warms up and freezes the heap (service.runtime)
    settings = app.state.settings
    # A worker still over its memory budget once its caches are cleared ends gracefully; gunicorn forks another.
    app.state.memory_budget.recycle = memory.end_worker_gracefully

    class Server(BaseApplication):
        def load_config(self):
            for key, value in {"bind": f"{args.host}:{args.port}", "workers": args.workers,
                               "worker_class": gunicorn_worker, "keepalive": int(IDLE_TIMEOUT_S), "preload_app": True,
                               "graceful_timeout": 10, "timeout": 60, "accesslog": None,
                               # A worker is replaced after this many requests (service.memory; 0: never).
                               "max_requests": settings.worker_max_requests,
                               "max_requests_jitter": settings.worker_max_requests_jitter}.items():
                self.cfg.set(key, value)

        def load(self):
            return app

    Server().run()
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from lexicon.cognates import CognateEngine
    from lexicon.text import InvalidWord

    engine = CognateEngine()
    try:
        verdict = engine.compare(args.a, args.b)
    except InvalidWord as exc:
        print(f"error: {exc.reason}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(verdict.to_json(), ensure_ascii=False, indent=2))
        return 0
    mark = "ОДНОКОРЕННЫЕ" if verdict.cognate else "не однокоренные"
    sure = {"certain": "точно", "probable": "вероятно", "none": "нет данных"}[verdict.confidence]
    print(f"{args.a} / {args.b}: {mark} (уверенность: {sure})")
    for side in (verdict.a, verdict.b):
        for an in side.analyses:
            parts = "/".join(f"[{t}]" if k == "root" else t for t, k in an.morphemes)
            print(f"  {side.word.raw}: {an.lemma} = {parts}  ({an.source})")
    for ev in verdict.evidence:
        print(f"  - {ev.get('explanation', ev.get('kind'))}")
        for step in ev.get("path", []):
            print(f"      {step['from']} → {step['to']}  [{step.get('label', step['link'])}; {step.get('source', '')}]")
        if ev.get("source"):
            print(f"      источник: {ev['source']}")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from pathlib import Path

    from service import evaluation

    # The labelled sets live in a checkout (tests/data), not in the wheel: say so instead of a traceback.
    if not (Path(args.data) / "cognates.tsv").is_file():
        print(f"ошибка: нет размеченных наборов в «{args.data}» — koren eval запускают из копии репозитория "
              "(или укажите --data ПАПКА с cognates.tsv и другими наборами)", file=sys.stderr)
        return 2
    return evaluation.main(args.data, verbose=not args.quiet)


def main(argv: list[str] | None = None) -> int:
    # The installed command is `koren` (pyproject's scripts); `python -m service` runs the same parser.
    parser = argparse.ArgumentParser(prog="koren", description="Корень — судья русских словесных игр "
                                                               "(то же, что python -m service)")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="запустить HTTP API")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1)
    serve.add_argument("--log-level", default="info")
    serve.add_argument("--no-access-log", dest="access_log", action="store_false",
                       help="без журнала запросов в JSON на stdout (маршрут, код, мс; тела запросов там не бывает)")
    serve.set_defaults(func=cmd_serve)

    check = sub.add_parser("check", help="однокоренные ли два слова: вердикт и доказательства")
    check.add_argument("a")
    check.add_argument("b")
    check.add_argument("--json", action="store_true", help="вывести JSON, как в API")
    check.set_defaults(func=cmd_check)

    ev = sub.add_parser("eval", help="точность и полнота на размеченных наборах tests/data (= make eval)")
    ev.add_argument("--data", default="tests/data")
    ev.add_argument("--quiet", action="store_true", help="только цифры, без списка ошибок")
    ev.set_defaults(func=cmd_eval)

    from service.cli import chgk as cli_chgk, generate as cli_generate, lint as cli_lint

    cli_lint.register(sub)
    cli_chgk.register(sub)
    cli_generate.register(sub)
    args = parser.parse_args(argv)
    if args.command == "serve":
        # A client that closes its socket mid-answer must cost a BrokenPipeError, never the process.
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)
        return args.func(args)
    if argv is not None:
        return args.func(args)           # called from Python: the caller's collector and exit are its own
    from service import runtime

    # Run as a command (not called from Python): `koren check … | head` ends quietly, like any Unix tool.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    runtime.start_command()              # a raised threshold now; the lexicon frozen once loaded
    runtime.exit_now(args.func(args))    # output written: exit without tearing the heap down
