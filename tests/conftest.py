"""Shared test configuration."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from plansza.cli.i18n import use as set_language

# The throwaway PostgreSQL cluster: fixtures postgres, postgres_url, database_url.
pytest_plugins = ["pg_cluster", "redis_server"]

# CI profile: deterministic and bounded so the suite stays well under 15 minutes.
settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(autouse=True)
def _polish_by_default() -> Iterator[None]:
    """Every test starts in the default language (Polish), whatever the one before set:
    ``--lang`` on a CLI call changes the process-wide language."""
    set_language("pl")
    yield
    set_language("pl")


@pytest.fixture(autouse=True)
def _own_ranking_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The imported ranking list (``ranking import-list``, read by ``turniej add-player``)
    is the test's own, never one the user imported."""
    monkeypatch.setenv("PLANSZA_RANKING_LIST", str(tmp_path / "ranking-list.csv"))
