"""The examples in the twins' docstrings run (``tests/test_doctests.py`` walks only
the ``plansza`` package, and the twins left it for the tests)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import twins

MODULES = sorted(
    m.name
    for m in pkgutil.iter_modules(twins.__path__, "twins.")
    if not m.name.startswith("twins.test_")
)


def test_every_twin_is_found() -> None:
    # An empty walk would pass the test below for no module at all.
    assert {"twins.movegen", "twins.lexicon", "twins.endgame"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
    assert result.attempted > 0, f"{name} shows no example"
