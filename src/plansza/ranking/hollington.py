"""The PFS ranking: the Hollington method with the federation's corrections.

Source: "Regulamin rankingowy" (RR) of the PFS, as amended on 29.03.2023.

* RR §1 — a ranking is the sum of scalps divided by the number of games; the
  scalp of a game is the opponent's ranking +50 for a win, −50 for a loss,
  unchanged for a draw; rankings are rounded half up, and only the order of
  the list compares the exact values. Corrections: a two-year window; of it,
  the tournaments with the highest achieved ranking, up to 200 games (the
  lowest are dropped until the total first falls to 200 or fewer).
* RR §2.1 — listed with at least 30 ranked games in the two years.
* RR §2.2 — under 100, and debutants: a temporary 100 for the tournament.
* RR §2.3 — 30+ career games but off the list: a tournament ranking from the
  latest tournaments whose games sum to at least 30.
* RR §2.4 — 1–29 career games: padded with scalps of 100 up to 30 games.
* RR §2.5 — the list is dated the day after a tournament ends.

All values are exact: scalps are whole numbers (they use rounded rankings),
so every ranking is a ratio of two integers, kept as a
:class:`fractions.Fraction` where it is shown and compared with integer
cross-multiplication where speed matters — the same arithmetic.

>>> from plansza.ranking.records import RankedGame
>>> d = date(2024, 5, 11)
>>> history = RankingHistory([RankedGame(d, "Puchar", "Ala", "Ola", 400, 300)])
>>> history.tournament_ranking("Ala", date(2024, 5, 12)).value  # 1 game at 150, padded
102
>>> history.tournament_ranking("Ola", date(2024, 5, 12)).exact  # (50 + 29·100)/30
Fraction(295, 3)
>>> history.tournament_ranking("Ola", date(2024, 5, 12)).value  # raised to 100 (RR §2.2)
100
"""

from __future__ import annotations

import enum
import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from plansza.errors import N_, PlanszaError
from plansza.files import excerpt
from plansza.ranking.records import RankedGame, Registration, normalise_name
from plansza.tiles import polish_collation_key

WIN_BONUS = 50  # RR §1: +50 for a win, −50 for a loss
TEMPORARY_RANKING = 100  # RR §2.2: debutants and anyone under 100 play with 100
LISTING_GAMES = 30  # RR §2.1: 30 games in two years to be listed
PADDING_GAMES = 30  # RR §2.4: pad up to 30 games …
PADDING_SCALP = 100  # … with scalps of 100
OFF_LIST_GAMES = 30  # RR §2.3: latest tournaments summing to at least 30 games
MAX_GAMES = 200  # RR §1: at most 200 games count
WINDOW_YEARS = 2  # RR §1: "dwuletni okres naliczania rankingu"
EDITION_GAP_DAYS = 6
"""Rows with one tournament name more than this many days apart are separate editions."""

PRIOR_NAME = "(ranking registered at the tournament)"
"""The name of the stand-in for a :class:`Prior`'s games in explanations."""


class UnknownPlayerError(PlanszaError):
    """A name that is not in the history; ``suggestions`` are close names in it."""

    def __init__(self, name: str, suggestions: Sequence[str] = ()) -> None:
        if suggestions:
            super().__init__(
                N_("no player {name!r} in the ranking history (did you mean: {names}?)"),
                code="unknown_player",
                name=excerpt(name),
                names=", ".join(suggestions),
            )
        else:
            super().__init__(
                N_("no player {name!r} in the ranking history"),
                code="unknown_player",
                name=excerpt(name),
            )
        self.suggestions = list(suggestions)


class Basis(enum.Enum):
    """Which rule of RR §2 gave a player's tournament ranking."""

    DEBUTANT = "debutant"  # RR §2.2: no ranked game yet → 100
    PADDED = "padded"  # RR §2.4: 1–29 career games
    LISTED = "listed"  # RR §2.1: on the list
    OFF_LIST = "off-list"  # RR §2.3: 30+ career games, not on the list


def round_half_up(value: Fraction) -> int:
    """Round to the nearest whole number, exactly one half up (RR §1).

    >>> round_half_up(Fraction(231, 2)), round_half_up(Fraction(2311, 20))
    (116, 116)
    >>> round_half_up(Fraction(229, 2)), round_half_up(Fraction(2289, 20))
    (115, 114)
    """
    return math.floor(value + Fraction(1, 2))


