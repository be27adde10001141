"""What a computer player sees, and the interface every player implements.

A player is handed a :class:`GameView` — the game as the player to move sees
it: the board, its own rack, the scores, how many tiles are in the bag and which
tiles it has not seen (the bag and the opponents' racks together, as a player
crossing tiles off a list knows them, TR 1.4) — never the opponent's rack or the
bag's order. It returns a move.

>>> from plansza.game import Game
>>> from plansza.rules import Rules
>>> g = Game(Rules.pfs(), seed=3, starting_player=0)
>>> v = view_of(g)
>>> v.me, v.bag_count, len(v.rack), sum(v.unseen.values())
(0, 86, 7, 93)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from plansza.board import Board
from plansza.moves import Move, Pass
from plansza.rules import Rules

if TYPE_CHECKING:
    from plansza.game import Game, WordList
    from plansza.lexicon import Lexicon

__all__ = ["ComputerPlayer", "GameView", "RandomPlayer", "view_of"]


@dataclass(frozen=True)
class GameView:
    """The game from one player's chair (the player to move, unless asked otherwise)."""

    rules: Rules
    board: Board
    me: int
    rack: str  #: own tiles, alphabet order, blanks as ``?``
    scores: tuple[int, ...]
    bag_count: int
    unseen: Counter[str]  #: the bag and the opponents' racks (blanks as ``?``)
    opponent_rack_sizes: tuple[int, ...]  #: tiles on each player's rack (own included)
    exchanges_left: int | None  #: None: no limit (TR 4.3.1: three a game under PFS)
    scoreless_left: int | None  #: passes in a row that end the game from here
    turn: int  #: how many turns have been made

    @property
    def spread(self) -> int:
        """Own score minus the best opponent's."""
        others = [s for i, s in enumerate(self.scores) if i != self.me]
        return self.scores[self.me] - max(others, default=0)

    @property
    def can_exchange(self) -> bool:
        """Whether an exchange is allowed now (TR 4.3.1: bag ≥ 7, the game's limit)."""
        return self.bag_count >= self.rules.exchange_min_bag and (
            self.exchanges_left is None or self.exchanges_left > 0
        )

    @property
    def opponent_rack_known(self) -> str | None:
        """With the bag empty the unseen tiles are the opponents' racks (two players)."""
        if self.bag_count or self.rules.players != 2:
            return None
        return self.rules.tileset.sort_tiles(self.unseen.elements())


def view_of(game: Game, player: int | None = None) -> GameView:
    """The view of ``player`` (default: the player to move)."""
    me = game.to_move if player is None else player
    limit = game.rules.exchange_limit
    return GameView(
        rules=game.rules,
        board=game.board.copy(),
        me=me,
        rack=game.rack_string(me),
        scores=tuple(game.scores),
        bag_count=game.bag_count,
        unseen=game.unseen(me),
        opponent_rack_sizes=tuple(len(r) for r in game.racks),
        exchanges_left=None if limit is None else limit - game.exchanges_used[me],
        scoreless_left=game.scoreless_left(),
        turn=len(game.history),
    )


@runtime_checkable
class ComputerPlayer(Protocol):
    """A computer (or any) player: a move for a view, and whether to challenge."""

    name: str

    def choose(self, view: GameView) -> Move:
        """The move to make (a :class:`~plansza.moves.Play`, an exchange or a pass)."""
        ...

    def challenges(self, view: GameView, words: tuple[str, ...]) -> bool:
        """Whether to challenge the opponent's pending play forming ``words``."""
        ...


class LexiconJudge:
    """Challenges exactly the plays that form a word not in its word list.

    The engine knows the lexicon, so it never challenges a valid play and always
    catches an invalid one (TR 4.7).
    """

    words: WordList

    def challenges(self, view: GameView, words: tuple[str, ...]) -> bool:
        return not all(w.upper() in self.words for w in words)


class RandomPlayer(LexiconJudge):
    """A uniformly random legal placement; passes when there is none (a baseline).

    >>> from plansza.lexicon import Lexicon
    >>> from plansza.game import Game
    >>> lex = Lexicon.build(["KOT", "TOK", "OK"], Rules.pfs().tileset)
    >>> g = Game(Rules.pfs(), seed=1, starting_player=0)
    >>> g.racks[0] = list("KOTAAAA"); g.recount()
    >>> str(RandomPlayer(lex, seed=5).choose(view_of(g)))[-3:] in ("KOT", "TOK", " OK")
    True
    """

    name = "random"

    def __init__(
        self, lexicon: Lexicon, rules: Rules | None = None, *, seed: int | None = None
    ) -> None:
        from plansza.movegen import MoveGenerator

        self.words = lexicon
        self.rules = rules or Rules.pfs()
        self._gen = MoveGenerator(lexicon, self.rules)
        self.rng = random.Random(seed)

    def choose(self, view: GameView) -> Move:
        self._gen.set_board(view.board)
        moves = self._gen.generate(view.rack)
        if not len(moves):
            return Pass()
        return moves[self.rng.randrange(len(moves))].play
