"""``plansza play``: a person plays the computer in the terminal (alias ``graj``).

``plansza play [--level static|sim|greedy|random|endgame] [--minutes 15] [--rules pfs]
[--seed S] [--name NAME] [--first me|computer|draw] [--phony RATE] [--seconds 1]
[--save FILE.gcg] [--lexicon NAME]``

The person types moves in Polish notation (``H8 SŁOWO`` across, ``8H SŁOWO`` down,
lower case for blanks, ``wymiana ABC`` / ``-ABC``, ``pauza`` / ``-``) and commands
(``pomoc`` lists them). Under PFS rules a play waits in the challenge window
(TR 4.7): the computer's play until the person accepts it (Enter, or simply types
their own move: recording the score ends the right to challenge, TR 4.7.3) or
challenges it (``sprawdzam``); the person's play until the computer decides — it
challenges exactly the plays that form an invalid word. Both clocks run in real
time (TR 6.2; the time is read here and handed to the engine as ``now``). At the
end, or on ``koniec``, the end of the input or Ctrl-C, the score sheet and the result
are shown and the game is saved as GCG (written atomically) in the user's data
directory (:func:`games_dir`) unless ``--save`` names a file. Exit code 0; 2 for bad
options.

The game itself — turns, challenges, the computer's decisions, the clock — is the
service :class:`plansza.services.live.LiveTable`, which the web app plays too;
:class:`Session` is its terminal: it reads lines from a function and writes to a
Rich console, so a scripted game can be played without a terminal. As online, the
person's clock runs while they decide on the computer's play (TR 4.6.2).
"""

from __future__ import annotations

import dataclasses
import datetime
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from plansza.cli.common import (
    DEFAULT_LEXICON,
    EXIT_INPUT,
    EXIT_INTERRUPTED,
    EXIT_OK,
    console,
    fail,
    lexicon_progress,
    rules_named,
    user_errors,
)
from plansza.cli.common import describe_error as describe
from plansza.cli.i18n import _, ngettext, text_of
from plansza.cli.i18n import current as language
from plansza.cli.render import board_text, legend, rack_text
from plansza.errors import N_, PlanszaError
from plansza.files import write_atomic
from plansza.services.live import (
    Accept,
    Accepted,
    Action,
    Challenge,
    Challenged,
    Ended,
    Event,
    Exchanged,
    Judged,
    LiveTable,
    MoveAction,
    Passed,
    Played,
    TimedOut,
)
from plansza.services.play import (
    SLOW_LEVELS,
    PlayOptions,
    SheetLine,
    hint,
    score_sheet,
    unseen_groups,
)

if TYPE_CHECKING:
    from plansza.services.play import Game, Lexicon
    from plansza.services.positions import Board
    from plansza.tiles import TileSet

HINTS = 5  #: how many moves a hint shows

LineReader = Callable[[str], str]
"""Reads one line after showing a prompt; raises :class:`EOFError` at the end of input."""
Clock = Callable[[], float]

# Message ids shown by key (the rest are written where they are used).
PROMPTS: dict[str, str] = {
    "prompt_move": N_("Your move> "),
    "prompt_window": N_("[Enter] accept · “challenge” · or your move right away> "),
}
ENDS: dict[str, str] = {
    "scoreless": N_("Game over: consecutive passes and losses (TR 5.1.1b)."),
    "time": N_("Game over: both players are out of time (TR 5.1.1c)."),
    "solo_end": N_("Game over: the player left alone passed or lost turns (TR 6.2.1)."),
}
SHEET_COLUMNS: tuple[tuple[str, str], ...] = (
    (N_("#"), "right"),
    (N_("Player"), "left"),
    (N_("Move"), "left"),
    (N_("Score"), "right"),
    (N_("Total"), "right"),
)
HELP = N_(
    "Moves:\n  H8 WORD       a word across from H8 (column, then row)\n  "
    "8H WORD       a word down from H8 (row, then column)\n                "
    "the whole word, letters on the board included; a blank "
    "in\n                lower case: H8 WoRD\n  -ABC          exchange "
    "tiles (also: wymiana ABC; ? is a blank)\n  -             pass (also: "
    "pauza)\nCommands:\n  hint          the best moves for your rack "
    "(podpowiedź)\n  challenge     challenge the computer's play, right "
    "after it; words optional\n  [Enter]       accept the computer's play "
    "(akceptuję)\n  board         the board and the game (tablica)\n  "
    "unseen        the tiles you have not seen (wykreślanka)\n  "
    "sheet         the score sheet so far (zapis)\n  quit          end the "
    "game and save it (koniec)\n  help          this list (pomoc)"
)

COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("pomoc", "help", "?"),
    "hint": ("podpowiedź", "podpowiedz", "hint"),
    "challenge": ("sprawdzam", "challenge"),
    "accept": ("akceptuję", "akceptuje", "accept", "ok"),
    "board": ("tablica", "plansza", "board"),
    "unseen": ("wykreślanka", "wykreslanka", "unseen"),
    "sheet": ("zapis", "sheet"),
    "quit": ("koniec", "quit", "exit"),
}
_COMMAND_OF = {word: name for name, words in COMMANDS.items() for word in words}
_YES = frozenset({"t", "tak", "y", "yes"})


def command_of(line: str) -> tuple[str | None, list[str]]:
    """The command a line gives (``None``: not a command) and its arguments.

    >>> command_of("Sprawdzam KOT TOK"), command_of("H8 KOT")
    (('challenge', ['KOT', 'TOK']), (None, []))
    >>> command_of("")
    ('accept', [])
    """
    words = line.split()
    if not words:
        return "accept", []
    name = _COMMAND_OF.get(words[0].lower())
    if name is None or (len(words) > 1 and name != "challenge"):
        return None, []
    return name, words[1:]


def tile_count(n: int) -> str:
    """``"3 tiles"`` in the CLI's language (Polish: 1 płytkę, 2–4 płytki, 5+ płytek).

    >>> from plansza.cli.i18n import use
    >>> use("pl"); [tile_count(n) for n in (1, 3, 5, 12, 22)]
    ['1 płytkę', '3 płytki', '5 płytek', '12 płytek', '22 płytki']
    >>> use("en"); tile_count(1), tile_count(2)
    ('1 tile', '2 tiles')
    >>> use("pl")
    """
    return ngettext("{n} tile", "{n} tiles", n, n=n)


def clock_text(seconds: float) -> str:
    """Remaining time as ``m:ss`` (``0:00`` once it has run out).

    >>> clock_text(901.2), clock_text(59.99), clock_text(-3)
    ('15:01', '0:59', '0:00')
    """
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


def games_dir() -> Path:
    """Where ``plansza play`` saves games unless ``--save`` says otherwise: the user's
    data directory (``~/.local/share/plansza/games`` on Linux; ``PLANSZA_GAMES``
    overrides it)."""
    env = os.environ.get("PLANSZA_GAMES")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_data_path("plansza") / "games"


def default_save_path(now: datetime.datetime | None = None, directory: Path | None = None) -> Path:
    """``plansza-YYYYMMDD-HHMMSS.gcg`` in :func:`games_dir` (``-2``, ``-3`` … if taken).

    >>> default_save_path(datetime.datetime(2024, 5, 1, 12, 0, 5), Path("/nonexistent")).name
    'plansza-20240501-120005.gcg'
    """
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = directory or games_dir()
    path = base / f"plansza-{stamp}.gcg"
    n = 2
    while path.exists():
        path = base / f"plansza-{stamp}-{n}.gcg"
        n += 1
    return path


class _Quit(Exception):
    """The person ended the game (``koniec``), the input ended, or Ctrl-C."""


