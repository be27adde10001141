"""The same storage code on PostgreSQL (architecture: "PostgreSQL by the same code").

On a fresh database of the throwaway cluster (tests/pg_cluster.py), never skipped.
"""

from __future__ import annotations

import threading

import pytest

from plansza.errors import PlanszaError

from .helpers import settings


@pytest.fixture
def url(postgres_url: str) -> str:
    return postgres_url


def test_a_tournament_on_postgresql(url: str) -> None:
    from plansza.tournament.pairing import pair_round
    from plansza.tournament.standings import standings
    from plansza.tournament.storage import TournamentFile

    t = TournamentFile.create(url, settings(), at="t")
    for name in ("Łoś Ola", "Abacki Adam", "Nowak Ewa", "Żak Jan"):
        t.append("player_added", {"name": name}, at="t")
    tables = pair_round(t.state(), 1)
    t.append("paired", {"round": 1, "tables": [list(x) for x in tables]}, at="t")
    a, b = tables[0]
    t.append("result", {"round": 1, "a": a, "sa": 400, "b": b, "sb": 350}, at="t")
    t.close()
    again = TournamentFile.open(url)
    assert [p.name for p in again.state().players.values()] == [
        "Łoś Ola", "Abacki Adam", "Nowak Ewa", "Żak Jan"]
    assert standings(again.state(), 1, final=False)[0].small_points == 400

    outcomes: list[str] = []

    def enter() -> None:  # the table lock: one of several terminals wins
        f = TournamentFile.open(url)
        c, d = tables[1]
        try:
            f.append("result", {"round": 1, "a": c, "sa": 300, "b": d, "sb": 310}, at="t")
            outcomes.append("ok")
        except PlanszaError:
            outcomes.append("refused")
        finally:
            f.close()

    threads = [threading.Thread(target=enter) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(outcomes) == ["ok", "refused", "refused", "refused"]
    again.close()
