"""The simulating player: 2-ply Monte Carlo over the static player's best candidates.

For each candidate the player imagines the next two turns many times: it deals
the opponent a rack from the tiles it has not seen (the rest is the bag, in a
random order), makes the candidate, lets the opponent answer with the static
player's best move, draws, answers with its own best, and values the outcome
as the spread of the three moves plus the value of both players' leaves at the
end. Every candidate is played out against the same deals in a round (common
random numbers, so the differences between candidates are not drowned by the
luck of the draw); rounds go on until the time budget is spent. The candidate
with the best mean wins.

The inner loop works on the compiled generator's records directly: no Python
move objects, one snapshot of the position restored after each rollout.

>>> from plansza.lexicon import Lexicon
>>> from plansza.game import Game
>>> from plansza.engine.base import view_of
>>> words = ["KOT", "KOTY", "TOK", "OK", "KOC", "TO", "TY", "KOTA"]
>>> lex = Lexicon.build(words, Rules.pfs().tileset)
>>> g = Game(Rules.pfs(), seed=1, starting_player=0)
>>> g.racks[0] = list("KOTYAHJ"); g.recount()
>>> p = SimPlayer(lex, seed=1, seconds=0.05, leaves=LeaveModel.zero(Rules.pfs().tileset))
>>> results = p.simulate(view_of(g), p.evaluate(view_of(g), 3), seconds=0.05)
>>> results[0].iterations > 0
True
"""

from __future__ import annotations

import math
import random
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plansza.board import SIZE
from plansza.engine.base import GameView
from plansza.engine.leaves import LeaveModel
from plansza.engine.static import SCALE, Candidate, StaticPlayer
from plansza.moves import Exchange, Move, Play
from plansza.rules import Rules
from plansza.tiles import BLANK

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon

__all__ = ["SimPlayer", "SimResult"]

_BLANK_FLAG = 0x40
_THROUGH_FLAG = 0x80
_LETTER = 0x3F
_HEAD = struct.Struct("=iBBBBB")  # score, dir, lane, start, len, ntiles (native order)
_KEY = struct.Struct("=i")  # the ranking key, the record's last field (offset 28)


@dataclass(frozen=True)
class SimResult:
    """A candidate with its simulated value (mean over the rollouts) and standard error."""

    candidate: Candidate
    value: float
    stderr: float
    iterations: int

    def __str__(self) -> str:
        c = self.candidate
        return f"{c.move} {c.score}: {self.value:.1f} ± {self.stderr:.1f} ({self.iterations})"


class _Stats:
    __slots__ = ("n", "squares", "total")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else -math.inf

    @property
    def stderr(self) -> float:
        if self.n < 2:
            return math.inf
        var = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(var, 0.0) / self.n)


