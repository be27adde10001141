"""Placement and scoring (spec rules.md § Placement, § Scoring; GR "Pola premiowe",
"Uwaga", "Wyjaśnienie często niewłaściwie interpretowanych reguł"). Every expected
score below is worked by hand in the comment beside it."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from plansza.board import SIZE, Board, Coordinate, Direction, parse_square
from plansza.cgp import parse_cgp
from plansza.errors import IllegalMoveError
from plansza.moves import Play
from plansza.rules import Rules
from plansza.scoring import PlacedTile, check_placement, play_from_tiles, resolve, score_play
from plansza.tiles import TileSet

PFS = Rules.pfs()
PL = TileSet.polish()
MID1 = (
    "15/15/15/15/15/7N7/7ARMIA3/7P3MIOT/7OŚKA3R/5BOI2N3W/1DESKI3PO2DA/1OR1O4IN1FAŁ/"
    "1M2TWYCH1S2Ł1/15/15"
)


def board_with(*tiles: tuple[str, str]) -> Board:
    b = Board()
    b.place((parse_square(sq), t) for sq, t in tiles)
    return b


def zubr() -> Board:
    return board_with(("H8", "Ż"), ("I8", "U"), ("J8", "B"), ("K8", "R"))


def score(board: Board, move: str) -> int:
    return score_play(board, Play.parse(move), PFS).score


# ---- scoring ---------------------------------------------------------------------


def test_first_play_doubled_by_the_star() -> None:
    # GR: H8 is a double-word square. Ż5 U3 B3 R1 = 12, ×2 = 24.
    assert score(Board(), "H8 ŻUBR") == 24


def test_letter_premium_only_under_new_tiles_and_premiums_used_once() -> None:
    # GR "Każda premia dotyczy tylko tego ruchu…": H8's ×2 is not counted again.
    # ŻUBRY: Ż5 U3 B3 R1 (old) + Y2 on L8 (DL, new) ×2 = 4 → 16.
    assert score(zubr(), "H8 ŻUBRY") == 16


def test_letter_premiums_before_word_premiums() -> None:
    # GR: letter premiums are applied before the word is doubled or tripled.
    # D8 (DL) K2×2=4, O1, T2, E1, H8 (DW) K2 → 10 ×2 = 20.
    assert score(Board(), "D8 KOTEK") == 20


def test_blank_scores_zero_even_on_a_letter_premium() -> None:
    # GR "Uwaga": a blank on DL is still 0. k(0) O1 T2 E1 K2 = 6 ×2 = 12.
    assert score(Board(), "D8 kOTEK") == 12


def test_blank_on_word_premium_still_multiplies() -> None:
    # GR "Uwaga": a blank on the DW doubles the word. ż0 U3 B3 R1 = 7 ×2 = 14.
    assert score(Board(), "H8 żUBR") == 14


def test_two_double_words_multiply_by_four() -> None:
    # GR "Wyjaśnienie…": two DW → ×4. Row 5, E5 and K5 are DW; H5 already on the board.
    # K2 O1 T2 A1 R1 E1 K2 = 10, ×4 = 40 (6 new tiles: no bonus).
    b = board_with(("H5", "A"), ("H6", "B"), ("H7", "C"), ("H8", "D"))
    assert score(b, "E5 KOTAREK") == 40


def test_two_triple_words_multiply_by_nine_and_bingo() -> None:
    # GR: two TW → ×9; seven tiles → +50 after all premiums ("Specjalna premia").
    # A1..H1 with D1 (DL) already on the board: K2 O1 P2 A1 L2 N1 I1 A1 = 11, ×9 = 99, +50.
    b = board_with(("D1", "A"), ("D2", "B"))
    s = score_play(b, Play.parse("A1 KOPALNIA"), PFS)
    assert s.bingo and s.score == 149


def test_double_and_triple_word_multiply_by_six() -> None:
    # A8 (TW) … H8 (DW), D8 (DL) under a new Ó, E8 already on the board:
    # W1 Y2 B3 Ó5×2 R1 C2 Z1 Y2 = 22, ×6 = 132, +50 for seven tiles = 182.
    b = board_with(("E8", "R"), ("E9", "A"))
    assert score(b, "A8 WYBÓRCZY") == 182


def test_a_tile_in_two_words_counts_in_both_with_its_premium() -> None:
    # GR "Wyjaśnienie…": shared letters count in each word with their premiums.
    # 7L TY: T2 + Y2×2 (L8 DL) = 6; ŻUBRY: 5+3+3+1 + Y 2×2 = 16 → 22.
    s = score_play(zubr(), Play.parse("7L TY"), PFS)
    assert [(w.word, w.score) for w in s.words] == [("TY", 6), ("ŻUBRY", 16)]
    assert s.score == 22


def test_parallel_play_scores_every_word() -> None:
    # Row 9 under ŻUBR: I9 (DL) A, J9 M. AM = 1×2 + 2 = 4; UA = 3 + 1×2 = 5; BM = 3 + 2 = 5.
    s = score_play(zubr(), Play.parse("I9 AM"), PFS)
    assert [(w.word, w.score) for w in s.words] == [("AM", 4), ("UA", 5), ("BM", 5)]
    assert s.score == 14


def test_bingo_bonus_is_added_after_premiums() -> None:
    # GR "Specjalna premia". Z1 A1 R1 Ó5 B3 K2 I1 through H8 (DW) from E8:
    # E8..K8: Z A R Ó B K I = 14 ×2 = 28, +50 = 78.
    s = score_play(Board(), Play.parse("E8 ZARÓBKI"), PFS)
    assert s.bingo and s.score == 78


def test_bingo_bonus_is_a_setting() -> None:
    s = score_play(Board(), Play.parse("E8 ZARÓBKI"), PFS.replace(bingo_bonus=35))
    assert s.score == 28 + 35


def test_mid_game_play_through_a_word_on_the_board() -> None:
    # mid1: D O M stand on B11-B13; Y on B14 (DW) makes DOMY: D2 O1 M2 Y2 = 7, ×2 = 14.
    b = parse_cgp(MID1).board
    s = score_play(b, Play.parse("11B DOMY"), PFS)
    assert s.score == 14
    assert Play.parse("11B DOMY").notation(parens=True, board=b) == "11B (DOM)Y"


def test_words_keep_blank_case_and_checkable_forms_are_upper_case() -> None:
    s = score_play(Board(), Play.parse("H8 żUBr"), PFS)
    assert s.words[0].word == "żUBr"
    assert s.word_strings == ["ŻUBR"]
    assert s.rack_tiles == ["?", "U", "B", "?"]


# ---- placement -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("H8 ŻUB", "not_whole_word"),  # the word continues at K8
        ("I8 UBR", "not_whole_word"),  # … and at H8
        ("H8 ŻABAR", "mismatch"),  # I8 holds U
        ("L8 ABCDE", "off_board"),
        ("H8 ŻUBR", "no_new_tiles"),
        ("H8 (ŻUB)RY", "through_mismatch"),  # R is on the board but not in parentheses
        ("H8 ŻUBR(Y)", "through_mismatch"),  # (Y) is written as on the board but L8 is empty
        ("A1 KOT", "not_connected"),  # GR: later plays must touch the board
    ],
)
def test_illegal_placements_have_reason_codes(move: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError) as e:
        score_play(zubr(), Play.parse(move), PFS)
    assert e.value.reason == reason
    assert e.value.cgp == zubr().cgp()


def test_first_play_must_cover_the_centre() -> None:
    # GR "Ułożenie pierwszego wyrazu": one of the tiles on the star.
    with pytest.raises(IllegalMoveError) as e:
        score_play(Board(), Play.parse("A1 KOT"), PFS)
    assert e.value.reason == "first_play_centre"
    assert "H8" in str(e.value)


def test_first_play_needs_two_tiles() -> None:
    # GR: two or more tiles.
    with pytest.raises(IllegalMoveError) as e:
        check_placement(Board(), [PlacedTile(7, 7, "A")], PFS)
    assert e.value.reason == "first_play_too_short"


def test_vertical_first_play_is_allowed() -> None:
    s = score_play(Board(), Play.parse("8H ŻUBR"), PFS)
    assert s.score == 24 and s.words[0].coordinate == Coordinate.parse("8H")


def test_tiles_must_lie_in_one_line() -> None:
    # GR: "w jednej ciągłej linii"; no diagonals.
    with pytest.raises(IllegalMoveError) as e:
        play_from_tiles(zubr(), [((8, 7), "A"), ((9, 8), "B")])
    assert e.value.reason == "not_in_line"


def test_no_gaps() -> None:
    # GR: one unbroken line. H9 and J9 with I9 empty.
    with pytest.raises(IllegalMoveError) as e:
        play_from_tiles(zubr(), [((8, 7), "A"), ((8, 9), "B")])
    assert e.value.reason == "gap"
    assert "I9" in str(e.value)


def test_tiles_may_bridge_letters_on_the_board() -> None:
    # GR "mostek": tiles on both sides of a board tile are one line, not a gap.
    b = board_with(("H8", "O"), ("H9", "K"))
    p = play_from_tiles(b, [((7, 6), "K"), ((7, 8), "T")])
    assert str(p) == "G8 KOT"


def test_occupied_square() -> None:
    with pytest.raises(IllegalMoveError) as e:
        play_from_tiles(zubr(), [((7, 7), "A")])
    assert e.value.reason == "occupied"


def test_single_tile_direction_is_the_word_it_forms() -> None:
    b = board_with(("H8", "O"), ("H9", "K"))
    assert str(play_from_tiles(b, [((9, 7), "O")])) == "8H OKO"
    assert str(play_from_tiles(b, [((7, 8), "N")])) == "H8 ON"


def test_resolve_round_trips_play_from_tiles() -> None:
    b = parse_cgp(MID1).board
    p = Play.parse("11B DOMY")
    tiles = resolve(b, p)
    assert play_from_tiles(b, [(t.square, t.letter) for t in tiles]) == p


# ---- invariants ------------------------------------------------------------------

letters = st.sampled_from(PL.letters)
tile = st.one_of(letters, letters.map(str.lower))
coords = st.builds(
    Coordinate, st.integers(0, SIZE - 1), st.integers(0, SIZE - 1), st.sampled_from(list(Direction))
)
REASONS = {
    "off_board",
    "not_whole_word",
    "mismatch",
    "no_new_tiles",
    "first_play_centre",
    "first_play_too_short",
    "not_connected",
    "too_many_tiles",
    "through_mismatch",
}


def _random_play(board: Board, coord: Coordinate, letters_: list[str]) -> Play:
    """Fill board letters in so the play has a chance of matching."""
    word = []
    for (r, c), ch in zip(coord.squares(len(letters_)), letters_, strict=True):
        on = board.get(r, c) if 0 <= r < SIZE and 0 <= c < SIZE else None
        word.append(on if on is not None else ch)
    return Play(coord, "".join(word))


@given(coords, st.lists(tile, min_size=2, max_size=9), st.sampled_from(["", MID1]))
def test_score_is_sum_of_words_plus_bonus(coord: Coordinate, letters_: list[str], cgp: str) -> None:
    board = parse_cgp(cgp).board if cgp else Board()
    play = _random_play(board, coord, letters_)
    try:
        s = score_play(board, play, PFS)
    except IllegalMoveError as e:
        assert e.reason in REASONS
        return
    assert s.score == sum(w.score for w in s.words) + (50 if s.bingo else 0)
    assert s.bingo == (len(s.tiles) == 7)
    assert s.words[0].word.upper() == play.word.upper() or len(s.tiles) == 1
    # Same move, other writing: the tiles give back the same play.
    again = play_from_tiles(board, [(t.square, t.letter) for t in s.tiles])
    if len(s.tiles) > 1:
        assert again == play


@given(coords, st.lists(letters, min_size=2, max_size=8), st.data())
def test_a_blank_never_scores_more_than_the_letter(
    coord: Coordinate, letters_: list[str], data: st.DataObject
) -> None:
    board = parse_cgp(MID1).board
    play = _random_play(board, coord, letters_)
    try:
        s = score_play(board, play, PFS)
    except IllegalMoveError:
        return
    i = data.draw(st.sampled_from([t for t in range(len(play.word)) if play.word[t].isupper()]))
    squares = play.coordinate.squares(len(play.word))
    assume(board[squares[i]] is None)  # only a new tile can be a blank
    blanked = Play(play.coordinate, play.word[:i] + play.word[i].lower() + play.word[i + 1 :])
    assert score_play(board, blanked, PFS).score <= s.score
