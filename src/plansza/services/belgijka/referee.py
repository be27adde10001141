"""The referee's steps of a Belgijka move, on a championship opened by
:func:`~plansza.services.belgijka.file.championship`: the rack drawn (II.2,
II.14), the top moves listed (II.12), the cards entered and checked (II.5–II.9), the
winning move chosen (II.13), a player's points set, a penalty (KARY), the move closed
(II.11); the top moves of a single position; a whole game of top moves.

Each step returns what the referee is shown of it and raises the domain's errors
(:class:`~plansza.duplicate.messages.DuplicateError`: a code and details) for the
front end to word. The web's console reads :func:`move_candidates`.

>>> from plansza.duplicate import Championship
>>> from plansza.lexicon import Lexicon
>>> lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK", "TO", "KOC", "AK", "KA", "OKO"])
>>> ch = Championship(seed="doc")
>>> _ = ch.register("Ala")
>>> _ = ch.start_game(bag="KOTYAKOTOKO")
>>> drawn = draw(ch, lex)
>>> top = top_list(ch)
>>> drawn.move.rack == top.rack, top.chosen, top.decided
(True, 0, False)
>>> best = top.candidates[0]
>>> who, verdict = enter_card(ch, "Ala", str(best.play), best.score, "", lex)
>>> who.name, verdict.ok
('Ala', True)
>>> closed = close(ch)
>>> closed.found, closed.more_games
(['Ala'], True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from plansza.duplicate.cards import Card, check_card, placed_tiles
from plansza.duplicate.messages import refuse
from plansza.services.belgijka.file import load_lexicon, penalty_kind

if TYPE_CHECKING:
    from plansza.cgp import Position
    from plansza.duplicate import Championship
    from plansza.duplicate.cards import Verdict
    from plansza.duplicate.game import (
        Choice,
        DuplicateGame,
        DuplicateMove,
        DuplicatePlayer,
        Penalty,
    )
    from plansza.duplicate.racks import TypedDraw
    from plansza.duplicate.top import DuplicateCandidate, Ranking
    from plansza.lexicon import Lexicon


@dataclass(frozen=True)
class Drawn:
    """A move's draw as the referee is shown it (never the moves: the screen may be
    projected, I.6)."""

    game: DuplicateGame
    #: The move opened; None when the typed tiles call for a redraw (II.2).
    move: DuplicateMove | None
    #: The verdict on the tiles typed from the real bag (None: drawn by the program).
    typed: TypedDraw | None = None
    #: How many tiles the referee draws from the bag next (after a redraw only).
    to_draw: int = 0


def draw(ch: Championship, lexicon: Lexicon, tiles: str | None = None) -> Drawn:
    """The next move's rack drawn by the program (II.2, II.14) and its plays ranked;
    or, with ``tiles``, the tiles drawn from the real bag (``?`` a blank), checked
    against it: when II.2 calls for a redraw the attempt is recorded and no move opens."""
    if tiles is None:
        ch.draw(lexicon)
        return Drawn(ch.game, ch.game.moves[-1])
    typed = ch.draw_typed(lexicon, tiles)
    if not typed.stands:
        return Drawn(ch.game, None, typed, ch.tiles_to_draw())
    return Drawn(ch.game, ch.game.moves[-1], typed)


@dataclass(frozen=True)
class TopList:
    """A move's ranked placements (II.12) as the referee's list shows them."""

    rack: str
    #: The placements in the II.12 order; the referee's choice first when it is not
    #: among the kept ones.
    candidates: list[DuplicateCandidate]
    #: How many placements the rack has in all.
    count: int
    #: The place in :attr:`candidates` of the winning move (chosen or proposed).
    chosen: int | None
    #: How many placements are equal to the first on every II.12 criterion.
    tied: int
    #: Whether the winning move was chosen (else it is the program's proposal).
    decided: bool

    def chosen_first(self) -> list[DuplicateCandidate]:
        """The placements with the winning one first."""
        listed, chosen = self.candidates, self.chosen
        if chosen is None or not 0 <= chosen < len(listed):
            return listed
        return [listed[chosen], *listed[:chosen], *listed[chosen + 1 :]]


def top_list(ch: Championship) -> TopList:
    """The open move's placements (the last move's between moves); refused before the
    game's first draw."""
    game = ch.game
    move = game.open_move or (game.moves[-1] if game.moves else None)
    if move is None:
        raise refuse("no_open_move")
    chosen = move.choice.index if move.choice is not None else 0
    listed = list(move.candidates)
    if move.choice is not None and move.choice.index is None:
        listed.insert(0, move.choice.candidate)
        chosen = 0
    return TopList(
        move.rack, listed, move.candidate_count, chosen, move.tied, move.choice is not None
    )


