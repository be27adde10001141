"""The app served for real on loopback, and Debian's Chromium for the browser tests.

Playwright cannot download a browser here: :func:`ensure_chromium` installs Debian's
``chromium`` when it is missing (as root, with apt-get) and points Playwright at it.
"""

from __future__ import annotations

import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from tests.debian import ensure_program

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


def wait_up(proc: subprocess.Popen[bytes], url: str, log: Path, *, timeout: float = 60.0) -> None:
    """Wait until ``url`` answers 200 from the process ``proc`` started (its output in
    ``log``, shown when it stopped or never answered)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text(errors="replace")
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"{url} did not answer:\n" + log.read_text(errors="replace"))


def serve(app: Any) -> Iterator[str]:
    """The app served by Uvicorn in a thread on a free loopback port: its address,
    until the generator is closed."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
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
