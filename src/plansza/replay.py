"""Replay a game record under a rule set: recompute every play and the result.

>>> from plansza.gcg import read_gcg
>>> rec = read_gcg('''#player1 ala Ala
... #player2 ola Ola
... >ala: ŻUBRAAE 8H ŻUBR +24 24
... >ola: ABCDEFG H8 .A +2 2
... ''')
>>> rep = replay(rec, Rules.pfs())
>>> [(m.move, m.recorded, m.computed) for m in rep.moves], rep.ok
([('H8 ŻUBR', 24, 24), ('8H ŻA', 2, 6)], False)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from plansza.board import Board
from plansza.errors import N_, IllegalMoveError, PlanszaError
from plansza.files import excerpt
from plansza.game import decide_winner
from plansza.gcg import EventKind, GameRecord, GCGEvent
from plansza.rules import EndRackRule, FlagFall, Rules
from plansza.scoring import score_play
from plansza.tiles import BLANK

#: A line whose total is not the player's previous total and the line's score.
WRONG_TOTAL = N_(
    "the total {total} does not follow: the previous total {before} and the score {score} "
    "make {expected}"
)
#: A play or an exchange the rack the line shows cannot make.
RACK_LACKS = N_("the rack {rack} has no {missing} for this move")


@dataclass
class ReplayedMove:
    """One line of the record with its recorded and recomputed score."""

    line: int
    player: int
    move: str  #: Polish notation for plays; "-ABC", "pauza", "strata", "(ABC)", …
    recorded: int
    computed: int | None  #: None for a turn that scores no play (pass, exchange)
    words: tuple[str, ...] = ()
    error: str | None = None  #: why the line does not check out (English), or None
    #: the same as an error a front end words in its language
    problem: PlanszaError | None = field(default=None, compare=False, repr=False)

    def fail(self, problem: PlanszaError) -> None:
        """Mark the line as not checking out (the first reason found is kept)."""
        if self.problem is None:
            self.problem, self.error = problem, str(problem)

    @property
    def matches(self) -> bool:
        return self.error is None and (self.computed is None or self.computed == self.recorded)


@dataclass
class ReplayReport:
    moves: list[ReplayedMove] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winner: int | None = None
    board: Board = field(default_factory=Board)

    @property
    def mismatches(self) -> list[ReplayedMove]:
        """The lines that do not check out: a score that differs, or a problem."""
        return [m for m in self.moves if not m.matches]

    @property
    def problems(self) -> list[ReplayedMove]:
        """The lines where the record is inconsistent (an impossible play, a rack that
        cannot make the move, a total that does not follow), not a score alone."""
        return [m for m in self.moves if m.error is not None]

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def as_json(self, record: GameRecord) -> dict[str, object]:
        """``{"moves": [{"player", "move", "recorded", "computed"}], "final": {…}}``."""
        return {
            "moves": [
                {
                    "player": record.players[m.player].nick,
                    "move": m.move,
                    "recorded": m.recorded,
                    "computed": m.computed,
                    **({"error": m.error} if m.error else {}),
                }
                for m in self.moves
            ],
            "final": {"scores": self.scores, "winner": self.winner},
        }


def replay(record: GameRecord, rules: Rules) -> ReplayReport:
    """Recompute every play's score and the final result of ``record`` under ``rules``.

    Plays that cannot be placed are reported (``error``) and skipped. End-of-game
    rack points are recomputed from the racks the record shows, under the rules'
    end rule (PFS: the finisher adds the others' racks, each other subtracts own;
    without a finisher each subtracts own, TR 5.1.4).

    Long: a dispatch over the kinds of GCG event.

    The record is checked against itself too: a play or an exchange its line's rack
    cannot make, and a running total that is not the player's previous total plus the
    line's score, are reported on that line (the next line follows the recorded total,
    so one slip is one report).

    >>> from plansza.gcg import read_gcg
    >>> rec = read_gcg('''#player1 ala Ala
    ... #player2 ola Ola
    ... >ala: KOTAAAE 8H ŻUBR +24 24
    ... >ola: ABCDEFG -ABC +0 5
    ... ''')
    >>> [(m.line, m.error) for m in replay(rec, Rules.pfs()).problems]
    [(3, 'the rack KOTAAAE has no ŻUBR for this move'), \
(4, 'the total 5 does not follow: the previous total 0 and the score 0 make 0')]
    """
    n = max(len(record.players), 2)
    rep = ReplayReport(scores=[0] * n)
    board = rep.board
    last_play: tuple[int, list[tuple[int, int]], int] | None = None
    last_play_score = [-1] * n
    end_lines: list[tuple[int, int, str, int]] = []  # (index in moves, player, tiles, score)
    totals = [0] * n  # the record's own running totals
    for ev in record.events:
        p = ev.player
        if ev.kind is EventKind.PLAY:
            try:
                play = ev.play(board)
                scored = score_play(board, play, rules)
            except (IllegalMoveError, PlanszaError) as e:
                move = ReplayedMove(ev.line, p, f"{ev.coordinate()} {ev.word}", ev.score, None)
                move.fail(e)
                rep.moves.append(move)
                last_play = None
            else:
                board.place((t.square, t.letter) for t in scored.tiles)
                rep.scores[p] += scored.score
                last_play = (p, [t.square for t in scored.tiles], scored.score)
                last_play_score[p] = scored.score
                rep.moves.append(
                    ReplayedMove(
                        ev.line,
                        p,
                        play.notation(),
                        ev.score,
                        scored.score,
                        tuple(w.word for w in scored.words),
                    )
                )
                _check_rack(ev, [t.letter for t in scored.tiles], rep.moves[-1])
        elif ev.kind is EventKind.WITHDRAWN:
            if last_play is None or last_play[0] != p:
                move = ReplayedMove(ev.line, p, "strata", ev.score, None)
                move.fail(
                    PlanszaError(
                        N_("'--' does not follow a play of the same player"),
                        code="withdrawn_alone",
                    )
                )
                rep.moves.append(move)
            else:
                _, squares, pts = last_play
                board.remove(squares)
                rep.scores[p] -= pts
                last_play = None
                rep.moves.append(ReplayedMove(ev.line, p, "strata", ev.score, -pts))
        elif ev.kind is EventKind.EXCHANGE:
            shown = f"-{len(ev.tiles)}" if ev.tiles.startswith("#") else f"-{ev.tiles}"
            rep.moves.append(ReplayedMove(ev.line, p, shown, ev.score, None))
            if not ev.tiles.startswith("#"):  # a count only: the tiles are unknown
                _check_rack(ev, list(ev.tiles), rep.moves[-1])
            last_play = None
        elif ev.kind is EventKind.PASS:
            rep.moves.append(ReplayedMove(ev.line, p, "pauza", ev.score, None))
            last_play = None
        elif ev.kind is EventKind.CHALLENGE_BONUS:
            # PFS: an unsuccessful challenge has no consequence (TR 4.8.3).
            pts = ev.score if rules.challenge_penalty else 0
            rep.scores[p] += pts
            rep.moves.append(ReplayedMove(ev.line, p, "(challenge)", ev.score, pts))
        elif ev.kind is EventKind.TIME:
            # PFS: no points penalty for time (TR 6.2.1); WESPA: as recorded.
            pts = ev.score if rules.flag_fall is FlagFall.PENALTY else 0
            rep.scores[p] += pts
            rep.moves.append(ReplayedMove(ev.line, p, "(time)", ev.score, pts))
        else:
            end_lines.append((len(rep.moves), p, ev.tiles, ev.score))
            rep.moves.append(ReplayedMove(ev.line, p, f"({ev.tiles})", ev.score, 0))
        _check_total(ev, totals, rep.moves[-1])
    _end_adjustments(rep, end_lines, rules, record)
    rep.winner = decide_winner(rep.scores, last_play_score, rules.tie_rule)
    return rep


def _check_rack(ev: GCGEvent, tiles: list[str], move: ReplayedMove) -> None:
    """The rack the line shows (if any) must hold the ``tiles`` the move lays or
    exchanges: a lower-case letter on the board is a blank (``?``)."""
    if not ev.rack:
        return
    left = Counter(ev.rack.upper())
    lacking = []
    for tile in tiles:
        key = BLANK if tile.islower() else tile
        if left[key] > 0:
            left[key] -= 1
        else:
            lacking.append(key)
    if lacking:
        move.fail(
            PlanszaError(
                RACK_LACKS,
                code="rack_lacks",
                rack=excerpt(ev.rack),
                missing=excerpt("".join(lacking)),
            )
        )


def _check_total(ev: GCGEvent, totals: list[int], move: ReplayedMove) -> None:
    """The line's total must be the player's previous total plus the line's score; the
    recorded total is followed from here on (one slip, one report)."""
    before = totals[ev.player]
    expected = before + ev.score
    if ev.total != expected:
        move.fail(
            PlanszaError(
                WRONG_TOTAL,
                code="wrong_total",
                total=ev.total,
                before=before,
                score=ev.score,
                expected=expected,
            )
        )
    totals[ev.player] = ev.total


def _end_adjustments(
    rep: ReplayReport, end_lines: list[tuple[int, int, str, int]], rules: Rules, record: GameRecord
) -> None:
    ts = rules.tileset
    n = len(rep.scores)
    leftover: dict[int, str] = {}
    finisher: int | None = None
    for _, p, tiles, score in end_lines:
        if score > 0:
            # The finisher's line shows the others' tiles ("(DEF) +14").
            finisher = p
            if n == 2:
                leftover.setdefault(1 - p, tiles)
        else:
            leftover[p] = tiles
    for p, tiles in record.final_racks.items():
        leftover.setdefault(p, tiles)
    if finisher is None and not leftover:
        return
    delta = [0] * n
    if finisher is not None:
        others = sum(ts.rack_value(t) for q, t in leftover.items() if q != finisher)
        delta[finisher] += others * (2 if rules.end_rack_rule is EndRackRule.DOUBLE else 1)
        if rules.end_rack_rule is EndRackRule.ADD_AND_SUBTRACT:
            for q, t in leftover.items():
                if q != finisher:
                    delta[q] -= ts.rack_value(t)
    else:
        for q, t in leftover.items():
            delta[q] -= ts.rack_value(t)
    # Report each player's adjustment on their first end line, zero on the others.
    shown: set[int] = set()
    for idx, p, _, _ in end_lines:
        if p not in shown:
            rep.moves[idx].computed = delta[p]
            shown.add(p)
    for q in range(n):
        rep.scores[q] += delta[q]