def read_position(cgp: str) -> Position:
    """A single position given as CGP, read with the tile set of the PFS rules."""
    from plansza.cgp import parse_cgp
    from plansza.rules import Rules

    return parse_cgp(cgp, Rules.pfs().tileset)


def position_top(position: Position, rack: str, lexicon: Lexicon) -> Ranking:
    """Every placement of ``rack`` on ``position``'s board in the II.12 order (the PFS
    rules), as :func:`top_list` ranks a move's."""
    from plansza.duplicate.top import rank
    from plansza.rules import Rules

    return rank(position.board, rack, lexicon, Rules.pfs())


def enter_card(
    ch: Championship,
    player: str | int,
    text: str,
    declared: int | None,
    blanks: str,
    lexicon: Lexicon,
) -> tuple[DuplicatePlayer, Verdict]:
    """A move card of ``player`` (a table number or a name) entered and checked (II.5,
    II.9): the player and the verdict (a later card replaces the earlier)."""
    who = ch.player(player)
    return who, ch.enter_card(who.number, Card(text, declared, blanks), lexicon)


@dataclass(frozen=True)
class CardLine:
    """A card of a move as the referee's list shows it."""

    table: int
    name: str
    text: str
    #: The score written on the card (None: none was written).
    declared: int | None
    blanks: str
    verdict: Verdict
    #: Whether it is the player's card that counts (the last one entered).
    latest: bool


@dataclass(frozen=True)
class MoveCards:
    """A move's cards, in the order they were entered, and who has none yet."""

    game: int
    move: DuplicateMove
    lines: list[CardLine]
    #: The players without a card, in Polish order.
    missing: list[str]


def move_cards(ch: Championship, game_no: int | None, move_no: int | None) -> MoveCards:
    """The cards of move ``move_no`` of game ``game_no`` (the current ones by default)."""
    from plansza.tiles import polish_collation_key

    move = ch.find_move(game_no, move_no)
    game = ch.game if game_no is None else ch.find_game(game_no)
    lines = [
        CardLine(
            e.player, ch.players[e.player].name, e.card.text, e.card.score, e.card.blanks,
            e.verdict, move.card_of(e.player) is e,
        )
        for e in move.cards
    ]  # fmt: skip
    missing = [p.name for n, p in ch.players.items() if move.card_of(n) is None]
    return MoveCards(game.number, move, lines, sorted(missing, key=polish_collation_key))


def choose(ch: Championship, lexicon: Lexicon, which: str, reason: str, force: bool) -> Choice:
    """The referee's winning move (II.13): ``which`` is its number in the top list (1
    the first) or a move's notation; below the top score only with ``force``."""
    if which.strip().isdecimal():
        return ch.choose(lexicon, index=int(which) - 1, reason=reason, force=force)
    return ch.choose(lexicon, notation=which, reason=reason, force=force)


@dataclass(frozen=True)
class Overridden:
    """A player's points set by the referee: for whom, in which game and move."""

    player: DuplicatePlayer
    game: int
    move: int


