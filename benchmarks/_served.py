"""What the web benchmarks share: ``plansza serve`` in a subprocess on loopback, the
percentiles. Not a benchmark itself (``make bench`` runs
the files not starting with ``_``)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

import plansza


class Server:
    """``plansza serve`` (with ``extra`` arguments) in a subprocess on a fresh SQLite
    file; started once ``ready`` answers 200."""

    def __init__(
        self, folder: Path, *extra: str, ready: str = "/", db: str | None = None, name: str = ""
    ) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = db or f"sqlite:///{folder / 'web.db'}"
        self.extra = list(extra)
        self.ready = ready
        self.log = folder / f"server{name}.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def env(self) -> dict[str, str]:
        """The environment of the server (and of commands run next to it)."""
        src = str(Path(plansza.__file__).resolve().parent.parent)
        return {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")]),
            "PLANSZA_SECRET": "benchmark-secret",
        }

    def start(self) -> None:
        argv = [sys.executable, "-m", "plansza", "serve", "--port", str(self.port)]
        argv += ["--db", self.db, *self.extra]
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(argv, env=self.env(), stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit("the server stopped:\n" + self.log.read_text(errors="replace"))
            try:
                if httpx.get(self.url + self.ready, timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        raise SystemExit("the server did not start:\n" + self.log.read_text(errors="replace"))

    def rss_kb(self) -> int:
        assert self.proc is not None
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def cpu_s(self) -> float:
        """The server's CPU seconds so far (user + system)."""
        assert self.proc is not None
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def thread_cpu_s(self) -> dict[int, float]:
        """Each of the server's threads' CPU seconds so far, to the nanosecond (the
        scheduler's own count; :meth:`cpu_s` is in clock ticks, 10 ms). A thread ended
        since is not in it: :func:`cpu_between` counts only what both readings have."""
        assert self.proc is not None
        found = {}
        for task in Path(f"/proc/{self.proc.pid}/task").iterdir():
            try:
                found[int(task.name)] = int((task / "schedstat").read_text().split()[0]) / 1e9
            except (OSError, ValueError, IndexError):
                continue  # ended meanwhile
        return found

    def kill(self) -> float:
        """SIGKILL (no shutdown code runs); when it died."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        died = time.time()
        self.proc.wait(10)
        self.proc = None
        return died

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (0 for none), nearest rank."""
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def cpu_between(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds between two :meth:`Server.thread_cpu_s` readings: the threads of
    the second reading, each from its first reading (or from 0: started since); the
    threads ended between them are missed (idle workers, as a rule)."""
    return sum(t - before.get(tid, 0.0) for tid, t in after.items())
