"""The tournament's estimated effect on the ranking (``/ranking/turniej``), in-process:
served with both ``--ranking`` and ``--tournament``, escaped, ordered, linked."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import quote

import pytest
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.ranking import Game, write_games_csv
from plansza.services.tournament import Referee
from plansza.tournament.model import Settings

EVIL = "<script>alert(1)</script>"
# "Ćwik" comes before "Dora" in Polish order, after it in code-point order
NAMES = ("Hela Żółw", "Dora Ćma", "Ćwik Jan", EVIL)


def stamp() -> str:
    return "2026-05-02T10:00:00"


def history_games() -> list[Game]:
    """Hela 20–12 against Dora a month ago: Hela 113, Dora 88, both listed (RR §2.1)."""
    day = date.today() - timedelta(days=30)
    games = [Game(day, "Puchar Łodzi", "Hela Żółw", "Dora Ćma", 400, 300) for _ in range(20)]
    return games + [Game(day, "Puchar Łodzi", "Hela Żółw", "Dora Ćma", 300, 400)] * 12


@pytest.fixture
def history(tmp_path: Path) -> str:
    path = tmp_path / "history.csv"
    out = io.StringIO()
    write_games_csv(history_games(), out)
    path.write_text(out.getvalue(), encoding="utf-8")
    return str(path)


@pytest.fixture
def tournament(tmp_path: Path) -> str:
    """Four players, round 1 paired and every result in: the first of each pair wins."""
    path = str(tmp_path / "t.turniej.sqlite")
    Referee.create(path, Settings("Puchar <b>Mazur</b>", 3, "halving"), stamp)
    with Referee.open(path, stamp) as ref:
        for name in NAMES:
            ref.add_player({"name": name})
        ref.pair()
        state = ref.state()
        for p in state.rounds[1].pairings:
            first, second = state.players[p.first].name, state.players[p.second or 0].name
            ref.result(1, first, "400", second, "300")
    return path


def open_app(words: Lexicon, ranking: str | None, tournament: str | None) -> TestClient:
    from plansza.server.app import create_app

    app = create_app(db="sqlite://", words=words, secret="s", ranking=ranking,
                     tournament=tournament)  # fmt: skip
    return TestClient(app)


@pytest.fixture
def site(words: Lexicon, history: str, tournament: str) -> Iterator[TestClient]:
    with open_app(words, history, tournament) as c:
        yield c


def names(html: str) -> list[str]:
    return re.findall(r'<tr class="entry"><td>(?:<a href="[^"]*">)?([^<]*)', html)


def test_the_page_shows_each_players_estimate(site: TestClient) -> None:
    r = site.get("/ranking/turniej")
    assert r.status_code == 200
    assert "szacunek" in r.text.casefold()  # it says it is an estimate
    assert sorted(names(r.text)) == sorted(n.replace("<", "&lt;").replace(">", "&gt;")
                                           for n in NAMES)  # fmt: skip
    # names escaped, never markup; the tournament's name too
    assert EVIL not in r.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text
    assert "<b>Mazur</b>" not in r.text
    # the players of the history link to their ranking page; debutants have none
    assert f'href="/ranking/gracz/{quote("Hela Żółw")}"' in r.text
    assert "/ranking/gracz/%C4%86wik" not in r.text
    # RR §2.2: Dora (listed at 88) plays with the temporary 100, Hela with 113
    dora = re.search(r"Dora Ćma</a></td><td class=\"num\">(\d+)</td>", r.text)
    hela = re.search(r"Hela Żółw</a></td><td class=\"num\">(\d+)</td>", r.text)
    assert dora and dora.group(1) == "100" and hela and hela.group(1) == "113"


def test_order_by_change_then_by_name(site: TestClient) -> None:
    default = names(site.get("/ranking/turniej").text)
    # debutants (no change to show) come after the players who had a ranking
    assert {default[0], default[1]} == {"Hela Żółw", "Dora Ćma"}
    by_name = names(site.get("/ranking/turniej", params={"kolejnosc": "nazwisko"}).text)
    # Polish alphabetical order: Ć between C and D
    assert by_name.index("Ćwik Jan") < by_name.index("Dora Ćma") < by_name.index("Hela Żółw")
    assert names(site.get("/ranking/turniej?sort=name").text) == by_name


def test_in_english(site: TestClient) -> None:
    r = site.get("/ranking/turniej?lang=en")
    assert "This is an estimate" in r.text and "Tournament result" in r.text


def test_linked_from_the_list_and_the_tournament(site: TestClient) -> None:
    assert 'href="/ranking/turniej"' in site.get("/ranking").text
    assert 'href="/ranking/turniej"' in site.get("/turniej").text


def test_not_linked_or_served_without_both(words: Lexicon, history: str, tournament: str) -> None:
    with open_app(words, history, None) as c:
        assert 'href="/ranking/turniej"' not in c.get("/ranking").text
        assert c.get("/ranking/turniej").status_code == 404
    with open_app(words, None, tournament) as c:
        assert 'href="/ranking/turniej"' not in c.get("/turniej").text
        assert c.get("/ranking/turniej").status_code == 404


def test_no_result_yet_and_no_file_yet(words: Lexicon, history: str, tmp_path: Path) -> None:
    path = str(tmp_path / "empty.sqlite")
    with open_app(words, history, path) as c:
        assert c.get("/ranking/turniej").status_code == 404  # the file is not created yet
        Referee.create(path, Settings("Puchar", 3, "halving"), stamp)
        r = c.get("/ranking/turniej")
        assert r.status_code == 200 and "nic do oszacowania" in r.text
        assert names(r.text) == []


def test_a_counted_tournament_is_refused(words: Lexicon, tmp_path: Path, tournament: str) -> None:
    from plansza.services.ranking import add_tournament, read_tournament

    path = str(tmp_path / "h2.csv")
    add_tournament(path, read_tournament(tournament, date.today()), tournament)
    with open_app(words, path, tournament) as c:
        r = c.get("/ranking/turniej")
        # counted twice it would be wrong: the list itself shows its effect now
        assert r.status_code == 409 and "Puchar &lt;b&gt;Mazur&lt;/b&gt;" in r.text


def test_the_page_follows_new_results(words: Lexicon, history: str, tmp_path: Path) -> None:
    path = str(tmp_path / "t2.sqlite")
    Referee.create(path, Settings("Puchar", 3, "halving"), stamp)
    with Referee.open(path, stamp) as ref:
        for name in NAMES[:2]:
            ref.add_player({"name": name})
        ref.pair()
    with open_app(words, history, path) as c:
        assert names(c.get("/ranking/turniej").text) == []
        with Referee.open(path, stamp) as ref:
            ref.result(1, "Dora Ćma", "400", "Hela Żółw", "300")
        c.app.state.tournament.seq = c.app.state.tournament._last_seq()  # as the watch does
        html = c.get("/ranking/turniej").text
        # RR §1: Dora's win over Hela (113) is a scalp of 163: (2800 + 163) / 33 → 90, +2
        assert names(html) == ["Dora Ćma", "Hela Żółw"]
        assert ">+2<" in html and ">-2<" in html
