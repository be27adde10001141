"""The round's clock on the live pages, their printable versions and the projector
(issue 29, item 3)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.services.tournament import Referee
from plansza.tournament.model import Settings

EVIL = "<script>alert(1)</script>"


def stamp(minutes_ago: float = 0) -> str:
    return (datetime.now(UTC) - timedelta(minutes=minutes_ago)).isoformat()


@pytest.fixture
def tournament(tmp_path: Path) -> str:
    path = str(tmp_path / "t.turniej.sqlite")
    Referee.create(path, Settings("Puchar Mazur", 3, "halving"), stamp)
    with Referee.open(path, stamp) as ref:
        for name in ("Łoś Ola", "Lis Adam", "Sowa Ewa", EVIL):
            ref.add_player({"name": name})
        ref.pair()
    return path


@pytest.fixture
def site(words: Lexicon, tournament: str) -> Iterator[TestClient]:
    from plansza.server.app import create_app

    app = create_app(db="sqlite://", words=words, secret="s", tournament=tournament)
    with TestClient(app) as c:
        yield c


def clock(path: str, action: str, minutes: int | None = None, ago: float = 0) -> None:
    with Referee.open(path, lambda: stamp(ago)) as ref:
        ref.clock(None, action, minutes)


def remaining(html: str) -> int | None:
    m = re.search(r'id="round-clock"[^>]*data-remaining="(\d+)"', html)
    return int(m.group(1)) if m else None


def test_no_clock_until_the_referee_starts_it(site: TestClient) -> None:
    assert 'id="round-clock"' not in site.get("/turniej").text


def test_the_clock_counts_from_the_log(site: TestClient, tournament: str) -> None:
    clock(tournament, "start", 30, ago=10)  # started ten minutes ago
    # The live pages count the round's real time (the server's wall clock, by design):
    # up to a minute may pass on a loaded machine before they are read.
    for url in ("/turniej", "/turniej/kojarzenia", "/turniej/klasyfikacja?projektor=1"):
        html = site.get(url).text
        left = remaining(html)
        assert left is not None and 19 * 60 <= left <= 20 * 60, url
        assert re.search(r'class="time">(20:00|19:[0-5]\d)<', html)
    # the standings (not in the projector) and the player's card have no clock
    assert remaining(site.get("/turniej/klasyfikacja").text) is None
    assert remaining(site.get("/turniej/gracz/1").text) is None


def test_paused_and_time_is_up(site: TestClient, tournament: str) -> None:
    clock(tournament, "start", 30)
    clock(tournament, "pause")
    html = site.get("/turniej?lang=en").text
    assert 'data-paused="1"' in html and ">paused<" in html
    clock(tournament, "resume")
    clock(tournament, "start", 5, ago=6)  # restarted six minutes ago, for five
    html = site.get("/turniej?lang=en").text
    assert remaining(html) == 0
    assert "round-clock up" in html and ">Time is up<" in html
    assert "Czas minął" in site.get("/turniej?lang=pl").text


@pytest.mark.parametrize(
    "url",
    [
        "/turniej/kojarzenia?druk=1",
        "/turniej/kojarzenia?alfabetycznie=1&druk=1",
        "/turniej/klasyfikacja?druk=1",
        "/turniej/gracz/1?druk=1",
    ],
)
def test_printable_versions(site: TestClient, tournament: str, url: str) -> None:
    clock(tournament, "start", 30)
    html = site.get(url + "&lang=en").text
    assert "tournament.js" not in html and "htmx" not in html  # no live script
    assert 'id="round-clock"' not in html
    assert re.search(r'class="print-head">Round 1 of 3 · printed \d{4}-\d\d-\d\d \d\d:\d\d<', html)
    # paper on the screen too: the page is named printing, and the site's sheet hides
    # the header, the navigation and the live note there
    assert re.search(r'<body class="pg pg-tournament pg-printing">', html)
    css = site.get("/static/site.css").text
    assert ".pg-printing header.top, .pg-printing footer, .pg-printing nav.tournament" in css
    assert EVIL not in html  # names escaped in print as everywhere
    assert "Puchar Mazur" in html


def test_live_pages_link_their_printable_version(site: TestClient) -> None:
    html = site.get("/turniej/kojarzenia?alfabetycznie=1").text
    assert 'href="/turniej/kojarzenia?alfabetycznie=1&amp;druk=1"' in html
    assert 'id="print-button"' in html
    # the printable version of a projector page is not a projector
    html = site.get("/turniej/klasyfikacja?projektor=1&druk=1").text
    assert "data-next" not in html
