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

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, get_args

from msgspec import Meta

from plansza.errors import N_, IllegalActionError
from plansza.tiles import polish_collation_key
from plansza.tournament.roundclock import RoundClock

System = Literal["roundrobin", "halving", "swiss", "danish", "mpa", "manual"]
SYSTEMS: tuple[str, ...] = get_args(System)

# MPA 2c i: the English championship's bye, 1 big point and 300:250. The PFS rules
# set no bye score: the referee gives one at `turniej new` (this is only the default).
MPA_BYE_SCORE = (300, 250)

# RR §2: debutants and players ranked under 100 play with a temporary 100.
TEMPORARY_RANKING = 100.0

Criterion = Literal["big_points", "small_points", "spread", "games", "head_to_head", "lot"]
CRITERIA: tuple[str, ...] = get_args(Criterion)
#: RS §7.2 adjustments: the reconstructed weighted formula, the seeding one, or none.
Formula = Literal["weighted", "seed", "none"]

PFS_CHAIN: tuple[Criterion, ...] = (
    "big_points",
    "small_points",
    "spread",
)  # RR §4 default: BP, then sum, then spread
MPA_ROUND_CHAIN: tuple[Criterion, ...] = ("big_points", "spread", "small_points")  # MPA 2d
MPA_FINAL_CHAIN: tuple[Criterion, ...] = (
    "big_points",
    "games",
    "spread",
    "small_points",
    "head_to_head",
    "lot",
)  # MPA 2e

# The limits of the settings, checked from these annotations when settings are read or
# changed (plansza.records): no hand-written check per setting.
Count = Annotated[int, Meta(ge=0)]
Points = Annotated[float, Meta(ge=0)]
Score = Annotated[int, Meta(ge=0)]
Chain = Annotated[tuple[Criterion, ...], Meta(min_length=1)]
Day = Annotated[str, Meta(pattern=r"^\d{4}-\d{2}-\d{2}$")]

# TR 5.2: equal scores are a draw; SCH "Zasady gry": the higher last move wins.
TieRule = Literal["draw", "higher_last_move"]
#: RR §4, RS §6.4 (plansza.federation.roles.CATEGORIES; "": not declared).
Category = Literal["", "GP", "MP", "KMP", "PP", "LeMans", "ranked", "unranked"]

# SCH: "Szkoła do turnieju typuje jedną ośmioosobową drużynę" — one team of 8 per school.
SCHOOL_TEAM = 8


