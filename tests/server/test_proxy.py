"""The deployment guide's nginx site, run as written (docs/en/deployment.md).

The guide's only ``nginx`` block is taken from the English guide (the Polish one must
hold the same block), its two upstream ports and its ``listen`` replaced by the test's,
and Debian's nginx serves it in front of two ``plansza serve`` processes on a
throwaway PostgreSQL and Redis. A game is made through the proxy, played by two
players and watched by a spectator whose WebSockets all go through it; the process
owning the game is killed with SIGKILL and a player's client reconnects to the proxy
with ``?last=N``, as the game page does: the game goes on within seconds, no step lost.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.debian import ensure_program

from .served import event, free_port, game_with_friend, wait_up
from .test_cluster import Node, Seat, csrf_of, numbers
from .test_restart import Game

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
HOW = "the proxy test needs nginx: apt-get install nginx"
#: The ports the guide's upstream names, replaced by the test's processes'.
GUIDE_PORTS = ("8001", "8002")
#: The test's wrapper says which process answered (the guide's block does not).
UPSTREAM = "x-plansza-upstream"


def guide_block(language: str) -> str:
    """The ``nginx`` fenced block of the guide in ``language`` (exactly one)."""
    text = (ROOT / "docs" / language / "deployment.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```nginx\n(.*?)^```$", text, flags=re.S | re.M)
    assert len(blocks) == 1, f"docs/{language}/deployment.md: {len(blocks)} nginx blocks"
    return str(blocks[0])


def ensure_nginx() -> str:
    """The path of nginx, installing Debian's package when missing and root."""
    return ensure_program("nginx", "nginx", HOW, "/usr/sbin/nginx")


