"""The play service without a terminal: options, unreadable moves, and a game against
the computer's flow as the live table's events (what the CLI and the web app show in
their own words)."""

from __future__ import annotations

import pytest

from plansza.errors import InvalidMoveError, PlanszaError
from plansza.lexicon import Lexicon
from plansza.movegen import MoveGenerator
from plansza.rules import Rules
from plansza.services.live import (
    Accept,
    Accepted,
    Action,
    Challenge,
    Challenged,
    Ended,
    Event,
    Judged,
    LiveTable,
    MoveAction,
    Played,
)
from plansza.services.play import OptionError, play_options, start_game, unreadable
from plansza.tiles import TileSet

PFS = Rules.pfs()


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.default(progress=False)


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"level": "genius"}, "level"),
        ({"phony": 1.5}, "phony"),
        ({"level": "sim", "phony": 0.5}, "phony_level"),
        ({"minutes": -1}, "minutes"),
        ({"seconds": 0}, "seconds"),
        ({"first": "nobody"}, "first"),
    ],
)
def test_bad_options_are_refused_with_a_code(kwargs: dict[str, object], code: str) -> None:
    args = {"level": "static", **kwargs}
    level = args.pop("level")
    with pytest.raises(OptionError) as caught:
        play_options(str(level), PFS, **args)  # type: ignore[arg-type]
    assert caught.value.code == code


def test_a_game_against_the_computer_is_for_two() -> None:
    with pytest.raises(OptionError) as caught:
        play_options("static", Rules.home(3))
    assert caught.value.code == "players"


def test_minutes_zero_means_no_clock() -> None:
    # TR 6.2: 15 minutes a player by default; 0 plays without a clock.
    assert play_options("static", PFS, seed=1).rules.minutes == 15
    assert play_options("static", PFS, seed=1, minutes=0).rules.minutes is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Z9 KOT", "coordinate"),
        ("H8 K", "short"),
        ("H8 KOX", "letter"),
        ("H8 " + "A" * 16, "long"),
        ("-AB1", "letter"),
        ("-ABCDEFGH", "exchange"),
        ("hello there world", "unknown"),
    ],
)
def test_an_unreadable_move_says_why(text: str, code: str) -> None:
    error = unreadable(text, TileSet.polish())
    assert isinstance(error, InvalidMoveError) and error.code == code


def a_game(lex: Lexicon, *, phony: float = 0.0, seed: int = 5) -> LiveTable:
    options = play_options("static", PFS, seed=seed, name="Ala", first="me", phony=phony)
    return start_game(options, lex, ("Ala", "Komputer"), now=0.0)


def best(table: LiveTable, lex: Lexicon) -> str:
    gen = MoveGenerator(lex, PFS)
    gen.set_board(table.game.board)
    return str(gen.top(table.game.rack_string(0), 1)[0].play)


def act(table: LiveTable, seat: int, action: Action, now: float = 1.0) -> list[Event]:
    return list(table.apply(seat, action, now=now).events)


def computer(table: LiveTable) -> list[Event]:
    """The computer's answer or move, as the front ends let it act."""
    seat = table.computer_seat()
    assert seat == 1
    return act(table, seat, table.computer_action(seat))


def test_a_valid_play_is_accepted_by_the_computer(lex: Lexicon) -> None:
    # TR 4.7: the computer challenges exactly the plays that form an invalid word.
    table = a_game(lex)
    (played,) = act(table, 0, MoveAction(best(table, lex)))
    (accepted,) = computer(table)
    assert isinstance(played, Played) and isinstance(accepted, Accepted)
    assert played.seat == 0 and accepted.by == 1 and accepted.total == played.score > 0
    assert [s.n for s in table.steps] == [1, 2]  # numbered by their place in the log


def test_moves_out_of_turn_are_refused(lex: Lexicon) -> None:
    table = a_game(lex)
    act(table, 0, MoveAction(best(table, lex)))
    with pytest.raises(PlanszaError):
        act(table, 0, MoveAction("-"))  # the computer's decision first
    computer(table)
    with pytest.raises(PlanszaError):
        act(table, 0, MoveAction("-"))  # the computer's turn now
    with pytest.raises(PlanszaError):
        act(table, 0, Accept())  # nothing of the computer's to accept


def test_challenging_a_valid_play_gives_one_verdict(lex: Lexicon) -> None:
    # TR 4.7.11: one joint verdict; an unsuccessful challenge costs what the rules say.
    table = a_game(lex)
    act(table, 0, MoveAction(best(table, lex)))
    computer(table)
    played = computer(table)
    assert isinstance(played[0], Played) and played[0].seat == 1
    events = act(table, 0, Challenge())
    assert isinstance(events[0], Challenged) and events[0].challenger == 0
    verdict = events[1]
    assert isinstance(verdict, Judged) and verdict.valid
    assert verdict.penalty == (PFS.challenge_penalty or 0)


def test_a_phony_is_taken_back(lex: Lexicon) -> None:
    # A computer that always plays an invalid word: the challenge takes the tiles back.
    table = a_game(lex, phony=1.0)
    act(table, 0, MoveAction(best(table, lex)))
    computer(table)
    computer(table)
    assert table.game.pending is not None
    score_before = table.game.scores[1]
    verdict = act(table, 0, Challenge())[-1]
    assert isinstance(verdict, Judged) and not verdict.valid
    assert table.game.pending is None and table.game.scores[1] == score_before


def test_the_standing_of_a_game_not_over_has_no_reason(lex: Lexicon) -> None:
    # The terminal's "koniec": the scores as they stand, no end reason.
    table = a_game(lex)
    act(table, 0, MoveAction(best(table, lex)))
    end = table.ending()
    assert isinstance(end, Ended) and end.reason is None and end.scores == tuple(table.game.scores)


def test_a_hint_gives_the_best_moves_in_both_notations(lex: Lexicon) -> None:
    from plansza.services.play import hint

    table = a_game(lex)
    hints = hint(table, 0, 5)
    assert 0 < len(hints) <= 5 and table.game.history == []  # a hint is not a move
    assert [h.equity for h in hints] == sorted((h.equity for h in hints), reverse=True)
    for h in hints:
        if h.notation.startswith("-"):
            assert h.words in ("pauza", "wymiana " + h.notation[1:])
        else:
            assert h.words == h.notation


def test_the_score_sheet_has_a_line_a_turn(lex: Lexicon) -> None:
    from plansza.services.play import new_game, score_sheet

    table = a_game(lex)
    move = best(table, lex)
    act(table, 0, MoveAction(move))
    computer(table)
    (line,) = score_sheet(table.game)
    assert (line.turn, line.player, line.kind, line.move) == (1, "Ala", "play", move)
    assert line.score == line.total > 0 and line.exchanged == 0
    assert score_sheet(new_game(PFS, ["A", "B"], 1, lex, 0)) == []
