"""A real server killed with SIGKILL mid-game and started again on the same database.

``python -m plansza serve`` runs in a subprocess on a SQLite file with the small test
lexicon (``--lexicon FILE``). Three games are in progress when it is killed: two
people with a play accepted, a phony challenged off and an exchange behind them (a
running clock); two people in the challenge window (no clock running); a person
against the computer (``static``). The moves are made over the game's WebSocket with
the ``websockets`` client, as a browser makes them. After the restart every game is
what it was — board, racks, scores, bag, score sheet, the steps in order — and the
time a player had when the server died is the time they have when it returns, within
the heartbeat's second (issue 28: "less nothing they did not use"); a client that
says the last step it saw gets the steps after it.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from .conftest import WORDS
from .served import Served, event, game_with_friend, lexicon_file

pytestmark = pytest.mark.slow

#: How long the server stays dead: far more than the heartbeat's second, so that a
#: clock charged for the downtime is caught.
DOWN = 3.0


@pytest.fixture
def server(tmp_path: Path, database_url: str) -> Iterator[Served]:
    # on an SQLite file and on PostgreSQL
    s = Served(tmp_path, "server", ["--db", database_url, "--lexicon", str(lexicon_file(tmp_path))])
    s.start()
    try:
        yield s
    finally:
        s.stop()


@dataclass
class Game:
    id: str
    tokens: tuple[str, str]  # "" for the computer's seat


def new_game(server: Served, opponent: str) -> Game:
    """A game made from the lobby's form, as a browser makes it; the seats' tokens."""
    if opponent == "person":
        game_id, tokens, _ = game_with_friend(server.url)
        return Game(game_id, tokens)
    with httpx.Client(base_url=server.url) as browser:
        page = browser.get("/")
        csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
        assert csrf, page.text
        form = {"csrf": csrf.group(1), "opponent": opponent, "rules": "pfs", "minutes": "15"}
        r = browser.post("/games", data=form)
        assert r.status_code == 303, r.text
        game_id = r.headers["location"].rsplit("/", 1)[-1]
        return Game(game_id, (browser.cookies[f"seat_{game_id}"], ""))


def socket_url(server: Served, game: Game, last: int) -> str:
    return f"ws://127.0.0.1:{server.port}/g/{game.id}/ws?last={last}"


def look(server: Served, game: Game, seat: int | None, last: int = 0) -> tuple[list[Any], Any]:
    """The steps after ``last`` and the view, as ``seat`` (``None``: a spectator) gets
    them on connecting."""
    cookie = {"Cookie": f"seat_{game.id}={game.tokens[seat]}"} if seat is not None else {}
    steps = []
    with connect(socket_url(server, game, last), additional_headers=cookie) as ws:
        while True:
            msg = json.loads(ws.recv(timeout=10))
            if msg["type"] == "view":
                return steps, msg["view"]
            assert msg["type"] == "step", msg
            steps.append(msg["step"])


def act(server: Served, game: Game, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """``seat`` acts over the socket; the step the server sends back."""
    cookie = {"Cookie": f"seat_{game.id}={game.tokens[seat]}"}
    _, view = look(server, game, seat)
    with connect(socket_url(server, game, view["n"]), additional_headers=cookie) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "view"
        ws.send(json.dumps(action))
        # a view may come first: the computer's step being written when the socket
        # opened is in the first view already, and its view follows once it is sent
        msg = json.loads(ws.recv(timeout=10))
        while msg["type"] == "view":
            msg = json.loads(ws.recv(timeout=10))
        assert msg["type"] == "step", msg
        assert msg["step"]["seat"] == seat and msg["step"]["action"]["kind"] == action["kind"]
        return dict(msg["step"])


def settled(server: Served, game: Game, seat: int) -> dict[str, Any]:
    """The view once the computer has moved and ``seat``'s answer to it, if it made a
    play, is given (its play accepted): the person's turn, no play pending."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        _, view = look(server, game, seat)
        pending = view["pending"]
        if pending is not None and pending["player"] != seat:
            act(server, game, seat, {"kind": "accept"})
        elif view["to_move"] == seat and pending is None:
            return dict(view)
        else:
            time.sleep(0.05)
    raise AssertionError(f"the computer did not answer: {view}\n{server.log.read_text()}")


def phony(rack: str) -> str:
    """A two-tile play through the centre that is no word of the test list (no blank:
    no letter to choose)."""
    letters = [c for c in rack if c != "?"]
    for x in letters:
        for y in letters:
            if x + y not in WORDS and (letters.count(x) > 1 or x != y):
                return f"8H {x}{y}"
    raise AssertionError(rack)


