"""The import rule of docs/architecture.md, checked in the suite: imports only go down.

The contracts are ``[tool.importlinter]`` in ``pyproject.toml``; ``make check`` runs
the same ``lint-imports``. Each broken-contract test copies the package's sources to
a temporary directory, adds one forbidden import (inside a function, where the old
cycles hid) and shows that the checker refuses it.

An import-linter ``acyclic_siblings`` contract only sees cycles between modules of
one package; :func:`module_cycles` also sees a module importing its own package's
``__init__`` (``plansza.engine.match`` once imported ``make_player`` from
``plansza.engine``, which imports ``match``).
"""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import networkx as nx
import pytest

import plansza

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
PACKAGE = Path(plansza.__file__).resolve().parent
# The venv's own lint-imports, as `make check` runs it.
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def lint_imports(src: Path) -> subprocess.CompletedProcess[str]:
    """Run the project's contracts on the ``plansza`` found in the directory ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo", str(PYPROJECT)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def copy_with_import(tmp_path: Path, module: str, import_line: str) -> Path:
    """A copy of the package's sources where ``module`` (a path under plansza/) gains
    a function that runs ``import_line``; returns the directory to put on the path."""
    src = tmp_path / "src"
    shutil.copytree(
        PACKAGE,
        src / "plansza",
        ignore=lambda d, names: [
            n for n in names if not n.endswith(".py") and not (Path(d) / n).is_dir()
        ]
        + ["__pycache__"],
    )
    target = src / "plansza" / module
    text = target.read_text(encoding="utf-8") if target.exists() else ""
    target.write_text(
        text + f"\n\ndef _added_by_test_layers() -> None:\n    {import_line}\n", encoding="utf-8"
    )
    return src


def compiled_submodule(package: str, name: str) -> bool:
    """Whether ``package.name`` is a compiled extension module (grimp does not see
    those, and records ``from package import name`` as an import of ``package``)."""
    try:
        spec = importlib.util.find_spec(f"{package}.{name}")
    except ModuleNotFoundError:
        return False
    return spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


def imports_only_submodules(graph: grimp.ImportGraph, importer: str, package: str) -> bool:
    """Whether every import of ``package`` by ``importer`` takes submodules from it,
    which is no dependency on the package's own ``__init__`` code."""
    for detail in graph.get_import_details(importer=importer, imported=package):
        try:
            tree = ast.parse(str(detail["line_contents"]).strip())
        except SyntaxError:  # the first line of a parenthesised import: names unknown
            return False
        statement = tree.body[0] if tree.body else None
        if not isinstance(statement, ast.ImportFrom):
            return False
        for alias in statement.names:
            if f"{package}.{alias.name}" not in graph.modules and not compiled_submodule(
                package, alias.name
            ):
                return False
    return True


