"""The PFS ranking's use cases: reading a finished tournament, adding it to the
history and telling what it changed; the list, a player's explanation, the export,
the entrants' seeding and a tournament's estimated effect — for the command line
(``plansza ranking …``) and the web app.

The ranking itself (the Hollington method with the PFS corrections, RR §1–§2) is
:mod:`plansza.ranking`; this module puts its pieces together for one task and
returns values: it prints nothing and reads no language or clock. It also gives the
front ends the few names of the ranking they need (``BadRowsError``,
``UnknownPlayerError``, ``RankingList``, ``TournamentEffect``, ``by_change``,
``decimal_text``), so that neither front end imports the ranking itself.

>>> from datetime import date
>>> from plansza.ranking.records import read_games_csv_text
>>> games = read_games_csv_text(
...     "date,tournament,player1,player2,score1,score2\\n"
...     "2024-05-11,Puchar Łodzi,Anna Żak,Łukasz Ćwik,412,377\\n")
>>> [t.name for t in one_tournament(games, "games.csv")]
['Puchar Łodzi']
"""

from __future__ import annotations

import csv
import io
import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Any

from plansza.errors import N_, FormatError, PlanszaError
from plansza.files import csv_text, excerpt, read_record, write_atomic, writing
from plansza.i18n import Translator
from plansza.inputs import check_day
from plansza.ranking.effect import Effect, tournament_effect
from plansza.ranking.effect import TournamentEffect as TournamentEffect
from plansza.ranking.effect import by_change as by_change
from plansza.ranking.hollington import (
    EDITION_GAP_DAYS,
    PADDING_SCALP,
    Basis,
    Explanation,
    ListEntry,
    Performance,
    Prior,
    RankingHistory,
    Tournament,
    TournamentRanking,
    group_tournaments,
)
from plansza.ranking.hollington import RankingList as RankingList
from plansza.ranking.hollington import UnknownPlayerError as UnknownPlayerError
from plansza.ranking.listing import PublishedList, list_csv, read_list
from plansza.ranking.listing import ranking_text as ranking_text
from plansza.ranking.records import (
    MAX_REGISTERED_GAMES,
    MAX_REGISTERED_RANKING,
    HistoryRows,
    RankedGame,
    Registration,
    games_from_rows,
    normalise_name,
    parse_date,
    read_games_csv,
    read_history,
    read_tsh_text,
)
from plansza.ranking.records import BadRowsError as BadRowsError
from plansza.ranking.report import BASIS, list_html
from plansza.ranking.report import decimal_text as decimal_text
from plansza.ranking.report import list_csv as list_csv_text
from plansza.ranking.store import appended, load_history_rows
from plansza.tiles import polish_collation_key


class RankingError(PlanszaError):
    """A tournament that cannot be added to the history as given."""

    code = "ranking"


def _referee_reader(function: str = "ranked_games") -> Callable[[str], Any] | None:
    """``plansza.tournament.ranked_games`` (or another ``function`` of it) when the
    referee's program provides it."""
    try:
        import plansza.tournament as referee
    except ImportError:
        return None
    reader = getattr(referee, function, None)
    return reader if callable(reader) else None


def read_registered(path: str) -> dict[str, Prior]:
    """The rankings the players of the tournament file ``path`` were registered with
    (from the published list, RR §2.1), as :class:`~plansza.ranking.hollington.Prior`
    values by name; debutants are left out. A CSV of games or a TSH file has none."""
    if path.lower().endswith((".csv", ".t")):
        return {}
    reader = _referee_reader("registered_rankings")
    if reader is None:
        return {}
    found = dict(_read_referee_file(reader, path))
    for name, (ranking, games) in found.items():
        if ranking is not None and not (
            math.isfinite(ranking)
            and 0 <= ranking <= MAX_REGISTERED_RANKING
            and 0 <= games <= MAX_REGISTERED_GAMES
        ):
            # recorded before registrations were checked (``turniej add-player --ranking inf``)
            raise FormatError(
                N_(
                    "{path}: {name} is registered with the ranking {ranking} and {games} games: "
                    "a ranking is from 0 to {most}, games from 0 to {most_games}"
                ),
                code="registered_range",
                path=path,
                name=excerpt(name),
                ranking=excerpt(str(ranking)),
                games=excerpt(str(games)),
                most=MAX_REGISTERED_RANKING,
                most_games=MAX_REGISTERED_GAMES,
            )
    return {
        normalise_name(name): Prior(Fraction(ranking).limit_denominator(10**6), int(games))
        for name, (ranking, games) in found.items()
        if ranking is not None
    }


