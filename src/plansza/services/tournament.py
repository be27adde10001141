"""The referee's commands on a tournament: the use case both front ends call.

A :class:`Referee` works on one tournament file: it finds players by seeding number
or name, checks what the referee asks for, and records it as events in the file's
append-only log (the state is always the replay of the log, so every correction is
on record and ``undo`` takes back the last one). It prints nothing and reads no
clock: the time stamp of each event comes from the ``now`` it is given.

>>> from plansza.tournament.model import Settings, State
>>> state = State(Settings("Klubowy", 5, "halving"))
>>> from plansza.tournament.model import TournamentPlayer
>>> for pid, name in enumerate(["Anna Żak", "Łukasz Ćwik", "Ola Nowak"], 1):
...     state.players[pid] = TournamentPlayer(pid, name)
>>> player(state, "lukasz"), player(state, "Ann"), player(state, "3")
(2, 1, 3)
>>> parse_score_pair("300:250")
(300, 250)

Errors are the domain's (a code, an English template, details): an argument that
names no player or is not a usable number raises :class:`ArgumentError` (a front
end's "bad input"), what the rules or the state refuse an
:class:`~plansza.errors.IllegalActionError` (nothing is recorded).
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from plansza.errors import N_, NP_, FormatError, IllegalActionError, PlanszaError
from plansza.files import csv_text, excerpt
from plansza.inputs import check_day, check_name
from plansza.tiles import polish_collation_key

if TYPE_CHECKING:
    from datetime import date

    from plansza.federation.roles import Finding
    from plansza.i18n import Translator
    from plansza.ranking.hollington import RankingHistory, TournamentRanking
    from plansza.ranking.listing import ListedPlayer, PublishedList
    from plansza.tournament.events import Event
    from plansza.tournament.model import Settings
    from plansza.tournament.model import State as State  # the front ends name it
    from plansza.tournament.roundclock import RoundClock
    from plansza.tournament.storage import TournamentFile as TournamentFile

Stamp = Callable[[], str]
"""The time stamp of an event (the front end's clock, ISO 8601)."""

_PAIRING = N_("cannot read the pairing '{text}': give pairs like '1-4,2-3,5' (a lone number = bye)")


class ArgumentError(PlanszaError):
    """An argument that names no player or is not a usable number (bad input)."""

    code = "argument"


def fold(text: str) -> str:
    """A name without case and Polish letters (ł → l), for finding players.

    >>> fold("Łukasz Ćwik")
    'lukasz cwik'
    """
    s = unicodedata.normalize("NFKD", text.casefold().replace("ł", "l"))
    return "".join(c for c in s if not unicodedata.combining(c))


def slug(name: str) -> str:
    """A file name for a tournament called ``name``.

    >>> slug("Puchar Łodzi 2024")
    'puchar-lodzi-2024'
    """
    s = unicodedata.normalize("NFKD", name.replace("ł", "l").replace("Ł", "L"))
    s = "".join(c for c in s if not unicodedata.combining(c))
    return re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-").lower() or "turniej"


def player(state: State, text: str) -> int:
    """A player by seeding number or by name: exact, then a unique prefix, then a
    unique prefix typed without Polish letters ("Los" finds "Łoś")."""
    from plansza.tournament.model import player_by_seed

    text = text.strip()
    if text.isdecimal():
        by_seed = player_by_seed(state)
        if int(text) in by_seed:
            return by_seed[int(text)]
        raise ArgumentError(N_("no such player: {who}"), code="unknown_player", who=excerpt(text))
    low = text.casefold()
    exact = [p.pid for p in state.players.values() if p.name.casefold() == low]
    if len(exact) == 1:
        return exact[0]
    pref = [p.pid for p in state.players.values() if p.name.casefold().startswith(low)]
    if len(pref) == 1:
        return pref[0]
    if not pref:
        folded = fold(text)
        pref = [p.pid for p in state.players.values() if fold(p.name).startswith(folded)]
        if len(pref) == 1:
            return pref[0]
    if len(pref) > 1:
        names = ", ".join(sorted((state.players[p].name for p in pref), key=polish_collation_key))
        raise ArgumentError(
            N_("'{who}' matches several players: {names}"),
            code="ambiguous_player",
            who=excerpt(text),
            names=names,
        )
    raise ArgumentError(N_("no such player: {who}"), code="unknown_player", who=excerpt(text))


#: A name not on the ranking list, with close names on it.
NOT_LISTED = N_(
    "{name} is not on the ranking list; close names on it: {names}. Give the name as "
    "listed, or --unlisted to register a player off the list"
)


def parse_pairing(state: State, text: str) -> list[tuple[int, int | None]]:
    """``"1-4,2-3,5"`` → pid pairs (seeding numbers or names; a lone one = bye)."""
    out: list[tuple[int, int | None]] = []
    for part in re.split(r"[,;]", text):
        part = part.strip()
        if not part:
            continue
        bits = [b.strip() for b in re.split(r"\s*[-–:]\s*", part)]
        if len(bits) == 1:
            out.append((player(state, bits[0]), None))
        elif len(bits) == 2:
            out.append((player(state, bits[0]), player(state, bits[1])))
        else:
            raise ArgumentError(_PAIRING, code="pairing", text=excerpt(part))
    if not out:
        raise ArgumentError(_PAIRING, code="pairing", text=excerpt(text))
    return out


def parse_score(text: str, who: str) -> int:
    """A game score: a whole number from 0 to the most a game may score."""
    from plansza.tournament.events import MAX_SCORE

    if not re.fullmatch(r"[0-9]{1,6}", text.strip()) or int(text) > MAX_SCORE:
        raise ArgumentError(
            N_("bad score {score} for {name}: a score is a whole number from 0 to 5000"),
            code="score",
            score=excerpt(text),
            name=who,
        )
    return int(text)


def parse_score_pair(text: str) -> tuple[int, int]:
    """A bye score such as ``300:250`` (MPA 2c i)."""
    return _number_pair(
        text,
        N_(
            "cannot read the bye score '{text}': give the bye's score and its opponent's "
            "as two whole numbers, like 300:250"
        ),
        "bye_score",
    )


def parse_last_moves(text: str) -> tuple[int, int]:
    """Both players' last moves, ``35:28`` in the order of the result (SCH: they decide
    a tie)."""
    return _number_pair(
        text,
        N_(
            "cannot read the last moves '{text}': give both players' last moves as two "
            "whole numbers, like 35:28"
        ),
        "last_moves",
    )


def _number_pair(text: str, template: str, code: str) -> tuple[int, int]:
    """Two whole numbers written ``A:B``; else an :class:`ArgumentError` of ``template``."""
    m = re.fullmatch(r"([0-9]{1,4}):([0-9]{1,4})", text.strip())
    if not m:
        raise ArgumentError(template, code=code, text=excerpt(text))
    return int(m.group(1)), int(m.group(2))


MOST_RANKING = 10_000
"""The highest ranking a player may be registered with (a PFS ranking is about 50–250;
the ratings a TSH file or an English tournament carries, about 500–2300, fit too). The
ranking's history takes the same bound for a registered ranking
(:data:`plansza.ranking.records.MAX_REGISTERED_RANKING`); ``inf`` or ``1e308`` is a
typo, and broke the ``.t`` export and the ranking's estimate."""
MOST_GAMES = 1_000_000
"""The most ranked games a player may be registered with: the history's whole size
(:data:`plansza.files.HISTORY_LIMIT` holds about a million games, several times the PFS
history; :data:`plansza.ranking.records.MAX_REGISTERED_GAMES`)."""
BAD_RANKING = N_("the ranking {value} is out of range: a ranking is from 0 to {most}")
BAD_GAMES = N_("the games {value} are out of range: a whole number from 0 to {most}")


def check_registration(data: dict[str, Any]) -> dict[str, Any]:
    """A registration's name, ranking and games checked where they enter (the command
    line, the console, a list of players): a name is one line of printable text, a
    ranking a number from 0 to :data:`MOST_RANKING`, games a whole number from 0 to
    :data:`MOST_GAMES`; else an :class:`ArgumentError` or a
    :class:`~plansza.errors.FormatError` naming the value (nothing is recorded).

    >>> check_registration({"name": "Ala", "ranking": float("inf")})
    Traceback (most recent call last):
    ...
    plansza.services.tournament.ArgumentError: the ranking inf is out of range: a ranking \
is from 0 to 10000
    """
    import math

    check_name(str(data.get("name", "")))
    ranking = data.get("ranking")
    if ranking is not None and not (
        isinstance(ranking, int | float)
        and not isinstance(ranking, bool)
        and math.isfinite(ranking)
        and 0 <= ranking <= MOST_RANKING
    ):
        raise ArgumentError(
            BAD_RANKING,
            code="ranking_range",
            value=excerpt(f"{ranking:g}" if isinstance(ranking, float) else str(ranking)),
            most=MOST_RANKING,
        )
    games = data.get("games", 0)
    if not (isinstance(games, int) and not isinstance(games, bool) and 0 <= games <= MOST_GAMES):
        raise ArgumentError(
            BAD_GAMES, code="games_range", value=excerpt(str(games)), most=MOST_GAMES
        )
    return data


def check_date(text: str, field: str = "--date") -> str:
    """A day of play written ``YYYY-MM-DD`` from 1900 to 2999
    (:func:`plansza.inputs.check_day`), as ISO text; else an error naming ``field``.

    >>> check_date("2026-05-01"), check_date(" 2026-05-02 ")
    ('2026-05-01', '2026-05-02')
    >>> check_date("9999-12-31")
    Traceback (most recent call last):
    ...
    plansza.errors.FormatError: --date 9999-12-31 is out of range: a date from 1900-01-01 \
to 2999-12-31
    """
    from datetime import date

    written = text.strip()
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", written):
            raise ValueError(written)
        day = date.fromisoformat(written)
    except ValueError:
        raise ArgumentError(
            N_("{field}: bad date {text} (YYYY-MM-DD)"),
            code="bad_date",
            field=field,
            text=excerpt(text),
        ) from None
    return check_day(day, field).isoformat()


def read_players_csv(text: str, source: str) -> list[dict[str, Any]]:
    """Players from a CSV with a header (name, ranking, games, club, city, categories,
    division; the Polish headers nazwisko/gracz, ranking, partie, klub, miasto,
    kategorie, dywizja/grupa also understood). Categories are comma-separated."""
    sample = text[:2000]
    delim = ";" if sample.count(";") > sample.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delim))
    if not rows:
        raise FormatError(N_("no name column (name/nazwisko/gracz)"), source=source)
    aliases = {
        "name": ("name", "nazwisko", "gracz", "zawodnik", "imię i nazwisko"),
        "ranking": ("ranking", "rating"),
        "games": ("games", "partie", "gry"),
        "club": ("club", "klub", "szkoła", "school"),
        "city": ("city", "miasto"),
        "categories": ("categories", "category", "kategorie", "kategoria"),
        "division": ("division", "dywizja", "grupa", "group"),
    }
    header = [h.strip().casefold() for h in rows[0]]
    col = {k: next((i for i, h in enumerate(header) if h in v), None) for k, v in aliases.items()}
    if col["name"] is None:
        raise FormatError(N_("no name column (name/nazwisko/gracz)"), line=1, source=source)
    out: list[dict[str, Any]] = []
    for lineno, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row):
            continue

        def cell(key: str, row: list[str] = row) -> str:
            i = col[key]
            return csv_text(row[i].strip()) if i is not None and i < len(row) else ""

        rec: dict[str, Any] = {"name": cell("name"), "club": cell("club"), "city": cell("city")}
        if cell("categories"):
            rec["categories"] = category_list([cell("categories")])
        if cell("division"):
            rec["division"] = cell("division")
        r = cell("ranking").replace(",", ".")
        g = cell("games")
        # ASCII digits, a sane size: \d and isdecimal() take "١٢", int() 20 digits
        for value in (r, g):
            pattern = r"[0-9]{1,5}(\.[0-9]{1,6})?" if value is r else r"[0-9]{1,6}"
            if value and not re.fullmatch(pattern, value):
                raise FormatError(
                    N_("'{text}' is not a number"),
                    line=lineno,
                    source=source,
                    text=excerpt(value),
                )
        rec["ranking"] = float(r) if r else None
        rec["games"] = int(g) if g else 0
        if not rec["name"]:
            raise FormatError(N_("empty player name"), line=lineno, source=source)
        check_name(rec["name"], line=lineno, source=source)
        if any(r["name"] == rec["name"] for r in out):
            raise FormatError(
                N_("{name} is already registered"), line=lineno, source=source, name=rec["name"]
            )
        out.append(rec)
    return out


