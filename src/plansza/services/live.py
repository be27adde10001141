"""A live game: one implementation of the turn flow, for the terminal and the web.

A :class:`LiveTable` is one two-player game under a rules preset, its seats a person
or the computer. Everything that happens is an *action* (a typed struct, below) of a
seat — a move in Polish notation, accepting or challenging the opponent's play,
resigning, answering a rematch — or of the server — a person taking a seat, a flag
fall, the game cancelled because a player never came. :meth:`LiveTable.apply` checks
an action against the game (the domain's errors when it cannot be made; nothing
changes then) and returns the numbered :class:`Step` with the *events* it caused,
which the web server stores before telling anyone and the terminal shows at once.
The computer's decisions are actions too (:meth:`LiveTable.computer_action`), so a
game is rebuilt exactly, clocks included, by :meth:`LiveTable.replay` of its steps.

What a reader may see is decided here and only here: :meth:`LiveTable.view` is the
game as one seat (or a spectator, ``None``) sees it, and :meth:`LiveTable.seen_by` a
step as that reader may see it — an opponent's exchange as its number of tiles, a
seat's owner never. Every message and page of the front ends is built from these.

The clocks follow the rules as they are meant online: they start when every seat is
taken (TR 2.4; a game waiting for its second player cannot be played, and is
cancelled when no one comes in time), and while a play awaits acceptance or a
challenge the deciding player's clock runs (TR 4.6.2; ``Rules.decision_clock``).

>>> from plansza.lexicon import Lexicon
>>> words = Lexicon.build(["KOT", "KOTY", "TO", "OK"])
>>> table = LiveTable.new(rules=live_rules("pfs", 15), seed=3, seats=("person", "person"),
...                       names=("Ala", "Ola"), words=words, starting=0, now=0.0)
>>> table.view(0).rack, table.view(None).rack
('DHLORSŚ', None)
>>> step = table.apply(0, MoveAction("-DH"), now=2.5)
>>> step.events
(Exchanged(seat=0, count=2, tiles='DH'),)
>>> table.seen_by(step, 1).events
(Exchanged(seat=0, count=2, tiles=''),)
>>> table.apply(0, MoveAction("pauza"), now=3.0)
Traceback (most recent call last):
...
plansza.services.live.LiveError: it is not your turn
>>> again = LiveTable.replay(table.setup, words=words, steps=table.steps)
>>> again.view(1, now=10.0) == table.view(1, now=10.0)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import msgspec

from plansza.errors import N_, IllegalActionError, InvalidMoveError, PlanszaError
from plansza.moves import Exchange, Pass, Play, parse_move, unreadable
from plansza.tiles import BLANK

if TYPE_CHECKING:
    from plansza.engine.base import ComputerPlayer
    from plansza.game import Game, WordList
    from plansza.gcg import GameRecord
    from plansza.lexicon import Lexicon
    from plansza.rules import Rules

#: The rules presets a live game may use (plansza.rules.Rules.by_name).
PRESETS = ("pfs", "home", "school", "wespa")
#: Seconds a game waits for its second player before it is cancelled (TR 2.4: the
#: game starts when both are there; an invitation nobody opens must not hang).
ARRIVAL = 30 * 60.0
#: The longest display name a person may take.
NAME_MAX = 40
#: A correspondence game's day, in seconds.
DAY = 24 * 3600.0
#: The most days a correspondence game gives for a move.
DAYS_MAX = 14

Reader = int | None
"""Who looks: a seat (0 or 1) or ``None``, a spectator."""
READERS: tuple[Reader, ...] = (0, 1, None)


class LiveError(PlanszaError):
    """An action a live game cannot take (not its turn, not a seat, a bad action)."""

    code = "live"


# ---- actions: what a seat or the server asks for -----------------------------------


class MoveAction(msgspec.Struct, frozen=True, tag="move", tag_field="kind"):
    """A play, an exchange or a pass in Polish notation (``H8 KOT``, ``-ABC``, ``pauza``)."""

    text: str


class Accept(msgspec.Struct, frozen=True, tag="accept", tag_field="kind"):
    """Accept the opponent's pending play (TR 4.7.3)."""


class Challenge(msgspec.Struct, frozen=True, tag="challenge", tag_field="kind"):
    """Challenge the opponent's pending play: ``words`` of it, or all (TR 4.7.6)."""

    words: tuple[str, ...] = ()


class Resign(msgspec.Struct, frozen=True, tag="resign", tag_field="kind"):
    """Give the game up (before it has started: call it off)."""


class Rematch(msgspec.Struct, frozen=True, tag="rematch", tag_field="kind"):
    """After the end: offer a rematch (``offer``), or answer one (``yes`` / ``no``).
    ``game`` is the new game's id, filled in by the server when it is made."""

    answer: str = "offer"
    game: str = ""


class Flag(msgspec.Struct, frozen=True, tag="flag", tag_field="kind"):
    """The server: the clock decided something (a flag fell, a window closed)."""


class Resume(msgspec.Struct, frozen=True, tag="resume", tag_field="kind"):
    """The server came back after dying at ``from_``: the running clock is charged up
    to then and runs again from now (no one loses the time it was down)."""

    from_: float = msgspec.field(name="from")


