"""The slow twins of the fast paths: plain, obviously correct, used only by the tests.

The architecture's rule "the fast path has a slow twin": each compiled part of
plansza is checked against a naive implementation written from the rules, not
from the fast code. They live here, with the tests, and not in the wheel: a user
never needs them, and the package stays what is run.

* :mod:`twins.movegen` — a brute-force move generator (every segment, every
  assignment of rack tiles, words checked in a plain ``set``);
* :mod:`twins.lexicon` — a plain-set lexicon and a pure-Python walk of the node
  array exactly as ``kwg.h`` describes it;
* :mod:`twins.endgame` — plain minimax over every move, the end of the game
  written out rule by rule.

The tests import them as ``twins.…``: pytest puts ``tests/`` on ``sys.path``
(``tests/`` has no ``__init__.py``; its ``conftest.py`` is loaded from there).
Their examples run in ``test_examples.py``, as ``tests/test_doctests.py`` runs
those of the package.
"""
