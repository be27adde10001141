"""The ranking history on disk: one CSV of game rows, appended atomically.

The history is the same CSV that ``plansza ranking compute`` reads, so a
referee can inspect, correct and version it with ordinary tools. Adding a
tournament writes the whole new file beside the old one and renames it into
place (``os.replace``): a crash leaves the old file or the new one, never half.

>>> import tempfile, os
>>> from datetime import date
>>> path = os.path.join(tempfile.mkdtemp(), "history.csv")
>>> append_games(path, [RankedGame(date(2024, 5, 11), "P", "Ala", "Ola", 400, 1, True)])
>>> append_games(path, [RankedGame(date(2024, 6, 1), "Q", "Ola", "Ala", 350, 350)])
>>> [g.tournament for g in load_history(path)]
['P', 'Q']
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence

from plansza.files import HISTORY_LIMIT, csv_writer, read_record, write_atomic
from plansza.ranking.records import (
    COLUMNS,
    RankedGame,
    header_positions,
    read_games_csv,
    read_games_csv_text,
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
    """The games of the history file (``[]`` for a missing file if ``missing_ok``)."""
    if missing_ok and not os.path.exists(path):
        return []
    return read_games_csv(path)


def append_games(path: str, games: Sequence[RankedGame]) -> None:
    """Append ``games`` to the history at ``path`` atomically (create it if needed).

    New rows follow the existing header's columns (Polish or English names, any
    order); a new file gets the English header with the walkover column. The
    result is read back before it replaces the old file, so a history that
    would not read is never written.
    """
    old = ""
    if os.path.exists(path):
        old = read_record(path, limit=HISTORY_LIMIT)
    out = io.StringIO()
    out.write(old)
    if old and not old.endswith("\n"):
        out.write("\n")
    delimiter = sniff_delimiter(old)
    writer = csv_writer(out, delimiter=delimiter)
    header = (next(csv.reader(io.StringIO(old), delimiter=delimiter), None)
              if old.strip() else None)
    if header is None:
        names = [*COLUMNS, "walkover"]
        writer.writerow(names)
        positions = {name: i for i, name in enumerate(names)}
        width = len(names)
    else:
        positions, _ = header_positions(header)
        width = len(header)
    for game in games:
        full = dict(zip([*COLUMNS, "walkover"], game.csv_row(), strict=True))
        row = [""] * width
        for name, i in positions.items():
            row[i] = full[name]
        writer.writerow(row)
    text = out.getvalue()
    read_games_csv_text(text, source=path)  # never write what cannot be read back
    write_atomic(path, text)


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
