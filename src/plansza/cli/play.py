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
end, or on ``koniec`` or the end of the input, the score sheet and the result are
shown and the game is saved as GCG (written atomically). Exit code 0; 2 for bad
options.

The session itself is :class:`Session`: it reads lines from a function and writes
to a Rich console, so a scripted game can be played without a terminal.
"""

from __future__ import annotations

import datetime
import os
import random
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
    EXIT_OK,
    console,
    fail,
    rules_named,
    user_errors,
)
from plansza.cli.common import describe_error as describe
from plansza.cli.i18n import _, text_of
from plansza.cli.i18n import current as language
from plansza.cli.render import board_text, legend, rack_text
from plansza.errors import N_, InvalidMoveError, PlanszaError
from plansza.files import write_atomic
from plansza.moves import Exchange, Move, Pass, Play, parse_move

if TYPE_CHECKING:
    from plansza.board import Board
    from plansza.engine.base import Player
    from plansza.engine.static import StaticPlayer
    from plansza.game import ChallengeVerdict, Game, Turn
    from plansza.lexicon import Lexicon
    from plansza.rules import Rules
    from plansza.scoring import ScoredPlay
    from plansza.tiles import TileSet

#: Levels that may think for a noticeable time: the UI shows a spinner for them.
SLOW_LEVELS = frozenset({"sim", "endgame"})
#: Levels a phony rate may be given to (the point is to practise challenging).
PHONY_LEVELS = ("random", "greedy", "static")
HINTS = 5  #: how many moves a hint shows

LineReader = Callable[[str], str]
"""Reads one line after showing a prompt; raises :class:`EOFError` at the end of input."""
Clock = Callable[[], float]

MESSAGES = {
    "unknown_level": N_("unknown level {level!r}; choose one of: {levels}"),
    "phony_level": N_("--phony works only with the levels {levels}"),
    "phony_rate": N_("--phony is a probability between 0 and 1, not {rate}"),
    "bad_minutes": N_("--minutes cannot be negative ({n}); 0 = no clock"),
    "bad_seconds": N_("--seconds must be positive, not {n}"),
    "bad_first": N_("--first takes me, computer or draw, not {value!r}"),
    "two_players": N_("a game against the computer is for two players"),
    "default_name": N_("Player"),
    "computer_name": N_("Computer ({level})"),
    "welcome": N_("A game against the computer: level {level}, rules {rules}, lexicon {lexicon}."),
    "default_lexicon_note": N_("The SJP.PL list (2022-03-01) — this is not the official OSPS."),
    "clock_info": N_("Chess clock: {minutes} min a player (TR 6.2)."),
    "no_clock": N_("No clock."),
    "phony_info": N_(
        "The computer sometimes plays an invalid word ({rate:.0%} of moves): challenge!"
    ),
    "help_hint": N_("Type “help” for the commands."),
    "draw_round": N_("Drawing for the start (TR 2.1): {draws}"),
    "starts": N_("{name} starts."),
    "to_move": N_("to move"),
    "bag": N_("In the bag: {n}"),
    "last_move": N_("Last move: {text}"),
    "exchanges_left": N_("Your exchanges: {n} left"),
    "your_rack": N_("Your rack: "),
    "unseen": N_("Unseen tiles ({n}: the bag and the opponent's rack): {tiles}"),
    "flag": N_("out of time"),
    "prompt_move": N_("Your move> "),
    "prompt_window": N_("[Enter] accept · “challenge” · or your move right away> "),
    "prompt_quit": N_("End the game? It will be saved. [y/N]> "),
    "plays": N_("{name}: {move}  +{score}  ({words})"),
    "exchanges": N_("{name}: exchange, {tiles}"),
    "passes": N_("{name}: pass"),
    "accepted_by_computer": N_("{name} accepts your play: +{score}, total {total}."),
    "you_accept": N_("You accept the play: {name} +{score}."),
    "computer_challenges": N_("{name}: challenge! ({words})"),
    "you_challenge": N_("You challenge: {words}"),
    "verdict_invalid": N_("Not valid: the tiles go back to the rack, {name} loses the turn."),
    "verdict_valid": N_("Valid: the play stands ({name} +{score})."),
    "no_penalty": N_("An unsuccessful challenge costs nothing (TR 4.8.3)."),
    "penalty": N_("Unsuccessful challenge: {name} loses {points} points."),
    "timeout": N_("{name}: out of time — the move is void, no more moves (TR 6.2.1–6.2.2)."),
    "playing_alone": N_("{name} plays on alone; you may still challenge (TR 6.2.3)."),
    "thinking": N_("thinking…"),
    "help": N_(
        "Moves:\n  H8 WORD       a word across from H8 (column, then row)\n  8H WORD       a "
        "word down from H8 (row, then column)\n                the whole word, letters on the "
        "board included; a blank in\n                lower case: H8 WoRD\n  -ABC          "
        "exchange tiles (also: wymiana ABC; ? is a blank)\n  -             pass (also: pauza)\n"
        "Commands:\n  hint          the best moves for your rack (podpowiedź)\n  challenge     "
        "challenge the computer's play, right after it; words optional\n  [Enter]       accept "
        "the computer's play (akceptuję)\n  board         the board and the game (tablica)\n  "
        "unseen        the tiles you have not seen (wykreślanka)\n  sheet         the score "
        "sheet so far (zapis)\n  quit          end the game and save it (koniec)\n  "
        "help          this list (pomoc)"
    ),
    "hint_title": N_("Hint: the best moves of the rack {rack}"),
    "col_move": N_("Move"),
    "col_score": N_("Score"),
    "col_leave": N_("Leave"),
    "col_equity": N_("Equity"),
    "no_pending": N_("there is no play to challenge or accept"),
    "hint_later": N_("a hint is available after you accept or challenge the play"),
    "not_your_turn": N_("it is not your turn — you are out of time"),
    "game_ended": N_("The game has ended."),
    "syntax_unknown": N_(
        "cannot read “{text}”: a play is written like “H8 WORD”, an exchange “-ABC”, a pass "
        "“-”; commands: “help”"
    ),
    "syntax_coordinate": N_(
        "“{coord}” is not a coordinate: a column A–O and a row 1–15, e.g. H8 (across) or 8H (down)"
    ),
    "syntax_letter": N_("“{text}”: “{ch}” is not a letter of the Polish tile set"),
    "syntax_short": N_("“{text}”: a word has at least two letters"),
    "syntax_long": N_("“{text}”: a word has at most 15 letters"),
    "syntax_parens": N_("“{text}”: parentheses hold letters already on the board, e.g. 8H W(O)RD"),
    "syntax_exchange": N_("“{text}”: an exchange returns 1 to 7 tiles"),
    "sheet_title": N_("Score sheet"),
    "col_turn": N_("#"),
    "col_player": N_("Player"),
    "col_total": N_("Total"),
    "sheet_loss": N_("{move} — loss"),
    "sheet_exchange": N_("exchange {n}"),
    "sheet_pass": N_("pass"),
    "sheet_time": N_("time"),
    "adjustments": N_("Final adjustments (TR 5.1):"),
    "adj_rack": N_("  {name}: {points} for own tiles {tiles}"),
    "adj_opponents": N_("  {name}: +{points} for the opponent's tiles {tiles}"),
    "adj_other": N_("  {name}: {points} ({reason})"),
    "end_went_out": N_("Game over: {name} played out (TR 5.1.1a)."),
    "end_scoreless": N_("Game over: consecutive passes and losses (TR 5.1.1b)."),
    "end_time": N_("Game over: both players are out of time (TR 5.1.1c)."),
    "end_solo": N_("Game over: the player left alone passed or lost turns (TR 6.2.1)."),
    "end_other": N_("Game over."),
    "unfinished": N_("The game was stopped. Scores: {scores}"),
    "winner": N_("{name} wins: {scores}"),
    "draw": N_("Draw: {scores}"),
    "saved": N_("The game is saved in {path}"),
    "save_failed": N_("cannot save the game in {path}: {error}"),
    "no_dir": N_("no such directory"),
    "description": N_("plansza play, level {level}"),
    "description_unfinished": N_("plansza play, level {level}, stopped before the end"),
}

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
_FIRST = {
    "me": 0,
    "ja": 0,
    "computer": 1,
    "komputer": 1,
    "draw": None,
    "losuj": None,
    "losowanie": None,
}


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


def plural_pl(n: int, one: str, few: str, many: str) -> str:
    """The Polish noun form for ``n``: 1 płytka, 2–4 płytki, 5 płytek (12–14: płytek).

    >>> [plural_pl(n, "płytkę", "płytki", "płytek") for n in (1, 3, 5, 12, 22)]
    ['płytkę', 'płytki', 'płytek', 'płytek', 'płytki']
    """
    if n == 1:
        return one
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return few
    return many


def tile_count(n: int) -> str:
    """``"3 tiles"`` in the current language."""
    if language() == "pl":
        return f"{n} {plural_pl(n, 'płytkę', 'płytki', 'płytek')}"
    return f"{n} tile" if n == 1 else f"{n} tiles"


def syntax_message(text: str, tileset: TileSet) -> str:
    """A move that cannot be read, explained in the current language.

    The engine words syntax errors in English only; this finds the reason again and
    words it in the user's language.

    >>> from plansza.cli.i18n import use as set_language
    >>> from plansza.tiles import TileSet
    >>> ts = TileSet.polish()
    >>> set_language("pl"); syntax_message("Z9 KOT", ts)
    '„Z9” nie jest współrzędną: kolumna A–O i wiersz 1–15, np. H8 (poziomo) albo 8H (pionowo)'
    >>> syntax_message("H8 KOX", ts)
    '„H8 KOX”: „X” nie jest literą polskiego zestawu płytek'
    >>> set_language("en"); syntax_message("H8 K", ts)
    '“H8 K”: a word has at least two letters'
    >>> set_language("pl")
    """
    from plansza.board import Coordinate

    words = text.split()
    if len(words) == 2 and words[0].lower() in ("wymiana", "exchange", "exch"):
        words = ["-" + words[1]]
    if len(words) == 1 and words[0].startswith("-"):
        tiles = words[0][1:]
        for ch in tiles:
            if ch != "?" and not tileset.is_letter(ch):
                return _(
                    "“{text}”: “{ch}” is not a letter of the Polish tile set", text=text, ch=ch
                )
        return _("“{text}”: an exchange returns 1 to 7 tiles", text=text)
    if len(words) != 2:
        return _(
            "cannot read “{text}”: a play is written like “H8 WORD”, an exchange “-ABC”, a pass "
            "“-”; commands: “help”",
            text=text,
        )
    try:
        Coordinate.parse(words[0])
    except InvalidMoveError:
        return _(
            "“{coord}” is not a coordinate: a column A–O and a row 1–15, e.g. H8 (across) or 8H "
            "(down)",
            coord=words[0],
        )
    letters = 0
    for ch in words[1]:
        if ch in "()":
            continue
        if not tileset.is_letter(ch):
            return _("“{text}”: “{ch}” is not a letter of the Polish tile set", text=text, ch=ch)
        letters += 1
    if letters < 2:
        return _("“{text}”: a word has at least two letters", text=text)
    if letters > 15:
        return _("“{text}”: a word has at most 15 letters", text=text)
    return _("“{text}”: parentheses hold letters already on the board, e.g. 8H W(O)RD", text=text)


def clock_text(seconds: float) -> str:
    """Remaining time as ``m:ss`` (``0:00`` once it has run out).

    >>> clock_text(901.2), clock_text(59.99), clock_text(-3)
    ('15:01', '0:59', '0:00')
    """
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


def unseen_text(game: Game, player: int) -> str:
    """The wykreślanka: the unseen tiles in alphabet order, one group per letter."""
    ts = game.rules.tileset
    tiles = ts.sort_tiles(game.unseen(player).elements())
    groups: list[str] = []
    for t in tiles:
        if groups and groups[-1][0] == t:
            groups[-1] += t
        else:
            groups.append(t)
    return " ".join(groups)


def default_save_path(now: datetime.datetime | None = None, directory: Path | None = None) -> Path:
    """``plansza-YYYYMMDD-HHMMSS.gcg`` in the current directory (``-2``, ``-3`` … if taken).

    >>> default_save_path(datetime.datetime(2024, 5, 1, 12, 0, 5), Path("/nonexistent")).name
    'plansza-20240501-120005.gcg'
    """
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = directory or Path.cwd()
    path = base / f"plansza-{stamp}.gcg"
    n = 2
    while path.exists():
        path = base / f"plansza-{stamp}-{n}.gcg"
        n += 1
    return path


def new_game(
    rules: Rules, names: list[str], seed: int, lexicon: Lexicon, first: int | None
) -> Game:
    """The game ``plansza play`` sets up (the person in seat 0, the computer in seat 1).

    ``first``: the seat that starts, or None to draw tiles for it (TR 2.1).
    """
    from plansza.game import Game

    return Game(rules, names, seed=seed, words=lexicon, starting_player=first)


class _Quit(Exception):
    """The person ended the game (``koniec``) or the input ended."""


@dataclass
class Session:
    """One game of a person (seat ``human``) against ``computer``, line by line.

    ``read_line`` shows a prompt and returns the next line (raising ``EOFError`` at
    the end of the input); ``now`` is the wall clock, handed to the game at every
    action (TR 6.2: the engine reads no clock itself).
    """

    game: Game
    computer: Player
    read_line: LineReader
    out: Console
    now: Clock
    save_path: Path
    level: str = "static"
    human: int = 0
    hint_player: StaticPlayer | None = None
    lexicon_name: str = ""
    phony_rate: float = 0.0
    last_text: str = ""
    highlight: set[tuple[int, int]] = field(default_factory=set)
    shown_board: Board | None = None  #: the board as last drawn
    saved: Path | None = None

    @property
    def bot(self) -> int:
        return 1 - self.human

    @property
    def ts(self) -> TileSet:
        return self.game.rules.tileset

    def name(self, seat: int) -> str:
        return self.game.names[seat]

    # ---- the loop ------------------------------------------------------------

    def run(self) -> int:
        """Play to the end (or until the person quits); save; the exit code."""
        self._start()
        try:
            while not self.game.is_over:
                if self.game.to_move == self.bot:
                    self._computer_turn()
                else:
                    self._human_turn(None)
        except _Quit:
            if self.game.pending is not None and self.game.pending.player == self.bot:
                # Nobody challenged: the play stands (TR 4.7.3).
                self._accept()
        self._finish()
        return EXIT_OK if self.saved is not None else EXIT_INPUT

    def _start(self) -> None:
        g = self.game
        self.out.print(
            _(
                "A game against the computer: level {level}, rules {rules}, lexicon {lexicon}.",
                level=self.level,
                rules=g.rules.name,
                lexicon=self.lexicon_name or getattr(g.words, "name", "?"),
            )
        )
        if (self.lexicon_name or getattr(g.words, "name", "")) == DEFAULT_LEXICON:
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
        if g.clock is not None:
            g.clock.start(g.to_move, self.now())

    def _ask(self, key: str) -> str:
        try:
            return self.read_line(text_of(MESSAGES[key]))
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

    # ---- the computer's turn --------------------------------------------------

    def _computer_turn(self) -> None:
        from plansza.engine.base import view_of

        g = self.game
        seat = self.bot
        view = view_of(g, seat)
        if self.level in SLOW_LEVELS:
            with self.out.status(_("thinking…")):
                move = self.computer.choose(view)
        else:
            move = self.computer.choose(view)
        before = len(g.history)
        g.move(move, now=self.now())  # a refusal here is the player's bug: let it show
        if self._timed_out(seat, before):
            return
        if g.pending is not None:
            scored = g.pending.scored
            words = ", ".join(w.word for w in scored.words)
            self.highlight = {t.square for t in scored.tiles}
            self.last_text = _(
                "{name}: {move}  +{score}  ({words})",
                name=self.name(seat),
                move=scored.play.notation(parens=True, board=self._board_before(scored)),
                score=scored.score,
                words=words,
            )
            self._show_position()
            self._challenge_window()
        else:
            self._announce_non_play(seat, move)

    def _board_before(self, scored: ScoredPlay) -> Board:
        """The board without the pending play's tiles (to put board letters in parentheses)."""
        board = self.game.board.copy()
        board.remove(t.square for t in scored.tiles)
        return board

    def _announce_non_play(self, seat: int, move: Move) -> None:
        if isinstance(move, Exchange):
            text = _(
                "{name}: exchange, {tiles}", name=self.name(seat), tiles=tile_count(len(move.tiles))
            )
        else:
            text = _("{name}: pass", name=self.name(seat))
        self.last_text = text
        self.highlight = set()
        self.out.print(text, style="bold")

    def _timed_out(self, seat: int, before: int) -> bool:
        """Whether the last action ended in ``seat``'s flag falling (TR 6.2.2)."""
        from plansza.game import TurnKind

        g = self.game
        if len(g.history) > before and g.history[-1].kind is TurnKind.TIMEOUT:
            self.out.print(
                _(
                    "{name}: out of time — the move is void, no more moves (TR 6.2.1–6.2.2).",
                    name=self.name(seat),
                ),
                style="bold red",
            )
            if not g.is_over:
                other = 1 - seat
                self.out.print(
                    _(
                        "{name} plays on alone; you may still challenge (TR 6.2.3).",
                        name=self.name(other),
                    )
                )
            return True
        return False

    def _challenge_window(self) -> None:
        """The person accepts or challenges the computer's pending play (TR 4.7)."""
        g = self.game
        while g.pending is not None:
            line = self._ask("prompt_window")
            cmd, args = command_of(line)
            if cmd == "accept":
                self._accept()
            elif cmd == "challenge":
                self._human_challenges(args)
            elif cmd == "quit":
                self._confirm_quit()
            elif cmd == "help":
                self.out.print(
                    _(
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
                )
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
                self._accept()
                if g.is_over:
                    self.out.print(_("The game has ended."))
                elif g.to_move != self.human:
                    self._error(_("it is not your turn — you are out of time"))
                else:
                    self._human_turn(line)

    def _accept(self) -> None:
        g = self.game
        assert g.pending is not None
        p = g.pending
        g.accept(now=self.now())
        self.out.print(
            _(
                "You accept the play: {name} +{score}.",
                score=p.scored.score,
                name=self.name(p.player),
            )
        )

    def _human_challenges(self, words: list[str]) -> None:
        g = self.game
        assert g.pending is not None
        p = g.pending
        chosen = ", ".join(w.upper() for w in words) or ", ".join(w.word for w in p.scored.words)
        try:
            verdict = g.challenge(words or None, challenger=self.human, now=self.now())
        except PlanszaError as e:
            self._error(describe(e))
            return
        self.out.print(_("You challenge: {words}", words=chosen))
        self._verdict(verdict, p.player, p.scored.score, self.human)

    def _verdict(self, verdict: ChallengeVerdict, player: int, score: int, challenger: int) -> None:
        # TR 4.7.11: one verdict for the set, never which word failed.
        if verdict.valid:
            self.out.print(
                _("Valid: the play stands ({name} +{score}).", score=score, name=self.name(player)),
                style="green",
            )
            penalty = self.game.rules.challenge_penalty
            if penalty:
                self.out.print(
                    _(
                        "Unsuccessful challenge: {name} loses {points} points.",
                        name=self.name(challenger),
                        points=penalty,
                    )
                )
            else:
                self.out.print(_("An unsuccessful challenge costs nothing (TR 4.8.3)."))
        else:
            self.highlight = set()
            self.last_text += " — " + ("strata" if language() == "pl" else "loss")
            self.out.print(
                _(
                    "Not valid: the tiles go back to the rack, {name} loses the turn.",
                    name=self.name(player),
                ),
                style="red",
            )

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
            if g.flag(self.now()):
                # TR 6.2.1: out of time before the move was made.
                self._timed_out(self.human, len(g.history) - 1)
                return
            cmd, _rest = command_of(line)
            if cmd == "accept":
                if line.strip():
                    self._error(_("there is no play to challenge or accept"))
                continue
            if cmd == "challenge":
                self._error(_("there is no play to challenge or accept"))
                continue
            if cmd == "help":
                self.out.print(
                    _(
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
                )
                continue
            if cmd == "hint":
                self._show_hint()
                continue
            if cmd == "board":
                self._show_position()
                continue
            if cmd == "unseen":
                self._show_unseen()
                continue
            if cmd == "sheet":
                self._show_sheet()
                continue
            if cmd == "quit":
                self._confirm_quit()
                continue
            if self._human_move(line):
                return

    def _human_move(self, line: str) -> bool:
        """Try the line as a move; True when the turn is over."""
        g = self.game
        try:
            move = parse_move(line, self.ts)
        except InvalidMoveError:
            self._error(syntax_message(line, self.ts))
            return False
        before = len(g.history)
        try:
            g.move(move, now=self.now())
        except PlanszaError as e:
            self._error(describe(e))
            return False
        if self._timed_out(self.human, before):
            return True
        if g.pending is not None:
            self._computer_judges()
        else:
            self._announce_non_play(self.human, move)
        return True

    def _computer_judges(self) -> None:
        """The computer accepts the person's play or challenges it (TR 4.7)."""
        from plansza.engine.base import view_of

        g = self.game
        assert g.pending is not None
        p = g.pending
        scored = p.scored
        words = tuple(w.word for w in scored.words)
        self.highlight = {t.square for t in scored.tiles}
        self.last_text = _(
            "{name}: {move}  +{score}  ({words})",
            name=self.name(self.human),
            move=scored.play.notation(parens=True, board=self._board_before(scored)),
            score=scored.score,
            words=", ".join(words),
        )
        self.out.print(self.last_text, style="bold")
        if self.computer.challenges(view_of(g, self.bot), words):
            self.out.print(
                _("{name}: challenge! ({words})", name=self.name(self.bot), words=", ".join(words))
            )
            verdict = g.challenge(challenger=self.bot, now=self.now())
            self._verdict(verdict, self.human, scored.score, self.bot)
        else:
            g.accept(now=self.now())
            self.out.print(
                _(
                    "{name} accepts your play: +{score}, total {total}.",
                    name=self.name(self.bot),
                    score=scored.score,
                    total=g.scores[self.human],
                )
            )

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
                tiles=unseen_text(self.game, self.human),
            ),
            soft_wrap=True,
        )

    def _show_hint(self) -> None:
        from plansza.engine.base import view_of

        if self.hint_player is None:
            from plansza.engine.static import StaticPlayer

            self.hint_player = StaticPlayer(self.computer_words(), self.game.rules)
        view = view_of(self.game, self.human)
        cands = self.hint_player.evaluate(view, HINTS)[:HINTS]
        self.out.print(_("Hint: the best moves of the rack {rack}", rack=view.rack))
        table = Table()
        table.add_column(_("Move"))
        table.add_column(_("Score"), justify="right")
        table.add_column(_("Leave"))
        table.add_column(_("Equity"), justify="right")
        for c in cands:
            table.add_row(self._move_text(c.move), str(c.score), c.leave, f"{c.equity:.1f}")
        self.out.print(table)

    def computer_words(self) -> Lexicon:
        """The lexicon of the game (the one the computer plays with)."""
        from plansza.lexicon import Lexicon

        words = self.game.words
        assert isinstance(words, Lexicon)
        return words

    def _move_text(self, move: Move) -> str:
        if isinstance(move, Play):
            return move.notation(parens=True, board=self.game.board)
        if isinstance(move, Exchange):
            return move.notation(polish_word=language() == "pl")
        return Pass().notation(polish_word=language() == "pl")

    def _sheet_table(self) -> Table:
        table = Table(title=_("Score sheet"), title_justify="left")
        for key, justify in (
            ("col_turn", "right"),
            ("col_player", "left"),
            ("col_move", "left"),
            ("col_score", "right"),
            ("col_total", "right"),
        ):
            table.add_column(text_of(MESSAGES[key]), justify=justify)  # type: ignore[arg-type]
        for entry, turn in zip(self.game.score_sheet(), self.game.history, strict=True):
            table.add_row(
                str(entry["turn"]),
                str(entry["player"]),
                self._sheet_move(turn),
                str(entry["score"]),
                str(entry["total"]),
            )
        return table

    def _sheet_move(self, turn: Turn) -> str:
        from plansza.game import TurnKind

        if turn.kind is TurnKind.PLAY:
            return str(turn.move)
        if turn.kind is TurnKind.LOSS:
            return _("{move} — loss", move=str(turn.move))
        if turn.kind is TurnKind.EXCHANGE and isinstance(turn.move, Exchange):
            return _("exchange {n}", n=len(turn.move.tiles))
        if turn.kind is TurnKind.PASS:
            return _("pass")
        return _("time")

    def _show_sheet(self) -> None:
        self.out.print(self._sheet_table())

    # ---- the end -------------------------------------------------------------

    def _scores_text(self) -> str:
        g = self.game
        return " – ".join(f"{self.name(p)} {g.scores[p]}" for p in range(g.rules.players))

    def _finish(self) -> None:
        from plansza.game import EndReason

        g = self.game
        self.out.print(board_text(g.board, self.highlight))
        self._show_sheet()
        if g.result is None:
            self.out.print(_("The game was stopped. Scores: {scores}", scores=self._scores_text()))
        else:
            reason = g.result.reason
            if reason is EndReason.WENT_OUT:
                finisher = g.history[-1].player
                self.out.print(
                    _("Game over: {name} played out (TR 5.1.1a).", name=self.name(finisher))
                )
            else:
                key = {
                    EndReason.SCORELESS: "end_scoreless",
                    EndReason.TIME: "end_time",
                    EndReason.SOLO_END: "end_solo",
                }.get(reason, "end_other")
                self.out.print(text_of(MESSAGES[key]))
            shown = [a for a in g.adjustments if a.reason in ("rack", "opponents_racks")]
            if shown:
                self.out.print(_("Final adjustments (TR 5.1):"))
            for a in g.adjustments:
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
            if g.result.winner is None:
                self.out.print(_("Draw: {scores}", scores=self._scores_text()), style="bold")
            else:
                winner = self.name(g.result.winner)
                text = _("{name} wins: {scores}", name=winner, scores=self._scores_text())
                self.out.print(text, style="bold")
        self._save()

    def _save(self) -> None:
        from plansza.gcg import record_from_game, write_gcg

        g = self.game
        record = record_from_game(g)
        key = "description" if g.is_over else "description_unfinished"
        record.pragmas["description"] = text_of(MESSAGES[key], level=self.level)
        try:
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
            out.print(line, markup=False, highlight=False)
        return line

    return read


