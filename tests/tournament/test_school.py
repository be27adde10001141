"""The school team tournament (SCH, seed 002 — "Regulamin międzyszkolnego turnieju
Scrabble w Pińczowie"): the preset, teams of 8 per school, a tie won by the higher
last move, the school classification."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza import i18n
from plansza.errors import IllegalActionError
from plansza.records import dump
from plansza.tournament.events import Event, describe, replay
from plansza.tournament.model import Settings, tie_break
from plansza.tournament.standings import standings, team_standings

from .helpers import Log, settings
from .test_cli import Referee

SCHOOL = Settings.school("Pińczów 2016", 5, "halving", dates=("2016-04-28",))


def school_log(teams: dict[str, int], tournament: Settings = SCHOOL) -> tuple[Log, list[int]]:
    log = Log(tournament)
    ids = [
        log.player(f"Uczeń {i} {school}", club=school)
        for school, size in teams.items()
        for i in range(1, size + 1)
    ]
    return log, ids


# ---- the preset ---------------------------------------------------------------------


def test_the_preset_is_the_school_rules() -> None:
    # SCH "Czas gry": 15 minutes a player; "Informacje ogólne": one team of 8 per school;
    # "Zasady gry": a tie goes to the higher last word.
    assert SCHOOL.minutes == 15
    assert SCHOOL.team_limit == 8 and SCHOOL.team_size == 8
    assert SCHOOL.tie_rule == "higher_last_move"
    # A PFS tournament keeps the draw (TR 5.2) and no team limit.
    pfs = settings()
    assert pfs.tie_rule == "draw" and pfs.team_limit == 0


def test_old_logs_load_with_pfs_defaults() -> None:
    # A log written before these settings existed replays as a PFS tournament.
    old = dump(settings())
    del old["tie_rule"], old["team_limit"]
    state = replay([Event(1, "created", {"settings": old})])
    assert state.settings.tie_rule == "draw" and state.settings.team_limit == 0


# ---- teams of 8 ---------------------------------------------------------------------


def test_a_school_fields_one_team_of_eight() -> None:
    # SCH "Informacje ogólne": "Szkoła do turnieju typuje jedną ośmioosobową drużynę".
    log, _ = school_log({"SP 1 Pińczów": 8})
    with pytest.raises(IllegalActionError) as e:
        log.player("Dziewiąty", club="SP 1 Pińczów")
    assert e.value.code == "team_full" and e.value.details["limit"] == 8
    # Case and spacing do not make another school; the message names it as registered.
    with pytest.raises(IllegalActionError) as e:
        log.player("Dziewiąty", club="  sp 1  pińczów ")
    assert e.value.details["school"] == "SP 1 Pińczów"
    english = i18n.describe(e.value, i18n.translator("en"))
    assert english.startswith("Dziewiąty not registered: the team of SP 1 Pińczów is full")
    assert len(log.state.players) == 8
    # Another school still registers.
    log.player("Pierwsza", club="Gimnazjum nr 2")
    assert len(log.state.players) == 9


def test_a_school_player_needs_a_school() -> None:
    # SCH: players come as a school's team; without a school there is no team to count.
    log = Log(SCHOOL)
    with pytest.raises(IllegalActionError) as e:
        log.player("Ola Nowak")
    assert e.value.code == "no_school"
    text = i18n.describe(e.value, i18n.translator("pl"))
    assert "Ola Nowak" in text and "--club" in text


def test_without_a_team_limit_clubs_are_free() -> None:
    # PFS tournaments: any number of players from one club.
    log = Log(settings())
    for i in range(12):
        log.player(f"Gracz {i}", club="KS Dwójka")
    log.player("Bez klubu")
    assert len(log.state.players) == 13


@given(st.lists(st.sampled_from(["SP 1", "sp 1", "SP 2", "Gim 3"]), max_size=30))
def test_no_school_ever_has_more_than_its_team(clubs: list[str]) -> None:
    # SCH: whatever order the registrations come in, no team exceeds 8; the refused
    # ones change nothing.
    log = Log(SCHOOL)
    accepted = 0
    for i, club in enumerate(clubs):
        try:
            log.player(f"U{i}", club=club)
            accepted += 1
        except IllegalActionError as e:
            assert e.code == "team_full"
    counts: dict[str, int] = {}
    for p in log.state.players.values():
        key = p.club.casefold()
        counts[key] = counts.get(key, 0) + 1
    assert all(c <= 8 for c in counts.values())
    assert accepted == len(log.state.players) == sum(min(8, n) for n in _by_school(clubs))


def _by_school(clubs: list[str]) -> list[int]:
    out: dict[str, int] = {}
    for c in clubs:
        out[c.casefold()] = out.get(c.casefold(), 0) + 1
    return list(out.values())


# ---- a tie goes to the higher last move --------------------------------------------


def tied_round(last: list[int] | None) -> Log:
    log, ids = school_log({"SP 1": 1, "SP 2": 1})
    log.add("paired", round=1, tables=[[ids[0], ids[1]]])
    data = {"round": 1, "a": ids[1], "sa": 312, "b": ids[0], "sb": 312}
    if last is not None:
        data["last"] = last
    log.add("result", **data)
    return log


def test_a_tie_is_won_by_the_higher_last_move() -> None:
    # SCH "Zasady gry": "w razie remisu punktowego [wygrywa] ten z graczy, który w ostatnim
    # swoim ruchu utworzył słowo o wyższej wartości punktowej".
    log = tied_round([35, 28])  # entered as B 312 – A 312, last moves B 35, A 28
    bp = {s.name: s.big_points for s in standings(log.state)}
    assert bp == {"Uczeń 1 SP 2": 1.0, "Uczeń 1 SP 1": 0.0}
    # Scores stay as played: small points and spread are untouched.
    lines = {s.name: (s.small_points, s.spread) for s in standings(log.state)}
    assert lines == {"Uczeń 1 SP 2": (312, 0), "Uczeń 1 SP 1": (312, 0)}
    # The last moves are stored in pairing order, so the replay agrees.
    assert [s.big_points for s in standings(log.replayed())] == [1.0, 0.0]


def test_equal_last_moves_leave_a_draw() -> None:
    # SCH names no further tie-break: equal last moves too are a draw (TR 5.2).
    log = tied_round([20, 20])
    assert [s.big_points for s in standings(log.state)] == [0.5, 0.5]


def test_a_school_tie_needs_the_last_moves() -> None:
    # SCH: the tie cannot be scored without the last moves; refused, nothing recorded.
    with pytest.raises(IllegalActionError) as e:
        tied_round(None)
    assert e.value.code == "tie_needs_last_move"
    assert "--last-move" in i18n.describe(e.value, i18n.translator("pl"))


def test_a_pfs_tie_is_a_draw_and_takes_no_last_moves() -> None:
    # TR 5.2: a tie is a draw; the last moves are refused rather than silently ignored.
    log = Log(settings())
    a, b = log.player("A"), log.player("B")
    log.add("paired", round=1, tables=[[a, b]])
    with pytest.raises(IllegalActionError) as e:
        log.add("result", round=1, a=a, sa=300, b=b, sb=300, last=[30, 20])
    assert e.value.code == "last_move_unused"
    log.add("result", round=1, a=a, sa=300, b=b, sb=300)
    assert [s.big_points for s in standings(log.state)] == [0.5, 0.5]


def test_a_correction_keeps_the_tie_rule() -> None:
    # SCH with TR 4.6.4 (corrections): a corrected tie is decided by its new last moves.
    log = tied_round([35, 28])
    ids = sorted(log.state.players)
    log.add("correct", round=1, a=ids[0], sa=312, b=ids[1], sb=312, last=[40, 35])
    bp = {s.name: s.big_points for s in standings(log.state)}
    assert bp == {"Uczeń 1 SP 1": 1.0, "Uczeń 1 SP 2": 0.0}
    with pytest.raises(IllegalActionError):
        log.add("correct", round=1, a=ids[0], sa=300, b=ids[1], sb=300)


def test_the_log_names_the_last_moves() -> None:
    log = tied_round([35, 28])
    text = describe(log.events[-1], {1: "A", 2: "B"}, i18n.translator("pl"))
    assert "ostatnie ruchy 35:28" in text


@given(st.integers(0, 600), st.integers(0, 600), st.integers(0, 150), st.integers(0, 150))
def test_tie_break_only_decides_ties(s1: int, s2: int, l1: int, l2: int) -> None:
    # SCH: the last move matters only on equal scores; then the higher one wins.
    got = tie_break(SCHOOL, "game", s1, s2, (l1, l2))
    if s1 != s2 or l1 == l2:
        assert got == 0
    else:
        assert got == (1 if l1 > l2 else -1)
    assert tie_break(SCHOOL, "game", s1, s2, (l1, l2)) == -tie_break(
        SCHOOL, "game", s2, s1, (l2, l1)
    )
    assert tie_break(settings(), "game", s1, s1, (l1, l2)) == 0  # TR 5.2: a draw


# ---- the school classification ------------------------------------------------------


def test_school_classification_counts_a_tie_won_on_the_last_move() -> None:
    # SCH "Informacje ogólne": "nagroda dla zwycięskiej szkoły"; the school ranking sums
    # its players' big points, then small points (tournament.md, a setting): the win
    # on the last move counts 1 for the school.
    log = tied_round([35, 28])
    rows = team_standings(log.state)
    assert [(r["team"], r["big_points"]) for r in rows] == [("SP 2", 1.0), ("SP 1", 0.0)]


def test_a_whole_school_tournament() -> None:
    # SCH: three schools of 8, five rounds of the halving system; every team sums its
    # eight players and the total of big points is the number of games.
    rng = random.Random(2016)
    log, _ = school_log({"Gimnazjum nr 1": 8, "Gimnazjum nr 2": 8, "SP 3": 8})
    for _ in range(5):
        n = log.pair()
        for p in log.state.rounds[n].pairings:
            if p.second is None:
                continue
            a = rng.randint(250, 400)
            b = a if rng.random() < 0.3 else rng.randint(250, 400)
            last = [rng.randint(0, 60), rng.randint(0, 60)] if a == b else None
            data = {"round": n, "a": p.first, "sa": a, "b": p.second, "sb": b}
            if last is not None:
                data["last"] = last
            log.add("result", **data)
    rows = team_standings(log.state)
    assert len(rows) == 3 and all(len(r["players"]) == 8 for r in rows)  # type: ignore[arg-type]
    games = sum(1 for r in log.state.rounds.values() for p in r.pairings if p.second)
    ties = [
        p.result
        for r in log.state.rounds.values()
        for p in r.pairings
        if p.result is not None and p.result.score_first == p.result.score_second
    ]
    shared = [t for t in ties if t.last_moves is None or t.last_moves[0] == t.last_moves[1]]
    assert len(ties) > len(shared)  # the seed gives ties broken on the last move
    assert sum(r["big_points"] for r in rows) == games  # type: ignore[misc]
    # a tie broken by the last move is a whole point; only equal last moves share it
    halves = [g for s in standings(log.state) for g in s.detail if g.big_points == 0.5]
    assert len(halves) == 2 * len(shared)


# ---- the command line ---------------------------------------------------------------


def test_school_tournament_from_the_command_line(tmp_path: Path) -> None:
    # SCH end to end: the preset, the team check at registration, --last-move.
    ref = Referee(tmp_path / "s.turniej.sqlite")
    ref("new", "Pińczów 2016", "--rounds", "3", "--system", "halving", "--preset", "school")
    settings_now = ref("set")
    assert '"team_limit": 8' in settings_now and '"tie_rule": "higher_last_move"' in settings_now
    assert '"minutes": 15' in settings_now
    for i in range(1, 9):
        out = ref("add-player", f"Uczeń {i}", "--club", "Gimnazjum nr 1")
    assert "8 z 8 w drużynie" in out
    err = ref("add-player", "Dziewiąty", "--club", "Gimnazjum nr 1", code=3)
    assert "drużyna szkoły Gimnazjum nr 1 jest już pełna" in err and "Traceback" not in err
    err = ref("add-player", "Bez Szkoły", code=3)
    assert "--club" in err
    for i in range(1, 9):
        ref("add-player", f"Ola {i}", "--club", "LO Pińczów")
    ref("pair")
    tables = ref.json("pairings")
    first, second = str(tables[0]["first"]), str(tables[0]["second"])
    err = ref("result", "1", first, "300", second, "300", code=3)
    assert "--last-move" in err and "remis" in err
    err = ref("result", "1", first, "300", second, "300", "--last-move", "35-x", code=2)
    assert "35:28" in err
    out = ref("result", "1", first, "300", second, "300", "--last-move", "28:35")
    assert "wyższy ostatni ruch" in out
    line = {s["seed"]: s for s in ref.json("standings", "--round", "1")}
    assert line[int(second)]["big_points"] == 1 and line[int(first)]["big_points"] == 0
    assert "ostatnie ruchy 28:35" in ref("pairings", "--round", "1")
    card = " ".join(ref("card", second).split())  # the console wraps long lines
    assert "remis wygrany wyższym ostatnim ruchem 35:28" in card
    res = ref("set", "--tie-rule", "draw")
    assert '"tie_rule": "draw"' in res
    ref("set", "--tie-rule", "sudden_death", code=3)


def test_unknown_preset_is_bad_usage(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "x.turniej.sqlite")
    err = ref("new", "X", "--rounds", "3", "--system", "halving", "--preset", "szkoła", code=2)
    assert "pfs, school" in err


def test_school_report_and_import(tmp_path: Path) -> None:
    # SCH: the school table is part of a school tournament's report without --teams;
    # an import that would make a team of 9 is refused whole (nothing registered).
    ref = Referee(tmp_path / "s.turniej.sqlite")
    ref("new", "Pińczów 2016", "--rounds", "1", "--system", "halving", "--preset", "school")
    rows = "\n".join(f"Uczeń {i},SP 1" for i in range(1, 10))
    csv = tmp_path / "gracze.csv"
    csv.write_text("nazwisko,szkoła\n" + rows + "\n", encoding="utf-8")
    err = ref("import-players", str(csv), code=3)
    assert "SP 1" in err and "pełna" in err
    assert ref.json("players") == []
    csv.write_text("nazwisko,szkoła\nAnna Żak,SP 1\nJan Łoś,SP 2\n", encoding="utf-8")
    ref("import-players", str(csv))
    ref("pair")
    ref("result", "1", "Anna", "300", "Jan", "300", "--last-move", "10:20")
    ref("report", "--html", str(tmp_path / "out"))
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "Klasyfikacja drużynowa" in page and "SP 2" in page
