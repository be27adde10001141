"""Reading word lists: bad lines with their numbers, case, duplicates, blanks."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from plansza.lexicon import read_word_list
from plansza.tiles import TileSet

PL = TileSet.polish()
EN = TileSet.english()


def words_of(packed: bytes, tileset: TileSet) -> list[str]:
    letters = [c.lower() for c in tileset.letters]
    return ["".join(letters[b - 1] for b in w) for w in packed.split(b"\0")[:-1]]


def test_bad_lines_reported_with_numbers_and_text() -> None:
    # issue 3 §2: lines with letters outside the tile set are reported with line numbers
    text = "kot\nquiz\nżółw\nex-mąż\n\nvice\nPies\n"
    report = read_word_list(text, PL, source="lista.txt")
    assert [(b.line, b.text) for b in report.bad] == [(2, "quiz"), (4, "ex-mąż"), (6, "vice")]
    assert words_of(report.packed, PL) == ["kot", "żółw", "pies"]
    assert report.lines == 7
    assert report.skipped == 3


def test_case_is_folded_and_duplicates_kept_for_the_build() -> None:
    # issue 3 §2: case and duplicates are handled (the build merges duplicates)
    report = read_word_list("KOT\nKot\nkot\nŻÓŁW\n", PL)
    assert words_of(report.packed, PL) == ["kot", "kot", "kot", "żółw"]
    assert report.accepted == 4


def test_crlf_bom_blanks_and_no_final_newline() -> None:
    report = read_word_list("\ufeffkot\r\n  pies \r\n\r\n\tżaba", PL)
    assert words_of(report.packed, PL) == ["kot", "pies", "żaba"]
    assert report.bad == ()
    assert report.lines == 4


def test_inner_space_is_a_bad_line() -> None:
    report = read_word_list("dwa słowa\n", PL)
    assert [b.line for b in report.bad] == [1]


def test_too_short_and_too_long() -> None:
    # A play forms words of 2+ letters; no word over 15 letters fits on the board (RR board 15x15).
    text = "a\nkonstantynopolitańczykowianeczka\nok\n"
    report = read_word_list(text, PL)
    assert report.too_short == (1,)
    assert report.too_long == (2,)
    assert words_of(report.packed, PL) == ["ok"]


def test_invalid_utf8_is_a_bad_line() -> None:
    report = read_word_list(b"kot\n\xff\xfe\nk\xc3\n\xc0\xa1\n", PL)
    assert [b.line for b in report.bad] == [2, 3, 4]
    assert words_of(report.packed, PL) == ["kot"]


def test_english_tiles_refuse_polish_letters() -> None:
    report = read_word_list("QUIZ\nżółw\nzebra\n", EN)
    assert [b.line for b in report.bad] == [2]
    assert words_of(report.packed, EN) == ["quiz", "zebra"]


@given(
    st.lists(st.text(alphabet="aąbcćdeęfghijklłmnńoóprsśtuwyzźżAĄŻqx- ", max_size=18), max_size=30)
)
def test_every_line_is_accounted_for(lines: list[str]) -> None:
    report = read_word_list("\n".join(lines), PL)
    kept = words_of(report.packed, PL)
    expected = []
    for line in lines:
        word = line.strip().lower()
        if word and all(PL.is_letter(c) for c in word) and 2 <= len(word) <= 15:
            expected.append(word)
    assert kept == expected
