"""What the ``turniej`` commands that only show or write something print and write:
``standings``, ``status``, ``card``, ``pairings``, ``slips``, ``players``, ``log``,
``report``, ``export``, ``import``, ``check-ranked``.

``cli/tournament.py`` imports this module inside those commands, so that the commands
that change the tournament (``result``, ``pair``, …) never load it.
"""

from __future__ import annotations

import json
from datetime import date
from typing import TYPE_CHECKING

import typer
from rich.text import Text

from plansza.cli.common import EXIT_INPUT, console, err_console, fail, user_errors
from plansza.cli.i18n import _, ngettext, text_of
from plansza.cli.i18n import t as cli_translator
from plansza.cli.tournament_common import (
    CLI,
    _left,
    _name,
    _print_round,
    now,
    opened,
    referee_errors,
)
from plansza.files import output_directory, read_record, write_output, writing
from plansza.services import tournament_reports as views
from plansza.services.tournament import round_tables

if TYPE_CHECKING:
    from plansza.services.tournament import State


def standings(
    db: str | None,
    *,
    round_no: int | None,
    as_json: bool,
    teams: bool,
    category: str | None,
    division: str | None,
    html: str | None,
) -> None:
    """``turniej standings``: the standings, of the teams, of a category or division; or a page."""
    with opened(db) as t, referee_errors():
        state = t.state()
        if category is not None or division is not None:
            _part_standings(state, round_no, category, division, as_json)
            return
        if teams:
            rows = views.team_standings(state, round_no)
            if as_json:
                typer.echo(json.dumps(rows, ensure_ascii=False))
            else:
                for r in rows:
                    console.print(
                        f"{r['place']:>3}. {r['team']}  {r['big_points']}  "
                        f"{r['small_points']}  {r['spread']:+}"
                    )
            return
        if html is not None:
            page = views.standings_page(state, round_no, cli_translator())
            write_output(html, page)
            console.print(_("Wrote {path}", path=html))
            return
        view = views.standings_view(state, round_no)
        if as_json:
            typer.echo(json.dumps([s.as_json() for s in view.lines], ensure_ascii=False))
            return
        title = (
            _("Final standings")
            if view.final
            else _("Standings after round {round}", round=view.after_round)
        )
        console.print(f"{state.settings.name} — {title}", style="bold")
        cols = _("Pl.|Seed|Player|BP|Score|Spread|Games").split("|")
        console.print(
            f"{cols[0]:>4} {cols[1]:>4}  {cols[2]:<28} {cols[3]:>5} {cols[4]:>6} "
            f"{cols[5]:>7} {cols[6]:>6}"
        )
        for s in view.lines:
            bp = f"{s.big_points:g}"
            mark = "*" if s.adjusted else ""
            left = "" if s.left is None else "  " + _left(*s.left)
            console.print(
                f"{s.place:>4} {s.seed:>4}  {s.name:<28} {bp:>5}{mark:1}"
                f"{s.small_points:>6} {s.spread:>+7} {s.games:>6}{left}",
                soft_wrap=True,
            )


def _part_standings(
    state: State, round_no: int | None, category: str | None, division: str | None, as_json: bool
) -> None:
    """The standings of one prize category or division: places among its members,
    beside the overall place (one event log, one criteria chain)."""
    part = views.part_standings(state, round_no, category, division, cli_translator())
    parts: list[str] = []
    if part.division is not None:
        parts.append(_("Division {division}", division=part.division))
    if part.category is not None:
        parts.append(_("Category: {category}", category=part.category))
    rows = part.rows
    heading = ", ".join(parts)
    if as_json:
        typer.echo(
            json.dumps(
                [{**s.as_json(), "overall_place": s.place, "place": i} for i, s in rows],
                ensure_ascii=False,
            )
        )
        return
    console.print(f"{state.settings.name} — {heading}", style="bold")
    cols = _("Pl.|Overall|Seed|Player|BP|Score|Spread").split("|")
    console.print(
        f"{cols[0]:>4} {cols[1]:>7} {cols[2]:>4}  {cols[3]:<28} {cols[4]:>5} {cols[5]:>6} "
        f"{cols[6]:>7}"
    )
    for i, s in rows:
        console.print(
            f"{i:>4} {s.place:>7} {s.seed:>4}  {s.name:<28} {s.big_points:>5g} "
            f"{s.small_points:>6} {s.spread:>+7}"
        )


def status(db: str | None) -> None:
    """``turniej status``: where the tournament stands, missing results."""
    with opened(db) as t:
        state = t.state()
    s = views.status_view(state)
    console.print(
        _(
            "{name} — system {system}, {rounds} rounds; {paired} paired, {players} players "
            "({active} active next round)",
            name=s.name,
            system=s.system,
            rounds=s.rounds,
            paired=s.paired,
            players=s.players,
            active=s.active,
        )
    )
    console.print(_("Day {day} of play.", day=s.day))
    if s.closed:
        console.print(_("The tournament is closed (TR 4.6.4)."))
        return
    if s.finished:
        console.print(_("The tournament is finished."))
        return
    missing = s.missing
    if not missing:
        console.print(_("All results are in."))
    for n in sorted({n for n, _p in missing}):
        console.print(_("Missing results, round {round}:", round=n))
        for m, p in missing:
            if m == n:
                console.print(
                    f"  {_('Table')} {p.table:>3}: {_name(state, p.first)} – "
                    f"{_name(state, p.second)}"
                )


