"""Bad input in tournament files, as a referee meets it: a clear error, never a traceback.

Each test here failed before its fix (issue "One voice and one service layer", part 9).
"""

from __future__ import annotations

import io

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
    from plansza.cli.tournament import read_players_csv
    from plansza.files import csv_writer

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
