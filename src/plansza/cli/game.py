"""Game commands: ``show``, ``score``, ``replay``, ``demo``.

Exit codes follow :mod:`plansza.cli.common`: ``score`` exits 1 for an illegal move,
``replay`` 1 when a recorded score differs, 2 for unreadable input.
"""

from __future__ import annotations

import json
from importlib import resources

import typer
from rich.table import Table

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
from plansza.cli.render import board_text, legend, rack_text
from plansza.errors import IllegalMoveError
from plansza.gcg import GameRecord, read_gcg
from plansza.i18n import language, tr
from plansza.messages import describe
from plansza.moves import Play, parse_move
from plansza.replay import ReplayReport, replay
from plansza.rules import Rules
from plansza.scoring import score_play

MESSAGES = {
    "score_line": {"pl": "{move}: {score} pkt", "en": "{move}: {score} points"},
    "bingo": {"pl": "premia 50 punktów za 7 płytek", "en": "50-point bonus for all 7 tiles"},
    "illegal": {
        "pl": "ruch niedozwolony ({reason}): {msg}",
        "en": "illegal move ({reason}): {msg}",
    },
    "not_a_play": {
        "pl": "{move!r} nie jest ruchem zwykłym (współrzędna i słowo)",
        "en": "{move!r} is not a play (coordinate and word)",
    },
    "unreadable": {"pl": "nie można odczytać {path}", "en": "cannot read {path}"},
    "rack": {"pl": "Stojak", "en": "Rack"},
    "to_move": {"pl": "na ruchu", "en": "to move"},
    "scores": {"pl": "Wynik", "en": "Score"},
    "player": {"pl": "Gracz", "en": "Player"},
    "move": {"pl": "Ruch", "en": "Move"},
    "recorded": {"pl": "Zapisano", "en": "Recorded"},
    "computed": {"pl": "Obliczono", "en": "Computed"},
    "words": {"pl": "Słowa", "en": "Words"},
    "line": {"pl": "Wiersz", "en": "Line"},
    "mismatch": {"pl": "różnica", "en": "mismatch"},
    "final": {"pl": "Wynik końcowy", "en": "Final result"},
    "winner": {"pl": "Wygrywa {name}", "en": "{name} wins"},
    "draw": {"pl": "Remis", "en": "Draw"},
    "all_match": {
        "pl": "Wszystkie zapisane wyniki ruchów się zgadzają.",
        "en": "Every recorded play score matches.",
    },
    "n_mismatch": {
        "pl": "Niezgodne wyniki ruchów: {n}.",
        "en": "Play scores that do not match: {n}.",
    },
    "demo_title": {
        "pl": "Przykładowa partia (zasady PFS), odtworzona ruch po ruchu",
        "en": "A sample game (PFS rules), replayed move by move",
    },
    "demo_lexicon": {
        "pl": "Partia rozegrana słowami z listy SJP.PL (nie jest to oficjalny OSPS).",
        "en": "A game played with words from the SJP.PL list (not the official OSPS).",
    },
}


def show(
    cgp: str = typer.Option(
        ..., "--cgp", help="Pozycja w CGP (plansza, stojaki, wyniki) / position in CGP"
    ),
    tiles: str = typer.Option(
        "polish", "--tiles", help="Zestaw płytek: polish albo english / tile set: polish or english"
    ),
) -> None:
    """Rysuje pozycję w terminalu. / Draw a position in the terminal."""
    with user_errors():
        from plansza.tiles import TileSet

        ts = TileSet.by_name(tiles)
        pos = parse_cgp(cgp, ts)
    console.print(board_text(pos.board))
    console.print(legend(language()))
    for i, (rack, score) in enumerate(zip(pos.racks, pos.scores, strict=True)):
        marker = f" ({tr(MESSAGES, 'to_move')})" if i == 0 else ""
        line = rack_text(rack, ts)
        console.print(
            f"{tr(MESSAGES, 'player')} {i + 1}{marker}: {tr(MESSAGES, 'scores')} {score}  "
            f"{tr(MESSAGES, 'rack')}: ",
            line,
            sep="",
        )


