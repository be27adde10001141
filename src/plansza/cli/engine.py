"""``plansza match``: computer players against each other (alias ``mecz``).

``plansza match --p1 static --p2 greedy --games N --seed S [--jobs J] [--json]
[--rules pfs] [--seconds 1] [--gcg-dir DIR] [--lexicon NAME]``

Player 1 starts the even games (0, 2, …), player 2 the odd ones; the same seed
gives the same games whatever ``--jobs``. The win rate counts a draw as half a
win; ``ci95`` is its Wilson interval. With ``--gcg-dir`` the directory is checked
(made) before the first game and each game is saved as it ends. Ctrl-C stops the
match: the games finished are kept and summed up, marked as interrupted. Exit
codes: 0 done, 2 bad arguments (an unusable ``--gcg-dir``), 130 interrupted.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.cells import cell_len
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from plansza.cli.common import (
    DEFAULT_LEXICON,
    EXIT_INTERRUPTED,
    console,
    err_console,
    lexicon_progress,
    rules_named,
    user_errors,
)
from plansza.cli.i18n import _
from plansza.errors import N_
from plansza.files import output_directory, write_atomic, writing

if TYPE_CHECKING:
    from plansza.services.matches import GameOutcome, MatchResult

GcgDirOption = typer.Option(None, "--gcg-dir", help=N_("Save the games as GCG"))


def register(app: typer.Typer) -> None:
    """Add ``match`` (alias ``mecz``) to the root app."""
    app.command("match")(match)
    app.command("mecz", hidden=True)(match)


def match(  # long: a command: its options checked, the run, the output
    p1: str = typer.Option("static", "--p1", help=N_("Player 1's level")),
    p2: str = typer.Option("greedy", "--p2", help=N_("Player 2's level")),
    games: int = typer.Option(100, "--games", "-n", help=N_("Number of games")),
    seed: int = typer.Option(1, "--seed", help=N_("Random seed")),
    jobs: int = typer.Option(1, "--jobs", "-j", help=N_("Worker processes")),
    rules: str = typer.Option("pfs", "--rules", help="pfs | home | school | wespa"),
    seconds: float = typer.Option(1.0, "--seconds", help=N_("Sim's seconds a move")),
    gcg_dir: str | None = GcgDirOption,
    as_json: bool = typer.Option(False, "--json", help=N_("Output as JSON")),
    lexicon: str = typer.Option(
        DEFAULT_LEXICON,
        "--lexicon",
        "-l",
        help=N_("Lexicon (sjp-20220301 = SJP.PL, not OSPS)"),
    ),
) -> None:
    """A match between two computer players."""
    from plansza.services.matches import check_match, match_lexicon, play_match

    with user_errors():
        check_match(p1, p2, games=games, jobs=jobs, seconds=seconds)
    the_rules = rules_named(rules)
    with user_errors():
        lex = match_lexicon(lexicon, the_rules, rules, progress=lexicon_progress(not as_json))
    directory: Path | None = None
    if gcg_dir is not None:
        with user_errors():  # before the first game: a bad directory loses nothing
            directory = output_directory(gcg_dir)
    def on_game(outcome: GameOutcome) -> None:
        if directory is not None:
            _save(outcome, directory)
        progress.advance(task)

    with Progress(
        TextColumn(_("Games")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        disable=as_json or not sys.stderr.isatty(),
    ) as progress:
        task = progress.add_task("games", total=games)
        with user_errors():  # a game file that cannot be written (a full disk) stops it
            result = play_match(
                p1, p2, games=games, seed=seed, rules=rules, jobs=jobs, seconds=seconds,
                record=directory is not None, lexicon=lex, on_game=on_game,
            )  # fmt: skip
    if directory is not None and not as_json:
        err_console.print(
            _("Saved {n} games in {path}", n=result.games, path=gcg_dir), soft_wrap=True
        )
    if as_json:
        sys.stdout.write(json.dumps(result.as_json(), ensure_ascii=False) + "\n")
    else:
        _print(result)
    if result.interrupted:
        err_console.print(
            _(
                "Interrupted: {n} of {total} games finished; the figures are theirs",
                n=result.games,
                total=games,
            ),
            style="bold yellow",
            soft_wrap=True,
        )
        raise typer.Exit(EXIT_INTERRUPTED)


def _save(outcome: GameOutcome, directory: Path) -> None:
    """Save one game as it ends: Ctrl-C later keeps it."""
    path = directory / f"game-{outcome.index + 1:04d}.gcg"
    with writing(path):
        write_atomic(path, outcome.gcg or "", parents=False)


def _print(result: MatchResult) -> None:
    data = result.as_json()
    title = _(
        "Match {p1} – {p2}: {games} games, seed {seed}",
        p1=result.p1,
        p2=result.p2,
        games=result.games,
        seed=result.seed,
    )
    if result.interrupted:
        title += " — " + _("interrupted after {n} of {total}", n=result.games, total=result.planned)
    # At least as wide as its title (within the terminal): a narrow table of a short
    # match would break the title's line in two.
    table = Table(title=title, min_width=min(cell_len(title), console.width))
    table.add_column("")
    table.add_column(f"1: {result.p1}", justify="right")
    table.add_column(f"2: {result.p2}", justify="right")
    table.add_row(_("Wins"), str(result.p1_wins), str(result.p2_wins))
    table.add_row(_("Draws"), str(result.draws), str(result.draws))
    lo, hi = data["ci95"]
    table.add_row(_("Player 1's win rate (draw = ½)"), f"{100 * result.p1_win_rate:.1f}%", "")
    table.add_row(_("95% confidence interval (Wilson)"), f"{100 * lo:.1f}% – {100 * hi:.1f}%", "")
    table.add_row(_("Mean spread (player 1 − player 2)"), f"{result.mean_spread:+.1f}", "")
    table.add_row(_("Moves per second (per process)"), f"{result.moves_per_second:.0f}", "")
    table.add_row(_("Time"), f"{result.seconds:.1f} s", "")
    console.print(table)
