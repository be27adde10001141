"""The pairing preview in a real browser: the referee previews round 2 (points, score
groups), swaps two players with the form under it, and records the swapped pairing —
a pairing by hand with the swap in the log. Screenshot: ``console-preview.png``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from plansza.services.tournament import Referee
from plansza.tournament.model import Settings

from .served import SHOTS, chromium, serve
from .test_browser_day import WAIT, Hall, referee_page

pytestmark = pytest.mark.slow

NAMES = ["Anna Żak", "Łukasz Ćwik", "Ola Nowak", "Jan Kos", "Ewa Lis", "Igor Śliwa"]


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Hall]:
    from plansza.lexicon import Lexicon
    from plansza.server.app import create_app

    path = str(tmp_path / "puchar.turniej.sqlite")

    def now() -> str:
        return "2026-05-02T09:00:00"

    Referee.create(path, Settings("Puchar Hali", 5, "halving"), now)
    with Referee.open(path, now) as r:
        for name in NAMES:
            r.add_player({"name": name})
        state, _ = r.pair(1, manual="1-2, 3-4, 5-6")
        for p in state.rounds[1].pairings:
            assert p.second is not None
            names = state.players
            r.result(1, names[p.first].name, "400", names[p.second].name, "300")
    app = create_app(
        db=f"sqlite:///{tmp_path / 'web.db'}",
        words=Lexicon.default(progress=False),
        secret="t",
        tournament=path,
    )
    for url in serve(app):
        yield Hall(url, app, path)


def test_the_referee_swaps_two_players_before_recording(hall: Hall) -> None:
    with chromium() as browser:
        page = referee_page(browser, hall)
        page.goto(f"{hall.url}/sedzia")
        page.click("button[formaction='/sedzia/akcja/podglad']")
        page.wait_for_selector("table.pairing-preview", timeout=WAIT)
        groups = page.locator("table.pairing-preview tr.group").all_inner_texts()
        assert [g.strip() for g in groups] == [
            "Grupa punktowa: 1 duż. pkt",
            "Grupa punktowa: 0 duż. pkt",
        ]
        before = page.locator("table.pairing-preview").inner_text()
        # swap the opponents of tables 1 and 2
        rows = page.locator("table.pairing-preview tr:not(.group):not(.across-note)")
        opp1 = rows.nth(1).locator("td").nth(5).inner_text().split(". ", 1)[1]
        opp2 = rows.nth(2).locator("td").nth(5).inner_text().split(". ", 1)[1]
        swap = page.locator("form:has(select[name=swap_a])")
        swap.locator("select[name=swap_a]").select_option(label=next(
            o for o in swap.locator("select[name=swap_a] option").all_inner_texts() if opp1 in o
        ))  # fmt: skip
        swap.locator("select[name=swap_b]").select_option(label=next(
            o for o in swap.locator("select[name=swap_b] option").all_inner_texts() if opp2 in o
        ))  # fmt: skip
        swap.locator("button[type=submit]").click()
        page.wait_for_function(
            "t => document.querySelector('table.pairing-preview')?.innerText !== t", arg=before
        )
        rows = page.locator("table.pairing-preview tr:not(.group):not(.across-note)")
        assert opp2 in rows.nth(1).inner_text() and opp1 in rows.nth(2).inner_text()
        assert page.locator("#p-manual").input_value()  # the swapped pairing, by hand
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "console-preview.png"), full_page=True)
        page.click("form[action='/sedzia/akcja/kojarz'] button:not([formaction])")
        page.wait_for_selector(".flash", timeout=WAIT)
        assert "zamienieni w propozycji systemu" in page.locator(".flash").inner_text()
    with Referee.open(hall.path, lambda: "") as r:
        state = r.state()
        event = [e for e in r.file.events() if e.kind == "paired"][-1]
    assert state.rounds[2].method == "manual" and len(event.data["swapped"]) == 1
