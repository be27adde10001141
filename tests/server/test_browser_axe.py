"""Accessibility of the pages, checked in a real browser by axe-core (issue 44, item 3).

axe-core comes with the ``axe-playwright-python`` package; it runs inside each page as
Chromium shows it (Playwright with Debian's Chromium, as in ``test_browser.py``) and
reports the rules the page breaks. A page passes with no violation of impact
"serious" or "critical", on a desktop and on a phone, in Polish and in English, with
the system's light and dark colour schemes.

The pages of a plain server: the lobby, a game under way against the computer as its
player sees it, the word check with an answer, the analysis form, the account's forms.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.server import test_browser
from tests.server.axe import violations
from tests.server.test_browser import Server, start_game, watch

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
