"""Ranked games as data, and the readers that turn files into them.

A ranking history is a list of :class:`RankedGame` values, one per ranked game
(walkovers included: TR 7.2 — "walkower (zaliczany do rankingu)"). The plain
format is a CSV file with a header and one row per game::

    date,tournament,player1,player2,score1,score2[,walkover]

Polish headings (``data,turniej,gracz1,gracz2,wynik1,wynik2,walkower``) are
accepted too. Two optional columns, ``registered_ranking,registered_games``
(``ranking_zgłoszenia,partie_zgłoszenia``), keep a :class:`Registration`: a row
with the date, tournament and player1 filled and no opponent or scores, saying that
the player came to the tournament with that ranking from the list (RR §2.1) when
the history held none of their games; :func:`read_history_text` reads both kinds.
Reading is all or nothing: every bad row is reported with its line number and
reason in one :class:`BadRowsError`, and no game is returned.
A score is a whole number from 0 to :data:`MAX_SCORE` in ASCII digits, as the
tournament program takes it; a file is read with :func:`plansza.files.read_record`
and refused beyond :data:`~plansza.files.HISTORY_LIMIT` (64 MiB, about a million
games), and a reason quotes at most 40 characters of a cell.

>>> games = read_games_csv_text(
...     "date,tournament,player1,player2,score1,score2\\n"
...     "2024-05-11,Puchar Łodzi,Anna Żak,Łukasz Ćwik,412,377\\n")
>>> games[0].player1, games[0].winner
('Anna Żak', 'Anna Żak')
>>> read_games_csv_text("date,tournament,player1,player2,score1,score2\\n"
...                     "11.05.2024,X,A,A,400,\\n", source="g.csv")
Traceback (most recent call last):
...
plansza.ranking.records.BadRowsError: g.csv:2: unknown date format '11.05.2024' (use YYYY-MM-DD)
g.csv:2: score2 is missing
g.csv:2: A is entered as playing against themself
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from functools import lru_cache
from typing import Any

from plansza.errors import N_, FormatError
from plansza.files import HISTORY_LIMIT, csv_text, csv_writer, excerpt, read_record
from plansza.inputs import DAY_RANGE, FIRST_DAY, LAST_DAY, NAME_CONTROL, control_character

MESSAGES: dict[str, str] = {
    "no_header": N_("no header; the first row must name the columns: {columns}"),
    "missing_columns": N_("the header lacks the columns: {columns}"),
    "duplicate_column": N_("the column {column} appears twice in the header"),
    "field_count": N_("expected {expected} fields, found {found}"),
    "bad_date": N_("unknown date format {value!r} (use YYYY-MM-DD)"),
    "missing": N_("{column} is missing"),
    "bad_score": N_("{column} is not a whole number: {value!r}"),
    "self_game": N_("{name} is entered as playing against themself"),
    "bad_walkover": N_("walkover must be 1/0, yes/no or empty, not {value!r}"),
    "empty": N_("the file holds no games"),
    "game_and_registration": N_(
        "a row is either a game or a registered ranking: {column} must be empty in a row "
        "with registered_ranking"
    ),
    "bad_registered_ranking": N_(
        "registered_ranking must be a number from 0 to {most} (151.25, 151,25 or 605/4), "
        "not {value!r}"
    ),
    "bad_registered_games": N_(
        "registered_games must be a whole number from 0 to {most}, not {value!r}"
    ),
    "tsh_line": N_("a TSH line must read 'name rating opponents; scores': {value!r}"),
    "tsh_opponent": N_("opponent number {number} is not on the player list (1–{count})"),
    "tsh_half": N_("round {round}: {name} has a score but {opponent} has none"),
    "tsh_mismatch": N_(
        "round {round}: {name} plays {opponent}, but {opponent} does not play {name}"
    ),
}

MAX_SCORE = 5000
"""The highest score of one game, as the tournament program takes it
(``plansza.tournament.events.MAX_SCORE``; not imported: the ranking needs no database)."""

COLUMNS = ("date", "tournament", "player1", "player2", "score1", "score2")
"""The required CSV columns, in the order the exporter writes them."""

REGISTRATION_COLUMNS = ("registered_ranking", "registered_games")
"""The optional columns of a :class:`Registration` row, after ``walkover``."""

POLISH_COLUMNS: Mapping[str, str] = {
    "date": "data",
    "tournament": "turniej",
    "player1": "gracz1",
    "player2": "gracz2",
    "score1": "wynik1",
    "score2": "wynik2",
    "walkover": "walkower",
    "registered_ranking": "ranking_zgłoszenia",
    "registered_games": "partie_zgłoszenia",
}
"""The Polish heading of each column, for a file whose header is Polish."""

MAX_REGISTERED_RANKING = 10_000
"""The highest ranking a :class:`Registration` may give (rankings are about 50–250)."""

MAX_REGISTERED_GAMES = 1_000_000
"""The most games a :class:`Registration` may rest on."""

_ALIASES: Mapping[str, str] = {
    "date": "date",
    "data": "date",
    "tournament": "tournament",
    "turniej": "tournament",
    "player1": "player1",
    "gracz1": "player1",
    "zawodnik1": "player1",
    "player2": "player2",
    "gracz2": "player2",
    "zawodnik2": "player2",
    "score1": "score1",
    "wynik1": "score1",
    "score2": "score2",
    "wynik2": "score2",
    "walkover": "walkover",
    "walkower": "walkover",
    "registered_ranking": "registered_ranking",
    "ranking_zgłoszenia": "registered_ranking",
    "ranking_zgloszenia": "registered_ranking",
    "registered_games": "registered_games",
    "partie_zgłoszenia": "registered_games",
    "partie_zgloszenia": "registered_games",
}
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_SCORE = re.compile(r"[+-]?[0-9]{1,20}")  # ASCII digits only: int() would read "١٢" too
_RANKING = re.compile(r"[0-9]{1,5}(?:[.,][0-9]{1,12})?|[0-9]{1,18}/[0-9]{1,12}")
_TRUE = {"1", "true", "yes", "tak", "t", "y", "w", "wo"}
_FALSE = {"", "0", "false", "no", "nie", "n", "f"}


@lru_cache(maxsize=1 << 16)  # names repeat on every row of a history: read each once
def normalise_name(name: str) -> str:
    """A player's or tournament's name as the ranking keys it.

    Names are kept "as written", but Unicode is composed (NFC, so a decomposed
    "Ł" from another program is the same name) and runs of spaces collapse.

    >>> normalise_name("  Anna   Z\\u0307ak ")
    'Anna Żak'
    """
    return " ".join(unicodedata.normalize("NFC", name).split())


@dataclass(frozen=True, slots=True)
class RankedGame:
    """One ranked game as entered: who played whom, when, in which tournament.

    ``line`` is where the game was read from (1-based), for messages only.

    >>> g = RankedGame(date(2024, 5, 11), "Puchar", "Ala", "Ola", 350, 350)
    >>> g.is_draw, g.winner
    (True, None)
    """

    date: date
    tournament: str
    player1: str
    player2: str
    score1: int
    score2: int
    walkover: bool = False
    line: int | None = field(default=None, compare=False)

    @property
    def is_draw(self) -> bool:
        """Equal scores: the scalp is the opponent's ranking unchanged (RR §1)."""
        return self.score1 == self.score2

    @property
    def winner(self) -> str | None:
        """The winner's name, or ``None`` for a draw."""
        if self.score1 == self.score2:
            return None
        return self.player1 if self.score1 > self.score2 else self.player2

    def csv_row(self) -> list[str]:
        """The game as a row of the history CSV (the walkover column last)."""
        return [
            self.date.isoformat(),
            self.tournament,
            self.player1,
            self.player2,
            str(self.score1),
            str(self.score2),
            "1" if self.walkover else "",
        ]


