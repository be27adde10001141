"""A Belgijka move's clock on the referee's screen: two minutes, announced after one
minute and at the last 30 seconds (II.3), with the open move's rack beside it.

The time source and the sleep are handed in (``time.monotonic`` and ``time.sleep`` in
the terminal, a fake clock in tests); what the clock shows at each tick is a
:class:`ClockFace`, its announcements as keys for the front end to word.

>>> now = [1000.0]
>>> def sleep(seconds: float) -> None:
...     now[0] += seconds
>>> faces = []
>>> MoveClock(120.0, lambda: now[0]).run(sleep, faces.append, tick=15.0)
>>> faces[0].text, [f.said for f in faces if f.said]
('2:00', [('one_minute',), ('last_30',), ('time_up',)])
>>> faces[-1].signal, face(29.5).signal
('over', 'last_30')
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from plansza.duplicate.timer import MOVE_SECONDS as MOVE_SECONDS
from plansza.duplicate.timer import MoveTimer, mmss, run, signal


@dataclass(frozen=True)
class ClockFace:
    """What the move's clock shows."""

    #: Seconds left (0 once the time is up).
    left: float
    #: The time left as ``m:ss`` (a started second counts).
    text: str
    #: ``running``, ``last_30`` (the last 30 seconds) or ``over``.
    signal: str
    #: The announcements due now (II.3): ``one_minute``, ``last_30``, ``time_up``.
    said: tuple[str, ...] = ()


def face(left: float, said: tuple[str, ...] = ()) -> ClockFace:
    """The clock's face with ``left`` seconds to go."""
    return ClockFace(left, mmss(left), signal(left), said)


class MoveClock:
    """One move's time (II.3), started at the reading of ``clock`` when made."""

    def __init__(self, seconds: float, clock: Callable[[], float]) -> None:
        self.timer = MoveTimer(seconds, start=clock())
        self.clock = clock

    def face(self) -> ClockFace:
        """The face now (as the clock stands when stopped)."""
        return face(self.timer.remaining(self.clock()))

    def run(
        self,
        sleep: Callable[[float], None],
        on_tick: Callable[[ClockFace], None],
        *,
        tick: float = 0.2,
    ) -> None:
        """Run the clock until the time is up, showing each tick's face with ``on_tick``."""
        run(
            self.timer, self.clock, sleep,
            lambda left, news: on_tick(face(left, tuple(a.key for a in news))), tick=tick,
        )  # fmt: skip


def open_rack(path: str | os.PathLike[str]) -> str:
    """The open move's rack of the championship in ``path``, shown beside the clock;
    ``""`` when no move is open or the file is missing or cannot be read."""
    from plansza.duplicate.storage import load

    if not Path(path).is_file():
        return ""
    try:
        ch = load(path)
        if ch.games and ch.game.open_move is not None:
            return ch.game.open_move.rack
    except (OSError, ValueError):
        return ""
    return ""
