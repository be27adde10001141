"""An assistant referee in a real browser (RS §6.5): the head referee makes an account
an assistant from the console; the assistant enters a round's results from the round's
page, and is refused anything else (a pairing), in Polish. Screenshots go to
``build/screenshots/``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plansza.services.tournament import Referee
from plansza.tournament.model import Settings

from .served import SHOTS, chromium, serve
from .test_browser_day import PW, WAIT, Hall, enter_round, referee_page

pytestmark = pytest.mark.slow


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Hall]:
    from plansza.lexicon import Lexicon
    from plansza.server.app import create_app

    path = str(tmp_path / "puchar.turniej.sqlite")

    def now() -> str:
        return "2026-05-02T09:00:00"

    Referee.create(path, Settings("Puchar Hali", 3, "halving"), now)
    with Referee.open(path, now) as r:
        for name in ("Anna Żak", "Łukasz Ćwik", "Ola Nowak", "Jan Kos"):
            r.add_player({"name": name})
        r.pair(1)
    app = create_app(
        db=f"sqlite:///{tmp_path / 'web.db'}",
        words=Lexicon.default(progress=False),
        secret="t",
        tournament=path,
    )
    for url in serve(app):
        yield Hall(url, app, path)


def sign_up(browser: Any, hall: Hall, nick: str) -> Any:
    ctx = browser.new_context(viewport={"width": 1100, "height": 900}, locale="pl-PL")
    page = ctx.new_page()
    page.goto(f"{hall.url}/konto/rejestracja")
    page.fill("input[name=nickname]", nick)
    page.fill("input[name=password]", PW)
    page.fill("input[name=password2]", PW)
    page.click("form button[type=submit]")
    page.wait_for_url(re.compile(r".*/(konto)?$"))
    return page


def test_an_assistant_enters_the_results_and_nothing_else(hall: Hall) -> None:
    with chromium() as browser:
        head = referee_page(browser, hall)
        helper = sign_up(browser, hall, "Pomocnik")
        # the head referee makes the account an assistant referee
        head.goto(f"{hall.url}/sedzia")
        head.fill("input[name=nick]", "Pomocnik")
        head.click("button[name=role][value=pomocniczy]")
        head.wait_for_selector(".flash", timeout=WAIT)
        # the assistant enters round 1's results from its page
        enter_round(helper, hall, 1)
        SHOTS.mkdir(parents=True, exist_ok=True)
        helper.screenshot(path=str(SHOTS / "assistant-results.png"), full_page=True)
        assert "RS §6.5" in helper.content()
        with Referee.open(hall.path, lambda: "") as r:
            events = r.file.events()
        results = [e for e in events if e.kind == "result"]
        assert len(results) == 2 and {e.by for e in results} == {"Pomocnik"}
        # a pairing is the head referee's: refused, in Polish
        helper.goto(f"{hall.url}/sedzia")
        pair = "form[action='/sedzia/akcja/kojarz'] button[type=submit]:not([formaction])"
        helper.locator(pair).click()
        helper.wait_for_selector("main", timeout=WAIT)
        assert "sędzia pomocniczy" in helper.content().lower()
        helper.screenshot(path=str(SHOTS / "assistant-refused.png"), full_page=True)
        with Referee.open(hall.path, lambda: "") as r:
            assert 2 not in r.state().rounds
