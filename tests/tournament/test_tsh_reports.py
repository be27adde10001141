"""TSH .t files (parse/print pair, round trip through a tournament) and the CSV exports
(golden files; set PLANSZA_UPDATE_GOLDEN=1 to rewrite them after a deliberate change)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.errors import FormatError
from plansza.i18n import describe, translator
from plansza.records import dump
from plansza.tournament import reports, tsh
from plansza.tournament.events import Event, replay
from plansza.tournament.model import State
from plansza.tournament.standings import standings

from .helpers import Log, settings

DATA = Path(__file__).with_name("data")
names = st.from_regex(r"[A-ZĄĆĘŁŃÓŚŹŻ][a-ząćęłńóśźż]{1,8}, [A-ZŁŚŻ][a-ząęłó]{1,6}", fullmatch=True)


@given(
    st.lists(st.tuples(names, st.integers(0, 2500), st.integers(0, 700)), min_size=2, max_size=8)
)
def test_write_then_read_is_identity(rows: list[tuple[str, int, int]]) -> None:
    # One round: i plays i^1 (pairs), an odd last one has a bye (opponent 0).
    players = []
    n = len(rows)
    for i, (name, rating, score) in enumerate(rows):
        opp = (i ^ 1) + 1 if (i ^ 1) < n else 0
        players.append(tsh.TPlayer(name, rating, [opp], [score], [0 if opp == 0 else 1 + i % 2]))
    t = tsh.TFile(players)
    text = "\n".join(tsh.write_lines(t)) + "\n"
    back = tsh.read_t(text, "x.t")
    assert back == t
    assert tsh.write_lines(back) == tsh.write_lines(t)


NUMBERED = st.from_regex(r"[A-Z][a-z]{1,6} [0-9]{1,3}", fullmatch=True)


@given(st.lists(st.tuples(NUMBERED, st.integers(0, 2500)), min_size=1, max_size=6))
def test_names_ending_in_a_number_read_back_before_any_round(rows: list[tuple[str, int]]) -> None:
    # Found by the random sessions: "Late 0 140;" (no round yet) read back as the player
    # "Late" rated 0 with opponent 140. The p12 field, written even empty for such a
    # name, says how many numbers end the line's head.
    t = tsh.TFile([tsh.TPlayer(name, rating) for name, rating in rows])
    back = tsh.read_t("\n".join(tsh.write_lines(t)) + "\n", "x.t")
    assert [(p.name, p.rating, p.opponents) for p in back.players] == [(n, r, []) for n, r in rows]


def test_bad_t_lines_name_the_line() -> None:
    with pytest.raises(FormatError, match=r"x\.t:2"):
        tsh.read_t("A, B 100 2; 300\nno numbers here\n", "x.t")
    with pytest.raises(FormatError) as caught:
        tsh.read_t("A 100 2; 300\nB 100 0; 300\n", "x.t")
    assert "nie wskazuje" in describe(caught.value, translator("pl"))


def played(seed: int = 5) -> State:
    log = Log(settings("halving", 5))
    for i, (name, r) in enumerate(
        (
            ("Żak Jan", None),
            ("Abacki Adam", None),
            ("Nowak Ewa", 150),
            ("Łoś Ola", 120),
            ("Kowal Piotr", 101),
        )
    ):
        log.player(name, r, club="SP 1" if i % 2 else "KS Łódź")
    rng = random.Random(seed)
    for r in range(1, 6):
        if r == 2:
            log.player("Późny Paweł", 130)
        if r == 3:
            log.add("withdraw", player=5, round=3)
        log.pair()
        log.play(rng)
    return log.state


def test_tournament_round_trips_through_a_t_file() -> None:
    state = played()
    t = tsh.read_t(tsh.write_t(state), "x.t")
    s2 = settings("manual", 5)
    events = [Event(1, "created", {"settings": dump(s2)})]
    events += [Event(i, k, d) for i, (k, d) in enumerate(tsh.events_from(t, s2), 2)]
    again = replay(events)
    a = sorted((x.name, x.big_points, x.small_points, x.against) for x in standings(state))
    b = sorted((x.name, x.big_points, x.small_points, x.against) for x in standings(again))
    assert a == b


def golden(name: str, text: str) -> None:
    path = DATA / name
    if os.environ.get("PLANSZA_UPDATE_GOLDEN") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_exports_match_the_golden_files() -> None:
    # the HTML reports' golden files are checked in test_reports.py
    state = played()
    golden("standings.csv", reports.standings_csv(state))
    golden("games.csv", reports.games_csv(state))
    golden("tournament.t", tsh.write_t(state))


def test_the_ranking_module_reads_our_t_files() -> None:
    # the games of a .t file we write are the games of the event log
    from datetime import date

    from plansza.ranking.records import read_tsh_text

    state = played()
    games = read_tsh_text(tsh.write_t(state), day=date(2026, 5, 2), tournament="Test")
    theirs = {frozenset({(g.player1, g.score1), (g.player2, g.score2)}) for g in games}
    ours = set()
    for n, rnd in state.rounds.items():
        for p in rnd.pairings:
            if p.second is not None and p.result is not None:
                g = next(x for x in state.games_of(p.first) if x.round == n)
                ours.add(
                    frozenset(
                        {
                            (state.players[p.first].name, g.score),
                            (state.players[p.second].name, g.opp_score),
                        }
                    )
                )
    assert theirs == ours and len(ours) == len(games)
