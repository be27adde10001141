"""``plansza ranking …``: the PFS ranking list, explanations, updates, exports.

Commands (Polish aliases in brackets):

* ``compute [GAMES.csv] [--as-of DATE] [--json] [--all]`` (``lista``) — the list;
* ``explain NAME [GAMES.csv] [--as-of DATE] [--json]`` (``wyjasnij``) — every
  tournament and scalp behind a player's numbers;
* ``update --tournament FILE`` (``dopisz``) — add a finished tournament to the
  history (a CSV of its games, a TSH ``.t`` file, or a file of the referee's
  program), atomically;
* ``export [GAMES.csv] --format csv|html [--output FILE]`` (``eksport``);
* ``seed [GAMES.csv] --date DATE --players FILE`` (``rozstaw``) — the entrants'
  tournament rankings before a tournament (RR §2.3–§2.4), in seeding order;
* ``import-list FILE [--list PATH]`` (``importuj-liste``) — keep the federation's
  published list, from which ``turniej add-player`` takes rankings and games;
* ``estimate --tournament FILE [--json] [--by-name]`` (``szacuj``) — a tournament's
  estimated effect on the list (its games so far), nothing written.

Without ``GAMES.csv`` the commands use the history file (``--history``,
default ``$PLANSZA_RANKING_HISTORY`` or the user data directory).
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from typing import TYPE_CHECKING, Any

import typer
from rich import box
from rich.table import Table

from plansza.cli.common import (
    EXIT_INPUT,
    EXIT_REFUSED,
    LazyModule,
    console,
    describe_error,
    err_console,
    fail,
    report_bad_rows,
    user_errors,
)
from plansza.cli.i18n import _, text_of
from plansza.cli.i18n import t as cli_translator
from plansza.errors import N_
from plansza.files import csv_writer

if TYPE_CHECKING:
    from plansza.services import ranking as service
    from plansza.services.ranking import ExplanationView, RankingList
else:
    # The ranking's computation is imported by the first command that uses it, not by
    # ``ranking --help``.
    service = LazyModule("plansza.services.ranking")

MESSAGES = {
    "col_place": N_("Place"),
    "col_name": N_("Player"),
    "col_ranking": N_("Ranking"),
    "col_exact": N_("Exact"),
    "col_games": N_("Games"),
    "col_tournaments": N_("Tournaments"),
    "col_date": N_("Date"),
    "col_tournament": N_("Tournament"),
    "col_entry": N_("Tournament ranking"),
    "col_scalps": N_("Scalps"),
    "col_achieved": N_("Achieved"),
    "col_status": N_("Status"),
    "col_opponent": N_("Opponent"),
    "col_score": N_("Score"),
    "col_result": N_("W/D/L"),
    "col_opp_ranking": N_("Opponent's ranking"),
    "col_scalp": N_("Scalp"),
    "col_before": N_("Before"),
    "col_after": N_("After"),
    "col_seed": N_("No."),
    "col_rule": N_("Rule"),
    "col_career": N_("Career games"),
    "rule_debutant": N_("debutant (RR §2.2)"),
    "rule_padded": N_("padded to 30 games (RR §2.4)"),
    "rule_listed": N_("from the list (RR §2.1)"),
    "rule_off-list": N_("off the list: latest 30+ games (RR §2.3)"),
    "col_performance": N_("Tournament result"),
    "col_new": N_("New (est.)"),
    "col_change": N_("Change"),
    "col_listed": N_("Listed"),
    "listed_yes": N_("yes"),
    "listed_new": N_("enters"),
    "listed_no": N_("no"),
}

_AS_OF_HELP = N_("The list in force on this date (YYYY-MM-DD).")
_ALL_HELP = N_("Also players below 30 games.")
_HISTORY_HELP = N_("History CSV (default: $PLANSZA_RANKING_HISTORY or the user data directory).")


def _option_day(value: str, option: str) -> date:
    """The date an option gives, or one line naming the option (exit 2): not a date,
    or out of range (:data:`plansza.inputs.FIRST_DAY` – :data:`~plansza.inputs.LAST_DAY`)."""
    with user_errors():
        return service.option_day(value, option)


def _as_of(value: str | None) -> date | None:
    return None if value is None else _option_day(value, "--as-of")


@contextmanager
def _reading() -> Iterator[None]:
    """Around a service that reads the ranking history: a missing or bad file, or an
    error of the ranking, is one message (exit 2); bad rows are listed one a line."""
    with user_errors():
        try:
            yield
        except service.BadRowsError as e:
            report_bad_rows(e)


def _print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _list_table(ranking_list: RankingList) -> None:
    if ranking_list.list_date is None:
        console.print(_("No tournament before this date."))
        return
    table = Table(
        title=_("PFS ranking — list dated {date}", date=ranking_list.list_date.isoformat())
    )
    for key, right in (
        ("col_place", True),
        ("col_name", False),
        ("col_ranking", True),
        ("col_exact", True),
        ("col_games", True),
        ("col_tournaments", True),
    ):
        table.add_column(text_of(MESSAGES[key]), justify="right" if right else "left")
    for e in ranking_list:
        table.add_row(
            "" if e.place is None else str(e.place),
            e.name,
            str(e.ranking),
            service.decimal_text(e.exact, t=cli_translator()),
            str(e.games),
            str(e.tournaments),
        )
    console.print(table)


def compute(
    games_file: str | None = typer.Argument(
        None,
        metavar="[GAMES.csv]",
        help=N_("Games: date,tournament,player1,player2,score1,score2[,walkover]"),
    ),
    as_of: str | None = typer.Option(
        None, "--as-of", help=N_("The list in force on this date (YYYY-MM-DD).")
    ),
    as_json: bool = typer.Option(False, "--json", help=N_("Print JSON.")),
    include_all: bool = typer.Option(False, "--all", help=N_("Also players below 30 games.")),
    history: str | None = typer.Option(None, "--history", help=_HISTORY_HELP),
) -> None:
    """Compute the ranking list (RR §1–§2)."""
    day = _as_of(as_of)
    with _reading():
        found = service.ranking_list(games_file, history, day, include_unlisted=include_all)
    if as_json:
        _print_json(found.as_json())
    else:
        _list_table(found)


def explanation_json(view: ExplanationView) -> dict[str, Any]:
    """An explanation as plain data (the shape of ``explain --json``)."""
    r = view.next_ranking
    tournaments = [
        {
            "tournament": t.name,
            "start": t.start.isoformat(),
            "end": t.end.isoformat(),
            "entry_ranking": t.entry,
            "entry_basis": t.basis,
            "games": t.games,
            "scalps": t.scalps,
            "achieved": str(t.achieved),
            "status": t.status,
            "scalp_detail": [
                {
                    "date": s.date.isoformat(),
                    "opponent": s.opponent,
                    "score": s.score,
                    "opponent_score": s.opponent_score,
                    "result": s.result,
                    "opponent_ranking": s.opponent_ranking,
                    "scalp": s.scalp,
                    "walkover": s.walkover,
                }
                for s in t.games_played
            ],
        }
        for t in view.tournaments
    ]
    entry = view.listed
    return {
        "name": view.player,
        "list_date": view.list_date.isoformat() if view.list_date else None,
        "window_start": view.window_start.isoformat() if view.window_start else None,
        "listed": None
        if entry is None
        else {
            "place": entry.place,
            "ranking": entry.ranking,
            "exact": str(entry.exact),
            "games": entry.games,
            "tournaments": entry.tournaments,
        },
        "tournament_ranking": {
            "value": r.value,
            "exact": str(r.exact),
            "basis": r.basis,
            "games": r.games,
            "scalps": r.scalps,
            "padding": r.padding,
            "career_games": r.career_games,
            "raised": r.raised,
        },
        "window_games": view.window_games,
        "tournaments": tournaments,
    }


def _print_explanation(view: ExplanationView) -> None:
    """The explanation as ``explain`` prints it: the sentences, the tournaments, then
    the scalps of each tournament of the two years."""
    t = cli_translator()
    console.print(view.heading.said(t), style="bold" if view.list_date else "", markup=False)
    for line in view.lines(t):
        console.print(line, markup=False)
    if view.list_date is None:
        return
    rows = [
        [
            tour.end.isoformat(),
            tour.name,
            str(tour.entry),
            str(tour.games),
            str(tour.scalps),
            service.decimal_text(tour.achieved, t=t),
            text_of(service.STATUS[tour.status]),
        ]
        for tour in view.tournaments
    ]
    keys = (
        "col_date",
        "col_tournament",
        "col_entry",
        "col_games",
        "col_scalps",
        "col_achieved",
        "col_status",
    )
    console.print(_whole_numbers_table(_("Tournaments"), keys, rows, wrap={1, 6}))
    scalp_keys = (
        "col_date",
        "col_opponent",
        "col_score",
        "col_result",
        "col_opp_ranking",
        "col_scalp",
    )
    for tour in view.tournaments:
        if not tour.shows_games:
            continue  # older games make no number; the table above lists the tournament
        rows = [
            [
                sc.date.isoformat(),
                sc.opponent,
                sc.score_said(t),
                text_of(service.RESULT[sc.result]),
                str(sc.opponent_ranking),
                str(sc.scalp),
            ]
            for sc in tour.games_played
        ]
        title = _("Scalps: {label}", label=tour.label)
        console.print(_whole_numbers_table(title, scalp_keys, rows, wrap={1}))


def _whole_numbers_table(
    title: str, keys: Sequence[str], rows: list[list[str]], wrap: set[int]
) -> Table:
    """A table whose numbers and dates are never cut on a narrow terminal.

    Those columns are at least as wide as their widest cell; headings, names
    (the ``wrap`` columns) and statuses wrap between words instead.
    """
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    for i, key in enumerate(keys):
        if i in wrap:
            table.add_column(text_of(MESSAGES[key]), ratio=1)
        else:
            heading = text_of(MESSAGES[key])
            width = max([len(r[i]) for r in rows] + [len(w) for w in heading.split()])
            table.add_column(heading, min_width=width, justify="right")
    for row in rows:
        table.add_row(*row)
    return table


def explain(
    name: str = typer.Argument(..., help=N_("The player's name.")),
    games_file: str | None = typer.Argument(None, metavar="[GAMES.csv]"),
    as_of: str | None = typer.Option(None, "--as-of", help=_AS_OF_HELP),
    as_json: bool = typer.Option(False, "--json", help=N_("Print JSON.")),
    history: str | None = typer.Option(None, "--history", help=_HISTORY_HELP),
) -> None:
    """Explain a player's ranking."""
    day = _as_of(as_of)
    with _reading():
        view = service.explain_player(name, games_file, history, day)
    if as_json:
        _print_json(explanation_json(view))
    else:
        _print_explanation(view)


