"""Playing a game against the computer: the use case both front ends call.

A :class:`ComputerGame` holds one game of a person against a computer player under
the rules given (PFS by default) and carries out what the person asks for — a move
typed in Polish notation, accepting or challenging the computer's play — and the
computer's side of it: its moves, and its decision to challenge the person's play
(TR 4.7). It prints nothing and reads no clock: the time comes from the ``now``
function it is given (TR 6.2, handed to the engine at every action), and what
happened comes back as :data:`Event` values, numbered in :attr:`ComputerGame.events`,
for the terminal or the web page to show in its own words.

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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from plansza.errors import N_, IllegalActionError, InvalidMoveError, PlanszaError
from plansza.moves import Exchange, Move, parse_move

if TYPE_CHECKING:
    from plansza.board import Board
    from plansza.engine.base import ComputerPlayer
    from plansza.engine.static import Candidate, StaticPlayer
    from plansza.game import Adjustment, EndReason, Game
    from plansza.gcg import GameRecord
    from plansza.lexicon import Lexicon
    from plansza.rules import Rules
    from plansza.scoring import ScoredPlay
    from plansza.tiles import TileSet

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
            level=level,
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
            N_("--first takes me, computer or draw, not {value!r}"), code="first", value=first
        )
    if rules.players != 2:
        raise OptionError(N_("a game against the computer is for two players"), code="players")
    if minutes is not None:
        rules = rules.replace(minutes=minutes or None)
    the_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    return PlayOptions(level, rules, the_seed, name.strip(), FIRST[first.lower()], phony, seconds)


def unreadable(text: str, tileset: TileSet) -> InvalidMoveError:
    """Why ``text`` cannot be read as a move, as an error a front end words.

    >>> from plansza.tiles import TileSet
    >>> e = unreadable("Z9 KOT", TileSet.polish())
    >>> e.code, e.details["coord"]
    ('coordinate', 'Z9')
    >>> unreadable("H8 K", TileSet.polish()).code
    'short'
    """
    from plansza.board import Coordinate

    words = text.split()
    if len(words) == 2 and words[0].lower() in ("wymiana", "exchange", "exch"):
        words = ["-" + words[1]]
    if len(words) == 1 and words[0].startswith("-"):
        for ch in words[0][1:]:
            if ch != "?" and not tileset.is_letter(ch):
                return InvalidMoveError(
                    N_("“{text}”: “{ch}” is not a letter of the Polish tile set"),
                    code="letter",
                    text=text,
                    ch=ch,
                )
        return InvalidMoveError(
            N_("“{text}”: an exchange returns 1 to 7 tiles"), code="exchange", text=text
        )
    if len(words) != 2:
        return InvalidMoveError(
            N_(
                "cannot read “{text}”: a play is written like “H8 WORD”, an exchange “-ABC”, "
                "a pass “-”; commands: “help”"
            ),
            code="unknown",
            text=text,
        )
    try:
        Coordinate.parse(words[0])
    except InvalidMoveError:
        return InvalidMoveError(
            N_(
                "“{coord}” is not a coordinate: a column A–O and a row 1–15, e.g. H8 (across) "
                "or 8H (down)"
            ),
            code="coordinate",
            coord=words[0],
        )
    letters = 0
    for ch in words[1]:
        if ch in "()":
            continue
        if not tileset.is_letter(ch):
            return InvalidMoveError(
                N_("“{text}”: “{ch}” is not a letter of the Polish tile set"),
                code="letter",
                text=text,
                ch=ch,
            )
        letters += 1
    if letters < 2:
        return InvalidMoveError(
            N_("“{text}”: a word has at least two letters"), code="short", text=text
        )
    if letters > 15:
        return InvalidMoveError(
            N_("“{text}”: a word has at most 15 letters"), code="long", text=text
        )
    return InvalidMoveError(
        N_("“{text}”: parentheses hold letters already on the board, e.g. 8H W(O)RD"),
        code="parentheses",
        text=text,
    )


# ---- what happened: events a front end shows ----------------------------------------


@dataclass(frozen=True)
class Played:
    """``seat`` put a play on the board; it waits in the challenge window (TR 4.7)."""

    seat: int
    notation: str  #: with the letters already on the board in parentheses
    score: int
    words: tuple[str, ...]
    squares: frozenset[tuple[int, int]]


@dataclass(frozen=True)
class Exchanged:
    seat: int
    count: int


@dataclass(frozen=True)
class Passed:
    seat: int


@dataclass(frozen=True)
class TimedOut:
    """``seat``'s flag fell (TR 6.2.1–6.2.2); ``alone``: the other plays on (TR 6.2.3)."""

    seat: int
    alone: bool


@dataclass(frozen=True)
class Accepted:
    """``by`` accepted ``player``'s play: its score is recorded (TR 4.7.3)."""

    by: int
    player: int
    score: int
    total: int


@dataclass(frozen=True)
class Challenged:
    """``challenger`` challenged ``words`` of the pending play."""

    challenger: int
    words: tuple[str, ...]