class Join(msgspec.Struct, frozen=True, tag="join", tag_field="kind"):
    """The server: a person takes ``seat`` as ``name``; ``owner`` is what proves the
    seat later (the hash of their secret token; never shown to anyone)."""

    seat: int
    name: str
    owner: str = ""


class Cancel(msgspec.Struct, frozen=True, tag="cancel", tag_field="kind"):
    """The server: the second player did not come in time; the game is called off."""


Action = MoveAction | Accept | Challenge | Resign | Rematch | Flag | Resume | Join | Cancel
#: What a player may send (the rest are the server's own).
PlayerAction = MoveAction | Accept | Challenge | Resign | Rematch
SERVER_ACTIONS = (Flag, Resume, Join, Cancel)


def action_of(data: object) -> Action:
    """An action from its JSON form (a stored step), or :class:`LiveError`.

    >>> action_of({"kind": "move", "text": "pauza"})
    MoveAction(text='pauza')
    """
    try:
        action: Action = msgspec.convert(data, Action)
        return action
    except msgspec.ValidationError:
        raise LiveError(N_("unknown action {kind!r}"), code="bad_action", kind="?") from None


def player_action(data: object) -> PlayerAction:
    """A player's action from a client's message (anything else: :class:`LiveError`)."""
    try:
        action: PlayerAction = msgspec.convert(data, PlayerAction)
        return action
    except msgspec.ValidationError:
        kind = data.get("kind") if isinstance(data, dict) else None
        raise LiveError(
            N_("unknown action {kind!r}"), code="bad_action", kind=str(kind)[:20]
        ) from None


# ---- events: what came of an action ---------------------------------------------------


class Played(msgspec.Struct, frozen=True, tag="played", tag_field="event"):
    """``seat`` put a play on the board; ``pending``: it awaits the opponent (TR 4.7)."""

    seat: int
    move: str  #: with the letters already on the board in parentheses
    score: int
    words: tuple[str, ...]
    squares: tuple[tuple[int, int], ...]
    pending: bool


class Exchanged(msgspec.Struct, frozen=True, tag="exchanged", tag_field="event"):
    """``seat`` exchanged ``count`` tiles; ``tiles`` only for that seat's own eyes."""

    seat: int
    count: int
    tiles: str = ""


class Passed(msgspec.Struct, frozen=True, tag="passed", tag_field="event"):
    seat: int


class TimedOut(msgspec.Struct, frozen=True, tag="timed_out", tag_field="event"):
    """``seat``'s flag fell (TR 6.2.1–6.2.2); ``alone``: the other plays on (TR 6.2.3)."""

    seat: int
    alone: bool


class OutOfDays(msgspec.Struct, frozen=True, tag="out_of_days", tag_field="event"):
    """A correspondence game: ``seat`` did not act within its days; it loses."""

    seat: int


class Accepted(msgspec.Struct, frozen=True, tag="accepted", tag_field="event"):
    """``by`` accepted ``player``'s play (``by`` out of time: it stood): TR 4.7.3."""

    by: int
    player: int
    score: int
    total: int


class Challenged(msgspec.Struct, frozen=True, tag="challenged", tag_field="event"):
    """``challenger`` challenged ``words`` of the pending play."""

    challenger: int
    words: tuple[str, ...]


class Judged(msgspec.Struct, frozen=True, tag="judged", tag_field="event"):
    """The joint verdict (TR 4.7.11: never which word failed) and what it cost."""

    valid: bool
    player: int
    score: int
    challenger: int
    penalty: int  #: points the challenger lost (0 where challenges are free, TR 4.8.3)


class Resigned(msgspec.Struct, frozen=True, tag="resigned", tag_field="event"):
    seat: int


class Joined(msgspec.Struct, frozen=True, tag="joined", tag_field="event"):
    seat: int
    name: str


class Started(msgspec.Struct, frozen=True, tag="started", tag_field="event"):
    """Every seat is taken: the clocks start (TR 2.4)."""


class Cancelled(msgspec.Struct, frozen=True, tag="cancelled", tag_field="event"):
    """The game was called off before it started (no result, unrated)."""

    seat: int | None = None  #: who called it off (``None``: no one came in time)


class Resumed(msgspec.Struct, frozen=True, tag="resumed", tag_field="event"):
    paused: float  #: seconds the server was down (charged to no one)


class RematchOffered(msgspec.Struct, frozen=True, tag="rematch_offered", tag_field="event"):
    seat: int


class RematchDeclined(msgspec.Struct, frozen=True, tag="rematch_declined", tag_field="event"):
    seat: int


class RematchMade(msgspec.Struct, frozen=True, tag="rematch_made", tag_field="event"):
    game: str


class AdjustmentView(msgspec.Struct, frozen=True):
    """Points added or taken at the end (racks, time) or by a challenge."""

    player: int
    points: int
    reason: str
    tiles: str = ""


class Ended(msgspec.Struct, frozen=True, tag="ended", tag_field="event"):
    """The game is over (``reason`` ``None``: stopped before the end, in the terminal)."""

    reason: str | None
    finisher: int | None  #: who played out (TR 5.1.1a), if someone did
    adjustments: tuple[AdjustmentView, ...]
    winner: int | None
    scores: tuple[int, ...]


