"""A live game as an ordered log of actions: what a web server owns, stores and replays.

A :class:`LiveTable` is one two-player game under a rules preset, its seats a person
or the computer. Everything that happens is an *action* of a seat — a move in Polish
notation, accepting or challenging the opponent's play, resigning, a flag fall the
server notices — with the time it happened. :meth:`LiveTable.apply` checks an action
against the game (the domain's errors when it cannot be made; nothing changes then)
and returns the :class:`Step`, numbered, that the server stores before telling
anyone. The computer's decisions are actions too (:meth:`LiveTable.computer_action`),
so a game is rebuilt exactly, clocks included, by :meth:`LiveTable.replay` of its
stored steps: the bag is drawn from the seed, the times are the recorded ones.

>>> from plansza.lexicon import Lexicon
>>> words = Lexicon.build(["KOT", "KOTY", "TO", "OK"])
>>> table = LiveTable.new(rules="pfs", minutes=15, seed=3, seats=("person", "person"),
...                       names=("Ala", "Ola"), words=words, starting=0, now=0.0)
>>> table.view(0)["rack"], table.view(None)["rack"]
('DHLORSŚ', None)
>>> table.apply(0, {"kind": "move", "text": "-DH"}, now=2.5).outcome
{'exchange': 2}
>>> table.apply(0, {"kind": "move", "text": "pauza"}, now=3.0)
Traceback (most recent call last):
...
plansza.services.live.LiveError: it is not your turn
>>> again = LiveTable.replay(rules="pfs", minutes=15, seed=3, seats=("person", "person"),
...     names=("Ala", "Ola"), words=words, starting=0, started=0.0, steps=table.steps)
>>> again.view(1, now=10.0) == table.view(1, now=10.0)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from plansza.errors import N_, IllegalActionError, InvalidMoveError, PlanszaError
from plansza.moves import Exchange, Pass, Play, parse_move
from plansza.services.play import unreadable

if TYPE_CHECKING:
    from plansza.engine.base import ComputerPlayer
    from plansza.game import Game, WordList
    from plansza.lexicon import Lexicon
    from plansza.rules import Rules

#: The rules presets a live game may use (plansza.rules.Rules.by_name).
PRESETS = ("pfs", "home", "school", "wespa")
#: What a seat may do, as the ``kind`` of an action.
KINDS = ("move", "accept", "challenge", "resign", "flag", "resume")


class LiveError(PlanszaError):
    """An action a live game cannot take (not its turn, not a seat, a bad action)."""

    code = "live"


@dataclass(frozen=True)
class Step:
    """One applied action, as stored and as sent: ``n`` from 1, ``seat`` (``None`` for
    the server's own, a flag fall), the action and what came of it."""

    n: int
    at: float
    seat: int | None
    action: dict[str, Any]
    outcome: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "at": self.at,
            "seat": self.seat,
            "action": self.action,
            "outcome": self.outcome,
        }


