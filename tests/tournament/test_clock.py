"""The round's clock: ``clock`` events in the log, the time left, the service and the
CLI (issue 29: the live pages show the round's clock)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.tournament.conftest import CliClock
from tests.tournament.test_cli import Referee as Cli

from plansza.cli.common import EXIT_INPUT, EXIT_REFUSED
from plansza.errors import IllegalActionError
from plansza.i18n import translator
from plansza.records import dump
from plansza.services.tournament import Referee
from plansza.tournament.events import Event, apply, describe, replay, touches
from plansza.tournament.model import Settings
from plansza.tournament.roundclock import RoundClock, stamp

T0 = datetime(2026, 5, 2, 10, 0, tzinfo=UTC)


def at(seconds: float) -> str:
    return (T0 + timedelta(seconds=seconds)).isoformat()


def paired_log(rounds: int = 1) -> list[Event]:
    """Four players, round 1 paired (and ``rounds`` - 1 more)."""
    log = [Event(1, "created", {"settings": dump(Settings("T", 3, "halving"))}, at(0))]
    for name in "ABCD":
        log.append(Event(len(log) + 1, "player_added", {"name": name}, at(0)))
    for n in range(1, rounds + 1):
        log.append(Event(len(log) + 1, "paired", {"round": n, "tables": [[1, 2], [3, 4]]}, at(0)))
        if n < rounds:
            for a, b in ((1, 2), (3, 4)):
                data = {"round": n, "a": a, "sa": 400, "b": b, "sb": 300}
                log.append(Event(len(log) + 1, "result", data, at(0)))
    return log


def clock(log: list[Event], seconds: float, action: str, **data: Any) -> None:
    """Append a clock event at T0 + ``seconds`` (raises, appending nothing, if refused)."""
    e = Event(len(log) + 1, "clock", {"round": 1, "action": action, **data}, at(seconds))
    apply(replay(log), e)
    log.append(e)


def test_started_clock_counts_down_from_the_round_minutes() -> None:
    log = paired_log()
    clock(log, 0, "start")
    c = replay(log).clocks[1]
    assert c.minutes == 50  # the round_minutes setting by default
    assert c.remaining(stamp(at(600))) == 40 * 60
    assert c.remaining(stamp(at(50 * 60 + 5))) == 0  # time is up, never negative


def test_pause_stops_and_resume_continues() -> None:
    log = paired_log()
    clock(log, 0, "start", minutes=30)
    clock(log, 300, "pause")
    state = replay(log)
    assert not state.clocks[1].running
    assert state.clocks[1].remaining(stamp(at(3000))) == 25 * 60  # paused: stays
    clock(log, 900, "resume")
    assert replay(log).clocks[1].remaining(stamp(at(960))) == 24 * 60


def test_start_again_restarts() -> None:
    log = paired_log()
    clock(log, 0, "start", minutes=30)
    clock(log, 600, "start", minutes=20)
    assert replay(log).clocks[1].remaining(stamp(at(600))) == 20 * 60


@pytest.mark.parametrize(
    ("steps", "code"),
    [
        ([("pause", {})], "clock_not_started"),
        ([("resume", {})], "clock_not_started"),
        ([("start", {}), ("resume", {})], "clock_running"),
        ([("start", {}), ("pause", {}), ("pause", {})], "clock_paused"),
        ([("start", {"minutes": 0})], "clock_minutes"),
        ([("start", {"minutes": 601})], "clock_minutes"),
        ([("start", {"minutes": "50"})], "clock_minutes"),
        ([("start", {}), ("pause", {"minutes": 5})], "clock_minutes_start"),
        ([("stop", {})], "clock_action"),
    ],
)
def test_clock_refusals(steps: list[tuple[str, dict[str, Any]]], code: str) -> None:
    # issue 29: start before pause/resume, minutes 1-600, known actions only
    log = paired_log()
    *ok, (last, data) = steps
    for action, d in ok:
        clock(log, 0, action, **d)
    with pytest.raises(IllegalActionError) as e:
        clock(log, 60, last, **data)
    assert e.value.code == code


def test_clock_needs_a_paired_round_and_a_time() -> None:
    log = paired_log()
    with pytest.raises(IllegalActionError) as e:
        apply(replay(log), Event(9, "clock", {"round": 2, "action": "start"}, at(0)))
    assert e.value.code == "no_round"
    with pytest.raises(IllegalActionError) as e:
        apply(replay(log), Event(9, "clock", {"round": 1, "action": "start"}, "t9"))
    assert e.value.code == "clock_time"


def test_clock_conflicts_with_nothing_and_is_undone_like_any_event() -> None:
    assert touches("clock", {"round": 1, "action": "start"}) == frozenset()
    log = paired_log()
    clock(log, 0, "start")
    log.append(Event(len(log) + 1, "undo", {}, at(1)))
    assert replay(log).clocks == {}


def test_clock_in_words() -> None:
    e = Event(7, "clock", {"round": 2, "action": "start", "minutes": 45}, at(0))
    assert describe(e, {}, translator("en")) == "clock of round 2 started: 45 minutes"
    assert describe(e, {}, translator("pl")) == "zegar rundy 2 uruchomiony: 45 minut"


@given(
    minutes=st.integers(1, 600),
    gaps=st.lists(st.integers(0, 3600), max_size=8),
    after=st.integers(0, 7200),
)
def test_remaining_is_minutes_less_the_running_time(
    minutes: int, gaps: list[int], after: int
) -> None:
    """Pauses and resumes in turn: the time left is the minutes less the seconds the
    clock ran, counted here interval by interval; it never grows."""
    log = paired_log()
    clock(log, 0, "start", minutes=minutes)
    t, ran, running = 0, 0, True
    for gap in gaps:
        t += gap
        ran += gap if running else 0
        clock(log, t, "pause" if running else "resume")
        running = not running
    c = replay(log).clocks[1]
    now = t + after
    ran += after if running else 0
    assert c.remaining(stamp(at(now))) == max(0, minutes * 60 - ran)
    assert c.remaining(stamp(at(now + 1))) <= c.remaining(stamp(at(now)))


def test_service_starts_the_last_paired_round(tmp_path: Path) -> None:
    path = str(tmp_path / "t.turniej.sqlite")
    times = iter([at(0)] * 6 + [at(60), at(120)])
    Referee.create(path, Settings("T", 3, "halving", round_minutes=40), lambda: at(0))
    with Referee.open(path, lambda: next(times)) as ref:
        for name in "ABCD":
            ref.add_player({"name": name})
        ref.pair()
        n, c = ref.clock(None, "start")
        assert (n, c.minutes, c.started) == (1, 40, T0)
        n, c = ref.clock(1, "pause")
        assert c.remaining(stamp(at(9999))) == 40 * 60 - 60
        assert isinstance(ref.state().clocks[1], RoundClock)


def test_cli_clock(tmp_path: Path, cli_clock: CliClock) -> None:
    r = Cli(tmp_path / "t.turniej.sqlite")
    r("new", "T", "--rounds", "2", "--system", "halving", "--bye", "300:250")
    for name in "ABCD":
        r("add-player", name, "--unlisted")
    assert "runda 1 nie jest skojarzona" in r("clock", "start", code=EXIT_REFUSED)
    r("pair")
    assert "zegar uruchomiony, 45 min" in r("zegar", "start", "--minuty", "45")
    cli_clock.advance(61)  # paused a minute and a second later, whatever the machine's load
    assert "pozostało 43:59" in r("clock", "pauza")
    cli_clock.advance(600)  # a paused clock stands still
    assert "już wstrzymany" in r("clock", "pause", code=EXIT_REFUSED)
    assert "wznowiony, pozostało 43:59" in r("clock", "wznów", "--runda", "1")
    assert "stop" in r("clock", "stop", code=EXIT_INPUT)
    assert "tylko przy starcie" in r("clock", "resume", "--minutes", "5", code=EXIT_INPUT)
    assert "600" in r("clock", "start", "--minutes", "601", code=EXIT_REFUSED)
    assert '"round_minutes": 30' in r("set", "--round-minutes", "30")
