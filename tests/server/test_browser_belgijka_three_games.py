"""A three-game Belgijka run from the browser end to end (issue 41): the referee's
console ``/belgijka/sedzia``, six players' phones and the projector.

The referee (a browser context logged in with a referee's account) creates the
championship, registers six players (Polish names) and reads their join codes from
the printable codes page. Players 1 and 2 join on real phones (browser contexts,
typing the code at ``/belgijka/gracz``); players 3–6 on phones driven by HTTP that
post the same card form a phone posts (their own cookies, the page's CSRF token).
The projector is opened once and never reloaded.

Each game is kept short: two moves, then the console ends it early between moves.
In every move the referee draws the rack, starts the move's time, the players send
their cards — the top, a tied top (II.13), lesser placements, once a wrong declared
score (II.9: 0 points), once no card — and the referee closes the move. In the first
move of each game the rack allows several placements equal on every II.12 criterion
(the first move's across and down are one such pair): the referee chooses the one
player 2 found, not the first listed, and the results star player 2, not player 1.
In game 2 the referee changes the running move's time (a disturbance in the hall).
During a move a player's phone asks for the word tools: 403 (hall mode, I.9).

The move's time is not waited for: the server's clock (handed to ``create_app``) is
moved past the deadline once the cards are in. After three games the final
classification on the console and on the projector is the sum of the points the
cards sent earn. Any browser console error, script error or CSP refusal fails the
test. Screenshots: ``build/screenshots/belgijka-game3.png`` and
``belgijka-3games-*.png``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from plansza.lexicon import Lexicon
from plansza.services.belgijka import MOVE_SECONDS, Hall

from .hall_watch import LAPTOP, PHONE, WAIT, Errors, csrf_in, new_context, sign_up
from .served import SHOTS, chromium, serve
from .test_browser import JumpClock

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.slow

NAME = "Mistrzostwa Łodzi w Belgijkę"
SEED = "trzy-partie"
NAMES = ("Anna Łęcka", "Bartłomiej Żółć", "Celina Ćwik", "Dariusz Źdźbło", "Ewa Śliwa",
         "Grzegorz Wąs")  # fmt: skip
GAMES = 3
MOVES = 2  # in each game, then the referee ends it early
#: (game, move) in which player 4 declares a wrong score (II.9: 0 points).
WRONG = (2, 2)
#: (game, move) in which player 6 hands in no card (0 points).
SILENT = (3, 1)
#: (game, move) whose running time the referee changes, and to how many seconds.
LONGER = (2, 1, 300)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Any, JumpClock]]:
    """The app serving a Belgijka file that does not exist yet (the referee creates it),
    on a clock the test moves forward; a quick password hash for the referee."""
    from plansza.server.accounts import Accounts
    from plansza.server.app import create_app

    clock = JumpClock()
    app = create_app(
        db=f"sqlite:///{tmp_path / 'web.db'}",
        words=Lexicon.default(progress=False),
        secret="s",
        clock=clock,
        belgijka=str(tmp_path / "mistrzostwa.json"),
    )
    app.state.accounts = Accounts(cheap=True)
    server = serve(app)
    yield next(server), app, clock
    server.close()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def press(console: Any, action: str) -> str:
    """The console's button of the form ``action``: what the page says was done (the
    flash), never a refusal."""
    with console.expect_navigation():
        console.locator(f"form[action='/belgijka/sedzia/akcja/{action}'] button").first.click()
    error = console.locator(".console-error[role=alert]")
    assert error.count() == 0, error.inner_text()
    return str(console.locator(".flash").inner_text(timeout=WAIT))


def rows(page: Any, selector: str) -> list[list[str]]:
    found: list[list[str]] = page.evaluate(
        """(s) => [...document.querySelectorAll(s + ' tbody tr')].map(tr =>
            [...tr.querySelectorAll('td')].map(td => td.textContent.trim()))""",
        selector,
    )
    return found


class HttpPhone:
    """A player's phone driven by HTTP: its own cookies, the card form as the page has it."""

    def __init__(self, url: str, code: str) -> None:
        self.client = httpx.Client(base_url=url, timeout=30)
        self.path = f"/belgijka/g/{code}"
        assert self.client.get(self.path).status_code == 200

    def send(self, move: str, score: int) -> None:
        page = self.client.get(self.path)
        form = {"csrf": csrf_in(page.text), "move": move, "score": str(score), "blanks": ""}
        r = self.client.post(self.path, data=form)
        assert r.status_code == 200 and "Karta przyjęta o" in r.text, r.text[-2000:]


def send_on(phone: Any, move: str, score: int) -> None:
    """A real phone: the card typed and sent; the server's answer shown."""
    phone.fill("input[name=move]", move)
    phone.fill("input[name=score]", str(score))
    phone.fill("input[name=blanks]", "")
    phone.click("form.card button[type=submit]")
    phone.wait_for_selector("#answer .notice", timeout=WAIT)
    assert "Karta przyjęta o" in phone.inner_text("#answer")


