"""A live game as a log of actions: replayed from its steps, it is the same game.

The server stores every step before it is sent, and rebuilds a game after a restart
from the stored steps; these tests hold that the rebuilt game is the game — board,
racks, scores, clocks (TR 6.2) — and that an action that cannot be made changes
nothing.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plansza.errors import PlanszaError
from plansza.lexicon import Lexicon
from plansza.services.live import LiveError, LiveTable


def table(words: Lexicon, seats: tuple[str, str] = ("greedy", "static"), **kw: object) -> LiveTable:
    args: dict[str, object] = {
        "rules": "pfs",
        "minutes": 15,
        "seed": 7,
        "seats": seats,
        "names": ("Ala", "Ola"),
        "words": words,
        "starting": 0,
        "now": 0.0,
    }
    args.update(kw)
    return LiveTable.new(**args)  # type: ignore[arg-type]


def rebuilt(t: LiveTable, words: Lexicon) -> LiveTable:
    return LiveTable.replay(
        rules=t.preset,
        minutes=t.minutes,
        seed=t.seed,
        seats=t.seats,
        names=("Ala", "Ola"),
        words=words,
        starting=t.game.starting_player,
        started=0.0,
        steps=list(t.steps),
    )


@given(seed=st.integers(0, 10_000), think=st.lists(st.floats(0.1, 40.0), min_size=60))
@settings(max_examples=12, deadline=None)
def test_a_game_replayed_from_its_steps_is_the_same_game(
    words: Lexicon, seed: int, think: list[float]
) -> None:
    # Two computers play to the end; at every step the game rebuilt from the stored
    # steps shows both seats and a spectator the same view, clocks included (TR 6.2).
    t = table(words, seed=seed)
    now = 0.0
    for dt in think:
        seat = t.computer_seat()
        if seat is None:
            break
        now += dt
        t.apply(seat, t.computer_action(seat), now=now)
        again = rebuilt(t, words)
        for who in (0, 1, None):
            assert again.view(who, now + 1.0) == t.view(who, now + 1.0)
    assert [s.n for s in t.steps] == list(range(1, len(t.steps) + 1))


def test_an_action_that_cannot_be_made_changes_nothing(words: Lexicon) -> None:
    t = table(words, seats=("person", "person"))
    before = t.view(0, 5.0)
    for seat, action in [
        (1, {"kind": "move", "text": "pauza"}),  # not its turn
        (0, {"kind": "move", "text": "H8 ZZZZ"}),  # not on the rack
        (0, {"kind": "move", "text": "Z99 KOT"}),  # unreadable
        (0, {"kind": "accept"}),  # nothing to accept
        (0, {"kind": "challenge"}),  # nothing to challenge
        (0, {"kind": "fly"}),  # no such action
        (0, {"kind": "flag"}),  # only the server declares a flag fall
        (3, {"kind": "resign"}),  # no such seat
    ]:
        with pytest.raises(PlanszaError):
            t.apply(seat, action, now=5.0)
    assert t.view(0, 5.0) == before and t.steps == []


def test_a_spectator_never_sees_a_rack(words: Lexicon) -> None:
    t = table(words)
    view = t.view(None, 1.0)
    assert view["rack"] is None and view["unseen"] is None
    assert t.view(0, 1.0)["rack"] and t.view(1, 1.0)["rack"]


def test_the_flag_falls_when_the_time_is_up(words: Lexicon) -> None:
    # TR 6.2: the mover's time runs out; the server declares it (a step of its own)
    t = table(words, seats=("person", "person"), minutes=1)
    with pytest.raises(LiveError):
        t.apply(None, {"kind": "flag"}, now=59.0)
    step = t.apply(None, {"kind": "flag"}, now=61.0)
    assert step.seat is None and step.outcome["flagged"]
    assert t.view(0, 61.0)["to_move"] == 1


def test_a_resumed_server_charges_no_time_it_was_down(words: Lexicon) -> None:
    # The server died at 100 s and came back at 400 s: the player to move has the time
    # they had at 100 s, and a replay of the steps says the same.
    t = table(words, seats=("person", "person"))
    t.apply(0, {"kind": "move", "text": "pauza"}, now=30.0)
    t.apply(None, {"kind": "resume", "from": 100.0}, now=400.0)
    assert t.view(1, 400.0)["clocks"] == [870.0, 830.0]
    assert rebuilt(t, words).view(1, 410.0)["clocks"] == [870.0, 820.0]


def test_resigning_ends_the_game_for_the_other(words: Lexicon) -> None:
    t = table(words, seats=("person", "person"))
    step = t.apply(1, {"kind": "resign"}, now=3.0)
    assert step.outcome["end"] == {"reason": "resigned", "scores": [0, 0], "winner": 0}
    with pytest.raises(PlanszaError):
        t.apply(0, {"kind": "move", "text": "pauza"}, now=4.0)


def test_the_computer_challenges_an_invalid_word_and_accepts_a_valid_one(
    words: Lexicon,
) -> None:
    # TR 4.7: the computer challenges exactly the plays that form an invalid word
    rng = random.Random(3)
    for _ in range(20):
        t = table(words, seats=("person", "static"), seed=rng.randrange(1000))
        rack = t.view(0, 0.0)["rack"].replace("?", "")
        word = rack[:2]
        try:
            t.apply(0, {"kind": "move", "text": f"H8 {word}"}, now=1.0)
        except PlanszaError:
            continue
        answer = t.computer_action(1)
        assert answer["kind"] == ("accept" if word in words else "challenge")