def _read_referee_file(reader: Callable[[str], Any], path: str) -> Any:
    """What ``reader`` reads from the referee's tournament file ``path``; a file of
    another format is a :class:`FormatError` that names it."""
    try:
        return reader(path)
    except PlanszaError:
        raise
    except Exception as e:  # a foreign file format: an error that names it
        raise FormatError(
            N_("{path}: cannot read the tournament file: {reason}"),
            path=path,
            reason=f"{type(e).__name__}: {e}",
        ) from e


def read_tournament(
    path: str, day: date | None = None, name: str | None = None
) -> list[RankedGame]:
    """The games of one finished tournament from ``path``: a CSV of games, a TSH ``.t``
    file (it has no date: ``day`` is needed) or the referee's tournament file.
    ``name`` renames the tournament."""
    lower = path.lower()
    if lower.endswith(".csv"):
        games = read_games_csv(path)
    elif lower.endswith(".t"):
        if day is None:
            raise RankingError(N_("a TSH file has no date: give --date YYYY-MM-DD"), code="no_date")
        title = normalise_name(name or os.path.splitext(os.path.basename(path))[0])
        games = read_tsh_text(read_record(path), day=day, tournament=title, source=path)
    else:
        reader = _referee_reader()
        if reader is None:
            raise FormatError(
                N_(
                    "{path}: unknown tournament file format (supported: .csv, .t; the referee's "
                    "program is not available)"
                ),
                path=path,
            )
        if not os.path.exists(path):
            raise FileNotFoundError(2, "No such file", path)
        rows = [dict(r) for r in _read_referee_file(reader, path)]
        for row in rows:
            if day is not None and not row.get("date"):
                row["date"] = day.isoformat()
            if name:
                row["tournament"] = name
        games = games_from_rows(rows, source=path)
    if name and lower.endswith(".csv"):
        title = normalise_name(name)
        games = [
            RankedGame(g.date, title, g.player1, g.player2, g.score1, g.score2, g.walkover, g.line)
            for g in games
        ]
    return games


def one_tournament(games: list[RankedGame], source: str) -> list[Tournament]:
    """The tournaments in ``games``, refused unless there is exactly one."""
    found = group_tournaments(games)
    if len(found) != 1:
        raise RankingError(
            N_("the file {source} holds {count} tournaments ({names}); add them one at a time"),
            code="several_tournaments",
            source=source,
            count=len(found),
            names=", ".join(t.label for t in found),
        )
    return found


@dataclass(frozen=True)
class Change:
    """What one player's result in the added tournament did to the ranking list."""

    name: str
    entry_ranking: int
    games: int
    scalps: int
    achieved: Fraction
    before: int | None  #: the ranking on the list before (None: not on it)
    after: int
    listed: bool
    place: int | None
    estimated: bool = False  #: no history in the file: from the ranking registered


@dataclass(frozen=True)
class Added:
    """A tournament added to the history, with the list it gives."""

    tournament: Tournament
    list_date: date  #: the list published the day after the tournament
    later: bool  #: the history has later tournaments, whose scalps were recomputed
    changes: list[Change]  #: in Polish alphabetical order
    history: str  #: the history file it was added to
    estimated: tuple[str, ...] = ()
    """Players without history in the file, ranked from the ranking registered at the
    tournament: the new list is then an estimate, not the federation's computation."""