def _round_ratio(scalps: int, games: int) -> int:
    """``round_half_up(Fraction(scalps, games))`` in integers (``games`` > 0)."""
    return (2 * scalps + games) // (2 * games)


def padded_ranking(scalps: int, games: int) -> Fraction:
    """The temporary ranking of a player with 1–29 career games (RR §2.4).

    Each game missing to 30 adds a scalp of 100. The regulation's own example:
    24 games at a ranking of 120 are 2880 in scalps; 2880 + 6·100 = 3480, and
    3480 / 30 = 116.

    >>> padded_ranking(24 * 120, 24)
    Fraction(116, 1)
    >>> round_half_up(padded_ranking(24 * 120, 24))
    116
    """
    if not 1 <= games < PADDING_GAMES:
        raise ValueError(f"padding applies to 1–{PADDING_GAMES - 1} games, not {games}")
    return Fraction(scalps + (PADDING_GAMES - games) * PADDING_SCALP, PADDING_GAMES)


def years_before(day: date, years: int) -> date:
    """The same calendar day ``years`` earlier; 29 February becomes 1 March.

    >>> years_before(date(2024, 5, 13), 2), years_before(date(2024, 2, 29), 2)
    (datetime.date(2022, 5, 13), datetime.date(2022, 3, 1))
    """
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February in a common year: the period must not exceed the years
        return date(day.year - years, 3, 1)


def window_start(list_date: date) -> date:
    """The first day of the two-year window of the list dated ``list_date`` (RR §1).

    The list dated P (the day after a tournament, RR §2.5) covers the two years
    that end the day before it: tournaments ending on ``P − 2 years`` up to
    ``P − 1 day`` count, both ends inclusive.

    >>> window_start(date(2024, 5, 13))
    datetime.date(2022, 5, 13)
    """
    return years_before(list_date, WINDOW_YEARS)


@dataclass(frozen=True, slots=True)
class Tournament:
    """One ranked tournament: its games and its first and last day."""

    name: str
    start: date
    end: date
    games: tuple[RankedGame, ...]

    @property
    def label(self) -> str:
        """The name with the dates, as shown in explanations.

        >>> Tournament("Puchar", date(2024, 5, 11), date(2024, 5, 12), ()).label
        'Puchar (2024-05-11 – 2024-05-12)'
        """
        if self.start == self.end:
            return f"{self.name} ({self.end.isoformat()})"
        return f"{self.name} ({self.start.isoformat()} – {self.end.isoformat()})"


def group_tournaments(games: Iterable[RankedGame]) -> list[Tournament]:
    """Games grouped into tournaments, in the order the ranking processes them.

    A tournament is one name; rows of that name whose dates are more than
    ``EDITION_GAP_DAYS`` apart start a new edition (a yearly championship keeps
    its name). Order: by last day, then first day, then name (Polish order).

    >>> g = [RankedGame(date(2023, 5, 6), "MP", "A", "B", 1, 0),
    ...      RankedGame(date(2024, 5, 4), "MP", "A", "B", 1, 0),
    ...      RankedGame(date(2024, 5, 5), "MP", "A", "B", 1, 0)]
    >>> [(t.start.isoformat(), len(t.games)) for t in group_tournaments(g)]
    [('2023-05-06', 1), ('2024-05-04', 2)]
    """
    by_name: dict[str, list[RankedGame]] = {}
    for game in games:
        by_name.setdefault(game.tournament, []).append(game)
    tournaments: list[Tournament] = []
    for name, rows in by_name.items():
        rows.sort(key=lambda g: g.date)  # stable: keeps the file's order within a day
        edition: list[RankedGame] = [rows[0]]
        for game in rows[1:]:
            if (game.date - edition[-1].date).days > EDITION_GAP_DAYS:
                tournaments.append(Tournament(name, edition[0].date, edition[-1].date,
                                              tuple(edition)))
                edition = []
            edition.append(game)
        tournaments.append(Tournament(name, edition[0].date, edition[-1].date, tuple(edition)))
    tournaments.sort(key=lambda t: (t.end, t.start, polish_collation_key(t.name)))
    return tournaments


@dataclass(frozen=True, slots=True)
class Performance:
    """One player's result in one tournament: games and the sum of their scalps."""

    tournament: Tournament
    index: int  # the tournament's position in the history's processing order
    player: str
    games: int
    scalps: int
    entry: int  # the tournament ranking the player played with
    basis: Basis

    @property
    def achieved(self) -> Fraction:
        """The ranking achieved in the tournament: scalps / games (RR §1)."""
        return Fraction(self.scalps, self.games)


