"""Belgijka live in a real browser: three players' phones (browser contexts, 390×844)
play a whole game of 15 moves; the referee's steps go through the hall
(``app.state.belgijka``). Each move the phones send a card — the top move, typed after
tapping its square, or another legal play; in one move a card arrives after the
deadline and is refused, the phone says why (II.3, II.5); in one move a card declares
a wrong score and scores 0 (II.9). The totals at the end are the engine's
classification. Screenshots go to ``build/screenshots/belgijka-phone-*.png``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plansza.lexicon import Lexicon
from plansza.services.belgijka import Hall

from .served import SHOTS, chromium, serve

playwright_sync = pytest.importorskip("playwright.sync_api")
PHONE = {"width": 390, "height": 844}
SECONDS = 30.0
#: The move in which phone 3's card comes after the deadline (II.3, II.5).
LATE_MOVE = 2
#: The move in which phone 2 declares a wrong score (II.9).
WRONG_MOVE = 3


class Clock:
    """The server's time, moved ahead by hand to end a move's time at once."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


@pytest.fixture(scope="module")
def big() -> Lexicon:
    return Lexicon.default(progress=False)


@pytest.fixture
def served(tmp_path: Path, big: Lexicon) -> Iterator[tuple[str, Hall, Clock]]:
    from plansza.server.app import create_app

    clock = Clock()
    app = create_app(db="sqlite://", words=big, secret="s", clock=clock,
                     belgijka=str(tmp_path / "b.json"))  # fmt: skip
    hall: Hall = app.state.belgijka
    hall.create("Mistrzostwa w przeglądarce", seed="browser")
    for name in ("Anna Łęcka", "Bartek", "<script>alert(1)</script>"):
        hall.register(name)
    hall.start_game()
    server = serve(app)
    yield next(server), hall, clock
    server.close()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"belgijka-phone-{name}.png"), full_page=True)


def candidates(hall: Hall) -> list[tuple[str, int]]:
    def look(ch: Any) -> list[tuple[str, int]]:
        return [(c.move, c.score) for c in ch.game.open_move.candidates]

    return hall.read(look)


def tap_and_type(phone: Any, move: str) -> None:
    """The coordinate by tapping its square (twice: down), then the word typed."""
    coordinate, word = move.split()
    down = coordinate[0].isdigit()
    square = coordinate[-1] + coordinate[:-1] if down else coordinate
    phone.fill("input[name=move]", "")
    target = phone.locator(f'#live .sq[data-sq="{square}"]')
    target.click()
    if down:
        target.click()
    field = phone.locator("input[name=move]")
    assert field.input_value() == coordinate + " "
    field.fill(field.input_value() + word)


def send(phone: Any, move: str, score: int, *, tap: bool = False) -> None:
    if tap:
        tap_and_type(phone, move)
    else:
        phone.fill("input[name=move]", move)
    phone.fill("input[name=score]", str(score))
    phone.fill("input[name=blanks]", "")
    phone.click("form.card button[type=submit]")


def test_three_phones_play_a_whole_game(served: tuple[str, Hall, Clock]) -> None:
    url, hall, clock = served
    codes = {n: code for n, _name, code in hall.codes()}
    expected = {1: 0, 2: 0, 3: 0}
    alerts: list[str] = []
    with chromium() as browser:
        phones = {}
        for n in (1, 2, 3):
            phone = browser.new_context(viewport=PHONE, locale="pl-PL").new_page()
            phone.on("dialog", lambda d: (alerts.append(d.message), d.dismiss()))
            phone.goto(f"{url}/belgijka/gracz")
            if n == 1:
                shot(phone, "join")
            code = codes[n]
            phone.fill("input[name=kod]", f"{code[:3].lower()} {code[3:]}")
            phone.click("button[type=submit]")
            phone.wait_for_url(f"**/belgijka/g/{code}")
            phones[n] = phone
        assert "Anna Łęcka" in phones[1].inner_text("h1")
        assert "<script>" in phones[3].inner_text("h1")  # shown as text, never run
        number = 0
        while not hall.read(lambda ch: ch.game.over):  # type: ignore[union-attr]
            number += 1
            hall.draw()
            plays = candidates(hall)
            top, top_score = plays[0]
            other, other_score = plays[-1] if len(plays) > 1 else plays[0]
            hall.start_clock(SECONDS)
            for phone in phones.values():
                phone.wait_for_selector('#live[data-state="running"]')
                phone.wait_for_function(
                    "n => document.querySelector('#live .hint').textContent.includes('ruch ' + n)",
                    arg=number,
                )
            if number == 1:
                shot(phones[1], "move")
            send(phones[1], top, top_score, tap=True)
            expected[1] += top_score
            declared = other_score + 1 if number == WRONG_MOVE else other_score
            send(phones[2], other, declared)
            expected[2] += 0 if number == WRONG_MOVE else other_score
            if number == LATE_MOVE:
                clock.offset += SECONDS + 2  # the card comes 2 s after the deadline
            send(phones[3], top, top_score)
            if number != LATE_MOVE:
                expected[3] += top_score
            for n, phone in phones.items():
                if n == 3 and number == LATE_MOVE:
                    phone.wait_for_selector("#answer .error")
                    said = phone.inner_text("#answer")
                    assert "po upływie czasu ruchu" in said and "II.3, II.5" in said
                    assert phone.locator("#mine").count() == 0
                    shot(phone, "late")
                else:
                    phone.wait_for_selector("#answer .notice")
                    assert "Karta przyjęta o" in phone.inner_text("#answer")
            if number == 1:
                shot(phones[1], "sent")
            if number != LATE_MOVE:
                clock.offset += SECONDS + 0.5
            hall.close()
            for phone in phones.values():
                phone.wait_for_function(
                    "n => (document.querySelector('#result') || {textContent: ''})"
                    ".textContent.includes('Ruch ' + n + ':')",
                    arg=number,
                )
            said = phones[2].inner_text("#result")
            if number == WRONG_MOVE:
                assert "zdobywasz 0 pkt" in said and "(II.8, II.9)" in said
                shot(phones[2], "wrong-score")
            assert f"Najlepszy ruch: {top}, {top_score} pkt." in said
            if number == 1:
                shot(phones[1], "result")
            for phone in phones.values():  # the move closed: its answers are cleared
                assert phone.locator("#answer .notice, #answer .error").count() == 0
        assert number == 15  # I.2: a game is 15 moves
        shot(phones[1], "end")
        assert "Partia zakończona" in phones[1].inner_text("#live")
        from plansza.duplicate.standings import game_table

        totals = hall.read(lambda ch: {r.player.number: r.total for r in game_table(ch, 1)})
        assert totals == expected
        for n, phone in phones.items():
            assert f"twoja suma: {expected[n]}" in phone.inner_text("#live .hint")
        phones[2].goto(phones[2].url + "?lang=en")
        assert "The game is over" in phones[2].inner_text("#live")
        shot(phones[2], "end-en")
    assert alerts == []
