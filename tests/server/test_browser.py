"""The game page in a real browser: Playwright driving Debian's Chromium.

A real server (Uvicorn in a thread, a temporary SQLite file, the default lexicon) is
started once; its clock is the real time plus an offset the test may jump (a flag
fall without a minute's wait). The tests play as a person would — click a square,
type letters, Enter; drag tiles; press the buttons — and use plansza's own engine
only to choose legal moves. Screenshots are saved in ``build/screenshots/`` (not
committed) for a person to look at.

Playwright cannot download a browser here: the setup installs Debian's ``chromium``
when it is missing (as root, with apt-get) and points Playwright at it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .served import ARGS, SHOTS, chromium, ensure_chromium, serve

__all__ = ["ARGS", "SHOTS", "ensure_chromium"]  # the other browser tests import them here

playwright_sync = pytest.importorskip("playwright.sync_api")

WAIT = 15_000  # ms: the longest a page may take to show what the server said


class JumpClock:
    """The real time plus an offset a test may jump forward."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


class Server:
    def __init__(self, url: str, app: Any, clock: JumpClock) -> None:
        self.url = url
        self.app = app
        self.clock = clock

    def game(self, page: Any) -> Any:
        """The server's own game shown on ``page`` (to choose moves, and to check)."""
        game_id = page.url.split("/g/", 1)[1].split("?")[0].split("/")[0]
        return self.app.state.hub.games[game_id].table.game


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:

    from plansza.lexicon import Lexicon
    from plansza.server.app import create_app

    db = tmp_path_factory.mktemp("web") / "plansza.db"
    clock = JumpClock()
    app = create_app(
        db=f"sqlite:///{db}", words=Lexicon.default(progress=False), secret="t", clock=clock
    )
    for url in serve(app):
        yield Server(url, app, clock)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1000, "height": 1000}, locale="pl-PL")
    yield ctx
    ctx.close()