def ranking_text(value: Fraction) -> str:
    """A registered ranking as the history writes it: a decimal when it has one of at
    most 12 places, else an exact fraction; :func:`parse_ranking` reads both back.

    >>> ranking_text(Fraction(605, 4)), ranking_text(Fraction(150)), ranking_text(Fraction(1, 3))
    ('151.25', '150', '1/3')
    """
    for places in range(13):
        scaled = value * 10**places
        if scaled.denominator == 1:
            if places == 0:
                return str(scaled.numerator)
            digits = str(scaled.numerator).rjust(places + 1, "0")
            return f"{digits[:-places]}.{digits[-places:]}"
    return f"{value.numerator}/{value.denominator}"


def parse_ranking(text: str) -> Fraction | None:
    """A registered ranking written ``151.25``, ``151,25`` (a decimal comma) or ``605/4``;
    ``None`` when ``text`` is not one from 0 to :data:`MAX_REGISTERED_RANKING`.

    >>> parse_ranking("151,25"), parse_ranking("605/4"), parse_ranking("1/0"), parse_ranking("x")
    (Fraction(605, 4), Fraction(605, 4), None, None)
    """
    text = text.strip()
    if not _RANKING.fullmatch(text):
        return None
    if "/" in text:
        numerator, denominator = text.split("/")
        if int(denominator) == 0:
            return None
        value = Fraction(int(numerator), int(denominator))
    else:
        value = Fraction(text.replace(",", "."))
    return value if value <= MAX_REGISTERED_RANKING else None


