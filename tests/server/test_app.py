"""The web app in-process: pages, the game's WebSocket, what a client may not do.

Starlette's test client drives the routes and the WebSocket against an in-memory
database and a clock the test moves; the real server (Uvicorn, a file database, a
kill -9) is in test_restart.py, a real browser in test_browser.py.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .conftest import (
    csrf_of,
    new_game,
    person_passes_once,
    with_friend,
)


def receive_until(ws: Any, kind: str, limit: int = 20) -> dict[str, Any]:
    for _ in range(limit):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def test_the_lobby_is_polish_by_default_and_english_on_request(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<html lang="pl">' in page.text
    assert "Nowa partia" in page.text and "nie jest oficjalny OSPS" in page.text
    page = client.get("/?lang=en")
    assert '<html lang="en">' in page.text and "A new game" in page.text
    assert '<html lang="en">' in client.get("/").text  # the choice is kept (a cookie)


def test_a_form_without_its_csrf_token_is_refused(client: TestClient) -> None:
    client.get("/")
    r = client.post("/games", data={"csrf": "forged", "opponent": "static"})
    assert r.status_code == 403 and "Formularz wygasł" in r.text


@pytest.mark.parametrize(
    ("field", "value"), [("opponent", "grandmaster"), ("rules", "chess"), ("minutes", "abc")]
)
def test_a_bad_form_value_is_named(client: TestClient, field: str, value: str) -> None:
    page = client.get("/")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf
    data = {"csrf": csrf.group(1), "opponent": "static", "rules": "pfs", "minutes": "15"}
    data[field] = value
    r = client.post("/games", data=data)
    assert r.status_code == 400 and 'role="alert"' in r.text


def test_a_game_against_the_computer_is_played_over_the_socket(client: TestClient) -> None:
    game = new_game(client, name="Ala <script>alert(1)</script>")
    page = client.get(f"/g/{game}")
    assert page.status_code == 200
    assert "<script>alert(1)</script>" not in page.text  # the name is escaped
    with client.websocket_connect(f"/g/{game}/ws?last=0") as ws:
        view = receive_until(ws, "view")["view"]
        assert view["seat"] == 0 and len(view["rack"]) == 7
        person_passes_once(ws, view)
        theirs = receive_until(ws, "step")  # the computer answers at once
        assert theirs["step"]["seat"] == 1
    record = client.get(f"/g/{game}/record.gcg")
    assert record.status_code == 200 and "#player1" in record.text


def test_what_a_client_may_not_send_is_refused_and_changes_nothing(
    client: TestClient,
) -> None:
    game, _ = with_friend(client)
    with client.websocket_connect(f"/g/{game}/ws?lang=en") as ws:
        view = receive_until(ws, "view")["view"]
        for text, code in [
            ("not json", "not_json"),
            ("[1, 2]", "not_json"),
            ('{"kind": "move", "text": "' + "A" * 5000 + '"}', "too_long"),
            ('{"kind": "teleport"}', "bad_action"),
            ('{"kind": "flag"}', "bad_action"),
            ('{"kind": "accept"}', "accept"),
            # seat 0's move: not on its rack, or out of turn when seat 1 starts
            (
                '{"kind": "move", "text": "H8 ŹŹŹ"}',
                "not_on_rack" if view["to_move"] == 0 else "not_your_turn",
            ),
        ]:
            ws.send_text(text)
            reply = receive_until(ws, "error")
            assert reply["code"] == code, (text, reply)
    steps = client.app.state.hub.games[game].table.steps  # type: ignore[attr-defined]
    assert [type(s.action).__name__ for s in steps] == ["Join"]  # only the friend came


def test_a_binary_frame_closes_the_socket_politely(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    game = new_game(client)
    with client.websocket_connect(f"/g/{game}/ws") as ws:
        receive_until(ws, "view")
        ws.send_bytes(b"\x00\x01")
        with pytest.raises(WebSocketDisconnect) as e:
            for _ in range(10):
                ws.receive_json()
    assert e.value.code == 1003  # unsupported data
    assert "Traceback" not in caplog.text and "KeyError" not in caplog.text


def test_a_spectator_sees_no_rack_and_cannot_play(client: TestClient) -> None:
    game = new_game(client, opponent="person")
    other = TestClient(client.app)  # the same app, without the seat's cookie
    with other.websocket_connect(f"/g/{game}/ws") as ws:
        view = receive_until(ws, "view")["view"]
        assert view["seat"] is None and view["rack"] is None
        ws.send_json({"kind": "move", "text": "pauza"})
        assert receive_until(ws, "error")["code"] == "spectator"


def test_a_forged_game_id_is_named(client: TestClient) -> None:
    assert client.get("/g/no-such-game").status_code == 404
    with client.websocket_connect("/g/no-such-game/ws") as ws:
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_the_invited_friend_takes_the_other_seat(client: TestClient) -> None:
    game, friend = with_friend(client, name="Ola <b>")
    with friend.websocket_connect(f"/g/{game}/ws") as ws:
        view = receive_until(ws, "view")["view"]
        assert view["seat"] == 1 and view["names"][1] == "Ola <b>" and view["state"] == "playing"
    assert "Ola &lt;b&gt;" in client.get(f"/g/{game}").text
    assert friend.get(f"/g/{game}/join/forged").status_code == 404


def test_a_client_that_reconnects_gets_the_steps_it_missed(client: TestClient) -> None:
    from plansza.services.live import MoveAction

    game, _ = with_friend(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.games[game]
    first = live.table.game.to_move
    with client.websocket_connect(f"/g/{game}/ws") as ws:
        receive_until(ws, "view")
        if first == 0:
            ws.send_json({"kind": "move", "text": "pauza"})
            receive_until(ws, "step")
    seen = len(live.table.steps)
    # the other seat moves while this client is away
    client.portal.call(live.act, live.table.game.to_move, MoveAction("pauza"))  # type: ignore[union-attr]
    with client.websocket_connect(f"/g/{game}/ws?last={seen}") as ws:
        missed = receive_until(ws, "step")
        assert missed["step"]["n"] == seen + 1
        assert receive_until(ws, "view")["view"]["n"] == seen + 1


def test_an_open_seek_waits_in_the_lobby_for_anyone(client: TestClient) -> None:
    game = new_game(client, opponent="seek", name="Ola")
    stranger = TestClient(client.app)
    lobby = stranger.get("/")
    assert f'action="/seeks/{game}"' in lobby.text and "Ola" in lobby.text
    csrf = re.search(r'name="csrf" value="([^"]+)"', lobby.text)
    assert csrf
    data = {"csrf": csrf.group(1), "name": "Ela"}
    r = stranger.post(f"/seeks/{game}", data=data, follow_redirects=False)
    assert r.status_code == 303
    with stranger.websocket_connect(f"/g/{game}/ws") as ws:
        view = receive_until(ws, "view")["view"]
        assert view["seat"] == 1 and view["names"] == ["Ola", "Ela"]
    # taken: gone from the lobby, and a second taker is told so
    assert f'action="/seeks/{game}"' not in stranger.get("/").text
    late = TestClient(client.app)
    assert late.post(f"/seeks/{game}", data={"csrf": csrf_of(late), "name": "X"}).status_code == 404
    assert stranger.post(f"/seeks/{game}", data={"csrf": "forged"}).status_code == 403


def test_another_sites_page_cannot_open_a_games_socket(client: TestClient) -> None:
    # a page elsewhere would open the socket with the visitor's cookies: refused
    game = new_game(client)
    with (
        pytest.raises(WebSocketDisconnect) as e,
        client.websocket_connect(f"/g/{game}/ws", headers={"origin": "https://evil.example"}) as ws,
    ):
        ws.receive_json()
    assert e.value.code == 1008
    with client.websocket_connect(f"/g/{game}/ws", headers={"origin": "http://testserver"}) as ws:
        assert receive_until(ws, "view")["view"]["seat"] == 0


def test_english_rules_are_not_offered_with_a_polish_word_list(client: TestClient) -> None:
    # WESPA plays English tiles: the app's Polish word list could not judge its words
    lobby = client.get("/").text
    assert 'value="pfs"' in lobby and 'value="school"' in lobby and 'value="wespa"' not in lobby
    csrf = re.search(r'name="csrf" value="([^"]+)"', lobby)
    assert csrf
    r = client.post("/games", data={"csrf": csrf.group(1), "opponent": "static", "rules": "wespa"})
    assert r.status_code == 400


def test_a_live_table_refuses_rules_whose_tiles_its_word_list_has_not(words: Any) -> None:
    from plansza.services.live import LiveError, LiveTable, live_rules

    with pytest.raises(LiveError) as e:
        LiveTable.new(rules=live_rules("wespa", 15), seed=1, seats=("person", "static"),
                      names=("A", "B"), words=words, now=0.0)  # fmt: skip
    assert e.value.code == "lexicon_tiles"


def test_the_computer_accepts_a_rematch_at_once(client: TestClient) -> None:
    game = new_game(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect(f"/g/{game}/ws") as ws:
        receive_until(ws, "view")
        ws.send_json({"kind": "resign"})
        ws.send_json({"kind": "rematch", "answer": "offer"})
        for _ in range(20):
            step = receive_until(ws, "step")["step"]
            action = step["action"]
            if action["kind"] == "rematch" and action["answer"] == "yes" and action["game"]:
                break
        else:
            raise AssertionError("the computer did not answer")
    made = hub.games[game].table.rematch.game
    assert made and hub.games[made].table.setup.seats == ["person", "static"]
    r = client.get(f"/g/{game}/rematch", follow_redirects=False)
    assert r.headers["location"] == f"/g/{made}"


def test_each_step_is_worded_once_per_kind_of_reader(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the server's work per step does not grow with the sockets watching: the message
    # of each kind of reader is built once and shared
    from plansza.services.live import LiveTable

    game, friend = with_friend(client)
    built: list[object] = []
    real = LiveTable.message

    def counted(self: LiveTable, step: object, seat: object, now: object) -> bytes:
        built.append(seat)
        return real(self, step, seat, now)  # type: ignore[arg-type]

    monkeypatch.setattr(LiveTable, "message", counted)
    watchers = [TestClient(client.app) for _ in range(4)]
    sockets = [w.websocket_connect(f"/g/{game}/ws") for w in (client, friend, *watchers)]
    opened = [s.__enter__() for s in sockets]
    try:
        for ws in opened:
            receive_until(ws, "view")
        built.clear()
        mover = client.app.state.hub.games[game].table.game.to_move  # type: ignore[attr-defined]
        opened[mover].send_json({"kind": "move", "text": "pauza"})
        for ws in opened:
            receive_until(ws, "step")
        assert sorted(built, key=str) == sorted([0, 1, None], key=str)
    finally:
        for s in sockets:
            s.__exit__(None, None, None)


def test_the_app_keeps_its_settings_in_one_object(words: Any, tmp_path: Any) -> None:
    # `plansza serve`'s options as one object; a setting given by name overrides it
    from plansza.server.app import create_app
    from plansza.server.settings import AppSettings

    base = AppSettings(db="sqlite://", words=words, secret="s")
    app = create_app(base, tournament=str(tmp_path / "t.turniej.sqlite"))
    settings = app.state.settings
    assert isinstance(settings, AppSettings)
    assert settings.db == "sqlite://" and settings.hall and not settings.word_tools
    assert base.tournament is None  # the object given is not changed