@dataclass
class Session:
    """The terminal side of one game against the computer: it reads the person's lines,
    asks the game (:class:`plansza.services.live.LiveTable`) to carry them out, and
    shows what happened.

    ``read_line`` shows a prompt and returns the next line (raising ``EOFError`` at
    the end of the input); ``now`` is the game's clock.
    """

    table: LiveTable
    now: Clock
    read_line: LineReader
    out: Console
    save_path: Path
    level: str = "static"
    phony_rate: float = 0.0
    lexicon_name: str = ""
    last_text: str = ""
    highlight: set[tuple[int, int]] = field(default_factory=set)
    shown_board: Board | None = None  #: the board as last drawn
    saved: Path | None = None

    human = 0  #: the person's seat
    bot = 1  #: the computer's

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def ts(self) -> TileSet:
        return self.game.rules.tileset

    def name(self, seat: int) -> str:
        return self.game.names[seat]

    # ---- the loop ------------------------------------------------------------

    def run(self) -> int:
        """Play to the end (or until the person quits); save; the exit code.

        The end of the input, ``koniec`` and Ctrl-C all end the game the same way:
        the computer's play nobody challenged stands, and the game is saved. Ctrl-C
        then exits 130, as ``plansza match`` does (a script can tell an interrupted
        game from a finished one); a game that cannot be saved exits 2.
        """
        self._start()
        interrupted = False
        try:
            while not self.game.is_over:
                if self.game.to_move == self.bot and self.game.pending is None:
                    self._computer_turn()
                else:
                    self._human_turn(None)
        except (_Quit, KeyboardInterrupt) as stop:
            interrupted = isinstance(stop, KeyboardInterrupt)
            self.out.print()
            g = self.game
            if not g.is_over and g.pending is not None and g.pending.player == self.bot:
                self._show(self._act(self.human, Accept()))  # it stands (TR 4.7.3)
        self._show_end(self.table.ending())
        self._save()
        if self.saved is None:
            return EXIT_INPUT
        return EXIT_INTERRUPTED if interrupted else EXIT_OK

    def _start(self) -> None:
        g = self.game
        lexicon = self.lexicon_name or getattr(g.words, "name", "?")
        self.out.print(
            _(
                "A game against the computer: level {level}, rules {rules}, lexicon {lexicon}.",
                level=self.level,
                rules=g.rules.name,
                lexicon=lexicon,
            )
        )
        if lexicon == DEFAULT_LEXICON:
            self.out.print(
                _("The SJP.PL list (2022-03-01) — this is not the official OSPS."), style="dim"
            )
        if g.rules.minutes:
            self.out.print(
                _("Chess clock: {minutes} min a player (TR 6.2).", minutes=g.rules.minutes)
            )
        else:
            self.out.print(_("No clock."))
        if self.phony_rate:
            self.out.print(
                _(
                    "The computer sometimes plays an invalid word ({rate:.0%} of moves): "
                    "challenge!",
                    rate=self.phony_rate,
                )
            )
        for draw in g.start_draws:
            shown = ", ".join(f"{self.name(p)} {t}" for p, t in sorted(draw.items()))
            self.out.print(_("Drawing for the start (TR 2.1): {draws}", draws=shown))
        self.out.print(_("{name} starts.", name=self.name(g.to_move)))
        self.out.print(_("Type “help” for the commands."))
        self.out.print(legend(language()))

    def _ask(self, key: str) -> str:
        try:
            return self.read_line(text_of(PROMPTS[key]))
        except EOFError:
            self.out.print()
            raise _Quit from None

    def _confirm_quit(self) -> None:
        try:
            answer = self.read_line(_("End the game? It will be saved. [y/N]> "))
        except EOFError:
            raise _Quit from None
        if answer.strip().lower() in _YES:
            raise _Quit

    # ---- acting and what happened ------------------------------------------------------

    def _act(self, seat: int, action: Action) -> list[Event]:
        """``seat``'s action, made now; its events (a refusal raises, changing nothing)."""
        return list(self.table.apply(seat, action, now=self.now()).events)

    def _timed(self) -> bool:
        """Whether the clock decided something now (a flag fell, TR 6.2.1; the play
        awaiting the person stood when their time ran out): shown if so."""
        step = self.table.tick(self.now())
        if step is None:
            return False
        self._show(list(step.events))
        return True

    def _show(self, events: list[Event]) -> None:
        for event in events:
            self._show_event(event)

    def _show_event(self, event: Event) -> None:
        if isinstance(event, Played):
            self.highlight = set(event.squares)
            self.last_text = _(
                "{name}: {move}  +{score}  ({words})",
                name=self.name(event.seat),
                move=event.move,
                score=event.score,
                words=", ".join(event.words),
            )
            if event.seat == self.human:
                self.out.print(self.last_text, style="bold")
        elif isinstance(event, Exchanged | Passed):
            if isinstance(event, Exchanged):
                text = _(
                    "{name}: exchange, {tiles}",
                    name=self.name(event.seat),
                    tiles=tile_count(event.count),
                )
            else:
                text = _("{name}: pass", name=self.name(event.seat))
            self.last_text = text
            self.highlight = set()
            self.out.print(text, style="bold")
        elif isinstance(event, TimedOut):
            self.out.print(
                _(
                    "{name}: out of time — the move is void, no more moves (TR 6.2.1–6.2.2).",
                    name=self.name(event.seat),
                ),
                style="bold red",
            )
            if event.alone:
                self.out.print(
                    _(
                        "{name} plays on alone; you may still challenge (TR 6.2.3).",
                        name=self.name(1 - event.seat),
                    )
                )
        elif isinstance(event, Accepted):
            if event.by == self.human:
                text = _(
                    "You accept the play: {name} +{score}.",
                    score=event.score,
                    name=self.name(event.player),
                )
            else:
                text = _(
                    "{name} accepts your play: +{score}, total {total}.",
                    name=self.name(event.by),
                    score=event.score,
                    total=event.total,
                )
            self.out.print(text)
        elif isinstance(event, Challenged):
            words = ", ".join(event.words)
            if event.challenger == self.human:
                self.out.print(_("You challenge: {words}", words=words))
            else:
                self.out.print(
                    _("{name}: challenge! ({words})", name=self.name(event.challenger), words=words)
                )
        elif isinstance(event, Judged):
            self._show_verdict(event)
        # Ended: shown once, when the session ends (run)

    def _show_verdict(self, v: Judged) -> None:
        # TR 4.7.11: one verdict for the set, never which word failed.
        if v.valid:
            self.out.print(
                _(
                    "Valid: the play stands ({name} +{score}).",
                    score=v.score,
                    name=self.name(v.player),
                ),
                style="green",
            )
            if v.penalty:
                self.out.print(
                    _(
                        "Unsuccessful challenge: {name} loses {points} points.",
                        name=self.name(v.challenger),
                        points=v.penalty,
                    )
                )
            else:
                self.out.print(_("An unsuccessful challenge costs nothing (TR 4.8.3)."))
        else:
            self.highlight = set()
            self.last_text += " — " + _("loss")
            self.out.print(
                _(
                    "Not valid: the tiles go back to the rack, {name} loses the turn.",
                    name=self.name(v.player),
                ),
                style="red",
            )

    # ---- the computer's turn --------------------------------------------------

    def _computer_turn(self) -> None:
        if self.level in SLOW_LEVELS:
            with self.out.status(_("thinking…")):
                action = self.table.computer_action(self.bot)
        else:
            action = self.table.computer_action(self.bot)
        # a refusal here is the computer player's bug: let it show
        self._show(self._act(self.bot, action))
        if self.game.pending is not None:
            self._show_position()
            self._challenge_window()

    def _computer_answers(self) -> None:
        """The computer accepts or challenges the person's pending play (TR 4.7)."""
        if self.table.computer_seat() == self.bot and self.game.pending is not None:
            self._show(self._act(self.bot, self.table.computer_action(self.bot)))

    def _challenge_window(self) -> None:
        """The person accepts or challenges the computer's pending play (TR 4.7)."""
        g = self.game
        while g.pending is not None:
            line = self._ask("prompt_window")
            if self._timed():  # the person's time ran out while deciding: the play stood
                return
            cmd, args = command_of(line)
            if cmd == "accept":
                self._show(self._act(self.human, Accept()))
            elif cmd == "challenge":
                try:
                    self._show(self._act(self.human, Challenge(tuple(args))))
                except PlanszaError as e:
                    self._error(describe(e))
            elif cmd == "quit":
                self._confirm_quit()
            elif cmd == "help":
                self.out.print(text_of(HELP))
            elif cmd == "board":
                self._show_position()
            elif cmd == "unseen":
                self._show_unseen()
            elif cmd == "sheet":
                self._show_sheet()
            elif cmd == "hint":
                self._error(_("a hint is available after you accept or challenge the play"))
            else:
                # Typing one's own move records the score: the right to challenge is gone
                # (TR 4.7.3); the line is the person's move.
                self._show(self._act(self.human, Accept()))
                if g.is_over:
                    self.out.print(_("The game has ended."))
                elif g.to_move != self.human:
                    self._error(_("it is not your turn — you are out of time"))
                else:
                    self._human_turn(line)

    # ---- the person's turn ----------------------------------------------------

    def _human_turn(self, typed: str | None) -> None:
        """Read the person's lines until a move is made (errors keep the turn)."""
        g = self.game
        if typed is None:
            # After the computer's play was shown and accepted the board is the same: the
            # scores, the clocks and the rack are enough.
            self._show_position(full=g.board != self.shown_board)
        while True:
            if typed is not None:
                line, typed = typed, None
            else:
                line = self._ask("prompt_move")
            if self._timed():  # TR 6.2.1: out of time before moving
                return
            cmd, _rest = command_of(line)
            if cmd in ("accept", "challenge"):
                if cmd == "challenge" or line.strip():
                    self._error(_("there is no play to challenge or accept"))
            elif cmd == "help":
                self.out.print(text_of(HELP))
            elif cmd == "hint":
                self._show_hint()
            elif cmd == "board":
                self._show_position()
            elif cmd == "unseen":
                self._show_unseen()
            elif cmd == "sheet":
                self._show_sheet()
            elif cmd == "quit":
                self._confirm_quit()
            else:
                try:
                    events = self._act(self.human, MoveAction(line))
                except PlanszaError as e:
                    self._error(describe(e))
                    continue
                self._show(events)
                self._computer_answers()
                return

    # ---- views ---------------------------------------------------------------

    def _error(self, message: str) -> None:
        self.out.print(message, style="red", soft_wrap=True)

    def _show_position(self, full: bool = True) -> None:
        """The board with the scores, clocks, bag and last move beside it, the rack and
        the unseen tiles; without the board when ``full`` is false."""
        g = self.game
        now = self.now()
        width = max(len(self.name(p)) for p in (self.bot, self.human))
        info = Text()
        for seat in (self.bot, self.human):
            if full:
                info.append(f"{self.name(seat)}\n  ", style="bold")
            else:
                info.append(f"{self.name(seat):<{width}}", style="bold")
            info.append(f"{g.scores[seat]:>5}")
            if g.clock is not None:
                remaining = g.clock.remaining(seat, now)
                flagged = seat in g.flagged
                clock = _("out of time") if flagged else clock_text(remaining)
                info.append(f"   ⏱ {clock}", style="red" if flagged or remaining < 60 else "")
            if g.to_move == seat:
                info.append(f"  ← {_('to move')}", style="bold cyan")
            info.append("\n")
        status = [_("In the bag: {n}", n=g.bag_count)]
        limit = g.rules.exchange_limit
        if limit is not None:
            status.append(_("Your exchanges: {n} left", n=limit - g.exchanges_used[self.human]))
        if full:
            info.append("\n" + "\n".join(status) + "\n")
            if self.last_text:
                info.append("\n" + _("Last move: {text}", text="") + "\n")
                info.append(self.last_text, style="bold")
            self._show_board(info)
        else:
            info.append(" · ".join(status))
            self.out.print(info)
        self.out.print(
            Text(_("Your rack: ")), rack_text(g.rack_string(self.human), self.ts), sep=""
        )
        self._show_unseen()

    def _show_board(self, info: Text) -> None:
        g = self.game
        self.shown_board = g.board.copy()
        grid = Table.grid(padding=(0, 3))
        grid.add_column()
        grid.add_column()
        grid.add_row(board_text(g.board, self.highlight), info)
        self.out.print(grid)

    def _show_unseen(self) -> None:
        unseen = self.game.unseen(self.human)
        self.out.print(
            _(
                "Unseen tiles ({n}: the bag and the opponent's rack): {tiles}",
                n=sum(unseen.values()),
                tiles=unseen_groups(self.game, self.human),
            ),
            soft_wrap=True,
        )

    def _show_hint(self) -> None:
        cands = hint(self.table, self.human, HINTS)
        self.out.print(
            _("Hint: the best moves of the rack {rack}", rack=self.game.rack_string(self.human))
        )
        table = Table()
        table.add_column(_("Move"))
        table.add_column(_("Score"), justify="right")
        table.add_column(_("Leave"))
        table.add_column(_("Equity"), justify="right")
        for c in cands:
            move = c.words if language() == "pl" else c.notation
            table.add_row(move, str(c.score), c.leave, f"{c.equity:.1f}")
        self.out.print(table)

    def _sheet_table(self) -> Table:
        table = Table(title=_("Score sheet"), title_justify="left")
        for column, justify in SHEET_COLUMNS:
            table.add_column(text_of(column), justify=justify)  # type: ignore[arg-type]
        for line in score_sheet(self.game):
            table.add_row(
                str(line.turn),
                line.player,
                self._sheet_move(line),
                str(line.score),
                str(line.total),
            )
        return table

    def _sheet_move(self, line: SheetLine) -> str:
        if line.kind == "play":
            return line.move
        if line.kind == "loss":
            return _("{move} — loss", move=line.move)
        if line.kind == "exchange":
            return _("exchange {n}", n=line.exchanged)
        if line.kind == "pass":
            return _("pass")
        return _("time")

    def _show_sheet(self) -> None:
        self.out.print(self._sheet_table())

    # ---- the end -------------------------------------------------------------

    def _scores_text(self) -> str:
        g = self.game
        return " – ".join(f"{self.name(p)} {g.scores[p]}" for p in range(g.rules.players))

    def _show_end(self, end: Ended) -> None:
        self.out.print(board_text(self.game.board, self.highlight))
        self._show_sheet()
        if end.reason is None:
            self.out.print(_("The game was stopped. Scores: {scores}", scores=self._scores_text()))
            return
        if end.reason == "went_out" and end.finisher is not None:
            self.out.print(
                _("Game over: {name} played out (TR 5.1.1a).", name=self.name(end.finisher))
            )
        else:
            self.out.print(text_of(ENDS.get(end.reason, N_("Game over."))))
        if any(a.reason in ("rack", "opponents_racks") for a in end.adjustments):
            self.out.print(_("Final adjustments (TR 5.1):"))
        for a in end.adjustments:
            if a.reason == "rack":
                text = _(
                    "  {name}: {points} for own tiles {tiles}",
                    name=self.name(a.player),
                    points=a.points,
                    tiles=a.tiles,
                )
            elif a.reason == "opponents_racks":
                text = _(
                    "  {name}: +{points} for the opponent's tiles {tiles}",
                    name=self.name(a.player),
                    points=a.points,
                    tiles=a.tiles,
                )
            elif a.reason == "challenge":
                continue  # shown when it happened
            else:
                text = _(
                    "  {name}: {points} ({reason})",
                    name=self.name(a.player),
                    points=a.points,
                    reason=a.reason,
                )
            self.out.print(text)
        if end.winner is None:
            self.out.print(_("Draw: {scores}", scores=self._scores_text()), style="bold")
        else:
            text = _(
                "{name} wins: {scores}", name=self.name(end.winner), scores=self._scores_text()
            )
            self.out.print(text, style="bold")

    def _save(self) -> None:
        from plansza.gcg import record_from_game, write_gcg

        level = self.level
        description = (
            _("plansza play, level {level}", level=level)
            if self.game.is_over
            else _("plansza play, level {level}, stopped before the end", level=level)
        )
        try:
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
            record = record_from_game(self.game)  # the person's own file: the whole game
            record.pragmas["description"] = description
            write_atomic(self.save_path, write_gcg(record))
        except OSError as e:
            self._error(
                _(
                    "cannot save the game in {path}: {error}",
                    path=self.save_path,
                    error=e.strerror or e,
                )
            )
            return
        self.saved = self.save_path
        self.out.print(_("The game is saved in {path}", path=self.save_path), soft_wrap=True)


