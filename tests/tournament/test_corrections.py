"""Corrections of confirmed results (TR 4.6.4: whose consent, until when), days of play,
the official close, and the walkover's N following the results it depends on (TR 7.2)."""

from __future__ import annotations

import copy
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plansza.errors import IllegalActionError
from plansza.tournament import tsh
from plansza.tournament.events import (
    CONSENTS,
    Event,
    correction_consent,
    describe,
    replay,
)
from plansza.tournament.standings import standings

from .helpers import Log
from .helpers import settings as make_settings


class _English:
    def gettext(self, text: str) -> str:
        return text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


def manual(rounds: int = 4) -> Log:
    """Four players, paired by hand, over two declared days."""
    log = Log(make_settings("manual", rounds, dates=("2026-05-02", "2026-05-03")))
    for name in ("Ala", "Ola", "Ela", "Iza"):
        log.player(name, 120.0)
    return log


def play_round(
    log: Log, tables: list[tuple[int, int]], scores: list[tuple[int, int]], **pair: object
) -> int:
    n = log.state.next_round
    log.add("paired", round=n, tables=[list(t) for t in tables], method="manual", **pair)
    for (a, b), (sa, sb) in zip(tables, scores, strict=True):
        log.add("result", round=n, a=a, sa=sa, b=b, sb=sb)
    return n


R1 = [(1, 2), (3, 4)]
R2 = [(1, 3), (2, 4)]
R3 = [(1, 4), (2, 3)]


def refused(log: Log, kind: str, code: str, **data: object) -> None:
    before = copy.deepcopy(log.state)
    with pytest.raises(IllegalActionError) as caught:
        log.add(kind, **data)
    assert caught.value.code == code
    assert log.state == before  # nothing half-applied


def correct(log: Log, consent: str, sa: int = 410, **extra: object) -> None:
    log.add(
        "correct", round=1, a=1, sa=sa, b=2, sb=300, consent=consent, day=log.state.day, **extra
    )


# ---- TR 4.6.4: the window ----------------------------------------------------------


def test_both_players_consent_until_the_next_round_is_paired() -> None:
    # TR 4.6.4: with both players' consent until the referee pairs the next round
    log = manual()
    play_round(log, R1, [(400, 300), (350, 360)])
    assert correction_consent(log.state, 1) == "players"
    correct(log, "players", note="sum")
    (c,) = log.state.corrections
    assert (c["consent"], c["day"], c["new"]) == ("players", 1, [410, 300])


def test_after_the_pairing_only_the_referees_consent_that_day() -> None:
    # TR 4.6.4: "a za zgodą sędziego do zakończenia danego dnia zawodów"
    log = manual()
    play_round(log, R1, [(400, 300), (350, 360)])
    log.add("paired", round=2, tables=[list(t) for t in R2], method="manual")
    assert correction_consent(log.state, 1) == "referee"
    refused(
        log,
        "correct",
        "correction_referee",
        round=1,
        a=1,
        sa=410,
        b=2,
        sb=300,
        consent="players",
        day=1,
    )
    correct(log, "referee")
    assert log.state.corrections[-1]["consent"] == "referee"


def test_after_the_day_of_play_only_the_referees_override() -> None:
    # TR 4.6.4: past the end of that day of play the rule allows no correction
    log = manual()
    play_round(log, R1, [(400, 300), (350, 360)])
    log.add("new_day", day=2)
    log.add("paired", round=2, tables=[list(t) for t in R2], method="manual")
    assert correction_consent(log.state, 1) == "override"
    for consent in ("players", "referee"):
        refused(
            log,
            "correct",
            "correction_late",
            round=1,
            a=1,
            sa=410,
            b=2,
            sb=300,
            consent=consent,
            day=2,
        )
    correct(log, "override")
    c = log.state.corrections[-1]
    assert (c["consent"], c["day"]) == ("override", 2)
    line = describe(log.events[-1], {1: "1 Ala", 2: "2 Ola"}, _English())
    assert line.endswith("[REFEREE'S OVERRIDE, past TR 4.6.4; day 2]")


def test_the_next_round_not_yet_paired_keeps_the_players_window_on_the_next_day() -> None:
    # TR 4.6.4: the players' window ends with the next round's pairing, not with the day
    log = manual()
    play_round(log, R1, [(400, 300), (350, 360)])
    log.add("new_day", day=2)
    assert correction_consent(log.state, 1) == "players"


def test_the_last_round_until_the_official_close() -> None:
    # TR 4.6.4: for the last round, until the tournament is officially closed
    log = manual(rounds=2)
    play_round(log, R1, [(400, 300), (350, 360)])
    play_round(log, R2, [(400, 300), (350, 360)])
    assert correction_consent(log.state, 2) == "players"
    log.add("closed")
    # after the close, with the referee's consent until the end of that day of play
    assert correction_consent(log.state, 2) == "referee"
    refused(
        log,
        "correct",
        "correction_closed",
        round=2,
        a=1,
        sa=410,
        b=3,
        sb=300,
        consent="players",
        day=1,
    )
    log.add("correct", round=2, a=1, sa=410, b=3, sb=300, consent="referee", day=1)
    assert log.state.corrections[-1]["consent"] == "referee"