class SimPlayer(StaticPlayer):
    """Static's best ``candidates`` moves refined by 2-ply simulation for ``seconds``.

    ``now`` is the clock (injected: the engine reads no clock of its own);
    ``max_iterations`` caps the rounds (for reproducible tests and benchmarks).
    """

    name = "sim"

    def __init__(
        self,
        lexicon: Lexicon,
        rules: Rules | None = None,
        *,
        leaves: LeaveModel | None = None,
        seed: int | None = None,
        seconds: float = 1.0,
        candidates: int = 10,
        max_iterations: int | None = None,
        now: Callable[[], float] = time.monotonic,
        endgame: Callable[[GameView], Move | None] | None = None,
    ) -> None:
        super().__init__(lexicon, rules, leaves=leaves, seed=seed, endgame=endgame)
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.candidates = candidates
        self.max_iterations = max_iterations
        self.now = now
        from plansza.movegen import MoveGenerator

        self._sim = MoveGenerator(lexicon, self.rules)
        ts = self.rules.tileset
        self._letters = ts.letters
        self._code_of = {t: i + 1 for i, t in enumerate(ts.letters)}
        self._code_of[BLANK] = 0
        self._values = [0] + [ts.values[t] for t in ts.letters]
        #: how many rollouts the last simulation made (all candidates together)
        self.last_rollouts = 0

    def choose(self, view: GameView) -> Move:
        if view.bag_count == 0 and self.endgame is not None:
            move = self.endgame(view)
            if move is not None:
                return move
        cands = self.evaluate(view, self.candidates)
        if len(cands) == 1 or (view.bag_count == 0 and self.endgame is not None):
            return cands[0].move
        return self.simulate(view, cands, self.seconds)[0].candidate.move

    # ---- the simulation ----------------------------------------------------------

    def simulate(
        self, view: GameView, candidates: list[Candidate], seconds: float
    ) -> list[SimResult]:
        """Simulate each candidate for about ``seconds`` in all; best first."""
        gen = self._sim
        gen.set_board(view.board)
        base = gen._core.snapshot()
        stats = [_Stats() for _ in candidates]
        unseen = [self._code_of[t] for t in view.unseen.elements()]
        unseen.sort()
        opp_size = max(
            (s for i, s in enumerate(view.opponent_rack_sizes) if i != view.me), default=0
        )
        my_rack = [self._code_of[t] for t in view.rack]
        deadline = self.now() + seconds
        rounds = 0
        self.last_rollouts = 0
        rng = self.rng
        while True:
            deal = unseen[:]
            rng.shuffle(deal)
            if view.bag_count == 0:
                opp, bag = deal, []
            else:
                opp, bag = deal[:opp_size], deal[opp_size:]
            for cand, st in zip(candidates, stats, strict=True):
                st.add(self._rollout(cand, my_rack, opp, bag, view))
                gen._core.restore(base)
                self.last_rollouts += 1
            rounds += 1
            if self.max_iterations is not None and rounds >= self.max_iterations:
                break
            if self.max_iterations is None and self.now() >= deadline:
                break
        results = [
            SimResult(c, st.mean, st.stderr, st.n) for c, st in zip(candidates, stats, strict=True)
        ]
        results.sort(key=lambda r: -r.value)
        return results

    def _rack_text(self, codes: list[int]) -> str:
        letters = self._letters
        return "".join(BLANK if c == 0 else letters[c - 1] for c in codes)

    def _best(
        self, rack: list[int], bag: int, other: list[int]
    ) -> tuple[int, float, list[int], bytes] | None:
        """The static best play of ``rack``: (score, key/SCALE, tiles used, triples)."""
        if not rack:
            return None
        core = self._sim._core
        other_points = sum(self._values[c] for c in other)
        table = self.rack_table(self._rack_text(rack), bag, other_points)
        recs = core.top(bytes(rack), 1, table, SCALE)
        if not recs:
            return None
        score, direction, lane, start, length, _nt = _HEAD.unpack_from(recs, 0)
        (key,) = _KEY.unpack_from(recs, 28)
        used: list[int] = []
        triples = bytearray()
        for i in range(length):
            code = recs[12 + i]
            if code & _THROUGH_FLAG:
                continue
            idx = start + i
            r, c = (lane, idx) if direction == 0 else (idx, lane)
            triples += bytes((r, c, code))
            used.append(0 if code & _BLANK_FLAG else code & _LETTER)
        return score, key / SCALE, used, bytes(triples)

    def _rollout(
        self, cand: Candidate, my_rack: list[int], opp: list[int], bag: list[int], view: GameView
    ) -> float:
        core = self._sim._core
        bag = bag[:]
        mine = my_rack[:]
        code_of = self._code_of
        value = float(cand.score)
        move = cand.move
        if isinstance(move, Play):
            triples = bytearray()
            for t in _placed(move, view):
                (r, c), letter = t
                code = code_of[letter.upper()] | (_BLANK_FLAG if letter.islower() else 0)
                triples += bytes((r, c, code))
                mine.remove(0 if letter.islower() else code_of[letter])
            core.place(bytes(triples))
            used = len(my_rack) - len(mine)
            mine += bag[:used]
            del bag[:used]
            if not mine:
                # Out with the bag empty: the game ends, the opponent's rack comes to me.
                return value + 2.0 * sum(self._values[c] for c in opp)
        elif isinstance(move, Exchange):
            out = [code_of[t] for t in move.tiles]
            for c in out:
                mine.remove(c)
            k = len(out)
            mine += bag[:k]
            del bag[:k]
            bag += out
            self.rng.shuffle(bag)
        # ply 1: the opponent's static answer
        reply = self._best(opp, len(bag), mine)
        opp_left = opp[:]
        if reply is not None:
            s1, _key1, used1, triples1 = reply
            value -= s1
            core.place(triples1)
            for c in used1:
                opp_left.remove(c)
            if not opp_left and not bag:
                return value - 2.0 * sum(self._values[c] for c in mine)
            opp_leave_value = self._leave_value(opp_left, len(bag) - len(used1), mine)
            k = len(used1)
            opp_left += bag[:k]
            del bag[:k]
        else:
            opp_leave_value = self._leave_value(opp_left, len(bag), mine)
        # ply 2: my static answer, valued with its leave
        answer = self._best(mine, len(bag), opp_left)
        if answer is None:
            return value + self._leave_value(mine, len(bag), opp_left) - opp_leave_value
        _s2, key2, _used2, _triples2 = answer
        # key2 = s2 + the leave's value in this situation
        return value + key2 - opp_leave_value

    def _leave_value(self, rack: list[int], bag: int, other: list[int]) -> float:
        if bag <= 0:
            return -2.0 * sum(self._values[c] for c in rack) if rack else 0.0
        return self.leaves.value(self._rack_text(rack))


def _placed(move: Play, view: GameView) -> list[tuple[tuple[int, int], str]]:
    """The new tiles of a play on the view's board (squares and letters)."""
    out = []
    for (r, c), letter in zip(move.coordinate.squares(len(move.word)), move.word, strict=True):
        if not 0 <= r < SIZE or not 0 <= c < SIZE:
            continue
        if view.board.get(r, c) is None:
            out.append(((r, c), letter))
    return out
