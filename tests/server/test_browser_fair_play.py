"""Fair play online in a real browser (Playwright with Debian's Chromium, as in
``test_browser.py``): the invitation that seats one person once, the clocks that wait
for both players (TR 2.4) and run for the one deciding on a play (TR 4.6.2), the
blank typed by keyboard, the coordinates around the board, the rematch. Screenshots go
to ``build/screenshots/`` for a person to look at.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from tests.server import test_browser
from tests.server.test_browser import (
    WAIT,
    coordinates_align,
    phone,
    seeded_game,
    shot,
    square,
    start_game,
    take_seat,
    type_play,
    wait_for,
    watch,
)

playwright_sync = pytest.importorskip("playwright.sync_api")

# the game page's server and browser, as test_browser.py makes them (fixtures by name)
server = test_browser.server
browser = test_browser.browser
context = test_browser.context


def clock_seconds(page: Any, seat: int) -> int:
    text = page.inner_text(f'.player[data-seat="{seat}"] .clock').strip()
    sign = -1 if text.startswith("-") else 1
    minutes, seconds = text.lstrip("-").split(":")
    return sign * (int(minutes) * 60 + int(seconds))


def two_players(server: Any, browser: Any, *, minutes: int = 15) -> tuple[Any, Any, Any, str]:
    """Two browsers in one game (the host made it, the guest took the invitation):
    their contexts' pages and the host's context, the game's id."""
    host_ctx = browser.new_context(viewport={"width": 1000, "height": 1000})
    guest_ctx = browser.new_context(viewport={"width": 1000, "height": 1000})
    host = host_ctx.new_page()
    start_game(host, server.url, "person", minutes=minutes, name="Łucja")
    link = host.input_value(".invite input")
    guest = guest_ctx.new_page()
    take_seat(guest, link, "Żaneta")
    game_id = host.url.split("/g/", 1)[1].split("?")[0]
    return host, guest, (host_ctx, guest_ctx), game_id


def test_an_invitation_seats_one_person_once(server: Any, browser: Any) -> None:
    host_ctx = browser.new_context(viewport={"width": 1000, "height": 1000})
    guest_ctx = browser.new_context(viewport={"width": 1000, "height": 1000})
    third_ctx = browser.new_context(viewport={"width": 1000, "height": 1000})
    try:
        host = host_ctx.new_page()
        errors = watch(host)
        # the host plays in English: the link keeps the language
        host.goto(f"{server.url}/?lang=en")
        start_game(host, server.url, "person", minutes=15, name="Łucja")
        link = host.input_value(".invite input")
        assert link.endswith("?lang=en")
        # TR 2.4: the clocks wait for the second player
        host.wait_for_function(
            "() => document.getElementById('message').textContent.includes('Waiting for')",
            timeout=WAIT,
        )
        time.sleep(1.5)
        assert clock_seconds(host, 0) == clock_seconds(host, 1) == 15 * 60
        shot(host, "invitation-waiting")
        # the guest opens it: a form for the name, in English; taking the seat
        guest = guest_ctx.new_page()
        errors += watch(guest)
        guest.goto(link)
        assert "invites you" in guest.inner_text("h1")
        shot(guest, "invitation-form")
        guest.fill("input[name=name]", "Żaneta <b>")
        guest.click("form.lobby button[type=submit]")
        guest.wait_for_selector("#rack .tile")
        assert guest.inner_text('.player[data-seat="1"] .name') == "Żaneta <b>"
        host.wait_for_function(
            "(n) => document.querySelector('.player[data-seat=\"1\"] .name').textContent === n",
            arg="Żaneta <b>",
            timeout=WAIT,
        )
        assert host.locator("#invite").is_hidden()  # used: the inviter no longer sees it
        host.reload()
        assert host.locator(".invite").count() == 0
        # the clock of the player to move runs from now on
        game = server.game(host)
        mover = host if game.to_move == 0 else guest
        first = clock_seconds(mover, game.to_move)
        mover.wait_for_timeout(2200)
        assert clock_seconds(mover, game.to_move) < first
        # a third browser with the same link: only watches
        third = third_ctx.new_page()
        errors += watch(third)
        third.goto(link)
        third.wait_for_selector("#board .sq")
        assert "zaproszenie=wykorzystane" in third.url
        assert third.locator("#rack").count() == 0 and third.locator("#moveform").count() == 0
        assert "used" in third.inner_text(".notice")
        shot(third, "invitation-used")
        assert errors == []
    finally:
        for ctx in (host_ctx, guest_ctx, third_ctx):
            ctx.close()


@pytest.mark.parametrize("pause", [0, 50, 300, 1200])
def test_a_blank_typed_by_keyboard_keeps_the_letters_after_it(
    server: Any, context: Any, pause: int
) -> None:
    page = seeded_game(server, context, "?EIP")
    errors = watch(page)
    wait_for(page, "turn")
    square(page, 7, 7).click()
    page.keyboard.press("ArrowRight")
    # "?" asks for the blank's letter, "a" answers it, E I P follow on the board:
    # typed with the keyboard as a person does, at every pace
    page.keyboard.type("?aEIP", delay=pause)
    page.wait_for_function(
        "() => document.getElementById('movetext').value === 'H8 aEIP'", timeout=WAIT
    )
    assert not page.locator("#blankdialog").is_visible()
    assert page.locator(".sq .tile.tentative").count() == 4
    if pause == 300:
        shot(page, "blank-keyboard")
    assert errors == []


