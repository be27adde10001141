"""Game analysis: every move of a recorded game against the engine's best.

A GCG record keeps the rack before each move (TR 1.3.2, the full record), so each
move of a player whose rack is known can be judged from that player's chair: the
board, the rack, the scores, the unseen tiles — never the opponent's rack.
:func:`analyze` replays the record and, for every such move (plays, exchanges and
passes alike), compares the move played with the engine's best:

* ``static``: equity = score + the value of the tiles kept
  (:meth:`StaticPlayer.leave_value`); the engine's best is its top candidate;
* ``sim``: the static candidates *and the move played* are simulated
  (:meth:`SimPlayer.simulate`), and the values are the simulated equities.

A play taken back after a challenge (a loss) is valued as what it came to: no
score, the whole rack kept (the pass equity). The analysis does no I/O; the
``plansza analyze`` command prints it.

>>> from plansza.gcg import read_gcg
>>> from plansza.lexicon import Lexicon
>>> from plansza.rules import Rules
>>> from plansza.engine.leaves import LeaveModel
>>> rules = Rules.pfs()
>>> lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK"], rules.tileset)
>>> rec = read_gcg('''#player1 ala Ala
... #player2 ola Ola
... >ala: KOTYAAE 8H KOT +10 10
... >ola: EEIIUUA -EEIIUU +0 0
... ''')
>>> a = analyze(rec, lex, rules, leaves=LeaveModel.zero(rules.tileset))
>>> m = a.moves[0]
>>> m.played, m.best, m.played_equity, m.best_equity, m.equity_lost
('H8 KOT', 'E8 KOTY', 10.0, 14.0, 4.0)
>>> [(s.name, s.moves, s.top_found, s.total_lost) for s in a.summaries]
[('Ala', 1, 0, 4.0), ('Ola', 1, 1, 0.0)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from plansza.board import Board
from plansza.engine.base import GameView
from plansza.engine.levels import make_player
from plansza.engine.static import Candidate
from plansza.errors import N_, FormatError, PlanszaError
from plansza.gcg import EventKind, GameRecord, GCGEvent
from plansza.moves import Exchange, Move, Pass, Play
from plansza.rules import Rules
from plansza.scoring import score_play

if TYPE_CHECKING:
    from plansza.engine.leaves import LeaveModel
    from plansza.lexicon import Lexicon

__all__ = ["ANALYSIS_LEVELS", "Analysis", "MoveAnalysis", "PlayerSummary", "analyze"]

#: The levels an analysis can be made at.
ANALYSIS_LEVELS = ("static", "sim")
CANDIDATES = 10  #: static candidates considered (and simulated at level sim)
TOP_EPSILON = 0.01  #: an equity this close to the best counts as the top move
MISTAKES = 3  #: the biggest mistakes listed per player


class AnalysisError(FormatError):
    """A record that cannot be analysed (a play that cannot be placed, …)."""


class Evaluator(Protocol):
    """What the analysis needs of the static player."""

    def evaluate(self, view: GameView, n: int = 1) -> list[Candidate]: ...

    def leave_value(self, view: GameView, leave: str, used: int) -> float: ...


class SimOutcome(Protocol):
    """One simulated candidate (:class:`plansza.engine.sim.SimResult`)."""

    @property
    def candidate(self) -> Candidate: ...

    @property
    def value(self) -> float: ...

    @property
    def stderr(self) -> float: ...


class Simulator(Protocol):
    """What the analysis needs of the sim player."""

    def simulate(
        self, view: GameView, candidates: list[Candidate], seconds: float
    ) -> Sequence[SimOutcome]: ...


@dataclass(frozen=True)
class MoveAnalysis:
    """One move of the record judged against the engine's best."""

    line: int  #: the GCG line of the move
    turn: int  #: 1-based, counting every move event
    player: int
    rack: str
    kind: str  #: "play", "exchange", "pass" or "loss" (a play challenged off)
    played: str  #: Polish notation ("H8 KOT", "-ABC", "pauza"/"-")
    played_score: int
    played_equity: float
    best: str
    best_score: int
    best_equity: float
    rank: int | None  #: the played move's place among the candidates (1 = top), if there
    invalid_words: tuple[str, ...] = ()  #: words of the played move not in the lexicon
    stderr: float | None = None  #: sim: the standard error of the played move's value

    @property
    def equity_lost(self) -> float:
        """How much worse than the best the move was (never negative)."""
        return round(max(0.0, self.best_equity - self.played_equity), 2)

    @property
    def is_top(self) -> bool:
        return self.equity_lost <= TOP_EPSILON

    def as_json(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "turn": self.turn,
            "player": self.player,
            "rack": self.rack,
            "kind": self.kind,
            "played": {
                "move": self.played,
                "score": self.played_score,
                "equity": round(self.played_equity, 2),
            },
            "best": {
                "move": self.best,
                "score": self.best_score,
                "equity": round(self.best_equity, 2),
            },
            "equity_lost": self.equity_lost,
            "top": self.is_top,
            "rank": self.rank,
            "invalid_words": list(self.invalid_words),
        }


