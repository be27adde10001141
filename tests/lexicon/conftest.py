"""Fixtures of the lexicon tests.

The default lexicon is compiled once into the cache (``PLANSZA_CACHE_DIR`` or
the user cache directory) the first time a test needs it — about 20 s on a
fresh clone, then a memory map. The build takes a file lock, so the pytest
workers of ``make test`` wait for one build instead of making two.
"""

from __future__ import annotations

import lzma
from collections.abc import Iterator
from pathlib import Path

import pytest

from plansza.lexicon import Lexicon
from plansza.lexicon.store import default_source


@pytest.fixture(scope="session")
def default_lexicon() -> Lexicon:
    """The default lexicon (SJP.PL 2022-03-01), memory-mapped from the cache."""
    return Lexicon.default(progress=False)


@pytest.fixture(scope="session")
def default_text() -> str:
    """The decompressed default list: sorted words, one a line."""
    return lzma.decompress(default_source().read_bytes()).decode("utf-8")


@pytest.fixture(scope="session")
def default_list(default_text: str) -> list[str]:
    """The default list's words, sorted by code point as in the file."""
    return default_text.split("\n")[:-1]


@pytest.fixture(scope="session")
def default_words(default_list: list[str]) -> frozenset[str]:
    """The default list as a plain set: the oracle."""
    return frozenset(default_list)


@pytest.fixture
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private data directory for named lexicons (the cache is left alone)."""
    monkeypatch.setenv("PLANSZA_DATA_DIR", str(tmp_path / "data"))
    yield tmp_path
