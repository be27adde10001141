"""Results from the tables: the codes, the players' phones, the referee's queue, the
slips (in-process), and 60 tables at once against a real server."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.services import tables
from plansza.services.tournament import Referee
from plansza.tournament.model import Settings, seeds
from plansza.tournament.storage import TournamentFile

from .test_station import log_in

EVIL = "<script>alert(1)</script>"
NAMES = ("Łoś Ola", "Lis Adam", "Sowa Ewa", EVIL, "Żak Jan", "Nowak Piotr")


def stamp() -> str:
    return "2026-05-02T10:00:00"


def make(path: str, names: tuple[str, ...] = NAMES, settings: Settings | None = None) -> str:
    Referee.create(path, settings or Settings("Puchar", 3, "halving"), stamp)
    with Referee.open(path, stamp) as ref:
        for name in names:
            ref.add_player({"name": name})
        ref.pair()
    return path


@pytest.fixture
def tournament(tmp_path: Path) -> str:
    """Six players (one named like a script), round 1 paired, no result yet."""
    return make(str(tmp_path / "t.turniej.sqlite"))


def open_app(words: Lexicon, path: str) -> TestClient:
    from plansza.server.app import create_app

    return TestClient(create_app(db="sqlite://", words=words, secret="s", tournament=path))


@pytest.fixture
def site(words: Lexicon, tournament: str) -> Iterator[TestClient]:
    with open_app(words, tournament) as c:
        yield c


class Codes(str):
    """A table's codes: the first player's as the string (its page), each side's by
    :meth:`of` (the halves of the slip)."""

    sides: tuple[str, str]

    def __new__(cls, sides: tuple[str, str]) -> Codes:
        made = super().__new__(cls, sides[0])
        made.sides = sides
        return made

    def of(self, side: int) -> str:
        return self.sides[side]


def code_of(client: TestClient, round_no: int, table: int, side: int | None = None) -> Codes:
    """The codes of ``table`` in ``round_no`` (or, with ``side``, that side's only)."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    path = client.app.state.tournament.path  # type: ignore[attr-defined]
    secret = store.tables.secret(str(Path(path).resolve()))
    codes = Codes((
        tables.player_code(secret, round_no, table, 0),
        tables.player_code(secret, round_no, table, 1),
    ))  # fmt: skip
    return codes if side is None else Codes((codes.of(side), codes.of(side)))


_PHONES: dict[tuple[int, int], TestClient] = {}


def phone(client: TestClient, side: int) -> TestClient:
    """The phone of the player on ``side`` (a browser of its own: its own session)."""
    key = (id(client.app), side)
    if key not in _PHONES or _PHONES[key].app is not client.app:
        _PHONES[key] = TestClient(client.app)
    return _PHONES[key]


def csrf_of(client: TestClient, url: str = "/konto/logowanie") -> str:
    """The session's form token (from ``url``'s form, else the log-in page's: in a
    hall the station answers only its own device)."""
    m = re.search(r'name="csrf" value="([^"]+)"', client.get(url).text) or re.search(
        r'name="csrf" value="([^"]+)"', client.get("/konto/logowanie").text
    )
    assert m
    return m.group(1)


def enter(client: TestClient, code: Codes, side: int, sa: int, sb: int, **more: str) -> str:
    """The player on ``side`` enters the scores on their phone, with their code."""
    url = f"/s/{code.of(side)}"
    who = phone(client, side)
    data = {"csrf": csrf_of(who, url), "action": "enter"}
    data.update(sa=str(sa), sb=str(sb), **more)
    r = who.post(url, data=data)
    assert r.status_code == 200, r.text
    return r.text


def confirm(client: TestClient, code: Codes, side: int) -> str:
    """The player on ``side`` confirms the other's entry on their phone."""
    url = f"/s/{code.of(side)}"
    who = phone(client, side)
    r = who.post(url, data={"csrf": csrf_of(who, url), "action": "confirm"})
    assert r.status_code == 200, r.text
    return r.text


def events(path: str) -> list[tuple[str, dict[str, object], str | None]]:
    f = TournamentFile.open(path)
    try:
        return [(e.kind, e.data, e.by) for e in f.events()]
    finally:
        f.close()


def results(path: str) -> list[tuple[dict[str, object], str | None]]:
    return [(d, by) for kind, d, by in events(path) if kind == "result"]


def table_one(path: str) -> tuple[str, str]:
    """Table 1's players, by their seeding numbers."""
    f = TournamentFile.open(path)
    try:
        state = f.state()
    finally:
        f.close()
    p = state.rounds[1].pairings[0]
    assert p.second is not None
    sd = seeds(state)
    return str(sd[p.first]), str(sd[p.second])


# ---- the codes --------------------------------------------------------------------


@given(
    st.text(min_size=1, max_size=20), st.integers(1, 30), st.integers(1, 100), st.integers(0, 1)
)
def test_a_code_is_six_letters_without_look_alikes(
    secret: str, n: int, table: int, side: int
) -> None:
    code = tables.player_code(secret, n, table, side)
    assert len(code) == 6 and not set(code) & set("0O1IL")
    assert tables.normalize(code.lower()) == code  # typed in small letters, it works


def test_every_player_of_every_table_has_their_own_code() -> None:
    codes = {
        tables.player_code("sekret", n, t, side)
        for n in range(1, 16)
        for t in range(1, 101)
        for side in (0, 1)
    }
    assert len(codes) == 3000


def test_a_code_opens_only_its_table_in_its_round(site: TestClient, tournament: str) -> None:
    r = site.get(f"/s/{code_of(site, 1, 1)}")
    assert r.status_code == 200 and "Tabela" not in r.text
    assert "Stół 1" in r.text and "Runda 1" in r.text
    assert site.get(f"/s/{code_of(site, 1, 2)}").text.count("Stół 2") >= 1
    # round 2's code of the same table is not paired yet: an unknown code
    r = site.get(f"/s/{code_of(site, 2, 1)}")
    assert r.status_code == 404 and "Żaden stół nie ma kodu" in r.text


def test_the_code_page_is_reached_from_the_typed_code(site: TestClient) -> None:
    assert 'name="kod"' in site.get("/stolik").text
    code = code_of(site, 1, 1)
    r = site.get(f"/stolik?kod={code.lower()[:3]} {code.lower()[3:]}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/s/{code}"


def test_the_phones_keep_a_page_for_a_server_away(site: TestClient) -> None:
    """The phone pages register the worker; it and the page it keeps are served in the
    hall (not word tools), the worker never from a cache."""
    for path in ("/stolik", f"/s/{code_of(site, 1, 1)}"):
        assert '<script src="/static/register_offline.js"' in site.get(path).text
    worker = site.get("/sw.js")
    assert worker.status_code == 200
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["cache-control"] == "no-cache"
    assert "/bez-sieci" in worker.text
    kept = site.get("/bez-sieci")
    assert kept.status_code == 200 and "Serwer nie odpowiada" in kept.text
    assert site.head("/bez-sieci").status_code == 200  # the page looks with HEAD
    assert site.get("/bez-sieci?lang=en").text.count("The server does not answer") >= 1


def test_wrong_codes_from_one_address_must_wait(site: TestClient) -> None:
    for _ in range(10):
        assert site.get("/s/AAAAAA").status_code == 404
    r = site.get(f"/s/{code_of(site, 1, 1)}")  # even the right code, now
    assert r.status_code == 429 and "Za dużo błędnych kodów" in r.text


# ---- entering and confirming -----------------------------------------------------


def test_two_equal_entries_are_recorded_once_by_the_table(
    site: TestClient, tournament: str
) -> None:
    # TR 5.2: the result both players agree on is the result
    code = code_of(site, 1, 1)
    page = enter(site, code, 0, 400, 350)
    assert "potwierdza" in page and results(tournament) == []
    page = enter(site, code, 0, 410, 350)  # re-entered before confirmation: replaced
    assert page.count('class="entered"') == 1 and "410 : 350" in page
    page = confirm(site, code, 1)
    assert "Wynik jest zapisany" in page and "410 : 350" in page
    [(data, by)] = results(tournament)
    assert (data["sa"], data["sb"], by) == (410, 350, "table:1")
    # the table is done: no second entry, the page shows the result
    r = site.post(
        f"/s/{code}",
        data={"csrf": csrf_of(site, f"/s/{code}"), "action": "enter", "sa": "1", "sb": "2"},
    )
    assert "410 : 350" in r.text and "sędzia" in r.text
    assert len(results(tournament)) == 1


def test_the_same_scores_entered_by_both_are_recorded(site: TestClient, tournament: str) -> None:
    code = code_of(site, 1, 2)
    enter(site, code, 1, 300, 333)
    page = enter(site, code, 0, 300, 333)
    assert "Wynik jest zapisany" in page
    [(data, by)] = results(tournament)
    assert (data["sa"], data["sb"], by) == (300, 333, "table:2")


def test_a_lone_entry_cannot_be_confirmed_by_its_own_player(
    site: TestClient, tournament: str
) -> None:
    code = code_of(site, 1, 1)
    url = f"/s/{code}"
    r = site.post(url, data={"csrf": csrf_of(site, url), "action": "confirm"})
    assert r.status_code == 409 and "Nie ma jeszcze" in r.text
    assert results(tournament) == []
    enter(site, code, 0, 400, 350)
    page = phone(site, 0).get(url).text  # one's own code offers no confirmation
    assert 'class="confirm"' not in page and "400 : 350" in page
    assert 'class="confirm"' in phone(site, 1).get(f"/s/{code.of(1)}").text


# TR 5.2: both players sign — the phone that entered a result never confirms it, even
# holding the other player's code (seen on the other half of the slip)
def test_a_phone_never_confirms_its_own_entry(site: TestClient, tournament: str) -> None:
    code = code_of(site, 1, 1)
    cheat = phone(site, 0)
    url = f"/s/{code.of(0)}"
    cheat.post(url, data={"csrf": csrf_of(cheat, url), "action": "enter", "sa": "350", "sb": "350"})
    other = f"/s/{code.of(1)}"
    r = cheat.post(other, data={"csrf": csrf_of(cheat, other), "action": "confirm"})
    assert r.status_code == 409 and "tym telefonem" in r.text
    assert results(tournament) == []
    # the other player's own phone does confirm it
    assert "Wynik jest zapisany" in confirm(site, code, 1)
    [(data, _by)] = results(tournament)
    assert (data["sa"], data["sb"]) == (350, 350)


def test_different_entries_go_to_the_referee_not_the_standings(
    site: TestClient, tournament: str
) -> None:
    code = code_of(site, 1, 1)
    enter(site, code, 0, 400, 350)
    page = enter(site, code, 1, 350, 400)
    assert "rozstrzyga sędzia" in page
    assert results(tournament) == []
    standings = site.get("/turniej/klasyfikacja").text
    assert "400" not in standings
    # the queue, for a referee only
    assert site.get("/sedzia/wyniki").status_code == 403
    log_in(site)
    queue = site.get("/sedzia/wyniki").text
    assert "Wpisy się różnią" in queue and queue.count('name="choice"') == 2
    assert EVIL not in queue


def test_the_referee_records_one_entry_with_the_seq_seen(site: TestClient, tournament: str) -> None:
    code = code_of(site, 1, 1)
    enter(site, code, 0, 400, 350)
    enter(site, code, 1, 350, 400)
    log_in(site)
    queue = site.get("/sedzia/wyniki").text
    seq = re.search(r'name="seq" value="(\d+)"', queue)
    assert seq
    r = site.post(
        "/sedzia/wyniki",
        data={
            "csrf": csrf_of(site, "/sedzia/wyniki"),
            "seq": seq.group(1),
            "round": "1",
            "table": "1",
            "choice": "1",
        },
    )
    assert r.status_code == 200 and "wynik jest zapisany" in r.text
    [(data, by)] = results(tournament)
    assert (data["sa"], data["sb"], by) == (350, 400, "sedzia")
    assert 'name="choice"' not in r.text  # the table's entries are cleared


def test_the_referee_may_type_the_scores(site: TestClient, tournament: str) -> None:
    code = code_of(site, 1, 3)
    enter(site, code, 0, 400, 350)
    log_in(site)
    seq = re.search(r'name="seq" value="(\d+)"', site.get("/sedzia/wyniki").text)
    assert seq
    site.post(
        "/sedzia/wyniki",
        data={
            "csrf": csrf_of(site, "/sedzia/wyniki"),
            "seq": seq.group(1),
            "round": "1",
            "table": "3",
            "sa": "222",
            "sb": "111",
        },
    )
    [(data, by)] = results(tournament)
    assert (data["sa"], data["sb"], by) == (222, 111, "sedzia")


def test_a_table_recorded_since_the_page_was_seen_is_a_conflict(
    site: TestClient, tournament: str
) -> None:
    # two referees at once: the second is told, nothing is overwritten
    code = code_of(site, 1, 1)
    enter(site, code, 0, 400, 350)
    enter(site, code, 1, 350, 400)
    log_in(site)
    seq = re.search(r'name="seq" value="(\d+)"', site.get("/sedzia/wyniki").text)
    assert seq
    first, second = table_one(tournament)
    with Referee.open(tournament, stamp) as ref:  # the other referee, at the same time
        ref.by = "drugi"
        ref.result(1, first, "400", second, "350")
    r = site.post(
        "/sedzia/wyniki",
        data={
            "csrf": csrf_of(site, "/sedzia/wyniki"),
            "seq": seq.group(1),
            "round": "1",
            "table": "1",
            "choice": "1",
        },
    )
    assert r.status_code == 409
    assert [by for _, by in results(tournament)] == ["drugi"]


def test_bad_scores_are_refused_with_the_reason(site: TestClient, tournament: str) -> None:
    code = code_of(site, 1, 1)
    url = f"/s/{code}"
    r = site.post(
        url,
        data={"csrf": csrf_of(site, url), "action": "enter", "sa": "dużo", "sb": "350"},
    )
    assert r.status_code == 400 and "Niepoprawny wynik" in r.text
    assert site.app.state.hub.store.tables.entries(str(Path(tournament).resolve())) == []  # type: ignore[attr-defined]


def test_a_form_without_its_token_is_refused(site: TestClient, tournament: str) -> None:
    code = code_of(site, 1, 1)
    r = site.post(f"/s/{code}", data={"action": "enter", "sa": "1", "sb": "2"})
    assert r.status_code == 403 and results(tournament) == []


def test_a_closed_round_refuses_its_codes(site: TestClient, tournament: str) -> None:
    code = code_of(site, 1, 1)
    with Referee.open(tournament, stamp) as ref:
        state = ref.state()
        sd = seeds(state)
        for p in state.rounds[1].pairings:
            if p.second is not None:
                ref.result(1, str(sd[p.first]), "300", str(sd[p.second]), "200")
        ref.pair()
    site.app.state.tournament.seq = -1  # type: ignore[attr-defined]
    r = site.get(f"/s/{code}")
    assert r.status_code == 409 and "Runda 1 jest zamknięta" in r.text
    assert site.get(f"/s/{code_of(site, 2, 1)}").status_code == 200


def test_school_tables_enter_both_last_moves(words: Lexicon, tmp_path: Path) -> None:
    # SCH: the higher last move decides a tie, so the table enters both
    path = make(
        str(tmp_path / "s.sqlite"),
        settings=Settings("Szkoła", 3, "halving", tie_rule="higher_last_move"),
    )
    with open_app(words, path) as c:
        code = code_of(c, 1, 1)
        assert 'name="la"' in c.get(f"/s/{code}").text
        enter(c, code, 0, 300, 300, la="20", lb="12")
        enter(c, code, 1, 300, 300, la="20", lb="12")
    [(data, _by)] = results(path)
    assert data["last"] == [20, 12]


def test_names_are_escaped_everywhere(site: TestClient, tournament: str) -> None:
    log_in(site)
    for n in range(1, 4):
        code = code_of(site, 1, n)
        enter(site, code, 0, 400, 350)
        page = site.get(f"/s/{code}").text
        assert "<script>alert" not in page
    for url in ("/sedzia/wyniki", "/sedzia/karty", "/sedzia/karty?runda=1"):
        r = site.get(url)
        assert r.status_code == 200 and "<script>alert" not in r.text, url
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in site.get("/sedzia/karty").text


def test_the_slips_carry_each_tables_code_and_qr(site: TestClient) -> None:
    assert site.get("/sedzia/karty").status_code == 403
    log_in(site)
    page = site.get("/sedzia/karty?runda=1").text
    assert page.count('class="slip paper"') == 3 and page.count("<svg") == 6  # a QR a player
    for n in (1, 2, 3):
        assert code_of(site, 1, n).of(0) in page and code_of(site, 1, n).of(1) in page
    # printed four to an A4 sheet: the page is the slips' (its rules in the site's sheet)
    assert 'class="pg pg-slips"' in page
    css = site.get("/static/site.css").text
    assert "@page slips { size: A4" in css and "grid-template-columns: 105mm 105mm" in css
    assert site.get("/sedzia/karty?runda=9").status_code == 404


def test_a_change_to_the_same_player_since_the_page_is_a_conflict(
    site: TestClient, tournament: str
) -> None:
    # two referees at once: a penalty recorded meanwhile for a player of the table —
    # the queue's choice is refused with a message naming who, nothing is lost
    code = code_of(site, 1, 1)
    enter(site, code, 0, 400, 350)
    enter(site, code, 1, 350, 400)
    log_in(site)
    seq = re.search(r'name="seq" value="(\d+)"', site.get("/sedzia/wyniki").text)
    assert seq
    first, _second = table_one(tournament)
    with Referee.open(tournament, stamp) as ref:
        ref.by = "drugi"
        ref.penalty(1, first, 10)
    data = {"csrf": csrf_of(site), "seq": seq.group(1), "round": "1", "table": "1", "choice": "0"}
    r = site.post("/sedzia/wyniki", data=data)
    assert r.status_code == 409 and "drugi" in r.text
    assert results(tournament) == []
    assert r.text.count('name="choice"') == 2  # the entries wait still
    # seen again (the newer seq), the referee's choice goes through
    seq = re.search(r'name="seq" value="(\d+)"', r.text)
    assert seq
    r = site.post("/sedzia/wyniki", data={**data, "seq": seq.group(1)})
    assert r.status_code == 200 and [by for _, by in results(tournament)] == ["sedzia"]


def test_results_from_the_phones_replay_the_log_once(site: TestClient, tournament: str) -> None:
    """The tables' pages work on the kept state of the file the results are written
    through: every result moves it on, none replays the log (a change that replays
    per request made a hall of phones 100× slower), and the phone's script gets the
    page's part alone."""
    for table in (1, 2, 3):
        code = code_of(site, 1, table)
        enter(site, code, 0, 400 + table, 300)
        url = f"/s/{code.of(1)}"
        who = phone(site, 1)
        part = who.post(
            url,
            data={"csrf": csrf_of(who, url), "action": "confirm"},
            headers={"X-Plansza-Part": "1"},
        )
        assert part.status_code == 200
        assert "<html" not in part.text and 'class="tablepage"' in part.text
        assert '<p class="result">' in part.text
    writer = site.app.state.table_writer  # type: ignore[attr-defined]
    assert writer.replays == 1  # the first page; every result after moved the state on
    assert writer.writes == 3  # one transaction a result (each sent alone here)
    assert [d["sa"] for d, _by in results(tournament)] == [401, 402, 403]
