"""The federation's ranking list as published: read, stored, and searched by name.

The PFS publishes its ranking list as a table (place, name, ranking, games, and
sometimes the city). A referee saves it as a CSV and imports it
(``plansza ranking import-list FILE``); the tournament program then registers
players by name with their list ranking and games (RR §2.1: "zawodnicy znajdujący
się na liście rankingowej są rozstawieni według rankingu nań występującym").

The reader takes the headers the federation and spreadsheets use, Polish or
English (``Nazwisko i imię``/``Ranking``/``Partie``, ``name``/``ranking``/``games``),
``,`` ``;`` or tab between fields, and a decimal comma. Reading is all or nothing:
every bad row is reported with its line and reason in one
:class:`~plansza.ranking.records.BadRowsError`.

>>> lst = read_list_text("Miejsce;Nazwisko i imię;Ranking;Partie\\n"
...                      "1;Łoś Jan;151,25;180\\n2;Żak Anna;140;95\\n", source="lista.csv")
>>> lst.find("łoś jan")
ListedPlayer(name='Łoś Jan', ranking=151.25, games=180, club='', city='')
>>> lst.suggest("Los Jan"), lst.suggest("Anna Żak")
(['Łoś Jan'], ['Żak Anna'])
"""

from __future__ import annotations

import csv
import difflib
import io
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from plansza.errors import N_
from plansza.files import csv_text, csv_writer, excerpt, read_record
from plansza.ranking.records import MESSAGES as RECORD_MESSAGES
from plansza.ranking.records import BadRowsError, RowProblem, _problem, normalise_name
from plansza.tiles import polish_collation_key

MESSAGES: dict[str, str] = {
    "no_header": N_(
        "no header naming the list's columns: a name (Nazwisko i imię / name), Ranking and "
        "Partie (games)"
    ),
    "missing_columns": RECORD_MESSAGES["missing_columns"],
    "missing": RECORD_MESSAGES["missing"],
    "bad_ranking": N_("the ranking is not a number: {value!r}"),
    "bad_games": N_("the games are not a whole number: {value!r}"),
    "twice": N_("{name} is on the list twice (also line {other})"),
    "empty": N_("the file holds no players"),
}

# Header cells (casefolded, spaces collapsed, a trailing colon or dot dropped) by column.
_ALIASES: dict[str, str] = {
    **dict.fromkeys(
        (
            "nazwisko i imię",
            "nazwisko i imie",
            "imię i nazwisko",
            "imie i nazwisko",
            "nazwisko",
            "gracz",
            "zawodnik",
            "zawodniczka",
            "name",
            "player",
        ),
        "name",
    ),
    **dict.fromkeys(("ranking", "ranking pfs", "rating"), "ranking"),
    **dict.fromkeys(("partie", "partii", "gry", "liczba partii", "liczba gier", "games"), "games"),
    **dict.fromkeys(("klub", "club"), "club"),
    **dict.fromkeys(("miasto", "miejscowość", "city"), "city"),
}
REQUIRED = ("name", "ranking", "games")

_RANKING = re.compile(r"[0-9]{1,4}(?:[.,][0-9]{1,6})?")  # ASCII digits: \d takes "١٢"
_GAMES = re.compile(r"[0-9]{1,6}")


def fold(text: str) -> str:
    """A name without case, Polish letters or punctuation, for comparing spellings.

    >>> fold("Łoś-Żak, Jan")
    'los zak jan'
    """
    s = unicodedata.normalize("NFKD", text.casefold().replace("ł", "l"))
    s = "".join(c for c in s if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w]+", " ", s).split())


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """One row of the published list: the name as listed, the ranking as published
    (it may have decimals), the games it rests on, and the club and city if given."""

    name: str
    ranking: float
    games: int
    club: str = ""
    city: str = ""
    line: int | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class PublishedList:
    """The imported list: its players in the file's order, found by name."""

    players: tuple[ListedPlayer, ...]

    def __iter__(self) -> Iterator[ListedPlayer]:
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)

    def find(self, name: str) -> ListedPlayer | None:
        """The player of this name: as written, else the one name equal ignoring case.

        Polish letters count: "Los Jan" is not "Łoś Jan" (it is a suggestion).
        """
        wanted = normalise_name(name)
        for p in self.players:
            if p.name == wanted:
                return p
        folded = [p for p in self.players if p.name.casefold() == wanted.casefold()]
        return folded[0] if len(folded) == 1 else None

    def suggest(self, name: str, limit: int = 5) -> list[str]:
        """Listed names close to ``name``, in Polish alphabetical order.

        Close means alike once case and Polish letters are set aside (a name typed
        without them) or with the words in the other order ("Jan Łoś" for "Łoś Jan"),
        by :class:`difflib.SequenceMatcher`; at most ``limit`` names, the closest.
        """
        wanted = fold(name)
        turned = " ".join(reversed(wanted.split()))
        scored: list[tuple[float, str]] = []
        for p in self.players:
            listed = fold(p.name)
            best = 0.0
            for form in {wanted, turned}:
                m = difflib.SequenceMatcher(None, form, listed)
                if m.real_quick_ratio() >= 0.75 and m.quick_ratio() >= 0.75:
                    best = max(best, m.ratio())
            if best >= 0.75:
                scored.append((best, p.name))
        scored.sort(key=lambda s: (-s[0], polish_collation_key(s[1])))
        return sorted((n for _, n in scored[:limit]), key=polish_collation_key)


