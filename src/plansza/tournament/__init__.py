"""The referee's program: players, pairing, results, standings, reports.

State is an append-only event log (:mod:`.events`), stored one tournament per
database file (:mod:`.storage`); pairings (:mod:`.pairing`) and standings
(:mod:`.standings`) are pure functions of the replayed state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from plansza.tournament.events import Event, replay, walkover_score
from plansza.tournament.model import Settings, State, seeds
from plansza.tournament.pairing import pair_round
from plansza.tournament.standings import Standing, standings, team_standings

if TYPE_CHECKING:
    from plansza.tournament.storage import TournamentFile


def __getattr__(name: str) -> Any:
    # The storage pulls in SQLAlchemy and Alembic (most of a second): only on use,
    # so that every other command of the CLI starts fast.
    if name == "TournamentFile":
        from plansza.tournament.storage import TournamentFile

        return TournamentFile
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "Event",
    "Settings",
    "Standing",
    "State",
    "TournamentFile",
    "pair_round",
    "ranked_games",
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
    s = state.settings
    out: list[dict[str, object]] = []
    for n in sorted(state.rounds):
        date = state.rounds[n].date or (s.dates[_day_of(state, n) - 1] if s.dates else "")
        for p in state.rounds[n].pairings:
            if p.second is None or p.result is None or p.result.kind == "forfeit":
                continue  # a bye, a missing result, a double forfeit: no game to rank
            g = {g.opponent: g for g in state.games_of(p.first, n) if g.round == n}[p.second]
            out.append(
                {
                    "date": date,
                    "tournament": s.name,
                    "player1": state.players[p.first].name,
                    "player2": state.players[p.second].name,
                    "score1": g.score,
                    "score2": g.opp_score,
                    "walkover": g.kind == "walkover",
                }
            )
    return out


def _day_of(state: State, round_no: int) -> int:
    """Which day of the tournament a round was played: the day of play it was paired
    on when the referee started days of play (``new-day``), else the rounds spread
    evenly over the declared days."""
    days = max(1, len(state.settings.dates))
    if state.day > 1:
        return min(days, state.rounds[round_no].day)
    per_day = -(-state.settings.rounds // days)
    return min(days, (round_no - 1) // per_day + 1)
