"""Fixtures of the Belgijka tests: a small lexicon, a championship with a fixed bag."""

from __future__ import annotations

import pytest

from plansza.lexicon import Lexicon
from plansza.rules import Rules

WORDS = [
    "KOT", "KOTY", "KOTA", "TOK", "OK", "TO", "KOC", "AK", "KA", "OKO", "KOTEK",
    "ALE", "LA", "AL", "TAK", "TAKT", "KTO", "LAT", "LATO", "KOTŁA", "KOZA", "ZA",
    "NA", "ON", "ONA", "NOS", "SOK", "ŻUBR", "BRAT", "EWA", "WE", "LEK", "ELKA",
]  # fmt: skip


@pytest.fixture(scope="session")
def words() -> list[str]:
    return list(WORDS)


@pytest.fixture(scope="session")
def lex() -> Lexicon:
    return Lexicon.build(WORDS, Rules.pfs().tileset, name="test-belgijka")


@pytest.fixture(scope="session")
def default_lex() -> Lexicon:
    """The SJP.PL list (compiled once into the cache, then memory-mapped)."""
    return Lexicon.default(progress=False)