class Proxy:
    """nginx with the guide's site in front of ``nodes``, on a free loopback port."""

    def __init__(self, tmp: Path, nodes: list[Node]) -> None:
        binary = ensure_nginx()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        site = guide_block("en")
        for guide_port, node in zip(GUIDE_PORTS, nodes, strict=True):
            assert f"127.0.0.1:{guide_port};" in site
            site = site.replace(f"127.0.0.1:{guide_port};", f"127.0.0.1:{node.port};")
        assert "listen 80;" in site
        site = site.replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        home = tmp / "nginx"
        home.mkdir()
        temps = "\n".join(
            f"    {name}_temp_path {home / name};"
            for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        user = "user root;\n" if os.geteuid() == 0 else ""
        self.conf = home / "nginx.conf"
        self.conf.write_text(
            f"{user}daemon off;\nworker_processes 1;\npid {home / 'nginx.pid'};\n"
            f"error_log {home / 'error.log'} info;\nevents {{ worker_connections 256; }}\n"
            f"http {{\n    access_log {home / 'access.log'};\n{temps}\n"
            f"    add_header X-Plansza-Upstream $upstream_addr always;\n"
            f"{site}}}\n",
            encoding="utf-8",
        )
        checked = subprocess.run(
            [binary, "-t", "-p", str(home), "-c", str(self.conf)], capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stderr
        self.log = home / "error.log"
        self.proc = subprocess.Popen(
            [binary, "-p", str(home), "-c", str(self.conf)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_up(self.proc, self.url + "/", self.log, timeout=20)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@pytest.fixture
def proxied(
    tmp_path: Path, postgres_url: str, redis_url: str
) -> Iterator[tuple[Proxy, list[Node]]]:
    started: list[Node] = []
    proxy: Proxy | None = None
    try:
        for i in range(2):
            started.append(Node(tmp_path, f"node{i}", postgres_url, redis_url))
        proxy = Proxy(tmp_path, started)
        yield proxy, started
    finally:
        if proxy is not None:
            proxy.stop()
        for node in started:
            node.stop()
        import redis

        redis.Redis.from_url(redis_url).flushall()


def test_the_guides_nginx_block_is_the_same_in_both_languages() -> None:
    assert guide_block("pl") == guide_block("en")


def test_a_game_through_the_proxy_survives_its_owner_killed(
    proxied: tuple[Proxy, list[Node]],
) -> None:
    proxy, nodes = proxied
    # the lobby's form through the proxy: the game is made (and owned) by one process
    game_id, tokens, made = game_with_friend(proxy.url)
    made_by = made[UPSTREAM]
    game = Game(game_id, tokens)
    owner = next(n for n in nodes if made_by == f"127.0.0.1:{n.port}")
    # both players and a spectator through the proxy (nginx spreads them)
    seats = {0: Seat(proxy, game, 0), 1: Seat(proxy, game, 1)}  # type: ignore[arg-type]
    watcher = Seat(proxy, game, None)  # type: ignore[arg-type]
    to_move = seats[0].view["to_move"]
    for _ in range(4):
        n = seats[to_move].exchange()
        for s in (*seats.values(), watcher):
            assert s.wait_step(n)["seat"] == to_move
        to_move = 1 - to_move
    made = len(watcher.steps)
    assert numbers(watcher.steps) == list(range(1, made + 1))

    died = owner.kill()
    # the player to move reconnects through the proxy as the game page does: ?last=N;
    # nginx skips the dead process (proxy_next_upstream error)
    seats[to_move].close()
    deadline = time.monotonic() + 10
    while True:
        try:
            seats[to_move] = Seat(proxy, game, to_move, last=made)  # type: ignore[arg-type]
            break
        except Exception:
            assert time.monotonic() < deadline, "no reconnect through the proxy"
            time.sleep(0.2)
    assert seats[to_move].steps == []  # nothing after the last step it saw... yet
    # the spectator's and the other player's sockets may have been on the dead process:
    # they reconnect the same way
    for who in (1 - to_move, None):
        old = watcher if who is None else seats[who]
        old.close()
        fresh = Seat(proxy, game, who, last=made)  # type: ignore[arg-type]
        if who is None:
            watcher = fresh
        else:
            seats[who] = fresh
    n = seats[to_move].exchange() + 1  # after the takeover's resume step
    step = seats[1 - to_move].wait_step(n, timeout=10)
    went_on = time.time() - died
    assert went_on <= 5, f"the game went on {went_on:.2f} s after the kill"
    assert step["seat"] == to_move and event(step, "exchanged") is not None
    # no step lost: the watcher has every step after the one it saw, in order
    watcher.wait_step(n)
    assert numbers(watcher.steps) == list(range(made + 1, n + 1))
    kinds = [s["action"]["kind"] for s in watcher.steps]
    assert kinds == ["resume", "move"], kinds
    # the whole record, asked through the proxy, has every move
    with httpx.Client(base_url=proxy.url) as browser:
        browser.cookies.set(f"seat_{game.id}", game.tokens[0])  # a player's record
        record = browser.get(f"/g/{game.id}/record.gcg")
        assert record.status_code == 200
        assert record.headers[UPSTREAM] != made_by  # the dead one is skipped
        assert record.text.count("\n>") >= made, record.text  # the moves, not the arrival
    # the other player answers through the proxy
    n = seats[1 - to_move].exchange()
    assert watcher.wait_step(n)["seat"] == 1 - to_move
    for s in (*seats.values(), watcher):
        s.close()


def test_a_websocket_from_a_browser_page_passes_the_origin_check(
    proxied: tuple[Proxy, list[Node]],
) -> None:
    """The guide's ``Host $http_host``: the app compares a WebSocket's Origin with the
    Host it is given, port included; a browser's socket through the proxy is let in."""
    proxy, _ = proxied
    with httpx.Client(base_url=proxy.url) as browser:
        form = {"csrf": csrf_of(browser), "opponent": "person", "rules": "pfs", "minutes": "15"}
        r = browser.post("/games", data=form)
        game_id = r.headers["location"].rsplit("/", 1)[-1]
    from websockets.sync.client import connect

    url = f"ws://127.0.0.1:{proxy.port}/g/{game_id}/ws?last=0"
    with connect(url, origin=proxy.url) as ws:  # type: ignore[arg-type]
        assert '"view"' in str(ws.recv(timeout=10))
