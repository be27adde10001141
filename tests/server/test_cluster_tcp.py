"""Several machines, on loopback (docs/en/deployment.md, set-up 3): the server
processes reach PostgreSQL and Redis over TCP, with the guide's URL forms
(``postgresql+psycopg://user:pass@host:port/db``, ``redis://host:port/0``), not over
Unix sockets; a game between players on two processes works as on one machine.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from pg_cluster import Cluster, start_cluster
from redis_server import RedisServer

from .served import event
from .test_cluster import Node, Seat, new_game, numbers, shared

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tcp_postgres() -> Iterator[Cluster]:
    cluster, stop = start_cluster(tcp=True)
    try:
        yield cluster
    finally:
        cluster.close()
        stop()


@pytest.fixture(scope="module")
def tcp_redis() -> Iterator[str]:
    home = Path(tempfile.mkdtemp(prefix="plansza-redis-tcp-"))
    server = RedisServer(home, tcp=True)
    try:
        server.start()
        yield server.url
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


def test_the_urls_are_the_guides_forms(tcp_postgres: Cluster, tcp_redis: str) -> None:
    name = tcp_postgres.new_database().split("@/", 1)[1].split("?")[0]
    url = tcp_postgres.tcp_url(name)
    assert re.fullmatch(r"postgresql\+psycopg://\w+:\w+@127\.0\.0\.1:\d+/t\d+", url), url
    assert re.fullmatch(r"redis://127\.0\.0\.1:\d+/0", tcp_redis), tcp_redis
    for language in ("en", "pl"):
        guide = (ROOT / "docs" / language / "deployment.md").read_text(encoding="utf-8")
        assert "postgresql+psycopg://plansza:" in guide and "@dbhost/plansza" in guide
        assert "redis://redishost:6379/0" in guide


def test_a_game_across_two_processes_over_tcp(
    tmp_path: Path, tcp_postgres: Cluster, tcp_redis: str
) -> None:
    name = tcp_postgres.new_database().split("@/", 1)[1].split("?")[0]
    db = tcp_postgres.tcp_url(name)
    nodes: list[Node] = []
    try:
        for i in range(2):
            nodes.append(Node(tmp_path, f"node{i}", db, tcp_redis))
        a, b = nodes
        game = new_game(a)  # owned by A; the second player and a spectator on B
        seats = {0: Seat(a, game, 0), 1: Seat(b, game, 1)}
        watcher = Seat(b, game, None)
        to_move = seats[0].view["to_move"]
        for _ in range(4):
            n = seats[to_move].exchange()
            for s in (*seats.values(), watcher):
                step = s.wait_step(n)
                assert step["seat"] == to_move and event(step, "exchanged") is not None
            to_move = 1 - to_move
        assert numbers(watcher.steps) == [1, 2, 3, 4, 5]  # the arrival, four moves
        assert shared(seats[0].steps) == shared(seats[1].steps) == shared(watcher.steps)
        for s in (*seats.values(), watcher):
            s.close()
        # the steps are in the database reached over TCP
        import psycopg

        with psycopg.connect(
            host="127.0.0.1", port=tcp_postgres.port, user=tcp_postgres.user, dbname=name
        ) as conn:
            tables = {
                row[0]
                for row in conn.execute(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                )
            }
        assert tables, "no tables made over TCP"
    finally:
        for node in nodes:
            node.stop()
