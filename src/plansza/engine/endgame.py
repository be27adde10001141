"""The exact endgame: with the bag empty, the best sequence of moves for both sides.

When the bag is empty a player knows the opponent's rack (the unseen tiles,
TR 1.4), so the rest of the game is a two-player game of perfect information.
:func:`solve` searches it to the end — negamax with alpha-beta pruning, a
transposition table and iterative deepening, compiled (``_endgame.c``, over the
move generator's core) — and returns the principal variation with its value:
what the rest of the game adds to the mover's spread, the end-of-game rack
adjustments included.

The game ends (spec rules.md § End of the game):

* when a player plays out (TR 5.1.1a): under PFS the finisher adds the
  opponent's rack and the opponent subtracts it (TR 5.1.2; GR "Zakończenie
  gry"), under the DOUBLE rule the finisher adds it twice — twice the rack's
  value in spread either way;
* after ``scoreless_left`` more scoreless turns in a row (TR 5.1.1b: four passes
  under PFS, six scoreless turns under WESPA, where a play scoring 0 counts too):
  each player subtracts their own rack (TR 5.1.4).

Passing is a move the search considers: sometimes it is the best one.

>>> from plansza.board import Board
>>> from plansza.lexicon import Lexicon
>>> from plansza.rules import Rules
>>> rules = Rules.pfs()
>>> lex = Lexicon.build(["KOT", "KOTY", "OKO", "TO", "OK", "KO"], rules.tileset)
>>> board = Board(); board.place([((7, 7), "K"), ((7, 8), "O"), ((7, 9), "T")])
>>> result = solve(board, "Y", "OO", lex, rules)
>>> [str(m) for m in result.moves], result.spread, result.exact
(['H8 KOTY'], 11, True)

The mover plays out at once — KOTY, 7 points — and the game ends: it adds the
opponent's OO (2 points) and the opponent subtracts them, 7 + 2 × 2 = 11.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plansza.board import Board
from plansza.errors import N_, NP_, PlanszaError
from plansza.files import excerpt
from plansza.movegen import MoveGenerator, MoveList
from plansza.moves import Move, Pass, Play
from plansza.rules import Rules
from plansza.scoring import score_play
from plansza.tiles import BLANK, TileSet

from . import _endgame

if TYPE_CHECKING:
    from plansza.game import Game
    from plansza.lexicon import Lexicon
    from plansza.movegen._automaton import Automaton

__all__ = ["EndgameError", "EndgameResult", "LineStep", "play_line", "release_tables", "solve"]

#: Transposition table: 2**TT_BITS entries of 32 bytes (128 MiB, touched as used).
#: Right for proofs of up to some tens of millions of positions (a 10-second
#: solve); a long proof does far better with a bigger one (``solve(tt_bits=)``).
TT_BITS = 22

#: The table sizes ``solve(tt_bits=)`` takes: 2 MiB to 8 GiB.
TT_BITS_RANGE = (16, 28)

#: Plies of iterative deepening before the value is proved without a depth limit
#: (measured best on the benchmark's endgames: docs/decisions/endgame.md).
PROVE_AFTER = 6

#: Positions an iteration after the fourth ply may search before it is stopped
#: and the proof starts from the estimate before it: on open boards and with a
#: blank the fifth and sixth iterations took most of the time (docs/decisions/endgame.md).
ITERATION_BUDGET = 300_000

#: Positions a proof stopped by a limit may still search to check the line it
#: proved a lower bound with, move by move to the end of the game (about a tenth
#: of a second at most; most checks are answered by the table). Checked, every
#: move after the first is a best one and the line adds up to the value; where the
#: budget runs out the line stops. 0: the table's moves, unchecked, as before.
LINE_BUDGET = 100_000

# The refusals, by reason: English message ids (N_), worded by the front end.
CATALOGUE: dict[str, str] = {
    "players": N_("the endgame is solved for two players only (rules {rules}: {players} players)"),
    "too_many": N_("{count} {tile!r} tiles on the board and the racks; the set has {have}"),
    "no_scoreless_end": N_(
        "the rules {rules} never end a game on scoreless turns: the endgame has no end"
    ),
    "scoreless_left": N_("scoreless_left: {value} (1 to {most} are possible)"),
    "limit": N_("{name}: {value} (a positive number is needed)"),
    "threads": N_("threads: {value} (1 or 2 are possible)"),
    "tt_bits": N_("tt_bits: {value} ({least} to {most})"),
    "prove_after": N_("prove_after: {value} (1 to {most}, or None)"),
}
# A rack's refusals name whose rack it is: one message each (no phrase glued in).
RACK: dict[tuple[str, bool], str] = {
    ("empty", True): N_("the rack of the player to move is empty — the game is already over"),
    ("empty", False): N_("the opponent's rack is empty — the game is already over"),
    ("tile", True): N_(
        "{tile!r} on the rack of the player to move {rack!r} is not a tile of the {tileset} set"
    ),
    ("tile", False): N_(
        "{tile!r} on the opponent's rack {rack!r} is not a tile of the {tileset} set"
    ),
}
RACK_SIZE: dict[bool, tuple[str, str]] = {
    True: NP_(
        "the rack of the player to move {rack!r} has {count} tile; a rack holds {size}",
        "the rack of the player to move {rack!r} has {count} tiles; a rack holds {size}",
    ),
    False: NP_(
        "the opponent's rack {rack!r} has {count} tile; a rack holds {size}",
        "the opponent's rack {rack!r} has {count} tiles; a rack holds {size}",
    ),
}


class EndgameError(PlanszaError):
    """An endgame that cannot be solved as given (rack, rules or limits)."""


@dataclass(frozen=True)
class EndgameResult:
    """The outcome of :func:`solve`.

    ``moves`` is the principal variation, the mover's move first (a
    :class:`~plansza.moves.Play` or :class:`~plansza.moves.Pass`), to the end
    of the game when ``exact``. ``spread`` is what the rest of the game adds to
    the mover's spread (both sides' points and the end-of-game rack
    adjustments); when ``exact`` it is proved, otherwise it is the estimate of
    the deepest search completed (``depth`` plies, the lines cut there valued
    as if both racks were subtracted; passes are not counted in ``depth``, as the
    run of scoreless turns bounds them), kept within the bounds the proof had
    reached. ``depth`` counts the plies of iterative deepening only: a value
    proved by the tests without a depth limit that follow it (see :func:`solve`,
    ``prove_after``) leaves it at the iteration they started from. ``nodes``
    counts the positions visited.

    ``lower`` and ``upper`` are the bounds on the value that are proved (``None``:
    none that way): both ``spread`` when ``exact``; when the time ran out in the
    tests of the proof, what those tests had settled — in the endgames where a
    side is stuck with a tile, typically ``lower == spread`` (the line found is
    proved to be worth at least that) and ``upper`` is ``None`` (that nothing is
    worth more was not proved in time).

    ``complete`` says whether ``moves`` runs to the end of the game (a rack
    emptied or the last scoreless turn): always when ``exact``; when a proof
    stopped by a limit answers with the line of its lower bound (``lower ==
    spread``), whenever the checks after the limit (:data:`LINE_BUDGET`)
    reached the end — that line then adds up to ``spread``.
    """

    moves: tuple[Move, ...]
    spread: int
    exact: bool
    nodes: int
    depth: int
    lower: int | None = None
    upper: int | None = None
    complete: bool = False

    @property
    def best(self) -> Move:
        """The move to make now."""
        return self.moves[0]


def _rack_codes(rack: str, tileset: TileSet, rules: Rules, mover: bool) -> bytes:
    text = rack.strip()
    if not text:
        raise EndgameError(RACK["empty", mover], code="empty_rack")
    if len(text) > rules.rack_size:
        raise EndgameError(
            RACK_SIZE[mover],
            code="rack_size",
            plural_field="count",
            rack=excerpt(text),
            count=len(text),
            size=rules.rack_size,
        )
    codes = bytearray()
    for ch in text:
        if ch == BLANK:
            codes.append(0)
        elif tileset.is_letter(ch) and ch.isupper():
            codes.append(tileset.index(ch) + 1)
        else:
            raise EndgameError(
                RACK["tile", mover], code="tile", tile=ch, rack=excerpt(text), tileset=tileset.name
            )
    return bytes(codes)


def _check_tiles(board: Board, racks: tuple[str, str], tileset: TileSet) -> None:
    """The board and both racks must not hold more of a tile than the set has."""
    held = board.tile_counts()
    for rack in racks:
        held.update(rack.strip())
    for tile, count in held.items():
        have = tileset.count(tile)
        if count > have:
            raise EndgameError(
                CATALOGUE["too_many"], code="too_many", tile=tile, count=count, have=have
            )


def _decode(record: bytes, board: Board, rules: Rules) -> Play:
    return MoveList(record, board, rules)[0].play


def solve(  # long: its docstring (49 lines) explains the search
    board: Board,
    mover_rack: str,
    opponent_rack: str,
    lexicon: Lexicon | Automaton,
    rules: Rules,
    *,
    scoreless_left: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    now: Callable[[], float] = time.monotonic,
    threads: int = 1,
    prove_after: int | None = PROVE_AFTER,
    tt_bits: int = TT_BITS,
    iteration_budget: int | None = ITERATION_BUDGET,
) -> EndgameResult:
    """Solve the endgame: the mover (``mover_rack``) is to move, the bag is empty.

    ``scoreless_left`` is how many more scoreless turns in a row end the game
    (``Game.scoreless_left()`` computes it from the history); by default the
    rules' count for a run of none (``rules.end_consecutive_passes``).
    ``node_limit`` and ``time_limit`` (seconds, measured with ``now``, the only
    clock the search reads) stop the search early: the result is then the best
    line of the deepest iteration completed, with ``exact=False``. The first
    iteration (every move of the mover, one ply) always completes, so there is
    always a move.

    The search deepens one ply at a time, valuing the lines it cuts at the
    depth limit by a guess; after ``prove_after`` plies (6) without a proof it
    proves the value instead, by tests "is the value at least v?" searched to
    the end of the game, starting at that depth's estimate (``None``: deepen
    until the proof, as before). An iteration after the fourth ply that searches
    more than ``iteration_budget`` positions (300,000; ``None``: no limit) is
    stopped, and the proof starts from the estimate of the one before it. When
    a limit stops the tests, the answer is the deepest iteration's, its value
    kept within the bounds the tests proved — unless they proved a lower bound
    at least that value: then the answer is the line that proved it (``lower ==
    spread``), checked on from the table after the limit (at most
    :data:`LINE_BUDGET` positions): every move after the first is a best one and
    the line adds up to ``spread``, to the end of the game unless the checks ran
    out first.

    ``threads=2`` runs a second search thread beside the main one over one
    transposition table; a move one thread is searching the other leaves for
    later (simplified ABDADA), so the two split the work. Hard endgames are proved
    sooner on a machine with a core to spare; the value is the same, ``nodes``
    counts both threads' positions.

    The search's tables (about 240 MiB, 340 MiB with two threads) are kept for
    the next solve with the same lexicon and rules: what this solve proved, the
    solve at the next turn of the same endgame finds at once.
    :func:`release_tables` frees them.

    ``tt_bits`` sizes the transposition table: 2**tt_bits entries of 32 bytes
    (16 to 28; the default 22 is 128 MiB). The default suits solves of seconds;
    a proof that runs for minutes keeps far more of its work in a bigger table
    (one benchmark endgame not proved in ten minutes with 2**22 entries was
    proved in about three with 2**26, 2 GiB: docs/decisions/endgame.md). A solve
    with another size than the kept tables' starts with new ones.

    Raises :class:`EndgameError` for an empty or oversized rack, a tile the set
    has not, more tiles of a kind than the set holds, rules for more than two
    players or without a scoreless ending, a limit or ``iteration_budget`` that
    is not positive, or a ``prove_after`` or ``tt_bits`` out of range.
    """
    ts = rules.tileset
    if rules.players != 2:
        raise EndgameError(
            CATALOGUE["players"], code="players", rules=rules.name, players=rules.players
        )
    reset = rules.end_consecutive_passes
    if reset is None:
        raise EndgameError(CATALOGUE["no_scoreless_end"], code="no_scoreless_end", rules=rules.name)
    most = _endgame.MAX_DEPTH
    if scoreless_left is None:
        scoreless_left = reset
    if not 1 <= scoreless_left <= most or reset > most:
        raise EndgameError(
            CATALOGUE["scoreless_left"], code="scoreless_left", value=scoreless_left, most=most
        )
    for name, value in (
        ("node_limit", node_limit),
        ("time_limit", time_limit),
        ("iteration_budget", iteration_budget),
    ):
        if value is not None and value <= 0:
            raise EndgameError(CATALOGUE["limit"], code="limit", name=name, value=value)
    if threads not in (1, 2):
        raise EndgameError(CATALOGUE["threads"], code="threads", value=threads)
    if prove_after is not None and not 1 <= prove_after <= most:
        raise EndgameError(
            CATALOGUE["prove_after"], code="prove_after", value=prove_after, most=most
        )
    least, most_bits = TT_BITS_RANGE
    if not least <= tt_bits <= most_bits:
        raise EndgameError(
            CATALOGUE["tt_bits"], code="tt_bits", value=tt_bits, least=least, most=most_bits
        )
    mine = _rack_codes(mover_rack, ts, rules, mover=True)
    theirs = _rack_codes(opponent_rack, ts, rules, mover=False)
    _check_tiles(board, (mover_rack, opponent_rack), ts)

    generator = MoveGenerator(lexicon, rules, board)
    deadline = None if time_limit is None else now() + time_limit
    value, exact, nodes, depth, line, lower, upper, complete = _endgame.solve(
        generator._core,
        mine,
        theirs,
        scoreless_left,
        reset,
        rules.exchange_is_scoreless,
        node_limit or 0,
        deadline,
        now if deadline is not None else None,
        tt_bits,
        most,
        threads,
        most + 1 if prove_after is None else prove_after,
        0 if prove_after is None or iteration_budget is None else iteration_budget,
        LINE_BUDGET,
    )
    moves: list[Move] = []
    position = board.copy()
    for record in line:
        if record is None:
            moves.append(Pass())
            continue
        play = _decode(record, position, rules)
        scored = score_play(position, play, rules)
        position.place((t.square, t.letter) for t in scored.tiles)
        moves.append(play)
    return EndgameResult(
        tuple(moves),
        value,
        exact,
        nodes,
        depth,
        None if lower <= -_endgame.VAL_INF else lower,
        None if upper >= _endgame.VAL_INF else upper,
        complete,
    )


@dataclass(frozen=True)
class LineStep:
    """One move of a line played out by :func:`play_line`, with the position it is
    made in (for the side making it: its rack first) and what it gains."""

    board: Board
    rack: str
    opponent_rack: str
    #: ``Game.scoreless_left()`` there: the scoreless turns that end the game.
    scoreless_left: int | None
    move: Move
    #: What the move adds to its side's spread, the end-of-game rack adjustments
    #: included when it ends the game.
    gain: int


def play_line(
    board: Board,
    mover_rack: str,
    opponent_rack: str,
    moves: Sequence[Move],
    lexicon: Lexicon,
    rules: Rules,
    *,
    scoreless_left: int | None = None,
) -> tuple[list[LineStep], Game]:
    """Play ``moves`` (a :class:`EndgameResult`'s line) out in a real game with the
    bag empty, by the rules the game itself applies: each move's step, and the game
    after the last (``game.is_over`` when the line ends it). A move the game refuses
    raises its :class:`~plansza.errors.IllegalMoveError`.

    The value of a position is what the rest of a best line gains its side to move,
    so a line is a best one when every step's position is worth its gain less the
    next step's position's value — what ``benchmarks/endgame_lines.py`` checks.

    >>> from plansza.lexicon import Lexicon
    >>> rules = Rules.pfs()
    >>> lex = Lexicon.build(["KOT", "KOTY", "OKO", "TO", "OK", "KO"], rules.tileset)
    >>> board = Board(); board.place([((7, 7), "K"), ((7, 8), "O"), ((7, 9), "T")])
    >>> result = solve(board, "Y", "OO", lex, rules)
    >>> steps, game = play_line(board, "Y", "OO", result.moves, lex, rules)
    >>> [(str(s.move), s.rack, s.gain) for s in steps], game.is_over
    ([('H8 KOTY', 'Y', 11)], True)
    """
    from plansza.game import Game

    reset = rules.end_consecutive_passes
    game = Game(rules, words=lexicon, starting_player=0)
    game.board = board.copy()
    game.racks = [list(mover_rack), list(opponent_rack)]
    game.bag = []
    if reset is not None and scoreless_left is not None:
        for _ in range(reset - scoreless_left):
            game.pass_turn()  # the scoreless turns made before the endgame
    steps = []
    for move in moves:
        side = game.to_move
        left = game.scoreless_left()
        position = (game.board.copy(), game.rack_string(side), game.rack_string(1 - side))
        before = game.scores[side] - game.scores[1 - side]
        if isinstance(move, Play):
            game.play(move)
            game.accept()
        else:
            game.pass_turn()
        gain = game.scores[side] - game.scores[1 - side] - before
        steps.append(LineStep(*position, left, move, gain))
    return steps, game


def release_tables() -> None:
    """Free the tables :func:`solve` keeps for the next solve.

    Nothing changes but the memory and the next solve's time: it starts
    with empty tables.

    >>> release_tables()
    """
    _endgame.release()
