"""A game's chat (issue 45, item 4), as one who would cheat or abuse it tries it.

The spectators' channel never reaches a player while the game is played (no move
whispered), the players' never reaches a spectator; after the end each side may read
the other's. A guest spectator cannot write; a message is one line of at most 300
characters, at most 5 in 10 seconds; a muted author is heard no more; a reported
message reaches the moderator's desk, and a silenced account is refused.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.services.live import Resign

from .conftest import Clock, invitation, new_game, take_invitation
from .test_accounts import log_in, sign_up


@pytest.fixture
def client(words: Lexicon, clock: Clock) -> Iterator[TestClient]:
    from plansza.server.accounts import Accounts
    from plansza.server.app import create_app

    app = create_app(db="sqlite://", words=words, secret="test-secret", clock=clock)
    with TestClient(app) as c:
        app.state.accounts = Accounts(clock, cheap=True)
        yield c


class Socket:
    """A game's socket and the chat it received."""

    def __init__(self, client: TestClient, game: str) -> None:
        self.cm = client.websocket_connect(f"/g/{game}/ws")
        self.ws = self.cm.__enter__()
        self.chat: list[dict[str, Any]] = []
        self.other: list[dict[str, Any]] = []

    def send(self, **message: Any) -> None:
        self.ws.send_text(json.dumps(message))

    def until(self, test: Any, limit: int = 40) -> dict[str, Any]:
        for _ in range(limit):
            msg: dict[str, Any] = json.loads(self.ws.receive_text())
            (self.chat if msg["type"] == "chat" else self.other).append(msg)
            if test(msg):
                return msg
        raise AssertionError("not received")

    def chat_text(self, text: str) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "chat" and m["text"] == text)

    def close(self) -> None:
        self.cm.__exit__(None, None, None)


def act(client: TestClient, game: str, seat: int, action: Any) -> None:
    live = client.app.state.hub.games[game]  # type: ignore[attr-defined]
    client.portal.call(live.act, seat, action)  # type: ignore[union-attr]


def setup_game(client: TestClient) -> tuple[str, TestClient, TestClient]:
    """Ala (an account) plays Ola (a guest, by invitation); Widz (an account) watches."""
    assert sign_up(client, "Ala").status_code == 303
    game = new_game(client, opponent="person")
    ola = TestClient(client.app)
    assert take_invitation(ola, invitation(client, game), "Ola").status_code == 303
    widz = TestClient(client.app)
    assert sign_up(widz, "Widz").status_code == 303
    return game, ola, widz


def test_the_two_channels_stay_apart_until_the_end(client: TestClient) -> None:
    game, ola, widz = setup_game(client)
    a, o, w = Socket(client, game), Socket(ola, game), Socket(widz, game)
    try:
        a.send(kind="chat", text="Powodzenia!")
        assert o.chat_text("Powodzenia!")["author"] == "Ala"
        a.chat_text("Powodzenia!")
        w.send(kind="chat", text="Ala, graj H8 ŻÓŁW")  # a whisper to a player
        w.chat_text("Ala, graj H8 ŻÓŁW")
        o.send(kind="chat", text="Dzięki")  # a seated guest writes the players' channel
        a.chat_text("Dzięki")
        w.send(kind="chat", text="znacznik")
        w.chat_text("znacznik")  # by now the players would have had the whisper
        assert not [m for m in a.chat + o.chat if m["channel"] == "spectators"]
        assert not [m for m in w.chat if m["channel"] == "players"]
        # the end: each side reads the other's
        g = client.app.state.hub.games[game].table.game  # type: ignore[attr-defined]
        act(client, game, g.to_move, Resign())
        a.chat_text("Ala, graj H8 ŻÓŁW")
        w.chat_text("Powodzenia!")
    finally:
        for s in (a, o, w):
            s.close()
    # a reader coming after the end gets both
    late = Socket(TestClient(client.app), game)
    try:
        late.chat_text("Dzięki")
        late.chat_text("znacznik")
    finally:
        late.close()


