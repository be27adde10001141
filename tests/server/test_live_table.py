"""A live game as a log of actions: the one turn flow of the terminal and the web.

The server stores every step before it is sent, and rebuilds a game after a restart
from the stored steps; these tests hold that the rebuilt game is the game — board,
racks, scores, clocks (TR 6.2) — that an action that cannot be made changes nothing,
that the clocks run as the rules mean them online (TR 2.4, 4.6.2, 6.2), and that what
a reader is shown holds nothing hidden from them.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plansza.errors import PlanszaError
from plansza.lexicon import Lexicon
from plansza.services.live import (
    Accept,
    Accepted,
    Action,
    Cancel,
    Cancelled,
    Challenge,
    Ended,
    Exchanged,
    Flag,
    Join,
    Joined,
    LiveError,
    LiveTable,
    MoveAction,
    Played,
    Rematch,
    RematchMade,
    Resign,
    Resume,
    Started,
    TimedOut,
    action_of,
    live_rules,
)


def table(
    words: Lexicon,
    seats: tuple[str, str] = ("greedy", "static"),
    *,
    minutes: int = 15,
    **kw: object,
) -> LiveTable:
    args: dict[str, object] = {
        "rules": live_rules("pfs", minutes),
        "preset": "pfs",
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
    return LiveTable.replay(t.setup, words=words, steps=list(t.steps))


def a_play(t: LiveTable, words: Lexicon) -> str:
    """A valid play of the player to move (the engine's best)."""
    from plansza.movegen import MoveGenerator

    gen = MoveGenerator(words, t.game.rules)
    gen.set_board(t.game.board)
    return str(gen.top(t.game.rack_string(t.game.to_move), 1)[0].play)


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
        for who in (0, 1):  # the fast wykreślanka and its slow twin, the game's own
            slow = t.game.rules.tileset.sort_tiles(t.game.unseen(who).elements())
            assert t.unseen(who) == slow
    assert [s.n for s in t.steps] == list(range(1, len(t.steps) + 1))


def test_an_action_that_cannot_be_made_changes_nothing(words: Lexicon) -> None:
    t = table(words, seats=("person", "person"))
    before = t.view(0, 5.0)
    attempts: list[tuple[int | None, Action]] = [
        (1, MoveAction("pauza")),  # not its turn
        (0, MoveAction("H8 ZZZZ")),  # not on the rack
        (0, MoveAction("Z99 KOT")),  # unreadable
        (0, Accept()),  # nothing to accept
        (0, Challenge()),  # nothing to challenge
        (0, Flag()),  # only the server declares a flag fall
        (0, Join(1, "X")),  # only the server seats a person
        (None, Join(1, "X")),  # the seat is taken
        (0, Rematch()),  # not over
        (None, Cancel()),  # started: nothing to call off
        (3, Resign()),  # no such seat
    ]
    for seat, action in attempts:
        with pytest.raises(PlanszaError):
            t.apply(seat, action, now=5.0)
    with pytest.raises(PlanszaError):
        action_of({"kind": "fly"})  # no such action
    assert t.view(0, 5.0) == before and t.steps == []


def test_a_spectator_never_sees_a_rack(words: Lexicon) -> None:
    t = table(words)
    view = t.view(None, 1.0)
    assert view.rack is None and view.unseen is None and view.exchanges_left is None
    assert t.view(0, 1.0).rack and t.view(1, 1.0).rack


# TR 6.2.1: the mover's time runs out; the server declares it (a step of its own).
def test_the_flag_falls_when_the_time_is_up(words: Lexicon) -> None:
    t = table(words, seats=("person", "person"), minutes=1)
    assert t.deadline(0.0) == 60.0
    assert t.tick(59.0) is None
    step = t.tick(61.0)
    assert step is not None and step.seat is None and step.events == (TimedOut(0, True),)
    assert t.view(0, 61.0).to_move == 1


def test_a_resumed_server_charges_no_time_it_was_down(words: Lexicon) -> None:
    # The server died at 100 s and came back at 400 s: the player to move has the time
    # they had at 100 s, and a replay of the steps says the same.
    t = table(words, seats=("person", "person"))
    t.apply(0, MoveAction("pauza"), now=30.0)
    t.apply(None, Resume(100.0), now=400.0)
    assert t.view(1, 400.0).clocks == [870.0, 830.0]
    assert rebuilt(t, words).view(1, 410.0).clocks == [870.0, 820.0]


def test_resigning_ends_the_game_for_the_other(words: Lexicon) -> None:
    t = table(words, seats=("person", "person"))
    step = t.apply(1, Resign(), now=3.0)
    assert isinstance(step.events[-1], Ended) and step.events[-1].winner == 0
    result = t.view(0, 3.0).result
    assert result is not None and (result.reason, result.winner) == ("resigned", 0)
    with pytest.raises(PlanszaError):
        t.apply(0, MoveAction("pauza"), now=4.0)


# TR 4.7: the computer challenges exactly the plays that form an invalid word.
def test_the_computer_challenges_an_invalid_word_and_accepts_a_valid_one(
    words: Lexicon,
) -> None:
    rng = random.Random(3)
    for _ in range(20):
        t = table(words, seats=("person", "static"), seed=rng.randrange(1000))
        rack = (t.view(0, 0.0).rack or "").replace("?", "")
        word = rack[:2]
        try:
            t.apply(0, MoveAction(f"H8 {word}"), now=1.0)
        except PlanszaError:
            continue
        answer = t.computer_action(1)
        assert isinstance(answer, Accept if word in words else Challenge)


# ---- TR 2.4: the game starts when both players are there ----------------------------


def waiting(words: Lexicon, arrival: float = 600.0) -> LiveTable:
    return table(
        words, seats=("person", "person"), owners=("owner-0", ""), waiting=True, arrival=arrival
    )


def test_the_clocks_wait_for_the_second_player(words: Lexicon) -> None:
    # TR 2.4: starting the clock of an absent player does not start the game
    t = waiting(words)
    assert t.state == "waiting" and t.open_seat() == 1
    with pytest.raises(LiveError) as e:
        t.apply(0, MoveAction("pauza"), now=100.0)
    assert e.value.code == "not_started"
    assert t.view(0, 300.0).clocks == [900.0, 900.0] and t.view(0, 300.0).running is None
    step = t.apply(None, Join(1, "Ola", "owner-1"), now=300.0)
    assert step.events == (Joined(1, "Ola"), Started())
    assert t.state == "playing" and t.seat_of_owner("owner-1") == 1
    assert t.view(0, 310.0).clocks == [890.0, 900.0]  # from the arrival, not the creation
    with pytest.raises(LiveError):
        t.apply(None, Join(1, "Ela", "owner-2"), now=311.0)  # taken once, for good
    assert rebuilt(t, words).view(1, 320.0) == t.view(1, 320.0)


def test_a_game_nobody_joins_is_called_off(words: Lexicon) -> None:
    t = waiting(words, arrival=600.0)
    assert t.deadline(100.0) == 500.0
    assert t.tick(599.0) is None
    step = t.tick(600.0)
    assert step is not None and step.events == (Cancelled(None),)
    assert t.over and t.state == "cancelled" and t.game.result is None  # no result
    with pytest.raises(PlanszaError):
        t.apply(None, Join(1, "Ola", "late"), now=601.0)


def test_the_inviter_may_call_the_game_off_before_it_starts(words: Lexicon) -> None:
    t = waiting(words)
    assert t.apply(0, Resign(), now=10.0).events == (Cancelled(0),)
    assert t.state == "cancelled" and t.game.result is None


# ---- TR 4.6.2 online: the time to decide is the decider's -----------------------------


def test_the_deciders_clock_runs_while_a_play_awaits_them(words: Lexicon) -> None:
    t = table(words, seats=("person", "person"))
    t.apply(0, MoveAction(a_play(t, words)), now=20.0)
    assert t.view(1, 20.0).running == 1  # the decider's clock, from the play on
    assert t.view(1, 50.0).clocks == [880.0, 870.0]
    t.apply(1, Accept(), now=50.0)
    assert t.view(1, 60.0).clocks == [880.0, 860.0]  # and on into their own move
    assert rebuilt(t, words).view(0, 60.0) == t.view(0, 60.0)


def test_a_decider_out_of_time_lets_the_play_stand(words: Lexicon) -> None:
    # TR 6.2.1 with 4.6.2 online: the decider's flag falls in the window: the play
    # stands (TR 4.7.3, nobody challenged it) and the decider has no more moves.
    t = table(words, seats=("person", "person"), minutes=1)
    played = t.apply(0, MoveAction(a_play(t, words)), now=10.0).events[0]
    assert isinstance(played, Played) and played.pending
    assert t.deadline(10.0) == 60.0
    step = t.tick(70.5)
    assert step is not None
    assert step.events == (Accepted(1, 0, played.score, played.score), TimedOut(1, True))
    assert t.game.pending is None and t.game.to_move == 0 and 1 in t.game.flagged


def test_a_decider_already_out_of_time_has_a_short_window(words: Lexicon) -> None:
    # TR 6.2.3: the player out of time keeps the right to challenge; with no time of
    # their own, the play stands after Rules.flagged_decision_seconds.
    t = table(words, seats=("person", "person"), minutes=1)
    t.apply(0, MoveAction("pauza"), now=5.0)
    t.tick(66.0)  # seat 1 out of time before moving
    assert 1 in t.game.flagged and t.game.to_move == 0
    t.apply(0, MoveAction(a_play(t, words)), now=70.0)
    assert t.view(0, 70.0).running is None
    window = t.game.rules.flagged_decision_seconds
    assert t.deadline(70.0) == window
    assert t.tick(70.0 + window - 1) is None
    step = t.tick(70.0 + window)
    assert step is not None and isinstance(step.events[0], Accepted)


# ---- hidden tiles -----------------------------------------------------------------------


def test_an_exchange_is_a_number_of_tiles_to_anyone_else(words: Lexicon) -> None:
    t = table(words, seats=("person", "person"))
    rack = t.game.rack_string(0)
    step = t.apply(0, MoveAction(f"-{rack[:3]}"), now=5.0)
    assert step.events == (Exchanged(0, 3, t.game.rules.tileset.sort_tiles(rack[:3])),)
    mine = t.seen_by(step, 0)
    assert mine == step
    for reader in (1, None):
        seen = t.seen_by(step, reader)
        assert seen.events == (Exchanged(0, 3),) and seen.action == MoveAction("")
        row = t.view(reader, 6.0).sheet[0]
        assert (row.kind, row.move, row.count) == ("exchange", "", 3)
        assert rack[:3] not in t.message(step, reader, 6.0).decode()
    assert t.view(0, 6.0).sheet[0].move == f"-{rack[:3]}"


def test_the_record_of_a_game_in_progress_is_its_players_own(words: Lexicon) -> None:
    from plansza.gcg import write_gcg

    t = table(words, seats=("person", "person"))
    rack0 = t.game.rack_string(0)
    t.apply(0, MoveAction(f"-{rack0[:2]}"), now=5.0)
    rack1 = t.game.rack_string(1)
    t.apply(1, MoveAction("pauza"), now=6.0)
    assert t.record(None) is None  # a spectator: not while it goes on
    own = t.record(0)
    other = t.record(1)
    assert own is not None and other is not None
    assert rack0 in write_gcg(own) and rack1 not in write_gcg(own)
    text = write_gcg(other)
    assert rack0 not in text and f"-{rack0[:2]}" not in text and "-2" in text
    assert rack1 in text
    t.apply(0, Resign(), now=7.0)
    public = t.record(None)
    assert public is not None and rack0 in write_gcg(public)  # a finished game is public


# ---- the rematch ----------------------------------------------------------------------------


def test_a_rematch_is_offered_and_answered_once(words: Lexicon) -> None:
    t = table(words, seats=("person", "person"))
    with pytest.raises(LiveError):
        t.apply(0, Rematch(), now=1.0)  # not before the end
    t.apply(1, Resign(), now=2.0)
    t.apply(0, Rematch(), now=3.0)
    with pytest.raises(LiveError):
        t.apply(0, Rematch("yes"), now=4.0)  # one's own offer
    with pytest.raises(LiveError):
        t.can_accept_rematch(0)
    t.can_accept_rematch(1)
    step = t.apply(1, Rematch("yes", game="g2"), now=5.0)
    assert step.events == (RematchMade("g2"),) and t.view(None).rematch.game == "g2"
    with pytest.raises(LiveError):
        t.apply(1, Rematch("no"), now=6.0)
    setup = t.rematch_setup(10.0)
    assert setup.starting == 1 - (t.game.starting_player or 0)  # the other starts
    assert setup.names == list(t.game.names) and setup.owners == t.owners


def test_the_computer_takes_a_rematch(words: Lexicon) -> None:
    t = table(words, seats=("person", "static"))
    t.apply(0, Resign(), now=1.0)
    assert t.computer_seat() is None
    t.apply(0, Rematch(), now=2.0)
    assert t.computer_seat() == 1 and t.computer_action(1) == Rematch("yes")