def _header_key(cell: str) -> str:
    return " ".join(cell.strip().lstrip("\ufeff").casefold().split()).rstrip(":.")


def _delimiter(first: str) -> str:
    best, found = ",", 0
    for delimiter in (",", ";", "\t"):
        cells = next(csv.reader([first], delimiter=delimiter), [])
        known = sum(1 for c in cells if _header_key(c) in _ALIASES)
        if known > found:
            best, found = delimiter, known
    return best


def read_list_text(text: str, *, source: str | None = None) -> PublishedList:
    """The list from the text of a CSV export of the federation's table."""
    lines = text.lstrip("\ufeff").splitlines()
    start = next((i for i, ln in enumerate(lines) if ln.strip()), None)
    if start is None:
        raise BadRowsError([_problem(1, MESSAGES["empty"])], source=source)
    delimiter = _delimiter(lines[start])
    rows = csv.reader(io.StringIO("\n".join(lines[start:])), delimiter=delimiter)
    header = next(rows)
    positions: dict[str, int] = {}
    for i, cell in enumerate(header):
        key = _ALIASES.get(_header_key(cell))
        if key is not None and key not in positions:
            positions[key] = i
    missing = [c for c in REQUIRED if c not in positions]
    if "name" not in positions:
        raise BadRowsError([_problem(start + 1, MESSAGES["no_header"])], source=source)
    if missing:
        raise BadRowsError(
            [_problem(start + 1, MESSAGES["missing_columns"], columns=", ".join(missing))],
            source=source,
        )
    problems: list[RowProblem] = []
    players: list[ListedPlayer] = []
    seen: dict[str, int] = {}
    for offset, row in enumerate(rows, start=start + 2):
        line = offset
        if not any(c.strip() for c in row):
            continue
        cells = {k: (row[i].strip() if i < len(row) else "") for k, i in positions.items()}
        name = normalise_name(csv_text(cells["name"]))
        bad = False
        for column in REQUIRED:
            if not cells[column]:
                heading = header[positions[column]].strip()
                problems.append(_problem(line, MESSAGES["missing"], column=heading))
                bad = True
        if bad:
            continue
        ranking_text = cells["ranking"].replace(" ", "")
        if not _RANKING.fullmatch(ranking_text):
            problems.append(_problem(line, MESSAGES["bad_ranking"], value=excerpt(ranking_text)))
            bad = True
        if not _GAMES.fullmatch(cells["games"]):
            problems.append(_problem(line, MESSAGES["bad_games"], value=excerpt(cells["games"])))
            bad = True
        if name in seen:
            problems.append(_problem(line, MESSAGES["twice"], name=name, other=seen[name]))
            bad = True
        if bad:
            continue
        seen[name] = line
        players.append(
            ListedPlayer(
                name,
                float(ranking_text.replace(",", ".")),
                int(cells["games"]),
                normalise_name(csv_text(cells.get("club", ""))),
                normalise_name(csv_text(cells.get("city", ""))),
                line,
            )
        )
    if problems:
        raise BadRowsError(problems, source=source)
    if not players:
        raise BadRowsError([_problem(start + 1, MESSAGES["empty"])], source=source)
    return PublishedList(tuple(players))


def read_list(path: str) -> PublishedList:
    """The list in the CSV file at ``path`` (see :func:`read_list_text`)."""
    return read_list_text(read_record(path), source=path)


def ranking_text(value: float) -> str:
    """A published ranking as written, without trailing zeros.

    >>> ranking_text(151.25), ranking_text(140.0), ranking_text(1234.567891)
    ('151.25', '140', '1234.567891')
    """
    return f"{value:.6f}".rstrip("0").rstrip(".")


def list_csv(players: Iterable[ListedPlayer]) -> str:
    """The list as this program stores it: a CSV that :func:`read_list_text` reads back.

    >>> print(list_csv([ListedPlayer("Łoś Jan", 151.25, 180)]), end="")
    name,ranking,games,club,city
    Łoś Jan,151.25,180,,
    """
    out = io.StringIO()
    writer = csv_writer(out)
    writer.writerow(["name", "ranking", "games", "club", "city"])
    for p in players:
        writer.writerow([p.name, ranking_text(p.ranking), p.games, p.club, p.city])
    return out.getvalue()
