"""The round's clock, kept in the event log: planned minutes, when it started, how
long it was paused.

A ``clock`` event starts, pauses or resumes the clock of a round; its time stamp
(``at``) is the moment it happened, so the clock is the replay of the log like
everything else, and every page computes the same time left from it.

>>> c = RoundClock(50, stamp("2026-05-02T10:00:00"))
>>> c.remaining(stamp("2026-05-02T10:10:00"))
2400.0
>>> c.pause(stamp("2026-05-02T10:10:00"))
>>> c.remaining(stamp("2026-05-02T10:30:00"))  # paused: the time left stays
2400.0
>>> c.resume(stamp("2026-05-02T10:30:00"))
>>> c.remaining(stamp("2026-05-02T11:10:00"))  # 40 minutes later: time is up
0.0
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

#: What a ``clock`` event may do.
ACTIONS = ("start", "pause", "resume")
#: The longest round a clock may be set to (minutes).
MAX_MINUTES = 600


def stamp(text: str) -> datetime:
    """An event's time stamp (ISO 8601; without a zone: UTC).

    >>> stamp("2026-05-02T10:00:00+02:00").isoformat()
    '2026-05-02T08:00:00+00:00'
    """
    t = datetime.fromisoformat(text)
    return t.replace(tzinfo=UTC) if t.tzinfo is None else t.astimezone(UTC)


@dataclass
class RoundClock:
    """One round's clock: ``minutes`` planned, ``started`` then, ``paused`` seconds
    of finished pauses, and ``since`` the start of the pause now (None: running)."""

    minutes: int
    started: datetime
    paused: float = 0.0
    since: datetime | None = None

    @property
    def running(self) -> bool:
        return self.since is None

    def pause(self, at: datetime) -> None:
        self.since = max(at, self.started)

    def resume(self, at: datetime) -> None:
        if self.since is not None:
            self.paused += max(0.0, (at - self.since).total_seconds())
            self.since = None

    def elapsed(self, now: datetime) -> float:
        """Seconds the clock has run by ``now`` (pauses left out)."""
        end = self.since if self.since is not None else now
        return max(0.0, (end - self.started).total_seconds() - self.paused)

    def remaining(self, now: datetime) -> float:
        """Seconds left at ``now`` (0: time is up)."""
        return max(0.0, self.minutes * 60 - self.elapsed(now))
