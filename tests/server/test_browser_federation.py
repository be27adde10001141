"""The federation's registry in a real browser (``serve --federation FILE``): the
list of referees with the licences in force today and a referee's page with the
history, reached by a click; Polish by default, English by the switch."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from plansza.cli.main import app as cli

from .axe import assert_accessible_in_both_schemes
from .served import SHOTS, chromium, serve

pytestmark = pytest.mark.slow
WAIT = 15_000


@pytest.fixture
def served(tmp_path: Path, words: Any) -> Iterator[str]:
    from plansza.server.app import create_app

    db = str(tmp_path / "pfs.federacja.sqlite")
    granted = (date.today() - timedelta(days=3 * 365 - 30)).isoformat()  # lapses soon
    for args in (
        ["member", "add", "Anna Żak", "--born", "1980-01-01", "--since", "2015-01-01"],
        ["member", "add", "Łukasz Ćwik", "--born", "1985-01-01", "--since", "2015-01-01"],
        ["referee", "grant", "Anna Żak", "--degree", "2", "--date", granted],
        ["referee", "grant", "Łukasz Ćwik", "--degree", "1", "--date",
         (date.today() - timedelta(days=100)).isoformat()],
    ):  # fmt: skip
        res = CliRunner().invoke(cli, ["federacja", *args, "--db", db])
        assert res.exit_code == 0, res.output
    application = create_app(db="sqlite://", words=words, secret="s", federation=db)
    yield from serve(application)


def test_the_registry_in_the_browser(served: str) -> None:
    with chromium() as browser:
        page = browser.new_context(locale="pl-PL").new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{served}/federacja")
        assert "Rejestr federacji" in page.content()
        rows = page.locator("table tbody tr")
        assert rows.count() == 2
        # Polish alphabetical order: Ł after L, so Anna before Łukasz
        assert rows.nth(0).inner_text().startswith("Anna Żak")
        assert "Licencje wygasające w ciągu 90 dni" in page.content()  # RS §5.2
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "federation-registry.png"), full_page=True)
        assert_accessible_in_both_schemes(page, "the registry")  # issue 44 (axe-core)
        page.click("text=Łukasz Ćwik")
        page.wait_for_selector("h1:has-text('Łukasz Ćwik')", timeout=WAIT)
        assert "nadana licencja I stopnia" in page.content()
        page.screenshot(path=str(SHOTS / "federation-referee.png"), full_page=True)
        assert_accessible_in_both_schemes(page, "a referee's page")
        page.click("text=Rejestr federacji")
        page.wait_for_selector("table", timeout=WAIT)
        assert page.url.endswith("/federacja")
        assert page.goto(f"{served}/federacja/..%2Fetc.html").status == 404
        assert errors == []
