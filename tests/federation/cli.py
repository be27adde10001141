"""``plansza federacja …`` run in-process for the federation's tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from plansza.cli.common import EXIT_OK
from plansza.cli.main import app

runner = CliRunner()


def run(db: Path, *args: str, code: int = EXIT_OK) -> str:
    """``plansza federacja ARGS --db DB``: its output, after checking its exit code."""
    result = runner.invoke(app, ["federacja", *args, "--db", str(db)])
    assert result.exit_code == code, result.output
    return result.output


def as_json(db: Path, *args: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(run(db, *args, "--json"))
    return found