def card(db: str | None, player: str) -> None:
    """``turniej card``: a player's games, adjustments, absences."""
    with opened(db) as t, referee_errors():
        state = t.state()
        c = views.card(state, player)
        line = c.line
        console.print(
            _(
                "{seed}. {name} — place {place}: {bp} BP, {sp} scored, spread {spread:+d}, "
                "games {games}",
                seed=line.seed,
                name=line.name,
                place=line.place,
                bp=f"{line.big_points:g}",
                sp=line.small_points,
                spread=line.spread,
                games=line.games,
            )
        )
        for g in c.games:
            extra = []
            if g.kind in ("walkover", "forfeit"):
                extra.append(f"({text_of(CLI[g.kind])})")
            if g.penalty:
                extra.append(_("(penalty −{points})", points=g.penalty))
            if g.tie_break and g.last_moves is not None:
                mine, theirs = g.last_moves
                extra.append(
                    _("(tie won on the last move {mine}:{theirs}, SCH)", mine=mine, theirs=theirs)
                    if g.tie_break > 0
                    else _(
                        "(tie lost on the last move {mine}:{theirs}, SCH)",
                        mine=mine,
                        theirs=theirs,
                    )
                )
            start = "" if g.opponent is None else text_of(CLI["starts" if g.started else "second_"])
            console.print(
                _(
                    "round {round:>2}: {opp:<28} {start:<10} {score}:{opp_score} {extra}",
                    round=g.round,
                    opp=_name(state, g.opponent),
                    start=start,
                    score=g.score,
                    opp_score=g.opp_score,
                    extra=" ".join(extra),
                )
            )
        for a in c.adjustments:
            console.print(
                _(
                    "adjustment before round {round} (RS §7.2): target place {target}, +{bp} "
                    "BP, +{sp} scored, {spread:+d} spread",
                    round=a.round,
                    target=a.target_place,
                    bp=f"{a.big_points:g}",
                    sp=a.small_points,
                    spread=a.spread,
                )
            )
        for start_r, end_r in c.absences:
            last = "…" if end_r is None else end_r - 1
            console.print(_("absent: rounds {start}–{end}", start=start_r, end=last))
        if line.excluded_spread or line.excluded_small:
            console.print(
                _(
                    "MPA 2e viii: two best wins left out: −{spread} spread, −{sp} scored",
                    spread=line.excluded_spread,
                    sp=line.excluded_small,
                )
            )


def pairings(
    db: str | None, *, round_no: int | None, as_json: bool, html: str | None, alphabetical: bool
) -> None:
    """``turniej pairings``: a round's pairings, by table or by name; JSON or a page."""
    with opened(db) as t, referee_errors():
        state = t.state()
        round_no = views.round_shown(state, round_no)
        if html is not None:
            page = views.pairings_page(state, round_no, cli_translator(), alphabetical=alphabetical)
            write_output(html, page)
            console.print(_("Wrote {path}", path=html))
            return
        if alphabetical:
            _by_name(state, round_no, as_json)
            return
        if as_json:
            rows = [
                {"table": p.table, "first": p.first_seed, "second": p.second_seed}
                for p in round_tables(state, round_no)
            ]
            typer.echo(json.dumps(rows))
            return
        _print_round(state, round_no)


def _by_name(state: State, n: int, as_json: bool) -> None:
    """The pairing list by player name (Polish alphabetical order)."""
    seats = views.by_name(state, n)
    if as_json:
        rows = [
            {
                "name": x.seat.name,
                "seed": x.seat.seed,
                "table": x.seat.table,
                "opponent": x.opponent_seed,
                "starts": x.seat.starts,
            }
            for x in seats
        ]
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    console.print(_("Round {round}: pairings by name", round=n), style="bold")
    for x in seats:
        start = f" ({text_of(CLI['starts'])})" if x.seat.starts else ""
        console.print(
            f"{x.seat.name:<28} {x.seat.seed:>4}  {_('Table')} {x.seat.table:>3}: "
            f"{_name(state, x.seat.opponent)}{start}"
        )


def slips(db: str | None, *, round_no: int | None, html: str) -> None:
    """``turniej slips``: the round's result slips, a page."""
    with opened(db) as t, referee_errors():
        state = t.state()
        made = views.slips(state, round_no, cli_translator())
        write_output(html, made.page)
        console.print(
            ngettext(
                "Wrote {path}: {count} slip, round {round}",
                "Wrote {path}: {count} slips, round {round}",
                made.tables,
                path=html,
                count=made.tables,
                round=made.round,
            )
        )