def update(  # long: a command: its options, the update, its report
    tournament: str = typer.Option(
        ...,
        "--tournament",
        help=N_("The finished tournament: CSV of games, TSH .t or referee's file."),
    ),
    history: str | None = typer.Option(None, "--history", help=_HISTORY_HELP),
    day: str | None = typer.Option(
        None, "--date", help=N_("The tournament's date (needed for .t files).")
    ),
    name: str | None = typer.Option(
        None, "--name", help=N_("The tournament's name (default: from the file).")
    ),
    as_json: bool = typer.Option(False, "--json", help=N_("Changes as JSON.")),
) -> None:
    """Add a finished tournament to the history."""
    from plansza.services.ranking import RankingError, update_history

    the_day = None if day is None else _option_day(day, "--date")
    with user_errors():
        try:
            added = update_history(tournament, history, the_day, name)
        except service.BadRowsError as e:
            report_bad_rows(e)
        except RankingError as e:
            fail(describe_error(e), EXIT_REFUSED if e.code == "already_added" else EXIT_INPUT)
    new, path = added.tournament, added.history
    if as_json:
        _print_json(
            {
                "tournament": new.name,
                "start": new.start.isoformat(),
                "end": new.end.isoformat(),
                "list_date": added.list_date.isoformat(),
                "history": path,
                "estimate": bool(added.estimated),
                "players": [
                    {
                        "name": c.name,
                        "entry_ranking": c.entry_ranking,
                        "games": c.games,
                        "scalps": c.scalps,
                        "achieved": str(c.achieved),
                        "before": c.before,
                        "after": c.after,
                        "listed": c.listed,
                        "place": c.place,
                        "estimated": c.estimated,
                    }
                    for c in added.changes
                ],
            }
        )
        return
    console.print(
        _(
            "Added the tournament {label}: {games} games, {players} players, to {path}.",
            label=new.label,
            games=len(new.games),
            players=len(added.changes),
            path=path,
        )
    )
    if added.later:
        console.print(
            _(
                "Note: the history has later tournaments than this one; their scalps were "
                "recomputed."
            )
        )
    if added.estimated:
        err_console.print(
            _(
                "Estimate: {names} have no games in the history {path}; they played with the "
                "ranking registered at the tournament (from the ranking list, RR §2.1), which "
                "also stands for their past games and is kept in the history, so that "
                "recomputing it gives these numbers. The new rankings (*) are an estimate from "
                "the list, not the federation's computation.",
                names=", ".join(added.estimated),
                path=path,
            ),
            markup=False,
        )
    cells = [
        [
            c.name + (" *" if c.estimated else ""),
            str(c.entry_ranking),
            str(c.games),
            str(c.scalps),
            service.decimal_text(c.achieved, t=cli_translator()),
            "—" if c.before is None else str(c.before),
            str(c.after),
            "" if c.place is None else str(c.place),
        ]
        for c in added.changes
    ]
    keys = (
        "col_name",
        "col_entry",
        "col_games",
        "col_scalps",
        "col_achieved",
        "col_before",
        "col_after",
        "col_place",
    )
    title = _("PFS ranking — list dated {date}", date=added.list_date.isoformat())
    console.print(_whole_numbers_table(title, keys, cells, wrap={0}))