def from_list(
    listing: PublishedList | None, data: dict[str, Any], *, unlisted: bool = False
) -> ListedPlayer | None:
    """Fill a registration from the imported ranking list (RR §2.1: a listed player plays
    with the list's ranking); the listed player found, if any.

    Nothing is looked up when the ranking is given (the referee's value wins, e.g. an
    RR §2.3 correction), without a list, or with ``unlisted``. Found (as written, or
    ignoring case): the list's spelling of the name, its ranking and games, and its
    club and city where none were given. Not found but close to listed names: refused
    with those names, since a typo would cost the player their ranking; not close to
    anyone: a player off the list (a debutant, RR §2.2).
    """
    if listing is None or unlisted or data.get("ranking") is not None:
        return None
    name = str(data.get("name", ""))
    hit = listing.find(name)
    if hit is None:
        close = listing.suggest(name)
        if close:
            raise ArgumentError(
                NOT_LISTED,
                code="not_listed",
                name=name,
                names=", ".join(close),
            )
        return None
    data["name"] = hit.name
    data["ranking"] = hit.ranking
    if not data.get("games"):
        data["games"] = hit.games
    for key in ("club", "city"):
        if not data.get(key):
            data[key] = getattr(hit, key)
    return hit


def from_history(
    history: RankingHistory, data: dict[str, Any], day: date
) -> TournamentRanking | None:
    """Fill a registration of a player off the ranking list from the ranking's history:
    the tournament ranking they play with on ``day`` (RR §2.3: 30+ career games; RR
    §2.4: fewer, padded with scalps of 100; raised to at least 100, RR §2.2) and their
    career games; the ranking found, or ``None`` (not in the history: a debutant, or a
    ranking given already).

    >>> from datetime import date
    >>> from plansza.ranking.hollington import RankingHistory
    >>> from plansza.ranking.records import RankedGame
    >>> games = [RankedGame(date(2026, 1, 10), "Turniej", "Ola", "Ela", 400, 300)] * 24
    >>> data = {"name": "ola"}
    >>> found = from_history(RankingHistory(games), data, date(2026, 6, 1))
    >>> found.basis.value, data["name"], data["games"]
    ('padded', 'Ola', 24)
    """
    from plansza.ranking.hollington import UnknownPlayerError

    if data.get("ranking") is not None:
        return None
    try:
        name = history.find_player(str(data.get("name", "")))
    except UnknownPlayerError:
        return None
    found = history.tournament_ranking(name, day, detail=False)
    if found.career_games == 0:
        return None
    data["name"] = name
    data["ranking"] = found.value
    data["games"] = found.career_games
    return found


