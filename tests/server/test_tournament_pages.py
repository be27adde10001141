"""The live public pages of a tournament (``plansza serve --tournament FILE``)."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.services.tournament import Referee
from plansza.tournament.model import Settings

EVIL = "<script>alert(1)</script>"
NAMES = ("Łoś Ola", "Lis Adam", "Sowa Ewa", EVIL)


def stamp() -> str:
    return "2026-05-02T10:00:00"


@pytest.fixture
def tournament(tmp_path: Path) -> str:
    """Four players (one named like a script), round 1 paired, no result yet."""
    path = str(tmp_path / "t.turniej.sqlite")
    Referee.create(path, Settings("Puchar <b>Mazur</b>", 3, "halving"), stamp)
    with Referee.open(path, stamp) as ref:
        for name in NAMES:
            ref.add_player({"name": name})
        ref.pair()
    return path


def open_app(words: Lexicon, path: str | None, **options: float) -> TestClient:
    from plansza.server.app import create_app

    app = create_app(db="sqlite://", words=words, secret="s", tournament=path, **options)
    return TestClient(app)


@pytest.fixture
def site(words: Lexicon, tournament: str) -> Iterator[TestClient]:
    with open_app(words, tournament) as c:
        yield c


def first_table(path: str) -> tuple[str, str]:
    with Referee.open(path, stamp) as ref:
        state = ref.state()
    p = state.rounds[1].pairings[0]
    return state.players[p.first].name, state.players[p.second or 0].name


def record(path: str, a: str, b: str, score_a: str = "400", score_b: str = "350") -> None:
    with Referee.open(path, stamp) as ref:
        ref.result(1, a, score_a, b, score_b)


def test_the_pages_show_the_tournament_and_escape_names(site: TestClient) -> None:
    for url in ("/turniej", "/turniej/kojarzenia", "/turniej/kojarzenia?alfabetycznie=1",
                "/turniej/klasyfikacja", "/turniej/gracz/1", "/turniej/gracz/4"):  # fmt: skip
        r = site.get(url)
        assert r.status_code == 200, url
        assert "<script>alert" not in r.text, url
        assert "<b>Mazur" not in r.text and "&lt;b&gt;Mazur" in r.text, url
        assert 'id="live"' in r.text and "/static/tournament.js" in r.text, url
    alphabetical = site.get("/turniej/kojarzenia?alfabetycznie=1").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in alphabetical


def test_pairings_by_name_are_in_polish_order(site: TestClient) -> None:
    # TR 5.2 / paperwork: the list by name the players look for, Ł after L, Ś after S
    text = site.get("/turniej/kojarzenia?runda=1&alfabetycznie=1").text
    rows = re.findall(r'<tr><td><a href="/turniej/gracz/\d+">([^<]+)</a>', text)
    assert rows == ["&lt;script&gt;alert(1)&lt;/script&gt;", "Lis Adam", "Łoś Ola", "Sowa Ewa"]
    by_table = site.get("/turniej/kojarzenia?runda=1").text
    assert "Stół" in by_table  # Polish by default


def test_a_round_or_player_not_there_is_404_in_the_visitors_language(site: TestClient) -> None:
    r = site.get("/turniej/kojarzenia?runda=7")
    assert r.status_code == 404 and "runda 7" in r.text.lower()
    r = site.get("/turniej/gracz/99?lang=en")
    assert r.status_code == 404 and "no player number 99" in r.text


def test_without_a_tournament_the_pages_say_so(words: Lexicon) -> None:
    with open_app(words, None) as c:
        r = c.get("/turniej?lang=en")
        assert r.status_code == 404 and "no tournament" in r.text
        assert c.get("/turniej/zdarzenia").status_code == 404


def test_results_and_standings_follow_the_log(site: TestClient, tournament: str) -> None:
    a, b = first_table(tournament)
    before = site.get("/turniej/klasyfikacja").text
    seq = int(re.search(r'data-seq="(\d+)"', before).group(1))  # type: ignore[union-attr]
    record(tournament, a, b)
    # a result shows on the pairings as it arrives
    assert "400:350" in site.get("/turniej/kojarzenia").text
    with Referee.open(tournament, stamp) as ref:
        state = ref.state()
        second = state.rounds[1].pairings[1]
        c, d = state.players[second.first].name, state.players[second.second or 0].name
    record(tournament, c, d, "300", "500")
    after = site.get("/turniej/klasyfikacja").text
    assert int(re.search(r'data-seq="(\d+)"', after).group(1)) == seq + 2  # type: ignore[union-attr]
    # RR §4: big points, then small points: the 500 winner first, then the 400 one
    rows = re.findall(r"<tr><td class=\"num\">(\d)</td>.*?</tr>", after)
    assert rows == ["1", "2", "3", "4"]
    lines = re.findall(r"<tr><td class=\"num\">\d</td>.*?</tr>", after)
    assert ">500<" in lines[0] and "+200" in lines[0]
    assert ">400<" in lines[1] and "+50" in lines[1]
    card = site.get(f"/turniej/gracz/{state_seed(tournament, d)}").text
    assert "500:300" in card


def state_seed(path: str, name: str) -> int:
    from plansza.tournament.model import seeds

    with Referee.open(path, stamp) as ref:
        state = ref.state()
    return next(s for pid, s in seeds(state).items() if state.players[pid].name == name)


def test_the_projector_cycles_pairings_and_standings(site: TestClient) -> None:
    # issue 29: by table, then by name, then the standings, and round again
    pairings = site.get("/turniej/kojarzenia?projektor=1").text
    assert 'data-next="/turniej/kojarzenia?alfabetycznie=1&amp;projektor=1"' in pairings
    assert 'data-seconds="15"' in pairings
    by_name = site.get("/turniej/kojarzenia?alfabetycznie=1&projektor=1").text
    assert 'data-next="/turniej/klasyfikacja?projektor=1"' in by_name
    standings = site.get("/turniej/klasyfikacja?projektor=1").text
    assert 'data-next="/turniej/kojarzenia?projektor=1"' in standings
    assert "data-next" not in site.get("/turniej/kojarzenia").text


def test_the_projector_gives_its_script_the_whole_list_to_cut_into_pages(
    site: TestClient,
) -> None:
    """Issue 41: each projector list comes whole in a .pj-source (static/pager.js cuts
    it into pages that fit the screen), its title, "page k of n" and the clock on top;
    the list by name leaves the opponent out (the list by table has them)."""
    for url in (
        "/turniej/kojarzenia?projektor=1",
        "/turniej/kojarzenia?alfabetycznie=1&projektor=1",
        "/turniej/klasyfikacja?projektor=1",
    ):
        html = site.get(url + "&lang=pl").text
        assert 'class="pj-list"' in html and 'class="pj-source"' in html, url
        assert 'data-text="strona {k} z {n}"' in html, url
        assert "/static/pager.js" in html and "style=" not in html, url
        assert html.count("<tr>") >= len(NAMES) // 2, url
    by_table = site.get("/turniej/kojarzenia?projektor=1&lang=pl").text
    assert "Runda 1: kojarzenia według stołów" in by_table
    by_name = site.get("/turniej/kojarzenia?alfabetycznie=1&projektor=1&lang=pl").text
    assert "Runda 1: kojarzenia według nazwisk" in by_name
    assert "Przeciwnik" not in by_name
    assert "Przeciwnik" in site.get("/turniej/kojarzenia?alfabetycznie=1&lang=pl").text
    plain = site.get("/turniej/kojarzenia").text
    assert "pj-source" not in plain and "/static/pager.js" not in plain


def test_the_event_stream_tells_of_a_result(words: Lexicon, tournament: str) -> None:
    a, b = first_table(tournament)
    with open_app(words, tournament, tournament_poll=0.05) as c:
        c.app.state.tournament.lifetime = 1.5  # type: ignore[attr-defined]
        start = c.app.state.tournament.seq  # type: ignore[attr-defined]
        writer = threading.Timer(0.3, record, (tournament, a, b))
        writer.start()
        began = time.monotonic()
        r = c.get("/turniej/zdarzenia")
        writer.join()
    assert r.headers["content-type"].startswith("text/event-stream")
    seqs = [int(x) for x in re.findall(r"^data: (\d+)$", r.text, re.M)]
    assert seqs == [start, start + 1], r.text
    assert time.monotonic() - began < 5


def test_the_event_stream_is_quiet_without_a_change(words: Lexicon, tournament: str) -> None:
    with open_app(words, tournament, tournament_poll=0.05) as c:
        c.app.state.tournament.lifetime = 0.4  # type: ignore[attr-defined]
        r = c.get("/turniej/zdarzenia")
    assert len(re.findall(r"^data: ", r.text, re.M)) == 1
