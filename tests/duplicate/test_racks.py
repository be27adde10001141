"""Rack drawing: the vowel/consonant rule (II.2) and the kept tiles (II.14)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from plansza.duplicate.racks import (
    MAX_REDRAWS,
    Requirement,
    attainable,
    classify,
    draw_rack,
    leave,
    meets,
    shortfall,
)
from plansza.records import dump, load
from plansza.tiles import TileSet

TS = TileSet.polish()
VOWELS = "AĄEĘIOÓUY"


def test_vowels_are_the_nine_polish_ones() -> None:
    # II.2 (spec duplicate.md): vowels A Ą E Ę I O Ó U Y; everything else is a consonant.
    assert {t for t in TS.letters if TS.is_vowel(t)} == set(VOWELS)
    assert classify("AĄEĘIOÓUY", TS) == (9, 0, 0)
    assert classify("BCĆDŁŃŚŹŻ", TS) == (0, 9, 0)


def test_two_and_two_during_the_first_ten_moves() -> None:
    # II.2: moves 1–10 need at least two vowels and two consonants.
    for move in range(1, 11):
        need = Requirement.for_move(move)
        assert (need.vowels, need.consonants) == (2, 2)
    assert meets("AEKT", Requirement.for_move(1), TS)
    assert not meets("AKTRZSW", Requirement.for_move(10), TS)
    assert not meets("AEIOUYK", Requirement.for_move(5), TS)


def test_one_and_one_from_move_eleven() -> None:
    # II.2: from the eleventh move one vowel and one consonant are enough.
    for move in range(11, 16):
        assert Requirement.for_move(move) == Requirement(1, 1)
    assert meets("AKTRZSW", Requirement.for_move(11), TS)
    assert not meets("KTRZSWP", Requirement.for_move(15), TS)
    assert not meets("AEIOUYE", Requirement.for_move(15), TS)


def test_a_blank_counts_as_either() -> None:
    # II.2: "Blank uznany może być za samogłoskę lub spółgłoskę."
    need = Requirement.for_move(1)
    assert meets("AKTR?ZW", need, TS)  # blank as the second vowel
    assert meets("AEIOU?K", need, TS)  # blank as the second consonant
    assert meets("??AKRTS", need, TS)
    assert not meets("?KTRZSW", need, TS)  # one blank cannot be two vowels
    assert meets("??KTRZS", need, TS)  # two blanks can
    assert shortfall("KTRZSWP", need, TS) == 2


def test_a_good_first_draw_stands() -> None:
    # II.2: a rack that meets the rule is not redrawn.
    log, bag = draw_rack(list("AEKT"), "", 1, random.Random(0), TS, rack_size=4)
    assert log.outcome == "meets" and log.redraws == 0
    assert sorted(log.rack) == sorted("AEKT") and bag == []


def test_kept_tiles_stay_and_only_the_missing_are_drawn() -> None:
    # II.14: the tiles left from the previous move stay; the missing ones are drawn.
    bag = list("AEIOKTRZ" * 3)
    log, rest = draw_rack(bag, "KTA", 3, random.Random(5), TS)
    first = log.attempts[0]
    assert first.kept == "KTA" and len(first.drawn) == 4
    assert Counter(rest) + Counter(first.drawn) == Counter(bag)


def test_a_bad_rack_is_redrawn_whole_kept_tiles_included() -> None:
    # II.2: "losowania kompletu siedmiu nowych płytek" — all seven go back, kept ones too.
    bag = list("KTRZSWPŁMNAEIOUY")
    rng = random.Random(3)
    log, rest = draw_rack(bag, "KTRZSW", 2, rng, TS)
    assert log.attempts[0].kept == "KTRZSW"
    if log.redraws:
        for a in log.attempts[1:]:
            assert a.kept == "" and len(a.drawn) == 7
    # Tiles are conserved: the bag after plus the rack is the bag before plus the kept tiles.
    assert Counter(rest) + Counter(log.rack) == Counter(bag) + Counter("KTRZSW")


def test_at_most_three_redraws_then_the_third_stands() -> None:
    # II.2: at most three redraws; after the third the rack stands as drawn.
    # A bag of many consonants and exactly two vowels: a good rack is possible but rare.
    bag = [*"KTRZSWPŁMNBCDFGHJL" * 4, "A", "E"]
    outcomes = set()
    for seed in range(40):
        log, _ = draw_rack(bag, "", 1, random.Random(seed), TS)
        assert log.redraws <= MAX_REDRAWS
        assert len(log.attempts) == log.redraws + 1
        # Every attempt but the last breaks the rule (a good draw stops the redrawing).
        assert all(not a.meets for a in log.attempts[:-1])
        if log.redraws == MAX_REDRAWS and not log.attempts[-1].meets:
            assert log.outcome == "third_redraw"
        outcomes.add(log.outcome)
    assert "third_redraw" in outcomes


def test_no_redraw_when_the_unused_tiles_cannot_meet_the_rule() -> None:
    # II.2: "Sędzia nie dokonuje dodatkowych losowań, gdy wśród niewykorzystanych płytek
    # nie ma wymaganej ilości samogłosek/spółgłosek."
    bag = list("KTRZSWPŁMNA")
    log, _ = draw_rack(bag, "", 4, random.Random(1), TS)
    assert log.outcome == "unattainable" and log.redraws == 0
    assert not attainable(bag, Requirement(2, 2), TS)
    # From move 11 the same bag can meet the rule, so a bad draw would be redrawn.
    assert attainable(bag, Requirement(1, 1), TS)


def test_attainable_counts_the_rack_size() -> None:
    # II.2 near the end: a rack of fewer than four tiles cannot hold two and two.
    assert not attainable("AEK", Requirement(2, 2), TS)
    assert attainable("AK", Requirement(1, 1), TS)
    assert attainable("A?", Requirement(1, 1), TS)


def test_the_draw_log_records_every_attempt() -> None:
    # II.2: the log holds every attempt, in order, with its verdict.
    bag = [*"KTRZSWPŁMNBCDFGHJL" * 4, "A", "E", "I", "O"]
    log, _ = draw_rack(bag, "", 1, random.Random(11), TS)
    data = dump(log)
    assert [a["meets"] for a in data["attempts"]] == [a.meets for a in log.attempts]
    assert load(type(log), data) == log


def test_an_empty_bag_and_rack_draw_nothing() -> None:
    log, bag = draw_rack([], "", 12, random.Random(0), TS)
    assert log.outcome == "empty" and log.rack == "" and bag == []


def test_the_same_random_source_gives_the_same_draw_whatever_the_bag_order() -> None:
    # Reproducibility: the bag is sorted before drawing, so only its contents matter.
    bag = TS.full_bag()
    shuffled = list(bag)
    random.Random(9).shuffle(shuffled)
    a, _ = draw_rack(bag, "", 1, random.Random("s"), TS)
    b, _ = draw_rack(shuffled, "", 1, random.Random("s"), TS)
    assert a == b


def test_leave() -> None:
    # II.14: what the winning move did not use stays on the rack.
    assert leave("KOTA?EŁ", ["K", "?"]) == "OTAEŁ"


@st.composite
def bags(draw: st.DrawFn) -> tuple[list[str], str]:
    """A bag (a sub-multiset of the full set) and the tiles kept from the last move."""
    full = TS.full_bag()
    picked = draw(st.lists(st.sampled_from(full), min_size=0, max_size=40))
    counts = Counter(full)
    bag: list[str] = []
    for t in picked:
        if counts[t] > 0:
            counts[t] -= 1
            bag.append(t)
    kept_n = draw(st.integers(0, min(6, len(bag))))
    kept = "".join(bag[:kept_n])
    return bag[kept_n:], kept


@given(bags(), st.integers(1, 15), st.integers(0, 2**32 - 1))
def test_every_drawn_rack_obeys_ii2_whenever_the_bag_allows(
    case: tuple[list[str], str], move: int, seed: int
) -> None:
    # II.2 property: if the unused tiles can make a good rack, the drawn rack is good unless
    # three redraws failed; if they cannot, no redraw is made. Tiles are never lost or made.
    bag, kept = case
    need = Requirement.for_move(move)
    log, rest = draw_rack(bag, kept, move, random.Random(seed), TS)
    assert Counter(rest) + Counter(log.rack) == Counter(bag) + Counter(kept)
    pool = bag + list(kept)
    if not pool:
        assert log.outcome == "empty"
        return
    assert len(log.rack) == min(7, len(pool))
    assert log.redraws <= MAX_REDRAWS
    assert log.attempts[0].kept == kept
    if attainable(pool, need, TS):
        assert log.rack_meets or log.redraws == MAX_REDRAWS
        assert log.outcome in ("meets", "third_redraw")
        assert meets(log.rack, need, TS) == (log.outcome == "meets")
    else:
        assert log.redraws == 0
        assert log.outcome == "unattainable"