# ---- the command ------------------------------------------------------------------


def terminal_reader(out: Console) -> LineReader:
    """Lines from standard input with the prompt on ``out``; a piped line is echoed
    so the transcript reads like a session."""
    interactive = sys.stdin.isatty()
    if interactive:
        import contextlib

        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for input())

    def read(prompt: str) -> str:
        line = out.input(Text(prompt, style="bold cyan"))
        if not interactive:
            out.print(line, highlight=False)
        return line

    return read


def check_options(
    level: str,
    rules_name: str,
    minutes: int | None,
    seed: int | None,
    name: str | None,
    first: str,
    phony: float,
    seconds: float,
) -> PlayOptions:
    """The options checked by the service (exit 2 with the reason for a bad one); the
    person is called "Gracz" / "Player" when no name is given."""
    from plansza.services.play import play_options

    rules = rules_named(rules_name)
    with user_errors():
        options = play_options(
            level,
            rules,
            minutes=minutes,
            seed=seed,
            name=name or "",
            first=first,
            phony=phony,
            seconds=seconds,
        )
    if not options.name:
        options = dataclasses.replace(options, name=_("Player"))
    return options


def make_session(
    options: PlayOptions,
    lexicon: Lexicon,
    *,
    read_line: LineReader,
    out: Console,
    now: Clock,
    save_path: Path,
    think_clock: Clock = time.monotonic,
) -> Session:
    """The game against the computer (the service) and its terminal session.

    ``now`` is the game's clock; ``think_clock`` times the sim player's thinking
    (a real clock even when a test drives the game's clock by hand).
    """
    from plansza.services.play import start_game

    computer_name = _("Computer ({level})", level=options.level)
    if computer_name == options.name:
        computer_name += " 2"
    table = start_game(
        options, lexicon, (options.name, computer_name), now=now(), think_clock=think_clock
    )
    return Session(
        table,
        now,
        read_line,
        out,
        save_path,
        level=options.level,
        phony_rate=options.phony,
        lexicon_name=lexicon.name,
    )


