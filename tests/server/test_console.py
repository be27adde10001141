"""The referee's console in-process: a tournament created, registered, paired and
scored from the browser's forms through the command line's own service; refusals
named with the input kept; two referees at once; escaping."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.services.tournament import Referee
from plansza.tournament.storage import TournamentFile

from .conftest import Clock
from .test_station import log_in

NAMES = ["Anna Żak", "Łukasz Ćwik", "Ola Nowak", "<script>alert(1)</script>"]


@pytest.fixture
def hall(tmp_path: Path, words: Lexicon, clock: Clock) -> Iterator[tuple[TestClient, str]]:
    """The app serving a tournament file that does not exist yet; a referee logged in."""
    from plansza.server.app import create_app

    path = str(tmp_path / "hala.turniej.sqlite")
    app = create_app(db="sqlite://", words=words, secret="s", clock=clock, tournament=path)
    with TestClient(app) as c:
        log_in(c)
        yield c, path


def token(client: TestClient, page: str = "/sedzia") -> tuple[str, str]:
    html = client.get(page).text
    csrf = re.search(r'name="csrf" value="([^"]+)"', html)
    seq = re.search(r'name="seq" value="(\d+)"', html)
    assert csrf, html
    return csrf.group(1), seq.group(1) if seq else ""


def act(client: TestClient, what: str, page: str = "/sedzia", **data: str) -> tuple[int, str]:
    csrf, seq = token(client, page)
    r = client.post(
        f"/sedzia/akcja/{what}",
        data={"csrf": csrf, "seq": seq, "back": page, **data},
        follow_redirects=True,
    )
    return r.status_code, r.text


def create(client: TestClient, rounds: str = "3") -> None:
    status, html = act(client, "nowy", name="Puchar Hali", rounds=rounds, system="halving")
    assert status == 200 and "Puchar Hali" in html, html


def register(client: TestClient, names: list[str] = NAMES) -> None:
    for name in names:
        status, html = act(client, "dodaj", "/sedzia/gracze", name=name, unlisted="1")
        assert status == 200, html


def test_only_a_referee_reaches_the_console(tmp_path: Path, words: Lexicon, clock: Clock) -> None:
    from plansza.server.app import create_app

    app = create_app(
        db="sqlite://", words=words, secret="s", clock=clock, tournament=str(tmp_path / "t.sqlite")
    )
    pages = (
        "/sedzia", "/sedzia/gracze", "/sedzia/runda/1", "/sedzia/ustawienia",
        "/sedzia/dziennik", "/sedzia/lista?q=a", "/sedzia/plik/wyniki.txt",
    )
    with TestClient(app) as c:
        # a guest, then a player's account: every page of the console refused, none run
        for who in ("guest", "player"):
            if who == "player":
                log_in(c, referee=False)
            for url in pages:
                r = c.get(url)
                assert r.status_code == 403, url
                assert "sędzi" in r.text, url
            r = c.post("/sedzia/akcja/dodaj", data={"name": "X"})
            assert r.status_code == 403


def test_a_whole_round_from_the_console(hall: tuple[TestClient, str]) -> None:
    client, path = hall
    assert "Puchar" not in client.get("/sedzia").text  # the create form first
    create(client)
    register(client)
    html = client.get("/sedzia/gracze").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert" not in html
    status, html = act(client, "podglad", round="1")
    assert status == 200
    assert "Preview — nothing is recorded yet." in html or "nic nie jest jeszcze zapisane" in html
    with _opened(path) as t:
        assert not t.state().rounds  # a preview records nothing
    status, html = act(client, "kojarz", round="1")
    assert status == 200
    with _opened(path) as t:
        state = t.state()
        rnd = state.rounds[1]
        assert len(rnd.pairings) == 2
        first = rnd.pairings[0]
    from plansza.tournament.model import seeds

    sd = seeds(state)
    page = "/sedzia/runda/1"
    a, b = str(sd[first.first]), str(sd[first.second or 0])
    status, html = act(client, "wynik", page, round="1", a=a, sa="380", b=b, sb="290")
    assert status == 200, html
    with _opened(path) as t:
        events = t.events()
        assert events[-1].kind == "result" and events[-1].by == "sedzia"
    # the flash says it in the log's words
    assert "380" in html and "290" in html


class _opened:
    """A tournament file opened for a look, closed afterwards."""

    def __init__(self, path: str) -> None:
        self.file = TournamentFile.open(path)

    def __enter__(self) -> TournamentFile:
        return self.file

    def __exit__(self, *_: object) -> None:
        self.file.close()


def test_a_refused_result_names_the_reason_and_keeps_the_input(
    hall: tuple[TestClient, str],
) -> None:
    client, _path = hall
    create(client)
    register(client, NAMES[:2])
    act(client, "kojarz", round="1")
    status, html = act(
        client, "wynik", "/sedzia/runda/1", round="1", a="1", sa="3x0", b="2", sb="290",
        form_key="t1",
    )  # fmt: skip
    assert status == 422
    assert "3x0" in html  # the score typed is shown again for correction
    assert "console-error" in html


def test_two_referees_correcting_the_same_game_one_is_told(hall: tuple[TestClient, str]) -> None:
    client, path = hall
    create(client)
    register(client, NAMES[:2])
    act(client, "kojarz", round="1")
    act(client, "wynik", "/sedzia/runda/1", round="1", a="1", sa="300", b="2", sb="200")
    csrf, seq = token(client, "/sedzia/runda/1")  # both referees look at the same page
    data = {"csrf": csrf, "seq": seq, "back": "/sedzia/runda/1", "round": "1", "a": "1", "b": "2"}
    first = client.post("/sedzia/akcja/popraw", data=data | {"sa": "310", "sb": "200"})
    assert first.status_code == 200
    second = client.post("/sedzia/akcja/popraw", data=data | {"sa": "300", "sb": "210"})
    assert second.status_code == 409
    assert "sedzia" in second.text  # who recorded the change meanwhile
    with _opened(path) as t:
        game = t.state().rounds[1].pairings[0].result
        assert game is not None and (game.score_first, game.score_second) == (310, 200)


def test_settings_undo_and_close(hall: tuple[TestClient, str]) -> None:
    client, path = hall
    create(client)
    status, html = act(client, "ustawienia", "/sedzia/ustawienia", group_range="1,5", venue="Hala")
    assert status == 200, html
    with _opened(path) as t:
        s = t.state().settings
        assert (s.group_range, s.venue) == (1.5, "Hala")
    status, html = act(client, "ustawienia", "/sedzia/ustawienia", minutes="zero")
    assert status == 422 and "Minuty na gracza" in html  # the form's words, not the key
    status, html = act(client, "cofnij")
    assert status == 200
    with _opened(path) as t:
        assert t.state().settings.venue == ""
    register(client, NAMES[:2])
    act(client, "kojarz", round="1")
    act(client, "wynik", "/sedzia/runda/1", round="1", a="1", sa="300", b="2", sb="200")
    status, html = act(client, "zamknij")
    assert status == 200
    with _opened(path) as t:
        assert t.state().closed


def test_the_ranking_list_is_searched_as_the_referee_types(
    hall: tuple[TestClient, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, _path = hall
    listing = tmp_path / "lista.csv"
    listing.write_text("nazwisko,ranking,partie\nŁoś Jan,131.5,210\nLis Ola,120,40\n")
    from plansza.ranking import store

    monkeypatch.setattr(store, "default_list_path", lambda: str(listing))
    create(client)
    html = client.get("/sedzia/lista", params={"name": "los"}).text
    assert "Łoś Jan" in html and "Lis Ola" not in html
    status, html = act(client, "dodaj", "/sedzia/gracze", name="Łoś Jan")
    assert status == 200 and "131.5" in html  # RR §2.1: the list's ranking
    status, html = act(client, "dodaj", "/sedzia/gracze", name="Los Jan")
    assert status == 422 and "Łoś Jan" in html  # a close name: refused with the names


def test_referee_is_used_underneath(hall: tuple[TestClient, str]) -> None:
    """The console records nothing the service would refuse: a second pairing of round 1
    after its results is refused with the service's own message."""
    client, path = hall
    create(client)
    register(client, NAMES[:2])
    act(client, "kojarz", round="1")
    status, _html = act(client, "kojarz", round="3")
    assert status == 422
    with _opened(path) as t:
        r = Referee(t, lambda: "x")
        assert set(r.state().rounds) == {1}


