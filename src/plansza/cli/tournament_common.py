"""What the ``turniej`` commands (``cli/tournament.py``) and their views
(``cli/tournament_views.py``) share: opening the tournament, the referee's errors,
a player's name, the round's printout.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import typer

from plansza.cli.common import (
    EXIT_INPUT,
    EXIT_REFUSED,
    console,
    describe_error,
    fail,
    user_errors,
)
from plansza.cli.i18n import _, text_of
from plansza.errors import N_
from plansza.services.tournament import (
    ArgumentError,
    Referee,
    check_date,
    round_tables,
    seeded_name,
)

if TYPE_CHECKING:
    from plansza.services.tournament import State, TournamentFile

# The storage (SQLAlchemy, Alembic) is imported by the commands that open a file,
# not when the CLI starts: every other command would pay most of a second.
SUFFIX = ".turniej.sqlite"  # = plansza.tournament.storage.SUFFIX (a test checks)

CLI = {
    "created": N_("Created '{name}' in {path}"),
    "table": N_("Table"),
    "bye": N_("bye"),
    "result_ok": N_("Round {round}: {a} {sa} – {sb} {b}"),
    "walkover": N_("walkover"),
    "forfeit": N_("both absent"),
    "correct_ok": N_("Corrected (on record): round {round}: {a} {sa} – {sb} {b}"),
    "status": N_(
        "{name} — system {system}, {rounds} rounds; {paired} paired, {players} players "
        "({active} active next round)"
    ),
    "starts": N_("starts"),
    "second_": N_("second"),
}

DbOption = typer.Option(None, "--db", help=N_("Tournament file (*.turniej.sqlite)"))


@contextmanager
def referee_errors() -> Iterator[None]:
    """Exit 2 for an argument that cannot be used (unknown player, a score that is
    not a whole number ≥ 0); exit 3 for what the rules or the state refuse."""
    with user_errors(EXIT_REFUSED):
        try:
            yield
        except ArgumentError as e:
            fail(describe_error(e), EXIT_INPUT)


def now() -> str:
    """The time stamp of an event (UTC, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@contextmanager
def opened(db: str | None) -> Iterator[TournamentFile]:
    """Open the tournament named by ``--db`` or the one in the current directory."""
    with user_errors(EXIT_INPUT):
        from plansza.services.tournament import open_file

        t = open_file(db)
    try:
        yield t
    finally:
        t.close()


@contextmanager
def referee(db: str | None) -> Iterator[Referee]:
    """The referee's commands (:class:`plansza.services.tournament.Referee`) on the
    tournament named by ``--db`` or the one in the current directory."""
    with opened(db) as t, referee_errors():
        yield Referee(t, now)


def _name(state: State, pid: int | None) -> str:
    if pid is None:
        return _("bye")
    return seeded_name(state, pid)


def _parse_date(text: str, option: str = "--date") -> str:
    """A date an option gives (from 1900 to 2999), or one line naming it (exit 2)."""
    with user_errors(EXIT_INPUT):
        return check_date(text, option)
    raise AssertionError("unreachable")  # user_errors exits on an error


def _left(kind: str, round_no: int) -> str:
    """A player out of the tournament, as the standings mark it."""
    if kind == "excluded":
        return _("excluded from round {round} (TR 7.1)", round=round_no)
    if kind == "removed":
        return _("removed from round {round} (TR 6.3.4)", round=round_no)
    return _("withdrawn from round {round}", round=round_no)


def _print_round(state: State, n: int) -> None:
    console.print(_("Round {round}", round=n), style="bold")
    for p in round_tables(state, n):
        res = ""
        if p.score is not None:
            res = f"  {p.score[0]}:{p.score[1]}"
            if p.kind in ("walkover", "forfeit"):
                res += f" ({text_of(CLI[p.kind])})"
            if p.last_moves is not None:
                res += " " + _("(last moves {la}:{lb})", la=p.last_moves[0], lb=p.last_moves[1])
        console.print(
            f"{_('Table')} {p.table:>3}: {_name(state, p.first)} – {_name(state, p.second)}{res}"
        )
