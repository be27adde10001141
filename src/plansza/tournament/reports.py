"""Reports for the web and for print: HTML (standings, pairings, player cards,
the round-by-round table) and CSV.

Everything is rendered from the replayed state, in the language of the translator
given (:func:`plansza.i18n.translator`), through the templates in
``plansza/templates/tournament/``. The HTML is one self-contained page with a print
style sheet (each section starts a new printed page); player, club and tournament
names are escaped.

>>> from plansza.i18n import Translator
>>> from plansza.tournament.model import Pairing, Result, Round, Settings, State
>>> s = State(Settings(name="Puchar <Łodzi>", rounds=1, system="halving"))
>>> a, b = s.add_player("Ola & Ela"), s.add_player("Jan")
>>> s.rounds[1] = Round(1, [Pairing(1, a, b, Result(400, 350))])
>>> page = round_page(s, 1, Translator())
>>> "<h1>Puchar &lt;Łodzi&gt;</h1>" in page, "<td>2 Ola &amp; Ela</td>" in page
(True, True)
"""

from __future__ import annotations

import io
from pathlib import Path

from plansza.errors import N_
from plansza.files import csv_writer
from plansza.i18n import Translator
from plansza.templates import render
from plansza.tournament import categories, mpa
from plansza.tournament.model import State, seeds
from plansza.tournament.standings import Standing, standings, team_standings

# The crosstable's sign of a game: won, drawn, lost (a bye is written out).
_MARKS = {1.0: "+", 0.5: "=", 0.0: "−"}


def _bp(x: float) -> str:
    """Big points as the PFS writes them, with a decimal comma: ``1,5``."""
    return f"{x:g}".replace(".", ",")


def _context(state: State) -> dict[str, object]:
    """What every tournament page shows: the state, seeds, number formats."""
    return {"state": state, "seeds": seeds(state), "bp": _bp, "marks": _MARKS,
            "bye_score": "{}:{}".format(*state.settings.bye_score)}


def _completed(state: State) -> int:
    return max((n for n, r in state.rounds.items() if r.complete), default=0)


def _subsets(
    state: State, t: Translator, extra: list[str] | None = None
) -> list[tuple[str, list[tuple[int, Standing]]]]:
    """The standings of each division, then of each prize category: (title, rows)."""
    out = [
        (
            t.gettext(_DIVISION).format(division=d or "—"),
            categories.division_standings(state, d),
        )
        for d in categories.divisions(state)
        if d
    ]
    out += [
        (t.gettext(_CATEGORY).format(category=categories.title(k, t)),
         categories.category_standings(state, k))
        for k in categories.prize_categories(state, extra)
    ]  # fmt: skip
    return out


_DIVISION = N_("Division {division}")
_CATEGORY = N_("Category: {category}")


def html_report(
    state: State, t: Translator, *, teams: bool = False, extra: list[str] | None = None
) -> str:
    """The whole report as one printable HTML page (``teams``: add SCH's school table;
    the standings of each division and prize category follow the main table: the
    categories players carry and the ``extra`` ones, such as ``debutants``)."""
    lines = standings(state, groups=mpa.groups(state))
    return render(
        "tournament/report.html", t, **_context(state), lines=lines,
        subsets=_subsets(state, t, extra),
        cards=sorted(lines, key=lambda s: s.seed), final=state.finished, done=_completed(state),
        teams=team_standings(state) if teams else None, rounds=sorted(state.rounds),
        played={s.pid: {g.round: g for g in s.detail} for s in lines},
    )  # fmt: skip


def round_page(state: State, n: int, t: Translator) -> str:
    """One round's pairings as a page to print and post at the venue."""
    return render("tournament/round.html", t, **_context(state), n=n)


def standings_page(state: State, after_round: int | None, t: Translator) -> str:
    """The standings after a round (``None``: now) as a page to print."""
    lines: list[Standing] = standings(state, after_round, groups=mpa.groups(state, after_round))
    final = state.finished and (after_round is None or after_round >= state.last_round)
    done = after_round if after_round is not None else _completed(state)
    return render("tournament/standings.html", t, **_context(state), lines=lines, final=final,
                  done=done)


def standings_csv(state: State) -> str:
    """The standings as CSV (place, seed, name, club, city, big/small points, spread, games,
    and status: ``withdrawn``, ``removed`` or ``excluded`` with the first round missed,
    e.g. ``withdrawn:3``; empty for a player still playing)."""
    buf = io.StringIO()
    w = csv_writer(buf)  # names, clubs, cities: text, never a spreadsheet formula
    w.writerow(["place", "seed", "name", "club", "city", "big_points", "small_points",
                "spread", "games", "status"])
    for s in standings(state, groups=mpa.groups(state)):
        p = state.players[s.pid]
        w.writerow([s.place, s.seed, s.name, p.club, p.city, f"{s.big_points:g}",
                    s.small_points, s.spread, s.games,
                    "" if s.left is None else "{}:{}".format(*s.left)])
    return buf.getvalue()


def games_csv(state: State) -> str:
    """Every table of every round as CSV (a bye has an empty second player)."""
    sd = seeds(state)
    buf = io.StringIO()
    w = csv_writer(buf)
    w.writerow(["round", "table", "first_seed", "first", "second_seed", "second",
                "score_first", "score_second", "kind"])
    for n in sorted(state.rounds):
        for p in state.rounds[n].pairings:
            if p.second is None:
                a, b = state.settings.bye_score
                w.writerow([n, p.table, sd[p.first], state.players[p.first].name, "", "",
                            a, b, "bye"])
                continue
            r = p.result
            w.writerow([n, p.table, sd[p.first], state.players[p.first].name, sd[p.second],
                        state.players[p.second].name,
                        "" if r is None else r.score_first, "" if r is None else r.score_second,
                        "" if r is None else r.kind])
    return buf.getvalue()


def write_report(state: State, directory: Path, t: Translator, *, teams: bool = False,
                 extra: list[str] | None = None) -> list[Path]:
    """Write ``index.html``, ``standings.csv``, ``games.csv`` and, for live
    publishing, one page per round: ``runda-N.html`` (pairings and results) and
    ``klasyfikacja-N.html`` (standings after it, once the round is complete)."""
    directory.mkdir(parents=True, exist_ok=True)
    out = []
    pages = [
        ("index.html", html_report(state, t, teams=teams, extra=extra)),
        ("standings.csv", standings_csv(state)),
        ("games.csv", games_csv(state)),
    ]
    for n in sorted(state.rounds):
        pages.append((f"runda-{n}.html", round_page(state, n, t)))
        if state.rounds[n].complete:
            pages.append((f"klasyfikacja-{n}.html", standings_page(state, n, t)))
    for name, text in pages:
        path = directory / name
        path.write_text(text, encoding="utf-8")
        out.append(path)
    return out
