"""The position service: the board's view, a play scored, the placements of a rack, the
endgame's racks checked and its line."""

from __future__ import annotations

import pytest

from plansza.board import Board
from plansza.errors import IllegalMoveError, InvalidMoveError
from plansza.lexicon import Lexicon
from plansza.rules import Rules
from plansza.services.positions import (
    EndgameError,
    EndgameSetup,
    NotAPlayError,
    board_view,
    endgame_setup,
    placements,
    read_play,
    score_on,
    solve_endgame,
)

PFS = Rules.pfs()
WORDS = ["KOT", "KOTY", "TOK", "OK", "KO", "TO", "AS", "SA", "TAK", "KAT"]


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.build(WORDS, PFS.tileset)


def test_the_board_view_has_each_square_premium_and_tile() -> None:
    board = Board()
    board.place([((7, 7), "K"), ((7, 8), "o")])
    view = board_view(board)
    assert view.columns == "ABCDEFGHIJKLMNO" and view.centre == (7, 7)
    assert len(view.rows) == 15 and all(len(row) == 15 for row in view.rows)
    assert (view.rows[7][7].tile, view.rows[7][8].tile, view.rows[7][9].tile) == ("K", "o", None)
    assert [view.rows[0][c].premium for c in (0, 3, 7)] == ["TW", "DL", "TW"]
    assert view.rows[1][1].premium == "DW" and view.rows[0][1].premium == ""


def test_a_play_is_read_scored_and_refused_as_the_domain_says() -> None:
    board = Board()
    scored = score_on(board, read_play("H8 KOt", PFS), PFS)
    assert (scored.move, scored.score, scored.bingo) == ("H8 KOt", 6, False)
    assert [(w.word, w.coordinate, w.score) for w in scored.words] == [("KOt", "H8", 6)]
    board.place([((7, 7), "K"), ((7, 8), "O"), ((7, 9), "T")])
    assert score_on(board, read_play("H8 KOTY", PFS), PFS).notation == "H8 (KOT)Y"
    with pytest.raises(NotAPlayError) as refused:
        read_play("-ABC", PFS)
    assert refused.value.code == "not_a_play" and refused.value.details["move"] == "-ABC"
    with pytest.raises(InvalidMoveError):
        read_play("Z99 KOT", PFS)
    with pytest.raises(IllegalMoveError):
        score_on(Board(), read_play("A1 KOT", PFS), PFS)


def test_placements_count_and_list_best_first(lex: Lexicon) -> None:
    every = placements(Board(), "KOTY", lex, PFS)
    listed = every.best_first()
    assert every.count == len(listed) > 0 and not every.is_top
    assert [m.score for m in listed] == sorted((m.score for m in listed), reverse=True)
    assert listed[0].words == (listed[0].move.split()[1],) and listed[0].tiles == 4
    assert len(every.best_first(3)) == 3
    best = placements(Board(), "KOTY", lex, PFS, top=2)
    assert best.is_top and best.count == 2
    assert [m.score for m in best.best_first()] == [m.score for m in listed[:2]]


def test_an_endgame_needs_the_bag_empty() -> None:
    with pytest.raises(EndgameError) as unseen:
        endgame_setup(Board(), "KOT", "", PFS)
    assert unseen.value.code == "unseen" and unseen.value.details["size"] == 7
    with pytest.raises(EndgameError) as bag:
        endgame_setup(Board(), "KOT", "AS", PFS)
    assert bag.value.code == "bag" and bag.value.details["n"] == 100 - 5


def test_the_endgame_line_is_scored_move_by_move(lex: Lexicon) -> None:
    answer = solve_endgame(Board(), EndgameSetup("KOTY", "AS", None), lex, PFS, seconds=5)
    assert answer.exact and answer.complete and answer.line
    first = answer.line[0]
    assert first.player == 0
    assert first.score == score_on(Board(), read_play(first.move, PFS), PFS).score
    assert [s.player for s in answer.line] == [i % 2 for i in range(len(answer.line))]
