"""The live tournament pages on a phone 390 px wide: the pairings by table and by name
and the standings fit the width (no sideways scrolling), long Polish names included.
Screenshots: ``phone-pairings-names.png``, ``phone-standings.png``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from plansza.services.tournament import Referee
from plansza.tournament.model import Settings

from .served import SHOTS, chromium, serve

pytestmark = pytest.mark.slow

FIRST = ["Małgorzata", "Przemysław", "Grzegorz", "Bożena", "Włodzimierz", "Źdźisława"]
LAST = ["Szczepańska-Wiśniewska", "Brzęczyszczykiewicz", "Żółtowska", "Chrząszczewski"]


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from plansza.lexicon import Lexicon
    from plansza.server.app import create_app

    folder = tmp_path_factory.mktemp("phone")
    path = str(folder / "puchar.turniej.sqlite")

    def now() -> str:
        return "2026-05-02T09:00:00"

    Referee.create(path, Settings("Grand Prix Województwa Świętokrzyskiego", 7, "halving"), now)
    with Referee.open(path, now) as r:
        for i in range(40):
            name = f"{LAST[i % len(LAST)]} {FIRST[i % len(FIRST)]} {i}"
            r.add_player({"name": name, "club": "Klub Scrabble „Siódemka” Łódź"})
        state, _ = r.pair(1)
        for p in state.rounds[1].pairings:
            if p.second is not None:
                a, b = state.players[p.first].name, state.players[p.second].name
                r.result(1, a, "412", b, "398")
        r.pair(2)
    app = create_app(
        db=f"sqlite:///{folder / 'web.db'}",
        words=Lexicon.default(progress=False),
        secret="t",
        tournament=path,
    )
    yield from serve(app)


@pytest.mark.parametrize(
    ("page_url", "name"),
    [
        ("/turniej/kojarzenia", "phone-pairings-tables"),
        ("/turniej/kojarzenia?alfabetycznie=1", "phone-pairings-names"),
        ("/turniej/klasyfikacja", "phone-standings"),
    ],
)
def test_the_live_lists_fit_a_phone(url: str, page_url: str, name: str) -> None:
    with chromium() as browser:
        ctx = browser.new_context(
            viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
            has_touch=True, locale="pl-PL",
        )  # fmt: skip
        page = ctx.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(url + page_url)
        page.wait_for_selector("table")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        # a table that scrolls on its own hides its right part: each fits as it is
        hidden = page.evaluate(
            "() => [...document.querySelectorAll('table')]"
            ".filter(t => t.scrollWidth > t.clientWidth + 1"
            " || t.getBoundingClientRect().right > 390)"
            ".map(t => t.scrollWidth)"
        )
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)
        assert width <= 390, f"{page_url}: {width} px wide on a 390 px phone"
        assert hidden == [], f"{page_url}: tables scrolling sideways, {hidden} px wide"
        assert "Brzęczyszczykiewicz" in page.content()
        assert errors == []  # the icon too: a missing one is a console error
        ctx.close()
