"""CI runs the README's test command, and that command runs the checks before the suite
(issue 42): ``.ci/run`` is ``make test``, ``make test`` runs ``make check`` first, and
``make check`` is ruff, strict mypy, lint-imports and vulture."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _recipe(makefile: str, target: str) -> tuple[list[str], list[str]]:
    """A Makefile target's prerequisites and the commands of its recipe."""
    m = re.search(rf"^{target}:([^\n]*)\n((?:\t[^\n]*\n)*)", makefile, re.M)
    assert m, f"no target {target}"
    return m.group(1).split(), [line.strip() for line in m.group(2).splitlines()]


def test_ci_runs_the_readme_test_command() -> None:
    commands = [
        line
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert commands[-1] == "make test"
    assert re.search(r"^make test +#", (ROOT / "README.md").read_text(), re.M)


def test_make_test_runs_the_checks_then_the_suite() -> None:
    makefile = (ROOT / "Makefile").read_text()
    needs, commands = _recipe(makefile, "test")
    assert needs == ["check"] and "-m pytest" in commands[-1]
    needs, commands = _recipe(makefile, "check")
    assert needs == ["setup"]
    tools = ["ruff check", "mypy --strict", "lint-imports", "-m vulture"]
    assert [next((t for t in tools if t in c), c) for c in commands] == tools
