"""Players' move cards and their automatic check (Belgijka II.5, II.6, II.8, II.9).

A card names the **main word**, its coordinate in Polish notation (``H8``
across: letter first; ``8H`` down: number first, II.6), the declared score and
the letters the blanks stand for (II.5). The checker finds the play the card
describes — the main word laid from that square, letters already on the board
read through, the rest taken from the shared rack — and gives one verdict:

* ``ok`` — the play is legal, every word is in the lexicon and the declared
  score is the real one: the player scores it;
* anything else scores 0 (II.5, II.9), with the reason and its facts
  (``details``) for a message in Polish or English
  (:func:`plansza.duplicate.messages.verdict_text`).

A card never makes the checker raise: an unreadable coordinate is a verdict.

Blanks: the card's ``blanks`` are letters (``"Ł"``, ``"AK"``); a lower-case letter
in the written word marks exactly which one is a blank. When a blank letter
could stand on more than one square (``KOTEK`` with a blank ``K``), every
reading is tried; the card is right when one of them makes the declared score.
A blank both written in lower case and named among the blank letters (``KOTy``
with blanks ``Y``) is one blank, not two.

>>> from plansza.board import Board
>>> from plansza.lexicon import Lexicon
>>> from plansza.rules import Rules
>>> lex = Lexicon.build(["KOT", "KOTY", "TOK"], Rules.pfs().tileset)
>>> v = check_card(Board(), "KOTY?AB", Card("H8 KOTY", 14), lex)
>>> v.ok, v.reason, v.awarded, v.play
(True, 'ok', 14, 'H8 KOTY')
>>> check_card(Board(), "KOTY?AB", Card("H8 KOTY", 16), lex).reason
'wrong_score'
>>> v = check_card(Board(), "KOT?AB", Card("H8 KOTY", 10, blanks="Y"), lex)
>>> v.ok, v.play
(True, 'H8 KOTy')
>>> check_card(Board(), "KOT?AB", Card("H8 KOTY", 10), lex).reason
'blank_not_declared'
>>> check_card(Board(), "KOT?AB", Card("H8 KOTy", 10, blanks="Y"), lex).play
'H8 KOTy'
>>> check_card(Board(), "KOTY", Card("Z9 KOTY", 14), lex).reason
'bad_coordinate'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from plansza.board import SIZE, Board, Coordinate
from plansza.errors import IllegalMoveError, InvalidMoveError
from plansza.files import excerpt
from plansza.moves import MAX_WORD, Play
from plansza.rules import Rules
from plansza.scoring import PlacedTile, check_placement, resolve, words_formed
from plansza.tiles import BLANK

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon

#: Reasons a card scores 0, in the order the checks run.
REASONS = (
    "no_card",  # no card handed in (II.7)
    "excluded",  # the player is excluded from this move (KARY 2, 3)
    "unreadable",  # no coordinate and word to read (II.5)
    "bad_coordinate",  # not A–O with 1–15 (II.6)
    "bad_word",  # a character that is not a Polish letter, or too short/long
    "no_score",  # no declared score (II.5)
    "bad_blanks",  # blank letters that are not letters
    "off_board",  # the word runs off the board from that square
    "not_on_board",  # the word does not match the letters on the board there
    "not_whole_word",  # the word goes on: not the whole main word
    "no_new_tiles",  # every letter is already on the board
    "wrong_orientation",  # fits only the other way round: H8 is across, 8H down (II.6)
    "blank_not_in_word",  # a declared blank letter is not among the new tiles
    "too_many_blanks",  # more blanks declared than the rack holds
    "blank_not_declared",  # the play needs a blank that the card does not name (II.5)
    "not_from_rack",  # tiles the rack has not (II.1)
    "not_connected",  # touches no tile on the board
    "first_play_centre",  # the first move misses H8
    "first_play_too_short",  # the first move of one tile
    "invalid_word",  # a word formed is not in the lexicon (II.8)
    "wrong_score",  # the declared score is not the real one (II.8, II.9)
)


@dataclass(frozen=True)
class Card:
    """What a player wrote: ``"H8 SŁOWO"``, the declared score, the blank letters.

    >>> Card("h8 słowo", 24, "ł").normalized()
    Card(text='H8 SŁOWO', score=24, blanks='Ł')
    """

    text: str
    score: int | None
    blanks: str = ""

    def normalized(self) -> Card:
        """Tidy spacing; the whole-lower-case word of a hurried entry read as capitals.

        A word with some lower-case letters keeps them: they mark its blanks.
        """
        parts = self.text.split()
        if len(parts) == 2 and parts[1].islower():
            parts[1] = parts[1].upper()
        if parts:
            parts[0] = parts[0].upper()
        return Card(" ".join(parts), self.score, self.blanks.replace(" ", "").upper())


@dataclass(frozen=True)
class Verdict:
    """The check of one card: ``reason`` ``"ok"`` or why it scores 0, with the facts."""

    reason: str
    awarded: int = 0
    #: The play found, blanks in lower case (``None`` when none could be read).
    play: str | None = None
    #: The play's real score when it is legal and its words valid (even if declared wrongly).
    real_score: int | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.reason == "ok"


def _parse(card: Card, rules: Rules) -> tuple[Coordinate, str, tuple[bool, ...]] | Verdict:
    """The coordinate, the word (upper case) and which letters were written as blanks."""
    ts = rules.tileset
    parts = card.text.split()
    if len(parts) != 2:
        return Verdict("unreadable", details={"text": excerpt(card.text)})
    coord_text, written = parts
    try:
        coord = Coordinate.parse(coord_text)
    except InvalidMoveError:
        return Verdict("bad_coordinate", details={"coordinate": excerpt(coord_text)})
    written = written.replace("(", "").replace(")", "")  # board letters may be bracketed
    bad = [ch for ch in written if not ts.is_letter(ch)]
    if bad or not 2 <= len(written) <= MAX_WORD:
        return Verdict(
            "bad_word", details={"word": excerpt(written), "chars": excerpt("".join(bad))}
        )
    marked = tuple(ch.islower() for ch in written)
    return coord, written.upper(), marked


def _assignments(
    new: list[int], word: str, marked: tuple[bool, ...], loose: Counter[str]
) -> Iterator[frozenset[int]] | str:
    """Every set of word positions that may be blanks: the marked ones plus a reading of
    the loose blank letters on new tiles; or the letter that has no place."""
    choices: list[list[tuple[int, ...]]] = []
    fixed = {i for i in new if marked[i]}
    for letter, count in sorted(loose.items()):
        spots = [i for i in new if word[i] == letter and i not in fixed]
        if len(spots) < count:
            return letter
        choices.append(list(itertools.combinations(spots, count)))
    return (frozenset(fixed.union(*combo)) for combo in itertools.product(*choices))


def check_card(
    board: Board,
    rack: str,
    card: Card,
    lexicon: Lexicon,
    rules: Rules | None = None,
) -> Verdict:
    """Check ``card`` against the position and the shared ``rack``; never raises for its content.

    ``board`` is the position before the move; ``rack`` uses ``?`` for blanks.
    """
    rules = rules or Rules.pfs()
    card = card.normalized()
    parsed = _parse(card, rules)
    if isinstance(parsed, Verdict):
        return parsed
    if card.score is None:
        return Verdict("no_score")
    coord, word, marked = parsed
    if any(not rules.tileset.is_letter(ch) for ch in card.blanks):
        return Verdict("bad_blanks", details={"blanks": card.blanks})
    verdict = _check_at(board, rack, coord, word, marked, card, lexicon, rules)
    if verdict.reason not in ("ok", "wrong_score") and len(word) > 1:
        # II.6: a word written with the wrong orientation (H8 for a down word): say where
        # it does fit — when the other reading is a legal play of valid words.
        other = Coordinate(coord.row, coord.col, coord.direction.other)
        flipped = _check_at(board, rack, other, word, marked, card, lexicon, rules)
        if flipped.reason in ("ok", "wrong_score"):
            return Verdict(
                "wrong_orientation",
                details={
                    "move": f"{coord} {word}",
                    "coordinate": str(coord),
                    "fits": str(other),
                    "direction": other.direction.value,
                },
            )
    return verdict


_RESOLVE_REASONS = {
    "off_board": "off_board",
    "mismatch": "not_on_board",
    "not_whole_word": "not_whole_word",
    "no_new_tiles": "no_new_tiles",
}


def _check_at(  # long: a card's checks in order, a verdict each
    board: Board,
    rack: str,
    coord: Coordinate,
    word: str,
    marked: tuple[bool, ...],
    card: Card,
    lexicon: Lexicon,
    rules: Rules,
) -> Verdict:
    assert card.score is not None
    written = f"{coord} {word}"
    end_r, end_c = coord.squares(len(word))[-1]
    if not (0 <= end_r < SIZE and 0 <= end_c < SIZE):
        return Verdict("off_board", details={"move": written})
    try:
        resolve(board, Play(coord, word))
    except IllegalMoveError as e:
        return Verdict(_RESOLVE_REASONS.get(e.reason, e.reason), details=_facts(e, written))
    squares = coord.squares(len(word))
    new = [i for i, (r, c) in enumerate(squares) if board[r, c] is None]
    rack_counts = Counter(rack)
    # II.5: a blank written in lower case and also named among the blank letters is one
    # blank, said twice; only the blank letters the word does not mark are still to place.
    loose = Counter(card.blanks) - Counter(word[i] for i in new if marked[i])
    assignments = _assignments(new, word, marked, loose)
    if isinstance(assignments, str):
        return Verdict("blank_not_in_word", details={"move": written, "letter": assignments})
    declared_blanks = sum(loose.values()) + sum(marked[i] for i in new)
    if declared_blanks > rack_counts[BLANK]:
        return Verdict(
            "too_many_blanks",
            details={"move": written, "count": declared_blanks, "rack": rack},
        )
    fitting: list[frozenset[int]] = []
    best_missing: Counter[str] | None = None
    for blanks in assignments:
        need = Counter(word[i] for i in new if i not in blanks)
        missing = need - rack_counts
        if not missing:
            fitting.append(blanks)
        elif best_missing is None or sum(missing.values()) < sum(best_missing.values()):
            best_missing = missing
    if not fitting:
        assert best_missing is not None
        spare = rack_counts[BLANK] - declared_blanks
        missing_text = "".join(sorted(best_missing.elements(), key=rules.tileset.tile_sort_key))
        if sum(best_missing.values()) <= spare:
            return Verdict(
                "blank_not_declared",
                details={"move": written, "letters": missing_text},
            )
        return Verdict(
            "not_from_rack", details={"move": written, "rack": rack, "tiles": missing_text}
        )
    tiles0 = [PlacedTile(*squares[i], word[i]) for i in new]
    try:
        check_placement(board, tiles0, rules)
    except IllegalMoveError as e:
        return Verdict(e.reason, details=_facts(e, written))
    main_and_cross = words_formed(board, tiles0, coord.direction, rules.tileset)
    invalid = [w.word.upper() for w in main_and_cross if w.word.upper() not in lexicon]
    if invalid:
        return Verdict("invalid_word", details={"move": written, "words": ", ".join(invalid)})
    scored: list[tuple[int, str]] = []
    for blanks in fitting:
        letters = "".join(
            ch.lower() if i in blanks else (board[sq] or ch)
            for i, (ch, sq) in enumerate(zip(word, squares, strict=True))
        )
        tiles = [PlacedTile(*squares[i], letters[i]) for i in new]
        ws = words_formed(board, tiles, coord.direction, rules.tileset)
        bingo = len(tiles) == rules.rack_size
        total = sum(w.score for w in ws) + (rules.bingo_bonus if bingo else 0)
        scored.append((total, f"{coord} {letters}"))
    for total, notation in scored:
        if total == card.score:
            return Verdict("ok", total, notation, total)
    real, notation = max(scored)
    options = sorted({s for s, _ in scored}, reverse=True)
    return Verdict(
        "wrong_score",
        play=notation,
        real_score=real,
        details={
            "move": notation,
            "declared": card.score,
            "real": "/".join(str(s) for s in options),
        },
    )


def _facts(error: IllegalMoveError, written: str) -> dict[str, Any]:
    facts: dict[str, Any] = {k: v for k, v in error.details.items() if isinstance(v, str | int)}
    facts["move"] = written
    return facts


def placed_tiles(board: Board, notation: str) -> frozenset[tuple[int, int, str]]:
    """The new tiles of a written play on ``board``: ``(row, col, letter)``.

    Two notations are the same move when they put down the same tiles — a single
    tile may be named by either of its words.
    """
    play = Play.parse(notation)
    return frozenset((t.row, t.col, t.letter) for t in resolve(board, play))


__all__ = ["REASONS", "Card", "Verdict", "check_card", "placed_tiles"]
