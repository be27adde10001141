"""Programs the tests run, installed from Debian's packages when missing (as root, with
apt-get); a machine where they cannot be fails the tests that need them, saying how
to install them: never a skip.

Every install of the suite goes through :func:`install` (issue 42): on a fresh machine
the two xdist workers may both find PostgreSQL, Redis, nginx or Chromium missing at
once, and two ``apt-get`` runs side by side fail on dpkg's lock (exit 100). So the
installs of all the test processes take turns on one file lock (:data:`LOCK`, with
``flock``), the program is looked for again once the lock is held (the other worker
may have installed it meanwhile), and each ``apt-get`` waits for dpkg's lock held by
anything else on the machine (``-o DPkg::Lock::Timeout``) and is run again when it
still exits 100 on a lock (``apt-get update``'s lists lock has no such wait).
``tests/test_debian.py`` runs this against a fake ``apt-get``.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")

#: The lock every test process takes around its apt-get runs.
LOCK = Path(tempfile.gettempdir()) / "plansza-apt.lock"
#: Seconds an apt-get waits for a lock another program holds (dpkg's, apt's lists).
LOCK_WAIT = 600.0
#: apt-get's exit status for an error, a lock held by another program among them.
APT_ERROR = 100
#: Times an apt-get that fails (exit 100) on no lock is run in all: a mirror's hiccup.
TRIES = 3


@contextmanager
def apt_lock(path: Path = LOCK) -> Iterator[None]:
    """Held by one test process at a time (of every run on this machine): the others
    wait. Let go when the process dies, however it dies."""
    with path.open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def apt_get(*args: str, wait: float = LOCK_WAIT, pause: float = 5.0) -> None:
    """``apt-get ARGS``, non-interactive: it waits up to ``wait`` seconds for dpkg's
    lock, and is run again every ``pause`` seconds while it exits 100 on a lock, until
    ``wait`` has passed (on another error, up to :data:`TRIES` times in all). Its
    output is printed (pytest shows it with a failure); raises
    :class:`subprocess.CalledProcessError` when it did not succeed."""
    argv = ["apt-get", "-o", f"DPkg::Lock::Timeout={int(wait)}", *args]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    deadline = time.monotonic() + wait
    tries = 0
    while True:
        tries += 1
        done = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out = done.stdout.decode(errors="replace")
        sys.stdout.write(out)
        if done.returncode == 0:
            return
        locked = "lock" in out.lower()
        again = time.monotonic() + pause < deadline if locked else tries < TRIES
        if done.returncode != APT_ERROR or not again:
            raise subprocess.CalledProcessError(done.returncode, argv, done.stdout)
        print(f"apt-get exited {APT_ERROR} (try {tries}); again in {pause:g} s", flush=True)
        time.sleep(pause)


def install(package: str, found: Callable[[], T | None], *, lock: Path = LOCK) -> T | None:
    """Install Debian's ``package`` unless ``found()`` finds it once the lock is held
    (the program's path, say); what ``found()`` gives afterwards."""
    with apt_lock(lock):
        there = found()
        if there is None:
            apt_get("update", "-q")
            apt_get("install", "-y", "-q", package)
            there = found()
    return there


def ensure(found: Callable[[], T | None], package: str, how: str) -> T:
    """What ``found()`` finds (a program's path, a folder), installing ``package`` when
    it finds nothing; fails the test with ``how`` when that cannot be done."""
    there = found()
    if there is None:
        if os.geteuid() != 0 or shutil.which("apt-get") is None:
            pytest.fail(how, pytrace=False)
        there = install(package, found)
        if there is None:
            pytest.fail(how, pytrace=False)
    return there


def ensure_program(program: str, package: str, how: str, *also: str) -> str:
    """The path of ``program`` (on the PATH, or one of ``also``), installing ``package``
    when it is missing; fails the test with ``how`` when that cannot be done."""

    def found() -> str | None:
        return shutil.which(program) or next((p for p in also if os.access(p, os.X_OK)), None)

    return ensure(found, package, how)