def _same_edition(history: Sequence[RankedGame], new: Tournament) -> Tournament | None:
    """The edition of ``new`` already in ``history`` (the same name within
    :data:`~plansza.ranking.hollington.EDITION_GAP_DAYS` days), if any."""
    for old in group_tournaments(history):
        if (
            old.name == new.name
            and (new.start - old.end).days <= EDITION_GAP_DAYS
            and (old.start - new.end).days <= EDITION_GAP_DAYS
        ):
            return old
    return None


def estimate_effect(
    history: Sequence[RankedGame] | HistoryRows,
    tournament: str,
    history_name: str,
    day: date | None = None,
) -> TournamentEffect:
    """The estimated effect on the ranking of the tournament file ``tournament`` (its
    games so far, any format :func:`read_tournament` reads) if it were added to the
    history ``history`` (read from ``history_name``: its games, or its games and the
    registered rankings it keeps). Nothing is written.

    Refused when the file holds several tournaments, or when the history has counted
    this edition already (its effect is then on the list itself). ``day`` dates the
    games of a tournament file that gives no dates (the caller's today)."""
    rows = history if isinstance(history, HistoryRows) else HistoryRows(list(history))
    games = read_tournament(tournament, day)
    if games:
        new = one_tournament(games, tournament)[0]
        found = _same_edition(rows.games, new)
        if found is not None:
            raise RankingError(
                N_(
                    "the tournament {label} is already in the history {path}: its effect is "
                    "on the list itself"
                ),
                code="already_added",
                label=found.label,
                path=history_name,
            )
    return tournament_effect(rows.games, games, read_registered(tournament), rows.registrations)


@dataclass(frozen=True)
class Estimate:
    """``plansza ranking estimate``'s answer: a tournament's estimated effect, its
    players in the order asked for, and the history it was counted on."""

    effect: TournamentEffect
    players: tuple[Effect, ...]  #: by the change of ranking, or by name
    history: str  #: the history file read


def estimate_tournament(
    history_path: str | None, tournament: str, day: date | None = None, *, by_name: bool = False
) -> Estimate:
    """:func:`estimate_effect` with the history read from ``history_path`` (``None``:
    the default history, :func:`history_file`); the players by name (``by_name``) or
    by their change, the greatest first (:func:`~plansza.ranking.effect.by_change`)."""
    path = history_file(history_path)
    found = estimate_effect(load_history_rows(path), tournament, path, day)
    players = found.effects if by_name else tuple(by_change(found.effects))
    return Estimate(found, players, path)