def category_list(values: list[str]) -> list[str]:
    """Categories given as options, each possibly a comma-separated list.

    Known categories are stored by their key (``kobiety`` and ``K`` are ``women``).

    >>> category_list(["K, J", "U12"])
    ['women', 'juniors', 'U12']
    """
    from plansza.tournament.categories import label

    return list(dict.fromkeys(label(c) for v in values for c in v.split(",") if c.strip()))


def _refuse_unchanged(state: State, data: dict[str, Any]) -> None:
    """A correction that would leave the result as it is: refused, nothing recorded
    (the log says what changed, not a correction that did not)."""
    rnd = state.rounds.get(data["round"])
    p = rnd.pairing_of(data["a"]) if rnd is not None else None
    if p is None or p.result is None or p.second is None:
        return  # the rules name what is wrong with it
    r = p.result
    same_side = p.first == data["a"]
    now = (r.score_first, r.score_second) if same_side else (r.score_second, r.score_first)
    last = r.last_moves if same_side or r.last_moves is None else r.last_moves[::-1]
    wanted_last = tuple(data["last"]) if "last" in data else last
    if (data["sa"], data["sb"]) == now and wanted_last == last and r.kind == "game":
        raise IllegalActionError(
            "unchanged",
            N_("round {round}: {a} {sa}:{sb} {b} is the result already; nothing to correct"),
            round=data["round"],
            a=state.players[data["a"]].name,
            sa=data["sa"],
            sb=data["sb"],
            b=state.players[data["b"]].name,
        )


def walkovers(state: State) -> dict[tuple[int, int], int]:
    """Every walkover's N (TR 7.2) by (round, winner's pid)."""
    out: dict[tuple[int, int], int] = {}
    for n, rnd in state.rounds.items():
        for p in rnd.pairings:
            r = p.result
            if r is not None and r.kind == "walkover" and p.second is not None:
                first = r.winner == 0
                out[(n, p.first if first else p.second)] = (
                    r.score_first if first else r.score_second
                )
    return out


@dataclass(frozen=True)
class Correction:
    """A correction recorded (TR 4.6.4): the players and scores, whose consent it rests
    on (``players``, ``referee`` or ``override``), the day of play, and the walkovers
    whose N changed with it as ((round, winner's pid), new N) (TR 7.2)."""

    a: int
    score_a: int
    b: int
    score_b: int
    consent: str
    day: int
    walkovers: list[tuple[tuple[int, int], int]]


Table = tuple[int, int | None]


def pairing_text(state: State, tables: Sequence[Table]) -> str:
    """Tables as a pairing by hand reads them: seeding numbers, a lone one the bye.

    >>> from plansza.tournament.model import Settings, State
    >>> s = State(Settings("T", 3, "halving"))
    >>> a, b, c = (s.add_player(x) for x in ("A", "B", "C"))
    >>> pairing_text(s, [(a, c), (b, None)])
    '1-3, 2'
    """
    from plansza.tournament.model import seeds

    sd = seeds(state)
    return ", ".join(str(sd[a]) if b is None else f"{sd[a]}-{sd[b]}" for a, b in tables)


def swap_players(tables: Sequence[Table], a: int, b: int, names: dict[int, str]) -> list[Table]:
    """``tables`` with players ``a`` and ``b`` in each other's places (the bye too);
    refused when it changes nothing (the same player, or the two already meet).

    >>> swap_players([(1, 2), (3, 4), (5, None)], 2, 5, {})
    [(1, 5), (3, 4), (2, None)]
    """
    if a == b:
        raise ArgumentError(N_("choose two different players to swap"), code="swap_same")
    for k, (x, y) in enumerate(tables, 1):
        if {x, y} == {a, b}:
            raise ArgumentError(
                N_("{a} and {b} already meet at table {table}: swapping them changes nothing"),
                code="swap_same_table",
                a=names.get(a, a),
                b=names.get(b, b),
                table=k,
            )
    where = {p for table in tables for p in table if p is not None}
    for p in (a, b):
        if p not in where:
            raise ArgumentError(
                N_("{name} is not in this pairing"), code="swap_absent", name=names.get(p, p)
            )
    other = {a: b, b: a}
    return [(other.get(x, x), None if y is None else other.get(y, y)) for x, y in tables]


@dataclass(frozen=True)
class Note:
    """A note to the referee in the catalogues' words: an English message id (with its
    plural and the number choosing it) and its details, for each front end to say in
    its user's language."""

    template: str
    details: dict[str, object]
    plural: str | None = None
    number: int | None = None

    def said(self, t: Any) -> str:
        """In the language of the translator ``t`` (a gettext translations object).

        >>> from plansza.i18n import translator
        >>> Note("round {round} paired", {"round": 3}).said(translator("en"))
        'round 3 paired'
        """
        if self.plural is not None and self.number is not None:
            text = t.ngettext(self.template, self.plural, self.number)
        else:
            text = t.gettext(self.template)
        return str(text).format(**self.details)


