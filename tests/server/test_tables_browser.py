"""Results from the tables in a real browser: two phones (browser contexts) enter and
confirm one table; another table's players disagree and the referee settles it on the
queue page; the slips render. Screenshots go to ``build/screenshots/``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plansza.lexicon import Lexicon
from plansza.services import tables
from plansza.tournament.model import Settings
from plansza.tournament.storage import TournamentFile

from .test_browser import ARGS, ensure_chromium, shot
from .test_tables import make
from .test_tables_real import serve

playwright_sync = pytest.importorskip("playwright.sync_api")
PHONE = {"width": 390, "height": 844}
NAMES = ("Łoś Ola", "Lis Adam", "Sowa Ewa", "<script>alert(1)</script>")


@pytest.fixture
def hall(words: Lexicon, tmp_path: Path) -> Iterator[tuple[str, str, Any]]:
    from plansza.server.app import create_app

    path = make(str(tmp_path / "t.sqlite"), NAMES, Settings("Puchar", 3, "halving"))
    app = create_app(
        db=f"sqlite:///{tmp_path / 'web.db'}", words=words, secret="s", tournament=path
    )
    server = serve(app)
    url = next(server)
    yield url, path, app
    server.close()


def results(path: str) -> list[tuple[dict[str, Any], str | None]]:
    f = TournamentFile.open(path)
    try:
        return [(e.data, e.by) for e in f.events() if e.kind == "result"]
    finally:
        f.close()


def test_two_phones_and_the_referee(hall: tuple[str, str, Any]) -> None:
    url, path, app = hall
    store = app.state.hub.store
    secret = store.tables.secret(str(Path(path).resolve()))
    one = [tables.player_code(secret, 1, 1, side) for side in (0, 1)]
    two = [tables.player_code(secret, 1, 2, side) for side in (0, 1)]
    alerts: list[str] = []
    with playwright_sync.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        a = browser.new_context(viewport=PHONE, locale="pl-PL").new_page()
        b = browser.new_context(viewport=PHONE, locale="pl-PL").new_page()
        for phone in (a, b):
            phone.on("dialog", lambda d: (alerts.append(d.message), d.dismiss()))
        # table 1: A types their code, enters; B opens their own code and confirms
        a.goto(f"{url}/stolik")
        shot(a, "tables-phone-code")
        a.fill("input[name=kod]", one[0].lower())
        a.click("button[type=submit]")
        a.fill("input[name=sa]", "412")
        a.fill("input[name=sb]", "388")
        a.click("form.enter button[type=submit]")
        a.wait_for_selector(".notice")
        shot(a, "tables-phone-entered")
        b.goto(f"{url}/s/{one[1]}")
        shot(b, "tables-phone-confirm")
        b.click("button.confirm")
        b.wait_for_selector("p.result")
        shot(b, "tables-phone-recorded")
        assert [(d["sa"], d["sb"], by) for d, by in results(path)] == [(412, 388, "table:1")]
        # table 2: the two phones disagree
        for phone, side, sa, sb in ((a, 0, "300", "280"), (b, 1, "300", "290")):
            phone.goto(f"{url}/s/{two[side]}")
            phone.fill("input[name=sa]", sa)
            phone.fill("input[name=sb]", sb)
            phone.click("form.enter button[type=submit]")
        b.wait_for_selector("p.mismatch")
        shot(b, "tables-phone-mismatch")
        assert len(results(path)) == 1  # not in the standings
        # the referee logs in and settles it
        ref = browser.new_context(viewport={"width": 1100, "height": 900}, locale="pl-PL")
        r = ref.new_page()
        r.goto(f"{url}/konto/rejestracja")
        r.fill("input[name=nickname]", "sedzia")
        r.fill("input[name=password]", "tajne-haslo-1")
        r.fill("input[name=password2]", "tajne-haslo-1")
        r.click("main button[type=submit]")
        assert store.users.set_referee("sedzia", True)
        r.goto(f"{url}/sedzia/wyniki")
        shot(r, "tables-queue")
        r.click("tr.mismatch form:has(input[name=choice][value='1']) button")
        r.wait_for_selector(".notice")
        shot(r, "tables-queue-settled")
        r.goto(f"{url}/sedzia/karty?runda=1")
        assert r.locator("div.slip svg").count() == 4  # a QR code on each player's half
        # printed, four slips to an A4 sheet: the two of this round on one page
        pdf = r.pdf(format="A4", print_background=True)
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
        shot(r, "tables-slips")
        browser.close()
    assert [(d["sa"], d["sb"], by) for d, by in results(path)] == [
        (412, 388, "table:1"),
        (300, 290, "sedzia"),
    ]
    assert alerts == []  # the name like a script never ran


def test_an_entry_waits_on_the_phone_while_the_network_is_down(
    hall: tuple[str, str, Any],
) -> None:
    """The hall's network drops as a player sends: the entry stays on the phone, is
    sent when the network is back, and a confirmation kept across a closed page is
    sent when the page is opened again."""
    url, path, app = hall
    secret = app.state.hub.store.tables.secret(str(Path(path).resolve()))
    one = [tables.player_code(secret, 1, 1, side) for side in (0, 1)]
    with playwright_sync.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        a_context = browser.new_context(viewport=PHONE, locale="pl-PL")
        a = a_context.new_page()
        a.goto(f"{url}/s/{one[0]}")
        a.fill("input[name=sa]", "412")
        a.fill("input[name=sb]", "388")
        a_context.set_offline(True)
        a.click("form.enter button[type=submit]")
        a.wait_for_selector(".kept-note:not([hidden])")
        assert "zachowany w telefonie" in a.inner_text(".kept-note")
        shot(a, "tables-phone-kept")
        assert a.input_value("input[name=sa]") == "412"  # nothing typed is lost
        a.wait_for_timeout(3500)  # a retry while still down changes nothing
        assert results(path) == []
        a_context.set_offline(False)
        a.wait_for_selector("p.notice[role=status]:not(.kept-note)", timeout=10000)
        assert a.locator(".kept-note").count() == 0
        # the other player confirms while down, closes the page, opens it again later
        b_context = browser.new_context(viewport=PHONE, locale="pl-PL")
        b = b_context.new_page()
        b.goto(f"{url}/s/{one[1]}")
        b_context.set_offline(True)
        b.click("button.confirm")
        b.wait_for_selector(".kept-note:not([hidden])")
        b.close()
        assert results(path) == []
        b_context.set_offline(False)
        b = b_context.new_page()
        b.goto(f"{url}/s/{one[1]}")
        b.wait_for_selector("p.result", timeout=10000)
        assert b.evaluate("() => window.localStorage.length") == 0
        browser.close()
    assert [(d["sa"], d["sb"], by) for d, by in results(path)] == [(412, 388, "table:1")]


def test_a_page_opened_while_the_server_is_away_is_polish(
    hall: tuple[str, str, Any],
) -> None:
    """A phone that opened its table's page once shows the kept Polish page, not the
    browser's error, when it opens a page while the server is away; the page comes
    back by itself when the server answers."""
    url, path, app = hall
    secret = app.state.hub.store.tables.secret(str(Path(path).resolve()))
    code = tables.player_code(secret, 1, 1, 0)
    with playwright_sync.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        context = browser.new_context(viewport=PHONE, locale="pl-PL")
        page = context.new_page()
        page.goto(f"{url}/stolik")
        page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
        context.set_offline(True)
        page.goto(f"{url}/s/{code}")
        page.wait_for_selector("#again")
        assert page.inner_text("h1") == "Serwer nie odpowiada"
        assert "wczyta się sama" in page.inner_text("main")
        shot(page, "tables-phone-offline")
        context.set_offline(False)
        page.wait_for_selector("form.enter", timeout=15000)  # the table's page, by itself
        assert page.url.endswith(f"/s/{code}")
        # with the server there the worker changes nothing: the table's page is served
        page.goto(f"{url}/s/{code}")
        assert page.locator("form.enter").count() == 1
        browser.close()
