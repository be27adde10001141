"""A computer player that sometimes plays a phony: an invalid word, for challenge practice.

Under PFS rules any placement may be played and the opponent may challenge it
(TR 4.7): a player learning to challenge needs an opponent that now and then
puts down a word that is not in the lexicon. :class:`PhonyPlayer` wraps any
player; with probability ``rate`` it makes a *plausible* phony instead of the
inner player's move:

1. take the best-scoring valid placements of the rack;
2. in one of them change one new tile to another letter of the rack (a tile
   the play did not use), so the placement stays legal — same squares, tiles
   the rack holds (checked with :func:`plansza.scoring.score_play`);
3. keep it only if some word it forms is not in the lexicon. Variants that form
   exactly one invalid word (a near miss, the kind people play) are preferred.

When the rack allows no phony (no placement, or one letter only) the inner
player's move is made. With ``rate`` 0 the wrapper is the inner player
(:func:`with_phonies` returns it unchanged).

>>> from plansza.lexicon import Lexicon
>>> from plansza.game import Game
>>> from plansza.engine.base import view_of
>>> from plansza.engine.static import GreedyPlayer
>>> rules = Rules.pfs()
>>> lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK"], rules.tileset)
>>> g = Game(rules, seed=1, words=lex, starting_player=0)
>>> g.racks[0] = list("KOTYAEI"); g.recount()
>>> p = PhonyPlayer(GreedyPlayer(lex, rules), lex, rules, rate=1.0, seed=2)
>>> move = p.choose(view_of(g))
>>> all(w in lex for w in g.score(move).word_strings), p.phonies
(False, 1)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from plansza.engine.base import ComputerPlayer, GameView
from plansza.errors import N_, IllegalMoveError, PlanszaError
from plansza.moves import Move, Play
from plansza.rules import Rules
from plansza.scoring import ScoredPlay, score_play
from plansza.tiles import BLANK

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon

__all__ = ["BASE_PLAYS", "PhonyPlayer", "PhonyRateError", "phony_variants", "with_phonies"]

#: How many of the best-scoring valid placements a phony may be made from.
BASE_PLAYS = 10


class PhonyRateError(PlanszaError):
    """A phony rate outside 0..1."""


def _check_rate(rate: float) -> float:
    if not 0.0 <= rate <= 1.0:
        raise PhonyRateError(N_("the phony rate must be between 0 and 1, not {rate}"), rate=rate)
    return float(rate)


def phony_variants(
    play: ScoredPlay, rack: str, view: GameView, lexicon: Lexicon
) -> list[ScoredPlay]:
    """Every play made from ``play`` by changing one new tile to another rack letter
    that forms at least one word not in ``lexicon``."""
    rules = view.rules
    left = Counter(rack)
    left.subtract(play.rack_tiles)
    spare = sorted(t for t, n in left.items() if n > 0 and t != BLANK)
    squares = play.play.coordinate.squares(len(play.play.word))
    index = {sq: i for i, sq in enumerate(squares)}
    out: list[ScoredPlay] = []
    seen: set[str] = set()
    for tile in play.tiles:
        i = index[tile.square]
        for letter in spare:
            if letter == tile.letter:
                continue
            word = play.play.word[:i] + letter + play.play.word[i + 1 :]
            if word in seen:
                continue
            seen.add(word)
            try:
                scored = score_play(view.board, Play(play.play.coordinate, word), rules)
            except IllegalMoveError:
                continue  # cannot happen (same squares), but a phony must be a legal placement
            if not all(w in lexicon for w in scored.word_strings):
                out.append(scored)
    return out


class PhonyPlayer:
    """``inner``'s moves, and with probability ``rate`` a plausible phony (see the module).

    ``phonies`` counts the phonies made. Challenges are ``inner``'s decisions.
    """

    def __init__(
        self,
        inner: ComputerPlayer,
        lexicon: Lexicon,
        rules: Rules | None = None,
        *,
        rate: float,
        seed: int | None = None,
    ) -> None:
        from plansza.movegen import MoveGenerator

        self.inner = inner
        self.words = lexicon
        self.rules = rules or Rules.pfs()
        self.rate = _check_rate(rate)
        self.rng = random.Random(seed)
        self.name = f"{inner.name}+phony"
        self.phonies = 0
        self._gen = MoveGenerator(lexicon, self.rules)

    def phony(self, view: GameView) -> Play | None:
        """A plausible phony for ``view``'s rack, or None when the rack allows none."""
        if not view.rack:
            return None
        self._gen.set_board(view.board)
        fallback: list[ScoredPlay] = []
        for base in self._gen.top(view.rack, BASE_PLAYS):
            variants = phony_variants(base.scored(), view.rack, view, self.words)
            near = [v for v in variants if sum(w not in self.words for w in v.word_strings) == 1]
            if near:
                return self.rng.choice(near).play
            if not fallback:
                fallback = variants
        return self.rng.choice(fallback).play if fallback else None

    def choose(self, view: GameView) -> Move:
        if self.rate > 0.0 and self.rng.random() < self.rate:
            play = self.phony(view)
            if play is not None:
                self.phonies += 1
                return play
        return self.inner.choose(view)

    def challenges(self, view: GameView, words: tuple[str, ...]) -> bool:
        return self.inner.challenges(view, words)


def with_phonies(
    player: ComputerPlayer,
    lexicon: Lexicon,
    rules: Rules | None = None,
    *,
    rate: float,
    seed: int | None = None,
) -> ComputerPlayer:
    """``player`` wrapped to play phonies at ``rate``; ``player`` itself when ``rate`` is 0.

    >>> from plansza.lexicon import Lexicon
    >>> from plansza.engine.static import GreedyPlayer
    >>> lex = Lexicon.build(["KOT"], Rules.pfs().tileset)
    >>> g = GreedyPlayer(lex)
    >>> with_phonies(g, lex, rate=0.0) is g, with_phonies(g, lex, rate=0.2).name
    (True, 'greedy+phony')
    """
    if _check_rate(rate) == 0.0:
        return player
    return PhonyPlayer(player, lexicon, rules, rate=rate, seed=seed)