def word_tools_closed(phone: Any, errors: Errors, url: str, rack: str, other: HttpPhone) -> None:
    """During the move a player opens the word tools on their phone (a second tab, the
    card's page staying open): 403 and why, in Polish; the same over HTTP."""
    from urllib.parse import quote

    tab = phone.context.new_page()
    for path in (f"/slowa?rack={quote(rack)}", "/analiza"):
        errors.expect(url + path, 403)
        answer = tab.goto(url + path)
        assert answer is not None and answer.status == 403, path
        said = tab.inner_text("main")
        assert "stanowisku sprawdzania" in said and rack not in said
        assert other.client.get(path).status_code == 403
    shot(tab, "belgijka-3games-word-tools")
    tab.close()


def test_three_games_of_belgijka_from_the_browser(served: tuple[str, Any, JumpClock]) -> None:
    url, app, clock = served
    hall: Hall = app.state.belgijka
    started = time.monotonic()
    errors = Errors()
    totals = {n: [0] * GAMES for n in range(1, len(NAMES) + 1)}
    http: dict[int, HttpPhone] = {}
    try:
        with chromium() as browser:
            projector = new_context(browser, errors, {"width": 1600, "height": 900}).new_page()
            projector.goto(f"{url}/belgijka/projektor")
            projector.evaluate("window.__stayed = true")

            laptop = new_context(browser, errors, LAPTOP)
            console = laptop.new_page()
            console.on("dialog", lambda d: d.accept())  # "End this game now?"
            sign_up(console, url)
            assert app.state.hub.store.users.set_referee("sedzia", True)
            console.goto(f"{url}/belgijka/sedzia")
            console.fill("#bj-name", NAME)
            console.fill("#bj-seed", SEED)
            console.fill("#bj-games", str(GAMES))
            assert "Mistrzostwa są utworzone." in press(console, "nowy")
            console.fill("#bj-names", "\n".join(NAMES))
            said = press(console, "gracze")
            assert all(f"{name}: stolik {n}" in said for n, name in enumerate(NAMES, 1)), said

            # the codes, as the referee hands them out
            console.goto(f"{url}/belgijka/sedzia/kody")
            codes = {}
            for slip in console.locator(".slip").all():
                who = str(slip.locator(".who").inner_text())
                table = int(re.search(r"(\d+):", who).group(1))  # type: ignore[union-attr]
                assert NAMES[table - 1] in who
                codes[table] = str(slip.locator(".code").inner_text()).strip()
            assert codes == {n: c for n, _name, c in hall.codes()}

            phones = {}
            for n in (1, 2):
                phone = new_context(browser, errors, PHONE).new_page()
                phone.goto(f"{url}/belgijka/gracz")
                phone.fill("input[name=kod]", f"{codes[n][:3].lower()} {codes[n][3:]}")
                phone.click("main button[type=submit]")
                phone.wait_for_url(f"**/belgijka/g/{codes[n]}")
                assert NAMES[n - 1] in phone.inner_text("h1")
                phones[n] = phone
            for n in range(3, len(NAMES) + 1):
                http[n] = HttpPhone(url, codes[n])

            console.goto(f"{url}/belgijka/sedzia")
            for g in range(1, GAMES + 1):
                assert f"Partia {g} rozpoczęta." in press(console, "gra")
                for m in range(1, MOVES + 1):
                    assert f"Ruch {m}: stojak" in press(console, "losuj")
                    assert "Dwie minuty ruchu biegną." in press(console, "zegar")
                    seconds = MOVE_SECONDS
                    if (g, m) == LONGER[:2]:
                        console.fill("input[name=seconds]", str(LONGER[2]))
                        said = press(console, "czas")
                        assert f"Czas ruchu wynosi teraz {LONGER[2]} s." in said, said
                        assert hall.timer is not None and hall.timer.seconds == LONGER[2]
                        seconds = LONGER[2]
                        clock.offset += MOVE_SECONDS + 5  # past two minutes: still running
                        console.goto(f"{url}/belgijka/sedzia")
                        assert console.get_attribute("#live", "data-phase") == "running"
                        # 175 s left, less the real time the pages took (up to a minute)
                        left = console.inner_text("#live .bj-clock")
                        assert re.search(r"\b2:[0-5]\d\b", left), left
                    for phone in phones.values():
                        phone.wait_for_selector(
                            f'#live[data-phase="running"][data-move="{g}/{m}"]', timeout=WAIT
                        )

                    # what the players find on the rack: the engine's ranked plays
                    def look(ch: Any) -> tuple[str, int, list[tuple[str, int]]]:
                        move = ch.game.open_move
                        plays = [(str(c.play), c.score) for c in move.candidates]
                        return move.rack, move.tied, plays

                    rack, tied, plays = hall.read(look)
                    assert len(plays) >= 5, plays
                    if m == 1:
                        assert tied > 1, (g, rack, plays[:tied])  # the referee's choice
                    if (g, m) == (1, 1):
                        word_tools_closed(phones[1], errors, url, rack, http[3])
                    chosen = tied - 1 if tied > 1 else 0
                    cards = {
                        1: plays[0],  # the first listed
                        2: plays[chosen],  # the tied top the referee will choose
                        3: plays[1],
                        4: plays[2],
                        5: plays[0],
                        6: plays[4],
                    }
                    if (g, m) == WRONG:
                        cards[4] = (cards[4][0], cards[4][1] + 1)
                    if (g, m) == SILENT:
                        del cards[6]
                    for n, (move, score) in cards.items():
                        if n in phones:
                            send_on(phones[n], move, score)
                        else:
                            http[n].send(move, score)
                    earned = {n: 0 for n in totals}
                    for n, (_move, score) in cards.items():
                        earned[n] = 0 if (g, m) == WRONG and n == 4 else score
                    if (g, m) == (1, 1):
                        shot(phones[1], "belgijka-3games-phone-sent")

                    clock.offset += seconds + 1  # the move's time is up
                    console.goto(f"{url}/belgijka/sedzia")
                    assert console.get_attribute("#live", "data-phase") == "up"
                    handed = rows(console, "table.cards")
                    assert [int(r[0]) for r in handed] == sorted(cards)
                    listed = rows(console, "table.candidates")
                    if tied > 1:
                        # II.13: the referee chooses the tied move player 2 found
                        row = console.locator("table.candidates tbody tr").nth(chosen)
                        assert listed[chosen][1] == plays[chosen][0]
                        assert NAMES[1] in listed[chosen][8], listed[chosen]  # "Znaleźli"
                        row.locator("input[name=reason]").fill("znalazł go gracz 2 (II.13)")
                        with console.expect_navigation():
                            row.locator("button").click()
                        assert "Ruch zwycięski wybrany." in console.inner_text(".flash")
                        chosen_row = console.locator("table.candidates tr.chosen")
                        assert chosen_row.inner_text().startswith(str(chosen + 1))
                        if g == 1:
                            shot(console, "belgijka-3games-tie")
                    assert f"Ruch {m} zamknięty" in press(console, "zamknij")
                    results = {int(r[1]): r for r in rows(console, "table.results")}
                    assert {n: int(r[3]) for n, r in results.items()} == earned
                    if tied > 1:  # the star is player 2's: their move is the top
                        assert results[2][4].startswith("★") and not results[1][4].startswith("★")
                    for n in totals:
                        totals[n][g - 1] += earned[n]
                    for phone in phones.values():
                        phone.wait_for_function(
                            "m => (document.querySelector('#result') || {textContent: ''})"
                            ".textContent.includes('Ruch ' + m + ':')",
                            arg=m,
                            timeout=WAIT,
                        )
                    projector.wait_for_function(
                        "t => document.querySelector('#live').textContent.includes(t)",
                        arg=f"Wyniki ruchu {m}",
                        timeout=WAIT,
                    )
                # two moves are enough: the referee ends the game between moves
                assert f"Partia {g} jest zakończona." in press(console, "koniec")
                assert hall.read(lambda ch: (ch.game.over, ch.game.end)) == (True, "referee")
                game = {int(r[1]): int(r[3]) for r in rows(console, "table.game-table")}
                assert game == {n: t[g - 1] for n, t in totals.items()}
                assert "zakończona wcześniej przez sędziego" in console.inner_text("#live")
                for phone in phones.values():  # no move open: no card form on the phones
                    phone.wait_for_function(
                        "() => document.querySelector('form.card').hidden", timeout=WAIT
                    )
                    assert not phone.locator("form.card").is_visible()

            # the classification after three games: the sum of what the cards earned
            assert "Klasyfikacja końcowa (II.15, II.16)" in console.inner_text("#live")
            shot(console, "belgijka-game3")
            expected = {n: (" + ".join(str(x) for x in t), sum(t)) for n, t in totals.items()}
            shown = {int(r[1]): (r[3], int(r[4])) for r in rows(console, "table.classification")}
            assert shown == expected, (shown, expected)
            ranked = [int(r[4]) for r in rows(console, "table.classification")]
            assert ranked == sorted(ranked, reverse=True)  # the highest total first

            projector.wait_for_function(
                "t => document.querySelector('#live').textContent.includes(t)",
                arg="Klasyfikacja końcowa (II.15, II.16)",
                timeout=WAIT,
            )
            assert projector.evaluate("window.__stayed") is True  # never reloaded
            on_screen: dict[int, tuple[str, int]] = {}
            for r in rows(projector, "#live table.classification"):
                seen = (r[3], int(r[4]))
                assert on_screen.setdefault(int(r[1]), seen) == seen  # a page and its source
            assert on_screen == expected, (on_screen, expected)
            shot(projector, "belgijka-3games-projector")
            for n, phone in phones.items():
                phone.wait_for_function(
                    "t => document.querySelector('#live .hint').textContent.includes(t)",
                    arg=f"twoja suma: {totals[n][-1]}",
                    timeout=WAIT,
                )
            shot(phones[2], "belgijka-3games-phone-end")
    finally:
        for phone in http.values():
            phone.client.close()
    print(f"three games through the browser: {time.monotonic() - started:.1f} s")
    assert not errors, errors.seen

    # the record kept on disk says the same
    from plansza.duplicate.standings import championship_table

    final = hall.read(lambda ch: {r.player.number: r.total for r in championship_table(ch)})
    assert final == {n: sum(t) for n, t in totals.items()}