def override(
    ch: Championship,
    player: str | int,
    score: int,
    reason: str,
    game_no: int | None = None,
    move_no: int | None = None,
) -> Overridden:
    """The referee sets the points of ``player`` (a table number or a name) for move
    ``move_no`` of game ``game_no`` (the current ones by default), whatever the card."""
    who = ch.player(player)
    ch.override(who.number, score, reason, game=game_no, move=move_no)
    target = ch.find_move(game_no, move_no)
    game = ch.game if game_no is None else ch.find_game(game_no)
    return Overridden(who, game.number, target.number)


def penalty(
    ch: Championship, player: str | int, word: str, reason: str, move_no: int | None = None
) -> Penalty:
    """A penalty (KARY 1–3) the referee's ``word`` names, Polish or English
    (:data:`~plansza.services.belgijka.file.PENALTY_WORDS`), for ``player``
    from move ``move_no`` (the next one by default)."""
    return ch.penalty(player, penalty_kind(word), reason, move=move_no)


@dataclass(frozen=True)
class Closed:
    """A move closed (II.11): the move, its game, who found the top move."""

    move: DuplicateMove
    game: DuplicateGame
    #: The players who found the top move, in Polish order.
    found: list[str]
    #: Whether another game of the championship is still to be played.
    more_games: bool


def close(ch: Championship) -> Closed:
    """Close the open move: the winning move goes on the board (II.11)."""
    from plansza.tiles import polish_collation_key

    move = ch.close()
    found = sorted((ch.players[p].name for p in move.found_top), key=polish_collation_key)
    return Closed(move, ch.game, found, len(ch.games) < ch.games_planned)


def simulate(seed: str, lexicon: str, progress: str | bool = False) -> dict[str, Any]:
    """A whole game played with the proposed top move every time (the PFS rules), drawn
    from ``seed`` with the word list ``lexicon`` (loaded with ``progress`` as
    :func:`~plansza.services.belgijka.file.load_lexicon` does): its record."""
    from plansza.duplicate.simulate import simulate as play

    return play(seed, load_lexicon(lexicon, progress))


@dataclass(frozen=True)
class CandidateView:
    """One placement the referee may choose for a move (II.11–II.13): its keys in the
    II.12 order, whether it is tied with the top, chosen, and who found it."""

    index: int
    play: str
    score: int
    blanks: int
    length: int
    word_premiums: int
    letter_premiums: int
    words: str
    tied: bool
    chosen: bool
    found: str  #: the players whose card is this play, in Polish order, comma-separated


def move_candidates(
    ch: Championship,
    game: DuplicateGame,
    move: DuplicateMove,
    sent: list[Any],
    lexicon: Any,
    shown: int,
) -> list[CandidateView]:
    """The move's candidates for the referee: every one tied on the II.12 key (the
    referee chooses among all of them, II.13) and the best others up to ``shown``; each
    with the players whose card handed in (``sent``, not yet judged: the close judges
    them) is that play, legal and of valid words."""
    from plansza.tiles import polish_collation_key

    chosen = move.choice.index if move.choice is not None else 0
    board = game.board(ch.rules)
    latest = {s.player: s for s in sent}  # a later card replaces the earlier (II.5)
    found_by: dict[frozenset[tuple[int, int, str]], list[str]] = {}
    for p, s in latest.items():
        verdict = check_card(board, move.rack, Card(s.text, s.score, s.blanks), lexicon, ch.rules)
        if verdict.play is not None and verdict.real_score is not None and p in ch.players:
            found_by.setdefault(placed_tiles(board, verdict.play), []).append(ch.players[p].name)
    return [
        CandidateView(
            index=i,
            play=str(c.play),
            score=c.score,
            blanks=c.blanks,
            length=c.length,
            word_premiums=c.word_premiums,
            letter_premiums=c.letter_premiums,
            words=", ".join(c.words),
            tied=i < move.tied,
            chosen=i == chosen,
            found=", ".join(
                sorted(found_by.get(placed_tiles(board, str(c.play)), []), key=polish_collation_key)
            ),
        )
        for i, c in enumerate(move.candidates[: max(shown, move.tied)])
    ]