@dataclass(frozen=True)
class Settings:
    """Everything a referee declares for a tournament; each field cites its rule.

    ``criteria`` is the standings chain while the tournament runs and
    ``final_criteria`` the chain after the last round (MPA 2d/2e; PFS uses one
    chain, RR §4). ``exclude_best_wins`` is MPA 2e viii (places 1–4 and those
    level with the 4th lose their two best wins from spread / total).

    Settings are a record (:mod:`plansza.records`): the annotations say what each
    may hold, and reading or changing them checks that.

    >>> from plansza.records import dump, load
    >>> s = load(Settings, {"name": "Klubowy", "rounds": 7, "system": "halving"})
    >>> dump(s)["criteria"], s.with_(group_range=1.5).group_range
    (['big_points', 'small_points', 'spread'], 1.5)
    >>> s.with_(minutes=0)
    Traceback (most recent call last):
    ...
    plansza.records.RecordError: minutes: should be an integer ≥ 1
    """

    name: Annotated[str, Meta(pattern=r"\S")]
    rounds: Annotated[int, Meta(ge=1)]
    system: System
    minutes: Annotated[int, Meta(ge=1)] = 15
    round_minutes: Annotated[int, Meta(ge=1, le=600)] = 50  # the round's clock, by default
    dates: tuple[Day, ...] = ()
    bye_big_points: Points = 1.0  # MPA 2c i: a bye is 1 big point, 300:250
    bye_score: tuple[Score, Score] = MPA_BYE_SCORE  # the referee's (asked at `new`)
    criteria: Chain = PFS_CHAIN
    final_criteria: Chain | None = None
    exclude_best_wins: Count = 0  # MPA 2e viii: 2 for the MPA final classification
    exclude_best_places: Count = 4
    repeats: bool = False  # RS §7.5: halving without repeats by default
    group_range: Points = 0.0  # RS §7.6: widened to 1.5 when no pairing without repeats
    adjustment_formula: Formula = "weighted"  # RS §7.2, reconstructed (pairing-notes.md)
    prize_places: Count = 3  # RS §7.3: the podium, unless prizes go further down
    elimination: bool = False  # RS §7.3: elimination tournament (line from last qualifier)
    seed: int = 0  # the seed of every draw (lot, who starts in a drawn series)
    team_size: Count = 0  # SCH: players counted per school team (0 = all)
    team_limit: Count = 0  # SCH: at most this many registered per school (0 = no limit)
    tie_rule: TieRule = "draw"  # TR 5.2: a draw; SCH: "higher_last_move" wins the tie
    referee: str = ""  # RS §6: the head referee, named in the referee's report
    venue: str = ""  # where it is played, for the report and the slips
    # RR §4, RS §2.2, §6.4: GP, MP, KMP, PP, LeMans, ranked or unranked ("": not declared)
    category: Category = ""
    assistants: tuple[str, ...] = ()  # RS §6.5: the assistant referees appointed
    referee_plays: bool = False  # RS §6.4: the head referee plays in it too
    internship: str = ""  # RS §3.4: the candidate interning at it
    exam: str = ""  # RS §3.5: the candidate sitting the practical exam at it

    def with_(self, **changes: Any) -> Settings:
        """A copy with some settings changed, checked like settings read from a file."""
        from plansza.records import dump, load

        return load(Settings, {**dump(self), **dump(changes)})

    @classmethod
    def school(cls, name: str, rounds: int, system: str, **changes: Any) -> Settings:
        """The school team tournament (SCH, seed 002): 15 minutes a player, one team of
        8 per school (checked at registration, all 8 counted for the school), a tie
        won by the higher last move.

        >>> s = Settings.school("Pińczów 2016", 5, "halving")
        >>> s.minutes, s.team_limit, s.team_size, s.tie_rule
        (15, 8, 8, 'higher_last_move')
        """
        preset: dict[str, Any] = {
            "minutes": 15,
            "team_limit": SCHOOL_TEAM,
            "team_size": SCHOOL_TEAM,
            "tie_rule": "higher_last_move",
        }
        from plansza.records import dump, load

        data = {"name": name, "rounds": rounds, "system": system, **preset, **dump(changes)}
        return load(Settings, data)


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
    # prize categories (women, juniors, …: plansza.tournament.categories) and the division
    # (group) the player plays in (RR §4 counts rounds against players in each division)
    categories: list[str] = field(default_factory=list)
    division: str = ""
    # TR 6.3.4: removed from the tournament (a no-show still absent at the next pairing)
    removed: bool = False

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

    def left(self, after_round: int) -> tuple[str, int] | None:
        """Out of the tournament as of the standings after ``after_round`` (absent from
        the round after it): (``withdrawn`` — RS §7.2, ``removed`` — TR 6.3.4, or
        ``excluded`` — TR 7.1; the first round missed). ``None`` when still playing.

        >>> p = TournamentPlayer(1, "Ala", absences=[(4, None)], removed=True)
        >>> p.left(2), p.left(3), p.left(7)
        (None, ('removed', 4), ('removed', 4))
        """
        nxt = after_round + 1
        for start, end in self.absences:
            if start <= nxt and (end is None or nxt < end):
                if end is None and self.excluded:
                    return "excluded", start
                if end is None and self.removed:
                    return "removed", start
                return "withdrawn", start
        return None


