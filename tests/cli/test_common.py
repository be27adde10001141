"""The CLI's shared error path (cli/common.py)."""

from __future__ import annotations

import pytest
import typer

from plansza.cli import common


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
