"""Bad input in tournament files, as a referee meets it: a clear error, never a traceback.

Each test here failed before its fix (issue "One voice and one service layer", part 9).
"""

from __future__ import annotations

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