def add_tournament(
    history_path: str,
    games: list[RankedGame],
    source: str,
    registered: Mapping[str, Prior] | None = None,
) -> Added:
    """Add one finished tournament's ``games`` to the history at ``history_path``.

    ``registered`` are the rankings the players were registered with (from the list,
    :func:`read_registered`): a player with none of their games in the history plays
    with that ranking (RR §2.1) and keeps it as the base of their new one, instead of
    being a debutant (RR §2.2). Those players are named in :attr:`Added.estimated`, and
    their registrations are written into the history with the games
    (:class:`~plansza.ranking.records.Registration`), so that the history recomputes
    to the very numbers returned: they are computed from the file as written.

    Refused (nothing written) when the file holds several tournaments or the same
    edition is in the history already (the same name within
    :data:`~plansza.ranking.hollington.EDITION_GAP_DAYS` days).
    """
    new = one_tournament(games, source)[0]
    old = load_history_rows(history_path, missing_ok=True)
    found = _same_edition(old.games, new)
    if found is not None:
        raise RankingError(
            N_("the tournament {label} is already in the history {path}; nothing was changed"),
            code="already_added",
            label=found.label,
            path=history_path,
        )
    known = {n for g in old.games for n in (g.player1, g.player2)}
    playing = {n for g in games for n in (g.player1, g.player2)}
    priors = {
        name: prior
        for name, prior in (registered or {}).items()
        if name in playing and name not in known
    }
    # RR §2.1: a listed player plays with the list's ranking, and the opponents' scalps
    # come from it (RR §1); kept in the history, a recomputation uses it too
    registrations = [
        Registration(new.start, new.name, name, priors[name].ranking, priors[name].games)
        for name in sorted(priors, key=polish_collation_key)
    ]
    before = RankingHistory(old.games, registrations=old.registrations)
    text, written = appended(history_path, games, registrations)
    # computed from the new file's text as it reads back: what a recomputation gives
    after = RankingHistory(written.games, registrations=written.registrations)
    later = any(t.end > new.end for t in before.tournaments)
    index = next(
        i for i, t in enumerate(after.tournaments) if t.name == new.name and t.start == new.start
    )
    published = date.fromordinal(new.end.toordinal() + 1)
    old_list = {e.name: e for e in before.ranking_list(published, include_unlisted=True)}
    new_list = {e.name: e for e in after.ranking_list(published, include_unlisted=True)}
    changes = []
    for name in after.entry_rankings(index):
        perf = next(p for p in after.performances(name) if p.index == index)
        old_e, new_e = old_list.get(name), new_list[name]
        changes.append(
            Change(
                name,
                perf.entry,
                perf.games,
                perf.scalps,
                perf.achieved,
                None if old_e is None else old_e.ranking,
                new_e.ranking,
                new_e.listed,
                new_e.place,
                name in priors,
            )
        )
    changes.sort(key=lambda c: polish_collation_key(c.name))
    estimated = tuple(sorted(priors, key=polish_collation_key))
    with writing(history_path):  # a read-only file system, a full disk: one line
        write_atomic(history_path, text)
    return Added(new, published, later, changes, history_path, estimated)


@dataclass(frozen=True)
class KeptList:
    """A ranking list imported by :func:`import_list`, and where it is kept."""

    listing: PublishedList
    path: str


def import_list(source: str, destination: str | None = None) -> KeptList:
    """Read the federation's ranking list from ``source`` (a CSV of its table) and keep
    it at ``destination`` for the tournament program, replacing the list there
    (``None``: where the tournament program looks, ``$PLANSZA_RANKING_LIST`` or
    ``list.csv`` beside the history). All or nothing: a file with a bad row changes
    nothing."""
    from plansza.ranking import store  # looked up when called (a test moves the list)

    path = destination or store.default_list_path()
    listing = read_list(source)
    with writing(path):  # a read-only file system, a full disk: one line
        write_atomic(path, list_csv(listing))
    return KeptList(listing, path)


def load_list(path: str) -> PublishedList | None:
    """The list kept at ``path`` by :func:`import_list`; ``None`` when none was imported."""
    if not os.path.exists(path):
        return None
    return read_list(path)


def default_listing() -> PublishedList | None:
    """The list ``ranking import-list`` keeps where the tournament program looks for it
    (``None``: none imported): what the referee's console searches and seeds from."""
    from plansza.ranking import store  # looked up when called (a test moves the list)

    return load_list(store.default_list_path())


@dataclass(frozen=True)
class Computed:
    """One reading of a history: the games' ranking and its current list."""

    history: RankingHistory
    current: RankingList
    #: the history's games and registered rankings (for a tournament's effect)
    rows: HistoryRows = field(default_factory=lambda: HistoryRows([]))

    @property
    def games(self) -> tuple[RankedGame, ...]:
        """The history's games."""
        return tuple(self.rows.games)


def compute_history(path: str) -> Computed:
    """The history at ``path`` computed: its ranking and the latest list, the registered
    rankings it keeps counted too (RR §2.1), as the commands count them. Raises
    ``OSError`` or :class:`~plansza.ranking.records.BadRowsError` for a missing or bad
    file."""
    rows = read_history(path)
    history = RankingHistory(rows.games, registrations=rows.registrations)
    return Computed(history, history.ranking_list(), rows)


