"""Reports for the web and for print: HTML (standings, pairings, player cards,
the round-by-round table) and CSV.

Everything is rendered from the replayed state; labels follow the current
language (Polish by default). The HTML is one self-contained page with a
print style sheet (each section starts a new printed page).
"""

from __future__ import annotations

import io
from html import escape
from pathlib import Path

from plansza.files import csv_writer
from plansza.i18n import language, tr
from plansza.tournament import mpa
from plansza.tournament.model import State, seeds
from plansza.tournament.standings import Standing, standings, team_standings

L = {
    "standings": {"pl": "Klasyfikacja", "en": "Standings"},
    "final": {"pl": "Klasyfikacja końcowa", "en": "Final standings"},
    "after": {"pl": "Klasyfikacja po rundzie {n}", "en": "Standings after round {n}"},
    "round": {"pl": "Runda {n}", "en": "Round {n}"},
    "pairings": {"pl": "Kojarzenia", "en": "Pairings"},
    "cards": {"pl": "Karty graczy", "en": "Player cards"},
    "table": {"pl": "Tabela rund", "en": "Round-by-round table"},
    "place": {"pl": "M.", "en": "Pl."},
    "seed": {"pl": "Nr", "en": "No."},
    "player": {"pl": "Gracz", "en": "Player"},
    "club": {"pl": "Klub", "en": "Club"},
    "bp": {"pl": "DP", "en": "BP"},
    "sp": {"pl": "MP", "en": "Score"},
    "spread": {"pl": "Różnica", "en": "Spread"},
    "games": {"pl": "Partie", "en": "Games"},
    "tbl": {"pl": "Stół", "en": "Table"},
    "first": {"pl": "Rozpoczyna", "en": "Starts"},
    "second": {"pl": "Drugi", "en": "Second"},
    "result": {"pl": "Wynik", "en": "Result"},
    "opponent": {"pl": "Przeciwnik", "en": "Opponent"},
    "bye": {"pl": "pauza", "en": "bye"},
    "walkover": {"pl": "walkower", "en": "walkover"},
    "forfeit": {"pl": "obaj nieobecni", "en": "both absent"},
    "adjusted": {"pl": "* z wyrównaniem (RS §7.2)", "en": "* includes a late-entry adjustment"},
    "teams": {"pl": "Klasyfikacja drużynowa", "en": "Team classification"},
    "team": {"pl": "Drużyna (szkoła)", "en": "Team (school)"},
    "corrections": {"pl": "Poprawki wyników", "en": "Result corrections"},
    "started": {"pl": "rozpoczynał", "en": "started"},
}

CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; margin: 1.5em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #999; padding: 2px 6px; text-align: right; }
td.n, th.n { text-align: left; }
h1 { font-size: 16pt; } h2 { font-size: 13pt; } h3 { font-size: 11pt; margin-bottom: 0; }
.card { break-inside: avoid; }
@media print { section { break-before: page; } section:first-of-type { break-before: auto; }
  body { margin: 0; } }
