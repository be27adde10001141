"""``plansza endgame`` (``końcówka``): the exact endgame of a position with the bag empty.

``plansza endgame --cgp CGP [--rack R] [--opponent R] [--seconds 10] [--threads N]
[--table-bits 22] [--rules pfs] [--json] [--lexicon NAME|PATH]``

The CGP gives the board, the racks (the player to move first), the scores and the
scoreless turns in a row so far. With the bag empty the opponent's rack is the
unseen tiles (TR 1.4), so it may be left out: it is worked out from the tile set,
the board and the rack of the player to move. The answer is the best sequence for
both sides to the end of the game and its value: what the rest of the game adds to
the spread of the player to move, the racks settled at the end (TR 5.1.2, 5.1.4),
proved exactly or — when ``--seconds`` runs out first — the best line found.
``--table-bits`` sizes the solver's transposition table (2**N entries of 32 bytes;
22 = 128 MiB): a proof of minutes does far better with 26 (2 GiB), which is the
default for ``--seconds`` of 60 or more (:func:`auto_table_bits`).

Exit codes (:mod:`plansza.cli.common`): 0 an answer (proved or not: ``"exact"``
in the JSON), 2 for a bad CGP, rack, option or lexicon, or a position that is not
an endgame (tiles left in the bag, the game already over).
"""

from __future__ import annotations

import json
import time
from typing import Any

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
from plansza.cli.i18n import _, text_of
from plansza.cli.i18n import current as language
from plansza.cli.lexopt import CgpLexiconOption, choose_lexicon
from plansza.errors import N_

MESSAGES = {
    "player": N_("Player"),
    "move": N_("Move"),
    "score": N_("Score"),
    "mover": N_("to move"),
    "opponent": N_("opponent"),
    "pass": N_("pass"),
    "value": N_("Value: {value:+d} for the player to move (the rest of the game, racks settled)"),
    "exact": N_("Proved in {seconds} s ({nodes} positions searched)"),
    "proved_lower": N_(
        "Proved: the value is at least {lower:+d} (not proved in time that nothing is worth more)"
    ),
    "proved_upper": N_("Proved: the value is at most {upper:+d}"),
    "lexicon": N_("Lexicon: {name}"),
}

CgpOption = typer.Option(..., "--cgp", help=N_("The position as CGP"))
RackOption = typer.Option(None, "--rack", "-r", help=N_("The rack to move"))
OpponentOption = typer.Option(
    None,
    "--opponent",
    "-o",
    help=N_("The opponent's rack (default: the CGP's, else the unseen tiles)"),
)
SecondsOption = typer.Option(10.0, "--seconds", "-s", help=N_("Time limit (s)"))
ThreadsOption = typer.Option(
    None,
    "--threads",
    min=1,
    max=2,
    help=N_("Search threads"),
    show_default=False,
)
TableBitsOption = typer.Option(
    None,
    "--table-bits",
    min=16,
    max=28,
    help=N_(
        "Transposition table of 2^N entries; default 22, or up to 26 for --seconds of 60 or "
        "more, at most 1/8 of the memory"
    ),
    show_default=False,
)
RulesOption = typer.Option("pfs", "--rules", help="pfs | wespa | school | home")
JsonOption = typer.Option(False, "--json", help=N_("Output as JSON"))


def register(app: typer.Typer) -> None:
    """Add ``endgame`` (alias ``końcówka``) to the root app."""
    app.command("endgame")(endgame)
    app.command("końcówka", hidden=True)(endgame)