def test_a_guest_spectator_cannot_write_and_bad_messages_are_refused(client: TestClient) -> None:
    game, _, _ = setup_game(client)
    guest = Socket(TestClient(client.app), game)
    a = Socket(client, game)
    try:
        guest.send(kind="chat", text="hej")
        assert guest.until(lambda m: m["type"] == "error")["code"] == "chat_login"
        a.send(kind="chat", text="x" * 301)
        assert a.until(lambda m: m["type"] == "error")["code"] == "chat_long"
        a.send(kind="chat", text="   \n ")
        assert a.until(lambda m: m["type"] == "error")["code"] == "chat_empty"
        hostile = '<script>alert(1)</script> & "Ola"\nnowa linia'
        a.send(kind="chat", text=hostile)
        got = a.chat_text('<script>alert(1)</script> & "Ola" nowa linia')  # one line, intact
        assert got["author"] == "Ala"
        for i in range(4):  # 5 in 10 seconds: the sixth is refused
            a.send(kind="chat", text=f"{i}")
            a.chat_text(f"{i}")
        a.send(kind="chat", text="szósta")
        assert a.until(lambda m: m["type"] == "error")["code"] == "chat_fast"
        clock = client.app.state.hub.clock  # type: ignore[attr-defined]
        clock.now += 11
        a.send(kind="chat", text="znowu")
        a.chat_text("znowu")
    finally:
        guest.close()
        a.close()


def test_a_muted_author_is_heard_no_more(client: TestClient) -> None:
    game, _, widz = setup_game(client)
    fan = TestClient(client.app)
    assert sign_up(fan, "Kibic").status_code == 303
    w, f = Socket(widz, game), Socket(fan, game)
    try:
        f.send(kind="chat", text="spam 1")
        w.chat_text("spam 1")
        w.send(kind="chat_mute", author="KIBIC")
        assert w.until(lambda m: m["type"] == "chat_muted")["author"] == "Kibic"
        f.send(kind="chat", text="spam 2")
        f.chat_text("spam 2")
        w.send(kind="chat", text="cisza")
        w.chat_text("cisza")  # after spam 2 was sent: it never came
        assert "spam 2" not in [m["text"] for m in w.chat]
    finally:
        w.close()
        f.close()
    again = Socket(widz, game)  # a new page: the mute is kept, the history filtered
    try:
        again.chat_text("cisza")
        assert not [m for m in again.chat if m["author"] == "Kibic"]
    finally:
        again.close()


def test_a_report_reaches_the_moderator_who_silences_the_author(client: TestClient) -> None:
    game, _, widz = setup_game(client)
    troll = TestClient(client.app)
    assert sign_up(troll, "Troll").status_code == 303
    t, w = Socket(troll, game), Socket(widz, game)
    try:
        t.send(kind="chat", text="obraźliwe słowa")
        said = w.chat_text("obraźliwe słowa")
        w.send(kind="chat_report", id=said["id"])
        assert w.until(lambda m: m["type"] == "chat_reported")["id"] == said["id"]
        w.send(kind="chat_report", id=999_999)  # not this game's: refused
        assert w.until(lambda m: m["type"] == "error")["code"] == "chat_report"
    finally:
        t.close()
        w.close()
    assert widz.get("/moderacja").status_code == 403  # not a moderator
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    mod = TestClient(client.app)
    assert sign_up(mod, "Moderatorka").status_code == 303
    store.users.set_moderator("moderatorka", True)
    desk = mod.get("/moderacja")
    assert desk.status_code == 200 and "obraźliwe słowa" in desk.text and "Troll" in desk.text
    report = re.search(r'action="/moderacja/(\d+)"', desk.text)
    token = re.search(r'name="csrf" value="([^"]+)"', desk.text)
    assert report and token
    assert mod.post(f"/moderacja/{report.group(1)}", data={"hours": "24"}).status_code == 403
    r = mod.post(
        f"/moderacja/{report.group(1)}",
        data={"csrf": token.group(1), "hours": "24"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert "obraźliwe słowa" not in mod.get("/moderacja").text  # handled
    t = Socket(troll, game)
    try:
        t.send(kind="chat", text="znowu ja")
        assert t.until(lambda m: m["type"] == "error")["code"] == "chat_silenced"
    finally:
        t.close()
    # the silence ends: 24 hours later the account may write again
    client.app.state.hub.clock.now += 24 * 3600 + 1  # type: ignore[attr-defined]
    assert log_in(troll, "Troll").status_code == 303
    t = Socket(troll, game)
    try:
        t.send(kind="chat", text="przepraszam")
        t.chat_text("przepraszam")
    finally:
        t.close()