Event = (
    Played
    | Exchanged
    | Passed
    | TimedOut
    | OutOfDays
    | Accepted
    | Challenged
    | Judged
    | Resigned
    | Joined
    | Started
    | Cancelled
    | Resumed
    | RematchOffered
    | RematchDeclined
    | RematchMade
    | Ended
)


class Step(msgspec.Struct, frozen=True):
    """One applied action, as stored and as sent: ``n`` from 1, ``seat`` (``None`` for
    the server's own), the action and what came of it."""

    n: int
    at: float
    seat: int | None
    action: Action
    events: tuple[Event, ...] = ()

    def stored(self) -> tuple[str, str]:
        """The action's and the events' JSON, as a database keeps them."""
        return _ENCODER.encode(self.action).decode(), _ENCODER.encode(self.events).decode()

    @classmethod
    def from_stored(cls, n: int, at: float, seat: int | None, action: str, events: str) -> Step:
        """A stored step back (events stored in an older form are left out: a replay
        makes them again)."""
        return cls(n, at, seat, _ACTION.decode(action), events_of(msgspec.json.decode(events)))


# ---- the setup: what a game is made with ------------------------------------------------


class Setup(msgspec.Struct):
    """A live game's settings as stored (the steps replay on them).

    ``starting`` is as asked: ``None`` (drawn, TR 2.1) is drawn again from the seed on
    replay. ``owners``: each seat's proof (a token's hash; ``""``: the computer, or a
    seat nobody has taken yet). ``invite``: the hash of the invitation's code
    (``""``: none). ``waiting``: the clocks wait for every seat to be taken.
    """

    rules: str
    minutes: int
    seed: int
    seats: list[str]
    names: list[str]
    starting: int | None
    started: float  #: when the game was made
    owners: list[str] = msgspec.field(default_factory=lambda: ["", ""])
    invite: str = ""
    #: a game of three or four: each open seat's invitation (the hash of its code;
    #: ``""``: none) — one link seats one person in one seat, once
    invites: list[str] = msgspec.field(default_factory=list)
    waiting: bool = False
    arrival: float = ARRIVAL
    rematch_of: str = ""
    #: rated (``plansza.services.ratings``): both persons' seats belong to accounts
    rated: bool = False
    #: a correspondence game: days a player has for each move (``minutes`` is 0)
    days: int = 0

    @classmethod
    def from_stored(cls, data: dict[str, Any]) -> Setup:
        """A stored setup (one written before seats had owners keeps its ``tokens``)."""
        data = dict(data)
        if "tokens" in data and "owners" not in data:
            data["owners"] = data.pop("tokens")
        data.pop("tokens", None)
        return msgspec.convert(data, cls)

    def stored(self) -> dict[str, Any]:
        out: dict[str, Any] = msgspec.to_builtins(self)
        return out


def live_rules(preset: str, minutes: int, players: int = 2) -> Rules:
    """The rules of a live game: ``preset`` with ``minutes`` a player (0: no clock),
    the deciding player's clock running in the challenge window (TR 4.6.2 online);
    ``players``: 2, or 3 or 4 at home rules (GR).

    >>> r = live_rules("pfs", 20)
    >>> r.minutes, r.decision_clock
    (20, True)
    >>> live_rules("home", 0, players=4).players
    4
    """
    from plansza.rules import Rules

    if preset not in PRESETS:
        raise LiveError(N_("unknown rules {name!r}: use pfs, home, school or wespa"), name=preset)
    if not 0 <= minutes <= 180:
        raise LiveError(N_("clock minutes from 0 to 180, not {n}"), n=minutes)
    if players != 2 and (preset != "home" or not 3 <= players <= 4):
        raise LiveError(
            N_("a game of three or four is played at home rules"), code="players"
        )
    return Rules.by_name(preset, players).replace(minutes=minutes or None, decision_clock=True)


def display_name(text: str) -> str:
    """A person's display name: spaces collapsed, control characters dropped, at most
    :data:`NAME_MAX` characters; :class:`LiveError` when nothing is left.

    >>> display_name("  Anna \\t Żak ")
    'Anna Żak'
    """
    cleaned = " ".join("".join(ch for ch in text if ch.isprintable()).split())[:NAME_MAX]
    if not cleaned:
        raise LiveError(N_("choose a name to play under"), code="no_name")
    return cleaned


# ---- the view ----------------------------------------------------------------------------


class PendingView(msgspec.Struct, frozen=True):
    player: int
    move: str
    score: int
    squares: list[list[int]]


class SheetRow(msgspec.Struct, frozen=True):
    """A turn on the score sheet; an opponent's exchange has ``move`` empty and its
    number of tiles in ``count``."""

    player: int
    kind: str
    move: str
    score: int
    total: int
    count: int = 0


class ResultView(msgspec.Struct, frozen=True):
    reason: str
    scores: list[int]
    winner: int | None


class RematchView(msgspec.Struct, frozen=True):
    offered_by: int | None = None
    declined_by: int | None = None
    game: str = ""


