"""What every CLI module shares: consoles, exit codes, error reporting.

Exit codes scripts can rely on (documented in docs/en/cli.md):

* 0 — done, or a positive verdict (valid word, scores match);
* 1 — a negative verdict (illegal move, invalid word, score mismatch);
* 2 — the input could not be used (unreadable file, bad argument, unknown player);
* 3 — the operation was refused by the rules or the state (nothing was changed);
* 130 — interrupted by Ctrl-C (what was done is kept: ``play`` saves the game,
  ``match`` the games finished).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NoReturn

from rich.console import Console
from rich.text import Text

from plansza.cli.i18n import _
from plansza.errors import N_, FormatError, PlanszaError

if TYPE_CHECKING:
    from plansza.services.play import Rules
    from plansza.services.ranking import BadRowsError

DEFAULT_LEXICON = "sjp-20220301"
"""plansza.lexicon.DEFAULT_NAME, written out so that a command starts without loading
the lexicon package (a test keeps the two equal)."""

EXIT_OK = 0
EXIT_NEGATIVE = 1
EXIT_INPUT = 2
EXIT_REFUSED = 3
EXIT_INTERRUPTED = 130
"""Stopped by Ctrl-C (128 + SIGINT, as shells report it)."""

# Markup and emoji codes off: no text a user typed ("Ola [/]", "Ewa :x: Żak") is read as
# Rich markup or an emoji.
# Styles are given as style= or with rich.text.Text, never inside the text.
console = Console(highlight=False, markup=False, emoji=False)
err_console = Console(stderr=True, highlight=False, markup=False, emoji=False)


def fail(message: str, code: int = EXIT_INPUT) -> NoReturn:
    """Print ``message`` as an error on stderr and exit with ``code``.

    The message is printed as it is: brackets in it (``plansza[postgres]``, a
    rack like ``[ABC]`` in a record line) are text, not Rich markup.
    """
    import typer  # here, not at the top: ``plansza check`` runs without Typer

    err_console.print(
        Text.assemble((_("Error") + ":", "bold red"), " ", message), soft_wrap=True, emoji=False
    )
    raise typer.Exit(code)


@contextmanager
def user_errors(code: int = EXIT_INPUT) -> Iterator[None]:
    """Turn the project's own errors into a clear message and an exit code.

    Never a traceback for a user mistake: :class:`PlanszaError` (and the
    ``OSError`` of a missing or unreadable file) become one line on stderr.
    """
    try:
        yield
    except FormatError as e:
        fail(describe_error(e), EXIT_INPUT)
    except PlanszaError as e:
        fail(describe_error(e), code)
    except FileNotFoundError as e:
        fail(_("no such file: {path}", path=e.filename), EXIT_INPUT)
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as e:
        fail(str(e), EXIT_INPUT)


def describe_error(error: PlanszaError, *, where: bool = True) -> str:
    """A domain error in the CLI's language: from the catalogue by its template."""
    from plansza.cli.i18n import describe

    return describe(error, where=where)


def report_bad_rows(e: BadRowsError) -> NoReturn:
    """A history file's bad rows, one a line with its place, then the count (exit 2)."""
    for problem in e.problems:
        prefix = f"{e.source}:" if e.source else ""
        # the line is named here: the reason without its place
        reason = (
            problem.reason if problem.error is None else describe_error(problem.error, where=False)
        )
        err_console.print(f"{prefix}{problem.line}: {reason}", soft_wrap=True)
    fail(
        _(
            "bad rows in {source}: {count}; nothing was applied.",
            count=len({p.line for p in e.problems}),
            source=e.source or "-",
        ),
        EXIT_INPUT,
    )


def rules_named(name: str) -> Rules:
    """The rules preset ``--rules`` names, or a clear error (exit 2) naming the presets.

    >>> rules_named("pfs").name
    'pfs'
    """
    from plansza.files import excerpt
    from plansza.services.play import PRESETS
    from plansza.services.play import rules_named as preset

    try:
        return preset(name)
    except ValueError:
        fail(
            _(
                "unknown rules {name!r}; use one of {presets}",
                name=excerpt(name),
                presets=", ".join(PRESETS),
            ),
            EXIT_INPUT,
        )


def lexicon_progress(show: bool = True) -> str | bool:
    """What ``Lexicon.load(progress=…)`` takes: the progress bar's label in the CLI's
    language (shown only if the default list must be compiled), or False for none."""
    if not show:
        return False
    from plansza.cli.i18n import text_of
    from plansza.services.lexicon import building_message

    return text_of(building_message(), name=DEFAULT_LEXICON)


def read_text(path: str) -> str:
    """Read a UTF-8 record given on the command line (``-`` = standard input), refused
    beyond :data:`plansza.files.RECORD_LIMIT` before it is read whole."""
    import sys

    from plansza.files import RECORD_LIMIT, decode, read_record

    if path == "-":
        data = sys.stdin.buffer.read(RECORD_LIMIT + 1)
        if len(data) > RECORD_LIMIT:
            raise FormatError(
                N_("the file is larger than {limit} bytes: not a record of this kind"),
                code="too_large",
                source="-",
                limit=RECORD_LIMIT,
            )
        return decode(data, source="-")
    return read_record(path)


Command = Callable[..., None]


class LazyModule:
    """A module imported when one of its names is first looked up.

    For a command group whose module a ``--help`` must import (Typer reads every
    command's signature) while only its commands use the service behind it:
    ``belgijka = LazyModule("plansza.services.belgijka")`` under ``if not
    TYPE_CHECKING`` (type checkers see the real import).

    >>> m = LazyModule("json")
    >>> m.dumps([1])
    '[1]'
    """

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> object:
        import importlib

        value = getattr(importlib.import_module(self._name), attr)
        setattr(self, attr, value)
        return value