def test_the_round_clock_from_the_console(hall: tuple[TestClient, str]) -> None:
    client, path = hall
    create(client)
    register(client, NAMES[:2])
    act(client, "kojarz", round="1")
    page = "/sedzia/runda/1"
    status, html = act(client, "zegar", page, round="1", action="start", minutes="45")
    assert status == 200 and "45" in html
    status, html = act(client, "zegar", page, round="1", action="pause")
    assert status == 200
    with _opened(path) as t:
        clock = t.state().clocks[1]
        assert clock.minutes == 45 and not clock.running
    status, html = act(client, "zegar", page, round="1", action="pause")
    assert status == 422  # the rules refuse a second pause, as on the command line
    status, html = act(client, "zegar", page, round="1", action="resume")
    with _opened(path) as t:
        assert t.state().clocks[1].running


def test_the_tournaments_files_come_from_the_log(hall: tuple[TestClient, str]) -> None:
    client, path = hall
    create(client)
    register(client, [NAMES[0], NAMES[3]])
    act(client, "kojarz", round="1")
    act(client, "wynik", "/sedzia/runda/1", round="1", a="1", sa="300", b="2", sb="200")
    from plansza.tournament.paperwork import federation_csv

    with _opened(path) as t:
        expected = federation_csv(t.state())
    r = client.get("/sedzia/plik/federacja.csv")  # RS §6: the same file as turniej export
    assert r.status_code == 200 and r.text == expected
    assert "attachment" in r.headers["content-disposition"]
    report = client.get("/sedzia/plik/raport-sedziego.html")
    assert report.status_code == 200 and "Puchar Hali" in report.text
    standings = client.get("/sedzia/plik/klasyfikacja.html").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in standings
    assert "<script>alert(1)" not in standings
    assert client.get("/sedzia/plik/turniej.t").status_code == 200
    assert client.get("/sedzia/plik/nic.exe").status_code == 404