def estimate(  # long: a command: its options, the estimate, its table
    tournament: str = typer.Option(
        ...,
        "--tournament",
        help=N_("The tournament: the referee's file (its games so far), a CSV or TSH .t."),
    ),
    history: str | None = typer.Option(None, "--history", help=_HISTORY_HELP),
    day: str | None = typer.Option(
        None, "--date", help=N_("The date of games the file gives none for (default: today).")
    ),
    by_name: bool = typer.Option(False, "--by-name", help=N_("In alphabetical order.")),
    as_json: bool = typer.Option(False, "--json", help=N_("Print JSON.")),
) -> None:
    """A tournament's estimated effect on the ranking (nothing is written)."""
    from plansza.services.ranking import RankingError, estimate_tournament

    the_day = date.today() if day is None else _option_day(day, "--date")
    with user_errors():
        try:
            estimated = estimate_tournament(history, tournament, the_day, by_name=by_name)
        except service.BadRowsError as e:
            report_bad_rows(e)
        except RankingError as e:
            fail(describe_error(e), EXIT_REFUSED if e.code == "already_added" else EXIT_INPUT)
    found, effects, path = estimated.effect, estimated.players, estimated.history
    if as_json:
        _print_json(
            {
                "estimate": True,
                "tournament": None if found.tournament is None else found.tournament.name,
                "list_date": None if found.list_date is None else found.list_date.isoformat(),
                "history": path,
                "players": [
                    {
                        "name": e.name,
                        "entry_ranking": e.entry,
                        "games": e.games,
                        "scalps": e.scalps,
                        "achieved": str(e.achieved),
                        "performance": e.performance,
                        "before": e.before,
                        "listed_before": e.listed_before,
                        "after": e.new_ranking,
                        "after_exact": str(e.after.exact),
                        "change": e.change,
                        "listed": e.after.listed,
                        "enters": e.enters,
                        "estimated_from_list": e.estimated,
                    }
                    for e in effects
                ],
            }
        )
        return
    if found.tournament is None:
        console.print(_("No game of this tournament is recorded yet: nothing to estimate."))
        return
    if found.later:
        err_console.print(
            _(
                "Note: the history has later tournaments than this one; their scalps would "
                "change too."
            ),
            markup=False,
        )
    if found.estimated:
        err_console.print(
            _(
                "Players marked * have no games in the history; they count with the ranking "
                "registered at the tournament (RR §2.1).",
            ),
            markup=False,
        )
    t = cli_translator()
    cells = [
        [
            e.name + (" *" if e.estimated else ""),
            str(e.entry),
            str(e.games),
            service.decimal_text(e.achieved, t=t),
            "—" if e.before is None else str(e.before),
            str(e.new_ranking),
            "—" if e.change is None else f"{e.change:+d}",
            text_of(
                MESSAGES[
                    "listed_new" if e.enters else "listed_yes" if e.after.listed else "listed_no"
                ]
            ),
        ]
        for e in effects
    ]
    keys = (
        "col_name",
        "col_entry",
        "col_games",
        "col_performance",
        "col_before",
        "col_new",
        "col_change",
        "col_listed",
    )
    title = _(
        "Estimated effect of {label} — the list dated {date} (an estimate: the official list "
        "is the federation's)",
        label=found.tournament.label,
        date="" if found.list_date is None else found.list_date.isoformat(),
    )
    console.print(_whole_numbers_table(title, keys, cells, wrap={0, 7}))


