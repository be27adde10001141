"""Two referees at once: every write is checked against the log's sequence number the
writer saw (issue 29, safety), and each event keeps who recorded it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.services.tournament import Referee
from plansza.tournament.events import Event, conflicting, touches
from plansza.tournament.model import Settings, seeds
from plansza.tournament.storage import ConflictError, TournamentFile


def stamp() -> str:
    return "2026-05-01T10:00:00"


@pytest.fixture
def paired(tournament_db: str) -> str:
    """Four players, round 1 paired by hand (1-2, 3-4), its results in; on SQLite and
    on PostgreSQL."""
    path = tournament_db
    Referee.create(path, Settings("Klubowy", 4, "halving"), stamp)
    with Referee.open(path, stamp) as r:
        for name in ("Anna", "Bartek", "Celina", "Darek"):
            r.add_player({"name": name})
        r.pair(1, manual="1-2,3-4")
        r.result(1, "1", "350", "2", "300")
        r.result(1, "3", "400", "4", "380")
    return path


def test_two_referees_correcting_the_same_game_one_is_told(paired: str) -> None:
    with Referee.open(paired, stamp) as r:
        seen = r.file.last_seq()
    first = Referee(TournamentFile.open(paired), stamp, by="ala", expected=seen)
    second = Referee(TournamentFile.open(paired), stamp, by="bolek", expected=seen)
    try:
        first.correct(1, "1", "360", "2", "300")  # TR 4.6.4: the players' window
        with pytest.raises(ConflictError) as told:
            second.correct(1, "1", "350", "2", "310")
        assert told.value.code == "conflict"
        assert told.value.details["who"] == "ala"
        game = second.state().rounds[1].pairing_of(1)
        assert game is not None and game.result is not None
        assert (game.result.score_first, game.result.score_second) == (360, 300)
    finally:
        first.file.close()
        second.file.close()


def test_a_change_to_another_game_is_no_conflict(paired: str) -> None:
    with Referee.open(paired, stamp) as r:
        seen = r.file.last_seq()
    first = Referee(TournamentFile.open(paired), stamp, by="ala", expected=seen)
    second = Referee(TournamentFile.open(paired), stamp, by="bolek", expected=seen)
    try:
        first.correct(1, "1", "360", "2", "300")
        second.correct(1, "3", "410", "4", "380")  # another table: both stand
        events = first.file.events()
        assert [e.by for e in events[-2:]] == ["ala", "bolek"]
    finally:
        first.file.close()
        second.file.close()


def test_a_pairing_or_an_undo_conflicts_with_anything_newer(paired: str) -> None:
    with Referee.open(paired, stamp) as r:
        seen = r.file.last_seq()
        r.correct(1, "1", "360", "2", "300")
    late = Referee(TournamentFile.open(paired), stamp, by="bolek", expected=seen)
    try:
        with pytest.raises(ConflictError):
            late.undo()  # it would take back a change its referee never saw
        with pytest.raises(ConflictError):
            late.pair(2)
    finally:
        late.file.close()


def test_the_author_is_kept_and_the_cli_records_none(paired: str) -> None:
    t = TournamentFile.open(paired)
    try:
        assert {e.by for e in t.events()} == {""}
        t.append("player_added", {"name": "Ewa"}, at=stamp(), by="stolik 3")
        assert t.events()[-1].by == "stolik 3"
    finally:
        t.close()


def test_a_file_of_the_first_schema_gains_the_author_column(tmp_path: Path) -> None:
    path = tmp_path / "old.turniej.sqlite"
    with sqlite3.connect(path) as db:  # the schema of revision 0001, as older files have it
        db.executescript(
            "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY);"
            "INSERT INTO alembic_version VALUES ('0001');"
            "CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT, kind VARCHAR(32) "
            "NOT NULL, data TEXT NOT NULL, at VARCHAR(40) NOT NULL);"
        )
        db.execute(
            "INSERT INTO events (kind, data, at) VALUES ('created', ?, ?)",
            ('{"settings": {"name": "Stary", "rounds": 4, "system": "halving"}}', stamp()),
        )
    db.close()
    t = TournamentFile.open(str(path))
    try:
        assert t.state().settings.name == "Stary"
        t.append("player_added", {"name": "Ala"}, at=stamp(), by="ala")
        assert [e.by for e in t.events()] == ["", "ala"]
    finally:
        t.close()


KINDS = ["result", "correct", "walkover", "penalty", "categories", "player_added", "paired"]


def data_of(kind: str, rnd: int, a: int, b: int) -> dict[str, object]:
    if kind == "walkover":
        return {"round": rnd, "winner": a, "loser": b}
    if kind in ("penalty", "categories"):
        return {"round": rnd, "player": a}
    return {"round": rnd, "a": a, "b": b}


@given(
    st.sampled_from(KINDS),
    st.sampled_from(KINDS),
    st.integers(1, 3),
    st.integers(1, 3),
    st.integers(1, 6),
    st.integers(1, 6),
)
def test_conflict_is_symmetric_and_follows_shared_players(
    k1: str, k2: str, r1: int, r2: int, p1: int, p2: int
) -> None:
    d1, d2 = data_of(k1, r1, p1, p1 + 10), data_of(k2, r2, p2, p2 + 10)
    one = conflicting([Event(2, k1, d1)], k2, d2) is not None
    other = conflicting([Event(2, k2, d2)], k1, d1) is not None
    assert one == other
    t1, t2 = touches(k1, d1), touches(k2, d2)
    if t1 is None or t2 is None:
        assert one
    else:
        assert one == bool(t1 & t2)
        if one:  # a shared game or player is what makes them conflict
            assert any(key in t2 for key in t1)


def test_the_kept_state_is_always_the_logs_replay(tmp_path: Path) -> None:
    """A write through a file moves its kept state on instead of replaying the log: after
    every kind of referee action (and an undo, and a refusal) it equals the replay."""
    from plansza.errors import PlanszaError
    from plansza.tournament.events import replay

    path = str(tmp_path / "t.turniej.sqlite")
    Referee.create(path, Settings("Klubowy", 4, "halving"), stamp)
    with Referee.open(path, stamp) as r:

        def same() -> None:
            assert r.state() == replay(r.file.events())

        for name in ("Anna", "Bartek", "Celina", "Darek", "Ewa"):
            r.add_player({"name": name})
            same()
        r.pair(1)
        same()
        state = r.state()
        games = [p for p in state.rounds[1].pairings if p.second is not None]
        sd = {pid: str(n) for pid, n in seeds(state).items()}
        a, b = sd[games[0].first], sd[games[0].second or 0]
        r.result(1, a, "350", b, "300")
        same()
        with pytest.raises(PlanszaError):
            r.result(1, a, "350", b, "300")  # refused: the table has its result
        same()
        r.correct(1, a, "360", b, "300", note="slip")
        same()
        c, d = sd[games[1].first], sd[games[1].second or 0]
        r.walkover(1, c, d)
        same()
        r.penalty(1, a, 10)
        same()
        r.undo()
        same()
        r.penalty(1, b, 5)
        r.new_day()
        r.withdraw(a, 2, excluded=False)
        same()
        r.pair(2)
        same()
