"""Move cards: every verdict, with its rule (II.1, II.5, II.6, II.8, II.9); never a crash."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from plansza import i18n
from plansza.board import Board
from plansza.duplicate.cards import REASONS, Card, Verdict, check_card, placed_tiles
from plansza.duplicate.messages import VERDICTS, verdict_text
from plansza.lexicon import Lexicon
from plansza.moves import Play
from plansza.records import dump, load
from plansza.rules import Rules
from plansza.scoring import score_play

RULES = Rules.pfs()


def board_with(*plays: str) -> Board:
    board = Board()
    for text in plays:
        scored = score_play(board, Play.parse(text), RULES)
        board.place((t.square, t.letter) for t in scored.tiles)
    return board


def check(board: Board, rack: str, text: str, score: int | None, lex: Lexicon, blanks: str = ""):
    return check_card(board, rack, Card(text, score, blanks), lex, RULES)


def test_a_correct_card_scores_its_points(lex: Lexicon) -> None:
    # II.4, II.8: a checked move scores its value.
    v = check(Board(), "KOTYABC", "H8 KOTY", 14, lex)
    assert (v.ok, v.awarded, v.real_score, v.play) == (True, 14, 14, "H8 KOTY")


def test_the_declared_score_must_be_the_real_one(lex: Lexicon) -> None:
    # II.8, II.9: the score is checked; a wrong score is a wrong move: 0 points.
    v = check(Board(), "KOTYABC", "H8 KOTY", 15, lex)
    assert (v.reason, v.awarded, v.real_score) == ("wrong_score", 0, 14)
    assert v.details["declared"] == 15


def test_no_score_written(lex: Lexicon) -> None:
    # II.5: the card must give the score.
    assert check(Board(), "KOTYABC", "H8 KOTY", None, lex).reason == "no_score"


def test_unreadable_coordinate(lex: Lexicon) -> None:
    # II.6: A–O and 1–15; letter first across, number first down.
    for text in ("Z8 KOTY", "H16 KOTY", "HH KOTY", "8 KOTY"):
        v = check(Board(), "KOTYABC", text, 14, lex)
        assert (v.reason, v.awarded) == ("bad_coordinate", 0), text


def test_unreadable_card(lex: Lexicon) -> None:
    # II.5: coordinate and word are needed.
    for text in ("", "KOTY", "H8 KO TY"):
        assert check(Board(), "KOTYABC", text, 14, lex).reason == "unreadable", text


def test_bad_word_characters(lex: Lexicon) -> None:
    assert check(Board(), "KOTYABC", "H8 KO7Y", 14, lex).reason == "bad_word"
    assert check(Board(), "KOTYABC", "H8 K", 14, lex).reason == "bad_word"


def test_orientation_letter_first_is_across(lex: Lexicon) -> None:
    # II.6: H8 is across, 8H is down; written the wrong way round it is a wrong move.
    board = board_with("H8 KOT")
    ok = check(board, "YABCDEF", "H8 KOTY", 7, lex)
    assert ok.ok
    v = check(board, "YABCDEF", "8H KOTY", 7, lex)
    assert v.reason == "wrong_orientation" and v.details["fits"] == "H8"
    assert v.awarded == 0


def test_word_not_on_the_board(lex: Lexicon) -> None:
    # II.8: the word must fit the letters already on the board.
    board = board_with("H8 KOT")
    v = check(board, "YABCDEF", "H8 KOCY", 7, lex)
    assert v.reason == "not_on_board" and v.details["square"] == "J8"


def test_word_off_the_board(lex: Lexicon) -> None:
    assert check(Board(), "KOTYABC", "M8 KOTY", 14, lex).reason == "off_board"


def test_not_the_whole_main_word(lex: Lexicon) -> None:
    # II.5: the card names the whole main word.
    board = board_with("H8 KOTY")
    v = check(board, "KABCDEF", "G8 AK", 3, lex)
    assert v.reason == "not_whole_word"


def test_no_new_tiles(lex: Lexicon) -> None:
    board = board_with("H8 KOT")
    assert check(board, "ABCDEFG", "H8 KOT", 5, lex).reason == "no_new_tiles"


def test_tiles_not_on_the_rack(lex: Lexicon) -> None:
    # II.1: using tiles other than the drawn ones: the move does not count.
    v = check(Board(), "KOTABCD", "H8 KOTY", 14, lex)
    assert v.reason == "not_from_rack" and v.details["tiles"] == "Y"


def test_a_blank_must_be_declared(lex: Lexicon) -> None:
    # II.5: "W zapisie musi zostać określony blank (blanki) jeśli został użyty."
    v = check(Board(), "KOT?ABC", "H8 KOTY", 10, lex)
    assert v.reason == "blank_not_declared" and v.details["letters"] == "Y"
    ok = check(Board(), "KOT?ABC", "H8 KOTY", 10, lex, blanks="Y")
    assert ok.ok and ok.play == "H8 KOTy"


def test_a_blank_may_be_marked_in_the_word(lex: Lexicon) -> None:
    # II.5: a lower-case letter in the written word names the blank's square.
    v = check(Board(), "KOT?ABC", "H8 KOTy", 10, lex)
    assert v.ok and v.play == "H8 KOTy"


def test_a_blank_marked_and_declared_is_one_blank(lex: Lexicon) -> None:
    # II.5: the blank is named ("musi zostać określony blank"); naming it twice, in lower
    # case in the word and among the blank letters, still names one blank: the card
    # is right, not "too many blanks" (issue 27, item 10).
    v = check(Board(), "KOT?ABC", "H8 KOTy", 10, lex, blanks="Y")
    assert v.ok and v.play == "H8 KOTy" and v.awarded == 10
    # The same with a lower-case letter in --blanks (Card normalises it to upper case).
    assert check(Board(), "KOT?ABC", "H8 KOTy", 10, lex, blanks="y").ok
    # Two blanks on the rack, both named twice: still two blanks, both in place.
    two = check(Board(), "OT??ABC", "H8 kOTy", 6, lex, blanks="KY")
    assert two.ok and two.play == "H8 kOTy"
    # One marked, a second one named only among the letters: two blanks.
    mixed = check(Board(), "OT??ABC", "H8 KOTy", 6, lex, blanks="KY")
    assert mixed.ok and mixed.play == "H8 kOTy"
    # A letter named one time more than the word has of it is still refused.
    assert check(Board(), "OT??ABC", "H8 KOTy", 6, lex, blanks="YY").reason == "blank_not_in_word"
    # And more blanks than the rack holds, counted once each, is still too many.
    assert check(Board(), "KOT?ABC", "H8 kOTy", 6, lex, blanks="KY").reason == "too_many_blanks"


@given(st.sampled_from(["KOTy", "kOTY", "KoTY", "kOTy", "KOtY"]), st.integers(0, 20))
def test_naming_a_marked_blank_again_changes_nothing(word: str, score: int) -> None:
    # II.5: adding the lower-case letters of the word to the blank letters gives the
    # same verdict (one blank each, said twice).
    lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK"], RULES.tileset)
    rack = "KOTY??A"
    marked = "".join(ch.upper() for ch in word if ch.islower())
    once = check_card(Board(), rack, Card(f"H8 {word}", score), lex, RULES)
    twice = check_card(Board(), rack, Card(f"H8 {word}", score, marked), lex, RULES)
    assert twice == once


def test_which_of_two_equal_letters_is_the_blank(lex: Lexicon) -> None:
    # II.5: KOTEK with a blank K — either K may be the blank; the declared score decides.
    # D8 KOTEK: the first K on D8 (letter ×2), the last on H8 (word ×2).
    # Blank first K: (0+1+2+1+2)*2 = 12; blank last K: (2*2+1+2+1+0)*2 = 16.
    rack = "KOTE?AB"
    a = check(Board(), rack, "D8 KOTEK", 12, lex, blanks="K")
    b = check(Board(), rack, "D8 KOTEK", 16, lex, blanks="K")
    assert a.ok and a.play == "D8 kOTEK"
    assert b.ok and b.play == "D8 KOTEk"
    bad = check(Board(), rack, "D8 KOTEK", 13, lex, blanks="K")
    assert bad.reason == "wrong_score" and bad.details["real"] == "16/12"


def test_declared_blank_not_in_the_word(lex: Lexicon) -> None:
    v = check(Board(), "KOT?ABC", "H8 KOT", 10, lex, blanks="Z")
    assert v.reason == "blank_not_in_word" and v.details["letter"] == "Z"


def test_more_blanks_than_the_rack_has(lex: Lexicon) -> None:
    v = check(Board(), "KOT?ABC", "H8 KOTY", 10, lex, blanks="KY")
    assert v.reason == "too_many_blanks"


def test_bad_blank_letters(lex: Lexicon) -> None:
    assert check(Board(), "KOT?ABC", "H8 KOTY", 10, lex, blanks="7").reason == "bad_blanks"


def test_words_must_be_in_the_lexicon(lex: Lexicon) -> None:
    # II.8: validity (against the word list; SJP.PL stands in for OSPS).
    v = check(Board(), "KOTYABC", "H8 TOKY", 14, lex)
    assert v.reason == "invalid_word" and v.details["words"] == "TOKY"


def test_a_cross_word_not_in_the_lexicon(lex: Lexicon) -> None:
    # II.8: every word formed counts. ZA under KO makes KZ and OA down.
    board = board_with("H8 KOT")
    v = check(board, "ZABCDEF", "H9 ZA", 5, lex)
    assert v.reason == "invalid_word" and v.details["words"] == "KZ, OA"


def test_placement_rules(lex: Lexicon) -> None:
    # The first move covers H8; later moves touch the board.
    assert check(Board(), "KOTYABC", "A1 KOTY", 30, lex).reason == "first_play_centre"
    board = board_with("H8 KOT")
    assert check(board, "KOTYABC", "A1 KOTY", 30, lex).reason == "not_connected"


def test_a_single_tile_may_be_named_by_either_word(lex: Lexicon) -> None:
    # II.5: the main word of a one-tile move is either word it forms: TOK across, AK down.
    board = Board()
    board[7, 7], board[7, 8], board[6, 9] = "T", "O", "A"
    across = check(board, "KBCDEFG", "H8 TOK", 8, lex)
    down = check(board, "KBCDEFG", "7J AK", 8, lex)
    assert across.ok and down.ok
    assert across.play is not None and down.play is not None
    assert placed_tiles(board, across.play) == placed_tiles(board, down.play) == {(7, 9, "K")}


def test_every_reason_has_both_languages() -> None:
    # Every verdict has an English template, and the Polish catalogue a text for it.
    pl = i18n.translator("pl")
    for reason in (*REASONS, "ok", "override"):
        template = VERDICTS[reason]
        english = template if isinstance(template, str) else template[0]
        polish = pl.gettext(english) if isinstance(template, str) else pl.ngettext(*template, 5)
        assert polish != english, reason


def test_verdict_text_in_polish_and_english(lex: Lexicon) -> None:
    v = check(Board(), "KOTYABC", "Z8 KOTY", 14, lex)
    polish, english = verdict_text(v, i18n.translator("pl")), verdict_text(v, i18n.translator("en"))
    assert "współrzędna" in polish and "0 pkt" in polish
    assert "coordinate" in english and "0 points" in english


def test_verdict_round_trip(lex: Lexicon) -> None:
    v = check(Board(), "KOT?ABC", "H8 KOTY", 11, lex, blanks="Y")
    assert load(Verdict, json.loads(json.dumps(dump(v)))) == v
    c = Card("H8 KOTY", 11, "Y")
    assert load(Card, dump(c)) == c


TEXT = st.text(alphabet="ABCHKOTYŁŻ8H19()? -ko", max_size=14)


@given(TEXT, st.one_of(st.none(), st.integers(-5, 200)), st.text("KYZ?ab", max_size=3))
def test_any_card_gets_a_verdict_never_a_crash(text: str, score: int | None, blanks: str) -> None:
    # II.5, II.9: a card is either right or scores 0 with a reason.
    lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK"], RULES.tileset)
    board = board_with("H8 KOT")
    v = check_card(board, "KOTY?AB", Card(text, score, blanks), lex, RULES)
    assert v.reason == "ok" or v.reason in REASONS
    assert v.awarded == (v.real_score if v.ok else 0)
    assert verdict_text(v, i18n.translator("pl"))
