"""A 40-player, 7-round halving tournament over two days of play, run from the browser
end to end (issue 41), on ``plansza serve --tournament FILE`` in its own process.

The referee (a browser context logged in with a referee's account) creates the
tournament in the console ``/sedzia``, imports 39 players from a pasted CSV list and
registers one with the form (names with Polish letters), and pairs each round with a
preview first. The results come from the tables' phones, with the codes printed on
the round's slips (``/sedzia/karty``): each player has a code of their own; one
player's phone enters the scores, the other player's phone confirms them. Two tables
a round do it on real phones (four browser contexts, one per player's phone); the
other eighteen on phones driven by HTTP that post the same forms a phone posts (its
own cookies, the page's CSRF token, the script's ``X-Plansza-Part`` header).

Along the way: a phone asking for the word tools during a round gets 403 (hall mode,
TR 4.7); a player whose phone entered the result is refused when confirming it —
with their own code, and with the other player's code on the same phone (TR 5.2),
the Polish messages asserted; a walkover entered in the console's form with the
winner's score at the time (TR 7.2); day 2 of play started in the console after round
4 with its date; a day-2 result corrected with the referee's consent after the next
round was paired (TR 4.6.4); the tournament closed. Last, the referee's report and the
federation's CSV are downloaded from the console and checked against the log read
with the domain code: every game with its scores and its round's date (rounds 1–4 on
day 1, 5–7 on day 2), both days in the report, the correction's consent 'referee'.

Any browser console error, script error or CSP refusal fails the test. Screenshots go
to ``build/screenshots/two-days-*.png`` and ``build/screenshots/day2-console.png``.
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from .hall_watch import LAPTOP, PHONE, WAIT, Errors, csrf_in, new_context, sign_up
from .served import SHOTS, Served, chromium, lexicon_file

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.slow

DAY1, DAY2 = "2026-05-02", "2026-05-03"
NAME = "Puchar Łodzi 2026 — dwa dni"
#: 40 players, every name with Polish letters; the last one registered with the form.
PLAYERS = [
    "Żak Anna", "Łoś Jan", "Ćwik Łukasz", "Śliwa Celina", "Źdźbło Dariusz",
    "Kowalska Ewa", "Nowak Ola", "Gęsicki Bartłomiej", "Wójcik Małgorzata", "Bąk Paweł",
    "Dąbrowska Żaneta", "Kołodziej Jędrzej", "Mazur Jadwiga", "Pietrzak Mściwój",
    "Sęk Grażyna", "Wróbel Łucja", "Zając Ignacy", "Król Bożena", "Woźniak Świętosław",
    "Jabłońska Halina", "Grabowski Przemysław", "Pawłowska Róża", "Michalak Józef",
    "Kaczmarek Urszula", "Szczęsny Mikołaj", "Górecka Agnieszka", "Błaszczyk Tadeusz",
    "Żuraw Elżbieta", "Łuczak Wojciech", "Ślusarz Bogumiła", "Ziółkowski Zdzisław",
    "Maćkowiak Teodora", "Chmiel Władysław", "Kuźnia Łucjan", "Główka Dorota",
    "Stępień Radosław", "Wiśniewska Jolanta", "Cieślak Kazimierz", "Żmuda Wiesława",
    "Dźwigoń Ścibor",
]  # fmt: skip
ROUNDS = 7
#: The tables each round whose two players use real phones (browser contexts).
REAL = (1, 2)
#: The walkover (TR 7.2): its round and table, and the winner's score when it was given.
WALKOVER = (3, 20, 455)
#: The correction (TR 4.6.4): a table of round 5, corrected once round 6 is paired.
CORRECTED = (5, 3)


def scores(n: int, table: int) -> tuple[int, int]:
    """Each table's result: never a tie, the first player wins on odd tables."""
    high = 330 + (17 * table + 29 * n) % 160
    low = high - 12 - (5 * table + n) % 90
    return (high, low) if table % 2 else (low, high)


@dataclass
class Half:
    """One player's half of a slip: their seed and name as printed, and their code."""

    who: str
    code: str


@dataclass
class Slip:
    table: int
    day: str
    halves: tuple[Half, Half]


