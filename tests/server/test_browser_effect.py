"""The tournament's estimated effect on the ranking in a real browser (Playwright with
Debian's Chromium): the page from the list's link, its order switch, a new result
shown on the next visit. Screenshots in ``build/screenshots/``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from plansza.lexicon import Lexicon
from plansza.services.tournament import Referee

from .axe import assert_accessible_in_both_schemes
from .served import ARGS, ensure_chromium, serve
from .test_browser import WAIT, shot
from .test_ranking_effect import NAMES, history, stamp, tournament  # noqa: F401 (fixtures)

playwright_sync = pytest.importorskip("playwright.sync_api")


@pytest.fixture
def url(words: Lexicon, history: str, tournament: str) -> Iterator[str]:  # noqa: F811
    from plansza.server.app import create_app

    app = create_app(db="sqlite://", words=words, secret="t", ranking=history,
                     tournament=tournament, tournament_poll=0.1)  # fmt: skip
    yield from serve(app)


def test_the_effect_page_in_a_browser(url: str, tournament: str) -> None:  # noqa: F811
    with playwright_sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        page: Any = browser.new_page(viewport={"width": 1000, "height": 700}, locale="pl-PL")
        page.goto(url + "/ranking")
        page.click("a[href='/ranking/turniej']")
        page.wait_for_selector("table.effect", timeout=WAIT)
        rows = page.locator("table.effect tbody tr")
        assert rows.count() == len(NAMES)
        # the script-named player is text, not a script: the page has no dialog
        assert page.locator("table.effect").inner_text().count("<script>alert(1)</script>") == 1
        assert "szacunek" in page.locator("main").inner_text()
        shot(page, "ranking-effect")
        assert_accessible_in_both_schemes(page, "the effect page")  # issue 44 (axe-core)
        page.click("text=alfabetycznie")
        page.wait_for_url("**kolejnosc=nazwisko", timeout=WAIT)
        first = [rows.nth(i).locator("td").first.inner_text() for i in range(rows.count())]
        # Polish order: "<" before letters, then Ć before D before H
        assert first[1:] == ["Ćwik Jan", "Dora Ćma", "Hela Żółw"]
        shot(page, "ranking-effect-by-name")
        # the tournament's pages link to it
        page.goto(url + "/turniej")
        assert page.locator("a[href='/ranking/turniej']").count() == 1
        page.goto(url + "/ranking")
        assert_accessible_in_both_schemes(page, "the ranking list")
        browser.close()


def test_round_two_shows_on_the_next_visit(url: str, tournament: str) -> None:  # noqa: F811
    with playwright_sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        page: Any = browser.new_page(locale="pl-PL")
        page.goto(url + "/ranking/turniej")
        before = page.locator("main p").first.inner_text()
        with Referee.open(tournament, stamp) as ref:
            ref.pair()
            state = ref.state()
            for pr in state.rounds[2].pairings:
                a, b = state.players[pr.first].name, state.players[pr.second or 0].name
                ref.result(2, a, "350", b, "350")
        time.sleep(0.5)  # the watch reads the log every 0.1 s
        page.reload()
        after = page.locator("main p").first.inner_text()
        assert "2 partie" in before and "4 partie" in after
        browser.close()
