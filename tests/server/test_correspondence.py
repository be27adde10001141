"""Correspondence games (issue 45, item 5): days a move instead of minutes a game; the
seat that must act loses when its days run out — checked by the server itself, with
nobody connected and across a restart; "Your games" and its title say whose turn
it is in every game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.services.live import DAY, LiveTable, MoveAction, OutOfDays, live_rules
from plansza.services.ratings import outcome_of

from .conftest import Clock, invitation, new_game, take_invitation
from .test_accounts import sign_up

WORDS = ["KOT", "KOTY", "TO", "OK"]


def table(days: int = 2) -> LiveTable:
    return LiveTable.new(
        rules=live_rules("pfs", 0), preset="pfs", seed=3, seats=("person", "person"),
        names=("Ala", "Ola"), words=Lexicon.build(WORDS), starting=0, now=0.0, days=days,
    )  # fmt: skip


def test_each_move_has_its_days_and_the_one_who_runs_out_loses() -> None:
    t = table(days=2)
    assert t.deadline(0.0) == 2 * DAY and t.view(0, now=DAY).act_left == DAY
    assert t.tick(2 * DAY - 1) is None  # not yet
    t.apply(0, MoveAction("pauza"), now=DAY)  # Ala moves on day 1: Ola has 2 days from then
    assert t.deadline(DAY) == 2 * DAY
    assert t.tick(3 * DAY - 1) is None
    step = t.tick(3 * DAY + 1)
    assert step is not None and OutOfDays(1) in step.events
    assert t.over and t.game.result is not None and t.game.result.winner == 0
    assert t.game.result.reason.value == "out_of_days"
    # the replay of the steps ends the same way
    again = LiveTable.replay(t.setup, words=Lexicon.build(WORDS), steps=t.steps)
    assert again.over and again.game.result == t.game.result
    # a correspondence game is rated in its own pool (two turns were not taken: aborted)
    assert outcome_of(t) is None


def test_the_correspondence_pool() -> None:
    t = table(days=3)
    t.setup.rated = True
    t.apply(0, MoveAction("pauza"), now=10.0)
    t.apply(1, MoveAction("pauza"), now=20.0)
    t.tick(20.0 + 3 * DAY + 1)
    o = outcome_of(t)
    # Ala is to move again after the two passes, and runs out: Ola wins
    assert o is not None and o.pool == "pfs:correspondence" and o.scores == (0.0, 1.0)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


def app_on(db: str, words: Lexicon, clock: Clock) -> Any:
    from plansza.server.app import create_app

    return create_app(db=db, words=words, secret="test-secret", clock=clock)


def test_the_server_ends_a_game_whose_days_ran_out_with_nobody_there(
    db: str, words: Lexicon, clock: Clock
) -> None:
    app = app_on(db, words, clock)
    with TestClient(app) as ala:
        game = new_game(ala, opponent="person", days="1", minutes="15")
        ola = TestClient(app)
        assert take_invitation(ola, invitation(ala, game), "Ola").status_code == 303
        live = app.state.hub.games[game]
        assert live.setup.days == 1 and live.setup.minutes == 0  # days replace the clock
        page = ala.get(f"/g/{game}?lang=en").text
        assert "1 day a move" in page
    # the server stops; two days pass; it starts again: nobody opens the game
    clock.now += 2 * DAY
    app = app_on(db, words, clock)
    with TestClient(app):
        import time

        for _ in range(100):
            live = app.state.hub.games.get(game)
            if live is not None and live.table.over:
                break
            time.sleep(0.05)
        assert live is not None and live.table.over
        assert live.table.game.result.reason.value == "out_of_days"


def test_your_games_say_whose_turn_it_is(words: Lexicon, clock: Clock) -> None:
    app = app_on("sqlite://", words, clock)
    with TestClient(app) as ala:
        from plansza.server.accounts import Accounts

        app.state.accounts = Accounts(clock, cheap=True)
        assert sign_up(ala, "Ala").status_code == 303
        games = []
        for _ in range(2):
            game = new_game(ala, opponent="person", days="3")
            assert take_invitation(TestClient(app), invitation(ala, game), "Ola").status_code == 303
            games.append(game)
        waiting = new_game(ala, opponent="person", days="3")
        mine = sum(1 for g in games if app.state.hub.games[g].table.actor() == 0)
        page = ala.get("/konto?lang=en").text
        assert page.count("your move</b>") == mine
        assert page.count("your opponent's move") == 2 - mine
        assert "waiting for your opponent" in page and waiting in page
        title = re.search(r"<title>(.*?)</title>", page)
        assert title
        assert title.group(1).startswith(f"({mine}) ") if mine else "(" not in title.group(1)
        assert re.search(r"3 d 0 h left|2 d 23 h left", page)


def test_a_correspondence_game_is_with_a_person(client: TestClient) -> None:
    m = re.search(r'name="csrf" value="([^"]+)"', client.get("/").text)
    assert m
    form = {"csrf": m.group(1), "opponent": "static", "rules": "pfs", "minutes": "15"}
    assert client.post("/games", data=form | {"days": "2"}).status_code == 400
    too_many = form | {"opponent": "person", "days": "15"}
    assert client.post("/games", data=too_many).status_code == 400


@pytest.fixture
def client(words: Lexicon, clock: Clock) -> Iterator[TestClient]:
    with TestClient(app_on("sqlite://", words, clock)) as c:
        yield c
