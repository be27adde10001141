"""Results staged on a tournament file and written together (the tables' phones of a
hall sending at once, ``server/tables.py``): one transaction for the batch, the kept
state moved on with no replay, and a log changed meanwhile by another writer checked
event by event."""

from __future__ import annotations

from pathlib import Path

import pytest

from plansza.errors import PlanszaError
from plansza.services.tournament import Referee
from plansza.tournament.storage import TournamentFile

from .helpers import settings


def paired(path: str, players: int = 8) -> list[tuple[int, int]]:
    """A tournament of ``players``, round 1 paired; its tables' (first, second) pids."""
    Referee.create(path, settings(rounds=3), lambda: "t")
    with Referee.open(path, lambda: "t") as ref:
        ref.import_players([{"name": f"Gracz {i}"} for i in range(1, players + 1)])
        ref.pair()
        return [(p.first, p.second) for p in ref.state().rounds[1].pairings if p.second]


def results(path: str) -> list[tuple[int, int, int, int, str]]:
    f = TournamentFile.open(path)
    try:
        return [
            (e.data["a"], e.data["sa"], e.data["b"], e.data["sb"], e.by)
            for e in f.events()
            if e.kind == "result"
        ]
    finally:
        f.close()


def test_a_batch_of_results_is_one_write_and_no_replay(tmp_path: Path) -> None:
    path = str(tmp_path / "t.turniej.sqlite")
    tables = paired(path)
    f = TournamentFile.open(path)
    try:
        f.state()
        assert (f.replays, f.writes) == (1, 0)
        for t, (a, b) in enumerate(tables, 1):
            phones = Referee(f, lambda: "t", by=f"table:{t}", staged=True)
            phones.table_result(1, a, 400, b, 300 + t)
        # staged: in the kept state, not yet in the file
        assert all(p.result is not None for p in f.state().rounds[1].pairings if p.second)
        assert results(path) == []
        assert f.commit_staged() == [None] * len(tables)
        assert (f.replays, f.writes) == (1, 1)  # the state moved on; one transaction
        assert f.state().rounds[1].pairings[0].result is not None and f.replays == 1
    finally:
        f.close()
    assert results(path) == [
        (a, 400, b, 300 + t, f"table:{t}") for t, (a, b) in enumerate(tables, 1)
    ]


def test_a_result_staged_twice_is_refused_at_once(tmp_path: Path) -> None:
    path = str(tmp_path / "t.turniej.sqlite")
    (a, b), *_ = paired(path)
    f = TournamentFile.open(path)
    try:
        staged = Referee(f, lambda: "t", by="table:1", staged=True)
        staged.table_result(1, a, 400, b, 300)
        with pytest.raises(PlanszaError):  # the kept state has the result already
            staged.table_result(1, a, 410, b, 300)
        assert f.commit_staged() == [None]
    finally:
        f.close()
    assert [r[:4] for r in results(path)] == [(a, 400, b, 300)]


def test_a_log_changed_meanwhile_is_checked_event_by_event(tmp_path: Path) -> None:
    """The referee's command line records table 1 while the phones' batch is staged:
    the batch is not written as checked; each event is appended on its own, and table
    1's result from the phones is refused (its result is in)."""
    path = str(tmp_path / "t.turniej.sqlite")
    (a1, b1), (a2, b2), *_ = paired(path)
    f = TournamentFile.open(path)
    try:
        Referee(f, lambda: "t", by="table:1", staged=True).table_result(1, a1, 400, b1, 300)
        Referee(f, lambda: "t", by="table:2", staged=True).table_result(1, a2, 350, b2, 360)
        with Referee.open(path, lambda: "t") as cli:  # another writer, another process
            cli.table_result(1, a1, 401, b1, 299)
        verdicts = f.commit_staged()
        assert verdicts[0] is not None and verdicts[0].code == "duplicate_result"
        assert verdicts[1] is None
        # the kept state was dropped and read again: it is the file's
        p1 = f.state().rounds[1].pairings[0]
        assert p1.result is not None and p1.result.score_first == 401
    finally:
        f.close()
    assert [r[:4] for r in results(path)] == [(a1, 401, b1, 299), (a2, 350, b2, 360)]


def test_an_undo_is_never_staged(tmp_path: Path) -> None:
    """An event the kept state cannot move on by is appended at once."""
    path = str(tmp_path / "t.turniej.sqlite")
    paired(path)
    f = TournamentFile.open(path)
    try:
        before = f.last_seq()
        f.stage("undo", {}, at="t")
        assert f.last_seq() == before + 1 and f.commit_staged() == []
    finally:
        f.close()