def import_list(
    path: str = typer.Argument(
        ..., metavar="FILE", help=N_("The federation's list: a CSV of name, ranking, games.")
    ),
    to: str | None = typer.Option(
        None,
        "--list",
        help=N_(
            "Where to keep it (default: $PLANSZA_RANKING_LIST or list.csv beside the history)."
        ),
    ),
) -> None:
    """Import the PFS ranking list, for registering players by name."""
    from plansza.services.ranking import import_list as do_import

    with user_errors():
        try:
            kept = do_import(path, to)
        except service.BadRowsError as e:
            report_bad_rows(e)
    console.print(
        _(
            "Imported the ranking list: {count} players, kept in {path}.",
            count=len(kept.listing),
            path=kept.path,
        ),
        markup=False,
    )


_NAMES_OPTION = typer.Option([], "--name", help=N_("A player (repeatable)."))


def seed(  # long: a command: its options, the rankings, 3 outputs
    games_file: str | None = typer.Argument(None, metavar="[GAMES.csv]"),
    day: str | None = typer.Option(
        None, "--date", help=N_("The tournament's first day (default: today).")
    ),
    names: list[str] = _NAMES_OPTION,
    players: str | None = typer.Option(None, "--players", help=N_("A file of names.")),
    as_json: bool = typer.Option(False, "--json", help=N_("Print JSON.")),
    as_csv: bool = typer.Option(
        False, "--csv", help=N_("A CSV for plansza turniej import-players.")
    ),
    history: str | None = typer.Option(None, "--history", help=_HISTORY_HELP),
) -> None:
    """The entrants' tournament rankings (RR §2)."""
    the_day = date.today() if day is None else _option_day(day, "--date")
    wanted = list(names)
    if players is not None:
        with user_errors():
            wanted += service.read_names(players)
    if not wanted:
        fail(_("name the players: --name NAME (repeatable) or --players FILE"), EXIT_INPUT)
    with _reading():
        found = service.seeding(wanted, the_day, games_file, history)
    for e in found.unknown:
        err_console.print(
            _("Note: {message} — counted as a debutant (RR §2.2)", message=str(e)),
            markup=False,
        )
    entries = [(e.name, e.ranking) for e in found.entrants]
    if as_csv:
        out = io.StringIO()
        writer = csv_writer(out)
        writer.writerow(["nazwisko", "ranking", "partie"])
        for name, r in entries:
            writer.writerow([name, "" if r.debutant else r.value, r.career_games])
        sys.stdout.write(out.getvalue())
        return
    if as_json:
        _print_json(
            [
                {
                    "seed": i,
                    "name": name,
                    "ranking": r.value,
                    "exact": str(r.exact),
                    "basis": r.basis,
                    "raised": r.raised,
                    "games": r.career_games,
                }
                for i, (name, r) in enumerate(entries, start=1)
            ]
        )
        return
    rows = []
    for i, (name, r) in enumerate(entries, start=1):
        rule = text_of(MESSAGES["rule_" + r.basis])
        if r.raised:
            rule += " → 100 (RR §2.2)"
        rows.append(
            [
                str(i),
                name,
                str(r.value),
                service.decimal_text(r.exact, t=cli_translator()),
                rule,
                str(r.career_games),
            ]
        )
    keys = ("col_seed", "col_name", "col_ranking", "col_exact", "col_rule", "col_career")
    console.print(
        _whole_numbers_table(
            _("Tournament rankings for a tournament from {date}", date=the_day.isoformat()),
            keys,
            rows,
            wrap={1, 4},
        )
    )