@dataclass(frozen=True, slots=True)
class Registration:
    """A player's ranking registered at a tournament, kept in the history (RR §2.1).

    ``plansza ranking update`` writes one for each player of a tournament who has no
    game in the history yet but was registered with a ranking from the federation's
    list: the player played with that ranking, their opponents' scalps came from it
    (RR §1), and it stands in for their missing history (see
    :class:`~plansza.ranking.hollington.Prior`). Kept in the file, it gives the same
    numbers every time the history is recomputed. ``date`` is the tournament's first
    day (any day of the edition names it); ``games`` 0 is unknown.

    >>> r = Registration(date(2024, 5, 11), "Puchar", "Ola", Fraction(605, 4), 100)
    >>> r.csv_row()
    ['2024-05-11', 'Puchar', 'Ola', '', '', '', '', '151.25', '100']
    """

    date: date
    tournament: str
    player: str
    ranking: Fraction
    games: int
    line: int | None = field(default=None, compare=False)

    def csv_row(self) -> list[str]:
        """The registration as a row of the history CSV (columns of :func:`csv_row`
        of a game, then :data:`REGISTRATION_COLUMNS`)."""
        return [self.date.isoformat(), self.tournament, self.player, "", "", "", "",
                ranking_text(self.ranking), str(self.games)]


@dataclass(frozen=True, slots=True)
class HistoryRows:
    """What a history file holds: its games and its registered rankings, in file order."""

    games: list[RankedGame]
    registrations: list[Registration] = field(default_factory=list)


#: The old name of :class:`RankedGame`, kept for the tests and benchmarks that still use
#: it; ``plansza.Game`` is the game state machine. To be removed.
Game = RankedGame


@dataclass(frozen=True, slots=True)
class RowProblem:
    """One reason one row cannot be used.

    ``error``, when set, is the reason as a :class:`FormatError` (an English template
    and its details) for a front end to word with :func:`plansza.i18n.describe`.
    """

    line: int
    reason: str
    error: FormatError | None = field(default=None, compare=False)


def _problem(line: int, template: str, **details: Any) -> RowProblem:
    """A row problem from a message template; ``reason`` is its English text."""
    error = FormatError(template, line=line, **details)
    return RowProblem(line, error.detail, error)


class BadRowsError(FormatError):
    """The input has bad rows; ``problems`` lists every one (line and reason).

    The message holds one line per problem, each as ``source:line: reason``.
    """

    def __init__(self, problems: list[RowProblem], *, source: str | None = None) -> None:
        self.problems = problems
        prefix = f"{source}:" if source else ""
        lines = [f"{prefix}{p.line}: {p.reason}" for p in problems]
        super().__init__("\n".join(lines))
        # FormatError prefixed the whole text with the source; every line already has it.
        self.args = ("\n".join(lines),)
        self.source = source
        self.line = problems[0].line if problems else None


