"""What the referee's views show and the files they write, made from a tournament's
state: the standings (whole, of a team, a prize category or a division), where the
tournament stands, a player's card, a round's pairings by table or by name, the
players, the log, the result slips, the report and the ranked-tournament check, and a
new tournament from a TSH ``.t`` file.

The front end opens the file (:func:`plansza.services.tournament.open_file`), hands
the state to these functions and renders what they return in its user's language:
view models (the domain's standings lines, games and players among them), a page
made in the language of the translator it is given, or the domain's errors.

>>> from plansza.tournament.model import Settings, State, TournamentPlayer
>>> state = State(Settings("Klubowy", 5, "halving"))
>>> state.players[1] = TournamentPlayer(1, "Ola Nowak", ranking=120.0, club="Siódemka")
>>> [row.as_json()["name"] for row in players_view(state)]
['Ola Nowak']
>>> status_view(state).missing
[]
>>> round_shown(state, None)
Traceback (most recent call last):
...
plansza.errors.PlanszaError: round 0 has not been paired

Imported by the commands that show or write something, never when the command line
starts: the domain's modules (the pages' templates among them) are imported inside
the functions that need them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from plansza.errors import N_, PlanszaError
from plansza.files import check_output

if TYPE_CHECKING:
    from plansza.federation.roles import Finding
    from plansza.i18n import Translator
    from plansza.tournament.events import Event
    from plansza.tournament.model import Adjustment, Pairing, TournamentGame, TournamentPlayer
    from plansza.tournament.model import State as State
    from plansza.tournament.paperwork import Seat
    from plansza.tournament.standings import Standing


def _round(state: State, n: int) -> int:
    if n not in state.rounds:
        raise PlanszaError(N_("round {round} has not been paired"), round=n)
    return n


def round_shown(state: State, round_no: int | None) -> int:
    """The round a view of the pairings shows: ``round_no``, else the last paired; a
    round not paired is refused."""
    return _round(state, state.last_round if round_no is None else round_no)


def _after(state: State, round_no: int | None) -> None:
    """Standings after ``round_no`` (``None``: now): a round not paired is refused."""
    if round_no is not None:
        _round(state, round_no)


# ---- standings ------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingsView:
    """The standings after a round, by the tournament's criteria chain."""

    lines: list[Standing]
    final: bool  #: the final standings (the tournament finished, after its last round)
    after_round: int  #: the round they are after (the last complete one by default)


def standings_view(state: State, round_no: int | None) -> StandingsView:
    """The standings after ``round_no`` (``None``: now), with the MPA split."""
    from plansza.tournament import mpa
    from plansza.tournament.standings import standings

    _after(state, round_no)
    lines = standings(state, round_no, groups=mpa.groups(state, round_no))
    final = state.finished and (round_no is None or round_no >= state.last_round)
    shown = (
        round_no
        if round_no is not None
        else max((n for n, r in state.rounds.items() if r.complete), default=0)
    )
    return StandingsView(lines, final, shown)


def team_standings(state: State, round_no: int | None) -> list[dict[str, Any]]:
    """The teams' classification after ``round_no`` (SCH), one row per team."""
    from plansza.tournament.standings import team_standings as teams

    _after(state, round_no)
    return teams(state, round_no)


def standings_page(state: State, round_no: int | None, t: Translator) -> str:
    """The standings after ``round_no`` as a printable page, in the language of ``t``."""
    from plansza.tournament.reports import standings_page as page

    _after(state, round_no)
    return page(state, round_no, t)


@dataclass(frozen=True)
class PartStandings:
    """The standings of a prize category or a division: places among its members."""

    division: str | None  #: the division's name as written (``None``: any)
    category: str | None  #: the category as it reads (``None``: any)
    rows: list[tuple[int, Standing]]  #: (the place in it, the line with the overall place)


def part_standings(
    state: State,
    round_no: int | None,
    category: str | None,
    division: str | None,
    t: Translator,
) -> PartStandings:
    """The standings of one prize category and/or division after ``round_no``: places
    among its members beside the overall place (one event log, one criteria chain)."""
    from plansza.tournament import categories

    _after(state, round_no)
    lines = None
    division_name = category_name = None
    if division is not None:
        lines = [s for _i, s in categories.division_standings(state, division, round_no)]
        division_name = categories.clean(division)
    if category is not None:
        in_category = [s for _i, s in categories.category_standings(state, category, round_no)]
        pids = {s.pid for s in lines} if lines is not None else None
        lines = [s for s in in_category if pids is None or s.pid in pids]
        category_name = categories.title(categories.label(category), t)
    assert lines is not None, "a category or a division is given"
    return PartStandings(division_name, category_name, list(enumerate(lines, 1)))