"""


def _bp(x: float) -> str:
    return f"{x:g}".replace(".", ",")


def _standings_html(state: State, lines: list[Standing]) -> str:
    rows = []
    for s in lines:
        p = state.players[s.pid]
        mark = "*" if s.adjusted else ""
        rows.append(
            f"<tr><td>{s.place}</td><td>{s.seed}</td><td class=n>{escape(s.name)}</td>"
            f"<td class=n>{escape(p.club)}</td><td>{_bp(s.big_points)}{mark}</td>"
            f"<td>{s.small_points}</td><td>{s.spread:+d}</td><td>{s.games}</td></tr>"
        )
    head = "".join(
        f"<th{' class=n' if k in ('player', 'club') else ''}>{tr(L, k)}</th>"
        for k in ("place", "seed", "player", "club", "bp", "sp", "spread", "games")
    )
    note = f"<p>{tr(L, 'adjusted')}</p>" if any(s.adjusted for s in lines) else ""
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>{note}"


def _round_html(state: State, n: int) -> str:
    sd = seeds(state)
    rows = []
    for p in state.rounds[n].pairings:
        a = f"{sd[p.first]} {escape(state.players[p.first].name)}"
        b = tr(L, "bye") if p.second is None else (
            f"{sd[p.second]} {escape(state.players[p.second].name)}"
        )
        res = ""
        if p.second is None:
            res = "{}:{}".format(*state.settings.bye_score)
        elif p.result is not None:
            res = f"{p.result.score_first}:{p.result.score_second}"
            if p.result.kind in ("walkover", "forfeit"):
                res += f" ({tr(L, p.result.kind)})"
        rows.append(f"<tr><td>{p.table}</td><td class=n>{a}</td><td class=n>{b}</td>"
                    f"<td>{res}</td></tr>")
    head = (f"<tr><th>{tr(L, 'tbl')}</th><th class=n>{tr(L, 'first')}</th>"
            f"<th class=n>{tr(L, 'second')}</th><th>{tr(L, 'result')}</th></tr>")
    return f"<h3>{tr(L, 'round', n=n)}</h3><table>{head}{''.join(rows)}</table>"


def _card_html(state: State, s: Standing) -> str:
    sd = seeds(state)
    rows = []
    for g in s.detail:
        opp = tr(L, "bye") if g.opponent is None else (
            f"{sd[g.opponent]} {escape(state.players[g.opponent].name)}"
        )
        kind = f" ({tr(L, g.kind)})" if g.kind in ("walkover", "forfeit") else ""
        start = "✓" if g.started else ""
        rows.append(f"<tr><td>{g.round}</td><td class=n>{opp}</td><td>{start}</td>"
                    f"<td>{g.score}:{g.opp_score}{kind}</td>"
                    f"<td>{g.score - g.opp_score:+d}</td></tr>")
    head = (f"<tr><th>#</th><th class=n>{tr(L, 'opponent')}</th><th>{tr(L, 'started')}</th>"
            f"<th>{tr(L, 'result')}</th><th>{tr(L, 'spread')}</th></tr>")
    return (f"<div class=card><h3>{s.seed}. {escape(s.name)} — {s.place}. "
            f"({_bp(s.big_points)} {tr(L, 'bp')}, {s.small_points} {tr(L, 'sp')}, "
            f"{s.spread:+d})</h3><table>{head}{''.join(rows)}</table></div>")


def _crosstable_html(state: State, lines: list[Standing]) -> str:
    sd = seeds(state)
    rounds = sorted(state.rounds)
    head = (f"<tr><th>{tr(L, 'place')}</th><th class=n>{tr(L, 'player')}</th>"
            + "".join(f"<th>{n}</th>" for n in rounds) + f"<th>{tr(L, 'bp')}</th></tr>")
    rows = []
    for s in lines:
        games = {g.round: g for g in s.detail}
        cells = []
        for n in rounds:
            g = games.get(n)
            if g is None:
                cells.append("<td></td>")
            elif g.opponent is None:
                cells.append(f"<td>{tr(L, 'bye')}</td>")
            else:
                mark = {1.0: "+", 0.5: "=", 0.0: "−"}[g.big_points]
                cells.append(f"<td>{mark}{sd[g.opponent]}<br>{g.score}:{g.opp_score}</td>")
        rows.append(f"<tr><td>{s.place}</td><td class=n>{escape(s.name)}</td>{''.join(cells)}"
                    f"<td>{_bp(s.big_points)}</td></tr>")
    return f"<table>{head}{''.join(rows)}</table>"


def _teams_html(state: State) -> str:
    rows = "".join(
        f"<tr><td>{r['place']}</td><td class=n>{escape(str(r['team']))}</td>"
        f"<td>{_bp(float(str(r['big_points'])))}</td><td>{r['small_points']}</td>"
        f"<td>{int(str(r['spread'])):+d}</td></tr>"
        for r in team_standings(state)
    )
    head = (f"<tr><th>{tr(L, 'place')}</th><th class=n>{tr(L, 'team')}</th>"
            f"<th>{tr(L, 'bp')}</th><th>{tr(L, 'sp')}</th><th>{tr(L, 'spread')}</th></tr>")
    return f"<table>{head}{rows}</table>"


def html_report(state: State, *, teams: bool = False) -> str:
    """The whole report as one printable HTML page (``teams``: add SCH's school table)."""
    lines = standings(state, groups=mpa.groups(state))
    done = max((n for n, r in state.rounds.items() if r.complete), default=0)
    title = tr(L, "final") if state.finished else tr(L, "after", n=done)
    name = escape(state.settings.name)
    dates = ", ".join(state.settings.dates)
    parts = [
        f"<!DOCTYPE html><html lang={language()}><head><meta charset=utf-8><title>{name}</title>"
        f"<style>{CSS}</style></head><body>",
        f"<h1>{name}</h1><p>{escape(dates)}</p>",
        f"<section><h2>{title}</h2>{_standings_html(state, lines)}</section>",
        *([f"<section><h2>{tr(L, 'teams')}</h2>{_teams_html(state)}</section>"] if teams else []),
        f"<section><h2>{tr(L, 'table')}</h2>{_crosstable_html(state, lines)}</section>",
        f"<section><h2>{tr(L, 'pairings')}</h2>"
        + "".join(_round_html(state, n) for n in sorted(state.rounds)) + "</section>",
        f"<section><h2>{tr(L, 'cards')}</h2>"
        + "".join(_card_html(state, s) for s in sorted(lines, key=lambda s: s.seed))
        + "</section>",
    ]
    if state.corrections:
        sd = seeds(state)
        items = "".join(
            f"<li>{escape(str(c['at']))}: {tr(L, 'round', n=c['round'])}, "
            f"{sd[int(c['first'])]}–{sd[int(c['second'])]}: {c['old']} → {c['new']} "
            f"{escape(str(c.get('note') or ''))}</li>"
            for c in state.corrections
        )
        parts.append(f"<section><h2>{tr(L, 'corrections')}</h2><ul>{items}</ul></section>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _page(state: State, body: str) -> str:
    name = escape(state.settings.name)
    return (f"<!DOCTYPE html><html lang={language()}><head><meta charset=utf-8>"
            f"<title>{name}</title><style>{CSS}</style></head><body><h1>{name}</h1>\n"
            f"{body}\n</body></html>\n")


def round_page(state: State, n: int) -> str:
    """One round's pairings as a page to print and post at the venue."""
    return _page(state, _round_html(state, n))


def standings_page(state: State, after_round: int | None = None) -> str:
    """The standings after a round (default: now) as a page to print."""
    lines = standings(state, after_round, groups=mpa.groups(state, after_round))
    final = state.finished and (after_round is None or after_round >= state.last_round)
    done = after_round if after_round is not None else max(
        (n for n, r in state.rounds.items() if r.complete), default=0)
    title = tr(L, "final") if final else tr(L, "after", n=done)
    return _page(state, f"<h2>{title}</h2>{_standings_html(state, lines)}")


def standings_csv(state: State) -> str:
    """The standings as CSV (place, seed, name, club, city, big/small points, spread, games)."""
    buf = io.StringIO()
    w = csv_writer(buf)  # names, clubs, cities: text, never a spreadsheet formula
    w.writerow(["place", "seed", "name", "club", "city", "big_points", "small_points",
                "spread", "games"])
    for s in standings(state, groups=mpa.groups(state)):
        p = state.players[s.pid]
        w.writerow([s.place, s.seed, s.name, p.club, p.city, f"{s.big_points:g}",
                    s.small_points, s.spread, s.games])
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


def write_report(state: State, directory: Path, *, teams: bool = False) -> list[Path]:
    """Write ``index.html``, ``standings.csv``, ``games.csv`` and, for live
    publishing, one page per round: ``runda-N.html`` (pairings and results) and
    ``klasyfikacja-N.html`` (standings after it, once the round is complete)."""
    directory.mkdir(parents=True, exist_ok=True)
    out = []
    pages = [
        ("index.html", html_report(state, teams=teams)),
        ("standings.csv", standings_csv(state)),
        ("games.csv", games_csv(state)),
    ]
    for n in sorted(state.rounds):
        pages.append((f"runda-{n}.html", round_page(state, n)))
        if state.rounds[n].complete:
            pages.append((f"klasyfikacja-{n}.html", standings_page(state, n)))
    for name, text in pages:
        path = directory / name
        path.write_text(text, encoding="utf-8")
        out.append(path)
    return out
