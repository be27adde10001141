"""The ranking history on disk: one CSV of game rows, appended atomically.

The history is the same CSV that ``plansza ranking compute`` reads, so a
referee can inspect, correct and version it with ordinary tools. Adding a
tournament writes the whole new file beside the old one and renames it into
place (``os.replace``): a crash leaves the old file or the new one, never half.
Besides the games it keeps the rankings players were registered with when the
history held none of their games (:class:`~plansza.ranking.records.Registration`),
so that recomputing it gives what ``ranking update`` printed.

>>> import tempfile, os
>>> from datetime import date
>>> from fractions import Fraction
>>> path = os.path.join(tempfile.mkdtemp(), "history.csv")
>>> append_games(path, [RankedGame(date(2024, 5, 11), "P", "Ala", "Ola", 400, 1, True)])
>>> rows = append_rows(path, [RankedGame(date(2024, 6, 1), "Q", "Ola", "Ela", 350, 350)],
...                    [Registration(date(2024, 6, 1), "Q", "Ela", Fraction(130), 60)])
>>> [g.tournament for g in load_history(path)], rows.registrations[0].player
(['P', 'Q'], 'Ela')
>>> from pathlib import Path
>>> print(Path(path).read_text(encoding="utf-8"), end="")
date,tournament,player1,player2,score1,score2,walkover,registered_ranking,registered_games
2024-05-11,P,Ala,Ola,400,1,1,,
2024-06-01,Q,Ela,,,,,130,60
2024-06-01,Q,Ola,Ela,350,350,,,
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence

from plansza.files import HISTORY_LIMIT, csv_writer, read_record, write_atomic, writing
from plansza.ranking.hollington import RankingHistory
from plansza.ranking.records import (
    COLUMNS,
    POLISH_COLUMNS,
    REGISTRATION_COLUMNS,
    HistoryRows,
    RankedGame,
    Registration,
    header_positions,
    read_history,
    read_history_text,
    sniff_delimiter,
)

ENV_HISTORY = "PLANSZA_RANKING_HISTORY"


def default_history_path() -> str:
    """Where the history lives unless ``--history`` says otherwise.

    ``$PLANSZA_RANKING_HISTORY`` if set, else ``history.csv`` in the user's data
    directory for plansza (``ranking/`` under it).
    """
    env = os.environ.get(ENV_HISTORY)
    if env:
        return env
    from platformdirs import user_data_dir

    return os.path.join(user_data_dir("plansza", appauthor=False), "ranking", "history.csv")


def load_history(path: str, *, missing_ok: bool = False) -> list[RankedGame]:
    """The games of the history file (``[]`` for a missing file if ``missing_ok``);
    :func:`load_history_rows` gives its registered rankings too."""
    return load_history_rows(path, missing_ok=missing_ok).games


def load_history_rows(path: str, *, missing_ok: bool = False) -> HistoryRows:
    """The games and registered rankings of the history file (none for a missing file
    if ``missing_ok``)."""
    if missing_ok and not os.path.exists(path):
        return HistoryRows([])
    return read_history(path)


def load_ranking(path: str) -> RankingHistory:
    """The ranking of the history file at ``path``: its games with the registered
    rankings it keeps (RR §2.1), as ``plansza ranking compute`` computes it."""
    rows = read_history(path)
    return RankingHistory(rows.games, registrations=rows.registrations)


def append_games(path: str, games: Sequence[RankedGame]) -> None:
    """Append ``games`` to the history at ``path`` atomically (see :func:`append_rows`)."""
    append_rows(path, games)


def _with_registration_columns(old: str, delimiter: str) -> tuple[str, list[str]]:
    """The history text ``old`` with the registration columns added to its header (named
    in the header's language) and an empty cell for them on every row; and the new
    header. Cells are copied as they are, so every row reads back the same."""
    rows = [row for row in csv.reader(io.StringIO(old), delimiter=delimiter) if row]
    header = rows[0]
    positions, _ = header_positions(header)
    polish = header[positions["date"]].strip().lstrip("\ufeff").lower() == POLISH_COLUMNS["date"]
    added = [POLISH_COLUMNS[c] if polish else c for c in REGISTRATION_COLUMNS]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", delimiter=delimiter)
    writer.writerow([*header, *added])
    for row in rows[1:]:
        writer.writerow([*row, *([""] * len(added))])
    return out.getvalue(), [*header, *added]


def append_rows(
    path: str, games: Sequence[RankedGame], registrations: Sequence[Registration] = ()
) -> HistoryRows:
    """Append ``registrations`` and ``games`` to the history at ``path`` atomically
    (create it if needed), and return what the new file holds, as read back from it
    (see :func:`appended`)."""
    text, rows = appended(path, games, registrations)
    with writing(path):  # a read-only file system, a full disk: one line naming the file
        write_atomic(path, text)
    return rows


def appended(
    path: str, games: Sequence[RankedGame], registrations: Sequence[Registration] = ()
) -> tuple[str, HistoryRows]:
    """The text of the history at ``path`` with ``registrations`` and ``games`` appended,
    and what it holds, read back from that text; nothing is written (the caller writes
    the text with :func:`plansza.files.write_atomic`).

    New rows follow the existing header's columns (Polish or English names, any
    order); a new file gets the English header with the walkover column. Registrations
    need the columns :data:`~plansza.ranking.records.REGISTRATION_COLUMNS`: a header
    without them gets them (every old row an empty cell for each); without
    registrations an old file is only appended to. The text is read back here, so a
    history that would not read is refused before anything is written.
    """
    old = ""
    if os.path.exists(path):
        old = read_record(path, limit=HISTORY_LIMIT)
    delimiter = sniff_delimiter(old)
    header = (next(csv.reader(io.StringIO(old), delimiter=delimiter), None)
              if old.strip() else None)
    if header is not None and registrations:
        positions, _ = header_positions(header)
        if not all(c in positions for c in REGISTRATION_COLUMNS):
            old, header = _with_registration_columns(old, delimiter)
    out = io.StringIO()
    out.write(old)
    if old and not old.endswith("\n"):
        out.write("\n")
    writer = csv_writer(out, delimiter=delimiter)
    names = [*COLUMNS, "walkover", *REGISTRATION_COLUMNS]
    if header is None:
        header = names if registrations else names[: len(COLUMNS) + 1]
        writer.writerow(header)
        positions = {name: i for i, name in enumerate(header)}
    else:
        positions, _ = header_positions(header)
    width = len(header)
    rows = [r.csv_row() for r in registrations] + [g.csv_row() for g in games]
    for cells in rows:
        full = dict(zip(names, cells + [""] * (len(names) - len(cells)), strict=True))
        row = [""] * width
        for name, i in positions.items():
            row[i] = full[name]
        writer.writerow(row)
    text = out.getvalue()
    return text, read_history_text(text, source=path)  # never write what cannot be read back


ENV_LIST = "PLANSZA_RANKING_LIST"


def default_list_path() -> str:
    """Where ``ranking import-list`` keeps the federation's list, and where the
    tournament program looks for it.

    ``$PLANSZA_RANKING_LIST`` if set, else ``list.csv`` beside the default history
    (:func:`default_history_path`), so one directory holds the ranking's files.
    """
    env = os.environ.get(ENV_LIST)
    if env:
        return env
    return os.path.join(os.path.dirname(default_history_path()), "list.csv")
