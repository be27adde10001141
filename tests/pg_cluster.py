"""A throwaway PostgreSQL cluster for the database tests (loaded by tests/conftest.py).

The fixture ``postgres`` starts, once per pytest process (so once per xdist worker),
Debian's PostgreSQL from a fresh ``initdb`` in a temporary directory, listening only on
a Unix socket (no TCP port), and removes it at the end of the session, also when tests
fail or the run is interrupted. ``postgres_url`` gives each test a fresh, empty
database of its own; ``database_url`` is parametrized so that a test taking it runs
twice, on an SQLite file and on PostgreSQL.

Where PostgreSQL is missing it is installed (as root, with apt-get, through
``tests/debian.py``); a machine where it cannot be fails the tests that need it,
saying how to install it: never a skip.
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tests.debian import ensure

HOW = (
    "the database tests need PostgreSQL (initdb, pg_ctl) and its driver: "
    "apt-get install postgresql && pip install -e '.[dev,postgres]'"
)


def _bindir() -> Path | None:
    """The folder of Debian's initdb and pg_ctl (not on PATH there), if installed."""
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        folder = Path(out.stdout.strip())
        if out.returncode == 0 and (folder / "initdb").exists():
            return folder
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), reverse=True)
    if found:
        return found[0].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def ensure_postgresql() -> Path:
    """The bindir of PostgreSQL, installing Debian's package when missing and root."""
    folder = ensure(_bindir, "postgresql", HOW)
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail(HOW, pytrace=False)
    return folder


@dataclass
class Cluster:
    """A running throwaway cluster: its socket folder and a counter for databases."""

    socket: Path
    user: str
    names: Iterator[int]
    admin: Any = None  # one connection to the ``postgres`` database, for CREATE DATABASE
    #: The TCP port on 127.0.0.1 when started with ``tcp=True``, else None.
    port: int | None = None

    def url(self, database: str) -> str:
        port = f"&port={self.port}" if self.port is not None else ""  # the socket's name
        return f"postgresql+psycopg://{self.user}@/{database}?host={self.socket}{port}"

    def tcp_url(self, database: str, password: str = "secret") -> str:
        """The URL over TCP, in the deployment guide's form ``user:pass@host:port/db``
        (the cluster trusts loopback: the password is not checked)."""
        assert self.port is not None, "started without tcp=True"
        return f"postgresql+psycopg://{self.user}:{password}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database; its SQLAlchemy URL."""
        import psycopg

        if self.admin is None:
            self.admin = psycopg.connect(
                host=str(self.socket),
                port=self.port or 5432,
                user=self.user,
                dbname="postgres",
                autocommit=True,
            )
        name = f"t{next(self.names)}"
        self.admin.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
        return self.url(name)

    def close(self) -> None:
        if self.admin is not None:
            self.admin.close()
            self.admin = None


def _as_owner(owner: str | None) -> Callable[[list[str]], list[str]]:
    """Run a command as ``owner``: PostgreSQL refuses to run as root."""
    return (lambda cmd: ["runuser", "-u", owner, "--", *cmd]) if owner else (lambda cmd: cmd)


def start_cluster(
    *, durable: bool = False, tcp: bool = False
) -> tuple[Cluster, Callable[[], None]]:
    """Start a throwaway cluster; it and the function that stops it (and removes its
    folder). ``durable``: commits flushed to disk as in production (a benchmark);
    else not (tests: faster, and nothing to keep). ``tcp``: it also listens on a free
    port of 127.0.0.1 (``Cluster.port``), as a database on another machine is reached;
    else on its Unix socket only."""
    bindir = ensure_postgresql()
    owner = "postgres" if os.geteuid() == 0 else None
    user = owner or pwd.getpwuid(os.geteuid()).pw_name
    run = _as_owner(owner)
    home = Path(tempfile.mkdtemp(prefix="plansza-pg-"))
    data, socket = home / "data", home / "sock"
    socket.mkdir()
    if owner:
        info = pwd.getpwnam(owner)
        for folder in (home, socket):
            os.chown(folder, info.pw_uid, info.pw_gid)
    log = home / "server.log"

    def stop() -> None:
        if (data / "postmaster.pid").exists():
            subprocess.run(
                run([str(bindir / "pg_ctl"), "stop", "-D", str(data), "-m", "immediate", "-w"]),
                capture_output=True,
            )
        shutil.rmtree(home, ignore_errors=True)

    try:
        subprocess.run(
            run(
                [
                    str(bindir / "initdb"),
                    "-D",
                    str(data),
                    "-U",
                    user,
                    "--auth=trust",
                    "-E",
                    "UTF8",
                    "--locale=C.UTF-8",
                    "--no-sync",
                ]
            ),
            check=True,
            capture_output=True,
        )
        port = _free_port() if tcp else None
        listen = "-c listen_addresses=''"
        if tcp:
            listen = f"-c listen_addresses='127.0.0.1' -c port={port}"
        options = f"{listen} -c unix_socket_directories='{socket}' "
        options += "-c max_connections=200"
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        started = subprocess.run(
            run(
                [
                    str(bindir / "pg_ctl"),
                    "start",
                    "-D",
                    str(data),
                    "-w",
                    "-t",
                    "60",
                    "-l",
                    str(log),
                    "-o",
                    options,
                ]
            ),
            capture_output=True,
            text=True,
        )
        if started.returncode != 0:
            text = log.read_text(errors="replace") if log.exists() else started.stderr
            pytest.fail(f"PostgreSQL did not start:\n{text}", pytrace=False)
    except BaseException:
        stop()
        raise
    return Cluster(socket, user, itertools.count(1), port=port), stop


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def postgres(request: pytest.FixtureRequest) -> Cluster:
    """A PostgreSQL cluster of this test process, started on first use."""
    cluster, stop = start_cluster()
    request.addfinalizer(stop)
    request.addfinalizer(cluster.close)  # before stop(): finalizers run last-in first
    return cluster


@pytest.fixture
def postgres_url(postgres: Cluster) -> str:
    """A fresh empty PostgreSQL database of this test: its SQLAlchemy URL."""
    return postgres.new_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The test runs twice: on a fresh SQLite file and on a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'plansza.db'}"
    return str(request.getfixturevalue("postgres_url"))
