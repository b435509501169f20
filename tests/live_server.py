"""A real uvicorn server in a subprocess on a free loopback port, for tests that need one
(kill -9 durability, the browser).  `app` is the factory it serves."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def app():
    from service.api.app import create_app

    return create_app()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, env: dict[str, str], log: Path, cli: bool = False, factory: str = "tests.live_server:app"):
        # cli=True starts it the way users do (`python -m service serve`), signal handling included.
        self.env, self.log, self.cli, self.factory = env, log, cli, factory
        self.proc: subprocess.Popen | None = None
        self.url = ""

    def start(self, timeout: float = 90) -> "Server":
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        with open(self.log, "ab") as log:
            command = ([sys.executable, "-m", "service", "serve", "--no-access-log", "--log-level", "warning"]
                       if self.cli else [sys.executable, "-m", "uvicorn", "--factory", self.factory,
                                         "--log-level", "warning"])
            self.proc = subprocess.Popen(
                command + ["--host", "127.0.0.1", "--port", str(port)],
                cwd=ROOT, env={**os.environ, **self.env}, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}; see {self.log}")
            try:
                with urllib.request.urlopen(self.url + "/v1/health", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"server did not answer within {timeout} s; see {self.log}")

    def kill9(self) -> None:
        """SIGKILL: no shutdown handlers, no flushing — what a crash or the OOM killer does."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@contextmanager
def live_server(env: dict[str, str], log: Path):
    server = Server(env, log).start()
    try:
        yield server
    finally:
        server.stop()