@dataclass(frozen=True)
class PlayOptions:
    """The checked options of ``plansza play``."""

    level: str
    rules: Rules
    seed: int
    name: str
    first: int | None
    phony: float
    seconds: float


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
    """Validate the options (exit 2 with a message for a bad one)."""
    from plansza.engine import LEVELS

    if level not in LEVELS:
        fail(
            _(
                "unknown level {level!r}; choose one of: {levels}",
                level=level,
                levels=", ".join(LEVELS),
            ),
            EXIT_INPUT,
        )
    if not 0.0 <= phony <= 1.0:
        fail(_("--phony is a probability between 0 and 1, not {rate}", rate=phony), EXIT_INPUT)
    if phony and level not in PHONY_LEVELS:
        fail(
            _("--phony works only with the levels {levels}", levels=", ".join(PHONY_LEVELS)),
            EXIT_INPUT,
        )
    if minutes is not None and minutes < 0:
        fail(_("--minutes cannot be negative ({n}); 0 = no clock", n=minutes), EXIT_INPUT)
    if seconds <= 0:
        fail(_("--seconds must be positive, not {n}", n=seconds), EXIT_INPUT)
    if first.lower() not in _FIRST:
        fail(_("--first takes me, computer or draw, not {value!r}", value=first), EXIT_INPUT)
    rules = rules_named(rules_name)
    if rules.players != 2:
        fail(_("a game against the computer is for two players"), EXIT_INPUT)
    if minutes is not None:
        rules = rules.replace(minutes=minutes or None)
    the_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    the_name = (name or "").strip() or _("Player")
    return PlayOptions(level, rules, the_seed, the_name, _FIRST[first.lower()], phony, seconds)


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
    """The game, the computer player and the session for checked options.

    ``now`` is the game's clock; ``think_clock`` times the sim player's thinking
    (a real clock even when a test drives the game's clock by hand).
    """
    from plansza.engine import make_player
    from plansza.engine.match import hash_seed
    from plansza.engine.phony import with_phonies

    computer_name = _("Computer ({level})", level=options.level)
    if computer_name == options.name:
        computer_name += " 2"
    game = new_game(
        options.rules, [options.name, computer_name], options.seed, lexicon, options.first
    )
    extra: dict[str, object] = {}
    if options.level == "sim":
        extra = {"seconds": options.seconds, "now": think_clock}
    if options.level in ("sim", "endgame"):
        # One game against a person: the endgame search may have a second core.
        extra["endgame_threads"] = 2 if (os.cpu_count() or 1) >= 2 else 1
    player = make_player(
        options.level,
        lexicon,
        options.rules,
        seed=hash_seed(f"{options.seed}:computer"),
        **extra,
    )
    player = with_phonies(
        player, lexicon, options.rules, rate=options.phony, seed=hash_seed(f"{options.seed}:phony")
    )
    return Session(
        game,
        player,
        read_line,
        out,
        now,
        save_path,
        level=options.level,
        lexicon_name=lexicon.name,
        phony_rate=options.phony,
    )


SaveOption = typer.Option(
    None,
    "--save",
    help=N_("The GCG file to save (default: plansza-DATE-TIME.gcg here)"),
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
        help="Minuty na gracza (0 = bez zegara) / minutes a player "
        "(0 = no clock); domyślnie wg zasad / default: the rules' (PFS 15)",
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
    from plansza.lexicon import Lexicon

    options = check_options(level, rules_name, minutes, seed, name, first, phony, seconds)
    if save is not None and not save.parent.is_dir():
        fail(
            _("cannot save the game in {path}: {error}", path=save, error=_("no such directory")),
            EXIT_INPUT,
        )
    with user_errors():
        lex = Lexicon.load(lexicon)
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
