"""A chess clock with injected time: the engine never reads the wall clock.

Times are seconds as floats, given by the caller (``time.monotonic()`` in the CLI,
fixed numbers in tests).

>>> c = ChessClock(2, minutes=15)
>>> c.start(0, now=100.0)
>>> c.switch(1, now=160.0)          # player 0 used a minute
>>> c.remaining(0, now=500.0), c.remaining(1, now=190.0)
(840.0, 870.0)
>>> c.flagged(1, now=160.0 + 901)
True
"""

from __future__ import annotations

import math


class ChessClock:
    """Each player's remaining time; one runs at a time (TR 1.2, 6.2)."""

    def __init__(self, players: int, minutes: float) -> None:
        self.initial = minutes * 60.0
        self._remaining = [self.initial] * players
        self.running: int | None = None
        self._since: float = 0.0

    def start(self, player: int, now: float) -> None:
        """Start ``player``'s time (no other is running)."""
        self.stop(now)
        self.running = player
        self._since = now

    def stop(self, now: float) -> None:
        """Stop the running time, charging it (a committed move: "zatrzymanie zegara")."""
        if self.running is not None:
            self._remaining[self.running] -= max(0.0, now - self._since)
            self.running = None

    def switch(self, player: int, now: float) -> None:
        """Stop the running time and start ``player``'s."""
        self.start(player, now)

    def remaining(self, player: int, now: float | None = None) -> float:
        """Seconds left for ``player`` (negative once over time)."""
        left = self._remaining[player]
        if self.running == player and now is not None:
            left -= max(0.0, now - self._since)
        return left

    def flagged(self, player: int, now: float | None = None) -> bool:
        """Whether ``player``'s time has run out."""
        return self.remaining(player, now) <= 0.0

    def overtime_minutes(self, player: int, now: float | None = None) -> int:
        """Started minutes over time (WESPA: a penalty per minute or part of one)."""
        left = self.remaining(player, now)
        return 0 if left >= 0 else math.ceil(-left / 60.0)
