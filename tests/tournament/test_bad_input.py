"""Bad input in tournament files, as a referee meets it: a clear error, never a traceback.

Each test here failed before its fix (issue "One voice and one service layer", part 9).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plansza.errors import FormatError, PlanszaError
from plansza.tournament import tsh

from .helpers import Log
from .helpers import settings as tournament_settings

# --- 2. TSH .t names --------------------------------------------------------------------

T_NAME = st.text(
    alphabet=st.sampled_from([*";#,. -'0123456789AaŻżŁłĆćQ\t", "\u2028", "\x1c"]),
    min_size=0,
    max_size=20,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(T_NAME, st.integers(0, 2500), st.integers(0, 700)), min_size=2,
                max_size=6))
def test_t_export_reads_back_every_name_it_writes(rows: list[tuple[str, int, int]]) -> None:
    players = []
    n = len(rows)
    for i, (name, rating, score) in enumerate(rows):
        opp = (i ^ 1) + 1 if (i ^ 1) < n else 0
        players.append(tsh.TPlayer(name, rating, [opp], [score], [0 if opp == 0 else 1 + i % 2]))
    t = tsh.TFile(players)
    writable = all(
        " ".join(name.split()) and not any(ch in ";#" or not ch.isprintable()
                                           for ch in " ".join(name.split()))
        for name, _, _ in rows
    )
    if not writable:
        with pytest.raises(PlanszaError, match=r"\.t file cannot hold") as e:
            tsh.write_lines(t)
        assert e.value.code == "t_name"
        return
    back = tsh.read_t("\n".join(tsh.write_lines(t)) + "\n", "x.t")
    assert [p.name for p in back.players] == [" ".join(name.split()) for name, _, _ in rows]
    assert [(p.rating, p.opponents, p.scores) for p in back.players] == [
        (p.rating, p.opponents, p.scores) for p in players
    ]


def test_t_export_of_a_tournament_with_a_semicolon_name_is_refused() -> None:
    log = Log(tournament_settings())
    for name in ("Kowalski; Jan", "Nowak, Ewa"):
        log.player(name)
    with pytest.raises(PlanszaError, match="Kowalski; Jan"):
        tsh.write_t(log.state)


@pytest.mark.parametrize("line", ["Ala 1٢0; ", "Ala 100 ١; 300", "Ala 100; ٣٠٠"])
def test_t_numbers_are_ascii_digits(line: str) -> None:
    with pytest.raises(FormatError, match=r"x\.t:1"):
        tsh.read_t(line + "\n", "x.t")


# --- 3. CSV exports: formula injection ------------------------------------------------------


def test_standings_and_games_csv_guard_text_cells_and_keep_numbers() -> None:
    import csv
    import io

    from plansza.tournament.reports import games_csv, standings_csv

    log = Log(tournament_settings())
    evil = log.player("=HYPERLINK(\"http://x\",\"klik\")", club="@klub", city="-Miasto")
    other = log.player("Nowak, Ewa", club="+48")
    log.add("paired", round=1, tables=[[evil, other]])
    log.add("result", round=1, a=evil, sa=300, b=other, sb=420)
    rows = list(csv.reader(io.StringIO(standings_csv(log.state))))
    loser = next(r for r in rows[1:] if "HYPERLINK" in r[2])
    assert loser[2:5] == ["'=HYPERLINK(\"http://x\",\"klik\")", "'@klub", "'-Miasto"]
    assert loser[7] == "-120"  # the spread: a number, written as a number
    games = list(csv.reader(io.StringIO(games_csv(log.state))))
    assert games[1][3] == "'=HYPERLINK(\"http://x\",\"klik\")" and games[1][5] == "Nowak, Ewa"


def test_players_csv_from_the_ranking_reads_back_into_a_tournament() -> None:
    # plansza ranking seed --csv writes what plansza turniej import-players reads
    from plansza.files import csv_writer
    from plansza.services.tournament import read_players_csv

    names = ["=1+1", "-Kowalski", "@Nowak", "'Apostrof", "Żak, Anna"]
    out = io.StringIO()
    writer = csv_writer(out)
    writer.writerow(["nazwisko", "ranking", "partie"])
    for name in names:
        writer.writerow([name, 120, 30])
    assert "'=1+1" in out.getvalue()
    players = read_players_csv(out.getvalue(), "gracze.csv")
    assert [p["name"] for p in players] == names
    assert {(p["ranking"], p["games"]) for p in players} == {(120.0, 30)}


# --- 7. A read-only tournament database --------------------------------------------------
# The tests run as root, where chmod 0444 does not stop a write: the database is opened
# read-only through SQLite's URI (mode=ro), and the file check is met by monkeypatching
# os.access (what a chmod 0444 makes it answer for an ordinary user).


def _database(tmp_path: Path) -> tuple[str, str]:
    from plansza.tournament.storage import TournamentFile

    path = str(tmp_path / "t.turniej.sqlite")
    t = TournamentFile.create(path, tournament_settings(), at="2026-05-02T09:00:00")
    t.append("player_added", {"name": "Ala"}, at="2026-05-02T09:01:00")
    t.append("player_added", {"name": "Ola"}, at="2026-05-02T09:01:00")
    t.append("paired", {"round": 1, "tables": [[1, 2]]}, at="2026-05-02T09:02:00")
    t.append("result", {"round": 1, "a": 1, "sa": 400, "b": 2, "sb": 300},
             at="2026-05-02T09:30:00")
    t.close()
    return path, f"sqlite:///file:{path}?mode=ro&uri=true"


def _log(path: str) -> list[tuple[str, str]]:
    from plansza.tournament.storage import TournamentFile

    t = TournamentFile.open(path)
    try:
        return [(e.kind, e.at) for e in t.events()]
    finally:
        t.close()


@pytest.mark.parametrize(
    "command",
    [["add-player", "Ewa"], ["correct", "1", "1", "410", "2", "300"]],
)
def test_a_read_only_database_refuses_in_one_line(tmp_path: Path, command: list[str]) -> None:
    from typer.testing import CliRunner

    from plansza.cli.main import app

    path, read_only = _database(tmp_path)
    before = _log(path)
    res = CliRunner().invoke(app, ["--lang", "en", "turniej", *command, "--db", read_only])
    assert res.exit_code in (2, 3), res.output
    assert "cannot write to" in res.output and "read-only" in res.output
    assert "Traceback" not in res.output and len(res.output.strip().splitlines()) == 1
    assert _log(path) == before  # nothing written


def test_a_file_set_read_only_is_refused_before_the_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from plansza.tournament import storage

    path, _ = _database(tmp_path)
    before = _log(path)
    t = storage.TournamentFile.open(path)
    monkeypatch.setattr(os, "access", lambda p, mode: os.fspath(p) != path)
    began: list[object] = []
    monkeypatch.setattr(t.engine, "begin", lambda: began.append(1))  # never reached
    with pytest.raises(PlanszaError, match=r"cannot write to .*read-only") as e:
        t.append("player_added", {"name": "Ewa"}, at="2026-05-02T10:00:00")
    assert e.value.code == "read_only" and not began
    with pytest.raises(PlanszaError, match="read-only"):
        t.append_many([("player_added", {"name": "Ewa"})], at="2026-05-02T10:00:00")
    monkeypatch.undo()
    t.close()
    assert _log(path) == before
