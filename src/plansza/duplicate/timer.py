"""The move clock: two minutes, announced after one minute and at the last 30 seconds (II.3).

The time source is handed in (``time.monotonic`` in the terminal, a list of
numbers in tests); the timer itself reads no clock.

>>> t = MoveTimer(120.0, start=1000.0)
>>> t.remaining(1030.0), t.phase(1030.0)
(90.0, 'running')
>>> [a.key for a in t.announcements(1000.0, 1095.0)]
['one_minute', 'last_30']
>>> t.phase(1120.0), t.remaining(1130.0)
('over', 0.0)

A card is in time until the deadline, the deadline itself included (II.3, II.5):

>>> t.deadline, t.in_time(1120.0), t.in_time(1120.1)
(1120.0, True, False)
>>> t.with_seconds(300).deadline
1300.0
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: II.3: "Czas ruchu ustala się na 2 minuty." The one definition: the terminal's
#: ``timer`` and the web hall (:mod:`plansza.services.belgijka`) import it.
MOVE_SECONDS = 120.0


def signal(left: float) -> str:
    """What the clock shows with ``left`` seconds to go: ``running``, ``last_30`` or
    ``over`` (the terminal colours its countdown by it)."""
    if left <= 0.0:
        return "over"
    return "last_30" if left <= 30.0 else "running"


@dataclass(frozen=True)
class Announcement:
    """A moment the referee announces: its key and when, in seconds from the start."""

    key: str
    at: float


class MoveTimer:
    """One move's time: announcements after a minute and at the last 30 seconds (II.3).

    The terminal's countdown and the web hall's move clock (started by the referee,
    journaled, changed while it runs: :meth:`with_seconds`) are this one timer.
    """

    def __init__(self, seconds: float = MOVE_SECONDS, *, start: float) -> None:
        if seconds <= 0:
            raise ValueError(f"a move's time must be positive, not {seconds}")
        self.seconds = float(seconds)
        self.start = start
        marks = []
        # II.3: "po minucie" — only when the move lasts longer than a minute.
        if self.seconds > 60.0:
            marks.append(Announcement("one_minute", 60.0))
        # II.3: "o rozpoczęciu ostatnich 30 sekund" — when there are more than 30.
        if self.seconds > 30.0:
            marks.append(Announcement("last_30", self.seconds - 30.0))
        marks.append(Announcement("time_up", self.seconds))
        self.marks = tuple(sorted(marks, key=lambda a: a.at))

    @property
    def deadline(self) -> float:
        """The clock reading at which the time is up."""
        return self.start + self.seconds

    def in_time(self, now: float) -> bool:
        """Whether a card handed in at ``now`` is in time (the deadline itself is)."""
        return now <= self.deadline

    def with_seconds(self, seconds: float) -> MoveTimer:
        """The same move's clock, from the same start, lasting ``seconds`` in all."""
        return MoveTimer(seconds, start=self.start)

    def elapsed(self, now: float) -> float:
        return max(0.0, now - self.start)

    def remaining(self, now: float) -> float:
        """Seconds left (0 once the time is up)."""
        return max(0.0, self.seconds - self.elapsed(now))

    def phase(self, now: float) -> str:
        """``running``, ``last_30`` (the last 30 seconds) or ``over``."""
        return signal(self.remaining(now))

    def announcements(self, since: float, now: float) -> list[Announcement]:
        """The announcements whose moment falls in ``(since, now]`` (times are clock readings)."""
        lo, hi = self.elapsed(since), self.elapsed(now)
        return [a for a in self.marks if lo < a.at <= hi]


def run(
    timer: MoveTimer,
    clock: Callable[[], float],
    sleep: Callable[[float], None],
    on_tick: Callable[[float, list[Announcement]], None],
    *,
    tick: float = 0.2,
) -> None:
    """Drive ``timer`` until the time is up, calling ``on_tick(remaining, announcements)``.

    ``clock`` and ``sleep`` are injected: the terminal passes ``time.monotonic`` and
    ``time.sleep``, tests a fake clock that advances when slept.
    """
    last = timer.start
    on_tick(timer.remaining(last), [])
    while True:
        now = clock()
        news = timer.announcements(last, now)
        on_tick(timer.remaining(now), news)
        last = now
        if timer.phase(now) == "over":
            return
        sleep(min(tick, max(0.01, timer.remaining(now))))


def mmss(seconds: float) -> str:
    """``125.2`` → ``"2:06"`` (a started second counts, as on a clock counting down).

    >>> mmss(120.0), mmss(59.01), mmss(0.0)
    ('2:00', '1:00', '0:00')
    """
    import math

    s = math.ceil(seconds - 1e-9)
    return f"{s // 60}:{s % 60:02d}"
