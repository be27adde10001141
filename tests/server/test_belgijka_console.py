"""Belgijka live: the referee's console and the projector in-process — a championship
created, players registered, racks drawn (by the program and from the real bag), the
move's clock, the cards, the top move and its tie-break, the close, penalties and
corrections, the tables; refusals in the referee's language with the input kept;
names escaped; the record and the report downloaded."""

from __future__ import annotations

import html as htmllib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.services.belgijka import Hall

from .conftest import Clock
from .test_station import log_in

EVIL = '<b>Zła</b> & "Żółw"'


@pytest.fixture
def hall(tmp_path: Path, words: Lexicon, clock: Clock) -> Iterator[tuple[TestClient, Path]]:
    """The app serving a Belgijka file that does not exist yet; a referee logged in."""
    from plansza.server.app import create_app

    path = tmp_path / "belgijka.json"
    app = create_app(db="sqlite://", words=words, secret="s", clock=clock, belgijka=str(path))
    with TestClient(app) as c:
        log_in(c)
        yield c, path


def the_hall(client: TestClient) -> Hall:
    h: Hall = client.app.state.belgijka  # type: ignore[attr-defined]
    return h


def act(client: TestClient, what: str, **data: str) -> tuple[int, str]:
    page = client.get("/belgijka/sedzia").text
    m = re.search(r'name="csrf" value="([^"]+)"', page)
    assert m, page
    r = client.post(f"/belgijka/sedzia/akcja/{what}", data={"csrf": m.group(1), **data})
    return r.status_code, r.text


def ok(client: TestClient, what: str, **data: str) -> str:
    status, text = act(client, what, **data)
    assert status == 200, text
    assert 'class="console-error"' not in text.split("<main>")[1].split('id="live"')[0], text
    return text


def small_game(client: TestClient, bag: str) -> None:
    """Game 1 started from the console, its bag made small (a short game for the test)."""
    ok(client, "gra")
    h = the_hall(client)

    def shrink(ch: object) -> None:
        ch.game.bag = list(bag)  # type: ignore[attr-defined]

    h.read(shrink)


def test_only_a_referee_reaches_the_console(tmp_path: Path, words: Lexicon, clock: Clock) -> None:
    from plansza.server.app import create_app

    app = create_app(
        db="sqlite://", words=words, secret="s", clock=clock, belgijka=str(tmp_path / "b.json")
    )
    with TestClient(app) as c:
        assert c.get("/belgijka/sedzia").status_code == 403
        assert c.post("/belgijka/sedzia/akcja/nowy", data={"name": "X"}).status_code == 403
        assert c.get("/belgijka/sedzia/zapis.json").status_code == 403
        assert c.get("/belgijka/projektor").status_code == 200  # public, read-only
        log_in(c, referee=False)
        assert c.get("/belgijka/sedzia/kody").status_code == 403


