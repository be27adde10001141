"""The greedy and the static-equity players.

``greedy`` plays the highest-scoring move. ``static`` plays the move of highest
*equity*: its score plus the value of the tiles it keeps (:mod:`.leaves`),
ranked inside the compiled generator (``MoveGenerator.top_equity``), and
compares it with the best exchange (score 0 plus the value of what it keeps)
within the PFS limits (bag ≥ 7, three exchanges a game: TR 4.3.1). Near the end
the leave is valued differently: a move that empties the bag keeps tiles that
will count against the player, and with the bag empty the player that goes out
gains twice the opponent's rack (TR 5.1: the finisher adds it, the opponent
subtracts it).

>>> from plansza.lexicon import Lexicon
>>> from plansza.game import Game
>>> from plansza.rules import Rules
>>> from plansza.engine.base import view_of
>>> lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK", "KOC"], Rules.pfs().tileset)
>>> g = Game(Rules.pfs(), seed=1, starting_player=0)
>>> g.racks[0] = list("KOTYHHJ"); g.recount()
>>> player = StaticPlayer(lex, leaves=LeaveModel.zero(Rules.pfs().tileset))
>>> [str(c) for c in player.evaluate(view_of(g), 2)][:2]
['G8 KOTY 14 (HHJ) 14.0', 'H8 KOTY 14 (HHJ) 14.0']
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plansza.engine.base import GameView, LexiconJudge
from plansza.engine.leaves import LeaveModel
from plansza.moves import Exchange, Move, Pass
from plansza.rules import Rules

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon
    from plansza.movegen import MoveGenerator

__all__ = ["Candidate", "GreedyPlayer", "StaticPlayer"]

SCALE = 100  #: leave values go to the compiled core in hundredths of a point


@dataclass(frozen=True)
class Candidate:
    """A move with its score, the tiles it keeps and its equity (score + leave value)."""

    move: Move
    score: int
    leave: str
    equity: float

    def __str__(self) -> str:
        return f"{self.move} {self.score} ({self.leave}) {self.equity:.1f}"


def _generator(lexicon: Lexicon, rules: Rules) -> MoveGenerator:
    from plansza.movegen import MoveGenerator

    return MoveGenerator(lexicon, rules)


class GreedyPlayer(LexiconJudge):
    """The highest-scoring placement; with none, an exchange of the whole rack when
    allowed, else a pass (a baseline)."""

    name = "greedy"

    def __init__(
        self, lexicon: Lexicon, rules: Rules | None = None, *, seed: int | None = None
    ) -> None:
        self.words = lexicon
        self.rules = rules or Rules.pfs()
        self._gen = _generator(lexicon, self.rules)

    def choose(self, view: GameView) -> Move:
        self._gen.set_board(view.board)
        best = self._gen.top(view.rack, 1)
        if len(best):
            return best[0].play
        if view.can_exchange and view.rack:
            return Exchange(view.rack)
        return Pass()


class StaticPlayer(LexiconJudge):
    """Score plus leave value, with exchange and pass decisions (see the module)."""

    name = "static"

    def __init__(
        self,
        lexicon: Lexicon,
        rules: Rules | None = None,
        *,
        leaves: LeaveModel | None = None,
        seed: int | None = None,
        endgame: Callable[[GameView], Move | None] | None = None,
    ) -> None:
        self.words = lexicon
        self.rules = rules or Rules.pfs()
        self.leaves = leaves if leaves is not None else LeaveModel.default(self.rules.tileset)
        self.generator = _generator(lexicon, self.rules)
        #: what to do with the bag empty (the exact solver, for the levels that have it)
        self.endgame = endgame

    # ---- equity ----------------------------------------------------------------

    def leave_value(self, view: GameView, leave: str, used: int) -> float:
        """The value of keeping ``leave`` after a move that put down ``used`` tiles."""
        return self.situational_value(leave, used, view.bag_count, self._opponent_points(view))

    def situational_value(self, leave: str, used: int, bag: int, opponent_points: int) -> float:
        """The value of keeping ``leave`` after putting down ``used`` tiles with ``bag``
        tiles in the bag; ``opponent_points`` counts only with the bag empty."""
        ts = self.rules.tileset
        if bag == 0:
            if not leave:
                # Going out: the opponents' racks come to me and leave them (TR 5.1).
                return 2.0 * opponent_points
            return -2.0 * ts.rack_value(leave)
        if used >= bag:
            # The bag empties and the opponent starts the endgame: what I keep counts
            # against me, whatever it would be worth with more turns to come.
            return -1.0 * ts.rack_value(leave)
        return self.leaves.value(leave)

    def _opponent_points(self, view: GameView) -> int:
        """The points on the opponents' racks, known once the bag is empty."""
        return self.rules.tileset.rack_value(view.unseen.elements()) if view.bag_count == 0 else 0

    def leave_table(self, view: GameView) -> array[int]:
        """The leave table of the rack in this situation (see :meth:`leave_value`)."""
        return self.rack_table(view.rack, view.bag_count, self._opponent_points(view))

    def rack_table(self, rack: str, bag: int, opponent_points: int) -> array[int]:
        """The leave table of ``rack`` for ``top_equity`` (see :meth:`situational_value`)."""
        if bag >= self.rules.rack_size:
            return self.leaves.table(rack, SCALE)  # the common case, cached by rack
        from plansza.movegen import leave_index_order

        n = len(rack)
        return array(
            "i",
            [
                round(self.situational_value(leave, n - len(leave), bag, opponent_points) * SCALE)
                for leave in leave_index_order(rack, self.rules.tileset)
            ],
        )

    def evaluate(self, view: GameView, n: int = 1) -> list[Candidate]:
        """The ``n`` best placements by equity, the best exchange (when allowed) and
        a pass, best first."""
        gen = self.generator
        gen.set_board(view.board)
        cands: list[Candidate] = []
        if view.rack:
            table = self.leave_table(view)
            moves = gen.top_equity(view.rack, n, table, SCALE)
            keys = moves.keys()
            for i, m in enumerate(moves):
                cands.append(Candidate(m.play, m.score, moves.leave(i, view.rack), keys[i] / SCALE))
        if view.can_exchange and view.rack:
            best = self.leaves.best_exchange(view.rack)
            if best is not None:
                tiles, kept = best
                keep = list(view.rack)
                for t in tiles:
                    keep.remove(t)
                cands.append(Candidate(Exchange(tiles), 0, "".join(keep), kept))
        cands.append(Candidate(Pass(), 0, view.rack, self._pass_equity(view)))
        cands.sort(key=lambda c: -c.equity)
        return cands

    def _pass_equity(self, view: GameView) -> float:
        if view.scoreless_left == 1:
            # The pass ends the game: each subtracts their own rack (TR 5.1.4).
            ts = self.rules.tileset
            mine = ts.rack_value(view.rack)
            theirs = self._expected_opponent_rack_value(view)
            final = view.spread - mine + theirs
            # A won game is worth more than any points; a lost one less.
            return 1000.0 + final if final > 0 else -1000.0 + final
        if view.bag_count == 0:
            return -2.0 * self.rules.tileset.rack_value(view.rack) - 10.0
        return self.leaves.value(view.rack) - 10.0  # a wasted turn

    def _expected_opponent_rack_value(self, view: GameView) -> float:
        ts = self.rules.tileset
        total = sum(view.unseen.values())
        if not total:
            return 0.0
        if view.bag_count == 0:
            return float(ts.rack_value(view.unseen.elements()))
        size = max(s for i, s in enumerate(view.opponent_rack_sizes) if i != view.me)
        return size * ts.rack_value(view.unseen.elements()) / total

    def choose(self, view: GameView) -> Move:
        if view.bag_count == 0 and self.endgame is not None:
            move = self.endgame(view)
            if move is not None:
                return move
        return self.evaluate(view, 1)[0].move