def test_players_pasted_as_csv_all_or_none(hall: tuple[TestClient, str]) -> None:
    client, path = hall
    create(client)
    good = "nazwisko,ranking,klub\nAnna Żak,130,KS Alfa\nOla Nowak,,\n"
    status, html = act(client, "import", "/sedzia/gracze", csv=good)
    assert status == 200, html
    with _opened(path) as t:
        assert sorted(p.name for p in t.state().players.values()) == ["Anna Żak", "Ola Nowak"]
    bad = "nazwisko,ranking\nEwa,abc\n"
    status, html = act(client, "import", "/sedzia/gracze", csv=bad)
    assert status == 422 and "abc" in html  # named, kept in the box, nothing registered
    with _opened(path) as t:
        assert len(t.state().players) == 2


def test_a_referee_makes_a_second_referee(hall: tuple[TestClient, str]) -> None:
    client, _path = hall
    create(client)
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    status, html = act(client, "sedzia", nick="Nikt")
    assert status == 422 and "Nikt" in html
    from plansza.services.accounts import nickname_key

    assert store.users.create("Bolek", nickname_key("Bolek"), "x", 0.0) is not None
    status, html = act(client, "sedzia", nick="bolek")
    assert status == 200
    uid = store.users.get(nickname_key("Bolek"))[0]
    assert store.users.is_referee(uid)


def test_walkover_and_both_absent_from_the_round_page(hall: tuple[TestClient, str]) -> None:
    client, path = hall
    create(client)
    register(client, NAMES)
    act(client, "kojarz", round="1", manual="1-2,3-4")
    page = "/sedzia/runda/1"
    html = client.get(page).text
    assert html.count('action="/sedzia/akcja/walkower"') == 2
    status, html = act(client, "walkower", page, round="1", winner="1", loser="2")
    assert status == 200, html
    status, html = act(client, "obustronny", page, round="1", a="3", b="4")
    assert status == 200, html
    with _opened(path) as t:
        kinds = [p.result.kind for p in t.state().rounds[1].pairings if p.result]
    assert kinds == ["walkover", "forfeit"]  # TR 7.2
    html = client.get(page).text  # both may be replaced now
    assert html.count('name="replace" value="1"') == 4


