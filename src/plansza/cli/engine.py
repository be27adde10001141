"""``plansza match``: computer players against each other (alias ``mecz``).

``plansza match --p1 static --p2 greedy --games N --seed S [--jobs J] [--json]
[--rules pfs] [--seconds 1] [--gcg-dir DIR] [--lexicon NAME]``

Player 1 starts the even games (0, 2, …), player 2 the odd ones; the same seed
gives the same games whatever ``--jobs``. The win rate counts a draw as half a
win; ``ci95`` is its Wilson interval. Exit codes: 0 done, 2 bad arguments.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from plansza.cli.common import (
    DEFAULT_LEXICON,
    EXIT_INPUT,
    console,
    err_console,
    fail,
    rules_named,
    user_errors,
)
from plansza.files import write_atomic
from plansza.i18n import tr

if TYPE_CHECKING:
    from plansza.engine.match import MatchResult


MESSAGES = {
    "unknown_level": {
        "pl": "nieznany poziom gracza {level!r}; dostępne: {levels}",
        "en": "unknown player level {level!r}; choose one of: {levels}",
    },
    "bad_games": {
        "pl": "--games musi być co najmniej 1, nie {n}",
        "en": "--games must be at least 1, not {n}",
    },
    "bad_jobs": {
        "pl": "--jobs musi być co najmniej 1, nie {n}",
        "en": "--jobs must be at least 1, not {n}",
    },
    "bad_seconds": {
        "pl": "--seconds musi być dodatnie, nie {n}",
        "en": "--seconds must be positive, not {n}",
    },
    "alphabet": {
        "pl": "słownik {lexicon} nie pasuje do płytek zasad {rules} ({tiles})",
        "en": "the lexicon {lexicon} does not fit the tiles of the {rules} rules ({tiles})",
    },
    "playing": {"pl": "Partie", "en": "Games"},
    "title": {
        "pl": "Mecz {p1} – {p2}: {games} partii, ziarno {seed}",
        "en": "Match {p1} – {p2}: {games} games, seed {seed}",
    },
    "row_wins": {"pl": "Wygrane", "en": "Wins"},
    "row_draws": {"pl": "Remisy", "en": "Draws"},
    "row_rate": {
        "pl": "Odsetek wygranych gracza 1 (remis = ½)",
        "en": "Player 1's win rate (draw = ½)",
    },
    "row_ci": {"pl": "Przedział ufności 95% (Wilson)", "en": "95% confidence interval (Wilson)"},
    "row_spread": {
        "pl": "Średnia różnica punktów (gracz 1 − gracz 2)",
        "en": "Mean spread (player 1 − player 2)",
    },
    "row_speed": {"pl": "Ruchy na sekundę (na proces)", "en": "Moves per second (per process)"},
    "row_time": {"pl": "Czas", "en": "Time"},
    "saved": {"pl": "Zapisano {n} partii w {path}", "en": "Saved {n} games in {path}"},
}


GcgDirOption = typer.Option(
    None, "--gcg-dir", help="Zapisz partie jako GCG / save the games as GCG"
)


def register(app: typer.Typer) -> None:
    """Add ``match`` (alias ``mecz``) to the root app."""
    app.command("match")(match)
    app.command("mecz", hidden=True)(match)


def match(
    p1: str = typer.Option("static", "--p1", help="Poziom gracza 1 / player 1's level"),
    p2: str = typer.Option("greedy", "--p2", help="Poziom gracza 2 / player 2's level"),
    games: int = typer.Option(100, "--games", "-n", help="Liczba partii / number of games"),
    seed: int = typer.Option(1, "--seed", help="Ziarno losowania / random seed"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Procesy / worker processes"),
    rules: str = typer.Option("pfs", "--rules", help="pfs | home | school | wespa"),
    seconds: float = typer.Option(
        1.0, "--seconds", help="Czas na ruch gracza sim / sim's seconds a move"
    ),
    gcg_dir: Path = GcgDirOption,
    as_json: bool = typer.Option(False, "--json", help="Wynik jako JSON / output as JSON"),
    lexicon: str = typer.Option(
        DEFAULT_LEXICON,
        "--lexicon",
        "-l",
        help="Słownik / lexicon (sjp-20220301 = SJP.PL, not OSPS)",
    ),
) -> None:
    """Mecz dwóch graczy komputerowych. / A match between two computer players."""
    from plansza.engine import LEVELS
    from plansza.engine.match import run_match
    from plansza.lexicon import Lexicon

    for level in (p1, p2):
        if level not in LEVELS:
            fail(tr(MESSAGES, "unknown_level", level=level, levels=", ".join(LEVELS)), EXIT_INPUT)
    if games < 1:
        fail(tr(MESSAGES, "bad_games", n=games), EXIT_INPUT)
    if jobs < 1:
        fail(tr(MESSAGES, "bad_jobs", n=jobs), EXIT_INPUT)
    if seconds <= 0:
        fail(tr(MESSAGES, "bad_seconds", n=seconds), EXIT_INPUT)
    the_rules = rules_named(rules)
    with user_errors():
        lex = Lexicon.load(lexicon, progress=not as_json)
    if lex.tileset.name != the_rules.tileset.name:
        fail(
            tr(MESSAGES, "alphabet", lexicon=lex.name, rules=rules, tiles=the_rules.tileset.name),
            EXIT_INPUT,
        )
    options = {"sim": {"seconds": seconds}}
    with Progress(
        TextColumn(tr(MESSAGES, "playing")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        disable=as_json or not sys.stderr.isatty(),
    ) as progress:
        task = progress.add_task("games", total=games)
        result = run_match(
            p1, p2, games=games, seed=seed, rules=rules, jobs=jobs, record=gcg_dir is not None,
            lexicon=lex, options=options, on_game=lambda _: progress.advance(task),
        )  # fmt: skip
    if gcg_dir is not None:
        _save(result, gcg_dir)
        if not as_json:
            err_console.print(tr(MESSAGES, "saved", n=games, path=gcg_dir))
    if as_json:
        sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False) + "\n")
        return
    _print(result)


def _save(result: MatchResult, directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for o in result.outcomes:
        write_atomic(directory / f"game-{o.index + 1:04d}.gcg", o.gcg or "")


def _print(result: MatchResult) -> None:
    data = result.to_json()
    table = Table(
        title=tr(
            MESSAGES, "title", p1=result.p1, p2=result.p2, games=result.games, seed=result.seed
        )
    )
    table.add_column("")
    table.add_column(f"1: {result.p1}", justify="right")
    table.add_column(f"2: {result.p2}", justify="right")
    table.add_row(tr(MESSAGES, "row_wins"), str(result.p1_wins), str(result.p2_wins))
    table.add_row(tr(MESSAGES, "row_draws"), str(result.draws), str(result.draws))
    lo, hi = data["ci95"]
    table.add_row(tr(MESSAGES, "row_rate"), f"{100 * result.p1_win_rate:.1f}%", "")
    table.add_row(tr(MESSAGES, "row_ci"), f"{100 * lo:.1f}% – {100 * hi:.1f}%", "")
    table.add_row(tr(MESSAGES, "row_spread"), f"{result.mean_spread:+.1f}", "")
    table.add_row(tr(MESSAGES, "row_speed"), f"{result.moves_per_second:.0f}", "")
    table.add_row(tr(MESSAGES, "row_time"), f"{result.seconds:.1f} s", "")
    console.print(table)
