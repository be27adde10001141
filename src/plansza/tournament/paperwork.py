"""The paperwork of a tournament day: what the referee prints and sends.

* the result slips of a round, one per table (TR 5.2 "protokół partii": both
  players write the result on it, sign it and hand it to the referee);
* the pairing list by player name in Polish alphabetical order, the list the
  players look for at the hall, beside the list by table;
* the referee's post-tournament report (RS §6: the head referee prepares "the
  full report — account, results and post-tournament report"): the referee,
  venue, dates, whether the tournament meets the ranked conditions the program
  can see (RR §4), late entries, withdrawals, walkovers, double forfeits,
  penalties, corrections, and the final standings;
* the federation's file (RS §6: the database sent to the ranking officer): a CSV
  of the ranked games that ``plansza ranking update --tournament`` reads back.

Every page is HTML from the templates in :mod:`plansza.templates` (names escaped),
in the language of the translator given, printable on A4.

>>> from plansza.i18n import Translator
>>> from plansza.tournament.model import Pairing, Result, Round, Settings, State
>>> s = State(Settings(name="Puchar", rounds=1, system="halving", dates=("2026-05-02",)))
>>> for name in ("Żak Jan", "Łoś Ola", "Lis Adam"):
...     _ = s.add_player(name)
>>> s.rounds[1] = Round(1, [Pairing(1, 1, 2, Result(400, 350)), Pairing(2, 3, None)])
>>> [(x.name, x.table, x.opponent) for x in by_name(s, 1)]
[('Lis Adam', 2, None), ('Łoś Ola', 1, 1), ('Żak Jan', 1, 2)]
>>> print(federation_csv(s), end="")
date,tournament,round,table,player1,player2,score1,score2,walkover
2026-05-02,Puchar,1,1,Żak Jan,Łoś Ola,400,350,
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from plansza.files import csv_writer
from plansza.i18n import Translator
from plansza.templates import render
from plansza.tiles import polish_collation_key
from plansza.tournament import mpa
from plansza.tournament.days import day_date as day_date
from plansza.tournament.days import days_of_play as days_of_play
from plansza.tournament.days import round_date as round_date
from plansza.tournament.model import State, seeds
from plansza.tournament.reports import _completed, _context
from plansza.tournament.standings import Standing, standings

FEDERATION_COLUMNS = (
    "date",
    "tournament",
    "round",
    "table",
    "player1",
    "player2",
    "score1",
    "score2",
    "walkover",
)
"""The federation file's header. ``round`` and ``table`` are for people; the ranking
reads ``date``, ``tournament``, ``player1``, ``player2``, ``score1``, ``score2`` and
``walkover`` (:mod:`plansza.ranking.records`)."""


# ---- the pairing list by name -----------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """One player's line in the pairing list by name: where they sit in a round."""

    pid: int
    seed: int
    name: str
    table: int
    opponent: int | None  #: ``None``: the bye
    starts: bool


def by_name(state: State, n: int) -> list[Seat]:
    """Everyone paired in round ``n``, in Polish alphabetical order of their names
    (Ł after L, Ś after S…, :func:`plansza.tiles.polish_collation_key`)."""
    sd = seeds(state)
    out: list[Seat] = []
    for p in state.rounds[n].pairings:
        for pid, opp in ((p.first, p.second), (p.second, p.first)):
            if pid is None:
                continue
            starts = pid == p.first and p.second is not None
            out.append(Seat(pid, sd[pid], state.players[pid].name, p.table, opp, starts))
    return sorted(out, key=lambda s: (polish_collation_key(s.name), s.seed))


def by_name_page(state: State, n: int, t: Translator) -> str:
    """Round ``n``'s pairings by player name, a page to post at the venue."""
    return render("tournament/by_name.html", t, **_context(state), n=n, seats=by_name(state, n))


# ---- result slips (TR 5.2) --------------------------------------------------------


def slips_page(state: State, n: int, t: Translator) -> str:
    """The result slips of round ``n`` (TR 5.2), one per table with a game: the
    tournament, round, table and day, both players (the one who starts first),
    boxes for the scores and lines for both signatures. A bye has no slip."""
    tables = [p for p in state.rounds[n].pairings if p.second is not None]
    return render(
        "tournament/slips.html",
        t,
        **_context(state),
        n=n,
        tables=tables,
        day=round_date(state, n),
    )


# ---- the referee's report (RS §6) -------------------------------------------------


@dataclass(frozen=True)
class Walkover:
    """A walkover (TR 7.2) as it stands now: N follows the results it depends on."""

    round: int
    table: int
    winner: int
    loser: int
    score: int  #: N of N:1


@dataclass(frozen=True)
class Forfeit:
    """Both players absent (TR 6.3.3–6.3.4): a loss for both."""

    round: int
    table: int
    first: int
    second: int


