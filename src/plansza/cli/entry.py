"""The console script's entry point.

The language is chosen first (``--lang`` before the command, else ``PLANSZA_LANG``,
else Polish), so that everything, ``--help`` included, is in it: the commands'
help texts are English message ids, translated here when the command tree is built.

``plansza check WORD...`` is meant for the table, several times a game: it takes a
path that skips building the whole command line (every subsystem's imports and
Typer's parsing cost several times the check itself): :mod:`plansza.cli.wordcheck`,
which does not import Typer. Everything else goes to the lazy root group of
:mod:`plansza.cli.main`, which imports only the invoked command's subsystem.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from plansza.cli.i18n import UnknownLanguageError, environment_language, t, use
from plansza.i18n import LANGUAGES, language_code

__all__ = ["argv_language", "choose_language", "command", "main"]

EXIT_INPUT = 2


def argv_language(argv: Sequence[str]) -> str | None:
    """The value of a ``--lang`` given before the command, if any.

    >>> argv_language(["--lang", "en", "check", "KOT"]), argv_language(["--lang=pl"])
    ('en', 'pl')
    >>> argv_language(["check", "--lang", "en"]) is None
    True
    """
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
        if not arg.startswith("-"):
            return None
    return None


def choose_language(argv: Sequence[str]) -> str | None:
    """Set the CLI's language from ``argv`` and the environment; an error text if unknown."""
    given = argv_language(argv)
    source = "--lang"
    try:
        if given is not None:
            use(language_code(given))
            return None
        source = "PLANSZA_LANG"
        env = environment_language()
        if env is not None:
            use(env)
    except UnknownLanguageError as e:
        # Neither language is chosen yet: say it in both.
        return (
            f"Błąd / Error: {source}: nieznany język / unknown language {e.value!r} "
            f"({' | '.join(LANGUAGES)})"
        )
    return None


def command() -> Any:
    """The ``plansza`` command tree, its help in the CLI's language.

    The root lists its commands from a static table and imports a subsystem only
    when one of its commands runs (:func:`plansza.cli.main.lazy_command`).
    """
    from plansza.cli.main import lazy_command

    return lazy_command(t().gettext)


def main(argv: Sequence[str] | None = None) -> None:
    """Run ``plansza`` with ``argv`` (the process arguments by default)."""
    args = list(sys.argv[1:] if argv is None else argv)
    problem = choose_language(args)
    if problem is not None:
        print(problem, file=sys.stderr)
        raise SystemExit(EXIT_INPUT)
    if "check" in args or "sprawdź" in args:
        # The check alone (Rich, the consoles; not Typer) only for a line that may be one.
        from plansza.cli.wordcheck import fast_check

        code = fast_check(args)
        if code is not None:
            raise SystemExit(code)
    if not args or "--help" in args:
        from plansza.cli.main import import_help_renderer

        import_help_renderer()
    command().main(args=args, prog_name="plansza")


def __getattr__(name: str) -> Any:
    # translate_help is plansza.cli.main's, which imports Typer: only when asked for.
    if name == "translate_help":
        from plansza.cli.main import translate_help

        return translate_help
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":
    main()