@dataclass(frozen=True, slots=True)
class GameScalp:
    """One game seen from one player's side, with the scalp it earned (RR §1)."""

    game: RankedGame
    opponent: str
    own_score: int
    opponent_score: int
    opponent_ranking: int
    scalp: int

    @property
    def result(self) -> str:
        """``"W"``, ``"D"`` or ``"L"`` from this player's side."""
        if self.own_score == self.opponent_score:
            return "D"
        return "W" if self.own_score > self.opponent_score else "L"


@dataclass(frozen=True, slots=True)
class TournamentRanking:
    """A player's tournament ranking on a date, with the rule that gave it (RR §2).

    ``exact`` is the value before rounding and before the raise to 100;
    ``value`` is what scalps use: rounded half up, then at least 100 (RR §2.2).
    ``sources`` are the tournaments it comes from (``dropped``: cut by the
    200-game limit), filled when asked for in detail.
    """

    player: str
    basis: Basis
    scalps: int
    games: int
    value: int
    sources: tuple[Performance, ...] = ()
    dropped: tuple[Performance, ...] = ()
    career_games: int = 0
    padding: int = 0  # games padded with scalps of 100 (RR §2.4)

    @property
    def exact(self) -> Fraction:
        """The unrounded ranking (a debutant's is 100)."""
        if self.basis is Basis.DEBUTANT:
            return Fraction(TEMPORARY_RANKING)
        return Fraction(self.scalps + self.padding * PADDING_SCALP, self.games + self.padding)

    @property
    def rounded(self) -> int:
        """The exact value rounded half up, before the raise to 100."""
        return round_half_up(self.exact)

    @property
    def raised(self) -> bool:
        """Whether RR §2.2 raised a ranking under 100 to the temporary 100."""
        return self.basis is not Basis.DEBUTANT and self.rounded < TEMPORARY_RANKING


@dataclass(frozen=True, slots=True)
class ListEntry:
    """One row of the ranking list (or, with ``listed`` false, of its waiting room)."""

    place: int | None
    name: str
    ranking: int
    exact: Fraction
    games: int
    tournaments: int
    listed: bool


@dataclass(frozen=True, slots=True)
class RankingList:
    """The list dated ``list_date`` (RR §2.5), from tournaments ending before it."""

    list_date: date | None
    window_start: date | None
    entries: tuple[ListEntry, ...]

    def __iter__(self) -> Iterator[ListEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def as_json(self) -> list[dict[str, object]]:
        """Rows as the CLI prints them: ``place, name, ranking, exact, games, tournaments``.

        ``exact`` is the unrounded value as an exact fraction string (``"1741/15"``,
        ``"116"``) that :class:`fractions.Fraction` reads back; ``place`` is
        ``None`` for players below the listing threshold.
        """
        return [
            {"place": e.place, "name": e.name, "ranking": e.ranking, "exact": str(e.exact),
             "games": e.games, "tournaments": e.tournaments}
            for e in self.entries
        ]


@dataclass(frozen=True, slots=True)
class Explanation:
    """Everything behind one player's numbers on one list date."""

    player: str
    list_date: date | None
    window_start: date | None
    entry: ListEntry | None  # the list row, when listed
    next_ranking: TournamentRanking  # the tournament ranking for a tournament from list_date
    window: tuple[Performance, ...]  # tournaments inside the two-year window
    outside: tuple[Performance, ...]  # earlier tournaments (before the window)
    scalps: dict[int, tuple[GameScalp, ...]] = field(default_factory=dict)  # by tournament index

    def status(self, perf: Performance) -> str:
        """What became of a tournament in the next ranking: ``counted``, ``dropped`` (over
        the games the ranking takes), ``outside`` (before the two years) or ``unused``."""
        ranking = self.next_ranking
        if any(perf.index == p.index for p in ranking.dropped):
            return "dropped"
        if any(perf.index == p.index for p in ranking.sources):
            return "counted"
        if any(perf.index == p.index for p in self.outside):
            return "outside"
        return "unused"


@dataclass(slots=True)
class _Player:
    """A player's performances in processing order, with running totals."""

    performances: list[Performance] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)  # end-date ordinals (non-decreasing)
    cum_games: list[int] = field(default_factory=lambda: [0])
    cum_scalps: list[int] = field(default_factory=lambda: [0])

    def add(self, perf: Performance) -> None:
        self.performances.append(perf)
        self.ends.append(perf.tournament.end.toordinal())
        self.cum_games.append(self.cum_games[-1] + perf.games)
        self.cum_scalps.append(self.cum_scalps[-1] + perf.scalps)