def pairing_notes(state: State, n: int) -> list[Note]:
    """What the pairing of round ``n`` had to do, as its log records it: the pairs that
    meet again and why that was allowed, a score group widened (RS §7.5–7.6) — the
    same notes for the command line and the console.

    >>> from plansza.tournament.model import Settings, State, Round
    >>> s = State(Settings("T", 5, "halving"))
    >>> s.rounds[2] = Round(2, [], notes={"why": "manual", "widened": 1.5})
    >>> [x.template for x in pairing_notes(s, 2)]
    ['Paired by hand with repeats.', 'The score groups were widened to {range} points (RS §7.6).']
    """
    from plansza.tournament.model import seeds

    rnd = state.rounds[n]
    notes = rnd.notes
    sd = seeds(state)

    def name(pid: int) -> str:
        return f"{sd[pid]} {state.players[pid].name}"

    out: list[Note] = []
    for a, b, met in notes.get("repeats", []):
        p = rnd.pairing_of(a)
        one, many = NP_(
            "Table {table}: {a} – {b} meet again (they played in round {rounds})",
            "Table {table}: {a} – {b} meet again (they played in rounds {rounds})",
        )
        details: dict[str, object] = {
            "table": "?" if p is None else p.table,
            "a": name(a),
            "b": name(b),
            "rounds": ", ".join(str(k) for k in met),
        }
        out.append(Note(one, details, plural=many, number=len(met)))
    why = notes.get("why")
    if why == "forced":
        out.append(
            Note(
                N_(
                    "No pairing without repeats exists (RS §7.5), so these repeats are "
                    "allowed (RS §7.6)."
                ),
                {},
            )
        )
    elif why == "allowed":
        out.append(Note(N_("Repeats are allowed in this pairing (the setting or the format)."), {}))
    elif why == "manual":
        out.append(Note(N_("Paired by hand with repeats."), {}))
    if notes.get("widened"):
        out.append(
            Note(
                N_("The score groups were widened to {range} points (RS §7.6)."),
                {"range": f"{notes['widened']:g}"},
            )
        )
    return out


@dataclass(frozen=True)
class PreviewSide:
    """One player at a proposed table, as the standings before the round stand
    (RS §7.2 adjustments included; ``adjustment``: the one given for this round)."""

    pid: int
    seed: int
    name: str
    place: int
    big_points: float
    small_points: int
    spread: int
    adjustment: Any = None


@dataclass(frozen=True)
class PreviewTable:
    """A proposed table: its number and its two players (``second`` None: the bye)."""

    table: int
    first: PreviewSide
    second: PreviewSide | None

    @property
    def across_groups(self) -> bool:
        """The two come from different score groups (RS §7.5: a player moved down)."""
        return self.second is not None and self.first.big_points != self.second.big_points


def pairing_preview(state: State, n: int) -> list[PreviewTable]:
    """Round ``n`` of ``state`` (paired, on trial) with each player's standing before
    it — place, big and small points, spread, the adjustment given for it (RS §7.2):
    what the referee looks at before recording a pairing.

    >>> from plansza.tournament.model import Settings, State, Round, Pairing, Result
    >>> s = State(Settings("T", 3, "halving"))
    >>> a, b, c, d = (s.add_player(x) for x in "ABCD")
    >>> s.rounds[1] = Round(1, [Pairing(1, a, b, Result(400, 300)),
    ...                         Pairing(2, c, d, Result(350, 360))])
    >>> s.rounds[2] = Round(2, [Pairing(1, a, d), Pairing(2, b, c)])
    >>> [(t.first.name, t.first.big_points, t.second.name) for t in pairing_preview(s, 2)]
    [('A', 1.0, 'D'), ('B', 0.0, 'C')]
    """
    from plansza.tournament.model import seeds
    from plansza.tournament.standings import standings

    sd = seeds(state)
    lines = {st.pid: st for st in standings(state, n - 1)} if n > 1 else {}
    given = {
        pid: next((x for x in adjs if x.round == n), None)
        for pid, adjs in state.adjustments.items()
    }

    def side(pid: int) -> PreviewSide:
        st = lines.get(pid)
        name = state.players[pid].name
        if st is None:
            return PreviewSide(pid, sd[pid], name, 0, 0.0, 0, 0, given.get(pid))
        return PreviewSide(
            pid,
            sd[pid],
            name,
            st.place,
            st.big_points,
            st.small_points,
            st.spread,
            given.get(pid),
        )

    return [
        PreviewTable(p.table, side(p.first), None if p.second is None else side(p.second))
        for p in state.rounds[n].pairings
    ]


