"""The lexicon's docstring examples are run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name",
    [
        "plansza.lexicon",
        "plansza.lexicon.core",
        "plansza.lexicon.kwgfile",
        "plansza.lexicon.progress",
        "plansza.lexicon.reference",
        "plansza.lexicon.wordlist",
        "plansza.cli.lexicon",
    ],
)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
