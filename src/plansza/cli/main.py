"""The ``plansza`` command: one Typer app with a sub-app per subsystem.

Sub-apps live in their own modules (``cli/game.py``, ``cli/tournament.py``, …)
and are registered here, under Polish names with English aliases where both
exist (``turniej`` / ``tournament``).
"""

from __future__ import annotations

import typer

from plansza.cli.i18n import UnknownLanguageError
from plansza.cli.i18n import use as set_language
from plansza.errors import N_

app = typer.Typer(
    name="plansza",
    help=N_("The open Polish Scrabble system."),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@app.callback()
def _root(
    lang: str = typer.Option(
        None,
        "--lang",
        help=N_("Language of messages. Env: PLANSZA_LANG."),
    ),
) -> None:
    # plansza.cli.entry has chosen the language before the commands were built; this
    # option is here for --help and for in-process callers (the tests' CliRunner).
    if lang:
        try:
            set_language(lang)
        except UnknownLanguageError as e:
            raise typer.BadParameter(str(e)) from e


def _register() -> None:
    from plansza.cli import game

    game.register(app)
    from plansza.cli import tournament

    tournament.register(app)
    from plansza.cli import ranking

    ranking.register(app)
    from plansza.cli import lexicon

    lexicon.register(app)
    from plansza.cli import moves

    moves.register(app)
    from plansza.cli import engine

    engine.register(app)
    from plansza.cli import duplicate

    duplicate.register(app)
    from plansza.cli import play

    play.register(app)
    from plansza.cli import analyze

    analyze.register(app)
    from plansza.cli import endgame

    endgame.register(app)


_register()