@dataclass
class Referee:
    """The referee's commands on one tournament file (``now`` stamps each event)."""

    file: TournamentFile
    now: Stamp
    #: Who records the events (a referee's account in the web app; None: the CLI).
    by: str | None = None
    #: The log's last sequence number when the referee looked (the web app's forms):
    #: a change recorded since then to the same game or player is refused as a
    #: conflict (:class:`~plansza.tournament.storage.ConflictError`), not overwritten.
    expected: int | None = None
    #: Events staged on the file (checked and applied to its kept state, written with
    #: others by :meth:`~plansza.tournament.storage.TournamentFile.commit_staged`)
    #: instead of appended one by one: the tables' phones sending at once.
    staged: bool = False

    @classmethod
    @contextmanager
    def open(cls, path: str | None, now: Stamp, *, directory: str = ".") -> Iterator[Referee]:
        """The tournament at ``path`` (or the one in ``directory``), closed afterwards."""
        file = open_file(path, directory=directory)
        try:
            yield cls(file, now)
        finally:
            file.close()

    @staticmethod
    def create(
        path: str, settings: Settings, now: Stamp, *, registry: str | None = None
    ) -> list[Finding]:
        """A new tournament file (refused if one is there), its roles checked first
        (:func:`check_roles`: a refusal creates nothing); the warnings found."""
        from plansza.tournament.storage import TournamentFile

        warnings = check_roles(settings, registry)
        TournamentFile.create(path, settings, at=now()).close()
        return warnings

    def state(self) -> State:
        return self.file.state()

    def _round(self, state: State, n: int) -> int:
        if n not in state.rounds:
            raise PlanszaError(N_("round {round} has not been paired"), code="no_round", round=n)
        return n

    def _record(self, kind: str, data: dict[str, Any]) -> None:
        if self.staged:
            self.file.stage(kind, data, at=self.now(), by=self.by)
            return
        self.file.append(kind, data, at=self.now(), expected=self.expected, by=self.by)

    # ---- players -----------------------------------------------------------------

    def add_player(self, data: dict[str, Any]) -> int:
        """Register a player (after round 1: a late entry, RS §7.2); the new pid.
        The name, ranking and games are checked first (:func:`check_registration`)."""
        self._record("player_added", check_registration(data))
        return max(self.state().players)

    def set_categories(self, who: str, categories: list[str], division: str | None = None) -> int:
        """Set a player's prize categories (the whole set) and, before round 1, their
        division; the pid."""
        state = self.state()
        pid = player(state, who)
        data: dict[str, Any] = {"player": pid, "categories": categories}
        if division is not None:
            data["division"] = division
        self._record("categories", data)
        return pid

    def import_players(self, records: list[dict[str, Any]]) -> int:
        """Register all the players or none (each checked by
        :func:`check_registration` first); how many."""
        self.file.append_many(
            [("player_added", check_registration(r)) for r in records],
            at=self.now(),
            expected=self.expected,
            by=self.by,
        )
        return len(records)

    def withdraw(
        self, who: str, round_no: int | None, excluded: bool, removed: bool = False
    ) -> tuple[int, int]:
        """A player withdraws (or is excluded, TR 7.1, or removed as a no-show,
        TR 6.3.4) from a round on; (pid, round)."""
        state = self.state()
        pid = player(state, who)
        n = state.next_round if round_no is None else round_no
        data: dict[str, Any] = {"player": pid, "round": n, "excluded": excluded}
        if removed:
            data["removed"] = True
        self._record("withdraw", data)
        return pid, n

    def come_back(self, who: str, round_no: int | None) -> tuple[int, int]:
        """A withdrawn player returns from a round on; (pid, round)."""
        state = self.state()
        pid = player(state, who)
        n = state.next_round if round_no is None else round_no
        self._record("return", {"player": pid, "round": n})
        return pid, n

    # ---- rounds ------------------------------------------------------------------

    def pair(
        self,
        round_no: int | None = None,
        *,
        manual: str = "",
        day: str | None = None,
        preview: bool = False,
        swaps: Sequence[tuple[int, int]] = (),
    ) -> tuple[State, int]:
        """Pair a round (by the system, or ``manual`` pairs); ``preview`` records
        nothing. The state with the round paired, and its number. ``swaps``: the
        players (pids) the referee swapped in the system's proposal to make ``manual``
        (:func:`swap_players`), kept in the log with the pairing by hand."""
        from plansza.tournament.events import Event, apply, replay
        from plansza.tournament.pairing import PairingNotes, explain, pair_round

        state = self.state()
        n = state.next_round if round_no is None else round_no
        notes: PairingNotes | None = None
        if manual:
            tables = parse_pairing(state, manual)
            method = "manual"
        else:
            if n != state.next_round and n != state.last_round:
                raise PlanszaError(
                    N_("cannot pair round {round}: the next round is {next}"),
                    code="wrong_round",
                    round=n,
                    next=state.next_round,
                )
            if n > state.settings.rounds:
                raise PlanszaError(
                    N_("the tournament has only {rounds} rounds"),
                    code="over",
                    rounds=state.settings.rounds,
                )
            if n > 1 and n - 1 in state.rounds and not state.rounds[n - 1].complete:
                raise PlanszaError(
                    N_("round {round} still lacks results"), code="incomplete", round=n - 1
                )
            notes = PairingNotes()
            tables = pair_round(state, n, notes=notes)
            method = "auto"
        data: dict[str, Any] = {"round": n, "tables": [list(x) for x in tables], "method": method}
        if manual and swaps:
            data["swapped"] = [[a, b] for a, b in swaps]
        said = explain(state, n, tables, notes)  # RS §7.5–7.6: repeats, a widened group
        if said:
            data["notes"] = said
        if day is not None:
            data["date"] = check_date(day)
        if preview:  # the same checks as a real pairing, on a copy; nothing is written
            trial = replay(self.file.events())
            apply(trial, Event(0, "paired", data, self.now()))
            return trial, n
        self._record("paired", data)
        return self.state(), n

    def _score_data(
        self,
        state: State,
        round_no: int,
        a: str,
        score_a: str,
        b: str,
        score_b: str,
        last_moves: str | None = None,
    ) -> dict[str, Any]:
        pa, pb = player(state, a), player(state, b)
        data: dict[str, Any] = {
            "round": self._round(state, round_no),
            "a": pa,
            "sa": parse_score(score_a, state.players[pa].name),
            "b": pb,
            "sb": parse_score(score_b, state.players[pb].name),
        }
        if last_moves is not None:  # SCH: the higher last move wins a tie
            data["last"] = list(parse_last_moves(last_moves))
        return data

    def result(
        self,
        round_no: int,
        a: str,
        score_a: str,
        b: str,
        score_b: str,
        *,
        note: str | None = None,
        last_moves: str | None = None,
    ) -> tuple[int, int, int, int]:
        """Enter a result, or correct one when ``note`` is given (with the players'
        consent only, :meth:`correct`); the players' pids and scores. ``last_moves``
        (``35:28``, A's then B's) decides a tie in a school tournament (SCH)."""
        if note is not None:
            c = self.correct(round_no, a, score_a, b, score_b, note=note, last_moves=last_moves)
            return c.a, c.score_a, c.b, c.score_b
        data = self._score_data(self.state(), round_no, a, score_a, b, score_b, last_moves)
        self._record("result", data)
        return data["a"], data["sa"], data["b"], data["sb"]

    def table_result(
        self,
        round_no: int,
        first: int,
        score_first: int,
        second: int,
        score_second: int,
        last_moves: tuple[int, int] | None = None,
        *,
        state: State | None = None,
    ) -> None:
        """Enter the result of a table whose players are known by pid and whose scores
        are checked already (a table's phones, the referee's queue): the log refuses
        it as it refuses :meth:`result` (a result in already, a round not paired).
        ``state``: the tournament as the caller has just read it (the log's own check
        when appending still refuses what another writer made wrong meanwhile)."""
        data: dict[str, Any] = {
            "round": self._round(self.state() if state is None else state, round_no),
            "a": first,
            "sa": score_first,
            "b": second,
            "sb": score_second,
        }
        if last_moves is not None:
            data["last"] = list(last_moves)
        self._record("result", data)

    def correct(
        self,
        round_no: int,
        a: str,
        score_a: str,
        b: str,
        score_b: str,
        *,
        note: str = "",
        referee_consent: bool = False,
        override: bool = False,
        last_moves: str | None = None,
    ) -> Correction:
        """Correct a confirmed result (TR 4.6.4), on record with whose consent it rests
        on and the day of play.

        Both players' consent is taken as given (the referee records it); past the
        players' window ``referee_consent`` or, past the referee's, ``override`` is
        needed, else the rules refuse it. Walkovers whose N follows the corrected
        result (TR 7.2) are reported with their new N.
        """
        state = self.state()
        data = self._score_data(state, round_no, a, score_a, b, score_b, last_moves)
        _refuse_unchanged(state, data)
        # recorded: the consent the referee chose (refused by the rules when it is not
        # enough now, naming TR 4.6.4) — the log and the report say what was given
        data["consent"] = "override" if override else "referee" if referee_consent else "players"
        data["day"] = state.day
        data["note"] = note
        before = walkovers(state)
        self._record("correct", data)
        after = walkovers(self.state())
        changed = [(key, n) for key, n in after.items() if before.get(key) not in (None, n)]
        return Correction(
            data["a"], data["sa"], data["b"], data["sb"], data["consent"], state.day, changed
        )

    def walkover(
        self, round_no: int, winner: str, loser: str, *, score: int = 0, replace: bool = False
    ) -> tuple[int, int]:
        """A walkover (TR 7.2); the winner's pid and N of N:1, computed from the results.
        A score at the time outside 0–5000 is a bad argument (:class:`ArgumentError`)."""
        state = self.state()
        w, lo = player(state, winner), player(state, loser)
        parse_score(str(score), state.players[w].name)
        self._record(
            "walkover",
            {
                "round": self._round(state, round_no),
                "winner": w,
                "loser": lo,
                "score": score,
                "replace": replace,
            },
        )
        p = self.state().rounds[round_no].pairing_of(w)
        assert p is not None and p.result is not None
        return w, max(p.result.score_first, p.result.score_second)

    def forfeit(self, round_no: int, a: str, b: str, *, replace: bool = False) -> tuple[int, int]:
        """Both absent: a loss for both; their pids."""
        state = self.state()
        pa, pb = player(state, a), player(state, b)
        self._record(
            "forfeit", {"round": self._round(state, round_no), "a": pa, "b": pb, "replace": replace}
        )
        return pa, pb

    def bye(self, round_no: int, who: str) -> int:
        """Move the bye of a round to a player (a manual change); the pid."""
        state = self.state()
        pid = player(state, who)
        self._record("bye", {"round": self._round(state, round_no), "player": pid})
        return pid

    def bye_adjustment(self, round_no: int, who: str) -> int:
        """RS §7.7: the bye of a player who has not played becomes an adjustment — the
        player sits the round out and joins the next with an RS §7.2 adjustment; the pid."""
        state = self.state()
        pid = player(state, who)
        self._record("bye_adjustment", {"round": self._round(state, round_no), "player": pid})
        return pid

    def new_day(self, day: str | None = None) -> int:
        """Start the next day of play (TR 4.6.4: it ends the previous one); its number."""
        n = self.state().day + 1
        data: dict[str, Any] = {"day": n}
        if day is not None:
            data["date"] = check_date(day)
        self._record("new_day", data)
        return n

    def close(self) -> None:
        """The official end of the tournament (TR 4.6.4): afterwards a correction needs
        the referee's consent (the same day of play) or override."""
        self._record("closed", {})

    def penalty(self, round_no: int, who: str, points: int) -> int:
        """A penalty of a multiple of 5 points (TR 7.1); the pid."""
        state = self.state()
        pid = player(state, who)
        self._record(
            "penalty", {"round": self._round(state, round_no), "player": pid, "points": points}
        )
        return pid

    def clock(
        self, round_no: int | None, action: str, minutes: int | None = None
    ) -> tuple[int, RoundClock]:
        """Start (``minutes``, default the ``round_minutes`` setting), pause or resume the
        clock of a round (None: the last paired), on record; (the round, its clock)."""
        state = self.state()
        n = self._round(state, (state.last_round or 1) if round_no is None else round_no)
        data: dict[str, Any] = {"round": n, "action": action}
        if minutes is not None:
            data["minutes"] = minutes
        self._record("clock", data)
        return n, self.state().clocks[n]

    # ---- the file ----------------------------------------------------------------

    def change_settings(self, changes: dict[str, Any], *, registry: str | None = None) -> Settings:
        """Change settings, on record; the settings in force. A change of the roles
        (the category, the referees, the candidates) is checked first
        (:func:`check_roles`): a refusal records nothing; :meth:`role_warnings` says
        what is only warned of."""
        from plansza.tournament.events import changed_settings

        if ROLE_SETTINGS & changes.keys():
            check_roles(changed_settings(self.state().settings, changes), registry)
        if changes:
            self._record("settings", {"changes": changes})
        return self.state().settings

    def role_warnings(self, registry: str | None = None) -> list[Finding]:
        """What the rules warn of in the tournament's roles as they stand."""
        return check_roles(self.state().settings, registry)

    def undo(self) -> tuple[State, Event]:
        """Take back the last event in force; the state before and the event undone."""
        from plansza.tournament.events import effective

        state = self.state()
        live = effective(self.file.events())
        self._record("undo", {})
        return state, live[-1]


