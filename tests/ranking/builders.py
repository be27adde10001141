"""Small builders for hand-worked ranking histories.

Each opponent is a fresh debutant unless named, so its tournament ranking is
the temporary 100 (RR §2.2) and every scalp is 150 (win), 100 (draw) or 50
(loss): a tournament's achieved ranking is then 100 + 50·(wins − losses)/games.
"""

from __future__ import annotations

from datetime import date

from plansza.ranking import Game


def results(
    day: date, tournament: str, player: str, opponent: str,
    wins: int = 0, draws: int = 0, losses: int = 0, *, walkover_wins: int = 0,
) -> list[Game]:
    """``player``'s games against ``opponent`` in one tournament on ``day``."""
    games = [Game(day, tournament, player, opponent, 400, 300) for _ in range(wins)]
    games += [Game(day, tournament, player, opponent, 350, 350) for _ in range(draws)]
    games += [Game(day, tournament, player, opponent, 300, 400) for _ in range(losses)]
    games += [Game(day, tournament, player, opponent, 400, 1, True)
              for _ in range(walkover_wins)]
    return games


def at_rate(day: date, tournament: str, player: str, games: int, wins: int, losses: int,
            ) -> list[Game]:
    """``games`` games against a fresh debutant named after the tournament."""
    return results(day, tournament, player, f"Debiutant {tournament}", wins,
                   games - wins - losses, losses)
