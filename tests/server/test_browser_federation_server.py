"""From the hall to the list every player reads (issue 46), in a real browser, on two
``plansza serve`` processes: the hall (``--tournament FILE --send-to URL --key-file
KEY``) and the federation's server (``--federation FILE``).

The referee closes the tournament in the console while the federation cannot be
reached (its server is not running yet): the console says it is queued. The
federation's server starts; the hall's queue sends the file on its own, and the
console says it was sent. The ranking administrator (an account the board named)
finds on the desk the temporary ranking the hall registered for a player with 12
games (RR §2.4), corrects it with a reason, and accepts: the list is published. A
player reads the new list, finds the player by a search in Polish order, opens her
page and the tournament's; signs up for a coming tournament in the calendar.

Screenshots go to ``build/screenshots/federation-*.png`` (used in the docs); every
page is checked by axe-core in both colour schemes.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import time
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from plansza.cli.main import app as cli
from plansza.services.federation import Federation
from plansza.services.federation_server import FederationServer

from .axe import assert_accessible_everywhere, assert_accessible_in_both_schemes
from .hall_watch import WAIT, sign_up
from .served import SHOTS, Served, chromium, lexicon_file
from .test_federation_server import KLUB, REFEREE

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.slow

LISTED = ["Żak Anna", "Łoś Jan", "Nowak Ewa", "Abacki Adam", "Ćwik Ola", "Świątek Iga", "Dudek Ugo"]
TEMPORARY = "Ęgiel Ula"  # 12 games in the history: a temporary ranking (RR §2.4)


def history_csv(path: Path) -> None:
    """Three earlier tournaments: the listed players 36 games each, Ęgiel Ula 12."""
    rows = ["date,tournament,player1,player2,score1,score2"]
    for n, day in enumerate(("2025-06-07", "2025-10-11", "2026-02-14")):
        for i, a in enumerate(LISTED):
            for j, b in enumerate(LISTED):
                if i != j:
                    high = 380 + (7 * i + 11 * j + n) % 90
                    rows.append(f"{day},Turniej {n + 1},{a},{b},{high},{high - 20 - i * 9 + j}")
    for k in range(12):
        other = LISTED[k % len(LISTED)]
        rows.append(f"2026-02-14,Turniej 3,{TEMPORARY},{other},{350 + k * 7},{400 - k * 3}")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")


def hall_file(path: Path) -> None:
    """The kept club tournament before its close, ranked, run by the referee."""
    shutil.copy(KLUB, path)
    with sqlite3.connect(path) as db:
        seq, data = db.execute("SELECT seq, data FROM events WHERE kind = 'created'").fetchone()
        settings = json.loads(data)
        settings["settings"].update(category="ranked", referee=REFEREE)
        db.execute("UPDATE events SET data = ? WHERE seq = ?", (json.dumps(settings), seq))
        closed = db.execute("SELECT seq FROM events WHERE kind = 'closed'").fetchone()[0]
        db.execute("DELETE FROM events WHERE seq >= ?", (closed,))
    db.close()


class Two:
    def __init__(self, hall: Served, federation: Served, hall_db: str) -> None:
        self.hall, self.federation, self.hall_db = hall, federation, hall_db


@pytest.fixture
def two(tmp_path: Path) -> Iterator[Two]:
    fed = str(tmp_path / "pfs.federacja.sqlite")
    server = FederationServer(fed, lambda: "2026-05-01T10:00:00", create=True)
    board = Federation(server.registry, lambda: "2026-05-01T10:00:00")
    board.add_member(REFEREE, born=date(1980, 1, 1), since=date(2010, 1, 1))
    board.grant(REFEREE, 1, date(2025, 6, 1))
    history = tmp_path / "history.csv"
    history_csv(history)
    assert server.import_history(str(history)) == 3
    server.name_administrator("ranking")
    key_id, secret = server.issue_key(REFEREE)
    server.announce(
        "Puchar Wiosny",
        date.today() + timedelta(days=30),
        category="ranked",
        referee=REFEREE,
        place="Łódź, Hala Sportowa",
    )
    server.close()
    key = tmp_path / "klucz.txt"
    key.write_text(f"{key_id}:{secret}\n", encoding="utf-8")
    hall_path = tmp_path / "klub.turniej.sqlite"
    hall_file(hall_path)
    lexicon = str(lexicon_file(tmp_path))
    fed_argv = [
        "--federation",
        fed,
        "--db",
        f"sqlite:///{tmp_path / 'fed-web.db'}",
        "--lexicon",
        lexicon,
    ]
    federation = Served(tmp_path, "federation", fed_argv, ready="/federacja/lista")
    hall_db = f"sqlite:///{tmp_path / 'hall-web.db'}"
    hall_argv = [
        "--tournament",
        str(hall_path),
        "--db",
        hall_db,
        "--lexicon",
        lexicon,
        "--send-to",
        federation.url,
        "--key-file",
        str(key),
    ]
    hall = Served(tmp_path, "hall", hall_argv, env={"PLANSZA_SEND_RETRY_MAX": "1"})
    hall.start()
    try:
        yield Two(hall, federation, hall_db)
    finally:
        hall.stop()
        federation.stop()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def context(browser: Any, errors: list[str]) -> Any:
    c = browser.new_context(locale="pl-PL", viewport={"width": 1280, "height": 900})
    c.set_default_timeout(WAIT)
    page = c.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    return page


def test_from_the_hall_to_the_players_list(two: Two) -> None:
    errors: list[str] = []
    with chromium() as browser:
        referee = context(browser, errors)
        sign_up(referee, two.hall.url, "sedzia")
        granted = CliRunner().invoke(cli, ["konto", "sedzia", "sedzia", "--db", two.hall_db])
        assert granted.exit_code == 0, granted.output
        referee.goto(f"{two.hall.url}/sedzia")
        assert "Nie wysłano jeszcze." in referee.inner_text("main")
        assert referee.locator("form[action='/sedzia/federacja/wyslij']").count() == 0
        with referee.expect_navigation():
            referee.click("form[action='/sedzia/akcja/zamknij'] button")
        # the network is down: the federation's server is not running
        with referee.expect_navigation():
            referee.click("form[action='/sedzia/federacja/wyslij'] button")
        said = referee.inner_text("main")
        assert "W kolejce" in said, said
        shot(referee, "federation-hall-queued")
        assert_accessible_in_both_schemes(referee, "the console, queued")
        two.federation.start()  # the network is back
        deadline = time.monotonic() + 30
        while "Wysłano do federacji" not in referee.inner_text("p.sending"):
            assert time.monotonic() < deadline, referee.inner_text("p.sending")
            time.sleep(0.5)
            referee.reload()
        shot(referee, "federation-hall-sent")

        admin = context(browser, errors)
        sign_up(admin, two.federation.url, "ranking")
        admin.goto(f"{two.federation.url}/federacja/biuro")
        admin.click("text=Klubowy Łódź")
        admin.wait_for_selector("h1:has-text('Klubowy Łódź')")
        finding = admin.locator("li.finding-temporary")
        assert finding.count() == 1 and TEMPORARY in finding.inner_text()
        assert "RR §2.4" in finding.inner_text()
        shot(admin, "federation-desk")
        assert_accessible_in_both_schemes(admin, "the desk")
        row = admin.locator("tr", has_text=TEMPORARY)
        expected = row.locator("input[name=ranking]").input_value()
        assert expected and expected != "99"
        row.locator("input[name=why]").fill("ranking tymczasowy: 12 gier (RR §2.4)")
        with admin.expect_navigation():
            row.locator("button").click()
        assert admin.locator("li.finding-temporary").count() == 0
        assert "ranking tymczasowy: 12 gier" in admin.inner_text("ul.fixes")
        with admin.expect_navigation():
            admin.click("button[value=accept]")
        assert "Nic nie czeka." in admin.inner_text("main")

        player = context(browser, errors)
        player.goto(f"{two.federation.url}/federacja/lista")
        assert "lista z dnia 2026-05-04" in player.inner_text("h1")
        assert TEMPORARY in player.inner_text("table.ranking")
        shot(player, "federation-list")
        assert_accessible_in_both_schemes(player, "the list")
        player.fill("input[name=q]", "ę")
        with player.expect_navigation():
            player.click("form.search button")
        shown = player.locator("table.ranking tbody td a").all_inner_texts()
        assert shown[0] == TEMPORARY  # Polish order: Ę after E
        player.click(f"text={TEMPORARY}")
        player.wait_for_selector(f"h1:has-text('{TEMPORARY}')")
        assert "Klubowy Łódź" in player.inner_text("main")
        shot(player, "federation-player")
        assert_accessible_in_both_schemes(player, "a player's page")
        player.click("text=Klubowy Łódź")
        player.wait_for_selector("h1:has-text('Klubowy Łódź')")
        assert REFEREE in player.inner_text("main") and "Runda 5" in player.inner_text("main")
        shot(player, "federation-tournament")
        assert_accessible_in_both_schemes(player, "a tournament's page")

        sign_up(player, two.federation.url, "ula")
        player.goto(f"{two.federation.url}/federacja/kalendarz")
        player.fill("section.fed-coming input[name=name]", TEMPORARY)
        with player.expect_navigation():
            player.click("form.fed-signup button")  # "Zapisz się"
        assert TEMPORARY in player.inner_text("section.fed-coming")
        shot(player, "federation-calendar")
        assert_accessible_in_both_schemes(player, "the calendar")

        # the public pages on a phone, in both languages and both schemes (issue 44)
        phone = browser.new_context(
            locale="pl-PL", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        ).new_page()
        phone.on("pageerror", lambda e: errors.append(str(e)))
        base = two.federation.url
        for path in (
            "/federacja/lista",
            f"/federacja/gracz/{TEMPORARY}",
            "/federacja/turniej/klubowy-lodz-2026-05-02",
            "/federacja/kalendarz",
        ):
            assert_accessible_everywhere(phone, base + path, f"{path} on a phone")
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390 + 1, f"the calendar scrolls sideways on a phone: {width}px"
        shot(phone, "federation-calendar-phone")
        phone.goto(f"{base}/federacja/lista")
        shot(phone, "federation-list-phone")
    assert errors == []