# ---- what both front ends ask before and after an action -----------------------------

PRESETS = ("pfs", "school")  # a new tournament: PFS rules, or the school tournament (SCH)


def new_settings(
    name: str,
    rounds: int,
    system: str,
    *,
    minutes: int = 15,
    dates: list[str] | None = None,
    bye_score: tuple[int, int] | None = None,
    criteria: list[str] | None = None,
    repeats: bool = False,
    seed: int = 0,
    referee: str = "",
    venue: str = "",
    preset: str = "pfs",
    today: str = "",
    roles: dict[str, Any] | None = None,
) -> Settings:
    """The settings of a new tournament, checked from their types (a
    :class:`~plansza.records.RecordError` names what is wrong).

    MPA brings its own chains and bye (MPA 2c–2e); ``school`` its teams and tie rule
    (SCH). Without ``bye_score`` a bye scores 300:250 (MPA 2c i; the PFS rules set none).
    ``roles``: the category and the referees' roles (``category``, ``assistants``,
    ``referee_plays``, ``internship``, ``exam``; RR §4, RS §3, §6), checked against the
    federation's registry by :func:`referee_findings`.

    >>> s = new_settings("Klubowy", 5, "halving", preset="school", today="2026-05-01")
    >>> s.team_limit, s.tie_rule, s.dates
    (8, 'higher_last_move', ('2026-05-01',))
    """
    from plansza.records import load
    from plansza.tournament import model
    from plansza.tournament.model import Settings

    if preset not in PRESETS:
        raise ArgumentError(
            N_("unknown preset {preset}: choose one of {presets}"),
            code="preset",
            preset=excerpt(preset),
            presets=", ".join(PRESETS),
        )
    chain: tuple[str, ...] = model.PFS_CHAIN
    final_chain: tuple[str, ...] | None = None
    exclude = 0
    if system == "mpa":
        chain, final_chain, exclude = model.MPA_ROUND_CHAIN, model.MPA_FINAL_CHAIN, 2
        bye_score = bye_score or model.MPA_BYE_SCORE
    if criteria:
        chain = tuple(criteria)
    settings = load(
        Settings,
        {
            "name": name,
            "rounds": rounds,
            "system": system,
            "minutes": minutes,
            "dates": [check_date(d) for d in dates] if dates else ([today] if today else []),
            "bye_score": list(bye_score or model.MPA_BYE_SCORE),
            "criteria": list(chain),
            "final_criteria": None if final_chain is None else list(final_chain),
            "exclude_best_wins": exclude,
            "repeats": repeats,
            "seed": seed,
            "referee": referee.strip(),
            "venue": venue.strip(),
            **(roles or {}),
        },
    )
    if preset == "school":  # SCH: one team of 8 per school, a tie to the higher last move
        team = model.SCHOOL_TEAM
        settings = settings.with_(team_limit=team, team_size=team, tie_rule="higher_last_move")
    return settings


#: The settings :func:`check_roles` looks at (RR §4, RS §2–§6).
ROLE_SETTINGS = frozenset(
    {"category", "assistants", "referee_plays", "internship", "exam", "referee"}
)


class RolesRefused(PlanszaError):
    """What the rules refuse in a tournament's roles: the first refusal, worded with
    its paragraph; :attr:`findings` has them all."""

    code = "roles"

    def __init__(self, findings: list[Finding]) -> None:
        first = findings[0]
        super().__init__(
            N_("{paragraph}: {why}"),
            paragraph=first.paragraph,
            why=PlanszaError(first.template, **cast("dict[str, Any]", first.details)),
        )
        self.findings = findings