@dataclass
class LiveTable:
    """A two-player game and its numbered steps (see the module's docstring)."""

    game: Game
    seats: tuple[str, str]
    """Who sits where: ``person`` or a computer level (``static``, ``greedy``…)."""
    seed: int
    preset: str
    minutes: int
    steps: list[Step] = field(default_factory=list)
    _bots: dict[int, ComputerPlayer] = field(default_factory=dict, repr=False)

    # ---- making and rebuilding -----------------------------------------------

    @classmethod
    def new(
        cls,
        *,
        rules: str,
        minutes: int,
        seed: int,
        seats: tuple[str, str],
        names: tuple[str, str],
        words: WordList,
        starting: int | None = None,
        now: float,
    ) -> LiveTable:
        """A game about to start: the clock of the player to move runs from ``now``."""
        from dataclasses import replace

        from plansza.game import Game
        from plansza.rules import Rules

        if rules not in PRESETS:
            raise LiveError(
                N_("unknown rules {name!r}: use pfs, home, school or wespa"), name=rules
            )
        if not 0 <= minutes <= 180:
            raise LiveError(N_("clock minutes from 0 to 180, not {n}"), n=minutes)
        preset: Rules = Rules.by_name(rules)
        preset = replace(preset, minutes=minutes or None)
        lexicon_tiles = getattr(words, "tileset", None)
        if lexicon_tiles is not None and lexicon_tiles.name != preset.tileset.name:
            # WESPA plays English tiles: a Polish word list cannot judge its words
            raise LiveError(
                N_("the {rules} rules need a word list of their tiles; this one is {name}"),
                code="lexicon_tiles",
                rules=rules,
                name=getattr(words, "name", "?"),
            )
        game = Game(preset, list(names), seed=seed, words=words, starting_player=starting)
        if game.clock is not None:
            game.clock.start(game.to_move, now)
        return cls(game, seats, seed, rules, minutes)

    @classmethod
    def replay(
        cls,
        *,
        rules: str,
        minutes: int,
        seed: int,
        seats: tuple[str, str],
        names: tuple[str, str],
        words: WordList,
        starting: int | None,
        started: float,
        steps: list[Step],
    ) -> LiveTable:
        """The game rebuilt from its stored steps (each applied at its recorded time)."""
        table = cls.new(
            rules=rules,
            minutes=minutes,
            seed=seed,
            seats=seats,
            names=names,
            words=words,
            starting=starting,
            now=started,
        )
        for step in steps:
            table.apply(step.seat, step.action, now=step.at)
        return table

    # ---- acting ----------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.result is not None

    def apply(self, seat: int | None, action: dict[str, Any], *, now: float) -> Step:
        """Apply ``seat``'s ``action`` at ``now`` (``seat`` ``None``: the server's flag
        check); the step made. Raises (changing nothing) when it cannot be made."""
        g = self.game
        kind = action.get("kind") if isinstance(action, dict) else None
        if kind not in KINDS:
            raise LiveError(N_("unknown action {kind!r}"), code="bad_action", kind=str(kind))
        if kind in ("flag", "resume") and seat is not None:
            raise LiveError(N_("only the server declares {kind}"), code="bad_action", kind=kind)
        if seat is not None and seat not in (0, 1):
            raise LiveError(N_("no such seat: {seat}"), code="bad_seat", seat=seat)
        if g.result is not None:
            raise IllegalActionError("game_over", N_("the game is over"), action=kind)
        outcome: dict[str, Any]
        if kind == "resume":
            # The server came back after dying at ``from``: the running clock is charged
            # up to then, and runs again from now (no one loses the time it was down).
            if seat is not None:
                raise LiveError(N_("unknown action {kind!r}"), code="bad_action", kind=kind)
            down = float(action.get("from", now))
            if g.clock is not None and g.clock.running is not None:
                player = g.clock.running
                g.clock.stop(min(down, now))
                g.clock.start(player, now)
            outcome = {"paused": round(max(0.0, now - down), 3)}
        elif kind == "flag":
            outcome = {"flagged": g.flag(now)}
            if not outcome["flagged"]:
                raise LiveError(N_("no flag has fallen"), code="no_flag")
        elif kind == "resign":
            assert seat is not None
            g.resign(seat, now)
            outcome = {}
        elif kind == "move":
            outcome = self._move(seat, str(action.get("text", "")), now)
        elif kind == "accept":
            p = g.pending
            if p is None or seat is None or p.player == seat:
                raise LiveError(N_("there is no play of your opponent to accept"), code="accept")
            g.accept(now)
            outcome = {"score": p.scored.score}
        else:  # challenge
            p = g.pending
            if p is None or seat is None or p.player == seat:
                raise LiveError(
                    N_("there is no play of your opponent to challenge"), code="challenge"
                )
            verdict = g.challenge(challenger=seat, now=now)
            outcome = {"valid": verdict.valid, "words": list(verdict.words)}
        if g.result is not None:
            outcome["end"] = _result(g)
        clean = {k: v for k, v in action.items() if k in ("kind", "text", "from")}
        step = Step(len(self.steps) + 1, now, seat, clean, outcome)
        self.steps.append(step)
        return step

    def _move(self, seat: int | None, text: str, now: float) -> dict[str, Any]:
        g = self.game
        if seat != g.to_move or g.pending is not None:
            raise LiveError(N_("it is not your turn"), code="not_your_turn")
        try:
            move = parse_move(text, g.rules.tileset)
        except InvalidMoveError:
            raise unreadable(text, g.rules.tileset) from None
        before = len(g.history)
        g.move(move, now=now)
        if len(g.history) > before and g.history[-1].kind.value == "timeout":
            return {"timeout": True}
        if isinstance(move, Play):
            p = g.pending
            if p is None:  # accepted at once (no challenges under these rules)
                return {"move": str(move), "score": g.history[-1].score}
            return {"move": str(p.scored.play), "score": p.scored.score, "pending": True}
        if isinstance(move, Exchange):
            return {"exchange": len(move.tiles)}
        assert isinstance(move, Pass)
        return {"pass": True}

    # ---- the computer ----------------------------------------------------------

    def computer_seat(self) -> int | None:
        """The seat whose computer acts next (its move, or its answer to a play)."""
        g = self.game
        if g.result is not None:
            return None
        seat = g.to_move if g.pending is None else 1 - g.pending.player
        return seat if self.seats[seat] != "person" else None

    def computer_action(self, seat: int) -> dict[str, Any]:
        """What the computer in ``seat`` does now: its move, or accepting or challenging
        the person's play (it challenges exactly the plays that form an invalid word)."""
        from plansza.engine.base import view_of

        g = self.game
        bot = self._bot(seat)
        if g.pending is not None:
            words = tuple(w.word for w in g.pending.scored.words)
            challenge = bot.challenges(view_of(g, seat), words)
            return {"kind": "challenge" if challenge else "accept"}
        return {"kind": "move", "text": str(bot.choose(view_of(g, seat)))}

    def _bot(self, seat: int) -> ComputerPlayer:
        if seat not in self._bots:
            from plansza.engine import make_player
            from plansza.engine.match import hash_seed

            words = cast("Lexicon", self.game.words)  # a live game is made with a Lexicon
            self._bots[seat] = make_player(
                self.seats[seat], words, self.game.rules, seed=hash_seed(f"{self.seed}:{seat}")
            )
        return self._bots[seat]

    # ---- what a seat sees --------------------------------------------------------

    def view(self, seat: int | None, now: float | None = None) -> dict[str, Any]:
        """The game as ``seat`` sees it (``None``: a spectator, who sees no rack)."""
        g = self.game
        rows = []
        for r in range(15):
            rows.append("".join(g.board.get(r, c) or "." for c in range(15)))
        pending = None
        if g.pending is not None:
            pending = {
                "player": g.pending.player,
                "move": str(g.pending.scored.play),
                "score": g.pending.scored.score,
                "squares": [list(t.square) for t in g.pending.scored.tiles],
            }
        last: list[list[int]] = []
        for t in reversed(g.history):
            if t.kind.value == "play" and isinstance(t.move, Play):
                squares = t.move.coordinate.squares(len(t.move.word))
                last = [list(sq) for sq in squares]
                break
        clocks = None
        if g.clock is not None:
            clocks = [round(g.clock.remaining(p, now), 1) for p in range(2)]
        result = _result(g) if g.result is not None else None
        return {
            "n": len(self.steps),
            "seat": seat,
            "names": list(g.names),
            "seats": list(self.seats),
            "board": rows,
            "rack": g.rack_string(seat) if seat is not None else None,
            "scores": list(g.scores),
            "to_move": g.to_move,
            "pending": pending,
            "last": last,
            "bag": g.bag_count,
            "unseen": (
                g.rules.tileset.sort_tiles(g.unseen(seat).elements()) if seat is not None else None
            ),
            "clocks": clocks,
            "running": g.clock.running if g.clock is not None else None,
            "sheet": [
                {
                    "player": t.player,
                    "kind": t.kind.value,
                    "move": "" if t.move is None else str(t.move),
                    "score": t.score,
                    "total": t.total,
                }
                for t in g.history
            ],
            "result": result,
            "adjustments": [
                {"player": a.player, "points": a.points, "reason": a.reason, "tiles": a.tiles}
                for a in g.adjustments
            ],
        }


def _result(g: Game) -> dict[str, Any]:
    """How a game ended, as a step's outcome and a view give it."""
    assert g.result is not None
    return {
        "reason": g.result.reason.value,
        "scores": list(g.result.scores),
        "winner": g.result.winner,
    }


def new_seed() -> int:
    """A seed for a new game's bag."""
    return random.SystemRandom().randrange(2**31)


__all__ = ["KINDS", "PRESETS", "LiveError", "LiveTable", "Step", "new_seed"]