@dataclass(frozen=True, slots=True)
class Prior:
    """What a player brought to a tournament when the history holds none of their games:
    the ranking registered at the tournament (from the published list, RR §2.1) and the
    games it rests on. It stands in for the missing history, so it gives an estimate,
    not the federation's computation.

    ``games`` 0 (unknown) counts as 30, the least a listed player has (RR §2.1). Under
    30 games the registered ranking is a padded one (RR §2.4): the padding is taken
    out, so the games are not padded twice. At most 200 games are kept (RR §1).

    >>> Prior(Fraction(116), 24).scalps()  # RR §2.4's example, backwards: 3480 − 600
    2880
    >>> Prior(Fraction(12345, 100), 0).games_counted(), Prior(Fraction(130), 450).scalps()
    (30, 26000)
    """

    ranking: Fraction
    games: int

    def games_counted(self) -> int:
        """The games the estimate rests on."""
        return min(self.games or LISTING_GAMES, MAX_GAMES)

    def scalps(self) -> int:
        """The sum of scalps behind the registered ranking."""
        g = self.games_counted()
        if g >= PADDING_GAMES:
            return round_half_up(self.ranking * g)
        return round_half_up(self.ranking * PADDING_GAMES) - (PADDING_GAMES - g) * PADDING_SCALP


def best_tournaments(
    performances: Sequence[Performance], limit: int = MAX_GAMES
) -> tuple[list[Performance], list[Performance]]:
    """The 200-game cut of RR §1: ``(kept, dropped)``.

    While the total exceeds ``limit``, the tournament with the lowest achieved
    ranking is dropped, until the total first falls to ``limit`` or fewer.
    Equal achieved rankings: the earlier tournament is dropped first (the
    regulation is silent; the more recent result says more about the player).
    The best tournament is never dropped, even when it alone exceeds the limit
    (read literally, the rule would then leave no games at all).
    """
    total = sum(p.games for p in performances)
    if total <= limit:
        return list(performances), []
    # Sorting by the float quotient is exact here: distinct fractions with
    # denominators ≤ 2**12 differ by at least 2**-24, far above the spacing of
    # doubles below 2**20 (2**-32), and division is correctly rounded — so equal
    # floats mean equal values and different floats are in the true order.
    # Outside those bounds the exact Fractions decide.
    quotients = [p.scalps / p.games for p in performances]
    if max(p.games for p in performances) <= 2**12 and max(map(abs, quotients)) < 2**20:
        order = sorted(performances, key=lambda p: (p.scalps / p.games, p.tournament.end,
                                                    p.index))
    else:
        order = sorted(performances, key=lambda p: (p.achieved, p.tournament.end, p.index))
    dropped: list[Performance] = []
    for perf in order[:-1]:  # never the last one: a lone tournament over 200 games stays whole
        if total <= limit:
            break
        dropped.append(perf)
        total -= perf.games
    gone = {id(p) for p in dropped}
    return [p for p in performances if id(p) not in gone], dropped


def _count_tournaments(sources: Sequence[Performance]) -> int:
    """How many tournaments ``sources`` come from (a :class:`Prior`'s games are one)."""
    return len({p.index for p in sources})


