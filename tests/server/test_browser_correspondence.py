"""A correspondence game in a real browser (issue 45, item 5): two players' pages show
the days the player to act has left and the page title marks "your move"; both
pages close; the days run out with nobody connected (the server's clock set
forward) and the server ends the game itself — a page opened later shows the end.
Screenshot in ``build/screenshots/correspondence-*.png``."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from tests.server import test_browser
from tests.server.test_browser import WAIT, Server, shot, watch

playwright_sync = pytest.importorskip("playwright.sync_api")

server = test_browser.server
browser = test_browser.browser

DAY = 24 * 3600.0


def test_the_days_run_out_with_nobody_there(server: Server, browser: Any) -> None:
    hub = server.app.state.hub
    hub.recheck = 0.5  # the server looks at far deadlines often (a minute in production)
    host_ctx = browser.new_context(locale="pl-PL")
    guest_ctx = browser.new_context(locale="pl-PL")
    try:
        host, guest = host_ctx.new_page(), guest_ctx.new_page()
        errors = watch(host) + watch(guest)
        host.goto(f"{server.url}/")
        host.fill("form.lobby input[name=name]", "Ala")
        host.check("input[name=opponent][value=person]")
        host.fill("input[name=days]", "1")
        host.click("form.lobby button[type=submit]")
        host.wait_for_selector(".invite input")
        guest.goto(host.input_value(".invite input"))
        guest.fill("input[name=name]", "Ola")
        guest.click("form.lobby button[type=submit]")
        guest.wait_for_selector("#rack .tile")
        game_url = host.url.split("?")[0]
        live = hub.games[game_url.rsplit("/", 1)[1]]
        actor = live.table.actor()
        mover = host if actor == 0 else guest
        mover.wait_for_function(
            "() => /^0 d 23:5\\d|^1 d 0:00/.test(document.querySelector('.player.to-move .clock')"
            ".textContent)",
            timeout=WAIT,
        )
        mover.wait_for_function("() => document.title.startsWith('● ')", timeout=WAIT)
        assert "1 dzień na ruch" in mover.inner_text("#kind")
        shot(mover, "correspondence-your-move")
    finally:
        host_ctx.close()
        guest_ctx.close()
    # nobody is connected; two days pass
    server.clock.offset += 2 * DAY
    for _ in range(100):
        if live.table.over:
            break
        time.sleep(0.05)
    assert live.table.over and live.table.game.result.reason.value == "out_of_days"
    assert live.table.game.result.winner == 1 - actor
    later = browser.new_context(locale="pl-PL")
    try:
        page = later.new_page()
        page.goto(game_url)
        page.wait_for_selector("#result:not([hidden])", timeout=WAIT)
        assert re.search("Graczowi skończyły się dni na ruch", page.inner_text("#result"))
        shot(page, "correspondence-over")
        assert not errors, errors
    finally:
        later.close()
        hub.recheck = 60.0
