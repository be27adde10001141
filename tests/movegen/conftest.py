"""Fixtures of the move generator's tests: the test word list compiled two ways."""

from __future__ import annotations

import pytest

from plansza.lexicon import Lexicon
from plansza.movegen._automaton import Automaton
from plansza.rules import Rules
from twins.movegen import WordSet

from .kwgtools import build_automaton
from .positions import load_words


@pytest.fixture(scope="session")
def rules() -> Rules:
    return Rules.pfs()


@pytest.fixture(scope="session")
def words() -> list[str]:
    return load_words()


@pytest.fixture(scope="session")
def word_set(words: list[str]) -> WordSet:
    """The list as the slow twin reads it (a plain set)."""
    return WordSet(words)


@pytest.fixture(scope="session")
def lexicon(words: list[str], rules: Rules) -> Lexicon:
    """The test list compiled by the lexicon's own (minimising, C) builder."""
    return Lexicon.build(words, rules.tileset)


@pytest.fixture(scope="session")
def trie_automaton(words: list[str], rules: Rules) -> Automaton:
    """The same list as a plain, unminimised trie built in Python (an independent builder)."""
    return build_automaton(words, rules.tileset)
