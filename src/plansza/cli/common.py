"""What every CLI module shares: consoles, exit codes, error reporting.

Exit codes scripts can rely on (documented in docs/en/cli.md):

* 0 — done, or a positive verdict (valid word, scores match);
* 1 — a negative verdict (illegal move, invalid word, score mismatch);
* 2 — the input could not be used (unreadable file, bad argument, unknown player);
* 3 — the operation was refused by the rules or the state (nothing was changed).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NoReturn

import typer
from rich.console import Console

from plansza.errors import N_, FormatError, PlanszaError
from plansza.i18n import tr

if TYPE_CHECKING:
    from plansza.rules import Rules

DEFAULT_LEXICON = "sjp-20220301"
"""plansza.lexicon.DEFAULT_NAME, written out so that a command starts without loading
the lexicon package (a test keeps the two equal)."""

EXIT_OK = 0
EXIT_NEGATIVE = 1
EXIT_INPUT = 2
EXIT_REFUSED = 3

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

MESSAGES = {
    "error": {"pl": "Błąd", "en": "Error"},
    "file_not_found": {"pl": "nie ma pliku {path}", "en": "no such file: {path}"},
    "unknown_rules": {
        "pl": "nieznane zasady {name!r}; dostępne: {presets}",
        "en": "unknown rules {name!r}; use one of {presets}",
    },
}


def fail(message: str, code: int = EXIT_INPUT) -> NoReturn:
    """Print ``message`` as an error on stderr and exit with ``code``.

    The message is printed as it is: brackets in it (``plansza[postgres]``, a
    rack like ``[ABC]`` in a record line) are text, not Rich markup.
    """
    from rich.markup import escape

    err_console.print(f"[bold red]{tr(MESSAGES, 'error')}:[/] {escape(message)}", soft_wrap=True,
                      emoji=False)  # "root:x:0" quoted from a file is text, not an emoji code
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
        fail(str(e), EXIT_INPUT)
    except PlanszaError as e:
        from plansza.messages import describe

        fail(describe(e), code)
    except FileNotFoundError as e:
        fail(tr(MESSAGES, "file_not_found", path=e.filename), EXIT_INPUT)
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as e:
        fail(str(e), EXIT_INPUT)


def rules_named(name: str) -> Rules:
    """The rules preset ``--rules`` names, or a clear error (exit 2) naming the presets.

    >>> rules_named("pfs").name
    'pfs'
    """
    from plansza.rules import PRESETS, Rules

    try:
        return Rules.by_name(name)
    except ValueError:
        fail(tr(MESSAGES, "unknown_rules", name=name, presets=", ".join(PRESETS)), EXIT_INPUT)


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
                code="too_large", source="-", limit=RECORD_LIMIT,
            )
        return decode(data, source="-")
    return read_record(path)


Command = Callable[..., None]
