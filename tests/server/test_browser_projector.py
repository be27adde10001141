"""The projectors of a real hall in a real browser (Playwright with Debian's Chromium):
the tournament's cycle (``/turniej/kojarzenia?projektor=1`` and the rest) for 40 and
150 players, and Belgijka's (``/belgijka/projektor``) for 200, on a 1920 × 1080 screen
(and 1280 × 720). Every line that must be read — each row of the page shown, the
page's number, the clock, the board's corners with their coordinates, the top move,
the results, the classification — lies inside the screen (no scrolling in a hall),
and the pages together show every player. Screenshots go to
``build/screenshots/projector-*.png``."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from tests.server.served import chromium, serve
from tests.server.test_browser import WAIT, JumpClock, shot, watch

from plansza.lexicon import Lexicon
from plansza.services.belgijka import Hall
from plansza.services.tournament import Referee
from plansza.tournament.model import Settings

playwright_sync = pytest.importorskip("playwright.sync_api")

FULL_HD = {"width": 1920, "height": 1080}
HD = {"width": 1280, "height": 720}

SURNAMES = [
    "Nowak", "Kowalska", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamińska", "Lewandowski",
    "Zielińska", "Szymański", "Woźniak", "Dąbrowski", "Kozłowska", "Jankowski", "Mazur",
    "Kwiatkowska", "Krawczyk", "Piotrowski", "Grabowska", "Nowakowski", "Pawłowska",
    "Michalski", "Król", "Wieczorek", "Jabłońska", "Wróbel", "Majewski", "Olszewska",
    "Stępień", "Malinowski", "Jaworska", "Adamczyk", "Dudek", "Nowicka", "Pawlak",
    "Górski", "Witkowska", "Walczak", "Sikora", "Baran", "Rutkowska", "Michalak",
    "Szewczyk", "Ostrowski", "Tomaszewska", "Pietrzak", "Marciniak", "Wróblewski",
    "Zalewska", "Jakubowski", "Jasińska", "Zawadzki", "Sadowska", "Bąk", "Chmielewski",
    "Włodarczyk", "Borkowska", "Czarnecki", "Sawicka", "Sokołowski", "Urbańska",
    "Kubiak", "Maciejewska", "Szczepański", "Kucharska", "Wilk", "Kalinowska", "Lis",
    "Mazurek", "Wysocki", "Adamska", "Kaźmierczak", "Wasilewska", "Sobczak", "Czerwińska",
    "Andrzejewski", "Cieślak", "Głowacka", "Zakrzewski", "Kołodziej", "Sikorska",
    "Krajewski", "Gajewska", "Szymczak", "Szulc", "Baranowska", "Laskowski", "Brzeziński",
    "Makowska", "Ziółkowski", "Przybylska", "Źdźbło", "Łuczak", "Śliwa", "Żak", "Ćwik",
]  # fmt: skip
GIVEN = [
    "Anna", "Łukasz", "Małgorzata", "Paweł", "Zofia", "Michał", "Agnieszka", "Tomasz",
    "Ewa", "Bartłomiej", "Joanna", "Krzysztof", "Celina", "Jan", "Iga", "Żaneta",
]  # fmt: skip
LONG = ["Kowalska-Wiśniewska Anna-Małgorzata", "Szczepańska-Grzybowska Małgorzata"]
CLUBS = ["Siódemka", "Mikrus", "Skrable Łódź", "Gdańska Dziesiątka", "", "Szkoła nr 5"]


def names(count: int) -> list[str]:
    """``count`` different names, Polish letters and two of the longest kind among them."""
    rng = random.Random(count)
    out = list(LONG)
    seen = set(out)
    while len(out) < count:
        name = f"{rng.choice(SURNAMES)} {rng.choice(GIVEN)}"
        if name not in seen:
            seen.add(name)
            out.append(name)
    rng.shuffle(out)
    return out


def now() -> str:
    return datetime.now(UTC).isoformat()


def tournament(path: str, count: int) -> list[str]:
    """A tournament of ``count`` players: round 1 played, round 2 paired with half its
    results in and its clock running; the players' names."""
    rng = random.Random(7)
    players = names(count)
    Referee.create(path, Settings("Mistrzostwa Polski w Scrabble — Łódź 2026", 7, "halving"), now)
    with Referee.open(path, now) as ref:
        ref.import_players(
            [{"name": n, "club": CLUBS[i % len(CLUBS)]} for i, n in enumerate(players)]
        )
        for n in (1, 2):
            state, _ = ref.pair()
            tables = state.rounds[n].pairings
            for i, p in enumerate(tables):
                if p.second is None or (n == 2 and i % 2):
                    continue
                ref.table_result(n, p.first, rng.randint(280, 520), p.second, rng.randint(280, 520))
        ref.clock(2, "start", 50)
    return players


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


