"""Fair play online, as one who would cheat tries it (docs/decisions/fair-play.md).

Two players and a spectator play a scripted game over the game's WebSocket; every
byte the server sends to the opponent and to the spectator — each socket message and
each page — is scanned for the other seat's rack and exchanged tiles. Then every way
into a seat is tried: the invitation link used again, a spectator's cookies copied,
another account, a forged or borrowed seat token, a guessed game id. The response
headers (Content-Security-Policy, frames, sniffing, referrer, ``Secure`` cookies
behind HTTPS) are checked on the pages a player opens.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon

from .conftest import csrf_of, invitation, new_game, take_invitation, with_friend


def first_view(ws: Any) -> dict[str, Any]:
    """The view a socket is given on connecting (after the steps it missed)."""
    for _ in range(30):
        msg: dict[str, Any] = json.loads(ws.receive_text())
        if msg["type"] == "view":
            return dict(msg["view"])
    raise AssertionError("no view")


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


class Reader:
    """A socket of a game and every text it received."""

    def __init__(self, client: TestClient, game: str) -> None:
        self.cm = client.websocket_connect(f"/g/{game}/ws")
        self.ws = self.cm.__enter__()
        self.texts: list[str] = []
        self.view = self.until("view")["view"]

    def until(self, kind: str) -> dict[str, Any]:
        for _ in range(20):
            text = self.ws.receive_text()
            self.texts.append(text)
            msg: dict[str, Any] = json.loads(text)
            if msg["type"] == kind:
                if "view" in msg:
                    self.view = msg["view"]
                return msg
        raise AssertionError(f"no {kind} message")

    def close(self) -> None:
        self.cm.__exit__(None, None, None)


def test_nothing_hidden_reaches_the_opponent_or_a_spectator(client: TestClient) -> None:
    game, friend = with_friend(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    g = hub.games[game].table.game
    spectator = TestClient(client.app)
    readers = {0: Reader(client, game), 1: Reader(friend, game), None: Reader(spectator, game)}
    try:
        scan(g, game, readers, client, friend, spectator)
    finally:  # an open socket would hold the test client at its end
        for r in readers.values():
            r.close()


def scan(
    g: Any,
    game: str,
    readers: dict[int | None, Reader],
    client: TestClient,
    friend: TestClient,
    spectator: TestClient,
) -> None:
    """The scripted game and the scan of every byte each reader got (see the test)."""
    clients = {0: client, 1: friend, None: spectator}
    secrets_of: dict[int, set[str]] = {0: set(), 1: set()}  # racks and exchanged tiles

    def note_racks() -> None:
        for seat in (0, 1):
            rack = g.rack_string(seat)
            secrets_of[seat].add(rack)

    note_racks()
    counts = [2, 3, 1, 4, 2, 5]
    for count in [*counts, 0, 0]:
        mover = g.to_move
        if count:  # an exchange of ``count`` tiles, in rack order and sorted
            tiles = g.rack_string(mover)[:count]
            secrets_of[mover].update({tiles, "-" + tiles, g.rules.tileset.sort_tiles(tiles)})
            text = "-" + tiles
        else:
            text = "pauza"
        readers[mover].ws.send_text(json.dumps({"kind": "move", "text": text}))
        for r in readers.values():
            r.until("step")
        note_racks()
    assert g.result is None  # the end makes the racks public: scanned before it
    pages = {who: c.get(f"/g/{game}").text for who, c in clients.items()}
    records = {who: c.get(f"/g/{game}/record.gcg") for who, c in clients.items()}
    for who, reader in readers.items():
        hidden = {t for s in (0, 1) if s != who for t in secrets_of[s] if len(t) >= 2}
        view = re.search(r'<script type="application/json" id="view">(.*?)</script>', pages[who])
        assert view
        for text in [*reader.texts, view.group(1)]:
            found = set(strings(json.loads(text))) & hidden
            assert not found, (who, found)
        if who is None:
            assert records[who].status_code == 403  # not while the game goes on
            continue
        record = records[who]
        assert record.status_code == 200
        for tiles in hidden:
            assert f" {tiles} " not in record.text and f" {tiles}\n" not in record.text
            assert f"-{tiles.lstrip('-')} " not in record.text, (who, tiles)
        assert g.rack_string(who) in reader.texts[-1]  # one's own rack is there
    assert any(f'"-{t}"' in "".join(readers[0].texts) for t in secrets_of[0] if t.isalpha())


def test_a_used_invitation_only_shows_the_game(client: TestClient) -> None:
    game = new_game(client, opponent="person")
    link = invitation(client, game)
    friend = TestClient(client.app)
    assert take_invitation(friend, link, "Ola").status_code == 303
    # the inviter's page no longer shows the link
    assert "/join/" not in client.get(f"/g/{game}").text
    # anyone opening it again (or posting its form) watches
    third = TestClient(client.app)
    r = third.get(link, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/g/{game}?zaproszenie=wykorzystane"
    r = third.post(link, data={"csrf": csrf_of(third), "name": "X"}, follow_redirects=False)
    assert r.headers["location"].endswith("zaproszenie=wykorzystane")
    assert f"seat_{game}" not in r.cookies
    with third.websocket_connect(f"/g/{game}/ws") as ws:
        assert first_view(ws)["seat"] is None
    # the inviter opening their own link does not take the other seat
    host_link = client.get(link, follow_redirects=False)
    assert host_link.headers["location"] == f"/g/{game}"


def test_the_inviter_cannot_take_both_seats(client: TestClient) -> None:
    game = new_game(client, opponent="person")
    link = invitation(client, game)
    r = client.get(link, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/g/{game}"
    assert client.app.state.hub.games[game].table.open_seat() == 1  # type: ignore[attr-defined]


def test_opening_the_link_takes_nothing_until_the_form_is_sent(client: TestClient) -> None:
    # a messenger's preview of the link must not sit down in the game
    game = new_game(client, opponent="person")
    link = invitation(client, game)
    preview = TestClient(client.app)
    for _ in range(3):
        assert preview.get(link).status_code == 200
    assert client.app.state.hub.games[game].table.open_seat() == 1  # type: ignore[attr-defined]
    forged = preview.post(link, data={"csrf": "forged", "name": "X"})
    assert forged.status_code == 403  # a form from another site: refused


@pytest.mark.parametrize("way", ["spectator_cookies", "forged_token", "other_game_token"])
def test_no_cookie_but_the_owners_plays_a_seat(client: TestClient, way: str) -> None:
    game, _friend = with_friend(client)
    other, _ = with_friend(client)
    intruder = TestClient(client.app)
    if way == "spectator_cookies":
        spectator = TestClient(client.app)
        spectator.get(f"/g/{game}")
        intruder.cookies.update(spectator.cookies)
    elif way == "forged_token":
        intruder.cookies.set(f"seat_{game}", secrets.token_urlsafe(18))
    else:  # a seat token of another game, named as this one's
        intruder.cookies.set(f"seat_{game}", client.cookies[f"seat_{other}"])
    with intruder.websocket_connect(f"/g/{game}/ws") as ws:
        view = first_view(ws)
        assert view["seat"] is None and view["rack"] is None
        ws.send_text(json.dumps({"kind": "resign"}))
        assert json.loads(ws.receive_text())["code"] == "spectator"
    assert intruder.get(f"/g/{game}/record.gcg").status_code == 403


def test_the_same_guest_cookie_takes_its_seat_on_another_device(client: TestClient) -> None:
    game, friend = with_friend(client)
    phone = TestClient(client.app)
    phone.cookies.set(f"seat_{game}", friend.cookies[f"seat_{game}"])
    with phone.websocket_connect(f"/g/{game}/ws") as ws:
        assert first_view(ws)["seat"] == 1


def test_another_account_is_a_spectator(client: TestClient) -> None:
    game, _friend = with_friend(client)
    stranger = TestClient(client.app)
    page = stranger.get("/konto/rejestracja")
    m = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert m
    stranger.post(
        "/konto/rejestracja",
        data={"csrf": m.group(1), "nick": "Obcy", "password": "x" * 12, "again": "x" * 12},
    )
    with stranger.websocket_connect(f"/g/{game}/ws") as ws:
        assert first_view(ws)["seat"] is None


def test_a_guessed_game_or_invitation_finds_nothing(client: TestClient) -> None:
    game = new_game(client, opponent="person")
    stranger = TestClient(client.app)
    assert stranger.get(f"/g/{secrets.token_urlsafe(9)}").status_code == 404
    assert stranger.get(f"/g/{secrets.token_urlsafe(9)}/record.gcg").status_code == 404
    assert stranger.get(f"/g/{game}/join/{secrets.token_urlsafe(12)}").status_code == 404
    assert stranger.get(f"/g/{game}/record.gcg").status_code == 403


def test_a_client_cannot_name_the_rematch_game(client: TestClient) -> None:
    game, friend = with_friend(client)
    with client.websocket_connect(f"/g/{game}/ws") as ws:
        first_view(ws)
        ws.send_text(json.dumps({"kind": "resign"}))
        ws.send_text(json.dumps({"kind": "rematch", "answer": "offer"}))
        for _ in range(10):  # the offer made before the socket closes
            msg = json.loads(ws.receive_text())
            if msg["type"] == "step" and msg["step"]["action"]["kind"] == "rematch":
                break
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with friend.websocket_connect(f"/g/{game}/ws") as ws:
        ws.send_text(json.dumps({"kind": "rematch", "answer": "yes", "game": "evil"}))
        for _ in range(10):
            msg = json.loads(ws.receive_text())
            assert msg["type"] != "error", msg
            action = msg["step"]["action"] if msg["type"] == "step" else {}
            if action.get("kind") == "rematch" and action["answer"] == "yes":
                break
    made = hub.games[game].table.rematch.game
    assert made and made != "evil" and made in hub.games
    # each player's cookie carries over to the new game; a stranger's does not
    for who, seat in ((client, 0), (friend, 1)):
        r = who.get(f"/g/{game}/rematch", follow_redirects=False)
        assert r.headers["location"] == f"/g/{made}"
        who.cookies.update(r.cookies)
        with who.websocket_connect(f"/g/{made}/ws") as ws:
            assert first_view(ws)["seat"] == seat
    stranger = TestClient(client.app)
    r = stranger.get(f"/g/{game}/rematch", follow_redirects=False)
    assert f"seat_{made}" not in r.cookies


def test_every_page_carries_the_security_headers(client: TestClient) -> None:
    game = new_game(client)
    for path in ("/", f"/g/{game}", f"/g/{game}/record.gcg", "/slowa", "/static/game.js"):
        r = client.get(path)
        policy = r.headers["content-security-policy"]
        assert "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy, path
        assert "script-src 'self'" in policy
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"
    # the web pages hold no style of their own: the site's stylesheet is a file, and
    # the policy allows styles from the app's files only
    page = client.get(f"/g/{game}")
    assert "<style" not in page.text and 'rel="stylesheet" href="/static/site.css?v=' in page.text
    assert "style-src 'self';" in page.headers["content-security-policy"]
    sheet = re.search(r'href="(/static/site.css\?v=\w+)"', page.text)
    assert sheet
    css = client.get(sheet.group(1))
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    assert "immutable" in css.headers["cache-control"] and "--fg" in css.text
    again = client.get("/static/site.css", headers={"If-None-Match": css.headers["etag"]})
    assert again.status_code == 304 and again.headers["cache-control"] == "no-cache"


def test_files_come_compressed_to_a_browser_that_asks_pages_never(client: TestClient) -> None:
    game = new_game(client)
    for path in ("/static/game.js", "/static/htmx.min.js", "/static/site.css"):
        r = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert r.headers.get("content-encoding") == "gzip", path
        assert int(r.headers["content-length"]) < len(r.content), path  # smaller on the wire
    # a page holds secrets (its form token, an invitation's code) beside text a stranger
    # can put there (a searched word, a name): compressed, the answer's length would
    # tell a listener when a guess matched (BREACH) — pages go as they are
    for path in ("/", f"/g/{game}", "/slowa?q=KOT", "/konto/logowanie"):
        r = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert r.status_code == 200 and "content-encoding" not in r.headers, path
        assert int(r.headers["content-length"]) == len(r.content), path
    # and a browser that does not ask gets the files' plain bytes
    r = client.get("/static/game.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in r.headers


def test_a_page_not_found_links_nowhere_else(client: TestClient) -> None:
    # a page not found is a page in the visitor's language; its language links go to
    # the path asked for, which a stranger writes: never to another site
    for path in ("//elsewhere.example/x", "/nie-ma-takiej-strony"):
        r = client.get(f"http://testserver{path}", headers={"Accept": "text/html"})
        assert r.status_code == 404 and "<title>" in r.text, path
        assert 'href="//' not in r.text, path
    # a file not found stays a plain 404
    r = client.get("/static/nie-ma.js", headers={"Accept": "text/html"})
    assert r.status_code == 404 and r.text == "Not Found"


def test_cookies_are_secure_behind_https(words: Lexicon, clock: Any) -> None:
    from plansza.server.app import create_app

    app = create_app(db="sqlite://", words=words, secret="s", clock=clock)
    with TestClient(app) as plain, TestClient(app) as proxied:
        r = plain.get("/")
        assert "secure" not in r.headers.get("set-cookie", "").lower()
        proxied.headers["x-forwarded-proto"] = "https"
        r = proxied.get("/?lang=en")
        cookies = r.headers.get_list("set-cookie")
        assert cookies and all("; Secure" in c for c in cookies), cookies
    with TestClient(app, base_url="https://testserver") as direct:
        r = direct.get("/")
        assert all("; Secure" in c for c in r.headers.get_list("set-cookie"))