@lru_cache(maxsize=1 << 14)
def parse_date(text: str) -> date | None:
    """An ISO date ``YYYY-MM-DD``, or ``None`` when ``text`` is not one.

    >>> parse_date("2024-02-29"), parse_date("2023-02-29"), parse_date("29.02.2024")
    (datetime.date(2024, 2, 29), None, None)
    """
    text = text.strip()
    if not _ISO_DATE.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def header_positions(
    header: list[str],
) -> tuple[dict[str, int], list[tuple[str, dict[str, str]]]]:
    """Column positions by canonical name, and the problems with the header (message
    templates with their details)."""
    positions: dict[str, int] = {}
    problems: list[tuple[str, dict[str, str]]] = []
    for i, raw in enumerate(header):
        canon = _ALIASES.get(raw.strip().lstrip("\ufeff").lower())
        if canon is None:
            continue
        if canon in positions:
            problems.append((MESSAGES["duplicate_column"], {"column": raw.strip()}))
        positions[canon] = i
    missing = [c for c in COLUMNS if c not in positions]
    if len(missing) == len(COLUMNS):
        return positions, [(MESSAGES["no_header"], {"columns": ",".join(COLUMNS)})]
    if missing:
        problems.append((MESSAGES["missing_columns"], {"columns": ", ".join(missing)}))
    return positions, problems


def _day_problems(text: str, day: date | None, line: int) -> list[RowProblem]:
    """What is wrong with the date cell ``text`` read as ``day``: missing, not a date,
    or out of range (Python's dates end where the ranking's window would step out)."""
    if not text:
        return [_problem(line, MESSAGES["missing"], column="date")]
    if day is None:
        return [_problem(line, MESSAGES["bad_date"], value=excerpt(text))]
    if not FIRST_DAY <= day <= LAST_DAY:
        return [
            _problem(
                line,
                DAY_RANGE,
                field="date",
                value=day.isoformat(),
                first=FIRST_DAY.isoformat(),
                last=LAST_DAY.isoformat(),
            )
        ]
    return []


def _name_problems(name: str, line: int) -> list[RowProblem]:
    """A name with a control character (a tab or line break was made a space already)."""
    char = control_character(name)
    if char is None:
        return []
    return [_problem(line, NAME_CONTROL, name=excerpt(name), char=char)]


def _parse_registration(
    cell: Mapping[str, str], line: int
) -> tuple[Registration | None, list[RowProblem]]:
    """A row with a registered ranking as a :class:`Registration`, or the reasons it is
    not one: the date, tournament and player1 filled, no opponent, scores or walkover."""
    day = parse_date(cell["date"]) if cell["date"] else None
    reasons = _day_problems(cell["date"], day, line)
    tournament = normalise_name(csv_text(cell["tournament"]))
    if not tournament:
        reasons.append(_problem(line, MESSAGES["missing"], column="tournament"))
    player = normalise_name(csv_text(cell["player1"]))
    if not player:
        reasons.append(_problem(line, MESSAGES["missing"], column="player1"))
    reasons += _name_problems(player, line)
    for column in ("player2", "score1", "score2", "walkover"):
        value = cell.get(column, "")
        if value and not (column == "walkover" and value.lower() in _FALSE):
            reasons.append(_problem(line, MESSAGES["game_and_registration"], column=column))
    written = cell.get("registered_ranking", "")
    ranking = parse_ranking(written)
    if not written:
        reasons.append(_problem(line, MESSAGES["missing"], column="registered_ranking"))
    elif ranking is None:
        reasons.append(
            _problem(
                line,
                MESSAGES["bad_registered_ranking"],
                most=MAX_REGISTERED_RANKING,
                value=excerpt(written),
            )
        )
    games_text = cell.get("registered_games", "")
    games = 0  # empty: unknown (a Prior counts it as 30)
    if games_text:
        if (
            games_text.isascii()
            and games_text.isdigit()
            and int(games_text) <= MAX_REGISTERED_GAMES
        ):
            games = int(games_text)
        else:
            reasons.append(
                _problem(
                    line,
                    MESSAGES["bad_registered_games"],
                    most=MAX_REGISTERED_GAMES,
                    value=excerpt(games_text),
                )
            )
    if reasons or day is None or ranking is None:
        return None, reasons
    return Registration(day, tournament, player, ranking, games, line), []


