"""The slow twin of :func:`plansza.engine.endgame.solve`: plain minimax, used by the tests.

Every legal placement of every position is listed by
:func:`plansza.movegen.generate`, validated and scored again by
:func:`plansza.scoring.score_play`, and valued exactly; the pass is always a
move. No pruning, no move ordering, no depth limit: the value of a position is
the maximum over all its moves, by definition. A memo of the positions already
solved (keyed by board, both racks and the scoreless turns left) keeps the
tests fast; it never changes a value, since a position's value does not depend
on how it was reached.

The end of the game is written out from the rules, rule by rule (spec rules.md
§ End of the game), independently of the compiled search:

* a play that empties the rack (TR 5.1.1a): the finisher adds the opponent's
  rack, doubled under ``EndRackRule.DOUBLE``; under ``ADD_AND_SUBTRACT`` the
  opponent subtracts it (TR 5.1.2);
* the scoreless turns in a row reaching the limit (TR 5.1.1b): each subtracts
  their own rack (TR 5.1.4); a play resets the run, except that with
  ``rules.exchange_is_scoreless`` (WESPA) a play scoring 0 is a scoreless turn.

>>> from plansza.board import Board
>>> from plansza.lexicon import Lexicon
>>> from plansza.rules import Rules
>>> rules = Rules.pfs()
>>> lex = Lexicon.build(["KOT", "KOTY", "OKO", "TO", "OK", "KO"], rules.tileset)
>>> board = Board(); board.place([((7, 7), "K"), ((7, 8), "O"), ((7, 9), "T")])
>>> value, line = solve_reference(board, "Y", "OO", lex, rules)
>>> value, [str(m) for m in line]
(11, ['H8 KOTY'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from plansza.board import Board
from plansza.movegen import generate
from plansza.moves import Move, Pass
from plansza.rules import EndRackRule, Rules
from plansza.scoring import score_play

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon
    from plansza.movegen._automaton import Automaton

__all__ = ["solve_reference"]

_Key = tuple[tuple[tuple[tuple[int, int], str], ...], str, str, int]


def _without(rack: str, tiles: list[str]) -> str:
    left = list(rack)
    for t in tiles:
        left.remove(t)
    return "".join(sorted(left))


def solve_reference(
    board: Board,
    mover_rack: str,
    opponent_rack: str,
    lexicon: Lexicon | Automaton,
    rules: Rules,
    *,
    scoreless_left: int | None = None,
) -> tuple[int, tuple[Move, ...]]:
    """The exact value for the mover (spread added by the rest of the game) and a best line."""
    reset = rules.end_consecutive_passes
    if reset is None:
        raise ValueError("the rules never end a game on scoreless turns")
    ts = rules.tileset
    memo: dict[_Key, tuple[int, tuple[Move, ...]]] = {}

    def went_out(score: int, opponent: str) -> int:
        value = ts.rack_value(opponent)
        gain = value * (2 if rules.end_rack_rule is EndRackRule.DOUBLE else 1)
        lost = value if rules.end_rack_rule is EndRackRule.ADD_AND_SUBTRACT else 0
        return score + gain + lost

    def scoreless_end(me: str, opponent: str) -> int:
        return ts.rack_value(opponent) - ts.rack_value(me)

    def value_of(
        position: Board, me: str, opponent: str, left: int
    ) -> tuple[int, tuple[Move, ...]]:
        key = (tuple(sorted(position.tiles())), me, opponent, left)
        if key in memo:
            return memo[key]
        # The pass: the run of scoreless turns grows.
        if left <= 1:
            best: tuple[int, tuple[Move, ...]] = (scoreless_end(me, opponent), (Pass(),))
        else:
            v, line = value_of(position, opponent, me, left - 1)
            best = (-v, (Pass(), *line))
        for move in generate(position, me, lexicon, rules):
            scored = score_play(position, move.play, rules)
            rest = _without(me, scored.rack_tiles)
            if not rest:
                v, line = went_out(scored.score, opponent), ()
            else:
                scoreless = rules.exchange_is_scoreless and scored.score == 0
                after = left - 1 if scoreless else reset
                if after <= 0:
                    v, line = scored.score + scoreless_end(rest, opponent), ()
                else:
                    child = position.copy()
                    child.place((t.square, t.letter) for t in scored.tiles)
                    cv, line = value_of(child, opponent, rest, after)
                    v = scored.score - cv
            if v > best[0]:
                best = (v, (move.play, *line))
        memo[key] = best
        return best

    start = reset if scoreless_left is None else scoreless_left
    me = "".join(sorted(mover_rack.strip()))
    opponent = "".join(sorted(opponent_rack.strip()))
    return value_of(board.copy(), me, opponent, start)
