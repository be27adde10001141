"""A home game for four on four phones, in a real browser (issue 45, item 6): the
host makes it with one link a seat, three friends open their links on their phones,
each sees its own rack only, everyone passes twice (GR) and all four see the end
with four scores. axe-core on a phone's game page. Screenshots in
``build/screenshots/home-four-*.png``."""

from __future__ import annotations

from typing import Any

import pytest
from tests.server import test_browser
from tests.server.axe import assert_accessible_in_both_schemes
from tests.server.test_browser import WAIT, Server, shot, wait_for, watch

playwright_sync = pytest.importorskip("playwright.sync_api")

server = test_browser.server
browser = test_browser.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_four_people_play_a_home_game_on_four_phones(server: Server, browser: Any) -> None:
    contexts = [browser.new_context(**PHONE, locale="pl-PL") for _ in range(4)]
    try:
        pages = [ctx.new_page() for ctx in contexts]
        errors: list[str] = []
        for p in pages:
            errors += watch(p)
        host = pages[0]
        host.goto(f"{server.url}/")
        host.fill("form.lobby input[name=name]", "Ala")
        host.check("input[name=opponent][value=person]")
        host.select_option("select[name=players]", "4")
        host.select_option("select[name=rules]", "home")
        host.fill("input[name=minutes]", "0")
        host.click("form.lobby button[type=submit]")
        host.wait_for_selector("#invite input")
        links = [host.locator("#invite input").nth(i).input_value() for i in range(3)]
        assert len(set(links)) == 3
        for page, link, name in zip(pages[1:], links, ("Bartek", "Celina", "Darek"), strict=True):
            page.goto(link)
            assert "4" in page.inner_text("main")
            page.fill("input[name=name]", name)
            page.click("form.lobby button[type=submit]")
            page.wait_for_selector("#rack .tile")
        game = server.game(host)
        for i, page in enumerate(pages):
            page.wait_for_function(
                "() => document.querySelectorAll('.player').length === 4", timeout=WAIT
            )
            tiles = page.locator("#rack .tile")
            rack = "".join(tiles.all_inner_texts())
            own = game.rack_string(i)
            letters = "".join(ch for ch in rack if not ch.isdigit() and not ch.isspace())
            # a blank shows no letter: the tiles count it
            assert tiles.count() == len(own), (i, rack, own)
            assert sorted(letters) == sorted(own.replace("?", "")), (i, letters, own)
        shot(pages[1], "home-four-phone")
        assert_accessible_in_both_schemes(pages[2], "a game of four on a phone")
        # GR: every player passes twice in a row
        for turn in range(8):
            mover = pages[(game.starting_player + turn) % 4]
            wait_for(mover, "turn")
            mover.click("[data-act=pass]")
            mover.wait_for_function(
                "(n) => document.querySelectorAll('#sheet tr').length >= n",
                arg=turn + 1,
                timeout=WAIT,
            )
        for page in pages:
            wait_for(page, "over")
            page.wait_for_function(
                "() => document.getElementById('result-head').textContent.split(':').length === 4",
                timeout=WAIT,
            )
            assert page.locator("[data-act=resign]").is_hidden()
            assert page.locator("#rematch-offer").is_hidden()
        shot(pages[3], "home-four-over")
        assert not errors, errors
    finally:
        for ctx in contexts:
            ctx.close()
