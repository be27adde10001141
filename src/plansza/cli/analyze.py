"""``plansza analyze``: a recorded game against the engine, move by move (alias ``analiza``).

``plansza analyze GAME.gcg [--level static|sim] [--seconds 1] [--rules pfs] [--json]
[--lexicon NAME]``

For every move whose rack the record gives: the move played and the engine's best,
both equities and the equity lost; then per player the moves analysed, the total
and mean equity lost, how often the top move was found and the biggest mistakes.
Exit codes (:mod:`plansza.cli.common`): 0 done; 2 for an unreadable file (every
error with file:line), a play that cannot be placed, or a bad option.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

import typer
from rich import box
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from plansza.cli.common import (
    DEFAULT_LEXICON,
    EXIT_INPUT,
    console,
    describe_error,
    err_console,
    fail,
    lexicon_progress,
    read_text,
    rules_named,
    user_errors,
)
from plansza.cli.i18n import _, pgettext
from plansza.errors import N_

if TYPE_CHECKING:
    from plansza.gcg import GameRecord
    from plansza.services.study import Analysis, MoveAnalysis
    from plansza.tiles import TileSet


def register(app: typer.Typer) -> None:
    """Add ``analyze`` (alias ``analiza``) to the root app."""
    app.command("analyze")(analyze)
    app.command("analiza", hidden=True)(analyze)


def _load(path: str, tileset: TileSet) -> GameRecord:
    """The record, or exit 2 listing every error with file:line."""
    from plansza.gcg import read_gcg

    with user_errors():
        text = read_text(path)
    record = read_gcg(text, tileset, source=path)
    if record.errors:
        for e in record.errors:
            err_console.print(describe_error(e), style="red", soft_wrap=True)
        fail(
            _("{path}: errors in the record ({n}); no analysis", path=path, n=len(record.errors)),
            EXIT_INPUT,
        )
    if len(record.players) < 2:
        fail(
            _("{path}: the record does not have two players (#player1, #player2)", path=path),
            EXIT_INPUT,
        )
    return record


def analyze(
    path: str = typer.Argument(..., help=N_("GCG file")),
    level: str = typer.Option("static", "--level", help="static | sim"),
    seconds: float = typer.Option(1.0, "--seconds", help=N_("Simulation seconds a move")),
    rules_name: str = typer.Option("pfs", "--rules", help="pfs | home | school | wespa"),
    as_json: bool = typer.Option(False, "--json", help=N_("Output as JSON")),
    lexicon: str = typer.Option(
        DEFAULT_LEXICON,
        "--lexicon",
        "-l",
        help=N_("Lexicon: name or path (sjp-20220301 = SJP.PL, not OSPS)"),
    ),
) -> None:
    """Each move against the engine's best."""
    from plansza.services.lexicon import load_lexicon
    from plansza.services.study import analyze_game, check_analysis

    with user_errors():
        check_analysis(level, seconds)
    rules = rules_named(rules_name)
    record = _load(path, rules.tileset)
    with user_errors():
        lex = load_lexicon(lexicon, progress=lexicon_progress(not as_json))
        if level == "sim" and not as_json:
            columns = (
                TextColumn(_("Analysing")),
                BarColumn(),
                MofNCompleteColumn(),
            )
            with Progress(*columns, console=err_console, transient=True) as bar:
                task = bar.add_task("", total=None)
                result = analyze_game(
                    record,
                    lex,
                    rules,
                    level,
                    seconds,
                    source=path,
                    now=time.monotonic,
                    progress=lambda done, total: bar.update(task, completed=done, total=total),
                )
        else:
            result = analyze_game(
                record, lex, rules, level, seconds, source=path, now=time.monotonic
            )
    if as_json:
        print(json.dumps(result.as_json(), ensure_ascii=False))
        return
    _print(result, path)


def _move_text(text: str) -> str:
    """A pass in words (``-`` alone reads badly in a table)."""
    return _("pass") if text == "-" else text


