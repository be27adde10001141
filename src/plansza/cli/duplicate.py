"""``plansza duplikat`` (alias ``duplicate``): the Belgijka referee's console.

One championship lives in one JSON file (``--file``, default ``belgijka.json``
in the current directory), rewritten atomically by every command that changes
it. A move: ``draw`` → ``card`` for each player → (``top``, ``choose``,
``override``) → ``next``. ``show`` is the projector view (board, rack, table —
never the candidates), ``timer`` the move clock.

Exit codes (:mod:`plansza.cli.common`): 0 done (``card``: a correct card);
1 a card that scores 0 (it is recorded all the same); 2 input that cannot be
used (no file, unknown player, bad number); 3 refused by the rules or the state
(nothing was changed).
"""

from __future__ import annotations

import inspect
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from plansza.cli.common import (
    DEFAULT_LEXICON,
    EXIT_INPUT,
    EXIT_NEGATIVE,
    EXIT_REFUSED,
    LazyModule,
    console,
    err_console,
    fail,
    lexicon_progress,
    user_errors,
)
from plansza.cli.i18n import _, ngettext, text_of
from plansza.cli.i18n import t as cli_translator
from plansza.cli.lexopt import CgpLexiconOption, choose_lexicon
from plansza.errors import N_

if TYPE_CHECKING:
    from plansza import records
    from plansza.services import belgijka
    from plansza.services.belgijka import (
        Championship,
        ClockFace,
        DrawAttempt,
        DuplicateCandidate,
        DuplicateGame,
        DuplicateMove,
        GameTable,
        Lexicon,
        Requirement,
        Row,
        TypedDraw,
    )
else:
    # Imported by the first command that uses it: ``duplikat --help`` does not need the
    # championship's whole domain (a third of its start-up).
    belgijka = LazyModule("plansza.services.belgijka")
    records = LazyModule("plansza.records")  # msgspec

MOVE_SECONDS = 120.0
"""plansza.services.belgijka.MOVE_SECONDS, written out for the same reason (a test keeps
the two equal)."""

DEFAULT_FILE = "belgijka.json"

CLI = {
    "checks": N_("checks"),
    "referee": N_("referee"),
    "outcome_meets": N_(""),
    "outcome_third_redraw": N_("After the third redraw the rack stands as drawn (II.2)."),
    "outcome_unattainable": N_(
        "The unused tiles cannot supply the vowels/consonants: no redraw (II.2)."
    ),
    "outcome_empty": N_("No tiles left."),
    "rack": N_("Rack"),
    "chosen": N_("chosen"),
    "proposed": N_("proposed"),
    "penalty_warning": N_("{name}: warning ({reason})"),
    "penalty_exclude_move": N_("{name}: excluded from move {move} of game {game} ({reason})"),
    "penalty_exclude_game": N_(
        "{name}: excluded to the end of game {game}, from move {move} ({reason})"
    ),
    "top_total": N_("Total of the top moves: {n}"),
    "one_minute": N_("One minute gone (II.3)"),
    "last_30": N_("The last 30 seconds (II.3)"),
    "time_up": N_("Time is up — put the move cards down (II.7)"),
}

ERROR_INPUT_REASONS = frozenset(
    {"unknown_player", "ambiguous_player", "bad_table", "empty_name", "bad_score", "bad_penalty",
     "bad_choice", "unknown_game", "no_move", "bad_tile", "typed_count"}
)  # fmt: skip

app = typer.Typer(
    help=N_("Duplicate Scrabble — the referee's console."),
    no_args_is_help=True,
)

FileOption = typer.Option(DEFAULT_FILE, "--file", "-f", help=N_("The championship file (JSON)"))
JsonOption = typer.Option(False, "--json", help=N_("Output as JSON"))
LexiconOption = typer.Option(
    DEFAULT_LEXICON,
    "--lexicon",
    "-l",
    help=N_("Lexicon: name or path (sjp-20220301 = SJP.PL, not OSPS)"),
)


def register(root: typer.Typer) -> None:
    """Add ``duplikat`` (alias ``duplicate``) to the root app."""
    root.add_typer(app, name="duplikat")
    root.add_typer(app, name="duplicate", hidden=True)


