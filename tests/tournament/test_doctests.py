"""The examples in the tournament modules' docstrings are run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "plansza.tournament.model", "plansza.tournament.events", "plansza.tournament.standings",
    "plansza.tournament.adjustments", "plansza.tournament.roundrobin",
    "plansza.tournament.totals", "plansza.tournament.halving",
    "plansza.tournament.storage", "plansza.tournament.tsh", "plansza.tournament.ranked",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
