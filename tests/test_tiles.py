"""Tile sets (spec rules.md § Equipment)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from plansza.tiles import BLANK, TileSet, polish_collation_key


def test_polish_set_has_100_tiles_and_the_gr_values() -> None:
    # GR "Zawartość kompletu": 100 tiles, 2 blanks, values per the table.
    ts = TileSet.polish()
    assert ts.total == 100
    assert ts.blanks == 2
    assert "".join(ts.letters) == "AĄBCĆDEĘFGHIJKLŁMNŃOÓPRSŚTUWYZŹŻ"
    assert {c: ts.value(c) for c in "ĄĆĘŃÓŚŹŻ"} == {
        "Ą": 5, "Ć": 6, "Ę": 5, "Ń": 7, "Ó": 5, "Ś": 5, "Ź": 9, "Ż": 5,
    }
    assert ts.count("A") == 9 and ts.count("E") == 7 and ts.count("Z") == 5
    assert ts.count(BLANK) == 2
    # Sum of all tile points, worked by hand from the GR table: 190.
    assert sum(ts.counts[c] * ts.values[c] for c in ts.letters) == 190


def test_polish_vowels() -> None:
    # glossary: A Ą E Ę I O Ó U Y are vowels.
    ts = TileSet.polish()
    assert sorted(c for c in ts.letters if ts.is_vowel(c)) == sorted("AĄEĘIOÓUY")


def test_english_set() -> None:
    ts = TileSet.english()
    assert ts.total == 100
    assert ts.value("Q") == 10 and ts.count("E") == 12


def test_blank_scores_zero() -> None:
    ts = TileSet.polish()
    assert ts.value("?") == 0 and ts.value("ź") == 0 and ts.value("Ź") == 9


def test_polish_collation() -> None:
    names = ["Żak", "Zając", "Źrebiec", "Łoś", "Lis", "Ćma", "Cyran", "Ąbel", "Adam", "Ślimak"]
    names.append("Sowa")
    assert sorted(names, key=polish_collation_key) == [
        "Adam", "Ąbel", "Cyran", "Ćma", "Lis", "Łoś", "Sowa", "Ślimak", "Zając", "Źrebiec", "Żak",
    ]


@given(st.lists(st.text(alphabet="aąbcćdeęłlnńoóśszźżAĄŁŚŻ -", max_size=8), max_size=10))
def test_collation_is_a_total_order(names: list[str]) -> None:
    once = sorted(names, key=polish_collation_key)
    assert sorted(once, key=polish_collation_key) == once
    assert sorted(reversed(names), key=polish_collation_key) == once