def test_a_short_game_from_the_console(hall: tuple[TestClient, Path], clock: Clock) -> None:
    client, path = hall
    page = client.get("/belgijka/sedzia").text
    assert 'name="seed"' in page and 'value="3"' in page  # a random seed, three games
    ok(client, "nowy", name="Mistrzostwa Hali", seed="konsola", ruleset="pfs", games="1")
    assert path.is_file()
    ok(client, "gracze", names="Anna\nBartek\n\nCelina\n")
    page = client.get("/belgijka/sedzia").text
    assert "3. Celina" in page
    small_game(client, "KOTA")
    page = client.get("/belgijka/sedzia").text
    assert "Tiles drawn (4)" in page or "Wylosowane płytki (4)" in page
    ok(client, "losuj")
    page = client.get("/belgijka/projektor").text
    assert 'class="rack bj-rack"' in page and "move-clock" not in page
    ok(client, "zegar")
    h = the_hall(client)
    move = h.read(lambda ch: ch.game.open_move)  # type: ignore[union-attr]
    assert move is not None and move.candidates
    top = move.candidates[0]
    h.send(1, str(top.play), top.score)  # right
    h.send(2, str(top.play), top.score + 5)  # II.9: a wrong score scores 0
    clock.now += 30
    page = client.get("/belgijka/sedzia").text
    # While the time runs the hall sees who sent, never what.
    assert "tables 1, 2" in page or "stoliki 1, 2" in page
    assert str(top.play) not in page
    projector = client.get("/belgijka/projektor").text
    assert 'id="move-clock"' in projector and 'data-remaining="90.0"' in projector
    assert str(top.play) not in projector
    # II.3: the close waits for the time.
    status, page = act(client, "zamknij")
    assert status == 409 and "czas ruchu jeszcze biegnie" in page
    clock.now += 91
    page = client.get("/belgijka/sedzia").text
    assert str(top.play) in page and "candidates" in page
    # A paper card typed by the referee after the time: taken (the phones' are not).
    ok(client, "karta", player="3", text="", score="-")
    ok(client, "zamknij")
    page = client.get("/belgijka/sedzia?lang=en").text
    results = page.split('class="console results"')[1].split("</table>")[0]
    rows = re.findall(r"<tr><td.*?</tr>", results)
    assert len(rows) == 3
    anna = next(r for r in rows if "Anna" in r)
    bartek = next(r for r in rows if "Bartek" in r)
    assert f">{top.score}<" in anna and "★" in anna
    assert ">0<" in bartek and f"declared {top.score + 5}" in bartek  # the verdict in words
    # The game is over (the small bag went out): the tables.
    assert 'class="console game-table"' in page and "Final classification" in page
    projector = client.get("/belgijka/projektor?lang=en").text
    assert "bj results" in projector and "Final classification" in projector
    assert 'class="sq' in projector and " lit" in projector  # the top move lit on the board
    # Item 4: the record and the report.
    r = client.get("/belgijka/sedzia/zapis.json")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    data = json.loads(r.text)
    scores = data["results"]["games"][0]["moves"][0]["scores"]
    assert {s["table"]: s["score"] for s in scores} == {1: top.score, 2: 0, 3: 0}
    report = client.get("/belgijka/sedzia/raport.txt?lang=en")
    assert report.status_code == 200 and "Anna" in report.text


def test_the_rack_from_the_real_bag(hall: tuple[TestClient, Path]) -> None:
    # II.2: a rack without vowels: a redraw called, no move opens; a good one stands.
    client, _path = hall
    ok(client, "nowy", name="Worek", seed="w", ruleset="pfs", games="3")
    ok(client, "gracze", names="Anna")
    ok(client, "gra")
    page = ok(client, "worek", tiles="krtzswn")
    page = client.get("/belgijka/sedzia?lang=en").text
    assert "Tiles drawn (7)" in page and "KRTZSWN" in page and "redraw (II.2)" in page
    status, page = act(client, "worek", tiles="ŹŹŹŹŹŹŹ")  # the bag has one Ź
    assert status == 409 and "ŹŹŹŹŹŹŹ" in page  # refused, the input kept
    ok(client, "worek", tiles="KOTAEŁS")
    page = client.get("/belgijka/sedzia?lang=en").text
    assert "Start the two minutes" in page


def test_refusals_in_the_users_language_with_the_input_kept(hall: tuple[TestClient, Path]) -> None:
    client, _path = hall
    status, page = act(client, "nowy", name="Gra", seed="x", ruleset="pfs", games="trzy")
    assert status == 400 and "trzy" in page and "liczbą" in page  # Polish by default
    assert 'value="Gra"' in page  # the name kept
    ok(client, "nowy", name="Gra", seed="x", ruleset="pfs", games="3")
    status, page = act(client, "nowy", name="Gra", seed="x", ruleset="pfs", games="3")
    assert status == 409
    status, page = act(client, "losuj")  # no game yet
    assert status == 409 and 'role="alert"' in page
    status, page = act(client, "korekta", player="1", points="5", reason="")
    assert status == 400
    status, page = act(client, "kara", player="7", kind="warning", reason="hałas")
    assert status == 409 and 'value="hałas"' in page
    r = client.post("/belgijka/sedzia/akcja/gra", data={"csrf": "wrong"})
    assert r.status_code == 403
    status, _page = act(client, "nieznana")
    assert status == 404