# --- the commands' reading of a history: ``plansza ranking compute|explain|export|seed``,
# ``update`` and ``estimate`` ---


def history_file(history: str | None = None) -> str:
    """The history file a command reads and writes: ``history`` (``--history``) when
    given, else ``$PLANSZA_RANKING_HISTORY`` or ``history.csv`` in the user data
    directory (:func:`~plansza.ranking.store.default_history_path`)."""
    from plansza.ranking import store  # looked up when called (a test moves the history)

    return history or store.default_history_path()


def option_day(value: str, option: str) -> date:
    """The date a person gave the option ``option``: ``YYYY-MM-DD`` from
    :data:`~plansza.inputs.FIRST_DAY` to :data:`~plansza.inputs.LAST_DAY`, else an
    error that names the option (code ``bad_date``, or ``date_range``).

    >>> option_day("2024-02-29", "--date")
    datetime.date(2024, 2, 29)
    >>> option_day("29.02.2024", "--as-of")
    Traceback (most recent call last):
    ...
    plansza.errors.PlanszaError: --as-of: unknown date format '29.02.2024' (use YYYY-MM-DD)
    """
    day = parse_date(value)
    if day is None:
        raise PlanszaError(
            N_("{option}: unknown date format {value!r} (use YYYY-MM-DD)"),
            code="bad_date",
            option=option,
            value=excerpt(value),
        )
    return check_day(day, option)


def open_history(games_file: str | None = None, history: str | None = None) -> RankingHistory:
    """The ranking a command computes: from the CSV of games ``games_file`` when given,
    else from the history file (:func:`history_file`), with the registered rankings it
    keeps (the rankings ``update`` counted, RR §2.1). A history file that does not
    exist is an error (code ``no_history``); a given CSV that does not exist, a
    ``FileNotFoundError``; bad rows, a :class:`BadRowsError` that lists them."""
    path = games_file or history_file(history)
    if games_file is None and not os.path.exists(path):
        raise PlanszaError(
            N_("no ranking history file {path} (give a CSV of games or --history)"),
            code="no_history",
            path=path,
        )
    rows = read_history(path)
    return RankingHistory(rows.games, registrations=rows.registrations)


def ranking_list(
    games_file: str | None = None,
    history: str | None = None,
    as_of: date | None = None,
    *,
    include_unlisted: bool = False,
) -> RankingList:
    """``plansza ranking compute``: the list in force on ``as_of`` (default: the latest)
    of the ranking :func:`open_history` reads; ``include_unlisted``: also the players
    below 30 games (RR §2.1)."""
    found = open_history(games_file, history)
    return found.ranking_list(as_of, include_unlisted=include_unlisted)


def explain_player(
    name: str,
    games_file: str | None = None,
    history: str | None = None,
    as_of: date | None = None,
) -> ExplanationView:
    """``plansza ranking explain``: :func:`explanation` of ``name`` on the list of
    ``as_of`` in the ranking :func:`open_history` reads."""
    return explanation(open_history(games_file, history), name, as_of)


def export_list(
    kind: str,
    t: Translator,
    games_file: str | None = None,
    history: str | None = None,
    as_of: date | None = None,
    *,
    include_unlisted: bool = False,
) -> str:
    """``plansza ranking export``: the list of :func:`ranking_list` as a page to print
    (``kind`` ``"html"``) or CSV (``"csv"``), its headings in the language of ``t``."""
    found = ranking_list(games_file, history, as_of, include_unlisted=include_unlisted)
    return list_html(found, t) if kind == "html" else list_csv_text(found, t)


#: The headings of a file of names' name column (``ranking seed --players``).
NAME_COLUMNS = ("name", "nazwisko", "gracz", "zawodnik", "imię i nazwisko", "player")


