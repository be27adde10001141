"""Game commands: ``show``, ``score``, ``replay``, ``demo``.

Exit codes follow :mod:`plansza.cli.common`: ``score`` exits 1 for an illegal move,
``replay`` 1 when a recorded score differs, 2 for unreadable input.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import typer
from rich.table import Table
from rich.text import Text

from plansza.cgp import parse_cgp
from plansza.cli.common import (
    EXIT_INPUT,
    EXIT_NEGATIVE,
    console,
    err_console,
    fail,
    read_text,
    rules_named,
    user_errors,
)
from plansza.cli.common import describe_error as describe
from plansza.cli.i18n import _, text_of
from plansza.cli.i18n import current as language
from plansza.cli.render import board_text, legend, rack_text
from plansza.errors import N_, IllegalMoveError
from plansza.files import excerpt

if TYPE_CHECKING:
    from plansza.gcg import GameRecord
    from plansza.services.study import Replayed, ReplayedMove, ReplayReport

MESSAGES = {
    "bingo": N_("50-point bonus for all 7 tiles"),
    "player": N_("Player"),
    "move": N_("Move"),
    "recorded": N_("Recorded"),
    "computed": N_("Computed"),
    "words": N_("Words"),
    "line": N_("Line"),
}


def show(
    cgp: str = typer.Option(..., "--cgp", help=N_("Position in CGP")),
    tiles: str = typer.Option("polish", "--tiles", help=N_("Tile set: polish or english")),
) -> None:
    """Draw a position in the terminal."""
    from plansza.tiles import TileSet

    try:
        ts = TileSet.by_name(tiles)
    except ValueError:  # tiles.py words it in English only
        fail(
            _("unknown tile set {name!r}: use polish or english", name=excerpt(tiles)), EXIT_INPUT
        )
    with user_errors():
        pos = parse_cgp(cgp, ts)
    console.print(board_text(pos.board))
    console.print(legend(language()))
    for i, (rack, score) in enumerate(zip(pos.racks, pos.scores, strict=True)):
        marker = f" ({_('to move')})" if i == 0 else ""
        line = rack_text(rack, ts)
        console.print(
            f"{_('Player')} {i + 1}{marker}: {_('Score')} {score}  {_('Rack')}: ",
            line,
            sep="",
        )


def score(
    cgp: str = typer.Option(..., "--cgp", help=N_("Position in CGP")),
    move: str = typer.Option(..., "--move", help=N_("The play in Polish notation")),
    rules_name: str = typer.Option("pfs", "--rules", help="pfs | home | school | wespa"),
    as_json: bool = typer.Option(False, "--json", help=N_("Output as JSON")),
) -> None:
    """Score a play and its words.

    Exit code 1 when the play is illegal.
    """
    from plansza.services.positions import read_play, score_on

    rules = rules_named(rules_name)
    with user_errors():
        pos = parse_cgp(cgp, rules.tileset)
        play = read_play(move, rules)
    try:
        scored = score_on(pos.board, play, rules)
    except IllegalMoveError as e:
        if as_json:
            console.print_json(
                json.dumps({"move": move, "legal": False, "reason": e.reason, "error": str(e)})
            )
        else:
            err_console.print(_("illegal move ({reason}): {msg}", reason=e.reason, msg=describe(e)))
        raise typer.Exit(EXIT_NEGATIVE) from None
    if as_json:
        data = {
            "move": scored.move,
            "legal": True,
            "score": scored.score,
            "bingo": scored.bingo,
            "words": [
                {"word": w.word, "coordinate": w.coordinate, "score": w.score}
                for w in scored.words
            ],
        }
        print(json.dumps(data, ensure_ascii=False))
        return
    console.print(
        _(
            "{move}: {score} points",
            move=scored.notation,
            score=scored.score,
        )
    )
    for w in scored.words:
        console.print(f"  {w.coordinate} {w.word}: {w.score}")
    if scored.bingo:
        console.print(f"  + {rules.bingo_bonus}: {_('50-point bonus for all 7 tiles')}")


def _replayed(path: str, rules_name: str) -> Replayed:
    """The record at ``path`` replayed, or exit 2 listing every error with file:line."""
    from plansza.services.study import RecordErrors, TooFewPlayers, replay_record

    rules = rules_named(rules_name)
    with user_errors():
        text = read_text(path)
    try:
        return replay_record(text, rules, source=path)
    except RecordErrors as e:
        for error in e.errors:
            err_console.print(describe(error), style="red", soft_wrap=True)
        raise typer.Exit(EXIT_INPUT) from None
    except TooFewPlayers:
        fail(f"{path}: {_('cannot read {path}', path=path)}", EXIT_INPUT)


def _report_table(rec: GameRecord, rep: ReplayReport) -> Table:
    table = Table(header_style="bold")
    for col in ("line", "player", "move", "recorded", "computed", "words"):
        table.add_column(
            text_of(MESSAGES[col]),
            justify="right" if col in ("recorded", "computed", "line") else "left",
        )
    for m in rep.moves:
        computed = "" if m.computed is None else str(m.computed)
        style = None if m.matches else "bold red"
        words = ", ".join(m.words) if not m.error else _problem(m)
        table.add_row(
            str(m.line),
            rec.players[m.player].name,
            m.move,
            str(m.recorded),
            computed,
            words,
            style=style,
        )
    return table


def _problem(move: ReplayedMove) -> str:
    """Why a line of the record does not check out, in the CLI's language."""
    if move.problem is not None:
        return describe(move.problem, where=False)
    return move.error or ""


