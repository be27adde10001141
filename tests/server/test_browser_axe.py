"""Accessibility of the pages, checked in a real browser by axe-core (issue 44, item 3).

axe-core comes with the ``axe-playwright-python`` package; it runs inside each page as
Chromium shows it (Playwright with Debian's Chromium, as in ``test_browser.py``) and
reports the rules the page breaks. A page passes with no violation of impact
"serious" or "critical", on a desktop and on a phone, in Polish and in English, with
the system's light and dark colour schemes.

The pages of a plain server: the lobby, a game under way against the computer as its
player sees it, the word check with an answer, the analysis form, the account's forms
(the hall's, Belgijka's, the ranking's and the federation's pages are checked in their
own browser tests, with ``tests/server/axe.py``). And a whole game played with the
keyboard alone.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.server import test_browser
from tests.server.axe import assert_accessible_in_both_schemes, violations
from tests.server.test_browser import Server, shot, start_game, watch

playwright_sync = pytest.importorskip("playwright.sync_api")
pytest.importorskip("axe_playwright_python.sync_playwright")

# the game page's server and browser, as test_browser.py makes them (fixtures by name)
server = test_browser.server
browser = test_browser.browser

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
PAGES = ("/", "{game}", "/slowa?q=KOT", "/analiza", "/konto/logowanie", "/konto/rejestracja")
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_no_serious_accessibility_violation(
    server: Server, browser: Any, scheme: str, device: str, lang: str
) -> None:
    shape = DESKTOP if device == "desktop" else PHONE
    ctx = browser.new_context(**shape, locale="pl-PL", color_scheme=scheme)
    try:
        page = ctx.new_page()
        errors = watch(page)
        page.goto(f"{server.url}/?lang={lang}")
        start_game(page, server.url, "static")
        game = page.url.split("?")[0]
        found: dict[str, list[str]] = {}
        for path in PAGES:
            url = game if path == "{game}" else f"{server.url}{path}"
            page.goto(url)
            page.wait_for_load_state("load")
            if path == "{game}":
                page.wait_for_selector("#board .sq")
                page.wait_for_selector("#rack .tile")
                shot(page, f"game-{scheme}-{device}-{lang}")  # looked at by a person
            assert page.evaluate("document.documentElement.lang") == lang, url
            if bad := violations(page):
                found[path] = bad
        assert not found, "\n".join(f"{p}: {line}" for p, lines in found.items() for line in lines)
        assert not errors, errors
    finally:
        ctx.close()


def test_the_check_finds_a_violation(server: Server, browser: Any) -> None:
    """The check itself can fail: a button without a name on a page is reported."""
    ctx = browser.new_context(**DESKTOP)
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/")
        page.evaluate(
            "() => { const b = document.createElement('button'); b.id = 'nameless';"
            " document.body.appendChild(b); }"
        )
        assert any(line.startswith("button-name") for line in violations(page))
    finally:
        ctx.close()


def tab_to(page: Any, selector: str, limit: int = 80) -> None:
    """Press Tab until the element ``selector`` has the focus (as a keyboard user
    reaches it), and check the focus is visible there."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            ring = page.evaluate(
                "() => { const s = getComputedStyle(document.activeElement);"
                " return [s.outlineStyle, s.outlineWidth, s.boxShadow]; }"
            )
            assert (ring[0] != "none" and ring[1] != "0px") or ring[2] != "none", (selector, ring)
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_whole_game_with_the_keyboard_alone(server: Server, browser: Any) -> None:
    """From the lobby to the result with the keyboard only: the fields and buttons are
    reached by Tab with a visible focus, moves are typed in the notation, the
    computer's plays are announced in the status line (a live region) and accepted
    with Enter on the button."""
    from plansza.engine import make_player
    from plansza.engine.base import view_of
    from plansza.moves import Exchange, Play

    ctx = browser.new_context(**DESKTOP, locale="pl-PL")
    try:
        page = ctx.new_page()
        errors = watch(page)
        page.goto(f"{server.url}/?lang=pl")
        tab_to(page, "form.lobby input[name=name]")
        page.keyboard.type("Klawiatura Żółć")
        tab_to(page, "form.lobby button[type=submit]")
        page.keyboard.press("Enter")
        page.wait_for_selector("#board .sq", timeout=test_browser.WAIT)
        status = page.locator("#message")
        assert status.get_attribute("role") == "status"
        assert status.get_attribute("aria-live") == "polite"
        game = server.game(page)
        computer = page.inner_text('.player[data-seat="1"] .name').strip()
        me = make_player("static", game.words, game.rules, seed=3)
        moves = announced = 0
        for _ in range(120):
            now = test_browser.wait_for(page, "turn", "answer", "over")
            if now == "over":
                break
            if now == "answer":  # the computer's play, said in the status line
                said = status.inner_text()
                pending = game.pending
                assert pending is not None
                assert said.startswith(f"{computer}: ") and str(pending.scored.score) in said, said
                announced += 1
                tab_to(page, "[data-act=accept]")
                page.keyboard.press("Enter")
                page.wait_for_function(
                    "() => document.querySelector('[data-act=accept]').hidden",
                    timeout=test_browser.WAIT,
                )
                continue
            n = len(game.history)
            move = me.choose(view_of(game, 0))
            text = str(move) if isinstance(move, (Play, Exchange)) else "pauza"
            tab_to(page, "#movetext")
            page.keyboard.type(text)
            page.keyboard.press("Enter")
            moves += 1
            page.wait_for_function(
                "(n) => document.querySelectorAll('#sheet tr').length > n",
                arg=n,
                timeout=test_browser.WAIT,
            )
        else:
            pytest.fail("the game did not end")
        assert game.result is not None and moves >= 3 and announced >= 3, (moves, announced)
        assert "Partia zakończona" in page.inner_text("#result-head")
        assert_accessible_in_both_schemes(page, "the game's end")
        assert not errors, errors
    finally:
        ctx.close()