def read_names(path: str) -> list[str]:
    """The names in the file ``path``: one a line, or a CSV (``,``, ``;`` or tab) with
    a name column (:data:`NAME_COLUMNS`); blank lines and ``#`` comments skipped."""
    text = read_record(path)
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        return []
    for delimiter in (",", ";", "\t"):
        header = [h.strip().casefold() for h in next(csv.reader([lines[0]], delimiter=delimiter))]
        column = next((i for i, h in enumerate(header) if h in NAME_COLUMNS), None)
        if column is not None and len(header) > 1:
            rows = csv.reader(io.StringIO("\n".join(lines[1:])), delimiter=delimiter)
            return [csv_text(r[column]) for r in rows if column < len(r) and r[column].strip()]
    if lines[0].strip().casefold() in NAME_COLUMNS:
        lines = lines[1:]
    return [ln.strip() for ln in lines]


@dataclass(frozen=True)
class Entrant:
    """One entrant of :func:`seeding`, with the tournament ranking they play with."""

    name: str  #: as the history spells it, or as given (a debutant)
    ranking: NextRanking


@dataclass(frozen=True)
class Seeding:
    """The entrants of a tournament in seeding order, with their tournament rankings."""

    entrants: tuple[Entrant, ...]  #: by tournament ranking, then Polish alphabetical (RS §7.1)
    unknown: tuple[UnknownPlayerError, ...]
    """Names not in the history that are close to names in it: counted as debutants
    (RR §2.2), though perhaps a typo (the error names the close ones)."""


def seeding(
    names: Iterable[str],
    day: date,
    games_file: str | None = None,
    history: str | None = None,
) -> Seeding:
    """``plansza ranking seed``: the tournament rankings (RR §2.1–§2.4) of ``names`` for
    a tournament whose first day is ``day``, in the ranking :func:`open_history` reads.
    A name not in the history is a debutant. Blank names are skipped, and a name given
    twice counts once."""
    found = open_history(games_file, history)
    entrants, unknown = [], []
    for name in dict.fromkeys(normalise_name(n) for n in names if n.strip()):
        try:
            spelled = found.find_player(name)
        except UnknownPlayerError as e:
            spelled = name
            if e.suggestions:  # close names exist: perhaps a typo rather than a debutant
                unknown.append(e)
        r = found.tournament_ranking(spelled, day, detail=False)
        entrants.append(Entrant(spelled, _next_ranking(r)))
    # RS §7.1: seeding by tournament ranking, descending; equal rankings alphabetically
    entrants.sort(key=lambda e: (-e.ranking.value, polish_collation_key(e.name)))
    return Seeding(tuple(entrants), tuple(unknown))


def update_history(
    tournament: str,
    history: str | None = None,
    day: date | None = None,
    name: str | None = None,
) -> Added:
    """``plansza ranking update``: the finished tournament of the file ``tournament``
    (:func:`read_tournament`: ``day`` dates a TSH file, ``name`` renames it) added to the
    history file (:func:`history_file`) with the rankings its players were registered
    with (:func:`read_registered`), by :func:`add_tournament`."""
    path = history_file(history)
    games = read_tournament(tournament, day, name)
    return add_tournament(path, games, tournament, read_registered(tournament))


# --- a player's explanation, for ``plansza ranking explain`` and ``/ranking/gracz/NAME`` ---

#: What became of a tournament in the next ranking (:meth:`Explanation.status`), in words.
STATUS: dict[str, str] = {
    "counted": N_("counted"),
    "dropped": N_("dropped (200 limit)"),
    "outside": N_("outside 2 years"),
    "unused": N_("not counted"),
}
#: A game's result from the player's side, in words.
RESULT: dict[str, str] = {"W": N_("W"), "D": N_("D"), "L": N_("L")}


