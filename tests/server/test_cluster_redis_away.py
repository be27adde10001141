"""Redis stopped under two server processes (docs/en/deployment.md, "Limits"): a
page that needs it answers 503 with the reason in the visitor's language — opening
a game the process has not loaded, the lobby's seeks, a game's socket — never an
error 500; started again, the same pages work and the game goes on."""

from __future__ import annotations

import html
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from redis_server import RedisServer

from .served import event
from .test_cluster import Node, Seat, new_game

pytestmark = pytest.mark.slow

AWAY = {
    "pl": "serwer tej partii nie odpowiada; spróbuj jeszcze raz",
    "en": "the game's server does not answer; try again",
}


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    home = Path(tempfile.mkdtemp(prefix="plansza-redis-away-"))
    server = RedisServer(home)
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


def test_pages_say_the_server_does_not_answer_and_work_again(
    tmp_path: Path, postgres_url: str, redis_server: RedisServer
) -> None:
    nodes: list[Node] = []
    try:
        for i in range(2):
            nodes.append(Node(tmp_path, f"node{i}", postgres_url, redis_server.url))
        a, b = nodes
        game = new_game(a)  # loaded on A only
        redis_server.stop()
        for lang, text in AWAY.items():
            with httpx.Client(base_url=b.url, cookies={"lang": lang}) as browser:
                page = browser.get(f"/g/{game.id}")
                assert page.status_code == 503, page.text[-300:]
                assert text in html.unescape(page.text).lower()
                lobby = browser.get("/")
                assert lobby.status_code == 503
                assert text in html.unescape(lobby.text).lower()
        url = f"ws://127.0.0.1:{b.port}/g/{game.id}/ws"
        with connect(url) as ws:  # Polish: no language asked
            message = ws.recv(timeout=10)
            assert AWAY["pl"] in str(message)
        # A's game, loaded before, is still served where it is
        assert httpx.get(f"{a.url}/g/{game.id}").status_code == 200
        redis_server.start()  # empty: no lease, no owner, no seek is left
        with httpx.Client(base_url=b.url) as browser:
            assert browser.get("/").status_code == 200
            assert browser.get(f"/g/{game.id}").status_code == 200
        # B took the game (its owner's key went with Redis's data): a resume step
        # first, then the players' moves, whichever process they are on
        seats = {0: Seat(a, game, 0), 1: Seat(b, game, 1)}
        to_move = seats[1].view["to_move"]
        seats[to_move].exchange()

        def exchanged(m: dict[str, Any]) -> bool:
            return m["type"] == "step" and event(m["step"], "exchanged") is not None

        for seat in seats.values():
            seat.read_until(exchanged, timeout=15)
            seat.close()
    finally:
        for node in nodes:
            node.stop()
