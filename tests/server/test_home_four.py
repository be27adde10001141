"""Home games for three and four on the web (issue 45, item 6; GR: 2–4 players).

The host makes a game of four at home rules and gets one invitation a seat; each
link seats one person in its own seat, once. The turn order comes from the draw
(TR 2.1 as GR takes it); every seat sees its own rack only (the racks of the others
never reach it, nor a spectator); the game ends for all four when every player has
passed twice in a row (GR), with the score sheet of four and the record.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon

from .conftest import Clock, csrf_of


@pytest.fixture
def client(words: Lexicon, clock: Clock) -> Iterator[TestClient]:
    from plansza.server.app import create_app

    app = create_app(db="sqlite://", words=words, secret="test-secret", clock=clock)
    with TestClient(app) as c:
        yield c


def four_players(client: TestClient) -> tuple[str, list[TestClient], list[str]]:
    r = client.post(
        "/games",
        data={"csrf": csrf_of(client), "name": "Ala", "opponent": "person", "rules": "home",
              "minutes": "0", "players": "4"},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    game = str(r.headers["location"]).rsplit("/", 1)[-1]
    page = client.get(f"/g/{game}?lang=en").text
    links = re.findall(r'value="http[^"]+?(/g/[^"]+/join/[^"?]+)', page)
    assert len(links) == 3, page
    return game, [client], links


def take(link: str, client: TestClient, name: str) -> Any:
    page = client.get(link)
    assert page.status_code == 200, page.text
    m = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert m
    return client.post(link, data={"csrf": m.group(1), "name": name}, follow_redirects=False)


def test_four_friends_each_in_their_own_seat_see_only_their_own_rack(client: TestClient) -> None:
    game, players, links = four_players(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.games[game]
    assert live.setup.seats == ["person"] * 4 and live.table.game.rules.players == 4
    names = ["Ala", "Bartek", "Celina", "Darek"]
    # the link of seat 3 first: it seats its own seat, not the first open one
    for i in (2, 0, 1):
        friend = TestClient(client.app)
        r = take(links[i], friend, names[i + 1])
        assert r.status_code == 303 and r.headers["location"] == f"/g/{game}"
        assert live.table.joined[i + 1]
        players.append(friend)
    by_seat = {live.seat_of(c.cookies.get(f"seat_{game}")): c for c in players}
    assert sorted(by_seat) == [0, 1, 2, 3]
    assert list(live.table.game.names) == names
    # a link used again only shows the game
    again = TestClient(client.app)
    r = again.get(links[0], follow_redirects=False)
    assert r.status_code == 303 and "zaproszenie=wykorzystane" in r.headers["location"]
    # the order of turns: from the player the draw chose, then by seat
    g = live.table.game
    first = g.to_move
    assert first == g.starting_player and g.start_draws
    # each seat's view: its own rack, no other's, anywhere in what it is sent
    racks = {s: g.rack_string(s) for s in range(4)}
    sockets = {s: c.websocket_connect(f"/g/{game}/ws") for s, c in by_seat.items()}
    spectator = TestClient(client.app).websocket_connect(f"/g/{game}/ws")
    opened = {s: cm.__enter__() for s, cm in sockets.items()}
    watcher = spectator.__enter__()
    try:
        views = {}
        for s, ws in opened.items():
            for _ in range(10):
                msg = json.loads(ws.receive_text())
                if msg["type"] == "view":
                    views[s] = msg["view"]
                    break
        for s, view in views.items():
            assert view["rack"] == racks[s] and view["seat"] == s
            assert len(view["names"]) == 4 and len(view["scores"]) == 4
            text = json.dumps(view)
            assert not any(racks[o] in text for o in range(4) if o != s and len(racks[o]) >= 7)
        # GR: every player passes twice in a row: the game is over for all four
        for turn in range(8):
            mover = (first + turn) % 4
            opened[mover].send_text(json.dumps({"kind": "move", "text": "pauza"}))
            for ws in opened.values():
                for _ in range(20):
                    msg = json.loads(ws.receive_text())
                    if msg["type"] == "step":
                        break
        assert live.table.over and g.result is not None
        assert g.result.reason.value in ("scoreless", "went_out")
        assert len(g.history) == 8 and {t.player for t in g.history} == {0, 1, 2, 3}
        for _ in range(30):
            msg = json.loads(watcher.receive_text())
            if msg["type"] == "step" and (msg.get("view") or {}).get("result"):
                assert len(msg["view"]["result"]["scores"]) == 4
                assert len(msg["view"]["sheet"]) == 8
                break
    finally:
        for cm in sockets.values():
            cm.__exit__(None, None, None)
        spectator.__exit__(None, None, None)
    record = client.get(f"/g/{game}/record.gcg")
    assert record.status_code == 200 and all(n in record.text for n in names)


def test_a_game_of_four_is_by_invitation_at_home_rules_only(client: TestClient) -> None:
    token = csrf_of(client)
    base = {"csrf": token, "name": "Ala", "minutes": "0", "players": "4"}
    for bad in (
        {"opponent": "person", "rules": "pfs"},  # PFS rules are for two
        {"opponent": "static", "rules": "home"},  # no computers
        {"opponent": "seek", "rules": "home"},
        {"opponent": "person", "rules": "home", "days": "3"},
        {"opponent": "person", "rules": "home", "players": "5"},
    ):
        r = client.post("/games", data=base | bad, follow_redirects=False)
        assert r.status_code == 400, bad


def test_resigning_and_rematch_are_for_a_game_of_two(client: TestClient) -> None:
    game, _, links = four_players(client)
    for i, link in enumerate(links):
        assert take(link, TestClient(client.app), f"P{i}").status_code == 303
    with client.websocket_connect(f"/g/{game}/ws") as ws:
        ws.send_text(json.dumps({"kind": "resign"}))
        for _ in range(10):
            msg = json.loads(ws.receive_text())
            if msg["type"] == "error":
                break
        assert msg["type"] == "error"
    assert not client.app.state.hub.games[game].table.over  # type: ignore[attr-defined]


def test_only_the_next_player_decides_on_a_play_and_an_exchange_stays_its_own() -> None:
    """A game of four: the play of the player to move awaits the next player's
    decision (the domain's ``decider``); the other two may neither accept nor
    challenge it. An exchange's tiles reach none of the other three, nor a spectator."""
    from plansza.lexicon import Lexicon as Words
    from plansza.services.live import (
        Accept,
        Challenge,
        Exchanged,
        LiveError,
        LiveTable,
        MoveAction,
        live_rules,
    )

    probe = LiveTable.new(
        rules=live_rules("home", 0, players=4), preset="home", seed=7, seats=("person",) * 4,
        names=("A", "B", "C", "D"), words=Words.build(["KOT"]), starting=0, now=0.0,
    )  # fmt: skip
    rack = probe.game.rack_string(0).replace("?", "")
    word = rack[:2]
    table = LiveTable.new(
        rules=live_rules("home", 0, players=4), preset="home", seed=7, seats=("person",) * 4,
        names=("A", "B", "C", "D"), words=Words.build([word]), starting=0, now=0.0,
    )  # fmt: skip
    table.apply(0, MoveAction(f"H8 {word}"), now=1.0)
    assert table.game.pending is not None and table.game.decider == 1
    for outsider in (2, 3):
        for action in (Accept(), Challenge()):
            with pytest.raises(LiveError):
                table.apply(outsider, action, now=2.0)
    table.apply(1, Accept(), now=3.0)
    assert table.game.pending is None and table.game.to_move == 1
    step = table.apply(1, MoveAction("-" + table.game.rack_string(1)[:2]), now=4.0)
    tiles = next(e for e in step.events if isinstance(e, Exchanged)).tiles
    assert tiles
    for reader in (0, 2, 3, None):
        seen = table.seen_by(step, reader)
        assert all(e.tiles == "" for e in seen.events if isinstance(e, Exchanged))
        assert tiles not in json.dumps([str(e) for e in seen.events])
