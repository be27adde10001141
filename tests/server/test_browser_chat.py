"""The chat in a real browser (issue 45, item 4): two players write to each other, a
logged-in spectator (who found the game in the lobby's list of games being played)
writes to the spectators and the players do not see it until
the game ends; a message with markup shows as text; a spectator reports a message,
the moderator silences its author from the desk. axe-core on the game page with its
chat and on the desk. Screenshots in ``build/screenshots/chat-*.png``."""

from __future__ import annotations

from typing import Any

import pytest
from tests.server import test_browser
from tests.server.axe import assert_accessible_in_both_schemes
from tests.server.test_browser import WAIT, Server, shot, sign_up, wait_for, watch

playwright_sync = pytest.importorskip("playwright.sync_api")

server = test_browser.server
browser = test_browser.browser



def write(page: Any, text: str) -> None:
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def shows(page: Any, text: str) -> None:
    page.wait_for_function(
        "(t) => [...document.querySelectorAll('#chat-list li')]"
        ".some(li => li.textContent.includes(t))",
        arg=text,
        timeout=WAIT,
    )


def test_players_and_spectators_chat_apart_and_a_moderator_silences(
    server: Server, browser: Any
) -> None:
    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 900}, locale="pl-PL")
        for _ in range(4)
    ]
    try:
        host, guest, fan, mod = (ctx.new_page() for ctx in contexts)
        errors = watch(host) + watch(guest) + watch(fan) + watch(mod)
        host.on("dialog", lambda d: d.accept())
        sign_up(host, server.url, "Celina")
        host.goto(f"{server.url}/")
        host.fill("form.lobby input[name=name]", "Celina")
        host.check("input[name=opponent][value=person]")
        host.click("form.lobby button[type=submit]")
        host.wait_for_selector(".invite input")
        guest.goto(host.input_value(".invite input"))
        guest.fill("input[name=name]", "Gość")
        guest.click("form.lobby button[type=submit]")
        guest.wait_for_selector("#board .sq")
        game = host.url.split("?")[0]
        sign_up(fan, server.url, "Kibic")
        # the spectator finds the game in the lobby's list of games being played
        fan.goto(f"{server.url}/")
        fan.locator("#lobby-live ul.playing a", has_text="Celina").click()
        fan.wait_for_selector("#board .sq")
        assert fan.url.split("?")[0] == game
        assert fan.inner_text("#chat-head") == "Czat widzów"
        # the players talk; a hostile text is shown as text
        write(host, "Powodzenia!")
        shows(guest, "Powodzenia!")
        write(guest, "<b>Dzięki</b> & <script>alert(1)</script>")
        shows(host, "<b>Dzięki</b> & <script>alert(1)</script>")
        assert host.locator("#chat-list b:text-is('Dzięki')").count() == 0
        # the spectator whispers a move: the players never see it while they play
        write(fan, "Celina, połóż ŻÓŁW na H8")
        shows(fan, "Celina, połóż ŻÓŁW na H8")
        assert "ŻÓŁW" not in host.inner_text("#chat-list")
        assert "Powodzenia" not in fan.inner_text("#chat-list")
        shot(host, "chat-players")
        shot(fan, "chat-spectators")
        assert_accessible_in_both_schemes(fan, "a game with the spectators' chat")
        # a second spectator trolls; the fan reports it
        troll = contexts[3].new_page()
        sign_up(troll, server.url, "Troll")
        troll.goto(game)
        troll.wait_for_selector("#chat-form")
        write(troll, "obraźliwe słowa")
        shows(fan, "obraźliwe słowa")
        fan.locator("#chat-list li", has_text="obraźliwe słowa").locator(
            "button[data-chat=report]"
        ).click()
        fan.wait_for_function(
            "() => document.getElementById('chat-status').textContent.includes('Zgłoszone')",
            timeout=WAIT,
        )
        # the end of the game: the players read the spectators' chat too
        wait_for(host, "turn", "wait")
        host.click("[data-act=resign]")
        wait_for(host, "over")
        shows(host, "Celina, połóż ŻÓŁW na H8")
        shot(host, "chat-after-the-end")
        # the moderator's desk: the report, and the troll silenced for an hour
        sign_up(mod, server.url, "Moderatorka")
        server.app.state.hub.store.users.set_moderator("moderatorka", True)
        mod.goto(f"{server.url}/moderacja")
        assert "obraźliwe słowa" in mod.inner_text("table")
        assert_accessible_in_both_schemes(mod, "the moderator's desk")
        shot(mod, "chat-moderation")
        mod.select_option("select[name=hours]", "1")
        mod.locator("form", has=mod.locator("select[name=hours]")).locator(
            "button[type=submit]"
        ).click()
        mod.wait_for_selector(".flash")
        write(troll, "znowu ja")
        troll.wait_for_function(
            "() => document.getElementById('chat-status').textContent.includes('wyciszył')",
            timeout=WAIT,
        )
        assert not errors, errors
    finally:
        for ctx in contexts:
            ctx.close()