class View(msgspec.Struct, frozen=True):
    """The game as one reader sees it (``seat`` ``None``: a spectator, who sees no rack).

    ``state``: ``waiting`` (for the second player), ``playing``, ``over``,
    ``cancelled``. ``clocks`` in seconds left, ``running`` the seat whose time runs;
    ``arrival`` the seconds left for the second player to come.
    """

    n: int
    seat: int | None
    state: str
    names: list[str]
    seats: list[str]
    joined: list[bool]
    board: list[str]
    rack: str | None
    scores: list[int]
    to_move: int
    pending: PendingView | None
    last: list[list[int]]
    bag: int
    unseen: str | None
    clocks: list[float] | None
    running: int | None
    sheet: list[SheetRow]
    result: ResultView | None
    adjustments: list[AdjustmentView]
    exchanges_left: int | None
    arrival: float | None
    rematch: RematchView
    rated: bool = False
    #: a correspondence game's days a move, and the seconds the seat to act has left
    days: int = 0
    act_left: float | None = None


# ---- the table ----------------------------------------------------------------------------

PlayerFactory = Callable[[int], "ComputerPlayer"]


@dataclass
class LiveTable:
    """A two-player game and its numbered steps (see the module's docstring)."""

    game: Game
    setup: Setup
    """As the game was made (what a replay starts from: never changed)."""
    steps: list[Step] = field(default_factory=list)
    owners: list[str] = field(default_factory=lambda: ["", ""])
    """Each seat's proof now (a token's hash; ``""``: the computer, or not taken yet)."""
    joined: list[bool] = field(default_factory=lambda: [True, True])
    started: bool = True
    cancelled: bool = False
    #: when the seat to act now began to (a correspondence game's days count from it)
    turn_since: float = 0.0
    rematch: RematchView = field(default_factory=RematchView)
    players: PlayerFactory | None = field(default=None, repr=False)
    _bots: dict[int, ComputerPlayer] = field(default_factory=dict, repr=False)
    _shared_at: tuple[int, tuple[list[str], list[list[int]], PendingView | None]] | None = (
        field(default=None, repr=False)
    )

    @property
    def _order(self) -> tuple[str, ...]:
        """The tiles in alphabet order, blanks last."""
        return (*self.game.rules.tileset.letters, BLANK)

    # ---- making and rebuilding -----------------------------------------------

    @classmethod
    def new(
        cls,
        *,
        rules: Rules,
        seed: int,
        seats: tuple[str, ...],
        names: tuple[str, ...],
        words: WordList,
        starting: int | None = None,
        now: float,
        preset: str = "",
        owners: tuple[str, ...] = ("", ""),
        invite: str = "",
        invites: tuple[str, ...] = (),
        waiting: bool = False,
        arrival: float = ARRIVAL,
        rematch_of: str = "",
        players: PlayerFactory | None = None,
        rated: bool = False,
        days: int = 0,
    ) -> LiveTable:
        """A game about to start. Without ``waiting`` the clock of the player to move
        runs from ``now``; with it, the person seats not yet owned (``owners``) are
        open and the clocks wait for them (TR 2.4)."""
        if len(seats) != rules.players or len(names) != len(seats):
            raise LiveError(
                N_("{n} seats for a game of {players} players"),
                code="bad_seat",
                n=str(len(seats)),
                players=str(rules.players),
            )
        setup = Setup(
            rules=preset or rules.name,
            minutes=rules.minutes or 0,
            seed=seed,
            seats=list(seats),
            names=list(names),
            starting=starting,
            started=now,
            owners=[*owners, *[""] * (len(seats) - len(owners))][: len(seats)],
            invite=invite,
            invites=list(invites),
            waiting=waiting,
            arrival=arrival,
            rematch_of=rematch_of,
            rated=rated,
            days=days,
        )
        return cls._made(setup, rules, words, players)

    @classmethod
    def _made(
        cls, setup: Setup, rules: Rules, words: WordList, players: PlayerFactory | None
    ) -> LiveTable:
        from plansza.game import Game

        lexicon_tiles = getattr(words, "tileset", None)
        if lexicon_tiles is not None and lexicon_tiles.name != rules.tileset.name:
            # WESPA plays English tiles: a Polish word list cannot judge its words
            raise LiveError(
                N_("the {rules} rules need a word list of their tiles; this one is {name}"),
                code="lexicon_tiles",
                rules=setup.rules,
                name=getattr(words, "name", "?"),
            )
        game = Game(
            rules, list(setup.names), seed=setup.seed, words=words, starting_player=setup.starting
        )
        joined = [
            not setup.waiting or kind != "person" or bool(owner)
            for kind, owner in zip(setup.seats, setup.owners, strict=True)
        ]
        table = cls(
            game,
            setup,
            owners=list(setup.owners),
            joined=joined,
            started=all(joined),
            players=players,
            turn_since=setup.started,
        )
        if table.started and game.clock is not None:
            game.clock.start(game.to_move, setup.started)
        return table

    @classmethod
    def replay(
        cls,
        setup: Setup,
        *,
        words: WordList,
        steps: list[Step],
        players: PlayerFactory | None = None,
    ) -> LiveTable:
        """The game rebuilt from its stored steps (each applied at its recorded time)."""
        rules = live_rules(setup.rules, setup.minutes, len(setup.seats))
        table = cls._made(setup, rules, words, players)
        for step in steps:
            table.apply(step.seat, step.action, now=step.at)
        return table

    # ---- state -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether nothing more can be played (finished, or called off)."""
        return self.game.result is not None or self.cancelled

    @property
    def state(self) -> str:
        if self.cancelled:
            return "cancelled"
        if self.game.result is not None:
            return "over"
        return "playing" if self.started else "waiting"

    def seat_of_owner(self, owner: str) -> int | None:
        """The seat ``owner`` (a token's hash) holds, or ``None``."""
        import secrets

        for seat, stored in enumerate(self.owners):
            if stored and secrets.compare_digest(stored, owner):
                return seat
        return None

    def seat_open(self, seat: int) -> bool:
        """Whether ``seat`` waits for a person to take it."""
        return (
            not self.over
            and 0 <= seat < len(self.setup.seats)
            and self.setup.seats[seat] == "person"
            and not self.joined[seat]
        )

    def open_seat(self) -> int | None:
        """The person seat nobody has taken yet (``None``: all taken)."""
        for seat, kind in enumerate(self.setup.seats):
            if kind == "person" and not self.joined[seat]:
                return seat
        return None

    def deadline(self, now: float) -> float | None:
        """Seconds until the time alone decides something (a flag, a window closing,
        the second player not come): when the server should call :meth:`tick`."""
        if self.over:
            return None
        if not self.started:
            return max(0.0, self.setup.started + self.setup.arrival - now)
        if self.setup.days:
            return max(0.0, self.days_end - now)
        return self.game.deadline(now)

    @property
    def days_end(self) -> float:
        """A correspondence game: when the seat to act now runs out of days."""
        return self.turn_since + self.setup.days * DAY

    def actor(self) -> int | None:
        """The seat that must act now: the one to move, or the one to decide on a play
        (``None``: the game is not being played)."""
        g = self.game
        if self.over or not self.started:
            return None
        if g.pending is not None:
            return (g.pending.player + 1) % g.rules.players
        return g.to_move

    def tick(self, now: float) -> Step | None:
        """The step the time makes at ``now`` (a flag, the game cancelled), if any."""
        if self.over:
            return None
        if not self.started:
            if now >= self.setup.started + self.setup.arrival:
                return self.apply(None, Cancel(), now=now)
            return None
        try:
            return self.apply(None, Flag(), now=now)
        except LiveError:
            return None

    # ---- acting ----------------------------------------------------------------

    def apply(self, seat: int | None, action: Action, *, now: float) -> Step:
        """Apply ``seat``'s ``action`` at ``now`` (``seat`` ``None``: the server's own);
        the step made. Raises (changing nothing) when it cannot be made."""
        if isinstance(action, SERVER_ACTIONS):
            if seat is not None:
                raise LiveError(
                    N_("only the server declares {kind}"), code="bad_action", kind=_kind(action)
                )
        elif seat is None or not 0 <= seat < len(self.setup.seats):
            raise LiveError(N_("no such seat: {seat}"), code="bad_seat", seat=str(seat))
        was = self.actor()
        events = self._apply(seat, action, now)
        if self.actor() != was or (seat is not None and seat == was):
            self.turn_since = now  # a new turn to act (or the actor acted): days anew
        step = Step(len(self.steps) + 1, now, seat, action, tuple(events))
        self.steps.append(step)
        return step

    def _apply(self, seat: int | None, action: Action, now: float) -> list[Event]:
        g = self.game
        if isinstance(action, Join):
            return self._join(action, now)
        if isinstance(action, Rematch):
            assert seat is not None
            return self._rematch(seat, action)
        if self.cancelled:
            raise IllegalActionError("cancelled", N_("the game was called off"))
        if g.result is not None:
            raise IllegalActionError("game_over", N_("the game is over"), action=_kind(action))
        if isinstance(action, Cancel):
            if self.started or now < self.setup.started + self.setup.arrival:
                raise LiveError(N_("the game is not to be called off"), code="no_cancel")
            self.cancelled = True
            return [Cancelled()]
        if isinstance(action, Resign) and not self.started:
            self.cancelled = True  # no game was played: nothing to lose
            return [Cancelled(seat)]
        if not self.started:
            raise LiveError(N_("the game starts when your opponent arrives"), code="not_started")
        events: list[Event]
        if isinstance(action, Resume):
            if g.clock is not None and g.clock.running is not None:
                player = g.clock.running
                g.clock.stop(min(action.from_, now))
                g.clock.start(player, now)
            events = [Resumed(round(max(0.0, now - action.from_), 3))]
        elif isinstance(action, Flag):
            events = self._flag(now)
        elif isinstance(action, Resign):
            assert seat is not None
            g.resign(seat, now)
            events = [Resigned(seat)]
        elif isinstance(action, MoveAction):
            assert seat is not None
            events = self._move(seat, action.text, now)
        elif isinstance(action, Accept):
            p = g.pending
            if p is None or seat is None or g.decider != seat:
                # the next player decides (of two: the opponent), no one else
                raise LiveError(N_("there is no play of your opponent to accept"), code="accept")
            g.accept(now)
            events = [Accepted(seat, p.player, p.scored.score, g.scores[p.player])]
        else:
            assert isinstance(action, Challenge) and seat is not None
            events = self._challenge(seat, action.words, now)
        if g.result is not None:
            events.append(self.ending())
        return events

    def _join(self, action: Join, now: float) -> list[Event]:
        seat = action.seat
        if self.over:
            raise IllegalActionError("game_over", N_("the game is over"), action="join")
        if (
            not 0 <= seat < len(self.setup.seats)
            or self.setup.seats[seat] != "person"
            or self.joined[seat]
        ):
            raise LiveError(N_("this seat is taken"), code="seat_taken")
        name = display_name(action.name)
        self.joined[seat] = True
        self.owners[seat] = action.owner
        names = list(self.game.names)
        names[seat] = name
        self.game.names = names
        events: list[Event] = [Joined(seat, name)]
        if all(self.joined):
            self.started = True
            g = self.game
            if g.clock is not None:
                g.clock.start(g.to_move, now)
            events.append(Started())
        return events

    def _rematch(self, seat: int, action: Rematch) -> list[Event]:
        r = self.rematch
        if len(self.setup.seats) != 2:
            raise LiveError(N_("a rematch is for a game of two"), code="rematch")
        if self.game.result is None:
            raise LiveError(N_("a rematch is offered after the end"), code="rematch")
        if r.game or r.declined_by is not None:
            raise LiveError(N_("the rematch has been answered"), code="rematch")
        if action.answer == "offer":
            if r.offered_by is not None:
                raise LiveError(N_("a rematch is already offered"), code="rematch")
            self.rematch = RematchView(offered_by=seat)
            return [RematchOffered(seat)]
        if r.offered_by is None or r.offered_by == seat:
            raise LiveError(N_("there is no rematch to answer"), code="rematch")
        if action.answer == "no":
            self.rematch = RematchView(offered_by=r.offered_by, declined_by=seat)
            return [RematchDeclined(seat)]
        if action.answer == "yes" and action.game:
            self.rematch = RematchView(offered_by=r.offered_by, game=action.game)
            return [RematchMade(action.game)]
        raise LiveError(N_("unknown action {kind!r}"), code="bad_action", kind="rematch")

    def can_accept_rematch(self, seat: int) -> None:
        """Raise unless ``seat`` may accept the rematch offered now (the server makes
        the new game only then)."""
        r = self.rematch
        if self.game.result is None or r.game or r.declined_by is not None:
            raise LiveError(N_("the rematch has been answered"), code="rematch")
        if r.offered_by is None or r.offered_by == seat:
            raise LiveError(N_("there is no rematch to answer"), code="rematch")

    def rematch_setup(self, now: float) -> Setup:
        """The settings of this game's rematch: the same seats, names and clock, the
        other player starting."""
        first = self.game.starting_player
        assert first is not None
        return Setup(
            rules=self.setup.rules,
            minutes=self.setup.minutes,
            seed=new_seed(),
            seats=list(self.setup.seats),
            names=list(self.game.names),
            starting=1 - first,
            started=now,
            owners=list(self.owners),
            rated=self.setup.rated,
            days=self.setup.days,
        )

    def _flag(self, now: float) -> list[Event]:
        from plansza.game import EndReason, TurnKind

        g = self.game
        if self.setup.days:
            actor = self.actor()
            if actor is None or now < self.days_end:
                raise LiveError(N_("no flag has fallen"), code="no_flag")
            g.resign(actor, now, EndReason.OUT_OF_DAYS)
            return [OutOfDays(actor)]
        before, pending = len(g.history), g.pending
        if not g.flag(now):
            raise LiveError(N_("no flag has fallen"), code="no_flag")
        events: list[Event] = []
        for turn in g.history[before:]:
            if turn.kind is TurnKind.PLAY and pending is not None:
                decider = (pending.player + 1) % g.rules.players
                events.append(Accepted(decider, pending.player, turn.score, turn.total))
            elif turn.kind is TurnKind.TIMEOUT:
                events.append(TimedOut(turn.player, alone=g.result is None))
        return events

    def _move(self, seat: int, text: str, now: float) -> list[Event]:
        from plansza.game import TurnKind

        g = self.game
        if seat != g.to_move or g.pending is not None:
            raise LiveError(N_("it is not your turn"), code="not_your_turn")
        try:
            move = parse_move(text, g.rules.tileset)
        except InvalidMoveError:
            raise unreadable(text, g.rules.tileset) from None
        # a play accepted at once leaves no pending play to read it from: the board before
        board_before = g.board.copy() if isinstance(move, Play) and not _challenges(g) else None
        before = len(g.history)
        g.move(move, now=now)
        if len(g.history) > before and g.history[-1].kind is TurnKind.TIMEOUT:
            return [TimedOut(seat, alone=g.result is None)]
        if isinstance(move, Play):
            p = g.pending
            if p is None:  # accepted at once (no challenges under these rules)
                assert board_before is not None
                turn = g.history[-1]
                squares = tuple(
                    sq for sq in move.coordinate.squares(len(move.word)) if board_before[sq] is None
                )
                notation = move.notation(parens=True, board=board_before)
                return [Played(seat, notation, turn.score, turn.words, squares, pending=False)]
            scored = p.scored
            board = g.board.copy()
            board.remove(t.square for t in scored.tiles)
            return [
                Played(
                    seat,
                    scored.play.notation(parens=True, board=board),
                    scored.score,
                    tuple(w.word for w in scored.words),
                    tuple(t.square for t in scored.tiles),
                    pending=True,
                )
            ]
        if isinstance(move, Exchange):
            return [Exchanged(seat, len(move.tiles), g.rules.tileset.sort_tiles(move.tiles))]
        assert isinstance(move, Pass)
        return [Passed(seat)]

    def _challenge(self, seat: int, words: tuple[str, ...], now: float) -> list[Event]:
        g = self.game
        p = g.pending
        if p is None or g.decider != seat:
            raise LiveError(N_("there is no play of your opponent to challenge"), code="challenge")
        chosen = [w.upper() for w in words]
        verdict = g.challenge(chosen or None, challenger=seat, now=now)
        penalty = (g.rules.challenge_penalty or 0) if verdict.valid else 0
        named = tuple(chosen) or tuple(w.word for w in p.scored.words)
        return [
            Challenged(seat, named),
            Judged(verdict.valid, p.player, p.scored.score, seat, penalty),
        ]

    def ending(self) -> Ended:
        """How the game ended, or stands (``reason`` ``None``: not over)."""
        from plansza.game import EndReason

        g = self.game
        result = g.result
        finisher = (
            g.history[-1].player
            if result is not None and result.reason is EndReason.WENT_OUT
            else None
        )
        return Ended(
            result.reason.value if result is not None else None,
            finisher,
            tuple(AdjustmentView(a.player, a.points, a.reason, a.tiles) for a in g.adjustments),
            result.winner if result is not None else None,
            tuple(g.scores),
        )

    # ---- the computer ----------------------------------------------------------

    def computer_seat(self) -> int | None:
        """The seat whose computer acts next (its move, its answer to a play, or to a
        rematch offered)."""
        g = self.game
        if self.cancelled or not self.started:
            return None
        if g.result is not None:
            r = self.rematch
            if r.offered_by is not None and not r.game and r.declined_by is None:
                other = 1 - r.offered_by
                return other if self.setup.seats[other] != "person" else None
            return None
        seat = g.to_move if g.pending is None else (g.pending.player + 1) % g.rules.players
        return seat if self.setup.seats[seat] != "person" else None

    def computer_action(self, seat: int) -> PlayerAction:
        """What the computer in ``seat`` does now: its move, accepting or challenging
        the person's play (it challenges exactly the plays that form an invalid word),
        or agreeing to a rematch."""
        from plansza.engine.base import view_of

        g = self.game
        if g.result is not None:
            return Rematch("yes")
        bot = self.bot(seat)
        if g.pending is not None:
            words = tuple(w.word for w in g.pending.scored.words)
            return Challenge() if bot.challenges(view_of(g, seat), words) else Accept()
        return MoveAction(str(bot.choose(view_of(g, seat))))

    def bot(self, seat: int) -> ComputerPlayer:
        """The computer player of ``seat`` (made on first use)."""
        if seat not in self._bots:
            if self.players is not None:
                self._bots[seat] = self.players(seat)
            else:
                from plansza.engine import make_player
                from plansza.engine.match import hash_seed

                words = cast("Lexicon", self.game.words)  # a live game is made with a Lexicon
                self._bots[seat] = make_player(
                    self.setup.seats[seat],
                    words,
                    self.game.rules,
                    seed=hash_seed(f"{self.setup.seed}:{seat}"),
                )
        return self._bots[seat]

    # ---- what a reader sees ------------------------------------------------------

    def _shared(self) -> tuple[list[str], list[list[int]], PendingView | None]:
        """What every reader sees alike of the position — the board's rows, the last
        play's squares, the pending play — made once per step (the game changes only
        by a step)."""
        n = len(self.steps)
        if self._shared_at is not None and self._shared_at[0] == n:
            return self._shared_at[1]
        g = self.game
        board = ["".join(t or "." for t in row) for row in g.board.rows()]
        pending = None
        if g.pending is not None:
            pending = PendingView(
                g.pending.player,
                str(g.pending.scored.play),
                g.pending.scored.score,
                [list(t.square) for t in g.pending.scored.tiles],
            )
        last: list[list[int]] = []
        for t in reversed(g.history):
            if t.kind.value == "play" and isinstance(t.move, Play):
                squares = t.move.coordinate.squares(len(t.move.word))
                last = [list(sq) for sq in squares]
                break
        shared = (board, last, pending)
        self._shared_at = (n, shared)
        return shared

    def unseen(self, seat: int) -> str:
        """The tiles ``seat`` has not seen — the bag and the other racks — in
        alphabet order, blanks last (TR 1.4; the same as the game's ``unseen``,
        counted from the bag and the racks instead of the whole set and the board)."""
        g = self.game
        counts = Counter(g.bag)
        for p, rack in enumerate(g.racks):
            if p != seat:
                counts.update(rack)
        return "".join(t * counts[t] for t in self._order)

    def view(self, seat: Reader, now: float | None = None) -> View:
        """The game as ``seat`` sees it (``None``: a spectator, who sees no rack)."""
        g = self.game
        board, last, pending = self._shared()
        clocks = None
        if g.clock is not None:
            at = now if self.started else None
            clocks = [round(g.clock.remaining(p, at), 1) for p in range(g.rules.players)]
        result = None
        if g.result is not None:
            result = ResultView(g.result.reason.value, list(g.result.scores), g.result.winner)
        over = self.over
        mine = seat is not None
        limit = g.rules.exchange_limit
        arrival = None
        if not self.started and not self.cancelled and now is not None:
            arrival = round(max(0.0, self.setup.started + self.setup.arrival - now), 1)
        return View(
            n=len(self.steps),
            seat=seat,
            state=self.state,
            names=list(g.names),
            seats=list(self.setup.seats),
            joined=list(self.joined),
            board=board,
            rack=g.rack_string(seat) if mine and seat is not None else None,
            scores=list(g.scores),
            to_move=g.to_move,
            pending=pending,
            last=last,
            bag=g.bag_count,
            unseen=self.unseen(seat) if seat is not None else None,
            clocks=clocks,
            running=g.clock.running if g.clock is not None and self.started else None,
            sheet=[self._row(t, seat, over) for t in g.history],
            result=result,
            adjustments=[
                AdjustmentView(a.player, a.points, a.reason, a.tiles) for a in g.adjustments
            ],
            exchanges_left=(
                None if limit is None or seat is None else limit - g.exchanges_used[seat]
            ),
            arrival=arrival,
            rematch=self.rematch,
            rated=self.setup.rated,
            days=self.setup.days,
            act_left=(
                round(max(0.0, self.days_end - now), 1)
                if self.setup.days and now is not None and self.actor() is not None
                else None
            ),
        )

    @staticmethod
    def _row(t: Any, seat: Reader, over: bool) -> SheetRow:
        move = "" if t.move is None else str(t.move)
        count = 0
        if isinstance(t.move, Exchange):
            count = len(t.move.tiles)
            if t.player != seat and not over:
                move = ""  # the tiles are the exchanger's secret while the game goes on
        return SheetRow(t.player, t.kind.value, move, t.score, t.total, count)

    def seen_by(self, step: Step, seat: Reader) -> Step:
        """``step`` as ``seat`` may see it: another's exchanged tiles and a seat's
        owner taken out (a finished game hides nothing but the owners)."""
        action = step.action
        events = step.events
        if isinstance(action, Join) and action.owner:
            action = Join(action.seat, action.name)
        if step.seat != seat and not self._public_now(step):
            if isinstance(action, MoveAction) and any(isinstance(e, Exchanged) for e in events):
                action = MoveAction("")
            events = tuple(
                Exchanged(e.seat, e.count) if isinstance(e, Exchanged) else e for e in events
            )
        if action is step.action and events is step.events:
            return step
        return Step(step.n, step.at, step.seat, action, events)

    def _public_now(self, step: Step) -> bool:
        """Whether everything of ``step`` may be shown to anyone (the game is over)."""
        return self.over

    def message(self, step: Step | None, seat: Reader, now: float | None) -> bytes:
        """The JSON message a reader's socket gets: the step as they may see it (if
        any) and the view after it."""
        if step is None:
            return _ENCODER.encode({"type": "view", "view": self.view(seat, now)})
        return _ENCODER.encode(
            {"type": "step", "step": self.seen_by(step, seat), "view": self.view(seat, now)}
        )

    def step_message(self, step: Step, seat: Reader) -> bytes:
        """A step alone, as ``seat`` may see it (catching a reconnecting socket up)."""
        return _ENCODER.encode({"type": "step", "step": self.seen_by(step, seat)})

    def record(self, seat: Reader) -> GameRecord | None:
        """The game's GCG record as ``seat`` may read it: whole once the game is over;
        while it goes on only to its players, with only their own racks and
        exchanges (``None``: a spectator may not read it yet)."""
        from plansza.gcg import EventKind, record_from_game

        record = record_from_game(self.game)
        if self.over:
            return record
        if seat is None:
            return None
        for ev in record.events:
            if ev.player != seat:
                ev.rack = ""
                if ev.kind is EventKind.EXCHANGE:
                    ev.tiles = "#" * len(ev.tiles)
        return record