@dataclass
class Result:
    """Scores of one pairing, in pairing order (first, second).

    ``kind``: ``game``, ``walkover`` (TR 7.2, scored N:1; ``winner`` is 0 or 1,
    the index of the player awarded it), ``forfeit`` (both absent: 0:0, a loss
    for both) or ``bye``. ``last_moves``: each player's last move (first, second),
    which decides a tie under the school rules (SCH).
    """

    score_first: int
    score_second: int
    kind: str = "game"
    winner: int | None = None
    last_moves: tuple[int, int] | None = None
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
    # what the pairing had to do, as recorded (repeats, RS §7.6 widening): pairing.explain
    notes: dict[str, Any] = field(default_factory=dict)
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
    #: (own last move, the opponent's), when recorded (SCH).
    last_moves: tuple[int, int] | None = None
    #: A tie decided by the higher last move (SCH): 1 won, −1 lost, 0 not decided.
    tie_break: int = 0

    @property
    def big_points(self) -> float:
        """Win 1, draw ½, loss 0 (TR; a walkover goes to its winner; a double
        forfeit — both absent, TR 6.3.3–6.3.4 — is a loss for both; SCH: a tie
        goes to the higher last move)."""
        if self.kind == "forfeit":
            return 0.0
        if self.score > self.opp_score:
            return 1.0
        if self.score == self.opp_score:
            return 0.5 + 0.5 * self.tie_break
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
    #: The dates the referee gave days of play as they started them (``new_day``).
    day_dates: dict[int, str] = field(default_factory=dict)
    closed: bool = False  # the official end of the tournament (TR 4.6.4): a ``closed`` event
    closed_at: str = ""  # when it was closed (ISO): the referee's window ends that day
    clocks: dict[int, RoundClock] = field(default_factory=dict)  # by round: ``clock`` events
    #: Whether a walkover was ever entered: only then can a result change a walkover's N
    #: (TR 7.2), so that replaying a log without one skips that pass over every round.
    walkovers: bool = field(default=False, compare=False, repr=False)
    #: :func:`seeds` as last computed, with the number of players it counted: players
    #: are only ever added (never renamed nor re-ranked), so the count tells it holds.
    seeds_kept: tuple[int, dict[int, int]] | None = field(
        default=None, compare=False, repr=False
    )
    #: The players' names, for :meth:`has_player_named` (rebuilt when it misses some).
    names: set[str] = field(default_factory=set, compare=False, repr=False)

    def has_player_named(self, name: str) -> bool:
        """Whether a player of this name is registered (a replay checks every new one)."""
        if len(self.names) != len(self.players):
            self.names = {p.name for p in self.players.values()}
        return name in self.names

    def add_player(
        self,
        name: str,
        ranking: float | None = None,
        games: int = 0,
        club: str = "",
        city: str = "",
        *,
        categories: list[str] | None = None,
        division: str = "",
    ) -> int:
        """Register a player; they join the next round not yet paired."""
        pid = len(self.players) + 1
        if len(self.names) == len(self.players):
            self.names.add(name)
        self.players[pid] = TournamentPlayer(
            pid,
            name,
            ranking,
            games,
            club,
            city,
            self.next_round,
            categories=list(categories or ()),
            division=division,
        )
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
            score, opp_score = max(0, mine - pen_me), max(0, theirs - pen_opp)
            last: tuple[int, int] | None = None
            if r.last_moves is not None:
                a, b = r.last_moves
                last = (a, b) if me_first else (b, a)
            out.append(
                TournamentGame(
                    n,
                    pid,
                    opp,
                    score,
                    opp_score,
                    r.kind,
                    me_first,
                    pen_me,
                    last,
                    tie_break(self.settings, r.kind, score, opp_score, last),
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


def tie_break(
    settings: Settings, kind: str, score: int, opp_score: int, last: tuple[int, int] | None
) -> int:
    """SCH "Zasady gry": "w razie remisu punktowego [wygrywa] ten z graczy, który w
    ostatnim swoim ruchu utworzył słowo o wyższej wartości punktowej". 1 when the tie is
    won, −1 when lost, 0 when there is no tie to decide (or the last moves are equal too:
    a draw, as TR 5.2).

    >>> school = Settings.school("S", 5, "halving")
    >>> tie_break(school, "game", 300, 300, (35, 28)), tie_break(school, "game", 300, 300, (9, 28))
    (1, -1)
    >>> tie_break(Settings("P", 5, "halving"), "game", 300, 300, (35, 28))
    0
    """
    if settings.tie_rule != "higher_last_move" or kind != "game" or score != opp_score:
        return 0
    if last is None or last[0] == last[1]:
        return 0
    return 1 if last[0] > last[1] else -1


def school_key(club: str) -> str:
    """The school (club) a team is counted by: case and spacing do not make another one.

    >>> school_key("  SP 1  Pińczów") == school_key("sp 1 pińczów")
    True
    """
    return " ".join(club.split()).casefold()


def seed_key(p: TournamentPlayer) -> tuple[Any, ...]:
    """RS §7.1: ranking descending, then Polish alphabetical order."""
    return (-p.tournament_ranking, polish_collation_key(p.name), p.pid)


def seeds(state: State) -> dict[int, int]:
    """Seeding numbers by pid.

    Players registered before round 1 are numbered by RS §7.1; late entrants
    get the following numbers, by the round they joined, then by the same key,
    so numbers already printed never change.
    """
    kept = state.seeds_kept
    if kept is not None and kept[0] == len(state.players):
        return dict(kept[1])
    order = sorted(state.players.values(), key=lambda p: (p.joined_round, *seed_key(p)))
    found = {p.pid: i for i, p in enumerate(order, 1)}
    state.seeds_kept = (len(state.players), found)
    return dict(found)


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


#: The systems whose byes come from the schedule, not from the standings.
SCHEDULED_BYES = ("roundrobin", "mpa")


def manual(state: State, n: int, tables: Sequence[Table]) -> list[Table]:
    """Check a referee's manual pairing: every active player exactly once."""
    active = set(state.active(n))
    seen: set[int] = set()  # a set: a list made the check quadratic in the players
    for a, b in tables:
        for p in (a, b):
            if p is None:
                continue
            if p not in state.players:
                raise IllegalActionError("unknown_player", N_("no such player: {who}"), who=p)
            if p not in active:
                raise IllegalActionError(
                    "inactive",
                    N_("{name} does not play in round {round}"),
                    name=state.players[p].name,
                    round=n,
                )
            if p in seen:
                raise IllegalActionError(
                    "twice", N_("{name} appears twice in the pairing"), name=state.players[p].name
                )
            seen.add(p)
    missing = active - seen
    if missing:
        names = ", ".join(sorted(state.players[p].name for p in missing))
        raise IllegalActionError("unpaired", N_("the pairing leaves out: {names}"), names=names)
    return list(tables)