def score(
    cgp: str = typer.Option(..., "--cgp", help="Pozycja w CGP / position in CGP"),
    move: str = typer.Option(
        ..., "--move", help='Ruch w notacji polskiej, np. "H8 SŁOWO" / the play in Polish notation'
    ),
    rules_name: str = typer.Option("pfs", "--rules", help="pfs | home | school | wespa"),
    as_json: bool = typer.Option(False, "--json", help="Wynik jako JSON / output as JSON"),
) -> None:
    """Liczy wartość ruchu i jego słowa (kod 1: niedozwolony). / Score a play and its words.

    Exit 1 when the play is illegal (kod wyjścia 1, gdy ruch jest niedozwolony).
    """
    rules = rules_named(rules_name)
    with user_errors():
        pos = parse_cgp(cgp, rules.tileset)
        parsed = parse_move(move, rules.tileset)
    if not isinstance(parsed, Play):
        fail(tr(MESSAGES, "not_a_play", move=move), EXIT_INPUT)
    try:
        scored = score_play(pos.board, parsed, rules)
    except IllegalMoveError as e:
        if as_json:
            console.print_json(
                json.dumps({"move": move, "legal": False, "reason": e.reason, "error": str(e)})
            )
        else:
            err_console.print(tr(MESSAGES, "illegal", reason=e.reason, msg=describe(e)))
        raise typer.Exit(EXIT_NEGATIVE) from None
    if as_json:
        data = {
            "move": str(scored.play),
            "legal": True,
            "score": scored.score,
            "bingo": scored.bingo,
            "words": [
                {"word": w.word, "coordinate": str(w.coordinate), "score": w.score}
                for w in scored.words
            ],
        }
        print(json.dumps(data, ensure_ascii=False))
        return
    console.print(
        tr(
            MESSAGES,
            "score_line",
            move=scored.play.notation(parens=True, board=pos.board),
            score=scored.score,
        )
    )
    for w in scored.words:
        console.print(f"  {w.coordinate} {w.word}: {w.score}")
    if scored.bingo:
        console.print(f"  + {rules.bingo_bonus}: {tr(MESSAGES, 'bingo')}")


def _load_record(path: str, rules: Rules) -> GameRecord:
    with user_errors():
        text = read_text(path)
    rec = read_gcg(text, rules.tileset, source=path)
    if rec.errors:
        for e in rec.errors:
            err_console.print(f"[red]{e}[/]")
        raise typer.Exit(EXIT_INPUT)
    if len(rec.players) < 2:
        fail(f"{path}: {tr(MESSAGES, 'unreadable', path=path)}", EXIT_INPUT)
    return rec


def _report_table(rec: GameRecord, rep: ReplayReport) -> Table:
    table = Table(header_style="bold")
    for col in ("line", "player", "move", "recorded", "computed", "words"):
        table.add_column(
            tr(MESSAGES, col),
            justify="right" if col in ("recorded", "computed", "line") else "left",
        )
    for m in rep.moves:
        computed = "" if m.computed is None else str(m.computed)
        style = None if m.matches else "bold red"
        words = ", ".join(m.words) if not m.error else m.error
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


def _final_lines(rec: GameRecord, rep: ReplayReport) -> None:
    scores = "  ".join(f"{p.name} {s}" for p, s in zip(rec.players, rep.scores, strict=False))
    console.print(f"[bold]{tr(MESSAGES, 'final')}:[/] {scores}")
    if rep.winner is None:
        console.print(tr(MESSAGES, "draw"))
    else:
        console.print(tr(MESSAGES, "winner", name=rec.players[rep.winner].name))


def replay_cmd(
    path: str = typer.Argument(
        ..., help="Plik GCG (- to standardowe wejście) / the GCG file (- for standard input)"
    ),
    rules_name: str = typer.Option("pfs", "--rules", help="pfs | home | school | wespa"),
    as_json: bool = typer.Option(False, "--json", help="Wynik jako JSON / output as JSON"),
    board: bool = typer.Option(
        False, "--board", help="Narysuj też końcową pozycję / draw the final position too"
    ),
) -> None:
    """Odtwarza zapis GCG i przelicza wynik. / Replay a GCG record, recompute every play.

    Exit 0 when every recorded play score matches, 1 on a mismatch, 2 for an
    unreadable file.
    """
    rules = rules_named(rules_name)
    rec = _load_record(path, rules)
    rep = replay(rec, rules)
    if as_json:
        print(json.dumps(rep.to_json(rec), ensure_ascii=False))
    else:
        console.print(_report_table(rec, rep))
        if board:
            console.print(board_text(rep.board))
        _final_lines(rec, rep)
        if rep.ok:
            console.print(tr(MESSAGES, "all_match"))
        else:
            console.print(f"[bold red]{tr(MESSAGES, 'n_mismatch', n=len(rep.mismatches))}[/]")
    raise typer.Exit(0 if rep.ok else EXIT_NEGATIVE)


def demo() -> None:
    """Pokazuje i odtwarza przykładową partię. / Show and replay a sample game."""
    rules = Rules.pfs()
    text = resources.files("plansza.samples").joinpath("demo.gcg").read_text(encoding="utf-8")
    rec = read_gcg(text, rules.tileset)
    rep = replay(rec, rules)
    console.rule(tr(MESSAGES, "demo_title"))
    for m in rep.moves:
        name = rec.players[m.player].name
        words = f"  [{', '.join(m.words)}]" if m.words else ""
        console.print(f"{name:>14}: {m.move:<26} {m.recorded:+4d}{words}")
    console.print(board_text(rep.board))
    console.print(legend(language()))
    _final_lines(rec, rep)
    console.print(tr(MESSAGES, "demo_lexicon"))


def register(app: typer.Typer) -> None:
    """Add the game commands to the root app."""
    app.command("show")(show)
    app.command("score")(score)
    app.command("replay")(replay_cmd)
    app.command("demo")(demo)