@dataclass(frozen=True)
class Judged:
    """The joint verdict (TR 4.7.11: never which word failed) and what it cost."""

    valid: bool
    player: int
    score: int
    challenger: int
    penalty: int  #: points the challenger lost (0 where challenges are free, TR 4.8.3)


@dataclass(frozen=True)
class Ended:
    """The game is over (``reason`` None: stopped by the person before the end)."""

    reason: EndReason | None
    finisher: int | None  #: who played out (TR 5.1.1a), if someone did
    adjustments: tuple[Adjustment, ...]
    winner: int | None
    scores: tuple[int, ...]


Event = Played | Exchanged | Passed | TimedOut | Accepted | Challenged | Judged | Ended


@dataclass
class ComputerGame:
    """One game of a person (seat ``human``) against ``computer``.

    Every action returns the events it caused, also appended to :attr:`events` (their
    index is their number: a front end that lost some asks for those after the last
    it saw).
    """

    game: Game
    computer: ComputerPlayer
    now: Clock
    level: str = "static"
    human: int = 0
    phony_rate: float = 0.0
    events: list[Event] = field(default_factory=list)
    _hints: StaticPlayer | None = None

    @property
    def bot(self) -> int:
        """The computer's seat."""
        return 1 - self.human

    @property
    def tileset(self) -> TileSet:
        return self.game.rules.tileset

    @property
    def slow(self) -> bool:
        """Whether the computer may think for a noticeable time."""
        return self.level in SLOW_LEVELS

    def _log(self, *events: Event) -> list[Event]:
        self.events.extend(events)
        return list(events)

    # ---- the start and the clock ------------------------------------------------

    def start(self) -> None:
        """Start the clock of the player to move (a game without a clock: nothing)."""
        if self.game.clock is not None:
            self.game.clock.start(self.game.to_move, self.now())

    def flag(self, seat: int) -> list[Event]:
        """``seat`` ran out of time before moving (TR 6.2.1): the events, or none."""
        before = len(self.game.history)
        self.game.flag(self.now())
        return self._timed_out(seat, before)

    def _timed_out(self, seat: int, before: int) -> list[Event]:
        from plansza.game import TurnKind

        g = self.game
        if len(g.history) > before and g.history[-1].kind is TurnKind.TIMEOUT:
            return self._log(TimedOut(seat, alone=not g.is_over))
        return []

    # ---- moves ------------------------------------------------------------------

    def _board_before(self, scored: ScoredPlay) -> Board:
        """The board without the pending play's tiles (board letters go in parentheses)."""
        board = self.game.board.copy()
        board.remove(t.square for t in scored.tiles)
        return board

    def _made(self, seat: int, move: Move) -> Event:
        g = self.game
        if g.pending is not None:
            scored = g.pending.scored
            return Played(
                seat,
                scored.play.notation(parens=True, board=self._board_before(scored)),
                scored.score,
                tuple(w.word for w in scored.words),
                frozenset(t.square for t in scored.tiles),
            )
        if isinstance(move, Exchange):
            return Exchanged(seat, len(move.tiles))
        return Passed(seat)

    def computer_turn(self) -> list[Event]:
        """The computer moves; its play then waits for the person (accept / challenge)."""
        from plansza.engine.base import view_of

        g = self.game
        move = self.computer.choose(view_of(g, self.bot))
        before = len(g.history)
        g.move(move, now=self.now())  # a refusal here is the player's bug: let it show
        timed = self._timed_out(self.bot, before)
        if timed:
            return timed
        return self._log(self._made(self.bot, move))

    def play(self, text: str) -> list[Event]:
        """The person's move in Polish notation; the computer then accepts a play or
        challenges it (exactly the plays that form an invalid word, TR 4.7).

        An unreadable line raises :class:`InvalidMoveError` (with the reason found
        again by :func:`unreadable`), an illegal one the game's error: the turn stays.
        """
        g = self.game
        if g.to_move != self.human or g.pending is not None:
            raise IllegalActionError("not_your_turn", N_("it is not your turn"))
        try:
            move = parse_move(text, self.tileset)
        except InvalidMoveError:
            raise unreadable(text, self.tileset) from None
        before = len(g.history)
        g.move(move, now=self.now())
        timed = self._timed_out(self.human, before)
        if timed:
            return timed
        made = self._log(self._made(self.human, move))
        if g.pending is not None:
            return made + self._computer_judges()
        return made

    def _computer_judges(self) -> list[Event]:
        from plansza.engine.base import view_of

        g = self.game
        assert g.pending is not None
        scored = g.pending.scored
        words = tuple(w.word for w in scored.words)
        if self.computer.challenges(view_of(g, self.bot), words):
            said = self._log(Challenged(self.bot, words))
            verdict = g.challenge(challenger=self.bot, now=self.now())
            return said + self._verdict(verdict.valid, self.human, scored.score, self.bot)
        g.accept(now=self.now())
        return self._log(Accepted(self.bot, self.human, scored.score, g.scores[self.human]))

    def accept(self) -> list[Event]:
        """The person accepts the computer's pending play (TR 4.7.3)."""
        g = self.game
        p = g.pending
        if p is None or p.player != self.bot:
            raise IllegalActionError(
                "no_pending_play", N_("there is no play to challenge or accept")
            )
        g.accept(now=self.now())
        return self._log(Accepted(self.human, p.player, p.scored.score, g.scores[p.player]))

    def challenge(self, words: Iterable[str] = ()) -> list[Event]:
        """The person challenges the computer's pending play (all its words, or ``words``)."""
        g = self.game
        p = g.pending
        if p is None or p.player != self.bot:
            raise IllegalActionError(
                "no_pending_play", N_("there is no play to challenge or accept")
            )
        chosen = [w.upper() for w in words]
        verdict = g.challenge(chosen or None, challenger=self.human, now=self.now())
        named = tuple(chosen) or tuple(w.word for w in p.scored.words)
        said = self._log(Challenged(self.human, named))
        return said + self._verdict(verdict.valid, p.player, p.scored.score, self.human)

    def _verdict(self, valid: bool, player: int, score: int, challenger: int) -> list[Event]:
        penalty = self.game.rules.challenge_penalty if valid else 0
        return self._log(Judged(valid, player, score, challenger, penalty or 0))

    def stop(self) -> list[Event]:
        """The person ends the game early: the computer's play nobody challenged stands
        (TR 4.7.3); the end as it is."""
        g = self.game
        out: list[Event] = []
        if g.pending is not None and g.pending.player == self.bot:
            out = self.accept()
        return out + self.end()

    def end(self) -> list[Event]:
        """How the game ended (or stands, if stopped), with the final adjustments."""
        from plansza.game import EndReason

        g = self.game
        result = g.result
        finisher = (
            g.history[-1].player
            if result is not None and result.reason is EndReason.WENT_OUT
            else None
        )
        return self._log(
            Ended(
                result.reason if result is not None else None,
                finisher,
                tuple(g.adjustments),
                result.winner if result is not None else None,
                tuple(g.scores),
            )
        )

    # ---- help for the person -------------------------------------------------------

    def hint(self, n: int = 5) -> list[Candidate]:
        """The ``n`` best moves of the person's rack by static equity."""
        from plansza.engine.base import view_of
        from plansza.engine.static import StaticPlayer
        from plansza.lexicon import Lexicon

        if self._hints is None:
            words = self.game.words
            assert isinstance(words, Lexicon)
            self._hints = StaticPlayer(words, self.game.rules)
        return self._hints.evaluate(view_of(self.game, self.human), n)[:n]

    def unseen(self) -> str:
        """The wykreślanka: the tiles the person has not seen, one group per letter."""
        ts = self.tileset
        groups: list[str] = []
        for t in ts.sort_tiles(self.game.unseen(self.human).elements()):
            if groups and groups[-1][0] == t:
                groups[-1] += t
            else:
                groups.append(t)
        return " ".join(groups)

    def record(self, description: str = "") -> GameRecord:
        """The game as a GCG record (``description``: its #description pragma)."""
        from plansza.gcg import record_from_game

        record = record_from_game(self.game)
        if description:
            record.pragmas["description"] = description
        return record