def players(db: str | None, *, as_json: bool) -> None:
    """``turniej players``: the players by seeding number."""
    with opened(db) as t, referee_errors():
        rows = views.players_view(t.state())
        if as_json:
            typer.echo(json.dumps([r.as_json() for r in rows], ensure_ascii=False))
            return
        for r in rows:
            p = r.player
            rk = "—" if p.ranking is None else f"{p.ranking:g}"
            extra = " ".join(
                x for x in (p.division and f"[{p.division}]", ", ".join(p.categories)) if x
            )
            line = f"{r.seed:>4}  {p.name:<28} {rk:>6}  {p.club}  {p.city}"
            console.print(f"{line}  {extra}" if extra else line)


def log(db: str | None, *, as_json: bool) -> None:
    """``turniej log``: the event log."""
    with opened(db) as t:
        events = t.events()
        state = t.state()
    entries = views.log_view(state, events, cli_translator())
    if as_json:
        typer.echo(json.dumps([e.as_json() for e in entries], ensure_ascii=False))
        return
    for e in entries:
        by = f"  [{e.by}]" if e.by else ""  # the console reads no markup
        console.print(f"{e.seq:>5}  {e.at}{by}  {e.text}", soft_wrap=True)


def report(
    db: str | None, *, html: str | None, teams: bool, referee_page: str | None, category: list[str]
) -> None:
    """``turniej report``: the HTML and CSV report and/or the referee's report page."""
    if html is None and referee_page is None:
        fail(_("say what to write: --html DIRECTORY or --referee FILE"), EXIT_INPUT)
    with opened(db) as t, user_errors(EXIT_INPUT):
        state = t.state()
        if referee_page is not None:
            write_output(referee_page, _made(state, "raport-sedziego.html"))
            console.print(_("Wrote {path}", path=referee_page))
        if html is not None:
            directory = output_directory(html)
            with writing(directory):
                views.write_report(
                    state, directory, cli_translator(), teams=teams, categories=category
                )
            console.print(_("Report written to {path}", path=html))


def _made(state: State, name: str) -> str:
    """The file ``name`` of the tournament's files (what the web console hands out too)."""
    from plansza.services.tournament_file import tournament_files

    _media, make = tournament_files()[name]
    return make(state, cli_translator())


def export(db: str | None, *, tsh: str | None, federation: str | None) -> None:
    """``turniej export``: a TSH .t file and/or the federation's CSV of games."""
    if tsh is None and federation is None:
        fail(_("say what to write: --tsh FILE or --federation FILE"), EXIT_INPUT)
    with opened(db) as t, user_errors(EXIT_INPUT):
        state = t.state()
        if federation is not None:
            write_output(federation, _made(state, "federacja.csv"))
            console.print(_("Wrote {path}", path=federation))
            if not state.finished:
                err_console.print(
                    _(
                        "Note: the tournament is not finished; the file holds the games "
                        "played so far"
                    )
                )
        if tsh is not None:
            write_output(tsh, _made(state, "turniej.t"))
            console.print(_("Wrote {path}", path=tsh))


def import_tsh(
    tsh: str, *, name: str, rounds: int | None, system: str, dates: list[str], db: str | None
) -> None:
    """``turniej import``: a new tournament from a TSH .t file, checked whole first."""
    with user_errors(EXIT_INPUT):
        text = read_record(tsh)
        title, path = views.import_tsh(
            text,
            tsh,
            name=name,
            rounds=rounds,
            system=system,
            dates=dates,
            path=db,
            now=now,
            today=date.today().isoformat(),
        )
        console.print(_("Created '{name}' in {path}", name=title, path=path))


def check_ranked(db: str | None, federation: str | None = None) -> bool:
    """``turniej check-ranked``: print the findings; whether all are met. With the
    federation's registry, also the referee's licence and the roles (RS §2–§6)."""
    with opened(db) as t:
        state = t.state()
    with user_errors(EXIT_INPUT):
        found = views.ranked_check(
            state, cli_translator(), federation, date.today().isoformat()
        )
    bad = False
    for ok, text in found.findings:
        tag = _("OK") if ok else _("WARNING")
        console.print(Text.assemble((tag, "green" if ok else "yellow"), " ", text))
        bad = bad or not ok
    for f in found.referees:
        text = _("{paragraph}: {text}", paragraph=f.paragraph, text=_(f.template, **f.details))
        refused = f.level == "refuse"
        tag = _("NOT ALLOWED") if refused else _("WARNING")
        console.print(Text.assemble((tag, "red" if refused else "yellow"), " ", text))
        bad = True
    if found.licence_unchecked:
        console.print(
            Text.assemble(
                (_("NOT CHECKED"), "yellow"),
                " ",
                _("the referee's licence: give the registry with --federation FILE"),
            )
        )
    return not bad