class Hall:
    def __init__(self, served: Served, path: Path, db: str) -> None:
        self.served, self.url, self.path, self.db = served, served.url, path, db


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Hall]:
    """``plansza serve --tournament FILE`` in its own process (the file does not exist
    yet: the referee creates it); no ranking list on the machine is consulted."""
    path = tmp_path / "puchar.turniej.sqlite"
    db = f"sqlite:///{tmp_path / 'web.db'}"
    argv = ["--tournament", str(path), "--db", db, "--lexicon", str(lexicon_file(tmp_path))]
    served = Served(
        tmp_path, "hall", argv, env={"PLANSZA_RANKING_LIST": str(tmp_path / "no-list.csv")}
    )
    served.start()
    try:
        yield Hall(served, path, db)
    finally:
        served.stop()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


# ---- the referee at the console -----------------------------------------------------


def submit(page: Any, button: str) -> str:
    """Click the console form's ``button`` and wait for the page it leads to; the
    flash (what was recorded), never a refusal."""
    with page.expect_navigation():
        page.locator(button).first.click()
    error = page.locator("div.console-error[role=alert]")
    assert error.count() == 0, error.inner_text()
    return str(page.locator(".flash").inner_text()) if page.locator(".flash").count() else ""


def create(page: Any, url: str) -> None:
    page.goto(f"{url}/sedzia")
    page.fill("#n-name", NAME)
    page.fill("#n-rounds", str(ROUNDS))
    page.select_option("#n-system", "halving")
    page.fill("#n-date", DAY1)
    page.fill("#n-referee", "Jędrzej Sędziowski")
    page.fill("#n-venue", "Hala Sportowa, Łódź")
    said = submit(page, "form[action='/sedzia/akcja/nowy'] button[type=submit]")
    assert NAME in said, said


def register(page: Any, url: str) -> None:
    """39 players pasted as CSV (the console's import), the 40th with the form."""
    page.goto(f"{url}/sedzia/gracze")
    rows = ["nazwisko,ranking,partie,klub,miasto"]
    rows += [
        f"{name},{170 - i},{100 + i},Klub „Ósemka”,Łódź" for i, name in enumerate(PLAYERS[:-1])
    ]
    page.click("details.more summary")  # "Import graczy z listy CSV"
    page.fill("form[action='/sedzia/akcja/import'] textarea[name=csv]", "\n".join(rows))
    said = submit(page, "form[action='/sedzia/akcja/import'] button[type=submit]")
    assert f"Zaimportowano graczy: {len(PLAYERS) - 1}" in said, said
    page.fill("#r-name", PLAYERS[-1])
    page.check("#register input[name=unlisted]")
    said = submit(page, "#register button[type=submit]")
    assert PLAYERS[-1] in said, said
    assert page.locator("#players tr").count() == 1 + len(PLAYERS)
    shown = page.locator("#players").inner_text()
    assert all(name in shown for name in PLAYERS)