Served = tuple[str, list[str], str]
"""The server's address, the players' names, the tournament's file."""


def served(
    tmp_path_factory: pytest.TempPathFactory, words: Lexicon, count: int
) -> Iterator[Served]:
    """A tournament of ``count`` served."""
    from plansza.server.app import create_app

    path = str(tmp_path_factory.mktemp("projector") / "t.turniej.sqlite")
    players = tournament(path, count)
    app = create_app(db="sqlite://", words=words, secret="t", tournament=path, tournament_poll=0.2)
    for url in serve(app):
        yield url, players, path


@pytest.fixture(scope="module")
def forty(tmp_path_factory: pytest.TempPathFactory, words: Lexicon) -> Iterator[Served]:
    yield from served(tmp_path_factory, words, 40)


@pytest.fixture(scope="module")
def hundred_fifty(tmp_path_factory: pytest.TempPathFactory, words: Lexicon) -> Iterator[Served]:
    yield from served(tmp_path_factory, words, 150)


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page of the projector stays until the test turns it (→)."""
    from plansza.server import tournament as live

    monkeypatch.setattr(live, "PROJECTOR_SECONDS", 600)


def outside(page: Any, selectors: list[str]) -> list[str]:
    """Of every element the selectors find (each must find one), those not wholly
    inside the screen, with their boxes; an empty list: all is in."""
    found: list[str] = page.evaluate(
        """(selectors) => {
        const w = window.innerWidth, h = window.innerHeight, out = [];
        for (const s of selectors) {
          const all = document.querySelectorAll(s);
          if (!all.length) out.push(s + ': none');
          for (const e of all) {
            const r = e.getBoundingClientRect();
            const text = e.textContent.trim().slice(0, 40);
            if (r.width === 0 || r.height === 0 || r.left < 0 || r.top < 0
                || r.right > w + 0.5 || r.bottom > h + 0.5)
              out.push(`${s} "${text}" ${r.left},${r.top},${r.right},${r.bottom}`);
          }
        }
        return out;
    }""",
        selectors,
    )
    return found


def in_view(page: Any, selector: str) -> None:
    """The first element ``selector`` finds lies inside the screen (Playwright's box)."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None, selector
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= size["width"] + 0.5, (selector, box, size)
    assert box["y"] + box["height"] <= size["height"] + 0.5, (selector, box, size)


def no_scrolling(page: Any) -> None:
    scroll = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    size = page.viewport_size
    assert scroll[0] <= size["width"] and scroll[1] <= size["height"], (scroll, size)


def page_number(page: Any) -> tuple[int, int]:
    text = page.inner_text("#pj-pageno")
    m = re.search(r"(\d+)\D+(\d+)", text)
    assert m and text.startswith("strona"), text
    return int(m.group(1)), int(m.group(2))


def font_px(page: Any, selector: str) -> float:
    size: str = page.eval_on_selector(selector, "e => getComputedStyle(e).fontSize")
    return float(size.removesuffix("px"))


def through_the_pages(page: Any, shots: str | None) -> tuple[int, str]:
    """Every page of the list shown, turned by hand (→): each page's rows, number and
    clock inside the screen; (the pages, the text of them all)."""
    page.wait_for_selector("#pj-pageno:not([hidden])", timeout=WAIT)
    k, n = page_number(page)
    assert k == 1
    seen = []
    for i in range(1, n + 1):
        assert page_number(page) == (i, n)
        rows = ".pj-pages tbody tr"
        assert page.locator(rows).count() >= 1
        assert outside(page, [rows, ".pj-pages thead th", "#pj-pageno", "#round-clock .time"]) == []
        for sel in ("#pj-pageno", "#round-clock", f"{rows} >> nth=-1"):
            in_view(page, sel)
        no_scrolling(page)
        assert not page.locator(".pj-source").is_visible()
        seen.append(page.inner_text(".pj-pages"))
        if shots and i == 1:
            shot(page, shots)
        if i < n:
            page.keyboard.press("ArrowRight")
            page.wait_for_function(
                "(k) => document.getElementById('pj-pageno').textContent.match(/\\d+/)[0]"
                " === String(k)",
                arg=i + 1,
                timeout=WAIT,
            )
    return n, "\n".join(seen)


LISTS = [
    ("/turniej/kojarzenia?projektor=1", "tables"),
    ("/turniej/kojarzenia?alfabetycznie=1&projektor=1", "names"),
    ("/turniej/klasyfikacja?projektor=1", "standings"),
]


@pytest.mark.parametrize("hall", ["forty", "hundred_fifty"])
def test_the_tournament_projector_pages_fit_a_full_hd_screen(
    hall: str, browser: Any, slow: None, request: pytest.FixtureRequest
) -> None:
    url, players, _ = request.getfixturevalue(hall)
    ctx = browser.new_context(viewport=FULL_HD, locale="pl-PL")
    page = ctx.new_page()
    errors = watch(page)
    size = len(players)
    for path, name in LISTS:
        page.goto(f"{url}{path}&lang=pl")
        pages, text = through_the_pages(page, f"projector-tournament-{name}-{size}-1920")
        # read from the back of the hall: 3 % of the screen's height, a long list of
        # names a little less to take two columns
        assert font_px(page, ".pj-pages td") >= 0.024 * FULL_HD["height"]
        missing = [p for p in players if p not in text]
        assert missing == [], (name, missing[:5])
        if size >= 150:
            assert pages >= 2
    ctx.close()
    assert errors == []


def test_the_projector_turns_its_pages_and_goes_on(
    hundred_fifty: Served, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """By itself: each page of the list for its seconds, then the next list."""
    from plansza.server import tournament as live

    url, _, _ = hundred_fifty
    monkeypatch.setattr(live, "PROJECTOR_SECONDS", 1)
    page = browser.new_page(viewport=FULL_HD)
    errors = watch(page)
    page.goto(f"{url}/turniej/kojarzenia?alfabetycznie=1&projektor=1&lang=pl")
    page.wait_for_selector("#pj-pageno:not([hidden])", timeout=WAIT)
    n = page_number(page)[1]
    seen: set[int] = set()
    while "klasyfikacja" not in page.url:
        try:
            seen.add(page_number(page)[0])
        except Exception:  # the next list is loading
            break
        page.wait_for_timeout(150)
    page.wait_for_url(re.compile(r".*/turniej/klasyfikacja\?projektor=1"), timeout=WAIT)
    assert seen == set(range(1, n + 1))
    page.close()
    assert errors == []


def test_a_result_coming_in_keeps_the_page_shown(
    hundred_fifty: Served, browser: Any, slow: None
) -> None:
    """The list is fetched again when a result is entered: cut again into the same
    pages, the page shown stays (the hall would never see the last pages otherwise)."""
    url, _, path = hundred_fifty
    page = browser.new_page(viewport=FULL_HD)
    errors = watch(page)
    page.goto(f"{url}/turniej/kojarzenia?projektor=1&lang=pl")
    page.wait_for_selector("#pj-pageno:not([hidden])", timeout=WAIT)
    for _ in range(2):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.getElementById('pj-pageno').textContent.startsWith('strona 3 ')",
        timeout=WAIT,
    )
    seq = page.get_attribute("#live", "data-seq")
    with Referee.open(path, now) as ref:
        state = ref.state()
        open_table = next(
            p for p in state.rounds[2].pairings if p.result is None and p.second is not None
        )
        ref.table_result(2, open_table.first, 401, open_table.second, 377)
    page.wait_for_function(
        "(seq) => document.getElementById('live').getAttribute('data-seq') !== seq",
        arg=seq,
        timeout=WAIT,
    )
    assert page_number(page)[0] == 3
    assert not page.locator(".pj-source").is_visible()
    assert outside(page, [".pj-pages tbody tr", "#pj-pageno"]) == []
    page.close()
    assert errors == []


def test_the_tournament_projector_fits_a_small_projector(
    hundred_fifty: Served, browser: Any, slow: None
) -> None:
    """1280 × 720: the same pages in smaller figures."""
    url, players, _ = hundred_fifty
    ctx = browser.new_context(viewport=HD, locale="pl-PL")
    page = ctx.new_page()
    errors = watch(page)
    for path, name in LISTS:
        page.goto(f"{url}{path}&lang=pl")
        _, text = through_the_pages(page, f"projector-tournament-{name}-{len(players)}-1280")
        assert [p for p in players if p not in text] == []
    ctx.close()
    assert errors == []


# ---- Belgijka ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def belgijka(
    tmp_path_factory: pytest.TempPathFactory, words: Lexicon
) -> Iterator[tuple[str, Hall, JumpClock]]:
    from plansza.server import belgijka_console
    from plansza.server.app import create_app

    path = tmp_path_factory.mktemp("belgijka") / "b.json"
    clock = JumpClock()
    app = create_app(db="sqlite://", words=words, secret="t", clock=clock, belgijka=str(path))
    seconds = belgijka_console.PROJECTOR_SECONDS
    belgijka_console.PROJECTOR_SECONDS = 600  # the test turns the pages (→)
    try:
        for url in serve(app):
            yield url, app.state.belgijka, clock
    finally:
        belgijka_console.PROJECTOR_SECONDS = seconds


