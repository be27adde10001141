"""PostgreSQL support is an optional extra, and a missing driver is one clear line.

``postgresql+psycopg://`` URLs work by the same storage code as SQLite files
(tests/tournament/test_postgres.py, on the tests' throwaway cluster); the driver is
declared as the extra ``plansza[postgres]``, not as a dependency of every install.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli.common import EXIT_INPUT
from plansza.cli.i18n import use as set_language
from plansza.cli.main import app
from plansza.errors import PlanszaError
from plansza.i18n import describe, translator
from plansza.tournament.model import Settings
from plansza.tournament.storage import TournamentFile

ROOT = Path(__file__).resolve().parents[1]
URL = "postgresql+psycopg://referee:tajne@127.0.0.1:1/turniej"
runner = CliRunner()


@pytest.fixture
def no_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if psycopg were not installed: importing it fails."""
    monkeypatch.setitem(sys.modules, "psycopg", None)


def test_the_postgres_extra_declares_psycopg_and_nothing_else_does() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    assert extras["postgres"] == ["psycopg[binary]>=3.1"]
    # Not forced on SQLite users; developers get it from `make setup` ('.[dev,postgres]').
    for requirements in (project["dependencies"], extras["dev"]):
        assert not any(r.lower().startswith("psycopg") for r in requirements)


def test_missing_driver_is_an_error_naming_the_module_and_the_extra(no_driver: None) -> None:
    with pytest.raises(PlanszaError) as caught:
        TournamentFile(URL)
    text = str(caught.value)
    assert "psycopg" in text and "plansza[postgres]" in text
    assert "tajne" not in text and "referee:***@127.0.0.1" in text  # never the password
    set_language("en")
    with pytest.raises(PlanszaError, match=r"driver is not installed \(module psycopg\)"):
        TournamentFile.create(URL, Settings("Test", 6, "halving"), at="t")


def test_missing_driver_in_the_cli_is_one_line_and_exit_2(no_driver: None) -> None:
    res = runner.invoke(app, ["turniej", "standings", "--db", URL])
    assert res.exit_code == EXIT_INPUT
    assert "Traceback" not in res.stderr
    assert not isinstance(res.exception, ImportError)
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "brak sterownika" in lines[0]
    assert "pip install 'plansza[postgres]'" in lines[0]


def test_a_driver_for_another_database_gets_no_postgres_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pymysql", None)
    with pytest.raises(PlanszaError) as caught:
        TournamentFile("mysql+pymysql://u@h/x")
    assert "moduł pymysql" in describe(caught.value, translator("pl"))
    assert "postgres" not in str(caught.value)


def test_an_unknown_kind_of_database_is_named() -> None:
    with pytest.raises(PlanszaError) as caught:
        TournamentFile("nosuchdb://u@h/x")
    assert "„nosuchdb”" in describe(caught.value, translator("pl"))


def test_a_file_that_is_not_a_database_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "zly.turniej.sqlite"
    path.write_text("to nie jest baza\n", encoding="utf-8")
    res = runner.invoke(app, ["turniej", "standings", "--db", str(path)])
    assert res.exit_code == EXIT_INPUT
    assert "Traceback" not in res.stderr
    assert f"nie można otworzyć bazy {path}" in res.stderr


def test_no_server_is_one_line() -> None:
    res = runner.invoke(app, ["--lang", "en", "turniej", "standings", "--db", URL])
    assert res.exit_code == EXIT_INPUT
    assert "cannot open the database postgresql+psycopg://referee:***@" in res.stderr
    assert "tajne" not in res.stderr
