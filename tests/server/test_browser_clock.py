"""The round's clock and the printable lists in a real browser (Playwright with
Debian's Chromium, as in ``test_browser.py``). Screenshots go to ``build/screenshots/``."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from tests.server.served import chromium, serve
from tests.server.test_browser import WAIT, shot, watch

from plansza.services.tournament import Referee
from plansza.tournament.model import Settings

playwright_sync = pytest.importorskip("playwright.sync_api")

NAMES = ("Łoś Ola", "Lis Adam", "Sowa Ewa", "<script>alert(1)</script>", "Żak Jan", "Nowak Iga")


def now() -> str:
    return datetime.now(UTC).isoformat()


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """(the server's address, the tournament file): six players, round 1 paired."""
    from plansza.lexicon import Lexicon
    from plansza.server.app import create_app

    path = str(tmp_path_factory.mktemp("hall") / "t.turniej.sqlite")
    Referee.create(path, Settings("Puchar Mazur", 3, "halving"), now)
    with Referee.open(path, now) as ref:
        for name in NAMES:
            ref.add_player({"name": name})
        ref.pair()
        ref.result(1, *_first_table(ref))
    app = create_app(
        db="sqlite://",
        words=Lexicon.default(progress=False),
        secret="t",
        tournament=path,
        tournament_poll=0.2,
    )
    for url in serve(app):
        yield url, path


def _first_table(ref: Referee) -> tuple[str, str, str, str]:
    state = ref.state()
    p = state.rounds[1].pairings[0]
    return state.players[p.first].name, "412", state.players[p.second or 0].name, "367"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def seconds_shown(page: Any) -> int:
    text = page.inner_text("#round-clock .time")
    m = re.fullmatch(r"(\d+):(\d\d)", text.strip())
    assert m, text
    return int(m.group(1)) * 60 + int(m.group(2))


def test_the_clock_counts_down_pauses_and_prints(hall: tuple[str, str], browser: Any) -> None:
    url, path = hall
    ctx = browser.new_context(viewport={"width": 1000, "height": 700}, locale="pl-PL")
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{url}/turniej/kojarzenia")
    assert page.locator("#round-clock").count() == 0
    with Referee.open(path, now) as ref:
        ref.clock(1, "start", 25)
    # the SSE update brings the clock without a reload, and it counts down by itself
    page.wait_for_selector("#round-clock", timeout=WAIT)
    first = seconds_shown(page)
    assert 24 * 60 <= first <= 25 * 60  # real time (the page counts it): a loaded machine
    shown = page.inner_text("#round-clock .time")
    page.wait_for_function(  # a function: a bare expression is eval'd, which the CSP refuses
        "(shown) => document.querySelector('#round-clock .time').textContent !== shown",
        arg=shown,
        timeout=WAIT,
    )
    assert seconds_shown(page) < first
    shot(page, "clock-pairings")
    with Referee.open(path, now) as ref:
        ref.clock(1, "pause")
    page.wait_for_selector("#round-clock.paused", timeout=WAIT)
    held = seconds_shown(page)
    time.sleep(1.5)
    assert seconds_shown(page) == held  # paused: it stands still
    assert page.inner_text("#round-clock .state") == "pauza"
    with Referee.open(path, now) as ref:
        ref.clock(1, "resume")
    page.wait_for_selector("#round-clock:not(.paused)", timeout=WAIT)

    # the projector: large clock, the pairings by table, then by name
    page.goto(f"{url}/turniej/kojarzenia?projektor=1")
    page.wait_for_selector("body.projector #round-clock", timeout=WAIT)
    shot(page, "clock-projector")

    # the printable pairings: no navigation, no clock, the head line with the round
    page.goto(f"{url}/turniej/kojarzenia?alfabetycznie=1&druk=1")
    assert not page.is_visible("nav.tournament")
    assert page.locator("#round-clock").count() == 0
    assert re.match(r"Runda 1 z 3 · wydrukowano", page.inner_text(".print-head"))
    assert "<script>alert(1)</script>" in page.inner_text("table")  # shown as text
    shot(page, "print-pairings-by-name")
    page.goto(f"{url}/turniej/klasyfikacja?druk=1")
    shot(page, "print-standings")
    pdf = Path(path).with_suffix(".pdf")
    page.pdf(path=str(pdf))  # what a printer gets
    assert pdf.stat().st_size > 1000
    assert errors == []
    ctx.close()