def _parse_row(
    row: list[str], positions: Mapping[str, int], width: int, line: int
) -> tuple[RankedGame | Registration | None, list[RowProblem]]:
    """One data row as a game (or a registered ranking), or the reasons it is not one."""
    reasons: list[RowProblem] = []
    if len(row) != width:
        return None, [_problem(line, MESSAGES["field_count"], expected=width, found=len(row))]
    cell = {name: row[i].strip() for name, i in positions.items()}
    if any(cell.get(column) for column in REGISTRATION_COLUMNS):
        return _parse_registration(cell, line)
    day = parse_date(cell["date"]) if cell["date"] else None
    reasons += _day_problems(cell["date"], day, line)
    tournament = normalise_name(csv_text(cell["tournament"]))
    if not tournament:
        reasons.append(_problem(line, MESSAGES["missing"], column="tournament"))
    names = []
    for column in ("player1", "player2"):
        name = normalise_name(csv_text(cell[column]))
        if not name:
            reasons.append(_problem(line, MESSAGES["missing"], column=column))
        reasons += _name_problems(name, line)
        names.append(name)
    scores = []
    for column in ("score1", "score2"):
        value = cell[column]
        if not value:
            reasons.append(_problem(line, MESSAGES["missing"], column=column))
            scores.append(0)
        elif not _SCORE.fullmatch(value):
            reasons.append(
                _problem(line, MESSAGES["bad_score"], column=column, value=excerpt(value))
            )
            scores.append(0)
        elif not 0 <= int(value) <= MAX_SCORE:
            reasons.append(
                _problem(
                    line,
                    N_("{column} {value} is not a score: a score is from 0 to {most}"),
                    column=column,
                    value=excerpt(value),
                    most=MAX_SCORE,
                )
            )
            scores.append(0)
        else:
            scores.append(int(value))
    if names[0] and names[0] == names[1]:
        reasons.append(_problem(line, MESSAGES["self_game"], name=names[0]))
    walkover = False
    if "walkover" in cell:
        flag = cell["walkover"].lower()
        if flag in _TRUE:
            walkover = True
        elif flag not in _FALSE:
            reasons.append(
                _problem(line, MESSAGES["bad_walkover"], value=excerpt(cell["walkover"]))
            )
    if reasons or day is None:
        return None, reasons
    return RankedGame(day, tournament, names[0], names[1], scores[0], scores[1], walkover, line), []


def sniff_delimiter(text: str) -> str:
    """The field separator of a history CSV: ``,``, or ``;`` / tab when the header uses it.

    Spreadsheets set to Polish write ``;`` (the comma is the decimal separator).

    >>> sniff_delimiter("data;turniej;gracz1;gracz2;wynik1;wynik2\\n"), sniff_delimiter("")
    (';', ',')
    """
    first = next((line for line in text.lstrip("\ufeff").splitlines() if line.strip()), "")
    best, found = ",", 0
    for delimiter in (",", ";", "\t"):
        fields = next(csv.reader([first], delimiter=delimiter), [])
        known = sum(1 for f in fields if f.strip().lower() in _ALIASES)
        if known > found:
            best, found = delimiter, known
    return best


def _fast_row(
    row: list[str],
    at: tuple[int, ...],
    walkover_at: int | None,
    line: int,
    registered_at: tuple[int, ...] = (),
) -> RankedGame | None:
    """The common case of :func:`_parse_row` quickly: a perfect game row, else ``None``.

    It accepts a subset of what ``_parse_row`` accepts and builds the same game;
    anything unusual (signed scores, any error, a registered ranking) goes the slow way.
    """
    if any(row[i].strip() for i in registered_at):
        return None
    day = parse_date(row[at[0]])
    tournament = normalise_name(csv_text(row[at[1]]))
    player1 = normalise_name(csv_text(row[at[2]]))
    player2 = normalise_name(csv_text(row[at[3]]))
    score1 = row[at[4]].strip()
    score2 = row[at[5]].strip()
    if (
        day is None
        or not FIRST_DAY <= day <= LAST_DAY
        or not tournament
        or not player1
        or not player2
        or player1 == player2
        or not (score1.isascii() and score1.isdigit() and score2.isascii() and score2.isdigit())
        or len(score1) > 4
        or len(score2) > 4
    ):
        return None
    if int(score1) > MAX_SCORE or int(score2) > MAX_SCORE:
        return None
    if not (player1.isprintable() and player2.isprintable()):
        return None  # the slow way names the control character
    walkover = False
    if walkover_at is not None:
        flag = row[walkover_at].strip().lower()
        if flag in _TRUE:
            walkover = True
        elif flag not in _FALSE:
            return None
    return RankedGame(day, tournament, player1, player2, int(score1), int(score2), walkover, line)


