"""The PFS ranking: the Hollington method with the federation's corrections.

>>> from datetime import date
>>> from plansza.ranking import RankedGame, RankingHistory
>>> h = RankingHistory([RankedGame(date(2024, 5, 11), "Puchar", "Ala", "Ola", 400, 300)])
>>> h.last_list_date()
datetime.date(2024, 5, 12)

See :mod:`plansza.ranking.hollington` for the rules (RR §1–§2) and
:mod:`plansza.ranking.records` for the CSV and TSH readers.
"""

from plansza.ranking.hollington import (
    LISTING_GAMES,
    MAX_GAMES,
    TEMPORARY_RANKING,
    WIN_BONUS,
    Basis,
    Explanation,
    GameScalp,
    ListEntry,
    Performance,
    RankingHistory,
    RankingList,
    Tournament,
    TournamentRanking,
    UnknownPlayerError,
    best_tournaments,
    group_tournaments,
    padded_ranking,
    round_half_up,
    window_start,
)
from plansza.ranking.records import (
    BadRowsError,
    Game,  # the old name of RankedGame, kept for the tests and benchmarks: to be removed
    HistoryRows,
    RankedGame,
    Registration,
    RowProblem,
    read_games_csv,
    read_games_csv_text,
    read_history,
    read_history_text,
    read_tsh_text,
    write_games_csv,
)

__all__ = [
    "LISTING_GAMES",
    "MAX_GAMES",
    "TEMPORARY_RANKING",
    "WIN_BONUS",
    "BadRowsError",
    "Basis",
    "Explanation",
    "Game",  # the old name of RankedGame: to be removed
    "GameScalp",
    "HistoryRows",
    "ListEntry",
    "Performance",
    "RankedGame",
    "RankingHistory",
    "RankingList",
    "Registration",
    "RowProblem",
    "Tournament",
    "TournamentRanking",
    "UnknownPlayerError",
    "best_tournaments",
    "group_tournaments",
    "padded_ranking",
    "read_games_csv",
    "read_games_csv_text",
    "read_history",
    "read_history_text",
    "read_tsh_text",
    "round_half_up",
    "window_start",
    "write_games_csv",
]
