"""The Belgijka projector in a real browser (Playwright with Debian's Chromium): the
board and the rack, the clock with II.3's last-30-seconds signal, the top move lit on
the board, the move's results, the classification. Screenshots go to
``build/screenshots/belgijka-*.png``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.served import chromium, serve
from tests.server.test_browser import WAIT, JumpClock, coordinates_align, shot, watch

from plansza.lexicon import Lexicon
from plansza.services.belgijka import Hall

playwright_sync = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory, words: Lexicon
) -> Iterator[tuple[str, Hall, JumpClock]]:
    from plansza.server.app import create_app

    path = tmp_path_factory.mktemp("belgijka") / "b.json"
    clock = JumpClock()
    app = create_app(db="sqlite://", words=words, secret="t", clock=clock, belgijka=str(path))
    for url in serve(app):
        hall: Hall = app.state.belgijka
        yield url, hall, clock


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def test_the_projector_through_a_move(served: tuple[str, Hall, JumpClock], browser: Any) -> None:
    url, hall, clock = served
    hall.create("Mistrzostwa Hali", seed="rzutnik", games=1)
    for name in ("Anna Żak", "Bartek Łoś", "Celina Ćwik"):
        hall.register(name)
    hall.start_game()

    def shrink(ch: Any) -> None:
        ch.game.bag = list("KOTA")  # a short game: the bag goes out in one move

    hall.read(shrink)
    page = browser.new_page(viewport={"width": 1600, "height": 900})
    errors = watch(page)
    page.goto(f"{url}/belgijka/projektor?lang=pl")
    move = hall.draw()
    # The page follows the hall (server-sent events): the rack appears by itself.
    page.wait_for_selector(".bj-rack .tile", timeout=WAIT)
    assert page.locator(".bj-rack .tile").count() == len(move.rack)
    coordinates_align(page, ".bj-board")
    shot(page, "belgijka-board-rack")
    hall.start_clock()
    page.wait_for_selector("#move-clock", timeout=WAIT)
    clock.offset += 91  # II.3: the last 30 seconds
    page.reload()
    page.wait_for_selector("#move-clock.last30", timeout=WAIT)
    assert "Ostatnie 30 sekund" in page.inner_text("#move-clock .signal")
    shot(page, "belgijka-clock-last30")
    top = move.candidates[0]
    hall.send(1, str(top.play), top.score)
    hall.send(2, str(top.play), top.score + 3)  # II.9: a wrong score scores 0
    clock.offset += 30
    hall.close()
    page.wait_for_selector(".bj-top", timeout=WAIT)
    assert str(top.play) in page.inner_text(".bj-top")
    assert page.locator(".bj-board .sq.lit .tile").count() >= 1
    shot(page, "belgijka-top-move")
    # I.6: the results and the classification beside the board, with no scrolling
    results = page.inner_text(".pj-pages table.results")
    assert "Anna Żak" in results and str(top.score) in results
    shot(page, "belgijka-results")
    assert "Klasyfikacja końcowa" in page.inner_text("main")
    assert "Celina Ćwik" in page.inner_text(".pj-pages table.classification")
    height = page.viewport_size["height"]
    for sel in (".pj-pages table.results tr", ".pj-pages table.classification tr", ".bj-top"):
        for box in (e.bounding_box() for e in page.locator(sel).all()):
            assert box is not None and box["y"] + box["height"] <= height, (sel, box)
    path = shot(page, "belgijka-classification")
    assert Path(path).stat().st_size > 10_000
    assert errors == []