BOARD_CORNERS = [
    ".bj-board .sq:nth-child(1)",
    ".bj-board .sq:nth-child(15)",
    ".bj-board .sq:nth-child(211)",
    ".bj-board .sq:nth-child(225)",
    ".framed .cols span:first-child",
    ".framed .cols span:last-child",
    ".framed .rows span:first-child",
    ".framed .rows span:last-child",
]


def board_in_view(page: Any) -> None:
    assert outside(page, BOARD_CORNERS) == []
    assert page.inner_text(".framed .cols span:last-child") == "O"
    assert page.inner_text(".framed .rows span:last-child") == "15"


def lists_pages(page: Any) -> list[tuple[int, int]]:
    """Each list's "page k of n" on the screen (k, n)."""
    texts: list[str] = page.eval_on_selector_all(
        ".pj-list .pj-pageno", "all => all.map(e => e.textContent)"
    )
    out = []
    for text in texts:
        m = re.search(r"(\d+)\D+(\d+)", text)
        assert m and text.startswith("strona"), text
        out.append((int(m.group(1)), int(m.group(2))))
    return out


def through_lists(page: Any) -> list[str]:
    """Every page of every list (→ turns them all, each from the page it shows): each
    page's rows and number inside the screen; the text each list showed, all its pages
    together."""
    page.wait_for_selector(".pj-list .pj-pageno:not([hidden])", timeout=WAIT)
    start = lists_pages(page)
    turns = max(n for _, n in start)
    seen = ["" for _ in start]
    numbers = ".pj-list .pj-pageno"
    for i in range(turns):
        assert lists_pages(page) == [((k - 1 + i) % n + 1, n) for k, n in start]
        assert outside(page, [".pj-pages tbody tr", ".pj-pages thead th", ".pj-pageno"]) == []
        no_scrolling(page)
        texts: list[str] = page.eval_on_selector_all(
            ".pj-list .pj-pages", "all => all.map(e => e.innerText)"
        )
        seen = [s + "\n" + t for s, t in zip(seen, texts, strict=True)]
        if i + 1 < turns:
            before = page.eval_on_selector_all(numbers, "all => all.map(e => e.textContent)")
            page.keyboard.press("ArrowRight")
            page.wait_for_function(
                "([s, before]) => [...document.querySelectorAll(s)].map(e => e.textContent)"
                ".join() !== before.join()",
                arg=[numbers, before],
                timeout=WAIT,
            )
    return seen