# ---- where the tournament stands, a player's card -------------------------------------


@dataclass(frozen=True)
class StatusView:
    """Where the tournament stands."""

    name: str
    system: str
    rounds: int
    paired: int  #: the last round paired
    players: int
    active: int  #: the players active in the next round
    day: int  #: the day of play
    closed: bool  #: closed (TR 4.6.4)
    finished: bool
    missing: list[tuple[int, Pairing]]  #: (round, table) of each result still missing


def status_view(state: State) -> StatusView:
    """Where the tournament stands and the results still missing, round by round."""
    s = state.settings
    missing = [
        (n, p)
        for n in sorted(state.rounds)
        for p in state.rounds[n].pairings
        if p.second is not None and p.result is None
    ]
    return StatusView(
        s.name,
        s.system,
        s.rounds,
        state.last_round,
        len(state.players),
        len(state.active(state.next_round)),
        state.day,
        state.closed,
        state.finished,
        missing,
    )


@dataclass(frozen=True)
class PlayerCard:
    """A player's card: why they stand where they do."""

    pid: int
    line: Standing  #: their line of the standings now
    games: list[TournamentGame]
    adjustments: list[Adjustment]  #: RS §7.2
    absences: list[tuple[int, int | None]]  #: (first round missed, round back or None)


def card(state: State, who: str) -> PlayerCard:
    """The card of the player ``who`` (a seeding number or a name)."""
    from plansza.services.tournament import player
    from plansza.tournament import mpa
    from plansza.tournament.standings import standings

    pid = player(state, who)
    line = next(s for s in standings(state, groups=mpa.groups(state)) if s.pid == pid)
    return PlayerCard(
        pid,
        line,
        state.games_of(pid),
        list(state.adjustments.get(pid, [])),
        list(state.players[pid].absences),
    )


# ---- pairings, slips --------------------------------------------------------------


def pairings_page(state: State, n: int, t: Translator, *, alphabetical: bool = False) -> str:
    """Round ``n``'s pairings as a page to post at the venue: by table, or by player
    name in Polish alphabetical order."""
    from plansza.tournament import paperwork, reports

    _round(state, n)
    if alphabetical:
        return paperwork.by_name_page(state, n, t)
    return reports.round_page(state, n, t)


@dataclass(frozen=True)
class NameSeat:
    """One line of the pairing list by name: the player's seat, the opponent's seed."""

    seat: Seat
    opponent_seed: int | None  #: ``None``: the bye


def by_name(state: State, n: int) -> list[NameSeat]:
    """Everyone paired in round ``n`` in Polish alphabetical order of their names."""
    from plansza.tournament import paperwork
    from plansza.tournament.model import seeds

    sd = seeds(state)
    return [
        NameSeat(x, None if x.opponent is None else sd[x.opponent])
        for x in paperwork.by_name(state, _round(state, n))
    ]


@dataclass(frozen=True)
class Slips:
    """A round's result slips (TR 5.2), a page."""

    page: str
    round: int
    tables: int  #: the slips: one per table with a game


def slips(state: State, round_no: int | None, t: Translator) -> Slips:
    """The result slips of ``round_no`` (``None``: the last paired) in the language of ``t``."""
    from plansza.tournament import paperwork

    n = round_shown(state, round_no)
    page = paperwork.slips_page(state, n, t)
    tables = sum(1 for p in state.rounds[n].pairings if p.second is not None)
    return Slips(page, n, tables)


# ---- players, the log -----------------------------------------------------------------


@dataclass(frozen=True)
class PlayerRow:
    """A registered player by seeding number."""

    seed: int
    player: TournamentPlayer
    categories: list[str]  #: their category labels, then the derived ones
    status: str | None  #: out of the tournament: withdrawn, excluded, removed

    def as_json(self) -> dict[str, Any]:
        """The row as ``turniej players --json`` writes it."""
        p = self.player
        return {
            "seed": self.seed,
            "name": p.name,
            "ranking": p.ranking,
            "games": p.games,
            "club": p.club,
            "city": p.city,
            "joined_round": p.joined_round,
            "withdrawn": p.withdrawn,
            "categories": self.categories,
            "division": p.division,
            "status": self.status,
        }


