"""The tournament as data: settings, players, rounds, pairings and results.

A :class:`State` is what replaying the event log (:mod:`plansza.tournament.events`)
produces; nothing here does I/O. Players are identified internally by their
registration number (``pid``); the seeding numbers shown to people come from
:func:`seeds` (RS §7.1: by tournament ranking, equal rankings alphabetically).

>>> s = State(Settings(name="Test", rounds=6, system="halving"))
>>> s.add_player("Żak Jan", ranking=None)
1
>>> s.add_player("Abacki Adam", ranking=None)
2
>>> s.add_player("Nowak Ewa", ranking=130.0)
3
>>> seeds(s)
{3: 1, 2: 2, 1: 3}
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from plansza.tiles import polish_collation_key

SYSTEMS = ("roundrobin", "halving", "swiss", "danish", "mpa", "manual")

# RR §2: debutants and players ranked under 100 play with a temporary 100.
TEMPORARY_RANKING = 100.0

CRITERIA = ("big_points", "small_points", "spread", "games", "head_to_head", "lot")

PFS_CHAIN = ("big_points", "small_points", "spread")  # RR §4 default: BP, then sum, then spread
MPA_ROUND_CHAIN = ("big_points", "spread", "small_points")  # MPA 2d
MPA_FINAL_CHAIN = ("big_points", "games", "spread", "small_points", "head_to_head", "lot")  # MPA 2e


@dataclass(frozen=True)
class Settings:
    """Everything a referee declares for a tournament; each field cites its rule.

    ``criteria`` is the standings chain while the tournament runs and
    ``final_criteria`` the chain after the last round (MPA 2d/2e; PFS uses one
    chain, RR §4). ``exclude_best_wins`` is MPA 2e viii (places 1–4 and those
    level with the 4th lose their two best wins from spread / total).
    """

    name: str
    rounds: int
    system: str
    minutes: int = 15
    dates: tuple[str, ...] = ()
    bye_big_points: float = 1.0  # MPA 2c i: a bye is 1 big point, 300:250
    bye_score: tuple[int, int] = (300, 250)
    criteria: tuple[str, ...] = PFS_CHAIN
    final_criteria: tuple[str, ...] | None = None
    exclude_best_wins: int = 0  # MPA 2e viii: 2 for the MPA final classification
    exclude_best_places: int = 4
    repeats: bool = False  # RS §7.5: halving without repeats by default
    group_range: float = 0.0  # RS §7.6: widened to 1.5 when no pairing without repeats
    adjustment_formula: str = "weighted"  # RS §7.2, reconstructed (pairing-notes.md)
    prize_places: int = 3  # RS §7.3: the podium, unless prizes go further down
    elimination: bool = False  # RS §7.3: elimination tournament (line from last qualifier)
    seed: int = 0  # the seed of every draw (lot, who starts in a drawn series)
    team_size: int = 0  # SCH: players counted per school team (0 = all)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary (round-trips through :meth:`from_dict`)."""
        d: dict[str, Any] = dict(self.__dict__)
        d["dates"] = list(self.dates)
        d["bye_score"] = list(self.bye_score)
        d["criteria"] = list(self.criteria)
        d["final_criteria"] = None if self.final_criteria is None else list(self.final_criteria)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Settings:
        """Inverse of :meth:`to_dict`; unknown keys are an error."""
        d = dict(d)
        d["dates"] = tuple(d.get("dates", ()))
        if "bye_score" in d:
            d["bye_score"] = (int(d["bye_score"][0]), int(d["bye_score"][1]))
        if "criteria" in d:
            d["criteria"] = tuple(d["criteria"])
        if d.get("final_criteria") is not None:
            d["final_criteria"] = tuple(d["final_criteria"])
        return cls(**d)

    def with_(self, **changes: Any) -> Settings:
        """A copy with some settings changed."""
        return replace(self, **changes)


