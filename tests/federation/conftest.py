"""The federation's tests: the command line in Polish unless a test asks otherwise."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from plansza.cli.i18n import use as set_language


@pytest.fixture(autouse=True)
def polish() -> Iterator[None]:
    set_language("pl")
    yield
    set_language("pl")
