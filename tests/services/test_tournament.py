"""The referee's service without a terminal: finding players, reading arguments, and
commands recorded in the tournament's log."""

from __future__ import annotations

from pathlib import Path

import pytest

from plansza.errors import IllegalActionError, PlanszaError
from plansza.services.tournament import (
    ArgumentError,
    Referee,
    parse_pairing,
    parse_score,
    parse_score_pair,
    player,
)
from plansza.tournament.model import Settings, State, TournamentPlayer, player_by_seed


def stamp() -> str:
    return "2026-11-25T10:00:00+00:00"


@pytest.fixture
def state() -> State:
    st = State(Settings("Klubowy", 5, "halving"))
    for pid, name in enumerate(["Anna Żak", "Łukasz Ćwik", "Łucja Ćwik", "Ola Nowak"], 1):
        st.players[pid] = TournamentPlayer(pid, name)
    return st


@pytest.mark.parametrize(
    ("text", "pid"),
    [("Anna Żak", 1), ("anna", 1), ("Ola", 4), ("lukasz", 2), ("LUCJA", 3)],
)
def test_a_player_by_name(state: State, text: str, pid: int) -> None:
    # Exact, then a unique prefix, then one typed without Polish letters.
    assert player(state, text) == pid


def test_a_player_by_seeding_number(state: State) -> None:
    by_seed = player_by_seed(state)
    assert [player(state, str(n)) for n in sorted(by_seed)] == [by_seed[n] for n in sorted(by_seed)]


