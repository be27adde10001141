"""Every module of ``plansza`` imports, and the examples in its docstrings run.

The modules are found by walking the package, so a new module is covered without
being listed; one with no examples passes once it imports.
"""

from __future__ import annotations

import doctest
import importlib
import os
import pkgutil

import pytest

import plansza


def _modules() -> list[str]:
    def fail(name: str) -> None:
        # walk_packages imports packages to list their contents; one that cannot be
        # imported must fail the test of that package, not vanish from the list.
        raise ImportError(f"cannot import {name} to list its modules")

    names = ["plansza"]
    names += [m.name for m in pkgutil.walk_packages(plansza.__path__, "plansza.", onerror=fail)]
    return sorted(names)


MODULES = _modules()

# Modules that are scripts of another program: importing one runs it.
SCRIPTS = {
    "plansza.__main__": "runs the command line when imported (python -m plansza)",
    "plansza.tournament.migrations.env": "Alembic's environment script: only Alembic imports it",
    "plansza.server.migrations.env": "Alembic's environment script: only Alembic imports it",
}
# Examples that cannot pass yet, each with the reason; remove an entry once it passes.
PENDING: dict[str, str] = {}


def _params() -> list[object]:
    params: list[object] = []
    for name in MODULES:
        if name in SCRIPTS:
            params.append(pytest.param(name, marks=pytest.mark.skip(reason=SCRIPTS[name])))
        elif name in PENDING:
            params.append(pytest.param(name, marks=pytest.mark.xfail(reason=PENDING[name])))
        else:
            params.append(name)
    return params


def test_the_walk_finds_the_subpackages() -> None:
    # A walk that stopped at the top level would still pass every test below.
    assert {"plansza.board", "plansza.engine.endgame", "plansza.tournament.storage",
            "plansza.cli.main", "plansza.ranking.hollington"} <= set(MODULES)


def _process_state() -> dict[str, object]:
    # What an example could change for every later test in this worker process.
    from plansza.cli.i18n import current

    return {
        "language": current(),
        "cwd": os.getcwd(),
        "environ": dict(os.environ),
    }


def test_the_exceptions_are_real_modules() -> None:
    # A renamed module would leave a stale entry that skips nothing.
    assert set(SCRIPTS) | set(PENDING) <= set(MODULES)


@pytest.mark.parametrize("name", _params())
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    before = _process_state()
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
    # An example may change the language (or the directory) for its own use; it must
    # put it back, or the tests after it run in another state.
    after = _process_state()
    changed = sorted(k for k in before if before[k] != after[k])
    assert not changed, f"the examples of {name} leave changed: {', '.join(changed)}"
