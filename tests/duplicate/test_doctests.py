"""The Belgijka modules' docstring examples are run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "plansza.duplicate",
    "plansza.duplicate.racks",
    "plansza.duplicate.top",
    "plansza.duplicate.cards",
    "plansza.duplicate.game",
    "plansza.duplicate.standings",
    "plansza.duplicate.timer",
    "plansza.duplicate.storage",
    "plansza.duplicate.simulate",
    "plansza.duplicate.messages",
    "plansza.duplicate.report",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