def test_the_other_pages_of_a_game_and_an_account(server: Server, browser: Any) -> None:
    """The pages a player meets around a game, in both colour schemes: an invitation's
    form and the page waiting for the friend, the account after signing up, an
    analysis of a game record, the page shown without a network, a page not found."""
    from plansza.samples import __file__ as samples

    check = assert_accessible_in_both_schemes
    ctx = browser.new_context(**DESKTOP, locale="pl-PL")
    guest_ctx = browser.new_context(**PHONE, locale="pl-PL")
    try:
        page = ctx.new_page()
        errors = watch(page)
        page.goto(f"{server.url}/")
        page.fill("form.lobby input[name=name]", "Gospodyni")
        page.check("input[name=opponent][value=person]")
        page.click("form.lobby button[type=submit]")
        page.wait_for_selector(".invite input")
        check(page, "a game waiting for the friend")
        guest = guest_ctx.new_page()
        guest.goto(page.input_value(".invite input"))
        guest.wait_for_selector("input[name=name]")
        check(guest, "the invitation's form")
        page.goto(f"{server.url}/konto/rejestracja")
        page.fill("input[name=nickname]", "dostepna")
        page.fill("input[name=password]", "tajne-haslo-44")
        page.fill("input[name=password2]", "tajne-haslo-44")
        page.click("form.account button[type=submit]")
        page.wait_for_load_state("load")
        page.goto(f"{server.url}/konto")
        check(page, "the account")
        page.goto(f"{server.url}/analiza")
        record = (Path(samples).parent / "demo.gcg").read_text(encoding="utf-8")
        page.fill("textarea[name=text]", record)
        page.click("form button[type=submit]")
        page.wait_for_url(re.compile(r".*/analiza/[0-9a-f]+$"), timeout=test_browser.WAIT)
        page.wait_for_load_state("load")
        check(page, "an analysis")
        page.goto(f"{server.url}/bez-sieci")
        check(page, "the page without a network")
        assert page.goto(f"{server.url}/nie-ma-takiej-strony").status == 404
        check(page, "a page not found")
        assert not errors, errors
    finally:
        guest_ctx.close()
        ctx.close()


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_files_the_referee_prints_or_publishes(browser: Any, lang: str) -> None:
    """The HTML files the CLI writes (a tournament's report, a round's pairings, the
    standings, the list by name, the result slips, the referee's report): each opened
    alone, as a browser shows a file, on a desktop in both colour schemes and printed."""
    from tests.tournament.test_tsh_reports import played

    from plansza import i18n
    from plansza.tournament import paperwork, reports

    state = played()
    t = i18n.translator(lang)
    files = {
        "report": reports.html_report(state, t, teams=True),
        "round": reports.round_page(state, 3, t),
        "standings": reports.standings_page(state, 2, t),
        "by name": paperwork.by_name_page(state, 3, t),
        "slips": paperwork.slips_page(state, 3, t),
        "referee's report": paperwork.referee_report_page(state, t),
    }
    ctx = browser.new_context(**DESKTOP)
    try:
        page = ctx.new_page()
        for what, html in files.items():
            page.set_content(html)
            assert page.evaluate("document.documentElement.lang") == lang, what
            assert_accessible_in_both_schemes(page, f"{what} [{lang}]")
            page.emulate_media(media="print")
            if bad := violations(page):
                pytest.fail(f"{what} [{lang}], printed:\n" + "\n".join(bad))
            page.emulate_media(media="screen")
    finally:
        ctx.close()
