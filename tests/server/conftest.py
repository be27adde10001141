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


def csrf_of(client: TestClient, path: str = "/") -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', client.get(path).text)
    assert m
    return m.group(1)


def invitation(client: TestClient, game: str) -> str:
    """The invitation link the inviter's page shows (its path)."""
    m = re.search(r'value="http[^"]+?(/g/[^"]+/join/[^"]+)"', client.get(f"/g/{game}").text)
    assert m, "the inviter's page shows no invitation"
    return m.group(1).replace("&amp;", "&")


def take_invitation(client: TestClient, link: str, name: str = "Ola") -> Any:
    """Open an invitation link and take the seat as ``name``: the last response."""
    page = client.get(link)
    assert page.status_code == 200, page.text
    m = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert m
    return client.post(link, data={"csrf": m.group(1), "name": name}, follow_redirects=False)


def with_friend(client: TestClient, name: str = "Ola", **form: str) -> tuple[str, TestClient]:
    """A game with a friend: ``client`` in seat 0, a second browser in seat 1 through
    the invitation (the game started: both are in)."""
    game = new_game(client, opponent="person", **form)
    friend = TestClient(client.app)
    r = take_invitation(friend, invitation(client, game), name)
    assert r.status_code == 303 and r.headers["location"] == f"/g/{game}", r.text
    return game, friend