def read_history_text(text: str, *, source: str | None = None) -> HistoryRows:
    """Every game and every registered ranking of a CSV history, or
    :class:`BadRowsError` listing every bad row.

    Blank lines are skipped; line numbers count physical lines of the file
    (the header is line 1).
    """
    text = text.lstrip("\ufeff")
    reader = csv.reader(io.StringIO(text), delimiter=sniff_delimiter(text))
    problems: list[RowProblem] = []
    games: list[RankedGame] = []
    registrations: list[Registration] = []
    positions: dict[str, int] | None = None
    width = 0
    fast: tuple[int, ...] = ()
    walkover_at: int | None = None
    registered_at: tuple[int, ...] = ()
    for row in reader:
        line = reader.line_num
        if fast and len(row) == width:
            game = _fast_row(row, fast, walkover_at, line, registered_at)
            if game is not None:
                games.append(game)
                continue
        if not any(c.strip() for c in row):
            continue
        if positions is None:
            positions, header_problems = header_positions(row)
            width = len(row)
            fast = tuple(positions[c] for c in COLUMNS) if not header_problems else ()
            walkover_at = positions.get("walkover")
            registered_at = tuple(positions[c] for c in REGISTRATION_COLUMNS if c in positions)
            if header_problems:
                problems.extend(_problem(line, t, **d) for t, d in header_problems)
                break
            continue
        found, reasons = _parse_row(row, positions, width, line)
        problems.extend(reasons)
        if isinstance(found, Registration):
            registrations.append(found)
        elif found is not None:
            games.append(found)
    if positions is None and not problems:
        problems.append(_problem(1, MESSAGES["no_header"], columns=",".join(COLUMNS)))
    if problems:
        raise BadRowsError(problems, source=source)
    return HistoryRows(games, registrations)


def read_games_csv_text(text: str, *, source: str | None = None) -> list[RankedGame]:
    """Every game of a CSV history, or :class:`BadRowsError` listing every bad row.

    Registered rankings are checked and left out: the ranking reads them with
    :func:`read_history_text`.
    """
    return read_history_text(text, source=source).games


def games_from_rows(
    rows: Iterable[Mapping[str, object]], *, source: str | None = None
) -> list[RankedGame]:
    """Games from mappings with the CSV's keys (as the referee's program gives them).

    Each mapping is checked like a CSV row; ``line`` numbers count rows from 1.

    >>> games_from_rows([{"date": "2024-05-11", "tournament": "P", "player1": "A",
    ...                   "player2": "B", "score1": 400, "score2": 1, "walkover": True}])[0]
    RankedGame(date=datetime.date(2024, 5, 11), tournament='P', player1='A', player2='B', \
score1=400, score2=1, walkover=True, line=1)
    """
    names = [*COLUMNS, "walkover"]
    positions = {name: i for i, name in enumerate(names)}
    problems: list[RowProblem] = []
    games: list[RankedGame] = []
    for number, mapping in enumerate(rows, start=1):
        cells = []
        for name in names:
            value = mapping.get(name)
            if isinstance(value, bool):
                value = "1" if value else ""
            cells.append("" if value is None else str(value))
        game, reasons = _parse_row(cells, positions, len(names), number)
        problems.extend(reasons)
        if isinstance(game, RankedGame):
            games.append(game)
    if problems:
        raise BadRowsError(problems, source=source)
    return games


def read_games_csv(path: str) -> list[RankedGame]:
    """Every game of the CSV file at ``path`` (see :func:`read_games_csv_text`)."""
    return read_games_csv_text(read_record(path, limit=HISTORY_LIMIT), source=path)


def read_history(path: str) -> HistoryRows:
    """The games and registered rankings of the CSV file at ``path``
    (see :func:`read_history_text`)."""
    return read_history_text(read_record(path, limit=HISTORY_LIMIT), source=path)


