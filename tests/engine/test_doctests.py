"""The engine's docstring examples are run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name",
    [
        "plansza.engine",
        "plansza.engine.base",
        "plansza.engine.leaves",
        "plansza.engine.levels",
        "plansza.engine.static",
        "plansza.engine.sim",
        "plansza.engine.match",
        "plansza.engine.train",
    ],
)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