def _command(name: str, polish: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a command under its English name; the Polish word is named in its help.

    No hidden Polish aliases: Typer builds every command of the whole ``plansza`` tree
    at each start (about 4 ms a command), so aliases would slow every command down.
    The help is the docstring (an English message id, translated when shown); the
    Polish word goes in the epilog.
    """

    def wrap(fn: Callable[..., None]) -> Callable[..., None]:
        app.command(name, help=inspect.getdoc(fn), epilog=f"({polish})")(fn)
        return fn

    return wrap


# ----------------------------------------------------------------- the file


@contextmanager
def referee_errors() -> Iterator[None]:
    """The engine's refusals in the user's language: exit 2 for a bad argument, 3 for
    what the rules or the state refuse (nothing was changed)."""
    from plansza.duplicate.messages import DuplicateError, describe

    with user_errors(EXIT_REFUSED):
        try:
            yield
        except DuplicateError as e:
            code = EXIT_INPUT if e.reason in ERROR_INPUT_REASONS else EXIT_REFUSED
            fail(describe(e, cli_translator()), code)


def _load(path: str) -> Championship:
    """The championship, for commands that only read it."""
    with user_errors(EXIT_INPUT):
        return belgijka.load(path)


@contextmanager
def changed(path: str) -> Iterator[Championship]:
    """The championship for a referee's change: saved only if the change went through
    (:func:`plansza.services.belgijka.championship`)."""
    with referee_errors(), belgijka.championship(path) as ch:
        yield ch


def _lexicon(name: str, *, quiet: bool = False) -> Lexicon:
    with user_errors(EXIT_INPUT):
        return belgijka.load_lexicon(name, lexicon_progress(not quiet))


# ----------------------------------------------------------------- commands


@_command("new", "nowy")
def new(
    file: str = FileOption,
    seed: str = typer.Option(None, "--seed", help=N_("Draw seed (random by default)")),
    name: str = typer.Option("Belgijka", "--name", help=N_("Name of the championship")),
    games: int = typer.Option(3, "--games", help=N_("Number of games")),
    lexicon: str = LexiconOption,
    force: bool = typer.Option(False, "--force", help=N_("Overwrite the file")),
) -> None:
    """A new championship; game 1 starts."""
    from plansza.files import check_output

    if games < 1:
        fail(_("--games must be at least 1, not {n}", n=games), EXIT_INPUT)
    with user_errors(EXIT_INPUT):  # before the lexicon is loaded and the draw made
        check_output(file)
    if Path(file).exists() and not force:
        fail(_("{path} already exists; to overwrite it: --force", path=file), EXIT_REFUSED)
    import secrets  # here: it loads hashlib, which duplikat --help does not need

    the_seed = seed if seed is not None else secrets.token_hex(4)
    with user_errors(EXIT_INPUT):  # a save's error names the file, not its temporary
        created = belgijka.create(
            file, seed=the_seed, name=name, games=games, lexicon=lexicon,
            progress=lexicon_progress(),
        )  # fmt: skip
    console.print(
        _(
            "Created '{name}' in {path} (draw seed {seed}, lexicon {lexicon}); game 1 started",
            name=name,
            path=file,
            seed=the_seed,
            lexicon=created.lexicon,
        ),
        soft_wrap=True,
    )
    # The SJP.PL caveat belongs to the default list only: another file is named as loaded.
    note = (
        _(
            "Lexicon {name}: the SJP.PL list, not the official OSPS — the referee decides (II.8).",
            name=created.lexicon,
        )
        if created.default_list
        else _(
            "Lexicon {name}: loaded from {source} — the referee decides (II.8).",
            name=created.lexicon,
            source=lexicon,
        )
    )
    console.print(note, style="dim", soft_wrap=True)


@_command("register", "zapisz")
def register_player(
    name: str = typer.Argument(..., help=N_("The player's name")),
    table: int = typer.Option(None, "--table", "-t", help=N_("Table number")),
    file: str = FileOption,
) -> None:
    """Register a player at a table."""
    with changed(file) as ch:
        player = ch.register(name, table)
    console.print(_("Player {name}: table {number}", name=player.name, number=player.number))


@_command("players", "zawodnicy")
def players(file: str = FileOption, as_json: bool = JsonOption) -> None:
    """Players and checking pairs (II.9)."""
    ch = _load(file)
    checks = {
        a: str(b) if b is not None else _("referee") for a, b in belgijka.checking(ch).items()
    }
    if as_json:
        out = [
            {"table": p.number, "name": p.name, "checks": checks.get(p.number)}
            for p in sorted(ch.players.values(), key=lambda p: p.number)
        ]
        _print_json(out)
        return
    table = Table(title=_("Players"), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(_("Players"))
    table.add_column(_("checks"), justify="right")
    for p in sorted(ch.players.values(), key=lambda p: p.number):
        table.add_row(str(p.number), p.name, checks.get(p.number, ""))
    console.print(table)


@_command("game", "partia")
def start_game(file: str = FileOption) -> None:
    """Start the next game (I.2)."""
    with changed(file) as ch:
        game = ch.start_game()
    console.print(_("Game {game} started", game=game.number))


@_command("draw", "losuj")
def draw(
    file: str = FileOption,
    tiles: str = typer.Option(
        None,
        "--tiles",
        "-t",
        help=N_("The tiles drawn from the real bag (? for a blank); checked against the bag"),
    ),
    as_json: bool = JsonOption,
) -> None:
    """Draw the next move's rack (or type the tiles drawn from the bag: --tiles).

    Shows no moves — the screen may be projected (I.6); the moves: top.
    """
    with changed(file) as ch:
        lex = _lexicon(ch.lexicon, quiet=as_json)
        drawn = belgijka.draw(ch, lex, tiles)
    game, move, typed = drawn.game, drawn.move, drawn.typed
    if move is None:
        assert typed is not None  # only typed tiles call for a redraw
        if as_json:
            _print_json(
                {"game": game.number, "move": typed.move, "outcome": typed.outcome,
                 "attempts": records.dump(typed.attempts), "to_draw": drawn.to_draw}
            )  # fmt: skip
            return
        _print_redraw(game, typed, drawn.to_draw)
        return
    if as_json:
        _print_json(
            {"game": game.number, "move": move.number, "rack": move.rack,
             "draw": records.dump(move.draw), "bag": len(game.bag),
             "placements": move.candidate_count}
        )  # fmt: skip
        return
    _print_draw(ch, game, move)


def _print_draw(ch: Championship, game: DuplicateGame, move: DuplicateMove) -> None:
    from plansza.cli.render import rack_text

    ts = ch.rules.tileset
    console.print(_("Game {game}, move {move}", game=game.number, move=move.number), style="bold")
    first = move.draw.attempts[0]
    console.print(_("Kept from the last move: {tiles}", tiles=first.kept or _("nothing")))
    _print_attempts(move.draw.attempts, move.draw.requirement)
    # "meets" has no note; gettext("") would give the catalogue's header.
    note = text_of(CLI[f"outcome_{move.draw.outcome}"]) if move.draw.outcome != "meets" else ""
    if note:
        console.print(note, style="yellow", soft_wrap=True)
    line = Text(f"{_('Rack')}: ")
    line.append_text(rack_text(move.rack, ts))
    console.print(line)
    console.print(_("In the bag: {n}", n=len(game.bag)))
    if move.is_pass:
        console.print(
            _("The rack has no placement: this move is a pass for everyone."), style="yellow"
        )
    else:
        console.print(_("Move clock: plansza duplicate timer"), style="dim")


def _print_attempts(attempts: Sequence[DrawAttempt], need: Requirement) -> None:
    for i, a in enumerate(attempts, 1):
        verdict = (
            _("meets II.2")
            if a.meets
            else _(
                "too few vowels or consonants ({v} and {c} needed)",
                v=need.vowels,
                c=need.consonants,
            )
        )
        console.print(_("Draw {n}: {rack} — {verdict}", n=i, rack=a.rack, verdict=verdict))


def _print_redraw(game: DuplicateGame, typed: TypedDraw, ahead: int) -> None:
    console.print(_("Game {game}, move {move}", game=game.number, move=typed.move), style="bold")
    _print_attempts(typed.attempts, typed.requirement)
    console.print(
        ngettext(
            "Redraw (II.2): put the whole rack back in the bag, draw {n} tile and type it: "
            "plansza duplicate draw --tiles …",
            "Redraw (II.2): put the whole rack back in the bag, draw {n} tiles and type them: "
            "plansza duplicate draw --tiles …",
            ahead,
            n=ahead,
        ),
        style="yellow",
        soft_wrap=True,
    )


@_command("top", "ruchy")
def top(
    file: str = FileOption,
    n: int = typer.Option(20, "--n", "-n", help=N_("How many moves to show")),
    as_json: bool = JsonOption,
    cgp: str = typer.Option(None, "--cgp", help=N_("A single position (no file)")),
    rack: str = typer.Option(None, "--rack", "-r", help=N_("The rack with --cgp")),
    lexicon: str | None = CgpLexiconOption,
) -> None:
    """The top move and the alternatives.

    With --cgp and --json: the whole ordered list.
    """
    if n < 1:
        fail(
            _("'{text}' is not a score (a whole number from 0, or - when none is written)", text=n),
            EXIT_INPUT,
        )
    if cgp is not None:
        _top_of_position(cgp, rack, lexicon, n, as_json)
        return
    ch = _load(file)
    with referee_errors():
        listed = belgijka.top_list(ch)
    if as_json:
        _print_json([records.dump(c) for c in listed.chosen_first()[:n]])
        return
    _top_table(
        listed.candidates[:n], listed.rack, listed.count, listed.chosen, listed.tied,
        listed.decided,
    )  # fmt: skip


def _top_of_position(
    cgp: str, rack: str | None, lexicon: str | None, n: int, as_json: bool
) -> None:
    with user_errors(EXIT_INPUT):
        position = belgijka.read_position(cgp)
        the_rack = (rack if rack is not None else position.racks[0]).strip()
        if not the_rack:
            fail(_("with --cgp give --rack too"), EXIT_INPUT)
        lex = _lexicon(choose_lexicon(lexicon, position.lexicon), quiet=as_json)
        ranking = belgijka.position_top(position, the_rack, lex)
    if as_json:
        # The whole ordered list, one candidate a line (thousands go through Rich slowly);
        # the words formed only for the first n (all of them would take seconds with blanks).
        shown = ranking.head(n)
        lines = ",\n".join(
            " " + json.dumps(records.dump(shown[i] if i < len(shown) else c), ensure_ascii=False)
            for i, c in enumerate(ranking)
        )
        sys.stdout.write(f"[\n{lines}\n]\n" if len(ranking) else "[]\n")
        return
    _top_table(ranking.head(n), the_rack, len(ranking), 0, ranking.tied(), False)


def _top_table(
    listed: list[DuplicateCandidate],
    rack: str,
    total: int,
    chosen: int | None,
    tied: int,
    decided: bool,
) -> None:
    if not listed:
        console.print(_("no placement of the rack {rack}", rack=rack))
        return
    cols = _("#|Move|Score|Blanks|Length|Word premiums|Letter premiums|Words").split("|")
    table = Table(
        title=_(
            "Moves of the rack {rack}: {shown} of {total} (II.12 order)",
            rack=rack,
            shown=len(listed),
            total=total,
        )
    )
    for i, col in enumerate(cols):
        table.add_column(col, justify="right" if i not in (1, 7) else "left")
    for i, c in enumerate(listed):
        mark = f" ← {text_of(CLI['chosen' if decided else 'proposed'])}" if i == chosen else ""
        table.add_row(
            str(i + 1),
            f"{c.play}{mark}",
            str(c.score),
            str(c.blanks),
            str(c.length),
            str(c.word_premiums),
            str(c.letter_premiums),
            ", ".join(c.words),
        )
    console.print(table)
    if tied > 1:
        console.print(
            _(
                "Note: {n} moves are equal on every II.12 criterion — the referee picks (choose).",
                n=tied,
            ),
            style="yellow",
            soft_wrap=True,
        )


@_command("card", "karta")
def card(
    player: str = typer.Argument(..., help=N_("Table number or name")),
    text: str = typer.Argument(..., help=N_('E.g. "H8 SŁOWO"')),
    score: str = typer.Argument(..., help=N_("Declared score")),
    blanks: str = typer.Option("", "--blanks", "-b", help=N_("The letters the blanks stand for")),
    file: str = FileOption,
    as_json: bool = JsonOption,
) -> None:
    """Enter and check a move card."""
    from plansza.duplicate.messages import verdict_text

    with user_errors(EXIT_INPUT):
        declared = belgijka.declared_score(score)
    with changed(file) as ch:
        lex = _lexicon(ch.lexicon, quiet=True)
        who, verdict = belgijka.enter_card(ch, player, text, declared, blanks, lex)
    if as_json:
        _print_json({"table": who.number, "name": who.name, **records.dump(verdict)})
    else:
        style = "green" if verdict.ok else "red"
        console.print(
            _("{name}: {verdict}", name=who.name, verdict=verdict_text(verdict, cli_translator())),
            style=style,
            soft_wrap=True,
        )
    if not verdict.ok:
        raise typer.Exit(EXIT_NEGATIVE)


@_command("cards", "karty")
def cards(
    file: str = FileOption,
    game_no: int = typer.Option(None, "--game", help=N_("Game")),
    move_no: int = typer.Option(None, "--move", help=N_("Move")),
    as_json: bool = JsonOption,
) -> None:
    """Cards and verdicts."""
    from plansza.duplicate.messages import verdict_text

    ch = _load(file)
    with referee_errors():
        listed = belgijka.move_cards(ch, game_no, move_no)
    if as_json:
        _print_json([records.dump(e) for e in listed.move.cards])
        return
    table = Table(
        title=_("Cards — game {game}, move {move}", game=listed.game, move=listed.move.number),
        title_justify="left",
    )
    for col in _("Table|Player|Card|Declared|Blanks|Verdict|Points").split("|"):
        table.add_column(col)
    for line in listed.lines:
        table.add_row(
            str(line.table),
            line.name,
            line.text,
            "-" if line.declared is None else str(line.declared),
            line.blanks,
            verdict_text(line.verdict, cli_translator()),
            str(line.verdict.awarded),
            style="" if line.latest else "dim strike",
        )
    console.print(table)
    if listed.missing:
        names = ", ".join(listed.missing)
        console.print(_("No card yet: {names}", names=names), soft_wrap=True)


@_command("choose", "wybierz")
def choose(
    which: str = typer.Argument(..., help=N_("A number from top or a move")),
    reason: str = typer.Option(..., "--reason", help=N_("The reason")),
    force: bool = typer.Option(False, "--force", help=N_("Even below the top score")),
    file: str = FileOption,
) -> None:
    """The referee picks the winning move."""
    with changed(file) as ch:
        lex = _lexicon(ch.lexicon, quiet=True)
        choice = belgijka.choose(ch, lex, which, reason, force)
    why = f" — {reason}" if reason else ""
    console.print(
        _(
            "Winning move: {move} ({score} points){reason}",
            move=choice.candidate.play,
            score=choice.candidate.score,
            reason=why,
        ),
        soft_wrap=True,
    )


@_command("override", "korekta")
def override(
    player: str = typer.Argument(..., help=N_("Table number or name")),
    score: int = typer.Argument(..., help=N_("Points")),
    reason: str = typer.Option(..., "--reason", help=N_("The reason")),
    game_no: int = typer.Option(None, "--game", help=N_("Game")),
    move_no: int = typer.Option(None, "--move", help=N_("Move")),
    file: str = FileOption,
) -> None:
    """The referee sets a player's points."""
    with changed(file) as ch:
        done = belgijka.override(ch, player, score, reason, game_no, move_no)
    console.print(
        _(
            "Game {game}, move {move}: {name} — {score} points (referee: {reason})",
            game=done.game,
            move=done.move,
            name=done.player.name,
            score=score,
            reason=reason,
        ),
        soft_wrap=True,
    )


@_command("penalty", "kara")
def penalty(
    player: str = typer.Argument(..., help=N_("Table number or name")),
    kind: str = typer.Argument(..., help="upomnienie|ruch|partia (warning|move|game) — KARY 1–3"),
    reason: str = typer.Option("", "--reason", help=N_("The reason")),
    move_no: int = typer.Option(None, "--move", help=N_("First move")),
    file: str = FileOption,
) -> None:
    """A penalty (KARY)."""
    with changed(file) as ch:
        p = belgijka.penalty(ch, player, kind, reason, move_no)
    name = ch.players[p.player].name
    console.print(
        text_of(
            CLI[f"penalty_{p.kind}"], name=name, move=p.move, game=p.game, reason=reason or "—"
        ),
        soft_wrap=True,
    )


@_command("next", "dalej")
def next_move(file: str = FileOption) -> None:
    """Close the move."""
    from plansza.duplicate.messages import end_text

    with changed(file) as ch:
        closed = belgijka.close(ch)
    move, game = closed.move, closed.game
    if move.choice is not None:
        c = move.choice.candidate
        console.print(
            _(
                "Move {move} closed. Winning move: {top}",
                move=move.number,
                top=f"{c.play} {c.score}",
            )
        )
        if closed.found:
            names = ", ".join(closed.found)
            console.print(_("Found the top move: {names}", names=names), soft_wrap=True)
    else:
        console.print(_("Move {move} closed: a pass for everyone.", move=move.number))
    _game_table(belgijka.game_standings(ch, game.number, move.number))
    if game.over:
        console.print(
            _(
                "Game {game} is over: {end}.",
                game=game.number,
                end=end_text(game.end or "", cli_translator()),
            ),
            style="bold",
        )
        if closed.more_games:
            console.print(_("Next game: plansza duplicate game"))
        else:
            console.print(
                _("The championship is over — standings: plansza duplicate standings --all")
            )
    else:
        console.print(_("Next: plansza duplicate draw"), style="dim")


def _game_table(standing: GameTable) -> None:
    from plansza.duplicate.messages import verdict_text
    from plansza.services.belgijka import Verdict

    table = Table(
        title=_(
            "Standings — game {game}, after move {move}", game=standing.game, move=standing.after
        ),
        title_justify="left",
    )
    for i, col in enumerate(_("Pl.|Table|Player|Move|Card|Total|% of top").split("|")):
        table.add_column(col, justify="left" if i in (2, 4) else "right")
    for i, row in enumerate(standing.rows):
        score, note = "", ""
        if standing.results:
            result = standing.results[i]
            awarded = result.awarded
            score = str(awarded.score)
            if awarded.verdict is not None and awarded.verdict.ok:
                note = awarded.verdict.play or ""
            elif awarded.verdict is not None:
                note = verdict_text(awarded.verdict, cli_translator())
            elif awarded.reason in ("no_card", "excluded"):
                note = verdict_text(Verdict(awarded.reason), cli_translator())
            elif awarded.override is not None:
                o = awarded.override
                note = _("referee: {r}", r=o.reason)
            if result.top:
                note = "★ " + note
        place = f"{row.place}=" if row.shared else str(row.place)
        table.add_row(
            place, str(row.player.number), row.player.name, score, note, str(row.total),
            f"{row.percent:.1f}",
        )  # fmt: skip
    console.print(table)
    console.print(_("Total of the top moves: {n}", n=standing.top_total), style="dim")


@_command("standings", "tabela")
def standings(
    file: str = FileOption,
    game_no: int = typer.Option(None, "--game", help=N_("Game")),
    move_no: int = typer.Option(None, "--move", help=N_("After move")),
    everything: bool = typer.Option(False, "--all", help=N_("Championship standings")),
    as_json: bool = JsonOption,
) -> None:
    """The game's or the championship's table."""
    ch = _load(file)
    with referee_errors():
        standing = belgijka.game_standings(ch, game_no, move_no)
    if everything:
        whole = belgijka.championship_standings(ch)
        if as_json:
            _print_json(
                {"championship": whole.name, "top_total": whole.top_total,
                 "rows": [_row_json(r) for r in whole.rows]}
            )  # fmt: skip
            return
        _champ_table(whole.rows)
        return
    if as_json:
        _print_json(
            {"game": standing.game, "after_move": move_no or standing.moves,
             "top_total": standing.top_total, "rows": [_row_json(r) for r in standing.rows]}
        )  # fmt: skip
        return
    _game_table(standing)


def _row_json(row: Row) -> dict[str, Any]:
    return {
        "place": row.place,
        "shared": row.shared,
        "table": row.player.number,
        "name": row.player.name,
        "total": row.total,
        "scores": list(row.scores),
        "best": list(row.best),
        "percent": round(row.percent, 2),
        "lot": row.lot,
    }


def _champ_table(rows: list[Row]) -> None:
    table = Table(title=_("Championship standings (II.15, II.16)"), title_justify="left")
    for i, col in enumerate(_("Pl.|Table|Player|Games|Total|Best moves|% of top|Lot").split("|")):
        table.add_column(col, justify="left" if i in (2, 5) else "right")
    for row in rows:
        place = f"{row.place}=" if row.shared else str(row.place)
        table.add_row(
            place,
            str(row.player.number),
            row.player.name,
            " + ".join(str(s) for s in row.scores),
            str(row.total),
            " ".join(str(s) for s in row.best[:5]),
            f"{row.percent:.1f}",
            "" if row.lot is None else str(row.lot),
        )
    console.print(table)
    if any(r.shared for r in rows):
        note = _("'=' — a shared place (II.16); prizes by lot: plansza duplicate lots")
        console.print(note, style="dim", soft_wrap=True)


@_command("lots", "losowanie")
def lots(file: str = FileOption) -> None:
    """Draw lots for shared places."""
    with changed(file) as ch:
        drawn = belgijka.draw_lots(ch)
    for place, order in drawn:
        names = " → ".join(order)
        console.print(
            _("Place {place}: order drawn {names}", place=place, names=names), soft_wrap=True
        )


@_command("export", "eksport")
def export(
    file: str = FileOption,
    output: str = typer.Option("-", "--output", "-o", help=N_("Output")),
    fmt: str = typer.Option("json", "--format", help=N_("Json or txt")),
) -> None:
    """The full record: racks, draws, top moves, every card, standings."""
    ch = _load(file)
    if fmt not in ("json", "txt"):
        fail(_("unknown format {fmt}: json or txt", fmt=fmt), EXIT_INPUT)
    body = belgijka.export(ch, fmt, cli_translator())
    if output == "-":
        sys.stdout.write(body)
        return
    from plansza.files import write_output

    with user_errors(EXIT_INPUT):
        write_output(output, body)
    err_console.print(_("Wrote {path}", path=output))


@_command("show", "pokaz")
def show(file: str = FileOption) -> None:
    """The projector view."""
    from plansza.cli.render import board_text, rack_text

    ch = _load(file)
    with referee_errors():
        view = belgijka.projector(ch)
    title = _("Game {game}, move {move}", game=view.game, move=view.move)
    parts: list[Any] = [board_text(view.board, view.highlight)]
    if view.rack is not None:
        line = Text(f"{_('Rack')}: ")
        line.append_text(rack_text(view.rack, view.tileset))
        parts.append(line)
    else:
        parts.append(Text(_("(no move is open)")))
    console.print(Panel(Group(*parts), title=title, expand=False))
    if view.table is not None:
        _game_table(view.table)


@_command("simulate", "symulacja")
def simulate(
    seed: str = typer.Option(..., "--seed", help=N_("Draw seed")),
    lexicon: str = LexiconOption,
    as_json: bool = JsonOption,
) -> None:
    """A whole game of top moves."""
    with user_errors(EXIT_INPUT):
        result = belgijka.simulate(seed, lexicon, lexicon_progress(not as_json))
    if as_json:
        sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=1) + "\n")
        return
    table = Table(
        title=_("Simulated game (seed {seed}): total {total}", seed=seed, total=result["total"])
    )
    for i, col in enumerate(_("Move|Rack|Redraws|Top move|Score").split("|")):
        table.add_column(col, justify="left" if i in (1, 3) else "right")
    for m in result["moves"]:
        t = m["top"]
        table.add_row(
            str(m["n"]), m["rack"], str(m["redraws"]), t["move"] if t else "—",
            str(t["score"]) if t else "0",
        )  # fmt: skip
    console.print(table)


