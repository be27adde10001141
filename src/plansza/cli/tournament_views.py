"""What the ``turniej`` commands that only show or write something print and write:
``standings``, ``status``, ``card``, ``pairings``, ``slips``, ``players``, ``log``,
``report``, ``export``, ``import``, ``check-ranked``.

``cli/tournament.py`` imports this module inside those commands, so that the commands
that change the tournament (``result``, ``pair``, …) never load it.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import typer
from rich.text import Text

from plansza.cli.common import EXIT_INPUT, console, err_console, fail, user_errors
from plansza.cli.i18n import _, ngettext, text_of
from plansza.cli.i18n import t as cli_translator
from plansza.cli.tournament_common import (
    CLI,
    SUFFIX,
    _left,
    _name,
    _parse_date,
    _print_round,
    now,
    opened,
    referee_errors,
)
from plansza.errors import N_, PlanszaError
from plansza.files import check_output, output_directory, read_record, write_output, writing
from plansza.records import dump, load
from plansza.services.tournament import category_list, slug
from plansza.services.tournament import player as resolve
from plansza.tournament.events import Event, replay
from plansza.tournament.model import Settings, State, seeds


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
    from plansza.tournament import mpa
    from plansza.tournament.standings import standings as standings_of
    from plansza.tournament.standings import team_standings

    with opened(db) as t, referee_errors():
        state = t.state()
        if round_no is not None and round_no not in state.rounds:
            raise PlanszaError(N_("round {round} has not been paired"), round=round_no)
        if category is not None or division is not None:
            _part_standings(state, round_no, category, division, as_json)
            return
        if teams:
            rows = team_standings(state, round_no)
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
            from plansza.tournament.reports import standings_page

            page = standings_page(state, round_no, cli_translator())
            write_output(html, page)
            console.print(_("Wrote {path}", path=html))
            return
        lines = standings_of(state, round_no, groups=mpa.groups(state, round_no))
        if as_json:
            typer.echo(json.dumps([s.as_json() for s in lines], ensure_ascii=False))
            return
        final = state.finished and (round_no is None or round_no >= state.last_round)
        shown = (
            round_no
            if round_no is not None
            else max((n for n, r in state.rounds.items() if r.complete), default=0)
        )
        title = _("Final standings") if final else _("Standings after round {round}", round=shown)
        console.print(f"{state.settings.name} — {title}", style="bold")
        cols = _("Pl.|Seed|Player|BP|Score|Spread|Games").split("|")
        console.print(
            f"{cols[0]:>4} {cols[1]:>4}  {cols[2]:<28} {cols[3]:>5} {cols[4]:>6} "
            f"{cols[5]:>7} {cols[6]:>6}"
        )
        for s in lines:
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
    from plansza.tournament import categories

    parts: list[str] = []
    lines = None
    if division is not None:
        lines = [s for _i, s in categories.division_standings(state, division, round_no)]
        parts.append(_("Division {division}", division=categories.clean(division)))
    if category is not None:
        in_category = [s for _i, s in categories.category_standings(state, category, round_no)]
        pids = {s.pid for s in lines} if lines is not None else None
        lines = [s for s in in_category if pids is None or s.pid in pids]
        key = categories.label(category)
        parts.append(_("Category: {category}", category=categories.title(key, cli_translator())))
    assert lines is not None
    rows = list(enumerate(lines, 1))
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
    s = state.settings
    console.print(
        _(
            "{name} — system {system}, {rounds} rounds; {paired} paired, {players} players "
            "({active} active next round)",
            name=s.name,
            system=s.system,
            rounds=s.rounds,
            paired=state.last_round,
            players=len(state.players),
            active=len(state.active(state.next_round)),
        )
    )
    console.print(_("Day {day} of play.", day=state.day))
    if state.closed:
        console.print(_("The tournament is closed (TR 4.6.4)."))
        return
    if state.finished:
        console.print(_("The tournament is finished."))
        return
    missing = [
        (n, p)
        for n in sorted(state.rounds)
        for p in state.rounds[n].pairings
        if p.second is not None and p.result is None
    ]
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
    from plansza.tournament import mpa
    from plansza.tournament.standings import standings

    with opened(db) as t, referee_errors():
        state = t.state()
        pid = resolve(state, player)
        line = next(s for s in standings(state, groups=mpa.groups(state)) if s.pid == pid)
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
        for g in state.games_of(pid):
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
        for a in state.adjustments.get(pid, []):
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
        for start_r, end_r in state.players[pid].absences:
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
        round_no = _round_arg(state, state.last_round if round_no is None else round_no)
        if alphabetical:
            _by_name(state, round_no, as_json, html)
            return
        if html is not None:
            from plansza.tournament.reports import round_page

            page = round_page(state, round_no, cli_translator())
            write_output(html, page)
            console.print(_("Wrote {path}", path=html))
            return
        sd = seeds(state)
        if as_json:
            rows = [
                {
                    "table": p.table,
                    "first": sd[p.first],
                    "second": None if p.second is None else sd[p.second],
                }
                for p in state.rounds[round_no].pairings
            ]
            typer.echo(json.dumps(rows))
            return
        _print_round(state, round_no)


def _by_name(state: State, n: int, as_json: bool, html: str | None) -> None:
    """The pairing list by player name (Polish alphabetical order)."""
    from plansza.tournament import paperwork

    if html is not None:
        write_output(html, paperwork.by_name_page(state, n, cli_translator()))
        console.print(_("Wrote {path}", path=html))
        return
    seats = paperwork.by_name(state, n)
    sd = seeds(state)
    if as_json:
        rows = [
            {
                "name": x.name,
                "seed": x.seed,
                "table": x.table,
                "opponent": None if x.opponent is None else sd[x.opponent],
                "starts": x.starts,
            }
            for x in seats
        ]
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    console.print(_("Round {round}: pairings by name", round=n), style="bold")
    for x in seats:
        start = f" ({text_of(CLI['starts'])})" if x.starts else ""
        console.print(
            f"{x.name:<28} {x.seed:>4}  {_('Table')} {x.table:>3}: {_name(state, x.opponent)}"
            f"{start}"
        )


def _round_arg(state: State, n: int) -> int:
    if n not in state.rounds:
        raise PlanszaError(N_("round {round} has not been paired"), round=n)
    return n


def slips(db: str | None, *, round_no: int | None, html: str) -> None:
    """``turniej slips``: the round's result slips, a page."""
    from plansza.tournament import paperwork

    with opened(db) as t, referee_errors():
        state = t.state()
        round_no = _round_arg(state, state.last_round if round_no is None else round_no)
        write_output(html, paperwork.slips_page(state, round_no, cli_translator()))
        tables = sum(1 for p in state.rounds[round_no].pairings if p.second is not None)
        console.print(
            ngettext(
                "Wrote {path}: {count} slip, round {round}",
                "Wrote {path}: {count} slips, round {round}",
                tables,
                path=html,
                count=tables,
                round=round_no,
            )
        )


