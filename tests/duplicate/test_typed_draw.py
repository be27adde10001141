"""Racks drawn from the real bag in the hall and typed by the referee (I.5, II.2, II.14)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plansza.duplicate import Championship
from plansza.duplicate.messages import DuplicateError
from plansza.duplicate.racks import (
    MAX_REDRAWS,
    REDRAW,
    DrawAttempt,
    draw_rack,
    read_tiles,
    tiles_to_draw,
    typed_draw,
)
from plansza.duplicate.storage import dumps
from plansza.i18n import describe, translator
from plansza.lexicon import Lexicon
from plansza.records import load
from plansza.tiles import TileSet

TS = TileSet.polish()
FULL = TS.full_bag()
NO_VOWELS = "KRTZSWN"  # breaks II.2 in every move
GOOD = "KOTAEŁS"


def test_tiles_are_read_in_any_case_with_a_blank() -> None:
    # I.5: the referee types what was drawn; "?" is a blank (II.2 counts it either way).
    assert read_tiles("kot ą,ż-?", TS) == "KOTĄŻ?"
    with pytest.raises(DuplicateError) as e:
        read_tiles("KOX", TS)
    assert e.value.reason == "bad_tile" and "X" in str(e.value)


def test_a_rack_that_meets_the_rule_stands() -> None:
    # II.2: two vowels and two consonants in moves 1–10: the rack stands.
    r = typed_draw(FULL, "", "kotaełs", 1, (), TS)
    assert r.stands and r.outcome == "meets" and r.rack == "KOTAEŁS"
    assert Counter(r.bag) == Counter(FULL) - Counter("KOTAEŁS")
    assert r.log.redraws == 0


def test_a_rack_breaking_the_rule_calls_for_a_redraw() -> None:
    # II.2: the rule is broken and the bag can meet it: all seven are drawn anew.
    r = typed_draw(FULL, "", NO_VOWELS, 1, (), TS)
    assert r.outcome == REDRAW and not r.stands
    assert Counter(r.bag) == Counter(FULL)  # the rack went back whole
    with pytest.raises(ValueError):
        _ = r.log


def test_the_kept_tiles_go_back_too_and_seven_are_drawn() -> None:
    # II.14: the first attempt takes only the missing tiles; II.2: a redraw puts the
    # whole rack back, the kept tiles too, and draws "komplet siedmiu nowych płytek".
    bag = [t for t in FULL if t not in "K"]  # no K left in the bag but the kept one
    assert tiles_to_draw(bag, "KK", ()) == 5
    first = typed_draw(bag, "KK", "RTZSW", 3, (), TS)
    assert first.outcome == REDRAW and first.attempt.kept == "KK"
    assert tiles_to_draw(bag, "KK", first.attempts) == 7
    # The kept K are back in the bag: the redraw may hold them.
    second = typed_draw(bag, "KK", "KKAEOTR", 3, first.attempts, TS)
    assert second.outcome == "meets" and second.attempt.kept == ""
    assert second.log.attempts == (first.attempt, second.attempt)


def test_the_third_redraw_stands() -> None:
    # II.2: "Losowanie nowego zestawu odbywa się maksymalnie trzy razy" — the third stands.
    attempts: tuple[DrawAttempt, ...] = ()
    for _ in range(MAX_REDRAWS):
        r = typed_draw(FULL, "", NO_VOWELS, 1, attempts, TS)
        assert r.outcome == REDRAW
        attempts = r.attempts
    r = typed_draw(FULL, "", NO_VOWELS, 1, attempts, TS)
    assert r.outcome == "third_redraw" and r.log.redraws == MAX_REDRAWS
    with pytest.raises(ValueError):
        typed_draw(FULL, "", NO_VOWELS, 1, r.attempts, TS)


def test_no_redraw_when_the_unused_tiles_cannot_meet_the_rule() -> None:
    # II.2: "Sędzia nie dokonuje dodatkowych losowań, gdy wśród niewykorzystanych płytek
    # nie ma wymaganej ilości samogłosek/spółgłosek."
    r = typed_draw("RTZSWAN", "K", "RTZSWA", 4, (), TS)
    assert r.outcome == "unattainable" and r.stands and r.bag == ["N"]


def test_from_move_11_one_of_each_is_enough() -> None:
    # II.2: from the eleventh move one vowel and one consonant.
    assert typed_draw(FULL, "", "KRTZSWA", 11, (), TS).outcome == "meets"
    assert typed_draw(FULL, "", "KRTZSWA", 10, (), TS).outcome == REDRAW


def test_tiles_not_in_the_bag_are_refused_by_name() -> None:
    # I.5: the rack is drawn from the tiles left; a tile not left cannot have been drawn.
    bag = [t for t in FULL if t != "Ź"]
    with pytest.raises(DuplicateError) as e:
        typed_draw(bag, "", "KOTAEŁŹ", 1, (), TS)
    assert e.value.reason == "not_in_bag"
    assert describe(e.value, translator("en")) == "Ź: not in the bag (left of them: Ź 0)"
    assert describe(e.value, translator("pl")).startswith("Ź: ")


def test_a_wrong_number_of_tiles_names_the_counts() -> None:
    # II.14: the missing tiles are drawn, no more and no fewer (7 − kept, or the bag's rest).
    with pytest.raises(DuplicateError) as e:
        typed_draw(FULL, "AB", "KOTAEŁ", 1, (), TS)
    assert e.value.reason == "typed_count"
    assert describe(e.value, translator("en")) == (
        "6 typed (KOTAEŁ); the rack needs 5 tiles from the bag"
    )
    assert "trzeba dobrać z woreczka 5 płytek" in describe(e.value, translator("pl"))
    with pytest.raises(DuplicateError) as e:
        typed_draw(FULL, "", "KOT", 1, (), TS)
    assert str(e.value) == "3 typed (KOT); the rack needs 7 tiles from the bag"
    # At the end of the bag, only what is left.
    assert typed_draw("AK", "OTE", "ka", 12, (), TS).outcome == "meets"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), move=st.integers(1, 15), size=st.integers(7, 100))
def test_typing_a_program_draw_gives_the_same_log(seed: int, move: int, size: int) -> None:
    # II.2, II.14: the typed draw judges a rack exactly as the program draw does.
    rng = random.Random(seed)
    bag = rng.sample(FULL, size)
    kept = "".join(rng.sample(bag, rng.randint(0, 6)))
    rest = list((Counter(bag) - Counter(kept)).elements())
    log, after = draw_rack(rest, kept, move, random.Random(seed), TS)
    attempts: tuple[DrawAttempt, ...] = ()
    for i, a in enumerate(log.attempts):
        r = typed_draw(rest, kept, a.drawn.lower(), move, attempts, TS)
        attempts = r.attempts
        if i < len(log.attempts) - 1:
            assert r.outcome == REDRAW
    assert r.log == log
    assert r.bag == after


@settings(max_examples=60, deadline=None)
@given(
    racks=st.lists(
        st.one_of(
            st.sampled_from([NO_VOWELS, "AEIOUYK", "KRTZSWA"]),
            st.randoms(use_true_random=False).map(lambda r: "".join(r.sample(FULL, 7))),
        ),
        min_size=4,
        max_size=4,
    )
)
def test_a_redraw_is_never_asked_after_the_third(racks: list[str]) -> None:
    # II.2: at most three redraws; after them the rack stands whatever it holds.
    attempts: tuple[DrawAttempt, ...] = ()
    for rack in racks:
        r = typed_draw(FULL, "", rack, 1, attempts, TS)
        attempts = r.attempts
        if r.stands:
            break
    assert r.stands and r.log.redraws <= MAX_REDRAWS


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), tile=st.sampled_from([*TS.letters, "?"]))
def test_a_tile_not_in_the_bag_is_always_refused(seed: int, tile: str) -> None:
    # I.5: the tiles come from what is left in the bag.
    rng = random.Random(seed)
    bag = [t for t in rng.sample(FULL, 60) if t != tile]
    typed = "".join(rng.sample(bag, 6)) + tile
    with pytest.raises(DuplicateError) as e:
        typed_draw(bag, "", typed, 1, (), TS)
    assert e.value.reason == "not_in_bag" and tile in str(e.value)


# ------------------------------------------------------------- the championship


def fresh(bag: str | None = None) -> Championship:
    ch = Championship(seed="typed")
    ch.register("Ala")
    ch.start_game(bag=bag)
    return ch


def test_a_redraw_is_a_state_kept_in_the_record(lex: Lexicon) -> None:
    # II.2: a redraw call opens no move; the attempt counts towards the three redraws
    # across calls and survives saving and loading.
    ch = fresh()
    r = ch.draw_typed(lex, NO_VOWELS)
    assert r.outcome == REDRAW and ch.game.open_move is None and not ch.game.moves
    assert ch.tiles_to_draw() == 7
    again = load(Championship, {k: v for k, v in _data(ch).items()})
    assert len(again.game.pending_draw) == 1
    for _ in range(MAX_REDRAWS - 1):
        assert again.draw_typed(lex, NO_VOWELS).outcome == REDRAW
    r = again.draw_typed(lex, NO_VOWELS)
    assert r.outcome == "third_redraw"
    move = again.game.open_move
    assert move is not None and move.draw.redraws == MAX_REDRAWS and move.rack == NO_VOWELS
    assert again.game.pending_draw == []
    assert Counter(again.game.bag) == Counter(FULL) - Counter(NO_VOWELS)


def _data(ch: Championship) -> dict[str, object]:
    import json

    data: dict[str, object] = json.loads(dumps(ch))
    return {k: v for k, v in data.items() if k not in ("format", "version")}


def test_a_standing_rack_opens_the_move_as_a_program_draw(lex: Lexicon) -> None:
    # II.2, II.12: the typed rack is ranked like a drawn one, the log holds every attempt.
    program = fresh()
    move = program.draw(lex)
    typed = fresh()
    for a in move.draw.attempts:
        typed.draw_typed(lex, a.drawn)
    same = typed.game.open_move
    assert same is not None
    assert same.draw == move.draw and same.candidates == move.candidates
    assert typed.game.bag == program.game.bag


def test_the_second_move_keeps_the_leave(lex: Lexicon) -> None:
    # II.14: the tiles not used stay; only the missing ones are typed.
    ch = fresh()
    ch.draw_typed(lex, GOOD)
    ch.close()
    need = ch.tiles_to_draw()
    assert 1 <= need < 7
    typed = "".join(ch.game.bag[:need])
    r = ch.draw_typed(lex, typed)
    assert r.attempt.drawn == typed and len(r.attempt.kept) == 7 - need


def test_refusals_change_nothing(lex: Lexicon) -> None:
    # I.5: tiles not in the bag are refused; the state is as before.
    ch = fresh(bag="KOTAEŁSKOT")
    before = dumps(ch)
    for bad in ("KOTAEŁŹ", "KOT", "KOTAEŁ1"):
        with pytest.raises(DuplicateError):
            ch.draw_typed(lex, bad)
        assert dumps(ch) == before


def test_a_program_draw_is_refused_while_a_typed_redraw_is_due(lex: Lexicon) -> None:
    # II.2: the redraws of one move are counted on one bag; switching to the program's
    # draw halfway would start the count afresh.
    ch = fresh()
    ch.draw_typed(lex, NO_VOWELS)
    with pytest.raises(DuplicateError) as e:
        ch.draw(lex)
    assert e.value.reason == "typed_draw_pending"