def endgame(  # long: a command: the solve, then JSON, table, proof
    cgp: str = CgpOption,
    rack: str | None = RackOption,
    opponent: str | None = OpponentOption,
    seconds: float = SecondsOption,
    threads: int | None = ThreadsOption,
    table_bits: int | None = TableBitsOption,
    rules_name: str = RulesOption,
    as_json: bool = JsonOption,
    lexicon: str | None = CgpLexiconOption,
) -> None:
    """The exact endgame, the bag empty.

    The best sequence for both sides to the end of the game and its value (proved, or the best
    found within the time limit).
    """
    from plansza.cgp import parse_cgp
    from plansza.services.lexicon import load_lexicon
    from plansza.services.positions import endgame_setup, solve_endgame

    if not seconds > 0:
        fail(_("--seconds must be positive, not {n}", n=seconds), EXIT_INPUT)
    rules = rules_named(rules_name)
    with user_errors():
        position = parse_cgp(cgp, rules.tileset)
        mover = (rack if rack is not None else position.racks[0]).strip()
        if not mover:
            fail(
                _("no rack for the player to move: give --rack or the rack in the CGP"), EXIT_INPUT
            )
        given = opponent if opponent is not None else position.racks[1]
        setup = endgame_setup(position.board, mover, given.strip(), rules, zeros=position.zeros)
        theirs = setup.opponent
        lex = load_lexicon(
            choose_lexicon(lexicon, position.lexicon), progress=lexicon_progress(not as_json)
        )
        start = time.perf_counter()
        result = solve_endgame(
            position.board, setup, lex, rules, seconds=seconds, threads=threads,
            table_bits=table_bits,
        )  # fmt: skip
        took = time.perf_counter() - start
    line: list[dict[str, Any]] = [
        {"player": m.player, "move": m.move, "score": m.score} for m in result.line
    ]
    spread = position.scores[0] - position.scores[1] + result.spread
    if as_json:
        out: dict[str, Any] = {
            "mover": mover,
            "opponent": theirs,
            "value": result.spread,
            "exact": result.exact,
            "proved_lower": result.lower,
            "proved_upper": result.upper,
            "line_complete": result.complete,
            "final_spread": spread,
            "moves": line,
            "nodes": result.nodes,
            "depth": result.depth,
            "seconds": round(took, 3),
            "lexicon": lex.name,
        }
        console.print_json(json.dumps(out, ensure_ascii=False))
        return
    err_console.print(_("Lexicon: {name}", name=lex.name), style="dim", soft_wrap=True)
    table = Table(
        title=_(
            "Endgame: {mover} to move, {opponent} on the opponent's rack",
            mover=mover,
            opponent=theirs,
        )
    )
    table.add_column(_("#"), justify="right")
    table.add_column(_("Player"))
    table.add_column(_("Move"))
    table.add_column(_("Score"), justify="right")
    table.add_column(_("Spread"), justify="right")
    running = 0
    for i, step in enumerate(line, 1):
        running += step["score"] if step["player"] == 0 else -step["score"]
        who = text_of(MESSAGES["mover" if step["player"] == 0 else "opponent"])
        move = step["move"] if step["move"] != "-" else _("pass")
        table.add_row(str(i), who, move, str(step["score"]), f"{running:+d}")
    # A proved line runs to the end of the game, and so does the checked line of a
    # proved lower bound: going out adds twice the other rack to the spread, the
    # scoreless ending takes each rack off its owner (TR 5.1.2, 5.1.4) — the value
    # less the plays. (A line cut by the time limit may stop short of the end,
    # where the value is a guess.)
    checked = not result.exact and result.lower == result.spread and result.complete
    if result.exact or checked:
        settled = result.spread - running
        table.add_row("", "", _("racks settled"), f"{settled:+d}", f"{result.spread:+d}")
    console.print(table)
    console.print(
        _(
            "Value: {value:+d} for the player to move (the rest of the game, racks settled)",
            value=result.spread,
        )
    )
    if position.scores != [0, 0]:
        console.print(
            _(
                "Final spread: {spread:+d} ({s0}:{s1} in the CGP)",
                spread=spread,
                s0=position.scores[0],
                s1=position.scores[1],
            )
        )
    # a decimal comma in Polish
    secs = f"{took:.2f}".replace(".", ",") if language() == "pl" else f"{took:.2f}"
    if result.exact:
        console.print(
            _(
                "Proved in {seconds} s ({nodes} positions searched)",
                seconds=secs,
                nodes=result.nodes,
            )
        )
    else:
        console.print(
            _(
                "Not proved: the best line found in {seconds} s ({nodes} positions searched, "
                "{depth} plies deep); a longer --seconds may change it",
                seconds=secs,
                nodes=result.nodes,
                depth=result.depth,
            )
        )
        lo, hi = result.lower, result.upper
        if lo is not None and hi is not None:
            console.print(_("Proved: the value is {lower:+d} to {upper:+d}", lower=lo, upper=hi))
        elif lo is not None:
            console.print(
                _(
                    "Proved: the value is at least {lower:+d} (not proved in time that nothing "
                    "is worth more)",
                    lower=lo,
                )
            )
        elif hi is not None:
            console.print(_("Proved: the value is at most {upper:+d}", upper=hi))
        if checked:
            console.print(
                _(
                    "The line above reaches this value to the end of the game; every move after "
                    "the first checked to be a best one"
                )
            )