def check_roles(settings: Settings, registry: str | None = None) -> list[Finding]:
    """RR §4, RS §2–§6: a tournament's category, referees and candidates checked, for
    every front end alike: a refusal raises :class:`RolesRefused`; the warnings are
    returned. ``registry``: the federation's registry file, whose licences are then
    checked on the tournament's first day (without it, only what the settings show).

    >>> from plansza.tournament.model import Settings
    >>> check_roles(Settings("Klubowy", 5, "halving"))
    []
    >>> s = Settings("GP Łodzi", 7, "halving", category="GP", referee="Nowak Jan",
    ...              referee_plays=True)
    >>> try:
    ...     check_roles(s)
    ... except RolesRefused as e:
    ...     print(e.details["paragraph"])
    RS §6.4
    """
    standings = None
    if registry is not None and settings.category:
        from datetime import date

        from plansza.services.federation import standings_for

        names = [settings.referee, *settings.assistants]
        first_day = settings.dates[0] if settings.dates else date.today().isoformat()
        standings = standings_for(registry, names, first_day)
    findings = referee_findings(settings, standings)
    refused = [f for f in findings if f.level == "refuse"]
    if refused:
        raise RolesRefused(refused)
    return [f for f in findings if f.level == "warn"]


def referee_findings(settings: Settings, standings: Any = None) -> list[Finding]:
    """What the rules say of a tournament's referee and roles
    (:func:`plansza.federation.roles.check`): its declared category, head referee,
    assistants, internship and exam. ``standings``: each person's
    :class:`~plansza.federation.roles.Standing` on the first day, from the federation's
    registry (``None``: no registry; the licences are then not checked). Nothing for a
    tournament that declares no category.

    >>> from plansza.tournament.model import Settings
    >>> s = Settings("GP Łodzi", 7, "halving", category="GP", referee="Nowak Jan")
    >>> from plansza.federation.roles import Standing
    >>> [f.paragraph for f in referee_findings(s, {"Nowak Jan": Standing(degree=2)})]
    ['RS §2.2']
    """
    from plansza.federation.roles import check

    if not settings.category:
        return []
    known = standings or {}
    return check(
        category=settings.category,
        referee=settings.referee,
        standing=known.get(settings.referee) if standings is not None else None,
        plays=settings.referee_plays,
        assistants=settings.assistants,
        assistant_standings=known,
        internship=settings.internship,
        exam=settings.exam,
        rounds=settings.rounds,
    )


def pending_removals(state: State, n: int) -> list[tuple[int, int]]:
    """TR 6.3.4: (pid, round) of each player who lost round ``n - 1`` by walkover and
    still plays: a player still absent is removed before round ``n`` is paired."""
    prev = state.rounds.get(n - 1)
    out: list[tuple[int, int]] = []
    if prev is None:
        return out
    for p in prev.pairings:
        r = p.result
        if r is None or r.kind != "walkover" or r.winner is None or p.second is None:
            continue
        loser = p.second if r.winner == 0 else p.first
        if state.players[loser].active_in(n):
            out.append((loser, n - 1))
    return out


_YES = frozenset({"1", "on", "true", "yes", "tak"})


def setting_changes(settings: Settings, texts: dict[str, str]) -> dict[str, Any]:
    """The settings a form changes, from their texts (only those that differ from
    ``settings``); a text that is not a value of its kind is an :class:`ArgumentError`
    naming the setting, and the values are checked by the rules when recorded.

    >>> from plansza.tournament.model import Settings
    >>> s = Settings("Klubowy", 5, "halving")
    >>> setting_changes(s, {"group_range": "1,5", "repeats": "", "bye_score": "300:250"})
    {'group_range': 1.5}
    """
    from plansza.records import dump
    from plansza.tournament.events import SETTABLE

    now = dump(settings)
    out: dict[str, Any] = {}
    for key in sorted(SETTABLE & texts.keys()):
        text = texts[key].strip()
        old = now[key]
        value: Any
        if isinstance(old, bool):
            value = text.casefold() in _YES
        elif key == "bye_score":
            value = list(parse_score_pair(text))
        elif key == "assistants":  # names, one after another, separated by commas
            value = [a.strip() for a in text.split(",") if a.strip()]
            old = list(old)
        elif key in ("criteria", "final_criteria"):
            chain = [c.strip() for c in text.split(",") if c.strip()]
            value = chain or (None if key == "final_criteria" else old)
        elif isinstance(old, int) and not isinstance(old, bool):
            if not re.fullmatch(r"-?[0-9]{1,9}", text):
                raise ArgumentError(_SETTING, code="setting", setting=key, text=excerpt(text))
            value = int(text)
        elif isinstance(old, float):
            try:
                value = float(text.replace(",", "."))
            except ValueError:
                raise ArgumentError(
                    _SETTING, code="setting", setting=key, text=excerpt(text)
                ) from None
        else:
            value = text
        if value != old:
            out[key] = value
    return out


_SETTING = N_("cannot read the setting {setting}: '{text}' is not a value of its kind")


def search_list(listing: PublishedList, text: str, limit: int = 12) -> list[ListedPlayer]:
    """The listed players whose name has a word starting with each word typed, case
    and Polish letters aside ("los j" finds "Łoś Jan"), in Polish alphabetical order.

    >>> from plansza.ranking.listing import ListedPlayer, PublishedList
    >>> ls = PublishedList((ListedPlayer("Łoś Jan", 130.0, 200), ListedPlayer("Lis Ola", 120.0, 5)))
    >>> [p.name for p in search_list(ls, "l")], [p.name for p in search_list(ls, "los j")]
    (['Lis Ola', 'Łoś Jan'], ['Łoś Jan'])
    """
    typed = fold(text).split()
    if not typed:
        return []
    found = [
        p for p in listing if all(any(w.startswith(x) for w in fold(p.name).split()) for x in typed)
    ]
    found.sort(key=lambda p: polish_collation_key(p.name))
    return found[:limit]


# ---- what the command line shows around the referee's commands -----------------------


def open_file(path: str | None, *, directory: str = ".") -> TournamentFile:
    """The tournament at ``path`` (``None``: the one ``*.turniej.sqlite`` file in
    ``directory``) opened; the caller closes it. The storage is imported here, when a
    file is opened, not when a front end starts."""
    from plansza.tournament.storage import TournamentFile, find_default

    return TournamentFile.open(path or find_default(directory))


def seeded_names(state: State) -> dict[int, str]:
    """Every player as the referee's lists name them: seeding number and name.

    >>> from plansza.tournament.model import Settings, State, TournamentPlayer
    >>> state = State(Settings("Klubowy", 5, "halving"))
    >>> state.players[1] = TournamentPlayer(1, "Ola Nowak", ranking=120.0)
    >>> state.players[2] = TournamentPlayer(2, "Anna Żak", ranking=150.0)
    >>> seeded_names(state)
    {1: '2 Ola Nowak', 2: '1 Anna Żak'}
    """
    from plansza.tournament.model import seeds

    sd = seeds(state)
    return {pid: f"{sd[pid]} {p.name}" for pid, p in state.players.items()}