@dataclass(frozen=True)
class Sentence:
    """A sentence in the catalogues' words: an English message id and its details, for
    each front end to say in its user's language. A :class:`~fractions.Fraction` detail
    is said as a decimal (three places, the language's separator); dates as ISO."""

    template: str
    details: Mapping[str, object]

    def said(self, t: Translator) -> str:
        """In the language of ``t``.

        >>> from plansza.i18n import translator
        >>> Sentence("{value} = {exact}", {"value": 116, "exact": Fraction(1741, 15)}).said(
        ...     translator("pl"))
        '116 = 116,067'
        """
        fields = {
            k: decimal_text(v, t=t) if isinstance(v, Fraction) else v
            for k, v in self.details.items()
        }
        return t.gettext(self.template).format(**fields)


@dataclass(frozen=True)
class ScalpView:
    """One game of the player, with the scalp it earned (RR §1)."""

    date: date
    opponent: str
    score: int
    opponent_score: int
    walkover: bool
    result: str  #: ``"W"``, ``"D"`` or ``"L"`` from the player's side (words: :data:`RESULT`)
    opponent_ranking: int  #: the opponent's tournament ranking
    scalp: int

    def score_said(self, t: Translator) -> str:
        """The score from the player's side, ``400:300``, a walkover named."""
        score = f"{self.score}:{self.opponent_score}"
        return f"{score} ({t.gettext('walkover')})" if self.walkover else score


@dataclass(frozen=True)
class TournamentView:
    """One tournament of the player and what became of it in the next ranking."""

    name: str
    label: str  #: the name with the date, ``Puchar Łodzi (2024-05-11)``
    start: date
    end: date
    entry: int  #: the tournament ranking the player played with
    basis: str  #: the rule that gave it (``listed``, ``padded``, ``off-list``, ``debutant``)
    games: int
    scalps: int
    achieved: Fraction  #: scalps / games (RR §1)
    status: str  #: ``counted``, ``dropped``, ``outside`` or ``unused`` (words: :data:`STATUS`)
    games_played: tuple[ScalpView, ...]  #: each game's scalp

    @property
    def shows_games(self) -> bool:
        """Whether the games are shown: older ones make no number (the tournament is
        listed only)."""
        return self.status != "outside"


@dataclass(frozen=True)
class NextRanking:
    """The tournament ranking for a tournament from the list date, and its rule (RR §2)."""

    value: int  #: what scalps use: rounded half up, at least 100
    exact: Fraction  #: before rounding and before the raise to 100
    basis: str
    games: int
    scalps: int
    padding: int  #: games padded with scalps of 100 (RR §2.4)
    career_games: int
    raised: bool  #: under 100, raised to the temporary 100 (RR §2.2)

    @property
    def debutant(self) -> bool:
        """Whether the player has no ranked game yet (RR §2.2)."""
        return self.basis == Basis.DEBUTANT.value


def _next_ranking(r: TournamentRanking) -> NextRanking:
    return NextRanking(
        r.value, r.exact, r.basis.value, r.games, r.scalps, r.padding, r.career_games, r.raised
    )


@dataclass(frozen=True)
class ExplanationView:
    """Everything behind one player's numbers on one list date, as both front ends show
    it: the sentences (message ids and details), the totals, the basis of the next
    tournament ranking and every tournament with its games' scalps."""

    player: str
    list_date: date | None  #: None: no tournament before the date asked for
    window_start: date | None
    listed: ListEntry | None  #: the list's row, when listed
    window_games: int  #: the games of the tournaments in the two years
    next_ranking: NextRanking
    heading: Sentence
    standing: Sentence | None  #: listed or not, and why (None without a list date)
    ranking_line: Sentence | None  #: the tournament ranking for the next tournament
    basis: tuple[Sentence, ...]  #: how it is computed (said joined by "; ")
    tournaments: tuple[TournamentView, ...]  #: outside the two years first, by date

    def basis_said(self, t: Translator) -> str:
        """How the next tournament ranking is computed, in the language of ``t``."""
        return "; ".join(s.said(t) for s in self.basis)

    def lines(self, t: Translator) -> list[str]:
        """The sentences under the heading, in the language of ``t``."""
        if self.standing is None or self.ranking_line is None:
            return [self.basis_said(t)]
        return [self.standing.said(t), self.ranking_line.said(t) + " — " + self.basis_said(t)]


