"""Setting up a game against the computer, and what the terminal asks of it.

The options of ``plansza play`` are checked here (:func:`play_options`), and
:func:`start_game` makes the game: a :class:`~plansza.services.live.LiveTable`, the one
implementation of a live game's turn flow, which the web app plays too. The person's
moves, the computer's decisions and the clock are that table's steps; what is left
here is what only the terminal shows: a hint (:func:`hint`), the wykreślanka
(:func:`unseen_groups`) and the score sheet (:func:`score_sheet`).

>>> from plansza.rules import Rules
>>> opts = play_options("static", Rules.pfs(), seed=5, name="Ala", first="me")
>>> opts.first, opts.rules.minutes
(0, 15)

Errors are the domain's: an option or a move that cannot be used raises a
:class:`~plansza.errors.PlanszaError` with a code, an English template and details.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plansza.errors import N_, PlanszaError
from plansza.files import excerpt
from plansza.moves import unreadable
from plansza.rules import PRESETS

if TYPE_CHECKING:
    from plansza.engine.base import ComputerPlayer
    from plansza.game import Game as Game
    from plansza.gcg import GameRecord
    from plansza.lexicon import Lexicon as Lexicon
    from plansza.rules import Rules as Rules
    from plansza.services.live import LiveTable

#: Levels that may think for a noticeable time (a front end shows that it is thinking).
SLOW_LEVELS = frozenset({"sim", "endgame"})
#: Levels a phony rate may be given to (the point is to practise challenging).
PHONY_LEVELS = ("random", "greedy", "static")
#: Who starts, as a person may say it: the person's seat (0), the computer's (1), or a
#: draw for it (None, TR 2.1).
FIRST: dict[str, int | None] = {
    "me": 0,
    "ja": 0,
    "computer": 1,
    "komputer": 1,
    "draw": None,
    "losuj": None,
    "losowanie": None,
}

Clock = Callable[[], float]


class OptionError(PlanszaError):
    """An option of a game against the computer that cannot be used."""

    code = "option"


@dataclass(frozen=True)
class PlayOptions:
    """The checked settings of a game against the computer."""

    level: str
    rules: Rules
    seed: int
    name: str
    first: int | None
    phony: float = 0.0
    seconds: float = 1.0


def play_options(
    level: str,
    rules: Rules,
    *,
    minutes: int | None = None,
    seed: int | None = None,
    name: str = "",
    first: str = "draw",
    phony: float = 0.0,
    seconds: float = 1.0,
) -> PlayOptions:
    """Check the settings of a game against the computer (:class:`OptionError` if bad).

    ``minutes`` overrides the rules' clock (0: none); without a ``seed`` one is drawn.
    An empty ``name`` stays empty: the front end names the player in its language.
    """
    from plansza.engine import LEVELS

    if level not in LEVELS:
        raise OptionError(
            N_("unknown level {level!r}; choose one of: {levels}"),
            code="level",
            level=excerpt(level),
            levels=", ".join(LEVELS),
        )
    if not 0.0 <= phony <= 1.0:
        raise OptionError(
            N_("--phony is a probability between 0 and 1, not {rate}"), code="phony", rate=phony
        )
    if phony and level not in PHONY_LEVELS:
        raise OptionError(
            N_("--phony works only with the levels {levels}"),
            code="phony_level",
            levels=", ".join(PHONY_LEVELS),
        )
    if minutes is not None and minutes < 0:
        raise OptionError(
            N_("--minutes cannot be negative ({n}); 0 = no clock"), code="minutes", n=minutes
        )
    if seconds <= 0:
        raise OptionError(N_("--seconds must be positive, not {n}"), code="seconds", n=seconds)
    if first.lower() not in FIRST:
        raise OptionError(
            N_("--first takes me, computer or draw, not {value!r}"),
            code="first",
            value=excerpt(first),
        )
    if rules.players != 2:
        raise OptionError(N_("a game against the computer is for two players"), code="players")
    if minutes is not None:
        rules = rules.replace(minutes=minutes or None)
    the_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    return PlayOptions(level, rules, the_seed, name.strip(), FIRST[first.lower()], phony, seconds)


def start_game(
    options: PlayOptions,
    lexicon: Lexicon,
    names: tuple[str, str],
    *,
    now: float,
    think_clock: Clock = time.monotonic,
) -> LiveTable:
    """A game against the computer for checked options: the person in seat 0, the
    computer in seat 1, its clock started at ``now`` — the same
    :class:`~plansza.services.live.LiveTable` the web app plays.

    ``names``: the person's and the computer's, as the front end words them.
    ``think_clock`` times the sim player's thinking (a real clock even when a test
    drives the game's clock by hand).
    """
    from plansza.engine import make_player
    from plansza.engine.match import hash_seed
    from plansza.engine.phony import with_phonies
    from plansza.services.live import LiveTable

    extra: dict[str, object] = {}
    if options.level == "sim":
        extra = {"seconds": options.seconds, "now": think_clock}
    if options.level in ("sim", "endgame"):
        # One game against a person: the endgame search may have a second core.
        extra["endgame_threads"] = 2 if (os.cpu_count() or 1) >= 2 else 1

    def computer(seat: int) -> ComputerPlayer:
        player = make_player(
            options.level,
            lexicon,
            options.rules,
            seed=hash_seed(f"{options.seed}:computer"),
            **extra,
        )
        return with_phonies(
            player,
            lexicon,
            options.rules,
            rate=options.phony,
            seed=hash_seed(f"{options.seed}:phony"),
        )

    return LiveTable.new(
        rules=options.rules.replace(decision_clock=True),
        seed=options.seed,
        seats=("person", options.level),
        names=names,
        words=lexicon,
        starting=options.first,
        now=now,
        players=computer,
    )


def new_game(
    rules: Rules, names: list[str], seed: int, lexicon: Lexicon, first: int | None
) -> Game:
    """A bare game as ``plansza play`` sets it up (the person in seat 0, the computer in
    seat 1), without the table around it: ``first`` is the seat that starts, or None to
    draw tiles for it (TR 2.1)."""
    from plansza.game import Game

    return Game(rules, names, seed=seed, words=lexicon, starting_player=first)


@dataclass(frozen=True)
class Hint:
    """A move a hint suggests: written with symbols (``notation``: a play with the tiles
    on the board in brackets, ``-ABC``, ``-``) and with Polish words (``words``:
    ``wymiana ABC``, ``pauza``), its score, the tiles it keeps and its equity."""

    notation: str
    words: str
    score: int
    leave: str
    equity: float


def hint(table: LiveTable, seat: int, n: int = 5) -> list[Hint]:
    """The ``n`` best moves of ``seat``'s rack by static equity (the terminal's hint)."""
    from plansza.engine.base import view_of
    from plansza.engine.static import StaticPlayer
    from plansza.lexicon import Lexicon
    from plansza.moves import Exchange, Pass, Play

    game = table.game
    words = game.words
    assert isinstance(words, Lexicon)
    shown = []
    for c in StaticPlayer(words, game.rules).evaluate(view_of(game, seat), n)[:n]:
        move = c.move
        if isinstance(move, Play):
            text = wording = move.notation(parens=True, board=game.board)
        else:
            assert isinstance(move, Exchange | Pass)
            text, wording = move.notation(), move.notation(polish_word=True)
        shown.append(Hint(text, wording, c.score, c.leave, c.equity))
    return shown


@dataclass(frozen=True)
class SheetLine:
    """A turn on the score sheet (TR 1.3.1): its number, the player's name, the kind
    (``play``, ``loss``, ``exchange``, ``pass``, ``timeout``), the move played or
    taken back, the tiles exchanged, the score and the running total."""

    turn: int
    player: str
    kind: str
    move: str
    exchanged: int
    score: int
    total: int


def score_sheet(game: Game) -> list[SheetLine]:
    """The score sheet of ``game`` so far, a line a turn."""
    from plansza.moves import Exchange

    lines = []
    for entry, turn in zip(game.score_sheet(), game.history, strict=True):
        exchanged = len(turn.move.tiles) if isinstance(turn.move, Exchange) else 0
        kind = turn.kind.value
        if kind == "exchange" and not isinstance(turn.move, Exchange):
            kind = "timeout"  # never written so; worded as the sheet's last resort
        lines.append(
            SheetLine(
                int(str(entry["turn"])),
                str(entry["player"]),
                kind,
                "" if turn.move is None else str(turn.move),
                exchanged,
                turn.score,
                turn.total,
            )
        )
    return lines


def unseen_groups(game: Game, seat: int) -> str:
    """The wykreślanka of ``seat``: the tiles it has not seen, one group per letter.

    >>> from plansza.game import Game
    >>> from plansza.rules import Rules
    >>> groups = unseen_groups(Game(Rules.pfs(), seed=1), 0).split()
    >>> len("".join(groups)), groups[0][0], groups[1][0]   # the bag and the other rack
    (93, 'A', 'Ą')
    """
    ts = game.rules.tileset
    groups: list[str] = []
    for t in ts.sort_tiles(game.unseen(seat).elements()):
        if groups and groups[-1][0] == t:
            groups[-1] += t
        else:
            groups.append(t)
    return " ".join(groups)


# ---- what the web front end asks of the game's domain -------------------------------


def default_lexicon() -> Lexicon:
    """The default word list (compiled at first use; no progress bar: a server has no
    terminal to draw it on)."""
    from plansza.lexicon import Lexicon

    return Lexicon.default(progress=False)


def rules_named(name: str) -> Rules:
    """The rules of the preset ``name`` (``pfs``, ``wespa``, ``school``…)."""
    from plansza.rules import Rules

    return Rules.by_name(name)


def judged_presets(words: object, presets: tuple[str, ...]) -> tuple[str, ...]:
    """Of ``presets``, those whose tile set is the word list's (WESPA needs English
    words); all of them when ``words`` names no tile set."""
    tiles = getattr(words, "tileset", None)
    if tiles is None:
        return presets
    return tuple(p for p in presets if rules_named(p).tileset.name == tiles.name)


def gcg_text(record: GameRecord) -> str:
    """A game's record as a GCG file's text."""
    from plansza.gcg import write_gcg

    return write_gcg(record)


def premium_rows() -> list[str]:
    """The board's premium squares, a row a string: W/w word ×3/×2, L/l letter ×3/×2."""
    from plansza.board import Board, Premium

    board = Board()
    code = {Premium.TW: "W", Premium.DW: "w", Premium.TL: "L", Premium.DL: "l"}
    return ["".join(code.get(board.premium(r, c), ".") for c in range(15)) for r in range(15)]


__all__ = [
    "FIRST",
    "PHONY_LEVELS",
    "PRESETS",
    "SLOW_LEVELS",
    "Hint",
    "OptionError",
    "PlayOptions",
    "SheetLine",
    "default_lexicon",
    "gcg_text",
    "hint",
    "judged_presets",
    "new_game",
    "play_options",
    "premium_rows",
    "rules_named",
    "score_sheet",
    "start_game",
    "unreadable",
    "unseen_groups",
]