def test_names_are_escaped_everywhere(hall: tuple[TestClient, Path]) -> None:
    client, _path = hall
    ok(client, "nowy", name=EVIL, seed="e", ruleset="pfs", games="1")
    ok(client, "gracze", names=EVIL)
    for url in ("/belgijka/sedzia", "/belgijka/sedzia/kody", "/belgijka/projektor"):
        page = client.get(url).text
        assert "<b>Zła</b>" not in page, url
        assert htmllib.escape("<b>Zła</b>") in page, url
    slips = client.get("/belgijka/sedzia/kody").text
    code = the_hall(client).codes()[0][2]
    assert code in slips and f"/belgijka/g/{code}" in slips and "<svg" in slips


def test_a_tie_is_the_referees_choice(hall: tuple[TestClient, Path], clock: Clock) -> None:
    # II.13: moves equal on every II.12 criterion: the referee chooses, with a reason.
    client, _path = hall
    ok(client, "nowy", name="Remis", seed="t", ruleset="pfs", games="1")
    ok(client, "gracze", names="Anna")
    small_game(client, "KOTA")
    ok(client, "losuj")
    ok(client, "zegar")
    clock.now += 121
    h = the_hall(client)
    move = h.read(lambda ch: ch.game.open_move)  # type: ignore[union-attr]
    assert move is not None
    page = client.get("/belgijka/sedzia?lang=en").text
    if move.tied > 1:
        assert "the referee chooses (II.13)" in page
        ok(client, "wybierz", index="1", reason="losowanie")
        chosen = h.read(lambda ch: ch.game.open_move.choice)  # type: ignore[union-attr]
        assert chosen is not None and chosen.index == 1 and chosen.reason == "losowanie"
    else:
        assert "the referee chooses" not in page
    # A choice below the top is refused (II.13 chooses only among the tied).
    status, page = act(client, "wybierz", index=str(move.tied), reason="x")
    if len(move.candidates) > move.tied:
        assert status == 409


def test_penalty_and_correction(hall: tuple[TestClient, Path], clock: Clock) -> None:
    # KARY: a warning is recorded; a correction sets a player's points with a reason.
    client, path = hall
    ok(client, "nowy", name="Kary", seed="k", ruleset="pfs", games="1")
    ok(client, "gracze", names="Anna\nBartek")
    small_game(client, "KOTA")
    ok(client, "losuj")
    ok(client, "kara", player="2", kind="warning", reason="telefon")
    ok(client, "korekta", player="1", points="7", reason="błąd sędziego")
    ok(client, "zegar")
    clock.now += 121
    ok(client, "zamknij")
    page = client.get("/belgijka/sedzia?lang=en").text
    results = page.split('class="console results"')[1].split("</table>")[0]
    anna = next(r for r in re.findall(r"<tr><td.*?</tr>", results) if "Anna" in r)
    assert ">7<" in anna and "błąd sędziego" in anna
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["penalties"][0]["kind"] == "warning"


def test_the_console_names_who_checks_whom(tmp_path: Path, words: Lexicon) -> None:
    """II.9: table 1 checks table 2 and back, 3 with 4; an odd last one, the referee."""
    from plansza.server.app import create_app

    app = create_app(db="sqlite://", words=words, secret="s",
                     belgijka=str(tmp_path / "b.json"))  # fmt: skip
    with TestClient(app) as client:
        log_in(client)
        hall = app.state.belgijka
        hall.create("Mistrzostwa", seed="pairs")
        for name in ("Anna", "Bartek", "Celina"):
            hall.register(name)
        html = client.get("/belgijka/sedzia").text
    assert '1. Anna <span class="muted">(sprawdza 2)' in html
    assert '2. Bartek <span class="muted">(sprawdza 1)' in html
    assert '3. Celina <span class="muted">(sprawdza sędzia)' in html


def test_the_live_parts_fetch_leaves_the_flash_to_the_page(hall: tuple[TestClient, Path]) -> None:
    """The action's change makes the open console fetch its live part (htmx) — that
    fetch may come before the redirect's page, and its answer (made from the session
    cookie as it was before the action) may write the cookie back: the message is kept
    in the server for the redirect's page, not in the session."""
    client, _ = hall
    page = client.get("/belgijka/sedzia").text
    token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    before = dict(client.cookies)
    data = {"csrf": token, "name": "Flesz", "seed": "f", "ruleset": "pfs", "games": "1"}
    r = client.post("/belgijka/sedzia/akcja/nowy", data=data, follow_redirects=False)
    assert r.status_code == 303
    client.cookies.clear()
    client.cookies.update(before)  # the live fetch, sent with the cookie of before
    live = client.get("/belgijka/sedzia", headers={"HX-Request": "true"}).text
    assert 'class="flash"' not in live
    shown = client.get(r.headers["location"]).text
    assert 'class="flash"' in shown and "Mistrzostwa są utworzone." in shown
    assert 'class="flash"' not in client.get(r.headers["location"]).text  # shown once