def pair(page: Any, url: str, n: int) -> dict[int, str]:
    """Round ``n`` previewed, then paired and recorded: the preview's line of each
    table (its number first; the players as the preview names them)."""
    page.goto(f"{url}/sedzia")
    assert f"Kojarzenie rundy {n}" in page.inner_text("main")
    with page.expect_navigation():
        page.click("button[formaction='/sedzia/akcja/podglad']")
    assert "Podgląd — nic nie jest jeszcze zapisane." in page.inner_text("main")
    lines: list[list[str]] = page.evaluate(
        """() => {
            const tables = [...document.querySelectorAll('main table.console')];
            const shown = document.querySelector('main table.console.preview') || tables.pop();
            return [...shown.querySelectorAll('tr')]
                .map(tr => [...tr.children].map(td => td.textContent.trim()))
                .filter(cells => cells.length > 2 && /^[0-9]+$/.test(cells[0]));
        }"""
    )
    previewed = {int(cells[0]): " | ".join(cells[1:]) for cells in lines}
    assert sorted(previewed) == list(range(1, len(PLAYERS) // 2 + 1)), lines
    submit(page, "form[action='/sedzia/akcja/kojarz'] button:not([formaction])")
    return previewed


def slips(page: Any, url: str, n: int) -> dict[int, Slip]:
    """The round's slips as printed: each table's two halves with their codes."""
    page.goto(f"{url}/sedzia/karty?runda={n}")
    found = page.evaluate(
        """() => [...document.querySelectorAll('.slip')].map(s => ({
            head: [...s.querySelectorAll('.slip-head span')].map(x => x.textContent.trim()),
            halves: [...s.querySelectorAll('.half')].map(h => ({
                who: h.querySelector('.for').textContent.trim(),
                code: h.querySelector('.code').textContent.trim()}))}))"""
    )
    out = {}
    for s in found:
        _name, round_text, table_text, day = s["head"]
        assert round_text == f"Runda {n}"
        table = int(table_text.removeprefix("Stół "))
        a, b = (Half(h["who"], h["code"]) for h in s["halves"])
        out[table] = Slip(table, day, (a, b))
    assert sorted(out) == list(range(1, len(PLAYERS) // 2 + 1))
    return out


def walkover(page: Any, url: str, n: int, table: int, score: int) -> None:
    """The console's walkover form (TR 7.2): awarded to the second player, the first
    absent, with the winner's score when the game was stopped."""
    page.goto(f"{url}/sedzia/runda/{n}")
    row = page.locator(f"#table-{table}")
    row.locator("details.more summary").click()
    form = row.locator("form[action='/sedzia/akcja/walkower']")
    second = form.locator("select[name=winner] option").nth(1).get_attribute("value")
    first = form.locator("select[name=loser] option").nth(1).get_attribute("value")
    form.locator("select[name=winner]").select_option(second)
    form.locator("select[name=loser]").select_option(first)
    form.locator("input[name=score]").fill(str(score))
    with page.expect_navigation():
        form.locator("button[type=submit]").click()
    assert page.locator("div.console-error[role=alert]").count() == 0
    assert "(walkower)" in page.locator(f"#table-{table}").inner_text()


def correct(page: Any, url: str, n: int, table: int, sa: int, sb: int) -> None:
    """A confirmed result corrected with the referee's consent (TR 4.6.4)."""
    page.goto(f"{url}/sedzia/runda/{n}")
    row = page.locator(f"#table-{table}")
    row.locator("details.more summary").click()
    form = row.locator("form[action='/sedzia/akcja/popraw']")
    form.locator("input[name=sa]").fill(str(sa))
    form.locator("input[name=sb]").fill(str(sb))
    form.locator("select[name=consent]").select_option("referee")
    form.locator("input[name=note]").fill("błąd w zsumowaniu punktów")
    with page.expect_navigation():
        form.locator("button[type=submit]").click()
    assert page.locator("div.console-error[role=alert]").count() == 0
    assert f"{sa}:{sb}" in page.locator(f"#table-{table}").inner_text()


# ---- the players' phones ------------------------------------------------------------


class Phones:
    """Every player's phone driven by HTTP: a client (its own cookies) per seed."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.clients: dict[str, httpx.Client] = {}

    def of(self, half: Half) -> httpx.Client:
        seed = half.who.split(" ", 1)[0]
        if seed not in self.clients:
            # no kept connection: the server closes an idle one after 5 s, and a phone
            # whose next request meets that close mid-way (a loaded machine) would see
            # a reset a browser retries by itself but httpx does not
            self.clients[seed] = httpx.Client(
                base_url=self.url, timeout=30, limits=httpx.Limits(max_keepalive_connections=0)
            )
        return self.clients[seed]

    def post(self, half: Half, form: dict[str, str]) -> httpx.Response:
        """The phone opens its table's page and sends the form as its script does."""
        phone = self.of(half)
        page = phone.get(f"/s/{half.code}")
        assert page.status_code == 200, page.text[-1500:]
        data = {"csrf": csrf_in(page.text), **form}
        return phone.post(f"/s/{half.code}", data=data, headers={"X-Plansza-Part": "1"})

    def table(self, slip: Slip, sa: int, sb: int) -> None:
        a, b = slip.halves
        entered = self.post(a, {"action": "enter", "sa": str(sa), "sb": str(sb)})
        assert entered.status_code == 200 and 'class="notice"' in entered.text, entered.text
        confirmed = self.post(b, {"action": "confirm"})
        assert confirmed.status_code == 200, confirmed.text
        assert "Wynik jest zapisany." in confirmed.text, confirmed.text

    def close(self) -> None:
        for c in self.clients.values():
            c.close()


def real_table(a: Any, b: Any, url: str, slip: Slip, sa: int, sb: int) -> None:
    """Two real phones: A types their code at /stolik and enters the scores; B opens
    their own code's address (the QR code) and confirms."""
    a.goto(f"{url}/stolik")
    code = slip.halves[0].code
    a.fill("input[name=kod]", f"{code[:3].lower()} {code[3:]}")
    with a.expect_navigation():
        a.click("main button[type=submit]")
    assert f"Stół {slip.table}" in a.inner_text("h1")
    a.fill("input[name=sa]", str(sa))
    a.fill("input[name=sb]", str(sb))
    a.click("form.enter button[type=submit]")
    a.wait_for_selector("p.notice[role=status]", timeout=WAIT)
    assert a.locator("button.confirm").count() == 0  # never one's own entry
    b.goto(f"{url}/s/{slip.halves[1].code}")
    assert f"{sa} : {sb}" in b.inner_text(".entry .entered")
    b.click("button.confirm")
    b.wait_for_selector("p.result", timeout=WAIT)
    assert "Wynik jest zapisany." in b.inner_text("main")


def refused_own_confirmation(
    a: Any, b: Any, url: str, slip: Slip, sa: int, sb: int, errors: Errors
) -> None:
    """A enters, then tries to confirm the entry themself — with their own code, and
    with the other player's code on the same phone: both refused (TR 5.2); then B
    confirms on their own phone."""
    mine, theirs = slip.halves
    a.goto(f"{url}/s/{mine.code}")
    a.fill("input[name=sa]", str(sa))
    a.fill("input[name=sb]", str(sb))
    a.click("form.enter button[type=submit]")
    a.wait_for_selector("p.notice[role=status]", timeout=WAIT)
    # their own code: the page offers no confirmation; the form the page would post,
    # sent anyway from the same phone (its session and token), is refused
    token = csrf_in(a.content())
    r = a.context.request.post(
        f"{url}/s/{mine.code}", form={"csrf": token, "action": "confirm"}, max_redirects=0
    )
    assert r.status == 409, r.text()
    assert "Nie ma jeszcze wpisu drugiego gracza do potwierdzenia" in r.text(), r.text()
    # the other player's code, learnt from their half of the slip, on A's phone
    errors.expect(f"{url}/s/{theirs.code}", 409)  # the refusal's status, logged
    a.goto(f"{url}/s/{theirs.code}")
    a.click("button.confirm")
    a.wait_for_selector("p.error[role=alert]", timeout=WAIT)
    said = a.inner_text("p.error[role=alert]")
    assert said.startswith(
        "Ten wynik wpisano tym telefonem: potwierdza go drugi gracz na swoim telefonie, "
        "swoim kodem (TR 5.2)"
    ), said
    assert a.locator("p.result").count() == 0
    shot(a, "two-days-phone-own-confirmation")
    b.goto(f"{url}/s/{theirs.code}")
    b.click("button.confirm")
    b.wait_for_selector("p.result", timeout=WAIT)


def word_tools_closed(phone: Any, errors: Errors, url: str, client: httpx.Client) -> None:
    """During the round a player's phone asks for the word tools: 403, in Polish."""
    for path in ("/slowa?rack=KOTAE%C5%81%3F", "/analiza"):
        errors.expect(url + path, 403)
        answer = phone.goto(url + path)
        assert answer is not None and answer.status == 403, path
        assert "stanowisku sprawdzania" in phone.inner_text("main")
        assert client.get(path).status_code == 403
    assert client.post("/analiza", data={"gcg": "x"}).status_code == 403


# ---- the test -----------------------------------------------------------------------


def test_a_forty_player_tournament_over_two_days(hall: Hall) -> None:
    from typer.testing import CliRunner

    from plansza.cli.main import app as cli

    url = hall.url
    started = time.monotonic()
    errors = Errors()
    phones = Phones(url)
    pool = ThreadPoolExecutor(max_workers=4)
    pairs: dict[int, dict[int, str]] = {}
    dates: dict[int, str] = {}
    try:
        with chromium() as browser:
            laptop = new_context(browser, errors, LAPTOP)
            console = laptop.new_page()
            console.on("dialog", lambda d: d.accept())  # "Close the tournament?"
            sign_up(console, url)
            granted = CliRunner().invoke(cli, ["konto", "sedzia", "sedzia", "--db", hall.db])
            assert granted.exit_code == 0, granted.output
            create(console, url)
            register(console, url)
            shot(console, "two-days-players")
            real = [new_context(browser, errors, PHONE).new_page() for _ in range(4)]

            for n in range(1, ROUNDS + 1):
                if n == 5:  # after round 4: the second day of play, with its date
                    console.goto(f"{url}/sedzia")
                    form = console.locator("form[action='/sedzia/akcja/nowy-dzien']")
                    form.locator("input[name=date]").fill(DAY2)
                    assert form.locator("button").inner_text() == "Rozpocznij 2. dzień gry"
                    submit(console, "form[action='/sedzia/akcja/nowy-dzien'] button")
                    assert "dzień gry: 2." in console.inner_text("main")
                pairs[n] = pair(console, url, n)
                if n == 5:
                    shot(console, "day2-console")
                if n == CORRECTED[0] + 1:
                    k, table = CORRECTED
                    sa, sb = scores(k, table)
                    correct(console, url, k, table, sa + 10, sb)
                round_slips = slips(console, url, n)
                dates[n] = {s.day for s in round_slips.values()}.pop()
                if n == 1:
                    shot(console, "two-days-slips")
                    word_tools_closed(real[0], errors, url, phones.of(round_slips[5].halves[0]))
                # eighteen tables on phones driven by HTTP, four at a time
                http = [
                    s for t, s in sorted(round_slips.items())
                    if t not in REAL and (n, t) != WALKOVER[:2]
                ]  # fmt: skip
                done = pool.map(lambda s, n=n: phones.table(s, *scores(n, s.table)), http)
                # two tables on real phones meanwhile
                for i, t in enumerate(REAL):
                    a, b = real[2 * i], real[2 * i + 1]
                    if n == 2 and t == 2:
                        refused_own_confirmation(a, b, url, round_slips[t], *scores(n, t), errors)
                    else:
                        real_table(a, b, url, round_slips[t], *scores(n, t))
                    if n == 1 and t == 1:
                        shot(b, "two-days-phone-recorded")
                list(done)  # every HTTP table's result recorded (or its assertion raised)
                if n == WALKOVER[0]:
                    walkover(console, url, *WALKOVER)
                console.goto(f"{url}/sedzia")
                row = console.locator("table.console tr", has_text=f"Runda {n}").first
                assert "20 z 20" in row.inner_text(), row.inner_text()

            # the close (TR 4.6.4), then the files
            console.goto(f"{url}/sedzia")
            said = submit(console, "form[action='/sedzia/akcja/zamknij'] button")
            assert "Turniej jest zamknięty" in said, said
            shot(console, "two-days-closed")
            with console.expect_download() as got:
                console.click("a[href='/sedzia/plik/federacja.csv']")
            federation = Path(got.value.path()).read_text(encoding="utf-8")
            console.goto(f"{url}/sedzia/plik/raport-sedziego.html")
            report = console.inner_text("body")
            facts = {
                str(dt.inner_text()): str(dd.inner_text())
                for dt, dd in zip(
                    console.locator("dl.facts dt").all(),
                    console.locator("dl.facts dd").all(),
                    strict=True,
                )
            }
            shot(console, "two-days-report")
            laptop.close()
    finally:
        pool.shutdown(wait=True)
        phones.close()
    print(f"the tournament through the browser: {time.monotonic() - started:.1f} s")
    assert not errors, errors.seen

    # ---- the files against the log, read with the domain code ----------------------
    from plansza.tournament.storage import TournamentFile

    t = TournamentFile.open(str(hall.path))
    try:
        state, events = t.state(), t.events()
    finally:
        t.close()
    assert state.closed and state.day == 2
    assert [dates[n] for n in range(1, ROUNDS + 1)] == [DAY1] * 4 + [DAY2] * 3  # the slips
    names = {pid: p.name for pid, p in state.players.items()}
    assert sorted(names.values()) == sorted(PLAYERS)
    for n, previewed in pairs.items():  # the pairing recorded is the one previewed
        for p in state.rounds[n].pairings:
            line = previewed[p.table]
            first, second = names[p.first], names[p.second]  # type: ignore[index]
            assert first in line and second in line and line.index(first) < line.index(second)

    by = [e.by for e in events if e.kind == "result"]
    assert len(by) == ROUNDS * 20 - 1  # every game but the walkover, from the tables
    assert all(b is not None and b.startswith("table:") for b in by), set(by)
    rows = list(csv.DictReader(io.StringIO(federation)))
    assert len(rows) == ROUNDS * 20
    listed = {(int(r["round"]), int(r["table"])): r for r in rows}
    for n, rnd in state.rounds.items():
        assert rnd.day == (1 if n <= 4 else 2)
        for p in rnd.pairings:
            assert p.second is not None and p.result is not None
            row = listed[(n, p.table)]
            assert row["date"] == (DAY1 if n <= 4 else DAY2), row
            assert (row["player1"], row["player2"]) == (names[p.first], names[p.second])
            assert (int(row["score1"]), int(row["score2"])) == (
                p.result.score_first,
                p.result.score_second,
            ), row
            expected = scores(n, p.table)
            if (n, p.table) == CORRECTED:
                expected = (expected[0] + 10, expected[1])
            if (n, p.table) == WALKOVER[:2]:
                # TR 7.2: N = max(⌈(S + M·400)/R⌉, the score at the time, 400), S the
                # winner's scores before, M the games left with this one, R the rounds
                assert p.result.kind == "walkover" and p.result.winner == 1
                assert row["walkover"] == "1"
                before = sum(g.score for g in state.games_of(p.second, n - 1))
                left = ROUNDS - n + 1
                n_score = max(-(-(before + left * 400) // ROUNDS), WALKOVER[2], 400)
                assert (p.result.score_first, p.result.score_second) == (1, n_score)
            else:
                assert row["walkover"] == ""
                assert (p.result.score_first, p.result.score_second) == expected
    given = [e.data for e in events if e.kind == "walkover"]
    assert len(given) == 1 and given[0]["score"] == WALKOVER[2]
    fixes = [e for e in events if e.kind == "correct"]
    assert len(fixes) == 1 and fixes[0].data["consent"] == "referee", fixes
    assert fixes[0].data["day"] == 2 and fixes[0].by == "sedzia"
    assert [c["consent"] for c in state.corrections] == ["referee"]
    assert fixes[0].seq > next(
        e.seq for e in events if e.kind == "paired" and e.data.get("round") == 6
    )

    # the report: both days, the walkover, the correction with the referee's consent
    assert facts["Dni zawodów"] == f"{DAY1}, {DAY2}", facts
    assert facts["Rozegrane partie"] == str(ROUNDS * 20) and facts["Zawodnicy"] == "40"
    assert "sędzia, w tym samym dniu zawodów" in report, report
    assert "błąd w zsumowaniu punktów" in report
    assert "Walkowery (TR 7.2)" in report
    assert all(name in report for name in PLAYERS)


# ---- defects found on the way, fixed -----------------------------------------------


def test_the_ranked_check_sees_the_second_day_of_play(tmp_path: Path) -> None:
    from plansza.i18n import translator
    from plansza.services.tournament import Referee, new_settings
    from plansza.tournament.paperwork import referee_report

    def now() -> str:
        return "2026-05-02T10:00:00"

    path = str(tmp_path / "t.turniej.sqlite")
    settings = new_settings("Puchar", 7, "halving", dates=[DAY1], today="2026-04-01")
    Referee.create(path, settings, now)
    with Referee.open(path, now) as r:
        for i, name in enumerate(PLAYERS[:8]):
            r.add_player({"name": name, "ranking": 150.0 - i, "games": 100})
        state, _ = r.pair(1)
        for p in state.rounds[1].pairings:
            a, b = state.players[p.first].name, state.players[p.second].name
            r.result(1, a, "400", b, "350")
        r.new_day("2026-05-05")  # a Tuesday: a working day between no two days off
        r.pair(2)
        state = r.state()
    report = referee_report(state, translator("pl"))
    assert report.days == [DAY1, "2026-05-05"]  # the report's "Dni zawodów": both
    ((ok, text),) = [(ok, text) for ok, text in report.findings if "RR §4: dni wolne" in text]
    assert "2026-05-05" in text, text
    assert not ok  # a Tuesday not between two days off: not a ranked tournament's day


def test_no_page_makes_the_browser_log_a_missing_icon(words: Any) -> None:
    from starlette.testclient import TestClient

    from plansza.server.app import create_app

    with TestClient(create_app(db="sqlite://", words=words, secret="s")) as client:
        lobby = client.get("/").text
        assert 'rel="icon"' in lobby or client.get("/favicon.ico").status_code == 200