def shot(page: Any, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def watch(page: Any) -> list[str]:
    """The page's script errors and whatever its Content-Security-Policy refused (an
    inline script or style the page needed), collected: a test ends by asserting
    there are none."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def console(message: Any) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            errors.append(message.text)

    page.on("console", console)
    return errors


def start_game(page: Any, url: str, opponent: str, minutes: int = 15, name: str = "Zażółć") -> None:
    page.goto(f"{url}/")
    page.fill("input[name=name]", name)
    page.check(f"input[name=opponent][value={opponent}]")
    page.fill("input[name=minutes]", str(minutes))
    page.click("form.lobby button[type=submit]")
    page.wait_for_selector("#board .sq")


def state(page: Any) -> str:
    """What the page lets its player do now: ``turn``, ``answer``, ``over`` or ``wait``."""
    result: str = page.evaluate(
        """() => {
        const seen = (s) => { const e = document.querySelector(s); return e && !e.hidden; };
        if (seen('#result')) return 'over';
        if (seen('[data-act=accept]')) return 'answer';
        if (seen('#moveform button[type=submit]')) return 'turn';
        return 'wait';
    }"""
    )
    return result


def wait_for(page: Any, *states: str) -> str:
    page.wait_for_function(
        """(states) => {
        const seen = (s) => { const e = document.querySelector(s); return e && !e.hidden; };
        const now = seen('#result') ? 'over' : seen('[data-act=accept]') ? 'answer'
          : seen('#moveform button[type=submit]') ? 'turn' : 'wait';
        return states.includes(now);
    }""",
        arg=list(states),
        timeout=WAIT,
    )
    return state(page)


def coordinates_align(page: Any, board: str = "#board") -> None:
    """The board's coordinates are shown and stand by their squares: A above the
    first column, O above the last, 1 beside the first row, 15 beside the last."""
    cols = page.locator(f"{board} >> xpath=.. >> .cols span")
    rows = page.locator(f"{board} >> xpath=.. >> .rows span")
    assert cols.all_inner_texts() == list("ABCDEFGHIJKLMNO")
    assert rows.all_inner_texts() == [str(n) for n in range(1, 16)]
    squares = page.locator(f"{board} .sq")  # in rows (ARIA) or not
    for label, sq, axis in [
        (cols.nth(0), squares.nth(0), "x"),
        (cols.nth(14), squares.nth(14), "x"),
        (rows.nth(0), squares.nth(0), "y"),
        (rows.nth(14), squares.nth(14 * 15), "y"),
    ]:
        a, b = label.bounding_box(), sq.bounding_box()
        assert a and b and a["height"] >= 9  # readable
        size = "width" if axis == "x" else "height"
        assert abs((a[axis] + a[size] / 2) - (b[axis] + b[size] / 2)) <= 2.5, (a, b)


def sign_up(page: Any, url: str, nick: str, password: str = "tajne-haslo-45") -> None:
    """A new account signed up on ``page`` (then logged in there)."""
    page.goto(f"{url}/konto/rejestracja")
    page.fill("input[name=nickname]", nick)
    page.fill("input[name=password]", password)
    page.fill("input[name=password2]", password)
    page.click("form.account button[type=submit]")
    page.wait_for_load_state("load")


def take_seat(page: Any, link: str, name: str) -> None:
    """Open an invitation link and take its seat under ``name``, as a person does."""
    page.goto(link)
    page.fill("input[name=name]", name)
    page.click("form.lobby button[type=submit]")
    page.wait_for_selector("#board .sq")


def square(page: Any, row: int, col: int) -> Any:
    return page.locator(f'.sq[data-r="{row}"][data-c="{col}"]')


def type_play(page: Any, game: Any, play: Any) -> None:
    """Type ``play`` on the board as a person: click its first new square, an arrow
    for the direction, the letters of the new tiles (the cursor skips the board's)."""
    from plansza.board import Direction

    c = play.coordinate
    dr, dc = (0, 1) if c.direction is Direction.ACROSS else (1, 0)
    new = [
        (c.row + i * dr, c.col + i * dc, ch)
        for i, ch in enumerate(play.word)
        if game.board.get(c.row + i * dr, c.col + i * dc) is None
    ]
    square(page, new[0][0], new[0][1]).click()
    page.keyboard.press("ArrowRight" if dr == 0 else "ArrowDown")
    page.keyboard.type("".join(ch for _, _, ch in new).lower())


def as_typed(game: Any, play: Any) -> Any:
    """``play`` as the page makes it from typed letters: each new letter a rack tile
    while one is left, else a blank (lower case)."""
    from collections import Counter

    from plansza.board import Direction
    from plansza.moves import Play

    c = play.coordinate
    dr, dc = (0, 1) if c.direction is Direction.ACROSS else (1, 0)
    free = Counter(game.rack_string(0))
    word = ""
    for i, ch in enumerate(play.word):
        if game.board.get(c.row + i * dr, c.col + i * dc) is not None:
            word += ch
        elif free[ch.upper()] > 0:
            free[ch.upper()] -= 1
            word += ch.upper()
        else:
            word += ch.lower()
    return Play(c, word)


def test_a_whole_game_against_the_computer_by_clicks_and_keys(server: Server, context: Any) -> None:
    from plansza.engine import make_player
    from plansza.engine.base import view_of
    from plansza.moves import Exchange, Play

    page = context.new_page()
    errors = watch(page)
    start_game(page, server.url, "greedy")
    game = server.game(page)
    me = make_player("static", game.words, game.rules, seed=7)
    previewed = played = 0
    for _ in range(80):
        now = wait_for(page, "turn", "answer", "over")
        if now == "over":
            break
        if now == "answer":  # the computer's play in its challenge window (TR 4.7)
            page.click("[data-act=accept]")
            page.wait_for_function("() => document.querySelector('[data-act=accept]').hidden")
            continue
        n = len(game.history)
        move = me.choose(view_of(game, 0))
        if isinstance(move, Play):
            type_play(page, game, move)
            # the page puts a rack tile for a typed letter while one is free, else a
            # blank: the play it sends may place the blank elsewhere than the engine's
            expected = game.score(as_typed(game, move)).score
            # the score of the tentative move is shown before it is sent
            page.wait_for_function(
                "(s) => document.getElementById('preview').textContent.startsWith(s + ' ')",
                arg=str(expected),
                timeout=WAIT,
            )
            previewed += 1
            if played == 1:
                shot(page, "vs-computer-tentative")
            page.keyboard.press("Enter")
            played += 1
        elif isinstance(move, Exchange):
            page.click("[data-act=exchange]")
            rack = page.locator("#rack .tile")
            chosen: set[int] = set()
            for tile in move.tiles:
                for i in range(rack.count()):
                    text = rack.nth(i).inner_text().strip()[:1] or "?"
                    if i not in chosen and text == tile:
                        chosen.add(i)
                        rack.nth(i).click()
                        break
            page.click("[data-act=swap]")
        else:
            page.click("[data-act=pass]")
        page.wait_for_function(
            "(n) => document.querySelectorAll('#sheet tr').length > n", arg=n, timeout=WAIT
        )
    else:
        pytest.fail("the game did not end")
    assert game.result is not None and played >= 3 and previewed == played
    # the end: the winner and the score, the adjustments for the racks (TR 5.1.3-5.1.4)
    head = page.inner_text("#result-head")
    assert "Partia zakończona" in head and ":".join(map(str, game.result.scores)) in head
    items = page.locator("#adjustments li")
    assert items.count() == len(game.adjustments) >= 1
    shot(page, "vs-computer-over")
    assert page.locator(".sq .tile.last").count() >= 1  # the last play is marked
    assert page.locator("#sheet tr").count() == len(game.history)
    assert errors == []


def test_an_illegal_move_is_shown_on_the_board_and_the_turn_kept(
    server: Server, context: Any
) -> None:
    page = seeded_game(server, context, "")  # seat 0 starts: the board is empty
    errors = watch(page)
    game = server.game(page)
    wait_for(page, "turn")
    n = len(game.history)
    # a tile dragged to a corner: no word, not through the centre (TR 3.1.1)
    page.locator("#rack .tile").nth(0).drag_to(square(page, 0, 0))
    page.locator("#rack .tile").nth(1).drag_to(square(page, 0, 1))
    assert page.locator(".sq .tile.tentative").count() == 2
    page.click("#moveform button[type=submit]")
    page.wait_for_selector(".sq .tile.tentative.refused", timeout=WAIT)
    assert page.locator("#message.error").inner_text()
    shot(page, "illegal-move")
    assert len(game.history) == n and game.to_move == 0  # nothing changed: still my turn
    assert state(page) == "turn"
    # Backspace takes the tiles back; a tap on a rack tile puts it at the cursor
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    assert page.locator(".sq .tile.tentative").count() == 0
    square(page, 7, 7).click()
    page.locator("#rack .tile").nth(2).click()
    assert page.locator(".sq .tile.tentative").count() == 1
    # the rack is reordered by dragging a tile onto another
    before = page.locator("#rack .tile").all_inner_texts()
    page.locator("#rack .tile").nth(6).drag_to(page.locator("#rack .tile").nth(0))
    after = page.locator("#rack .tile").all_inner_texts()
    assert after[0] == before[6] and sorted(after) == sorted(before)
    assert errors == []


def seeded_game(server: Server, context: Any, want: str) -> Any:
    """A game against the computer whose first rack (seat 0, to move) holds the tiles
    ``want``; made on the server's own loop, its seat's cookie given to ``context``."""
    import asyncio
    import secrets
    from collections import Counter

    from plansza.server.live import token_hash
    from plansza.services.live import LiveTable, live_rules

    hub = server.app.state.hub
    seed = next(
        s
        for s in range(5000)
        if not Counter(want) - Counter(
            LiveTable.new(
                rules=live_rules("pfs", 15), seed=s, seats=("person", "greedy"),
                names=("a", "b"), words=hub.words, starting=0, now=0.0,
            ).game.rack_string(0)
        )
    )  # fmt: skip
    token = secrets.token_urlsafe(18)
    made = hub.create(
        rules="pfs", minutes=15, seats=("person", "greedy"), names=("Ala", "Komputer"),
        seed=seed, starting=0, owners=(token_hash(token), ""),
    )  # fmt: skip
    live = asyncio.run_coroutine_threadsafe(made, hub._beat.get_loop()).result(10)
    context.add_cookies([{"name": f"seat_{live.id}", "value": token, "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/g/{live.id}")
    page.wait_for_selector("#board .sq")
    return page


def test_a_blank_asks_for_its_letter(server: Server, context: Any) -> None:
    page = seeded_game(server, context, "?")
    errors = watch(page)
    wait_for(page, "turn")
    # typed: "?" at the cursor asks for the letter
    square(page, 7, 7).click()
    page.keyboard.type("?")
    assert page.locator("#blankdialog").is_visible()
    page.click('#blankdialog [data-letter="Ź"]')
    assert not page.locator("#blankdialog").is_visible()
    assert page.locator(".sq .tile.tentative.blank").inner_text().strip() == "Ź"
    assert page.input_value("#movetext") == "H8 ź"
    shot(page, "blank-typed")
    # dropped: the blank dragged from the rack asks too
    page.keyboard.press("Backspace")
    blank = page.locator("#rack .tile.blank").first
    blank.drag_to(square(page, 7, 7))
    assert page.locator("#blankdialog").is_visible()
    page.click('#blankdialog [data-letter="Ą"]')
    assert page.locator(".sq .tile.tentative.blank").inner_text().strip() == "Ą"
    assert errors == []


def test_two_people_challenge_exchange_reload_and_a_flag_fall(server: Server, browser: Any) -> None:
    host_ctx = browser.new_context(viewport={"width": 1000, "height": 1000})
    guest_ctx = browser.new_context(viewport={"width": 1000, "height": 1000})
    try:
        host = host_ctx.new_page()
        errors = watch(host)
        start_game(host, server.url, "person", minutes=1, name="Łucja")
        link = host.input_value(".invite input")
        guest = guest_ctx.new_page()
        errors += watch(guest)
        take_seat(guest, link, "Żaneta")
        game = server.game(host)
        pages = {0: host, 1: guest}
        first = game.to_move
        p, q = pages[first], pages[1 - first]
        # 1. a play of a word not in the list, challenged: the tiles go back and the
        #    turn is lost (TR 4.7, 3.2.3)
        rack = game.rack_string(first).replace("?", "")
        pair = next(a + b for a in rack for b in rack if a + b not in game.words and a != b)
        square(p, 7, 7).click()
        p.keyboard.press("ArrowRight")
        p.keyboard.type(pair.lower())
        p.keyboard.press("Enter")
        assert wait_for(q, "answer") == "answer"
        assert q.locator(".sq .tile.pending").count() == 2  # shown, not yet accepted
        q.click("[data-act=challenge]")
        q.wait_for_function(
            "() => document.getElementById('message').textContent.includes('płytki wracają')",
            timeout=WAIT,
        )
        assert game.history[-1].kind.value == "loss" and game.to_move == 1 - first
        assert p.locator(".sq .tile").count() == 0
        # 2. an exchange of two tiles chosen on the rack
        assert wait_for(q, "turn") == "turn"
        bag = game.bag_count
        q.click("[data-act=exchange]")
        q.locator("#rack .tile").nth(0).click()
        q.locator("#rack .tile").nth(1).click()
        shot(q, "two-people-exchange")
        q.click("[data-act=swap]")
        p.wait_for_function(
            "() => document.querySelectorAll('#sheet tr').length === 2", timeout=WAIT
        )
        assert game.history[-1].kind.value == "exchange" and game.bag_count == bag
        # 3. a reload: the page comes back as it was, the turn included
        p.reload()
        p.wait_for_selector("#board .sq")
        assert wait_for(p, "turn") == "turn"
        assert p.locator("#sheet tr").count() == 2
        # 4. a flag fall: the clock jumps past the minute; a move then is taken back
        #    and the opponent plays on alone (TR 6.2.1, 6.2.2)
        server.clock.offset += 61
        p.click("[data-act=pass]")
        q.wait_for_function(
            "() => document.getElementById('message').textContent.includes('Czas minął')",
            timeout=WAIT,
        )
        assert first in game.flagged
        assert game.history[-1].kind.value == "timeout"
        shot(q, "two-people-flag")
        # the one left alone passes twice: the game ends (TR 6.2.1)
        for _ in range(2):
            wait_for(q, "turn", "over")
            if state(q) == "over":
                break
            n = len(game.history)
            q.click("[data-act=pass]")
            q.wait_for_function(
                "(n) => document.querySelectorAll('#sheet tr').length > n", arg=n, timeout=WAIT
            )
        assert wait_for(q, "over") == "over" and wait_for(p, "over") == "over"
        assert game.result is not None
        shot(p, "two-people-over")
        assert errors == []
    finally:
        host_ctx.close()
        guest_ctx.close()


def phone(browser: Any) -> Any:
    """A browser context as a phone 390 px wide."""
    return browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
        has_touch=True,
    )  # fmt: skip


def test_the_phone_layout_shows_the_whole_board_and_rack(server: Server, browser: Any) -> None:
    ctx = phone(browser)
    try:
        page = ctx.new_page()
        errors = watch(page)
        start_game(page, server.url, "greedy")
        wait_for(page, "turn", "answer")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390  # nothing wider than the phone: no sideways scrolling
        board = page.locator("#board").bounding_box()
        assert board and board["x"] >= 0 and board["x"] + board["width"] <= 390
        assert board["width"] >= 340  # the board uses the width
        tiles = page.locator("#rack .tile")
        assert tiles.count() == 7
        for i in range(7):
            box = tiles.nth(i).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
            assert box["y"] + box["height"] <= 844  # the rack is on the first screen
        shot(page, "phone")
        assert errors == []
    finally:
        ctx.close()
