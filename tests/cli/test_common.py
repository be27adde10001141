"""What the CLI commands share (plansza.cli.common)."""

from __future__ import annotations

import doctest

import pytest
from typer.testing import CliRunner

import plansza.cli.common
from plansza.cli.main import app
from plansza.rules import Rules


def test_doctests() -> None:
    result = doctest.testmod(plansza.cli.common)
    assert result.attempted > 0 and result.failed == 0


def test_rules_named_gives_the_preset() -> None:
    assert plansza.cli.common.rules_named("wespa") == Rules.wespa()
    assert plansza.cli.common.rules_named("PFS") == Rules.pfs()


EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 KOT/ 0/0 0"


@pytest.mark.parametrize(
    "command",
    [
        ["score", "--cgp", EMPTY, "--move", "H7 KOT"],
        ["match", "--games", "1"],
        ["endgame", "--cgp", EMPTY],
    ],
)
@pytest.mark.parametrize(
    ("lang", "needle"),
    [
        ("pl", "nieznane zasady 'szachy'; dostępne: pfs, home, school, wespa"),
        ("en", "unknown rules 'szachy'; use one of pfs, home, school, wespa"),
    ],
)
def test_every_command_names_unknown_rules_the_same_way(
    command: list[str], lang: str, needle: str
) -> None:
    # One message for a --rules preset that does not exist, in the user's language,
    # exit 2 (an argument that cannot be used), never a traceback.
    res = CliRunner().invoke(app, ["--lang", lang, *command, "--rules", "szachy"])
    assert res.exit_code == 2, res.output
    assert needle in res.stderr
    assert "Traceback" not in res.output