def players(db: str | None, *, as_json: bool) -> None:
    """``turniej players``: the players by seeding number."""
    from plansza.tournament.categories import categories_of

    with opened(db) as t, referee_errors():
        state = t.state()
        sd = seeds(state)
        rows = sorted(state.players.values(), key=lambda p: sd[p.pid])
        if as_json:
            typer.echo(
                json.dumps(
                    [
                        {
                            "seed": sd[p.pid],
                            "name": p.name,
                            "ranking": p.ranking,
                            "games": p.games,
                            "club": p.club,
                            "city": p.city,
                            "joined_round": p.joined_round,
                            "withdrawn": p.withdrawn,
                            "categories": categories_of(p),
                            "division": p.division,
                            "status": (p.left(state.last_round) or (None,))[0],
                        }
                        for p in rows
                    ],
                    ensure_ascii=False,
                )
            )
            return
        for p in rows:
            rk = "—" if p.ranking is None else f"{p.ranking:g}"
            extra = " ".join(
                x for x in (p.division and f"[{p.division}]", ", ".join(p.categories)) if x
            )
            line = f"{sd[p.pid]:>4}  {p.name:<28} {rk:>6}  {p.club}  {p.city}"
            console.print(f"{line}  {extra}" if extra else line)


def log(db: str | None, *, as_json: bool) -> None:
    """``turniej log``: the event log."""
    from plansza.tournament.events import describe

    with opened(db) as t:
        events = t.events()
        state = t.state()
    sd = seeds(state)
    names = {pid: f"{sd[pid]} {p.name}" for pid, p in state.players.items()}
    if as_json:
        typer.echo(
            json.dumps(
                [
                    {
                        "seq": e.seq,
                        "kind": e.kind,
                        "at": e.at,
                        "by": e.by,
                        "data": e.data,
                        "text": describe(e, names, cli_translator()),
                    }
                    for e in events
                ],
                ensure_ascii=False,
            )
        )
        return
    for e in events:
        by = f"  [{e.by}]" if e.by else ""  # the console reads no markup
        console.print(
            f"{e.seq:>5}  {e.at}{by}  {describe(e, names, cli_translator())}",
            soft_wrap=True,
        )