def _print(result: Analysis, path: str) -> None:  # long: one report's template, top to bottom
    console.print(
        _(
            "Analysis of {path} — level {level}, lexicon {lexicon}",
            path=path,
            level=result.level,
            lexicon=result.lexicon,
        ),
        style="bold",
        soft_wrap=True,
    )
    # Narrow enough for 80 columns: players by number (named above), notes below.
    console.print(
        "  ".join(f"{i + 1} = {name}" for i, name in enumerate(result.players)), soft_wrap=True
    )
    table = Table(header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
    table.add_column(_("Line"), justify="right")
    table.add_column(pgettext("player number", "Pl."), justify="right")
    table.add_column(_("Rack"))
    table.add_column(_("Played"))
    table.add_column(_("Pts"), justify="right")
    table.add_column(_("Eq."), justify="right")
    table.add_column(_("Best"))
    table.add_column(_("Pts"), justify="right")
    table.add_column(_("Eq."), justify="right")
    table.add_column(_("Lost"), justify="right")
    for m in result.moves:
        table.add_row(
            str(m.line),
            str(m.player + 1),
            m.rack,
            _played_cell(m),
            str(m.played_score),
            _equity_cell(m.played_equity, m.stderr),
            _move_text(m.best),
            str(m.best_score),
            f"{m.best_equity:.1f}",
            "✓" if m.is_top else f"{m.equity_lost:.1f}",
            style=None if m.is_top else ("red" if m.equity_lost >= 10 else "yellow"),
        )
    console.print(table)
    console.print(
        _(
            "Equity = score + the value of the tiles kept (level static) or the simulated "
            "mean (level sim). ✓ = the top move, ✗ = see the note below."
        ),
        style="dim",
        soft_wrap=True,
    )
    for m in result.moves:
        if m.kind == "loss" or m.invalid_words:
            console.print(_note(m), soft_wrap=True)
    summary = Table(title=_("Summary"), title_justify="left", header_style="bold")
    summary.add_column(_("Player"))
    summary.add_column(_("Moves"), justify="right")
    summary.add_column(_("Total lost"), justify="right")
    summary.add_column(_("Mean"), justify="right")
    summary.add_column(_("Top move"), justify="right")
    for s in result.summaries:
        summary.add_row(
            s.name, str(s.moves), f"{s.total_lost:.1f}", f"{s.mean_lost:.1f}", str(s.top_found)
        )
    console.print(summary)
    for s in result.summaries:
        if not s.mistakes:
            continue
        console.print(_("Biggest mistakes — {name}:", name=s.name))
        for m in s.mistakes:
            console.print(
                _(
                    "  line {line}: {played} instead of {best} (−{lost:.1f})",
                    line=m.line,
                    played=_move_text(m.played),
                    best=_move_text(m.best),
                    lost=m.equity_lost,
                )
            )
    if result.skipped:
        items = ", ".join(f"{line} ({why})" for line, why in result.skipped)
        console.print(
            _("Moves not analysed ({n}): {items}", n=len(result.skipped), items=items),
            soft_wrap=True,
        )


def _played_cell(m: MoveAnalysis) -> str:
    marked = m.kind == "loss" or m.invalid_words
    return _move_text(m.played) + (" ✗" if marked else "")


def _note(m: MoveAnalysis) -> str:
    """The footnote of a move marked ✗: a loss, words not in the lexicon."""
    parts = []
    if m.kind == "loss":
        parts.append(_("loss"))
    if m.invalid_words:
        parts.append(_("not in the lexicon: {words}", words=", ".join(m.invalid_words)))
    return f"✗ {_('Line').lower()} {m.line}: {m.played} — {'; '.join(parts)}"


def _equity_cell(value: float, stderr: float | None) -> str:
    return f"{value:.1f}" if stderr is None else f"{value:.1f}±{stderr:.1f}"
