"""The move clock (II.3): two minutes, announced after a minute and at the last 30 seconds."""

from __future__ import annotations

import pytest

from plansza.duplicate.timer import MOVE_SECONDS, Announcement, MoveTimer, mmss, run


class FakeClock:
    """A clock that moves only when slept: no real waiting in tests."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start
        self.slept = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.slept += seconds


def test_two_minutes_a_move() -> None:
    # II.3: "Czas ruchu ustala się na 2 minuty."
    assert MOVE_SECONDS == 120.0
    t = MoveTimer(start=10.0)
    assert t.remaining(10.0) == 120.0 and t.remaining(130.0) == 0.0
    assert t.phase(129.9) == "last_30" and t.phase(130.0) == "over"


def test_announcements_after_one_minute_and_at_the_last_30_seconds() -> None:
    # II.3: announced after a minute and at the start of the last 30 seconds.
    t = MoveTimer(start=0.0)
    assert [(a.key, a.at) for a in t.marks] == [
        ("one_minute", 60.0),
        ("last_30", 90.0),
        ("time_up", 120.0),
    ]
    assert t.announcements(0.0, 59.9) == []
    assert [a.key for a in t.announcements(59.9, 60.0)] == ["one_minute"]
    assert [a.key for a in t.announcements(60.0, 89.0)] == []
    assert [a.key for a in t.announcements(89.0, 91.0)] == ["last_30"]
    assert [a.key for a in t.announcements(0.0, 500.0)] == ["one_minute", "last_30", "time_up"]


def test_a_short_clock_skips_what_does_not_fit() -> None:
    t = MoveTimer(45.0, start=0.0)
    assert [a.key for a in t.marks] == ["last_30", "time_up"]
    assert [a.key for a in MoveTimer(20.0, start=0.0).marks] == ["time_up"]
    with pytest.raises(ValueError):
        MoveTimer(0, start=0.0)


def test_run_with_an_injected_clock_announces_each_once() -> None:
    clock = FakeClock(1000.0)
    heard: list[str] = []
    ticks: list[float] = []

    def on_tick(left: float, news: list[Announcement]) -> None:
        ticks.append(left)
        heard.extend(a.key for a in news)

    run(MoveTimer(start=clock()), clock, clock.sleep, on_tick, tick=0.5)
    assert heard == ["one_minute", "last_30", "time_up"]
    assert ticks[0] == 120.0 and ticks[-1] == 0.0
    assert ticks == sorted(ticks, reverse=True)
    assert 119.0 <= clock.slept <= 121.0


def test_mmss() -> None:
    assert [mmss(s) for s in (120.0, 119.5, 60.0, 30.2, 0.0)] == [
        "2:00",
        "2:00",
        "1:00",
        "0:31",
        "0:00",
    ]
