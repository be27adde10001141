"""The same storage code on PostgreSQL (architecture: "PostgreSQL by the same code").

Runs only when PLANSZA_TEST_POSTGRES_URL names a database one may write to (it
drops and recreates the ``events`` and ``alembic_version`` tables), e.g.
``postgresql+psycopg://postgres@/plansza_test?host=/tmp/pgsock&port=55432``.
"""

from __future__ import annotations

import os
import threading

import pytest

from plansza.errors import PlanszaError

from .helpers import settings

URL = os.environ.get("PLANSZA_TEST_POSTGRES_URL", "")
pytestmark = pytest.mark.skipif(not URL, reason="PLANSZA_TEST_POSTGRES_URL not set")


@pytest.fixture
def url() -> str:
    import sqlalchemy as sa

    engine = sa.create_engine(URL)
    with engine.begin() as c:
        c.exec_driver_sql("DROP TABLE IF EXISTS events")
        c.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
    engine.dispose()
    return URL


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
