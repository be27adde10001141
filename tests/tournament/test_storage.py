"""Storage: Alembic-managed schema, one transaction per command, nothing half-written."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from plansza.errors import PlanszaError
from plansza.tournament import ranked_games
from plansza.tournament.storage import HEAD, TournamentFile, find_default

from .helpers import settings


def test_schema_is_made_by_the_migrations(tournament_db: str) -> None:
    path = tournament_db
    TournamentFile.create(path, settings(), at="t").close()
    eng = sa.create_engine(path if "://" in path else f"sqlite:///{path}")
    with eng.connect() as c:
        assert c.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == HEAD
        assert sa.inspect(c).has_table("events")
    eng.dispose()


def test_a_refused_batch_writes_nothing(tournament_db: str) -> None:
    path = tournament_db
    t = TournamentFile.create(path, settings(), at="t")
    t.append("player_added", {"name": "Ala"}, at="t")
    with pytest.raises(PlanszaError):
        # the second is a duplicate: the whole batch (one transaction) is refused
        t.append_many([("player_added", {"name": "Ola"}), ("player_added", {"name": "Ala"})],
                      at="t")
    assert [e.kind for e in t.events()] == ["created", "player_added"]
    t.close()


def test_each_command_is_durable_on_its_own(tournament_db: str) -> None:
    # a kill between commands loses nothing already entered: reopen and compare
    path = tournament_db
    t = TournamentFile.create(path, settings(), at="t")
    for name in ("A", "B", "C", "D"):
        t.append("player_added", {"name": name}, at="t")
    t.append("paired", {"round": 1, "tables": [[1, 3], [2, 4]]}, at="t")
    t.append("result", {"round": 1, "a": 1, "sa": 400, "b": 3, "sb": 350}, at="t")
    # no close(): as if the program were killed here
    again = TournamentFile.open(path)
    r = again.state().rounds[1].pairings[0].result
    assert r is not None and (r.score_first, r.score_second) == (400, 350)
    again.close()
    t.close()


def test_open_refuses_missing_and_foreign_files(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        TournamentFile.open(str(tmp_path / "none.turniej.sqlite"))
    empty = tmp_path / "x.turniej.sqlite"
    empty.write_bytes(b"")
    with pytest.raises(PlanszaError):
        TournamentFile.open(str(empty))
    with pytest.raises(PlanszaError):
        find_default(str(tmp_path / "nowhere"))


def test_ranked_games_include_walkovers_and_skip_byes(tournament_db: str) -> None:
    # TR 7.2, TR 6.3.4: walkovers count for ranking (N:1); a bye is not a game
    path = tournament_db
    t = TournamentFile.create(path, settings(dates=("2026-05-02", "2026-05-03")), at="t")
    for name in ("A", "B", "C"):
        t.append("player_added", {"name": name}, at="t")
    t.append("paired", {"round": 1, "tables": [[1, 2], [3, None]]}, at="t")
    t.append("result", {"round": 1, "a": 1, "sa": 400, "b": 2, "sb": 350}, at="t")
    t.append("paired", {"round": 2, "tables": [[3, 1], [2, None]]}, at="t")
    t.append("walkover", {"round": 2, "winner": 3, "loser": 1}, at="t")
    t.close()
    games = ranked_games(path)
    assert games == [
        {"date": "2026-05-02", "tournament": "Test", "player1": "A", "player2": "B",
         "score1": 400, "score2": 350, "walkover": False},
        {"date": "2026-05-02", "tournament": "Test", "player1": "C", "player2": "A",
         "score1": 400, "score2": 1, "walkover": True},
    ]


KILLER = """
import sys
from plansza.tournament.storage import TournamentFile
t = TournamentFile.open(sys.argv[1])
i = 0
print("ready", flush=True)
while True:
    i += 1
    t.append("player_added", {"name": f"P{i}"}, at="t")
