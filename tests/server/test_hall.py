"""Hall mode: during a tournament round or a Belgijka move, a player's phone finds
every word tool closed (003 I.9; TR 4.7: the dictionary only after a challenge, at the
word-check station), the referees keep them, the station answers only its own device,
and ``--word-tools`` reopens them for a club night."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.server.app import create_app
from plansza.services.belgijka import Hall

from .test_station import log_in
from .test_tables import code_of as table_code
from .test_tables import make

#: Every word tool, as a player would try it: (method, path).
TOOLS = [
    ("GET", "/slowa?rack=KOTAE%C5%81%3F"),  # the anagrams of the move's rack (003 I.9)
    ("GET", "/slowa?words=KOTA"),
    ("GET", "/words?rack=KOTAE"),
    ("GET", "/analiza"),
    ("POST", "/analiza"),
    ("GET", "/analysis"),
    ("GET", "/analiza/0123456789abcdef01234567"),
    ("GET", "/g/anything/analysis"),
    ("POST", "/games"),
    ("POST", "/seeks/anything"),
]
LINKS = ('href="/slowa"', 'href="/analiza"', 'action="/games"')


@pytest.fixture(scope="module")
def big() -> Lexicon:
    return Lexicon.default(progress=False)


@pytest.fixture
def belgijka(tmp_path: Path, big: Lexicon) -> Iterator[tuple[TestClient, Hall]]:
    """A Belgijka hall, move 1 drawn and its two minutes running."""
    app = create_app(db="sqlite://", words=big, secret="s", belgijka=str(tmp_path / "b.json"))
    hall: Hall = app.state.belgijka
    hall.create("Mistrzostwa", seed="hall")
    for name in ("Anna", "Bartek"):
        hall.register(name)
    hall.start_game()
    hall.draw()
    hall.start_clock(120)
    with TestClient(app) as c:
        yield c, hall


@pytest.fixture
def tournament(tmp_path: Path, words: Lexicon) -> Iterator[TestClient]:
    """A tournament hall, round 1 paired and under way."""
    path = make(str(tmp_path / "t.turniej.sqlite"))
    with TestClient(create_app(db="sqlite://", words=words, secret="s", tournament=path)) as c:
        yield c


def tried(phone: TestClient) -> list[tuple[str, int]]:
    """Every word tool tried from ``phone``: (what, the status it got)."""
    return [(f"{method} {path}", phone.request(method, path).status_code) for method, path in TOOLS]


def test_a_belgijka_players_phone_finds_every_word_tool_closed(
    belgijka: tuple[TestClient, Hall],
) -> None:
    client, hall = belgijka
    phone = TestClient(client.app)
    code = next(c for _n, _name, c in hall.codes())
    own = phone.get(f"/belgijka/g/{code}")  # the player's own page, during the move
    assert own.status_code == 200
    assert all(link not in own.text for link in LINKS)
    assert all(status == 403 for _, status in tried(phone)), tried(phone)
    words = phone.get("/slowa?rack=KOTAE%C5%81%3F")
    assert "KOTAEŁ" not in words.text and "stanowisku" in words.text  # why, in Polish
    lobby = phone.get("/")
    assert 'action="/games"' not in lobby.text and "/belgijka/gracz" in lobby.text
    assert phone.get("/sprawdzanie").status_code == 403  # not the station's device


def test_a_tournament_players_phone_finds_every_word_tool_closed(
    tournament: TestClient,
) -> None:
    phone = TestClient(tournament.app)
    page = phone.get(f"/s/{table_code(tournament, 1, 1)}")  # the table's result page
    assert page.status_code == 200
    assert all(link not in page.text for link in LINKS)
    assert all(status == 403 for _, status in tried(phone)), tried(phone)
    assert phone.get("/sprawdzanie").status_code == 403
    r = phone.post("/sprawdzanie", data={"csrf": "x", "table": "1", "words": "KOTA"})
    assert r.status_code == 403 and "DOPUSZCZALNE" not in r.text


def test_the_referee_keeps_the_tools_and_makes_the_station(tournament: TestClient) -> None:
    referee = tournament
    log_in(referee)
    assert all(status != 403 for what, status in tried(referee) if what.startswith("GET"))
    assert referee.get("/slowa?rack=KOTAE").status_code == 200
    station = referee.get("/sprawdzanie")
    assert station.status_code == 200 and "/sprawdzanie/stanowisko" in station.text
    csrf = re.search(r'name="csrf" value="([^"]+)"', station.text)
    assert csrf
    r = referee.post(
        "/sprawdzanie/stanowisko", data={"csrf": csrf.group(1)}, follow_redirects=False
    )
    assert r.status_code == 303 and "stanowisko=" in r.headers["set-cookie"]
    # the referee logs out: the device stays the station, and only the station
    device = TestClient(referee.app)
    device.cookies.set("stanowisko", r.cookies["stanowisko"])
    page = device.get("/sprawdzanie")
    assert page.status_code == 200 and "/sprawdzanie/stanowisko" not in page.text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf
    form = {"csrf": csrf.group(1), "table": "3", "words": "KOTA"}
    verdict = device.post("/sprawdzanie", data=form)
    assert verdict.status_code == 200 and "DOPUSZCZALNE" in verdict.text
    assert device.get("/slowa?rack=KOTAE").status_code == 403  # the station checks, no more
    # a player cannot make their phone the station
    phone = TestClient(referee.app)
    token = re.search(r'name="csrf" value="([^"]+)"', phone.get("/konto/logowanie").text)
    assert token
    made = phone.post("/sprawdzanie/stanowisko", data={"csrf": token.group(1)})
    assert made.status_code == 403
    phone.cookies.set("stanowisko", "guessed")
    assert phone.get("/sprawdzanie").status_code == 403


def test_a_club_night_keeps_the_tools_open(tmp_path: Path, words: Lexicon) -> None:
    path = make(str(tmp_path / "t.turniej.sqlite"))
    app = create_app(db="sqlite://", words=words, secret="s", tournament=path, word_tools=True)
    with TestClient(app) as phone:
        assert phone.get("/slowa?rack=KOTAE").status_code == 200
        assert phone.get("/sprawdzanie").status_code == 200
        assert 'href="/slowa"' in phone.get("/").text


def test_a_server_without_a_hall_is_open(client: TestClient) -> None:
    assert client.get("/slowa?rack=KOTAE").status_code == 200
    assert client.get("/sprawdzanie").status_code == 200
