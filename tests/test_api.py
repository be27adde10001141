"""The flat public API: ``from plansza import Board, Game, Lexicon, …``.

The names are loaded on first use (PEP 562), so these tests check that every name
in ``__all__`` resolves to what its module defines, that the lazy table and the
``TYPE_CHECKING`` imports (what type checkers see) agree, that each name means one
thing, that ``import plansza`` stays cheap, and that the API documentation is
generated from the docstrings without a warning.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import plansza

ROOT = Path(__file__).resolve().parents[1]
INIT = Path(plansza.__file__)
PACKAGE = INIT.parent


def _run(code: str) -> str:
    """Run ``code`` in a fresh interpreter with this checkout's ``plansza``."""
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def _type_checking_imports() -> dict[str, str]:
    """The names the ``if TYPE_CHECKING:`` block of ``plansza/__init__.py`` imports,
    as ``_PUBLIC`` writes them: ``module`` or ``module:attribute`` under another name."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    blocks = [
        n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"
    ]
    assert len(blocks) == 1
    found: dict[str, str] = {}
    for node in blocks[0].body:
        assert isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names:
            name = alias.asname or alias.name
            assert name not in found, f"{name} imported twice"
            found[name] = node.module if name == alias.name else f"{node.module}:{alias.name}"
    return found


def test_the_public_table_the_type_checking_imports_and_all_agree() -> None:
    public = plansza._PUBLIC
    assert sorted(plansza.__all__) == sorted(public)
    assert len(set(plansza.__all__)) == len(plansza.__all__)
    assert _type_checking_imports() == public


@pytest.mark.parametrize("name", plansza.__all__)
def test_every_public_name_resolves_to_its_module_s_object(name: str) -> None:
    module, _, attribute = plansza._PUBLIC[name].partition(":")
    value = getattr(plansza, name)
    assert value is getattr(importlib.import_module(module), attribute or name)
    assert name in dir(plansza)


def test_from_import_and_dir() -> None:
    from plansza import Board, Game, Lexicon, MoveGenerator, Play, Rules, read_gcg, write_gcg

    assert (Board, Game, Lexicon, MoveGenerator, Play, Rules, read_gcg, write_gcg) == (
        plansza.board.Board, plansza.game.Game, plansza.lexicon.Lexicon,
        plansza.movegen.MoveGenerator, plansza.moves.Play, plansza.rules.Rules,
        plansza.gcg.read_gcg, plansza.gcg.write_gcg,
    )
    assert set(plansza.__all__) <= set(dir(plansza))
    assert "__version__" in dir(plansza)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="'plansza' has no attribute 'Bord'"):
        _ = plansza.Bord  # type: ignore[attr-defined]
    with pytest.raises(ImportError):
        from plansza import Bord  # type: ignore[attr-defined]  # noqa: F401


def test_a_class_is_public_under_its_own_name() -> None:
    # repr(), tracebacks and the API docs name a class by its __name__: a flat name
    # that differs from it would name one thing two ways.
    for name in plansza.__all__:
        value = getattr(plansza, name)
        if inspect.isclass(value):
            assert value.__name__ == name, f"plansza.{name} is {value.__qualname__}"


def _class_definitions() -> dict[str, list[str]]:
    """Every top-level class the package defines: name -> the modules that define it."""
    out: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                out.setdefault(node.name, []).append(module)
    return out


def test_each_public_name_means_one_thing() -> None:
    # Game, Move, Player and Candidate once each named two or three things (the game
    # state machine, a Belgijka game, a tournament's game, a ranking history's game…).
    classes = _class_definitions()
    twice = {n: classes[n] for n in plansza.__all__ if len(classes.get(n, [])) > 1}
    assert twice == {}
    for old in ("Game", "Candidate"):
        assert classes[old] == [plansza._PUBLIC[old]], old
    assert "Player" not in classes  # a computer, a tournament and a Belgijka player
    assert "Move" not in classes    # plansza.Move is Play | Exchange | Pass


def test_the_one_meaning_of_each_former_clash() -> None:
    from plansza import (
        Candidate,
        ComputerPlayer,
        DuplicateCandidate,
        DuplicateGame,
        DuplicateMove,
        DuplicatePlayer,
        Game,
        Move,
        RankedGame,
        TournamentGame,
        TournamentPlayer,
    )

    games = {Game, DuplicateGame, TournamentGame, RankedGame}
    players = {ComputerPlayer, DuplicatePlayer, TournamentPlayer}
    assert len(games) == 4 and len(players) == 3 and Candidate is not DuplicateCandidate
    assert Move == plansza.Play | plansza.Exchange | plansza.Pass
    assert DuplicateMove.__module__ == "plansza.duplicate.game"
    assert Game.__module__ == "plansza.game"


def test_import_plansza_stays_cheap() -> None:
    # The command line starts through this package: importing it must not import the
    # storage (SQLAlchemy), the pairing graphs (networkx) or the terminal (Rich, Typer),
    # nor any module of its own until a name is used.
    loaded = json.loads(_run("import json, sys, plansza; print(json.dumps(sorted(sys.modules)))"))
    heavy = {"sqlalchemy", "networkx", "rich", "typer", "jinja2", "alembic"}
    assert heavy.isdisjoint(m.split(".")[0] for m in loaded)
    assert [m for m in loaded if m.startswith("plansza")] == ["plansza"]


def test_a_name_loads_only_its_module() -> None:
    loaded = json.loads(_run(
        "import json, sys\nfrom plansza import Board\nprint(json.dumps(sorted(sys.modules)))"
    ))
    assert "plansza.board" in loaded
    assert not {"plansza.game", "plansza.engine", "sqlalchemy"} & set(loaded)


@pytest.mark.slow
def test_the_api_docs_are_generated_without_warnings(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    result = subprocess.run(
        [sys.executable, "-W", "always", str(ROOT / "scripts" / "api_docs.py"), str(tmp_path)],
        env=env, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr
    # A module that cannot be imported, a name in __all__ that does not resolve, a
    # module named twice: pdoc warns on standard error and leaves the page out.
    assert "Warning" not in result.stderr and "Couldn't import" not in result.stderr, (
        result.stderr)
    flat = (tmp_path / "plansza.html").read_text(encoding="utf-8")
    for name in plansza.__all__:
        assert f'id="{name}"' in flat, name
    spec = importlib.util.spec_from_file_location("api_docs", ROOT / "scripts" / "api_docs.py")
    assert spec is not None and spec.loader is not None
    api_docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(api_docs)
    pages = {
        ".".join(p.relative_to(tmp_path).with_suffix("").parts) for p in tmp_path.rglob("*.html")
    }
    assert set(api_docs.modules()) <= pages