# The time source of the timer: module attributes, so tests replace them (no sleeping).
clock: Callable[[], float] = time.monotonic
sleep: Callable[[float], None] = time.sleep


@_command("timer", "zegar")
def timer(
    seconds: float = typer.Option(MOVE_SECONDS, "--seconds", "-s", help=N_("Move time")),
    file: str = FileOption,
) -> None:
    """The move clock: two minutes, announced after one minute and at the last 30 seconds."""
    from plansza.cli.render import rack_text
    from plansza.tiles import TileSet

    if seconds <= 0:
        fail(_("the move time must be positive, not {n}", n=seconds), EXIT_INPUT)
    rack = belgijka.open_rack(file)  # beside the clock on the projector, when a move is open
    mc = belgijka.MoveClock(seconds, clock)
    said: list[str] = []

    def view(face: ClockFace) -> Panel:
        colours = {"running": "bold green", "last_30": "bold yellow", "over": "bold red"}
        style = colours[face.signal]
        parts: list[Any] = [Text(face.text, style=style, justify="center")]
        if rack:
            parts.append(rack_text(rack, TileSet.polish()))
        parts.extend(Text(s) for s in said[-3:])
        return Panel(Group(*parts), title=_("Move time"), expand=False)

    from rich.live import Live

    first = belgijka.face(seconds)
    with Live(view(first), console=console, auto_refresh=False, transient=False) as live:

        def on_tick(face: ClockFace) -> None:
            for key in face.said:
                said.append(text_of(CLI[key]))
                console.bell()
            live.update(view(face), refresh=True)

        try:
            mc.run(sleep, on_tick)
        except KeyboardInterrupt:
            said.append(_("Clock stopped"))
            live.update(view(mc.face()), refresh=True)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