def test_the_message_survives_a_live_page_refreshed_meanwhile(
    hall: tuple[TestClient, str],
) -> None:
    """The referee's live pages in another tab refresh when the action is recorded; their
    answer, made from the session cookie as it was, may write the cookie back: what the
    action said is kept in the server for the page the redirect opens."""
    client, _path = hall
    create(client)
    csrf, seq = token(client, "/sedzia/gracze")
    before = dict(client.cookies)
    data = {"csrf": csrf, "seq": seq, "back": "/sedzia/gracze", "name": "Ala", "unlisted": "1"}
    r = client.post("/sedzia/akcja/dodaj", data=data, follow_redirects=False)
    assert r.status_code == 303
    client.cookies.clear()
    client.cookies.update(before)
    assert client.get("/turniej").status_code == 200  # the other tab, with the old cookie
    shown = client.get(r.headers["location"]).text
    assert 'class="flash"' in shown and "Ala" in shown


def test_an_assistant_referee_enters_results_and_nothing_else(
    hall: tuple[TestClient, str],
) -> None:
    # RS §6.5: "Sędziowie pomocniczy mogą pomagać sędziemu głównemu we wpisywaniu
    # wyników do programu sędziowskiego"
    from .test_station import PW, csrf_of

    client, path = hall
    create(client)
    register(client)
    act(client, "kojarz", round="1")
    helper = TestClient(client.app)
    r = helper.post(
        "/konto/rejestracja",
        data={"csrf": csrf_of(helper, "/konto/rejestracja"), "nickname": "Pomoc"}
        | {"password": PW, "password2": PW},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert helper.get("/sedzia").status_code == 403  # no role yet
    # the head referee makes the account an assistant from the console
    status, html = act(client, "sedzia", nick="pomoc", role="pomocniczy")
    assert status == 200 and "pomoc" in html, html
    html = helper.get("/sedzia/runda/1").text
    assert "RS §6.5" in html  # the page says what the role is
    with _opened(path) as t:
        from plansza.tournament.model import seeds

        state = t.state()
        first = state.rounds[1].pairings[0]
        sd = seeds(state)
    a, b = str(sd[first.first]), str(sd[first.second or 0])
    status, html = act(helper, "wynik", "/sedzia/runda/1", round="1", a=a, sa="401", b=b, sb="388")
    assert status == 200, html
    with _opened(path) as t:
        last = t.events()[-1]
        assert last.kind == "result" and last.by == "Pomoc"
    # anything else is the head referee's: refused, nothing recorded
    for what, data in (("kojarz", {"round": "2"}), ("cofnij", {}), ("sedzia", {"nick": "x"})):
        status, html = act(helper, what, "/sedzia", **data)
        assert status == 403 and "RS §6.5" in html, (what, html)
    with _opened(path) as t:
        assert t.events()[-1].kind == "result"
    # the role taken back with the command line's twin: gone at the next request
    assert client.app.state.hub.store.users.set_assistant("pomoc", False)  # type: ignore[attr-defined]
    assert helper.get("/sedzia").status_code == 403


# RR §2.3–§2.4: on a server with the ranking's history (--ranking), a player off the
# list is registered with the tournament ranking the history gives, not 100
def test_the_console_seeds_a_player_off_the_list_from_the_history(
    tmp_path: Path, words: Lexicon, clock: Clock
) -> None:
    import io
    from datetime import date

    from tests.ranking.builders import results

    from plansza.ranking import RankingHistory, write_games_csv
    from plansza.server.app import create_app

    games = results(date(2024, 5, 11), "Puchar Łodzi", "Hela Żółw", "Dora Ćma", wins=20, losses=4)
    buf = io.StringIO()
    write_games_csv(games, buf)
    history = tmp_path / "historia.csv"
    history.write_text(buf.getvalue(), encoding="utf-8")
    path = str(tmp_path / "hala.turniej.sqlite")
    app = create_app(
        db="sqlite://", words=words, secret="s", clock=clock, tournament=path, ranking=str(history)
    )
    with TestClient(app) as c:
        log_in(c)
        create(c)
        status, html = act(c, "dodaj", "/sedzia/gracze", name="hela żółw", unlisted="1")
        assert status == 200 and "RR §2.3–§2.4" in html
    expected = RankingHistory(games).tournament_ranking("Hela Żółw", date.today())
    f = TournamentFile.open(path)
    try:
        [p] = f.state().players.values()
    finally:
        f.close()
    assert (p.name, p.ranking, p.games) == ("Hela Żółw", expected.value, 24)


def test_a_round_with_a_bye_reads_complete_once_its_games_are_in(
    hall: tuple[TestClient, str],
) -> None:
    # a bye waits for no result: three players, one game and a bye — "1 of 1", done
    client, path = hall
    create(client)
    register(client, NAMES[:3])
    act(client, "kojarz", round="1")
    with _opened(path) as t:
        game = next(p for p in t.state().rounds[1].pairings if p.second is not None)
    status, html = act(client, "wynik", "/sedzia/runda/1", round="1", a=str(game.first),
                       sa="300", b=str(game.second), sb="200")  # fmt: skip
    assert status == 200, html
    home = client.get("/sedzia").text
    row = re.search(r'<td class="(done|missing)">([^<]*)</td>', home)
    assert row and row.group(1) == "done" and row.group(2).startswith("1 z 1"), home


def test_the_walkover_form_names_both_sides_and_takes_the_winners_score(
    hall: tuple[TestClient, str],
) -> None:
    # TR 7.2: N is the largest of the formula, 400 and the winner's score when the
    # walkover was given — the form asks for it, and says who is who in words
    client, path = hall
    create(client)
    register(client, NAMES)
    act(client, "kojarz", round="1", manual="1-2,3-4")
    page = "/sedzia/runda/1"
    html = client.get(page).text
    form = html.split('action="/sedzia/akcja/walkower"')[1].split("</form>")[0]
    assert "<label>Przyznany</label>" not in form  # labels wrap their fields
    assert re.search(r"<label>[^<]+<select name=\"winner\">", form)
    assert re.search(r"<label>[^<]+<select name=\"loser\">", form)
    assert 'name="score"' in form and "TR 7.2" in form
    status, html = act(client, "walkower", page, round="1", winner="1", loser="2", score="512")
    assert status == 200, html
    with _opened(path) as t:
        result = t.state().rounds[1].pairings[0].result
    assert result is not None and result.kind == "walkover"
    assert max(result.score_first, result.score_second) == 512  # above 400 and the formula


def test_the_round_page_marks_tables_waiting_in_the_phones_queue(
    hall: tuple[TestClient, str],
) -> None:
    from plansza.services import tables as table_codes

    client, path = hall
    create(client)
    register(client, NAMES)
    act(client, "kojarz", round="1", manual="1-2,3-4")
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    secret = store.tables.secret(str(Path(path).resolve()))
    for table, sides in ((1, [(0, "400", "300")]), (2, [(0, "400", "300"), (1, "300", "400")])):
        for side, sa, sb in sides:
            phone = TestClient(client.app)
            url = f"/s/{table_codes.player_code(secret, 1, table, side)}"
            csrf = re.search(r'name="csrf" value="([^"]+)"', phone.get(url).text)
            assert csrf
            phone.post(url, data={"csrf": csrf.group(1), "action": "enter", "sa": sa, "sb": sb})
    html = client.get("/sedzia/runda/1").text
    one = html.split('id="table-1"')[1].split("</tr>")[0]
    two = html.split('id="table-2"')[1].split("</tr>")[0]
    assert 'class="queued"' in one and "/sedzia/wyniki" in one
    assert 'class="queued console-error"' in two


def test_the_criteria_are_chosen_in_words_one_place_after_another(
    hall: tuple[TestClient, str],
) -> None:
    # RR §4: big points first, then small points or the spread — chosen from lists in
    # words, not typed as the command line's keys
    client, path = hall
    create(client)
    html = client.get("/sedzia/ustawienia").text
    assert "big_points" not in html.split('name="criteria.1"')[0].split("<form")[-1]
    assert ">duże punkty</option>" in html or ">Duże punkty</option>" in html, html
    assert not re.search(r">\s*big_points|small_points\s*<", html)
    status, html = act(
        client,
        "ustawienia",
        "/sedzia/ustawienia",
        **{"criteria.1": "big_points", "criteria.2": "small_points", "criteria.3": "spread"},
    )
    assert status == 200, html
    with _opened(path) as t:
        s = t.state().settings
        assert tuple(s.criteria) == ("big_points", "small_points", "spread")
        assert s.final_criteria is None  # no place chosen: the same chain
    html = client.get("/sedzia/ustawienia").text
    places = re.findall(r'name="criteria\.(\d)"[^>]*>(.*?)</select>', html, re.S)
    chosen = [(i, re.findall(r'<option value="(\w*)" selected', opts)) for i, opts in places]
    assert chosen == [
        ("1", ["big_points"]),
        ("2", ["small_points"]),
        ("3", ["spread"]),
        *[(str(i), []) for i in range(4, 7)],
    ]