SaveOption = typer.Option(
    None,
    "--save",
    help=N_(
        "The GCG file to save (default: plansza-DATE-TIME.gcg in the user data directory, "
        "~/.local/share/plansza/games; PLANSZA_GAMES sets another)"
    ),
)


def play(
    level: str = typer.Option(
        "static",
        "--level",
        help=N_("The computer's level: static, sim, greedy, random (endgame)"),
    ),
    minutes: int = typer.Option(
        None,
        "--minutes",
        help=N_("Minutes a player (0 = no clock); default: the rules' (PFS 15)"),
    ),
    rules_name: str = typer.Option("pfs", "--rules", help="pfs | home | school | wespa"),
    seed: int = typer.Option(None, "--seed", help=N_("Random seed")),
    name: str = typer.Option(None, "--name", help=N_("Your name")),
    first: str = typer.Option(
        "draw", "--first", help=N_("Who starts: me|ja, computer|komputer, draw|losuj")
    ),
    phony: float = typer.Option(
        0.0,
        "--phony",
        help=N_("The computer's phony rate"),
    ),
    seconds: float = typer.Option(1.0, "--seconds", help=N_("Sim's seconds a move")),
    save: Path = SaveOption,
    lexicon: str = typer.Option(
        DEFAULT_LEXICON,
        "--lexicon",
        "-l",
        help=N_("Lexicon: name or path (sjp-20220301 = SJP.PL, not OSPS)"),
    ),
) -> None:
    """Play the computer in the terminal."""
    from plansza.services.lexicon import load_lexicon

    options = check_options(level, rules_name, minutes, seed, name, first, phony, seconds)
    if save is not None and not save.parent.is_dir():
        fail(
            _("cannot save the game in {path}: {error}", path=save, error=_("no such directory")),
            EXIT_INPUT,
        )
    with user_errors():
        lex = load_lexicon(lexicon, progress=lexicon_progress())
    if lex.tileset.name != options.rules.tileset.name:
        fail(f"{lex.name}: {lex.tileset.name} ≠ {options.rules.tileset.name}", EXIT_INPUT)
    session = make_session(
        options,
        lex,
        read_line=terminal_reader(console),
        out=console,
        now=time.monotonic,
        save_path=save if save is not None else default_save_path(),
    )
    raise typer.Exit(session.run())


def register(app: typer.Typer) -> None:
    """Add ``play`` (alias ``graj``) to the root app."""
    app.command("play")(play)
    app.command("graj", hidden=True)(play)
