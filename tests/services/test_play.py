"""The play service without a terminal: options, unreadable moves, and a game's flow
as events (what the CLI and the web app show in their own words)."""

from __future__ import annotations

import pytest

from plansza.errors import IllegalActionError, InvalidMoveError
from plansza.lexicon import Lexicon
from plansza.movegen import MoveGenerator
from plansza.rules import Rules
from plansza.services.play import (
    Accepted,
    Challenged,
    ComputerGame,
    Ended,
    Judged,
    OptionError,
    Played,
    play_options,
    start_game,
    unreadable,
)
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


class FakeClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        self.t += 1.0
        return self.t


def a_game(lex: Lexicon, *, phony: float = 0.0, seed: int = 5) -> ComputerGame:
    options = play_options("static", PFS, seed=seed, name="Ala", first="me", phony=phony)
    service = start_game(options, lex, ("Ala", "Komputer"), now=FakeClock())
    service.start()
    return service


def best(service: ComputerGame, lex: Lexicon) -> str:
    gen = MoveGenerator(lex, PFS)
    gen.set_board(service.game.board)
    return str(gen.top(service.game.rack_string(service.human), 1)[0].play)


def test_a_valid_play_is_accepted_by_the_computer(lex: Lexicon) -> None:
    # TR 4.7: the computer challenges exactly the plays that form an invalid word.
    service = a_game(lex)
    events = service.play(best(service, lex))
    assert [type(e) for e in events] == [Played, Accepted]
    played, accepted = events
    assert isinstance(played, Played) and isinstance(accepted, Accepted)
    assert played.seat == 0 and accepted.by == 1 and accepted.total == played.score > 0
    assert service.events == events  # numbered by their place in the log


def test_moves_out_of_turn_are_refused(lex: Lexicon) -> None:
    service = a_game(lex)
    service.play(best(service, lex))
    with pytest.raises(IllegalActionError):
        service.play("-")  # the computer's turn now
    with pytest.raises(IllegalActionError):
        service.accept()  # nothing of the computer's to accept


def test_challenging_a_valid_play_gives_one_verdict(lex: Lexicon) -> None:
    # TR 4.7.11: one joint verdict; an unsuccessful challenge costs what the rules say.
    service = a_game(lex)
    service.play(best(service, lex))
    played = service.computer_turn()
    assert isinstance(played[0], Played) and played[0].seat == 1
    events = service.challenge()
    assert isinstance(events[0], Challenged) and events[0].challenger == 0
    verdict = events[1]
    assert isinstance(verdict, Judged) and verdict.valid
    assert verdict.penalty == (PFS.challenge_penalty or 0)


def test_a_phony_is_taken_back(lex: Lexicon) -> None:
    # A computer that always plays an invalid word: the challenge takes the tiles back.
    service = a_game(lex, phony=1.0)
    service.play(best(service, lex))
    service.computer_turn()
    assert service.game.pending is not None
    score_before = service.game.scores[1]
    verdict = service.challenge()[-1]
    assert isinstance(verdict, Judged) and not verdict.valid
    assert service.game.pending is None and service.game.scores[1] == score_before


def test_stopping_lets_the_computers_play_stand(lex: Lexicon) -> None:
    # TR 4.7.3: a play nobody challenged stands.
    service = a_game(lex)
    service.play(best(service, lex))
    service.computer_turn()
    events = service.stop()
    assert isinstance(events[0], Accepted) and events[0].by == 0
    end = events[-1]
    assert (
        isinstance(end, Ended) and end.reason is None and end.scores == tuple(service.game.scores)
    )
