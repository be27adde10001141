"""A tournament's file, its log and the files made from it, for a front end that opens
the tournament by its path: the web server's referee console and tables
(docs/architecture.md: the server reaches the domain only through the services).

The referee's actions themselves are :class:`~plansza.services.tournament.Referee`'s;
this module opens the file for them (:func:`opened`, :func:`open_file`), reads the log
in one go (:func:`read_log`), says an event (:func:`describe_event`) and makes the
files ``turniej export`` and ``report`` write (:func:`tournament_files`). The model's
types and the few domain words a page shows are re-exported here, so that the server
names them without importing the domain (the console's form labels the settings of
:data:`SETTABLE` and the tie-break words of :data:`CRITERIA_WORDS`).

A separate module from :mod:`plansza.services.tournament`, which the command line
imports at start: this one loads the file's storage at import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from plansza.i18n import Translator
from plansza.records import dump
from plansza.tournament.days import round_date
from plansza.tournament.events import SETTABLE, Event, replay
from plansza.tournament.events import describe as describe_event
from plansza.tournament.model import Settings, State, seeds
from plansza.tournament.pairing import unplayed_bye
from plansza.tournament.ranked import CRITERIA_WORDS
from plansza.tournament.storage import ConflictError, TournamentFile, local_time

if TYPE_CHECKING:
    # A referee's finding (what check_roles returns), re-exported for the server's types.
    from plansza.federation.roles import Finding as Finding

#: A file made from the tournament's state in a language: (its media type, the maker).
Made = tuple[str, Callable[[State, Translator], str]]


def open_file(path: str) -> TournamentFile:
    """The tournament at ``path`` opened, for a writer that keeps it open (the caller
    closes it)."""
    return TournamentFile.open(path)


@contextmanager
def opened(path: str) -> Iterator[TournamentFile]:
    """The tournament at ``path``, open for the ``with`` block and closed after it."""
    file = TournamentFile.open(path)
    try:
        yield file
    finally:
        file.close()


def read_log(path: str) -> tuple[int, State, list[Event]]:
    """(the log's last sequence number, the state, the log) of the tournament at
    ``path``, read in one go."""
    with opened(path) as file:
        events = file.events()
    return (events[-1].seq if events else 0), replay(events), events


def settings_now(state: State) -> dict[str, Any]:
    """The tournament's settings as the settings form shows them (their JSON data)."""
    data: dict[str, Any] = dump(state.settings)
    return data


def tournament_files() -> dict[str, Made]:
    """The files of a tournament a front end hands out, by file name: the federation's
    CSV of games (RS §6), the standings and games as CSV, a TSH ``.t`` file, the
    referee's report and the standings page — what ``turniej export`` and ``report``
    write."""
    from plansza.tournament import paperwork, reports, tsh

    return {
        "federacja.csv": ("text/csv", lambda s, t: paperwork.federation_csv(s)),
        "klasyfikacja.csv": ("text/csv", lambda s, t: reports.standings_csv(s)),
        "partie.csv": ("text/csv", lambda s, t: reports.games_csv(s)),
        "turniej.t": ("text/plain", lambda s, t: tsh.write_t(s)),
        "raport-sedziego.html": ("text/html", paperwork.referee_report_page),
        "klasyfikacja.html": ("text/html", lambda s, t: reports.standings_page(s, None, t)),
    }


__all__ = [
    "CRITERIA_WORDS",
    "SETTABLE",
    "ConflictError",
    "Event",
    "Made",
    "Settings",
    "State",
    "TournamentFile",
    "describe_event",
    "local_time",
    "open_file",
    "opened",
    "read_log",
    "round_date",
    "seeds",
    "settings_now",
    "tournament_files",
    "unplayed_bye",
]