def test_after_the_close_the_referees_window_ends_with_its_day() -> None:
    # TR 4.6.4: "a za zgodą sędziego do zakończenia danego dnia zawodów"
    log = manual(rounds=1)
    play_round(log, R1, [(400, 300), (350, 360)])
    log.events.append(Event(len(log.events) + 1, "closed", {}, "2026-05-02T18:00:00"))
    log.state = replay(log.events)
    assert correction_consent(log.state, 1, "2026-05-02T22:30:00") == "referee"
    assert correction_consent(log.state, 1, "2026-05-03T09:00:00") == "override"


def test_nothing_else_is_recorded_after_the_close_and_undo_reopens() -> None:
    # TR 4.6.4: after the official end only an overridden correction changes results
    log = manual(rounds=3)
    play_round(log, R1, [(400, 300), (350, 360)])
    log.add("closed")
    refused(log, "paired", "closed", round=2, tables=[list(t) for t in R2], method="manual")
    refused(log, "penalty", "closed", round=1, player=1, points=10)
    refused(log, "player_added", "closed", name="Późny")
    refused(log, "new_day", "closed", day=2)
    refused(log, "closed", "closed")
    # a correction from an old log (no consent) is no way around the close
    refused(log, "correct", "correction_closed", round=1, a=1, sa=410, b=2, sb=300)
    log.events.append(Event(len(log.events) + 1, "undo", {}, "u"))
    log.state = replay(log.events)
    assert not log.state.closed
    log.add("paired", round=2, tables=[list(t) for t in R2], method="manual")


def test_a_round_missing_results_cannot_be_closed() -> None:
    # TR 4.6.4: the official end comes after the last results
    log = manual()
    log.add("paired", round=1, tables=[list(t) for t in R1], method="manual")
    log.add("result", round=1, a=1, sa=400, b=2, sb=300)
    refused(log, "closed", "incomplete")


def test_corrections_of_old_logs_stay_valid_history() -> None:
    # A correction recorded before TR 4.6.4 was checked has no "consent": it replays
    log = manual()
    play_round(log, R1, [(400, 300), (350, 360)])
    log.add("new_day", day=2)
    log.add("paired", round=2, tables=[list(t) for t in R2], method="manual")
    log.add("correct", round=1, a=1, sa=410, b=2, sb=300, note="old")
    assert log.replayed().corrections[-1]["consent"] is None


def test_an_unknown_consent_is_refused() -> None:
    log = manual()
    play_round(log, R1, [(400, 300), (350, 360)])
    refused(log, "correct", "bad_consent", round=1, a=1, sa=410, b=2, sb=300, consent="both", day=1)


# ---- days of play -----------------------------------------------------------------


def test_days_of_play_come_in_order() -> None:
    log = manual()
    refused(log, "new_day", "day_order", day=3)
    log.add("new_day", day=2)
    assert log.state.day == 2


def test_a_round_paired_with_a_declared_date_is_on_that_day() -> None:
    # TR 4.6.4 "dzień zawodów": pair --date with the tournament's second day
    log = manual()
    play_round(log, R1, [(400, 300), (350, 360)], date="2026-05-02")
    assert (log.state.rounds[1].day, log.state.day) == (1, 1)
    play_round(log, R2, [(400, 300), (350, 360)], date="2026-05-03")
    assert (log.state.rounds[2].day, log.state.day) == (2, 2)
    assert correction_consent(log.state, 1) == "override"  # round 2 paired, day 1 over
    assert correction_consent(log.state, 2) == "players"  # round 3 not yet paired
    log.add("paired", round=3, tables=[list(t) for t in R3], method="manual")
    assert correction_consent(log.state, 2) == "referee"  # still day 2


@settings(max_examples=60)
@given(st.lists(st.sampled_from(["round", "day"]), min_size=1, max_size=8))
def test_the_consent_needed_never_weakens_as_the_tournament_goes_on(steps: list[str]) -> None:
    # TR 4.6.4: players → referee → override, never back (without undo)
    log = manual(rounds=9)
    tables = [R1, R2, R3]
    seen: dict[int, int] = {}
    for step in [*steps, "close"]:
        if step == "round" and log.state.next_round <= 9:
            n = log.state.next_round
            play_round(log, tables[(n - 1) % 3], [(400, 300), (350, 360)])
        elif step == "day":
            log.add("new_day", day=log.state.day + 1)
        elif step == "close":
            log.add("closed")
        for n in log.state.rounds:
            need = CONSENTS.index(correction_consent(log.state, n))
            assert need >= seen.get(n, 0)
            seen[n] = need
    for n, need in seen.items():  # after the close: the referee's window of its day
        same_day = log.state.rounds[n].day == log.state.day
        assert need == CONSENTS.index("referee" if same_day else "override")