def start_game(
    options: PlayOptions,
    lexicon: Lexicon,
    names: tuple[str, str],
    *,
    now: Clock,
    think_clock: Clock = time.monotonic,
) -> ComputerGame:
    """A game against the computer for checked options: the person in seat 0.

    ``names``: the person's and the computer's, as the front end words them. ``now``
    is the game's clock; ``think_clock`` times the sim player's thinking (a real clock
    even when a test drives the game's clock by hand).
    """
    from plansza.engine import make_player
    from plansza.engine.match import hash_seed
    from plansza.engine.phony import with_phonies
    from plansza.game import Game

    game = Game(
        options.rules,
        list(names),
        seed=options.seed,
        words=lexicon,
        starting_player=options.first,
    )
    extra: dict[str, object] = {}
    if options.level == "sim":
        extra = {"seconds": options.seconds, "now": think_clock}
    if options.level in ("sim", "endgame"):
        # One game against a person: the endgame search may have a second core.
        extra["endgame_threads"] = 2 if (os.cpu_count() or 1) >= 2 else 1
    player = make_player(
        options.level, lexicon, options.rules, seed=hash_seed(f"{options.seed}:computer"), **extra
    )
    player = with_phonies(
        player, lexicon, options.rules, rate=options.phony, seed=hash_seed(f"{options.seed}:phony")
    )
    return ComputerGame(game, player, now, level=options.level, phony_rate=options.phony)


__all__ = [
    "FIRST",
    "PHONY_LEVELS",
    "SLOW_LEVELS",
    "Accepted",
    "Challenged",
    "ComputerGame",
    "Ended",
    "Event",
    "Exchanged",
    "Judged",
    "OptionError",
    "Passed",
    "PlayOptions",
    "Played",
    "TimedOut",
    "play_options",
    "start_game",
    "unreadable",
]