def _final_lines(rec: GameRecord, rep: ReplayReport) -> None:
    scores = "  ".join(f"{p.name} {s}" for p, s in zip(rec.players, rep.scores, strict=False))
    console.print(Text.assemble((_("Final result") + ":", "bold"), " ", scores))
    if rep.winner is None:
        console.print(_("Draw"))
    else:
        console.print(_("{name} wins", name=rec.players[rep.winner].name))


def replay_cmd(
    path: str = typer.Argument(..., help=N_("The GCG file (- for standard input)")),
    rules_name: str = typer.Option("pfs", "--rules", help="pfs | home | school | wespa"),
    as_json: bool = typer.Option(False, "--json", help=N_("Output as JSON")),
    board: bool = typer.Option(False, "--board", help=N_("Draw the final position too")),
) -> None:
    """Replay a GCG record, recompute every play.

    Exit code 0 when every recorded play score matches, 1 on a mismatch or where the
    record is inconsistent (named on stderr: a rack that cannot make the move, a total
    that does not follow), 2 for an unreadable file.
    """
    replayed = _replayed(path, rules_name)
    rec, rep = replayed.record, replayed.report
    if as_json:
        print(json.dumps(rep.as_json(rec), ensure_ascii=False))
    else:
        console.print(_report_table(rec, rep))
        if board:
            console.print(board_text(rep.board))
        _final_lines(rec, rep)
        scores = len(rep.mismatches) - len(rep.problems)
        if rep.ok:
            console.print(_("Every recorded play score matches."))
        if scores:
            console.print(_("Play scores that do not match: {n}.", n=scores), style="bold red")
        if rep.problems:
            console.print(
                _("Lines where the record is inconsistent: {n}.", n=len(rep.problems)),
                style="bold red",
            )
    # where the record is inconsistent: one line each, as FILE:LINE: MOVE: why
    for m in rep.problems:
        err_console.print(f"{path}:{m.line}: {m.move}: {_problem(m)}", soft_wrap=True)
    raise typer.Exit(0 if rep.ok else EXIT_NEGATIVE)


def demo() -> None:
    """Show and replay a sample game."""
    from plansza.services.study import demo_game

    replayed = demo_game()
    rec, rep = replayed.record, replayed.report
    console.rule(_("A sample game (PFS rules), replayed move by move"))
    for m in rep.moves:
        name = rec.players[m.player].name
        words = f"  [{', '.join(m.words)}]" if m.words else ""
        console.print(f"{name:>14}: {m.move:<26} {m.recorded:+4d}{words}")
    console.print(board_text(rep.board))
    console.print(legend(language()))
    _final_lines(rec, rep)
    console.print(_("A game played with words from the SJP.PL list (not the official OSPS)."))


def register(app: typer.Typer) -> None:
    """Add the game commands to the root app."""
    app.command("show")(show)
    app.command("score")(score)
    app.command("replay")(replay_cmd)
    app.command("demo")(demo)