@dataclass
class TournamentPlayer:
    """A registered player. ``ranking`` is ``None`` for a debutant."""

    pid: int
    name: str
    ranking: float | None = None
    games: int = 0
    club: str = ""
    city: str = ""
    joined_round: int = 1
    # (first round missed, round of return or None) — RS §7.2 "wycofanie"
    absences: list[tuple[int, int | None]] = field(default_factory=list)
    # TR 7.1: excluded from further play; wins and draws void in the final classification
    excluded: bool = False

    @property
    def tournament_ranking(self) -> float:
        """RR §2: the ranking used for seeding (temporary 100 for debutants / under 100)."""
        if self.ranking is None or self.ranking < TEMPORARY_RANKING:
            return TEMPORARY_RANKING
        return self.ranking

    def active_in(self, round_no: int) -> bool:
        """Whether the player is in the tournament (to be paired) in ``round_no``."""
        if round_no < self.joined_round:
            return False
        for start, end in self.absences:
            if start <= round_no and (end is None or round_no < end):
                return False
        return True

    @property
    def withdrawn(self) -> bool:
        """Withdrawn now (the last absence has no return)."""
        return bool(self.absences) and self.absences[-1][1] is None


@dataclass
class Result:
    """Scores of one pairing, in pairing order (first, second).

    ``kind``: ``game``, ``walkover`` (TR 7.2, scored N:1; ``winner`` is 0 or 1,
    the index of the player awarded it), ``forfeit`` (both absent: 0:0, a loss
    for both) or ``bye``.
    """

    score_first: int
    score_second: int
    kind: str = "game"
    winner: int | None = None
    current: int = 0  # TR 7.2: a walkover's winner's score when it was awarded


@dataclass
class Pairing:
    """One table of a round; ``second`` is ``None`` for a bye. ``first`` starts."""

    table: int
    first: int
    second: int | None
    result: Result | None = None

    def players(self) -> tuple[int, ...]:
        """The pids at this table."""
        return (self.first,) if self.second is None else (self.first, self.second)


@dataclass
class Round:
    """A paired round."""

    number: int
    pairings: list[Pairing]
    method: str = "auto"
    date: str | None = None  # the day it was played (ISO), when the referee gave it
    day: int = 1  # the day of play it was paired on (1-based; TR 4.6.4)
    _index: dict[int, Pairing] | None = field(default=None, repr=False, compare=False)

    def pairing_of(self, pid: int) -> Pairing | None:
        """The pairing ``pid`` plays in this round, if any."""
        if self._index is None:
            self.reindex()
            assert self._index is not None
        return self._index.get(pid)

    def reindex(self) -> None:
        """Rebuild the player → table index (after the tables were changed)."""
        self._index = {pid: p for p in self.pairings for pid in p.players()}

    @property
    def complete(self) -> bool:
        """Every table has its result (a bye counts as complete)."""
        return all(p.second is None or p.result is not None for p in self.pairings)


@dataclass
class Adjustment:
    """RS §7.2 "wyrównanie": points added so a late entrant starts at a fair place."""

    round: int
    big_points: float
    small_points: int
    spread: int
    target_place: int


@dataclass
class TournamentGame:
    """One game (or walkover, or bye) from one player's point of view."""

    round: int
    pid: int
    opponent: int | None
    score: int
    opp_score: int
    kind: str
    started: bool
    penalty: int = 0

    @property
    def big_points(self) -> float:
        """Win 1, draw ½, loss 0 (TR; a walkover goes to its winner; a double
        forfeit — both absent, TR 6.3.3–6.3.4 — is a loss for both)."""
        if self.kind == "forfeit":
            return 0.0
        if self.score > self.opp_score:
            return 1.0
        if self.score == self.opp_score:
            return 0.5
        return 0.0


