"""Rated games in a real browser (issue 45): two new players sign up, play a rated
game by invitation (one on a desktop in Polish, one on a phone in English), see
their ratings move when it ends and open each other's profile with the rating's
chart — checked by axe-core in both colour schemes. Screenshots in
``build/screenshots/rated-*.png``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.server import test_browser
from tests.server.axe import assert_accessible_in_both_schemes
from tests.server.test_browser import WAIT, Server, shot, sign_up, wait_for, watch

playwright_sync = pytest.importorskip("playwright.sync_api")

server = test_browser.server
browser = test_browser.browser



def test_two_new_players_play_a_rated_game_and_see_their_ratings(
    server: Server, browser: Any
) -> None:
    desk = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pl-PL")
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-GB"
    )
    try:
        ala, ola = desk.new_page(), phone.new_page()
        errors = watch(ala) + watch(ola)
        ala.on("dialog", lambda d: d.accept())
        ola.on("dialog", lambda d: d.accept())
        sign_up(ala, server.url, "Żaneta")
        sign_up(ola, f"{server.url}", "Oliwia")
        ola.goto(f"{server.url}/?lang=en")
        # a rated game by invitation, 5 minutes: the blitz pool
        ala.goto(f"{server.url}/")
        ala.fill("form.lobby input[name=name]", "Żaneta")
        ala.check("input[name=opponent][value=person]")
        ala.fill("input[name=minutes]", "5")
        ala.check("input[name=rated]")
        ala.click("form.lobby button[type=submit]")
        ala.wait_for_selector(".invite input")
        assert "Rankingowa: zasady PFS, błyskawiczne (do 6 min)" in ala.inner_text("#kind")
        link = ala.input_value(".invite input")
        ola.goto(link)
        assert "A rated game" in ola.inner_text("main")
        ola.click("form.lobby button[type=submit]")
        ola.wait_for_selector("#board .sq")
        assert "Rated: PFS rules, blitz (up to 6 min)" in ola.inner_text("#kind")
        # two passes, then the one to move resigns
        for _ in range(2):
            mover = ala if wait_for(ala, "turn", "wait") == "turn" else ola
            wait_for(mover, "turn")
            mover.click("[data-act=pass]")
            mover.wait_for_function(
                "() => document.querySelectorAll('#sheet tr').length >= 1", timeout=WAIT
            )
        loser = ala if wait_for(ala, "turn", "wait") == "turn" else ola
        wait_for(loser, "turn")
        loser.click("[data-act=resign]")
        for page in (ala, ola):
            wait_for(page, "over")
            page.wait_for_function(
                "() => document.querySelector('#rating-change').textContent.includes('→')",
                timeout=WAIT,
            )
        change = ala.inner_text("#rating-change")
        assert re.search(r"Żaneta: 1500 → \d+ \([+-]\d+\)", change), change
        winner_up = "Żaneta" if loser is ola else "Oliwia"
        assert re.search(rf"{winner_up}: 1500 → 1[5-9]\d\d \(\+\d+\)", change), change
        shot(ala, "rated-game-over-desktop")
        shot(ola, "rated-game-over-phone")
        # each opens the other's profile: the rating (provisional), the chart, the game
        ola.goto(f"{server.url}/profil/Żaneta")
        ola.wait_for_selector("svg polyline")
        assert ola.locator("table.ratings b").inner_text().endswith("?")
        assert ola.locator("table.games tbody tr").count() == 1
        shot(ola, "rated-profile-phone")
        assert_accessible_in_both_schemes(ola, "a profile on a phone")
        ala.goto(f"{server.url}/profil/oliwia")
        ala.wait_for_selector("svg polyline")
        shot(ala, "rated-profile-desktop")
        assert_accessible_in_both_schemes(ala, "a profile on a desktop")
        assert not errors, errors
    finally:
        desk.close()
        phone.close()