def test_the_move_box_is_emptied_and_typing_walks_past_tiles(server: Any, context: Any) -> None:
    from plansza.movegen import MoveGenerator

    page = seeded_game(server, context, "")
    errors = watch(page)
    game = server.game(page)
    wait_for(page, "turn")
    gen = MoveGenerator(game.words, game.rules)
    gen.set_board(game.board)
    play = gen.top(game.rack_string(0), 1)[0].play
    type_play(page, game, play)
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('#sheet tr').length >= 1")
    assert page.input_value("#movetext") == ""  # Enter cannot send the move again
    now = wait_for(page, "turn", "answer", "over")
    if now == "answer":
        page.click("[data-act=accept]")
        now = wait_for(page, "turn", "over")
    if now == "turn":
        # a click on a square holding a tile, then a letter: it goes to the next free one
        r, c = next((r, c) for r in range(15) for c in range(15) if game.board.get(r, c))
        square(page, r, c).click()
        page.keyboard.press("ArrowRight")
        letter = game.rack_string(0).replace("?", "")[0]
        page.keyboard.type(letter.lower())
        tile = page.locator(".sq .tile.tentative")
        assert tile.count() == 1
        placed = page.locator(".sq:has(.tile.tentative)").get_attribute("aria-label")
        cc = c
        while game.board.get(r, cc):
            cc += 1
        assert placed == f"{'ABCDEFGHIJKLMNO'[cc]}{r + 1}"
    assert errors == []


def test_coordinates_stand_by_every_board(server: Any, browser: Any) -> None:
    ctx = phone(browser)
    try:
        page = ctx.new_page()
        errors = watch(page)
        start_game(page, server.url, "greedy")
        wait_for(page, "turn", "answer")
        coordinates_align(page)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        shot(page, "coordinates-phone")
        # the analysis of a finished game: one move on the record, then resigned
        page.on("dialog", lambda d: d.accept())
        if wait_for(page, "turn", "answer") == "turn":  # else the computer's play waits:
            page.click("[data-act=pass]")  # resigning lets it stand
            page.wait_for_function("() => document.querySelectorAll('#sheet tr').length >= 1")
            wait_for(page, "turn", "answer")
        page.click("[data-act=resign]")
        wait_for(page, "over")
        page.click("#analysis-link")
        page.wait_for_selector(".board.still")
        coordinates_align(page, ".board.still")
        shot(page, "coordinates-analysis")
        assert errors == []
    finally:
        ctx.close()


def test_the_deciders_clock_runs_while_a_play_awaits_them(server: Any, browser: Any) -> None:
    # TR 4.6.2 online: the time to accept or challenge is the decider's
    from plansza.movegen import MoveGenerator

    host, guest, contexts, _ = two_players(server, browser)
    try:
        errors = watch(host) + watch(guest)
        game = server.game(host)
        pages = {0: host, 1: guest}
        mover, decider = game.to_move, 1 - game.to_move
        gen = MoveGenerator(game.words, game.rules)
        gen.set_board(game.board)
        play = gen.top(game.rack_string(mover), 1)[0].play
        p, q = pages[mover], pages[decider]
        square(p, play.coordinate.row, play.coordinate.col).click()
        p.fill("#movetext", str(play))
        p.press("#movetext", "Enter")
        assert wait_for(q, "answer") == "answer"
        mine_before, theirs_before = clock_seconds(q, decider), clock_seconds(q, mover)
        q.wait_for_timeout(3200)
        assert clock_seconds(q, decider) <= mine_before - 2  # ticking for the decider
        assert clock_seconds(q, mover) == theirs_before  # the mover's is stopped
        assert clock_seconds(p, decider) <= mine_before - 2  # the mover sees it too
        assert game.clock is not None and game.clock.running == decider
        shot(q, "decision-clock")
        q.click("[data-act=accept]")
        assert wait_for(q, "turn") == "turn"
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_rematch_is_offered_and_taken_with_the_other_starting(
    server: Any, browser: Any
) -> None:
    host, guest, contexts, game_id = two_players(server, browser)
    try:
        errors = watch(host) + watch(guest)
        old = server.game(host)
        host.on("dialog", lambda d: d.accept())
        wait_for(host, "turn", "wait")
        host.click("[data-act=resign]")
        for page in (host, guest):
            assert wait_for(page, "over") == "over"
        # the end links to the analysis, a rematch and a new game
        assert host.get_attribute("#analysis-link", "href") == f"/g/{game_id}/analysis"
        assert host.locator('#result a[href="/"]').count() == 1
        host.click("#rematch-offer")
        guest.wait_for_selector("#rematch-yes:not([hidden])", timeout=WAIT)
        assert "Łucja" in guest.inner_text("#rematch-state")
        shot(guest, "rematch-offered")
        guest.click("#rematch-yes")
        another = re.compile(r".*/g/(?!" + re.escape(game_id) + r")[^/?]+$")
        for page in (host, guest):
            page.wait_for_url(another, timeout=WAIT)
            page.wait_for_selector("#rack .tile")
        assert host.url == guest.url
        new = server.game(host)
        assert new is not old and new.names == old.names
        assert new.starting_player == 1 - (old.starting_player or 0)  # the other starts
        assert host.get_attribute("#game", "data-seat") == "0"
        assert guest.get_attribute("#game", "data-seat") == "1"
        shot(host, "rematch-started")
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()
