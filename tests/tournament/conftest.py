"""Fixtures of the tournament tests."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest


class CliClock:
    """The referee's command line on a clock the test moves by hand: every event's time
    stamp and every time left it prints (``turniej clock``) read it, never the wall
    clock (issue 42: a second passing between two commands under load changed
    "pozostało 45:00" to "44:59")."""

    def __init__(self, at: datetime) -> None:
        self.at = at

    def __call__(self) -> str:
        return self.at.isoformat(timespec="seconds")

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@pytest.fixture
def cli_clock(monkeypatch: pytest.MonkeyPatch) -> CliClock:
    """Stands for ``plansza.cli.tournament_common.now`` in every CLI module that took
    it (the commands look it up when they run)."""
    import plansza.cli.tournament
    import plansza.cli.tournament_views  # noqa: F401  (it takes ``now`` too)
    from plansza.cli import tournament_common

    clock = CliClock(datetime(2026, 5, 2, 10, 0, tzinfo=UTC))
    wall = tournament_common.now
    for name, module in list(sys.modules.items()):
        if name.startswith("plansza.cli") and getattr(module, "now", None) is wall:
            monkeypatch.setattr(module, "now", clock)
    assert tournament_common.now is clock
    return clock


@pytest.fixture(params=["sqlite", "postgresql"])
def tournament_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a tournament is kept: the test runs twice, on a fresh ``.turniej.sqlite``
    file (the referee's laptop) and on a fresh PostgreSQL database (a federation
    server; the throwaway cluster of tests/pg_cluster.py)."""
    if request.param == "sqlite":
        return str(tmp_path / "t.turniej.sqlite")
    return str(request.getfixturevalue("postgres_url"))