def test_the_belgijka_projector_shows_everything_on_one_screen(
    belgijka: tuple[str, Hall, JumpClock], browser: Any
) -> None:
    url, hall, clock = belgijka
    players = names(200)
    hall.create("Mistrzostwa Polski w Belgijce — Łódź 2026", seed="rzutnik", games=2)
    for name in players:
        hall.register(name)
    hall.start_game()
    ctx = browser.new_context(viewport=FULL_HD, locale="pl-PL")
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{url}/belgijka/projektor?lang=pl")
    move = hall.draw()
    page.wait_for_selector(".bj-rack .tile", timeout=WAIT)
    board_in_view(page)
    assert outside(page, [".bj-rack .tile", "h1"]) == []
    hall.start_clock()
    clock.offset += 91  # II.3: the last 30 seconds
    page.reload()
    page.wait_for_selector("#move-clock.last30", timeout=WAIT)
    assert outside(page, ["#move-clock .time", "#move-clock .signal", ".bj-rack .tile"]) == []
    board_in_view(page)
    no_scrolling(page)
    shot(page, "projector-belgijka-clock-1920")
    # 120 cards: the top move, other plays, a wrong score; 80 players hand in nothing
    shown = move.candidates[:8]
    for table in range(1, 121):
        c = shown[table % len(shown)]
        hall.send(table, str(c.play), c.score + (5 if table % 13 == 0 else 0))
    clock.offset += 31
    hall.close()
    page.wait_for_selector(".bj-top", timeout=WAIT)
    assert str(move.candidates[0].play) in page.inner_text(".bj-top")
    board_in_view(page)
    assert page.locator(".bj-board .sq.lit .tile").count() >= 2
    assert outside(page, [".bj-top", ".bj-found", ".bj-board .sq.lit"]) == []
    shot(page, "projector-belgijka-1920")
    assert "Wyniki ruchu 1" in page.inner_text("#live")
    assert font_px(page, ".pj-pages td") >= 0.024 * FULL_HD["height"]
    (results,) = through_lists(page)
    assert [p for p in players if p not in results] == []
    assert "★" in results
    # the game ended by the referee: the last move's results and the classification
    hall.end_game()
    page.wait_for_selector(".classification", state="attached", timeout=WAIT)
    page.wait_for_function("() => document.querySelectorAll('.pj-list').length === 2")
    board_in_view(page)
    assert outside(page, [".bj-top", "h2"]) == []
    shot(page, "projector-belgijka-classification-1920")
    assert font_px(page, ".pj-pages .classification td") >= 0.024 * FULL_HD["height"]
    results, standings = through_lists(page)
    assert "Klasyfikacja mistrzostw" in page.inner_text("#live")
    assert [p for p in players if p not in standings] == []
    assert [p for p in players if p not in results] == []
    for size, name in ((HD, "1280"), ({"width": 1440, "height": 900}, "1440")):
        page.set_viewport_size(size)
        page.wait_for_timeout(300)  # laid out again after the resize
        board_in_view(page)
        assert outside(page, [".pj-pages tbody tr", ".pj-pageno", ".bj-top"]) == []
        no_scrolling(page)
        shot(page, f"projector-belgijka-classification-{name}")
    ctx.close()
    assert errors == []