@dataclass
class State:
    """The tournament as the event log says it is now."""

    settings: Settings
    players: dict[int, TournamentPlayer] = field(default_factory=dict)
    rounds: dict[int, Round] = field(default_factory=dict)
    penalties: list[tuple[int, int, int]] = field(default_factory=list)  # (round, pid, points)
    adjustments: dict[int, list[Adjustment]] = field(default_factory=dict)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    events: int = 0
    day: int = 1  # the day of play now (1-based): ``new_day`` events move it on
    closed: bool = False  # the official end of the tournament (TR 4.6.4): a ``closed`` event

    def add_player(
        self,
        name: str,
        ranking: float | None = None,
        games: int = 0,
        club: str = "",
        city: str = "",
    ) -> int:
        """Register a player; they join the next round not yet paired."""
        pid = len(self.players) + 1
        self.players[pid] = TournamentPlayer(pid, name, ranking, games, club, city, self.next_round)
        return pid

    @property
    def last_round(self) -> int:
        """The number of the last paired round (0 before round 1)."""
        return max(self.rounds, default=0)

    @property
    def next_round(self) -> int:
        """The next round to be paired."""
        return self.last_round + 1

    @property
    def finished(self) -> bool:
        """All declared rounds paired and complete."""
        return self.last_round >= self.settings.rounds and all(
            r.complete for r in self.rounds.values()
        )

    def active(self, round_no: int) -> list[int]:
        """Pids of the players to pair in ``round_no``."""
        return [p.pid for p in self.players.values() if p.active_in(round_no)]

    def games_of(self, pid: int, upto: int | None = None) -> list[TournamentGame]:
        """Every result of ``pid`` in rounds ≤ ``upto``, penalties applied (TR 7.1)."""
        out: list[TournamentGame] = []
        for n in sorted(self.rounds):
            if upto is not None and n > upto:
                break
            p = self.rounds[n].pairing_of(pid)
            if p is None:
                continue
            if p.second is None:
                a, b = self.settings.bye_score
                out.append(TournamentGame(n, pid, None, a, b, "bye", False))
                continue
            if p.result is None:
                continue
            me_first = p.first == pid
            opp = p.second if me_first else p.first
            r = p.result
            mine, theirs = (
                (r.score_first, r.score_second) if me_first else (r.score_second, r.score_first)
            )
            pen_me = sum(pt for rn, who, pt in self.penalties if rn == n and who == pid)
            pen_opp = sum(pt for rn, who, pt in self.penalties if rn == n and who == opp)
            # TR 7.1 deducts points; a score does not go below zero (a walkover's 1 point)
            out.append(
                TournamentGame(
                    n,
                    pid,
                    opp,
                    max(0, mine - pen_me),
                    max(0, theirs - pen_opp),
                    r.kind,
                    me_first,
                    pen_me,
                )
            )
        return out

    def played_before(self, pid: int, round_no: int) -> set[int]:
        """Opponents ``pid`` has been paired with before ``round_no`` (for repeats)."""
        out: set[int] = set()
        for n, rnd in self.rounds.items():
            if n >= round_no:
                continue
            p = rnd.pairing_of(pid)
            if p is not None and p.second is not None:
                out.add(p.second if p.first == pid else p.first)
        return out

    def starts(self, pid: int, before: int) -> tuple[int, int, bool | None]:
        """(games started, games second, started last game?) before ``before``."""
        first = second = 0
        last: bool | None = None
        for n in sorted(self.rounds):
            if n >= before:
                break
            p = self.rounds[n].pairing_of(pid)
            if p is None or p.second is None:
                continue
            if p.first == pid:
                first += 1
                last = True
            else:
                second += 1
                last = False
        return first, second, last

    def byes(self, pid: int, before: int) -> int:
        """How many byes ``pid`` had before round ``before``."""
        return sum(
            1
            for n, r in self.rounds.items()
            if n < before and (p := r.pairing_of(pid)) is not None and p.second is None
        )


def seed_key(p: TournamentPlayer) -> tuple[Any, ...]:
    """RS §7.1: ranking descending, then Polish alphabetical order."""
    return (-p.tournament_ranking, polish_collation_key(p.name), p.pid)


def seeds(state: State) -> dict[int, int]:
    """Seeding numbers by pid.

    Players registered before round 1 are numbered by RS §7.1; late entrants
    get the following numbers, by the round they joined, then by the same key,
    so numbers already printed never change.
    """
    order = sorted(state.players.values(), key=lambda p: (p.joined_round, *seed_key(p)))
    return {p.pid: i for i, p in enumerate(order, 1)}


def player_by_seed(state: State) -> dict[int, int]:
    """The inverse of :func:`seeds`: pid by seeding number."""
    return {s: pid for pid, s in seeds(state).items()}


#: A pairing at one table: the first player starts; ``None`` as second is the bye.
Table = tuple[int, int | None]


def seat_present(state: State, n: int, pairs: list[tuple[int, int | None]]) -> list[Table]:
    """Tables for round ``n`` from pairs of player ids: a pair with one player absent
    (withdrawn, not yet entered) gives the present one the bye; two absent, no table."""
    out: list[Table] = []
    for pa, pb in pairs:
        a_on = state.players[pa].active_in(n)
        b_on = pb is not None and state.players[pb].active_in(n)
        if a_on and b_on:
            out.append((pa, pb))
        elif a_on:
            out.append((pa, None))
        elif b_on and pb is not None:
            out.append((pb, None))
    return out
