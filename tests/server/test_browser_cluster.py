"""A game across server processes in a real browser (issue 31): Chromium's pages on
three ``plansza serve`` processes sharing one PostgreSQL database and one Redis.

The host makes the game on process A (its owner) and invites a guest, who opens the
invitation on process B; a spectator watches on process C. They exchange tiles by
clicking the rack, as a person does. Then A is killed with SIGKILL: the host opens
the game again on B (the address a proxy would give) and finds it as it was; the
player whose turn it is moves, and the move reaches the spectator on C — the game
taken over by a live process. Screenshots go to ``build/screenshots/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .served import SHOTS, chromium
from .test_browser import take_seat, wait_for, watch
from .test_cluster import Node

pytestmark = pytest.mark.slow

WAIT = 15_000


@pytest.fixture
def three(tmp_path: Path, postgres_url: str, redis_url: str) -> Iterator[list[Node]]:
    started: list[Node] = []
    try:
        for name in ("a", "b", "c"):
            started.append(Node(tmp_path, name, postgres_url, redis_url))
        yield started
    finally:
        for node in started:
            node.stop()
        import redis

        redis.Redis.from_url(redis_url).flushall()


def rows(page: Any) -> int:
    return int(page.evaluate("() => document.querySelectorAll('#sheet tr').length"))


def exchange_one(page: Any) -> None:
    page.click("[data-act=exchange]")
    page.locator("#rack .tile").nth(0).click()
    page.click("[data-act=swap]")


def wait_rows(page: Any, n: int) -> None:
    page.wait_for_function(
        "(n) => document.querySelectorAll('#sheet tr').length >= n", arg=n, timeout=WAIT
    )


def test_a_game_across_processes_survives_its_owner_in_the_browser(three: list[Node]) -> None:
    a, b, c = three
    with chromium() as browser:
        contexts = [browser.new_context(viewport={"width": 1000, "height": 1000}) for _ in "hgs"]
        try:
            host, guest, spectator = (ctx.new_page() for ctx in contexts)
            errors = watch(host) + watch(guest) + watch(spectator)
            host.goto(f"{a.url}/")
            host.fill("input[name=name]", "Łucja")
            host.check("input[name=opponent][value=person]")
            host.click("form.lobby button[type=submit]")
            host.wait_for_selector("#board .sq")
            game_path = "/g/" + host.url.split("/g/", 1)[1]
            link = host.input_value(".invite input").replace(a.url, b.url)
            take_seat(guest, link, "Ola")  # the guest on B
            guest.wait_for_selector("#board .sq")
            spectator.goto(c.url + game_path)  # a spectator on C
            spectator.wait_for_selector("#board .sq")
            pages = {"host": host, "guest": guest}
            first = "host" if wait_for(host, "turn", "wait") == "turn" else "guest"
            second = "guest" if first == "host" else "host"
            # 1. the first player exchanges on their process; all three pages see it
            exchange_one(pages[first])
            for page in (host, guest, spectator):
                wait_rows(page, 1)
            # 2. the second answers on theirs
            assert wait_for(pages[second], "turn") == "turn"
            exchange_one(pages[second])
            for page in (host, guest, spectator):
                wait_rows(page, 2)
            SHOTS.mkdir(parents=True, exist_ok=True)
            spectator.screenshot(path=str(SHOTS / "cluster-spectator.png"), full_page=True)
            # 3. the owner (A) killed. The host's page was on A: the host opens the game
            #    again on B (the address a proxy would give); the first player moves
            a.kill()
            host = contexts[0].new_page()
            errors += watch(host)
            host.goto(b.url + game_path)
            host.wait_for_selector("#board .sq")
            pages["host"] = host
            assert wait_for(pages[first], "turn") == "turn"
            exchange_one(pages[first])
            wait_rows(spectator, 3)  # taken over: the move reached C
            wait_rows(pages["host"], 3)
            assert rows(pages["host"]) == rows(guest) == rows(spectator) == 3
            assert wait_for(pages[second], "turn") == "turn"
            pages["host"].screenshot(path=str(SHOTS / "cluster-after-takeover.png"))
            assert errors == []
        finally:
            for ctx in contexts:
                ctx.close()