def seeded_name(state: State, pid: int) -> str:
    """One player as the referee's lists name them (:func:`seeded_names`)."""
    from plansza.tournament.model import seeds

    return f"{seeds(state)[pid]} {state.players[pid].name}"


def describe_events(state: State, events: Sequence[Event], t: Translator) -> list[str]:
    """The events of the log in the language of ``t``, their players named by seeding
    number and name as they stand in ``state`` (``turniej log``, ``undo``)."""
    from plansza.tournament.events import describe

    names = seeded_names(state)
    return [describe(e, names, t) for e in events]


@dataclass(frozen=True)
class TableLine:
    """One table of a round as the referee's printout shows it (the first named starts)."""

    table: int
    first: int
    second: int | None  #: ``None``: the bye
    first_seed: int
    second_seed: int | None
    #: (the first's, the second's) score; ``None``: no result yet
    score: tuple[int, int] | None = None
    kind: str = "game"  #: the result's kind: game, walkover, forfeit, bye
    #: SCH: the last moves (the first's, the second's) that decided a tied game
    last_moves: tuple[int, int] | None = None


def round_tables(state: State, n: int) -> list[TableLine]:
    """The tables of round ``n`` with their results as they stand.

    >>> from plansza.tournament.model import Settings, State, TournamentPlayer, Round, Pairing
    >>> state = State(Settings("Klubowy", 5, "halving"))
    >>> for pid in (1, 2, 3):
    ...     state.players[pid] = TournamentPlayer(pid, f"P{pid}")
    >>> state.rounds[1] = Round(1, [Pairing(1, 1, 3), Pairing(2, 2, None)])
    >>> [(x.table, x.first_seed, x.second_seed, x.score) for x in round_tables(state, 1)]
    [(1, 1, 3, None), (2, 2, None, None)]
    """
    from plansza.tournament.model import seeds

    sd = seeds(state)
    out: list[TableLine] = []
    for p in state.rounds[n].pairings:
        second_seed = None if p.second is None else sd[p.second]
        if p.result is None:
            out.append(TableLine(p.table, p.first, p.second, sd[p.first], second_seed))
            continue
        game = next(g for g in state.games_of(p.first, n) if g.round == n)
        last = game.last_moves if game.tie_break and game.last_moves is not None else None
        score = (p.result.score_first, p.result.score_second)
        out.append(
            TableLine(
                p.table, p.first, p.second, sd[p.first], second_seed, score, p.result.kind, last
            )
        )
    return out


@dataclass(frozen=True)
class Tie:
    """SCH: a tied game the last moves were given for."""

    winner: int | None  #: the pid the higher last move gives it to; ``None``: a draw


def tie_decided(state: State, round_no: int, pid: int) -> Tie | None:
    """How the last moves decided the tie of ``pid``'s game in round ``round_no``;
    ``None`` when there is nothing to say (no such game, no last moves, not a tie)."""
    game = next((g for g in state.games_of(pid, round_no) if g.round == round_no), None)
    if game is None or game.last_moves is None or game.score != game.opp_score:
        return None
    if not game.tie_break:
        return Tie(None)
    return Tie(pid if game.tie_break > 0 else game.opponent)


@dataclass(frozen=True)
class Registered:
    """A player just registered, as the referee is told of them."""

    name: str
    seed: int
    club: str
    #: SCH: the players of the club's team so far and the limit (0: no limit, not counted)
    team: int
    team_limit: int
    joined_round: int  #: after 1: a late entry (RS §7.2)


def registered(state: State, pid: int) -> Registered:
    """What the referee is told of the player ``pid`` once registered: the seeding
    number, the school team's count against its limit (SCH), the round joined.

    >>> from plansza.tournament.model import Settings, State, TournamentPlayer
    >>> state = State(Settings("Szkolny", 5, "swiss", team_limit=8))
    >>> state.players[1] = TournamentPlayer(1, "Ola", ranking=120.0, club="SP 5")
    >>> state.players[2] = TournamentPlayer(2, "Ela", ranking=110.0, club="sp 5")
    >>> r = registered(state, 2)
    >>> r.seed, r.team, r.team_limit
    (2, 2, 8)
    """
    from plansza.tournament.model import school_key, seeds

    p = state.players[pid]
    limit = state.settings.team_limit
    team = 0
    if limit:  # SCH: one team per school, checked as it fills
        key = school_key(p.club)
        team = sum(school_key(q.club) == key for q in state.players.values())
    return Registered(p.name, seeds(state)[pid], p.club, team, limit, p.joined_round)


def unplayed_bye_seed(state: State, n: int) -> tuple[int, int] | None:
    """RS §7.7: (the pid, the seeding number) of the player given the bye of round
    ``n`` without having played a game, whom an adjustment may sit out instead;
    ``None`` when there is none."""
    from plansza.tournament.model import seeds
    from plansza.tournament.pairing import unplayed_bye

    pid = unplayed_bye(state, n)
    return None if pid is None else (pid, seeds(state)[pid])


def default_bye(system: str) -> tuple[tuple[int, int], bool]:
    """The bye's score when the referee gives none, and whether the format sets it
    (MPA 2c i: 300:250); ``False``: the PFS rules set none, so it is only assumed.

    >>> default_bye("mpa"), default_bye("swiss")
    (((300, 250), True), ((300, 250), False))
    """
    from plansza.tournament.model import MPA_BYE_SCORE

    return MPA_BYE_SCORE, system == "mpa"


def clock_left(clock: RoundClock, at: str) -> float:
    """The seconds left on a round's clock at the time stamp ``at`` (ISO 8601)."""
    from plansza.tournament.roundclock import stamp

    return clock.remaining(stamp(at))


def seed_from_history(
    path: str, data: dict[str, Any], state: State, today: date
) -> TournamentRanking | None:
    """Fill a registration of a player off the ranking list from the ranking's history
    file at ``path`` (:func:`from_history`), on the tournament's first day (its first
    declared date; else ``today``); the ranking found, or ``None``. A missing or bad
    file raises ``OSError`` or the history's error."""
    from datetime import date

    from plansza.ranking.store import load_ranking

    history = load_ranking(path)  # with the registered rankings it keeps (RR §2.1)
    dates = state.settings.dates
    day = date.fromisoformat(dates[0]) if dates else today
    return from_history(history, data, day)


def rating_list(path: str | None) -> PublishedList | None:
    """The ranking list to look players up in: the one at ``path``, else the one
    ``ranking import-list`` keeps; ``None`` when none was imported."""
    from plansza.services.ranking import default_listing, load_list

    return load_list(path) if path else default_listing()


def category_titles(state: State, pid: int, t: Translator) -> list[str]:
    """The prize categories of the player ``pid`` (their labels, then the derived
    ones) as they read in the language of ``t``."""
    from plansza.tournament.categories import categories_of, title

    return [title(c, t) for c in categories_of(state.players[pid])]