def write_games_csv(games: Iterable[RankedGame], out: io.TextIOBase | io.StringIO) -> None:
    """Write games as a history CSV with the English header (readable back).

    Names a spreadsheet would take for a formula are guarded (:func:`plansza.files.csv_cell`)
    and read back as they were.

    >>> buf = io.StringIO()
    >>> write_games_csv([RankedGame(date(2024, 5, 11), "=P", "Ala", "Ola", 400, 1, True)], buf)
    >>> buf.getvalue().splitlines()[1]
    "2024-05-11,'=P,Ala,Ola,400,1,1"
    >>> read_games_csv_text(buf.getvalue())[0].tournament
    '=P'
    """
    writer = csv_writer(out)
    writer.writerow([*COLUMNS, "walkover"])
    for game in games:
        writer.writerow(game.csv_row())


def read_tsh_text(
    text: str, *, day: date, tournament: str, source: str | None = None
) -> list[RankedGame]:
    """The played games of a TSH ``.t`` file, dated ``day``, named ``tournament``.

    A ``.t`` line reads ``Name  rating  opponents… ; scores… [; extra fields]``;
    players are numbered by line from 1, opponent 0 is a bye (not a ranked
    game), and a round without a score is not yet played. Each game is listed
    on both players' lines; it is returned once.

    >>> t = "Żak, Anna 150 2 0; 410 50\\nĆwik, Łukasz 0 1 0; 380 50\\n"
    >>> [(g.player1, g.player2, g.score1, g.score2)
    ...  for g in read_tsh_text(t, day=date(2024, 5, 11), tournament="Puchar")]
    [('Żak, Anna', 'Ćwik, Łukasz', 410, 380)]

    Long: its doctest, and the .t line's checks in order.
    """
    line_re = re.compile(  # ASCII digits: \d and int() read "١٢" too
        r"^(?P<name>.*?\S)\s+(?P<rating>-?[0-9]{1,9})\s+(?P<opps>[0-9\s]*);(?P<rest>.*)$"
    )
    players: list[tuple[int, str, list[int], list[int]]] = []
    problems: list[RowProblem] = []
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        m = line_re.match(stripped)
        scores_text = m.group("rest").split(";")[0] if m else ""
        if m is None or not all(_SCORE.fullmatch(s) for s in scores_text.split()):
            problems.append(_problem(number, MESSAGES["tsh_line"], value=excerpt(stripped)))
            continue
        if any(len(x) > 9 for x in m.group("opps").split()):  # not a player number
            problems.append(_problem(number, MESSAGES["tsh_line"], value=excerpt(stripped)))
            continue
        opponents = [int(x) for x in m.group("opps").split()]
        scores = [int(x) for x in scores_text.split()]
        players.append((number, normalise_name(m.group("name")), opponents, scores))
    count = len(players)
    games: list[RankedGame] = []
    for index, (line, name, opponents, scores) in enumerate(players, start=1):
        for rnd, opp in enumerate(opponents):
            if opp == 0 or rnd >= len(scores):
                continue  # a bye, or a round not played yet
            if not 1 <= opp <= count:
                problems.append(_problem(line, MESSAGES["tsh_opponent"], number=opp, count=count))
                continue
            if opp == index:
                problems.append(_problem(line, MESSAGES["self_game"], name=name))
                continue
            _, o_name, o_opps, o_scores = players[opp - 1]
            if rnd >= len(o_opps) or o_opps[rnd] != index:
                problems.append(
                    _problem(
                        line, MESSAGES["tsh_mismatch"], round=rnd + 1, name=name, opponent=o_name
                    )
                )
                continue
            if rnd >= len(o_scores):
                problems.append(
                    _problem(line, MESSAGES["tsh_half"], round=rnd + 1, name=name, opponent=o_name)
                )
                continue
            bad = next((s for s in (scores[rnd], o_scores[rnd]) if not 0 <= s <= MAX_SCORE), None)
            if bad is not None:
                problems.append(
                    _problem(
                        line,
                        N_("round {round}: {value} is not a score: a score is from 0 to {most}"),
                        round=rnd + 1,
                        value=excerpt(str(bad)),
                        most=MAX_SCORE,
                    )
                )
                continue
            if index < opp:  # each game is on both lines; keep it once
                games.append(
                    RankedGame(
                        day, tournament, name, o_name, scores[rnd], o_scores[rnd], False, line
                    )
                )
    if problems:
        raise BadRowsError(problems, source=source)
    if not games:
        raise BadRowsError([_problem(1, MESSAGES["empty"])], source=source)
    games.sort(key=lambda g: g.line or 0)
    return games
