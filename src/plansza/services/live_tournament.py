"""One tournament watched read-only, for its live public pages (``plansza serve
--tournament FILE``).

The event log is the single truth: a :class:`Spectator` never writes, it reads the
log's last sequence number (cheap: one query) and replays the log only when that
number has changed, so that a hall full of phones reading the pages costs one replay
per event recorded by the referee. What each page shows comes from the same functions
as the referee's printed lists (:mod:`plansza.tournament.paperwork`,
:mod:`plansza.tournament.standings`), never a second implementation.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from plansza.errors import N_, PlanszaError
from plansza.tournament import mpa
from plansza.tournament.model import State, player_by_seed
from plansza.tournament.paperwork import Seat, by_name
from plansza.tournament.reports import _completed, _context
from plansza.tournament.standings import Standing, standings
from plansza.tournament.storage import TournamentFile


class NotFoundError(PlanszaError):
    """A round or a player the tournament has not (a public page answers 404)."""


@dataclass(frozen=True)
class PlayerCard:
    """A player's card: their line of the standings and their games, round by round."""

    line: Standing
    games: list[Any]
    now: Seat | None  #: where the player sits in the current round (None: not paired)


class Spectator:
    """The tournament at ``path``, read-only; its state replayed once per change."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._file = TournamentFile.open(path)
        self._lock = threading.Lock()
        self._seq = -1
        self._state: State | None = None
        #: The standings of the state last replayed (the page most asked for).
        self._standings: tuple[State, tuple[list[Standing], bool, int]] | None = None

    def close(self) -> None:
        self._file.close()

    def last_seq(self) -> int:
        """The log's newest sequence number: it changes with every event recorded."""
        return self._file.last_seq()

    def state(self) -> tuple[int, State]:
        """(the sequence number, the tournament as of it), replayed only on a change."""
        with self._lock:
            seq = self._file.last_seq()
            if self._state is None or seq != self._seq:
                self._state, self._seq = self._file.state(), seq
            return self._seq, self._state

    # ---- what the pages show ----------------------------------------------------

    @staticmethod
    def context(state: State) -> dict[str, object]:
        """What every tournament template needs (seeds, number formats)."""
        return _context(state)

    @staticmethod
    def current_round(state: State) -> int:
        """The round the hall plays now: the last one paired (0: none yet)."""
        return max(state.rounds, default=0)

    @staticmethod
    def round_of(state: State, n: int | None) -> int:
        """Round ``n`` (``None``: the current one), refused when it is not paired."""
        n = Spectator.current_round(state) if n is None else n
        if n not in state.rounds:
            raise NotFoundError(N_("round {round} has not been paired"), code="no_round", round=n)
        return n

    @staticmethod
    def by_name(state: State, n: int) -> list[Seat]:
        """Round ``n`` by player, in Polish alphabetical order."""
        return by_name(state, n)

    def standings(self, state: State) -> tuple[list[Standing], bool, int]:
        """(the standings now with the tournament's criteria, final?, after which round),
        computed once per state replayed (the state is never changed once replayed)."""
        cached = self._standings
        if cached is not None and cached[0] is state:
            return cached[1]
        lines = standings(state, groups=mpa.groups(state))
        found = lines, state.finished, _completed(state)
        self._standings = state, found
        return found

    def warm(self) -> int:
        """Replay a change and compute its standings now, before the pages ask (the
        live pages' watch calls this before telling them); the sequence number."""
        seq, state = self.state()
        self.standings(state)
        return seq

    def card(self, state: State, seed: int) -> PlayerCard:
        """The player with the starting number ``seed``: their line and games."""
        pid = player_by_seed(state).get(seed)
        if pid is None:
            raise NotFoundError(N_("there is no player number {seed}"), code="no_player", seed=seed)
        lines, _final, _done = self.standings(state)
        line = next(s for s in lines if s.pid == pid)
        n = Spectator.current_round(state)
        seat = next((x for x in by_name(state, n) if x.pid == pid), None) if n else None
        return PlayerCard(line, sorted(line.detail, key=lambda g: g.round), seat)
