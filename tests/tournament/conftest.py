"""Fixtures of the tournament tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(params=["sqlite", "postgresql"])
def tournament_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a tournament is kept: the test runs twice, on a fresh ``.turniej.sqlite``
    file (the referee's laptop) and on a fresh PostgreSQL database (a federation
    server; the throwaway cluster of tests/pg_cluster.py)."""
    if request.param == "sqlite":
        return str(tmp_path / "t.turniej.sqlite")
    return str(request.getfixturevalue("postgres_url"))
