"""The federation's server (issue 46): a tournament sent from a hall, signed; the
ranking administrator's desk; the published list and the public pages; the calendar.

Each way in is tried by who should not pass: a stranger's signature, the same file
twice, a player at the desk, a logged-out reader posting, one account taking back
another's sign-up."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from plansza.errors import PlanszaError
from plansza.services.federation import Federation
from plansza.services.federation_server import FederationServer, export_log, sign
from plansza.tournament.events import Event
from plansza.tournament.storage import TournamentFile

from .conftest import Clock
from .test_accounts import csrf, sign_up

KLUB = Path(__file__).parents[1] / "tournament" / "data" / "logs" / "klub.turniej.sqlite"
REFEREE = "Ewa Nowak"


def klub_log(referee: str = REFEREE, closed: bool = True) -> list[Event]:
    """The kept club tournament (closed; a walkover, a player with 12 games), ranked,
    run by ``referee``."""
    t = TournamentFile.open(str(KLUB))
    try:
        events = t.events()
    finally:
        t.close()
    events[0].data["settings"].update(category="ranked", referee=referee)
    return events if closed else [e for e in events if e.kind != "closed"]


def klub_body(**kw: Any) -> bytes:
    return export_log(klub_log(**kw), "Klubowy Łódź", "2026-05-02")


@pytest.fixture
def fed_path(tmp_path: Path) -> str:
    path = str(tmp_path / "pfs.federacja.sqlite")
    server = FederationServer(path, lambda: "2026-05-01T10:00:00", create=True)
    board = Federation(server.registry, lambda: "2026-05-01T10:00:00")
    board.add_member(REFEREE, born=date(1980, 1, 1), since=date(2010, 1, 1))
    board.grant(REFEREE, 1, date(2025, 6, 1))
    board.add_member("Jan Obcy", born=date(1980, 1, 1), since=date(2010, 1, 1))
    server.name_administrator("ranking")
    server.close()
    return path


@pytest.fixture
def client(fed_path: str, words: Any) -> Iterator[TestClient]:
    from plansza.server.accounts import Accounts
    from plansza.server.app import create_app

    app = create_app(db="sqlite://", words=words, secret="s", federation=fed_path)
    with TestClient(app) as c:
        c.app.state.accounts = Accounts(Clock(), cheap=True)  # type: ignore[attr-defined]
        yield c


def keys(fed_path: str, name: str = REFEREE) -> tuple[str, str]:
    server = FederationServer(fed_path, lambda: "2026-05-04T10:00:00")
    try:
        return server.issue_key(name)
    finally:
        server.close()


def send(client: TestClient, body: bytes, key: tuple[str, str], secret: str | None = None) -> Any:
    headers = {"X-Plansza-Key": key[0], "X-Plansza-Signature": sign(body, secret or key[1])}
    return client.post("/federacja/api/turniej", content=body, headers=headers)


def logged_in(client: TestClient, nick: str) -> TestClient:
    assert sign_up(client, nick).status_code == 303
    return client


def test_a_hall_sends_once_and_the_same_file_again_changes_nothing(
    client: TestClient, fed_path: str
) -> None:
    key = keys(fed_path)
    body = klub_body()
    first = send(client, body, key)
    assert first.status_code == 200, first.text
    assert first.json()["new"] is True
    again = send(client, body, key)
    assert again.json() == {**first.json(), "new": False}
    server = FederationServer(fed_path, lambda: "2026-05-05T10:00:00")
    assert len(server.state().server.submissions["klubowy-lodz-2026-05-02"]) == 1
    server.close()


def test_a_stranger_cannot_send_nor_forge_a_referee(client: TestClient, fed_path: str) -> None:
    key = keys(fed_path)
    body = klub_body()
    assert send(client, body, key, secret="x" * 43).status_code == 403
    assert send(client, body, ("nie-ma", key[1])).status_code == 403
    # a signed body changed on the way is refused too
    headers = {"X-Plansza-Key": key[0], "X-Plansza-Signature": sign(body, key[1])}
    tampered = body.replace("Żak Anna".encode(), b"Zak Anna", 1)
    assert tampered != body
    res = client.post("/federacja/api/turniej", content=tampered, headers=headers)
    assert res.status_code == 403
    # an older key stops working when a new one is issued
    newer = keys(fed_path)
    assert send(client, body, key).status_code == 403
    assert send(client, body, newer).status_code == 200


def test_an_open_tournament_is_refused_until_it_is_closed(
    client: TestClient, fed_path: str
) -> None:
    # TR 4.6.4: the official end comes first
    key = keys(fed_path)
    res = send(client, klub_body(closed=False), key)
    assert res.status_code == 400 and res.json()["code"] == "not_closed"
    res = send(client, b'{"format": "x"}', key)
    assert res.status_code == 400 and res.json()["code"] == "bad_file"


def test_the_desk_is_the_administrators_alone(client: TestClient, fed_path: str) -> None:
    send(client, klub_body(), keys(fed_path))
    res = client.get("/federacja/biuro", follow_redirects=False)
    assert res.status_code == 303 and "/konto/logowanie" in res.headers["location"]
    logged_in(client, "gracz")
    assert client.get("/federacja/biuro").status_code == 403
    token = csrf(client, "/konto")
    res = client.post(
        "/federacja/biuro/klubowy-lodz-2026-05-02",
        data={"csrf": token, "action": "accept", "version": "x"},
    )
    assert res.status_code == 403


def test_the_administrator_corrects_accepts_and_the_list_is_published(
    client: TestClient, fed_path: str
) -> None:
    key = keys(fed_path)
    body = klub_body()
    version = send(client, body, key).json()["version"]
    logged_in(client, "ranking")
    desk = client.get("/federacja/biuro")
    assert "Klubowy Łódź" in desk.text
    tid = "klubowy-lodz-2026-05-02"
    page = client.get(f"/federacja/biuro/{tid}").text
    # TR 7.2: the walkover is shown; RR §2.2: players off the ranking are named
    assert "finding-walkover" in page and "finding-not_listed" in page
    token = csrf(client, f"/federacja/biuro/{tid}")
    fix = {"csrf": token, "action": "ranking", "player": "Ęgiel Ula", "ranking": "100",
           "games": "12", "why": "RR §2.4: 12 gier"}  # fmt: skip
    assert (
        client.post(f"/federacja/biuro/{tid}", data=fix, follow_redirects=False).status_code == 303
    )
    strike = {"csrf": token, "action": "game", "round": "1", "table": "1", "counted": "0",
              "why": "nikt nie grał"}  # fmt: skip
    client.post(f"/federacja/biuro/{tid}", data=strike)
    page = client.get(f"/federacja/biuro/{tid}").text
    assert "RR §2.4: 12 gier" in page and "nikt nie grał" in page
    assert "finding-walkover" not in page
    no_reason = {"csrf": token, "action": "reject", "version": version, "why": ""}
    refused = client.post(f"/federacja/biuro/{tid}", data=no_reason)
    assert refused.status_code == 400 and "brakuje: uzasadnienie" in refused.text
    accept = {"csrf": token, "action": "accept", "version": version, "why": ""}
    assert (
        client.post(f"/federacja/biuro/{tid}", data=accept, follow_redirects=False).status_code
        == 303
    )
    server = FederationServer(fed_path, lambda: "")
    state = server.state()
    server.close()
    assert state.server.decisions[tid].by == "ranking"
    published = state.server.lists[-1]
    assert published.day == date(2026, 5, 4)  # RR §2.5: the day after the last day
    names = [r[1] for r in published.rows]
    assert "Ęgiel Ula" in names
    # the struck walkover is no game of the ranking: Dudek Ugo's games go down by one
    listing = client.get("/federacja/lista.json").json()
    assert listing["date"] == "2026-05-04" and listing["columns"][1] == "name"
    assert client.get("/federacja/lista").status_code == 200
    games = client.get(f"/federacja/turniej/{tid}/plik.json").json()
    assert games["referee"] == REFEREE and len(games["rows"]) == 17
    # the same file once accepted: sent again, nothing changes and nothing is re-asked
    assert send(client, body, key).json()["new"] is False


def test_public_pages_escape_what_a_hall_wrote(client: TestClient, fed_path: str) -> None:
    events = klub_log()
    events[1].data["name"] = "<script>alert(1)</script>"
    body = export_log(events, "Klubowy Łódź", "2026-05-02")
    key = keys(fed_path)
    version = send(client, body, key).json()["version"]
    server = FederationServer(fed_path, lambda: "2026-05-05T10:00:00")
    server.decide("klubowy-lodz-2026-05-02", version, accepted=True, why="", by="ranking")
    server.close()
    for path in ("/federacja/lista", "/federacja/turniej/klubowy-lodz-2026-05-02"):
        text = client.get(path).text
        assert "<script>alert(1)</script>" not in text and "&lt;script&gt;" in text


def test_the_list_search_is_in_polish_order_and_a_player_has_a_page(
    client: TestClient, fed_path: str
) -> None:
    version = send(client, klub_body(), keys(fed_path)).json()["version"]
    server = FederationServer(fed_path, lambda: "2026-05-05T10:00:00")
    server.decide("klubowy-lodz-2026-05-02", version, accepted=True, why="", by="ranking")
    server.close()
    text = client.get("/federacja/lista", params={"q": "a"}).text
    names = re.findall(r'/federacja/gracz/[^"]+">([^<]+)<', text)
    from plansza.tiles import polish_collation_key

    assert names == sorted(names, key=polish_collation_key) and len(names) > 3
    player = client.get("/federacja/gracz/Żak Anna")
    assert player.status_code == 200 and "Klubowy Łódź" in player.text
    assert client.get("/federacja/gracz/Nikt Taki").status_code == 404


def test_signing_up_for_a_coming_tournament(client: TestClient, fed_path: str) -> None:
    soon = date.today() + timedelta(days=20)
    server = FederationServer(fed_path, lambda: "2026-05-05T10:00:00")
    tid = server.announce("Puchar Wiosny", soon, category="ranked", referee=REFEREE, place="Łódź")
    server.close()
    token = csrf(client, "/konto/logowanie")
    res = client.post(f"/federacja/kalendarz/{tid}", data={"csrf": token, "name": "Ala"},
                      follow_redirects=False)  # fmt: skip
    assert res.status_code == 303 and "logowanie" in res.headers["location"]
    logged_in(client, "ala")
    token = csrf(client, "/federacja/kalendarz")
    client.post(f"/federacja/kalendarz/{tid}", data={"csrf": token, "name": "Żak Anna"})
    page = client.get("/federacja/kalendarz").text
    assert "Puchar Wiosny" in page and "Żak Anna" in page
    again = client.post(f"/federacja/kalendarz/{tid}", data={"csrf": token, "name": "żak anna"})
    assert again.status_code == 400
    rows = client.get(f"/federacja/kalendarz/{tid}/zgloszenia.csv").text.splitlines()
    assert rows[0] == "name,ranking,games" and rows[1] == "Żak Anna,,0"  # RR §2.2: a debutant
    # another account cannot take Ala's sign-up back
    client.cookies.clear()
    logged_in(client, "ola")
    token = csrf(client, "/federacja/kalendarz")
    res = client.post(f"/federacja/kalendarz/{tid}",
                      data={"csrf": token, "name": "Żak Anna", "withdraw": "1"})  # fmt: skip
    assert res.status_code == 400
    assert "Żak Anna" in client.get("/federacja/kalendarz").text


def test_a_history_file_starts_a_federation(tmp_path: Path, fed_path: str) -> None:
    history = tmp_path / "history.csv"
    history.write_text(
        "date,tournament,player1,player2,score1,score2\n"
        "2025-05-10,Puchar,Ala,Ola,400,300\n2025-05-10,Puchar,Ala,Ela,350,360\n"
        "2025-09-06,Jesień,Ola,Ela,390,380\n",
        encoding="utf-8",
    )
    server = FederationServer(fed_path, lambda: "2026-05-05T10:00:00")
    assert server.import_history(str(history)) == 2
    assert server.import_history(str(history)) == 0  # again: nothing changes
    state = server.state()
    server.close()
    assert state.server.lists[-1].day == date(2025, 9, 7)
    assert {r[1] for r in state.server.lists[-1].rows} == {"Ala", "Ola", "Ela"}
    assert json.dumps(state.server.lists[-1].rows[0], default=str)


def test_two_processes_share_one_log(database_url: str) -> None:
    # several processes of one deployment (SQLite file or PostgreSQL): what one
    # accepts, the other reads within a reading's freshness
    first = FederationServer(database_url, lambda: "2026-05-04T10:00:00", create=True)
    second = FederationServer(database_url, lambda: "2026-05-04T10:00:01")
    try:
        board = Federation(first.registry, lambda: "2026-05-04T10:00:00")
        board.add_member(REFEREE, born=date(1980, 1, 1), since=date(2010, 1, 1))
        assert second.reading().state.server.lists == []
        key = second.issue_key(REFEREE)  # written by the second, read by the first
        body = klub_body()
        receipt = first.receive(body, key[0], sign(body, key[1]))
        assert second.receive(body, key[0], sign(body, key[1])).new is False
        before = second.reading()
        second.decide(receipt.id, receipt.version, accepted=True, why="", by="ranking")
        first.refresh()
        shown, _before = first.reading().list_on()
        assert shown is not None and shown.day == date(2026, 5, 4)
        assert "Żak Anna" in {r[1] for r in shown.rows}
        # a reading kept by a page being drawn stays as it was while the log moves on
        assert before.state.server.lists == [] and receipt.id not in before.state.server.decisions
        second.refresh()
        assert second.reading().seq > before.seq
        # a refused event leaves both readings whole: the kept state is read again
        with pytest.raises(PlanszaError):
            first.decide(receipt.id, receipt.version, accepted=True, why="", by="ranking")
        assert len(first.state().server.lists) == len(second.state().server.lists) == 1
    finally:
        first.close()
        second.close()


def test_the_report_and_the_files_of_a_tournament(client: TestClient, fed_path: str) -> None:
    version = send(client, klub_body(), keys(fed_path)).json()["version"]
    tid = "klubowy-lodz-2026-05-02"
    assert client.get(f"/federacja/turniej/{tid}").status_code == 404  # not accepted yet
    server = FederationServer(fed_path, lambda: "2026-05-05T10:00:00")
    server.decide(tid, version, accepted=True, why="", by="ranking")
    server.close()
    # written by another process: this one reads the log again within 0.5 s
    client.app.state.federation_server.refresh()  # type: ignore[attr-defined]
    page = client.get(f"/federacja/turniej/{tid}").text
    assert "Klasyfikacja końcowa" in page or "Final standings" in page
    report = client.get(f"/federacja/turniej/{tid}/raport")
    assert report.status_code == 200 and "Klubowy Łódź" in report.text
    rows = client.get(f"/federacja/turniej/{tid}/plik.csv").text.splitlines()
    assert rows[0] == "date,round,table,player1,player2,score1,score2,walkover"
    assert len(rows) == 18
    assert client.get("/federacja/turniej/..%2Fetc").status_code == 404
    assert client.get("/federacja/lista.xml").status_code == 404


def test_a_referee_who_plays_keeps_the_licence_on_the_desk(tmp_path: Path) -> None:
    # RS §5.2: a licence lapses after 3 years with no PFS tournament run *or played*;
    # the desk counts the games of the accepted tournaments
    path = str(tmp_path / "pfs.federacja.sqlite")
    server = FederationServer(path, lambda: "2026-05-04T10:00:00", create=True)
    board = Federation(server.registry, lambda: "2026-05-04T10:00:00")
    board.add_member(REFEREE, born=date(1980, 1, 1), since=date(2010, 1, 1), player="Nowak Ewa")
    board.grant(REFEREE, 1, date(2022, 1, 1))
    key = server.issue_key(REFEREE)
    body = klub_body()
    receipt = server.receive(body, key[0], sign(body, key[1]))
    codes = {f.code for f in server.examine(receipt.id).findings}
    assert "licence" in codes  # lost on 2025-01-02: nothing run or played since 2022
    history = tmp_path / "history.csv"
    history.write_text(
        "date,tournament,player1,player2,score1,score2\n"
        "2024-06-01,Czerwiec,Nowak Ewa,Ala,400,300\n",
        encoding="utf-8",
    )
    server.import_history(str(history))
    server.refresh()
    codes = {f.code for f in server.examine(receipt.id).findings}
    assert "licence" not in codes  # she played on 2024-06-01: in force until 2027
    assert server.licence_of("Nowak Ewa").degree == 1  # her page says so too
    server.close()


def test_editions_of_one_name_link_to_their_own_pages_and_the_list_is_paged(
    tmp_path: Path, fed_path: str, client: TestClient
) -> None:
    # a yearly championship keeps its name: each edition is its own tournament
    rows = ["date,tournament,player1,player2,score1,score2"]
    for year in (2024, 2025):
        rows += [f"{year}-05-10,Mistrzostwa Polski,Ala,Gracz {n:03},400,300" for n in range(130)]
    history = tmp_path / "history.csv"
    history.write_text("\n".join(rows) + "\n", encoding="utf-8")
    server = FederationServer(fed_path, lambda: "2026-05-05T10:00:00")
    assert server.import_history(str(history)) == 2
    server.close()
    page = client.get("/federacja/gracz/Ala").text
    assert 'href="/federacja/turniej/mistrzostwa-polski-2024-05-10"' in page
    assert 'href="/federacja/turniej/mistrzostwa-polski-2025-05-10"' in page
    # 131 players: one page of 200 rows; a search over all of them is paged too
    first = client.get("/federacja/lista").text
    assert first.count('class="entry') == 131 and 'rel="next"' not in first
    from plansza.server import federation_pages

    federation_pages.PAGE_ROWS, kept = 50, federation_pages.PAGE_ROWS
    try:
        second = client.get("/federacja/lista", params={"strona": "2", "q": "gracz"}).text
    finally:
        federation_pages.PAGE_ROWS = kept
    assert second.count('class="entry') == 50 and "Strona 2 z 3" in second
    assert 'rel="prev"' in second and "strona=3&amp;data=" in second and "q=gracz" in second
    assert client.get("/federacja/lista", params={"strona": "x"}).status_code == 200


def test_a_stranger_guessing_keys_is_slowed_down(client: TestClient, fed_path: str) -> None:
    key = keys(fed_path)
    body = klub_body()
    for _ in range(10):
        assert send(client, body, ("abc", "x" * 43)).status_code == 403
    # the eleventh try waits, even with the right key: the address is slowed down
    res = send(client, body, key)
    assert res.status_code == 429 and res.json()["code"] == "too_many"
    assert int(res.headers["retry-after"]) > 0