@dataclass(frozen=True)
class Absence:
    """A withdrawal (RS §7.2) or an exclusion (TR 7.1): from which round, back when."""

    pid: int
    first_missed: int
    back: int | None
    excluded: bool


@dataclass(frozen=True)
class RefereeReport:
    """What the referee's post-tournament report (RS §6) holds."""

    findings: list[tuple[bool, str]]  #: RR §4 conditions the program can see
    ranked: bool  #: every condition seen is met
    late: list[int]  #: pids of the late entrants (RS §7.2)
    absences: list[Absence]
    walkovers: list[Walkover]
    forfeits: list[Forfeit]
    penalties: list[tuple[int, int, int]]  #: (round, pid, points), TR 7.1
    corrections: list[dict[str, Any]]  #: TR 4.6.4, as the log records them
    lines: list[Standing]
    final: bool
    games: int  #: games played (walkovers included, byes and forfeits not)
    days: list[str]  #: the days of play: the tournament's and the rounds' own


def referee_report(state: State, t: Translator) -> RefereeReport:
    """The contents of the referee's report; the findings in the language of ``t``."""
    from plansza.tournament.ranked import check

    findings = check(state, t)
    walkovers: list[Walkover] = []
    forfeits: list[Forfeit] = []
    games = 0
    for n in sorted(state.rounds):
        for p in state.rounds[n].pairings:
            r = p.result
            if p.second is None or r is None:
                continue
            if r.kind == "walkover" and r.winner is not None:
                w, lo = (p.first, p.second) if r.winner == 0 else (p.second, p.first)
                walkovers.append(Walkover(n, p.table, w, lo, max(r.score_first, r.score_second)))
            elif r.kind == "forfeit":
                forfeits.append(Forfeit(n, p.table, p.first, p.second))
                continue
            games += 1
    sd = seeds(state)
    absences = [
        Absence(p.pid, start, end, p.excluded and end is None)
        for p in sorted(state.players.values(), key=lambda p: sd[p.pid])
        for start, end in p.absences
    ]
    late = sorted((p.pid for p in state.players.values() if p.joined_round > 1), key=sd.__getitem__)
    days = days_of_play(state)
    return RefereeReport(
        findings=findings,
        ranked=all(ok for ok, _text in findings),
        late=late,
        absences=absences,
        walkovers=walkovers,
        forfeits=forfeits,
        penalties=sorted(state.penalties, key=lambda x: (x[0], sd[x[1]])),
        corrections=list(state.corrections),
        lines=standings(state, groups=mpa.groups(state)),
        final=state.finished,
        games=games,
        days=days,
    )


def referee_report_page(state: State, t: Translator) -> str:
    """The referee's post-tournament report (RS §6) as a page to print and send."""
    report = referee_report(state, t)
    return render(
        "tournament/referee_report.html",
        t,
        **_context(state),
        report=report,
        done=_completed(state),
    )


# ---- the federation's file (RS §6) ------------------------------------------------


def ranked_rows(state: State) -> list[dict[str, object]]:
    """Every ranked game, one dictionary per game in round and table order.

    Keys: ``date`` (ISO), ``tournament``, ``round``, ``table``, ``player1``,
    ``player2``, ``score1``, ``score2``, ``walkover`` (a bool). Walkovers are games
    for the ranking, with their N:1 as it stands now (TR 7.2, TR 6.3.4); byes and
    double forfeits (nobody played) are not; a penalty is taken off the score (TR
    7.1). A table without a result yet is left out.
    """
    s = state.settings
    out: list[dict[str, object]] = []
    for n in sorted(state.rounds):
        day = round_date(state, n)
        for p in state.rounds[n].pairings:
            if p.second is None or p.result is None or p.result.kind == "forfeit":
                continue
            g = next(g for g in state.games_of(p.first, n) if g.round == n)
            out.append(
                {
                    "date": day,
                    "tournament": s.name,
                    "round": n,
                    "table": p.table,
                    "player1": state.players[p.first].name,
                    "player2": state.players[p.second].name,
                    "score1": g.score,
                    "score2": g.opp_score,
                    "walkover": g.kind == "walkover",
                }
            )
    return out


def federation_csv(state: State) -> str:
    """The federation's file: :data:`FEDERATION_COLUMNS`, one row per ranked game
    (:func:`ranked_rows`); a walkover is marked ``1``. Names are written as text,
    never as a spreadsheet formula (:func:`plansza.files.csv_writer`)."""
    buf = io.StringIO()
    w = csv_writer(buf)
    w.writerow(FEDERATION_COLUMNS)
    for row in ranked_rows(state):
        w.writerow(["1" if row[c] is True else "" if row[c] is False else row[c]
                    for c in FEDERATION_COLUMNS])  # fmt: skip
    return buf.getvalue()
