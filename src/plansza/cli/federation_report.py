"""``plansza federacja report --html DIR``: the registry's pages (who holds which
licence, what suspends it, the lapses within 90 days, each referee's history).

Registered in the ``federacja`` group by :mod:`plansza.cli.federation` (this module
does not import it: no cycle).
"""

from __future__ import annotations

from datetime import date

import typer

from plansza.cli.common import EXIT_INPUT, EXIT_REFUSED, console, fail, user_errors
from plansza.cli.i18n import _
from plansza.cli.i18n import t as cli_translator
from plansza.errors import N_
from plansza.files import excerpt


def report(
    html: str = typer.Option(..., "--html", help=N_("The directory of the pages")),
    as_of: str | None = typer.Option(None, "--as-of", help=N_("The day (default: today)")),
    history: str | None = typer.Option(
        None, "--history", help=N_("The ranking's game-history CSV (days played, RS §5.2)")
    ),
    db: str | None = typer.Option(
        None, "--db", help=N_("Registry file (*.federacja.sqlite) or a PostgreSQL URL")
    ),
) -> None:
    """The registry's pages: index.html and a page per referee."""
    from plansza.files import output_directory, write_output
    from plansza.services.federation import Federation, open_registry, ranked_games
    from plansza.services.federation_report import (
        registry_report,
        render_candidate,
        render_referee,
        render_registry,
    )

    day = date.today()
    if as_of is not None:
        try:
            day = date.fromisoformat(as_of)
        except ValueError:
            fail(_("--as-of: not a date: '{text}' (YYYY-MM-DD)", text=excerpt(as_of)), EXIT_INPUT)
    with user_errors(EXIT_INPUT):
        games = ranked_games(history)
    with user_errors(EXIT_INPUT):
        folder = output_directory(html)
    t = cli_translator()
    with user_errors(EXIT_INPUT):
        registry = open_registry(db)
    board = Federation(registry, lambda: "")
    try:
        with user_errors(EXIT_REFUSED):
            found = registry_report(board, day, games)
    finally:
        board.close()
    with user_errors(EXIT_INPUT):
        write_output(folder / "index.html", render_registry(found, t))
        for line in found.referees:
            write_output(folder / line.page, render_referee(found, line, t))
        for person in found.candidates:
            write_output(folder / person.page, render_candidate(found, person, t))
    console.print(
        _(
            "Wrote {path} and a page for each referee and candidate ({n})",
            path=str(folder / "index.html"),
            n=len(found.referees) + len(found.candidates),
        )
    )
