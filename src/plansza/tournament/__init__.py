"""The referee's program: players, pairing, results, standings, reports.

State is an append-only event log (:mod:`.events`), stored one tournament per
database file (:mod:`.storage`); pairings (:mod:`.pairing`) and standings
(:mod:`.standings`) are pure functions of the replayed state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from plansza.tournament.events import Event, replay, walkover_score
from plansza.tournament.model import Settings, State, seeds

if TYPE_CHECKING:
    from plansza.tournament.pairing import pair_round
    from plansza.tournament.standings import Standing, standings, team_standings
    from plansza.tournament.storage import TournamentFile

# Loaded on first use: the storage pulls in SQLAlchemy and Alembic when it creates a
# file, and a command that records a result needs neither the pairing systems nor the
# standings.
_LAZY = {
    "TournamentFile": "storage",
    "pair_round": "pairing",
    "Standing": "standings",
    "standings": "standings",
    "team_standings": "standings",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"plansza.tournament.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "Event",
    "Settings",
    "Standing",
    "State",
    "TournamentFile",
    "pair_round",
    "ranked_games",
    "registered_rankings",
    "replay",
    "seeds",
    "standings",
    "team_standings",
    "walkover_score",
]


def ranked_games(path: str) -> list[dict[str, object]]:
    """Every ranked game of the tournament in ``path``, for the ranking module.

    Keys: ``date`` (ISO), ``tournament``, ``player1``, ``player2``,
    ``score1``, ``score2``, and ``walkover`` (a bool, for
    :func:`plansza.ranking.records.games_from_rows`). Walkovers are included with their N:1 scores
    (TR 7.2, TR 6.3.4: they count for ranking); byes and double forfeits
    (nobody played) are not games. A round's date is the one given when it
    was paired, else the rounds are spread evenly over the tournament's days.
    """
    from plansza.tournament.storage import TournamentFile

    t = TournamentFile.open(path)
    try:
        state = t.state()
    finally:
        t.close()
    from plansza.tournament.paperwork import ranked_rows

    return [
        {k: v for k, v in row.items() if k not in ("round", "table")} for row in ranked_rows(state)
    ]


def registered_rankings(path: str) -> dict[str, tuple[float | None, int]]:
    """The ranking and games each player of the tournament in ``path`` was registered
    with (``None``: a debutant), by name — what the ranking uses for a player whose
    history it lacks (RR §2.1: a listed player plays with the list's ranking)."""
    from plansza.tournament.storage import TournamentFile

    t = TournamentFile.open(path)
    try:
        state = t.state()
    finally:
        t.close()
    return {p.name: (p.ranking, p.games) for p in state.players.values()}