_ENCODER = msgspec.json.Encoder()
_ACTION = msgspec.json.Decoder(Action)


def encode(value: object) -> bytes:
    """JSON of a step, an action or an event list (as stored)."""
    return _ENCODER.encode(value)


def events_of(data: object) -> tuple[Event, ...]:
    """Stored events back as structs (``()`` for a step stored in an older form)."""
    try:
        return tuple(msgspec.convert(data, list[Event]))
    except msgspec.ValidationError:
        return ()


def _challenges(g: Game) -> bool:
    from plansza.rules import ChallengeMode

    return g.rules.challenge_mode is ChallengeMode.CHALLENGE


def _kind(action: Action) -> str:
    return str(type(action).__struct_config__.tag)


def new_seed() -> int:
    """A seed for a new game's bag."""
    return random.SystemRandom().randrange(2**31)


__all__ = [
    "ARRIVAL",
    "PRESETS",
    "READERS",
    "Accept",
    "Accepted",
    "Action",
    "AdjustmentView",
    "Cancel",
    "Cancelled",
    "Challenge",
    "Challenged",
    "Ended",
    "Event",
    "Exchanged",
    "Flag",
    "Join",
    "Joined",
    "Judged",
    "LiveError",
    "LiveTable",
    "MoveAction",
    "Passed",
    "Played",
    "PlayerAction",
    "Reader",
    "Rematch",
    "RematchDeclined",
    "RematchMade",
    "RematchOffered",
    "Resign",
    "Resigned",
    "Resume",
    "Resumed",
    "Setup",
    "Started",
    "Step",
    "TimedOut",
    "View",
    "action_of",
    "display_name",
    "encode",
    "events_of",
    "live_rules",
    "new_seed",
    "player_action",
]