@dataclass
class PlayerSummary:
    """One player's moves in sum."""

    player: int
    name: str
    moves: int = 0
    total_lost: float = 0.0
    top_found: int = 0
    mistakes: list[MoveAnalysis] = field(default_factory=list)

    @property
    def mean_lost(self) -> float:
        return round(self.total_lost / self.moves, 2) if self.moves else 0.0

    def as_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "name": self.name,
            "moves": self.moves,
            "total_equity_lost": round(self.total_lost, 2),
            "mean_equity_lost": self.mean_lost,
            "top_found": self.top_found,
            "biggest_mistakes": [
                {"line": m.line, "played": m.played, "best": m.best, "equity_lost": m.equity_lost}
                for m in self.mistakes
            ],
        }


@dataclass
class Analysis:
    """The analysis of a whole record: per move, per player, and what was skipped."""

    level: str
    lexicon: str
    players: list[str]
    moves: list[MoveAnalysis] = field(default_factory=list)
    summaries: list[PlayerSummary] = field(default_factory=list)
    #: moves not analysed: (GCG line, why) — an unknown rack, unknown exchanged tiles…
    skipped: list[tuple[int, str]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """``{"level", "lexicon", "players", "moves": [...], "summary": [...], "skipped"}``."""
        return {
            "level": self.level,
            "lexicon": self.lexicon,
            "players": self.players,
            "moves": [m.as_json() for m in self.moves],
            "summary": [s.as_json() for s in self.summaries],
            "skipped": [{"line": line, "reason": why} for line, why in self.skipped],
        }


# ---- the position from the mover's chair ----------------------------------------------


@dataclass
class _State:
    rules: Rules
    players: int
    board: Board = field(default_factory=Board)
    scores: list[int] = field(default_factory=list)
    exchanges: list[int] = field(default_factory=list)
    scoreless: list[str] = field(default_factory=list)  #: the current run: "pass"/"loss"
    turns: int = 0

    def view(self, me: int, rack: str) -> GameView:
        ts = self.rules.tileset
        unseen = Counter(ts.full_bag()) - (self.board.tile_counts() + Counter(rack))
        hidden = sum(unseen.values())
        # The opponent holds a full rack while the bag has tiles (they always draw back).
        opp = min(self.rules.rack_size, hidden)
        sizes = tuple(len(rack) if p == me else opp for p in range(self.players))
        limit = self.rules.exchange_limit
        return GameView(
            rules=self.rules,
            board=self.board.copy(),
            me=me,
            rack=ts.sort_tiles(rack),
            scores=tuple(self.scores),
            bag_count=hidden - opp,
            unseen=unseen,
            opponent_rack_sizes=sizes,
            exchanges_left=None if limit is None else limit - self.exchanges[me],
            scoreless_left=self._scoreless_left(),
            turn=self.turns,
        )

    def _scoreless_left(self) -> int | None:
        rules = self.rules
        run = self.scoreless
        if all(k == "pass" for k in run):
            need = rules.end_consecutive_passes
            return None if need is None else max(1, need - len(run))
        if rules.end_scoreless_with_losses is not None:
            return max(1, rules.end_scoreless_with_losses - len(run))
        return None


def _rack_minus(rack: str, tiles: Sequence[str]) -> str | None:
    """The rack without ``tiles``, or None when the rack lacks one of them."""
    left = Counter(rack)
    need = Counter(tiles)
    if need - left:
        return None
    return "".join((left - need).elements())


def _tiles_of(move: Move, board: Board, rules: Rules) -> frozenset[tuple[tuple[int, int], str]]:
    if isinstance(move, Play):
        return frozenset((t.square, t.letter) for t in score_play(board, move, rules).tiles)
    return frozenset()


def _same(a: Move, b: Move, board: Board, rules: Rules) -> bool:
    """The same move: the same tiles on the same squares (a one-tile play may be
    written across or down), the same tiles exchanged, or both passes."""
    if isinstance(a, Play) and isinstance(b, Play):
        return _tiles_of(a, board, rules) == _tiles_of(b, board, rules)
    if isinstance(a, Exchange) and isinstance(b, Exchange):
        return sorted(a.tiles) == sorted(b.tiles)
    return isinstance(a, Pass) and isinstance(b, Pass)


def analyze(  # long: the walk through a game, event by event
    record: GameRecord,
    lexicon: Lexicon,
    rules: Rules,
    level: str = "static",
    seconds: float = 1.0,
    *,
    candidates: int = CANDIDATES,
    leaves: LeaveModel | None = None,
    simulator: Simulator | None = None,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    source: str | None = None,
    now: Callable[[], float] | None = None,
) -> Analysis:
    """Judge every move with a known rack (see the module).

    ``level``: ``static`` or ``sim`` (``seconds`` of simulation a move, timed by
    ``now``, the caller's clock). ``leaves``
    replaces the default leave values; ``simulator`` the sim player (tests);
    ``progress(done, total)`` is called after each move. A play that cannot be
    placed raises :class:`AnalysisError` with its line (the board would be wrong
    from there on); moves that cannot be judged are listed in ``skipped``.
    """
    from plansza.engine.static import StaticPlayer

    if level not in ANALYSIS_LEVELS:
        raise PlanszaError(
            N_("unknown analysis level {level!r}; choose one of: {levels}"),
            code="unknown_level",
            level=level,
            levels=", ".join(ANALYSIS_LEVELS),
        )
    static: Evaluator = StaticPlayer(lexicon, rules, leaves=leaves, seed=seed)
    if level == "sim" and simulator is None:
        options: dict[str, Any] = {"seconds": seconds, "candidates": candidates}
        if now is not None:
            options["now"] = now
        simulator = cast(Simulator, make_player("sim", lexicon, rules, seed=seed, **options))
    n = max(len(record.players), 2)
    names = [p.name for p in record.players] + [f"#{i + 1}" for i in range(len(record.players), n)]
    result = Analysis(level, getattr(lexicon, "name", ""), names)
    state = _State(rules, n, scores=[0] * n, exchanges=[0] * n)
    events = record.events
    total = sum(e.kind in (EventKind.PLAY, EventKind.EXCHANGE, EventKind.PASS) for e in events)
    done = 0
    last_play: tuple[int, list[tuple[int, int]], int] | None = None
    for i, ev in enumerate(events):
        withdrawn = (
            i + 1 < len(events)
            and events[i + 1].kind is EventKind.WITHDRAWN
            and events[i + 1].player == ev.player
        )
        if ev.kind in (EventKind.PLAY, EventKind.EXCHANGE, EventKind.PASS):
            state.turns += 1
            entry = _judge(
                ev, state, static, simulator, lexicon, rules, candidates, seconds, withdrawn, result
            )
            if entry is not None:
                result.moves.append(entry)
            done += 1
            if progress is not None:
                progress(done, total)
        # Apply the event to the position.
        if ev.kind is EventKind.PLAY:
            try:
                play = ev.play(state.board)
                scored = score_play(state.board, play, rules)
            except PlanszaError as e:
                raise AnalysisError(
                    N_("the play {position} {word} cannot be placed: {why}"),
                    line=ev.line,
                    source=source,
                    code="unplaceable",
                    position=ev.position,
                    word=ev.word,
                    why=e,  # worded in the reader's language too (plansza.i18n.describe)
                ) from None
            state.board.place((t.square, t.letter) for t in scored.tiles)
            state.scores[ev.player] += scored.score
            last_play = (ev.player, [t.square for t in scored.tiles], scored.score)
            state.scoreless = [] if not withdrawn else state.scoreless
        elif ev.kind is EventKind.WITHDRAWN:
            if last_play is not None and last_play[0] == ev.player:
                _, squares, pts = last_play
                state.board.remove(squares)
                state.scores[ev.player] -= pts
            last_play = None
            state.scoreless.append("loss")
        elif ev.kind is EventKind.EXCHANGE:
            state.exchanges[ev.player] += 1
            state.scoreless = []  # TR 3.4.3: an exchange is not a pass
            last_play = None
        elif ev.kind is EventKind.PASS:
            state.scoreless.append("pass")
            last_play = None
        elif ev.kind is EventKind.CHALLENGE_BONUS:
            state.scores[ev.player] += ev.score if rules.challenge_penalty else 0
    for p in range(n):
        mine = [m for m in result.moves if m.player == p]
        s = PlayerSummary(p, names[p], len(mine))
        s.total_lost = round(sum(m.equity_lost for m in mine), 2)
        s.top_found = sum(m.is_top for m in mine)
        s.mistakes = sorted(
            (m for m in mine if not m.is_top), key=lambda m: (-m.equity_lost, m.line)
        )[:MISTAKES]
        result.summaries.append(s)
    return result


def _judge(  # long: one move judged: its kind's cases, in turn
    ev: GCGEvent,
    state: _State,
    static: Evaluator,
    simulator: Simulator | None,
    lexicon: Lexicon,
    rules: Rules,
    n: int,
    seconds: float,
    withdrawn: bool,
    result: Analysis,
) -> MoveAnalysis | None:
    """The move of ``ev`` against the best, or None (and a ``skipped`` line)."""
    ts = rules.tileset
    if not ev.rack:
        result.skipped.append((ev.line, "rack unknown"))
        return None
    rack = ts.sort_tiles(ev.rack.upper())
    view = state.view(ev.player, rack)
    cands = static.evaluate(view, n)
    pass_cand = next(c for c in cands if isinstance(c.move, Pass))
    invalid: tuple[str, ...] = ()
    # ``valued`` is what the move came to (its score and the tiles kept): a play taken
    # back after a challenge came to a pass; it is also what the simulation plays.
    if ev.kind is EventKind.PLAY:
        try:
            play = ev.play(state.board)
            scored = score_play(state.board, play, rules)
        except PlanszaError:
            return None  # reported by analyze() when applying it
        move: Move = play
        kind = "loss" if withdrawn else "play"
        invalid = tuple(w for w in scored.word_strings if w not in lexicon)
        leave = _rack_minus(rack, scored.rack_tiles)
        if leave is None:
            result.skipped.append((ev.line, f"the rack {rack} lacks tiles of {play}"))
            return None
        if withdrawn:
            valued = pass_cand
        else:
            used = len(scored.tiles)
            equity = scored.score + static.leave_value(view, leave, used)
            valued = Candidate(move, scored.score, leave, equity)
    elif ev.kind is EventKind.EXCHANGE:
        if ev.tiles.startswith("#"):
            result.skipped.append((ev.line, "exchanged tiles unknown"))
            return None
        move = Exchange(ev.tiles)
        kind = "exchange"
        leave = _rack_minus(rack, list(ev.tiles))
        if leave is None:
            result.skipped.append((ev.line, f"the rack {rack} lacks tiles of -{ev.tiles}"))
            return None
        valued = Candidate(move, 0, leave, static.leave_value(view, leave, len(ev.tiles)))
    else:
        move, kind, valued = Pass(), "pass", pass_cand
    # The engine's own candidate for the move when it listed it (the same rounding).
    rank: int | None = None
    for k, c in enumerate(cands, 1):
        if c is valued or (kind != "loss" and _same(c.move, move, state.board, rules)):
            valued, rank = c, k
            break
    best = cands[0]
    stderr: float | None = None
    played_value, best_value = valued.equity, best.equity
    if simulator is not None:
        pool = cands if any(c is valued for c in cands) else [*cands, valued]
        sims = sorted(simulator.simulate(view, pool, seconds), key=lambda r: -r.value)
        best, best_value = sims[0].candidate, sims[0].value
        rank, mine = next((k, r) for k, r in enumerate(sims, 1) if r.candidate is valued)
        played_value, stderr = mine.value, mine.stderr
    return MoveAnalysis(
        line=ev.line,
        turn=state.turns,
        player=ev.player,
        rack=rack,
        kind=kind,
        played=str(move),
        played_score=0 if kind == "loss" else valued.score,
        played_equity=played_value,
        best=str(best.move),
        best_score=best.score,
        best_equity=best_value,
        rank=rank,
        invalid_words=invalid,
        stderr=stderr,
    )