def play_person_game(server: Served, game: Game, *, leave_pending: bool) -> None:
    """A phony challenged off, an exchange, a play accepted, a pass — over the socket;
    with ``leave_pending`` the last play waits in the challenge window."""
    _, view = look(server, game, None)
    a, b = view["to_move"], 1 - view["to_move"]
    act(server, game, a, {"kind": "move", "text": phony(look(server, game, a)[1]["rack"])})
    verdict = act(server, game, b, {"kind": "challenge"})
    # TR 4.7: off the board, the turn lost
    assert (event(verdict, "judged") or {})["valid"] is False
    act(server, game, b, {"kind": "move", "text": "-" + look(server, game, b)[1]["rack"][0]})
    act(server, game, a, {"kind": "move", "text": phony(look(server, game, a)[1]["rack"])})
    if leave_pending:
        return  # killed in the challenge window
    act(server, game, b, {"kind": "accept"})
    act(server, game, b, {"kind": "move", "text": "pauza"})


def play_computer_game(server: Served, game: Game) -> None:
    view = settled(server, game, 0)
    act(server, game, 0, {"kind": "move", "text": "-" + view["rack"][:2]})
    view = settled(server, game, 0)
    act(server, game, 0, {"kind": "move", "text": "pauza"})
    settled(server, game, 0)


def without_time(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("clocks", "n")}


def test_a_killed_server_brings_every_game_back_exactly(server: Served) -> None:
    friends = new_game(server, "person")
    waiting = new_game(server, "person")
    computer = new_game(server, "static")
    play_person_game(server, friends, leave_pending=False)
    play_person_game(server, waiting, leave_pending=True)
    play_computer_game(server, computer)
    time.sleep(1.3)  # the running clocks run; at least one heartbeat since the moves

    games = [(friends, (0, 1)), (waiting, (0, 1)), (computer, (0,))]
    before: dict[str, tuple[list[Any], dict[int, dict[str, Any]], float]] = {}
    for game, seats in games:
        steps, _ = look(server, game, None)
        views = {}
        for seat in seats:
            _, views[seat] = look(server, game, seat)
        before[game.id] = (steps, views, time.time())
    # one more move just before the kill: the last step may be newer than the last beat
    _, view = look(server, friends, None)
    act(server, friends, view["to_move"], {"kind": "move", "text": "pauza"})
    steps, _ = look(server, friends, None)
    views = {seat: look(server, friends, seat)[1] for seat in (0, 1)}
    before[friends.id] = (steps, views, time.time())

    died = server.kill()
    time.sleep(DOWN)
    server.start()

    for game, seats in games:
        old_steps, old_views, seen_at = before[game.id]
        steps, _ = look(server, game, None)
        n = len(old_steps)
        assert steps[:n] == old_steps  # every step, in order, as it was
        running = old_views[seats[0]]["running"]
        if running is None:  # the challenge window: no clock runs, nothing to resume
            assert steps == old_steps
        else:
            assert [s["action"]["kind"] for s in steps[n:]] == ["resume"]
        for seat in seats:
            _, view = look(server, game, seat)
            looked = time.time()
            old = old_views[seat]
            assert without_time(view) == without_time(old)  # board, racks, scores, bag...
            assert view["n"] == len(steps)
            for player in (0, 1):
                if player != running:
                    # a stopped clock: exactly what it was
                    assert view["clocks"][player] == old["clocks"][player]
                    continue
                resume = steps[n]
                # the time the player had when the server died ...
                had = old["clocks"][player] - (died - seen_at)
                # ... and the time they have on its return (what ran since, added back)
                has = view["clocks"][player] + (looked - resume["at"])
                # not charged for the downtime; at most the heartbeat's second given back
                assert -0.25 <= has - had <= 1.25, (had, has, resume)
                assert resume["at"] - resume["action"]["from"] >= DOWN - 0.1


def test_a_client_reconnecting_after_a_restart_gets_the_steps_it_missed(
    server: Served,
) -> None:
    game = new_game(server, "person")
    play_person_game(server, game, leave_pending=False)
    seen, _ = look(server, game, 0)
    server.kill()
    time.sleep(1.0)
    server.start()
    # the other seat moves after the restart
    _, view = look(server, game, None)
    act(server, game, view["to_move"], {"kind": "move", "text": "pauza"})
    missed, view = look(server, game, 0, last=len(seen))
    assert [s["n"] for s in missed] == [len(seen) + 1, len(seen) + 2]
    assert [s["action"]["kind"] for s in missed] == ["resume", "move"]
    assert view["n"] == len(seen) + 2
    older, _ = look(server, game, 1, last=2)
    assert [s["n"] for s in older] == list(range(3, len(seen) + 3))
