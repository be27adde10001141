"""``plansza moves``: every legal placement of a rack, or the best ones.

``plansza moves --cgp CGP [--rack RACK] [--top N] [--count] [--json] [--lexicon NAME|PATH]``

The rack defaults to the rack of the player to move in the CGP. ``--count``
prints the number of legal placements; ``--json`` prints the moves best first as
``[{"move": "H8 ZORANIE", "score": 66, "words": [...]}, ...]``; otherwise a
table. Without ``--lexicon`` the CGP's ``lex`` op chooses the lexicon when plansza
knows it (:func:`plansza.cli.lexopt.choose_lexicon`). Exit codes
(:mod:`plansza.cli.common`): 0 done, 2 for a bad CGP, rack or lexicon.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import typer
from rich.table import Table

from plansza.cli.common import (
    EXIT_INPUT,
    console,
    err_console,
    fail,
    lexicon_progress,
    rules_named,
    user_errors,
)
from plansza.cli.i18n import _
from plansza.cli.lexopt import CgpLexiconOption, choose_lexicon
from plansza.errors import N_

if TYPE_CHECKING:
    from plansza.services.positions import Placements


CgpOption = typer.Option(..., "--cgp", help=N_("The position as CGP"))
RackOption = typer.Option(
    None,
    "--rack",
    "-r",
    help=N_("Rack (? = blank); default: the player to move"),
)
TopOption = typer.Option(None, "--top", "-n", help=N_("Only the N best moves"))
CountOption = typer.Option(False, "--count", help=N_("Only the number of placements"))
JsonOption = typer.Option(False, "--json", help=N_("Output as JSON"))
LIMIT_TABLE = 30  # rows printed without --top: the rest is counted, not drawn


def register(app: typer.Typer) -> None:
    """Add ``moves`` (alias ``ruchy``) to the root app."""
    app.command("moves")(moves)
    app.command("ruchy", hidden=True)(moves)


def moves(
    cgp: str = CgpOption,
    rack: str = RackOption,
    top_n: int = TopOption,
    count: bool = CountOption,
    as_json: bool = JsonOption,
    lexicon: str | None = CgpLexiconOption,
) -> None:
    """Every legal placement of a rack, or the best.

    A single tile is one move; each blank designation is a separate move.
    """
    from plansza.cgp import parse_cgp
    from plansza.services.lexicon import load_lexicon
    from plansza.services.positions import placements

    if top_n is not None and top_n < 1:
        fail(_("--top must be at least 1, not {n}", n=top_n), EXIT_INPUT)
    rules = rules_named("pfs")
    with user_errors():
        position = parse_cgp(cgp, rules.tileset)
        the_rack = rack if rack is not None else position.racks[0]
        the_rack = the_rack.strip()
        if not the_rack:
            fail(_("no rack: give --rack or the rack of the player to move in the CGP"), EXIT_INPUT)
        lex = load_lexicon(
            choose_lexicon(lexicon, position.lexicon), progress=lexicon_progress(not as_json)
        )
        listed = placements(position.board, the_rack, lex, rules, top=top_n)
    if count:
        n = listed.count
        if as_json:
            console.print_json(json.dumps({"rack": the_rack, "count": n}, ensure_ascii=False))
        else:
            console.print(_("Placements of the rack {rack}: {n}", n=n, rack=the_rack))
        return
    if as_json:
        out = [
            {"move": m.move, "score": m.score, "words": list(m.words)} for m in listed.best_first()
        ]
        # Plain output: thousands of moves go through Rich's JSON highlighter slowly.
        # One move a line: readable, and still one JSON list.
        lines = ",\n".join(" " + json.dumps(m, ensure_ascii=False) for m in out)
        sys.stdout.write(f"[\n{lines}\n]\n" if out else "[]\n")
        return
    _table(listed, the_rack, lex.name)


def _table(listed: Placements, rack: str, lex_name: str) -> None:
    err_console.print(_("Lexicon: {name}", name=lex_name), style="dim", soft_wrap=True)
    if not listed.count:
        console.print(_("no placement of the rack {rack}", rack=rack))
        return
    is_top = listed.is_top
    shown = listed.best_first(None if is_top else LIMIT_TABLE)
    title = (
        _("Best moves of the rack {rack}", rack=rack)
        if is_top
        else _(
            "Moves of the rack {rack}: {shown} of {total}",
            rack=rack,
            shown=len(shown),
            total=listed.count,
        )
    )
    table = Table(title=title)
    table.add_column(_("#"), justify="right")
    table.add_column(_("Move"))
    table.add_column(_("Score"), justify="right")
    table.add_column(_("Tiles"), justify="right")
    table.add_column(_("Words"))
    for rank, m in enumerate(shown, 1):
        table.add_row(str(rank), m.move, str(m.score), str(m.tiles), ", ".join(m.words))
    console.print(table)
