"""``plansza play`` as a scripted session: the loop reads lines from a function and
writes to a Rich console, so whole games can be played without a terminal."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from rich.console import Console

from plansza.cli.common import EXIT_INTERRUPTED
from plansza.cli.i18n import use as set_language
from plansza.cli.play import Session, check_options, make_session
from plansza.engine import view_of
from plansza.engine.phony import phony_variants
from plansza.engine.static import StaticPlayer
from plansza.game import EndReason, Game, TurnKind
from plansza.gcg import read_gcg
from plansza.lexicon import Lexicon
from plansza.movegen import MoveGenerator
from plansza.replay import replay
from plansza.rules import Rules
from plansza.services.play import new_game

RULES = Rules.pfs()


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.default(progress=False)


class Script:
    """Lines fed to the session one by one; the end of the list is the end of input.

    ``tick`` seconds pass on the clock with every line read.
    """

    def __init__(self, lines: Iterable[str], tick: float = 1.0) -> None:
        self.lines = list(lines)
        self.read = 0
        self.time = 0.0
        self.tick = tick

    def now(self) -> float:
        return self.time

    def reader(self, out: Console) -> Callable[[str], str]:
        def read(prompt: str) -> str:
            out.print(prompt, end="")
            if self.read >= len(self.lines):
                raise EOFError
            line = self.lines[self.read]
            self.read += 1
            self.time += self.tick
            out.print(line)
            return line

        return read


def run(
    lines: Iterable[str],
    lex: Lexicon,
    tmp_path: Path,
    *,
    seed: int = 5,
    first: str = "me",
    level: str = "static",
    phony: float = 0.0,
    minutes: int | None = None,
    tick: float = 1.0,
) -> tuple[Session, str, int]:
    script = Script(lines, tick)
    options = check_options(level, "pfs", minutes, seed, "Ala", first, phony, 0.05)
    out = Console(file=io.StringIO(), width=120, color_system=None)
    session = make_session(
        options,
        lex,
        read_line=script.reader(out),
        out=out,
        now=script.now,
        save_path=tmp_path / "game.gcg",
    )
    code = session.run()
    text = out.file.getvalue()  # type: ignore[attr-defined]
    return session, text, code


def fresh(lex: Lexicon, seed: int = 5, first: int | None = 0) -> Game:
    """The game a session with this seed starts with (to know the person's rack)."""
    return new_game(RULES, ["Ala", "Komputer (static)"], seed, lex, first)


def best_play(game: Game, lex: Lexicon) -> str:
    gen = MoveGenerator(lex, RULES)
    gen.set_board(game.board)
    return str(gen.top(game.rack_string(game.to_move), 1)[0].play)


def check_saved(session: Session) -> None:
    """The saved GCG replays with the scores of the game (TR 1.3.1)."""
    assert session.saved is not None
    record = read_gcg(session.saved.read_text(encoding="utf-8"))
    assert record.errors == []
    rep = replay(record, RULES)
    assert rep.ok, [m for m in rep.moves if not m.matches]
    assert rep.scores == session.game.scores


# TR 5.1.1a: a person who only passes; the computer plays until it goes out (or the
# passes end the game, TR 5.1.1b); the score sheet, adjustments and result are shown.
def test_passing_until_the_end(lex: Lexicon, tmp_path: Path) -> None:
    session, text, code = run(["pauza"] * 120, lex, tmp_path)
    g = session.game
    assert code == 0 and g.result is not None
    assert g.result.reason in (EndReason.WENT_OUT, EndReason.SCORELESS)
    assert all(t.kind is TurnKind.PASS for t in g.history if t.player == 0)
    assert "Zapis partii" in text and "Wygrywa Komputer (static)" in text
    assert "Rozliczenie końcowe (TR 5.1)" in text
    assert "Partia zapisana" in text
    check_saved(session)


def test_an_illegal_move_keeps_the_turn(lex: Lexicon, tmp_path: Path) -> None:
    game = fresh(lex)
    good = best_play(game, lex)
    word = good.split()[1]
    rack = game.rack_string(0)
    missing = next(ch for ch in "ŹŻĆŃĘĄÓŚŁ" if ch not in rack)
    lines = [
        "Z9 KOT",  # not a coordinate
        "H8 K",  # one letter
        f"A1 {word}",  # TR 3.2: the first play must cover H8
        f"H8 {missing}{missing}",  # not on the rack
        "bzdura",
        good,
        "koniec",
        "t",
    ]
    session, text, code = run(lines, lex, tmp_path)
    assert "„Z9” nie jest współrzędną" in text
    assert "słowo ma co najmniej dwie litery" in text
    assert "pierwszy ruch musi przechodzić przez środkowe pole H8" in text
    assert f"brakuje {missing}{missing}" in text
    assert "nie rozumiem „bzdura”" in text
    assert "Traceback" not in text
    first = session.game.history[0]
    assert first.player == 0 and first.kind is TurnKind.PLAY and str(first.move) == good
    assert code == 0
    check_saved(session)


# TR 4.7.3, 4.8.3: the person challenges the computer's (valid) play: it stands and,
# under PFS, the unsuccessful challenge costs nothing.
def test_challenging_a_valid_computer_play(lex: Lexicon, tmp_path: Path) -> None:
    session, text, _ = run(["sprawdzam", "koniec", "t"], lex, tmp_path, first="computer")
    turn = session.game.history[0]
    assert turn.player == 1 and turn.kind is TurnKind.PLAY
    assert turn.challenge_valid is True and turn.challenged
    assert "Ruch poprawny" in text and "TR 4.8.3" in text
    assert session.game.scores[1] == turn.score and session.game.scores[0] == 0
    check_saved(session)


# TR 4.7, 3.2.3: a phony challenged off is a loss; the verdict does not say which
# word failed (TR 4.7.11).
def test_challenging_a_computer_phony(lex: Lexicon, tmp_path: Path) -> None:
    session, text, _ = run(["sprawdzam", "koniec", "t"], lex, tmp_path, first="computer", phony=1.0)
    turn = session.game.history[0]
    assert turn.player == 1 and turn.kind is TurnKind.LOSS
    assert session.game.scores == [0, 0]
    assert "Ruch niepoprawny" in text and "strata" in text
    assert "słowa spoza" not in text
    check_saved(session)


# TR 4.7.3: recording the score ends the right to challenge; typing one's own move in
# the window accepts the computer's play, then is the person's move.
def test_typing_a_move_in_the_window_accepts(lex: Lexicon, tmp_path: Path) -> None:
    session, _, _ = run(["pauza", "koniec", "t"], lex, tmp_path, first="computer")
    h = session.game.history
    assert [t.kind for t in h[:2]] == [TurnKind.PLAY, TurnKind.PASS]
    assert h[0].player == 1 and h[0].challenged == ()
    assert h[1].player == 0


def test_accepting_with_enter(lex: Lexicon, tmp_path: Path) -> None:
    session, text, _ = run(["", "koniec", "t"], lex, tmp_path, first="computer")
    assert session.game.history[0].kind is TurnKind.PLAY
    assert "Akceptujesz ruch" in text
    assert len(session.game.history) == 1


# TR 4.7: the computer challenges exactly the plays that form an invalid word.
def test_the_computer_challenges_an_invalid_play(lex: Lexicon, tmp_path: Path) -> None:
    game = fresh(lex)
    gen = MoveGenerator(lex, RULES)
    gen.set_board(game.board)
    view = view_of(game)
    phony = next(
        v
        for base in gen.top(view.rack, 10)
        for v in phony_variants(base.scored(), view.rack, view, lex)
    )
    session, text, _ = run([str(phony.play), "koniec", "t"], lex, tmp_path)
    turn = session.game.history[0]
    assert turn.player == 0 and turn.kind is TurnKind.LOSS
    assert "sprawdzam!" in text and "Ruch niepoprawny" in text
    check_saved(session)


def test_the_computer_accepts_a_valid_play(lex: Lexicon, tmp_path: Path) -> None:
    game = fresh(lex)
    good = best_play(game, lex)
    session, text, _ = run([good, "koniec", "t"], lex, tmp_path)
    turn = session.game.history[0]
    assert turn.kind is TurnKind.PLAY and turn.challenged == ()
    assert "akceptuje twój ruch" in text


def test_hint_shows_the_engine_best_moves(lex: Lexicon, tmp_path: Path) -> None:
    game = fresh(lex)
    best = StaticPlayer(lex, RULES).evaluate(view_of(game), 5)[0]
    session, text, _ = run(["podpowiedź", "koniec", "t"], lex, tmp_path)
    assert "Podpowiedź: najlepsze ruchy ze stojaka" in text
    assert str(best.move) in text
    assert session.game.history == []  # a hint is not a move


def test_commands_do_not_use_the_turn(lex: Lexicon, tmp_path: Path) -> None:
    lines = ["pomoc", "tablica", "wykreślanka", "zapis", "sprawdzam", "akceptuję", ""]
    session, text, _ = run([*lines, "koniec", "n", "koniec", "t"], lex, tmp_path)
    assert "Polecenia:" in text and "Wykreślanka (" in text
    assert "nie ma ruchu do sprawdzenia ani do zaakceptowania" in text
    assert session.game.history == []
    assert "Partia przerwana" in text
    assert session.saved is not None
    record = read_gcg(session.saved.read_text(encoding="utf-8"))
    assert "przerwana" in record.pragmas["description"]


def test_end_of_input_saves_and_exits_0(lex: Lexicon, tmp_path: Path) -> None:
    session, _, code = run([], lex, tmp_path, first="computer")
    assert code == 0 and session.saved is not None
    # The computer's play was not challenged before the input ended: it stands.
    assert session.game.history[0].kind is TurnKind.PLAY
    check_saved(session)


# TR 6.2.1-6.2.2: a move made after the flag fell is void; the person makes no more
# moves and the computer plays on alone; the person keeps the right to challenge
# (TR 6.2.3) and the game ends by TR 5.1.1a or the solo-end rule.
def test_flag_fall_void_move_and_the_computer_alone(lex: Lexicon, tmp_path: Path) -> None:
    game = fresh(lex)
    good = best_play(game, lex)
    session, text, code = run([good, *[""] * 200], lex, tmp_path, minutes=1, tick=61.0)
    g = session.game
    assert g.history[0].player == 0 and g.history[0].kind is TurnKind.TIMEOUT
    assert all(t.player == 1 for t in g.history[1:])
    assert g.board.tile_count() == 0 or str(g.history[1].move) != good
    assert "czas minął" in text and "TR 6.2.3" in text
    assert g.result is not None
    assert g.result.reason in (EndReason.WENT_OUT, EndReason.SOLO_END)
    assert code == 0
    check_saved(session)


# TR 6.2: each player's own time runs only on their turn; TR 4.6.2 (online): the time
# to decide on the opponent's play is the decider's.
def test_clocks_are_charged_to_the_mover(lex: Lexicon, tmp_path: Path) -> None:
    game = fresh(lex)
    good = best_play(game, lex)
    session, text, _ = run(["tablica", good, "koniec", "t"], lex, tmp_path, tick=10.0)
    clock = session.game.clock
    assert clock is not None
    # The person read two lines (20 s) before the move; the computer thinks in no time;
    # its play then waited for the person's decision two lines more (20 s).
    assert clock.remaining(0) == pytest.approx(15 * 60 - 40)
    assert clock.remaining(1) == pytest.approx(15 * 60)
    assert "14:40" in text or "14:50" in text


def test_sim_level_plays(lex: Lexicon, tmp_path: Path) -> None:
    session, _, code = run(["", "koniec", "t"], lex, tmp_path, first="computer", level="sim")
    assert code == 0 and session.game.history[0].kind is TurnKind.PLAY


def test_english(lex: Lexicon, tmp_path: Path) -> None:
    set_language("en")
    _, text, _ = run(["H8 K", "hint", "quit", "y"], lex, tmp_path)
    assert "a word has at least two letters" in text
    assert "Hint: the best moves" in text and "The game was stopped" in text
    assert "Twój" not in text


def test_draw_for_the_start_is_shown(lex: Lexicon, tmp_path: Path) -> None:
    # TR 2.1: with --first draw, tiles are drawn and the draw is shown.
    session, text, _ = run(["koniec", "t"], lex, tmp_path, first="draw", seed=8)
    assert session.game.start_draws
    assert "Losowanie o rozpoczęcie (TR 2.1)" in text
    assert f"Zaczyna {session.game.names[session.game.starting_player or 0]}" in text


def test_ctrl_c_keeps_the_game(lex: Lexicon, tmp_path: Path) -> None:
    # Ctrl-C used to lose the game record; now it ends the game like "koniec": the
    # computer's play nobody challenged stands (TR 4.7.3) and the game is saved.
    script = Script(["pauza"])
    options = check_options("static", "pfs", None, 5, "Ala", "me", 0.0, 0.05)
    out = Console(file=io.StringIO(), width=120, color_system=None)
    read = script.reader(out)

    def interrupted(prompt: str) -> str:
        if script.read >= len(script.lines):
            raise KeyboardInterrupt
        return read(prompt)

    session = make_session(
        options,
        lex,
        read_line=interrupted,
        out=out,
        now=script.now,
        save_path=tmp_path / "game.gcg",
    )
    assert session.run() == EXIT_INTERRUPTED  # as `plansza match` (issue 42), the game kept
    assert session.game.pending is None and not session.game.is_over
    check_saved(session)
    assert "partia przerwana" in (tmp_path / "game.gcg").read_text(encoding="utf-8")