def module_cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every set of modules that import one another in a circle, sorted.

    Imports inside functions and under ``TYPE_CHECKING`` count: grimp reads them all.
    An import of a submodule through its package (``from plansza.lexicon import
    _kwg``) is not counted as an import of the package.
    """
    g: nx.DiGraph[str] = nx.DiGraph()
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            if importer.startswith(imported + ".") and imports_only_submodules(
                graph, importer, imported
            ):
                continue
            g.add_edge(importer, imported)
    return sorted(sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1)


@pytest.fixture(scope="module")
def package_graph() -> grimp.ImportGraph:
    return grimp.build_graph("plansza", cache_dir=None)


def test_the_package_keeps_its_import_contracts() -> None:
    result = lint_imports(PACKAGE.parent)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_no_module_is_in_an_import_cycle(package_graph: grimp.ImportGraph) -> None:
    assert module_cycles(package_graph) == []


def test_a_cycle_through_a_package_init_is_found() -> None:
    graph = grimp.ImportGraph()
    for name in ("pkg", "pkg.match", "pkg.levels"):
        graph.add_module(name)
    graph.add_import(
        importer="pkg", imported="pkg.match", line_number=3,
        line_contents="from pkg.match import run_match",
    )
    graph.add_import(
        importer="pkg.match", imported="pkg", line_number=20,
        line_contents="from pkg import make_player",
    )
    graph.add_import(
        importer="pkg.levels", imported="pkg", line_number=5,
        line_contents="from pkg import match",
    )
    assert module_cycles(graph) == [["pkg", "pkg.match"]]


def test_a_compiled_submodule_is_not_an_import_of_its_package(
    package_graph: grimp.ImportGraph,
) -> None:
    # grimp records `from plansza.lexicon import _kwg` as an import of plansza.lexicon,
    # whose __init__ imports core: without this rule that would be a cycle.
    assert package_graph.direct_import_exists(
        importer="plansza.lexicon.core", imported="plansza.lexicon"
    )
    assert imports_only_submodules(package_graph, "plansza.lexicon.core", "plansza.lexicon")
    assert not compiled_submodule("plansza.lexicon", "core")


LAYERS = "Imports only go down the layers"
ACYCLIC = "No import cycles inside a package"
NO_BOARD = "Tournaments and the ranking need no board"
NO_TERMINAL = "nothing imports the CLI or a terminal library"
SERVER = "The web server reaches the domain only through the services"
CLI = "The command line reaches the domain only through the services"
CONTRACTS = (LAYERS, ACYCLIC, NO_BOARD, NO_TERMINAL, SERVER, CLI)


@pytest.mark.parametrize(
    ("module", "import_line", "contracts", "message"),
    [
        pytest.param(
            "board.py", "from plansza.game import Game", {LAYERS, ACYCLIC},
            "plansza.board is not allowed to import plansza.game", id="upward",
        ),
        pytest.param(
            "tiles.py", "import plansza.i18n", {LAYERS},
            "plansza.tiles is not allowed to import plansza.i18n", id="independent-siblings",
        ),
        pytest.param(
            "tournament/model.py", "from plansza.tournament import standings", {ACYCLIC},
            "No cycles are allowed in plansza.tournament", id="cycle",
        ),
        pytest.param(
            "ranking/records.py", "import plansza.board", {NO_BOARD},
            "plansza.ranking.records -> plansza.board", id="ranking-board",
        ),
        pytest.param(
            "engine/base.py", "import rich", {NO_TERMINAL},
            "plansza.engine.base -> rich", id="engine-terminal",
        ),
        pytest.param(
            "newmodule.py", "import plansza.tiles", {LAYERS},
            "- plansza.newmodule", id="module-without-layer",
        ),
        pytest.param(
            "server/console.py", "from plansza.tournament.storage import TournamentFile",
            {SERVER}, "plansza.server.console -> plansza.tournament.storage",
            id="server-domain",
        ),
        pytest.param(
            "server/pages.py", "if TYPE_CHECKING: from plansza.game import Game", {SERVER},
            "plansza.server.pages -> plansza.game", id="server-domain-type",
        ),
        pytest.param(
            "cli/tournament.py", "from plansza.tournament.standings import standings", {CLI},
            "plansza.cli.tournament -> plansza.tournament.standings", id="cli-domain",
        ),
        pytest.param(
            "cli/render.py", "import plansza.board", {CLI},
            "plansza.cli.render -> plansza.board", id="cli-board",
        ),
    ],
)
def test_a_forbidden_import_breaks_a_contract(
    tmp_path: Path, module: str, import_line: str, contracts: set[str], message: str
) -> None:
    result = lint_imports(copy_with_import(tmp_path, module, import_line))
    assert result.returncode != 0, result.stdout
    broken = {
        name
        for name in CONTRACTS
        for line in result.stdout.splitlines()
        if name in line and " BROKEN" in line
    }
    assert broken == contracts, result.stdout
    assert message in result.stdout


@pytest.mark.parametrize(
    ("module", "import_line"),
    [
        pytest.param(
            "server/pages.py", "from plansza.tournament.messages import MESSAGES", id="messages"
        ),
        pytest.param("server/pages.py", "from plansza.tiles import BLANK", id="tiles"),
        pytest.param(
            "server/pages.py", "from plansza.services.tournament_file import State", id="service"
        ),
        pytest.param("cli/game.py", "from plansza.gcg import parse_event", id="cli-record-format"),
        pytest.param("cli/ranking.py", "from plansza.inputs import check_name", id="cli-inputs"),
        pytest.param("cli/lexicon.py", "from plansza.files import write_atomic", id="cli-files"),
        pytest.param(
            "cli/duplicate.py", "from plansza.duplicate.messages import VERDICTS", id="cli-messages"
        ),
    ],
)
def test_the_front_ends_may_import_the_contracts_exceptions(
    tmp_path: Path, module: str, import_line: str
) -> None:
    # The front ends' exceptions (a package's messages, the collation, the CLI's files and
    # record formats…) and the services.
    result = lint_imports(copy_with_import(tmp_path, module, import_line))
    assert result.returncode == 0, result.stdout + result.stderr