def export(
    games_file: str | None = typer.Argument(None, metavar="[GAMES.csv]"),
    fmt: str | None = typer.Option(
        None, "--format", help=N_("Default: from the file's extension).")
    ),
    output: str = typer.Option("-", "--output", "-o", help=N_("Output file.")),
    as_of: str | None = typer.Option(None, "--as-of", help=_AS_OF_HELP),
    include_all: bool = typer.Option(False, "--all", help=_ALL_HELP),
    history: str | None = typer.Option(None, "--history", help=_HISTORY_HELP),
) -> None:
    """Export the list as CSV or printable HTML."""
    day = _as_of(as_of)
    kind = (fmt or ("html" if output.lower().endswith((".html", ".htm")) else "csv")).lower()
    if kind not in ("csv", "html"):
        fail(_("--format: use csv or html, not {value!r}", value=fmt), EXIT_INPUT)
    with _reading():
        t = cli_translator()
        text = service.export_list(kind, t, games_file, history, day, include_unlisted=include_all)
    if output == "-":
        sys.stdout.write(text)
        return
    from plansza.files import write_output

    with user_errors():  # one wording of a bad -o for every command (plansza.files)
        write_output(output, text)
    err_console.print(_("Wrote {path}.", path=output), markup=False)


def register(app: typer.Typer) -> None:
    """Add the ``ranking`` sub-app to the root app."""
    sub = typer.Typer(
        name="ranking",
        help=N_(
            "The PFS ranking (Hollington method with the PFS corrections): list, explanations, "
            "adding tournaments, export."
        ),
        no_args_is_help=True,
    )
    for command, english, polish in (
        (compute, "compute", "lista"),
        (explain, "explain", "wyjasnij"),
        (update, "update", "dopisz"),
        (export, "export", "eksport"),
        (seed, "seed", "rozstaw"),
        (import_list, "import-list", "importuj-liste"),
        (estimate, "estimate", "szacuj"),
    ):
        sub.command(english)(command)
        sub.command(polish, hidden=True)(command)
    app.add_typer(sub, name="ranking")