def _basis(ranking: TournamentRanking) -> tuple[Sentence, ...]:
    """How ``ranking`` is computed (RR §2.1–§2.4), with the arithmetic."""
    said = Sentence(
        BASIS[ranking.basis],
        {
            "games": ranking.games,
            "scalps": ranking.scalps,
            "padding": ranking.padding,
            "total": ranking.scalps + ranking.padding * PADDING_SCALP,
            "exact": ranking.exact,
            "career": ranking.career_games,
        },
    )
    if not ranking.raised:
        return (said,)
    raised = Sentence(
        N_("ranking {rounded} is under 100: 100 for the tournament (RR §2.2)"),
        {"rounded": ranking.rounded},
    )
    return said, raised


def _tournament_view(ex: Explanation, perf: Performance) -> TournamentView:
    t = perf.tournament
    games = tuple(
        ScalpView(
            s.game.date,
            s.opponent,
            s.own_score,
            s.opponent_score,
            s.game.walkover,
            s.result,
            s.opponent_ranking,
            s.scalp,
        )
        for s in ex.scalps.get(perf.index, ())
    )
    return TournamentView(
        t.name,
        t.label,
        t.start,
        t.end,
        perf.entry,
        perf.basis.value,
        perf.games,
        perf.scalps,
        perf.achieved,
        ex.status(perf),
        games,
    )


def explanation(history: RankingHistory, name: str, as_of: date | None = None) -> ExplanationView:
    """Every number behind ``name``'s ranking on the list of ``as_of`` (default: the
    latest list): ``plansza ranking explain`` and the web's player page.
    Raises :class:`~plansza.ranking.hollington.UnknownPlayerError` for a name not in
    the history (with the close ones)."""
    ex = history.explain(name, as_of)
    r = ex.next_ranking
    next_ranking = _next_ranking(r)
    window_games = sum(p.games for p in ex.window)
    tournaments = tuple(_tournament_view(ex, p) for p in (*ex.outside, *ex.window))
    if ex.list_date is None or ex.window_start is None:
        heading = Sentence(N_("{name} — no tournament before this date"), {"name": ex.player})
        return ExplanationView(
            ex.player, None, None, ex.entry, window_games, next_ranking, heading,
            None, None, _basis(r), tournaments,
        )  # fmt: skip
    end = date.fromordinal(ex.list_date.toordinal() - 1)
    heading = Sentence(
        N_("{name} — list dated {date} (tournaments from {start} to {end})"),
        {"name": ex.player, "date": ex.list_date, "start": ex.window_start, "end": end},
    )
    e = ex.entry
    if e is not None:
        standing = Sentence(
            N_(
                "Listed: place {place}, ranking {ranking} (exactly {exact} = {fraction}); games "
                "counted: {games}, tournaments: {tournaments} (RR §1, §2.1)."
            ),
            {
                "place": e.place,
                "ranking": e.ranking,
                "exact": e.exact,
                "fraction": str(e.exact),
                "games": e.games,
                "tournaments": e.tournaments,
            },
        )
    else:
        standing = Sentence(
            N_("Not listed: games in the two years: {games} (at least 30 needed, RR §2.1)."),
            {"games": window_games},
        )
    ranking_line = Sentence(
        N_("Tournament ranking for a tournament from {date}: {value}"),
        {"date": ex.list_date, "value": r.value},
    )
    return ExplanationView(
        ex.player, ex.list_date, ex.window_start, e, window_games, next_ranking, heading,
        standing, ranking_line, _basis(r), tournaments,
    )  # fmt: skip