def players_view(state: State) -> list[PlayerRow]:
    """The players by seeding number."""
    from plansza.tournament.categories import categories_of
    from plansza.tournament.model import seeds

    sd = seeds(state)
    rows = sorted(state.players.values(), key=lambda p: sd[p.pid])
    return [
        PlayerRow(sd[p.pid], p, categories_of(p), (p.left(state.last_round) or (None,))[0])
        for p in rows
    ]


@dataclass(frozen=True)
class LogEntry:
    """One event of the log, with its text in the front end's language."""

    seq: int
    kind: str
    at: str
    by: str | None
    data: dict[str, Any]
    text: str

    def as_json(self) -> dict[str, Any]:
        """The entry as ``turniej log --json`` writes it."""
        return {
            "seq": self.seq,
            "kind": self.kind,
            "at": self.at,
            "by": self.by,
            "data": self.data,
            "text": self.text,
        }


def log_view(state: State, events: Sequence[Event], t: Translator) -> list[LogEntry]:
    """The event log, each event said in the language of ``t``."""
    from plansza.services.tournament import describe_events

    texts = describe_events(state, events, t)
    return [
        LogEntry(e.seq, e.kind, e.at, e.by, e.data, x)
        for e, x in zip(events, texts, strict=True)
    ]


# ---- the report, the ranked-tournament check, a TSH file imported ------------------------


def write_report(
    state: State, directory: Path, t: Translator, *, teams: bool, categories: list[str]
) -> None:
    """Write the HTML and CSV report into ``directory``: standings, pairings, cards,
    table, divisions and prize categories, and ``categories`` (as options give them);
    the teams' table with ``teams`` and always for a school tournament (SCH)."""
    from plansza.services.tournament import category_list
    from plansza.tournament import reports

    school = state.settings.team_limit > 0  # SCH: the school table belongs in it
    extra = category_list(categories)
    reports.write_report(state, directory, t, teams=teams or school, extra=extra)


@dataclass(frozen=True)
class RankedCheck:
    """What the rules say of a ranked tournament (RR §4) and its referees (RS §2–§6)."""

    findings: list[tuple[bool, str]]  #: (met, what) of each condition of RR §4
    referees: list[Finding]  #: what the rules refuse or warn of in the roles
    #: the tournament declares a ranked category and the licences were not checked
    licence_unchecked: bool


def ranked_check(
    state: State, t: Translator, registry: str | None, today: str
) -> RankedCheck:
    """The ranked-tournament conditions in the language of ``t``; with the federation's
    ``registry`` file, the referees' licences too, on the first day (else ``today``)."""
    from plansza.services.tournament import referee_findings
    from plansza.tournament.ranked import check

    findings = check(state, t)
    s = state.settings
    standings = None
    if registry is not None and s.category:
        from plansza.services.federation import standings_for

        first_day = s.dates[0] if s.dates else today
        standings = standings_for(registry, [s.referee, *s.assistants], first_day)
    unchecked = bool(s.category) and s.category != "unranked" and standings is None
    return RankedCheck(findings, referee_findings(s, standings), unchecked)


def import_tsh(
    text: str,
    source: str,
    *,
    name: str,
    rounds: int | None,
    system: str,
    dates: list[str],
    path: str | None,
    now: Callable[[], str],
    today: str,
) -> tuple[str, str]:
    """A new tournament from the TSH ``.t`` file read from ``source``: named ``name``
    (else after the file), with ``rounds`` (else the file's), ``system`` for later
    rounds and the ``dates`` given (else ``today``), in the file at ``path`` (else one
    named after it). The whole file is checked against the rules before anything is
    created. (The tournament's name, the file's path.)"""
    from plansza.records import dump, load
    from plansza.services.tournament import check_date, slug
    from plansza.tournament import tsh
    from plansza.tournament.events import Event, replay
    from plansza.tournament.model import Settings
    from plansza.tournament.storage import SUFFIX, TournamentFile

    parsed = tsh.read_t(text, source)
    title = name or Path(source).stem
    settings = load(
        Settings,
        {
            "name": title,
            "rounds": rounds or max(parsed.rounds, 1),
            "system": system,
            "dates": [check_date(d) for d in dates] or [today],
        },
    )
    path = path or (slug(title) + SUFFIX)
    items = tsh.events_from(parsed, settings)
    # check the whole file against the rules before creating anything
    replay(
        [Event(1, "created", {"settings": dump(settings)})]
        + [Event(i, k, d) for i, (k, d) in enumerate(items, 2)]
    )
    check_output(path)
    file = TournamentFile.create(path, settings, at=now())
    try:
        file.append_many(items, at=now())
    finally:
        file.close()
    return title, path
