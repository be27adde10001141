"""Belgijka live: one move's phase on every page (issue 42).

The referee's console, the projector and a player's phone take the move's phase from
one place (``services.belgijka.Hall.state``): at every step of a move — drawn, running
(the deadline itself included), up, closed — and at the game's end, the three pages
and the hall's own checks (a phone's card in time, the close after the time) agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from plansza.duplicate.timer import MOVE_SECONDS
from plansza.i18n import translator
from plansza.lexicon import Lexicon
from plansza.server.belgijka_console import view as console_view
from plansza.server.belgijka_phone import view as phone_view
from plansza.services.belgijka import Hall, HallError, move_results, move_state

from .conftest import Clock
from .test_station import log_in


@pytest.fixture
def served(tmp_path: Path, words: Lexicon, clock: Clock) -> Iterator[tuple[TestClient, Hall]]:
    """The app serving a Belgijka file not created yet; a referee logged in."""
    from plansza.server.app import create_app

    app = create_app(
        db="sqlite://", words=words, secret="s", clock=clock, belgijka=str(tmp_path / "b.json")
    )
    with TestClient(app) as c:
        log_in(c)
        yield c, app.state.belgijka


def phase_on(page: str) -> str:
    """The phase the page's live part carries (``#live[data-phase]``)."""
    m = re.search(r'<div id="live"[^>]*\bdata-phase="([^"]*)"', page)
    assert m, page
    return m.group(1)


def phases(c: TestClient, hall: Hall) -> dict[str, str]:
    """The phase as the console, the projector and (when there is a player) the phone
    of table 1 show it, and as the hall tells it."""
    shown = {
        "hall": hall.state().phase,
        "console": phase_on(c.get("/belgijka/sedzia").text),
        "projector": phase_on(c.get("/belgijka/projektor").text),
    }
    if hall.read(lambda ch: ch is not None and bool(ch.players)):
        code = next(code for n, _name, code in hall.codes() if n == 1)
        shown["phone"] = phase_on(c.get(f"/belgijka/g/{code}").text)
    return shown


def agree(c: TestClient, hall: Hall, expected: str) -> None:
    shown = phases(c, hall)
    assert set(shown.values()) == {expected}, shown


def test_the_pages_show_the_same_phase_at_every_step(
    served: tuple[TestClient, Hall], clock: Clock
) -> None:
    c, hall = served
    assert hall.state().phase == "none"  # no championship: the console offers to create it
    assert 'action="/belgijka/sedzia/akcja/nowy"' in c.get("/belgijka/sedzia").text
    hall.create("Faza", seed="faza", games=1)
    hall.register("Anna")
    hall.register("Bartek")
    agree(c, hall, "no_game")
    hall.start_game()
    agree(c, hall, "waiting")
    hall.draw()
    agree(c, hall, "drawn")
    with pytest.raises(HallError) as early:
        hall.send(1, "H8 KOT", 10)
    assert early.value.code == "not_started"
    clock.now += 5
    hall.start_clock()
    agree(c, hall, "running")
    clock.now += MOVE_SECONDS  # exactly at the deadline: still in time (II.3, II.5)
    agree(c, hall, "running")
    hall.send(1, "H8 KOT", 10)  # a phone's card at the deadline is taken…
    with pytest.raises(HallError) as running:
        hall.close()  # …so the move cannot close yet
    assert running.value.code == "running"
    clock.now += 0.1
    agree(c, hall, "up")
    with pytest.raises(HallError) as late:
        hall.send(2, "H8 KOT", 10)
    assert late.value.code == "late"
    hall.close()
    agree(c, hall, "closed")
    hall.end_game()
    agree(c, hall, "over")


def test_the_move_state_carries_the_clock_the_last_move_and_its_results(
    served: tuple[TestClient, Hall], clock: Clock
) -> None:
    _c, hall = served
    hall.create("Faza", seed="faza", games=1)
    hall.register("Anna")
    hall.start_game()
    first = hall.draw()
    drawn = hall.state()
    assert (drawn.game, drawn.move, drawn.remaining, drawn.seconds, drawn.last) == (
        1, first, None, None, None,
    )  # fmt: skip
    hall.start_clock()
    top = first.candidates[0]
    hall.send(1, str(top.play), top.score)
    clock.now += 30
    running = hall.state()
    assert (running.remaining, running.seconds) == (MOVE_SECONDS - 30, MOVE_SECONDS)
    hall.set_move_time(60)  # the referee shortens it: from the same start
    assert hall.state().remaining == 30
    assert hall.state(clock.now + 31).phase == "up"
    clock.now += 31
    hall.close()
    closed = hall.state()
    assert closed.move is None and closed.last is not None and closed.last.number == 1
    # The move's results: one model for the console's table and the player's phone.
    (anna,) = hall.read(lambda ch: move_results(ch, ch.game, closed.last))  # type: ignore[union-attr,arg-type]
    assert (anna.awarded.score, anna.top, anna.row.total) == (top.score, True, top.score)
    t = translator("en")
    console = console_view(hall, t, referee=True)["last"]["results"]
    phone = phone_view(hall, 1, t)
    assert console[0]["score"] == phone["last"]["points"] == top.score
    assert console[0]["total"] == phone["total"] == top.score
    assert move_state(None, None, clock.now).phase == "none"