"""


def test_killing_the_program_loses_at_most_the_event_being_written(tournament_db: str) -> None:
    # issue 5 / storage: a kill -9 in the middle of entry leaves a consistent file
    import signal
    import subprocess
    import sys
    import time

    path = tournament_db
    TournamentFile.create(path, settings(), at="t").close()
    proc = subprocess.Popen([sys.executable, "-c", KILLER, path], stdout=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
    time.sleep(0.6)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc.stdout.close()
    t = TournamentFile.open(path)
    names = [p.name for p in t.state().players.values()]
    t.close()
    assert names and names == [f"P{i}" for i in range(1, len(names) + 1)]


def test_a_database_url_works_like_a_path(database_url: str) -> None:
    # the same code for any SQLAlchemy URL (PostgreSQL in a federation server)
    url = database_url
    t = TournamentFile.create(url, settings(), at="t")
    t.append("player_added", {"name": "Ala"}, at="t")
    t.close()
    again = TournamentFile.open(url)
    assert [p.name for p in again.state().players.values()] == ["Ala"]
    again.close()


def test_two_terminals_entering_the_same_result_record_it_once(tournament_db: str) -> None:
    # one transaction per command with the write lock taken first: no double entry
    import threading

    path = tournament_db
    t = TournamentFile.create(path, settings(), at="t")
    for name in ("A", "B", "C", "D"):
        t.append("player_added", {"name": name}, at="t")
    t.append("paired", {"round": 1, "tables": [[1, 3], [2, 4]]}, at="t")
    t.close()
    outcomes: list[str] = []

    def enter() -> None:
        f = TournamentFile.open(path)
        try:
            f.append("result", {"round": 1, "a": 1, "sa": 400, "b": 3, "sb": 350}, at="t")
            outcomes.append("ok")
        except PlanszaError:
            outcomes.append("refused")
        finally:
            f.close()

    threads = [threading.Thread(target=enter) for _ in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(outcomes) == ["ok"] + ["refused"] * 5
    again = TournamentFile.open(path)
    assert [e.kind for e in again.events()].count("result") == 1
    again.state()  # the log still replays
    again.close()


def test_ranked_games_feed_the_ranking_module(tournament_db: str) -> None:
    # the ranking module reads these mappings as they are (TR 7.2: walkovers count)
    from plansza.ranking.records import games_from_rows

    path = tournament_db
    t = TournamentFile.create(path, settings(dates=("2026-05-02",)), at="t")
    for name in ("A", "B"):
        t.append("player_added", {"name": name}, at="t")
    t.append("paired", {"round": 1, "tables": [[1, 2]]}, at="t")
    t.append("walkover", {"round": 1, "winner": 2, "loser": 1}, at="t")
    t.close()
    (game,) = games_from_rows(ranked_games(path))
    assert (game.player1, game.score1, game.player2, game.score2, game.walkover) == (
        "A", 1, "B", 400, True)


def test_the_standard_library_path_keeps_the_same_log_as_the_engine(tmp_path: Path) -> None:
    # An up-to-date SQLite file is read and written with sqlite3 (fast start); the same
    # commands through SQLAlchemy (a sqlite:/// URL) must give the same log — the twin.
    from plansza.tournament.model import Settings

    logs = []
    for name, url in (("plain", "{}"), ("engine", "sqlite:///{}")):
        path = str(tmp_path / f"{name}.turniej.sqlite")
        TournamentFile.create(path, Settings("T", 3, "halving"), at="t0").close()
        t = TournamentFile.open(url.format(path))
        assert (t._engine is None) == (name == "plain")
        for who in ("Ala", "Ola", "Ela", "Iza"):
            t.append("player_added", {"name": who}, at="t1")
        t.append_many([("player_added", {"name": "Ewa"}), ("player_added", {"name": "Zoe"})],
                      at="t2")
        with pytest.raises(PlanszaError):
            t.append("player_added", {"name": "Ala"}, at="t3")  # refused: nothing written
        t.append("undo", {}, at="t4")
        logs.append([(e.seq, e.kind, e.data, e.at) for e in t.events()])
        t.close()
    assert logs[0] == logs[1] and len(logs[0]) == 8
