"""The CLI's shared parts (cli/common.py): the error path, the default lexicon, --rules."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from plansza.cli import common
from plansza.cli.main import app
from plansza.rules import Rules


def test_fail_prints_brackets_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    # A message naming an extra or a rack in brackets must reach the user whole:
    # Rich would otherwise read "[postgres]" as a style tag and drop it.
    with pytest.raises(typer.Exit) as exc:
        common.fail("pip install 'plansza[postgres]'; rack [ABC]", common.EXIT_INPUT)
    assert exc.value.exit_code == common.EXIT_INPUT
    err = capsys.readouterr().err
    assert "plansza[postgres]" in err
    assert "[ABC]" in err


def test_the_default_lexicon_name_is_the_lexicon_packages() -> None:
    # Written out in cli/common.py so that commands start without the lexicon package.
    from plansza.lexicon.store import DEFAULT_NAME

    assert common.DEFAULT_LEXICON == DEFAULT_NAME


def test_rules_named_gives_the_preset() -> None:
    assert common.rules_named("wespa") == Rules.wespa()
    assert common.rules_named("PFS") == Rules.pfs()


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