def test_the_new_championships_name_is_labelled_a_name_not_a_persons(
    hall: tuple[TestClient, Path],
) -> None:
    client, _path = hall
    page = client.get("/belgijka/sedzia").text
    label = re.search(r'<label for="bj-name">([^<]*)</label>', page)
    assert label and label.group(1) == "Nazwa"  # not "Nazwisko i imię"


def test_every_tied_move_can_be_chosen_and_shows_who_found_it(
    hall: tuple[TestClient, Path], clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # II.13: the referee chooses among all the moves equal on every II.12 criterion —
    # however many; the console lists them all, each with the players who found it
    import plansza.duplicate.game as game_mod
    import plansza.server.belgijka_console as console_mod

    monkeypatch.setattr(game_mod, "KEPT_CANDIDATES", 1)
    monkeypatch.setattr(console_mod, "CANDIDATES_SHOWN", 1)
    client, _path = hall
    ok(client, "nowy", name="Remis", seed="t", ruleset="pfs", games="1")
    ok(client, "gracze", names="Anna\nBartek")
    small_game(client, "KOTA")
    ok(client, "losuj")
    ok(client, "zegar")
    h = the_hall(client)
    move = h.read(lambda ch: ch.game.open_move)  # type: ignore[union-attr]
    assert move is not None and move.tied > 1
    assert len(move.candidates) >= move.tied  # kept, though the store keeps 1 else
    last = move.candidates[move.tied - 1]
    h.send(1, str(last.play), last.score)  # Anna found the last tied one
    clock.now += 121
    page = client.get("/belgijka/sedzia?lang=en").text
    table = page.split('class="console candidates"')[1].split("</table>")[0]
    rows = re.findall(r'<tr class="tied[^"]*">.*?</tr>', table, re.S)
    assert len(rows) == move.tied
    assert 'class="found">Anna<' in rows[move.tied - 1]
    ok(client, "wybierz", index=str(move.tied - 1), reason="Anna")
    chosen = h.read(lambda ch: ch.game.open_move.choice)  # type: ignore[union-attr]
    assert chosen is not None and chosen.index == move.tied - 1


def test_the_referee_changes_a_moves_time_and_ends_a_game_early(
    hall: tuple[TestClient, Path], clock: Clock
) -> None:
    client, _path = hall
    ok(client, "nowy", name="Czas", seed="c", ruleset="pfs", games="2")
    ok(client, "gracze", names="Anna")
    ok(client, "gra")
    ok(client, "losuj")
    ok(client, "zegar")
    h = the_hall(client)
    # the move's time, as the referee decides it (a disturbance in the hall)
    ok(client, "czas", seconds="300")
    assert h.timer is not None and h.timer.seconds == 300
    clock.now += 200  # past the two minutes, within the five
    assert h.timer.remaining(clock.now) == 100
    status, page = act(client, "czas", seconds="5")
    assert status == 409 and "1800" in page  # from 10 s to 30 min
    # a restarted server keeps the changed time: the journal's last clock line
    import json as jsonlib

    journal = h.journal
    clocks = [jsonlib.loads(x) for x in Path(journal).read_text().splitlines() if '"clock"' in x]
    assert clocks[-1]["seconds"] == 300
    # the game cannot end with a move open; once it is closed, it can
    status, page = act(client, "koniec")
    assert status == 409 and "otwarty" in page
    clock.now += 101
    ok(client, "zamknij")
    ok(client, "koniec")
    game = h.read(lambda ch: ch.game)  # type: ignore[union-attr]
    assert game.over and game.end == "referee"
    page = client.get("/belgijka/sedzia?lang=en").text
    assert "ended early by the referee" in page
    ok(client, "gra")  # the next game starts as usual
