"""A throwaway Redis for the multi-process tests (loaded by tests/conftest.py).

The fixture ``redis_url`` starts, once per pytest process (so once per xdist worker),
Debian's ``redis-server`` on a Unix socket in a temporary directory (no TCP port, no
persistence), and stops it at the end of the session. Where it is missing it is
installed (as root, with apt-get); a machine where it cannot be fails the tests that
need it, saying how to install it: never a skip.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from tests.debian import ensure_program

HOW = (
    "the multi-process tests need Redis and its client: "
    "apt-get install redis-server && pip install -e '.[dev,postgres,redis]'"
)


def ensure_redis() -> str:
    """The path of redis-server, installing Debian's package when missing and root."""
    found = ensure_program("redis-server", "redis-server", HOW)
    try:
        import redis  # noqa: F401
    except ImportError:
        pytest.fail(HOW, pytrace=False)
    return found


class RedisServer:
    """A ``redis-server`` on a Unix socket in ``home``; started again on the same
    socket after :meth:`stop` by :meth:`start`. ``tcp``: on a free port of 127.0.0.1
    instead (``redis://127.0.0.1:PORT/0``), as a Redis on another machine is reached."""

    def __init__(self, home: Path, *, tcp: bool = False) -> None:
        self.home = home
        self.port: int | None = None
        if tcp:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                self.port = int(s.getsockname()[1])
            self.url = f"redis://127.0.0.1:{self.port}/0"
        else:
            self.url = f"unix://{home / 'redis.sock'}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        import redis

        binary = ensure_redis()
        sock = self.home / "redis.sock"
        if self.port is None:
            argv = [binary, "--port", "0", "--unixsocket", str(sock), "--unixsocketperm", "700"]
        else:
            argv = [binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        argv += ["--save", "", "--appendonly", "no", "--dir", str(self.home)]
        with (self.home / "server.log").open("ab") as log:
            self.proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                client = redis.Redis.from_url(self.url)
                client.ping()
                client.close()
                return
            except redis.RedisError:
                time.sleep(0.05)
        text = (self.home / "server.log").read_text(errors="replace")
        pytest.fail(f"redis-server did not start:\n{text}", pytrace=False)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
            self.proc = None


@pytest.fixture(scope="session")
def redis_url(request: pytest.FixtureRequest) -> str:
    """A Redis of this test process, started on first use: its ``unix://`` URL."""
    home = Path(tempfile.mkdtemp(prefix="plansza-redis-"))
    server = RedisServer(home)
    request.addfinalizer(lambda: shutil.rmtree(home, ignore_errors=True))
    request.addfinalizer(server.stop)  # first: finalizers run last-in first
    server.start()
    return server.url
