"""Building tournaments in tests: an in-memory event log."""

from __future__ import annotations

import random
from typing import Any

from plansza.records import dump
from plansza.tournament.events import Event, apply, replay
from plansza.tournament.model import Settings, State
from plansza.tournament.pairing import pair_round


class Log:
    """An in-memory log with the same checks as the database."""

    def __init__(self, settings: Settings) -> None:
        self.events = [Event(1, "created", {"settings": dump(settings)}, "t0")]
        self.state = replay(self.events)

    def add(self, kind: str, **data: Any) -> None:
        e = Event(len(self.events) + 1, kind, data, f"t{len(self.events)}")
        apply(self.state, e)  # raises before anything is recorded
        self.events.append(e)

    def player(self, name: str, ranking: float | None = None, **kw: Any) -> int:
        self.add("player_added", name=name, ranking=ranking, **kw)
        return max(self.state.players)

    def pair(self) -> int:
        n = self.state.next_round
        tables = pair_round(self.state, n)
        self.add("paired", round=n, tables=[list(t) for t in tables])
        return n

    def play(self, rng: random.Random, draw: bool = False) -> None:
        """Random results for every open table of the last round."""
        n = self.state.last_round
        for p in self.state.rounds[n].pairings:
            if p.second is not None and p.result is None:
                a = rng.randint(250, 500)
                b = a if draw and rng.random() < 0.1 else rng.randint(250, 500)
                self.add("result", round=n, a=p.first, sa=a, b=p.second, sb=b)

    def replayed(self) -> State:
        return replay(self.events)


def settings(system: str = "halving", rounds: int = 6, **kw: Any) -> Settings:
    kw.setdefault("dates", ("2026-05-02",))
    return Settings(name="Test", rounds=rounds, system=system, **kw)
