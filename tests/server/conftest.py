"""Fixtures of the web app's tests: a small lexicon, an app on an in-memory database."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.rules import Rules

WORDS = ["KOT", "KOTY", "KOTA", "TO", "OK", "ALE", "LAS", "SAD", "DOM", "NOS", "OKO", "ZA", "NA",
         "TAK", "JA", "ON", "ONA", "MA", "MAK", "RAK", "ROK", "SOK", "LOT", "KAT",
         "KASA"]  # fmt: skip


@pytest.fixture(scope="session")
def words() -> Lexicon:
    return Lexicon.build(WORDS, Rules.pfs().tileset, name="test-web")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(words: Lexicon, clock: Clock) -> Iterator[TestClient]:
    from plansza.server.app import create_app

    app = create_app(db="sqlite://", words=words, secret="test-secret", clock=clock)
    with TestClient(app) as c:
        yield c


def new_game(client: TestClient, **form: str) -> str:
    """Make a game from the lobby's form; its id (the client holds seat 0's cookie)."""
    page = client.get("/")
    m = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert m, page.text
    data = {"csrf": m.group(1), "opponent": "static", "rules": "pfs", "minutes": "15"}
    data.update(form)
    r = client.post("/games", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    return str(r.headers["location"]).rsplit("/", 1)[-1]


def person_passes_once(ws: Any, view: dict[str, Any], limit: int = 20) -> list[dict[str, Any]]:
    """Against the computer, whoever starts: the person (seat 0) passes once, accepting
    the computer's plays that await it (TR 4.7); the steps seen, the pass among them."""
    seen: list[dict[str, Any]] = []
    passed = False
    for _ in range(limit):
        if view["result"] is None and view["pending"] is not None:
            if view["pending"]["player"] == 1:
                ws.send_json({"kind": "accept"})
        elif not passed and view["to_move"] == 0 and view["result"] is None:
            ws.send_json({"kind": "move", "text": "pauza"})
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] != "step":
            continue
        seen.append(msg["step"])
        passed = passed or (
            msg["step"]["seat"] == 0 and msg["step"]["action"].get("text") == "pauza"
        )
        view = msg.get("view", view)
        if passed:
            return seen
    raise AssertionError("the person never got to pass")