@pytest.mark.parametrize(
    ("text", "code"),
    [("Łu", "ambiguous_player"), ("Zenon", "unknown_player"), ("9", "unknown_player")],
)
def test_a_player_not_found_is_bad_input(state: State, text: str, code: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        player(state, text)
    assert caught.value.code == code


def test_a_manual_pairing(state: State) -> None:
    seed = player_by_seed(state)
    assert parse_pairing(state, "1-4, 2:3") == [(seed[1], seed[4]), (seed[2], seed[3])]
    assert parse_pairing(state, "Anna-Ola;lukasz") == [(1, 4), (2, None)]  # a lone one: bye
    with pytest.raises(ArgumentError):
        parse_pairing(state, "1-2-3")


@pytest.mark.parametrize("text", ["-5", "5001", "١٢", "²", "12.5", "", "9" * 20])
def test_a_score_is_a_whole_number_from_0_to_5000(text: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        parse_score(text, "Ala")
    assert caught.value.code == "score"


def test_a_bye_score() -> None:
    # MPA 2c i: the bye is 300:250 unless the referee sets another.
    assert parse_score_pair(" 300:250 ") == (300, 250)
    with pytest.raises(ArgumentError):
        parse_score_pair("abc")


def test_commands_are_recorded_and_undone(tmp_path: Path) -> None:
    path = str(tmp_path / "t.turniej.sqlite")
    Referee.create(path, Settings("T", 3, "halving"), stamp)
    with Referee.open(path, stamp) as ref:
        for name in ("Anna", "Bartek", "Celina", "Darek"):
            ref.add_player({"name": name})
        state, n = ref.pair()
        assert n == 1 and len(state.rounds[1].pairings) == 2
        table = state.rounds[1].pairings[0]
        a, b = state.players[table.first].name, state.players[table.second or 0].name
        assert ref.result(1, a, "400", b, "350")[1::2] == (400, 350)
        with pytest.raises(IllegalActionError):  # the result is in: correct it instead
            ref.result(1, a, "400", b, "351")
        ref.result(1, a, "410", b, "350", note="a misread sheet")
        before, undone = ref.undo()
        assert undone.kind == "correct"
        assert before.rounds[1].pairing_of(table.first).result.score_first == 410  # type: ignore[union-attr]
        assert ref.state().rounds[1].pairing_of(table.first).result.score_first == 400  # type: ignore[union-attr]


def test_a_round_that_is_not_paired_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "t.turniej.sqlite")
    Referee.create(path, Settings("T", 3, "halving"), stamp)
    with Referee.open(path, stamp) as ref:
        ref.add_player({"name": "Anna"})
        ref.add_player({"name": "Bartek"})
        with pytest.raises(PlanszaError) as caught:
            ref.result(2, "Anna", "400", "Bartek", "300")
        assert caught.value.code == "no_round"


def two_tables(tmp_path: Path, settings: Settings) -> tuple[str, tuple[str, str]]:
    """Four players, round 1 paired and its results in; the file and table 1's players."""
    path = str(tmp_path / "t.turniej.sqlite")
    Referee.create(path, settings, stamp)
    with Referee.open(path, stamp) as ref:
        for name in ("Anna", "Bartek", "Celina", "Darek"):
            ref.add_player({"name": name})
        state, _ = ref.pair()
        for p in state.rounds[1].pairings:
            first, second = state.players[p.first].name, state.players[p.second or 0].name
            ref.result(1, first, "400", second, "350")
        t = ref.state().rounds[1].pairings[0]
        return path, (ref.state().players[t.first].name, ref.state().players[t.second or 0].name)


# TR 4.6.4: the log says whose consent the correction rests on — the one the referee
# gave, not the least the rules would take
def test_a_correction_records_the_consent_chosen(tmp_path: Path) -> None:
    path, (a, b) = two_tables(tmp_path, Settings("T", 3, "halving"))
    with Referee.open(path, stamp) as ref:
        c = ref.correct(1, a, "410", b, "350", referee_consent=True, note="sędzia")
        assert c.consent == "referee"
        assert ref.state().corrections[-1]["consent"] == "referee"
        c = ref.correct(1, a, "420", b, "350", override=True)
        assert c.consent == "override"
        from plansza.i18n import translator
        from plansza.tournament.paperwork import referee_report_page

        page = referee_report_page(ref.state(), translator("en"))
        assert "the referee, the same day of play" in page and "the referee's override" in page


# TR 4.6.4: a correction is a change; one that changes nothing is refused, not recorded
def test_a_correction_that_changes_nothing_is_refused(tmp_path: Path) -> None:
    path, (a, b) = two_tables(tmp_path, Settings("T", 3, "halving"))
    with Referee.open(path, stamp) as ref:
        with pytest.raises(IllegalActionError) as caught:
            ref.correct(1, a, "400", b, "350", note="nic")
        assert caught.value.code == "unchanged"
        with pytest.raises(IllegalActionError):  # the same, named the other way round
            ref.correct(1, b, "350", a, "400", note="nic")
        assert ref.state().corrections == []


# TR 4.6.4 "dzień zawodów": a round is dated by the day of play it was paired on — the
# federation's file (RS §6) and the referee's report say so
def test_a_round_paired_on_the_second_day_is_dated_by_it(tmp_path: Path) -> None:
    from plansza.i18n import translator
    from plansza.tournament.paperwork import federation_csv, ranked_rows, referee_report

    path, _ = two_tables(tmp_path, Settings("T", 2, "halving", dates=("2026-05-02",)))
    with Referee.open(path, stamp) as ref:
        ref.new_day()  # no date given: the day after the first
        state, n = ref.pair()
        for p in state.rounds[n].pairings:
            first, second = state.players[p.first].name, state.players[p.second or 0].name
            ref.result(n, first, "300", second, "290")
        state = ref.state()
    dates = {row["round"]: row["date"] for row in ranked_rows(state)}
    assert dates == {1: "2026-05-02", 2: "2026-05-03"}
    assert "2026-05-03" in federation_csv(state)
    assert referee_report(state, translator("en")).days == ["2026-05-02", "2026-05-03"]
    (tmp_path / "b").mkdir()
    path2, _ = two_tables(tmp_path / "b", Settings("T", 2, "halving", dates=("2026-05-02",)))
    with Referee.open(path2, stamp) as ref:
        ref.new_day("2026-05-09")  # a date given: that one
        state, n = ref.pair()
        assert ranked_rows(ref.state()) and state.rounds[n].day == 2
        from plansza.tournament.paperwork import round_date

        assert round_date(ref.state(), n) == "2026-05-09"