class RankingHistory:
    """A ranking history computed tournament by tournament, in date order.

    Each tournament's players get their tournament ranking from the list in
    force on its first day (tournaments ending before that day), every game
    its scalps, and every player the tournament's achieved ranking. Lists for
    any date and explanations of any number follow from that record.

    >>> from plansza.ranking.records import RankedGame
    >>> d = date(2024, 5, 11)
    >>> h = RankingHistory([RankedGame(d, "P", "Ala", "Ola", 400, 300),
    ...                     RankedGame(d, "P", "Ola", "Ala", 350, 350)])
    >>> [(p.player, p.games, p.scalps) for p in h.performances("Ala")]
    [('Ala', 2, 250)]

    With ``priors``, a player whose first game in the history is in a tournament gets
    a :class:`Prior` before it: games that stand in for the history the file lacks,
    dated the end of the list in force (an estimate; see :class:`Prior`).
    ``registrations`` (the history file's :class:`~plansza.ranking.records.Registration`
    rows) do the same for the tournament each names: a player registered there with a
    ranking from the list plays with it (RR §2.1) when that tournament is their first in
    the history; otherwise their games in the history win and it is not used.
    """

    def __init__(
        self,
        games: Iterable[RankedGame],
        priors: Mapping[str, Prior] | None = None,
        *,
        registrations: Iterable[Registration] = (),
    ) -> None:
        self.tournaments: list[Tournament] = group_tournaments(games)
        self._end_dates: list[int] = sorted({t.end.toordinal() for t in self.tournaments})
        self._players: dict[str, _Player] = {}
        self._entries: list[dict[str, int]] = []
        self._priors = {normalise_name(k): v for k, v in (priors or {}).items()}
        self._registered: dict[str, list[Registration]] = {}
        for r in registrations:
            self._registered.setdefault(normalise_name(r.player), []).append(r)
        for index, tournament in enumerate(self.tournaments):
            self._process(index, tournament)

    # -- the list in force on a day ------------------------------------------------------

    def _list_bounds(self, day: date) -> tuple[int, int] | None:
        """``(last end ordinal, window start ordinal)`` of the list in force on ``day``.

        The list in force on ``day`` is the latest one dated on or before it:
        the list dated the day after the last tournament ending before ``day``
        (RR §2.5). ``None`` when no tournament ended before ``day``.
        """
        i = bisect_left(self._end_dates, day.toordinal())
        if i == 0:
            return None
        last_end = self._end_dates[i - 1]
        published = date.fromordinal(last_end + 1)
        return last_end, window_start(published).toordinal()

    def _rank(self, name: str, bounds: tuple[int, int] | None, detail: bool) -> TournamentRanking:
        """The tournament ranking of ``name`` under the list ``bounds`` (RR §2)."""
        rec = self._players.get(name)
        if rec is None or bounds is None:
            return TournamentRanking(name, Basis.DEBUTANT, 0, 0, TEMPORARY_RANKING)
        last_end, first_day = bounds
        hi = bisect_right(rec.ends, last_end)
        career = rec.cum_games[hi]
        if career == 0:  # RR §2.2: a debutant plays with 100
            return TournamentRanking(name, Basis.DEBUTANT, 0, 0, TEMPORARY_RANKING)
        if career < PADDING_GAMES:  # RR §2.4: pad with scalps of 100 up to 30 games
            scalps = rec.cum_scalps[hi]
            padding = PADDING_GAMES - career
            value = _round_ratio(scalps + padding * PADDING_SCALP, PADDING_GAMES)
            return TournamentRanking(
                name, Basis.PADDED, scalps, career, max(value, TEMPORARY_RANKING),
                tuple(rec.performances[:hi]) if detail else (), (), career, padding)
        lo = bisect_left(rec.ends, first_day)
        window_games = rec.cum_games[hi] - rec.cum_games[lo]
        if window_games >= LISTING_GAMES:  # RR §2.1: on the list
            if window_games <= MAX_GAMES:
                scalps, games = rec.cum_scalps[hi] - rec.cum_scalps[lo], window_games
                kept = rec.performances[lo:hi] if detail else []
                dropped: list[Performance] = []
            else:  # RR §1: the best tournaments up to 200 games
                kept, dropped = best_tournaments(rec.performances[lo:hi])
                scalps, games = sum(p.scalps for p in kept), sum(p.games for p in kept)
            value = _round_ratio(scalps, games)
            return TournamentRanking(name, Basis.LISTED, scalps, games,
                                     max(value, TEMPORARY_RANKING), tuple(kept), tuple(dropped),
                                     career)
        # RR §2.3: off the list — the latest tournaments summing to at least 30 games
        i, games, scalps = hi, 0, 0
        while games < OFF_LIST_GAMES:
            i -= 1
            games += rec.performances[i].games
            scalps += rec.performances[i].scalps
        value = _round_ratio(scalps, games)
        return TournamentRanking(name, Basis.OFF_LIST, scalps, games,
                                 max(value, TEMPORARY_RANKING),
                                 tuple(rec.performances[i:hi]) if detail else (), (), career)

    # -- processing -----------------------------------------------------------------------

    def _process(self, index: int, tournament: Tournament) -> None:
        """Score one tournament with the rankings in force on its first day."""
        bounds = self._list_bounds(tournament.start)
        entry: dict[str, int] = {}
        basis: dict[str, Basis] = {}
        games: dict[str, int] = {}
        scalps: dict[str, int] = {}
        for game in tournament.games:
            for name in (game.player1, game.player2):
                if name not in entry:
                    own = bounds
                    prior = None if name in self._players else self._prior(name, tournament)
                    if prior is not None:
                        own = self._add_prior(name, prior, tournament, bounds)
                    ranking = self._rank(name, own, detail=False)
                    entry[name], basis[name] = ranking.value, ranking.basis
                    if prior is not None:
                        # RR §2.1: the registered ranking itself, whatever the stand-in's
                        # scalps round to (rounded, RR §1; at least 100, RR §2.2)
                        entry[name] = max(round_half_up(prior.ranking), TEMPORARY_RANKING)
                    games[name] = scalps[name] = 0
            r1, r2 = entry[game.player1], entry[game.player2]
            # RR §1: opponent's ranking +50 for a win, −50 for a loss, unchanged for a draw
            if game.score1 > game.score2:
                s1, s2 = r2 + WIN_BONUS, r1 - WIN_BONUS
            elif game.score1 < game.score2:
                s1, s2 = r2 - WIN_BONUS, r1 + WIN_BONUS
            else:
                s1, s2 = r2, r1
            scalps[game.player1] += s1
            scalps[game.player2] += s2
            games[game.player1] += 1
            games[game.player2] += 1
        for name, count in games.items():
            rec = self._players.get(name)
            if rec is None:
                rec = self._players[name] = _Player()
            rec.add(Performance(tournament, index, name, count, scalps[name], entry[name],
                                basis[name]))
        self._entries.append(entry)

    def _prior(self, name: str, tournament: Tournament) -> Prior | None:
        """What stands in for the missing history of ``name``, new to the history at
        ``tournament``: their registration there (the first row naming a day of this
        edition), else a :class:`Prior` given by name."""
        for r in self._registered.get(name, ()):
            if r.tournament == tournament.name and tournament.start <= r.date <= tournament.end:
                return Prior(r.ranking, r.games)
        return self._priors.get(name)

    def _add_prior(
        self, name: str, prior: Prior, tournament: Tournament, bounds: tuple[int, int] | None
    ) -> tuple[int, int]:
        """Give ``name`` their :class:`Prior` before ``tournament``: one stand-in game per
        game counted (so that the 200-game cut can drop part of it), dated the day before
        the tournament. The list bounds to rank them with: the window of the list in force,
        ending with the stand-in games."""
        end = tournament.start.toordinal() - 1
        first = bounds[1] if bounds is not None else window_start(tournament.start).toordinal()
        day = date.fromordinal(end)
        stand_in = Tournament(PRIOR_NAME, day, day, ())
        entry = max(round_half_up(prior.ranking), TEMPORARY_RANKING)
        g = prior.games_counted()
        q, r = divmod(prior.scalps(), g)
        rec = self._players[name] = _Player()
        for i in range(g):
            rec.add(Performance(stand_in, -1, name, 1, q + (i < r), entry, Basis.LISTED))
        return end, first

    # -- queries --------------------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        """Every player in the history, in Polish alphabetical order."""
        return sorted(self._players, key=polish_collation_key)

    def last_list_date(self) -> date | None:
        """The date of the latest list: the day after the last tournament (RR §2.5)."""
        if not self._end_dates:
            return None
        return date.fromordinal(self._end_dates[-1] + 1)

    def find_player(self, name: str) -> str:
        """The history's spelling of ``name`` (exact, then ignoring case).

        Raises :class:`UnknownPlayerError`, suggesting close names, when absent.
        """
        wanted = normalise_name(name)
        if wanted in self._players:
            return wanted
        folded = [p for p in self._players if p.casefold() == wanted.casefold()]
        if len(folded) == 1:
            return folded[0]
        import difflib

        close = difflib.get_close_matches(wanted, list(self._players), n=3, cutoff=0.6)
        folded_want = wanted.casefold()
        close += sorted((p for p in self._players
                         if folded_want in p.casefold() and p not in close),
                        key=polish_collation_key)[: 5 - len(close)]
        raise UnknownPlayerError(name, close)

    def performances(self, name: str) -> list[Performance]:
        """A player's tournaments in processing order."""
        rec = self._players.get(name)
        return list(rec.performances) if rec else []

    def tournament_ranking(self, name: str, day: date, *, detail: bool = True
                           ) -> TournamentRanking:
        """The ranking ``name`` plays with in a tournament starting on ``day`` (RR §2)."""
        return self._rank(normalise_name(name), self._list_bounds(day), detail)

    def entry_rankings(self, index: int) -> dict[str, int]:
        """The tournament rankings the players of tournament ``index`` played with."""
        return dict(self._entries[index])

    def game_scalps(self, name: str, index: int) -> tuple[GameScalp, ...]:
        """``name``'s games in tournament ``index``, each with its scalp (RR §1)."""
        if index < 0:  # a Prior's stand-in games: no game behind them
            return ()
        entry = self._entries[index]
        out: list[GameScalp] = []
        for game in self.tournaments[index].games:
            if name == game.player1:
                opp, own, theirs = game.player2, game.score1, game.score2
            elif name == game.player2:
                opp, own, theirs = game.player1, game.score2, game.score1
            else:
                continue
            bonus = WIN_BONUS if own > theirs else -WIN_BONUS if own < theirs else 0
            out.append(GameScalp(game, opp, own, theirs, entry[opp], entry[opp] + bonus))
        return tuple(out)

    def ranking_list(self, as_of: date | None = None, *, include_unlisted: bool = False
                     ) -> RankingList:
        """The list in force on ``as_of`` (default: the latest list).

        Listed players (30+ games in the window, RR §2.1) are ordered by exact
        value, highest first; exactly equal values share a place and are shown
        in Polish alphabetical order. ``ranking`` is rounded half up (RR §1) and
        is not raised to 100: the raise is for tournaments only (RR §2.2).
        With ``include_unlisted``, the others follow without a place, with the
        tournament ranking they would play with (RR §2.2–§2.4).
        """
        day = as_of if as_of is not None else self.last_list_date()
        bounds = self._list_bounds(day) if day is not None else None
        if bounds is None:
            return RankingList(None, None, ())
        last_end, first_day = bounds
        listed: list[ListEntry] = []
        unlisted: list[ListEntry] = []
        for name, rec in self._players.items():
            hi = bisect_right(rec.ends, last_end)
            if hi == 0:
                continue  # no tournament yet on this date
            ranking = self._rank(name, bounds, detail=True)
            if ranking.basis is Basis.LISTED:
                exact = ranking.exact
                listed.append(ListEntry(None, name, round_half_up(exact), exact, ranking.games,
                                        _count_tournaments(ranking.sources), True))
            elif include_unlisted:
                unlisted.append(ListEntry(None, name, ranking.value, ranking.exact,
                                          ranking.games, _count_tournaments(ranking.sources),
                                          False))
        listed.sort(key=lambda e: (-e.exact, polish_collation_key(e.name)))
        placed: list[ListEntry] = []
        for i, e in enumerate(listed):
            same = placed and placed[-1].exact == e.exact
            place = placed[-1].place if same else i + 1
            placed.append(ListEntry(place, e.name, e.ranking, e.exact, e.games,
                                    e.tournaments, True))
        unlisted.sort(key=lambda e: (-e.ranking, -e.exact, polish_collation_key(e.name)))
        published = date.fromordinal(last_end + 1)
        return RankingList(published, date.fromordinal(first_day), tuple(placed + unlisted))

    def explain(self, name: str, as_of: date | None = None) -> Explanation:
        """Every tournament and scalp behind ``name``'s numbers on the list of ``as_of``."""
        player = self.find_player(name)
        day = as_of if as_of is not None else self.last_list_date()
        bounds = self._list_bounds(day) if day is not None else None
        ranking = self._rank(player, bounds, detail=True)
        rec = self._players[player]
        if bounds is None:
            return Explanation(player, None, None, None, ranking, (), ())
        last_end, first_day = bounds
        hi = bisect_right(rec.ends, last_end)
        lo = bisect_left(rec.ends, first_day)
        entry = None
        if ranking.basis is Basis.LISTED:
            full = self.ranking_list(day)
            entry = next(e for e in full if e.name == player)
        perfs = rec.performances[:hi]
        scalps = {p.index: self.game_scalps(player, p.index) for p in perfs}
        return Explanation(player, date.fromordinal(last_end + 1), date.fromordinal(first_day),
                           entry, ranking, tuple(rec.performances[lo:hi]),
                           tuple(rec.performances[:lo]), scalps)
