"""A Belgijka hall run live (``services.belgijka.Hall``): the move's clock on the
server's time, cards taken until the deadline and kept in the journal, checked at the
close; a restarted server finds the move as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from plansza.duplicate.storage import load
from plansza.errors import PlanszaError
from plansza.lexicon import Lexicon
from plansza.services.belgijka import Hall, HallError, player_code


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def hall(path: Path, lex: Lexicon, clock: Clock) -> Hall:
    return Hall(str(path), lex, secret="s", clock=clock)


@pytest.fixture
def opened(tmp_path: Path, lex: Lexicon) -> tuple[Hall, Clock, Path]:
    """Three players, game 1, move 1 drawn, its clock started."""
    clock = Clock()
    path = tmp_path / "b.json"
    h = hall(path, lex, clock)
    h.create("Mistrzostwa", seed="hall")
    for name in ("Anna", "Bartek", "Celina"):
        h.register(name)
    h.start_game()
    move = h.draw()
    assert move.candidates, "the seed gives a rack with a play"
    h.start_clock()
    return h, clock, path


def top_card(h: Hall) -> tuple[str, int]:
    def look(ch: object) -> tuple[str, int]:
        move = ch.game.open_move  # type: ignore[attr-defined]
        top = move.candidates[0]
        return str(top.play), top.score

    return h.read(look)


def test_cards_until_the_deadline_checked_at_the_close(
    opened: tuple[Hall, Clock, Path],
) -> None:
    h, clock, path = opened
    text, score = top_card(h)
    clock.now += 30
    h.send(1, text, score)  # right
    h.send(2, text, score + 3)  # II.9: a wrong score scores 0
    clock.now += 90  # exactly at the deadline: still in time
    h.send(2, text, score + 2)
    clock.now += 0.5
    with pytest.raises(HallError) as late:  # II.3, II.5: none after the time
        h.send(3, text, score)
    assert late.value.code == "late"
    move = h.close()
    assert move.closed
    ch = load(path)
    game = ch.games[0]
    awarded = {p: ch.awarded(p, game, game.moves[0]) for p in (1, 2, 3)}
    assert awarded[1].score == score and awarded[1].reason == "ok"
    assert awarded[2].score == 0 and awarded[2].reason == "wrong_score"
    assert awarded[3].reason == "no_card"
    card = game.moves[0].card_of(1)
    assert card is not None and card.by == "phone" and card.at.startswith("2027-01-15")
    assert not Path(str(path) + ".karty").exists()  # the journal's move is done


def test_the_close_waits_for_the_time_but_a_paper_card_does_not(
    opened: tuple[Hall, Clock, Path],
) -> None:
    h, clock, path = opened
    text, score = top_card(h)
    with pytest.raises(HallError) as running:
        h.close()
    assert running.value.code == "running"
    clock.now += 200
    h.send(3, text, score, by="sedzia")  # a paper card, typed after the time
    h.close()
    ch = load(path)
    game = ch.games[0]
    assert ch.awarded(3, game, game.moves[0]).score == score


def test_a_restarted_server_finds_the_clock_and_the_cards(
    opened: tuple[Hall, Clock, Path], lex: Lexicon
) -> None:
    h, clock, path = opened
    text, score = top_card(h)
    clock.now += 10
    h.send(1, text, score)
    again = hall(path, lex, clock)  # the process killed and started again
    assert again.timer is not None and again.timer.start == h.timer.start  # type: ignore[union-attr]
    assert again.sent_by(1) is not None
    clock.now += 200
    again.close()
    ch = load(path)
    assert ch.awarded(1, ch.games[0], ch.games[0].moves[0]).score == score


def test_phones_join_with_their_codes(opened: tuple[Hall, Clock, Path]) -> None:
    h, _clock, _path = opened
    codes = h.codes()
    assert [n for n, _name, _code in codes] == [1, 2, 3]
    assert h.player_of(player_code("s", 2).lower()) == 2
    with pytest.raises(HallError):
        h.player_of("AAAAAA")


def test_a_refused_step_leaves_the_file_and_the_memory_as_they_were(
    opened: tuple[Hall, Clock, Path],
) -> None:
    h, _clock, path = opened
    before = path.read_text(encoding="utf-8")
    with pytest.raises(HallError):
        h.start_clock()  # started already
    from plansza.errors import PlanszaError

    with pytest.raises(PlanszaError):
        h.start_game()  # game 1 is open
    assert path.read_text(encoding="utf-8") == before
    assert h.read(lambda ch: len(ch.games)) == 1  # type: ignore[union-attr]


def test_the_rack_typed_from_the_real_bag(tmp_path: Path, lex: Lexicon) -> None:
    # II.2: a rack without vowels is sent back (no move opens, the file keeps the
    # attempt); a good one opens the move; a tile the bag lacks is refused (I.5).
    clock = Clock()
    path = tmp_path / "t.json"
    h = hall(path, lex, clock)
    h.create("Worek", seed="typed")
    h.register("Anna")
    h.start_game()
    assert h.tiles_to_draw() == 7
    redraw = h.draw_typed("KRTZSWN")
    assert not redraw.stands and h.read(lambda ch: ch.game.open_move) is None  # type: ignore[union-attr]
    assert len(load(path).games[0].pending_draw) == 1
    assert h.tiles_to_draw() == 7
    with pytest.raises(PlanszaError):
        h.draw_typed("ŹŹŹŹŹŹŹ")  # one Ź in the bag
    stands = h.draw_typed("KOTAEŁS")
    assert stands.stands and stands.rack == "KOTAEŁS"
    move = h.read(lambda ch: ch.game.open_move)  # type: ignore[union-attr]
    assert move is not None and move.draw.redraws == 1
    h.start_clock()
    assert h.timer is not None
