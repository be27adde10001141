"""The app served for real on loopback (in a thread, or ``plansza serve`` in a
subprocess), and Debian's Chromium for the browser tests.

Playwright cannot download a browser here: :func:`ensure_chromium` installs Debian's
``chromium`` when it is missing (as root, with apt-get) and points Playwright at it.
"""

from __future__ import annotations

import os
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from tests.debian import ensure_program

import plansza

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def ensure_chromium() -> str:
    """Debian's Chromium, installed when missing (the machines run as root)."""
    how = "the browser tests need /usr/bin/chromium: apt-get install chromium"
    return ensure_program(CHROMIUM, "chromium", how)


def wait_up(
    proc: subprocess.Popen[bytes],
    url: str,
    log: Path,
    *,
    timeout: float = 60.0,
    verify: ssl.SSLContext | bool = True,
) -> None:
    """Wait until ``url`` answers 200 from the process ``proc`` started (its output in
    ``log``, shown when it stopped or never answered); ``verify``: the certificates an
    ``https`` address's is checked against (httpx's)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text(errors="replace")
        try:
            if httpx.get(url, timeout=2, verify=verify).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"{url} did not answer:\n" + log.read_text(errors="replace"))


def free_port() -> int:
    """A TCP port of 127.0.0.1 free now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def lexicon_file(folder: Path) -> Path:
    """The test word list (``conftest.WORDS``) as a file in ``folder``, for ``--lexicon``."""
    from .conftest import WORDS

    path = folder / "words.txt"
    if not path.exists():
        path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return path


class Served:
    """``python -m plansza serve --port P ARGS`` in a subprocess on a free loopback
    port (the package of this checkout), its output in ``tmp/NAME.log``. :meth:`start`
    waits until ``ready`` answers 200 (and may run again after :meth:`kill`); ``env``:
    more environment variables. Every process shares one session key, so a browser's
    session is good on each of several processes."""

    def __init__(
        self,
        tmp: Path,
        name: str,
        args: list[str],
        *,
        ready: str = "/",
        env: dict[str, str] | None = None,
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tmp / f"{name}.log"
        self.args = args
        self.ready = ready
        self.env = env or {}
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        src = str(Path(plansza.__file__).resolve().parent.parent)
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")]),
            "PLANSZA_SECRET": "plansza-test-secret",
            **self.env,
        }
        argv = [sys.executable, "-m", "plansza", "serve", "--port", str(self.port), *self.args]
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT)
        wait_up(self.proc, self.url + self.ready, self.log)

    def kill(self) -> float:
        """SIGKILL: no shutdown code runs (a cluster's lease is not given back); the
        time it died."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        died = time.time()
        self.proc.wait(10)
        self.proc = None
        return died

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None


def serve(app: Any, port: int | None = None) -> Iterator[str]:
    """The app served by Uvicorn in a thread on ``port`` (default: a free loopback
    port): its address, until the generator is closed."""
    import uvicorn

    port = port or free_port()
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio"
    )
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if uv.started:
            break
        time.sleep(0.05)
    assert uv.started, "the server did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        uv.should_exit = True
        thread.join(10)


@contextmanager
def chromium() -> Iterator[Any]:
    """A Playwright browser on Debian's Chromium, closed afterwards."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        try:
            yield b
        finally:
            b.close()


def game_with_friend(
    base_url: str,
    *,
    minutes: int = 15,
    rules: str = "pfs",
    verify: ssl.SSLContext | bool = True,
) -> tuple[str, tuple[str, str], httpx.Headers]:
    """A game for two people made through the lobby's form at ``base_url`` and its
    invitation taken by a second browser, as people do it: the game's id, the two
    seats' tokens (their cookies) and the headers of the answer that made it.
    ``verify``: the certificates an ``https`` address's is checked against."""
    import re

    def csrf_in(text: str) -> str:
        m = re.search(r'name="csrf" value="([^"]+)"', text)
        assert m, text[-2000:]
        return m.group(1)

    with (
        httpx.Client(base_url=base_url, verify=verify) as host,
        httpx.Client(base_url=base_url, verify=verify) as friend,
    ):
        form = {"csrf": csrf_in(host.get("/").text), "opponent": "person", "rules": rules}
        r = host.post("/games", data=form | {"minutes": str(minutes)})
        assert r.status_code == 303, r.text
        made = r.headers
        game_id = r.headers["location"].rsplit("/", 1)[-1]
        link = re.search(r'value="http[^"]+?(/g/[^"]+/join/[^"?]+)', host.get(f"/g/{game_id}").text)
        assert link, "no invitation"
        page = friend.get(link.group(1))
        taken = friend.post(link.group(1), data={"csrf": csrf_in(page.text), "name": "Ola"})
        assert taken.status_code == 303 and taken.headers["location"] == f"/g/{game_id}", taken.text
        return game_id, (host.cookies[f"seat_{game_id}"], friend.cookies[f"seat_{game_id}"]), made


def event(step: dict[str, Any], kind: str) -> dict[str, Any] | None:
    """The first event named ``kind`` of a step as a socket sent it (``None``: none)."""
    for e in step.get("events", []):
        if e.get("event") == kind:
            return dict(e)
    return None
