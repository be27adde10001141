"""A Belgijka championship run live in a hall: the referee's laptop, the projector and
the players' phones (the web app's ``/belgijka``).

A :class:`Hall` holds the championship of one file (:mod:`plansza.duplicate`, the
terminal's engine), the move's clock and the cards handed in during the move. The
championship file is written whole (atomically) after every referee's action, as the
terminal does. Cards come in fast — a hall's players all in the last seconds of a
move — so each is stamped with the server's time, checked against the move's deadline
(II.3, II.5: after the time is up no card is taken) and appended to the hall's
journal (``FILE.karty``, one JSON line each, flushed to the disk) before the phone is
answered; they are checked all at once when the referee closes the move (II.9), with
the board built once. A server killed mid-move finds the move's clock and its cards
in the journal when it starts again.

Where the hall stands — the move's phase, its clock, the last closed move — is
computed here once (:meth:`Hall.state`, :func:`move_state`): the referee's console,
the projector and the phones show the same :data:`Phase`, and the hall's own checks
(a phone's card in time, the close after the time) read it too.

Time is read from the ``clock`` handed in (seconds since the epoch), so tests move
it by hand; nothing here prints or reads a language.

>>> from plansza.services.tables import ALPHABET
>>> code = player_code("sekret", 7)
>>> len(code), set(code) <= set(ALPHABET), code != player_code("sekret", 8)
(6, True, True)
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from plansza.duplicate.timer import MOVE_SECONDS, MoveTimer
from plansza.errors import N_, PlanszaError
from plansza.services.belgijka.file import load, save
from plansza.services.tables import normalize, short_code

if TYPE_CHECKING:
    from plansza.duplicate import Championship
    from plansza.duplicate.game import DuplicateMove
    from plansza.duplicate.racks import TypedDraw
    from plansza.lexicon import Lexicon

T = TypeVar("T")

#: The journal of the move's clock and cards, next to the championship file.
JOURNAL_SUFFIX = ".karty"


class HallError(PlanszaError):
    """What the hall refuses: a card after the deadline, an unknown code, a step out of
    its order (the referee's console and the phones show it)."""


def player_code(secret: str, number: int) -> str:
    """The code a player joins with on a phone: six characters, stable, not guessable."""
    return short_code(secret, f"belgijka/{number}")


def stamp(at: float) -> str:
    """A moment as the record keeps it (ISO 8601, UTC, to the millisecond)."""
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class Sent:
    """A card handed in during the move: the player, what is written, when, by whom."""

    player: int
    text: str
    score: int | None
    blanks: str
    at: float
    by: str  #: ``phone``, or the nickname of the referee who typed a paper card


#: Where the hall stands, as every page shows it:
#:
#: - ``none``: no championship yet (the referee creates it);
#: - ``no_game``: the championship exists, no game started (players register);
#: - ``waiting``: a game started, its first rack not drawn yet;
#: - ``drawn``: a move open, its clock not started;
#: - ``running``: the move's clock runs (the deadline itself included: II.3, II.5);
#: - ``up``: the move's time is up, the move not closed;
#: - ``closed``: between moves, the last one closed (its results shown);
#: - ``over``: the game is over.
Phase = Literal["none", "no_game", "waiting", "drawn", "running", "up", "closed", "over"]


@dataclass(frozen=True)
class MoveState:
    """The move as the console, the projector and the phones show it."""

    phase: Phase
    #: The current game's number (None before the first game).
    game: int | None = None
    #: The open move (None between moves).
    move: DuplicateMove | None = None
    #: Seconds left on the open move's clock (0 once the time is up; None before the
    #: clock starts).
    remaining: float | None = None
    #: The open move's time in all (None before the clock starts).
    seconds: float | None = None
    #: The current game's last closed move (its results), None before the first close.
    last: DuplicateMove | None = None


def move_state(ch: Championship | None, timer: MoveTimer | None, now: float) -> MoveState:
    """Where ``ch`` stands at ``now`` with the open move's clock ``timer``: the one
    place a move's phase is computed."""
    if ch is None:
        return MoveState("none")
    if not ch.games:
        return MoveState("no_game")
    game = ch.game
    last = next((m for m in reversed(game.moves) if m.closed), None)
    move = game.open_move
    if move is not None:
        if timer is None:
            return MoveState("drawn", game.number, move, last=last)
        phase: Phase = "running" if timer.in_time(now) else "up"
        return MoveState(phase, game.number, move, timer.remaining(now), timer.seconds, last)
    if game.over:
        return MoveState("over", game.number, last=last)
    return MoveState("waiting" if last is None else "closed", game.number, last=last)


class Hall:
    """One championship file run live (thread-safe: every method holds the hall's lock)."""

    def __init__(
        self,
        path: str,
        lexicon: Lexicon,
        *,
        secret: str,
        clock: Callable[[], float] = time.time,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.path = path
        self.lexicon = lexicon
        self.secret = secret
        self.clock = clock
        #: Called after every change (the web app wakes the open pages with it).
        self.on_change = on_change
        self._lock = threading.RLock()
        #: Bumped on every change: what the pages watch.
        self.version = 0
        self.ch: Championship | None = None
        #: The open move's clock (None: not started, or no move open).
        self.timer: MoveTimer | None = None
        self.sent: list[Sent] = []
        if Path(path).is_file():
            self.ch = load(path)
            self._recover()

    # ---- the file and the journal ------------------------------------------------

    @property
    def journal(self) -> str:
        return self.path + JOURNAL_SUFFIX

    def _recover(self) -> None:
        """The open move's clock and cards from the journal (a restarted server)."""
        move = self._open_move()
        if move is None or not Path(self.journal).is_file():
            return
        game = self._championship().game.number
        with open(self.journal, encoding="utf-8") as f:
            for line in f:
                try:
                    row = json.loads(line)
                except ValueError:
                    continue  # a line cut short when the server was killed: not answered
                if row.get("game") != game or row.get("move") != move.number:
                    continue
                if row.get("kind") == "clock":
                    self.timer = MoveTimer(row["seconds"], start=row["start"])
                elif row.get("kind") == "card":
                    self.sent.append(
                        Sent(row["player"], row["text"], row["score"], row["blanks"],
                             row["at"], row["by"])
                    )  # fmt: skip

    def _append(self, row: dict[str, Any]) -> None:
        """One line of the journal, on the disk before anyone is answered."""
        with open(self.journal, "a", encoding="utf-8") as f:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def _save(self) -> None:
        save(self._championship(), self.path)

    def _changed(self) -> None:
        self.version += 1
        if self.on_change is not None:
            self.on_change()

    @contextmanager
    def _change(self, *, save: bool = True) -> Iterator[Championship]:
        """The championship changed under the lock: saved whole, or — refused — read
        back from the file, so that a half-done change never stays in memory."""
        with self._lock:
            ch = self._championship()
            try:
                yield ch
            except BaseException:
                self.ch = load(self.path)
                raise
            if save:
                self._save()
            self._changed()

    def _championship(self) -> Championship:
        if self.ch is None:
            raise HallError(N_("no championship yet: the referee creates it first"),
                            code="no_championship")  # fmt: skip
        return self.ch

    def _open_move(self) -> DuplicateMove | None:
        ch = self.ch
        if ch is None or not ch.games:
            return None
        return ch.game.open_move

    def _journal_clock(self, timer: MoveTimer) -> None:
        """The open move's clock (started, or its time changed) in the journal."""
        move = self._open_move()
        assert move is not None  # a clock runs only in an open move
        self._append({"kind": "clock", "game": self._championship().game.number,
                      "move": move.number, "start": timer.start,
                      "seconds": timer.seconds})  # fmt: skip
        self.timer = timer
        self._changed()

    def state(self, now: float | None = None) -> MoveState:
        """Where the hall stands at ``now`` (the hall's clock when not given), read
        under the lock: what every page shows of the move."""
        with self._lock:
            return move_state(self.ch, self.timer, self.clock() if now is None else now)

    # ---- the referee's steps -----------------------------------------------------

    def create(self, name: str, seed: str, ruleset: str = "pfs", games: int = 3) -> None:
        """A new championship in the file (refused when the file exists)."""
        from plansza.duplicate import Championship
        from plansza.records import load as load_record

        with self._lock:
            if self.ch is not None or Path(self.path).exists():
                raise HallError(N_("{path}: the file exists"), code="exists", path=self.path)
            self.ch = load_record(
                Championship,
                {"seed": seed, "name": " ".join(name.split()) or "Belgijka",
                 "games_planned": games, "ruleset": ruleset},
            )  # fmt: skip
            self._save()
            self._changed()

    def register(self, name: str) -> int:
        """A player at the next free table (I.3); the table number."""
        with self._change() as ch:
            number = ch.register(name).number
        return number

    def start_game(self) -> int:
        with self._change() as ch:
            number = ch.start_game().number
        return number

    def draw(self) -> DuplicateMove:
        """The next move's rack drawn by the program (II.2, II.14) and its plays ranked."""
        with self._change() as ch:
            move = ch.draw(self.lexicon)
            self.timer, self.sent = None, []
        return move

    def draw_typed(self, typed: str) -> TypedDraw:
        """The next move's rack drawn from the real bag in the hall: ``typed`` names the
        tiles drawn (``?`` a blank), checked against what is left (I.5, II.14). When II.2
        calls for a redraw no move opens (the attempt is recorded); when the rack stands
        the move opens as :meth:`draw` opens it."""
        with self._change() as ch:
            result = ch.draw_typed(self.lexicon, typed)
            if result.stands:
                self.timer, self.sent = None, []
        return result

    def tiles_to_draw(self) -> int:
        """How many tiles the referee draws from the real bag next (II.14, II.2)."""
        with self._lock:
            return self._championship().tiles_to_draw()

    def start_clock(self, seconds: float = MOVE_SECONDS) -> MoveTimer:
        """The move's two minutes start now (II.3): the phones' cards are taken until
        the deadline."""
        with self._lock:
            move = self._open_move()
            if move is None:
                raise HallError(N_("there is no open move: draw the rack first"),
                                code="no_open_move")  # fmt: skip
            if self.timer is not None:
                raise HallError(N_("the move's clock has started already"), code="clock_on")
            timer = MoveTimer(seconds, start=self.clock())
            self._journal_clock(timer)
            return timer

    def set_move_time(self, seconds: float) -> MoveTimer:
        """The referee changes the running move's time to ``seconds`` in all (from its
        start; 10 s to 30 min): kept in the journal like the start."""
        from plansza.duplicate.messages import refuse

        with self._lock:
            if self.timer is None:
                raise HallError(N_("the move's clock has not started"), code="clock_off")
            if not 10 <= seconds <= 1800:
                raise refuse("bad_move_time", seconds=seconds)
            timer = self.timer.with_seconds(seconds)
            self._journal_clock(timer)
            return timer

    def end_game(self) -> int:
        """End the current game early, between moves (the referee's decision)."""
        with self._change() as ch:
            return ch.end_game().number

    def send(
        self, player: int, text: str, score: int | None, blanks: str = "", *, by: str = "phone"
    ) -> Sent:
        """A card handed in: a phone's only while the move's clock runs (II.3, II.5: after
        the time no change), a paper card typed by the referee (``by`` their nick) any
        time before the close. Kept in the journal before the answer; checked at the
        close. A later card of the same player replaces the earlier (II.5: until the
        time is up the player may change it)."""
        now = self.clock()
        with self._lock:
            ch = self._championship()
            if player not in ch.players:
                raise HallError(N_("no player at table {number}"), code="no_player",
                                number=player)  # fmt: skip
            state = move_state(ch, self.timer, now)
            move = state.move
            if move is None:
                raise HallError(N_("there is no open move"), code="no_open_move")
            if by == "phone":
                if state.phase == "drawn":
                    raise HallError(N_("the move's time has not started yet"),
                                    code="not_started")  # fmt: skip
                if state.phase == "up" and self.timer is not None:
                    late = now - self.timer.deadline
                    raise HallError(
                        N_("the card came {late:.1f} s after the move's time was up: no card "
                           "is taken after the time (II.3, II.5)"),
                        code="late", late=late,
                    )  # fmt: skip
            sent = Sent(player, text.strip()[:80], score, blanks.strip()[:7], now, by)
            self._append({"kind": "card", "game": ch.game.number, "move": move.number,
                          "player": sent.player, "text": sent.text, "score": sent.score,
                          "blanks": sent.blanks, "at": sent.at, "by": sent.by})  # fmt: skip
            self.sent.append(sent)
            self._changed()
            return sent

    def sent_by(self, player: int) -> Sent | None:
        """The player's card that counts so far this move (the last one)."""
        with self._lock:
            return next((s for s in reversed(self.sent) if s.player == player), None)

    def choose(self, index: int, reason: str = "") -> None:
        """The referee picks the winning move among the candidates (II.12–II.13)."""
        with self._change() as ch:
            ch.choose(self.lexicon, index=index, reason=reason, force=False)

    def close(self) -> DuplicateMove:
        """Close the move: every card handed in checked (II.9) on one board, the winning
        move on the board (II.11); the file saved, the journal's move done. Refused while
        the phones' time runs."""
        from plansza.duplicate.cards import Card

        with self._lock:
            if self.state().phase == "running":
                raise HallError(N_("the move's time is still running"), code="running")
            with self._change() as ch:
                cards = [
                    (s.player, Card(s.text, s.score, s.blanks).normalized(), stamp(s.at), s.by)
                    for s in self.sent
                ]
                ch.enter_cards(cards, self.lexicon)
                move = ch.close()
            self.timer, self.sent = None, []
            Path(self.journal).unlink(missing_ok=True)
            return move

    def penalty(self, player: int, kind: str, reason: str = "") -> None:
        with self._change() as ch:
            ch.penalty(player, kind, reason)

    def override(self, player: int, score: int, reason: str) -> None:
        with self._change() as ch:
            ch.override(player, score, reason)

    def read(self, look: Callable[[Championship | None], T]) -> T:
        """What ``look`` makes of the championship (None: not created yet), under the
        lock: the pages read it this way, never while it changes."""
        with self._lock:
            return look(self.ch)

    # ---- the phones --------------------------------------------------------------

    def player_of(self, code: str) -> int:
        """The table number a join code opens (refused: no player has it)."""
        wanted = normalize(code)
        with self._lock:
            ch = self._championship()
            for number in ch.players:
                if player_code(self.secret, number) == wanted:
                    return number
        raise HallError(N_("no player has the code {typed}"), code="bad_code", typed=wanted)

    def codes(self) -> list[tuple[int, str, str]]:
        """(table, name, join code) of every player, by table."""
        with self._lock:
            ch = self._championship()
            return [(n, p.name, player_code(self.secret, n)) for n, p in sorted(ch.players.items())]