# ---- TR 7.2: the walkover's N follows the results ---------------------------------


def walkover_n(log: Log, n: int, winner: int) -> int:
    g = next(g for g in log.state.games_of(winner) if g.round == n)
    assert g.kind == "walkover"
    return g.score


def expected_n(scores: list[int], round_no: int, rounds: int, current: int = 0) -> int:
    # TR 7.2: N = max(W, current, 400), W = (S + M·400)/R, rounded up
    w = math.ceil((sum(scores) + (rounds - round_no + 1) * 400) / rounds)
    return max(w, current, 400)


def test_a_correction_after_the_walkover_changes_its_n() -> None:
    # TR 7.2: N follows every result it depends on, corrected ones too
    log = manual()
    play_round(log, R1, [(500, 300), (350, 360)])
    log.add("paired", round=2, tables=[list(t) for t in R2], method="manual")
    log.add("walkover", round=2, winner=1, loser=3)
    log.add("result", round=2, a=2, sa=380, b=4, sb=370)
    assert walkover_n(log, 2, 1) == expected_n([500], 2, 4) == 425
    correct(log, "referee", sa=900)
    assert walkover_n(log, 2, 1) == expected_n([900], 2, 4) == 525
    # the replayed log agrees, and so do the standings and the TSH export
    assert next(g.score for g in log.replayed().games_of(1) if g.round == 2) == 525
    ala = next(s for s in standings(log.state) if s.pid == 1)
    assert ala.small_points == 900 + 525
    assert tsh.write_t(log.state).splitlines()[0].startswith("Ala 120 4 2; 900 525;")


def test_a_later_walkover_follows_an_earlier_one() -> None:
    # TR 7.2: S counts the earlier walkover's N, so a correction moves both
    log = manual()
    play_round(log, R1, [(500, 300), (350, 360)])
    log.add("paired", round=2, tables=[list(t) for t in R2], method="manual")
    log.add("walkover", round=2, winner=1, loser=3)
    log.add("result", round=2, a=2, sa=380, b=4, sb=370)
    log.add("paired", round=3, tables=[list(t) for t in R3], method="manual")
    log.add("walkover", round=3, winner=1, loser=4)
    log.add("result", round=3, a=2, sa=380, b=3, sb=370)
    log.add("correct", round=1, a=1, sa=800, b=2, sb=300, consent="override", day=1)
    n2 = expected_n([800], 2, 4)
    assert walkover_n(log, 2, 1) == n2
    assert walkover_n(log, 3, 1) == expected_n([800, n2], 3, 4)


def test_a_penalty_after_the_walkover_changes_its_n_and_undo_restores_it() -> None:
    # TR 7.2 with TR 7.1: a deduction in an earlier game lowers S
    log = manual()
    play_round(log, R1, [(900, 300), (350, 360)])
    log.add("paired", round=2, tables=[list(t) for t in R2], method="manual")
    log.add("walkover", round=2, winner=1, loser=3)
    before = walkover_n(log, 2, 1)
    log.add("penalty", round=1, player=1, points=100)
    assert walkover_n(log, 2, 1) == expected_n([800], 2, 4) < before
    log.events.append(Event(len(log.events) + 1, "undo", {}, "u"))
    log.state = replay(log.events)
    assert walkover_n(log, 2, 1) == before


def test_the_score_at_the_time_still_counts_after_a_correction() -> None:
    # TR 7.2: N is never below the winner's score in the game when it was awarded
    log = manual()
    play_round(log, R1, [(500, 300), (350, 360)])
    log.add("paired", round=2, tables=[list(t) for t in R2], method="manual")
    log.add("walkover", round=2, winner=3, loser=1, score=480)
    log.add("correct", round=1, a=3, sa=300, b=4, sb=360, consent="referee", day=1)
    assert walkover_n(log, 2, 3) == 480


@settings(max_examples=40)
@given(st.integers(0, 900), st.integers(0, 900), st.integers(0, 600))
def test_a_late_correction_gives_the_n_of_a_right_result(
    wrong: int, right: int, current: int
) -> None:
    # TR 7.2: entering the result right at once, or wrong and corrected after the
    # walkover, gives the same N
    def run(first: int, fix: int | None) -> int:
        log = manual()
        play_round(log, R1, [(first, 300), (350, 360)])
        log.add("paired", round=2, tables=[list(t) for t in R2], method="manual")
        log.add("walkover", round=2, winner=1, loser=3, score=current)
        if fix is not None:
            correct(log, "referee", sa=fix)
        return walkover_n(log, 2, 1)

    assert run(wrong, right) == run(right, None) == expected_n([right], 2, 4, current)
