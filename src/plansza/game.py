"""The game state machine under a :class:`~plansza.rules.Rules` value.

Turns, the challenge window, losses, exchanges and their limits, passes, the
clock with flag-fall semantics, every end condition and the final rack
adjustments (spec rules.md). Randomness comes only from the seeded source handed
in (same seed → same game); time only from the ``now`` arguments.

>>> g = Game(Rules.pfs(), seed=7, words={"ŻUBR", "ŻUBRY"})
>>> g.racks[g.to_move] = list("ŻUBRAAE"); g.recount()   # a fixed rack for the example
>>> g.play("H8 ŻUBR")              # pending: the opponent may accept or challenge
>>> g.accept()
>>> g.scores[g.history[-1].player], g.history[-1].score, g.bag_count
(24, 24, 82)
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from plansza.board import Board
from plansza.clock import ChessClock
from plansza.errors import N_, NP_, IllegalActionError, IllegalMoveError
from plansza.moves import Exchange, Move, Pass, Play, parse_move
from plansza.rules import ChallengeMode, EndRackRule, FlagFall, Rules, TieRule
from plansza.scoring import ScoredPlay, score_play
from plansza.tiles import BLANK


class WordList(Protocol):
    """What the game needs of a lexicon: membership of upper-case words."""

    def __contains__(self, word: object, /) -> bool: ...


class TurnKind(enum.Enum):
    PLAY = "play"
    LOSS = "loss"  #: strata: a play challenged off (TR 3.2.3)
    EXCHANGE = "exchange"
    PASS = "pass"
    TIMEOUT = "timeout"  #: a move taken back because the flag fell (TR 6.2.2)


class EndReason(enum.Enum):
    WENT_OUT = "went_out"  #: TR 5.1.1a
    SCORELESS = "scoreless"  #: TR 5.1.1b / GR: passes (and losses)
    TIME = "time"  #: TR 5.1.1c: every player out of time
    SOLO_END = "solo_end"  #: TR 6.2.1: the player left alone passed or lost enough
    WALKOVER = "walkover"  #: TR 7.2: exclusion or no-show, scored N:1
    RESIGNED = "resigned"  #: a player gave the game up (a game outside a tournament)
    OUT_OF_DAYS = "out_of_days"  #: a correspondence game: a player's days to move ran out


@dataclass(frozen=True)
class Turn:
    """One turn on the score sheet."""

    player: int
    kind: TurnKind
    move: Move | None
    score: int
    total: int
    rack: str  #: the rack before the turn, alphabet order, blanks as ?
    words: tuple[str, ...] = ()
    challenged: tuple[str, ...] = ()  #: the words challenged, if any
    challenge_valid: bool | None = None
    bingo: bool = False


@dataclass(frozen=True)
class Adjustment:
    """Points added or taken at the end (racks, time) or by a referee (penalty)."""

    player: int
    points: int
    reason: str  #: "rack", "opponents_racks", "time", "challenge", "penalty"
    tiles: str = ""


@dataclass(frozen=True)
class Pending:
    """A play on the board awaiting acceptance or a challenge (TR 4.7)."""

    player: int
    scored: ScoredPlay
    rack_before: str
    at: float | None = None  #: when it was put on the board (``None``: no time given)


@dataclass(frozen=True)
class Result:
    scores: tuple[int, ...]
    winner: int | None  #: index, or None for a draw
    reason: EndReason


@dataclass
class ChallengeVerdict:
    """The joint verdict on a challenged set of words (TR 4.7.11): never which word failed."""

    valid: bool
    words: tuple[str, ...]


def walkover_points(scores_so_far: int, games_left: int, rounds: int, score_now: int = 0) -> int:
    """TR 7.2: a walkover is N:1, N = max((S + M·400)/R, the current score, 400).

    S: the player's scores so far in the tournament; M: games not yet played,
    this one included; R: rounds. Rounded up (the formula gives a point total).

    >>> walkover_points(2000, 3, 8)   # (2000 + 1200) / 8 = 400
    400
    >>> walkover_points(3500, 2, 9)   # (3500 + 800) / 9 = 477.8 → 478
    478
    """
    w = -(-(scores_so_far + games_left * 400) // rounds)
    return max(w, score_now, 400)


def decide_winner(
    scores: Sequence[int], last_plays: Sequence[int], tie_rule: TieRule
) -> int | None:
    """The winner's index, or ``None`` for a draw (TR 5.2; SCH: a tie goes to the
    player whose last play scored more). ``last_plays``: each player's last play score.

    >>> decide_winner([300, 300], [12, 30], TieRule.DRAW)
    >>> decide_winner([300, 300], [12, 30], TieRule.HIGHER_LAST_MOVE)
    1
    """
    best = max(scores)
    leaders = [p for p, s in enumerate(scores) if s == best]
    if len(leaders) == 1:
        return leaders[0]
    if tie_rule is TieRule.HIGHER_LAST_MOVE:
        top = max(last_plays[p] for p in leaders)
        winners = [p for p in leaders if last_plays[p] == top]
        if len(winners) == 1:
            return winners[0]
    return None


@dataclass
class Game:
    """A game for 2–4 players.

    ``words`` is the word list (any object with ``__contains__`` on upper-case
    words); it is needed for challenges and for the ``REFUSE`` mode.
    ``starting_player`` fixes who starts; otherwise tiles are drawn (TR 2.1).
    """

    rules: Rules
    names: Sequence[str] = ()
    seed: int | None = None
    words: WordList | None = None
    starting_player: int | None = None
    rng: random.Random = field(init=False)
    board: Board = field(init=False)
    bag: list[str] = field(init=False)
    racks: list[list[str]] = field(init=False)
    scores: list[int] = field(init=False)
    to_move: int = field(init=False)
    history: list[Turn] = field(init=False, default_factory=list)
    adjustments: list[Adjustment] = field(init=False, default_factory=list)
    pending: Pending | None = field(init=False, default=None)
    exchanges_used: list[int] = field(init=False)
    flagged: set[int] = field(init=False, default_factory=set)
    start_draws: list[dict[int, str]] = field(init=False, default_factory=list)
    result: Result | None = field(init=False, default=None)
    clock: ChessClock | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        n = self.rules.players
        if not self.names:
            self.names = [f"Gracz {i + 1}" for i in range(n)]
        if len(self.names) != n:
            raise ValueError(f"{len(self.names)} names for a {n}-player game")
        self.rng = random.Random(self.seed)
        self.board = Board()
        self.bag = self.rules.tileset.full_bag()
        self.scores = [0] * n
        self.exchanges_used = [0] * n
        if self.starting_player is None:
            self.starting_player = self._draw_for_start()
        elif not 0 <= self.starting_player < n:
            raise ValueError(f"starting player {self.starting_player} is not 0..{n - 1}")
        self.to_move = self.starting_player
        self.racks = [[] for _ in range(n)]
        for i in range(n):
            self._draw((self.starting_player + i) % n, self.rules.rack_size)
        if self.rules.minutes is not None:
            self.clock = ChessClock(n, self.rules.minutes)

    # ---- tiles ---------------------------------------------------------------

    def _take_from_bag(self) -> str:
        i = self.rng.randrange(len(self.bag))
        self.bag[i], self.bag[-1] = self.bag[-1], self.bag[i]
        return self.bag.pop()

    def _draw(self, player: int, count: int) -> None:
        for _ in range(min(count, len(self.bag))):
            self.racks[player].append(self._take_from_bag())

    def _draw_for_start(self) -> int:
        """TR 2.1: each draws a tile; nearest the start of the alphabet starts;
        a blank counts as A; equal letters draw again. Tiles go back to the bag."""
        ts = self.rules.tileset
        contenders = list(range(self.rules.players))
        while True:
            drawn = {p: self._take_from_bag() for p in contenders}
            self.start_draws.append(dict(drawn))
            self.bag.extend(drawn.values())

            def rank(tile: str) -> int:
                if tile == BLANK:
                    return 0 if self.rules.blank_draws_as_a else len(ts.letters)
                return ts.index(tile)

            best = min(rank(t) for t in drawn.values())
            contenders = [p for p, t in drawn.items() if rank(t) == best]
            if len(contenders) == 1:
                return contenders[0]

    def recount(self) -> None:
        """Check tile conservation (bag + racks + board = the full set).

        Call after setting racks by hand (tests, records): tiles put on a rack
        are taken out of the bag here, so the total stays right.
        """
        full = Counter(self.rules.tileset.full_bag())
        held = self.board.tile_counts()
        for rack in self.racks:
            held.update(rack)
        bag = full - held
        if any(held[t] > full[t] for t in held):
            raise ValueError("more tiles on racks and board than the set has")
        self.bag = list(bag.elements())
        self.rng.shuffle(self.bag)

    @property
    def bag_count(self) -> int:
        """How many tiles are in the bag (a player may always ask: TR 1.4)."""
        return len(self.bag)

    def unseen(self, player: int) -> Counter[str]:
        """The tiles ``player`` has not seen: the bag and the opponents' racks
        (the "wykreślanka", TR 1.4)."""
        seen = self.board.tile_counts() + Counter(self.racks[player])
        return Counter(self.rules.tileset.full_bag()) - seen

    def rack_string(self, player: int) -> str:
        return self.rules.tileset.sort_tiles(self.racks[player])

    # ---- turn bookkeeping ----------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def _require_turn(self, action: str) -> None:
        if self.result is not None:
            raise IllegalActionError("game_over", N_("the game is over"), action=action)
        if self.pending is not None:
            raise IllegalActionError(
                "pending_play",
                N_("a play is awaiting acceptance or a challenge"),
                action=action,
            )

    def _time_check(self, now: float | None) -> bool:
        """Charge the clock; True when the mover's flag has fallen (move void, TR 6.2.2)."""
        if self.clock is None or now is None:
            return False
        if self.rules.flag_fall is FlagFall.STOP and self.clock.flagged(self.to_move, now):
            self._flag_fall(self.to_move, now)
            return True
        return False

    def _flag_fall(self, player: int, now: float) -> None:
        self.flagged.add(player)
        self.history.append(
            Turn(player, TurnKind.TIMEOUT, None, 0, self.scores[player], self.rack_string(player))
        )
        if self.clock is not None:
            self.clock.stop(now)
        if len(self.flagged) >= self.rules.players:
            self._finish(EndReason.TIME, now)
        else:
            self._advance(now)

    @property
    def decider(self) -> int | None:
        """Who accepts or challenges the pending play: the next player (``None``: no
        play awaits a decision)."""
        if self.pending is None:
            return None
        return (self.pending.player + 1) % self.rules.players

    def flag(self, now: float) -> bool:
        """Let the clock decide what it must at ``now``; True if it did.

        The mover out of time loses the move and the right to further ones (TR 6.2.1);
        under ``decision_clock`` a decider out of time lets the play stand and then
        loses their moves too, and a decider already out of time (TR 6.2.3) lets it
        stand after ``flagged_decision_seconds``.
        """
        if self.result is not None or self.clock is None:
            return False
        stop = self.rules.flag_fall is FlagFall.STOP
        if self.pending is not None and self.rules.decision_clock:
            p, decider = self.pending, self.decider
            assert decider is not None
            if decider in self.flagged:
                if p.at is not None and now >= p.at + self.rules.flagged_decision_seconds:
                    self.accept(now)
                    return True
                return False
            if stop and self.clock.running == decider and self.clock.flagged(decider, now):
                self.accept(now)  # not challenged in time: the play stands (TR 4.7.3)
                if self.result is None and self.to_move == decider:
                    self._flag_fall(decider, now)
                return True
            return False
        if stop and self.clock.flagged(self.to_move, now):
            if self.pending is not None and self.pending.player == self.to_move:
                self._take_back_pending()
            self._flag_fall(self.to_move, now)
            return True
        return False

    def deadline(self, now: float) -> float | None:
        """Seconds from ``now`` until :meth:`flag` may next have something to decide
        (``None``: nothing will happen by the clock alone)."""
        if self.result is not None or self.clock is None:
            return None
        p, decider = self.pending, self.decider
        if p is not None and decider in self.flagged and self.rules.decision_clock:
            if p.at is None:
                return None
            return max(0.0, p.at + self.rules.flagged_decision_seconds - now)
        running = self.clock.running
        if running is None or self.rules.flag_fall is not FlagFall.STOP:
            return None
        return max(0.0, self.clock.remaining(running, now))

    def _advance(self, now: float | None) -> None:
        n = self.rules.players
        nxt = self.to_move
        for _ in range(n):
            nxt = (nxt + 1) % n
            if nxt not in self.flagged:
                break
        self.to_move = nxt
        if self.clock is not None and now is not None and self.result is None:
            self.clock.switch(nxt, now)

    def _record(self, turn: Turn) -> None:
        self.history.append(turn)

    def _scoreless_run(self, player: int | None = None) -> list[TurnKind]:
        """The current run of consecutive scoreless turns (optionally one player's)."""
        run: list[TurnKind] = []
        for t in reversed(self.history):
            if player is not None and t.player != player:
                continue
            if t.kind is TurnKind.TIMEOUT:
                continue
            scoreless = t.kind in (TurnKind.PASS, TurnKind.LOSS) or (
                self.rules.exchange_is_scoreless
                and (t.kind is TurnKind.EXCHANGE or (t.kind is TurnKind.PLAY and t.score == 0))
            )
            if not scoreless:
                break
            run.append(t.kind)
        return run

    def scoreless_left(self) -> int | None:
        """How many more passes in a row end the game from here (TR 5.1.1b), counting
        the scoreless turns already made; ``None`` when passes never end it.

        >>> g = Game(Rules.pfs(), seed=1)
        >>> g.scoreless_left()
        4
        >>> g.pass_turn(); g.pass_turn(); g.scoreless_left()
        2
        """
        rules = self.rules
        if self.flagged:
            # TR 6.2.1: the player left alone; their own passes count.
            solo = self.to_move
            passes = 0
            for k in self._scoreless_run(solo):
                if k is not TurnKind.PASS:
                    break
                passes += 1
            scoreless = len(self._scoreless_run(solo))
            return max(1, min(rules.solo_end_passes - passes, rules.solo_end_scoreless - scoreless))
        run = self._scoreless_run()
        if not any(k is not TurnKind.PASS for k in run):
            need = rules.end_consecutive_passes
            return None if need is None else max(1, need - len(run))
        if rules.end_scoreless_with_losses is not None:
            return max(1, rules.end_scoreless_with_losses - len(run))
        if rules.end_consecutive_passes is None:
            return None
        tail = 0
        for k in run:
            if k is not TurnKind.PASS:
                break
            tail += 1
        return max(1, rules.end_consecutive_passes - tail)

    def _check_scoreless_end(self, now: float | None) -> None:
        rules = self.rules
        if self.flagged:
            # TR 6.2.1: the player left alone stops after two passes in a row or three
            # consecutive passes and losses mixed.
            solo = self.history[-1].player
            run = self._scoreless_run(solo)
            passes = 0
            for k in run:
                if k is not TurnKind.PASS:
                    break
                passes += 1
            if passes >= rules.solo_end_passes or len(run) >= rules.solo_end_scoreless:
                self._finish(EndReason.SOLO_END, now)
            return
        run = self._scoreless_run()
        has_loss = any(k is not TurnKind.PASS for k in run)
        if not has_loss:
            if (
                rules.end_consecutive_passes is not None
                and len(run) >= rules.end_consecutive_passes
            ):
                self._finish(EndReason.SCORELESS, now)
        elif rules.end_scoreless_with_losses is not None:
            if len(run) >= rules.end_scoreless_with_losses:
                self._finish(EndReason.SCORELESS, now)
        elif rules.end_consecutive_passes is not None:
            # A loss breaks the run: count only the passes after the last loss.
            tail = 0
            for k in run:
                if k is not TurnKind.PASS:
                    break
                tail += 1
            if tail >= rules.end_consecutive_passes:
                self._finish(EndReason.SCORELESS, now)

    # ---- actions -------------------------------------------------------------

    def move(self, move: Move | str, now: float | None = None) -> None:
        """Make any move (a play, an exchange or a pass), given as text or a value."""
        m = parse_move(move, self.rules.tileset) if isinstance(move, str) else move
        if isinstance(m, Play):
            self.play(m, now)
        elif isinstance(m, Exchange):
            self.exchange(m.tiles, now)
        else:
            self.pass_turn(now)

    def score(self, play: Play | str) -> ScoredPlay:
        """Validate and score a play for the player to move, without making it."""
        p = Play.parse(play, self.rules.tileset) if isinstance(play, str) else play
        scored = score_play(self.board, p, self.rules)
        need = Counter(scored.rack_tiles)
        have = Counter(self.racks[self.to_move])
        missing = need - have
        if missing:
            tiles = self.rules.tileset.sort_tiles(missing.elements())
            template = N_("{move}: the rack {rack} has no {tiles} for this play")
            if BLANK in missing and p.word != p.word.upper():
                # "brakuje ?????": the player typed the word in lower case, which is
                # the notation of blanks; say so, with the word as tiles are written.
                template = N_(
                    "{move}: the rack {rack} has no {tiles} for this play; a lower-case "
                    "letter means a blank, tiles from the rack are written in capitals: {word}"
                )
            raise IllegalMoveError(
                "not_on_rack",
                template,
                cgp=self.board.cgp(),
                move=str(p),
                rack=self.rack_string(self.to_move),
                tiles=tiles,
                word=p.word.upper(),
            )
        return scored

    def play(self, play: Play | str, now: float | None = None) -> None:
        """Put a play on the board.

        Under ``CHALLENGE`` it is pending until :meth:`accept` or :meth:`challenge`;
        under ``REFUSE`` a play forming an invalid word raises and nothing changes.
        """
        self._require_turn("play")
        scored = self.score(play)  # raises before anything changes
        if self.rules.challenge_mode is ChallengeMode.REFUSE:
            if self.words is None:
                raise IllegalActionError(
                    "no_word_list", N_("refusing invalid words needs a word list")
                )
            if not all(w in self.words for w in scored.word_strings):
                raise IllegalMoveError(
                    "invalid_word",
                    N_("{move}: the play forms a word that is not in the word list"),
                    cgp=self.board.cgp(),
                    move=str(scored.play),
                )
        if self._time_check(now):
            return
        rack_before = self.rack_string(self.to_move)
        rack = self.racks[self.to_move]
        for t in scored.rack_tiles:
            rack.remove(t)
        self.board.place((t.square, t.letter) for t in scored.tiles)
        self.pending = Pending(self.to_move, scored, rack_before, now)
        if self.clock is not None and now is not None:
            decider = self.decider
            if self.rules.decision_clock and decider is not None and decider not in self.flagged:
                # TR 4.6.2 online: the time to decide is the decider's
                self.clock.switch(decider, now)
            else:
                self.clock.stop(now)  # "zatrzymanie zegara": the play is committed
        if self.rules.challenge_mode is ChallengeMode.REFUSE:
            self.accept(now)

    def accept(self, now: float | None = None) -> None:
        """The opponent accepts the pending play (records its score: TR 4.7.3)."""
        if self.pending is None:
            raise IllegalActionError("no_pending_play", N_("there is no play to accept"))
        p = self.pending
        self._commit(p, now)

    def _commit(
        self,
        p: Pending,
        now: float | None,
        challenged: tuple[str, ...] = (),
        valid: bool | None = None,
    ) -> None:
        """Score the pending play, draw, and check the end (GR "Zakończenie ruchu")."""
        self._score_pending(p, challenged, valid)
        self._draw(p.player, len(p.scored.tiles))
        if not self.racks[p.player] and not self.bag:
            # TR 5.1.1a: the last tile played, the play accepted, the bag empty.
            self._finish(EndReason.WENT_OUT, now, finisher=p.player)
            return
        self._check_scoreless_end(now)
        if self.result is None:
            self._advance(now)

    def challenge(
        self,
        words: Iterable[str] | None = None,
        challenger: int | None = None,
        now: float | None = None,
    ) -> ChallengeVerdict:
        """Challenge ("Sprawdzam") some or all words of the pending play (TR 4.7).

        One joint verdict for the set (TR 4.7.11). Invalid: the tiles go back and the
        turn is a loss. Valid: the play stands, and the challenger loses
        ``rules.challenge_penalty`` points (MPA 2c.ii; PFS: none, TR 4.8.3).
        """
        if self.pending is None:
            raise IllegalActionError("no_pending_play", N_("there is no play to challenge"))
        if self.words is None:
            raise IllegalActionError("no_word_list", N_("a challenge needs a word list"))
        p = self.pending
        n = self.rules.players
        who = challenger if challenger is not None else (p.player + 1) % n
        if who == p.player or not 0 <= who < n:
            raise IllegalActionError(
                "bad_challenger", N_("a player cannot challenge their own play")
            )
        formed = [w.word.upper() for w in p.scored.words]
        chosen = formed if words is None else [w.upper() for w in words]
        if not chosen:
            chosen = formed  # TR 4.7.6: naming none means all of them
        for w in chosen:
            if w not in formed:
                raise IllegalActionError(
                    "not_formed",
                    N_("{word} is not one of the words formed: {words}"),
                    word=w,
                    words=", ".join(formed),
                )
        valid = all(w in self.words for w in chosen)
        verdict = ChallengeVerdict(valid, tuple(chosen))
        if valid:
            if self.rules.challenge_penalty:
                self.scores[who] -= self.rules.challenge_penalty
                self.adjustments.append(Adjustment(who, -self.rules.challenge_penalty, "challenge"))
            self._commit(p, now, tuple(chosen), True)
            return verdict
        self._take_back_pending()
        self._record(
            Turn(
                p.player,
                TurnKind.LOSS,
                p.scored.play,
                0,
                self.scores[p.player],
                p.rack_before,
                tuple(w.word for w in p.scored.words),
                tuple(chosen),
                False,
            )
        )
        self._check_scoreless_end(now)
        if self.result is None:
            self._advance(now)
        return verdict

    def _take_back_pending(self) -> None:
        p = self.pending
        assert p is not None
        self.board.remove(t.square for t in p.scored.tiles)
        self.racks[p.player].extend(p.scored.rack_tiles)
        self.pending = None

    def exchange(self, tiles: str | Iterable[str], now: float | None = None) -> None:
        """Exchange tiles (TR 4.3). A refused exchange leaves the turn with the player
        (TR 4.3.4–4.3.5) and changes nothing.

        Long: TR 4.3's refusals, each worded, then the exchange.
        """
        self._require_turn("exchange")
        ts = self.rules.tileset
        out = [t.upper() if t != BLANK else t for t in tiles]
        if not 1 <= len(out) <= self.rules.rack_size:
            raise IllegalActionError(
                "exchange_size",
                N_("an exchange returns 1 to {rack_size} tiles"),
                rack_size=self.rules.rack_size,
            )
        missing = Counter(out) - Counter(self.racks[self.to_move])
        if missing:
            raise IllegalActionError(
                "not_on_rack",
                N_("{move}: the rack {rack} has no {tiles}"),
                move=f"-{''.join(out)}",
                rack=self.rack_string(self.to_move),
                tiles=ts.sort_tiles(missing.elements()),
            )
        need = max(self.rules.exchange_min_bag, len(out))
        if len(self.bag) < need and self.rules.exchange_bag_rule == "SCH":
            # SCH "Wymiana płytek": no exchange when 7 or fewer tiles are left in the bag.
            raise IllegalActionError(
                "bag_too_small",
                NP_(
                    "exchange refused: {bag} tile left in the bag, and the school tournament "
                    'rules allow no exchange with {most} or fewer ("Wymiana '
                    'płytek"); play or pass instead',
                    "exchange refused: {bag} tiles left in the bag, and the school tournament "
                    'rules allow no exchange with {most} or fewer ("Wymiana '
                    'płytek"); play or pass instead',
                ),
                plural_field="bag",
                bag=len(self.bag),
                most=need - 1,
            )
        if len(self.bag) < need:
            raise IllegalActionError(
                "bag_too_small",
                NP_(
                    "exchange refused: {bag} tile in the bag, at least {need} needed "
                    "(TR 4.3.1); play or pass instead",
                    "exchange refused: {bag} tiles in the bag, at least {need} needed "
                    "(TR 4.3.1); play or pass instead",
                ),
                plural_field="bag",
                bag=len(self.bag),
                need=need,
            )
        limit = self.rules.exchange_limit
        if limit is not None and self.exchanges_used[self.to_move] >= limit:
            raise IllegalActionError(
                "exchange_limit",
                NP_(
                    "exchange refused: {limit} exchange already made (TR 4.3.1); "
                    "play or pass instead",
                    "exchange refused: {limit} exchanges already made (TR 4.3.1); "
                    "play or pass instead",
                ),
                plural_field="limit",
                limit=limit,
            )
        if self._time_check(now):
            return
        player = self.to_move
        rack_before = self.rack_string(player)
        rack = self.racks[player]
        for t in out:
            rack.remove(t)
        # GR "Wymiana płytek", TR 3.3: draw the new tiles first, then return the old ones.
        self._draw(player, len(out))
        self.bag.extend(out)
        self.exchanges_used[player] += 1
        self._record(
            Turn(
                player,
                TurnKind.EXCHANGE,
                Exchange("".join(out)),
                0,
                self.scores[player],
                rack_before,
            )
        )
        self._check_scoreless_end(now)
        if self.result is None:
            self._advance(now)

    def pass_turn(self, now: float | None = None) -> None:
        """Pass ("pauza", TR 3.4)."""
        self._require_turn("pass")
        if self._time_check(now):
            return
        player = self.to_move
        self._record(
            Turn(player, TurnKind.PASS, Pass(), 0, self.scores[player], self.rack_string(player))
        )
        self._check_scoreless_end(now)
        if self.result is None:
            self._advance(now)

    def penalize(self, player: int, points: int) -> None:
        """A referee's penalty: a multiple of 5 points (TR 7.1b)."""
        if points <= 0 or points % 5:
            raise IllegalActionError(
                "penalty", N_("a penalty is a positive multiple of 5, not {points}"), points=points
            )
        self.scores[player] -= points
        self.adjustments.append(Adjustment(player, -points, "penalty"))

    def walkover(self, loser: int, points: int) -> None:
        """End a two-player game by walkover (TR 7.2): the opponent gets ``points``
        (N, see :func:`walkover_points`), the player excluded or absent gets 1."""
        if self.rules.players != 2:
            raise IllegalActionError("walkover", N_("a walkover ends a two-player game"))
        if self.result is not None:
            raise IllegalActionError("game_over", N_("the game is over"), action="walkover")
        if points < 400:
            raise IllegalActionError(
                "walkover",
                N_("a walkover is worth at least 400 points (TR 7.2), not {points}"),
                points=points,
            )
        if self.pending is not None:
            self._take_back_pending()
        winner = 1 - loser
        self.adjustments.append(Adjustment(winner, points - self.scores[winner], "walkover"))
        self.adjustments.append(Adjustment(loser, 1 - self.scores[loser], "walkover"))
        self.scores[winner], self.scores[loser] = points, 1
        self.result = Result(tuple(self.scores), winner, EndReason.WALKOVER)

    def resign(
        self, player: int, now: float | None = None, reason: EndReason = EndReason.RESIGNED
    ) -> None:
        """``player`` gives the game up (two players): the other wins, the scores stay
        as they are. A play of the resigner's awaiting a challenge is taken back.
        ``reason``: why (a correspondence game's days run out end it the same way)."""
        if self.rules.players != 2:
            raise IllegalActionError("resign", N_("only a two-player game can be resigned"))
        if self.result is not None:
            raise IllegalActionError("game_over", N_("the game is over"), action="resign")
        if self.pending is not None and self.pending.player == player:
            self._take_back_pending()
        elif self.pending is not None:  # the opponent's play counts as accepted
            self._score_pending(self.pending)
        if self.clock is not None and now is not None:
            self.clock.stop(now)
        self.result = Result(tuple(self.scores), 1 - player, reason)

    def _score_pending(
        self, p: Pending, challenged: tuple[str, ...] = (), valid: bool | None = None
    ) -> None:
        """The pending play's score recorded on the sheet (the play stands)."""
        self.pending = None
        self.scores[p.player] += p.scored.score
        self._record(
            Turn(
                p.player,
                TurnKind.PLAY,
                p.scored.play,
                p.scored.score,
                self.scores[p.player],
                p.rack_before,
                tuple(w.word for w in p.scored.words),
                challenged,
                valid,
                p.scored.bingo,
            )
        )

    # ---- the end -------------------------------------------------------------

    def _finish(self, reason: EndReason, now: float | None, finisher: int | None = None) -> None:
        ts = self.rules.tileset
        n = self.rules.players
        if self.clock is not None:
            if now is not None:
                self.clock.stop(now)
            if self.rules.flag_fall is FlagFall.PENALTY:
                for p in range(n):
                    over = self.clock.overtime_minutes(p)
                    if over:
                        pts = over * self.rules.overtime_penalty_per_minute
                        self.scores[p] -= pts
                        self.adjustments.append(Adjustment(p, -pts, "time"))
        if finisher is not None:
            others = 0
            for p in range(n):
                if p == finisher:
                    continue
                value = ts.rack_value(self.racks[p])
                others += value
                if self.rules.end_rack_rule is EndRackRule.ADD_AND_SUBTRACT and value:
                    self.scores[p] -= value
                    self.adjustments.append(Adjustment(p, -value, "rack", self.rack_string(p)))
            gain = others * (2 if self.rules.end_rack_rule is EndRackRule.DOUBLE else 1)
            if gain:
                self.scores[finisher] += gain
                opp = "".join(self.rack_string(p) for p in range(n) if p != finisher)
                self.adjustments.append(Adjustment(finisher, gain, "opponents_racks", opp))
        else:
            # TR 5.1.4: each subtracts their own rack.
            for p in range(n):
                value = ts.rack_value(self.racks[p])
                if value:
                    self.scores[p] -= value
                    self.adjustments.append(Adjustment(p, -value, "rack", self.rack_string(p)))
        self.result = Result(tuple(self.scores), self._winner(), reason)

    def _winner(self) -> int | None:
        lasts = [-1] * self.rules.players
        for t in self.history:
            if t.kind is TurnKind.PLAY:
                lasts[t.player] = t.score
        return decide_winner(self.scores, lasts, self.rules.tie_rule)

    # ---- views ---------------------------------------------------------------

    def score_sheet(self) -> list[dict[str, object]]:
        """The PFS score sheet (TR 1.3.1): per turn the player, move, score, running
        total; exchanges (how many tiles), passes and losses; blank letters."""
        sheet: list[dict[str, object]] = []
        for i, t in enumerate(self.history, 1):
            entry: dict[str, object] = {
                "turn": i,
                "player": self.names[t.player],
                "kind": t.kind.value,
                "score": t.score,
                "total": t.total,
            }
            if isinstance(t.move, Play):
                entry["move"] = str(t.move)
                entry["blanks"] = "".join(c for c in t.move.word if c.islower())
            elif isinstance(t.move, Exchange):
                entry["move"] = f"wymiana {len(t.move.tiles)}"
                entry["exchanged"] = len(t.move.tiles)
            elif t.kind is TurnKind.PASS:
                entry["move"] = "pauza"
            elif t.kind is TurnKind.TIMEOUT:
                entry["move"] = "czas"
            sheet.append(entry)
        return sheet

    def tile_total(self) -> int:
        """Bag + racks + board (+ a pending play's tiles, which are on the board)."""
        return len(self.bag) + sum(len(r) for r in self.racks) + self.board.tile_count()
