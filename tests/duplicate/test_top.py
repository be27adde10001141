"""The top move and its alternatives in the II.12 order, against a slow exhaustive twin."""

from __future__ import annotations

import random

import pytest

from plansza.board import Board, Premium
from plansza.duplicate.top import DuplicateCandidate, describe_play, rank
from plansza.lexicon import Lexicon
from plansza.moves import Play
from plansza.rules import Rules
from plansza.scoring import score_play
from twins.movegen import generate_reference

RULES = Rules.pfs()


def slow_key(board: Board, play: Play) -> tuple[int, bool, int, int, int]:
    """II.12 computed independently: from the scored play's new tiles."""
    scored = score_play(board, play, RULES)
    word_p = sum(board.premium(*t.square) in (Premium.DW, Premium.TW) for t in scored.tiles)
    letter_p = sum(board.premium(*t.square) in (Premium.DL, Premium.TL) for t in scored.tiles)
    blanks = sum(t.is_blank for t in scored.tiles)
    return (-scored.score, blanks > 0, len(play.word), word_p, letter_p)


def board_with(*plays: str) -> Board:
    board = Board()
    for text in plays:
        scored = score_play(board, Play.parse(text), RULES)
        board.place((t.square, t.letter) for t in scored.tiles)
    return board


def test_highest_score_first() -> None:
    # II.12: the winning move is the highest-scoring one.
    lex = Lexicon.build(["KOT", "KOTY", "OK"], RULES.tileset)
    ranking = rank(Board(), "KOTY", lex, RULES)
    scores = [c.score for c in ranking]
    assert scores == sorted(scores, reverse=True)
    assert ranking[0].play.word == "KOTY"


def test_without_a_blank_before_shorter() -> None:
    # II.12: among equal scores, first the move without a blank — even when it is longer.
    # KOTY (blank y, 10 pts on H8..K8) vs KOT (no blank, 10 pts): KOT wins on the blank.
    lex = Lexicon.build(["KOT", "KOTY", "ŻAL"], RULES.tileset)
    ranking = rank(Board(), "KOT?", lex, RULES)
    first_blank = next(i for i, c in enumerate(ranking) if c.blanks)
    assert all(c.blanks == 0 for c in ranking[:first_blank])
    assert ranking[0].score == 10 and ranking[0].blanks == 0
    tens = [c for c in ranking if c.score == 10]
    assert [c.blanks > 0 for c in tens] == sorted(c.blanks > 0 for c in tens)
    # A blank word that is shorter still comes after a longer word with no blank.
    longer = DuplicateCandidate("H8 KOTA", 10, 0, 4, 1, 0)
    shorter_blank = DuplicateCandidate("H8 KOt", 10, 1, 3, 0, 0)
    assert min([shorter_blank, longer], key=DuplicateCandidate.key) is longer


def test_shorter_word_before_fewer_premiums() -> None:
    # II.12: then the shorter word; only then the premiums.
    cands = [
        DuplicateCandidate("H8 KOTY", 20, 0, 4, 0, 0),
        DuplicateCandidate("H8 KOT", 20, 0, 3, 2, 2),
    ]
    assert min(cands, key=DuplicateCandidate.key).length == 3


def test_word_premiums_before_letter_premiums() -> None:
    # II.12: "nie wykorzystują premii (w pierwszej kolejności słownej, potem literowej)".
    a = DuplicateCandidate("H8 KOT", 20, 0, 3, 1, 0)
    b = DuplicateCandidate("A1 KOT", 20, 0, 3, 0, 2)
    c = DuplicateCandidate("B1 KOT", 20, 0, 3, 0, 1)
    assert sorted([a, b, c], key=DuplicateCandidate.key) == [c, b, a]


def test_premiums_count_under_new_tiles_only() -> None:
    # II.12 reading (docs/decisions/duplicate.md): a premium under an old tile is used up.
    board = board_with("H8 KOT")  # K on H8 (the DW), O on I8, T on J8
    through = describe_play(board, Play.parse("H8 KOTY"), 7)
    assert (through.word_premiums, through.letter_premiums) == (0, 0)
    fresh = describe_play(Board(), Play.parse("H8 KOTY"), 14)
    assert fresh.word_premiums == 1


def test_blanks_on_the_board_do_not_count() -> None:
    # II.12: "nie zawierają blanka" is about the move's own tiles.
    board = board_with("H8 KOt")
    c = describe_play(board, Play.parse("H8 KOtY"), 7)
    assert c.blanks == 0


def test_exact_ties_are_flagged_for_the_referee() -> None:
    # II.12/II.13: equal on everything: the referee picks; the program counts them.
    lex = Lexicon.build(["KOT", "TOK"], RULES.tileset)
    ranking = rank(Board(), "KOT", lex, RULES)
    assert ranking.tied() == 12  # KOT and TOK, three squares each way, two directions
    assert len({c.key() for c in ranking[: ranking.tied()]}) == 1


def test_no_placement() -> None:
    lex = Lexicon.build(["ŻUBR"], RULES.tileset)
    ranking = rank(Board(), "AEIOUYK", lex, RULES)
    assert len(ranking) == 0 and ranking.top() is None and ranking.tied() == 0


def test_find_and_words() -> None:
    lex = Lexicon.build(["KOT", "TOK", "OK"], RULES.tileset)
    board = board_with("H8 KOT")
    ranking = rank(board, "KO", lex, RULES)
    for i, c in enumerate(ranking):
        assert ranking.find(c.play) == i
        assert c.words == ()  # words only on demand: head() and with_words()
    for c in ranking.head(len(ranking)):
        assert c.words[0].upper() == c.play.word.upper()
    top = ranking.top()
    assert top is not None and top.words
    assert ranking.find(Play.parse("A1 KOT")) is None


@pytest.mark.parametrize("seed", range(6))
def test_the_ranking_agrees_with_the_slow_twin(words: list[str], seed: int) -> None:
    # II.12 whole order: every legal play (reference generator) sorted by the slow key.
    lex = Lexicon.build(words, RULES.tileset)
    rng = random.Random(seed)
    board = Board()
    # Racks from the test words' own letters, so the positions have plays to order.
    bag = [ch for w in words for ch in w]
    rng.shuffle(bag)
    seen = 0
    for _ in range(3):
        rack = "".join(bag[:5]) + ("?" if seed % 2 else "")
        bag = bag[5:]
        fast = rank(board, rack, lex, RULES)
        slow = generate_reference(board, rack, set(words), RULES)
        assert len(fast) == len(slow)
        slow_sorted = sorted(slow, key=lambda m: slow_key(board, m.play))
        assert [c.key() for c in fast] == [slow_key(board, m.play) for m in slow_sorted]
        assert {c.play for c in fast} == {m.play for m in slow}
        seen += len(fast)
        if len(fast):
            best = fast[0]
            scored = score_play(board, best.play, RULES)
            board.place((t.square, t.letter) for t in scored.tiles)
    assert seen > 0