def report(
    db: str | None, *, html: str | None, teams: bool, referee_page: str | None, category: list[str]
) -> None:
    """``turniej report``: the HTML and CSV report and/or the referee's report page."""
    from plansza.tournament import reports

    if html is None and referee_page is None:
        fail(_("say what to write: --html DIRECTORY or --referee FILE"), EXIT_INPUT)
    with opened(db) as t, user_errors(EXIT_INPUT):
        state = t.state()
        if referee_page is not None:
            from plansza.tournament.paperwork import referee_report_page

            write_output(referee_page, referee_report_page(state, cli_translator()))
            console.print(_("Wrote {path}", path=referee_page))
        if html is not None:
            directory = output_directory(html)
            with writing(directory):
                school = state.settings.team_limit > 0  # SCH: the school table belongs in it
                reports.write_report(
                    state,
                    directory,
                    cli_translator(),
                    teams=teams or school,
                    extra=category_list(category),
                )
            console.print(_("Report written to {path}", path=html))


def export(db: str | None, *, tsh: str | None, federation: str | None) -> None:
    """``turniej export``: a TSH .t file and/or the federation's CSV of games."""
    from plansza.tournament import tsh as tsh_mod

    if tsh is None and federation is None:
        fail(_("say what to write: --tsh FILE or --federation FILE"), EXIT_INPUT)
    with opened(db) as t, user_errors(EXIT_INPUT):
        state = t.state()
        if federation is not None:
            from plansza.tournament.paperwork import federation_csv

            write_output(federation, federation_csv(state))
            console.print(_("Wrote {path}", path=federation))
            if not state.finished:
                err_console.print(
                    _(
                        "Note: the tournament is not finished; the file holds the games "
                        "played so far"
                    )
                )
        if tsh is not None:
            write_output(tsh, tsh_mod.write_t(state))
            console.print(_("Wrote {path}", path=tsh))


def import_tsh(
    tsh: str, *, name: str, rounds: int | None, system: str, dates: list[str], db: str | None
) -> None:
    """``turniej import``: a new tournament from a TSH .t file, checked whole first."""
    from plansza.tournament import tsh as tsh_mod

    with user_errors(EXIT_INPUT):
        text = read_record(tsh)
        parsed = tsh_mod.read_t(text, tsh)
        title = name or Path(tsh).stem
        settings = load(
            Settings,
            {
                "name": title,
                "rounds": rounds or max(parsed.rounds, 1),
                "system": system,
                "dates": [_parse_date(d) for d in dates] or [date.today().isoformat()],
            },
        )
        path = db or (slug(title) + SUFFIX)
        items = tsh_mod.events_from(parsed, settings)
        # check the whole file against the rules before creating anything
        replay(
            [Event(1, "created", {"settings": dump(settings)})]
            + [Event(i, k, d) for i, (k, d) in enumerate(items, 2)]
        )
        from plansza.tournament.storage import TournamentFile

        check_output(path)
        tf = TournamentFile.create(path, settings, at=now())
        try:
            tf.append_many(items, at=now())
        finally:
            tf.close()
        console.print(_("Created '{name}' in {path}", name=title, path=path))


def check_ranked(db: str | None, federation: str | None = None) -> bool:
    """``turniej check-ranked``: print the findings; whether all are met. With the
    federation's registry, also the referee's licence and the roles (RS §2–§6)."""
    from plansza.services.tournament import referee_findings
    from plansza.tournament.ranked import check

    with opened(db) as t:
        state = t.state()
    findings = check(state, cli_translator())
    s = state.settings
    standings = None
    if federation is not None and s.category:
        from plansza.services.federation import standings_for

        first_day = s.dates[0] if s.dates else date.today().isoformat()
        with user_errors(EXIT_INPUT):
            standings = standings_for(federation, [s.referee, *s.assistants], first_day)
    bad = False
    for ok, text in findings:
        tag = _("OK") if ok else _("WARNING")
        console.print(Text.assemble((tag, "green" if ok else "yellow"), " ", text))
        bad = bad or not ok
    for f in referee_findings(s, standings):
        text = _("{paragraph}: {text}", paragraph=f.paragraph, text=_(f.template, **f.details))
        refused = f.level == "refuse"
        tag = _("NOT ALLOWED") if refused else _("WARNING")
        console.print(Text.assemble((tag, "red" if refused else "yellow"), " ", text))
        bad = True
    if s.category and s.category != "unranked" and standings is None:
        console.print(
            Text.assemble(
                (_("NOT CHECKED"), "yellow"),
                " ",
                _("the referee's licence: give the registry with --federation FILE"),
            )
        )
    return not bad
